"""Write a :class:`~sphinx_bml.language.system.System` as a BBOalert file.

BBOalert is the browser extension that alerts and explains calls on Bridge
Base Online. Its native format is text, one record a line: the header
``BBOalert,<title>``, then ``<context>,<call>,<explanation>`` records, where
the context is the auction before the call::

    BBOalert,Kestrel Precision
    ,1C,16+ hcp; any shape
    1C--,1D,Negative; 0-7 hcp
    1N--,2C,Stayman
    1S,2S,Michaels: 5-5 in !H and a minor
    Option,3rd_or_4th_seat_@3@4
    ,1S,Light opening; 4+ !S
    Option

What this writer decides, and why:

Calls and contexts
    Calls are BBOalert's two-character tokens: ``1C`` .. ``7N`` (``N`` is
    notrump), ``--`` pass, ``Db`` double, ``Rd`` redouble. The context is
    every call of the sequence before the last, from the opening call on,
    whoever opens: ``1N-2C`` is ``1N--,2C``, ``(1S)-2S`` is ``1S,2S``,
    ``1N-(2C)-D`` is ``1N2C,Db``. No leading passes: BBOalert matches a
    record against the auction with the passes before the opening removed
    as well as against the whole auction, so a context from the opening on
    holds in every seat, when we open and when they do.

Seat and vulnerability: ``Option`` blocks
    Meanings for any seat and any vulnerability come first, outside any
    block. A table for some seats or vulnerabilities goes into an ``Option``
    block, one block for each seat and vulnerability, closed by a bare
    ``Option``. The block's name says when it applies, in words joined by
    ``_`` and followed by BBOalert's tags, so that BBOalert switches it on
    and off by itself (the player can still override it)::

        Option,3rd_or_4th_seat_we_vulnerable_@3@4@v

    ``@1`` .. ``@4`` are the seat of the opening bid (BBOalert counts the
    passes before it), ``@v``/``@n`` we are vulnerable or not, ``@V``/``@N``
    they are. Names have no spaces: BBOalert groups options whose names
    share a first word and switches on only the first of a group.

    This is how BBOalert itself imports a ``.bss`` file, and it covers what
    leading passes in the context cannot: a first-seat opening (its context
    is empty, the same as "any seat"), "first or second seat" in one
    record, and vulnerability. BBOalert takes the
    *last* record that matches, so blocks come after the records that hold
    everywhere, and a block comes after every block that applies more
    widely (``3rd_seat`` after ``3rd_or_4th_seat``): the narrowest
    applicable meaning wins. Blocks that overlap without one containing the
    other (third seat; we vulnerable) keep the order of the notes.

Explanations
    The description as plain text: suit symbols as ``!C !D !H !S``, bids as
    text with their suit symbol (``2!H``, ``3NT``), dashes as ``-``, styles
    dropped, white space collapsed. Lines are joined by ``; ``, or by a
    space where the next line goes on with the sentence (it starts in lower
    case) or the line ends one (``.``, ``;``, ``:``, ``!``, ``?``). Commas
    would split the record: they become ``;``, as in BBOalert's own ``.bss``
    import. ``#`` would split the explanation: it becomes ``＃`` (a
    full-width number sign).
    BBOalert shows up to 69 characters in the bidding box: a longer
    explanation is split with ``#`` at the last space that keeps the first
    part within 69 characters (within a word longer than that, at 69
    characters), and BBOalert sends the rest to the opponents in the chat.

What BBOalert would read as its own syntax
    BBOalert reads more in a line than the three fields, and nothing the
    notes say may turn into one of its commands. So that an explanation
    (and the title in the header) shows as written, and nothing else:

    - ``&``, ``<`` and ``>`` are written as the HTML entities ``&amp;``,
      ``&lt;`` and ``&gt;``: BBOalert decodes entities in an explanation
      (keeping only the text before the first HTML tag) and shows the
      header's title as HTML, so ``<b>`` would be markup there; it also
      turns ``&comma;`` into a comma, which would split the record, and
      ``&amp;comma;`` is decoded back to the ``&comma;`` that was written.
    - A backslash at the end of a line joins BBOalert's next line to it
      (the next alert would be lost): it is written ``&bsol;``, which
      BBOalert decodes back to a backslash.
    - ``@`` followed by a letter (``@T`` sends the call without asking
      for confirmation, ``@I`` skips the record, ``@D``, ``@A``, ...)
      becomes ``＠`` (a full-width at sign): BBOalert looks for its tags
      after decoding entities, so only another character keeps them out.
    - Where an explanation holds two ``%`` or more, they become ``％``
      (a full-width percent sign): ``%name%`` runs the user's script
      ``name``, and a single ``%`` (``50% chance``) is left as it is.

What is left out
    A meaning without a description: BBOalert alerts only what it can
    explain, and an empty record would blank out the explanation of a
    record it overrides. A meaning of the opponents' call (``1N-(2C)``
    described): BBOalert explains the calls we make. Hidden tables
    (``#HIDE``) are in, as in the ``.bss`` file. With ``alerts_only``, every
    meaning whose call is not marked alertable (``2D ! Multi``): natural calls
    are not alerted at the table, and BBOalert alerts each call it has a
    record for.

:func:`read_bboalert` reads such a file back into records, for the tests and
for anyone checking an export.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..language.calls import Call, CallKind, Sequence, Strain
from ..language.errors import BMLError
from ..language.inline import Bid, Dash, Inline, LineBreak, SequenceLink, Styled, SuitSymbol, Text
from ..language.model import Description, Seat, Vulnerability
from ..language.reader import split_lines
from ..language.system import Meaning, System

#: Characters of an explanation that BBOalert shows in the bidding box.
BOX_LENGTH = 69

HEADER = "BBOalert"
OPTION = "Option"

_CALL_TOKENS = {CallKind.PASS: "--", CallKind.DOUBLE: "Db", CallKind.REDOUBLE: "Rd"}
_SEAT_TAGS = {
    Seat.ANY: "",
    Seat.FIRST: "@1",
    Seat.SECOND: "@2",
    Seat.THIRD: "@3",
    Seat.FOURTH: "@4",
    Seat.FIRST_OR_SECOND: "@1@2",
    Seat.THIRD_OR_FOURTH: "@3@4",
}
#: BBOalert's tags: ``@v``/``@n`` we are vulnerable or not, ``@V``/``@N`` they are.
_VULNERABILITY_TAGS = {("we", True): "@v", ("we", False): "@n", ("they", True): "@V", ("they", False): "@N"}
#: How narrow a seat condition is (one seat: 2); a narrower block comes later.
_SEAT_NARROWING = {Seat.ANY: 0, Seat.FIRST_OR_SECOND: 1, Seat.THIRD_OR_FOURTH: 1}
#: A line ending so is followed by a space, not ``; ``: its sentence ends, or goes on after a comma.
_GOES_ON = (".", ";", ":", "!", "?", ",")
_SPACES = re.compile(r"\s+")
#: ``@`` before a letter: BBOalert's tags (``@T`` trusted, ``@I`` ignored, ...).
_TAG = re.compile(r"@(?=[A-Za-z])")
#: A line BBOalert joins to the next one ends with a backslash.
_CONTINUED = "\\"
#: What BBOalert turns into a comma before it splits a line into fields.
COMMA_ENTITY = "&comma;"


# --------------------------------------------------------------------------
# Calls


def call_token(call: Call) -> str:
    """BBOalert's token for ``call``: ``1C`` .. ``7N``, ``--``, ``Db``, ``Rd``."""
    if call.is_bid:
        assert call.strain is not None
        return f"{call.level}{call.strain.value}"
    return _CALL_TOKENS[call.kind]


