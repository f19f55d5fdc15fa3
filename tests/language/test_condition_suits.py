"""Conditions that name the suits of a pattern (M, m, oM, om, X, Y, Z, suit) with no pattern to give them.

The hand meets such a condition when some way of giving the names suits makes it hold. Checking tries
the names one at a time and stops as soon as the condition is decided: the verdict must be the one that
trying every way gives, and the work must stay far below trying every way.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_bml.language.calls import SUITS, Strain
from sphinx_bml.language.conditions import Hand, parse_condition
from sphinx_bml.language.conditions.tree import VARIABLE_SUITS, free_variables

DIFFERENT = (("M", "oM"), ("m", "om"), ("X", "Y"), ("X", "Z"), ("Y", "Z"))


def every_way(condition: str, hand: Hand) -> bool:
    """The verdict of trying every way of giving the names suits, one way at a time."""
    parsed = parse_condition(condition)
    names = sorted(free_variables(parsed.test))
    for suits in itertools.product(*(VARIABLE_SUITS.get(name, SUITS) for name in names)):
        given = dict(zip(names, suits, strict=True))
        if any(one in given and other in given and given[one] == given[other] for one, other in DIFFERENT):
            continue
        bound = parsed.bind({name: suit for name, suit in given.items() if name != "suit"}, given.get("suit"))
        if bound.holds(hand):
            return True
    return False


def random_hand(seed: int) -> Hand:
    deck = [(suit, rank) for suit in range(4) for rank in "AKQJT98765432"]
    random.Random(seed).shuffle(deck)
    holdings = ["".join(rank for s, rank in sorted(deck[:13]) if s == suit) for suit in range(4)]
    return Hand(holdings)


NAMES = ["M", "m", "oM", "om", "X", "Y", "Z", "suit", "hearts", "spades"]
PART = st.one_of(
    st.builds(lambda n, low: f"{low}+ {n}", st.sampled_from(NAMES), st.integers(0, 7)),
    st.builds(
        lambda a, op, b: f"{a} {op} {b}",
        st.sampled_from(NAMES),
        st.sampled_from([">", ">=", "==", "!="]),
        st.sampled_from(NAMES),
    ),
    st.builds(
        lambda a, b, c: f"{a} + {b} - {c} >= 4", st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(NAMES)
    ),
    st.builds(lambda n: f"2+ tricks in {n}", st.sampled_from(NAMES)),
    st.sampled_from(["4M(xx)4", "5m(xx)x", "4oM(xx)x", "(54)xx", "balanced", "12+ hcp"]),
)


@st.composite
def conditions(draw: st.DrawFn) -> str:
    """Up to four parts, some negated, joined by 'and', 'or' and commas."""
    text = ""
    for index in range(draw(st.integers(1, 4))):
        part = draw(PART)
        if draw(st.booleans()):
            part = f"not ({part})"
        text = part if index == 0 else f"{text} {draw(st.sampled_from(['and', 'or', ',']))} {part}"
    return text.replace(" ,", ",")


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(conditions(), st.integers(0, 10_000))
def test_the_verdict_is_the_one_every_way_gives(condition: str, seed: int) -> None:
    hand = random_hand(seed)
    assert parse_condition(condition).holds(hand) == every_way(condition, hand)


class CountingHand(Hand):
    """A hand that counts how often a suit's length is looked at."""

    __slots__ = ("looked",)

    def __init__(self, holdings: list[str]) -> None:
        super().__init__(holdings)
        self.looked = 0

    def length(self, suit: Strain) -> int:
        self.looked += 1
        return super().length(suit)


def test_a_condition_naming_every_suit_is_decided_without_trying_every_way() -> None:
    """Seven names: 384 ways to give them suits (4,096 combinations before the ones that clash are left
    out); trying each looks at 7 lengths, 2,688 looks in all. Most are decided far sooner."""
    condition = parse_condition("M + m + oM + om > 20 and X >= Y and Y >= Z and not (X == Z) and 12+ hcp")
    hand = CountingHand(["AKJ5", "K65", "Q43", "KT5"])
    assert not condition.holds(hand)
    assert hand.looked <= 20
    shapely = CountingHand(["AKJ5", "K6532", "Q4", "KT"])
    assert parse_condition("X > Y and Y > Z and Z > 1 and M >= 5").holds(shapely)
    assert shapely.looked <= 150
