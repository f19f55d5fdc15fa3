"""Playing tricks, freakiness and points counted with freakiness: the values, worked out by hand from
Pavlicek's tables as redeal (in the version practice_bidding runs) counts them, and the condition words."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Strain
from sphinx_bml.language.conditions import Hand, Scale, parse_condition, playing_tricks_in

CHIMAERA = Scale(4.5, 3, 1.5, 0.75, 0.25)


# -- playing tricks in one suit ------------------------------------------------


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [
        ("", 0),  # a void
        ("5", 0),
        ("AKQ", 3),
        ("AKQJT98", 3 + 4),  # AKQ, and four cards over three
        ("AKJ", 2.5),
        ("AQJ4", 2.5 + 1),
        ("AK", 2),
        ("AK2", 2),
        ("AQT", 2),
        ("KQJ", 2),
        ("AQ", 1.5),
        ("AQ8765", 1.5 + 3),
        ("KJT", 1.5),
        ("AJ", 1.5),
        ("AJ53", 1.5 + 1),
        ("KQ3", 1.5),  # KQ with three cards
        ("KQ", 1),  # KQ doubleton
        ("A", 1),
        ("A8765", 1 + 2),
        ("KJ", 1),
        ("KJ4", 1),
        ("KT", 1),  # redeal of early 2018 still counts KT as a trick (changed in 2024)
        ("KT62", 1 + 1),
        ("QJ3", 1),
        ("QJ", 0),  # QJ doubleton: no honour trick
        ("K3", 0.5),
        ("K", 0),  # a singleton king
        ("Q32", 0.5),
        ("Q3", 0),
        ("JT9", 0),  # J and T alone count nothing
        ("JT9876", 3),
        ("T98765432", 6),
    ],
)
def test_playing_tricks_in_a_suit(holding: str, tricks: float) -> None:
    assert playing_tricks_in(holding) == tricks


def test_playing_tricks_of_a_hand_add_up_its_suits() -> None:
    hand = Hand.from_pbn("AKQ.KT.QJ3.JT9876")  # 3 + 1 + 1 + 3
    assert hand.playing_tricks() == 8
    assert hand.playing_tricks(Strain.SPADES) == 3
    assert hand.playing_tricks(Strain.HEARTS) == 1
    assert hand.playing_tricks(Strain.DIAMONDS) == 1
    assert hand.playing_tricks(Strain.CLUBS) == 3
    assert Hand.from_pbn("AKQJ8765.A4.K3.2").playing_tricks() == 3 + 5 + 1 + 0.5  # a strong two: 9.5


# -- freakiness and points counted with it --------------------------------------


@pytest.mark.parametrize(
    ("pbn", "freakiness"),
    [
        ("A432.K32.Q32.J32", 0),  # 4333
        ("A432.K432.Q32.J2", 1),  # 4432: the doubleton
        ("A5432.K32.Q32.J2", 2),  # 5332: five cards and a doubleton
        ("A432.K432.Q432.2", 3),  # 4441: singleton 2, and 1 more
        ("A5432.K432.Q432.", 6),  # 5440: 1 + void 3, and 2 more
        ("AKQJT98765432...", 9 + 3 + 3 + 3 + 2),  # 13-0-0-0
        ("A65432.K5432.Q2.", 2 + 1 + 1 + 3 + 2),  # 6520
    ],
)
def test_freakiness(pbn: str, freakiness: int) -> None:
    assert Hand.from_pbn(pbn).freakiness == freakiness


def test_points_counting_freakiness_are_hcp_plus_half_the_freakiness_less_a_half() -> None:
    flat = Hand.from_pbn("A432.K32.Q32.J32")  # 10 HCP, 4333
    assert flat.points(freakiness=True) == 9.5
    three_suited = Hand.from_pbn("AK32.K432.Q432.2")  # 4441: 12 HCP, freakiness 3
    assert three_suited.points(freakiness=True) == 13
    assert three_suited.points() == 12  # no card over four
    chimaera = Hand.from_pbn("AKT43.QJ2.K32.32")  # 5332: 4.5+3+0.25 + 1.5+0.75 + 3 = 13, freakiness 2
    assert chimaera.points(CHIMAERA, freakiness=True) == 13.5


# -- the condition words ---------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("7+ playing tricks", "7+ playing tricks"),
        ("tricks 6.5-7.5", "6.5\u20137.5 playing tricks"),
        ("playing tricks <= 7.5", "playing tricks \u2264 7.5"),
        ("2+ tricks in hearts", "2+ playing tricks in hearts"),
        ("tricks in !s 3", "3 playing tricks in spades"),
        ("1 playing trick in diamonds", "1 playing trick in diamonds"),
        ("tricks in M >= tricks in oM", "playing tricks in a major \u2265 playing tricks in the other major"),
        ("16+ freakiness points", "16+ points counting freakiness"),
        ("freakness points 12-15", "12\u201315 points counting freakiness"),
        (
            "0-15.5 freakiness points(4.5-3-1.5-0.75-0.25)",
            "0\u201315.5 points counting freakiness (4.5-3-1.5-0.75-0.25)",
        ),
        ("freakiness 3+", "3+ freakiness"),
        ("hcp + 2*freakiness >= 20", "HCP + 2\u00d7freakiness \u2265 20"),
        ("8 <= playing tricks <= 9", "8\u20139 playing tricks"),
    ],
)
def test_evaluation_words_read_and_say_in_plain_words(written: str, words: str) -> None:
    assert parse_condition(written).describe() == words


@pytest.mark.parametrize(
    ("written", "pbn", "expected"),
    [
        ("8+ playing tricks", "AKQ.KT.QJ3.JT9876", True),
        ("tricks <= 7.5", "AKQ.KT.QJ3.JT9876", False),
        ("3 tricks in clubs, 1 trick in hearts", "AKQ.KT.QJ3.JT9876", True),
        ("3 tricks in clubs, tricks in hearts 1.5", "AKQ.KT.QJ3.JT9876", False),
        ("17 freakiness points", "AKQ.KT.QJ3.JT9876", True),  # 16 HCP, freakiness 3
        ("points 18", "AKQ.KT.QJ3.JT9876", True),  # 16 HCP, two cards over four
        ("freakiness 3", "AKQ.KT.QJ3.JT9876", True),
        ("3+ tricks in M", "AKQ.KT.QJ3.JT9876", True),  # the spades
        ("3+ tricks in M, 3+ hearts", "AKQ.KT.QJ3.JT9876", False),  # no major with both
    ],
)
def test_evaluation_conditions_on_a_hand(written: str, pbn: str, expected: bool) -> None:
    condition = parse_condition(written)
    assert condition.holds(Hand.from_pbn(pbn)) is expected


def test_a_pattern_row_counts_the_tricks_of_its_own_suit() -> None:
    notes = "2M = weak two {{ 6 M, 2+ tricks in M, 5-10 hcp }}\n"
    system = expand(parse_text(notes, "notes.bml"))
    rows = {str(meaning.sequence): meaning.condition for meaning in system}
    hearts, spades = rows["2H"], rows["2S"]
    assert hearts is not None and spades is not None
    assert hearts.describe() == "6 hearts, 2+ playing tricks in hearts, 5\u201310 HCP"
    hand = Hand.from_pbn("K2.KQJ942.843.72")  # hearts: KQJ 2 + 3 cards over three
    assert hearts.holds(hand) and not spades.holds(hand)
