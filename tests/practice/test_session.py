"""At the table: calls as players type them, hands with suit symbols, the verdict and the score."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Call
from sphinx_bml.language.conditions import Hand
from sphinx_bml.practice import Board, Robot
from sphinx_bml.practice.robot import situation
from sphinx_bml.practice.session import Score, hand_text, read_call
from tests.practice.systems import club_system
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
