"""Read a BSS file (Bridge Base Online Full Disclosure) into a typed model.

A BSS file is a series of one-line records, in this order (see "BSS Syntax"
in the BML reference README)::

    *00{System name}=NYYYYYYSummary          the header (``?`` for a floating convention)
    $Stock card                              at most one stock convention card
    001C=NYYYYYY0082+!c, natural             bidding sequences (``*`` first: they open)
    +Convention file                         convention records
    %<22 leads vs NT><18 vs suits><18 signals>Other agreements   at most one, last

Blank lines are ignored. A record that does not follow the syntax is a
:class:`~sphinx_bml.language.errors.BMLError` located at its file and line:
:func:`read_bss` raises the first one, or, with ``skip_invalid``, leaves the
line out, notes the problem in :attr:`BssFile.problems` and reads on.

Some programs (Wbridge5's exports among them) leave out the disposition
code of a sequence ending in a call that promises no suit length, so that
the description comes right after the outcomes: ``=NYYYYYN0 keys.``,
``=NYYYYYNEven number of keys.``. Where a space or a lower-case letter
stands where the disposition should be, or follows a disposition letter
(``Ev``), or a space and a lower-case letter follow a disposition digit
(``0 k``), the record is read with the whole text as its description, no
agreement on the disposition and no suit length, and
:attr:`BssFile.warnings` says so.

BML 1's ``bml2bss`` (and other programs) write no disposition code at all
in a record that ends in a pass, a double or a redouble:
``*001N2CDP=NYYYYYY5+!c, to play``. Whether a file does so is told by the
file as a whole, never by the first character of one meaning: it does when
one of those records cannot hold a code (nothing after the outcomes, or a
character that is no code: ``=NYYYYYYStrength``), or when every bid of the
file has the code ``0`` (none) and one of those records would have another
(``5`` above: a writer that gives its bids no disposition gives none to a
pass). Then every record of the file that ends in a pass, a double or a
redouble is read with all its text after the outcomes as its description,
and one warning, at the record that shows it, says so.

:func:`decode_bss` reads the bytes of a file: UTF-8, UTF-16 (little or big
endian, with its byte order mark, or without one when every other byte is
zero) and, failing UTF-8, Windows-1252.
"""

from __future__ import annotations

import codecs
import enum
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..language.bidtable import MAX_TABLE_DEPTH
from ..language.calls import Call, CallKind, Sequence, Strain
from ..language.errors import BMLError, Location, Problems
from ..language.model import Description, Seat, Vulnerability
from ..language.reader import split_lines
from .bss_codes import SEATS_BY_DIGIT, VULNERABILITIES_BY_DIGIT

# --------------------------------------------------------------------------
# The model


class FileType(enum.Enum):
    """The first character of the header record."""

    CONVENTION_CARD = "*"  # a convention card or convention definition
    FLOATING = "?"  # a floating convention definition


class Disposition(enum.Enum):
    """What the last call of a sequence asks of partner (the ``J`` code)."""

    NO_AGREEMENT = "0"
    SIGNOFF = "1"
    NON_FORCING = "2"
    CONSTRUCTIVE = "3"
    INVITATIONAL = "4"
    FORCING = "5"
    GAME_FORCING = "6"
    SLAM_TRY = "7"
    CONTROL_BID = "8"
    PREEMPTIVE = "9"
    TRANSFER = "A"
    PUPPET = "B"
    RELAY = "C"
    ASKING = "D"
    ASKING_RESPONSE = "E"


@dataclass(frozen=True)
class Outcomes:
    """The strains still possible after the last call (the ``DEFGHI`` codes)."""

    clubs: bool = True
    diamonds: bool = True
    hearts: bool = True
    spades: bool = True
    notrump: bool = True
    defend: bool = True

    @classmethod
    def parse(cls, code: str) -> Outcomes:
        return cls(*(letter == "Y" for letter in code))

    @property
    def code(self) -> str:
        flags = (self.clubs, self.diamonds, self.hearts, self.spades, self.notrump, self.defend)
        return "".join("Y" if flag else "N" for flag in flags)


#: The maximum suit length that stands for "any length".
ANY_LENGTH = 8


