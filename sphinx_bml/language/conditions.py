"""Hand conditions: what a hand must hold to make a call, in words a machine can check.

A row of a bidding table may carry a condition between double braces, on a
line of its description or at the end of one::

    1N = 15-17, may have a 5-card major
         {{ 15-17 hcp, balanced }}
    2M = weak two {{ 6+ M, 5-10 hcp }}

The braces keep the condition out of the prose: the description shown, the
``.bss`` file and BBOalert never contain it (bridge-markup 2.7.0 reads such a
file and shows the braces as text). The language:

* ``15-17 hcp``, ``hcp 15-17``, ``12+ hcp``, ``10- hcp`` (at most 10),
  ``hcp 16``; ``points`` is HCP plus one for each card over four in a suit.
  Another scale for the A, K, Q, J (and T) follows in brackets:
  ``hcp(4.5-3-1.5-0.75-0.25) 10-13``. ``freakiness points`` is HCP plus half
  the hand's freakiness less one half (practice_bidding's ``shape="freakiness"``).
* ``7+ playing tricks`` (or ``tricks``), ``2+ tricks in hearts``: Pavlicek's
  playing tricks, in the hand or in one suit; ``freakiness``: Pavlicek's
  freakness of the shape (:class:`Hand` defines both).
* ``6+ hearts``, ``spades 4``, ``0-1 clubs``; suits by name (``hearts``,
  ``heart``), symbol (``♥``) or BML's ``!h``; ``M``, ``m``, ``oM``, ``om``,
  ``X``, ``Y``, ``Z`` are the suit the row's pattern stands for (``2M`` with
  ``6+ M``); ``suit`` is the suit of the row's own bid. Where nothing gives
  them a suit, ``M`` is "a major", ``m`` "a minor", the others "a suit".
* ``balanced`` (4333, 4432, 5332, as practice_bidding defines it),
  ``semi-balanced`` (those and 5422, 6322), ``unbalanced`` (not balanced), ``any``.
* Shapes: four places, spades first: ``5431``, ``(54)xx`` (5-4 in the majors
  either way), ``(4432)`` (any order); a place may name its suit, and the
  other places take the remaining suits spades first: ``4M(xx)5`` is four
  cards in the major and five clubs.
* Formulas over suit lengths, HCP, points, playing tricks and freakiness: ``hearts + spades > diamonds + clubs``,
  ``hearts > spades`` (strictly longer), ``hearts >= spades`` (longer or as long),
  ``2*spades - hearts >= 3``; ``=`` or ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``.
* ``and``, ``or``, ``not``, brackets to group, and commas: a comma means
  "and" but binds loosest, as in prose, so ``12-14 hcp, balanced or 5+ clubs``
  is 12-14 HCP with a balanced hand or five clubs; ``and`` binds before ``or``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Union

from .calls import SUITS, Strain
from .errors import BMLError, Kind, Location

__all__ = [
    "CONDITION",
    "STANDARD",
    "Condition",
    "Hand",
    "Scale",
    "find_condition",
    "parse_condition",
]

#: A condition in a description: ``{{ ... }}`` ending a line.
CONDITION = re.compile(r"\{\{(.*?)\}\}\s*$")

# --------------------------------------------------------------------------
# Hands


_RANKS = "AKQJT98765432"


@dataclass(frozen=True)
class Scale:
    """What the A, K, Q, J and T count for."""

    ace: float = 4
    king: float = 3
    queen: float = 2
    jack: float = 1
    ten: float = 0

    @property
    def values(self) -> tuple[float, float, float, float, float]:
        return (self.ace, self.king, self.queen, self.jack, self.ten)

    @property
    def is_standard(self) -> bool:
        return self == STANDARD

    @property
    def written(self) -> str:
        values = list(self.values)
        if values[-1] == 0:
            values.pop()
        return "-".join(_number(value) for value in values)


STANDARD = Scale()

#: Pavlicek's honour tricks as redeal (in the version practice_bidding runs) counts them: the first line whose
#: honours the suit holds, with at least so many cards, gives its tricks.
_HONOUR_TRICKS: tuple[tuple[str, int, float], ...] = (
    ("AKQ", 0, 3),
    ("AKJ", 0, 2.5),
    ("AQJ", 0, 2.5),
    ("AK", 0, 2),
    ("AQT", 0, 2),
    ("KQJ", 0, 2),
    ("AQ", 0, 1.5),
    ("KJT", 0, 1.5),
    ("AJ", 0, 1.5),
    ("KQ", 3, 1.5),
    ("A", 0, 1),
    ("KQ", 0, 1),
    ("KJ", 0, 1),
    ("KT", 0, 1),
    ("QJ", 3, 1),
    ("K", 2, 0.5),
    ("Q", 3, 0.5),
)


def playing_tricks_in(holding: str) -> float:
    """Pavlicek's playing tricks in one suit (``"AQT54"``), as redeal's ``Holding.pt`` counts them.

    One trick for each card over three, plus the honour tricks of the first of these that the suit holds:
    AKQ 3; AKJ or AQJ 2.5; AK, AQT or KQJ 2; AQ, KJT, AJ, or KQ with three cards or more 1.5; A, KQ
    (doubleton), KJ, KT, or QJ with three cards or more 1; K with two cards or more, or Q with three cards
    or more, 0.5; otherwise nothing. So ``AQT54`` is 2 + 2 = 4 and ``K3`` is 0.5. This is the table of the
    redeal that practice_bidding runs (early 2018); redeal changed it in 2024 (KT no longer counts 1).
    """
    length = len(holding)
    extra = max(length - 3, 0)
    for honours, shortest, tricks in _HONOUR_TRICKS:
        if length >= shortest and all(card in holding for card in honours):
            return tricks + extra
    return extra


class Hand:
    """A hand as four holdings, spades first (``"AKJ5"``, ``""`` for a void, ``T`` or ``10``)."""

    __slots__ = ("_points", "holdings", "lengths")

    def __init__(self, holdings: tuple[str, str, str, str] | list[str]) -> None:
        if len(holdings) != 4:
            raise ValueError("a hand has four suits")
        self.holdings = tuple(h.upper().replace("10", "T") for h in holdings)
        #: lengths by strain
        self.lengths = {suit: len(self.holdings[3 - suit.rank]) for suit in SUITS}
        self._points: dict[Scale, float] = {}

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """A hand as PBN writes it: ``AKJ5.K65.Q43.KT5``."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ValueError(f"{text!r} is not a PBN hand")
        return cls(parts)

    def length(self, suit: Strain) -> int:
        return self.lengths[suit]

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Lengths spades first."""
        return (len(self.holdings[0]), len(self.holdings[1]), len(self.holdings[2]), len(self.holdings[3]))

    def hcp(self, scale: Scale = STANDARD) -> float:
        known = self._points.get(scale)
        if known is None:
            values = dict(zip("AKQJT", scale.values, strict=True))
            known = sum(values.get(card, 0) for holding in self.holdings for card in holding)
            self._points[scale] = known
        return known

    def points(self, scale: Scale = STANDARD, *, freakiness: bool = False) -> float:
        """HCP plus one a card over four in a suit; with ``freakiness``, HCP plus half the freakiness less
        one half (practice_bidding's ``shape="freakiness"``: a 4333 hand counts its HCP less 0.5)."""
        if freakiness:
            return self.hcp(scale) + self.freakiness / 2 - 0.5
        return self.hcp(scale) + sum(max(length - 4, 0) for length in self.shape)

    @property
    def freakiness(self) -> int:
        """Pavlicek's *freakness* (rpbridge.net, "hand evaluation", section 7; redeal's ``Hand.freakness``).

        Each suit counts its cards over four, or its cards short of three, whichever is more (a void 3, a
        singleton 2, a doubleton 1, three or four cards 0, five cards 1, six 2...); a void adds 2 more, a
        singleton (and no void) 1 more: 4333 is 0, 4432 is 1, 5332 is 2, 4441 is 3, 5440 is 6.
        endplay has no such count.
        """
        shortest = min(self.shape)
        return sum(max(length - 4, 3 - length) for length in self.shape) + {0: 2, 1: 1}.get(shortest, 0)

    def playing_tricks(self, suit: Strain | None = None) -> float:
        """Pavlicek's playing tricks in ``suit``, or in the whole hand (the sum over the suits).

        See :func:`playing_tricks_in`; endplay has no such count (its ``losers`` is the losing trick count).
        """
        if suit is not None:
            return playing_tricks_in(self.holdings[3 - suit.rank])
        return sum(playing_tricks_in(holding) for holding in self.holdings)

    def __str__(self) -> str:
        return ".".join(self.holdings)


# --------------------------------------------------------------------------
# The model


@dataclass(frozen=True)
class SuitRef:
    """A suit: a concrete one, or the name of a pattern's suit (``M``, ``suit``…)."""

    strain: Strain | None = None
    variable: str | None = None

    def candidates(self) -> tuple[Strain, ...]:
        if self.strain is not None:
            return (self.strain,)
        return _VARIABLE_SUITS.get(self.variable or "", SUITS)

    @property
    def words(self) -> str:
        if self.strain is not None:
            return _SUIT_WORDS[self.strain]
        return _FREE_WORDS.get(self.variable or "suit", "a suit")


_VARIABLE_SUITS: dict[str, tuple[Strain, ...]] = {
    "M": (Strain.HEARTS, Strain.SPADES),
    "oM": (Strain.HEARTS, Strain.SPADES),
    "m": (Strain.CLUBS, Strain.DIAMONDS),
    "om": (Strain.CLUBS, Strain.DIAMONDS),
}
_MAJORS = (Strain.HEARTS, Strain.SPADES)
_MINORS = (Strain.CLUBS, Strain.DIAMONDS)
_FREE_WORDS = {"M": "a major", "oM": "the other major", "m": "a minor", "om": "the other minor", "suit": "the suit bid"}
_SUIT_WORDS = {Strain.SPADES: "spades", Strain.HEARTS: "hearts", Strain.DIAMONDS: "diamonds", Strain.CLUBS: "clubs"}
VARIABLES = ("M", "m", "oM", "om", "X", "Y", "Z", "suit")


@dataclass(frozen=True)
class Number:
    value: float


@dataclass(frozen=True)
class Strength:
    """HCP or points (HCP plus length, or with ``freakiness`` HCP plus freakiness) on a scale."""

    points: bool = False
    scale: Scale = STANDARD
    freakiness: bool = False

    @property
    def words(self) -> str:
        name = ("points counting freakiness" if self.freakiness else "points") if self.points else "HCP"
        return name if self.scale.is_standard else f"{name} ({self.scale.written})"


@dataclass(frozen=True)
class Tricks:
    """Pavlicek's playing tricks in the hand, or in one suit."""

    suit: SuitRef | None = None

    @property
    def words(self) -> str:
        return "playing tricks" if self.suit is None else f"playing tricks in {self.suit.words}"


@dataclass(frozen=True)
class Freakiness:
    """Pavlicek's freakness of the hand's shape (:attr:`Hand.freakiness`)."""

    words = "freakiness"


@dataclass(frozen=True)
class Length:
    suit: SuitRef


Quantity = Union[Strength, Length, Tricks, Freakiness]  # noqa: UP007 - a runtime alias


@dataclass(frozen=True)
class Arithmetic:
    operator: str  # "+", "-", "*"
    left: Expression
    right: Expression


Expression = Union[Number, Strength, Length, Tricks, Freakiness, Arithmetic]  # noqa: UP007 - a runtime alias


@dataclass(frozen=True)
class InRange:
    """``15-17 hcp``, ``6+ M``: a quantity between two bounds (``None``: no bound)."""

    quantity: Quantity
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Compare:
    operator: str  # "<", "<=", ">", ">=", "==", "!="
    left: Expression
    right: Expression


@dataclass(frozen=True)
class ShapeClass:
    name: str  # "balanced", "semi-balanced", "unbalanced", "any"


@dataclass(frozen=True)
class Place:
    """One place of a shape: a length (``None`` for ``x``) and the suit it names, if any."""

    length: int | None
    suit: SuitRef | None = None


@dataclass(frozen=True)
class ShapePattern:
    """Four places spades first; places in one group may come in any order."""

    written: str
    groups: tuple[tuple[Place, ...], ...]


@dataclass(frozen=True)
class All:
    parts: tuple[Test, ...]


@dataclass(frozen=True)
class Any_:
    parts: tuple[Test, ...]


@dataclass(frozen=True)
class Not:
    part: Test


Test = Union[InRange, Compare, ShapeClass, ShapePattern, All, Any_, Not]  # noqa: UP007 - a runtime alias


@dataclass(frozen=True)
class Condition:
    """A row's hand condition: the test, as written, and where."""

    test: Test
    source: str
    location: Location | None = field(default=None, compare=False)

    def holds(self, hand: Hand) -> bool:
        """Whether ``hand`` meets the condition; a suit no pattern gave may be any of its suits."""
        free: list[str] | None = self.__dict__.get("_free")
        if free is None:  # found once: the robot asks the same condition of many hands
            free = sorted(_free_variables(self.test))
            object.__setattr__(self, "_free", free)
        if not free:
            return _holds(self.test, hand, {})
        return any(_holds(self.test, hand, binding) for binding in _bindings(free))

    def bind(self, variables: Mapping[str, Strain], suit: Strain | None = None) -> Condition:
        """The condition with the pattern's suits filled in (``suit``: the row's bid's strain)."""
        given = dict(variables)
        for name, other, pair in (("M", "oM", _MAJORS), ("m", "om", _MINORS)):
            if name in given and other not in given and given[name] in pair:
                given[other] = pair[1 - pair.index(given[name])]
        if suit is not None and suit.is_suit:
            given["suit"] = suit
        if not given:
            return self
        return replace(self, test=_bind(self.test, given))

    def describe(self) -> str:
        """The condition in plain words: ``15–17 HCP, balanced``."""
        return _describe(self.test)

    def __str__(self) -> str:
        return self.describe()


# --------------------------------------------------------------------------
# Evaluation

_SHAPES = {
    "balanced": {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)},
}
_SHAPES["semi-balanced"] = _SHAPES["balanced"] | {(5, 4, 2, 2), (6, 3, 2, 2)}


