"""A small strong-club system shaped like players' notes, with a condition on every row.

Written in BML 1 indented by 4 spaces, special cases before the general
rows; the responses leave gaps on purpose (an 8+ hand without a five-card
major that is not balanced), the places where the robot must still answer
a forcing 1♣. Tests load it with :func:`club_system` or write it as a file.
"""

from __future__ import annotations

from pathlib import Path

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call, Sequence
from sphinx_bml.language.errors import Location
from sphinx_bml.language.model import Description
from sphinx_bml.language.system import Meaning, System
from sphinx_bml.practice.boards import Board
from sphinx_bml.practice.robot import Auction, Choice

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


#: Meanings as players write them, and worse: each description (its lines) with the explanation a
#: file of boards carries for it (suits as BBO writes them, one line, control characters as escapes).
HOSTILE_MEANINGS: tuple[tuple[tuple[str, ...], str], ...] = (
    (('Stayman | an|Ask| pn|x|, "quoted", back\\slash',), 'Stayman | an|Ask| pn|x|, "quoted", back\\slash'),
    (("first line,", "second line"), "first line, second line"),
    (("ends with a backslash \\",), "ends with a backslash \\"),
    (("esc \x1b[2J, nul \x00, del \x7f",), "esc \\u001b[2J, nul \\u0000, del \\u007f"),
    (("tab\there, separators\u2028and\x85next\x1cfile",), "tab here, separators and next file"),
    (('[Note "9:x"] "] ; {brace} % 100% 2:x',), '[Note "9:x"] "] ; {brace} % 100% 2:x'),
    (("5+ !s, 4 ♥",), "5+ !S, 4 ♥"),
    (("Weak", "Two"), "Weak; Two"),
)


def explained_auction(board: Board, calls: str, explanations: dict[int, tuple[str, ...]]) -> Auction:
    """The auction ``calls`` (``1C P 1D``) of ``board``, the call at each index of ``explanations``
    made by a row whose description has those lines (alertable when it starts with ``!``)."""
    auction = Auction(board)
    made = [Call.parse(call) for call in calls.split()]
    for index, call in enumerate(made):
        meaning = None
        if index in explanations:
            lines = explanations[index]
            alert = lines[0].startswith("!")
            sequence = Sequence(tuple(made[: index + 1]))
            meaning = Meaning(
                sequence, Description((lines[0].removeprefix("!"), *lines[1:])), Location("n.bml", index), alert=alert
            )
        auction.choices.append(Choice(auction.next_seat(), call, meaning))
    return auction
