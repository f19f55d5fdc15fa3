"""Dealer scripts of a sequence, run by Debian's ``dealer``: the robot bids every deal as the sequence,
or the deal is one of the differences the script names."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.practice import Robot
from sphinx_bml.practice.aiming import NotAnAuction, OutOfReach
from sphinx_bml.practice.boards import Board, hands_of
from sphinx_bml.practice.dealer_script import DealerScript, NotInDealerLanguage, dealer_script
from tests.practice.systems import club_system
from tests.support import example_system, run_dealer


def bid_as_the_sequence(robot: Robot, script: DealerScript, deals: list[str], vulnerability: str = "None") -> int:
    """How many of ``deals`` the robot bids with the script's calls from the dealer on."""
    count = 0
    for deal in deals:
        calls = robot.bid(Board(deal, script.dealer, vulnerability)).calls
        count += tuple(calls[: len(script.calls)]) == script.calls
    return count


@pytest.mark.parametrize(
    ("written", "dealer"), [("1N-2C", "S"), ("1C-1D", "S"), ("1D-(1S)-D", "S"), ("(1D)-1S", "E"), ("1N-2C-2H-3H", "S")]
)
def test_every_deal_of_the_example_site_is_bid_as_the_sequence(written: str, dealer: str, tmp_path: Path) -> None:
    robot = Robot(example_system())
    script = dealer_script(robot, parse_reference(written).sequence)
    assert script.exact and script.dealer == dealer
    assert "# Not exact" not in script.text
    deals = run_dealer(script.text, 200, seed=11, folder=tmp_path)
    assert len(deals) == 200
    assert bid_as_the_sequence(robot, script, deals) == 200


def test_a_forced_answer_counts_nearness_as_the_robot_does(tmp_path: Path) -> None:
    """After the forcing 1♣, North answers 1♦ also with 8+ hands that fit no positive answer and come
    nearest to 1♦: the script says which, in dealer's arithmetic, and keeps the others out."""
    robot = Robot(example_system())
    script = dealer_script(robot, parse_reference("1C-1D").sequence)
    assert "northShort_1D" in script.text
    deals = run_dealer(script.text, 200, seed=2, folder=tmp_path)
    assert bid_as_the_sequence(robot, script, deals) == 200
    assert any(hands_of(deal)["N"].hcp() >= 8 for deal in deals)


@pytest.mark.parametrize(("dealer", "passes"), [("N", 2), ("E", 1), ("W", 3)])
def test_passes_before_the_opening_are_passes_the_robot_makes(dealer: str, passes: int, tmp_path: Path) -> None:
    robot = Robot(example_system())
    script = dealer_script(robot, parse_reference("1N-2C").sequence, dealer=dealer)
    assert script.calls[:passes] == tuple(parse_reference("P-P-P").sequence.calls[:passes])
    assert f"dealer {dict(N='north', E='east', W='west')[dealer]}" in script.text
    deals = run_dealer(script.text, 100, seed=4, folder=tmp_path)
    assert bid_as_the_sequence(robot, script, deals) == 100


def test_the_players_seat_makes_the_sides_first_call() -> None:
    robot = Robot(example_system())
    assert dealer_script(robot, parse_reference("1N-2C").sequence, seat="N").dealer == "N"
    assert dealer_script(robot, parse_reference("(1D)-1S").sequence, seat="W").dealer == "S"


THIRD_SEAT = """\
1S = sound opening {{ 12-15 hcp, 5+ spades }}

#SEAT 34

2S = weak two in third seat only {{ 6-10 hcp, 6+ spades }}

#SEAT 0

P = {{ 11- hcp }}
"""


def test_a_third_seat_opening_comes_after_two_passes(tmp_path: Path) -> None:
    robot = Robot(expand(parse_text(THIRD_SEAT, "notes.bml")))
    script = dealer_script(robot, parse_reference("2S").sequence)
    assert script.calls == tuple(parse_reference("P-P-2S").sequence.calls) and script.dealer == "N"
    assert "# North passes before the opening: no row there fits, of 1 that bid." in script.text
    assert bid_as_the_sequence(robot, script, run_dealer(script.text, 100, folder=tmp_path)) == 100


TRICKS = """\
1C = strong {{ 16+ hcp, 6+ playing tricks }}
1N = 15-17 balanced {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
P = {{ 15- hcp }}
"""


