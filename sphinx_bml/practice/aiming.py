"""Boards aimed at one sequence: every auction, bid through the notes, starts with it.

The calls of the sequence are fixed, so what each seat must hold depends on
its own hand only: the robot, given the calls before its turn, must make the
sequence's call at each of its turns (a pass where the sequence has the
opponents silent, a pass before the opening). Each hand is therefore dealt
on its own from the cards the others left, drawing 13 and trying again until
the robot bids it as the sequence says, the most demanding seats first (the
last seat takes the 13 cards left, and the whole board is dealt again when
they do not fit). A sequence that random deals reach once in 200 boards
costs a few dozen draws per hand instead of 200 whole boards.

Hands are drawn from what the hands dealt before them left, so a board is
not quite a random board among those that start with the sequence (a hand
that leaves few cards for the next condition is as likely as any other); for
practice and for comparing versions of the notes the difference does not
matter, and a seed deals the same boards again.

The effort is bounded: a row the notes lack, or one without a condition,
is said before dealing; a row no hand meets in :data:`DRAWS` draws is said
with its place, and nothing hangs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from ..language.calls import PASS, Call, Sequence
from ..language.conditions import Condition, Hand
from ..language.errors import BMLError
from ..language.laws import first_refusal
from ..language.system import Meaning
from .boards import SEATS, Board, numbers, rotation
from .robot import OURS, Choice, Robot

#: hands drawn for one seat of one board before the board is dealt again
DRAWS_PER_HAND = 2000
#: hands drawn for one board before the sequence is given up as out of reach
DRAWS = 20_000
_RANKS = "AKQJT98765432"
_DECK = tuple((suit, rank) for suit in range(4) for rank in _RANKS)


class OutOfReach(BMLError):
    """The notes never bid the sequence: a row is missing, has no condition, or no hand meets it."""


class NotAnAuction(BMLError):
    """The sequence could not happen at a table: an insufficient bid, a double of partner's bid..."""


def legal_sequence(sequence: Sequence) -> None:
    """Raise :class:`NotAnAuction` when ``sequence`` breaks the laws of the auction, with the call
    and the reason (``1N-1C``: 1C is lower than 1N)."""
    refused = first_refusal(sequence.calls)
    if refused is not None:
        raise NotAnAuction(f"{sequence.notation()} is not a legal auction: {refused}")


@dataclass(frozen=True)
class Step:
    """A call of the sequence: at which turn from the opening, and the row the notes have for it."""

    turn: int
    call: Call
    row: Meaning | None


def steps(robot: Robot, sequence: Sequence) -> list[Step]:
    """The calls of ``sequence`` with their rows (each from the notes of the side that makes it);
    :class:`NotAnAuction` when it could not happen at a table, :class:`OutOfReach` when a call
    that is not a pass has no row the robot could bid (none in the notes there, or none with a
    condition)."""
    legal_sequence(sequence)
    found: list[Step] = []
    calls = [call.plain for call in sequence.calls]
    table = _table(robot, sequence)
    for turn, call in enumerate(calls):
        rows = [m for m in robot.meanings_at(table, calls[:turn]) if m.sequence.last == call]
        row = next((m for m in rows if m.condition is not None), rows[0] if rows else None)
        written = Sequence(sequence.calls[: turn + 1], sequence.we_open).notation()
        whose = _whose(robot, table, turn)
        if call != PASS and row is None and not robot.forced(table, calls[:turn]):
            raise OutOfReach(f"{whose} have no row for {written}, so no auction reaches {sequence.notation()}")
        if call != PASS and row is not None and row.condition is None and not robot.forced(table, calls[:turn]):
            raise OutOfReach(
                f"the row for {written} ({row.location}) has no hand condition, so the robot never bids it; "
                "add one such as {{ 8+ hcp }} under its meaning"
            )
        found.append(Step(turn, call, row))
    return found


def _table(robot: Robot, sequence: Sequence) -> Board:
    """A board on which ``sequence`` is bid from the first call by the sides it names: our side
    (``robot.seats``) makes its calls outside brackets."""
    ours = robot.seats[0]
    opener = ours if sequence.we_open else SEATS[(SEATS.index(ours) + 1) % 4]
    return Board("", opener, "None", 1)


