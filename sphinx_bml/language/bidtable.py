"""Parsing one bidding table: clipboard commands, rows, and the tree.

A table is a block whose rows read ``<bid> [=] <description>``; deeper
indentation answers the row above. ``#COPY``/``#CUT`` … ``#ENDCOPY``/``#ENDCUT``
put rows on the clipboard, ``#PASTE name target=replacement …`` puts them back
at the paste's indentation, ``#HIDE`` keeps the table out of HTML and PDF.

A bad row is reported and left out together with the rows under it; the rest
of the table stands.

Limits keep a few lines from turning into millions (a clip pasting itself,
clips pasting each other twice over) or into a chain too deep for the rest
of the tool chain: :data:`MAX_PASTE_DEPTH`, :data:`MAX_PASTED_ROWS`,
:data:`MAX_PASTED_CHARACTERS`, :data:`MAX_TABLE_DEPTH` and :data:`MAX_STEPS`.
Each is reported once, at the line where it is reached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .calls import Call, CallKind, Strain
from .conditions import Condition, condition_opening, find_condition, parse_condition, shown
from .errors import BMLError, Location, Problems
from .model import ANY_VULNERABILITY, BidNode, BidTable, Description, Seat, TableCall, Vulnerability
from .reader import Line
from .suits import spell_suits

#: ``#PASTE`` inside pasted rows inside pasted rows …: real notes nest
#: modules two or three deep; 20 leaves room for any of them.
MAX_PASTE_DEPTH = 20
#: Rows one table may hold once its ``#PASTE`` lines are carried out. The
#: largest tables of real systems (relay systems pasting their modules) run
#: to a few thousand rows; 20,000 stays far above them, and is parsed and
#: expanded in well under a second, while clips that paste each other twice
#: over would otherwise double the table at each step.
MAX_PASTED_ROWS = 20_000
#: Characters one table may hold once pasted: 20,000 rows of 50 characters.
#: Replacements (``#PASTE name a=aa``) can grow lines rather than rows.
MAX_PASTED_CHARACTERS = 1_000_000
#: Calls in one row's auction, counting the sequence the table continues: a
#: real table runs to about 15 (long relay sequences), an auction can hardly
#: run past 40 useful calls, and 50 keeps every step that walks the tree (the
#: expansion, the writers, the Sphinx pages) far inside Python's recursion limit.
MAX_TABLE_DEPTH = 50
#: 7NT is 34 steps above 1C, so no larger step count can name a bid.
MAX_STEPS = 34

_PAREN = re.compile(r"\((.*)\)")
_STEPS = re.compile(r"(\d+)\s*steps?", re.IGNORECASE)
_VARIABLE = re.compile(r"([1-7])(om|oM|m|M|[XYZxyz])")
_COLOURS = re.compile(r"([1-7])(red|black)", re.IGNORECASE)
_STRAINS = re.compile(r"([1-7])([CDHSN]{2,5})")
_ROW = re.compile(r"^(\s*)((?:[^\s={]|\{[^}]*\})+)\s*(=\s*)?((?:.*\S)?)\s*$")
#: What an opponents' call means, in braces after it: ``(2C{Landy})``.
_DASHES_OUTSIDE_BRACES = re.compile(r"-(?![^{]*\})")
#: Between the calls of a row written for several calls at once: ``2S/3H``.
_SLASHES_OUTSIDE_BRACES = re.compile(r"/(?![^{]*\})")
_QUALIFIED = re.compile(r"(.+?)\{([^{}]*)\}")
#: A ``!`` of its own right before the meaning: the call is alertable (``2D ! Multi``).
#: bridge-markup reads it as part of the meaning; a mark stuck to the call (``2D!``) it cannot read.
ALERT_MARK = "!"
#: At the start of a line of a meaning, the mark that what follows is text as written (``1S = \! slam try``):
#: never an alert mark, a command, a row or the closing ``.``. It is dropped.
TEXT_MARK = "\\"
_ALERT = re.compile(r"!(?:\s+|$)")
#: A suit symbol at the start of a meaning (``!h 5+``, ``!s/!h``): never an alert prefix.
_LEADING_SUIT = re.compile(r"![cdhs](?![a-z])")
_COMMAND = re.compile(r"^\s*#\s*([A-Za-z]+)\b\s*((?:.*\S)?)\s*$")
#: A call written as a Markdown link, ``[1D](#1C--1D)``: no call.
_LINK = re.compile(r"\[([^\]]*)\]\(")

VARIABLE_STRAINS: dict[str, tuple[Strain, ...]] = {
    "m": (Strain.CLUBS, Strain.DIAMONDS),
    "om": (Strain.CLUBS, Strain.DIAMONDS),
    "M": (Strain.HEARTS, Strain.SPADES),
    "oM": (Strain.HEARTS, Strain.SPADES),
    "X": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
    "Y": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
    "Z": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
}
#: The variables BML 1 knew, each standing for all its suits ("m :: Defines both C and D"): where every
#: suit of one was bid, BML 2's rule leaves it none, and a row of it is read as BML 1 reads it (see
#: :mod:`.expansion`). With the words a message says it in: which of its suits were bid, what it is read as.
BML1_VARIABLES: dict[str, tuple[str, str]] = {
    "m": ("both", "both minors"),
    "M": ("both", "both majors"),
    "X": ("all four", "any suit"),
}
COLOUR_STRAINS: dict[str, tuple[Strain, ...]] = {
    "red": (Strain.DIAMONDS, Strain.HEARTS),
    "black": (Strain.CLUBS, Strain.SPADES),
}


@dataclass
class Clip:
    name: str
    lines: list[Line]
    location: Location


@dataclass
class TableState:
    """What flows from one table to the next: ``#VUL``, ``#SEAT``, the clipboard."""

    seat: Seat = Seat.ANY
    vulnerability: Vulnerability = ANY_VULNERABILITY
    clipboard: dict[str, Clip] = field(default_factory=dict)

    def set_vulnerability(self, code: str, location: Location, problems: Problems) -> None:
        try:
            self.vulnerability = Vulnerability.parse(code.split()[0] if code else "")
        except ValueError:
            problems.report(
                f"#VUL {code} is not a vulnerability: write two of Y, N and 0 (we, then they), as in #VUL Y0",
                location,
            )

    def set_seat(self, code: str, location: Location, problems: Problems) -> None:
        try:
            self.seat = Seat(code.split()[0] if code else "")
        except ValueError:
            problems.report(f"#SEAT {code} is not a seat: write 0, 1, 2, 3, 4, 12 or 34", location)