@dataclass(frozen=True)
class SequenceRecord:
    """One bidding-sequence record.

    ``qualifications`` has one entry per call: the ``{...}`` text written
    right after that call, or ``None``. ``lengths`` is the promised suit
    length (minimum, maximum; a maximum of 8 means any), given only after a
    suit bid.
    """

    we_open: bool
    seat: Seat
    vulnerability: Vulnerability
    calls: tuple[Call, ...]
    qualifications: tuple[str | None, ...]
    artificial: bool
    outcomes: Outcomes
    disposition: Disposition
    lengths: tuple[int, int] | None
    description: Description
    line: int
    #: the record has no disposition code: its text was read as the description
    disposition_missing: bool = False

    @property
    def sequence(self) -> Sequence:
        return Sequence(self.calls, self.we_open)


@dataclass(frozen=True)
class FileRecord:
    """A stock convention card (``$``) or convention (``+``) record: a file name."""

    name: str
    line: int


@dataclass(frozen=True)
class DefensiveCarding:
    """The defensive carding record (``%``): codes for leads and signals, and free text."""

    leads_vs_notrump: str  # 22 characters
    leads_vs_suits: str  # 18 characters
    signals: str  # 18 letters A to K
    text: str
    line: int


@dataclass
class BssFile:
    """A whole BSS file. ``name`` is the file name used in messages."""

    name: str
    file_type: FileType = FileType.CONVENTION_CARD
    system_name: str = ""
    summary: str = ""
    stock_card: FileRecord | None = None
    sequences: list[SequenceRecord] = field(default_factory=list)
    conventions: list[FileRecord] = field(default_factory=list)
    carding: DefensiveCarding | None = None
    #: malformed records, left out
    problems: Problems = field(default_factory=Problems)
    #: records read with a guess (a missing disposition code)
    warnings: Problems = field(default_factory=Problems)


# --------------------------------------------------------------------------
# Reading

HEADER_EXAMPLE = "*00{System name}=NYYYYYY followed by the summary"
SEQUENCE_CODES_EXAMPLE = "=NYYYYYY0"

_HEADER = re.compile(r"([*?])00(?:\{(?P<name>[^}]*)\})?=[YN]{7}(?P<summary>.*)")
_FILE_RECORD = re.compile(r"[$+]\s*((?:.*\S)?)\s*")
_CARDING = re.compile(r"%\s*(\S{22})\s*(\S{18})\s*([A-K]{18})(.*)")
_DISPOSITIONS = {d.value: d for d in Disposition}
_STRAINS = "CDHSN"
_LENGTH_DIGITS = "012345678"


class _Stage(enum.IntEnum):
    """The kind of the last record read, in the file's fixed order of records."""

    START = 0
    HEADER = 1
    STOCK_CARD = 2
    SEQUENCES = 3
    CONVENTIONS = 4
    CARDING = 5


_STAGE_WORDS = {
    _Stage.HEADER: "the header",
    _Stage.STOCK_CARD: "the stock convention card record ($)",
    _Stage.SEQUENCES: "a bidding sequence",
    _Stage.CONVENTIONS: "a convention record (+)",
    _Stage.CARDING: "the defensive carding record (%)",
}
_ORDER = (
    "the records must come in this order: header, stock convention card ($), bidding sequences, "
    "conventions (+), defensive carding (%)"
)


