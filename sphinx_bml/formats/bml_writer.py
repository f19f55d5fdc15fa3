"""Write the bidding tables of a document as BML text.

The layout is the one of the reference ``bss2bml``::

    #+TITLE: Precision club

    #+DESCRIPTION: Strong club system

    #VUL 00

    #SEAT 0

    1C = 16+ hcp
      1D = Negative
    1N = 15--17
         May have a five-card major

Metadata first, then for each table its vulnerability and seat, then the
rows: two spaces of indentation a level, ``call = description``, further
description lines under the first one, a row without description just the
call. Where an answer that is a pass, double or redouble follows an answer
that is a bid, the table is broken off and continued in a new table that
repeats the rows above (the reference does so; the bidding it stands for is
the same). Only bidding tables and metadata are written: BML's other blocks
(text, lists, deals) have no counterpart in a BSS file. ``notes`` (such as
what a BSS file holds that BML has no place for) come after the metadata as
``//`` comments, which BML leaves out.

A description line that BML would read as something else than text is
written after the text mark ``\\``, which BML drops (see
:data:`~sphinx_bml.language.bidtable.TEXT_MARK`):

- a first line that starts with a ``!`` of its own would be an alert mark:
  ``1S = \\! slam try``;
- a further line that starts with ``#`` would be a command (``#INCLUDE``,
  ``#CUT``, ``#PASTE``, ``#HIDE``, ``#VUL`` ...) or metadata (``#+TITLE``);
- a further line that starts like a row (``2H = ...``) would be warned about;
- a last line ``.`` would be read as an empty line;
- an empty line that is not the last would end the description;
- a line that starts with ``\\`` would lose it;
- a ``{{`` would open a hand condition: each of its braces is written after
  a backslash (``\\{\\{``), which BML reads back as the braces alone
  (:func:`~sphinx_bml.language.conditions.escape_braces`), on every line.

So every line of a description reads back as it was, but for white space
around it. A table whose lines after the first would make it another block
(a row whose further lines look like hands would be a deal) starts with
``#BIDTABLE``. Further lines are indented under the description, so they
are never a heading, a comment or a row of their own; the metadata and
notes are written on one line each. bridge-markup shows the text mark as it
is, a backslash before the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..language.bidtable import ALERT_MARK, TEXT_MARK, reads_as_row
from ..language.conditions import escape_braces
from ..language.model import BidNode, BidTable, Description, Document, Metadata
from ..language.parser import parse_text, starts_bid_table
from ..language.reader import split_lines

INDENT = "  "
#: The end of a description as BML writes it: a last line ``.`` is an empty line.
EMPTY_LAST_LINE = "."
COMMENT = "//"


def write_bml(
    document: Document,
    *,
    metadata: bool = True,
    split_before_passes: bool = True,
    notes: Sequence[str] = (),
    after: str = "",
) -> str:
    """The bidding tables of ``document`` (and its metadata unless ``metadata`` is false) as BML.

    ``split_before_passes`` continues a table in a new one where a pass,
    double or redouble follows a bid among the answers to a call, as the
    reference does. ``notes`` are written after the metadata as ``//`` comments;
    ``after`` (BML text, such as more comments) after the tables, as it is.
    """
    paragraphs = metadata_lines(document.metadata) if metadata else []
    paragraphs.append(comment_lines(notes))
    paragraphs.append(write_tables(document.bid_tables, split_before_passes=split_before_passes).rstrip("\n"))
    paragraphs.append(after.rstrip("\n"))
    text = "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
    return text + "\n" if text else ""


def write_tables(tables: Iterable[BidTable], *, split_before_passes: bool = True) -> str:
    """Just the tables, without metadata (as in a ``bml`` directive)."""
    paragraphs: list[str] = []
    for table in tables:
        paragraphs.extend(table_paragraphs(table, split_before_passes=split_before_passes))
    return "\n\n".join(paragraphs) + "\n" if paragraphs else ""


def comment_lines(notes: Iterable[str]) -> str:
    """``notes`` as BML comments, one line each."""
    return "\n".join(f"{COMMENT} {_one_line(note)}".rstrip() for note in notes)


def metadata_lines(metadata: Metadata) -> list[str]:
    """``#+KEY: value`` for each metadata value that is not empty."""
    return [f"#+{key}: {_one_line(value)}" for key, value in metadata.values.items() if value.strip()]


def table_paragraphs(table: BidTable, *, split_before_passes: bool = True) -> list[str]:
    """``#VUL``, ``#SEAT`` and the table's rows (one or more BML tables), each a paragraph."""
    paragraphs = [f"#VUL {table.vulnerability.code}", f"#SEAT {table.seat.value}"]
    writer = _TableWriter(split_before_passes)
    writer.table(table)
    for block in writer.blocks:
        if not block:
            continue
        markers = ["#HIDE"] if table.hidden else []
        if not starts_bid_table(block[0]) or (_may_be_one_row(block) and not _read_as_a_table(block)):
            markers.append("#BIDTABLE")
        paragraphs.append("\n".join([*markers, *block]))
    return paragraphs


