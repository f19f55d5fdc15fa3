"""Rows that add nothing to the system, and why, in a player's words.

Nothing a player wrote may vanish in silence. A row adds nothing when

* it stands for no bid where it is written: a pattern with no suit left
  (``2X`` under ``2S``), or whose every bid a row at its level takes (a call
  written out comes before a pattern: under ``1H-2C-2D``, ``2M`` can only be
  2♠, and a ``2S`` row takes it). Its answers go with it;
* every sequence it stands for is already defined, earlier, by a more
  specific row (see :func:`.system.more_general`): the general rule has no
  gap left to fill.

A row that contradicts an earlier one is no concern of this module: that is
a conflict, reported with both places once the site is put together
(:class:`.site.Conflict`). The expansion (:class:`.expansion.Expander`)
notes the facts; :func:`left_out` turns them into located problems.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .bidtable import BML1_VARIABLES
from .calls import Call, Sequence, Strain
from .errors import BMLError, Kind, Location
from .model import BidNode, TableCall
from .notation import short_notation
from .suits import SUIT_NAMES
from .system import Defined, Meaning

#: Descriptions longer than this are cut in messages.
QUOTE_LENGTH = 60

STRAIN_NAMES = {**{Strain.from_letter(letter): name for letter, name in SUIT_NAMES.items()}, Strain.NOTRUMP: "notrump"}
VARIABLE_KINDS = {
    "m": "a minor",
    "M": "a major",
    "om": "the other minor",
    "oM": "the other major",
    "X": "a suit",
    "Y": "a suit",
    "Z": "a suit",
}


@dataclass(frozen=True, slots=True)
class NoBid:
    """A row that gave no call where it was met (the first time): the
    auction before it, the variables given a suit so far, and the calls it
    would have stood for that rows at its level took, with those rows."""

    node: BidNode
    written: TableCall
    before: Sequence
    variables: tuple[tuple[str, Strain], ...]
    taken: tuple[tuple[Call, BidNode], ...] = ()


@dataclass
class RowOutcomes:
    """What became of each row's meanings once defined: the rows that are
    part of the system (or are reported as conflicts), and the rows whose
    meanings all gave way to a more specific row (the first one, and how many)."""

    kept: set[int] = field(default_factory=set)
    given_way: dict[int, tuple[BidNode, Meaning, int]] = field(default_factory=dict)

    def note(self, node: BidNode, meaning: Meaning, defined: Defined) -> None:
        if not meaning.description or defined.gives_way_to is None:
            self.kept.add(id(node))
            return
        _, first, count = self.given_way.get(id(node), (node, defined.gives_way_to, 0))
        self.given_way[id(node)] = (node, first, count + 1)


def left_out(unmade: dict[int, NoBid], made: set[int], outcomes: RowOutcomes) -> list[BMLError]:
    """A located problem for each row of a table that adds nothing to the system."""
    problems = [
        BMLError(_no_bid(why), why.node.location, Kind.UNUSED) for key, why in unmade.items() if key not in made
    ]
    for key, (node, first, count) in outcomes.given_way.items():
        if key not in outcomes.kept:
            message = covered(first, _place(first.location, node), count, _count(node.children))
            problems.append(BMLError(message, node.location, Kind.UNUSED))
    return sorted(problems, key=lambda problem: problem.location or Location("", 0))


def _no_bid(why: NoBid) -> str:
    written = why.written.notation
    after = f"after {short_notation(why.before)}" if why.before.calls else "as an opening"
    if why.taken:
        calls = _either(str(call) for call, _ in why.taken)
        takers = list(dict.fromkeys(id(taker) for _, taker in why.taken))
        rows = {id(taker): taker for _, taker in why.taken}
        places = _and(f"the {_written(rows[key])} row at {_place(rows[key].location, why.node)}" for key in takers)
        written_out = all(rows[key].calls[-1].call is not None for key in takers)
        rule = "a call written out comes before a pattern" if written_out else "the first row to stand for it keeps it"
        verb = "takes" if len(takers) == 1 else "take"
        reason = f"{after}, {written} can only be {calls}, and {places} {verb} its place ({rule})"
        cure = "write them under that row" if why.node.children else "say it in that row"
    else:
        reason = f"{written} stands for no bid {after}: {_why_none(why)}"
        cure = "check its level and suit"
    return f"{reason}; {_left(why.node)} ({cure})"


def covered(first: Meaning, place: str, count: int, answers: int = 0) -> str:
    """The message for a row whose ``count`` sequences are all defined
    before, more specifically; ``first`` is the first of those definitions, at ``place``.
    ``answers``: the rows that answer the row, which still stand (only its own meaning adds nothing)."""
    others = f" (and {count - 1} more)" if count > 1 else ""
    defined = f"{short_notation(first.sequence)} is {quoted(first)} at {place}{others}; the first definition stands"
    if not answers:
        return (
            "every sequence this row stands for is already defined by a more specific row, so it adds nothing: "
            f"{defined}"
        )
    rows = "the row" if answers == 1 else f"the {answers} rows"
    return (
        "every sequence this row stands for is already defined by a more specific row, so its meaning is not "
        f"part of the system: {defined}, and {rows} under it still add their sequences"
    )


def _why_none(why: NoBid) -> str:
    """Why a pattern stands for no bid after the auction ``why.before``."""
    written = why.written
    last = _last_bid(why.before)
    variables = dict(why.variables)
    name = written.variable
    if name is not None and name in variables:
        strain = variables[name]
        call = Call.bid(written.level, strain)
        return f"{name} is {STRAIN_NAMES[strain]} in this auction, and {call} is not higher than {last}"
    if name is None:
        calls = _and(str(Call.bid(written.level, strain)) for strain in written.strains)
        return f"{calls} {'is' if len(written.strains) == 1 else 'are'} not higher than {last}"
    used = {call.strain for call in why.before.calls if call.is_bid}
    if name in BML1_VARIABLES and all(strain in used for strain in written.strains):
        calls = _and(str(Call.bid(written.level, strain)) for strain in written.strains)
        kind, suits = BML1_VARIABLES[name]
        return (
            f"{name} is {VARIABLE_KINDS[name]} not bid yet, and {kind} were bid already, so it is read as BML 1 "
            f"reads it, {suits}: {calls} {'is' if len(written.strains) == 1 else 'are'} not higher than {last}"
        )
    bid, low, order = [], [], []
    for strain in written.strains:
        call = Call.bid(written.level, strain)
        if name in ("om", "oM") and variables.get(name[1]) is strain:
            continue
        if strain in used:
            bid.append(STRAIN_NAMES[strain])
        elif last is not None and call <= last:
            low.append(str(call))
        else:
            order.append(STRAIN_NAMES[strain])
    reasons = []
    if low:
        reasons.append(f"{_and(low)} {'is' if len(low) == 1 else 'are'} not higher than {last}")
    if bid:
        reasons.append(f"{_and(bid)} {'was' if len(bid) == 1 else 'were'} bid already")
    if order:
        reasons.append(f"{_and(order)} would break the order X < Y < Z")
    return f"{name} is {VARIABLE_KINDS.get(name, 'a suit')} not bid yet, in a bid higher than the last: {_and(reasons)}"


def _last_bid(sequence: Sequence) -> Call | None:
    bids = [call for call in sequence.calls if call.is_bid]
    return bids[-1] if bids else None


def _left(node: BidNode) -> str:
    """``this row is left out``, with its answers when it has some."""
    under = _count(node.children)
    if not under:
        return "this row is left out"
    return f"this row and the {under} {'row' if under == 1 else 'rows'} under it are left out"


def _count(nodes: list[BidNode]) -> int:
    return sum(1 + _count(node.children) for node in nodes)


def _written(node: BidNode) -> str:
    return "-".join(call.notation for call in node.calls)


def _place(location: Location, here: BidNode) -> str:
    """``line 14`` in the same file, else ``file.bml:14``."""
    if location.file == here.location.file:
        return f"line {location.line}"
    return f"{Path(location.file).name}:{location.line}"


def quoted(meaning: Meaning) -> str:
    """A meaning's words in quotes, on one line, a long one cut: what messages quote."""
    text = " ".join(meaning.description.text.split())
    if len(text) > QUOTE_LENGTH:
        text = text[: QUOTE_LENGTH - 1].rstrip() + "\u2026"
    return f"'{text}'"


def _either(words: Iterable[str]) -> str:
    listed = list(dict.fromkeys(words))
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]


def _and(words: Iterable[str]) -> str:
    listed = list(words)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
