"""Read a BBOalert file, as our ``-b bboalert`` writes it or as players write it by hand, into BML.

BBOalert's native format (see :mod:`sphinx_bml.formats.bboalert` for the
writer) is one record a line: the header ``BBOalert[,<title>]``, then
``<context>,<call>,<explanation>`` records, the context the calls before
``call`` as two-character tokens (``1C`` .. ``7N``, ``--``, ``Db``,
``Rd``). What each line becomes:

The header
    Its text is the system's ``#+TITLE`` (HTML entities decoded).

Records
    The context and the call give the sequence: the calls alternate, and the
    last one is ours. Passes at the start of the context make the opening
    seat-dependent (``----,1S`` is 1♠ opened in third seat): they become the
    table's ``#SEAT`` (the seat of the opening bid, whoever makes it). The
    explanation is the meaning: HTML entities decoded, the ``#`` between what
    the bidding box shows and what goes to the chat put back as the space our
    writer cut it at (or as nothing, where it cut a word), ``!H`` written
    ``!h``.

``Option`` blocks
    A block whose name carries BBOalert's tags (``@1`` .. ``@4`` the seat of
    the opening, ``@v``/``@n`` we are vulnerable or not, ``@V``/``@N`` they
    are) is a table under ``#SEAT`` and ``#VUL``. A block without tags is
    switched on by hand, and one whose seats BML cannot say (``@1@3``) holds
    meanings BML cannot tell apart from the others: their records are kept as
    comments, each reported.

BBOalert uses the *last* record that matches, BML the first definition: a
sequence explained twice keeps the later explanation, and the earlier record
is kept as a comment, reported.

What BML has no place for
    is reported at its line and kept as a ``//`` comment, as the file gives
    it, never dropped: contexts and calls with wildcards or regular
    expressions, scripts (``%name%`` in an explanation), keyword lines
    (``Trusted``, ``Shortcut``, ``Script``, ``Alias``, ``Import``, ...),
    fields after the explanation (BBOalert ignores them), records without an
    explanation, and the tags of an explanation (``@T``, which BML has no
    place for; the rest of the explanation is converted). HTML after the
    first tag of an explanation, which BBOalert does not show, is kept as
    a comment too. Lines of free text (fewer than three fields, no keyword),
    and the ``Option`` lines of a block whose records are kept as comments,
    are kept as comments without a word of their own.

The tables keep the order of the file: records are added to one table while
the table's order of rows is theirs, and a record that would go elsewhere
starts a new table (repeating the rows above it without a meaning), so that
building the notes again writes the records in the same order.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..language.calls import PASS, Call, CallKind, Sequence, Strain
from ..language.errors import BMLError, Location, Problems
from ..language.model import ANY_VULNERABILITY, BidTable, Description, Document, Metadata, Seat, Vulnerability
from ..language.notation import short_notation
from .bboalert import BOX_LENGTH, COMMA_ENTITY, HEADER, OPTION, numbered_lines
from .bss_reader import Disposition, Outcomes, SequenceRecord
from .bss_tree import TreeBuilder

_TOKEN = re.compile(r"([1-7])([CDHSN])|(--)|(Db)|(Rd)", re.IGNORECASE)
_OPTION_TAG = re.compile(r"@([1-4vnVN])")
_EXPLANATION_TAG = re.compile(r"@[A-Za-z]")
_HTML_TAG = re.compile(r"<[A-Za-z/!]")
_WORD = re.compile(r"[A-Za-z][A-Za-z_]*")
_REGULAR_EXPRESSION = re.compile(r"[*?\[\](){}|^$\\+._]")
_SEATS = {
    "": Seat.ANY,
    "1": Seat.FIRST,
    "2": Seat.SECOND,
    "3": Seat.THIRD,
    "4": Seat.FOURTH,
    "12": Seat.FIRST_OR_SECOND,
    "34": Seat.THIRD_OR_FOURTH,
}
_SIDES = {"v": ("we", True), "n": ("we", False), "V": ("they", True), "N": ("they", False)}
_NO_EXPLANATION = "a record without an explanation: BML writes no record for a call without a meaning"
KEPT_HEADING = "BBOalert lines that BML has no place for, kept as the file gives them:"


@dataclass(frozen=True)
class Alert:
    """One record BML can hold: its sequence, seat and vulnerability, and its explanation."""

    sequence: Sequence
    seat: Seat
    vulnerability: Vulnerability
    #: the explanation as BBOalert shows it, box and chat joined back
    text: str
    #: the explanation as the file writes it (entities, ``#``)
    written: str
    line: int
    #: the line as the file gives it
    source: str = ""

    @property
    def key(self) -> tuple[Seat, Vulnerability, Sequence]:
        return (self.seat, self.vulnerability, self.sequence)


@dataclass
class BBOalertNotes:
    """What a BBOalert file holds, read for BML: its title, its alerts, what BML has no place for."""

    name: str
    title: str = ""
    alerts: list[Alert] = field(default_factory=list)
    #: the lines kept as comments, as the file gives them, each with its line number
    kept: list[tuple[int, str]] = field(default_factory=list)
    #: each line BML has no place for, at its line
    problems: Problems = field(default_factory=Problems)

    def keep(self, number: int, line: str, reason: str | None) -> None:
        """Keep ``line`` as a comment (once); ``reason``: report it (``None``: free text, kept without a word)."""
        if (number, line) not in self.kept:
            self.kept.append((number, line))
        if reason is not None:
            self.problems.report(f"{reason}; the line is kept as a comment", Location(self.name, number))

    @property
    def notes(self) -> list[str]:
        """The kept lines as the text of ``//`` comments."""
        if not self.kept:
            return []
        return [KEPT_HEADING, *(f"line {number}: {line}" for number, line in self.kept)]


