"""From located lines to the document model.

Blocks are separated by blank lines; a ``*`` heading line and the start and
end of an included file start a new block too. A block's first line may be a
heading with no space after the stars (``***Heading``) when no other star
follows on it. Each block is recognised by
its first line: ``*`` headings, ``-`` lists (``term :: text`` makes a
description list), ``1.`` numbered lists, ``|`` tables, a seat header or a row
of calls (an auction, see :mod:`.auction`), hands ``N E S W`` (a deal, see :mod:`.deal`), a bid
or a ``#`` command (a bidding table), else a paragraph. ``#+KEY: value``,
``#VUL`` and ``#SEAT`` lines set state.

A block that looks like an auction or a deal but cannot be read is reported
at the line and shown as text, each line as written, never read as something
else: a block whose first line starts with a board number (``#5, Dealer S``)
is a deal's, never a bidding table's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .auction import read_auction
from .bidtable import (
    TableParser,
    TableState,
    indentation_of,
    opens_with_calls,
    reads_as_row,
    sequence_of,
    unreadable_sequence,
)
from .deal import check_auctions, read_deal
from .errors import BMLError, Location, Problems
from .model import (
    METADATA_KEYS,
    AsWritten,
    Auction,
    BidNode,
    BidTable,
    Block,
    BulletList,
    Deal,
    DefinitionList,
    Document,
    EnumeratedList,
    Heading,
    Metadata,
    Paragraph,
    RichText,
    Table,
)
from .reader import Line, Reader, Source

_HEADING = re.compile(r"^(\*+)\s+((?:.*\S)?)\s*$")
#: ``***Heading`` with no space after the stars, as bridge-markup reads it: a heading
#: when it starts a block and no other star follows on the line (``*bold* text`` and
#: ``*Note:* text`` stay paragraphs that start in bold).
_HEADING_UNSPACED = re.compile(r"^(\*+)([^\s*](?:[^*]*[^\s*])?)\s*$")
_METADATA = re.compile(r"^\s*#\+(\w+):\s*((?:.*\S)?)\s*$")
_STATE = re.compile(r"^\s*#\s*(VUL|SEAT)\b\s*((?:.*\S)?)\s*$")
_BULLET = re.compile(r"^\s*-(\s+|$)")
_NUMBER = re.compile(r"^\s*\d+\.(\s+|$)")
_RULE = re.compile(r"[-+=: ]*")
_TABLE_CALL_START = re.compile(r"^\s*\(?[1-7][A-Z]|^\s*\(?[1-7](m|om|oM|[xyz]|red|black|steps?)\b|^\s*\(?\d+steps?\b")
#: A sequence to continue, or a ``#`` command; ``#5`` is a board number (a deal's header, or prose).
_BIDTABLE_START = re.compile(r"^\s*(\(?[PDRX]{1,2}\)?-|#(?!\s*\d))")
_SAID_TO_BE_A_TABLE = re.compile(r"^\s*#\s*BIDTABLE\b")


def starts_bid_table(line: str) -> bool:
    """Whether a block whose first line is ``line`` is read as a bidding table
    (unless it is a heading, list, table, auction or deal first): it starts with
    a bid or pattern in capitals, a sequence to continue, a ``#`` command, or
    calls in small letters or suit symbols (``1c``, ``1♣-1♦;``)."""

    return bool(_TABLE_CALL_START.match(line) or _BIDTABLE_START.match(line) or opens_with_calls(line))


def split_blocks(lines: Iterable[Line]) -> list[list[Line]]:
    """Runs of non-blank lines; a line of only white space is blank, and a
    ``*`` heading line always starts a new block (as in bridge-markup)."""
    blocks: list[list[Line]] = []
    current: list[Line] = []
    for line in lines:
        if current and _HEADING.match(line.text):
            blocks.append(current)
            current = []
        if line.text.strip():
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


class Parser:
    """Parses BML sources into :class:`Document` objects.

    One parser holds the state that flows through a document (``#VUL``,
    ``#SEAT``, the clipboard, metadata), so parsing several pieces of one
    document in order with the same parser behaves as one BML file.
    """

    def __init__(
        self,
        indentation: int | None = None,
        state: TableState | None = None,
        metadata: Metadata | None = None,
        *,
        alert_prefix: str | None = None,
    ) -> None:
        """``indentation``: ``None`` reads bidding tables as written, a number is the
        strict unit of indentation (see :class:`.TableParser`); ``alert_prefix``: a
        meaning starting with it marks its call alertable (see :func:`.split_alert`)."""
        self.alert_prefix = alert_prefix
        if indentation is not None and indentation < 1:
            raise ValueError("indentation must be at least 1")
        self.indentation = indentation
        self.state = state or TableState()
        self.metadata = metadata if metadata is not None else Metadata()
        #: the bidding table of the block just read, if it was one
        self._table_above: _TableAbove | None = None
        #: whether the block just read was a deal (the next may be its auction)
        self._deal_above = False

    def parse(self, source: Source) -> Document:
        problems = Problems(list(source.problems))
        blocks: list[Block] = []
        self._table_above, self._deal_above = None, False
        for lines in split_blocks(source.lines):
            try:
                read = self._block(lines, problems)
            except BMLError as error:  # a whole block that cannot be read
                problems.add(error.at(lines[0].location))
                read = []
            blocks.extend(read)
            if not (read and isinstance(read[-1], BidTable)):
                self._table_above = None
            self._deal_above = bool(read) and isinstance(read[-1], Deal)
        check_auctions(blocks, problems)
        return Document(blocks, self.metadata, list(source.files), problems)

    # -- blocks ------------------------------------------------------------

    def _block(self, lines: list[Line], problems: Problems) -> list[Block]:
        lines = self._state_lines(lines, problems)
        if not lines:
            return []
        first = lines[0]
        heading = _HEADING.match(first.text) or _HEADING_UNSPACED.match(first.text)
        if heading:
            self._table_above = None
            block: Block = Heading(len(heading.group(1)), RichText(heading.group(2)), first.location)
            return [block, *self._block(lines[1:], problems)] if len(lines) > 1 else [block]
        if _SAID_TO_BE_A_TABLE.match(first.text):  # #BIDTABLE: never read as anything else
            return self._table(lines, problems)
        if auction := _auction(lines, problems, under_a_deal=self._deal_above):
            return [auction]
        stripped = first.text.strip()
        if stripped.startswith("|"):
            return [_table(lines)]
        if _BULLET.match(first.text):
            return [_list(lines, _BULLET)]
        if _NUMBER.match(first.text):
            return [EnumeratedList(_items(lines, _NUMBER), first.location)]
        if deal := read_deal(lines, problems):
            return [deal]
        if starts_bid_table(first.text):
            return self._table(lines, problems)
        _report_rows_in_text(lines, problems)
        return [_paragraph(lines)]

    def _table(self, lines: list[Line], problems: Problems) -> list[Block]:
        parser = TableParser(self.state, problems, self.indentation, alert_prefix=self.alert_prefix)
        table = parser.parse(lines, lines[0].location)
        if table is None:
            return []
        above, self._table_above = self._table_above, _TableAbove(parser.path, parser.first_row, lines[-1].location)
        if above is not None and parser.first_row is not None:
            _report_table_cut_by_a_blank_line(above, table, lines[0], parser.first_row, problems)
        return [table]

    def _state_lines(self, lines: list[Line], problems: Problems) -> list[Line]:
        """Apply leading ``#+KEY:``, ``#VUL`` and ``#SEAT`` lines; the rest of the block."""
        index = 0
        while index < len(lines):
            line = lines[index]
            if match := _METADATA.match(line.text):
                key = match.group(1).upper()
                if key not in METADATA_KEYS:
                    problems.report(_unknown_metadata(match.group(1)), line.location)
                self.metadata.values.setdefault(key, match.group(2))
            elif match := _STATE.match(line.text):
                if match.group(1) == "VUL":
                    self.state.set_vulnerability(match.group(2), line.location, problems)
                else:
                    self.state.set_seat(match.group(2), line.location, problems)
            else:
                break
            index += 1
        return lines[index:]


@dataclass(frozen=True)
class _TableAbove:
    """A bidding table just read: its last row at each depth with its column, its first row, its last line."""

    path: list[tuple[BidNode, int]]
    first_row: Line | None
    end: Location


def _report_table_cut_by_a_blank_line(
    above: _TableAbove, table: BidTable, first: Line, row: Line, problems: Problems
) -> None:
    """A table (first line ``first``, first row ``row``) indented deeper than the first
    row of the table right above it, in the same file: most likely its rows answer
    a row of that table, and the blank line between them ended it (a blank line
    ends every block). Said, with the ways to go on with the table above."""
    if table.continues or not table.rows or above.first_row is None or first.location.file != above.end.file:
        return
    indent = indentation_of(row.text)
    if indent <= indentation_of(above.first_row.text):
        return
    path = [node for node, column in above.path if column < indent]
    if not path:
        return
    opening = table.rows[0]
    written = sequence_of([opening])
    opened = f"an opening {written}" if opening.calls[0].ours else f"the opponents' opening {written}"
    answered = sequence_of(path)
    words = row.text.split(None, 1)
    whole = f"{answered}-{written} {words[1].strip() if len(words) > 1 else ''}".rstrip()
    problems.report(
        f"'{first.text.strip()}' is indented, but a blank line comes before it, and a blank line ends a bidding "
        f"table: it is read as a new table, {opened}, with the rows under it answering it. "
        f"If it answers {answered} of the table above, remove the blank line (or write a lone '.' on it), "
        f"or begin this table with the whole sequence, as in '{whole}'",
        first.location,
    )


def _unknown_metadata(key: str) -> str:
    known = ", ".join(f"#+{name}" for name in METADATA_KEYS)
    guess = difflib.get_close_matches(key.upper(), METADATA_KEYS, n=1, cutoff=0.6)
    hint = f" (did you mean #+{guess[0]}?)" if guess else ""
    return f"#+{key} is not a metadata key BML knows{hint}: the keys are {known}; its value is kept but not used"


def _report_rows_in_text(lines: list[Line], problems: Problems) -> None:
    """Report a bidding table written right under a line of text: without a
    blank line between them, its rows would silently be read as prose. When that
    line is shaped like the sequence a table continues, one of whose calls is
    none (``(1♣)-(1Q)-``), that is what is said, at its line."""
    first = lines[0]
    error = unreadable_sequence(first.text)
    if error is not None and any(reads_as_row(line.text) or starts_bid_table(line.text) for line in lines[1:]):
        problems.report(
            f"'{first.text.split(None, 1)[0]}' begins this block as the sequence a bidding table continues, but "
            f"{error.message[0].lower()}{error.message[1:]}; the block is shown as text, rows and all, "
            "until that call is corrected",
            first.location,
        )
        return
    rows = [line for line in lines[1:] if starts_bid_table(line.text) and not line.text.lstrip().startswith("#")]
    if len(rows) >= 2:
        message = (
            f"'{rows[0].text.strip()}' and the lines after it look like the rows of a bidding table, but they follow "
            "text without a blank line between, so they are shown as text: leave a blank line before the table"
        )
        problems.report(message, rows[0].location)


def _paragraph(lines: list[Line]) -> Paragraph:
    return Paragraph(RichText(" ".join(line.text.strip() for line in lines)), lines[0].location)


def _auction(lines: list[Line], problems: Problems, *, under_a_deal: bool) -> Auction | AsWritten | None:
    """The auction diagram of ``lines``, ``None`` when they do not look like
    one, or (reported at the line) their lines as written when they cannot be read."""
    try:
        return read_auction(lines, problems, under_a_deal=under_a_deal)
    except BMLError as error:
        error.message += "; the block is shown as text"
        problems.add(error.at(lines[0].location))
        return AsWritten([line.text for line in lines], lines[0].location)


def _table(lines: list[Line]) -> Table:
    rows: list[list[RichText] | None] = []
    for line in lines:
        cells = [cell.strip() for cell in line.text.strip().strip("|").split("|")]
        if all(_RULE.fullmatch(cell) for cell in cells) and any(cells):
            rows.append(None)
        else:
            rows.append([RichText(cell) for cell in cells])
    return Table(rows, lines[0].location)


def _items(lines: list[Line], marker: re.Pattern[str]) -> list[RichText]:
    items: list[list[str]] = []
    for line in lines:
        match = marker.match(line.text)
        if match:
            items.append([line.text[match.end() :].strip()])
        elif items:
            items[-1].append(line.text.strip())
    return [RichText(" ".join(part for part in item if part)) for item in items]


def _list(lines: list[Line], marker: re.Pattern[str]) -> BulletList | DefinitionList:
    items = _items(lines, marker)
    if any(" :: " in item.source or item.source.endswith(" ::") for item in items):
        pairs = []
        for item in items:
            term, _, definition = item.source.partition("::")
            pairs.append((RichText(term.strip()), RichText(definition.strip())))
        return DefinitionList(pairs, lines[0].location)
    return BulletList(items, lines[0].location)


def parse_text(
    text: str,
    name: str = "<string>",
    *,
    directory: Path | None = None,
    indentation: int | None = None,
    reader: Reader | None = None,
    alert_prefix: str | None = None,
) -> Document:
    """Parse BML ``text``; includes resolve against ``directory``."""
    source = (reader or Reader()).read_text(text, name, directory)
    return Parser(indentation, alert_prefix=alert_prefix).parse(source)


def parse_file(path: Path | str, *, indentation: int | None = None, reader: Reader | None = None) -> Document:
    """Parse the BML file at ``path`` with its includes."""
    path = Path(path)
    source = (reader or Reader()).read_file(path, str(path))
    return Parser(indentation).parse(source)


__all__ = ["Location", "Parser", "parse_file", "parse_text", "split_blocks", "starts_bid_table"]