@lru_cache(maxsize=4096)
def parse_table_call(token: str) -> TableCall:
    """Read one call of a bidding table: ``1C``, ``(2NT)``, ``P``, ``2M``, ``1HS``, ``3steps``…

    A call written out may be in small letters or with a suit symbol (``1c``,
    ``1♣``, ``x``); it is kept as its capital spelling (``1C``, ``X``).
    Patterns keep their case, which tells ``m`` from ``M``.

    Several calls written out, joined by slashes (``2S/3H``, ``(1H/1S)``),
    stand for each of them, as ``3CD`` stands for 3C and 3D (:func:`_several_calls`).

    Tables repeat the same few hundred calls, so the (immutable) results are cached.
    """
    if _SLASHES_OUTSIDE_BRACES.search(token):
        return _several_calls(token)
    ours = True
    text = token
    paren = _PAREN.fullmatch(token)
    if paren:
        ours, text = False, paren.group(1)
    if not text:
        raise BMLError(f"'{token}' is not a call")
    if qualified := _QUALIFIED.fullmatch(text):
        return _qualified_call(token, ours, qualified.group(1), qualified.group(2).strip())
    text = spell_suits(text)
    try:  # a call written out, in any case: 1C, 1c, 1NT, p, x
        return TableCall(text.upper(), ours, call=Call.parse(text))
    except BMLError:
        pass
    if match := _STEPS.fullmatch(text):
        digits = match.group(1).lstrip("0") or "0"
        if len(digits) > len(str(MAX_STEPS)) or int(digits) > MAX_STEPS:
            raise BMLError(f"'{token}': no bid is that many steps above another (7NT is {MAX_STEPS} steps above 1C)")
        steps = int(digits)
        if steps < 1:
            raise BMLError(f"'{token}': a step count starts at 1step")
        return TableCall(text, ours, steps=steps)
    if match := _VARIABLE.fullmatch(text):
        name = match.group(2)
        name = name.upper() if name in "xyz" else name
        return TableCall(text, ours, level=int(match.group(1)), strains=VARIABLE_STRAINS[name], variable=name)
    if match := _COLOURS.fullmatch(text):
        colour = match.group(2).lower()
        return TableCall(text, ours, level=int(match.group(1)), strains=COLOUR_STRAINS[colour], colour=colour)
    if match := _STRAINS.fullmatch(text):
        letters = match.group(2)
        if len(set(letters)) != len(letters):
            raise BMLError(f"'{token}' names a strain twice")
        strains = tuple(Strain.from_letter(letter) for letter in letters)
        return TableCall(text, ours, level=int(match.group(1)), strains=strains)
    if re.fullmatch(r"[0-9]\w*", text) and text[0] in "089":
        raise BMLError(f"'{token}' is not a bid: the level must be 1 to 7")
    raise BMLError(
        f"'{token}' is not a call BML knows: write a call such as 1C, 2NT, P, D or R, "
        "or a pattern such as 2M, 3X, 2HS, 1red or 1step"
    )