def _suit(ref: SuitRef, binding: Mapping[str, Strain]) -> Strain:
    if ref.strain is not None:
        return ref.strain
    return binding[ref.variable or "suit"]


def _value(expression: Expression, hand: Hand, binding: Mapping[str, Strain]) -> float:
    if isinstance(expression, Number):
        return expression.value
    if isinstance(expression, Strength):
        if expression.points:
            return hand.points(expression.scale, freakiness=expression.freakiness)
        return hand.hcp(expression.scale)
    if isinstance(expression, Length):
        return hand.length(_suit(expression.suit, binding))
    if isinstance(expression, Tricks):
        return hand.playing_tricks(None if expression.suit is None else _suit(expression.suit, binding))
    if isinstance(expression, Freakiness):
        return hand.freakiness
    left, right = _value(expression.left, hand, binding), _value(expression.right, hand, binding)
    return _ARITHMETIC[expression.operator](left, right)


_ARITHMETIC: dict[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
}
_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def _holds(test: Test, hand: Hand, binding: Mapping[str, Strain]) -> bool:
    if isinstance(test, InRange):
        value = _value(test.quantity, hand, binding)
        return (test.low is None or value >= test.low) and (test.high is None or value <= test.high)
    if isinstance(test, Compare):
        return _COMPARE[test.operator](_value(test.left, hand, binding), _value(test.right, hand, binding))
    if isinstance(test, ShapeClass):
        if test.name == "any":
            return True
        balanced = tuple(sorted(hand.shape, reverse=True)) in _SHAPES["balanced"]
        if test.name == "unbalanced":
            return not balanced
        return balanced or tuple(sorted(hand.shape, reverse=True)) in _SHAPES[test.name]
    if isinstance(test, ShapePattern):
        return _fits(test, hand, binding)
    if isinstance(test, All):
        return all(_holds(part, hand, binding) for part in test.parts)
    if isinstance(test, Any_):
        return any(_holds(part, hand, binding) for part in test.parts)
    return not _holds(test.part, hand, binding)


