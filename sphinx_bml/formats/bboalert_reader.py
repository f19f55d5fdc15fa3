"""Read a BBOalert file, as our ``-b bboalert`` writes it or as players write it by hand, into BML.

BBOalert's native format (see :mod:`sphinx_bml.formats.bboalert` for the
writer) is one record a line: the header ``BBOalert[,<title>]``, then
``<context>,<call>,<explanation>`` records, the context the calls before
``call`` as two-character tokens (``1C`` .. ``7N``, ``--``, ``Db``,
``Rd``). Lines end at ``\\n``, ``\\r\\n`` or ``\\r``; a line ending with a
backslash goes on on the next. What each line becomes:

The header
    Its text is the system's ``#+TITLE`` (HTML entities decoded).

Records
    The context and the call give the sequence: the calls alternate, and the
    last one is ours. As BBOalert reads them, spaces and ``!`` in the
    context and the call are left out, suit symbols (``♣``) and ``NT`` are
    read as letters, and a context ``+`` is the context of the record
    before. Passes at the start of the context make the opening
    seat-dependent (``----,1S`` is 1♠ opened in third seat): they become
    the table's ``#SEAT`` (the seat of the opening bid, whoever makes it).
    The explanation is the meaning: HTML entities decoded, the ``#`` between
    what the bidding box shows and what goes to the chat put back as the
    space our writer cut it at (or as nothing, where it cut a word), ``!H``
    written ``!h``.

``Option`` blocks (see :mod:`~.bboalert_options`)
    What BBOalert has on when it imports the file is the system: records
    outside options, and those of the first option of each group (options
    next to each other whose names begin with the same word). An option
    whose name carries BBOalert's tags (``@1`` .. ``@4`` the seat of the
    opening, ``@v``/``@n`` we are vulnerable or not, ``@V``/``@N`` they
    are) is a table under ``#SEAT`` and ``#VUL``; one whose seats BML cannot
    say (``@1@3``) holds meanings BML cannot tell apart from the others:
    its records are kept as comments. The other options of a group are
    alternatives the player switches to at the table: their records are
    read as well, each option's apart (:attr:`BBOalertNotes.alternatives`),
    and written after the notes as rows commented out.

BBOalert uses the *last* record that matches, BML the first definition: a
sequence explained twice keeps the later explanation, and the earlier record
is kept as a comment.

What BML has no place for
    is kept as a ``//`` comment, as the file gives it, never dropped, and
    listed by kind (:class:`~.bboalert_report.Reason`): contexts and calls
    with wildcards or regular expressions, scripts (``%name%`` in an
    explanation), BBOalert's commands (``Trusted``, ``Shortcut``,
    ``Script``, ``Button``, ``Alias``, ``Import``, ...; a script of several
    lines with all its lines, up to the next ``Script``), Markdown lists,
    records BBOalert skips (``@I``), fields after the explanation (BBOalert
    ignores them), records without an explanation, and the tags of an
    explanation (``@T``, which BML has no place for; the rest of the
    explanation is converted). HTML after the first tag of an explanation,
    which BBOalert does not show, is kept as a comment too. Lines of free
    text (fewer than three fields, no command) and the ``Option`` lines of
    options without tags are kept as comments as well.

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
from .bboalert import BOX_LENGTH, COMMA_ENTITY, HEADER, numbered_lines
from .bboalert_options import SEATS_BY_TAGS, Option, option_fields, option_named, options_of
from .bboalert_report import LeftOut, Reason
from .bml_writer import write_bml
from .bss_reader import Disposition, Outcomes, SequenceRecord
from .bss_tree import TreeBuilder

_TOKEN = re.compile(r"([1-7])([CDHSN])|(--)|(Db)|(Rd)", re.IGNORECASE)
_EXPLANATION_TAG = re.compile(r"@[A-Za-z]")
_HTML_TAG = re.compile(r"<[A-Za-z/!]")
_WORD = re.compile(r"[A-Za-z][A-Za-z_]*")
_REGULAR_EXPRESSION = re.compile(r"[*?\[\](){}|^$\\+._/]")
_MARKDOWN_ITEM = re.compile(r"[-*]\s")
#: What BBOalert reads in a context or a call as it reads its own tokens.
_AUCTION_SPELLING = str.maketrans({"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"})
_SPACES_AND_MARKS = re.compile(r"[\s!]+")
#: BBOalert's commands: lines that do something at the table rather than explain a call.
COMMANDS = frozenset(
    {
        "Trusted",
        "Untrusted",
        "Alias",
        "Import",
        "Javascript",
        "//Javascript",
        "Script",
        "//Script",
        "Button",
        "Shortcut",
    }
)
#: A script: ``Script,<name>,<code>``, or ``Script,<name>`` and the lines of code up to the next ``Script``.
_SCRIPT = ("Script", "//Script")
_NOT_A_COMMAND = "not one of BBOalert's commands, and no auction: BBOalert finds no call with it"
#: The context of a record that takes the context of the record before it.
SAME_CONTEXT = "+"
#: BBOalert skips a record whose explanation has this tag.
IGNORE_TAG = "@I"
KEPT_HEADING = "BBOalert lines that BML has no place for, kept as the file gives them:"
ALTERNATIVES_HEADING = (
    "Options that BBOalert has off when it imports the file: alternatives you can switch to at the table.\n"
    "Each is written as rows of the notes, commented out. To play one, remove the // of its rows\n"
    "(and comment out the rows it replaces)."
)


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
    #: the records BBOalert has on at import
    alerts: list[Alert] = field(default_factory=list)
    #: the records of each option BBOalert has off at import, by option, in the order of the file
    alternatives: dict[Option, list[Alert]] = field(default_factory=dict)
    #: the lines kept as comments, as the file gives them, each with its line number, in order
    kept: list[tuple[int, str]] = field(default_factory=list)
    #: each line that is no row of the notes, and why
    left: list[LeftOut] = field(default_factory=list)
    _kept: set[tuple[int, str]] = field(default_factory=set, repr=False)

    def keep(self, number: int, line: str, reason: Reason, detail: str = "", command: str = "") -> None:
        """Keep ``line`` as a comment (once), listed as a line of kind ``reason``."""
        self.keep_only(number, line)
        self.left.append(LeftOut(reason, number, line, detail, command))

    def keep_only(self, number: int, line: str) -> None:
        """Keep ``line`` as a comment (once), without listing it."""
        if (number, line) not in self._kept:
            self._kept.add((number, line))
            self.kept.append((number, line))

    @property
    def notes(self) -> list[str]:
        """The kept lines as the text of ``//`` comments."""
        if not self.kept:
            return []
        return [KEPT_HEADING, *(f"line {number}: {line}" for number, line in self.kept)]

    @property
    def reported(self) -> list[LeftOut]:
        """The lines that say something was left out of the rows (free text aside)."""
        return [item for item in self.left if item.reason.reported]