def _several_calls(token: str) -> TableCall:
    """``2S/3H``, ``4D/4H/4S``, ``(1H/1S)`` or ``(1H)/(1S)``: one row for each call, each written out."""
    paren = _PAREN.fullmatch(token)
    if paren and not any(mark in paren.group(1) for mark in "()"):  # (1H/1S): the opponents' calls
        written = [f"({part})" for part in _SLASHES_OUTSIDE_BRACES.split(paren.group(1))]
    else:
        written = _SLASHES_OUTSIDE_BRACES.split(token)
    if any(part in ("", "()") for part in written):
        raise BMLError(f"'{token}' has an empty call before or after a slash; write the calls as in 2S/3H")
    parts: list[TableCall] = []
    for part in written:
        try:
            call = parse_table_call(part)
        except BMLError as error:
            raise BMLError(f"'{token}': {error.message}") from None
        if call.call is None:
            raise BMLError(
                f"'{token}': a row for several calls writes out each of them, as in 2S/3H; {call.notation} "
                f"is a pattern: give it a row of its own"
            )
        if any(call.call == other.call for other in parts):
            raise BMLError(f"'{token}' names {call.notation} twice; write each call once")
        parts.append(call)
    ours = parts[0].ours
    if any(part.ours != ours for part in parts):
        raise BMLError(
            f"'{token}' mixes our calls and the opponents' (in parentheses): a row for several calls is for one "
            "side's calls, as in 2S/3H or (1H/1S)"
        )
    return TableCall("/".join(part.written for part in parts), ours, parts=tuple(parts))


def _qualified_call(token: str, ours: bool, written: str, qualification: str) -> TableCall:
    """An opponents' call with what it means: ``(2C{Landy})``."""
    if ours:
        raise BMLError(
            f"'{token}': only the opponents' calls carry a meaning in braces, as in (2C{{Landy}}); "
            "write our own meanings after the call"
        )
    if not qualification:
        raise BMLError(f"'{token}': the braces are empty; write what the call means, as in (2C{{Landy}})")
    call = parse_table_call(f"({written})")
    if call.call is not None and call.call.kind is CallKind.PASS:
        raise BMLError(f"'{token}': a pass carries no meaning in braces")
    concrete = None if call.call is None else call.call.qualified(qualification)
    return replace(call, written=f"{call.written}{{{qualification}}}", call=concrete, qualification=qualification)


def parse_calls(token: str) -> tuple[tuple[TableCall, ...], bool]:
    """The calls of a row's bid, and whether it ends with ``-`` or ``;`` (a sequence to continue)."""
    continues = token.endswith(("-", ";"))
    body = token.rstrip("-;")
    if ";" in body:
        raise BMLError(f"'{token}': ';' may only end a sequence (as in 1N-2C;)")
    parts = _DASHES_OUTSIDE_BRACES.split(body)
    if any(not part for part in parts):
        raise BMLError(f"'{token}' has an empty call between two dashes")
    return tuple(parse_table_call(part) for part in parts), continues


