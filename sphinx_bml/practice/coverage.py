"""How well the system covers random hands: the holes and overlaps a partnership wants to find first.

On each board every seat bids by the robot. The report counts the meanings
with and without a condition, the hands that find no opening (a pass, when
no pass row says so), the auctions where the system goes on but no row fits
the hand (a gap), and the hands that two rows with different calls both fit
(an ambiguity: the first row wins), and the places where partner's call
forces a bid, no row fits, and the robot bid the nearest row (off the
notes), and the auctions where the notes go on but none of the rows there
has a hand condition (the robot passes for want of one), each with the rows'
places and an example hand. Against the opponents' own notes (``opponents``)
their side bids by those, and only our side's calls are counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..language.calls import PASS
from ..language.errors import Location
from ..language.system import Meaning, System
from .boards import Board
from .robot import THEIRS, WANTING_SHOWN, Robot, situation


@dataclass
class Finding:
    """One kind of hole or overlap: how often, where, and a hand that shows it."""

    auction: str
    count: int = 0
    example: str = ""
    locations: tuple[Location, ...] = ()


@dataclass
class Coverage:
    boards: int = 0
    with_condition: int = 0
    without_condition: list[Meaning] = field(default_factory=list)
    #: hands that were to open (no bid before them) and found a row, and those that found none
    openers: int = 0
    opened: int = 0
    #: hands among those without a row that hold 12+ HCP
    strong_unopened: int = 0
    unopened_example: str = ""
    gaps: dict[str, Finding] = field(default_factory=dict)
    ambiguities: dict[tuple[str, tuple[Location, ...]], Finding] = field(default_factory=dict)
    #: forced to bid, no row fitted: by auction and the row bid instead
    off_notes: dict[tuple[str, Location | None], Finding] = field(default_factory=dict)
    #: passes for want of hand conditions: the notes go on, no row there has one; by auction
    wanting: dict[str, Finding] = field(default_factory=dict)
    calls: Counter[str] = field(default_factory=Counter)

    @property
    def opening_coverage(self) -> float:
        return self.opened / self.openers if self.openers else 0.0

    def report(self) -> str:
        """The report in plain words, the worst holes first."""
        lines = [
            f"{_count(self.boards, 'board')} dealt and bid.",
            f"{self.with_condition} meanings have a hand condition; {len(self.without_condition)} have none "
            "(the robot never chooses them).",
            f"Openings: {self.opened} of {_count(self.openers, 'hand')} with no bid before them found a row "
            f"({100 * self.opening_coverage:.1f}%); of the others, {self.strong_unopened} hold 12+ HCP"
            + (f" (such as {self.unopened_example})." if self.unopened_example else "."),
            f"Holes: {_count(len(self.gaps), 'auction')} where the notes go on but no row fits, "
            f"{_count(len(self.off_notes), 'place')} where a forced bid fits no row (off the notes), "
            f"{_count(len(self.wanting), 'auction')} where the notes go on without a hand condition.",
        ]
        if self.gaps:
            lines.append("")
            lines.append("Gaps: the system goes on after these auctions, but no row fits the hand:")
            for finding in sorted(self.gaps.values(), key=lambda f: -f.count):
                lines.append(f"  {finding.auction}: {_count(finding.count, 'hand')}, such as {finding.example}")
        if self.ambiguities:
            lines.extend(_placed("Ambiguities: two rows fit the same hand (the first one is bid):", self.ambiguities))
        if self.off_notes:
            lines.append("")
            lines.append("Off the notes: partner's call forces a bid, but no row fits the hand (the nearest is bid):")
            for finding in sorted(self.off_notes.values(), key=lambda f: -f.count):
                where = f" ({finding.locations[0]})" if finding.locations else " (the notes have no row here)"
                lines.append(f"  {finding.auction}{where}: {_count(finding.count, 'hand')}, such as {finding.example}")
        if self.wanting:
            heading = (
                "Passed for want of hand conditions: the notes go on after these auctions, but no row there says\n"
                "which hands bid it, so the robot passes (--par counts these boards apart):"
            )
            lines.extend(_placed(heading, self.wanting))
        if self.without_condition:
            lines.append("")
            lines.append("Meanings without a condition (first 20):")
            for meaning in self.without_condition[:20]:
                lines.append(f"  {meaning.sequence.notation()} at {meaning.location}")
        return "\n".join(lines)


def _placed(heading: str, findings: Mapping[Any, Finding]) -> list[str]:
    """A section of the report: its heading, then each finding, the most frequent first, with the
    rows' places and an example hand."""
    lines = ["", heading]
    for finding in sorted(findings.values(), key=lambda f: -f.count):
        places = ", ".join(str(location) for location in finding.locations)
        lines.append(f"  {finding.auction}: {_count(finding.count, 'hand')} ({places}), such as {finding.example}")
    return lines


def _count(number: int, thing: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def check(system: System, boards: Iterable[Board], opponents: System | None = None, seats: str = "NS") -> Coverage:
    """Bid ``boards`` through ``system`` and gather what the robot met (``opponents``: the notes
    the side other than ``seats`` bids by; their calls are not counted)."""
    robot = Robot(system, ambiguities=True, opponents=opponents, seats=seats)
    coverage = Coverage()
    for meaning in system:
        if meaning.condition is not None:
            coverage.with_condition += 1
        elif meaning.description:
            coverage.without_condition.append(meaning)
    for board in boards:
        coverage.boards += 1
        hands = board.hands
        auction = robot.bid(board)
        calls = auction.calls
        for turn, choice in enumerate(auction.choices):
            if choice.notes == THEIRS:
                continue
            hand = hands[choice.seat]
            where = situation(calls[:turn], turn)
            written = (where.calls and " ".join(str(c) for c in where.calls)) or "(opening)"
            side = "" if where.we_open else "them: "
            if not where.calls:
                coverage.openers += 1
                if choice.meaning is not None:
                    coverage.opened += 1
                elif hand.hcp() >= 12:
                    coverage.strong_unopened += 1
                    coverage.unopened_example = coverage.unopened_example or f"{hand} ({hand.hcp():g} HCP)"
            elif choice.meaning is None and choice.described and choice.call == PASS:
                finding = coverage.gaps.setdefault(side + written, Finding(side + written))
                finding.count += 1
                finding.example = finding.example or f"{hand} ({hand.hcp():g} HCP)"
            if choice.wants_conditions:
                label = f"{side}{written}"
                finding = coverage.wanting.setdefault(label, Finding(label))
                finding.locations = tuple(row.location for row in choice.unconditioned[:WANTING_SHOWN])
                finding.count += 1
                finding.example = finding.example or f"{hand} ({hand.hcp():g} HCP)"
            if choice.off_notes:
                location = None if choice.meaning is None else choice.meaning.location
                label = f"{side}{written}: {choice.call}"
                finding = coverage.off_notes.setdefault((label, location), Finding(label))
                finding.locations = () if location is None else (location,)
                finding.count += 1
                finding.example = finding.example or f"{hand} ({hand.hcp():g} HCP)"
            if choice.meaning is not None and choice.also:
                locations = (choice.meaning.location, *(m.location for m in choice.also))
                label = f"{side}{written}: {choice.call} or {', '.join(str(m.sequence.last) for m in choice.also)}"
                key = (label, locations)
                finding = coverage.ambiguities.setdefault(key, Finding(label, locations=locations))
                finding.count += 1
                finding.example = finding.example or f"{hand} ({hand.hcp():g} HCP)"
            coverage.calls[str(choice.call)] += 1
    return coverage
