"""Measuring the notes against par: IMPs per opening, the worst boards, and two versions side by side.

Each board bid through the notes and solved double dummy is *played*: the
contract the notes reached scores what declarer takes double dummy, and is
compared with the par score. IMPs to par are counted for the side that
opened (North-South on a passed-out board): 0 when the notes reach par, -6
when they stop in 3NT with 6NT cold. A study keeps per opening the figures
of its boards (:mod:`.figures`: how many, the IMPs, how sure) and the worst
few boards only: memory stays flat however many boards go through it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ..language.calls import PASS
from ..language.errors import Location
from .boards import Board
from .confidence import Spread
from .dealing import DoubleDummy
from .figures import PASSED_OUT, CompareFigures, Difference, ParFigures
from .robot import Auction
from .scoring import imps, north_south_score

#: the worst boards each table keeps
WORST = 5


def opening_of(auction: Auction) -> str:
    """The first call of ``auction`` that is not a pass (``passed out`` for a board nobody opened)."""
    return next((str(call) for call in auction.calls if call != PASS), PASSED_OUT)


@dataclass(frozen=True)
class Played:
    """A board, the auction the notes gave it, and what it scored against par."""

    board: Board
    auction: Auction
    tricks: int | None
    #: North-South's score for the contract, and par
    score: int
    par: int
    par_contracts: str

    @classmethod
    def of(cls, board: Board, auction: Auction, solved: DoubleDummy) -> Played:
        contract = auction.contract()
        tricks = solved.taken(contract)
        return cls(board, auction, tricks, north_south_score(board, contract, tricks), solved.par, solved.par_contracts)

    @property
    def opening(self) -> str:
        """The first call that is not a pass (``passed out`` for a board nobody opened)."""
        return opening_of(self.auction)

    @property
    def opening_side(self) -> str:
        """``NS`` or ``EW``: the side that opened (``NS`` on a passed-out board)."""
        return "EW" if self.auction.opener in ("E", "W") else "NS"

    @property
    def imps(self) -> int:
        """IMPs to par for the side that opened (negative: the notes lost against par)."""
        difference = self.score - self.par
        return imps(difference if self.opening_side == "NS" else -difference)

    @property
    def rows(self) -> tuple[Location, ...]:
        """The rows the calls other than passes came from, each once, in the order of the auction."""
        rows = (choice.meaning for choice in self.auction.choices if choice.meaning is not None and choice.call != PASS)
        return tuple(dict.fromkeys(row.location for row in rows))

    def line(self) -> str:
        """The board on one line: number, auction, contract, tricks, score and par."""
        contract = self.auction.contract()
        tricks = "" if self.tricks is None else f", {self.tricks} tricks"
        return (
            f"board {self.board.number}: {self.auction.notation()} ({contract}{tricks}); "
            f"NS {self.score:+d}, par NS {self.par:+d} ({self.par_contracts}): {self.imps:+d} IMPs"
        )


@dataclass
class Table:
    """One opening (or sequence): the IMPs to par of its boards, the worst ones."""

    name: str
    spread: Spread = field(default_factory=Spread)
    _worst: list[tuple[int, int, str, tuple[Location, ...]]] = field(default_factory=list)

    def add(self, played: Played) -> None:
        self.spread.add(played.imps)
        entry = (-played.imps, -played.board.number, played.line(), played.rows)
        if len(self._worst) < WORST:
            heapq.heappush(self._worst, entry)
        elif entry > self._worst[0]:
            heapq.heapreplace(self._worst, entry)

    @property
    def boards(self) -> int:
        return self.spread.boards

    @property
    def total(self) -> int:
        return self.spread.total

    @property
    def average(self) -> float:
        return self.spread.mean

    @property
    def worst(self) -> list[tuple[str, tuple[Location, ...]]]:
        """The worst boards, worst first, each with the rows that bid it (the worst few only)."""
        return [(line, rows) for imps_, number, line, rows in sorted(self._worst, reverse=True) if imps_ > 0]


@dataclass
class Study:
    """IMPs to par by opening: add played boards one at a time, then ask for the report. A board
    where the side that opened passed for want of hand conditions is counted apart, by the
    auction the notes go on after without a condition: its IMPs measure what the notes do not
    say yet, not the system."""

    tables: dict[str, Table] = field(default_factory=dict)
    #: boards a pass for want of hand conditions decided, by the auction of that pass
    wanting: dict[str, Table] = field(default_factory=dict)
    #: the words of each of those passes (the rows that have no condition)
    wanting_words: dict[str, str] = field(default_factory=dict)

    def add(self, played: Played, name: str | None = None) -> tuple[str, bool]:
        """Count ``played`` under ``name`` (by default its opening), or apart when a seat passed
        for want of hand conditions; the name it is counted under, and whether apart."""
        wanting = played.auction.wanting
        if wanting is not None:
            after = wanting.auction_wanting or "(opening)"
            self.wanting.setdefault(after, Table(after)).add(played)
            self.wanting_words.setdefault(after, wanting.wanting())
            return after, True
        name = name or played.opening
        self.tables.setdefault(name, Table(name)).add(played)
        return name, False

    def figures(self) -> ParFigures:
        """The IMPs to par of each opening and of each auction counted apart."""
        return ParFigures(
            {name: table.spread for name, table in self.tables.items()},
            {name: table.spread for name, table in self.wanting.items()},
            dict(self.wanting_words),
        )

    def report(self) -> str:
        worst = {name: _worst_lines(table.worst) for name, table in self.tables.items()}
        apart = {name: [f"    {line}" for line, _ in table.worst[:2]] for name, table in self.wanting.items()}
        return self.figures().report(worst, apart)


def _worst_lines(worst: list[tuple[str, tuple[Location, ...]]]) -> list[str]:
    lines = []
    for line, rows in worst:
        lines.append(f"  {line}")
        if rows:
            lines.append(f"    rows: {', '.join(str(row) for row in rows)}")
    return lines


def difference(one: Played, other: Played) -> int:
    """What the first version gains on a board against the second: its IMPs to par less the other's."""
    return one.imps - other.imps