def _fits(pattern: ShapePattern, hand: Hand, binding: Mapping[str, Strain]) -> bool:
    """Named places take their suit; the others take the remaining suits, spades first."""
    named = [(place, _suit(place.suit, binding)) for group in pattern.groups for place in group if place.suit]
    suits = [suit for _, suit in named]
    if len(set(suits)) != len(suits):
        return False
    for place, suit in named:
        if place.length is not None and hand.length(suit) != place.length:
            return False
    remaining = [suit for suit in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS) if suit not in suits]
    index = 0
    for group in pattern.groups:
        places = [place.length for place in group if place.suit is None]
        lengths = sorted(hand.length(suit) for suit in remaining[index : index + len(places)])
        index += len(places)
        wanted = sorted(length for length in places if length is not None)
        if not _matches_some(lengths, wanted):
            return False
    return True


def _matches_some(lengths: list[int], wanted: list[int]) -> bool:
    """Whether ``wanted`` (sorted) is a sub-multiset of ``lengths`` (the others are ``x``)."""
    pool = list(lengths)
    for length in wanted:
        if length not in pool:
            return False
        pool.remove(length)
    return True


def _free_variables(test: Test) -> set[str]:
    return {ref.variable or "suit" for ref in _test_refs(test) if ref.strain is None}


