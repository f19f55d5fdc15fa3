"""The robot: every seat bids what the system says its hand should bid.

For each seat in turn the robot looks at the auction so far from that seat's
side (who opened, the calls from the opening on), and takes the first
meaning of the system, in the system's own order (the first definition
stands; concrete rows before patterns), that continues the auction with a
legal call, suits the seat and vulnerability, and whose condition the hand
meets. A meaning without a condition is never chosen: the robot cannot tell
which hands it is for. No such meaning: the seat passes. Both sides bid by
the same system, so the opponents pass unless the system describes their
call (a defence to our opening, an overcall), and then our answers come from
the competitive tables.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..language.calls import PASS, Call, CallKind
from ..language.conditions import Hand
from ..language.model import Seat
from ..language.system import Meaning, System
from .boards import SEATS, Board

#: No real auction is longer; the robot stops there whatever the system says.
MAX_CALLS = 60

_SEAT_POSITIONS = {
    Seat.ANY: (1, 2, 3, 4),
    Seat.FIRST: (1,),
    Seat.SECOND: (2,),
    Seat.THIRD: (3,),
    Seat.FOURTH: (4,),
    Seat.FIRST_OR_SECOND: (1, 2),
    Seat.THIRD_OR_FOURTH: (3, 4),
}


@dataclass(frozen=True)
class Situation:
    """An auction as one seat sees it: whether its side opened, the calls from
    the opening on, and in which seat the opening came (or would come)."""

    we_open: bool
    calls: tuple[Call, ...]
    position: int


@dataclass(frozen=True)
class Choice:
    """A call, by which seat, and the meaning it came from (``None``: nothing fitted, a pass)."""

    seat: str
    call: Call
    meaning: Meaning | None
    #: the other meanings that fitted the hand too (their calls differ)
    also: tuple[Meaning, ...] = ()
    #: whether the system has rows with a condition that continue the auction here
    described: bool = False


@dataclass
class Auction:
    """The calls of a board from the dealer on, each with where it came from."""

    board: Board
    choices: list[Choice] = field(default_factory=list)

    @property
    def calls(self) -> list[Call]:
        return [choice.call for choice in self.choices]

    @property
    def finished(self) -> bool:
        calls = self.calls
        if len(calls) >= MAX_CALLS:
            return True
        if len(calls) >= 4 and all(call == PASS for call in calls):
            return True
        return len(calls) >= 4 and any(c.is_bid for c in calls) and all(c == PASS for c in calls[-3:])

    def next_seat(self) -> str:
        return SEATS[(SEATS.index(self.board.dealer) + len(self.choices)) % 4]

    def contract(self) -> Contract:
        return contract_of(self.calls, self.board.dealer)

    def notation(self) -> str:
        """The calls in BML notation: ``1C P 1H P 1N P P P``."""
        return " ".join(str(call) for call in self.calls)


@dataclass(frozen=True)
class Contract:
    """The final contract: ``None`` for a passed-out board."""

    call: Call | None
    doubled: int = 0
    declarer: str | None = None

    def __str__(self) -> str:
        if self.call is None or self.declarer is None:
            return "passed out"
        return f"{self.call}{'X' * self.doubled} by {self.declarer}"


def contract_of(calls: list[Call], dealer: str) -> Contract:
    """The last bid, its doubles, and the first of its side to name its strain."""
    start = SEATS.index(dealer)
    last = None
    for index in range(len(calls) - 1, -1, -1):
        if calls[index].is_bid:
            last = index
            break
    if last is None:
        return Contract(None)
    bid = calls[last]
    doubled = 0
    for call in calls[last + 1 :]:
        if call.kind is CallKind.DOUBLE:
            doubled = 1
        elif call.kind is CallKind.REDOUBLE:
            doubled = 2
    side = last % 2
    for index, call in enumerate(calls):
        if index % 2 == side and call.is_bid and call.strain == bid.strain:
            return Contract(bid, doubled, SEATS[(start + index) % 4])
    return Contract(bid, doubled, SEATS[(start + last) % 4])  # pragma: no cover - the last bid names it


def situation(calls: list[Call], turn: int) -> Situation:
    """The auction ``calls`` (from the dealer) as the seat ``turn`` calls after the dealer sees it."""
    for index, call in enumerate(calls):
        if call != PASS:
            ours = (turn - index) % 2 == 0
            return Situation(ours, tuple(calls[index:]), index + 1)
    return Situation(True, (), len(calls) + 1)


def legal(call: Call, calls: list[Call]) -> bool:
    """Whether ``call`` may follow ``calls``: a higher bid, a double of their bid, a redouble of their double."""
    if call.kind is CallKind.PASS:
        return True
    last_index = next((i for i in range(len(calls) - 1, -1, -1) if calls[i] != PASS), None)
    if call.is_bid:
        last_bid = next((c for c in reversed(calls) if c.is_bid), None)
        return last_bid is None or call > last_bid
    if last_index is None or (len(calls) - last_index) % 2 == 0:
        return False  # nothing to double, or partner's call
    last = calls[last_index]
    return last.is_bid if call.kind is CallKind.DOUBLE else last.kind is CallKind.DOUBLE


class Robot:
    """Bids boards through a :class:`System`."""

    def __init__(self, system: System) -> None:
        self.system = system
        self._next: dict[tuple[bool, tuple[Call, ...]], list[Meaning]] = defaultdict(list)
        for meaning in system:
            sequence = meaning.sequence
            self._next[(sequence.we_open, sequence.calls[:-1])].append(meaning)

    def meanings_after(self, where: Situation) -> list[Meaning]:
        """The system's meanings that continue this auction, in the system's order."""
        return self._next.get((where.we_open, where.calls), [])

    def choose(self, board: Board, calls: list[Call], hand: Hand | None = None) -> Choice:
        """What the next seat calls after ``calls``, with the meaning it comes from."""
        turn = len(calls)
        seat = SEATS[(SEATS.index(board.dealer) + turn) % 4]
        hand = hand if hand is not None else board.hands[seat]
        where = situation(calls, turn)
        candidates = self.meanings_after(where)
        fitting = [m for m in self._playable(candidates, where, board, seat, calls) if _fits(m, hand)]
        if not fitting:
            return Choice(seat, PASS, None, described=any(m.condition is not None for m in candidates))
        first = fitting[0]
        also = tuple(m for m in fitting[1:] if m.sequence.last != first.sequence.last)
        return Choice(seat, first.sequence.last, first, also, described=True)

    def _playable(
        self, candidates: Iterable[Meaning], where: Situation, board: Board, seat: str, calls: list[Call]
    ) -> Iterable[Meaning]:
        we = board.vulnerable(seat)
        they = board.vulnerable(SEATS[(SEATS.index(seat) + 1) % 4])
        for meaning in candidates:
            if where.position not in _SEAT_POSITIONS[meaning.seat]:
                continue
            vulnerability = meaning.vulnerability
            if vulnerability.we not in (None, we) or vulnerability.they not in (None, they):
                continue
            if legal(meaning.sequence.last, calls):
                yield meaning

    def bid(self, board: Board) -> Auction:
        """The whole auction of ``board``, every seat bidding by the system."""
        auction = Auction(board)
        hands = board.hands
        while not auction.finished:
            seat = auction.next_seat()
            auction.choices.append(self.choose(board, auction.calls, hands[seat]))
        return auction


def _fits(meaning: Meaning, hand: Hand) -> bool:
    return meaning.condition is not None and meaning.condition.holds(hand)