class BssReader:
    """Reads the records of one BSS file, in order, into a :class:`BssFile`."""

    def __init__(self, name: str, *, skip_invalid: bool = False) -> None:
        self.bss = BssFile(name)
        self.skip_invalid = skip_invalid
        self.stage = _Stage.START
        #: where the file shows that it writes no disposition code after a pass, double or redouble
        self.without: _Shown | None = None

    def read(self, text: str) -> BssFile:
        """Read the records of ``text``: lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only."""
        lines = [(number, line.strip()) for number, line in enumerate(split_lines(text.removeprefix("\ufeff")), 1)]
        lines = [(number, line) for number, line in lines if line]
        self.without = _without_disposition_after_passes(lines[1:])
        for number, line in lines:
            try:
                self.record(line, number)
            except BMLError as error:
                error.at(Location(self.bss.name, number))
                if not self.skip_invalid:
                    raise
                self.bss.problems.add(error)
        if self.without is not None:
            self._say_without(self.without)
        return self.bss

    def _say_without(self, shown: _Shown) -> None:
        read = [record for record in self.bss.sequences if not record.calls[-1].is_bid]
        example = next((record for record in read if record.description.text[:1] in _DISPOSITIONS), None)
        such = f", such as '{example.description.text}' (line {example.line})" if example is not None else ""
        self.bss.warnings.report(
            f"this file writes no disposition code in a record that ends in a pass, a double or a redouble "
            f"(as BML 1's bml2bss does): after the six Y or N of the outcomes this record has {shown.what}. "
            f"So each of its {len(read)} such records is read with all its text after the outcomes as its "
            f"meaning{such}. If they do have a disposition code, write one in each of them (0 for none)",
            Location(self.bss.name, shown.line),
        )

    def record(self, line: str, number: int) -> None:
        """Read one record (a line without its line break and outer white space)."""
        if self.stage is _Stage.START:
            self.stage = _Stage.HEADER  # a bad header is left out: the file is read without one
            self._header(line)
            return
        first = line[0]
        if _looks_like_header(line):
            raise BMLError(
                "a second header record: a BSS file has one header (such as *00{System name}=NYYYYYY), "
                "as its first line"
            )
        if first == "$":
            self._advance(_Stage.STOCK_CARD)
            self.bss.stock_card = FileRecord(_file_name(line, "stock convention card"), number)
        elif first == "+":
            self._advance(_Stage.CONVENTIONS)
            self.bss.conventions.append(FileRecord(_file_name(line, "convention"), number))
        elif first == "%":
            self._advance(_Stage.CARDING)
            self.bss.carding = _carding(line, number)
        elif first == "*" or first.isdigit():
            self._advance(_Stage.SEQUENCES)
            sequence = parse_sequence_record(line, number, after_passes=self.without is None)
            self.bss.sequences.append(sequence)
            if sequence.disposition_missing and (self.without is None or sequence.calls[-1].is_bid):
                self.bss.warnings.report(
                    f"this record has no disposition code after the six Y or N of the outcomes; "
                    f"'{sequence.description.text}' is read as its description",
                    Location(self.bss.name, number),
                )
        else:
            raise BMLError(
                "this line is not a BSS record: after the header each line must be a bidding sequence "
                "(such as 001C=NYYYYYY0082+ clubs), a stock convention card ($), a convention (+) "
                "or the defensive carding (%)"
            )

    def _advance(self, stage: _Stage) -> None:
        """Move on to a record of kind ``stage``, or say why it may not come here."""
        last = self.stage
        if stage is _Stage.STOCK_CARD and last is _Stage.STOCK_CARD:
            raise BMLError("a second stock convention card record ($): a BSS file may have only one")
        if last is _Stage.CARDING:
            if stage is _Stage.CARDING:
                raise BMLError("a second defensive carding record (%): a BSS file may have only one")
            raise BMLError(f"{_STAGE_WORDS[stage]} after the defensive carding record (%), which must be the last")
        if stage is _Stage.STOCK_CARD and last is not _Stage.HEADER:
            raise BMLError(f"the stock convention card record ($) must come right after the header; {_ORDER}")
        if stage < last:
            raise BMLError(f"{_STAGE_WORDS[stage]} after {_STAGE_WORDS[last]}: {_ORDER}")
        self.stage = stage

    def _header(self, line: str) -> None:
        match = _HEADER.fullmatch(line)
        if match is None:
            if line[:1] in "*?" and line[1:4] == "00{" and "}" not in line:
                raise BMLError("the header's system name has no closing '}'")
            raise BMLError(f"the first record is not a BSS header: it must read {HEADER_EXAMPLE}")
        self.bss.file_type = FileType(match.group(1))
        self.bss.system_name = (match.group("name") or "").strip()
        self.bss.summary = match.group("summary").strip()


def _looks_like_header(line: str) -> bool:
    return line[:1] in "*?" and line[1:3] == "00" and line[3:4] in ("{", "=")


def _file_name(line: str, what: str) -> str:
    match = _FILE_RECORD.fullmatch(line)
    assert match is not None  # the pattern accepts any text after the marker
    if not match.group(1):
        raise BMLError(f"the {what} record ({line[0]}) needs a file name after '{line[0]}'")
    return match.group(1)