def _expression_refs(expression: Expression) -> Iterator[SuitRef]:
    if isinstance(expression, (Length, Tricks)):
        if expression.suit is not None:
            yield expression.suit
    elif isinstance(expression, Arithmetic):
        yield from _expression_refs(expression.left)
        yield from _expression_refs(expression.right)


def _test_refs(test: Test) -> Iterator[SuitRef]:
    if isinstance(test, InRange):
        yield from _expression_refs(test.quantity)
    elif isinstance(test, Compare):
        yield from _expression_refs(test.left)
        yield from _expression_refs(test.right)
    elif isinstance(test, ShapePattern):
        yield from (place.suit for group in test.groups for place in group if place.suit is not None)
    elif isinstance(test, (All, Any_)):
        for part in test.parts:
            yield from _test_refs(part)
    elif isinstance(test, Not):
        yield from _test_refs(test.part)


def _bindings(free: list[str]) -> Iterator[dict[str, Strain]]:
    """Every way to give the free names suits: M and oM differ, m and om, X, Y and Z."""
    choices = [_VARIABLE_SUITS.get(name, SUITS) for name in free]
    for suits in itertools.product(*choices):
        binding = dict(zip(free, suits, strict=True))
        if _distinct(binding):
            yield binding


def _distinct(binding: Mapping[str, Strain]) -> bool:
    for one, other in (("M", "oM"), ("m", "om"), ("X", "Y"), ("X", "Z"), ("Y", "Z")):
        if one in binding and other in binding and binding[one] == binding[other]:
            return False
    return True


