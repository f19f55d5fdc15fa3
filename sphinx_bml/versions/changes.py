"""What changed between two versions of a system: sequences added, removed and changed.

Two :class:`~sphinx_bml.language.system.System` values are compared
sequence by sequence, at each seat and vulnerability (a meaning for 3rd or
4th seat is another sequence than the same auction in any seat, as in the
notes). Only sequences with a meaning count: a row left blank, or a shorter
auction that a table merely continues, says nothing a partner has to learn.

A sequence is *changed* when its meaning says something else (other words;
spacing does not count, as for the notes' own contradictions), its hand
condition is another one (unless one version is a ``.bss`` file, which has no
place for conditions), or it is alertable in one version and not in the
other; or when it has a meaning at one seat or vulnerability only in the old
version and at another one only in the new (a table moved under ``#SEAT``
or ``#VUL``): then the change shows both. A link to a sequence counts as the text it shows (what a ``.bss`` file
keeps of it). It does not matter where the meaning is written: a table moved to
another file, or a ``#PASTE`` that now gives the same words, is no change.

The changes are grouped by opening (the first call that is not a pass, and
who makes it) and ordered as the site's sequence index orders sequences
(:func:`~sphinx_bml.language.site.by_opening`): our openings before theirs,
each group in bidding order.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..language.calls import PASS, Sequence
from ..language.inline import without_links
from ..language.model import Seat, Vulnerability
from ..language.notation import call_label
from ..language.site import GroupKey, bidding_order, opening
from ..language.system import Key, Meaning, System


class ChangeKind(enum.Enum):
    """What happened to a sequence from the old version to the new."""

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True, slots=True)
class Change:
    """One sequence that differs; ``old`` or ``new`` is ``None`` where it has no meaning."""

    kind: ChangeKind
    old: Meaning | None
    new: Meaning | None

    @property
    def meaning(self) -> Meaning:
        """The meaning that names the sequence (the new one where there is one)."""
        meaning = self.new or self.old
        assert meaning is not None
        return meaning

    @property
    def sequence(self) -> Sequence:
        return self.meaning.sequence

    @property
    def seat(self) -> Seat:
        return self.meaning.seat

    @property
    def vulnerability(self) -> Vulnerability:
        return self.meaning.vulnerability


@dataclass(frozen=True, slots=True)
class Opening:
    """The opening the changes of a group have in common, for reading: ``1♣`` when we open,
    ``(1♠)`` when they do, ``Pass`` for an auction of passes only."""

    label: str


def opening_label(sequence: Sequence) -> str:
    """The label of the opening of ``sequence`` (see :class:`Opening`)."""
    (side, _), index = opening(sequence)
    if index is None:
        return call_label(PASS)
    shown = call_label(sequence.calls[index].plain)
    return shown if side == 0 else f"({shown})"


@dataclass
class Comparison:
    """Everything that differs between two systems, and their titles."""

    old_title: str = ""
    new_title: str = ""
    changes: list[Change] = field(default_factory=list)

    @property
    def same(self) -> bool:
        """No sequence differs (the titles may)."""
        return not self.changes

    @property
    def other_system(self) -> bool:
        """Both versions have a title, and the titles differ: two systems, not two versions of one."""
        return bool(self.old_title and self.new_title) and self.old_title.strip() != self.new_title.strip()

    def count(self, kind: ChangeKind) -> int:
        return sum(1 for change in self.changes if change.kind is kind)

    def counts(self) -> str:
        """How many sequences of each kind, for reading: ``2 sequences added, 1 sequence changed``."""
        return ", ".join(
            f"{counted(self.count(kind), 'sequence')} {kind.value}" for kind in ChangeKind if self.count(kind)
        )

    def by_opening(self) -> Iterator[tuple[Opening, list[Change]]]:
        """The changes grouped by opening, in order (see the module's notes)."""
        groups: dict[GroupKey, list[Change]] = {}
        for change in self.changes:
            groups.setdefault(opening(change.sequence)[0], []).append(change)
        for group in sorted(groups):
            changes = groups[group]
            yield Opening(opening_label(changes[0].sequence)), changes


def counted(count: int, word: str) -> str:
    """A count with its word, for reading: ``1 change``, ``2 changes``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def differ(old: Meaning, new: Meaning, *, conditions: bool = True) -> bool:
    """Whether two meanings of the same sequence say something else (see the module's notes);
    their hand conditions are compared only with ``conditions`` (a ``.bss`` file holds none)."""
    if without_links(old.description.text).split() != without_links(new.description.text).split():
        return True
    if old.alert != new.alert:
        return True
    if not conditions:
        return False
    old_condition = old.condition.source.split() if old.condition else None
    new_condition = new.condition.source.split() if new.condition else None
    return old_condition != new_condition


def _said(system: System) -> dict[Key, Meaning]:
    return {meaning.key: meaning for meaning in system if meaning.description or meaning.condition}


def compare(old: System, new: System, *, conditions: bool = True) -> Comparison:
    """What differs from ``old`` to ``new``, grouped and ordered by :meth:`Comparison.by_opening`;
    without ``conditions``, hand conditions are not compared (one side was read from a file
    that has no place for them: a ``.bss`` file)."""
    before, after = _said(old), _said(new)
    changes: list[Change] = []
    for key, meaning in before.items():
        other = after.get(key)
        if other is None:
            changes.append(Change(ChangeKind.REMOVED, meaning, None))
        elif differ(meaning, other, conditions=conditions):
            changes.append(Change(ChangeKind.CHANGED, meaning, other))
    changes.extend(Change(ChangeKind.ADDED, None, meaning) for key, meaning in after.items() if key not in before)
    changes = _moved(changes)
    changes.sort(key=_order)
    return Comparison(old.metadata.title, new.metadata.title, changes)


def _moved(changes: list[Change]) -> list[Change]:
    """A sequence removed at one seat or vulnerability and added at another, and nowhere else
    (a table put under ``#SEAT 34``), is one change: its meaning moved."""
    removed: dict[Sequence, list[Change]] = {}
    added: dict[Sequence, list[Change]] = {}
    for change in changes:
        if change.kind is ChangeKind.REMOVED:
            removed.setdefault(change.sequence, []).append(change)
        elif change.kind is ChangeKind.ADDED:
            added.setdefault(change.sequence, []).append(change)
    moves = {
        sequence: Change(ChangeKind.CHANGED, gone[0].old, added[sequence][0].new)
        for sequence, gone in removed.items()
        if len(gone) == 1 and len(added.get(sequence, ())) == 1
    }
    kept = [change for change in changes if change.kind is ChangeKind.CHANGED or change.sequence not in moves]
    return kept + list(moves.values())


def _order(change: Change) -> tuple[GroupKey, tuple[int, ...]]:
    return opening(change.sequence)[0], bidding_order(change.meaning.key)
