"""Two versions side by side: exactly the boards the changed row decides; the study keeps the worst boards."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import PASS, Strain
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.practice import Robot, check
from sphinx_bml.practice.aiming import aimed
from sphinx_bml.practice.boards import SEATS
from sphinx_bml.practice.dealing import DoubleDummy
from sphinx_bml.practice.study import WORST, Played, Study, Versions
from tests.practice.systems import NEW_CLUB, SEVEN_SPADES, UNCONDITIONED, club_system


def _even(par: int = 0) -> DoubleDummy:
    """Seven tricks for everyone: the IMPs do not matter here, which boards differ does."""
    return DoubleDummy({(strain, seat): 7 for strain in Strain for seat in SEATS}, par, "")


def test_the_boards_that_differ_are_exactly_those_the_row_decides() -> None:
    old, new = Robot(club_system()), Robot(club_system(NEW_CLUB))
    versions = Versions("old", "new")
    decided: set[int] = set()
    differing: set[int] = set()
    for board in aimed(old, parse_reference("1N").sequence, 150, seed=21):
        calls = old.bid(board).calls
        opener = next(turn for turn, call in enumerate(calls) if call != PASS)
        responder = board.hands[SEATS[(SEATS.index(board.dealer) + opener + 2) % 4]]
        hearts, spades = responder.length(Strain.HEARTS), responder.length(Strain.SPADES)
        if 8 <= responder.hcp() <= 9 and hearts <= 3 and spades <= 3:
            decided.add(board.number)
        one = Played.of(board, old.bid(board), _even())
        if versions.add(one, Played.of(board, new.bid(board), _even())):
            differing.add(board.number)
    assert decided and differing == decided
    assert versions.boards == 150
    assert f"the auctions differ on {len(decided)} of 150 boards" in versions.report()
    # every board counts in the difference board by board, 0 where the auctions are the same
    figures = versions.figures
    assert figures.differing == len(decided) and figures.overall.boards == 150
    assert figures.overall.swings <= len(decided)
    assert sum(difference.spread.boards for difference in figures.openings.values()) == 150


def test_boards_bid_alike_count_as_a_difference_of_0_without_being_solved() -> None:
    robot = Robot(club_system())
    solved, counted = Versions("old", "old"), Versions("old", "old")
    for board in aimed(robot, parse_reference("1N").sequence, 12, seed=4):
        auction = robot.bid(board)
        solved.add(Played.of(board, auction, _even()), Played.of(board, auction, _even()))
        counted.alike(auction)
    assert solved.figures == counted.figures
    assert counted.report().splitlines() == [
        "old against old: the auctions differ on 0 of 12 boards.",
        "The two versions bid every board alike (within noise).",
    ]


def test_a_study_names_the_table_each_board_is_counted_under() -> None:
    robot = Robot(club_system())
    study = Study()
    board = next(iter(aimed(robot, parse_reference("1C").sequence, 1, seed=2)))
    assert study.add(Played.of(board, robot.bid(board), _even())) == ("1C", False)
    assert study.add(Played.of(board, robot.bid(board), _even()), "1C-(P)-1D") == ("1C-(P)-1D", False)
    unconditioned = Robot(expand(parse_text(UNCONDITIONED, "notes.bml")))
    apart = Played.of(SEVEN_SPADES, unconditioned.bid(SEVEN_SPADES), _even(par=620))
    assert study.add(apart) == ("1D-(P)", True)
    assert set(study.figures().openings) == {"1C", "1C-(P)-1D"} and set(study.figures().apart) == {"1D-(P)"}


def test_a_study_keeps_the_worst_boards_only() -> None:
    robot = Robot(club_system())
    study = Study()
    boards = list(aimed(robot, parse_reference("1C").sequence, 12, seed=2))
    for number, board in enumerate(boards):
        study.add(Played.of(board, robot.bid(board), _even(par=-50 * number)))
    table = study.tables["1C"]
    assert table.boards == 12
    assert len(table.worst) <= WORST
    report = study.report()
    assert "1C: the worst boards" in report
    assert report.count("\n  board ") == len(table.worst)


def test_a_board_passed_for_want_of_hand_conditions_is_counted_apart() -> None:
    """North passes South's 1D with 12 HCP and seven spades: the notes have 1S there, without a hand
    condition. The IMPs lost go to the missing conditions, not to the 1D opening."""
    robot = Robot(expand(parse_text(UNCONDITIONED, "notes.bml")))
    study = Study()
    study.add(Played.of(SEVEN_SPADES, robot.bid(SEVEN_SPADES), _even(par=620)))
    assert not study.tables and study.wanting["1D-(P)"].boards == 1
    report = study.report()
    assert report.startswith("IMPs to par, for the side that opened, over 0 boards (1 more counted apart, below)")
    assert "Counted apart: 1 board where the side that opened passed for want of hand conditions (-11 IMPs)" in report
    assert "  after 1D-(P): 1 board, -11 IMPs; no row after 1D-(P) says which hands bid it (notes.bml:2, " in report
    assert "    board 1: 1D P P P (1D by S, 7 tricks); NS +70, par NS +620 (): -11 IMPs" in report


def test_the_coverage_report_lists_the_auctions_without_conditions() -> None:
    report = check(expand(parse_text(UNCONDITIONED, "notes.bml")), [SEVEN_SPADES]).report()
    assert "1 auction where the notes go on without a hand condition." in report
    assert "Passed for want of hand conditions: the notes go on after these auctions, but no row there says" in report
    assert "  1D P: 1 hand (notes.bml:2, notes.bml:3), such as AKQT765.K2.43.32 (12 HCP)" in report
