"""At the table: calls as players type them, hands with suit symbols, the verdict and the score."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.conditions import Hand
from sphinx_bml.practice import Board, Robot
from sphinx_bml.practice.robot import situation
from sphinx_bml.practice.session import Score, hand_text, read_call, refusal, robot_pass
from tests.practice.systems import SEVEN_SPADES, UNCONDITIONED, club_system
from tests.support import example_system


@pytest.mark.parametrize(
    ("typed", "call"),
    [("1C", "1C"), ("1c", "1C"), ("1♣", "1C"), ("2nt", "2N"), ("3NT", "3N"), ("p", "P"), ("Pass", "P"),
     ("x", "D"), ("dbl", "D"), ("XX", "R"), ("r", "R"), (" 4♠ ", "4S"), ("2♡", "2H"), ("2♥\ufe0f", "2H"),
     ("nb", "P"), ("Double", "D"), ("redbl", "R")],
)  # fmt: skip
def test_calls_as_players_type_them(typed: str, call: str) -> None:
    assert read_call(typed) == Call.parse(call)


@pytest.mark.parametrize("typed", ["xyz", "", "8C", "1M", "1 C", "pas", "2red"])
def test_what_is_not_a_call(typed: str) -> None:
    assert read_call(typed) is None


def test_hands_with_suit_symbols_and_a_void() -> None:
    assert hand_text(Hand.from_pbn("AKJ5.K65..KT9854")) == "♠ AKJ5  ♥ K65  ♦ —  ♣ KT9854"


def test_a_call_the_notes_have_without_a_condition_is_not_wrong() -> None:
    # On the example site 2D over 2C asks (no condition): with 21 HCP it is right, not "otherwise".
    system = example_system()
    robot = Robot(system)
    board = Board("N:AKQ5.AK6.Q43.K52 J762.T832.T5.A72 8.Q7.J98.AQJT983 T943.J954.AK62.6", "S", "None", 1)
    calls = [Call.parse("2C"), Call.parse("P")]
    choice = robot.choose(board, calls)
    assert choice.seat == "N" and choice.call == Call.parse("P")
    score = Score()
    verdict = score.verdict(1, "2C P", Call.parse("2D"), choice, robot.meanings_after(situation(calls, 2)))
    assert verdict.startswith("Off the notes: they have 2D here") and "two_level.rst" in verdict
    assert score.agreed == 1 and not score.disagreements


def test_the_score_names_the_rows_of_each_disagreement() -> None:
    robot = Robot(club_system())
    board = Board("N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4", "N", "None", 3)
    score = Score()
    opening = robot.choose(board, [])
    score.verdict(3, "", opening.call, opening, [])
    answer = robot.choose(board, [Call.parse("1C"), Call.parse("P")])
    score.verdict(3, "1C P", Call.parse("2C"), answer, [])
    report = score.report()
    assert report.startswith("You agreed with the notes on 1 of 2 calls.")
    assert "board 3, after 1C P: you 2C, the notes 1N (row at club.bml:9)" in report


@pytest.mark.parametrize(
    ("before", "typed", "reason"),
    [
        ("1H P", "1D", "1D is not a legal call here: 1D is lower than 1H, the last bid: each bid must be higher"),
        ("P P", "X", "D is not a legal call here: a double with no bid before it: a double is only allowed"),
        ("1H P", "X", "D is not a legal call here: a double of partner's 1H: a double is only allowed"),
        ("1N P 2C", "XX", "R is not a legal call here: a redouble with no double before it"),
    ],
)
def test_a_call_the_laws_forbid_is_refused_with_the_reason(before: str, typed: str, reason: str) -> None:
    calls = [Call.parse(word) for word in before.split()]
    typed_call = read_call(typed)
    assert typed_call is not None
    refused = refusal(typed_call, calls)
    assert refused is not None and refused.startswith(reason) and refused.endswith(". Call again.")
    assert refusal(Call.parse("P"), calls) is None


def test_partner_passing_for_want_of_hand_conditions_is_said() -> None:
    robot = Robot(expand(parse_text(UNCONDITIONED, "notes.bml")))
    auction = robot.bid(SEVEN_SPADES)  # North's 12 HCP and seven spades pass: no row after 1D says who bids 1S
    assert auction.notation() == "1D P P P"
    partner = auction.choices[2]
    assert partner.seat == "N" and partner.wants_conditions and partner.auction_wanting == "1D-(P)"
    assert robot_pass(partner, "S") == (
        "Partner (N) passes: no row after 1D-(P) says which hands bid it (notes.bml:2, notes.bml:3): "
        "add a hand condition such as {{ 6+ hcp }} to each."
    )
    assert robot_pass(partner, "E") is None  # said to North's partner only
    assert robot_pass(auction.choices[1], "S") is None  # West's pass: no row there at all
    assert auction.wanting is partner
