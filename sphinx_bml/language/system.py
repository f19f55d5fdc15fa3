"""The concrete system: every sequence the notes define, with its meaning.

Bidding tables are compact (``2M``, ``1step``, ``#PASTE``); the system is
what they stand for, one :class:`Meaning` per concrete sequence, seat and
vulnerability, in the order the notes define them. It is what the BSS writer,
cross-references and consistency checks work from.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .calls import Sequence
from .errors import Location
from .model import ANY_VULNERABILITY, Description, Metadata, Seat, Vulnerability

Key = tuple[Seat, Vulnerability, Sequence]


@dataclass
class Meaning:
    """What one concrete sequence means, and where the notes say so."""

    sequence: Sequence
    description: Description
    location: Location
    seat: Seat = Seat.ANY
    vulnerability: Vulnerability = ANY_VULNERABILITY
    hidden: bool = False

    @property
    def key(self) -> Key:
        return (self.seat, self.vulnerability, self.sequence)


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

    def define(self, meaning: Meaning) -> Meaning | None:
        """Add ``meaning`` unless its sequence is known; the first definition stands.

        A known sequence without a description (a prefix that a table merely
        continued, or a row left blank) takes the new description and keeps its
        place. A known description that ``meaning`` contradicts stays, and
        ``meaning`` goes to :attr:`overruled`. Returns the meaning that was
        already there, if any.
        """
        known = self._meanings.get(meaning.key)
        if known is None:
            self._meanings[meaning.key] = meaning
            return None
        if not known.description:
            if meaning.description:
                known.description = meaning.description
                known.location = meaning.location
        elif meaning.description and meaning.description != known.description:
            self.overruled.append(meaning)
        return known

    def get(self, key: Key) -> Meaning | None:
        return self._meanings.get(key)

    def __iter__(self) -> Iterator[Meaning]:
        return iter(self._meanings.values())

    def __len__(self) -> int:
        return len(self._meanings)

    def __contains__(self, key: object) -> bool:
        return key in self._meanings