def _whose(robot: Robot, board: Board, turn: int) -> str:
    """Whose notes make the call at ``turn``, in words: ``the notes``, or ``the opponents' notes``."""
    seat = SEATS[(SEATS.index(board.dealer) + turn) % 4]
    return "the notes" if robot.notes_of(seat) == OURS else "the opponents' notes"


def aimed(
    robot: Robot,
    sequence: Sequence,
    count: int,
    seed: int | None = None,
    dealer: str | None = None,
    vulnerability: str | None = None,
    seat: str | None = None,
) -> Iterator[Board]:
    """``count`` boards (numbered so that the dealer and vulnerability, as at the club or as
    given, match the number: :func:`~.boards.numbers`) whose auction, bid by ``robot``, starts with ``sequence``
    (after zero to three passes). ``seat``: a seat of the side that bids the sequence (its calls
    outside brackets), as the player's seat at the table: the passes before the opening are
    those that put that side's opener (or the opponents' opener, for ``(1S)-X``) on the right
    seat, the player opener on one board and responder on another; with the opponents' own notes
    (``robot.opponents``) the side of ``robot.seats`` bids them, whatever ``seat``. Raises
    :class:`OutOfReach` naming the row no hand meets."""
    rows = steps(robot, sequence)
    if robot.opponents is not None:
        seat = robot.seats[0]
    randomness = random.Random(seed)
    missed: Counter[int] = Counter()
    taken: Counter[tuple[int, str]] = Counter()
    for number in islice(numbers(dealer, vulnerability), count):
        board_dealer, board_vulnerability = rotation(number)
        openings = passes_before(sequence, board_dealer, seat)
        drawn = 0
        while True:
            passes = openings[randomness.randrange(len(openings))]
            calls = [PASS] * passes + [call.plain for call in sequence.calls]
            board = Board("", board_dealer, board_vulnerability, number)
            deal, used = _deal(robot, calls, board, randomness, missed, taken)
            drawn += used
            if deal is not None:
                yield Board.numbered(deal, number, board_dealer, board_vulnerability)
                break
            if drawn > DRAWS:
                raise OutOfReach(_out_of_reach(sequence, rows, missed, taken, drawn))


def reach(robot: Robot, sequence: Sequence, calls: list[Call], board: Board, seed: int | None = None) -> str:
    """One deal (PBN) whose auction from ``board``'s dealer, bid by ``robot``, starts with ``calls``: the
    passes before the opening, then ``sequence``. Raises :class:`OutOfReach` as :func:`aimed` does when
    none is found in :data:`DRAWS` hands."""
    rows = steps(robot, sequence)
    randomness = random.Random(seed)
    missed: Counter[int] = Counter()
    taken: Counter[tuple[int, str]] = Counter()
    drawn = 0
    while drawn <= DRAWS:
        deal, used = _deal(robot, calls, board, randomness, missed, taken)
        drawn += used
        if deal is not None:
            return deal
    raise OutOfReach(_out_of_reach(sequence, rows, missed, taken, drawn))


def passes_before(sequence: Sequence, dealer: str, seat: str | None = None) -> tuple[int, ...]:
    """The passes that may come before the opening of ``sequence`` when ``dealer`` deals: none
    to three, or with ``seat`` only those after which the side of ``seat`` bids the sequence's
    own calls (it opens when the sequence is ours, ``1N-2C``; the opponents open when it is
    theirs, ``(1S)-X``)."""
    if seat is None:
        return (0, 1, 2, 3)
    start = SEATS.index(dealer)
    ours = SEATS.index(seat) % 2
    opens = ours if sequence.we_open else 1 - ours
    return tuple(passes for passes in range(4) if (start + passes) % 2 == opens)