# --------------------------------------------------------------------------
# Reading


def read_bboalert_notes(text: str, name: str = "<string>") -> BBOalertNotes:
    """The notes of the BBOalert file ``text``; raises :class:`BMLError` when it is not one."""
    lines = list(numbered_lines(text))
    first = next(((number, line) for number, line in lines if line), None)
    if first is None or first[1].split(",")[0].strip() != HEADER:
        raise BMLError(
            f"this is not a BBOalert file: its first line must be '{HEADER}' or '{HEADER},<title>'",
            Location(name, first[0] if first else 1),
        )
    notes = BBOalertNotes(name, title=html.unescape(first[1].partition(",")[2].strip()))
    option: _Option | None = None
    for number, line in lines:
        if not line or number == first[0]:
            continue
        fields = line.replace(COMMA_ENTITY, ",").split(",")
        head = fields[0].strip()
        if head == OPTION:
            if option is not None and not option.held:
                notes.keep(number, line, None)  # the end of a block kept as comments
            option = _option(fields[1].strip()) if len(fields) > 1 and fields[1].strip() else None
            if option is not None and not option.held:
                notes.keep(number, line, None)  # its records are reported one by one
            continue
        _read_line(notes, number, line, [part.strip() for part in fields], option)
    notes.alerts = _last_explanations(notes)
    return notes


@dataclass(frozen=True)
class _Option:
    name: str
    seat: Seat | None  # None: BML cannot say the seats
    vulnerability: Vulnerability
    tagged: bool

    @property
    def held(self) -> bool:
        """Whether BML holds the block: its tags say the seats and vulnerability BML can write."""
        return self.tagged and self.seat is not None


def _option(name: str) -> _Option:
    tags = _OPTION_TAG.findall(name)
    seats = "".join(sorted({tag for tag in tags if tag.isdigit()}))
    sides: dict[str, set[bool]] = {"we": set(), "they": set()}
    for tag in tags:
        if not tag.isdigit():
            side, value = _SIDES[tag]
            sides[side].add(value)
    we = next(iter(sides["we"])) if len(sides["we"]) == 1 else None
    they = next(iter(sides["they"])) if len(sides["they"]) == 1 else None
    return _Option(name, _SEATS.get(seats), Vulnerability(we, they), bool(tags))