def _carding(line: str, number: int) -> DefensiveCarding:
    match = _CARDING.fullmatch(line)
    if match is None:
        raise BMLError(
            "this is not a defensive carding record: after '%' come 22 characters for the leads against "
            "notrump, 18 for the leads against suits and 18 letters A to K for the signals"
        )
    return DefensiveCarding(match.group(1), match.group(2), match.group(3), match.group(4).strip(), number)


# -- bidding sequences ------------------------------------------------------


def parse_sequence_record(line: str, number: int = 0, *, after_passes: bool = True) -> SequenceRecord:
    """Read one bidding-sequence record such as ``*001N2C=NYYYYYY008At least 5-4 majors``.

    ``after_passes``: whether a record that ends in a pass, a double or a redouble has a
    disposition code (see the module's notes); without one, its text after the outcomes is its
    description."""
    we_open = not line.startswith("*")
    body = line if we_open else line[1:]
    if len(body) < 2:
        raise BMLError("this bidding sequence ends too early: it needs a seat, a vulnerability and calls")
    seat = SEATS_BY_DIGIT.get(body[0])
    if seat is None:
        raise BMLError(
            f"a bidding sequence starts with the seat, a digit 0 to 6 (0 any seat, 1 to 4, "
            f"5 first or second, 6 third or fourth), not '{body[0]}'"
        )
    vulnerability = VULNERABILITIES_BY_DIGIT.get(body[1])
    if vulnerability is None:
        raise BMLError(
            f"after the seat comes the vulnerability, a digit 0 to 8 (0 any, 1 none, 2 only we, "
            f"3 only they, 4 both, 5 we not, 6 we, 7 they not, 8 they), not '{body[1]}'"
        )
    end = _end_of_calls(body, 2)
    calls, qualifications = parse_calls(body[2:end])
    # what an opponents' call means is part of the call (another sequence); ours have no place in BML
    calls = tuple(
        call if ours else call.qualified(qualification)
        for call, qualification, ours in zip(calls, qualifications, _sides(we_open, len(calls)), strict=True)
    )
    codes = body[end + 1 :]
    last = calls[-1]
    suit_bid = last.is_bid and last.strain is not Strain.NOTRUMP
    missing = _disposition_missing(codes[7:]) or (not after_passes and not last.is_bid and len(codes) >= 7)
    artificial, outcomes, disposition, rest = _codes(codes[:7] + Disposition.NO_AGREEMENT.value if missing else codes)
    lengths = None
    if missing:
        rest = codes[7:].lstrip()
    elif suit_bid:
        lengths, rest = _lengths(rest, last, codes[7:8])
    return SequenceRecord(
        we_open,
        seat,
        vulnerability,
        calls,
        qualifications,
        artificial,
        outcomes,
        disposition,
        lengths,
        description_of(rest),
        number,
        missing,
    )


_DESCRIPTION_ESCAPE = re.compile(r"\\\\|\\n")


def description_of(text: str) -> Description:
    """The description at the end of a record: lines joined by ``\\n``, ``\\\\`` a backslash."""
    if not text:
        return Description()
    lines = [""]
    position = 0
    for escape in _DESCRIPTION_ESCAPE.finditer(text):
        lines[-1] += text[position : escape.start()]
        if escape.group() == "\\n":
            lines.append("")
        else:
            lines[-1] += "\\"
        position = escape.end()
    lines[-1] += text[position:]
    return Description(tuple(lines))


def _end_of_calls(body: str, start: int) -> int:
    """Where the ``=`` after the calls is (an ``=`` inside ``{...}`` does not count)."""
    depth = 0
    for index in range(start, len(body)):
        character = body[index]
        if character == "{":
            depth += 1
        elif character == "}":
            depth = max(depth - 1, 0)
        elif character == "=" and depth == 0:
            return index
    raise BMLError(
        f"this bidding sequence has no '=' after its calls (it should read like 001C{SEQUENCE_CODES_EXAMPLE})"
    )


def _sides(we_open: bool, count: int) -> list[bool]:
    """Whether each call of a sequence is ours."""
    return [(position % 2 == 0) == we_open for position in range(count)]


