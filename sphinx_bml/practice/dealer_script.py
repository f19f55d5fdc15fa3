"""A dealer script for one sequence of the notes: the hands each seat must hold for the robot to
bid the sequence, in the dealer language (:mod:`sphinx_bml.formats.dealer`), for Debian's
``dealer`` and for the advanced deal source of a practice table on Bridge Base Online.

The robot (:mod:`.robot`) makes a seat's call from that seat's hand and the calls before it:
the first row of the notes there (in its seat and vulnerability, with a legal call) whose
condition the hand meets, a pass when none does. So a seat makes the sequence's call when

- a row for that call holds and no row written before it for another call does (a hand that
  fits both Stayman and a transfer bids whichever the notes give first);
- for a pass, also when no row holds at all;
- when partner's call forces a bid (the opponent in between passed), the rows of a pass do not
  count, and a hand that fits no row bids the row it comes nearest (:mod:`.shortfall`): the
  script counts that nearness as the robot does, in dealer's arithmetic.

A seat's condition is that of each of its calls along the sequence, the deal's that of the four
seats. Each row's condition is said exactly (:class:`~sphinx_bml.formats.dealer.SeatConditions`),
so the script deals the boards whose auction, bid by the robot, starts with the sequence, and
only those, but for what the dealer language cannot say: playing tricks, and the nearness of a
hand to a row that asks for them. There the script says the nearest condition that admits every
hand the notes admit, and lists the difference (:attr:`DealerScript.differences`).

Who sits where: the player, at ``seat`` (South, where BBO seats the player at a practice table),
makes the first call of the side that bids the sequence: the opening of ``1N-2C``, the double of
``(1S)-X``. That seat's side deals so that nobody passes first (for ``(1S)-X`` the opponent on
the player's right deals and opens), unless the rows on the way are for other seats (a third-seat
opening): then the fewest passes that reach them come first, each a pass the robot would make
with that hand. Before a script is written, the robot deals one board of it
(:func:`.aiming.reach`): a sequence whose rows no hand gets through (an
earlier row takes every hand a later one admits) is refused in the words of
``--sequence``, not written as a script no deal meets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..formats.dealer import (
    FALSE,
    SEAT_WORDS,
    TRUE,
    Amount,
    Approximation,
    Names,
    SeatConditions,
    all_of,
    any_of,
    both,
    choice,
    compare,
    constant,
    either,
    exactly,
    least,
    name,
    opposite,
    plus,
    script,
    times,
    total,
)
from ..language.calls import PASS, Call, CallKind, Sequence
from ..language.conditions import Hand
from ..language.conditions.tree import (
    All,
    Any_,
    Arithmetic,
    Compare,
    Expression,
    Freakiness,
    InRange,
    Length,
    Not,
    Number,
    ShapeClass,
    ShapePattern,
    Strength,
    Test,
    Tricks,
)
from ..language.errors import Location
from ..language.notation import call_label
from ..language.system import Meaning
from .aiming import OutOfReach, reach, steps
from .boards import SEATS, Board
from .robot import Robot, situation
from .shortfall import SHAPE_MISSED

#: Where a row is, as the script's comments say it.
Place = Callable[[Location], str]
_ANY_HAND = Hand(["AKQJ", "T98", "765", "432"])
_CALL_NAMES = {CallKind.PASS: "pass", CallKind.DOUBLE: "double", CallKind.REDOUBLE: "redouble"}
_MAKES = {CallKind.DOUBLE: "doubles", CallKind.REDOUBLE: "redoubles"}
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class NotInDealerLanguage(OutOfReach):
    """A call of the sequence whose row asks only for what the dealer language cannot say: no script aims at it."""


@dataclass(frozen=True)
class DealerScript:
    """The dealer script of a sequence, and what it says of the deals."""

    sequence: Sequence
    #: the seat that deals, a letter of ``NESW``
    dealer: str
    #: the calls every deal is bid with from the dealer on: the passes before the opening, then the sequence
    calls: tuple[Call, ...]
    #: the script, ready for dealer or BBO's deal source
    text: str
    #: where the script admits hands the notes do not (some of its deals are then bid otherwise), in words
    differences: tuple[str, ...]

    @property
    def exact(self) -> bool:
        return not self.differences


@dataclass(frozen=True)
class _Turn:
    seat: str
    call: Call
    condition: Approximation
    comment: str


def dealer_script(
    robot: Robot,
    sequence: Sequence,
    seat: str = "S",
    dealer: str | None = None,
    vulnerability: str | None = None,
    place: Place = str,
    title: str | None = None,
) -> DealerScript:
    """The dealer script whose deals the robot bids as ``sequence``, the player at ``seat`` making
    the first call of the side that bids it; ``dealer``: who deals (default: as few passes first as
    the rows allow); ``vulnerability`` (``None``, ``NS``, ``EW``, ``All``): the rows of that
    vulnerability, and a ``vulnerable`` line (default: the rows of nobody vulnerable, no line);
    ``place``: how a row's place is written in the comments; ``title``: the system's name in the first
    comment (default: the notes' ``#+TITLE``). Raises what :func:`.aiming.steps`
    raises (not an auction, a row missing or without a condition), :class:`OutOfReach` when no
    hand makes a call, and :class:`NotInDealerLanguage` when a call's row asks only for what the
    dealer language cannot say."""
    steps(robot, sequence)
    first_ours = next(index for index in range(len(sequence.calls)) if sequence.is_ours(index))
    board_vulnerability = vulnerability or "None"
    tries = range(4) if dealer is None else [(SEATS.index(seat) - first_ours - SEATS.index(dealer)) % 4]
    refused: OutOfReach | None = None
    for passes in tries:
        deals = SEATS[(SEATS.index(seat) - first_ours - passes) % 4]
        names = Names()
        board = Board("", deals, board_vulnerability)
        try:
            turns = _turns(robot, sequence, board, passes, names, place)
            reach(robot, sequence, [PASS] * passes + list(sequence.calls), board, seed=0)
        except OutOfReach as error:
            refused = refused or error
            continue
        name = robot.system.metadata.title if title is None else title
        return _script(robot, sequence, deals, passes, turns, names, vulnerability, name, place)
    assert refused is not None
    raise refused


def _turns(robot: Robot, sequence: Sequence, board: Board, passes: int, names: Names, place: Place) -> list[_Turn]:
    calls = [PASS] * passes + list(sequence.calls)
    turns = []
    for turn, call in enumerate(calls):
        seat = SEATS[(SEATS.index(board.dealer) + turn) % 4]
        hands = SeatConditions(seat, names)
        rows = _rows(robot, board, calls[:turn])
        condition = _call(robot, board, calls[:turn], call, hands, rows, place)
        written = Sequence(tuple(calls[passes : turn + 1]), sequence.we_open).notation() if turn >= passes else None
        if condition.wider.always is False:
            raise OutOfReach(_never(seat, call, written, rows, place))
        row = next((row for row in rows if row.sequence.last == call), None)
        if call != PASS and row is not None and row.condition is not None:
            own = SeatConditions(seat, Names()).condition(row.condition.test)
            if own.wider.always is True and own.missing:
                raise NotInDealerLanguage(
                    f"the row for {written} at {place(row.location)} asks for {' and '.join(own.missing)}, which "
                    "the dealer language cannot say: no script can aim at it; add a condition on HCP, points, "
                    "suit lengths or shape"
                )
        comment = _comment(seat, call, turn < passes, turn == passes, row, rows, place)
        turns.append(_Turn(seat, call, condition, comment))
    return turns


def _rows(robot: Robot, board: Board, calls: list[Call]) -> tuple[Meaning, ...]:
    """The rows the robot chooses from after ``calls``: a pass's rows do not count when partner forces."""
    seat = SEATS[(SEATS.index(board.dealer) + len(calls)) % 4]
    rows = robot.rows_for(board, seat, calls)
    if robot.forced(board, calls):
        rows = tuple(row for row in rows if row.sequence.last != PASS)
    return rows


def _call(
    robot: Robot,
    board: Board,
    calls: list[Call],
    call: Call,
    hands: SeatConditions,
    rows: tuple[Meaning, ...],
    place: Place,
) -> Approximation:
    """The hands with which the robot makes ``call`` after ``calls`` (see the module's notes)."""
    tested = [(row, _condition(hands, row, place)) for row in rows if row.condition is not None]
    first = either(
        both([condition] + [opposite(earlier) for before, earlier in tested[:index] if before.sequence.last != call])
        for index, (row, condition) in enumerate(tested)
        if row.sequence.last == call
    )
    none_fits = both(opposite(condition) for _, condition in tested)
    if not robot.forced(board, calls):
        if call != PASS:
            return first
        # a pass: no row that bids fits before a row of a pass does (or none fits at all)
        return both(
            opposite(
                both(
                    [condition]
                    + [opposite(earlier) for before, earlier in tested[:index] if before.sequence.last == PASS]
                )
            )
            for index, (row, condition) in enumerate(tested)
            if row.sequence.last != PASS
        )
    if not tested:  # no row has a condition: the robot's call does not depend on the hand
        return exactly(TRUE if robot.choose(board, calls, _ANY_HAND).call == call else FALSE)
    return either([first, both([none_fits, _nearest(hands, [row for row, _ in tested], call, place)])])


def _condition(hands: SeatConditions, row: Meaning, place: Place) -> Approximation:
    assert row.condition is not None
    found = hands.condition(row.condition.test)
    if found.exact:
        return found
    said = tuple(
        f"{_SEAT_NAMES[hands.seat]}, the row for {_written(row)} at {place(row.location)}: {words} is not in the "
        "dealer language, and is left out"
        for words in found.missing
    )
    return replace(found, missing=said)


def _nearest(hands: SeatConditions, rows: list[Meaning], call: Call, place: Place) -> Approximation:
    """The robot bids ``call`` as the row the hand comes nearest (no row fits, partner forces):
    the first of the rows of least shortfall is one of ``call``'s."""
    shortfalls: list[Amount] = []
    for row in rows:
        assert row.condition is not None
        short = _short(hands, row.condition.test)
        if short is None:
            return Approximation(
                TRUE,
                FALSE,
                (
                    f"{_SEAT_NAMES[hands.seat]}, after a call that forces: a hand that fits no row bids the row it "
                    f"comes nearest, and how near it comes to the row for {_written(row)} at {place(row.location)} "
                    "(playing tricks) is not in the dealer language: the script admits every hand that fits no row",
                ),
            )
        least_half = choice(compare(short, "<", constant(0.5)), constant(0.5), short)
        wanted = f"{SEAT_WORDS[hands.seat]}Short_{_call_name(row.sequence.last)}"
        shortfalls.append(Amount(hands.names.define(wanted, least_half.text), least_half.scale))
    chosen = [
        all_of(
            [compare(mine, "<", other) for other in shortfalls[:index]]
            + [compare(mine, "<=", other) for other in shortfalls[index + 1 :]]
        )
        for index, mine in enumerate(shortfalls)
    ]
    return exactly(any_of(formula for row, formula in zip(rows, chosen, strict=True) if row.sequence.last == call))


def _short(hands: SeatConditions, test: Test) -> Amount | None:
    """How far the hand is from ``test``, as :func:`.shortfall.shortfall` counts it (``None``: not in dealer)."""
    if isinstance(test, InRange):
        values = _values(hands, test.quantity)
        if values is None:
            return None
        return least([_range_short(value, test.low, test.high) for value in values])
    if isinstance(test, Compare):
        lefts, rights = _values(hands, test.left), _values(hands, test.right)
        if lefts is None or rights is None:
            return None
        return least([_compare_short(test.operator, left, right) for left in lefts for right in rights])
    if isinstance(test, ShapeClass | ShapePattern):
        missed = constant(1 if isinstance(test, ShapeClass) else SHAPE_MISSED)
        return choice(hands.condition(test).wider, constant(0), missed)
    if isinstance(test, All | Any_):
        parts = [_short(hands, part) for part in test.parts]
        if any(part is None for part in parts):
            return None
        known = [part for part in parts if part is not None]
        return total(known) if isinstance(test, All) else least(known)
    assert isinstance(test, Not)
    holds = hands.condition(test.part)
    return choice(holds.wider, constant(1), constant(0)) if holds.exact else None


def _range_short(value: Amount, low: float | None, high: float | None) -> Amount:
    """What ``value`` lacks to lie between ``low`` and ``high``."""
    above = constant(0)
    if high is not None:
        above = choice(compare(value, ">", constant(high)), plus(value, constant(high), "-"), above)
    if low is None:
        return above
    return choice(compare(value, "<", constant(low)), plus(constant(low), value, "-"), above)


def _compare_short(operator: str, left: Amount, right: Amount) -> Amount:
    gap = plus(left, right, "-")
    zero, one = constant(0), constant(1)
    if operator == "<":
        return _at_least_zero(plus(gap, one))
    if operator == "<=":
        return _at_least_zero(gap)
    if operator == ">":
        return _at_least_zero(plus(one, gap, "-"))
    if operator == ">=":
        return _at_least_zero(plus(zero, gap, "-"))
    if operator == "==":
        return choice(compare(gap, "<", zero), plus(zero, gap, "-"), gap)
    return choice(compare(gap, "==", zero), one, zero)


def _at_least_zero(amount: Amount) -> Amount:
    return choice(compare(amount, ">", constant(0)), amount, constant(0))


def _values(hands: SeatConditions, expression: Expression) -> list[Amount] | None:
    """The values ``expression`` may take: one for each suit a pattern's letter may stand for."""
    if isinstance(expression, Length):
        return [hands.length(suit) for suit in expression.suit.candidates()]
    if isinstance(expression, Tricks):
        return None
    if isinstance(expression, Number | Strength | Freakiness):
        amount = hands.amount(expression)
        return None if amount is None else [amount]
    assert isinstance(expression, Arithmetic)
    lefts, rights = _values(hands, expression.left), _values(hands, expression.right)
    if lefts is None or rights is None:
        return None
    if expression.operator == "*":
        return [times(left, right) for left in lefts for right in rights]
    return [plus(left, right, expression.operator) for left in lefts for right in rights]


def _never(seat: str, call: Call, written: str | None, rows: tuple[Meaning, ...], place: Place) -> str:
    who = _SEAT_NAMES[seat]
    if written is None:
        return f"{who} never passes before the opening: a row of the notes there fits every hand"
    row = next((row for row in rows if row.sequence.last == call), None)
    if row is None or row.condition is None:
        return (
            f"the robot never bids {written}: partner's call forces a bid there, and without a hand condition the "
            "robot bids the first row the notes give, another call"
        )
    return (
        f"no hand makes the robot bid {written}: the rows written before the row at {place(row.location)} take "
        "every hand it admits"
    )


def _comment(
    seat: str,
    call: Call,
    before_opening: bool,
    opening: bool,
    row: Meaning | None,
    rows: tuple[Meaning, ...],
    place: Place,
) -> str:
    who = _SEAT_NAMES[seat]
    if call == PASS:
        conditioned = sum(1 for each in rows if each.condition is not None and each.sequence.last != PASS)
        when = "before the opening" if before_opening else "in turn"
        if not conditioned:
            return f"{who} passes {when}: the notes give no call with a hand condition there."
        return f"{who} passes {when}: no row there fits, of {conditioned} that bid."
    makes = _MAKES.get(call.kind) or f"{'opens' if opening else 'bids'} {call_label(call)}"
    if row is None or row.condition is None:
        return f"{who} {makes}: partner's call forces a bid, and it is the first row there."
    return f"{who} {makes}: {place(row.location)} ({row.condition.describe()})."


def _written(row: Meaning) -> str:
    return row.sequence.notation()


def _call_name(call: Call) -> str:
    return _CALL_NAMES.get(call.kind, str(call.plain))


def _script(
    robot: Robot,
    sequence: Sequence,
    dealer: str,
    passes: int,
    turns: list[_Turn],
    names: Names,
    vulnerability: str | None,
    title: str,
    place: Place,
) -> DealerScript:
    differences = tuple(dict.fromkeys(words for turn in turns for words in turn.condition.missing))
    conditions = []
    for turn in turns:
        formula = turn.condition.wider
        if formula.always is None:
            formula = name(names.define(f"{SEAT_WORDS[turn.seat]}_{_call_name(turn.call)}", formula.text))
        conditions.append(formula)
    comments = [
        f"{title + ': ' if title else ''}deals for {sequence.notation()}, from the hand conditions of the notes.",
        "Written by sphinx-bml: on every deal the robot of bml-practice bids the sequence"
        + (" (but see below)." if differences else "."),
        "Each call leaves out the hands a row written before it takes: the robot bids the first row that fits.",
        *(turn.comment for turn in turns),
    ]
    if vulnerable_rows := _vulnerability_rows(robot, turns, place):
        comments.append(
            f"The notes have rows with hand conditions for one vulnerability on the way ({vulnerable_rows}): "
            f"the script follows them {'for ' + vulnerability if vulnerability else 'with nobody vulnerable'}."
        )
    if differences:
        comments.append("Not exact: the script admits every hand the notes admit, and some more, because")
        comments.extend(f"- {words}" for words in differences)
    text = script(comments, dealer, names, all_of(conditions), vulnerability)
    calls = tuple([PASS] * passes + list(sequence.calls))
    return DealerScript(sequence, dealer, calls, text, differences)


def _vulnerability_rows(robot: Robot, turns: list[_Turn], place: Place) -> str:
    """The first rows on the way whose condition holds at one vulnerability only."""
    calls: list[Call] = []
    found: list[str] = []
    for turn in turns:
        for row in robot.meanings_after(situation(calls, len(calls))):
            vulnerable = row.vulnerability.we is not None or row.vulnerability.they is not None
            if row.condition is not None and vulnerable and place(row.location) not in found:
                found.append(place(row.location))
        calls.append(turn.call)
    return ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