def _read_line(notes: BBOalertNotes, number: int, line: str, fields: list[str], option: _Option | None) -> None:
    context, call_text = fields[0], fields[1] if len(fields) > 1 else ""
    tokens = _tokens(context)
    call = _tokens(call_text)
    if tokens is None or call is None or len(call) != 1:
        if len(fields) < 3 and not (_WORD.fullmatch(context) and tokens is None):
            notes.keep(number, line, None)  # free text
        elif _WORD.fullmatch(context) and tokens is None:
            notes.keep(number, line, f"BML has no place for BBOalert's '{context}' line")
        else:
            where = call_text if tokens is not None else context
            notes.keep(number, line, _not_an_auction(where))
        return
    if len(fields) < 3 or not fields[2]:
        notes.keep(number, line, _NO_EXPLANATION)
        return
    if option is not None and not option.held:
        why = "switched on by hand" if not option.tagged else "for seats that BML cannot write as one #SEAT"
        notes.keep(number, line, f"in the option '{option.name}', {why}: BML has no place for it")
        return
    try:
        sequence, passes_seat = _sequence(tokens, call[0])
    except BMLError as error:
        notes.keep(number, line, error.message)
        return
    seat = option.seat if option is not None and option.seat is not None else Seat.ANY
    if passes_seat is not None:
        if seat not in (Seat.ANY, passes_seat):
            notes.keep(
                number,
                line,
                f"the passes before the opening say {passes_seat.label}, the option '{option.name if option else ''}' "
                f"says {seat.label}",
            )
            return
        seat = passes_seat
    vulnerability = option.vulnerability if option is not None else ANY_VULNERABILITY
    written = fields[2]
    text = _explanation(notes, number, line, written, fields[3:])
    if text is None:
        return
    notes.alerts.append(Alert(sequence, seat, vulnerability, text, written, number, line))


def _not_an_auction(text: str) -> str:
    if _REGULAR_EXPRESSION.search(text):
        return f"'{text}' is a wildcard or a regular expression: BML has no place for it, it names concrete calls"
    return f"'{text}' is not an auction BML can read: write calls as BBOalert does (1C .. 7N, --, Db, Rd)"


def _explanation(notes: BBOalertNotes, number: int, line: str, written: str, extra: list[str]) -> str | None:
    """The explanation as shown, box and chat joined back; ``None``: the record is kept as a comment."""
    if written.count("%") > 1:
        notes.keep(number, line, "the explanation runs a script (%name%): BML has no place for it")
        return None
    reasons = []
    if extra and any(extra):
        reasons.append("BBOalert ignores the fields after the explanation")
    tag = _HTML_TAG.search(written)  # a tag as written: an entity (&lt;b&gt;) is text
    if tag:
        written = written[: tag.start()]
        reasons.append("BBOalert shows no text after the first HTML tag of an explanation")
    shown = html.unescape(written)
    tags = _EXPLANATION_TAG.findall(shown)
    if tags:
        shown = _EXPLANATION_TAG.sub("", shown)
        reasons.append(f"BML has no place for BBOalert's {' '.join(tags)} in an explanation; it is left out")
    if reasons:
        notes.keep(number, line, "; ".join(reasons))
    text = _joined(shown)
    if not text:
        if not reasons:
            notes.keep(number, line, _NO_EXPLANATION)
        return None
    return text


def _joined(shown: str) -> str:
    """Box and chat joined as our writer cut them: at a space, or inside a word too long for the box."""
    box, split, chat = shown.partition("#")
    box, chat = " ".join(box.split()), " ".join(chat.split())
    if not split or not chat:
        return box
    if not box:
        return chat
    within_a_word = " " not in box and len(box) >= BOX_LENGTH - 1
    return box + ("" if within_a_word else " ") + chat


def _tokens(text: str) -> list[Call] | None:
    """The calls of ``text`` written as BBOalert's two-character tokens; ``None``: it is not such text."""
    calls: list[Call] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            return None
        level, strain, passed, double, _redouble = match.groups()
        if level:
            calls.append(Call(CallKind.BID, int(level), Strain(strain.upper())))
        elif passed:
            calls.append(PASS)
        else:
            calls.append(Call(CallKind.DOUBLE if double else CallKind.REDOUBLE))
        position = match.end()
    return calls


