"""Turn the bidding sequences of a BSS file into BML bidding tables.

Sequences are grouped by who opens, seat and vulnerability, in the order the
reference ``bss2bml`` prints them: the groups where we open first, then those
where they open; within each, seats 0, 1, 2, 3, 4, 12, 34 and, for each seat,
vulnerabilities 00, NN, YN, NY, YY, N0, Y0, 0N, 0Y. Each group becomes one
:class:`~sphinx_bml.language.model.BidTable` whose rows follow the calls,
children in the order they first appear. A sequence whose shorter sequences
have no record of their own gets rows for them without a description.

BML fills in a pass between two calls of the same side, so a pass without a
record of its own (one that only links two calls) needs no row. Like the
reference, we still write it as a row ``(P)`` while the opponents have only
passed and our side has other answers there too (BML reads such a row back
as no sequence of its own); we leave it out when it is the only answer, and
always once the auction is contested, where a row would add a sequence.
Expanding the tables therefore gives back the sequences of the file and no
others, except the rows a tree cannot do without (a shorter sequence that has
no record of its own), which come back without a description.

What BML cannot hold is reported in :attr:`Document.problems
<sphinx_bml.language.model.Document.problems>`: a qualification (``{...}``)
is left out and a sequence given twice keeps its first meaning. A
description line that BML would read as something else than text is kept
as it is: the BML writer writes it after the text mark ``\\`` (see
:mod:`~sphinx_bml.formats.bml_writer`).

A record's disposition code (other than ``0``, no agreement) is added to
its meaning as the standard abbreviation (``Stayman, F``) when the
meaning's words do not already give it (see
:func:`~.dispositions.meaning_with_disposition`); one they contradict is
reported and left out. The artificial flag ``Y`` becomes the row's alert
mark (``1C = ! Strong``).

BBO writes suit symbols in descriptions in upper case as well (``5+!S``);
BML's inline markup knows them in lower case, so ``!C !D !H !S`` become
``!c !d !h !s``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..language.calls import PASS, Call
from ..language.errors import Location, Problems
from ..language.model import BidNode, BidTable, Description, Document, Metadata, Seat, TableCall, Vulnerability
from .bss_codes import VULNERABILITIES_BY_DIGIT
from .bss_reader import BssFile, FileType, SequenceRecord
from .dispositions import disposition_words, meaning_with_disposition

GroupKey = tuple[bool, Seat, Vulnerability]

SEAT_ORDER: tuple[Seat, ...] = tuple(Seat)
VULNERABILITY_ORDER: tuple[Vulnerability, ...] = tuple(VULNERABILITIES_BY_DIGIT[digit] for digit in "012345678")
_UPPER_CASE_SUIT = re.compile(r"![CDHS]")


@dataclass
class _Row:
    """A call in the tree being built; ``record`` when the file gives this sequence itself."""

    call: Call
    ours: bool
    line: int
    description: Description = field(default_factory=Description)
    record: bool = False
    children: dict[Call, _Row] = field(default_factory=dict)
    #: the record's artificial flag: the call is alertable (``2D ! Multi``)
    alert: bool = False


@dataclass
class _Group:
    line: int
    rows: dict[Call, _Row] = field(default_factory=dict)


def group_order(key: GroupKey) -> tuple[int, int, int]:
    """Sort key of a group: we open first, then seat, then vulnerability, as the reference prints them."""
    we_open, seat, vulnerability = key
    return (0 if we_open else 1, SEAT_ORDER.index(seat), VULNERABILITY_ORDER.index(vulnerability))


class TreeBuilder:
    """Collects sequence records into one tree per group."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.groups: dict[GroupKey, _Group] = {}
        self.problems = Problems()

    def add_all(self, records: Iterable[SequenceRecord]) -> None:
        for record in records:
            self.add(record)

    def add(self, record: SequenceRecord) -> None:
        location = Location(self.name, record.line)
        for call, qualification in zip(record.calls, record.qualifications, strict=True):
            if qualification is not None and call.qualification is None:  # ours: BML has no place for it
                self.problems.report(
                    f"BML has no place for the qualification {{{qualification}}} of {call}; it is left out",
                    location,
                )
        key = (record.we_open, record.seat, record.vulnerability)
        group = self.groups.setdefault(key, _Group(record.line))
        siblings = group.rows
        sequence = record.sequence
        row: _Row | None = None
        for position, call in enumerate(record.calls):
            row = siblings.get(call)
            if row is None:
                row = siblings[call] = _Row(call, sequence.is_ours(position), record.line)
            siblings = row.children
        assert row is not None  # a record has at least one call
        if row.record:
            self.problems.report(
                f"{sequence.notation()} was already given on line {row.line}; the meaning given there is kept",
                location,
            )
            return
        description = _clean(record.description)
        row.record, row.line, row.description = True, record.line, self._with_disposition(record, description)
        row.alert = record.artificial

    def _with_disposition(self, record: SequenceRecord, description: Description) -> Description:
        """The description with the record's disposition as its abbreviation (``Stayman, F``),
        unless its words already give it; a disposition its words contradict is reported."""
        written = meaning_with_disposition(description, record.disposition)
        if written is not None:
            return written
        code = record.disposition
        self.problems.report(
            f"the disposition {code.value} ({disposition_words(code)}) of {record.sequence.notation()} "
            f"disagrees with the abbreviations of its meaning '{description.plain_text}'; "
            "the meaning is kept as it is, without the disposition",
            Location(self.name, record.line),
        )
        return description

    def tables(self) -> list[BidTable]:
        tables = []
        for key in sorted(self.groups, key=group_order):
            _, seat, vulnerability = key
            group = self.groups[key]
            rows = self._nodes(list(group.rows.values()), parent_shown=False, contested=not key[0])
            tables.append(BidTable(rows, Location(self.name, group.line), seat, vulnerability))
        return tables

    def _nodes(self, rows: list[_Row], *, parent_shown: bool, contested: bool) -> list[BidNode]:
        """The rows as table rows, links left out (see the module's description)."""
        nodes = []
        for row in rows:
            children = list(row.children.values())
            if parent_shown and _is_link(row) and (contested or len(rows) == 1):
                nodes.extend(self._nodes(children, parent_shown=False, contested=contested))
                continue
            call = TableCall(str(row.call), row.ours, call=row.call, qualification=row.call.qualification)
            bid_by_them = not row.ours and row.call != PASS
            rest = self._nodes(children, parent_shown=True, contested=contested or bid_by_them)
            nodes.append(BidNode((call,), row.description, Location(self.name, row.line), rest, alert=row.alert))
        return nodes


