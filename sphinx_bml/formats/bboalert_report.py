"""What ``bboalert2bml`` says about a BBOalert file: the lines it did not make rows of, by kind.

A BBOalert file that players use at the table holds hundreds of lines BML
has no place for (wildcards, buttons, scripts) and options that BBOalert
has off at import. One message a line would bury the rest, so the report
gives, for each kind, one line that says what was read, what the notes do
with it and what to write instead, with the count, then the first few lines
of that kind (``FILE:LINE: the line as the file gives it``, with what is
particular to it), and how many more there are. Every line of every kind is
listed with ``-v``, and every line stays in the notes, as a ``//`` comment
or, for an option off at import, as commented rows.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..language.errors import one_line

#: How many lines of each kind the report shows (without ``-v``).
SHOWN = 5


class Reason(enum.Enum):
    """Why a line of a BBOalert file is not a row of the notes, in the order the report gives them."""

    ALTERNATIVE = enum.auto()
    TAGGED_OFF = enum.auto()
    PARTNERS = enum.auto()
    SEATS = enum.auto()
    WILDCARD = enum.auto()
    NOT_AN_AUCTION = enum.auto()
    SCRIPT = enum.auto()
    IGNORED = enum.auto()
    NO_EXPLANATION = enum.auto()
    EXPLANATION = enum.auto()
    TWICE = enum.auto()
    TABLES = enum.auto()
    COMES_BACK = enum.auto()
    COMMAND = enum.auto()
    MARKDOWN = enum.auto()
    FREE_TEXT = enum.auto()

    @property
    def reported(self) -> bool:
        """Whether lines of this kind make the command say that something was left out (exit status 1)."""
        return self is not Reason.FREE_TEXT


#: For each kind: what a line is (singular, plural) and what the notes do with it / what to write instead.
_SAID: dict[Reason, tuple[str, str, str]] = {
    Reason.ALTERNATIVE: (
        "option",
        "options",
        "off when BBOalert imports the file: BBOalert groups options next to each other whose names begin "
        "with the same word, and has only the first of each group on at import (one at a time). Their "
        "records are at the end of the notes, as rows commented out with //: alternatives you can switch "
        "to. To have two options on together, begin their names with different words "
        "(vs(1C) natural, vs(2D) weak)",
    ),
    Reason.TAGGED_OFF: (
        "option",
        "options",
        "with seat or vulnerability tags whose names share their first word with the option before them, "
        "so that BBOalert has them off at import: converted as their tags say (#SEAT, #VUL); write such "
        "names without spaces (Opening_@3@4) to have BBOalert switch them by their tags",
    ),
    Reason.PARTNERS: (
        "option",
        "options",
        "for named partners: BBOalert switches them on by itself when you play with those partners; the "
        "notes hold what it has on at import, with no partner named, and keep the Option lines as comments",
    ),
    Reason.SEATS: (
        "record",
        "records",
        "for seats BML cannot write as one #SEAT (it takes one seat, 12 or 34), or whose passes before the "
        "opening say another seat than their option: kept as comments; give each seat an option of its "
        "own (Opening_@1, Opening_@3) to have them as rows",
    ),
    Reason.WILDCARD: (
        "record",
        "records",
        "with a wildcard or a regular expression (*, _, [HS], (..|..), /../): BML names every auction "
        "call by call; kept as comments; write the auctions out (1H--,2N and 1S--,2N for 1[HS]--,2N) to "
        "have them as rows",
    ),
    Reason.NOT_AN_AUCTION: (
        "record",
        "records",
        "whose auction BML cannot read or no auction can reach: kept as comments; write the calls as "
        "BBOalert does (1C .. 7N, -- for a pass, Db, Rd), each bid higher than the one before",
    ),
    Reason.SCRIPT: (
        "record",
        "records",
        "whose explanation runs a script (%name%): BML has no place for what the script writes; kept as "
        "comments; write the explanation as text to have it as a row",
    ),
    Reason.IGNORED: (
        "record",
        "records",
        "that BBOalert skips (@I in the explanation): kept as comments, not as rows",
    ),
    Reason.NO_EXPLANATION: (
        "record",
        "records",
        "without an explanation: BML writes no row for a call without a meaning; kept as comments",
    ),
    Reason.EXPLANATION: (
        "record",
        "records",
        "whose explanation holds what BML has no place for (fields after it, which BBOalert ignores; "
        "HTML after a tag; tags such as @T): the rest of the explanation is a row, the line is kept as "
        "a comment",
    ),
    Reason.TWICE: (
        "record",
        "records",
        "explained again further down: BBOalert uses the last record that matches, and so do the notes; "
        "the earlier record is kept as a comment",
    ),
    Reason.TABLES: (
        "record",
        "records",
        "that the bidding tables cannot hold as the file gives them",
    ),
    Reason.COMES_BACK: (
        "record",
        "records",
        "whose explanation comes back otherwise from the notes written (read as the build reads them)",
    ),
    Reason.COMMAND: (
        "line",
        "lines",
        "of BBOalert's own commands, which act at the table and have no place in BML: kept as comments",
    ),
    Reason.MARKDOWN: (
        "line",
        "lines",
        "of a Markdown list (- 2C Stayman), which BBOalert reads as records: kept as comments; write them "
        "as records (1N--,2C,Stayman) to have them as rows",
    ),
    Reason.FREE_TEXT: (
        "line",
        "lines",
        "of free text (remarks, headings, Option lines): kept as comments",
    ),
}


@dataclass(frozen=True)
class LeftOut:
    """A line of the file that is not a row of the notes, and why."""

    reason: Reason
    line: int
    #: the line as the file gives it
    text: str
    #: what is particular to this line (empty: the kind says it all)
    detail: str = ""
    #: the command of a :attr:`Reason.COMMAND` line (``Button``, ``Script``)
    command: str = ""


def report_lines(name: str, left: Iterable[LeftOut], *, every_line: bool = False) -> list[str]:
    """The report on the lines ``left`` of the file ``name``, by kind (see the module's notes), each
    line shown as :func:`~sphinx_bml.language.errors.one_line` shows it (no escape sequence of a file
    reaches the terminal)."""
    kinds: dict[Reason, list[LeftOut]] = {}
    for item in left:
        kinds.setdefault(item.reason, []).append(item)
    lines: list[str] = []
    for reason in Reason:
        items = sorted(kinds.get(reason, []), key=lambda item: item.line)
        if not items:
            continue
        singular, plural, said = _SAID[reason]
        count = f"{len(items)} {singular if len(items) == 1 else plural}"
        if reason is Reason.COMMAND:
            commands = Counter(item.command for item in items)
            count += " (" + ", ".join(f"{command} {number}" for command, number in sorted(commands.items())) + ")"
        lines.append(f"{name}: {count} {said}:")
        shown = items if every_line else items[:SHOWN]
        for item in shown:
            lines.append(f"  {name}:{item.line}: {item.text}" + (f" — {item.detail}" if item.detail else ""))
        if len(items) > len(shown):
            lines.append(f"  ... and {len(items) - len(shown)} more (bboalert2bml -v lists them all)")
    return [one_line(line) for line in lines]
