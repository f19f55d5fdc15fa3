"""The robot: every seat bids what the system says its hand should bid.

For each seat in turn the robot looks at the auction so far from that seat's
side (who opened, the calls from the opening on), and takes the first
meaning of the system, in the system's own order (the first definition
stands; concrete rows before patterns), that continues the auction with a
legal call, suits the seat and vulnerability, and whose condition the hand
meets. A meaning without a condition is never chosen: the robot cannot tell
which hands it is for (when no meaning after the auction has one, the pass
is *for want of hand conditions*: :attr:`Choice.unconditioned` names them).
No such meaning: the seat passes, unless partner's
last call forces it to bid (the notes call it forcing, a relay, an ask, a
transfer, or game forcing while the side is below game) and the opponent
in between passed: then it bids the row whose condition the hand comes
nearest (:mod:`.shortfall`), or the first row the notes have there, or
the cheapest bid, and the choice is marked *off the notes*.

Both sides bid by the same system, so the opponents pass unless the system
describes their call (a defence to our opening, an overcall), and then our
answers come from the competitive tables. Given the opponents' own notes
(``opponents``), the other side bids by those instead: each seat asks the
notes of its side, which see the auction from that side (their calls
outside brackets, ours in them), and a call theirs do not describe is a
pass. Each choice says whose notes gave it (:attr:`Choice.notes`). Where our
notes name an opponents' call by its meaning (``1N-(2C{Landy})-X``), the
call is read by the explanation of the side that made it
(:mod:`.explained`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ..language.calls import PASS, Call, CallKind, Sequence, Strain
from ..language.conditions import Hand
from ..language.laws import Bidding
from ..language.model import Seat
from ..language.system import Meaning, System
from .boards import SEATS, Board, side_of
from .explained import named_calls, read_as
from .forcing import Force, force_of
from .shortfall import shortfall

K = TypeVar("K")
V = TypeVar("V")

#: No real auction is longer; the robot stops there whatever the system says.
MAX_CALLS = 60
#: the rows a pass for want of hand conditions names (the others are counted)
WANTING_SHOWN = 3
#: whose notes gave a call (:attr:`Choice.notes`): the notes practised, or the opponents' own
OURS = "ours"
THEIRS = "theirs"

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
    #: partner's call forced a bid and no row's condition fits the hand: the robot
    #: bid the nearest row (``meaning``), or with no row there the cheapest bid
    off_notes: bool = False
    #: the robot passed because the notes go on here with these rows and none of them
    #: has a hand condition: it cannot tell which hands bid them
    unconditioned: tuple[Meaning, ...] = ()
    #: whose notes gave the call: :data:`OURS`, or :data:`THEIRS` when the opponents bid by their own
    notes: str = OURS

    @property
    def wants_conditions(self) -> bool:
        """A pass for want of hand conditions: the notes have rows here, none with a condition."""
        return bool(self.unconditioned)

    @property
    def auction_wanting(self) -> str:
        """The auction after which the notes go on without a hand condition: ``1D``, ``1D-(P)``,
        ``(1N)`` (the seat's side's view, as a reference writes it)."""
        if not self.unconditioned:
            return ""
        sequence = self.unconditioned[0].sequence
        return Sequence(sequence.calls[:-1], sequence.we_open).notation()

    def wanting(self) -> str:
        """Why the robot passed for want of hand conditions, in a player's words (``""`` when it did not)."""
        if not self.unconditioned:
            return ""
        shown = ", ".join(str(row.location) for row in self.unconditioned[:WANTING_SHOWN])
        more = f" and {len(self.unconditioned) - WANTING_SHOWN} more" if len(self.unconditioned) > WANTING_SHOWN else ""
        after = f"after {self.auction_wanting}" if self.auction_wanting else "to open"
        return (
            f"no row {after} says which hands bid it ({shown}{more}): "
            "add a hand condition such as {{ 6+ hcp }} to each"
        )


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
        return len(calls) >= MAX_CALLS or Bidding.of(calls).end is not None

    @property
    def opener(self) -> str | None:
        """The seat that made the first call other than a pass (``None``: nobody yet)."""
        start = SEATS.index(self.board.dealer)
        return next((SEATS[(start + turn) % 4] for turn, call in enumerate(self.calls) if call != PASS), None)

    @property
    def wanting(self) -> Choice | None:
        """The first pass the opening side made for want of hand conditions (the notes go on there,
        but no row says which hands bid it): the auction stopped where the notes are silent."""
        opener = self.opener
        if opener is None:
            return None
        side = SEATS.index(opener) % 2
        return next((c for c in self.choices if c.wants_conditions and SEATS.index(c.seat) % 2 == side), None)

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


