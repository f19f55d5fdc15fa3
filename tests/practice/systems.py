"""A small strong-club system shaped like players' notes, with a condition on every row.

Written in BML 1 indented by 4 spaces, special cases before the general
rows; the responses leave gaps on purpose (an 8+ hand without a five-card
major that is not balanced), the places where the robot must still answer
a forcing 1♣. Tests load it with :func:`club_system` or write it as a file.
"""

from __future__ import annotations

from pathlib import Path

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.system import System
from sphinx_bml.practice.boards import Board

CLUB = """\
#+TITLE: Our strong club

1C = 16+ hcp, artificial and forcing {{ 16+ hcp }}
    1D = ! negative, 0--7 hcp; the only weak answer {{ 0-7 hcp }}
        1N = 17--19 balanced {{ 17-19 hcp, balanced }}
        1M = 5+ cards in M; F {{ 16+ hcp, 5+ M }}
    1H = 8+ hcp, 5+ hearts; GF {{ 8+ hcp, 5+ hearts }}
    1S = 8+ hcp, 5+ spades; GF {{ 8+ hcp, 5+ spades, 4- hearts }}
    1N = 8--13 hcp, balanced; GF {{ 8-13 hcp, balanced, 4- hearts, 4- spades }}
1D = 11--15 hcp, 11--13 balanced or 4+ diamonds, not forcing
     {{ 11-15 hcp, 4- hearts, 4- spades, 11-13 hcp and balanced or 4+ diamonds and unbalanced }}
    1M = 4+ cards in M, forcing {{ 6+ hcp, 4+ M }}
        1N = balanced minimum {{ 11-13 hcp, balanced }}
        2M = four-card support {{ 4+ M }}
1M = 11--15 hcp, 5+ cards in M {{ 11-15 hcp, 5+ M, M >= oM }}
    2M = simple raise {{ 6-9 hcp, 3+ M }}
1N = 14--16 balanced {{ 14-16 hcp, balanced }}
    2C = Stayman {{ 8+ hcp, 4 hearts or 4 spades }}
        2D = no four-card major {{ 3- hearts, 3- spades }}
        2H = four hearts {{ 4+ hearts }}
        2S = four spades, not four hearts {{ 4+ spades, 3- hearts }}
    3N = to play {{ 10-15 hcp, 3- hearts, 3- spades }}
P = no opening {{ 10- hcp }}
"""


#: the first version of the 1D opening: it takes every balanced 14-15 without a five-card major,
#: so the 1N opening written after it is never bid
OLD_ONE_DIAMOND = "1D = 11--15 hcp, 2+ diamonds, not forcing {{ 11-15 hcp, 2+ diamonds, 4- hearts, 4- spades }}"

#: the strong club with one row changed: 3N over 1N from 8 HCP instead of 10
NEW_CLUB = CLUB.replace("{{ 10-15 hcp, 3- hearts, 3- spades }}", "{{ 8-15 hcp, 3- hearts, 3- spades }}")


#: the answers to 1D have no hand condition: the robot cannot bid them
UNCONDITIONED = """\
1D = 11--15 {{ 11-15 hcp }}
  1H = four hearts
  1S = four spades
P = {{ 10- hcp }}
"""
#: South opens 1D; North's 12 HCP and seven spades pass it for want of hand conditions
SEVEN_SPADES = Board("N:AKQT765.K2.43.32 J98.QJT9.T98.T98 432.A3.AKQ5.J654 -.87654.J762.AKQ7", "S", "None", 1)


def club_system(notes: str = CLUB) -> System:
    """The system of ``notes`` (the strong club above by default)."""
    return expand(parse_text(notes, "club.bml", indentation=4))


def write_club(folder: Path, notes: str = CLUB, name: str = "club.bml") -> Path:
    """``notes`` as a ``.bml`` file (read with 2 spaces a level, as ``bml-practice`` reads a file)."""
    path = folder / name
    lines = []
    moved = 0  # how far the last row moved left: its description's next lines move as far
    for line in notes.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if not line.lstrip().startswith("{{"):
            moved = indent - indent // 4 * 2
        lines.append(line[moved:])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
