"""Parsing one bidding table: clipboard commands, rows, and the tree.

A table is a block whose rows read ``<bid> [=] <description>``; deeper
indentation answers the row above. ``#COPY``/``#CUT`` … ``#ENDCOPY``/``#ENDCUT``
put rows on the clipboard, ``#PASTE name target=replacement …`` puts them back
at the paste's indentation, ``#HIDE`` keeps the table out of HTML and PDF.

A bad row is reported and left out together with the rows under it; the rest
of the table stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .calls import Call, Strain
from .errors import BMLError, Location, Problems
from .model import ANY_VULNERABILITY, BidNode, BidTable, Description, Seat, TableCall, Vulnerability
from .reader import Line

MAX_PASTE_DEPTH = 20

_PAREN = re.compile(r"\((.*)\)")
_STEPS = re.compile(r"(\d+)\s*steps?", re.IGNORECASE)
_VARIABLE = re.compile(r"([1-7])(om|oM|m|M|[XYZxyz])")
_COLOURS = re.compile(r"([1-7])(red|black)", re.IGNORECASE)
_STRAINS = re.compile(r"([1-7])([CDHSN]{2,5})")
_ROW = re.compile(r"^(\s*)([^\s=]+)\s*(=\s*)?(.*?)\s*$")
_COMMAND = re.compile(r"^\s*#\s*([A-Za-z]+)\b\s*(.*?)\s*$")

VARIABLE_STRAINS: dict[str, tuple[Strain, ...]] = {
    "m": (Strain.CLUBS, Strain.DIAMONDS),
    "om": (Strain.CLUBS, Strain.DIAMONDS),
    "M": (Strain.HEARTS, Strain.SPADES),
    "oM": (Strain.HEARTS, Strain.SPADES),
    "X": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
    "Y": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
    "Z": (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES),
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

    Tables repeat the same few hundred calls, so the (immutable) results are cached.
    """
    ours = True
    text = token
    paren = _PAREN.fullmatch(token)
    if paren:
        ours, text = False, paren.group(1)
    if not text:
        raise BMLError(f"'{token}' is not a call")
    try:
        return TableCall(text, ours, call=Call.parse(text))
    except BMLError:
        pass
    if match := _STEPS.fullmatch(text):
        steps = int(match.group(1))
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


def parse_calls(token: str) -> tuple[tuple[TableCall, ...], bool]:
    """The calls of a row's bid, and whether it ends with ``-`` or ``;`` (a sequence to continue)."""
    continues = token.endswith(("-", ";"))
    body = token.rstrip("-;")
    if ";" in body:
        raise BMLError(f"'{token}': ';' may only end a sequence (as in 1N-2C;)")
    parts = body.split("-")
    if any(not part for part in parts):
        raise BMLError(f"'{token}' has an empty call between two dashes")
    return tuple(parse_table_call(part) for part in parts), continues


def _indentation(text: str) -> int:
    return len(text) - len(text.lstrip())