def unreadable_sequence(line: str) -> BMLError | None:
    """What is wrong with the first word of ``line`` when it is shaped like the sequence a
    table continues (``(1♣)-(1Q)-``, ``1N-2Q;``: calls joined by dashes, ending with one or
    with ``;``, the first of them a call) but one of its calls is none; ``None`` for any
    other line (prose such as ``2-over-1 …`` or ``1♣-ish …`` included)."""
    words = line.split(None, 1)
    if not words or not _continues(words[0]):
        return None
    word = words[0]
    parts = _DASHES_OUTSIDE_BRACES.split(word.rstrip("-;"))
    try:
        parse_table_call(parts[0])
    except BMLError:
        return None
    try:
        parse_calls(word)
    except BMLError as error:
        return error
    return None


def reads_as_row(text: str) -> bool:
    """Whether ``text`` starts like a row of a table: a call as a table writes
    it (``2C``, ``(P)``, ``2M``), then its meaning."""
    word, _, rest = text.strip().partition(" ")
    word = word.rstrip("=")
    if not rest.strip() or not word:
        return False
    return _is_table_call(word)


@lru_cache(maxsize=4096)
def _is_table_call(word: str) -> bool:
    """Whether ``word`` reads as a call of a table. Kept: every line of a meaning is asked
    about its first word, most often one of the same few words of prose, which
    :func:`parse_table_call` refuses (an error is not kept by its cache)."""
    try:
        parse_table_call(word)
    except BMLError:
        return False
    return True


def opens_with_calls(line: str) -> bool:
    """Whether ``line`` starts with a row of calls in small letters or suit symbols:
    a bid (``1c``, ``1♣``, ``2nt``, ``(1♥)``) or a sequence to continue (``p-``,
    ``1♣-1♦;``). Its first word must read as calls throughout, so prose that
    merely starts with a digit (``1st seat``, ``2d round``... ``1c,``) stays prose.
    """
    words = line.split(None, 1)
    if not words:
        return False
    return _opens_with_calls(words[0].removesuffix("="))


@lru_cache(maxsize=4096)
def _opens_with_calls(token: str) -> bool:
    """:func:`opens_with_calls` of a line's first word; kept, as the first words of prose repeat."""
    try:
        calls, continues = parse_calls(token)
    except BMLError:
        return False
    first = calls[0]
    return continues or first.call is None or first.call.is_bid


def indentation_of(text: str) -> int:
    """The spaces (or other white space) before the text of a line."""
    return len(text) - len(text.lstrip())


