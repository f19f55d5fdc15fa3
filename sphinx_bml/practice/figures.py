"""The figures of a study, how sure each is, as text and JSON, added up exactly over several runs.

``--par`` gives the IMPs to par per opening (per sequence with ``--sequence``)
and overall; ``--compare`` the difference between two versions of the notes,
board by board (paired: both versions bid the same boards), per opening of the
first version and overall. Each figure is a :class:`~.confidence.Spread` of
integers, so the figures of several runs (other seeds, other processes,
other machines) add up to exactly those of one run over all their boards,
whatever the order (:meth:`ParFigures.__add__`, :meth:`CompareFigures.__add__`).
The text gives beside each total the mean IMPs a board and its 95% interval,
and for two versions whether the difference is within noise or which version
is better.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence as Lines
from dataclasses import dataclass, field
from typing import TypeVar

from .confidence import CONFIDENCE, Spread, whole

PASSED_OUT = "passed out"
#: what a board that swings is, in the words of each study
OFF_PAR = "away from par"
SWINGING = "swing"


def plural(count: int, noun: str) -> str:
    """``1 board``, ``2 boards``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def mean_and_interval(spread: Spread) -> str:
    """The mean and its interval in a player's words: ``mean +0.42 IMPs a board, 95% interval
    -0.10 to +0.94``; ``one board: no interval``, ``no board swings: no interval``."""
    words = f"mean {spread.mean:+.2f} IMPs a board"
    interval = spread.interval()
    if interval is not None:
        return f"{words}, {CONFIDENCE:.0%} interval {interval}"
    if spread.boards == 1:
        return f"{words}, one board: no interval"
    if spread.total == 0:
        return f"{words}, no board swings: no interval"
    return f"{words}, every board worth the same: no interval"


def roughness(spread: Spread, swinging: str) -> str | None:
    """``rough: only 12 boards swing`` when the interval rests on too few boards that swing."""
    interval = spread.interval()
    if interval is None or not interval.rough:
        return None
    return f"rough: only {plural(spread.swings, 'board')} {swinging}"


def verdict(difference: Spread, first: str, second: str) -> str:
    """Which of two versions is better by ``difference`` (the first's IMPs less the second's, board by
    board): ``within noise`` when its interval holds 0, ``first better`` or ``second better``
    when it does not."""
    interval = difference.interval()
    if interval is None:
        return "within noise" if difference.total == 0 else "too few boards to tell"
    if interval.within_noise:
        return "within noise"
    return f"{first if interval.low > 0 else second} better"


def _interval_cell(spread: Spread) -> str:
    interval = spread.interval()
    if interval is not None:
        return f"{interval}{' (rough)' if interval.rough else ''}"
    return "one board" if spread.boards == 1 else "no spread"


