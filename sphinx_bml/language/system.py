"""The concrete system: every sequence the notes define, with its meaning.

Bidding tables are compact (``2M``, ``1step``, ``#PASTE``); the system is
what they stand for, one :class:`Meaning` per concrete sequence, seat and
vulnerability, in the order the notes define them. It is what the BSS writer,
cross-references and consistency checks work from.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .calls import Sequence
from .conditions import Condition
from .errors import Location
from .model import ANY_VULNERABILITY, Description, Metadata, Seat, Vulnerability

Key = tuple[Seat, Vulnerability, Sequence]


@dataclass(slots=True)
class Meaning:
    """What one concrete sequence means, and where the notes say so.

    A meaning is never changed once made (a filled placeholder is a new one):
    its :attr:`key` is made once."""

    sequence: Sequence
    description: Description
    location: Location
    seat: Seat = Seat.ANY
    vulnerability: Vulnerability = ANY_VULNERABILITY
    hidden: bool = False
    #: written as a pattern (``2M``, ``1step``, ``2HS``), in its row or a row above:
    #: a general rule that fills the gaps a specific row leaves
    from_pattern: bool = False
    #: What a hand holds to make the last call, the pattern's suits filled in (``None``: the notes do not say).
    condition: Condition | None = None
    #: the last call is alertable (``2D ! Multi``): the ``.bss`` artificial flag, BBOalert's alerts
    alert: bool = False
    #: How general the row is: the number of concrete sequences it stands for
    #: (1 for ``1N``-``2C`` written out, 2 for ``2M``, 4 for ``2D`` under
    #: ``(1X)``; 4 for ``2X`` beside a ``2C`` row that takes one of them),
    #: which tells a general rule from a special case (:func:`more_general`).
    breadth: int = 1
    #: seat, vulnerability and sequence: what the site's dictionaries are keyed by, one tuple
    #: shared by all of them (a big system holds hundreds of thousands of such keys)
    key: Key = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.key = (self.seat, self.vulnerability, self.sequence)

    def __reduce__(self) -> tuple[type[Meaning], tuple[object, ...]]:
        # The fields in order, without the dataclass's generic state (a dict
        # made by reading the fields' list): the site stores every meaning
        # in the environment, and reading it back is part of every build.
        return Meaning, (
            self.sequence,
            self.description,
            self.location,
            self.seat,
            self.vulnerability,
            self.hidden,
            self.from_pattern,
            self.condition,
            self.alert,
            self.breadth,
        )

    @property
    def plain_text(self) -> str:
        """The description on one line, suits as symbols."""
        return self.description.plain_text


class Defined(NamedTuple):
    """What :meth:`System.define` did with a meaning: whether it is now the
    one that stands, the standing meaning it contradicts, if any, and the
    more specific standing meaning it gave way to, if any."""

    stands: bool
    contradicts: Meaning | None = None
    gives_way_to: Meaning | None = None

    @property
    def lost(self) -> bool:
        """The meaning said something that the system does not hold (it
        contradicts the standing one or gave way to it): not the same words
        again, nor a row without a description."""
        return self.contradicts is not None or self.gives_way_to is not None


#: The outcomes that carry no meaning, made once: a big system defines hundreds of thousands of meanings.
_STANDS = Defined(stands=True)
_STAYS = Defined(stands=False)


def more_general(later: Meaning, first: Meaning) -> bool:
    """Whether ``later`` is a more general rule than ``first``, which defined
    its sequence before: it stands for more concrete sequences (its row, with
    the patterns above it), or as many but written as a pattern where
    ``first`` is written out. Such a rule only fills what ``first`` left open:
    authors write the special case first on purpose (``(1S)-1N-2X`` before
    ``(1X)-1N-2D``). A later meaning as specific or more specific than
    ``first`` (``(2M)-3M`` after ``(2Y)-3Y``) contradicts it."""
    return (later.breadth, later.from_pattern) > (first.breadth, first.from_pattern)


def says_the_same(one: Description, other: Description) -> bool:
    """Two descriptions say the same thing when their words are the same, however spaced."""
    return one.text.split() == other.text.split()


@dataclass
class System:
    """All meanings of a document or site, in definition order, keyed by
    seat, vulnerability and sequence.

    ``overruled`` keeps the later definitions that disagree with the one that
    stands (same sequence, seat and vulnerability, another description), in
    the order met: they are not part of the system, but the notes contradict
    themselves there.
    """

    metadata: Metadata = field(default_factory=Metadata)
    _meanings: dict[Key, Meaning] = field(default_factory=dict)
    overruled: list[Meaning] = field(default_factory=list)

    def define(self, meaning: Meaning) -> Defined:
        """Add ``meaning`` unless its sequence is known; the first definition stands.

        A known sequence without a description (a prefix that a table merely
        continued, or a row left blank) takes the new description and keeps its
        place. A known description that ``meaning`` contradicts stays, and
        ``meaning`` goes to :attr:`overruled`; but a more general meaning
        (:func:`more_general`, a pattern after a specific row) only fills
        gaps: it gives way and is no contradiction (authors write the special
        case first on purpose). The meanings given are never changed: a
        filled placeholder is a new :class:`Meaning`.
        """
        known = self._meanings.get(meaning.key)
        if known is None:
            self._meanings[meaning.key] = meaning
            return _STANDS
        if not known.description:
            if not meaning.description:
                return _STAYS
            self._meanings[meaning.key] = replace(
                known,
                description=meaning.description,
                location=meaning.location,
                from_pattern=meaning.from_pattern,
                condition=meaning.condition,
                alert=meaning.alert,
                breadth=meaning.breadth,
            )
            return _STANDS
        if not meaning.description or says_the_same(meaning.description, known.description):
            return _STAYS
        if more_general(meaning, known):
            return Defined(stands=False, gives_way_to=known)  # the general rule gives way to the special case
        self.overruled.append(meaning)
        return Defined(stands=False, contradicts=known)

    def get(self, key: Key) -> Meaning | None:
        return self._meanings.get(key)

    def __iter__(self) -> Iterator[Meaning]:
        return iter(self._meanings.values())

    def __len__(self) -> int:
        return len(self._meanings)

    def __contains__(self, key: object) -> bool:
        return key in self._meanings