# --------------------------------------------------------------------------
# Reading


def is_bboalert(text: str) -> bool:
    """Whether ``text`` is a BBOalert file: its first line that is not empty is ``BBOalert[,<title>]``."""
    first = next((line for _, line in numbered_lines(text) if line), None)
    return first is not None and _is_header(first)


def _is_header(line: str) -> bool:
    return line.split(",")[0].strip().lower() == HEADER.lower()


def read_bboalert_notes(text: str, name: str = "<string>") -> BBOalertNotes:
    """The notes of the BBOalert file ``text``; raises :class:`BMLError` when it is not one."""
    lines = [(number, line, line.replace(COMMA_ENTITY, ",").split(",")) for number, line in numbered_lines(text)]
    first = next(((number, line) for number, line, _ in lines if line), None)
    if first is None or not _is_header(first[1]):
        raise BMLError(
            f"this is not a BBOalert file: its first line must be '{HEADER}' or '{HEADER},<title>'",
            Location(name, first[0] if first else 1),
        )
    notes = BBOalertNotes(name, title=html.unescape(first[1].partition(",")[2].strip()))
    reader = _Reader(notes, options_of((number, fields) for number, _, fields in lines))
    for number, line, fields in lines:
        if line and number != first[0]:
            reader.read(number, line, fields)
    reader.finish()
    return notes