class TableParser:
    """Builds one :class:`BidTable` from the lines of a block."""

    def __init__(
        self, state: TableState, problems: Problems, unit: int | None = None, *, alert_prefix: str | None = None
    ) -> None:
        """``unit``: ``None`` reads the rows as written (:meth:`_depth`), a number
        makes every row a whole number of that many spaces deeper than the first."""
        self.state = state
        self.alert_prefix = alert_prefix
        self.problems = problems
        self.unit = unit
        #: once parsed: the table's last row at each depth, with the column it was written at
        #: (the first row of a sequence to continue at -1: every row answers it)
        self.path: list[tuple[BidNode, int]] = []
        #: once parsed: the table's first row, once its commands are carried out
        self.first_row: Line | None = None
        self.hidden = False
        self.pasted_rows = 0
        #: set when a paste limit is reached: the rest of the table is left out
        self.stopped = False
        self.pasted_characters = 0
        self.reported: set[tuple[str, Location]] = set()

    # -- clipboard ---------------------------------------------------------

    def apply_commands(self, lines: list[Line]) -> list[Line]:
        """The table's rows with ``#COPY``/``#CUT``/``#PASTE``/``#HIDE`` carried out."""
        rows: list[Line] = []
        # open #COPY/#CUT regions: (name, is_cut, indentation, lines, location)
        open_clips: list[tuple[str, bool, int, list[Line], Location]] = []
        for line in lines:
            command = _COMMAND.match(line.text) if "#" in line.text else None  # a row is no command
            word = command.group(1).upper() if command else ""
            if command and word in ("COPY", "CUT"):
                name = command.group(2).split()[0] if command.group(2) else ""
                if not name:
                    self.problems.report(f"#{word} needs a name, as in #{word} nt_defense", line.location)
                    continue
                open_clips.append((name, word == "CUT", indentation_of(line.text), [], line.location))
                continue
            if command and word in ("ENDCOPY", "ENDCUT"):
                wanted = word == "ENDCUT"
                for index in range(len(open_clips) - 1, -1, -1):
                    if open_clips[index][1] == wanted:
                        self._store(*open_clips.pop(index))
                        break
                else:
                    self.problems.report(f"#{word} without a #{word[3:]} before it", line.location)
                continue
            for clip in open_clips:
                clip[3].append(line)
            if open_clips and any(is_cut for _, is_cut, *_ in open_clips):
                continue
            self._emit(line, rows)
        for clip in open_clips:
            kind = "CUT" if clip[1] else "COPY"
            self.problems.report(f"#{kind} {clip[0]} has no #END{kind}; it runs to the end of the table", clip[4])
            self._store(*clip)
        return rows

    def _store(self, name: str, _cut: bool, indent: int, lines: list[Line], location: Location) -> None:
        shifted = []
        for line in lines:
            cut = min(indent, indentation_of(line.text))
            shifted.append(Line(line.text[cut:], line.location))
        self.state.clipboard[name] = Clip(name, shifted, location)

    def _emit(
        self, line: Line, rows: list[Line], pasting: tuple[str, ...] = (), origin: Location | None = None
    ) -> None:
        """Add ``line`` to ``rows``, or carry out its command.

        ``pasting`` names the clips being pasted around it, ``origin`` is the
        ``#PASTE`` line at the top of them (where a limit is reported).
        """
        if self.stopped:
            return
        command = _COMMAND.match(line.text) if "#" in line.text else None
        if command is None:
            rows.append(line)
            return
        word = command.group(1).upper()
        if word == "HIDE":
            self.hidden = True
        elif word == "BIDTABLE":
            pass
        elif word == "PASTE":
            self._paste(line, command.group(2), rows, pasting, origin or line.location)
        elif word == "VUL":
            self.state.set_vulnerability(command.group(2), line.location, self.problems)
        elif word == "SEAT":
            self.state.set_seat(command.group(2), line.location, self.problems)
        else:
            self.problems.report(f"#{command.group(1)} is not a BML command; the line is left out", line.location)

    def _room_for(self, text: str, origin: Location) -> bool:
        """Whether a paste may add the line ``text`` (a row or a command) to the table;
        reports the limit once when it may not."""
        if self.stopped:
            return False
        self.pasted_rows += 1
        self.pasted_characters += len(text)
        if self.pasted_rows <= MAX_PASTED_ROWS and self.pasted_characters <= MAX_PASTED_CHARACTERS:
            return True
        self.stopped = True
        self.problems.report(
            f"this #PASTE makes the table longer than {MAX_PASTED_ROWS:,} lines or {MAX_PASTED_CHARACTERS:,} "
            "characters (do pasted rows paste the same rows again, twice over?); the rest of the table is left out",
            origin,
        )
        return False

    def _report_once(self, message: str, location: Location) -> None:
        if (message, location) not in self.reported:
            self.reported.add((message, location))
            self.problems.report(message, location)

    def _paste(self, line: Line, arguments: str, rows: list[Line], pasting: tuple[str, ...], origin: Location) -> None:
        words = arguments.split()
        if not words:
            self.problems.report("#PASTE needs the name of a #COPY or #CUT", line.location)
            return
        name, replacements = words[0], []
        for word in words[1:]:
            target, equals, replacement = word.partition("=")
            if not equals or not target:
                self.problems.report(
                    f"#PASTE {name}: '{word}' is not a replacement; write target=replacement", line.location
                )
                return
            replacements.append((target, replacement))
        clip = self.state.clipboard.get(name)
        if clip is None:
            self.problems.report(f"#PASTE of '{name}' before any #COPY or #CUT named '{name}'", line.location)
            return
        if name in pasting:
            chain = " -> ".join((*pasting[pasting.index(name) :], name))
            self._report_once(
                f"#PASTE {name} is inside the rows of {name} itself ({chain}), so it would paste them "
                "over and over; it is left out",
                line.location,
            )
            return
        if len(pasting) >= MAX_PASTE_DEPTH:
            self.stopped = True
            self.problems.report(
                f"#PASTE {name} is pasted inside {MAX_PASTE_DEPTH} other pastes (do pasted rows paste the same "
                "rows again?); the rest of the table is left out",
                line.location,
            )
            return
        indent = line.text[: indentation_of(line.text)]
        for pasted in clip.lines:
            text = pasted.text
            for target, replacement in replacements:
                text = text.replace(target, replacement)
                if len(text) > MAX_PASTED_CHARACTERS:
                    break
            if not self._room_for(text, origin):
                return
            self._emit(Line(indent + text if text.strip() else "", pasted.location), rows, (*pasting, name), origin)

    # -- rows --------------------------------------------------------------

    def parse(self, lines: list[Line], location: Location) -> BidTable | None:
        seat, vulnerability = self.state.seat, self.state.vulnerability
        rows = [line for line in self.apply_commands(lines) if line.text.strip()]
        if not rows:
            return None
        table = BidTable([], location, seat, vulnerability)
        self.first_row = rows[0]
        base = indentation_of(rows[0].text)
        stack: list[BidNode] = []
        columns: list[int] = []  # where each row of ``stack`` was written
        last: BidNode | None = None
        last_column = last_indent = -1
        skip_under = -1  # indentation of a left-out row: rows deeper than it go too
        too_deep_reported = False
        for index, line in enumerate(rows):
            text = line.text
            indent = indentation_of(text)
            if skip_under >= 0:
                if indent > skip_under:
                    continue
                skip_under = -1
            if last is not None and indent > 0 and indent == last_column:
                self._warn_if_answer(line, last, last_indent)
                words = self._take_condition(last, text.strip(), line.location)
                if words or not find_condition(text)[1]:
                    last.description = Description((*last.description.lines, words))
                continue
            if text.strip() == ".":
                continue
            if table.continues and len(stack) == 1 and not stack[0].children and indent > base:
                base = indent  # the answers to 1N-2C; may be indented below it
            try:
                node, column, continues = self._row(line, index == 0)
                if index == 0:
                    table.continues = continues
                depth = self._depth(indent, base, node, stack, columns, table.continues)
                calls = len(node.calls) if depth == 0 else len(stack[0].calls) + depth
                if calls > MAX_TABLE_DEPTH:
                    skip_under = indent
                    if not too_deep_reported:
                        too_deep_reported = True
                        raise BMLError(
                            f"the row {_notation(node)} is {calls} calls deep; rows deeper than {MAX_TABLE_DEPTH} "
                            "calls are left out (no real auction needs them)"
                        )
                    continue
            except BMLError as error:
                if index == 0 and _continues(text):  # every row answers the sequence: none can stand
                    error.message += "; the rows of this table answer that sequence, so the whole table is left out"
                    self.problems.add(error.at(line.location))
                    break
                self.problems.add(error.at(line.location))
                skip_under = indent
                last = None
                continue
            del stack[depth:], columns[depth:]
            (stack[-1].children if stack else table.rows).append(node)
            stack.append(node)
            columns.append(-1 if index == 0 and table.continues else indent)
            last, last_column, last_indent = node, column, indent
        _close_descriptions(table.rows)
        table.hidden = self.hidden
        self.path = list(zip(stack, columns, strict=True))
        return table

    def _depth(
        self, indent: int, base: int, node: BidNode, stack: list[BidNode], columns: list[int], continues: bool
    ) -> int:
        """How deep ``node``, written at column ``indent``, answers: the number of rows above it on its path.

        As written (no unit): a row deeper than the row above answers it, by
        any number of spaces (BML 1 notes use 3 or 4); a row that is not must
        line up with one of the rows above it on the path, and is another
        answer to what that row answers. With a unit, every row is a whole
        number of units deeper than the first, and at most one unit deeper
        than the row above.
        """
        relative = indent - base
        if relative < 0:
            first = f"the first answer to {_notation(stack[0])}" if continues and stack else "the first row"
            raise BMLError(f"the row {_notation(node)} starts further left than {first} of its table")
        top = 1 if continues and stack else 0  # the depth of the rows at the table's first column
        if self.unit is not None:
            return self._strict_depth(relative, node, stack, top)
        if relative == 0 or not stack:
            return top
        for depth in range(len(stack) - 1, top - 1, -1):
            if columns[depth] == indent:
                return depth
            if columns[depth] < indent:
                if depth == len(stack) - 1:
                    return depth + 1
                raise BMLError(_between(node, stack, columns, depth, indent))
        return top  # only when the first answer to a sequence to continue was left out (its rows go too)

    def _strict_depth(self, relative: int, node: BidNode, stack: list[BidNode], top: int) -> int:
        """The depth of a row ``relative`` spaces deeper than the first, with the unit of ``bml_indentation``."""
        unit = self.unit or 1
        setting = "bml_indentation (or the directive's :indentation:)"
        if relative % unit:
            raise BMLError(
                f"the row {_notation(node)}: indentation {relative} is not a multiple of {unit}, "
                f"the number of spaces a level that {setting} asks for; leave {setting} out to read rows as "
                "written, any number of spaces deeper answering the row above"
            )
        depth = relative // unit + top
        if depth > len(stack):
            above = _notation(stack[-1]) if stack else "the first row"
            raise BMLError(
                f"the row {_notation(node)} is indented too far: it should be at most {unit} spaces "
                f"deeper than {above}, as {setting} asks; leave {setting} out to read rows as written, "
                "any number of spaces deeper answering the row above"
            )
        return depth

    def _warn_if_answer(self, line: Line, above: BidNode, above_indent: int) -> None:
        """A line read as more of the meaning above, which starts like a row: say so."""
        if not reads_as_row(line.text):
            return
        word = line.text.split(None, 1)[0].rstrip("=")
        if self.unit is not None:
            indent = f"indent it {above_indent + self.unit} spaces ({self.unit} more than {_notation(above)})"
        else:
            meaning = indentation_of(line.text)
            deeper = above_indent + 2 if above_indent + 2 != meaning else above_indent + 1
            spaces = f"{deeper} space{'' if deeper == 1 else 's'}"
            indent = (
                f"indent it {spaces}: any number of spaces deeper than {_notation(above)} answers it, "
                "but not where its meaning starts"
            )
        self.problems.report(
            f"'{line.text.strip()}' starts where the meaning of {_notation(above)} starts, so it is read as "
            f"more of that meaning; if {word} answers {_notation(above)}, {indent}",
            line.location,
        )

    def _row(self, line: Line, first: bool) -> tuple[BidNode, int, bool]:
        match = _ROW.match(line.text)
        if match is None:
            raise BMLError(f"'{line.text.strip()}' has no bid: a row starts with the call it describes")
        token = match.group(2)
        if link := _LINK.match(token):
            row = f"{link.group(1)} {match.group(4)}".strip()
            raise BMLError(
                f"'{token}' is a link, not a call: a row starts with the call itself, as in '{row}', and a link "
                "goes in the meaning (:bml:seq:`1N-2C` links to the row of 1N-2C); the row is left out, with the "
                "rows under it"
            )
        if not first and ("-" in token or ";" in token):
            raise BMLError(f"'{token}': only the first row of a table may give a sequence to continue (as in 1N-2C;)")
        stuck = len(token) > 1 and token.endswith(ALERT_MARK) and not token.rstrip(ALERT_MARK).endswith(("-", ";"))
        if stuck:
            token = token.rstrip(ALERT_MARK)
            example = f"{token} ! {match.group(4)}".strip()
            self.problems.report(
                f"'{token}{ALERT_MARK}': bridge-markup cannot read an alert mark stuck to the call; write it "
                f"on its own before the meaning, as in '{example}' (the call is read as alertable)",
                line.location,
            )
        calls, continues = parse_calls(token) if first else ((parse_table_call(token),), False)
        column = match.start(4) if match.group(4) else -1
        alert, description = split_alert(match.group(4), self.alert_prefix)
        node = BidNode(calls, Description(), line.location, alert=alert or stuck)
        if description:
            words = self._take_condition(node, description, line.location)
            node.description = Description((words,) if words else ())
        return node, column, continues

    def _take_condition(self, node: BidNode, text: str, location: Location) -> str:
        """``text`` without the ``{{ condition }}`` that ends it; the condition goes to ``node``
        (a second one on the same row must hold too). A bad condition is reported and left out."""
        words, written = find_condition(text)
        if written is None:
            self._warn_if_condition_in_text(text, location)
            return words
        try:
            condition = parse_condition(written, location)
        except BMLError as error:
            self.problems.add(error)
            return words
        node.condition = condition if node.condition is None else _both(node.condition, condition)
        return words

    def _warn_if_condition_in_text(self, text: str, location: Location) -> None:
        """A ``{{`` that opens no condition (not closed, or not at the end of the meaning) is
        most likely a typo: said, and the text kept as written, shown in the meaning."""
        opened = condition_opening(text)
        if opened < 0:
            return
        written = text[opened:]
        if "}}" not in written:
            why = f"the hand condition '{shown(written)}' has no closing }}}}"
        else:
            why = f"a hand condition must end the meaning, and '{shown(written)}' goes on after its }}}}"
        self.problems.report(f"{why}: it is kept as words of the meaning, and no hand is checked against it", location)


