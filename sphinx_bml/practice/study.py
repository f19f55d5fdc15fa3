"""Measuring the notes against par: IMPs per opening, the worst boards, and two versions side by side.

Each board bid through the notes and solved double dummy is *played*: the
contract the notes reached scores what declarer takes double dummy, and is
compared with the par score. IMPs to par are counted for the side that
opened (North-South on a passed-out board): 0 when the notes reach par, -6
when they stop in 3NT with 6NT cold. A study keeps per opening the boards,
the total IMPs and the worst few boards only: memory stays flat however many
boards go through it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ..language.calls import PASS
from ..language.errors import Location
from .boards import Board
from .dealing import DoubleDummy
from .robot import Auction
from .scoring import imps, north_south_score

#: the worst boards each table keeps
WORST = 5
PASSED_OUT = "passed out"


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
        return next((str(call) for call in self.auction.calls if call != PASS), PASSED_OUT)

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
    """One opening (or sequence): how many boards, their IMPs to par, the worst ones."""

    name: str
    boards: int = 0
    total: int = 0
    _worst: list[tuple[int, int, str, tuple[Location, ...]]] = field(default_factory=list)

    def add(self, played: Played) -> None:
        self.boards += 1
        self.total += played.imps
        entry = (-played.imps, -played.board.number, played.line(), played.rows)
        if len(self._worst) < WORST:
            heapq.heappush(self._worst, entry)
        elif entry > self._worst[0]:
            heapq.heapreplace(self._worst, entry)

    @property
    def average(self) -> float:
        return self.total / self.boards if self.boards else 0.0

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

    def add(self, played: Played, name: str | None = None) -> None:
        """Count ``played`` under ``name`` (by default its opening), or apart when a seat passed
        for want of hand conditions."""
        wanting = played.auction.wanting
        if wanting is not None:
            after = wanting.auction_wanting or "(opening)"
            self.wanting.setdefault(after, Table(after)).add(played)
            self.wanting_words.setdefault(after, wanting.wanting())
            return
        name = name or played.opening
        self.tables.setdefault(name, Table(name)).add(played)

    def report(self) -> str:
        boards = sum(table.boards for table in self.tables.values())
        total = sum(table.total for table in self.tables.values())
        apart = sum(table.boards for table in self.wanting.values())
        lines = [
            f"IMPs to par, for the side that opened, over {boards} board{'s' if boards != 1 else ''}"
            + (f" ({apart} more counted apart, below)" if apart else "")
            + f": {total:+d} "
            f"({total / boards if boards else 0:+.2f} a board)",
            "",
            f"{'opening':<16}{'boards':>7}{'IMPs':>8}{'a board':>9}",
        ]
        ordered = sorted(self.tables.values(), key=lambda table: (table.name == PASSED_OUT, -table.boards))
        for table in ordered:
            lines.append(f"{table.name:<16}{table.boards:>7}{table.total:>+8d}{table.average:>+9.2f}")
        for table in ordered:
            worst = table.worst
            if not worst:
                continue
            lines.append("")
            lines.append(f"{table.name}: the worst boards")
            for line, rows in worst:
                lines.append(f"  {line}")
                if rows:
                    lines.append(f"    rows: {', '.join(str(row) for row in rows)}")
        if self.wanting:
            lines.extend(("", *self._wanting_report()))
        return "\n".join(lines)

    def _wanting_report(self) -> list[str]:
        boards = sum(table.boards for table in self.wanting.values())
        total = sum(table.total for table in self.wanting.values())
        lines = [
            f"Counted apart: {boards} board{'s' if boards != 1 else ''} where the side that opened passed for want "
            f"of hand conditions ({total:+d} IMPs): the notes go on, but no row there says which hands bid it"
        ]
        for table in sorted(self.wanting.values(), key=lambda table: -table.boards):
            lines.append(f"  after {table.name}: {table.boards} board{'s' if table.boards != 1 else ''}, "
                         f"{table.total:+d} IMPs; {self.wanting_words[table.name]}")  # fmt: skip
            lines.extend(f"    {line}" for line, _ in table.worst[:2])
        return lines


@dataclass
class Versions:
    """Two versions of the notes on the same boards: per opening (of the first version), the boards
    where the auctions differ and the IMPs to par of each version on them."""

    first: str
    second: str
    boards: int = 0
    openings: dict[str, list[int]] = field(default_factory=dict)  # differing boards, IMPs first, IMPs second
    shown: dict[str, list[str]] = field(default_factory=dict)
    #: boards shown per opening; the others are counted
    show: int = 20

    def add(self, one: Played, other: Played) -> bool:
        """Count a board played by both versions; whether their auctions differ."""
        self.boards += 1
        if one.auction.calls == other.auction.calls:
            return False
        counts = self.openings.setdefault(one.opening, [0, 0, 0])
        counts[0] += 1
        counts[1] += one.imps
        counts[2] += other.imps
        shown = self.shown.setdefault(one.opening, [])
        if len(shown) < self.show:
            shown.append(
                f"  board {one.board.number}: {one.auction.notation()} ({one.auction.contract()}, {one.imps:+d}) "
                f"against {other.auction.notation()} ({other.auction.contract()}, {other.imps:+d})"
            )
        return True

    def report(self) -> str:
        differing = sum(counts[0] for counts in self.openings.values())
        lines = [f"{self.first} against {self.second}: the auctions differ on {differing} of {self.boards} boards."]
        for opening, (count, one, other) in sorted(self.openings.items(), key=lambda item: -item[1][0]):
            lines.append("")
            gain = one - other
            verdict = (
                f"{self.first} gains {gain} IMPs"
                if gain > 0
                else f"{self.second} gains {-gain} IMPs"
                if gain < 0
                else "neither gains"
            )
            lines.append(
                f"{opening}: {count} board{'s' if count != 1 else ''} differ; IMPs to par "
                f"{self.first} {one:+d}, {self.second} {other:+d}: {verdict}"
            )
            lines.extend(self.shown.get(opening, []))
            if count > len(self.shown.get(opening, [])):
                lines.append(f"  and {count - len(self.shown[opening])} more")
        return "\n".join(lines)
