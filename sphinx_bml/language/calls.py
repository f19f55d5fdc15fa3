"""Calls, strains and sequences: the arithmetic of the auction.

A :class:`Call` is one concrete call (``1C`` .. ``7N``, ``P``, ``D``, ``R``).
A :class:`Sequence` is a concrete auction from the opening call on, knowing
which side made each call. Nothing here knows about BML syntax beyond the
spelling of a single call.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import total_ordering

from .errors import BMLError
from .suits import spell_suits


class Strain(enum.Enum):
    """The five strains, in bidding order."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "N"

    #: Hashed as the one object it is, without a call into Python: keys of the
    #: engine's dictionaries, hashed hundreds of thousands of times a build.
    __hash__ = object.__hash__

    @property
    def rank(self) -> int:
        return _STRAIN_RANKS[self]

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NOTRUMP

    @property
    def symbol(self) -> str:
        """BML's inline spelling of the suit (``!c``), or ``NT``."""
        return "NT" if self is Strain.NOTRUMP else "!" + self.value.lower()

    @classmethod
    def from_letter(cls, letter: str) -> Strain:
        return _STRAIN_BY_LETTER[letter.upper()]


_STRAIN_ORDER = list(Strain)
_STRAIN_RANKS = {strain: rank for rank, strain in enumerate(_STRAIN_ORDER)}
_STRAIN_BY_LETTER = {strain.value: strain for strain in Strain}
SUITS = tuple(s for s in Strain if s.is_suit)


class CallKind(enum.Enum):
    BID = "bid"
    PASS = "P"
    DOUBLE = "D"
    REDOUBLE = "R"


_KIND_ORDER = [CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE]


_CALL_RE = re.compile(r"([1-7])(NT|[CDHSN])|(P|D|R|X|XX)", re.IGNORECASE)


@total_ordering
@dataclass(frozen=True, slots=True)
class Call:
    """One concrete call. Bids order by rank; other calls sort after 7NT."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None
    #: what the opponents' call means, when the notes say (``2C{Landy}``):
    #: the same call with another meaning is another sequence
    qualification: str | None = None
    #: 0 for 1C up to 34 for 7NT, then pass, double, redouble: the order of
    #: calls, computed once (calls are compared and hashed very often).
    rank: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            assert self.strain is not None
            rank = (self.level - 1) * 5 + _STRAIN_RANKS[self.strain]
        else:
            rank = 35 + _KIND_ORDER.index(self.kind)
        object.__setattr__(self, "rank", rank)

    def __reduce__(self) -> tuple[Callable[..., Call], tuple[object, ...]]:
        # Its fields, not the slotted dataclass's generic state; the rank is computed again.
        # A call without a qualification is read back as the one call of its rank (see ``bid``).
        if self.qualification is None:
            return _call_of_rank, (self.rank,)
        return Call, (self.kind, self.level, self.strain, self.qualification)

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        """The bid: one object per bid, shared by every sequence that makes it, so that
        sequences compare call by call at a glance and are stored with each call once."""
        if not 1 <= level <= 7:
            raise BMLError(f"{level}{strain.value} is not a bid: the level must be 1 to 7")
        return _CALLS[(level - 1) * 5 + _STRAIN_RANKS[strain]]

    @classmethod
    def from_index(cls, index: int) -> Call:
        if not 0 <= index < 35:
            raise BMLError("that bid is beyond 7NT")
        return _CALLS[index]

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``1C``, ``1NT``, ``P``, ``D``/``X``, ``R``/``XX`` (any case), or ``1♣``."""
        match = _CALL_RE.fullmatch(spell_suits(text.strip()))
        if not match:
            raise BMLError(f"'{text}' is not a call (a bid such as 1C or 3NT, or P, D, R)")
        if match.group(1):
            strain = "N" if match.group(2).upper() == "NT" else match.group(2)
            return cls.bid(int(match.group(1)), Strain.from_letter(strain))
        word = match.group(3).upper()
        kind = {"P": CallKind.PASS, "D": CallKind.DOUBLE, "X": CallKind.DOUBLE}.get(word, CallKind.REDOUBLE)
        return _CALLS[35 + _KIND_ORDER.index(kind)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Call):
            return NotImplemented
        return self.rank == other.rank and self.qualification == other.qualification

    def __hash__(self) -> int:
        return self.rank if self.qualification is None else hash((self.rank, self.qualification))

    def qualified(self, qualification: str | None) -> Call:
        """This call with what it means (``2C{Landy}``); ``None``: plain."""
        if not qualification:
            return self.plain
        return Call(self.kind, self.level, self.strain, qualification)

    @property
    def plain(self) -> Call:
        """The call without its qualification: what was bid."""
        return self if self.qualification is None else _CALLS[self.rank]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Call):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Call):
            return NotImplemented
        return self.rank <= other.rank

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def index(self) -> int:
        """0 for 1C up to 34 for 7NT; only for bids."""
        assert self.kind is CallKind.BID
        return self.rank

    def raised(self, steps: int) -> Call:
        """The bid ``steps`` steps above this one (1C raised by 2 is 1H)."""
        index = self.index + steps
        if index >= 35:
            plural = "step" if steps == 1 else "steps"
            raise BMLError(f"{steps} {plural} above {self} is beyond the 7 level")
        return Call.from_index(index)

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.strain is not None
            written = f"{self.level}{self.strain.value}"
        else:
            written = str(self.kind.value)
        return written if self.qualification is None else f"{written}{{{self.qualification}}}"


