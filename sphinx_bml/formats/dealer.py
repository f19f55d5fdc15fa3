"""The dealer language: hand conditions as Hans van Staveren's ``dealer`` reads them, and with it
the advanced deal source of a practice table on Bridge Base Online.

A dealer script deals at random and keeps the deals that meet its one
``condition``; names defined with ``=`` stand for what they are defined as::

    # 1NT-2C: the hand conditions of the notes ...
    dealer south
    southBalanced = shape(south, any 4333 + any 4432 + any 5332)
    south_1NT = hcp(south) >= 14 and hcp(south) <= 16 and southBalanced
    north_2C = hcp(north) >= 8 and (hearts(north) >= 4 or spades(north) >= 4)
    condition south_1NT and north_2C
    action printoneline

BBO's deal source runs the same program as Debian's ``dealer`` package, and
reads a little less. What this module writes keeps to what both read:

- comments only on lines of their own, ``#`` first: a comment after the code
  of a line is not read alike;
- the functions both know: ``hcp(seat)``, the suit lengths ``spades(seat)``
  to ``clubs(seat)``, ``shape(seat, ...)`` with ``any``, ``+`` and ``x``, and
  ``hascard(seat, AS)``, with ``and``, ``or``, ``not``, the comparisons,
  ``+ - *`` and ``?:``;
- whole numbers: dealer counts no halves, so a comparison of amounts with
  halves or quarters (freakiness points, ``hcp(4.5-3-1.5-0.75-0.25)``) is
  written with both sides multiplied to whole numbers;
- brackets: ``not`` binds tighter than a comparison in dealer (``not
  hcp(north) >= 10`` is ``(not hcp(north)) >= 10``), so whatever ``not``
  applies to is in brackets unless it is a name or a call, and so is an
  ``or`` inside an ``and``;
- at most 31 ``shape()`` calls in a script (dealer's manual says 32, and
  dealer refuses the 32nd): each set of shapes of a seat is written once, as
  a name (``southBalanced``); past 31, shapes are written with suit lengths.

A hand condition (:mod:`sphinx_bml.language.conditions`) becomes an
:class:`Approximation`: exact for HCP (on any scale), points, freakiness,
freakiness points, suit lengths, shapes, kinds of shape and formulas over
them; a suit a pattern leaves open is each of its suits in turn (``or``).
Playing tricks, counted from Pavlicek's table of honour tricks, are not in
the language: a condition on them is left out, and the approximation names
it (:attr:`Approximation.missing`). Both sides of an approximation are
kept: the *wider* admits every hand the condition admits, the *narrower*
only such hands, so that a condition under ``not`` stays wider.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ..language.calls import Strain
from ..language.conditions.evaluation import SHAPES_OF_CLASS, ways
from ..language.conditions.tree import (
    All,
    Any_,
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
    bind_test,
)
from ..language.conditions.wording import describe

#: The seats as dealer names them.
SEAT_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: dealer's vulnerability words.
VULNERABILITY_WORDS = {"None": "none", "NS": "NS", "EW": "EW", "All": "all"}
#: The most ``shape()`` calls dealer takes in one script: its manual says 32, and it refuses the 32nd.
MAX_SHAPES = 31
#: The suits spades first, as shapes give them.
SHAPE_ORDER = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_SUIT_FUNCTIONS = {Strain.SPADES: "spades", Strain.HEARTS: "hearts", Strain.DIAMONDS: "diamonds", Strain.CLUBS: "clubs"}
_RANKS = "AKQJT"
#: A shape, spades first: a length, or ``None`` for any length (``x``).
Pattern = tuple[int | None, int | None, int | None, int | None]

# --------------------------------------------------------------------------
# Conditions and amounts


Kind = Literal["atom", "compare", "and", "or", "not"]


@dataclass(frozen=True)
class Formula:
    """A condition in the dealer language (``always``: one that always, or never, holds)."""

    text: str = ""
    always: bool | None = None
    #: what the text is, for the brackets it needs inside another condition
    kind: Kind = "atom"


TRUE = Formula(always=True)
FALSE = Formula(always=False)


def name(text: str) -> Formula:
    """A name, a call (``shape(...)``), or a number used as a condition."""
    return Formula(text)


def all_of(parts: Iterable[Formula]) -> Formula:
    """Every part holds."""
    return _connected(parts, "and", "or")


def any_of(parts: Iterable[Formula]) -> Formula:
    """One part at least holds."""
    return _connected(parts, "or", "and")


def _connected(parts: Iterable[Formula], kind: Literal["and", "or"], bracketed: Kind) -> Formula:
    """``parts`` joined by ``kind``: a part that decides the whole (false in an ``and``, true in an
    ``or``) stands for it, one that cannot is left out; a part of the ``bracketed`` kind is bracketed."""
    deciding = kind == "or"
    kept: list[Formula] = []
    for part in parts:
        if part.always is deciding:
            return part
        if part.always is None and part not in kept:
            kept.append(part)
    if not kept:
        return FALSE if deciding else TRUE
    if len(kept) == 1:
        return kept[0]
    return Formula(
        f" {kind} ".join(f"({part.text})" if part.kind == bracketed else part.text for part in kept), kind=kind
    )


def negation(part: Formula) -> Formula:
    """The part does not hold."""
    if part.always is not None:
        return FALSE if part.always else TRUE
    return Formula(f"not {part.text}" if part.kind == "atom" else f"not ({part.text})", kind="not")


@dataclass(frozen=True)
class Amount:
    """A number in the dealer language, counted in ``1/scale`` units: dealer has whole numbers only."""

    text: str
    scale: int = 1
    #: the number, when it is a constant
    value: Fraction | None = None
    #: whether the text can be a factor of ``*`` or the right of ``-`` without brackets
    single: bool = True


def constant(value: float | Fraction) -> Amount:
    """A number of the condition (``10.5``: 21 halves)."""
    exact = value if isinstance(value, Fraction) else Fraction(repr(float(value)))
    return Amount(str(exact.numerator), exact.denominator, exact, exact.numerator >= 0)


def _in_units(amount: Amount, scale: int) -> str:
    """The text of ``amount`` counted in ``1/scale`` units (``scale`` a multiple of its own)."""
    factor = scale // amount.scale
    if factor == 1:
        return amount.text
    if amount.value is not None:
        return str(amount.value * scale)
    return f"{factor} * {amount.text if amount.single else f'({amount.text})'}"


def plus(left: Amount, right: Amount, sign: str = "+") -> Amount:
    """``left + right`` (``sign`` ``-``: ``left - right``)."""
    if left.value is not None and right.value is not None:
        return constant(left.value + right.value if sign == "+" else left.value - right.value)
    if right.value == 0:
        return left
    if left.value == 0 and sign == "+":
        return right
    scale = math.lcm(left.scale, right.scale)
    written = _in_units(right, scale)
    if sign == "-" and not right.single:
        written = f"({written})"
    return Amount(f"{_in_units(left, scale)} {sign} {written}", scale, single=False)


def total(amounts: Iterable[Amount]) -> Amount:
    """The sum of ``amounts`` (0 for none)."""
    result = constant(0)
    for amount in amounts:
        result = plus(result, amount)
    return result


def times(left: Amount, right: Amount) -> Amount:
    """``left * right``."""
    if left.value is not None and right.value is not None:
        return constant(left.value * right.value)
    if left.value == 0 or right.value == 0:
        return constant(0)
    if right.value is not None:
        left, right = right, left
    if left.value is not None and left.value.numerator == 1:  # 1/2 of x: x counted in halves
        return Amount(right.text, right.scale * left.value.denominator, single=right.single)
    parts = [amount.text if amount.single else f"({amount.text})" for amount in (left, right)]
    return Amount(" * ".join(parts), left.scale * right.scale, single=False)


def compare(left: Amount, operator: str, right: Amount) -> Formula:
    """``left operator right``, both sides in the same whole units."""
    if left.value is not None and right.value is not None:
        return TRUE if _COMPARISONS[operator](left.value, right.value) else FALSE
    scale = math.lcm(left.scale, right.scale)
    return Formula(f"{_in_units(left, scale)} {operator} {_in_units(right, scale)}", kind="compare")


_COMPARISONS = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def choice(condition: Formula, then: Amount, otherwise: Amount) -> Amount:
    """``then`` where ``condition`` holds, else ``otherwise`` (dealer's ``?:``)."""
    if condition.always is not None:
        return then if condition.always else otherwise
    if then == otherwise:
        return then
    scale = math.lcm(then.scale, otherwise.scale)
    return Amount(f"({condition.text} ? {_in_units(then, scale)} : {_in_units(otherwise, scale)})", scale)


def least(amounts: list[Amount]) -> Amount:
    """The smallest of ``amounts`` (each named or short: its text is written twice)."""
    result = amounts[0]
    for amount in amounts[1:]:
        result = choice(compare(amount, "<", result), amount, result)
    return result


# --------------------------------------------------------------------------
# Approximations


@dataclass(frozen=True)
class Approximation:
    """A hand condition in the dealer language: exactly, or between two conditions that it can say."""

    #: admits every hand the condition admits
    wider: Formula
    #: admits only hands the condition admits
    narrower: Formula
    #: what the language cannot say, in words (``7+ playing tricks``); empty: exact
    missing: tuple[str, ...] = ()

    @property
    def exact(self) -> bool:
        return not self.missing


def exactly(formula: Formula) -> Approximation:
    return Approximation(formula, formula)


def unsaid(words: str) -> Approximation:
    """A condition the language cannot say: any hand at widest, none at narrowest."""
    return Approximation(TRUE, FALSE, (words,))


def both(parts: Iterable[Approximation]) -> Approximation:
    """Every part holds."""
    kept = list(parts)
    return Approximation(
        all_of(part.wider for part in kept),
        all_of(part.narrower for part in kept),
        _joined(part.missing for part in kept),
    )


def either(parts: Iterable[Approximation]) -> Approximation:
    """One part at least holds."""
    kept = list(parts)
    return Approximation(
        any_of(part.wider for part in kept),
        any_of(part.narrower for part in kept),
        _joined(part.missing for part in kept),
    )


def opposite(part: Approximation) -> Approximation:
    """The part does not hold: the wider side is the negation of the narrower."""
    return Approximation(negation(part.narrower), negation(part.wider), part.missing)


def _joined(groups: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(words for group in groups for words in group))


# --------------------------------------------------------------------------
# Shapes


def class_patterns(kind: str) -> frozenset[Pattern]:
    """Every shape, spades first, of ``balanced`` or ``semi-balanced``."""
    found: set[Pattern] = set()
    for longest_first in SHAPES_OF_CLASS[kind]:
        for spades, hearts, diamonds, clubs in itertools.permutations(longest_first):
            found.add((spades, hearts, diamonds, clubs))
    return frozenset(found)


def pattern_shapes(test: ShapePattern) -> frozenset[Pattern]:
    """The shapes, spades first, a pattern whose suits are all given stands for: named places in
    their suits, the other places in the remaining suits spades first, a group's places in any order."""
    named: dict[Strain, int | None] = {}
    for group in test.groups:
        for place in group:
            if place.suit is not None:
                suit = place.suit.strain
                if suit is None or suit in named:
                    return frozenset()  # a free name, or two places in one suit: no hand
                named[suit] = place.length
    remaining = [suit for suit in SHAPE_ORDER if suit not in named]
    choices: list[list[dict[Strain, int | None]]] = []
    index = 0
    for group in test.groups:
        lengths = [place.length for place in group if place.suit is None]
        suits = remaining[index : index + len(lengths)]
        index += len(lengths)
        choices.append([dict(zip(suits, order, strict=True)) for order in set(itertools.permutations(lengths))])
    found: set[Pattern] = set()
    for picked in itertools.product(*choices):
        given = dict(named)
        for part in picked:
            given.update(part)
        spades, hearts, diamonds, clubs = (given.get(suit) for suit in SHAPE_ORDER)
        pattern = (spades, hearts, diamonds, clubs)
        if _possible(pattern):
            found.add(pattern)
    return frozenset(found)


def _possible(pattern: Pattern) -> bool:
    given = [length for length in pattern if length is not None]
    return sum(given) <= 13 and (len(given) < 4 or sum(given) == 13)


def _written(pattern: Pattern | tuple[int | None, ...]) -> str:
    return "".join("x" if length is None else str(length) for length in pattern)


def shape_list(patterns: frozenset[Pattern]) -> str:
    """The shapes as ``shape()`` lists them: ``any 4333 + any 4432 + 54xx``."""
    left = set(patterns)
    terms = []
    for pattern in sorted(patterns, key=_sort_key):
        if pattern not in left:
            continue
        orders = set(itertools.permutations(pattern))
        if len(orders) > 1 and orders <= left:
            longest_first = sorted(pattern, key=lambda length: -1 if length is None else length, reverse=True)
            terms.append(f"any {_written(tuple(longest_first))}")
            left -= orders
        else:
            terms.append(_written(pattern))
            left.discard(pattern)
    return " + ".join(terms)


def _sort_key(pattern: Pattern) -> tuple[list[int], str]:
    """Flatter shapes first (4333 before 4432), then as written."""
    return sorted((-1 if length is None else length for length in pattern), reverse=True), _written(pattern)


# --------------------------------------------------------------------------
# The names of a script


@dataclass
class Names:
    """The names one script defines, in order: each set of shapes of a seat once, at most
    :data:`MAX_SHAPES` of them (the rest are written with suit lengths), and what else it names."""

    definitions: list[tuple[str, str]] = field(default_factory=list)
    _shapes: dict[tuple[str, frozenset[Pattern]], Formula] = field(default_factory=dict)
    _taken: set[str] = field(default_factory=set)

    def define(self, wanted: str, text: str) -> str:
        """A new name for ``text``: ``wanted``, or ``wanted`` with a number when it is taken."""
        chosen, number = wanted, 1
        while chosen.lower() in self._taken:
            number += 1
            chosen = f"{wanted}{number}"
        self._taken.add(chosen.lower())
        self.definitions.append((chosen, text))
        return chosen

    def used_by(self, text: str) -> list[tuple[str, str]]:
        """The definitions ``text`` uses, and those they use, in order."""
        needed = [text]
        used: set[str] = set()
        for defined, meaning in reversed(self.definitions):
            if any(re.search(rf"\b{defined}\b", each) for each in needed):
                used.add(defined)
                needed.append(meaning)
        return [(defined, meaning) for defined, meaning in self.definitions if defined in used]

    def shapes(self, seat: str, patterns: frozenset[Pattern], wanted: str) -> Formula:
        """``seat`` holds one of ``patterns``."""
        if not patterns:
            return FALSE
        known = self._shapes.get((seat, patterns))
        if known is not None:
            return known
        if len(self._shapes) < MAX_SHAPES:
            formula = name(
                self.define(f"{SEAT_WORDS[seat]}{wanted}", f"shape({SEAT_WORDS[seat]}, {shape_list(patterns)})")
            )
        else:
            formula = any_of(
                all_of(
                    compare(suit_length(seat, suit), "==", constant(length))
                    for suit, length in zip(SHAPE_ORDER, pattern, strict=True)
                    if length is not None
                )
                for pattern in sorted(patterns, key=_sort_key)
            )
        self._shapes[(seat, patterns)] = formula
        return formula


def suit_length(seat: str, suit: Strain) -> Amount:
    """How many cards of ``suit`` ``seat`` holds."""
    return Amount(f"{_SUIT_FUNCTIONS[suit]}({SEAT_WORDS[seat]})")


def _never_negative(quantity: Expression) -> bool:
    """Whether a quantity is 0 or more on every hand: lengths, freakiness, HCP and points on a scale
    of no negative values (points counting freakiness are not: a 4333 hand with no honour counts -0.5)."""
    if isinstance(quantity, Length | Freakiness):
        return True
    return isinstance(quantity, Strength) and not quantity.freakiness and min(quantity.scale.values) >= 0


def is_identifier(text: str) -> bool:
    """Whether ``text`` can be a name of a dealer script."""
    return re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", text) is not None


# --------------------------------------------------------------------------
# A seat's hand conditions


class SeatConditions:
    """The hand conditions of one seat in the dealer language; the names go to ``names``."""

    def __init__(self, seat: str, names: Names) -> None:
        self.seat = seat
        self.names = names
        self.word = SEAT_WORDS[seat]

    def condition(self, test: Test) -> Approximation:
        """``test`` in the dealer language; a suit a pattern leaves open is each of its suits in turn."""
        return either(self._closed(bind_test(test, way)) for way in ways(test))

    def _closed(self, test: Test) -> Approximation:
        if isinstance(test, InRange):
            amount = self.amount(test.quantity)
            if amount is None:
                return unsaid(describe(test))
            if test.low is not None and test.low == test.high:
                return exactly(compare(amount, "==", constant(test.low)))
            bounds = []
            if test.low is not None and not (test.low <= 0 and _never_negative(test.quantity)):
                bounds.append(compare(amount, ">=", constant(test.low)))
            if test.high is not None:
                bounds.append(compare(amount, "<=", constant(test.high)))
            return exactly(all_of(bounds))
        if isinstance(test, Compare):
            left, right = self.amount(test.left), self.amount(test.right)
            if left is None or right is None:
                return unsaid(describe(test))
            return exactly(compare(left, test.operator, right))
        if isinstance(test, ShapeClass | ShapePattern):
            return exactly(self.shape(test))
        if isinstance(test, All):
            return both(self._closed(part) for part in test.parts)
        if isinstance(test, Any_):
            return either(self._closed(part) for part in test.parts)
        assert isinstance(test, Not)
        return opposite(self._closed(test.part))

    def shape(self, test: ShapeClass | ShapePattern) -> Formula:
        """The seat's hand has the shape (or kind of shape); the pattern's suits all given."""
        if isinstance(test, ShapePattern):
            return self.names.shapes(self.seat, pattern_shapes(test), "Shape")
        if test.name == "any":
            return TRUE
        if test.name == "unbalanced":
            return negation(self.names.shapes(self.seat, class_patterns("balanced"), "Balanced"))
        wanted = "".join(word.capitalize() for word in test.name.split("-"))
        return self.names.shapes(self.seat, class_patterns(test.name), wanted)

    def amount(self, expression: Expression) -> Amount | None:
        """A quantity of the hand, or a formula of them; ``None``: the language has no way to count it."""
        if isinstance(expression, Number):
            return constant(expression.value)
        if isinstance(expression, Length):
            if expression.suit.strain is None:  # a free name: the caller gives it each suit in turn
                return None
            return self.length(expression.suit.strain)
        if isinstance(expression, Strength):
            if expression.freakiness:
                return plus(
                    self.hcp(expression),
                    plus(times(constant(Fraction(1, 2)), self.freakiness()), constant(Fraction(1, 2)), "-"),
                )
            if expression.points:
                return plus(self.hcp(expression), total(self.length_points(suit) for suit in SHAPE_ORDER))
            return self.hcp(expression)
        if isinstance(expression, Freakiness):
            return self.freakiness()
        if isinstance(expression, Tricks):
            return None
        left, right = self.amount(expression.left), self.amount(expression.right)
        if left is None or right is None:
            return None
        if expression.operator == "*":
            return times(left, right)
        return plus(left, right, expression.operator)

    def length(self, suit: Strain) -> Amount:
        return suit_length(self.seat, suit)

    def hcp(self, strength: Strength) -> Amount:
        """HCP on the strength's scale: ``hcp(seat)`` for 4-3-2-1, else the honours counted with ``hascard``."""
        if strength.scale.is_standard:
            return Amount(f"hcp({self.word})")
        parts = []
        for rank, value in zip(_RANKS, strength.scale.values, strict=True):
            if value:
                held = " + ".join(f"hascard({self.word}, {rank}{suit.value})" for suit in SHAPE_ORDER)
                parts.append(times(constant(value), Amount(held, single=False)))
        return total(parts)

    def length_points(self, suit: Strain) -> Amount:
        """A point for each card over four in ``suit``."""
        length = self.length(suit)
        return choice(compare(length, ">", constant(4)), plus(length, constant(4), "-"), constant(0))

    def freakiness(self) -> Amount:
        """Pavlicek's freakness (:attr:`~sphinx_bml.language.conditions.Hand.freakiness`): each suit its
        cards over four or short of three, and 2 more for a void, else 1 more for a singleton."""
        lengths = [self.length(suit) for suit in SHAPE_ORDER]
        per_suit = [
            choice(compare(length, ">", constant(3)), plus(length, constant(4), "-"), plus(constant(3), length, "-"))
            for length in lengths
        ]
        void = any_of(compare(length, "==", constant(0)) for length in lengths)
        singleton = any_of(compare(length, "==", constant(1)) for length in lengths)
        return plus(total(per_suit), choice(void, constant(2), choice(singleton, constant(1), constant(0))))


# --------------------------------------------------------------------------
# The script


def comment(text: str) -> str:
    """``text`` as a comment line: one line, ``#`` first, without control characters or line breaks
    (nothing the notes say can end the comment and start code)."""
    cleaned = "".join(" " if unicodedata.category(char)[0] in "CZ" else char for char in text)
    return ("# " + " ".join(cleaned.split())).rstrip()


def script(
    comments: Iterable[str],
    dealer: str,
    names: Names,
    condition: Formula,
    vulnerability: str | None = None,
) -> str:
    """A whole script: ``comments`` (each a line of its own), who deals, the names, the condition,
    and ``action printoneline`` (one line a deal, which both dealers print)."""
    lines = [comment(text) for text in comments]
    lines.append(f"dealer {SEAT_WORDS[dealer]}")
    if vulnerability is not None:
        lines.append(f"vulnerable {VULNERABILITY_WORDS[vulnerability]}")
    written = "1" if condition.always is True else "0" if condition.always is False else condition.text
    lines.extend(f"{defined} = {text}" for defined, text in names.used_by(written))
    lines.append(f"condition {written}")
    lines.append("action printoneline")
    return "\n".join(lines) + "\n"
