"""The notes to practise: the system of one ``.bml`` file, and whether the opponents' notes can bid.

The file is read as the build reads a ``.bml`` page (its ``#INCLUDE`` files
in, as long as they are inside the file's folder, which stands for the
project; the first definition of a sequence standing). A whole Sphinx project is
not read here: the commands ask the build's own reading for it
(:mod:`sphinx_bml.sphinx.project`), so that practice sees the very system
the site publishes.

The opponents' own notes (``bml-practice --opponents``, a practice page's
``:opponents:``) are read as any notes are; :func:`opponents_problem` says
when they cannot be the other side's: they are ours, or open nothing the
robot can bid.
"""

from __future__ import annotations

from pathlib import Path

from ..language.errors import Problems
from ..language.system import Meaning, System
from ..versions.reading import read_bml

#: an opening the opponents' notes could have, as the message suggests it
OPENING_EXAMPLE = "1N = 15-17 {{ 15-17 hcp, balanced }}"


def load_system(path: Path) -> tuple[System, Problems]:
    """The system of the ``.bml`` file at ``path`` (with its ``#+TITLE``: ``--compare`` says when two
    versions are two systems), and the problems met reading it."""
    return read_bml(path, root=path.parent)


def opponents_problem(theirs: System, ours: System, name: str, *, conditions: bool = True) -> str | None:
    """Why the notes ``theirs`` (written ``name``) cannot be the opponents' against ``ours``, in a
    player's words (``None``: they can): they say what ours say, so both sides would bid the same
    notes; or no opening of theirs has a hand condition (``conditions``: whether their file can hold
    one at all; a ``.bss`` or BBOalert file cannot), so the opponents would never open."""
    if same_notes(theirs, ours):
        return f"both sides would bid the same notes: {name} says what ours say; give the opponents' own notes"
    if not any(_opening(meaning) for meaning in theirs):
        why = "keeps no hand conditions" if not conditions else "has no opening bid with a hand condition"
        return (
            f"{name} {why}, so the opponents would never open; give their notes as a .bml file "
            f"with hand conditions, such as {OPENING_EXAMPLE}"
        )
    return None


def same_notes(one: System, other: System) -> bool:
    """Whether two systems say the same: the same rows, meanings and hand conditions, in the same order."""
    if len(one) != len(other):
        return False
    return all(
        (a.key, a.description.text, a.condition) == (b.key, b.description.text, b.condition)
        for a, b in zip(one, other, strict=True)
    )


def _opening(meaning: Meaning) -> bool:
    """Whether ``meaning`` is an opening bid the robot can make (it has a hand condition)."""
    sequence = meaning.sequence
    return len(sequence.calls) == 1 and sequence.we_open and sequence.last.is_bid and meaning.condition is not None