#: Every call without a qualification, by rank: the bids from 1C to 7NT, then pass, double, redouble.
_CALLS = (
    *(Call(CallKind.BID, index // 5 + 1, _STRAIN_ORDER[index % 5]) for index in range(35)),
    *(Call(kind) for kind in _KIND_ORDER),
)


def _call_of_rank(rank: int) -> Call:
    """The call of ``rank``, without a qualification: how a stored call is read back."""
    return _CALLS[rank]


PASS = _CALLS[35]
#: Pass, double and redouble as players write them, in capitals: ``PASS``, ``NB``, ``X``, ``DBL``, ``XX``, ``RDBL``.
CALL_WORDS = {
    **dict.fromkeys(("P", "PASS", "PASSES", "NB"), PASS),
    **dict.fromkeys(("X", "D", "DBL", "DBLE", "DOUBLE", "DOUBLES"), _CALLS[36]),
    **dict.fromkeys(("XX", "R", "RDBL", "REDBL", "RDBLE", "REDOUBLE", "REDOUBLES"), _CALLS[37]),
}


@dataclass(frozen=True, slots=True)
class Sequence:
    """A concrete auction: the calls from the opening call on.

    ``we_open`` tells who made the first call; after that the sides
    alternate, so the calls at even positions belong to the opening side.
    """

    calls: tuple[Call, ...]
    we_open: bool = True
    #: computed once: sequences are dictionary keys everywhere (the site looks each up many times)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.calls, self.we_open)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Sequence], tuple[tuple[Call, ...], bool]]:
        return Sequence, (self.calls, self.we_open)

    def is_ours(self, position: int) -> bool:
        return (position % 2 == 0) == self.we_open

    @property
    def last(self) -> Call:
        return self.calls[-1]

    def prefixes(self) -> list[Sequence]:
        """Every shorter sequence this one continues, shortest first."""
        return [Sequence(self.calls[:n], self.we_open) for n in range(1, len(self.calls))]

    def notation(self) -> str:
        """BML notation, opponents' calls in parentheses: ``1C-(1S)-D``."""
        parts = []
        for i, call in enumerate(self.calls):
            parts.append(str(call) if self.is_ours(i) else f"({call})")
        return "-".join(parts)

    def __str__(self) -> str:
        return self.notation()