class _Reader:
    """Reads the lines of a file after its header, one by one, into ``notes``."""

    def __init__(self, notes: BBOalertNotes, options: dict[str, Option]) -> None:
        self.notes = notes
        self.options = options
        self.option: Option | None = None
        self.last_context = ""
        #: inside a script of several lines (``Script,<name>`` up to the next ``Script``): its lines are code
        self.in_script = False

    def read(self, number: int, line: str, fields: list[str]) -> None:
        named = option_fields(fields)
        if named is not None:
            self._option_line(number, line, *named)
            return
        self._line(number, line, [part.strip() for part in fields])

    def _option_line(self, number: int, line: str, name: str, partners: tuple[str, ...]) -> None:
        before = self.option
        self.option = option_named(self.options, name) if name else None
        option = self.option
        if option is None:
            if before is not None and before.tagged and not before.held:
                self.notes.keep_only(number, line)  # the end of a block kept as comments
            return
        listed = False
        if partners and number == option.line:
            partnered = ", ".join(partners)
            self.notes.keep(number, line, Reason.PARTNERS, f"BBOalert switches it on when you play with {partnered}")
            listed = True
        if option.tagged and option.held and not option.on_at_import and number == option.line:
            head = option.group_head
            assert head is not None  # an option off at import has one before it in its group
            self.notes.keep(number, line, Reason.TAGGED_OFF, f"in the group of '{head.name}' (line {head.line})")
            listed = True
        if not option.held and not option.alternative and not listed:  # an alternative: its section names it
            self.notes.keep(number, line, Reason.FREE_TEXT)

    def _line(self, number: int, line: str, fields: list[str]) -> None:
        notes = self.notes
        head = fields[0]
        if head in _SCRIPT:
            self.in_script = len(fields) == 2
        elif self.in_script:
            notes.keep(number, line, Reason.COMMAND, command=_SCRIPT[0])
            return
        if head in COMMANDS:
            notes.keep(number, line, Reason.COMMAND, command=head)
            return
        if _MARKDOWN_ITEM.match(line):
            notes.keep(number, line, Reason.MARKDOWN)
            return
        if len(fields) >= 3 and head != SAME_CONTEXT:
            self.last_context = head
        context = self.last_context if head == SAME_CONTEXT and len(fields) >= 3 else head
        call_text = fields[1] if len(fields) > 1 else ""
        tokens = _tokens(context)
        call = _tokens(call_text)
        if tokens is None or call is None or len(call) != 1:
            if len(fields) >= 3 and _WORD.fullmatch(head):
                notes.keep(number, line, Reason.COMMAND, _NOT_A_COMMAND, command=head)
            elif len(fields) < 3:
                notes.keep(number, line, Reason.FREE_TEXT)
            else:
                self._not_an_auction(number, line, call_text if tokens is not None else context)
            return
        if len(fields) < 3 or not fields[2]:
            notes.keep(number, line, Reason.NO_EXPLANATION)
            return
        if IGNORE_TAG in fields[2]:
            notes.keep(number, line, Reason.IGNORED)
            return
        option = self.option
        if option is not None and option.tagged and not option.held:
            notes.keep(number, line, Reason.SEATS, f"in the option '{option.name}', whose seats BML cannot write")
            return
        try:
            sequence, passes_seat = _sequence(tokens, call[0])
        except BMLError as error:
            notes.keep(number, line, Reason.NOT_AN_AUCTION, error.message)
            return
        seat = option.seat if option is not None and option.seat is not None else Seat.ANY
        if passes_seat is not None:
            if seat not in (Seat.ANY, passes_seat):
                notes.keep(
                    number,
                    line,
                    Reason.SEATS,
                    f"the passes before the opening say {passes_seat.label}, "
                    f"the option '{option.name if option else ''}' says {seat.label}",
                )
                return
            seat = passes_seat
        vulnerability = option.vulnerability if option is not None else ANY_VULNERABILITY
        written = fields[2]
        text = _explanation(notes, number, line, written, fields[3:])
        if text is None:
            return
        alert = Alert(sequence, seat, vulnerability, text, written, number, line)
        if option is not None and option.alternative:
            notes.alternatives.setdefault(option, []).append(alert)
        else:
            notes.alerts.append(alert)

    def _not_an_auction(self, number: int, line: str, text: str) -> None:
        if _REGULAR_EXPRESSION.search(text):
            self.notes.keep(number, line, Reason.WILDCARD)
        else:
            self.notes.keep(number, line, Reason.NOT_AN_AUCTION, f"'{text}' is not an auction BML can read")

    def finish(self) -> None:
        """Each sequence once in the system and in each alternative; the alternatives listed."""
        notes = self.notes
        notes.alerts = _last_explanations(notes, notes.alerts)
        for option, alerts in notes.alternatives.items():
            notes.alternatives[option] = _last_explanations(notes, alerts)
        for option in self.options.values():
            if option.alternative:
                assert option.group_head is not None  # an option off at import follows the first of its group
                records = len(notes.alternatives.get(option, []))
                notes.left.append(
                    LeftOut(
                        Reason.ALTERNATIVE,
                        option.line,
                        f"Option,{option.name}",
                        f"an alternative to '{option.group_head.name}' (line {option.group_head.line}): "
                        f"{records} {'record' if records == 1 else 'records'}",
                    )
                )
        notes.kept.sort()


