"""Practising at the table: the calls a player types, the verdict on each, and the score at the end.

Pure Python: the terminal of ``bml-practice`` reads and prints, this module
decides. A call may be typed as players write it (``1C``, ``1♣``, ``1nt``,
``p``, ``pass``, ``x``, ``dbl``, ``xx``); anything else is refused with the
spellings accepted, never taken for a pass, and a call the laws of the
auction forbid there (an insufficient bid, a double of partner's bid) is
refused with the reason. Hands are shown with suit symbols, a void as a dash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..language.calls import CALL_WORDS, PASS, Call
from ..language.conditions import Hand
from ..language.diagrams import direction_name, holding_text
from ..language.errors import one_line
from ..language.laws import Bidding
from ..language.suits import SUIT_ORDER, spell_suits
from ..language.system import Meaning
from .boards import partner_of
from .robot import THEIRS, Choice

#: what the player may type, in words
ACCEPTED = (
    "a bid such as 1C, 1♣, 2nt or 3NT; P or pass; X, D or dbl for a double; XX, R or rdbl for a redouble; q to stop"
)
STOP = ("q", "quit", "stop")
_BID = re.compile(r"[1-7](?:nt|[cdhsn])", re.IGNORECASE)


def read_call(typed: str) -> Call | None:
    """The call ``typed`` spells, or ``None`` when it spells none."""
    text = spell_suits(typed.strip())
    if (word := CALL_WORDS.get(text.upper())) is not None:
        return word
    return Call.parse(text) if _BID.fullmatch(text) else None


def refusal(call: Call, calls: list[Call]) -> str | None:
    """Why ``call`` may not follow the auction ``calls`` at the table, for the player to call
    again (``None``: it may); the laws of the auction, as the diagrams check them."""
    reason = Bidding.of(calls).refusal(call)
    return None if reason is None else one_line(f"{call} is not a legal call here: {reason}. Call again.")


def robot_pass(choice: Choice, seat: str) -> str | None:
    """What the player at ``seat`` is told when partner passes for want of hand conditions
    (``None`` for any other call)."""
    if not choice.wants_conditions or choice.seat != partner_of(seat):
        return None
    return one_line(f"Partner ({choice.seat}) passes: {choice.wanting()}.")


def their_call(choice: Choice) -> str | None:
    """An opponents' call from their own notes, explained as they would alert it at the table:
    ``East bids 1N, from their notes: 15-17 balanced (theirs.bml:3).`` (``None`` for a call of
    ours, a pass, or a call their notes do not describe)."""
    meaning = choice.meaning
    if choice.notes != THEIRS or meaning is None or choice.call == PASS:
        return None
    verb = "bids" if choice.call.is_bid else "calls"
    explained = f": {meaning.plain_text}" if meaning.plain_text else " (no meaning written)"
    return one_line(
        f"{direction_name(choice.seat)} {verb} {choice.call}, from their notes{explained} ({meaning.location})."
    )


def hand_text(hand: Hand) -> str:
    """``♠ AKJ5  ♥ K65  ♦ Q43  ♣ —``: suit symbols, a void as a dash."""
    return "  ".join(holding_text(suit, holding) for suit, holding in zip(SUIT_ORDER, hand.holdings, strict=True))


@dataclass
class Disagreement:
    board: int
    auction: str
    yours: Call
    system: Call
    row: Meaning | None


@dataclass
class Score:
    """The calls the player made, those the notes agree with, and where they did not."""

    calls: int = 0
    agreed: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)

    def verdict(self, board: int, auction: str, yours: Call, choice: Choice, rows_here: list[Meaning]) -> str:
        """Count ``yours`` against the robot's ``choice`` and say what the notes say.
        ``rows_here``: the rows that continue the auction (for a call the notes have without a condition)."""
        self.calls += 1
        if yours == choice.call:
            self.agreed += 1
            said = "Right"
        else:
            written = next((m for m in rows_here if m.sequence.last == yours), None)
            if choice.meaning is None and written is not None and written.condition is None:
                self.agreed += 1
                return one_line(
                    f"Off the notes: they have {yours} here ({written.plain_text}, {written.location}) "
                    f"but no hand condition says which hands bid it, so the robot calls {choice.call}."
                )
            self.disagreements.append(Disagreement(board, auction, yours, choice.call, choice.meaning))
            said = "The system says otherwise"
        if choice.meaning is None:
            return one_line(f"{said}: the system bids {choice.call} (no row fits this hand).")
        where = choice.meaning.location
        off = " Off the notes: no row fits this hand, this is the nearest." if choice.off_notes else ""
        return one_line(f"{said}: the system bids {choice.call}: {choice.meaning.plain_text} ({where}).{off}")

    def report(self) -> str:
        """The score at the end: agreed calls, and each disagreement with the row that decides it."""
        if not self.calls:
            return "No calls made."
        calls = "1 call" if self.calls == 1 else f"{self.calls} calls"
        lines = [f"You agreed with the notes on {self.agreed} of {calls}."]
        if self.disagreements:
            lines.append("Where you and the notes differ:")
            for miss in self.disagreements:
                row = f"row at {miss.row.location}" if miss.row is not None else "no row fits"
                auction = miss.auction or "(opening)"
                lines.append(
                    f"  board {miss.board}, after {auction}: you {miss.yours}, the notes {miss.system} ({row})"
                )
        return "\n".join(lines)
