"""A hand checked the way practice_bidding checks it, straight from the XML's tests,
and the call its robot makes (:func:`xml_call`).

Independent of BML's conditions: the tests compare the two on many hands
(a converted row's condition must accept exactly the hands this accepts).
A helper module of the tests, not a test module.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sphinx_bml.formats.practice_xml import (
    SUIT_NAMES,
    AllOf,
    AnyOf,
    Evaluation,
    Formula,
    GeneralShape,
    NoneOf,
    Shapes,
    SuitLength,
    XmlBid,
    XmlSystem,
    XmlTest,
)
from sphinx_bml.language.calls import PASS, Call
from sphinx_bml.language.conditions import Hand, Scale


def _lengths(hand: Hand) -> dict[str, int]:
    return {suit: len(holding) for suit, holding in zip(SUIT_NAMES, hand.holdings, strict=True)}


def _count(hand: Hand, scale: Scale) -> float:
    values = dict(zip("AKQJT", scale.values, strict=True))
    return sum(values.get(card, 0) for holding in hand.holdings for card in holding)


def _evaluate(method: str, hand: Hand, system: XmlSystem) -> float:
    """``<hcp>``, ``<points>`` or ``<tricks>`` of ``hand``, counted as the root says."""
    if method == "tricks":
        return hand.playing_tricks()
    value = _count(hand, system.scale)
    if method == "points" and system.points == "freakiness":
        return value + hand.freakiness / 2 - 0.5
    if method == "points":
        return value + sum(max(length - 4, 0) for length in _lengths(hand).values())
    return value


def _shape_fits(shape: str, lengths: list[int]) -> bool:
    """A redeal shape such as ``(54)xx``: each group's suits, in any order, have its lengths."""
    position = 0
    for group in re.findall(r"\(([0-9x]+)\)|([0-9x])", shape):
        places = group[0] or group[1]
        held = sorted(lengths[position : position + len(places)])
        position += len(places)
        pool = list(held)
        for place in places:
            if place == "x":
                continue
            if int(place) not in pool:
                return False
            pool.remove(int(place))
    return True


def _arithmetic(side: str, lengths: dict[str, int]) -> float:
    total = 0.0
    for sign, term in re.findall(r"([-+]?)([^-+]+)", side):
        product = 1.0
        for factor in term.split("*"):
            product *= lengths[factor] if factor in lengths else float(factor)
        total += -product if sign == "-" else product
    return total


_COMPARE = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def accepts(test: XmlTest | None, hand: Hand, system: XmlSystem) -> bool:
    """Whether practice_bidding's robot would take the bid with ``hand`` (``None``: never)."""
    if test is None:
        return False
    lengths = _lengths(hand)
    if isinstance(test, Evaluation):
        return test.low <= _evaluate(test.method, hand, system) <= test.high
    if isinstance(test, SuitLength):
        return test.low <= lengths[test.suit] <= test.high
    if isinstance(test, GeneralShape):
        balanced = sorted(lengths.values(), reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])
        return {"balanced": balanced, "unbalanced": not balanced}.get(test.name, True)
    if isinstance(test, Shapes):
        shape = [lengths[suit] for suit in SUIT_NAMES]
        result = False
        for sign, written in test.terms:
            result = (
                (result or _shape_fits(written, shape)) if sign == "+" else (result and not _shape_fits(written, shape))
            )
        return result
    if isinstance(test, Formula):
        return bool(_COMPARE[test.operator](_arithmetic(test.left, lengths), _arithmetic(test.right, lengths)))
    if isinstance(test, AllOf):
        return all(accepts(part, hand, system) for part in test.parts)
    if isinstance(test, AnyOf):
        return any(accepts(part, hand, system) for part in test.parts)
    if isinstance(test, NoneOf):
        return not accepts(test.part, hand, system)
    raise ValueError(f"line {test.line}: {test.reason}")


def xml_call(
    system: XmlSystem, calls: list[Call], hand: Hand, accept: Callable[[XmlTest, Hand], bool] | None = None
) -> Call:
    """practice_bidding's robot, taking the first bid that accepts the hand (it takes one at random):
    the side that opened bids through the tree, the other side passes. ``accept``: how a test is checked
    (:func:`accepts` unless given)."""
    check = accept or (lambda test, held: accepts(test, held, system))
    first = next((index for index, call in enumerate(calls) if call.is_bid), None)
    choices: list[XmlBid] = system.bids
    if first is not None:
        if first % 2 != len(calls) % 2:
            return PASS
        for ours in calls[first::2]:
            found = next((b for b in choices if b.call == ours), None)
            if found is None:
                return PASS
            choices = found.children
    return next((b.call for b in choices if b.test is not None and check(b.test, hand)), PASS)