def test_what_dealer_cannot_say_is_admitted_and_named(tmp_path: Path) -> None:
    """The 1♣ row asks for playing tricks, which dealer cannot count: the script cannot leave out
    the 16-17 balanced hands with 6+ tricks that open 1♣, says so, and those are the deals bid otherwise."""
    robot = Robot(expand(parse_text(TRICKS, "notes.bml")))
    script = dealer_script(robot, parse_reference("1N-2C").sequence)
    assert script.differences == (
        "South, the row for 1C at notes.bml:1: 6+ playing tricks is not in the dealer language, and is left out",
    )
    assert "# Not exact: the script admits every hand the notes admit, and some more, because" in script.text
    assert "# - South, the row for 1C at notes.bml:1: 6+ playing tricks" in script.text
    deals = run_dealer(script.text, 300, seed=6, folder=tmp_path)
    good = bid_as_the_sequence(robot, script, deals)
    assert 0 < good < 300
    for deal in deals:
        south = hands_of(deal)["S"]
        if robot.bid(Board(deal, "S")).calls[0] != script.calls[0]:
            assert south.hcp() >= 16 and south.playing_tricks() >= 6  # the difference the comment names


def test_a_row_that_asks_only_for_tricks_cannot_be_aimed_at() -> None:
    notes = "1N = {{ 15-17 hcp, balanced }}\n  3S = slam try {{ 9+ playing tricks }}\n"
    robot = Robot(expand(parse_text(notes, "notes.bml")))
    with pytest.raises(NotInDealerLanguage) as raised:
        dealer_script(robot, parse_reference("1N-3S").sequence)
    assert str(raised.value) == (
        "the row for 1N-(P)-3S at notes.bml:2 asks for 9+ playing tricks, which the dealer language cannot "
        "say: no script can aim at it; add a condition on HCP, points, suit lengths or shape"
    )


@pytest.mark.parametrize(
    ("written", "error", "words"),
    [
        ("1N-3D", OutOfReach, r"the notes have no row for 1N-\(P\)-3D"),
        ("1N-1C", NotAnAuction, "1C is lower than 1N"),
    ],
)
def test_a_sequence_the_notes_do_not_bid(written: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        dealer_script(Robot(club_system()), parse_reference(written).sequence)


def test_a_row_without_a_condition_is_named() -> None:
    robot = Robot(expand(parse_text("1N = {{ 15-17 hcp, balanced }}\n  2C = Stayman\n", "notes.bml")))
    with pytest.raises(OutOfReach, match=r"the row for 1N-\(P\)-2C \(notes.bml:2\) has no hand condition"):
        dealer_script(robot, parse_reference("1N-2C").sequence)


@pytest.mark.slow
def test_a_call_that_earlier_rows_take_every_hand_of_is_refused() -> None:
    notes = "1N = {{ 15-17 hcp, balanced }}\n1C = {{ 16-17 hcp, balanced }}\n"
    robot = Robot(expand(parse_text(notes, "notes.bml")))
    with pytest.raises(OutOfReach, match=r"no deal reaches 1C: .*the hands that meet it are bid 1N by the row at"):
        dealer_script(robot, parse_reference("1C").sequence)


FORCING = """\
1C = strong and forcing {{ 16+ hcp }}
  1D = negative
  1H = positive
P = {{ 15- hcp }}
"""


def test_a_forced_answer_without_conditions_is_the_first_row(tmp_path: Path) -> None:
    robot = Robot(expand(parse_text(FORCING, "notes.bml")))
    script = dealer_script(robot, parse_reference("1C-1D").sequence)
    assert "North bids 1♦: partner's call forces a bid, and it is the first row there." in script.text
    assert "north_" not in script.text  # any hand
    assert bid_as_the_sequence(robot, script, run_dealer(script.text, 50, folder=tmp_path)) == 50
    with pytest.raises(OutOfReach, match=r"the robot never bids 1C-\(P\)-1H: partner's call forces a bid there"):
        dealer_script(robot, parse_reference("1C-1H").sequence)


VULNERABLE = """\
1N = 15-17 {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}

#VUL Y0

1N = 16-18 when vulnerable {{ 16-18 hcp, balanced }}

#VUL 00
"""


def test_rows_of_one_vulnerability_are_said_and_followed(tmp_path: Path) -> None:
    robot = Robot(expand(parse_text(VULNERABLE, "notes.bml")))
    quiet = dealer_script(robot, parse_reference("1N").sequence)
    assert "\nvulnerable" not in quiet.text
    assert "rows with hand conditions for one vulnerability on the way (notes.bml:6)" in quiet.text
    assert "with nobody vulnerable" in quiet.text
    loud = dealer_script(robot, parse_reference("1N").sequence, vulnerability="NS")
    assert "\nvulnerable NS\n" in loud.text and "for NS" in loud.text
    deals = run_dealer(loud.text, 100, folder=tmp_path)
    assert bid_as_the_sequence(robot, loud, deals, "NS") == 100
    assert any(hands_of(deal)["S"].hcp() == 18 for deal in deals)