class _TableWriter:
    """Lays out the rows of one table as blocks of lines (one block per BML table)."""

    def __init__(self, split_before_passes: bool) -> None:
        self.split_before_passes = split_before_passes
        self.blocks: list[list[str]] = [[]]

    def table(self, table: BidTable) -> None:
        rows = table.rows
        if table.continues and rows:
            top = rows[0]
            lines = row_lines(top, 0, continues=True)
            self.blocks[-1].extend(lines)
            self.rows(top.children, 0, lines)
            rows = rows[1:]
            if rows:
                self.blocks.append([])
        self.rows(rows, 0, [])

    def rows(self, nodes: list[BidNode], level: int, header: list[str]) -> None:
        concrete = all(call.call is not None for node in nodes for call in node.calls)
        previous: BidNode | None = None
        for node in nodes:
            if self.split_before_passes and concrete and previous is not None and _breaks(previous, node):
                self.blocks.append(list(header))
            elif level == 0 and len(node.calls) > 1 and self.blocks[-1]:
                self.blocks.append([])  # only a table's first row may give a sequence
            lines = row_lines(node, level)
            self.blocks[-1].extend(lines)
            self.rows(node.children, level + 1, header + lines)
            previous = node


def _may_be_one_row(block: list[str]) -> bool:
    """Whether all lines after the first may be further lines of its description: only
    such a block can be read as something else (a row's line starts with its call).
    A quick filter before :func:`_read_as_a_table`; saying yes wrongly only costs time."""
    separator = block[0].find(" = ")
    column = separator + len(" = ")
    return separator >= 0 and all(len(line) - len(line.lstrip()) == column for line in block[1:])


def _read_as_a_table(block: list[str]) -> bool:
    """Whether BML reads the lines of ``block`` back as one bidding table."""
    if len(block) < 2:
        return True
    blocks = parse_text("\n".join(block)).blocks
    return len(blocks) == 1 and isinstance(blocks[0], BidTable)


def _breaks(previous: BidNode, node: BidNode) -> bool:
    """A pass, double or redouble right after a bid."""
    before, call = previous.calls[-1].call, node.calls[0].call
    return before is not None and call is not None and before.is_bid and not call.is_bid


def row_lines(node: BidNode, level: int, *, continues: bool = False) -> list[str]:
    """The lines of one row: ``call = description``, further description lines aligned under the first."""
    token = "-".join(call.notation for call in node.calls) + (";" if continues else "")
    prefix = INDENT * level + token
    lines = description_lines(node.description)
    if node.condition is not None:  # the hand condition on a line of its own, as it was read
        lines = [*lines, "{{ " + node.condition.source + " }}"]
    if not lines:
        return [prefix + f" = {ALERT_MARK}" if node.alert else prefix]
    head = prefix + " = "
    mark = f"{ALERT_MARK} " if node.alert else ""  # further lines align with the mark, as BML reads them
    return [head + mark + lines[0], *(" " * len(head) + line for line in lines[1:])]


def description_lines(description: Description) -> list[str]:
    """The lines BML reads back as ``description``: without the white space around
    each, a last empty line written as ``.``, which BML reads back as an empty
    line, and a line that BML would read as something else than text after the
    text mark (see the module's documentation)."""
    lines = [part.strip() for line in description.lines for part in split_lines(line) or [""]]
    if not any(lines):
        return []
    last_empty = not lines[-1]
    if last_empty:
        lines.pop()
    written = [
        _written_line(line, first=number == 0, last=number == len(lines) - 1) for number, line in enumerate(lines)
    ]
    return [*written, EMPTY_LAST_LINE] if last_empty else written


def _written_line(line: str, *, first: bool, last: bool) -> str:
    """A description line as BML reads it back: its braces escaped, after the text mark
    where BML would read it as something else than text (or read its first brace's escape as the mark)."""
    escaped = escape_braces(line)
    marked = _reads_as_markup(line, first=first, last=last) or escaped.startswith(TEXT_MARK)
    return TEXT_MARK + escaped if marked else escaped


#: A ``!`` of its own before a meaning: an alert mark (see :func:`~sphinx_bml.language.bidtable.split_alert`).
_ALERT = re.compile(rf"{re.escape(ALERT_MARK)}(?:\s|$)")


def _reads_as_markup(line: str, *, first: bool, last: bool) -> bool:
    """Whether BML would read a description line as something else than text: any
    line that is empty or starts with the text mark; the first line, an alert mark;
    a further line, a command or metadata (``#``) or a row of the table (``2H = ...``,
    read as more of the meaning but warned about); the last further line ``.``, an
    empty line."""
    if not line or line.startswith(TEXT_MARK):
        return True
    if first:
        return bool(_ALERT.match(line))
    return line.startswith("#") or reads_as_row(line) or (last and line == EMPTY_LAST_LINE)


def _one_line(text: str) -> str:
    return " ".join(split_lines(text)).strip()