@dataclass
class ParFigures:
    """IMPs to par per opening (or sequence), and apart, per auction, the boards a pass for want of
    hand conditions decided, with the words of that pass."""

    openings: dict[str, Spread] = field(default_factory=dict)
    apart: dict[str, Spread] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)

    @property
    def overall(self) -> Spread:
        return sum(self.openings.values(), Spread())

    def __add__(self, other: ParFigures) -> ParFigures:
        openings, apart = _added(self.openings, other.openings), _added(self.apart, other.apart)
        return ParFigures(openings, apart, other.words | self.words)

    def report(
        self, worst: Mapping[str, Lines[str]] | None = None, worst_apart: Mapping[str, Lines[str]] | None = None
    ) -> str:
        """The figures as text: the whole, a table by opening, ``worst``: the lines of the worst boards
        of each opening, ``worst_apart`` of each auction counted apart."""
        worst, worst_apart = worst or {}, worst_apart or {}
        overall = self.overall
        apart = sum(self.apart.values(), Spread())
        head = f"IMPs to par, for the side that opened, over {plural(overall.boards, 'board')}"
        if apart.boards:
            head += f" ({apart.boards} more counted apart, below)"
        head += f": {overall.total:+d}"
        if overall.boards:
            head += f"; {mean_and_interval(overall)}"
            rough = roughness(overall, OFF_PAR)
            head += f" ({rough})" if rough else ""
        lines = [head, "", f"{'opening':<16}{'boards':>7}{'IMPs':>8}{'a board':>9}  {CONFIDENCE:.0%} interval"]
        ordered = sorted(self.openings, key=lambda name: (name == PASSED_OUT, -self.openings[name].boards, name))
        for name in ordered:
            spread = self.openings[name]
            cells = f"{name:<16}{spread.boards:>7}{spread.total:>+8d}{spread.mean:>+9.2f}"
            lines.append(f"{cells}  {_interval_cell(spread)}")
        for name in ordered:
            if worst.get(name):
                lines.extend(("", f"{name}: the worst boards", *worst[name]))
        if self.apart:
            lines.extend(("", *self._apart_report(apart, worst_apart)))
        return "\n".join(lines)

    def _apart_report(self, apart: Spread, worst: Mapping[str, Lines[str]]) -> list[str]:
        lines = [
            f"Counted apart: {plural(apart.boards, 'board')} where the side that opened passed for want "
            f"of hand conditions ({apart.total:+d} IMPs): the notes go on, but no row there says which hands bid it"
        ]
        for name in sorted(self.apart, key=lambda name: (-self.apart[name].boards, name)):
            spread = self.apart[name]
            words = f"; {self.words[name]}" if self.words.get(name) else ""
            lines.append(f"  after {name}: {plural(spread.boards, 'board')}, {spread.total:+d} IMPs{words}")
            lines.extend(worst.get(name, ()))
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "overall": self.overall.to_json(),
            "openings": {name: self.openings[name].to_json() for name in sorted(self.openings)},
            "counted_apart": {
                name: {**self.apart[name].to_json(), "words": self.words.get(name, "")} for name in sorted(self.apart)
            },
        }

    @classmethod
    def from_json(cls, data: object) -> ParFigures:
        """The figures :meth:`to_json` wrote; :class:`ValueError` saying what is wrong otherwise."""
        if not isinstance(data, dict):
            raise ValueError("its figures of IMPs to par are not a JSON object")
        figures = cls(_spreads(data, "openings"), _spreads(data, "counted_apart"))
        apart = data["counted_apart"]
        figures.words = {name: str(apart[name].get("words") or "") for name in figures.apart}
        return figures


@dataclass
class Difference:
    """Two versions on the boards of one opening: the boards they bid differently, the IMPs to par of
    each on those, and the difference board by board (0 where they bid alike)."""

    differing: int = 0
    first: int = 0
    second: int = 0
    spread: Spread = field(default_factory=Spread)

    def __add__(self, other: Difference) -> Difference:
        return Difference(
            self.differing + other.differing,
            self.first + other.first,
            self.second + other.second,
            self.spread + other.spread,
        )