def _is_link(row: _Row) -> bool:
    """A pass BML fills in by itself: one the file gives no record of its own."""
    return row.call == PASS and not row.record


def _clean(description: Description) -> Description:
    """Description lines as BML keeps them: without outer white space, suit symbols
    in lower case; no empty line at the end (the BSS writer leaves it out)."""
    lines = [_UPPER_CASE_SUIT.sub(lambda suit: suit.group().lower(), line.strip()) for line in description.lines]
    while lines and not lines[-1]:
        lines.pop()
    return Description(tuple(lines))


def kept_records(bss: BssFile) -> list[str]:
    """What ``bss`` holds that BML has no place for, as lines for ``//`` comments:
    the floating-convention flag (``?00``), the stock convention card (``$``), the
    conventions (``+``) and the defensive carding (``%``), each as the file gives it."""
    kept = []
    if bss.file_type is FileType.FLOATING:
        kept.append("?00: a floating convention (its header starts with ?00)")
    if bss.stock_card is not None:
        kept.append(f"${bss.stock_card.name}")
    kept.extend(f"+{convention.name}" for convention in bss.conventions)
    carding = bss.carding
    if carding is not None:
        codes = carding.leads_vs_notrump + carding.leads_vs_suits + carding.signals
        kept.append(f"%{codes} {carding.text}".rstrip())
    if not kept:
        return []
    return ["BSS records that BML has no place for, kept as the file gives them:", *kept]


def build_metadata(bss: BssFile) -> Metadata:
    values = {}
    if bss.system_name:
        values["TITLE"] = bss.system_name
    if bss.summary:
        values["DESCRIPTION"] = bss.summary
    return Metadata(values)


def build_document(bss: BssFile) -> Document:
    """The BML document of ``bss``: its bidding tables, with title and description.

    Its :attr:`~sphinx_bml.language.model.Document.problems` say what BML could not keep.
    """
    builder = TreeBuilder(bss.name)
    builder.add_all(bss.sequences)
    return Document(list(builder.tables()), build_metadata(bss), [], builder.problems)