def _both(first: Condition, second: Condition) -> Condition:
    """Two conditions on one row: both must hold."""
    return parse_condition(f"({first.source}) and ({second.source})", first.location)


def split_alert(meaning: str, prefix: str | None = None) -> tuple[bool, str]:
    """Whether the meaning as written marks its call alertable, and the meaning without the mark.

    The mark is a ``!`` of its own before the meaning (``2D ! Multi``); with
    ``prefix`` (the ``bml_alert_prefix`` setting, such as ``"!"``) a meaning
    that starts with it is marked too, and the prefix leaves the text
    (``2D  !Multi``, ``1C  !STR F``), unless it starts with a suit symbol
    (``!h 5+ cards``). A meaning that starts with :data:`TEXT_MARK` (``\\! slam try``)
    has no mark: the text mark is dropped when the table is closed.
    """
    if match := _ALERT.match(meaning):
        return True, meaning[match.end() :]
    if prefix and meaning.startswith(prefix) and not _LEADING_SUIT.match(meaning):
        return True, meaning[len(prefix) :].lstrip()
    return False, meaning


def _continues(text: str) -> bool:
    """Whether the row ``text`` gives a sequence to continue (``1N-2C;``, ``(1C)-(1Q)-``), read or not."""
    word = text.split(None, 1)[0] if text.strip() else ""
    return word.endswith(("-", ";"))