def context_token(sequence: Sequence) -> str:
    """The calls before the last one, run together: ``1N--`` for ``1N-2C``."""
    return "".join(call_token(call) for call in sequence.calls[:-1])


# --------------------------------------------------------------------------
# Explanations


def explanation(description: Description) -> str:
    """The description on one line, as BBOalert writes it, not yet split for the box."""
    return _field(explanation_line(description))


def explanation_line(description: Description) -> str:
    """The description on one line as BBO shows an explanation: suits as ``!S``, bids as
    ``2!H`` and ``3NT``, styles dropped, white space (line breaks too) single spaces, the lines
    joined by ``; `` or by a space where the sentence goes on. What BBOalert, a LIN file and a
    PBN note each cannot hold is left for each of them to write (:func:`explanation`)."""
    lines = (_SPACES.sub(" ", line).strip() for line in _inline_text(description.inline).split("\n"))
    text = ""
    for line in lines:
        if not line:
            continue
        if text:
            text += " " if text.endswith(_GOES_ON) or line[0].islower() else "; "
        text += line
    return text


def split_for_box(text: str, limit: int = BOX_LENGTH) -> str:
    """``text`` with a ``#`` after the part the bidding box shows, when it is too long.

    The cut is at the last space that leaves at most ``limit`` characters
    before it; a word longer than ``limit`` is cut at ``limit`` characters
    (before a ``!`` that would lose its suit letter).
    """
    if len(text) <= limit:
        return text
    space = text.rfind(" ", 0, limit + 1)
    if space > 0:
        return text[:space].rstrip() + "#" + text[space + 1 :].lstrip()
    cut = limit - 1 if text[limit - 1] == "!" else limit
    return text[:cut] + "#" + text[cut:]


