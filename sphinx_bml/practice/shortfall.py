"""How far a hand is from a row's condition: what the robot bids when it must bid and no row fits.

The shortfall counts what the hand lacks in the condition's own units: a
point of HCP, a card of length, a playing trick; a shape it does not have
counts 2 (a card that would have to move from one suit to another), a
balanced or unbalanced hand it is not counts 1. ``and`` adds the parts up,
``or`` takes the nearest part, ``not`` counts 1 when the part holds. A hand
that meets the condition falls short by 0; a suit a pattern leaves open is
the one that comes nearest.
"""

from __future__ import annotations

from ..language.conditions import Condition, Hand
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

#: what a shape the hand does not have counts (one card in the wrong suit)
SHAPE_MISSED = 2.0


def shortfall(condition: Condition, hand: Hand) -> float:
    """How far ``hand`` is from meeting ``condition`` (0 when it meets it)."""
    if condition.holds(hand):
        return 0.0
    return max(_short(condition.test, hand), 0.5)


def _short(test: Test, hand: Hand) -> float:
    if isinstance(test, InRange):
        return min(_range_short(value, test.low, test.high) for value in _values(test.quantity, hand))
    if isinstance(test, Compare):
        return min(
            _compare_short(test.operator, left, right)
            for left in _values(test.left, hand)
            for right in _values(test.right, hand)
        )
    if isinstance(test, ShapeClass | ShapePattern):
        return 0.0 if Condition(test, "").holds(hand) else (1.0 if isinstance(test, ShapeClass) else SHAPE_MISSED)
    if isinstance(test, All):
        return sum(_short(part, hand) for part in test.parts)
    if isinstance(test, Any_):
        return min(_short(part, hand) for part in test.parts)
    assert isinstance(test, Not)
    return 1.0 if Condition(test.part, "").holds(hand) else 0.0


def _range_short(value: float, low: float | None, high: float | None) -> float:
    if low is not None and value < low:
        return low - value
    if high is not None and value > high:
        return value - high
    return 0.0


def _compare_short(operator: str, left: float, right: float) -> float:
    gap = left - right
    return {
        "<": max(gap + 1, 0),
        "<=": max(gap, 0),
        ">": max(1 - gap, 0),
        ">=": max(-gap, 0),
        "==": abs(gap),
        "!=": 1.0 if gap == 0 else 0.0,
    }[operator]


def _values(expression: Expression, hand: Hand) -> list[float]:
    """The values ``expression`` may take on ``hand``: one for each suit a pattern's letter may stand for."""
    if isinstance(expression, Number):
        return [expression.value]
    if isinstance(expression, Strength):
        if expression.points:
            return [hand.points(expression.scale, freakiness=expression.freakiness)]
        return [hand.hcp(expression.scale)]
    if isinstance(expression, Length):
        return [hand.length(suit) for suit in expression.suit.candidates()]
    if isinstance(expression, Tricks):
        if expression.suit is None:
            return [hand.playing_tricks()]
        return [hand.playing_tricks(suit) for suit in expression.suit.candidates()]
    if isinstance(expression, Freakiness):
        return [float(hand.freakiness)]
    assert isinstance(expression, Arithmetic)
    operate = {"+": float.__add__, "-": float.__sub__, "*": float.__mul__}[expression.operator]
    return [
        operate(float(left), float(right))
        for left in _values(expression.left, hand)
        for right in _values(expression.right, hand)
    ]
