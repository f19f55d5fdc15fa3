"""The fewest cards in the suit bid: from a hand condition (every shape tried, the strength left
open) and from a meaning's words (said plainly, or not at all)."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Strain
from sphinx_bml.language.conditions import Hand, parse_condition
from sphinx_bml.language.conditions.evaluation import holds, may_hold
from sphinx_bml.language.conditions.hands import Shape
from sphinx_bml.language.conditions.lengths import fewest_cards
from sphinx_bml.language.inline import parse_inline
from sphinx_bml.language.suit_lengths import StatedLength, length_words, stated_length

C, D, H, S = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES


@pytest.mark.parametrize(
    ("condition", "suit", "fewest"),
    [
        ("5+ hearts", H, 5),
        ("hearts >= 5", H, 5),
        ("not hearts < 5", H, 5),
        ("4-5 spades and 11-15 hcp", S, 4),
        ("5+ spades or 4 spades and 15+ hcp", S, 4),  # the fewest either branch allows
        ("2+ diamonds, 11-15 hcp", D, 2),
        ("balanced", C, 2),  # 4432 with two clubs
        ("14-16 hcp, balanced", D, 2),
        ("4441", C, 1),
        ("(54)xx", H, 4),
        ("hearts > spades", H, 1),
        ("11-15 hcp, 0-1 diamonds, 3+ hearts, 3+ spades, 4+ clubs", D, 0),
        ("11-15 hcp, 6+ clubs or 5 clubs and 4 M", C, 5),
        ("11-15 hcp, 4- hearts, 4- spades, 11-13 hcp and balanced or 4+ diamonds and unbalanced", D, 2),
        ("7+ playing tricks, 6+ hearts", H, 6),  # tricks: unknown of a shape, so left open
        ("2*hearts - spades >= 3", H, 2),
        ("16+ hcp, not (20-21 hcp and balanced)", C, 0),  # any shape but one: a void allowed
    ],
)
def test_the_fewest_cards_a_condition_allows(condition: str, suit: Strain, fewest: int) -> None:
    assert fewest_cards(parse_condition(condition).test, suit) == fewest


@pytest.mark.parametrize(
    ("condition", "suit"),
    [
        ("16+ hcp", C),  # says nothing of the shape: not "0"
        ("7+ playing tricks", H),
        ("5+ spades", C),  # another suit's length only
        ("5 hearts and 6 hearts", H),  # no hand meets it
        ("14-16 hcp, balanced", Strain.NOTRUMP),  # no suit
    ],
)
def test_a_condition_that_says_nothing_of_the_suit_gives_nothing(condition: str, suit: Strain) -> None:
    assert fewest_cards(parse_condition(condition).test, suit) is None


def test_a_shape_leaves_the_strength_open() -> None:
    shape = Shape((4, 4, 3, 2))
    assert shape.length(H) == 4 and shape.freakiness == 1
    assert may_hold(parse_condition("15-17 hcp, balanced").test, shape)  # some 4432 hand has 15-17
    assert not may_hold(parse_condition("15-17 hcp, 5+ hearts").test, shape)  # no 4432 has five hearts
    assert not holds(parse_condition("15-17 hcp").test, shape)  # holds: an open verdict is no
    assert may_hold(parse_condition("5+ M").test, Shape((5, 3, 3, 2)))  # M: spades will do


def _hands() -> list[Hand]:
    """A hand of every shape, its honours from the top of each suit (so its strength varies too)."""
    hands = []
    for spades in range(14):
        for hearts in range(14 - spades):
            for diamonds in range(14 - spades - hearts):
                lengths = (spades, hearts, diamonds, 13 - spades - hearts - diamonds)
                hands.append(Hand(["AKQJT98765432"[:length] for length in lengths]))
    return hands


@pytest.mark.parametrize(
    "condition", ["5+ spades or 4 spades and 10+ hcp", "balanced", "(54)xx", "4+ hearts, 6+ clubs"]
)
def test_no_hand_that_meets_a_condition_holds_fewer_cards(condition: str) -> None:
    """Over a hand of every shape: a hand meeting the condition never holds fewer cards than
    the card says, and some shape meets it with exactly that many (the number is the fewest)."""
    test = parse_condition(condition).test
    hands = _hands()
    said = {suit: fewest_cards(test, suit) for suit in (C, D, H, S)}
    assert any(fewest is not None for fewest in said.values())
    for suit, fewest in said.items():
        if fewest is None:
            continue  # the condition names other suits only
        assert all(hand.length(suit) >= fewest for hand in hands if holds(test, hand)), (condition, suit)
        assert any(may_hold(test, Shape(hand.shape)) for hand in hands if hand.length(suit) == fewest)


@pytest.mark.parametrize(
    ("meaning", "suit", "fewest", "words"),
    [
        ("5+ hearts", H, 5, "5+ hearts"),
        ("5+♥", H, 5, "5+♥"),
        ("11–15 hcp, 5+ cards in ♥", H, 5, "5+ cards in ♥"),
        ("five-card major", H, 5, "five-card major"),
        ("five-card major", S, 5, "five-card major"),
        ("4+ cards", H, 4, "4+ cards"),
        ("at least 3 clubs", C, 3, "at least 3 clubs"),
        ("at least three cards", D, 3, "at least three cards"),
        ("minimum 4", D, 4, "minimum 4"),
        ("2+", D, 2, "2+"),
        ("natural, 3+", C, 3, "3+"),
        ("Weak two: six cards in ♥, 5–10 hcp", H, 6, "six cards in ♥"),
        ("Preempt: seven cards in ♣ (the style depends on the vulnerability)", C, 7, "seven cards in ♣"),
        ("five or more cards in ♠; forcing", S, 5, "five or more cards in ♠"),
        ("4-5 spades", S, 4, "4-5 spades"),
        ("5+♥ and 4+♠", H, 5, "5+♥"),
        ("5+♥ and 4+♠", S, 4, "4+♠"),
        ("weak, a 6 card suit", H, 6, "6 card suit"),
        ("5+ cards in the suit bid", H, 5, "5+ cards in the suit"),
        ("could be short, 2+", C, 2, "2+"),  # the number says how short
        ("could be short", C, None, "could be short"),
        ("may be short", D, None, "may be short"),
        ("three-suited, short in ♦", D, None, "short in ♦"),
    ],
)
def test_a_length_said_plainly(meaning: str, suit: Strain, fewest: int | None, words: str) -> None:
    assert stated_length(meaning, suit) == StatedLength(fewest, words)


@pytest.mark.parametrize(
    ("meaning", "suit"),
    [
        ("16+ any shape", C),  # a strength
        ("5+ hcp", H),
        ("Namyats: a good preempt in ♥, at most one loser outside", C),  # another suit's
        ("five-card major", C),
        ("4+ cards in the other major", H),
        ("at least 4 cards in ♠", H),
        ("no five-card major", H),  # denied
        ("not 5 hearts", H),
        ("11–15 hcp, 6+♣, or 5♣ and a four-card major", C),  # a choice
        ("11–15 hcp, no five-card major. Either balanced 11–13, or unbalanced with 4+♦", D),
        ("4+ cards in ♥: in third seat a good four-card suit; in fourth seat five cards", H),  # 4 and 5
        ("could be short, 4+", C),  # short and four cards
        ("14-16 hcp, balanced", Strain.NOTRUMP),
        ("", H),
    ],
)
def test_a_length_not_said_plainly_is_not_read(meaning: str, suit: Strain) -> None:
    assert stated_length(meaning, suit) is None


def test_short_is_a_length_without_a_number() -> None:
    stated = stated_length("could be short", C)
    assert stated is not None and stated.short and stated.fewest is None
    five = stated_length("5+ clubs", C)
    assert five is not None and not five.short


@pytest.mark.parametrize(
    ("meaning", "suit", "fewest"),
    [
        ("opening 1C, a meaning of many words", Strain.CLUBS, None),  # a bid, written as one
        ("after 1!c-1!h, natural", Strain.HEARTS, None),  # bids written with suit symbols
        ("Weak: 6!h", Strain.HEARTS, None),  # a bid as often as a length
        ("Weak: 6 hearts", Strain.HEARTS, 6),
        ("Weak: 6+!h, after 1C", Strain.HEARTS, 6),
        ("4-5!s", Strain.SPADES, 4),
        (":bml:seq:`1S-2S` with 3 spades", Strain.SPADES, 3),
    ],
)
def test_bids_are_no_lengths(meaning: str, suit: Strain, fewest: int | None) -> None:
    stated = stated_length(length_words(parse_inline(meaning)), suit)
    assert (stated.fewest if stated else None) == fewest