def _inline_text(tokens: Iterable[Inline]) -> str:
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Text):
            parts.append(token.text)
        elif isinstance(token, SuitSymbol):
            parts.append("!" + token.strain.value)
        elif isinstance(token, Bid):
            strain = "NT" if token.strain is Strain.NOTRUMP else "!" + token.strain.value
            parts.append(f"{token.level}{strain}")
        elif isinstance(token, Dash):
            parts.append("-")
        elif isinstance(token, LineBreak):
            parts.append("\n")
        elif isinstance(token, Styled):
            parts.append(_inline_text(token.children))
        elif isinstance(token, SequenceLink):  # the text it shows: BBOalert shows no links
            parts.append(_inline_text(token.title))
    return "".join(parts)


def _field(text: str) -> str:
    """``text`` safe in a record field: no comma, no ``#``, single spaces."""
    return _SPACES.sub(" ", text.replace(",", ";").replace("#", "\uff03")).strip()


def html_text(text: str) -> str:
    """``text`` (one field, already without commas) as HTML text that ends no line with a backslash."""
    text = html.escape(text, quote=False)
    if text.endswith(_CONTINUED):
        text = text[: -len(_CONTINUED)] + "&bsol;"
    return text


def shown_as_written(text: str) -> str:
    """``text`` (part of an explanation, already without commas) written so that BBOalert shows
    it as it is and reads none of it as its own syntax (see the module notes)."""
    text = _TAG.sub("\uff20", text)
    if text.count("%") > 1:
        text = text.replace("%", "\uff05")
    return html_text(text)


def box_and_chat(text: str) -> str:
    """The explanation as written in the file: split for the box, each part shown as written."""
    box, split, chat = split_for_box(text).partition("#")
    return shown_as_written(box) + split + shown_as_written(chat)


# --------------------------------------------------------------------------
# Options


def option_name(seat: Seat, vulnerability: Vulnerability) -> str | None:
    """The name of the ``Option`` block for a seat and vulnerability; ``None``: no block.

    ``3rd_or_4th_seat_we_vulnerable_they_not_vulnerable_@3@4@v@N``, ``We_vulnerable_@v``.
    """
    words: list[str] = []
    tags = _SEAT_TAGS[seat]
    if seat is not Seat.ANY:
        words.append(seat.label)
    for side, value in (("we", vulnerability.we), ("they", vulnerability.they)):
        if value is not None:
            words.append(f"{side} vulnerable" if value else f"{side} not vulnerable")
            tags += _VULNERABILITY_TAGS[side, value]
    if not words:
        return None
    name = "_".join(" ".join(words).split())
    return name[0].upper() + name[1:] + "_" + tags


