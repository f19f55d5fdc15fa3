"""The robot never passes a forcing call: when no row fits, it bids the nearest row, off the notes."""

from __future__ import annotations

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import PASS, Call
from sphinx_bml.language.conditions import Hand, parse_condition
from sphinx_bml.practice import Board, Robot, check
from sphinx_bml.practice.forcing import Force, force_of
from sphinx_bml.practice.shortfall import shortfall
from tests.practice.systems import club_system
from tests.support import example_system, needs

#: the rows of the club system that force, by line, written out again by hand
FORCING_LINES = {3: Force.ONE_ROUND, 6: Force.ONE_ROUND, 12: Force.ONE_ROUND, 18: Force.ONE_ROUND}
GAME_FORCING_LINES = {7, 8, 9}


def _meaning(words: str) -> Force:
    system = expand(parse_text(f"1C = {words}\n"))
    return force_of(next(iter(system)))


@pytest.mark.parametrize(
    ("words", "force"),
    [
        ("16+ hcp, artificial and forcing", Force.ONE_ROUND),
        ("5+ cards in M; forcing one round", Force.ONE_ROUND),
        ("8+ hcp, 5+!h; GF", Force.GAME),
        ("Game forcing with a solid suit", Force.GAME),
        ("Ogust: asks for strength and suit quality", Force.ONE_ROUND),
        ("Artificial enquiry: 11+ hcp, interest in game", Force.ONE_ROUND),
        ("Transfer to !h", Force.ONE_ROUND),
        ("REL", Force.ONE_ROUND),
        ("TRF, GF", Force.GAME),
        ("Five or more cards in M, 8--10 hcp: not forcing", Force.NONE),
        ("11--15 hcp, non-forcing", Force.NONE),
        ("INV or GF", Force.NONE),
        ("To play", Force.NONE),
        ("11--12 hcp, balanced: invitational", Force.NONE),
        ("Fit showing", Force.NONE),
    ],
)
def test_what_forces_partner(words: str, force: Force) -> None:
    assert _meaning(words) is force


def test_the_shortfall_counts_what_the_hand_lacks() -> None:
    hand = Hand.from_pbn("AKJ5.K65.Q43.KT5")  # 16 HCP, 4-3-3-3
    assert shortfall(parse_condition("15-17 hcp, balanced"), hand) == 0
    assert shortfall(parse_condition("8-13 hcp"), hand) == 3
    assert shortfall(parse_condition("5+ hearts"), hand) == 2
    assert shortfall(parse_condition("5+ hearts or 6+ spades"), hand) == 2
    assert shortfall(parse_condition("5+ M, 18+ hcp"), hand) == 3
    assert shortfall(parse_condition("unbalanced"), hand) == 1
    assert shortfall(parse_condition("hearts > spades"), hand) == 2


def test_a_hand_no_answer_fits_bids_the_nearest_row_off_the_notes() -> None:
    # North opens 1C with 24; South has 11 HCP, 1-3-4-5: no answer fits (no five-card major,
    # not balanced); the nearest is 1N (8-13 and balanced: only the shape is missing).
    board = Board("N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4", "N", "None", 1)
    assert board.hands["S"].hcp() == 11 and board.hands["S"].shape == (1, 3, 4, 5)
    auction = Robot(club_system()).bid(board)
    assert auction.notation().startswith("1C P ")
    answer = auction.choices[2]
    assert answer.call != PASS and answer.off_notes
    assert answer.meaning is not None and answer.meaning.location.line == 9
    report = check(club_system(), [board]).report()
    assert "Off the notes" in report and "club.bml:9" in report
    # 1N forces to game and the notes have nothing after it: opener bids the cheapest game
    assert auction.notation() == "1C P 1N P 3N P P P"
    assert "1C P 1N P: 3N (the notes have no row here)" in report
    assert "2 places where a forced bid fits no row (off the notes), " in report


def test_a_forced_seat_with_no_row_at_all_bids_the_cheapest_bid() -> None:
    system = expand(parse_text("1C = strong, forcing {{ 16+ hcp }}\n"))
    board = Board("N:AKQ5.AK65.Q43.K5 J762.T832.T5.A72 8.QJ7.AK87.J9863 T943.94.J962.QT4", "N", "None", 1)
    auction = Robot(system).bid(board)
    assert auction.notation() == "1C P 1D P P P"
    assert auction.choices[2].off_notes and auction.choices[2].meaning is None


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_robot_never_passes_a_forcing_call() -> None:
    needs("endplay")
    from sphinx_bml.practice.dealing import boards

    robot = Robot(club_system())
    forced = 0
    for board in boards(400, seed=3):
        auction = robot.bid(board)
        calls = auction.calls
        game_force = False
        for turn, choice in enumerate(auction.choices):
            line = choice.meaning.location.line if choice.meaning else None
            if turn >= 2 and calls[turn - 1] == PASS and calls[turn - 2] != PASS:
                before = auction.choices[turn - 2]
                before_line = before.meaning.location.line if before.meaning else None
                if before_line in FORCING_LINES or before_line in GAME_FORCING_LINES:
                    forced += 1
                    assert choice.call != PASS, (board.deal, auction.notation())
            if game_force and choice.call == PASS and calls[turn - 1] == PASS:
                last = next(c for c in reversed(calls[:turn]) if c.is_bid)
                assert last.level >= 3, (board.deal, auction.notation())
            game_force = game_force or line in GAME_FORCING_LINES
    assert forced > 20


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_example_sites_strong_club_is_never_passed_out() -> None:
    needs("endplay")
    from sphinx_bml.practice.dealing import boards

    system = example_system()
    robot = Robot(system)
    one_club = Call.parse("1C")
    opened = 0
    for board in boards(300, seed=5):
        auction = robot.bid(board)
        calls = [call for call in auction.calls]
        while calls and calls[0] == PASS:
            calls.pop(0)
        if calls[:2] == [one_club, PASS]:  # the opponents may overcall it, as the notes have them do
            opened += 1
            assert len(calls) > 2 and calls[2] != PASS, auction.notation()  # responder answers 1C
    assert opened > 10
