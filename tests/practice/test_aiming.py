"""--sequence: boards aimed at one sequence of the notes, and a clear message when none can be dealt."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import PASS
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.practice import Robot
from sphinx_bml.practice.aiming import NotAnAuction, OutOfReach, aimed, passes_before
from tests.practice.systems import CLUB, OLD_ONE_DIAMOND, club_system
from tests.support import example_system


def _opening_on(calls: list) -> list:
    calls = list(calls)
    while calls and calls[0] == PASS:
        calls.pop(0)
    return calls


@pytest.mark.parametrize("written", ["1N-2C", "1N-2C-2S", "1C-1H", "1C-1D-1S"])
def test_every_board_starts_with_the_sequence(written: str) -> None:
    robot = Robot(club_system())
    sequence = parse_reference(written).sequence
    boards = list(aimed(robot, sequence, 20, seed=4))
    assert [board.number for board in boards] == list(range(1, 21))
    openers = set()
    for board in boards:
        calls = robot.bid(board).calls
        assert tuple(_opening_on(calls)[: len(sequence.calls)]) == sequence.calls, (board.deal, calls)
        openers.add(len(calls) - len(_opening_on(calls)))
        assert sorted(len(hand.holdings[0] + hand.holdings[1] + hand.holdings[2] + hand.holdings[3])
                      for hand in board.hands.values()) == [13, 13, 13, 13]  # fmt: skip
    assert len(openers) > 1  # passes before the opening happen too


def test_the_same_seed_deals_the_same_boards() -> None:
    robot = Robot(club_system())
    sequence = parse_reference("1N-2C").sequence
    assert list(aimed(robot, sequence, 5, seed=9)) == list(aimed(robot, sequence, 5, seed=9))
    assert list(aimed(robot, sequence, 5, seed=9)) != list(aimed(robot, sequence, 5, seed=10))


def test_the_example_sites_two_diamonds() -> None:
    system = example_system()
    robot = Robot(system)
    sequence = parse_reference("2D").sequence
    for board in aimed(robot, sequence, 10, seed=1):
        assert _opening_on(robot.bid(board).calls)[0] == sequence.calls[0]


def test_a_row_an_earlier_row_hides_is_named_with_that_row() -> None:
    notes = CLUB.replace(CLUB.splitlines()[9] + "\n" + CLUB.splitlines()[10], OLD_ONE_DIAMOND)
    robot = Robot(club_system(notes))
    with pytest.raises(OutOfReach) as raised:
        list(aimed(robot, parse_reference("1N-2C").sequence, 3, seed=1))
    message = str(raised.value)
    assert "the robot never bid the row for 1N at club.bml:16" in message
    assert "bid 1D by the row at club.bml:10" in message


def test_a_sequence_the_notes_do_not_have() -> None:
    robot = Robot(club_system())
    with pytest.raises(OutOfReach, match=r"the notes have no row for 1N-\(P\)-2D"):
        list(aimed(robot, parse_reference("1N-2D").sequence, 3))


def test_a_row_without_a_condition() -> None:
    robot = Robot(expand(parse_text("1N = 15-17 {{ 15-17 hcp, balanced }}\n  2C = Stayman\n", "notes.bml")))
    with pytest.raises(OutOfReach, match=r"the row for 1N-\(P\)-2C \(notes.bml:2\) has no hand condition"):
        list(aimed(robot, parse_reference("1N-2C").sequence, 3))


def test_a_condition_no_hand_meets_gives_up_in_bounded_time() -> None:
    robot = Robot(expand(parse_text("1N = impossible {{ 14-16 hcp, balanced, 6+ clubs }}\n", "notes.bml")))
    with pytest.raises(OutOfReach, match=r"never bid the row for 1N at notes.bml:1"):
        list(aimed(robot, parse_reference("1N").sequence, 3))


@pytest.mark.parametrize(
    ("written", "seat", "side"), [("1N-2C", "S", "NS"), ("1N-2C", "W", "EW"), ("(1C)-1H", "N", "EW")]
)
def test_the_players_side_bids_the_sequence(written: str, seat: str, side: str) -> None:
    """With a seat, the side of that seat makes the sequence's own calls (the opponents' calls in
    brackets are the others'): the seat opens on some boards and answers on others."""
    robot = Robot(club_system(CLUB + "(1C)\n    1H = overcall {{ 8-16 hcp, 5+ hearts }}\n"))
    sequence = parse_reference(written).sequence
    openers = set()
    for board in aimed(robot, sequence, 16, seed=7, seat=seat):
        auction = robot.bid(board)
        assert tuple(_opening_on(auction.calls)[: len(sequence.calls)]) == sequence.calls
        assert auction.opener is not None and auction.opener in side
        openers.add(auction.opener)
    assert openers == set(side)  # each seat of the opening side opens on some board


def test_the_passes_before_the_opening() -> None:
    one_nt, overcall = parse_reference("1N-2C").sequence, parse_reference("(1C)-1H").sequence
    assert passes_before(one_nt, "N") == (0, 1, 2, 3)
    assert passes_before(one_nt, "N", "S") == (0, 2) and passes_before(one_nt, "N", "E") == (1, 3)
    assert passes_before(overcall, "N", "S") == (1, 3)


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("1N-1C", r"1N-\(P\)-1C is not a legal auction: 1C is lower than 1N, the last bid"),
        ("1N-X", r"1N-\(P\)-D is not a legal auction: a double of partner's 1N"),
        ("1N-P-P-P-2C", r"is not a legal auction: the auction has already ended \(three passes after 1N\)"),
        ("1N-(X)-XX-(XX)", r"a redouble of 1N, which is already redoubled"),
    ],
)
def test_a_sequence_that_could_not_happen_is_not_an_auction(written: str, reason: str) -> None:
    robot = Robot(club_system())
    with pytest.raises(NotAnAuction, match=reason):
        list(aimed(robot, parse_reference(written).sequence, 3))
