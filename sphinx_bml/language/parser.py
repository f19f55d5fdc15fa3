"""From located lines to the document model.

Blocks are separated by blank lines; a ``*`` heading line and the start and
end of an included file start a new block too. Each block is recognised by
its first line: ``*`` headings, ``-`` lists (``term :: text`` makes a
description list), ``1.`` numbered lists, ``|`` tables, a seat header or a row
of calls (an auction, see :mod:`.auction`), hands ``N E S W`` (a deal), a bid
or a ``#`` command (a bidding table), else a paragraph. ``#+KEY: value``,
``#VUL`` and ``#SEAT`` lines set state.

A block that looks like an auction or a deal but cannot be read is reported
at the line and shown as a paragraph, never read as something else.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .auction import read_auction
from .bidtable import TableParser, TableState, opens_with_calls
from .calls import Strain
from .errors import BMLError, Location, Problems
from .model import (
    METADATA_KEYS,
    Auction,
    Block,
    BulletList,
    Contract,
    Deal,
    DefinitionList,
    Direction,
    Document,
    EnumeratedList,
    Heading,
    Lead,
    Metadata,
    Paragraph,
    RichText,
    Table,
)
from .reader import Line, Reader, Source

_HEADING = re.compile(r"^(\*+)\s+((?:.*\S)?)\s*$")
_METADATA = re.compile(r"^\s*#\+(\w+):\s*((?:.*\S)?)\s*$")
_STATE = re.compile(r"^\s*#\s*(VUL|SEAT)\b\s*((?:.*\S)?)\s*$")
_BULLET = re.compile(r"^\s*-(\s+|$)")
_NUMBER = re.compile(r"^\s*\d+\.(\s+|$)")
_RULE = re.compile(r"[-+=: ]*")
_TABLE_CALL_START = re.compile(r"^\s*\(?[1-7][A-Z]|^\s*\(?[1-7](m|om|oM|[xyz]|red|black|steps?)\b|^\s*\(?\d+steps?\b")
_BIDTABLE_START = re.compile(r"^\s*(\(?[PDRX]{1,2}\)?-|#)")
_SAID_TO_BE_A_TABLE = re.compile(r"^\s*#\s*BIDTABLE\b")
_HAND = re.compile(r"^\s*([NESW])\s*:?\s+(\S.*)$")
_HOLDING = re.compile(r"-|(?:10|[2-9AKQJTx])+")
_DEAL_DEALER = re.compile(r"(?:^|\s)(?:Dealer\s+)?([NESW]),?(?=\s|$)")
_DEAL_VUL = re.compile(r"(?:^|\s)(All|None|EW|NS),?(?=\s|$)", re.IGNORECASE)
_DEAL_BOARD = re.compile(r"(?:^|\s)#?(\d+),?(?=\s|$)")
_DEAL_LEAD = re.compile(r"(?:^|\s)([shdc])(10|[2-9AKQJT]),?(?=\s|$)")
_DEAL_CONTRACT = re.compile(r"(?:^|\s)(?:([1-7])(NT|[SHDCN])(XX?)?([NESW])|(P|PASS))(?=[\s,]|$)")


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
        indentation: int = 2,
        state: TableState | None = None,
        metadata: Metadata | None = None,
        *,
        alert_prefix: str | None = None,
    ) -> None:
        """``alert_prefix``: a meaning starting with it marks its call alertable (see :func:`.split_alert`)."""
        self.alert_prefix = alert_prefix
        if indentation < 1:
            raise ValueError("indentation must be at least 1")
        self.indentation = indentation
        self.state = state or TableState()
        self.metadata = metadata if metadata is not None else Metadata()

    def parse(self, source: Source) -> Document:
        problems = Problems(list(source.problems))
        blocks: list[Block] = []
        for lines in split_blocks(source.lines):
            try:
                blocks.extend(self._block(lines, problems))
            except BMLError as error:  # a whole block that cannot be read
                problems.add(error.at(lines[0].location))
        return Document(blocks, self.metadata, list(source.files), problems)

    # -- blocks ------------------------------------------------------------

    def _block(self, lines: list[Line], problems: Problems) -> list[Block]:
        lines = self._state_lines(lines, problems)
        if not lines:
            return []
        first = lines[0]
        heading = _HEADING.match(first.text)
        if heading:
            block: Block = Heading(len(heading.group(1)), RichText(heading.group(2)), first.location)
            return [block, *self._block(lines[1:], problems)] if len(lines) > 1 else [block]
        if _SAID_TO_BE_A_TABLE.match(first.text):  # #BIDTABLE: never read as anything else
            return self._table(lines, problems)
        if auction := _auction(lines, problems):
            return [auction]
        stripped = first.text.strip()
        if stripped.startswith("|"):
            return [_table(lines)]
        if _BULLET.match(first.text):
            return [_list(lines, _BULLET)]
        if _NUMBER.match(first.text):
            return [EnumeratedList(_items(lines, _NUMBER), first.location)]
        if deal := _deal(lines, problems):
            return [deal]
        if starts_bid_table(first.text):
            return self._table(lines, problems)
        _report_rows_in_text(lines, problems)
        return [_paragraph(lines)]

    def _table(self, lines: list[Line], problems: Problems) -> list[Block]:
        table = TableParser(self.state, problems, self.indentation, alert_prefix=self.alert_prefix).parse(
            lines, lines[0].location
        )
        return [table] if table is not None else []

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


def _unknown_metadata(key: str) -> str:
    known = ", ".join(f"#+{name}" for name in METADATA_KEYS)
    guess = difflib.get_close_matches(key.upper(), METADATA_KEYS, n=1, cutoff=0.6)
    hint = f" (did you mean #+{guess[0]}?)" if guess else ""
    return f"#+{key} is not a metadata key BML knows{hint}: the keys are {known}; its value is kept but not used"


def _report_rows_in_text(lines: list[Line], problems: Problems) -> None:
    """Report a bidding table written right under a line of text: without a
    blank line between them, its rows would silently be read as prose."""
    rows = [line for line in lines[1:] if starts_bid_table(line.text) and not line.text.lstrip().startswith("#")]
    if len(rows) >= 2:
        message = (
            f"'{rows[0].text.strip()}' and the lines after it look like the rows of a bidding table, but they follow "
            "text without a blank line between, so they are shown as text: leave a blank line before the table"
        )
        problems.report(message, rows[0].location)


def _paragraph(lines: list[Line]) -> Paragraph:
    return Paragraph(RichText(" ".join(line.text.strip() for line in lines)), lines[0].location)


def _auction(lines: list[Line], problems: Problems) -> Auction | Paragraph | None:
    """The auction diagram of ``lines``, ``None`` when they do not look like
    one, or (reported at the line) a paragraph when they cannot be read."""
    try:
        return read_auction(lines, problems)
    except BMLError as error:
        error.message += "; the block is shown as text"
        problems.add(error.at(lines[0].location))
        return _paragraph(lines)


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


@dataclass(frozen=True)
class _HandLine:
    """A line that gives (or tries to give) a hand: a seat, then holdings."""

    direction: Direction
    holdings: list[str]
    line: Line

    @property
    def problem(self) -> str:
        """What is wrong with the hand, in words (``""``: nothing)."""
        who = f"the {self.direction.label} hand"
        if len(self.holdings) != 4:
            return (
                f"{who} gives {len(self.holdings)} suits ({' '.join(self.holdings)}): write four holdings, "
                "spades hearts diamonds clubs, with - for a void; this hand is left out"
            )
        for holding in self.holdings:
            if not _HOLDING.fullmatch(holding):
                return (
                    f"{who} has '{holding}', which is not a holding: write the cards A K Q J T (or 10) 9 to 2 "
                    "or x, and - for a void; this hand is left out"
                )
        return ""


def _hand_line(line: Line) -> _HandLine | None:
    """The hand ``line`` gives: a seat letter, then words that are mostly holdings."""
    match = _HAND.match(line.text)
    if match is None:
        return None
    words = match.group(2).split()
    holdings = sum(1 for word in words if _HOLDING.fullmatch(word))
    if holdings < 2 or holdings * 2 < len(words):
        return None
    return _HandLine(Direction(match.group(1)), words, line)


def _deal(lines: list[Line], problems: Problems) -> Deal | Paragraph | None:
    """A deal diagram: hand lines, with an optional header line first.

    A hand with a typo is reported and left out, the rest of the deal kept;
    a block of hands with a line that is no hand is reported and shown as text.
    """
    hands = [_hand_line(line) for line in lines]
    header = None
    if hands[0] is None:
        header, hands = lines[0], hands[1:]
    if not any(hand is not None and not hand.problem for hand in hands) and sum(map(bool, hands)) < 2:
        return None
    if (index := next((i for i, hand in enumerate(hands) if hand is None), None)) is not None:
        where = lines[index + (1 if header else 0)]
        message = (
            f"this deal cannot be read: '{where.text.strip()}' is not a hand (a seat N, E, S or W, then four "
            "holdings, spades hearts diamonds clubs); the block is shown as text"
        )
        problems.report(message, where.location)
        return _paragraph(lines)
    deal = Deal({}, lines[0].location)
    for hand in hands:
        assert hand is not None
        if problem := hand.problem:
            problems.report(problem, hand.line.location)
        elif hand.direction in deal.hands:
            problems.report(
                f"the deal gives the {hand.direction.label} hand twice; the first one is kept", hand.line.location
            )
        else:
            holdings = ["" if holding == "-" else holding for holding in hand.holdings]
            deal.hands[hand.direction] = (holdings[0], holdings[1], holdings[2], holdings[3])
    if header is not None:
        _deal_header(deal, header.text)
    return deal


def _deal_header(deal: Deal, text: str) -> None:
    """Board, dealer, vulnerability, contract and lead, in any order, among other words."""
    if match := _DEAL_BOARD.search(text):
        deal.board = match.group(1)
    if match := _DEAL_VUL.search(text):
        word = match.group(1)
        deal.vulnerable = word.title() if word.lower() in ("all", "none") else word.upper()
    if match := _DEAL_CONTRACT.search(text):
        if match.group(5):
            deal.contract = Contract()
        else:
            strain = Strain.from_letter(match.group(2)[0])
            deal.contract = Contract(int(match.group(1)), strain, len(match.group(3) or ""), Direction(match.group(4)))
        text = text[: match.start()] + " " + text[match.end() :]
    if match := _DEAL_DEALER.search(text):
        deal.dealer = Direction(match.group(1))
    if match := _DEAL_LEAD.search(text):
        deal.lead = Lead(Strain.from_letter(match.group(1)), match.group(2))


def parse_text(
    text: str,
    name: str = "<string>",
    *,
    directory: Path | None = None,
    indentation: int = 2,
    reader: Reader | None = None,
    alert_prefix: str | None = None,
) -> Document:
    """Parse BML ``text``; includes resolve against ``directory``."""
    source = (reader or Reader()).read_text(text, name, directory)
    return Parser(indentation, alert_prefix=alert_prefix).parse(source)


def parse_file(path: Path | str, *, indentation: int = 2, reader: Reader | None = None) -> Document:
    """Parse the BML file at ``path`` with its includes."""
    path = Path(path)
    source = (reader or Reader()).read_file(path, str(path))
    return Parser(indentation).parse(source)


__all__ = ["Location", "Parser", "parse_file", "parse_text", "split_blocks", "starts_bid_table"]