def _notation(node: BidNode) -> str:
    return "-".join(call.notation for call in node.calls)


def sequence_of(path: list[BidNode]) -> str:
    """The sequence of the last row of ``path``, from the table's first row: ``1C-1D-1H``."""
    return "-".join(_notation(node) for node in path)


def _between(node: BidNode, stack: list[BidNode], columns: list[int], depth: int, indent: int) -> str:
    """What to say of ``node``, written at ``indent`` between the columns of two rows of its path,
    ``stack[depth]`` (left of it) and ``stack[depth + 1]`` (right of it)."""
    left, right = sequence_of(stack[: depth + 1]), sequence_of(stack[: depth + 2])
    answers_left = f"if it answers {left}"
    if depth > 0:
        answers_above = f"if it answers {sequence_of(stack[:depth])}"
    else:
        answers_above = "if it is a row of its own, not an answer"
    return (
        f"the row {_notation(node)} lines up with no row above it: it is {indent - columns[depth]} spaces deeper "
        f"than {left} and {columns[depth + 1] - indent} less deep than {right}, so which row it answers cannot "
        f"be told; line it up with {right} {answers_left}, or with {left} {answers_above}; "
        "it is left out, with the rows under it"
    )


def _close_descriptions(nodes: list[BidNode]) -> None:
    """A last description line of just ``.`` stands for an empty line; a line that
    starts with :data:`TEXT_MARK` is the text after it."""
    for node in nodes:
        lines = node.description.lines
        if len(lines) > 1 and lines[-1] == ".":
            lines = (*lines[:-1], "")
        if lines != node.description.lines or any(line.startswith(TEXT_MARK) for line in lines):
            node.description = Description(tuple(line.removeprefix(TEXT_MARK) for line in lines))
        _close_descriptions(node.children)