class Robot:
    """Bids boards through a :class:`System` (and the opponents' own, when given)."""

    def __init__(
        self, system: System, *, ambiguities: bool = False, opponents: System | None = None, seats: str = "NS"
    ) -> None:
        """``ambiguities``: also find the other rows that fit each hand (:attr:`Choice.also`), for the
        coverage report; without it the robot stops at the first row that fits, several times faster.
        ``opponents``: the notes the other side bids by (``None``: both sides bid by ``system``);
        ``seats``: the side that bids by ``system`` then, ``NS`` or ``EW`` (or a seat of it)."""
        self.system = system
        self.ambiguities = ambiguities
        self.seats = side_of(seats[:1] or "N")
        #: the robot of the opponents' own notes (``None``: they bid by ``system`` too)
        self.opponents = None if opponents is None else Robot(opponents, ambiguities=ambiguities)
        self._next: dict[tuple[bool, tuple[Call, ...]], list[Meaning]] = defaultdict(list)
        for meaning in system:
            sequence = meaning.sequence
            self._next[(sequence.we_open, sequence.calls[:-1])].append(meaning)
        self._named = named_calls(system)
        # the rows playable after an auction, by the calls and the vulnerability of both sides, and
        # whether the next seat is forced, by the calls, dealer and vulnerability: the same auctions
        # come back on board after board (kept to _REMEMBERED entries, memory stays flat)
        self._rows: dict[tuple[tuple[Call, ...], bool, bool], tuple[Meaning, ...]] = {}
        self._forced: dict[tuple[tuple[Call, ...], str, str], bool] = {}
        self._seen: dict[tuple[tuple[Call, ...], str, str], tuple[Call, ...]] = {}

    def bidder(self, seat: str) -> Robot:
        """The robot whose notes ``seat`` bids by: the opponents' for the other side, when they have their own."""
        if self.opponents is None or seat in self.seats:
            return self
        return self.opponents

    def notes_of(self, seat: str) -> str:
        """Whose notes ``seat`` bids by: :data:`OURS`, or :data:`THEIRS`."""
        return OURS if self.bidder(seat) is self else THEIRS

    def meanings_after(self, where: Situation) -> list[Meaning]:
        """The system's meanings that continue this auction, in the system's order."""
        return self._next.get((where.we_open, where.calls), [])

    def meanings_at(self, board: Board, calls: list[Call]) -> list[Meaning]:
        """The rows of the next seat's notes that continue ``calls``, as its side reads them."""
        seen = self.seen(board, calls)
        return self.bidder(_seat_at(board, len(calls))).meanings_after(situation(seen, len(seen)))

    def choose(self, board: Board, calls: list[Call], hand: Hand | None = None) -> Choice:
        """What the next seat calls after ``calls``, with the meaning it comes from."""
        seat = _seat_at(board, len(calls))
        bidder = self.bidder(seat)
        hand = hand if hand is not None else board.hands[seat]
        choice = bidder._choose(board, seat, self.seen(board, calls), hand)
        return choice if bidder is self else replace(choice, notes=THEIRS)

    def _choose(self, board: Board, seat: str, calls: list[Call], hand: Hand) -> Choice:
        """What ``seat`` calls by these notes after ``calls`` (as its side reads them)."""
        turn = len(calls)
        playable = self._rows_for(board, seat, calls)
        forced = self._forced_after(board, calls)
        if forced:
            playable = tuple(m for m in playable if m.sequence.last != PASS)
        first = next((m for m in playable if _fits(m, hand)), None)
        if first is None:
            after = self.meanings_after(situation(calls, turn))
            described = any(m.condition is not None for m in after)
            if not forced:
                unconditioned = () if described else tuple(m for m in after if m.sequence.last != PASS)
                return Choice(seat, PASS, None, described=described, unconditioned=unconditioned)
            game = not playable and self.game_forced(board, calls)
            return _nearest(seat, hand, list(playable), calls, described, game)
        also: tuple[Meaning, ...] = ()
        if self.ambiguities:
            later = playable[playable.index(first) + 1 :]
            also = tuple(m for m in later if m.sequence.last != first.sequence.last and _fits(m, hand))
        return Choice(seat, first.sequence.last, first, also, described=True)

    def seen(self, board: Board, calls: list[Call]) -> list[Call]:
        """``calls`` as the side to call next reads them: an opponents' call its notes name by what
        it means (``(2C{Landy})``) is that call when the explanation of the side that made it bears
        the name (:mod:`.explained`); every other call as it was made."""
        turn = len(calls)
        bidder = self.bidder(_seat_at(board, turn))
        if not bidder._named:
            return calls
        key = (tuple(calls), board.dealer, board.vulnerability)
        known = bidder._seen.get(key)
        if known is not None:
            return list(known)
        opening = next((index for index, call in enumerate(calls) if call != PASS), turn)
        we_open = (turn - opening) % 2 == 0
        shown = list(calls)
        for index in range(opening, turn):
            if (turn - index) % 2 == 0 or calls[index] == PASS:
                continue  # a call of the side to call, or a pass
            named = bidder._named.get((we_open, tuple(shown[opening:index])))
            if named:
                row = self.row_at(board, calls, index)
                shown[index] = read_as(calls[index], named, row.plain_text if row is not None else "")
        _remember(bidder._seen, key, tuple(shown))
        return shown

    def row_at(self, board: Board, calls: list[Call], index: int) -> Meaning | None:
        """The row the notes of the seat that made the call at ``index`` have for it there."""
        seat = _seat_at(board, index)
        call = calls[index]
        rows = self.bidder(seat)._rows_for(board, seat, self.seen(board, calls[:index]))
        return next((meaning for meaning in rows if meaning.sequence.last == call), None)

    def rows_for(self, board: Board, seat: str, calls: list[Call]) -> tuple[Meaning, ...]:
        """The rows ``seat`` may bid after ``calls``: in its seat and vulnerability, with a legal call."""
        return self.bidder(seat)._rows_for(board, seat, self.seen(board, calls))

    def _rows_for(self, board: Board, seat: str, calls: list[Call]) -> tuple[Meaning, ...]:
        we = board.vulnerable(seat)
        they = board.vulnerable(SEATS[(SEATS.index(seat) + 1) % 4])
        key = (tuple(calls), we, they)
        rows = self._rows.get(key)
        if rows is None:
            where = situation(calls, len(calls))
            rows = tuple(self._playable(self.meanings_after(where), where, board, seat, calls))
            _remember(self._rows, key, rows)
        return rows

    def forced(self, board: Board, calls: list[Call]) -> bool:
        """Whether the next seat may not pass: partner's last call forces (the opponent
        in between passed), or the side is in a game force and holds the contract below game."""
        return self.bidder(_seat_at(board, len(calls)))._forced_after(board, self.seen(board, calls))

    def _forced_after(self, board: Board, calls: list[Call]) -> bool:
        turn = len(calls)
        if turn < 2 or calls[turn - 1] != PASS:
            return False
        key = (tuple(calls), board.dealer, board.vulnerability)
        known = self._forced.get(key)
        if known is None:
            known = self._forces(board, calls)
            _remember(self._forced, key, known)
        return known

    def _forces(self, board: Board, calls: list[Call]) -> bool:
        turn = len(calls)
        last_bid = next((i for i in range(turn - 1, -1, -1) if calls[i].is_bid), None)
        if last_bid is None:
            return False
        force = self.force_at(board, calls, turn - 2)
        if force is not Force.NONE and calls[turn - 2] != PASS:
            return True
        return self.game_forced(board, calls)

    def game_forced(self, board: Board, calls: list[Call]) -> bool:
        """Whether the next seat's side made a game-forcing call and holds the contract below game
        (``calls`` as that side reads them)."""
        turn = len(calls)
        last_bid = next((i for i in range(turn - 1, -1, -1) if calls[i].is_bid), None)
        if last_bid is None or (turn - last_bid) % 2 != 0 or _is_game(calls[last_bid]):
            return False  # no bid, the opponents hold the contract, or ours is a game
        return any(self.force_at(board, calls, index) is Force.GAME for index in range(turn - 2, -1, -2))

    def force_at(self, board: Board, calls: list[Call], index: int) -> Force:
        """What the call at ``index`` asks of partner, by the row these notes have for it there
        (``calls`` as the side that made it reads them)."""
        call = calls[index]
        if call == PASS:
            return Force.NONE
        seat = _seat_at(board, index)
        for meaning in self._rows_for(board, seat, calls[:index]):
            if meaning.sequence.last == call:
                return force_of(meaning)
        return Force.NONE

    def _playable(
        self, candidates: Iterable[Meaning], where: Situation, board: Board, seat: str, calls: list[Call]
    ) -> Iterable[Meaning]:
        we = board.vulnerable(seat)
        they = board.vulnerable(SEATS[(SEATS.index(seat) + 1) % 4])
        bidding = Bidding.of(calls)
        for meaning in candidates:
            if where.position not in _SEAT_POSITIONS[meaning.seat]:
                continue
            vulnerability = meaning.vulnerability
            if vulnerability.we not in (None, we) or vulnerability.they not in (None, they):
                continue
            if bidding.allows(meaning.sequence.last):
                yield meaning

    def bid(self, board: Board) -> Auction:
        """The whole auction of ``board``, every seat bidding by the notes of its side."""
        auction = Auction(board)
        hands = board.hands
        while not auction.finished:
            seat = auction.next_seat()
            auction.choices.append(self.choose(board, auction.calls, hands[seat]))
        return auction