def _bind_ref(ref: SuitRef, given: Mapping[str, Strain]) -> SuitRef:
    name = ref.variable or "suit"
    if ref.strain is None and name in given:
        return SuitRef(strain=given[name])
    return ref


def _bind_quantity(quantity: Quantity, given: Mapping[str, Strain]) -> Quantity:
    if isinstance(quantity, Length):
        return Length(_bind_ref(quantity.suit, given))
    if isinstance(quantity, Tricks) and quantity.suit is not None:
        return Tricks(_bind_ref(quantity.suit, given))
    return quantity


def _bind_expression(expression: Expression, given: Mapping[str, Strain]) -> Expression:
    if isinstance(expression, Arithmetic):
        left, right = _bind_expression(expression.left, given), _bind_expression(expression.right, given)
        return Arithmetic(expression.operator, left, right)
    if isinstance(expression, Number):
        return expression
    return _bind_quantity(expression, given)


def _bind(test: Test, given: Mapping[str, Strain]) -> Test:
    if isinstance(test, InRange):
        return replace(test, quantity=_bind_quantity(test.quantity, given))
    if isinstance(test, Compare):
        return Compare(test.operator, _bind_expression(test.left, given), _bind_expression(test.right, given))
    if isinstance(test, ShapePattern):
        groups = tuple(
            tuple(Place(place.length, None if place.suit is None else _bind_ref(place.suit, given)) for place in group)
            for group in test.groups
        )
        return replace(test, groups=groups)
    if isinstance(test, All):
        return All(tuple(_bind(part, given) for part in test.parts))
    if isinstance(test, Any_):
        return Any_(tuple(_bind(part, given) for part in test.parts))
    if isinstance(test, Not):
        return Not(_bind(test.part, given))
    return test


# --------------------------------------------------------------------------
# Plain words


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _describe(test: Test, level: int = 0) -> str:
    """``level``: 0 where a comma lists the parts, 1 inside an ``or``, 2 inside an ``and`` inside an ``or``."""
    if isinstance(test, InRange):
        return _describe_range(test)
    if isinstance(test, Compare):
        return _describe_compare(test)
    if isinstance(test, ShapeClass):
        return "any shape" if test.name == "any" else test.name
    if isinstance(test, ShapePattern):
        return f"shape {_describe_pattern(test)}"
    if isinstance(test, All):
        if level == 0:
            return ", ".join(_describe(part, 0) for part in test.parts)
        text = " and ".join(_describe(part, 2) for part in test.parts)
        return text if level == 1 else f"({text})"
    if isinstance(test, Any_):
        text = " or ".join(_describe(part, 1) for part in test.parts)
        return text if level < 2 else f"({text})"
    inner = _describe(test.part, 2)
    simple = isinstance(test.part, (InRange, ShapeClass, ShapePattern)) or inner.startswith("(")
    return f"not {inner}" if simple else f"not ({inner})"


def _describe_range(test: InRange) -> str:
    if isinstance(test.quantity, (Strength, Tricks, Freakiness)):
        unit = test.quantity.words
        if isinstance(test.quantity, Tricks) and test.low == test.high == 1:
            unit = unit.replace("tricks", "trick")
    else:
        unit = test.quantity.suit.words
        if test.quantity.suit.strain is None:
            unit = f"cards in {unit}"
        elif test.low == test.high == 1:
            unit = unit.removesuffix("s")
    low, high = test.low, test.high
    if low is not None and high is not None:
        amount = _number(low) if low == high else f"{_number(low)}\u2013{_number(high)}"
    elif low is not None:
        amount = f"{_number(low)}+"
    elif high is not None:
        amount = f"at most {_number(high)}"
    else:
        amount = "any"
    return f"{amount} {unit}"


def _describe_compare(test: Compare) -> str:
    if isinstance(test.left, Length) and isinstance(test.right, Length) and test.operator in (">", ">="):
        left, right = test.left.suit.words, test.right.suit.words
        if test.operator == ">":
            return f"{left} longer than {right}"
        return f"{left} at least as long as {right}"
    symbol = {"<=": "\u2264", ">=": "\u2265", "!=": "\u2260", "==": "="}.get(test.operator, test.operator)
    return f"{_describe_expression(test.left)} {symbol} {_describe_expression(test.right)}"


def _describe_expression(expression: Expression) -> str:
    if isinstance(expression, Number):
        return _number(expression.value)
    if isinstance(expression, (Strength, Tricks, Freakiness)):
        return expression.words
    if isinstance(expression, Length):
        return expression.suit.words
    left, right = _describe_expression(expression.left), _describe_expression(expression.right)
    if expression.operator == "*":
        return f"{left}\u00d7{right}"
    return f"{left} {expression.operator} {right}"


def _describe_pattern(pattern: ShapePattern) -> str:
    parts = []
    for group in pattern.groups:
        text = "".join(
            ("x" if place.length is None else str(place.length))
            + ("" if place.suit is None else _pattern_letter(place.suit))
            for place in group
        )
        parts.append(f"({text})" if len(group) > 1 else text)
    return "".join(parts)


