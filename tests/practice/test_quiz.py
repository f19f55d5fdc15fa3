"""The questions of a practice board: every call of yours the notes answer, in the auction's order,
up to the first that does not come from a row, which ends them and is kept (nothing dropped or made up)."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import PASS, Call
from sphinx_bml.practice import quiz as quizzing
from sphinx_bml.practice.boards import Board, partner_of
from sphinx_bml.practice.quiz import Quiz, quiz_boards, quiz_of
from sphinx_bml.practice.robot import Robot
from tests.practice.systems import SEVEN_SPADES, UNCONDITIONED

NOTES = """\
1N = 14-16 balanced {{ 14-16 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
    2D = no four-card major
    2H = four hearts {{ 4+ hearts }}
      3H = invitation {{ 8-9 hcp, 4+ hearts }}
        4H = accepts {{ 15-16 hcp }}
        P = declines {{ 14 hcp }}
      4H = to play {{ 10+ hcp, 4+ hearts }}
    2S = four spades, not four hearts {{ 4+ spades, 3- hearts }}
      3S = invitation {{ 8-9 hcp, 4+ spades }}
        4S = accepts {{ 15-16 hcp }}
      4S = to play {{ 10+ hcp, 4+ spades }}
  3N = to play {{ 10-15 hcp }}
P = nothing to open {{ 10- hcp }}
"""
SYSTEM = expand(parse_text(NOTES, "notes.bml"))
#: North 15 balanced with four hearts, South 8 with four hearts: 1N P 2C P 2H P 3H P 4H P P P
HEARTS = "N:AK5.KQ54.Q43.J32 JT98.T98.AKT.AKQ Q72.AJ63.J85.954 643.72.9762.T876"
#: North 14 with four spades, South 8 with four spades: 1N P 2C P 2S P 3S P, and North's pass is no row
SPADES = "N:AK54.K54.Q43.Q32 JT98.QT9.AKT.AKJ Q762.AJ6.J85.954 3.8732.9762.T876"
#: North 16 without a major: Stayman forces an answer, and "no four-card major" has no hand condition
NO_MAJOR = "N:AK5.K54.KQ43.J32 JT98.QT9.AT9.AKQ Q762.AJ6.J85.954 43.8732.762.T876"
#: North 11: no row opens it
NO_OPENING = "N:AK5.Q54.J432.J32 JT98.KT9.AT9.AKQ Q762.AJ6.K85.954 43.8732.Q76.T876"


def quiz(deal: str, seat: str = "N") -> Quiz:
    return quiz_of(Robot(SYSTEM).bid(Board(deal, "N", "None", 1)), seat)


def calls(*written: str) -> list[Call]:
    return [Call.parse(call) for call in written]


def test_every_call_of_yours_from_a_row_is_a_question() -> None:
    found = quiz(HEARTS)
    assert found.auction.notation() == "1N P 2C P 2H P 3H P 4H P P P"
    assert [question.choice.call for question in found.questions] == calls("1N", "2H", "4H")
    assert [[choice.call for choice in question.before] for question in found.questions] == [
        [],
        calls("1N", "P", "2C", "P"),
        calls("1N", "P", "2C", "P", "2H", "P", "3H", "P"),
    ]
    assert [question.meaning.plain_text for question in found.questions] == [
        "14-16 balanced",
        "four hearts",
        "accepts",
    ]
    assert [question.meaning.location.line for question in found.questions] == [1, 4, 6]
    partners = [question.partner for question in found.questions]
    assert [choice.call if choice else None for choice in partners] == calls("2C", "3H", "P")
    assert [choice.meaning.plain_text if choice and choice.meaning else None for choice in partners] == [
        "Stayman",
        "invitation",
        None,
    ]
    assert [len(question.after) for question in found.questions] == [3, 3, 3]
    assert found.ending.choice is None and found.ending.index == 12
    assert found.ending.words() == "The auction is over: every call of yours came from the notes."


def test_partner_asks_the_same_board_from_the_other_side() -> None:
    found = quiz(HEARTS, "S")
    assert partner_of("S") == "N" and partner_of("E") == "W"
    assert [question.choice.call for question in found.questions] == calls("2C", "3H")
    assert [question.partner.call for question in found.questions if question.partner] == calls("2H", "4H")
    ending = found.ending
    assert ending.choice is not None and ending.choice.call == PASS and ending.index == 10
    assert not ending.described and not ending.off_notes
    assert ending.words() == "The notes end here: they have no row after this auction; the robot calls P."


def test_the_questions_stop_where_the_notes_stop() -> None:
    """After 1N 2C 2S 3S the notes only accept with 15-16: North's pass is no row, and not a question."""
    found = quiz(SPADES)
    assert found.auction.notation() == "1N P 2C P 2S P 3S P P P"
    assert [question.choice.call for question in found.questions] == calls("1N", "2S")
    assert found.ending.index == 8 and found.ending.described
    assert found.ending.words(lambda call: f"<{call}>") == (
        "The notes end here: they go on after this auction, but no row fits your hand; the robot calls <P>."
    )


def test_a_call_off_the_notes_ends_the_questions_and_is_named_with_its_row() -> None:
    found = quiz(NO_MAJOR)
    assert [question.choice.call for question in found.questions] == calls("1N")
    ending = found.ending
    assert ending.off_notes and ending.index == 4
    assert ending.choice is not None and ending.choice.meaning is not None
    assert ending.choice.call in calls("2H", "2S")
    row = ending.choice.meaning
    assert ending.words() == (
        "The notes end here: the auction forces a bid and no row fits your hand; off the notes, "
        f"the nearest row is {row.sequence.last}: {row.plain_text} (notes.bml:{row.location.line})."
    )
    assert len(found.auction.choices) > 4, "the board is still bid to the end"


def test_a_board_whose_first_call_is_no_row_asks_nothing() -> None:
    found = quiz(NO_OPENING)
    assert found.questions == () and found.ending.index == 0


def test_boards_with_more_questions_are_preferred_and_first_calls_off_the_notes_are_not_kept() -> None:
    robot = Robot(SYSTEM)
    kept = list(quiz_boards(robot, [NO_OPENING, NO_MAJOR, HEARTS, SPADES], 2, "N"))
    assert [quiz.board.deal for quiz in kept] == [HEARTS, SPADES]
    assert [quiz.board.number for quiz in kept] == [1, 2]
    assert [board.board.dealer for board in kept] == ["N", "E"], "each board has its number's dealer"


def test_a_board_with_one_question_is_kept_when_no_longer_one_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    robot = Robot(SYSTEM)
    only = list(quiz_boards(robot, [NO_OPENING, NO_MAJOR], 3, "N"))
    assert [quiz.board.deal for quiz in only] == [NO_MAJOR]
    monkeypatch.setattr(quizzing, "PATIENCE", 2)
    waited = list(quiz_boards(robot, [NO_MAJOR, NO_MAJOR, HEARTS], 2, "N"))
    assert [len(quiz.questions) for quiz in waited] == [1, 3], "the first one-question board after two of them"


#: NO_MAJOR with East and West weak, so that North still opens when East deals
ONE_EAST = "N:AK5.K54.KQ43.J32 JT98.QT9.T97.KT8 Q762.AJ6.J85.954 43.8732.A62.AQ76"


def test_after_a_wait_for_more_questions_in_vain_the_next_board_waits_less(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notes whose rows rarely go past the first call would deal each board from PATIENCE deals."""
    monkeypatch.setattr(quizzing, "PATIENCE", 2)
    kept = list(quiz_boards(Robot(SYSTEM), [NO_MAJOR, NO_MAJOR, ONE_EAST, HEARTS], 2, "N"))
    assert [quiz.board.deal for quiz in kept] == [NO_MAJOR, ONE_EAST]
    assert [len(quiz.questions) for quiz in kept] == [1, 1] and kept[1].board.dealer == "E"


def test_the_questions_follow_each_other_in_the_auction() -> None:
    for deal in (HEARTS, SPADES, NO_MAJOR):
        found = quiz(deal)
        for question, following in zip(found.questions, found.questions[1:], strict=False):
            assert following.before == (*question.before, question.choice, *question.after)
        last = found.questions[-1]
        assert len(last.before) + 1 + len(last.after) == found.ending.index
        assert found.choices[: found.ending.index] == [*last.before, last.choice, *last.after]


def test_the_notes_ending_for_want_of_hand_conditions_says_so() -> None:
    robot = Robot(expand(parse_text(UNCONDITIONED, "notes.bml")))
    found = quiz_of(robot.bid(SEVEN_SPADES), "N")
    assert not found.questions and found.ending.choice is not None and found.ending.choice.wants_conditions
    assert found.ending.words() == (
        "The notes end here: they go on after this auction, but no row there has a hand condition to say "
        "which hands bid it; the robot calls P."
    )