class TableParser:
    """Builds one :class:`BidTable` from the lines of a block."""

    def __init__(self, state: TableState, problems: Problems, unit: int = 2) -> None:
        self.state = state
        self.problems = problems
        self.unit = unit
        self.hidden = False

    # -- clipboard ---------------------------------------------------------

    def apply_commands(self, lines: list[Line]) -> list[Line]:
        """The table's rows with ``#COPY``/``#CUT``/``#PASTE``/``#HIDE`` carried out."""
        rows: list[Line] = []
        # open #COPY/#CUT regions: (name, is_cut, indentation, lines, location)
        open_clips: list[tuple[str, bool, int, list[Line], Location]] = []
        for line in lines:
            command = _COMMAND.match(line.text)
            word = command.group(1).upper() if command else ""
            if command and word in ("COPY", "CUT"):
                name = command.group(2).split()[0] if command.group(2) else ""
                if not name:
                    self.problems.report(f"#{word} needs a name, as in #{word} nt_defense", line.location)
                    continue
                open_clips.append((name, word == "CUT", _indentation(line.text), [], line.location))
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
            if any(is_cut for _, is_cut, *_ in open_clips):
                continue
            self._emit(line, rows, 0)
        for clip in open_clips:
            kind = "CUT" if clip[1] else "COPY"
            self.problems.report(f"#{kind} {clip[0]} has no #END{kind}; it runs to the end of the table", clip[4])
            self._store(*clip)
        return rows

    def _store(self, name: str, _cut: bool, indent: int, lines: list[Line], location: Location) -> None:
        shifted = []
        for line in lines:
            cut = min(indent, _indentation(line.text))
            shifted.append(Line(line.text[cut:], line.location))
        self.state.clipboard[name] = Clip(name, shifted, location)

    def _emit(self, line: Line, rows: list[Line], depth: int) -> None:
        command = _COMMAND.match(line.text)
        if command is None:
            rows.append(line)
            return
        word = command.group(1).upper()
        if word == "HIDE":
            self.hidden = True
        elif word == "BIDTABLE":
            pass
        elif word == "PASTE":
            self._paste(line, command.group(2), rows, depth)
        elif word == "VUL":
            self.state.set_vulnerability(command.group(2), line.location, self.problems)
        elif word == "SEAT":
            self.state.set_seat(command.group(2), line.location, self.problems)
        else:
            self.problems.report(f"#{command.group(1)} is not a BML command; the line is left out", line.location)

    def _paste(self, line: Line, arguments: str, rows: list[Line], depth: int) -> None:
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
        if depth >= MAX_PASTE_DEPTH:
            self.problems.report(f"#PASTE {name} pastes itself over and over; stopped here", line.location)
            return
        indent = line.text[: _indentation(line.text)]
        for pasted in clip.lines:
            text = pasted.text
            for target, replacement in replacements:
                text = text.replace(target, replacement)
            self._emit(Line(indent + text if text.strip() else "", pasted.location), rows, depth + 1)

    # -- rows --------------------------------------------------------------

    def parse(self, lines: list[Line], location: Location) -> BidTable | None:
        seat, vulnerability = self.state.seat, self.state.vulnerability
        rows = [line for line in self.apply_commands(lines) if line.text.strip()]
        if not rows:
            return None
        table = BidTable([], location, seat, vulnerability)
        base = _indentation(rows[0].text)
        stack: list[BidNode] = []
        last: BidNode | None = None
        last_column = -1
        skip_under = -1  # indentation of a left-out row: rows deeper than it go too
        for index, line in enumerate(rows):
            text = line.text
            indent = _indentation(text)
            if skip_under >= 0:
                if indent > skip_under:
                    continue
                skip_under = -1
            if last is not None and indent > 0 and indent == last_column:
                stripped = text.strip()
                last.description = Description((*last.description.lines, stripped))
                continue
            if text.strip() == ".":
                continue
            try:
                node, column, continues = self._row(line, index == 0)
                relative = indent - base
                if relative < 0:
                    raise BMLError("this row starts further left than the first row of its table")
                if relative % self.unit:
                    raise BMLError(f"indentation {relative} is not a multiple of {self.unit}")
                depth = relative // self.unit + (1 if table.continues else 0)
                if depth > len(stack):
                    above = stack[-1].calls[-1].notation if stack else "the first row"
                    raise BMLError(
                        f"this row is indented too far: it should be at most {self.unit} spaces deeper than {above}"
                    )
            except BMLError as error:
                self.problems.add(error.at(line.location))
                skip_under = indent
                last = None
                continue
            if index == 0:
                table.continues = continues
            del stack[depth:]
            (stack[-1].children if stack else table.rows).append(node)
            stack.append(node)
            last, last_column = node, column
        _close_descriptions(table.rows)
        table.hidden = self.hidden
        return table

    def _row(self, line: Line, first: bool) -> tuple[BidNode, int, bool]:
        match = _ROW.match(line.text)
        if match is None:
            raise BMLError(f"'{line.text.strip()}' has no bid: a row starts with the call it describes")
        token = match.group(2)
        if not first and ("-" in token or ";" in token):
            raise BMLError(f"'{token}': only the first row of a table may give a sequence to continue (as in 1N-2C;)")
        calls, continues = parse_calls(token) if first else ((parse_table_call(token),), False)
        description = match.group(4)
        column = match.start(4) if description else -1
        return BidNode(calls, Description((description,) if description else ()), line.location), column, continues


def _close_descriptions(nodes: list[BidNode]) -> None:
    """A last description line of just ``.`` stands for an empty line."""
    for node in nodes:
        lines = node.description.lines
        if len(lines) > 1 and lines[-1] == ".":
            node.description = Description((*lines[:-1], ""))
        _close_descriptions(node.children)