@dataclass
class CompareFigures:
    """Two versions of the notes on the same boards, per opening of the first version: the IMPs to par
    of the first less those of the second, board by board."""

    first: str
    second: str
    openings: dict[str, Difference] = field(default_factory=dict)

    @property
    def overall(self) -> Spread:
        return sum((difference.spread for difference in self.openings.values()), Spread())

    @property
    def differing(self) -> int:
        return sum(difference.differing for difference in self.openings.values())

    def __add__(self, other: CompareFigures) -> CompareFigures:
        return CompareFigures(self.first, self.second, _added(self.openings, other.openings))

    def report(self, shown: Mapping[str, Lines[str]] | None = None) -> str:
        """The figures as text, with ``shown``: the lines of the boards shown of each opening."""
        shown = shown or {}
        overall = self.overall
        lines = [
            f"{self.first} against {self.second}: the auctions differ on {self.differing} of {overall.boards} boards."
        ]
        if overall.boards and not self.differing:
            lines.append("The two versions bid every board alike (within noise).")
        elif overall.boards:
            lines.append(
                f"{self.first} scores {overall.total:+d} IMPs against {self.second}: "
                f"{mean_and_interval(overall)} ({self._verdict(overall)})."
            )
        ordered = sorted(self.openings.items(), key=lambda item: (-item[1].differing, item[0]))
        for opening, difference in ordered:
            if not difference.differing:
                continue
            lines.extend(("", self._opening_line(opening, difference)))
            boards = shown.get(opening, ())
            lines.extend(boards)
            if difference.differing > len(boards):
                lines.append(f"  and {difference.differing - len(boards)} more")
        return "\n".join(lines)

    def _opening_line(self, opening: str, difference: Difference) -> str:
        gain = difference.first - difference.second
        gains = (
            f"{self.first} gains {gain} IMPs"
            if gain > 0
            else f"{self.second} gains {-gain} IMPs"
            if gain < 0
            else "neither gains"
        )
        boards = plural(difference.spread.boards, "board")
        return (
            f"{opening}: {difference.differing} of {boards} differ; IMPs to par "
            f"{self.first} {difference.first:+d}, {self.second} {difference.second:+d}: {gains}; "
            f"{mean_and_interval(difference.spread)} ({self._verdict(difference.spread)})"
        )

    def _verdict(self, spread: Spread) -> str:
        rough = roughness(spread, SWINGING)
        return verdict(spread, self.first, self.second) + (f"; {rough}" if rough else "")

    def to_json(self) -> dict[str, object]:
        return {
            "first": self.first,
            "second": self.second,
            "differing": self.differing,
            "overall": self.overall.to_json(),
            "openings": {
                name: {
                    "differing": difference.differing,
                    "first": difference.first,
                    "second": difference.second,
                    "difference": difference.spread.to_json(),
                }
                for name, difference in sorted(self.openings.items())
            },
        }

    @classmethod
    def from_json(cls, data: object) -> CompareFigures:
        """The figures :meth:`to_json` wrote; :class:`ValueError` saying what is wrong otherwise."""
        if not isinstance(data, dict) or not isinstance(data.get("openings"), dict):
            raise ValueError("its figures of two versions are not a JSON object with openings")
        if not isinstance(data.get("first"), str) or not isinstance(data.get("second"), str):
            raise ValueError("its figures of two versions do not name the versions")
        openings: dict[str, Difference] = {}
        for name, figures in data["openings"].items():
            if not isinstance(figures, dict):
                raise ValueError(f"its figures of the opening {name} are not a JSON object")
            counts = [whole(figures.get(key)) for key in ("differing", "first", "second")]
            if None in counts:
                raise ValueError(f"its figures of the opening {name} are not whole numbers")
            try:
                spread = Spread.from_json(figures["difference"])
            except (KeyError, ValueError) as error:
                raise ValueError(f"its figures of the opening {name}: {error}") from None
            differing, first, second = (count or 0 for count in counts)
            openings[name] = Difference(differing, first, second, spread)
        return cls(data["first"], data["second"], openings)


_Summed = TypeVar("_Summed", Spread, Difference)


def _added(mine: Mapping[str, _Summed], theirs: Mapping[str, _Summed]) -> dict[str, _Summed]:
    """Two tables of figures by name, added up name by name."""
    added = dict(mine)
    for name, figures in theirs.items():
        added[name] = added[name] + figures if name in added else figures
    return added


def _spreads(data: dict[str, object], key: str) -> dict[str, Spread]:
    table = data.get(key)
    if not isinstance(table, dict):
        raise ValueError(f"its figures have no {key}")
    spreads = {}
    for name, figures in table.items():
        try:
            spreads[name] = Spread.from_json(figures)
        except ValueError as error:
            raise ValueError(f"its figures of {name}: {error}") from None
    return spreads
