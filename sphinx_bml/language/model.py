"""The BML document model: what a BML text says, element by element.

Every element keeps the :class:`~.errors.Location` it was written at. The
model is what the parser produces and what every output (BSS, BML, docutils
nodes) consumes; nothing downstream reads BML text again.
"""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .calls import Call, Sequence, Strain
from .conditions import Condition
from .errors import Location, Problems
from .inline import Inline, parse_inline, plain_text

# --------------------------------------------------------------------------
# Seat and vulnerability


class Seat(enum.Enum):
    """The seat a table applies to, as written after ``#SEAT``."""

    ANY = "0"
    FIRST = "1"
    SECOND = "2"
    THIRD = "3"
    FOURTH = "4"
    FIRST_OR_SECOND = "12"
    THIRD_OR_FOURTH = "34"

    #: Hashed as the one object it is, without a call into Python: keys of the
    #: engine's dictionaries, hashed hundreds of thousands of times a build.
    __hash__ = object.__hash__

    @property
    def label(self) -> str:
        return _SEAT_LABELS[self]


_SEAT_LABELS = {
    Seat.ANY: "any seat",
    Seat.FIRST: "1st seat",
    Seat.SECOND: "2nd seat",
    Seat.THIRD: "3rd seat",
    Seat.FOURTH: "4th seat",
    Seat.FIRST_OR_SECOND: "1st or 2nd seat",
    Seat.THIRD_OR_FOURTH: "3rd or 4th seat",
}


@dataclass(frozen=True, slots=True)
class Vulnerability:
    """``#VUL`` state: are we / they vulnerable (``None``: does not matter)."""

    we: bool | None = None
    they: bool | None = None
    #: computed once: a vulnerability is in the key of every meaning, hashed many times each
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.we, self.they)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Vulnerability], tuple[bool | None, bool | None]]:
        return Vulnerability, (self.we, self.they)

    @classmethod
    def parse(cls, code: str) -> Vulnerability:
        """Read the two-letter BML code, such as ``Y0`` or ``NN``."""
        values = {"Y": True, "N": False, "0": None}
        code = code.strip().upper()
        if len(code) != 2 or any(c not in values for c in code):
            raise ValueError(code)
        return cls(values[code[0]], values[code[1]])

    @property
    def code(self) -> str:
        return _VULNERABILITY_CODES[self.we, self.they]

    @property
    def label(self) -> str:
        """The vulnerability in a bridge player's words: ``not vulnerable``, ``favourable``
        (we are not, they are), ``both vulnerable``, ``opponents vulnerable``..."""
        return _VULNERABILITY_LABELS[self.we, self.they]


#: How players say each vulnerability (we, they): "white against red" is favourable.
_VULNERABILITY_LABELS = {
    (None, None): "any vulnerability",
    (True, None): "vulnerable",
    (False, None): "not vulnerable",
    (None, True): "opponents vulnerable",
    (None, False): "opponents not vulnerable",
    (True, True): "both vulnerable",
    (False, False): "neither vulnerable",
    (True, False): "unfavourable",
    (False, True): "favourable",
}


#: The two-letter BML code of each vulnerability (``Y0``, ``NN``): spelled for every anchor and index entry.
_VULNERABILITY_CODES = {
    (we, they): f"{'Y' if we else 'N' if we is False else '0'}{'Y' if they else 'N' if they is False else '0'}"
    for we in (True, False, None)
    for they in (True, False, None)
}
ANY_VULNERABILITY = Vulnerability()


# --------------------------------------------------------------------------
# Text