def _pattern_letter(ref: SuitRef) -> str:
    if ref.strain is not None:
        return ref.strain.value
    return ref.variable or "suit"


# --------------------------------------------------------------------------
# Reading


class ConditionError(BMLError):
    """A condition that cannot be read."""


_SCALE = r"(?:\(\s*[0-9.]+(?:\s*[-,/ ]\s*[0-9.]+){3,4}\s*\))"
_TOKEN = re.compile(
    r"""\s*(?:
      (?P<range>[0-9]+(?:\.[0-9]+)?\s*(?:-|\u2013|\u2014|\.\.)\s*[0-9]+(?:\.[0-9]+)?)(?![\w.])
    | (?P<open>[0-9]+(?:\.[0-9]+)?[+\-])(?=\s|$|[,)])
    | (?P<number>[0-9]+(?:\.[0-9]+)?)
    | (?P<strength>(?i:freak(?:i?ness)[\s\-]+(?:points|pts)|hcp|points|pts|pt))(?P<scale>"""
    + _SCALE
    + r""")?(?![\w])
    | (?P<symbol>!?[shdcSHDC](?=\W|$)(?<=!.)|[\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667])
    | (?P<word>[A-Za-z][A-Za-z_\-]*)
    | (?P<operator>>=|<=|==|!=|\u2265|\u2264|\u2260|[<>=+\-*(),])
    )""",
    re.VERBOSE,
)

_SUIT_NAMES = {
    "spades": Strain.SPADES,
    "spade": Strain.SPADES,
    "hearts": Strain.HEARTS,
    "heart": Strain.HEARTS,
    "diamonds": Strain.DIAMONDS,
    "diamond": Strain.DIAMONDS,
    "clubs": Strain.CLUBS,
    "club": Strain.CLUBS,
}
_SYMBOLS = {
    "\u2660": Strain.SPADES,
    "\u2664": Strain.SPADES,
    "\u2665": Strain.HEARTS,
    "\u2661": Strain.HEARTS,
    "\u2666": Strain.DIAMONDS,
    "\u2662": Strain.DIAMONDS,
    "\u2663": Strain.CLUBS,
    "\u2667": Strain.CLUBS,
}
_CLASSES = {
    "balanced": "balanced",
    "bal": "balanced",
    "semi-balanced": "semi-balanced",
    "semibalanced": "semi-balanced",
    "semi-bal": "semi-balanced",
    "unbalanced": "unbalanced",
    "unbal": "unbalanced",
    "any": "any",
}
#: words that begin a hand evaluation other than HCP and points
_EVALUATIONS = ("playing", "tricks", "trick", "freakiness", "freakness")
_OPERATORS = {"=": "==", "\u2265": ">=", "\u2264": "<=", "\u2260": "!="}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    start: int
    scale: str | None = None
    end: int = 0


_SHAPE_TOKEN = re.compile(r"\s*((?:(?:[0-9]|x)(?:[SHDCMm]|oM|om)?|\((?:[0-9x])+\))+)(?![\w.+\-])")


def _shape_token(text: str, position: int) -> Token | None:
    """Four places (``5431``, ``(54)xx``, ``4M(xx)5``) read as a shape, not as a number."""
    match = _SHAPE_TOKEN.match(text, position)
    if match is None or _places(match.group(1)) != 4:
        return None
    return Token("shape", match.group(1), match.start(1), end=match.end())


def _places(written: str) -> int:
    return sum(len(group) if group else 1 for group, _, _ in _PLACE.findall(written))


def _tokens(text: str) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        shape = _shape_token(text, position)
        if shape is not None:
            tokens.append(shape)
            position = shape.end
            continue
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            bad = text[position:].strip().split()[0] if text[position:].strip() else text[position:]
            raise ConditionError(f"'{bad}' means nothing in a condition")
        kind = match.lastgroup or ""
        if kind == "strength" and match.group("scale") is None and text[match.end() : match.end() + 1] == "(":
            raise ConditionError(
                f"'{text[match.start(kind) :].split()[0]}': a scale gives the A, K, Q, J and maybe T, "
                "as in hcp(4.5-3-1.5-0.75-0.25)"
            )
        if kind == "scale":
            kind = "strength"
        value = match.group(kind).strip()
        tokens.append(Token(kind, value, match.start(kind), match.group("scale") if kind == "strength" else None))
        position = match.end()
    return tokens


