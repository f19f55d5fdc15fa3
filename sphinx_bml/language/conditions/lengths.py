"""The fewest cards in a suit that a hand condition allows: what a convention card's
"min. no. of cards" says of an opening.

Every shape of thirteen cards (560 of them) is tried, fewest cards in the suit first,
against the test with only the shape known (:class:`~.hands.Shape`): a part on strength
or honours may be whatever the test asks (:func:`~.evaluation.may_hold`). The first
shape that may meet the test gives the answer, so it is never more than the condition
allows (``5+ spades or 4 spades and 15+ hcp`` is 4). A condition that says nothing of
the hand's shape (``16+ hcp``) gives no answer, not 0: it does not say the suit may be
void, only nothing about it.
"""

from __future__ import annotations

from functools import cache

from ..calls import SUITS, Strain
from .evaluation import may_hold
from .hands import Shape
from .tree import All, Any_, Not, ShapeClass, ShapePattern, Test, suit_refs

__all__ = ["fewest_cards"]


@cache
def _shapes_by_length(suit: Strain) -> tuple[tuple[Shape, ...], ...]:
    """Every shape of thirteen cards, by the length of ``suit`` (0 to 13)."""
    shapes: list[list[Shape]] = [[] for _ in range(14)]
    for spades in range(14):
        for hearts in range(14 - spades):
            for diamonds in range(14 - spades - hearts):
                shape = Shape((spades, hearts, diamonds, 13 - spades - hearts - diamonds))
                shapes[shape.length(suit)].append(shape)
    return tuple(tuple(found) for found in shapes)


def _speaks_of_shape(test: Test, suit: Strain) -> bool:
    """Whether ``test`` says something of the hand's shape that may bear on ``suit``: its length
    (named, or a pattern's suit that may be it), a shape (``5431``), or a kind of shape (``balanced``)."""
    if any(suit in ref.candidates() for ref in suit_refs(test)):
        return True
    return _has_shape(test)


def _has_shape(test: Test) -> bool:
    if isinstance(test, ShapePattern):
        return True
    if isinstance(test, ShapeClass):
        return test.name != "any"
    if isinstance(test, (All, Any_)):
        return any(_has_shape(part) for part in test.parts)
    return isinstance(test, Not) and _has_shape(test.part)


@cache
def fewest_cards(test: Test, suit: Strain) -> int | None:
    """The fewest cards in ``suit`` a hand may hold and meet ``test``; ``None`` when the test
    says nothing of the hand's shape, or no hand meets it."""
    if suit not in SUITS or not _speaks_of_shape(test, suit):
        return None
    for length, shapes in enumerate(_shapes_by_length(suit)):
        if any(may_hold(test, shape) for shape in shapes):
            return length
    return None