def _deal(
    robot: Robot,
    calls: list[Call],
    board: Board,
    randomness: random.Random,
    missed: Counter[int],
    taken: Counter[tuple[int, str]],
) -> tuple[str | None, int]:
    """A deal whose hands the robot bids as ``calls`` say, and the hands drawn; ``None`` when one
    seat found no hand in :data:`DRAWS_PER_HAND` draws. ``missed`` counts the sequence's turn where
    that seat's last hand went astray, ``taken`` the rows written before the sequence's row that
    took hands meeting its condition."""
    start = SEATS.index(board.dealer)
    turns: dict[str, list[int]] = {seat: [] for seat in SEATS}
    for turn in range(len(calls)):
        turns[SEATS[(start + turn) % 4]].append(turn)
    order = sorted(SEATS, key=lambda seat: (-sum(calls[t] != PASS for t in turns[seat]), -len(turns[seat])))
    deck = list(_DECK)
    hands: dict[str, list[tuple[int, str]]] = {}
    used = 0
    passes = next(i for i, call in enumerate(calls) if call != PASS)
    gates = {turn: _gate(robot, board, calls[:turn], calls[turn]) for turn in range(len(calls))}
    for index, seat in enumerate(order):
        last = index == len(order) - 1
        for _ in range(1 if last else DRAWS_PER_HAND):
            cards = deck if last else randomness.sample(deck, 13)
            used += 1
            hand = _hand(cards)
            failed = _first_miss(robot, board, calls, turns[seat], hand, gates)
            if failed is None:
                break
            turn, choice = failed
            if choice is None:
                continue
            wanted = next(
                (m for m in robot.rows_for(board, seat, calls[:turn]) if m.sequence.last == calls[turn]), None
            )
            if choice.meaning is not None and wanted is not None and wanted.condition and wanted.condition.holds(hand):
                taken[(turn - passes, _row_words(choice.meaning))] += 1
        else:
            missed[turn - passes] += 1
            return None, used
        hands[seat] = cards
        dealt = set(cards)
        deck = [card for card in deck if card not in dealt]
    return "N:" + " ".join(str(_hand(hands[seat])) for seat in SEATS), used


def _first_miss(
    robot: Robot,
    board: Board,
    calls: list[Call],
    turns: list[int],
    hand: Hand,
    gates: dict[int, tuple[Condition, ...] | None],
) -> tuple[int, Choice | None] | None:
    """The first of ``turns`` at which the robot, holding ``hand``, would not make the call of
    ``calls``, and what it chose there (``None``: the hand meets no row of that call, and the
    robot was not asked)."""
    for turn in turns:
        gate = gates[turn]
        if gate is not None and not any(condition.holds(hand) for condition in gate):
            return turn, None
        choice = robot.choose(board, calls[:turn], hand)
        if choice.call != calls[turn]:
            return turn, choice
    return None


def _gate(robot: Robot, board: Board, calls: list[Call], call: Call) -> tuple[Condition, ...] | None:
    """The conditions of the rows that bid ``call`` after ``calls``: a hand meeting none of them is
    never bid so, which is quicker to see than the robot's whole choice (rows without a condition
    are never bid; ``None``: no such shortcut, for a pass or a seat forced to bid whatever it holds)."""
    if call == PASS or robot.forced(board, calls):
        return None
    seat = SEATS[(SEATS.index(board.dealer) + len(calls)) % 4]
    conditions = []
    for row in robot.rows_for(board, seat, calls):
        if row.sequence.last == call and row.condition is not None:
            conditions.append(row.condition)
    return tuple(conditions)


def _hand(cards: list[tuple[int, str]]) -> Hand:
    holdings = ["", "", "", ""]
    for suit, rank in sorted(cards, key=lambda card: (card[0], _RANKS.index(card[1]))):
        holdings[suit] += rank
    return Hand(holdings)


def _out_of_reach(
    sequence: Sequence, rows: list[Step], missed: Counter[int], taken: Counter[tuple[int, str]], drawn: int
) -> str:
    turn = missed.most_common(1)[0][0] if missed else len(rows) - 1
    step = rows[max(0, min(turn, len(rows) - 1))]
    written = Sequence(sequence.calls[: step.turn + 1], sequence.we_open).notation()
    if step.row is None or step.row.condition is None:
        where = f"the call {step.call} of {written}"
    else:
        where = f"the row for {written} at {step.row.location} ({step.row.condition.describe()})"
    message = f"no deal reaches {sequence.notation()}: in {drawn:,} hands dealt, the robot never bid {where}"
    before = [row for (at, row), _ in taken.most_common() if at == step.turn]
    if before:
        message += f"; the hands that meet it are bid {before[0]}, which comes first"
    return message


def _row_words(row: Meaning) -> str:
    condition = row.condition.describe() if row.condition else "no condition"
    return f"{row.sequence.last} by the row at {row.location} ({condition})"