@dataclass
class Versions:
    """Two versions of the notes on the same boards: per opening (of the first version), the boards
    where the auctions differ, the IMPs to par of each version on them, and the difference board by
    board (0 where the auctions are the same)."""

    first: str
    second: str
    figures: CompareFigures = field(init=False)
    shown: dict[str, list[str]] = field(default_factory=dict)
    #: boards shown per opening; the others are counted
    show: int = 20

    def __post_init__(self) -> None:
        self.figures = CompareFigures(self.first, self.second)

    @property
    def boards(self) -> int:
        return self.figures.overall.boards

    def alike(self, auction: Auction) -> None:
        """Count a board both versions bid alike (``auction``): it scores the same against par."""
        self._opening(opening_of(auction)).spread.add(0)

    def add(self, one: Played, other: Played) -> bool:
        """Count a board played by both versions; whether their auctions differ."""
        counts = self._opening(one.opening)
        if one.auction.calls == other.auction.calls:
            counts.spread.add(0)
            return False
        counts.differing += 1
        counts.first += one.imps
        counts.second += other.imps
        counts.spread.add(difference(one, other))
        shown = self.shown.setdefault(one.opening, [])
        if len(shown) < self.show:
            shown.append(
                f"  board {one.board.number}: {one.auction.notation()} ({one.auction.contract()}, {one.imps:+d}) "
                f"against {other.auction.notation()} ({other.auction.contract()}, {other.imps:+d})"
            )
        return True

    def _opening(self, opening: str) -> Difference:
        return self.figures.openings.setdefault(opening, Difference())

    def report(self) -> str:
        return self.figures.report(self.shown)