def _sequence(context: list[Call], call: Call) -> tuple[Sequence, Seat | None]:
    """The sequence of a record, and the seat its leading passes give (``None``: no leading passes).

    Raises :class:`BMLError` for an auction that cannot be bid: four passes before the call, a bid
    not higher than the one before it."""
    calls = [*context, call]
    passes = 0
    while passes < len(calls) - 1 and calls[passes] == PASS:
        passes += 1
    if passes >= 4:
        raise BMLError("four passes before the call: the auction is over")
    last: Call | None = None
    for bid in calls:
        if bid.is_bid:
            if last is not None and bid.rank <= last.rank:
                raise BMLError(f"{bid} after {last} is not a sufficient bid: no auction BML can hold")
            last = bid
    seat = None
    if passes and any(other != PASS for other in calls[passes:]):
        seat = _SEATS[str(passes + 1)]
        calls = calls[passes:]
    we_open = (len(calls) - 1) % 2 == 0  # the last call is ours
    return Sequence(tuple(calls), we_open), seat


def _last_explanations(notes: BBOalertNotes) -> list[Alert]:
    """The alerts, each sequence once: BBOalert uses the last record that matches, and so does the BML."""
    last: dict[tuple[Seat, Vulnerability, Sequence], Alert] = {}
    for alert in notes.alerts:
        last[alert.key] = alert
    kept = []
    for alert in notes.alerts:
        later = last[alert.key]
        if later is alert:
            kept.append(alert)
            continue
        notes.keep(
            alert.line,
            alert.source,
            f"{short_notation(alert.sequence)} is explained again on line {later.line}: BBOalert uses the later one, "
            "and so does the BML",
        )
    notes.kept.sort()
    return kept


# --------------------------------------------------------------------------
# The document


def build_document(notes: BBOalertNotes) -> Document:
    """The BML document of ``notes``: bidding tables in the order of the file (see the module's notes).

    Its problems are the lines BML has no place for, then what the tables could not keep.
    """
    tables: list[BidTable] = []
    problems = Problems()
    for problem in notes.problems:
        problems.add(problem)
    for group in _groups(notes.alerts):
        builder = TreeBuilder(notes.name)
        builder.add_all(_record(alert) for alert in group)
        tables.extend(builder.tables())
        for problem in builder.problems:
            problems.add(problem)
    metadata = Metadata({"TITLE": notes.title} if notes.title else {})
    return Document(list(tables), metadata, [], problems)


def _groups(alerts: list[Alert]) -> Iterator[list[Alert]]:
    """The alerts cut into tables, each kept in the order the file gives (see the module's notes)."""
    group: list[Alert] = []
    nodes: set[tuple[Call, ...]] = set()
    for alert in alerts:
        calls = alert.sequence.calls
        if group and not _continues(group[-1], alert, nodes):
            yield group
            group, nodes = [], set()
        group.append(alert)
        nodes.update(calls[:end] for end in range(1, len(calls) + 1))
    if group:
        yield group


def _continues(last: Alert, alert: Alert, nodes: set[tuple[Call, ...]]) -> bool:
    """Whether ``alert`` comes after ``last`` in the table's order: same table kind, and it branches
    off the rows of ``last`` (or is one of them)."""
    if (last.sequence.we_open, last.seat, last.vulnerability) != (
        alert.sequence.we_open,
        alert.seat,
        alert.vulnerability,
    ):
        return False
    calls, previous = alert.sequence.calls, last.sequence.calls
    shared = 0
    while shared < min(len(calls), len(previous)) and calls[shared] == previous[shared]:
        shared += 1
    return shared == len(calls) or calls[: shared + 1] not in nodes


def _record(alert: Alert) -> SequenceRecord:
    calls = alert.sequence.calls
    return SequenceRecord(
        we_open=alert.sequence.we_open,
        seat=alert.seat,
        vulnerability=alert.vulnerability,
        calls=calls,
        qualifications=(None,) * len(calls),
        artificial=False,
        outcomes=Outcomes(),
        disposition=Disposition.NO_AGREEMENT,
        lengths=None,
        description=Description((alert.text,)),  # suit symbols in lower case: the tree builder's rule
        line=alert.line,
    )