def parse_calls(text: str) -> tuple[tuple[Call, ...], tuple[str | None, ...]]:
    """The calls of a BSS sequence, run together (``1N2CD``), and each call's qualification."""
    calls: list[Call] = []
    qualifications: list[str | None] = []
    last_bid: Call | None = None
    index = 0
    while index < len(text):
        character = text[index]
        if character == "{":
            close = text.find("}", index)
            if close < 0:
                raise BMLError(f"the qualification '{text[index:]}' has no closing '}}'")
            if not calls:
                raise BMLError(f"the qualification '{text[index : close + 1]}' comes before any call")
            if qualifications[-1] is not None:
                raise BMLError(f"{calls[-1]} has two qualifications; only one may follow a call")
            qualifications[-1] = text[index + 1 : close]
            index = close + 1
            continue
        if len(calls) == MAX_TABLE_DEPTH:
            raise BMLError(
                f"this bidding sequence runs to more than {MAX_TABLE_DEPTH} calls; BML keeps auctions of at most "
                f"{MAX_TABLE_DEPTH} calls (no real auction needs more)"
            )
        call, index = _call(text, index)
        if call.is_bid:
            if last_bid is not None and call <= last_bid:
                raise BMLError(f"{call} after {last_bid} is not a sufficient bid")
            last_bid = call
        calls.append(call)
        qualifications.append(None)
    if not calls:
        raise BMLError("this bidding sequence has no calls before '=': write bids such as 1C or 3N, or P, D, R")
    return tuple(calls), tuple(qualifications)


def _call(text: str, index: int) -> tuple[Call, int]:
    character = text[index]
    if character in "PDR":
        kind = {"P": CallKind.PASS, "D": CallKind.DOUBLE, "R": CallKind.REDOUBLE}[character]
        return Call(kind), index + 1
    if character.isdigit():
        strain = text[index + 1 : index + 2]
        if strain and strain in _STRAINS:
            if character in "1234567":
                return Call.bid(int(character), Strain(strain)), index + 2
            raise BMLError(f"'{character}{strain}' is not a bid: the level must be 1 to 7")
        raise BMLError(
            f"'{text[index : index + 2]}' is not a bid: a bid is a level 1 to 7 and a strain C, D, H, S or N (notrump)"
        )
    raise BMLError(
        f"'{character}' is not a call: the calls before '=' must be bids such as 1C or 3N, or P, D and R "
        "for pass, double and redouble"
    )


@dataclass(frozen=True)
class _Shown:
    """Where a file shows that it writes no disposition code after a pass, double or redouble."""

    line: int
    #: what stands after the outcomes there, in words
    what: str


def _without_disposition_after_passes(lines: list[tuple[int, str]]) -> _Shown | None:
    """Where the sequence records of ``lines`` show that those ending in a pass, a double or a
    redouble have no disposition code; ``None``: they have one (see the module's notes)."""
    bid_codes: set[str] = set()
    other_code: tuple[int, str] | None = None
    for number, line in lines:
        found = _last_call_and_rest(line)
        if found is None:
            continue
        last, rest = found
        if last.is_bid:
            bid_codes.add(rest[:1])
            continue
        if not rest:
            return _Shown(number, "nothing")
        if rest[0] not in _DISPOSITIONS or _disposition_missing(rest):
            return _Shown(number, f"'{rest}', which starts with no disposition code")
        if rest[0] != Disposition.NO_AGREEMENT.value and other_code is None:
            other_code = (number, rest)
    if other_code is not None and bid_codes == {Disposition.NO_AGREEMENT.value}:
        number, rest = other_code
        return _Shown(number, f"'{rest}', where every bid of the file has the disposition code 0 (none)")
    return None


def _last_call_and_rest(line: str) -> tuple[Call, str] | None:
    """The last call of a sequence record and its text after the outcomes; ``None``: not such a record."""
    if line[:1] != "*" and not line[:1].isdigit():
        return None
    body = line[1:] if line.startswith("*") else line
    try:
        end = _end_of_calls(body, 2)
        calls, _ = parse_calls(body[2:end])
    except BMLError:
        return None
    codes = body[end + 1 :]
    return (calls[-1], codes[7:]) if len(codes) >= 7 else None


