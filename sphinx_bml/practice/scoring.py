"""Duplicate scoring and IMPs: what a contract scores, and what a difference in scores is worth.

Pure Python, the Laws of Duplicate Bridge (2017), Law 77: trick points,
overtricks, the game or part-score bonus, slam bonuses, the bonus for making
a doubled or redoubled contract, and the undertricks. IMPs by the WBF table.
"""

from __future__ import annotations

from bisect import bisect_right

from ..language.calls import Strain
from .boards import Board
from .robot import Contract

#: The WBF IMP table: the smallest difference worth 1, 2, ... 24 IMPs.
IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: int) -> int:
    """What a difference in total points is worth in IMPs (negative for a loss)."""
    won = bisect_right(IMP_STEPS, abs(difference))
    return won if difference >= 0 else -won


def score(level: int, strain: Strain, doubled: int, tricks: int, vulnerable: bool) -> int:
    """What declarer's side scores for ``level`` ``strain`` (``doubled``: 0, 1 or 2) taking ``tricks``."""
    needed = level + 6
    if tricks < needed:
        return -_undertricks(needed - tricks, doubled, vulnerable)
    first, rest = (40, 30) if strain is Strain.NOTRUMP else (30, 30) if strain.rank >= 2 else (20, 20)
    trick_points: int = (first + rest * (level - 1)) * 2**doubled
    total = trick_points + ((500 if vulnerable else 300) if trick_points >= 100 else 50)
    if level == 6:
        total += 750 if vulnerable else 500
    elif level == 7:
        total += 1500 if vulnerable else 1000
    over = tricks - needed
    if doubled:
        total += 50 * doubled + over * (200 if vulnerable else 100) * doubled
    else:
        total += over * rest
    return total


def _undertricks(down: int, doubled: int, vulnerable: bool) -> int:
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        return (200 + 300 * (down - 1)) * doubled
    return (100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)) * doubled


def north_south_score(board: Board, contract: Contract, tricks: int | None) -> int:
    """What North-South score for ``contract`` taking ``tricks`` (0 for a passed-out board)."""
    if contract.call is None or contract.declarer is None or contract.call.strain is None or tricks is None:
        return 0
    made = score(
        contract.call.level, contract.call.strain, contract.doubled, tricks, board.vulnerable(contract.declarer)
    )
    return made if contract.declarer in "NS" else -made
