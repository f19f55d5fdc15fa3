"""Evaluation: whether a hand meets a test.

A suit no pattern gave (``M``, ``X``, ``suit`` where the row's bid is no
suit) may be any of its suits: the test holds when some way of giving the
free names their suits makes it hold (``M`` and ``oM`` differ, so do ``m``
and ``om``, and ``X``, ``Y`` and ``Z``). Those ways are tried one name at a
time, and each name only once the test cannot yet be decided: with some
names still free, a quantity is known to lie between the least and the most
it can be over their suits (:data:`Span`), which often decides a part or
the whole (``M + oM >= 9`` with hearts and spades both 4 long is false
whatever ``M`` is). A test naming all eight names is tried under at most
2 × 2 × 24 × 4 = 384 ways, not the 4,096 that every combination would be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..calls import SUITS, Strain
from .hands import Hand
from .tree import (
    VARIABLE_SUITS,
    VARIABLES,
    All,
    Any_,
    Compare,
    Expression,
    Freakiness,
    InRange,
    Length,
    Number,
    ShapeClass,
    ShapePattern,
    Strength,
    SuitRef,
    Test,
    Tricks,
    free_variables,
)

__all__ = ["SHAPES_OF_CLASS", "Span", "holds", "may_hold", "ways"]

#: The least and the most a quantity can be with the suits given so far.
Span = tuple[float, float]
#: Suits given to the free names so far.
Binding = dict[str, Strain]

_SHAPES = {
    "balanced": {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)},
}
_SHAPES["semi-balanced"] = _SHAPES["balanced"] | {(5, 4, 2, 2), (6, 3, 2, 2)}
#: The shapes, longest suit first, of each kind of shape but ``unbalanced`` (not balanced) and ``any``.
SHAPES_OF_CLASS: dict[str, set[tuple[int, int, int, int]]] = _SHAPES

#: Names that never stand for the same suit.
_DIFFERENT: dict[str, tuple[str, ...]] = {
    "M": ("oM",),
    "oM": ("M",),
    "m": ("om",),
    "om": ("m",),
    "X": ("Y", "Z"),
    "Y": ("X", "Z"),
    "Z": ("X", "Y"),
}


def holds(test: Test, hand: Hand) -> bool:
    """Whether ``hand`` meets ``test`` under some way of giving its free names their suits."""
    named = free_variables(test)
    return _search(test, hand, {}, [name for name in VARIABLES if name in named])


def may_hold(test: Test, hand: Hand) -> bool:
    """Whether a hand like ``hand`` could meet ``test``: as :func:`holds`, but what is unknown of
    ``hand`` (the strength of a :class:`~.hands.Shape`) may be whatever the test asks."""
    named = free_variables(test)
    return _search(test, hand, {}, [name for name in VARIABLES if name in named], undecided=True)


def ways(test: Test) -> Iterator[dict[str, Strain]]:
    """Every way of giving the free names of ``test`` their suits that :func:`holds` may try (the
    test holds when it holds under one of them): each name one of its suits, names that never stand
    for the same suit on different suits. A test without free names has one way, giving nothing."""
    named = free_variables(test)
    yield from _ways([name for name in VARIABLES if name in named], {})


def _ways(free: list[str], binding: Binding) -> Iterator[dict[str, Strain]]:
    if len(binding) == len(free):
        yield dict(binding)
        return
    name = free[len(binding)]
    for suit in VARIABLE_SUITS.get(name, SUITS):
        if any(binding.get(other) == suit for other in _DIFFERENT.get(name, ())):
            continue
        binding[name] = suit
        yield from _ways(free, binding)
        del binding[name]


def _search(test: Test, hand: Hand, binding: Binding, free: list[str], *, undecided: bool = False) -> bool:
    verdict = _judge(test, hand, binding)
    if verdict is not None:
        return verdict
    if len(binding) == len(free):  # every name given: only what is unknown of the hand leaves it open
        return undecided
    name = free[len(binding)]
    for suit in VARIABLE_SUITS.get(name, SUITS):
        if any(binding.get(other) == suit for other in _DIFFERENT.get(name, ())):
            continue
        binding[name] = suit
        if _search(test, hand, binding, free, undecided=undecided):
            return True
        del binding[name]
    return False


def _suits(ref: SuitRef, binding: Binding) -> tuple[Strain, ...]:
    """The suits ``ref`` may still be."""
    if ref.strain is not None:
        return (ref.strain,)
    name = ref.variable or "suit"
    if name in binding:
        return (binding[name],)
    return VARIABLE_SUITS.get(name, SUITS)


def _span(expression: Expression, hand: Hand, binding: Binding) -> Span:
    if isinstance(expression, Number):
        return expression.value, expression.value
    if isinstance(expression, Strength):
        if expression.points:
            value = hand.points(expression.scale, freakiness=expression.freakiness)
        else:
            value = hand.hcp(expression.scale)
        return value, value
    if isinstance(expression, Freakiness):
        return hand.freakiness, hand.freakiness
    if isinstance(expression, Length):
        if expression.suit.strain is not None:  # the common case: a suit named
            length = hand.length(expression.suit.strain)
            return length, length
        lengths = [hand.length(suit) for suit in _suits(expression.suit, binding)]
        return min(lengths), max(lengths)
    if isinstance(expression, Tricks):
        if expression.suit is None:
            tricks = hand.playing_tricks()
            return tricks, tricks
        counts = [hand.playing_tricks(suit) for suit in _suits(expression.suit, binding)]
        return min(counts), max(counts)
    return _ARITHMETIC[expression.operator](
        _span(expression.left, hand, binding), _span(expression.right, hand, binding)
    )


def _times(left: Span, right: Span) -> Span:
    products = [a * b for a in left for b in right]
    return min(products), max(products)


_ARITHMETIC: dict[str, Callable[[Span, Span], Span]] = {
    "+": lambda a, b: (a[0] + b[0], a[1] + b[1]),
    "-": lambda a, b: (a[0] - b[1], a[1] - b[0]),
    "*": _times,
}


def _equal(a: Span, b: Span) -> bool | None:
    if a[1] < b[0] or a[0] > b[1]:
        return False
    return True if a[0] == a[1] == b[0] == b[1] else None


def _negated(verdict: bool | None) -> bool | None:
    return None if verdict is None else not verdict


def _decided(true: bool, false: bool) -> bool | None:
    return True if true else False if false else None


#: Each comparison of two spans: true for sure, false for sure, or not known yet.
_COMPARE: dict[str, Callable[[Span, Span], bool | None]] = {
    "<": lambda a, b: _decided(a[1] < b[0], a[0] >= b[1]),
    "<=": lambda a, b: _decided(a[1] <= b[0], a[0] > b[1]),
    ">": lambda a, b: _decided(a[0] > b[1], a[1] <= b[0]),
    ">=": lambda a, b: _decided(a[0] >= b[1], a[1] < b[0]),
    "==": _equal,
    "!=": lambda a, b: _negated(_equal(a, b)),
}


def _judge(test: Test, hand: Hand, binding: Binding) -> bool | None:
    """Whether ``hand`` meets ``test`` with the suits given so far: ``None`` when it depends on those not given."""
    if isinstance(test, InRange):
        low, high = _span(test.quantity, hand, binding)
        inside = (test.low is None or low >= test.low) and (test.high is None or high <= test.high)
        outside = (test.low is not None and high < test.low) or (test.high is not None and low > test.high)
        return _decided(inside, outside)
    if isinstance(test, Compare):
        return _COMPARE[test.operator](_span(test.left, hand, binding), _span(test.right, hand, binding))
    if isinstance(test, ShapeClass):
        if test.name == "any":
            return True
        balanced = tuple(sorted(hand.shape, reverse=True)) in _SHAPES["balanced"]
        if test.name == "unbalanced":
            return not balanced
        return balanced or tuple(sorted(hand.shape, reverse=True)) in _SHAPES[test.name]
    if isinstance(test, ShapePattern):
        return _fits(test, hand, binding)
    if isinstance(test, (All, Any_)):
        deciding = isinstance(test, Any_)  # the verdict of one part that decides the whole
        unknown = False
        for part in test.parts:
            verdict = _judge(part, hand, binding)
            if verdict is deciding:
                return deciding
            unknown = unknown or verdict is None
        return None if unknown else not deciding
    return _negated(_judge(test.part, hand, binding))


def _fits(pattern: ShapePattern, hand: Hand, binding: Binding) -> bool | None:
    """Named places take their suit; the others take the remaining suits, spades first."""
    named: list[tuple[int | None, Strain]] = []
    for group in pattern.groups:
        for place in group:
            if place.suit is not None:
                suits = _suits(place.suit, binding)
                if len(suits) > 1:
                    return None
                named.append((place.length, suits[0]))
    given = [suit for _, suit in named]
    if len(set(given)) != len(given):
        return False
    for length, suit in named:
        if length is not None and hand.length(suit) != length:
            return False
    remaining = [suit for suit in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS) if suit not in given]
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