def _disposition_missing(rest: str) -> bool:
    """Whether ``rest``, the record after the six outcomes, starts with the description
    instead of the disposition code (see the module notes)."""
    if not rest or rest[0] == " " or rest[0].islower():
        return bool(rest)
    if rest[0] not in _DISPOSITIONS or len(rest) < 2:
        return False
    if rest[0].isdigit():  # 0 keys, 1 or 4 keys
        return rest[1:2] == " " and rest[2:3].islower()
    return rest[1].islower()  # Even number of keys


def _codes(codes: str) -> tuple[bool, Outcomes, Disposition, str]:
    """The artificial flag, the six outcomes and the disposition after ``=``; and the rest."""
    if len(codes) < 8:
        raise BMLError(
            f"this bidding sequence ends too early: after '=' come Y or N (artificial or not), six Y or N "
            f"(the possible outcomes) and the disposition, as in {SEQUENCE_CODES_EXAMPLE}"
        )
    if codes[0] not in "YN":
        raise BMLError(f"after '=' comes Y or N (is the last call artificial?), not '{codes[0]}'")
    if any(letter not in "YN" for letter in codes[1:7]):
        raise BMLError(f"the six possible outcomes after the artificial flag must each be Y or N, not '{codes[1:7]}'")
    disposition = _DISPOSITIONS.get(codes[7])
    if disposition is None:
        raise BMLError(
            f"the disposition after the outcomes must be a digit 0 to 9 or a letter A to E, not '{codes[7]}'"
        )
    return codes[0] == "Y", Outcomes.parse(codes[1:7]), disposition, codes[8:]


def _lengths(rest: str, last: Call, disposition: str) -> tuple[tuple[int, int], str]:
    digits = rest[:2]
    if len(digits) < 2 or any(digit not in _LENGTH_DIGITS for digit in digits):
        found = f"'{digits}'" if digits else "nothing"
        raise BMLError(
            f"after the suit bid {last} the record needs the promised suit length, two digits 0 to 8 "
            f"(such as 08) right after the disposition '{disposition}'; found {found}"
        )
    return (int(digits[0]), int(digits[1])), rest[2:]


# --------------------------------------------------------------------------
# Entry points


def read_bss(text: str, name: str = "<string>", *, skip_invalid: bool = False) -> BssFile:
    """The BSS file in ``text``; ``name`` (such as ``partner.bss``) is used in messages.

    Raises the first malformed record as a located :class:`BMLError`, unless
    ``skip_invalid``: then each malformed line is left out and noted in
    :attr:`BssFile.problems`.
    """
    return BssReader(name, skip_invalid=skip_invalid).read(text)


UTF_8 = "UTF-8"
UTF_16 = "UTF-16"
WINDOWS_1252 = "Windows-1252"
_UTF_16_BOMS = ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def decode_bss(data: bytes) -> tuple[str, str]:
    """The text of a BSS file's bytes, and the encoding it was read in (:data:`UTF_8`,
    :data:`UTF_16` or :data:`WINDOWS_1252`).

    A byte order mark says UTF-8 or UTF-16 (little or big endian); without one,
    text whose every other byte is zero is UTF-16; else UTF-8, and Windows-1252
    when it is not valid UTF-8.
    """
    for bom, codec in _UTF_16_BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(codec, errors="replace"), UTF_16
    utf_16 = _utf_16_without_bom(data)
    if utf_16 is not None:
        return data.decode(utf_16, errors="replace"), UTF_16
    try:
        return data.decode("utf-8-sig"), UTF_8
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), WINDOWS_1252


def _utf_16_without_bom(data: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when every other byte of the start of ``data`` is zero."""
    sample = data[:200]
    if len(sample) < 4 or len(sample) % 2:
        return None
    even, odd = sample[0::2], sample[1::2]
    if any(even) and not any(odd):
        return "utf-16-le"
    if any(odd) and not any(even):
        return "utf-16-be"
    return None


def read_bss_file(path: Path | str, *, skip_invalid: bool = False) -> tuple[BssFile, str]:
    """Read the BSS file at ``path`` (see :func:`decode_bss` for the encodings).

    Returns the file and the encoding it was read in.
    Raises :class:`OSError` when the file cannot be read.
    """
    path = Path(path)
    text, encoding = decode_bss(path.read_bytes())
    return read_bss(text, str(path), skip_invalid=skip_invalid), encoding
