"""What each page defines, and what stands across the site.

Each page's meanings are kept by the ``bml`` domain as plain records
(:class:`Definition`), small to pickle. Putting the pages together in site
order (the toctree order from the root document, as the ``bss`` builder
does, then the pages outside the toctree by name) follows the rule of one
BML file: the first description of a sequence stands, a sequence known only
as a placeholder takes the first description that comes. :class:`Site`
says what stands, where each sequence can be linked to, and where the notes
contradict themselves.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from ..language.calls import PASS, Sequence
from ..language.errors import Location
from ..language.inline import parse_inline, plain_text
from ..language.model import Seat, Vulnerability
from ..language.system import Key, Meaning
from .sequences import anchor, context_label

#: A sequence at a seat and vulnerability: ``(notation, seat, vulnerability)``,
#: as :meth:`Sequence.notation`, :attr:`Seat.value` and :attr:`Vulnerability.code`.
SiteKey = tuple[str, str, str]

ANY_SEAT, ANY_VULNERABILITY = "0", "00"


class Definition(NamedTuple):
    """One meaning of a page: a sequence at a seat and vulnerability, what it
    means (BML text, ``""`` for a placeholder) and where; ``anchor`` is ``""``
    when the page does not show it (a ``#HIDE`` table)."""

    sequence: str
    seat: str
    vulnerability: str
    description: str
    file: str
    line: int
    anchor: str

    @classmethod
    def of(cls, meaning: Meaning, anchors: set[str]) -> Definition:
        seat, vulnerability, sequence = meaning.key
        name = anchor(seat, vulnerability, sequence)
        return cls(
            sequence.notation(),
            seat.value,
            vulnerability.code,
            meaning.description.text,
            meaning.location.file,
            meaning.location.line,
            name if name in anchors else "",
        )

    @property
    def key(self) -> SiteKey:
        return (self.sequence, self.seat, self.vulnerability)

    @property
    def context(self) -> str:
        """The seat and vulnerability in words (``""`` for any seat and vulnerability)."""
        return context_label(Seat(self.seat), Vulnerability.parse(self.vulnerability))

    @property
    def plain_text(self) -> str:
        """The description on one line, suits as symbols."""
        return " ".join(plain_text(parse_inline(self.description)).split())

    def place(self, folder: str) -> str:
        """``file:line``, the file relative to the documentation folder."""
        return f"{os.path.relpath(self.file, folder)}:{self.line}"


class Continuation(NamedTuple):
    """A table that continues a sequence (``1N-2C;``): the sequences it
    continues, those of them the notes must describe (:func:`required`), and where."""

    sequences: tuple[str, ...]
    required: tuple[str, ...]
    file: str
    line: int

    @classmethod
    def of(cls, keys: Iterable[Key], location: Location) -> Continuation:
        sequences = [key[2] for key in keys]
        needed = (required(sequence) for sequence in sequences)
        return cls(
            tuple(dict.fromkeys(sequence.notation() for sequence in sequences)),
            tuple(dict.fromkeys(sequence.notation() for sequence in needed if sequence is not None)),
            location.file,
            location.line,
        )


def required(sequence: Sequence) -> Sequence | None:
    """What a table continuing ``sequence`` needs the notes to describe: the
    sequence up to our last call that is not a pass. The opponents' calls and
    our passes need no description: ``(1N)-P-(P)-`` needs nothing,
    ``1C-(1D);`` needs 1C, ``1N-2C;`` needs 1N-2C."""
    for index in reversed(range(len(sequence.calls))):
        if sequence.is_ours(index) and sequence.calls[index] != PASS:
            return Sequence(sequence.calls[: index + 1], sequence.we_open)
    return None


@dataclass
class PageSequences:
    """What one page contributes: its meanings in order, the later definitions
    that contradict them, and its tables that continue a sequence."""

    definitions: list[Definition] = field(default_factory=list)
    overruled: list[Definition] = field(default_factory=list)
    continued: list[Continuation] = field(default_factory=list)


@dataclass(frozen=True)
class Conflict:
    """``later`` says another thing than ``first``, which stands."""

    later: Definition
    first: Definition


@dataclass(frozen=True)
class Orphan:
    """A table continuing sequences that no table describes."""

    continuation: Continuation
    missing: tuple[str, ...]


def contradicts(later: Definition, first: Definition) -> bool:
    """Two descriptions of one sequence that say different things (a placeholder says nothing)."""
    return bool(later.description and first.description) and later.description.strip() != first.description.strip()


@dataclass
class Site:
    """The pages put together in site order."""

    #: what stands for each sequence, and on which page
    standing: dict[SiteKey, tuple[str, Definition]] = field(default_factory=dict)
    #: where each sequence is linked to: where it stands if shown there, else the first page showing it
    targets: dict[SiteKey, tuple[str, Definition]] = field(default_factory=dict)
    #: notation -> the seats and vulnerabilities it is shown at, in site order
    variants: dict[str, list[SiteKey]] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    orphans: list[Orphan] = field(default_factory=list)

    @classmethod
    def build(cls, order: Iterable[str], pages: Mapping[str, PageSequences]) -> Site:
        site = cls()
        described: set[str] = set()
        for docname in order:
            page = pages.get(docname)
            if page is None:
                continue
            conflicts = [conflict for d in page.definitions if (conflict := site._define(docname, d))]
            conflicts += [conflict for d in page.overruled if (conflict := site._overrule(d))]
            site.conflicts += sorted(conflicts, key=lambda c: (c.later.file, c.later.line))
            described.update(d.sequence for d in (*page.definitions, *page.overruled) if d.description)
        for docname in order:
            for continuation in pages[docname].continued if docname in pages else ():
                missing = tuple(sequence for sequence in continuation.required if sequence not in described)
                if missing:
                    site.orphans.append(Orphan(continuation, missing))
        return site

    def _define(self, docname: str, definition: Definition) -> Conflict | None:
        key = definition.key
        if definition.anchor and key not in self.targets:
            self.targets[key] = (docname, definition)
            self.variants.setdefault(definition.sequence, []).append(key)
        known = self.standing.get(key)
        if known is None or (not known[1].description and definition.description):
            self.standing[key] = (docname, definition)
            if definition.anchor:
                self.targets[key] = (docname, definition)
            return None
        return Conflict(definition, known[1]) if contradicts(definition, known[1]) else None

    def _overrule(self, definition: Definition) -> Conflict | None:
        known = self.standing.get(definition.key)
        if known is not None and contradicts(definition, known[1]):
            return Conflict(definition, known[1])
        return None

    def target(self, sequence: str, seat: str | None, vulnerability: str | None) -> tuple[str, Definition] | None:
        """Where a reference links to: the variant asked for, else any seat and
        vulnerability if shown, else the first variant shown."""
        if seat is not None or vulnerability is not None:
            return self.targets.get((sequence, seat or ANY_SEAT, vulnerability or ANY_VULNERABILITY))
        variants = self.variants.get(sequence)
        if not variants:
            return None
        preferred = (sequence, ANY_SEAT, ANY_VULNERABILITY)
        return self.targets[preferred if preferred in self.targets else variants[0]]

    def meaning(self, key: SiteKey) -> Definition | None:
        """The definition that stands for ``key``."""
        known = self.standing.get(key)
        return None if known is None else known[1]
