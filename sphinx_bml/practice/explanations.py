"""What each call of a board means, as the notes explain it: for the files of boards (LIN, PBN).

Every call of an auction keeps the row of the notes that gave it
(:attr:`~.robot.Choice.meaning`), whichever side's notes those are, so the
explanation comes from the board itself, not from looking the auction up
again. It is the row's meaning on one line as BBO shows explanations
(:func:`~sphinx_bml.formats.bboalert.explanation_line`: suits as ``!S``,
bids as ``2!H``, the lines joined by ``;``), with the control characters a
file should not hold (an escape, a form feed) shown as ``\\u001b``, as the
terminal shows them (:func:`~sphinx_bml.language.errors.one_line`). A call
that no row gave (a pass when nothing fits) and a row without a meaning
have none. Each file then writes the text its own way (:mod:`.lin`, :mod:`.pbn`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..formats.bboalert import explanation_line
from ..language.calls import Call
from ..language.errors import one_line
from .robot import Auction, Choice


@dataclass(frozen=True)
class Explained:
    """A call of the auction, its explanation (``""``: none) and whether the notes mark it alertable."""

    call: Call
    explanation: str = ""
    alert: bool = False


def explanation(choice: Choice) -> str:
    """The explanation of the call ``choice`` made: its row's meaning, ``""`` when no row gave it."""
    meaning = choice.meaning
    if meaning is None:
        return ""
    return one_line(explanation_line(meaning.description))


def explained(auction: Auction) -> list[Explained]:
    """The calls of ``auction`` from the dealer on, each with its explanation."""
    return [
        Explained(choice.call, explanation(choice), choice.meaning is not None and choice.meaning.alert)
        for choice in auction.choices
    ]
