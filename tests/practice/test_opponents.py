"""Two systems at the table: the opponents bid by their own notes, ours answer from the competitive tables."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import PASS, Call
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.language.system import System
from sphinx_bml.practice import Board, Robot, check
from sphinx_bml.practice.aiming import OutOfReach, aimed
from sphinx_bml.practice.explained import named_calls, names, read_as
from sphinx_bml.practice.robot import OURS, THEIRS
from sphinx_bml.practice.source import opponents_problem, same_notes

OURS_NOTES = """\
#+TITLE: Ours
1N = 15-17 {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
  (2C{Landy}) = their Landy
    D = we are in charge {{ 10+ hcp }}
  (2C) = their natural 2C
    D = Stayman after their 2C {{ 8+ hcp }}
1C = 12+ {{ 12+ hcp }}
P = {{ 11- hcp }}
(1H) = their natural 1H
  D = takeout {{ 12+ hcp, 1- hearts }}
  1S = overcall {{ 8-16 hcp, 5+ spades }}
"""
THEIRS_NOTES = """\
#+TITLE: Theirs
1H = five hearts {{ 11-20 hcp, 5+ hearts }}
P = no opening {{ 10- hcp }}
(1N) = any 1NT
  2C = Landy: both majors {{ 8+ hcp, 4+ hearts, 4+ spades }}
"""
#: the same calls, another meaning of their 2C over 1NT
NATURAL_NOTES = THEIRS_NOTES.replace("Landy: both majors", "Natural, or anything")

#: North opens 1NT (15, balanced), East holds both majors (10), South 15, West nothing
LANDY = Board("N:AQ5.K65.KJ42.Q43 KJ976.QJ87.3.K52 T8.AT9.AQT9.AJT9 432.432.8765.876", "N", "None", 1)


def system(notes: str, name: str = "notes.bml") -> System:
    return expand(parse_text(notes, name))


def against(theirs: str = THEIRS_NOTES, seats: str = "NS") -> Robot:
    return Robot(system(OURS_NOTES, "ours.bml"), opponents=system(theirs, "theirs.bml"), seats=seats)


def test_each_side_bids_by_its_own_notes() -> None:
    auction = against().bid(LANDY)
    assert auction.notation().startswith("1N 2C D P")
    whose = [(choice.seat, choice.notes) for choice in auction.choices[:4]]
    assert whose == [("N", OURS), ("E", THEIRS), ("S", OURS), ("W", THEIRS)]
    one_nt, landy, double, undescribed = auction.choices[:4]
    assert one_nt.meaning is not None and one_nt.meaning.location.file == "ours.bml"
    assert landy.meaning is not None and landy.meaning.location.file == "theirs.bml"
    assert landy.meaning.plain_text == "Landy: both majors"
    assert double.meaning is not None and double.meaning.plain_text == "we are in charge", "the Landy table"
    assert undescribed.call == PASS and undescribed.meaning is None, "their notes say nothing here: a pass"


def test_their_calls_are_looked_up_from_their_side() -> None:
    """Their opening row ``1H`` is theirs as they see it (we_open): our ``(1H)`` rows answer it."""
    board = Board("N:654.QT9.JT9.AQJ6 2.AK432.KQ432.K2 KQJ93.J5.A5.T987 AT87.876.876.543", "E", "None", 1)
    auction = against().bid(board)
    assert auction.notation().startswith("1H 1S"), auction.notation()
    opening, overcall = auction.choices[:2]
    assert opening.notes == THEIRS and opening.meaning is not None
    assert opening.meaning.sequence.notation() == "1H", "written as their notes write it"
    assert overcall.notes == OURS and overcall.meaning is not None
    assert overcall.meaning.sequence.notation() == "(1H)-1S"


def test_a_call_their_notes_do_not_describe_is_a_pass() -> None:
    """East holds 19 points but no four-card major: over 1NT their notes have Landy only, so East passes."""
    board = Board("N:AQ5.K65.KJ42.Q43 KJ9.AQ7.AQ3.K652 T8.T98.T9876.AJT 76432.J432.5.987", "N", "None", 1)
    auction = against().bid(board)
    assert auction.calls[1] == PASS and auction.choices[1].notes == THEIRS and auction.choices[1].meaning is None


def test_our_notes_name_their_call_by_its_meaning() -> None:
    """``1N-(2C{Landy})-D`` when their notes explain 2C as Landy; the plain ``(2C)`` table otherwise."""
    landy = against().bid(LANDY).choices[2]
    natural = against(NATURAL_NOTES).bid(LANDY).choices[2]
    assert landy.call == natural.call == Call.parse("D")
    assert landy.meaning is not None and natural.meaning is not None
    assert landy.meaning.sequence.notation() == "1N-(2C{Landy})-D"
    assert (
        natural.meaning.sequence.notation() == "1N-(2C)-D"
        and natural.meaning.plain_text == "Stayman after their 2\u2663"
    )


def test_a_name_is_read_from_the_explanation() -> None:
    assert names("Landy", "Landy: both majors, 5-4") and names("landy", "Both majors (LANDY)")
    assert names("both majors", "Landy: both majors") and not names("Landy", "Natural") and not names("", "x")
    landy, plain = Call.parse("2C").qualified("Landy"), Call.parse("2C")
    assert read_as(plain, (landy,), "Landy: majors") == landy and read_as(plain, (landy,), "Natural") == plain
    named = named_calls(system(OURS_NOTES))
    assert named == {(True, (Call.parse("1N"),)): (landy,)}


def test_the_player_may_sit_east_west() -> None:
    """Our notes bid for the player's side, whichever it is."""
    auction = against(seats="EW").bid(LANDY)
    assert [choice.notes for choice in auction.choices[:2]] == [THEIRS, OURS]


def test_without_their_notes_every_call_is_ours() -> None:
    auction = Robot(system(OURS_NOTES)).bid(LANDY)
    assert {choice.notes for choice in auction.choices} == {OURS}


@pytest.mark.parametrize("written", ["1N-(2C)", "1N-(2C)-D", "(1H)-1S"])
def test_boards_aimed_at_our_side_with_their_calls(written: str) -> None:
    """The player's side bids the sequence, their calls in brackets from their notes, whatever seat
    the dealing is asked for: ours is North-South."""
    robot = against()
    sequence = parse_reference(written).sequence
    for board in aimed(robot, sequence, 8, seed=3, seat=None):
        auction = robot.bid(board)
        calls = auction.calls[auction.calls.index(next(c for c in auction.calls if c != PASS)) :]
        assert tuple(calls[: len(sequence.calls)]) == sequence.calls, auction.notation()
        start = len(auction.calls) - len(calls)
        for index in range(len(sequence.calls)):
            choice = auction.choices[start + index]
            assert choice.notes == (OURS if sequence.is_ours(index) else THEIRS)
            assert (choice.seat in "NS") == sequence.is_ours(index)


def test_a_call_their_notes_lack_is_out_of_reach() -> None:
    with pytest.raises(OutOfReach, match=r"the opponents' notes have no row for 1N-\(2D\)"):
        list(aimed(against(), parse_reference("1N-(2D)").sequence, 2, seed=1))


def test_coverage_counts_our_calls_only() -> None:
    coverage = check(system(OURS_NOTES), [LANDY], system(THEIRS_NOTES))
    assert coverage.calls == {"1N": 1, "D": 1, "P": 1}  # 1N D P P P: 2C and the passes of East-West are theirs


def test_notes_that_cannot_be_the_opponents() -> None:
    ours = system(OURS_NOTES)
    assert same_notes(system(OURS_NOTES, "copy.bml"), ours)
    said = opponents_problem(system(OURS_NOTES, "copy.bml"), ours, "copy.bml")
    assert said is not None and said.startswith("both sides would bid the same notes")
    defence = system("(1N) = any\n  D = penalty {{ 15+ hcp }}\n")
    said = opponents_problem(defence, ours, "defence.bml")
    assert said is not None and "has no opening bid with a hand condition" in said
    said = opponents_problem(system("1N = 15-17\n"), ours, "their.bss", conditions=False)
    assert said is not None and "their.bss keeps no hand conditions" in said
    assert opponents_problem(system(THEIRS_NOTES), ours, "theirs.bml") is None