def _narrowness(seat: Seat, vulnerability: Vulnerability) -> int:
    sides = (vulnerability.we is not None) + (vulnerability.they is not None)
    return _SEAT_NARROWING.get(seat, 2) + sides


# --------------------------------------------------------------------------
# Records


@dataclass(frozen=True)
class Record:
    """One alert: the auction before the call, the call, its explanation, and
    the ``Option`` block it is in (``None``: outside any block)."""

    context: str
    call: str
    explanation: str
    option: str | None = None

    @property
    def shown(self) -> str:
        """The explanation as BBOalert shows it: HTML entities decoded."""
        return html.unescape(self.explanation)

    @property
    def box(self) -> str:
        """What the bidding box shows: the explanation up to ``#``."""
        return self.shown.partition("#")[0]

    @property
    def chat(self) -> str:
        """What goes to the chat: the explanation after ``#``, if any."""
        return self.shown.partition("#")[2]

    @property
    def line(self) -> str:
        return f"{self.context},{self.call},{self.explanation}"


def alert_record(meaning: Meaning, *, alerts_only: bool = False) -> Record | None:
    """The record of ``meaning``, or ``None`` when it has none (see the module notes)."""
    sequence = meaning.sequence
    if (
        not sequence.is_ours(len(sequence.calls) - 1)
        or after_a_qualified_call(meaning)
        or (alerts_only and not meaning.alert)
    ):
        return None
    text = explanation(meaning.description)
    if not text:
        return None
    return Record(
        context_token(sequence),
        call_token(sequence.last),
        box_and_chat(text),
        option_name(meaning.seat, meaning.vulnerability),
    )


def after_a_qualified_call(meaning: Meaning) -> bool:
    """Whether the sequence holds an opponents' call with a meaning (``(2C{Landy})``).

    BBOalert matches the calls made at the table, and cannot tell a 2♣ that
    shows the majors from a natural one: such records are left out, rather
    than given the context of the plain call, which they would contradict."""
    return any(call.qualification is not None for call in meaning.sequence.calls)


def alert_records(system: System, *, alerts_only: bool = False) -> list[Record]:
    """The records of ``system`` in the order they are written: records for any
    seat and vulnerability first, then one block per seat and vulnerability,
    the narrower after the wider."""
    unconditional: list[Record] = []
    blocks: dict[tuple[Seat, Vulnerability], list[Record]] = {}
    for meaning in system:
        record = alert_record(meaning, alerts_only=alerts_only)
        if record is None:
            continue
        if record.option is None:
            unconditional.append(record)
        else:
            blocks.setdefault((meaning.seat, meaning.vulnerability), []).append(record)
    ordered = sorted(blocks, key=lambda condition: _narrowness(*condition))  # stable: else the notes' order
    return unconditional + [record for condition in ordered for record in blocks[condition]]


def bboalert_lines(system: System, title: str | None = None, *, alerts_only: bool = False) -> Iterator[str]:
    """The lines of the file; ``title`` defaults to the system's ``#+TITLE``;
    ``alerts_only``: records only for the calls marked alertable."""
    title = html_text(_field(system.metadata.title if title is None else title))
    yield f"{HEADER},{title}" if title else HEADER
    option: str | None = None
    for record in alert_records(system, alerts_only=alerts_only):
        if record.option != option:
            if option is not None:
                yield OPTION
            if record.option is not None:
                yield f"{OPTION},{record.option}"
            option = record.option
        yield record.line
    if option is not None:
        yield OPTION