@dataclass(frozen=True, slots=True)
class Description:
    """The meaning of a bid: lines of BML text (``""`` for an empty line).

    Its tokens and plain text are made when first asked for and kept, in
    slots rather than a dictionary: a big system holds one description per
    row, alive for the whole build (``benchmarks/README.md`` has the figures)."""

    lines: tuple[str, ...] = ()
    _inline: tuple[Inline, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _plain_text: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def inline(self) -> tuple[Inline, ...]:
        inline = self._inline
        if inline is None:
            inline = parse_inline(self.text)
            object.__setattr__(self, "_inline", inline)
        return inline

    @property
    def plain_text(self) -> str:
        """The description on one line, suits as symbols. Made from the tokens,
        which stay: made while reading, the page drawn next needs them too."""
        text = self._plain_text
        if text is None:
            text = " ".join(plain_text(self.inline).split())
            object.__setattr__(self, "_plain_text", text)
        return text

    def __bool__(self) -> bool:
        return any(self.lines)

    def let_go(self) -> None:
        """Forget the parsed tokens (the plain text stays): they are made again if asked for."""
        object.__setattr__(self, "_inline", None)

    def __reduce__(self) -> tuple[Callable[..., Description], tuple[tuple[str, ...], str | None]]:
        # Not the cached tokens (they are made again when needed), but the
        # plain text once made: the sequence index, the search and the
        # tooltips of a later build read it without parsing the markup again.
        # A tuple, not a state: the pickler keeps every one it writes until
        # the whole environment is written.
        return _stored_description, (self.lines, self._plain_text)


def _stored_description(lines: tuple[str, ...], plain_text: str | None) -> Description:
    """A :class:`Description` read back from a pickle, its plain text with it."""
    description = object.__new__(Description)
    _set = object.__setattr__
    _set(description, "lines", lines)
    _set(description, "_inline", None)
    _set(description, "_plain_text", plain_text)
    return description


@dataclass(frozen=True)
class RichText:
    """A piece of prose with inline markup, and the BML source it came from."""

    source: str

    @cached_property
    def inline(self) -> tuple[Inline, ...]:
        return parse_inline(self.source)


# --------------------------------------------------------------------------
# Blocks


@dataclass
class Heading:
    level: int
    text: RichText
    location: Location


@dataclass
class Paragraph:
    text: RichText
    location: Location


@dataclass
class AsWritten:
    """A block that looks like a deal or an auction diagram but cannot be read:
    its lines, shown as they were written (reported where it went wrong)."""

    lines: list[str]
    location: Location

    @property
    def text(self) -> str:
        """Its lines as they are shown: columns kept, the indent they share and the spaces that end them left out."""
        return textwrap.dedent("\n".join(line.rstrip() for line in self.lines))


@dataclass
class BulletList:
    items: list[RichText]
    location: Location


@dataclass
class EnumeratedList:
    items: list[RichText]
    location: Location


@dataclass
class DefinitionList:
    items: list[tuple[RichText, RichText]]
    location: Location


@dataclass
class Table:
    """A ``|``-table; a row of only ``-`` and ``+`` is a rule (``None``)."""

    rows: list[list[RichText] | None]
    location: Location


class AuctionMark(enum.Enum):
    """Auction cells that are not calls."""

    EMPTY = "-"
    ALL_PASS = "AP"
    QUESTION = "?"


@dataclass
class Auction:
    """An auction diagram: rows of up to four calls, West North East South."""

    rows: list[list[Call | AuctionMark]]
    location: Location


class Direction(enum.Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def label(self) -> str:
        return self.name.title()


#: How a seat is written in a header or a diagram: ``N`` or ``North`` (in capitals).
DIRECTION_WORDS = {
    **{direction.value: direction for direction in Direction},
    **{direction.name: direction for direction in Direction},
}
#: West, North, East, South: the columns of an auction.
AUCTION_SEATS = (Direction.WEST, Direction.NORTH, Direction.EAST, Direction.SOUTH)


@dataclass(frozen=True)
class Contract:
    """A final contract; ``level`` 0 means the board was passed out."""

    level: int = 0
    strain: Strain | None = None
    doubled: int = 0
    declarer: Direction | None = None

    @property
    def passed_out(self) -> bool:
        return self.level == 0


@dataclass(frozen=True)
class Lead:
    suit: Strain
    card: str


@dataclass
class Deal:
    """A deal diagram; a hand is four holdings (spades first), ``""`` for a void."""

    hands: dict[Direction, tuple[str, str, str, str]]
    location: Location
    board: str | None = None
    dealer: Direction | None = None
    vulnerable: str | None = None  # "None", "All", "NS" or "EW"
    contract: Contract | None = None
    lead: Lead | None = None


@dataclass(frozen=True, slots=True)
class TableCall:
    """A call as written in a bidding table, possibly standing for several.

    ``call`` is set for a concrete call. Otherwise the row stands for bids at
    ``level`` in each of ``strains`` (``2CD``, ``2red``, or the candidates of
    ``variable``), or for the bid ``steps`` steps above the last bid.
    ``colour`` is ``"red"`` or ``"black"`` when the strains were written so.
    ``parts`` are the calls of a row written for several calls at once
    (``2S/3H``, ``4D/4H/4S``), each written out: the row stands for each.
    """

    written: str
    #: computed once: a row's calls are the key of the caches that draw them, row after row
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    ours: bool = True
    call: Call | None = None
    level: int = 0
    strains: tuple[Strain, ...] = ()
    variable: str | None = None
    steps: int = 0
    colour: str | None = None
    #: what the opponents' call means, written in braces: ``(2C{Landy})``
    qualification: str | None = None
    #: the calls of ``2S/3H``, each a call written out; empty for any other call
    parts: tuple[TableCall, ...] = ()

    @property
    def notation(self) -> str:
        return self.written if self.ours else f"({self.written})"

    def __post_init__(self) -> None:
        fields = (self.written, self.ours, self.call, self.level, self.strains)
        object.__setattr__(self, "_hash", hash((*fields, self.variable, self.steps, self.colour, self.qualification)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[TableCall], tuple[object, ...]]:
        return TableCall, (
            self.written,
            self.ours,
            self.call,
            self.level,
            self.strains,
            self.variable,
            self.steps,
            self.colour,
            self.qualification,
            self.parts,
        )


@dataclass(slots=True)
class BidNode:
    """A row of a bidding table and the rows that answer it.

    ``calls`` is one call, except on a table's first row, which may give a
    whole sequence (``1N-2C``) to continue.
    """

    calls: tuple[TableCall, ...]
    description: Description
    location: Location
    children: list[BidNode] = field(default_factory=list)
    #: What a hand holds to make the call (``{{ 15-17 hcp, balanced }}``), if the row says.
    condition: Condition | None = None
    #: The row's (last) call is alertable: written ``2D ! Multi`` (a ``!`` of
    #: its own before the meaning), or with the ``bml_alert_prefix`` setting.
    alert: bool = False
    #: The concrete sequences the row stands for, as (seat, vulnerability,
    #: sequence) keys: filled in by the expansion, one for ``2H``, one for
    #: each suit of ``2M``, one per sequence above it when the row above is a
    #: pattern, none when the row stands for no legal bid. Only the row's
    #: full calls count (``1N-2C`` stands for 1N-2C, not for 1N).
    sequences: list[tuple[Seat, Vulnerability, Sequence]] = field(default_factory=list, compare=False, repr=False)

    def __reduce__(self) -> tuple[type[BidNode], tuple[object, ...]]:
        # The fields in order, not the slotted dataclass's generic state: a
        # stored doctree holds every row, and LaTeX reads it back three times.
        return BidNode, (
            self.calls,
            self.description,
            self.location,
            self.children,
            self.condition,
            self.alert,
            self.sequences,
        )


@dataclass(slots=True, weakref_slot=True)
class BidTable:
    """A bidding table. When ``continues`` is set the table continues the
    sequence of its single top row (``1N-2C;``), whose children are the body."""

    rows: list[BidNode]
    location: Location
    seat: Seat = Seat.ANY
    vulnerability: Vulnerability = ANY_VULNERABILITY
    hidden: bool = False
    continues: bool = False


Block = (
    Heading | Paragraph | AsWritten | BulletList | EnumeratedList | DefinitionList | Table | Auction | Deal | BidTable
)


#: The ``#+KEY`` metadata BML knows. Other keys are kept (and written back
#: by the BML writer) but reported, since nothing reads them.
METADATA_KEYS = ("TITLE", "AUTHOR", "DESCRIPTION")


@dataclass
class Metadata:
    """``#+TITLE``, ``#+AUTHOR``, ``#+DESCRIPTION`` (and any other ``#+KEY``): first value wins."""

    values: dict[str, str] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.values.get("TITLE", "")

    @property
    def author(self) -> str:
        return self.values.get("AUTHOR", "")

    @property
    def description(self) -> str:
        return self.values.get("DESCRIPTION", "")


@dataclass
class Document:
    """A parsed BML document: its blocks in order, metadata, files read, problems."""

    blocks: list[Block]
    metadata: Metadata
    files: list[Path] = field(default_factory=list)
    problems: Problems = field(default_factory=Problems)

    @property
    def bid_tables(self) -> list[BidTable]:
        return [b for b in self.blocks if isinstance(b, BidTable)]