def _scale(written: str) -> Scale:
    values = [float(v) for v in re.split(r"[-,/ ]+", written.strip("() ")) if v]
    return Scale(*values)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.index = 0

    # -- tokens
    def peek(self, offset: int = 0) -> Token | None:
        index = self.index + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise ConditionError(f"the condition '{self.text.strip()}' stops too early")
        self.index += 1
        return token

    def is_word(self, *words: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == "word" and token.text.lower() in words

    def is_operator(self, *operators: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == "operator" and token.text in operators

    def unexpected(self, wanted: str) -> ConditionError:
        token = self.peek()
        if token is None:
            return ConditionError(f"the condition '{self.text.strip()}' stops where {wanted} should come")
        return ConditionError(f"'{token.text}' in '{self.text.strip()}': {wanted} should come there")

    # -- grammar
    def condition(self) -> Test:
        test = self.listed()
        if self.peek() is not None:
            raise self.unexpected("'and', 'or', a comma or the end of the condition")
        return test

    def listed(self) -> Test:
        """Parts separated by commas must all hold; a comma binds loosest, as in prose:
        ``12-14 hcp, balanced or 5+ clubs`` is 12-14 HCP and (balanced or 5+ clubs)."""
        parts = [self.any_of()]
        while self.is_operator(","):
            self.next()
            parts.append(self.any_of())
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def any_of(self) -> Test:
        parts = [self.all_of()]
        while self.is_word("or"):
            self.next()
            parts.append(self.all_of())
        return parts[0] if len(parts) == 1 else Any_(tuple(parts))

    def all_of(self) -> Test:
        parts = [self.negation()]
        while self.is_word("and"):
            self.next()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def negation(self) -> Test:
        if self.is_word("not"):
            self.next()
            return Not(self.negation())
        return self.single()

    def single(self) -> Test:
        token = self.peek()
        if token is None:
            raise self.unexpected("a condition")
        if token.kind == "shape":
            self.next()
            return _pattern(token.text)
        if token.kind == "word" and token.text.lower() in _CLASSES:
            self.next()
            return ShapeClass(_CLASSES[token.text.lower()])
        if self.is_operator("("):
            saved = self.index
            try:
                return self.comparison()
            except ConditionError:
                self.index = saved
            self.next()
            inner = self.listed()
            if not self.is_operator(")"):
                raise self.unexpected("')'")
            self.next()
            return inner
        if token.kind in ("range", "open") or (token.kind == "number" and self._quantity_follows(1)):
            count = self.next()
            quantity = self.quantity()
            return InRange(quantity, *_bounds(count))
        if self._quantity_follows(0):
            saved = self.index
            quantity = self.quantity()
            amount = self.peek()
            if amount is not None and (
                amount.kind in ("range", "open") or (amount.kind == "number" and not self._quantity_follows(1))
            ):
                self.next()
                return InRange(quantity, *_bounds(amount))
            self.index = saved
        return self.comparison()

    def _quantity_follows(self, offset: int) -> bool:
        token = self.peek(offset)
        if token is None:
            return False
        if token.kind in ("strength", "symbol"):
            return True
        return token.kind == "word" and (
            token.text.lower() in _SUIT_NAMES or token.text in VARIABLES or token.text.lower() in _EVALUATIONS
        )

    def quantity(self) -> Quantity:
        token = self.next()
        if token.kind == "strength":
            scale = _scale(token.scale) if token.scale else STANDARD
            written = token.text.lower()
            return Strength(points=not written.startswith("h"), scale=scale, freakiness=written.startswith("f"))
        suit = _suit_ref(token)
        if suit is not None:
            return Length(suit)
        if token.kind == "word" and token.text.lower() in _EVALUATIONS:
            return self.evaluation(token.text.lower())
        self.index -= 1
        raise self.unexpected("hcp, points, playing tricks or a suit")

    def evaluation(self, word: str) -> Tricks | Freakiness:
        """``playing tricks``, ``tricks in hearts``, ``freakiness``: the word is read, what follows is not."""
        if word == "playing":
            if not self.is_word("tricks", "trick"):
                raise self.unexpected("'tricks' (as in '7+ playing tricks')")
            self.next()
            word = "tricks"
        if word in ("tricks", "trick"):
            if not self.is_word("in"):
                return Tricks()
            self.next()
            token = self.peek()
            suit = None if token is None else _suit_ref(token)
            if suit is None:
                raise self.unexpected("a suit (as in '2+ tricks in hearts')")
            self.next()
            return Tricks(suit)
        token = self.peek()
        if token is not None and token.kind == "strength":
            raise ConditionError(
                f"'{word} {token.text}': points counted with freakiness are written 'freakiness points', "
                "as in 16+ freakiness points"
            )
        return Freakiness()

    def comparison(self) -> Test:
        left = self.expression()
        if not self.is_operator("<", "<=", ">", ">=", "=", "==", "!=", "\u2265", "\u2264", "\u2260"):
            raise self.unexpected("a comparison such as > or <=")
        operator = self.next().text
        right = self.expression()
        first = Compare(_OPERATORS.get(operator, operator), left, right)
        if self.is_operator("<", "<=", ">", ">=", "\u2265", "\u2264"):  # 10 <= hcp <= 12
            again = self.next().text
            second = Compare(_OPERATORS.get(again, again), right, self.expression())
            return _as_range(first, second) or All((first, second))
        return first

    def expression(self) -> Expression:
        left = self.term()
        while self.is_operator("+", "-"):
            operator = self.next().text
            left = Arithmetic(operator, left, self.term())
        return left

    def term(self) -> Expression:
        left = self.factor()
        while self.is_operator("*"):
            self.next()
            left = Arithmetic("*", left, self.factor())
        return left

    def factor(self) -> Expression:
        token = self.peek()
        if token is None:
            raise self.unexpected("a number, hcp, points or a suit")
        if token.kind == "number":
            self.next()
            return Number(float(token.text))
        if self.is_operator("("):
            self.next()
            inner = self.expression()
            if not self.is_operator(")"):
                raise self.unexpected("')'")
            self.next()
            return inner
        if self.is_operator("-"):
            self.next()
            return Arithmetic("-", Number(0), self.factor())
        return self.quantity()


def _suit_ref(token: Token) -> SuitRef | None:
    """The suit a token names (``hearts``, ``♥``, ``!h``, ``M``), or ``None``."""
    if token.kind == "symbol":
        letter = token.text.lstrip("!")
        return SuitRef(strain=_SYMBOLS.get(letter) or Strain.from_letter(letter))
    if token.kind == "word" and token.text.lower() in _SUIT_NAMES:
        return SuitRef(strain=_SUIT_NAMES[token.text.lower()])
    if token.kind == "word" and token.text in VARIABLES:
        return SuitRef(variable=token.text)
    return None


def _as_range(first: Compare, second: Compare) -> InRange | None:
    """``10 <= hcp <= 12`` as the range it is."""
    low, quantity, high = first.left, first.right, second.right
    same = first.operator == second.operator == "<="
    quantities = (Strength, Length, Tricks, Freakiness)
    if same and isinstance(quantity, quantities) and isinstance(low, Number) and isinstance(high, Number):
        return InRange(quantity, low.value, high.value) if low.value <= high.value else None
    return None


def _bounds(token: Token) -> tuple[float | None, float | None]:
    text = token.text
    if token.kind == "number":
        value = float(text)
        return value, value
    if token.kind == "open":
        value = float(text[:-1])
        return (value, None) if text.endswith("+") else (None, value)
    low, high = (float(part) for part in re.split(r"\s*(?:-|\u2013|\u2014|\.\.)\s*", text))
    if low > high:
        raise ConditionError(f"'{text}' runs backwards: write the smaller number first")
    return low, high


_PLACE = re.compile(r"\(([0-9x]+)\)|([0-9x])(oM|om|[SHDCMm])?")


def _pattern(written: str) -> ShapePattern:
    groups: list[tuple[Place, ...]] = []
    for match in _PLACE.finditer(written):
        if match.group(1) is not None:
            groups.append(tuple(Place(None if c == "x" else int(c)) for c in match.group(1)))
        else:
            length = None if match.group(2) == "x" else int(match.group(2))
            letter = match.group(3)
            suit = None
            if letter:
                suit = SuitRef(variable=letter) if letter in VARIABLES else SuitRef(strain=Strain.from_letter(letter))
            groups.append((Place(length, suit),))
    places = [place for group in groups for place in group]
    if len(places) != 4:
        raise ConditionError(
            f"the shape '{written}' has {len(places)} places: a shape gives four, as in 5431 or (54)xx"
        )
    lengths = [place.length for place in places if place.length is not None]
    if sum(lengths) > 13 or (len(lengths) == 4 and sum(lengths) != 13):
        raise ConditionError(f"the shape '{written}' does not add up to 13 cards")
    return ShapePattern(written, tuple(groups))


def parse_condition(text: str, location: Location | None = None) -> Condition:
    """Read a condition (the text between the braces); a :class:`BMLError` says what is wrong."""
    if not text.strip():
        raise BMLError("'{{ }}' holds no condition: write one such as {{ 15-17 hcp, balanced }}", location, Kind.SYNTAX)
    try:
        test = _Parser(text).condition()
    except ConditionError as error:
        raise BMLError(
            f"the hand condition {{{{{text.strip()}}}}} cannot be read: {error.message}", location, Kind.SYNTAX
        ) from None
    except (ValueError, TypeError) as error:  # a scale with too many values, a bad number
        raise BMLError(
            f"the hand condition {{{{{text.strip()}}}}} cannot be read: {error}", location, Kind.SYNTAX
        ) from None
    return Condition(test, text.strip(), location)


def find_condition(line: str) -> tuple[str, str | None]:
    """Split a description line into its text and the condition ending it (``None``: none)."""
    match = CONDITION.search(line)
    if match is None:
        return line, None
    return line[: match.start()].rstrip(), match.group(1)