def write_bboalert(system: System, title: str | None = None, *, alerts_only: bool = False) -> str:
    """The whole BBOalert file as text, one record a line."""
    return "".join(line + "\n" for line in bboalert_lines(system, title, alerts_only=alerts_only))


# --------------------------------------------------------------------------
# Reading back


@dataclass(frozen=True)
class Button:
    """A ``Button`` record: the label, the text it puts in the chat box (after running the scripts named
    between ``%`` signs), and its style."""

    label: str
    text: str = ""
    style: str = ""


#: The first fields of BBOalert's records that are no alert.
COMMANDS = ("Script", "//Script", "Button", "Shortcut", "Import", "Javascript", "//Javascript", "Alias", "Trusted")


@dataclass
class BBOalertFile:
    """A BBOalert file as records: the header's free text, every alert in order, and the scripts,
    buttons and imports that go with them."""

    title: str = ""
    records: list[Record] = field(default_factory=list)
    #: each script's code by its name, its lines joined as BBOalert joins them
    scripts: dict[str, str] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    #: what each ``Import`` line names
    imports: list[str] = field(default_factory=list)

    @property
    def shown_title(self) -> str:
        """The header's free text as BBOalert shows it (it is HTML there)."""
        return html.unescape(self.title)


def read_bboalert(text: str) -> BBOalertFile:
    """Read the records of a BBOalert file such as :func:`write_bboalert` writes.

    As BBOalert does, a line ending with a backslash goes on on the next
    line, ``&comma;`` is a comma, lines of fewer than three fields (free
    text) are skipped, and ``Option,<name>`` and ``Option`` set the block of
    the records that follow. A ``Script,<name>`` line starts a script that
    the next ``Script`` line ends (``Script,<name>,<code>`` is a script of
    one line); ``Button``, ``Import`` and BBOalert's other commands are no
    alerts. Wildcards, tags, what scripts do and the other features BBOalert
    offers to people writing by hand are not interpreted.
    """
    lines = [line.replace(COMMA_ENTITY, ",") for _, line in numbered_lines(text)]
    lines = [line for line in lines if line]
    if not lines or lines[0].split(",")[0].strip() != HEADER:
        raise BMLError(f"this is not a BBOalert file: its first line must be '{HEADER}' or '{HEADER},<title>'")
    result = BBOalertFile(title=lines[0].partition(",")[2].strip())
    option: str | None = None
    script: list[str] | None = None  # the name and the lines of the script being read
    for line in lines[1:]:
        fields = [part.strip() for part in line.split(",")]
        if fields[0] == OPTION:
            option = fields[1] if len(fields) > 1 and fields[1] else None
        elif fields[0] in ("Script", "//Script"):
            if script is not None:
                result.scripts[script[0]] = "\n".join(script[1:])
            script = [fields[1]] if len(fields) == 2 else None
            if len(fields) > 2:
                result.scripts[fields[1]] = line.split(",", 2)[2]
        elif script is not None:
            script.append(line)
        elif fields[0] == "Button" and len(fields) > 1:
            result.buttons.append(Button(fields[1], *fields[2:4]))
        elif fields[0] == "Import" and len(fields) > 1:
            result.imports.append(",".join(fields[1:]))
        elif len(fields) >= 3 and fields[0] not in COMMANDS:
            result.records.append(Record(fields[0], fields[1], fields[2], option))
    return result


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of ``text`` as BBOalert reads them, each with its number: lines end at ``\\n``,
    ``\\r\\n`` or ``\\r`` only (a form feed or U+2028 inside an explanation is part of it), outer
    white space removed, a line ending with a backslash joined to the next (numbered as its first line)."""
    pending, start = "", 0
    for number, raw in enumerate(split_lines(text), 1):
        line = pending + raw.strip()
        if not pending:
            start = number
        if line.endswith(_CONTINUED):
            pending = line[: -len(_CONTINUED)]
            continue
        pending = ""
        yield start, line
    if pending:
        yield start, pending
