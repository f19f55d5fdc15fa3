"""The robot bids by the system's conditions: every call is checked again, independently, with endplay."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call, Strain
from sphinx_bml.language.laws import allowed as legal
from sphinx_bml.practice import Board, Robot, check
from sphinx_bml.practice.robot import contract_of, situation
from tests.support import needs

NOTES = """\
1C = 16+ {{ 16+ hcp }}
  1D = negative {{ 0-7 hcp }}
  1N = balanced 8+ {{ 8+ hcp, balanced }}
1N = 14-16 balanced {{ 14-16 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
    2D = no major {{ 3- hearts, 3- spades }}
    2H = four hearts {{ 4+ hearts }}
    2S = four spades {{ 4+ spades }}
  3N = to play {{ 10-15 hcp }}
2M = weak {{ 6 M, 5-10 hcp }}
P = {{ 10- hcp }}
(1N)
  D = penalty {{ 15+ hcp }}
"""

SYSTEM = expand(parse_text(NOTES, "notes.bml"))
#: North deals 14-16 balanced with four hearts, South has 9 and four hearts
BOARD = Board("N:AQ5.K654.KJ4.Q43 J98.T32.Q982.K82 K72.AQJ8.753.J76 T643.97.AT6.AT95", "N", "None", 1)


def test_a_board_bid_by_the_system() -> None:
    auction = Robot(SYSTEM).bid(BOARD)
    assert auction.notation() == "1N P 2C P 2H P P P"
    lines = [choice.meaning.location.line if choice.meaning else None for choice in auction.choices]
    assert lines == [4, None, 5, None, 7, None, None, None]
    assert str(auction.contract()) == "2H by N"


def test_situations_from_each_seat() -> None:
    one_nt, double = Call.parse("1N"), Call.parse("D")
    assert situation([], 0).calls == () and situation([Call.parse("P")], 1).position == 2
    assert situation([one_nt], 1).we_open is False
    assert situation([one_nt, Call.parse("P")], 2).we_open is True
    assert legal(double, [one_nt]) and not legal(double, [one_nt, Call.parse("P")])
    assert not legal(Call.parse("1C"), [one_nt])
    assert contract_of([Call.parse("P")] * 4, "N").call is None


def test_the_opponents_use_the_competitive_tables() -> None:
    board = Board("N:AQ5.K654.KJ4.Q43 KJ9.AT3.AQ9.K982 8.Q872.T8632.J76 T76432.J9.75.AT5", "N", "None", 1)
    auction = Robot(SYSTEM).bid(board)
    assert auction.notation().startswith("1N D")


def _by_endplay(evaluate: ModuleType) -> dict[int, Callable[[Any], bool]]:
    """The conditions of NOTES, row by row, written again with endplay's evaluation."""

    def hcp(hand: Any) -> float:
        return float(evaluate.hcp(hand))

    return {
        1: lambda h: hcp(h) >= 16,
        2: lambda h: hcp(h) <= 7,
        3: lambda h: hcp(h) >= 8 and evaluate.is_balanced(h),
        4: lambda h: 14 <= hcp(h) <= 16 and evaluate.is_balanced(h),
        5: lambda h: hcp(h) >= 8 and (len(h.hearts) >= 4 or len(h.spades) >= 4),
        6: lambda h: len(h.hearts) <= 3 and len(h.spades) <= 3,
        7: lambda h: len(h.hearts) >= 4,
        8: lambda h: len(h.spades) >= 4,
        9: lambda h: 10 <= hcp(h) <= 15,
        10: lambda h: (len(h.hearts) == 6 or len(h.spades) == 6) and 5 <= hcp(h) <= 10,
        11: lambda h: hcp(h) <= 10,
        13: lambda h: hcp(h) >= 15,
    }


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_robot_call_meets_its_condition_by_endplays_count() -> None:
    """Each call the robot makes from a row: the hand meets that row's condition as
    endplay counts it; each pass from no row: no row that continues the auction fits."""
    evaluate = needs("endplay.evaluate")
    types = needs("endplay.types")
    from sphinx_bml.practice.dealing import boards

    independent = _by_endplay(evaluate)
    robot = Robot(SYSTEM)
    checked = 0
    for board in boards(300, seed=11):
        deal = types.Deal(board.deal)
        auction = robot.bid(board)
        for turn, choice in enumerate(auction.choices):
            hand = deal[types.Player.find(choice.seat)]
            if choice.meaning is not None:
                line = choice.meaning.location.line
                if line == 10:  # 2M: the suit of the bid
                    suit = hand.hearts if choice.call.strain is Strain.HEARTS else hand.spades
                    assert len(suit) == 6 and 5 <= evaluate.hcp(hand) <= 10, (board.deal, choice)
                else:
                    assert independent[line](hand), (board.deal, choice)
                checked += 1
            else:
                where = situation(auction.calls[:turn], turn)
                for meaning in robot.meanings_after(where):
                    if legal(meaning.sequence.last, auction.calls[:turn]) and meaning.location.line != 10:
                        assert not independent[meaning.location.line](hand), (board.deal, meaning)
    assert checked > 300


def test_coverage_finds_ambiguities_and_gaps() -> None:
    coverage = check(SYSTEM, [BOARD])
    assert coverage.boards == 1 and coverage.openers >= 1
    report = coverage.report()
    assert "1 board dealt and bid." in report
    assert not re.search(r"\b1 (boards|hands)\b", report)


def test_the_practice_package_loads_no_sphinx() -> None:
    code = "import sys, sphinx_bml.practice; print(any(m.startswith(('sphinx.', 'docutils')) for m in sys.modules))"
    root = Path(__file__).parents[2]
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert result.stdout.strip() == "False"