def _explanation(notes: BBOalertNotes, number: int, line: str, written: str, extra: list[str]) -> str | None:
    """The explanation as shown, box and chat joined back; ``None``: the record is kept as a comment."""
    if written.count("%") > 1:
        notes.keep(number, line, Reason.SCRIPT)
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
        notes.keep(number, line, Reason.EXPLANATION, "; ".join(reasons))
    text = _joined(shown)
    if not text:
        if not reasons:
            notes.keep(number, line, Reason.NO_EXPLANATION)
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


def _tokens(written: str) -> list[Call] | None:
    """The calls of ``written`` in BBOalert's two-character tokens; ``None``: it is not such text.

    Spaces and ``!`` are left out, suit symbols and ``NT`` read as letters, as BBOalert reads them."""
    text = _SPACES_AND_MARKS.sub("", written.translate(_AUCTION_SPELLING)).replace("NT", "N")
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
        seat = SEATS_BY_TAGS[str(passes + 1)]
        calls = calls[passes:]
    we_open = (len(calls) - 1) % 2 == 0  # the last call is ours
    return Sequence(tuple(calls), we_open), seat


def _last_explanations(notes: BBOalertNotes, alerts: list[Alert]) -> list[Alert]:
    """``alerts``, each sequence once: BBOalert uses the last record that matches, and so does the BML."""
    last: dict[tuple[Seat, Vulnerability, Sequence], Alert] = {}
    for alert in alerts:
        last[alert.key] = alert
    kept = []
    for alert in alerts:
        later = last[alert.key]
        if later is alert:
            kept.append(alert)
            continue
        notes.keep(
            alert.line, alert.source, Reason.TWICE, f"{short_notation(alert.sequence)} again on line {later.line}"
        )
    return kept


# --------------------------------------------------------------------------
# The document


def build_document(notes: BBOalertNotes, alerts: list[Alert] | None = None) -> Document:
    """The BML document of ``alerts`` (default: the notes' system): bidding tables in the order of
    the file (see the module's notes). Its problems are what the tables could not keep."""
    tables: list[BidTable] = []
    problems = Problems()
    for group in _groups(notes.alerts if alerts is None else alerts):
        builder = TreeBuilder(notes.name)
        builder.add_all(_record(alert) for alert in group)
        tables.extend(builder.tables())
        for problem in builder.problems:
            problems.add(problem)
    metadata = Metadata({"TITLE": notes.title} if notes.title and alerts is None else {})
    return Document(list(tables), metadata, [], problems)


def alternative_notes(notes: BBOalertNotes) -> Iterator[tuple[Option, str]]:
    """Each option BBOalert has off at import with its records as BML (not yet commented out)."""
    for option, alerts in notes.alternatives.items():
        yield option, write_bml(build_document(notes, alerts))


def commented_alternatives(alternatives: list[tuple[Option, str]]) -> str:
    """The alternatives as the end of the notes: a heading, then each option's rows commented out."""
    if not alternatives:
        return ""
    paragraphs = [_commented(ALTERNATIVES_HEADING)]
    for option, bml in alternatives:
        head = option.group_head
        instead = f", an alternative to '{head.name}' (line {head.line})" if head is not None else ""
        said = f"Option '{option.name}' (line {option.line}){instead}:"
        paragraphs.append(_commented(said) + "\n" + _commented(bml.rstrip("\n")))
    return "\n\n".join(paragraphs) + "\n"


def _commented(text: str) -> str:
    return "\n".join(f"// {line}".rstrip() for line in text.split("\n"))


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
