"""The condition tree: suits, quantities and tests, which a row's :class:`~.condition.Condition` holds.

A test is a tree of frozen dataclasses: :class:`InRange` (``15-17 hcp``),
:class:`Compare` (``hearts > spades``), :class:`ShapeClass`
(``balanced``), :class:`ShapePattern` (``(54)xx``), and :class:`All`,
:class:`Any_` and :class:`Not` over them. A suit is a :class:`SuitRef`:
a concrete strain, or a pattern's variable (``M``, ``oM``, ``X``, ``suit``)
that :meth:`Condition.bind` fills in and evaluation tries.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Union

from ..calls import SUITS, Strain
from ..suits import SUIT_NAMES
from .hands import STANDARD, Scale


@dataclass(frozen=True)
class SuitRef:
    """A suit: a concrete one, or the name of a pattern's suit (``M``, ``suit``…)."""

    strain: Strain | None = None
    variable: str | None = None

    def candidates(self) -> tuple[Strain, ...]:
        if self.strain is not None:
            return (self.strain,)
        return VARIABLE_SUITS.get(self.variable or "", SUITS)

    @property
    def words(self) -> str:
        if self.strain is not None:
            return SUIT_NAMES[self.strain.value]
        return _FREE_WORDS.get(self.variable or "suit", "a suit")


VARIABLE_SUITS: dict[str, tuple[Strain, ...]] = {
    "M": (Strain.HEARTS, Strain.SPADES),
    "oM": (Strain.HEARTS, Strain.SPADES),
    "m": (Strain.CLUBS, Strain.DIAMONDS),
    "om": (Strain.CLUBS, Strain.DIAMONDS),
}
MAJORS = (Strain.HEARTS, Strain.SPADES)
MINORS = (Strain.CLUBS, Strain.DIAMONDS)
_FREE_WORDS = {"M": "a major", "oM": "the other major", "m": "a minor", "om": "the other minor", "suit": "the suit bid"}
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


# -- what a test names, and its suits filled in


def free_variables(test: Test) -> set[str]:
    return {ref.variable or "suit" for ref in suit_refs(test) if ref.strain is None}


def _expression_refs(expression: Expression) -> Iterator[SuitRef]:
    if isinstance(expression, (Length, Tricks)):
        if expression.suit is not None:
            yield expression.suit
    elif isinstance(expression, Arithmetic):
        yield from _expression_refs(expression.left)
        yield from _expression_refs(expression.right)


def suit_refs(test: Test) -> Iterator[SuitRef]:
    if isinstance(test, InRange):
        yield from _expression_refs(test.quantity)
    elif isinstance(test, Compare):
        yield from _expression_refs(test.left)
        yield from _expression_refs(test.right)
    elif isinstance(test, ShapePattern):
        yield from (place.suit for group in test.groups for place in group if place.suit is not None)
    elif isinstance(test, (All, Any_)):
        for part in test.parts:
            yield from suit_refs(part)
    elif isinstance(test, Not):
        yield from suit_refs(test.part)


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


def bind_test(test: Test, given: Mapping[str, Strain]) -> Test:
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
        return All(tuple(bind_test(part, given) for part in test.parts))
    if isinstance(test, Any_):
        return Any_(tuple(bind_test(part, given) for part in test.parts))
    if isinstance(test, Not):
        return Not(bind_test(test.part, given))
    return test