def _seat_at(board: Board, turn: int) -> str:
    """The seat that makes the call at ``turn`` (0: the dealer)."""
    return SEATS[(SEATS.index(board.dealer) + turn) % 4]


#: entries each of the robot's memories keeps before it starts again
_REMEMBERED = 100_000


def _remember(memory: dict[K, V], key: K, value: V) -> None:
    if len(memory) >= _REMEMBERED:
        memory.clear()
    memory[key] = value


def _nearest(
    seat: str, hand: Hand, rows: list[Meaning], calls: list[Call], described: bool, game: bool = False
) -> Choice:
    """The row whose condition ``hand`` comes nearest (the first one of the notes on a tie), else the
    first row with a meaning, else the cheapest bid (the cheapest game when ``game``: the side is in
    a game force, and bidding up the line would only delay it): all off the notes."""
    with_condition = [m for m in rows if m.condition is not None]
    if with_condition:
        nearest = min(with_condition, key=lambda m: shortfall(m.condition, hand) if m.condition else 0.0)
        return Choice(seat, nearest.sequence.last, nearest, described=described, off_notes=True)
    described_rows = [m for m in rows if m.description]
    if described_rows:
        return Choice(seat, described_rows[0].sequence.last, described_rows[0], described=described, off_notes=True)
    bids = (Call.from_index(index) for index in range(35))
    bidding = Bidding.of(calls)
    cheapest = next((bid for bid in bids if bidding.allows(bid) and (not game or _is_game(bid))), PASS)
    return Choice(seat, cheapest, None, described=described, off_notes=True)


def _is_game(call: Call) -> bool:
    strain = call.strain
    if strain is None:
        return False
    return call.level >= (3 if strain is Strain.NOTRUMP else 4 if strain in (Strain.HEARTS, Strain.SPADES) else 5)


def _fits(meaning: Meaning, hand: Hand) -> bool:
    return meaning.condition is not None and meaning.condition.holds(hand)
