"""A site: the systems of many documents put together, in site order.

Each document with bidding tables contributes a :class:`Page`: the meanings
its tables define, in the order written (hidden tables too), the tables that
continue a sequence (``1N-2C;``), which sequences it shows (anchors), and its
``#+KEY`` metadata. :meth:`Site.build` puts the pages of the site's toctree
together in toctree order (:func:`toctree_order`) by the rule of one BML
file, :meth:`System.define`: the first definition stands. The result says
what the system is (what ``.bss`` and BBOalert files hold), where each
sequence can be linked to, where the notes contradict themselves
(:class:`Conflict`: not where a later, more general rule only fills what
a special case written before it left open) and which tables continue a sequence that nothing
describes (:class:`Orphan`).

A site may hold several systems, each the toctree of its own root document
(a document reachable from two roots belongs to both): each is a
:class:`Site` of its own. Documents outside every system are compared with
nothing; their sequences can still be linked to where a system does not
show them.

Pure Python: the Sphinx domain keeps one :class:`Page` per document and asks
a :class:`Site` everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from collections.abc import Sequence as Ordered
from dataclasses import dataclass, field, replace
from typing import NamedTuple, TypeVar

from .calls import PASS, Call, Sequence, Strain
from .errors import Location
from .model import BidTable, Seat, Vulnerability
from .notation import anchor, context_label, label, object_name, short_form
from .system import Key, Meaning, System, more_general

T = TypeVar("T")


class Continuation(NamedTuple):
    """A table that continues a sequence (``1N-2C;``): the sequences it continues, and where."""

    sequences: tuple[Sequence, ...]
    location: Location

    @property
    def required(self) -> tuple[Sequence, ...]:
        """What the notes must describe for this table to make sense (:func:`required`)."""
        needed = (required(sequence) for sequence in self.sequences)
        return tuple(dict.fromkeys(sequence for sequence in needed if sequence is not None))


def continuations(tables: Iterable[BidTable]) -> list[Continuation]:
    """The tables among ``tables`` that continue a sequence (``1N-2C;``), once expanded."""
    return [
        Continuation(tuple(dict.fromkeys(key[2] for key in table.rows[0].sequences)), table.rows[0].location)
        for table in tables
        if table.continues and table.rows and table.rows[0].sequences
    ]


def required(sequence: Sequence) -> Sequence | None:
    """What a table continuing ``sequence`` needs the notes to describe: the
    sequence up to our last call that is not a pass. The opponents' calls and
    our passes need no description: ``(1N)-P-(P)-`` needs nothing,
    ``1C-(1D);`` needs 1C, ``1N-2C;`` needs 1N-2C."""
    for index in reversed(range(len(sequence.calls))):
        if sequence.is_ours(index) and sequence.calls[index] != PASS:
            return Sequence(sequence.calls[: index + 1], sequence.we_open)
    return None


@dataclass(frozen=True)
class Page:
    """What one document contributes to the site."""

    #: the document's meanings in order, the first definition standing within it
    meanings: tuple[Meaning, ...] = ()
    #: later definitions within the document that contradict the one standing
    overruled: tuple[Meaning, ...] = ()
    #: its tables that continue a sequence
    continued: tuple[Continuation, ...] = ()
    #: the anchors of the sequences it shows (a ``#HIDE`` table shows none)
    anchors: frozenset[str] = frozenset()
    #: its ``#+TITLE``, ``#+DESCRIPTION``, ... values
    metadata: tuple[tuple[str, str], ...] = ()
    #: the anchor of each of :attr:`meanings`, made once when the document is read
    #: (empty: made by :meth:`Site.build` each time; see :meth:`spelled`)
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: how each sequence it shows is listed, by anchor (:class:`Listed`; see :meth:`spelled`)
    listed: Mapping[str, Listed] = field(default_factory=dict, compare=False, repr=False)

    def __bool__(self) -> bool:
        return bool(self.meanings or self.continued or self.metadata)

    def shows(self, meaning: Meaning) -> bool:
        return anchor(*meaning.key) in self.anchors

    def spelled(self, listed: bool = True) -> Page:
        """This page with its meanings' anchors (:attr:`names`) and, if ``listed``, listings
        (:attr:`listed`) made now: a site is put together again on every build, from the
        pages read in earlier builds too, and what depends on one sequence alone need not
        be made again each time. The listings are for a site that lists its sequences
        (an index, ``objects.inv``): without them, they are made when asked for."""
        names = tuple(anchor(*meaning.key) for meaning in self.meanings)
        same = {name: name for name in names}  # one string for both, when the environment is pickled
        anchors = frozenset(same.get(name, name) for name in self.anchors)
        shown = zip(self.meanings, names, strict=True) if listed else ()
        listings = {name: listing(meaning.key) for meaning, name in shown if name in anchors}
        return Page(self.meanings, self.overruled, self.continued, anchors, self.metadata, names, listings)


class Target(NamedTuple):
    """Where a sequence is linked to: a document, the meaning shown there, and its anchor there."""

    docname: str
    meaning: Meaning
    #: :func:`~.notation.anchor` of the meaning's key, made once
    anchor: str


@dataclass(frozen=True)
class Conflict:
    """``later`` says another thing than ``first``, which stands, and is not
    a more general rule that gives way to it (:func:`.system.more_general`):
    a special case written after the rule that hides it, or the same
    sequence written twice as specifically."""

    later: Meaning
    first: Meaning

    @property
    def hidden_by_rule(self) -> bool:
        """``later`` is the special case, ``first`` the more general rule written
        before it (``(2M)-3M`` after ``(2Y)-3Y``): the rule hides it."""
        return more_general(self.first, self.later)

    @property
    def situation(self) -> Call | None:
        """The opponents' call that may mean two things, when the two are as
        specific as each other: the same auction written twice, perhaps for
        two situations (a defence to a strong and to a weak 1NT: ``(1N)-D``
        twice), which the notes can tell apart by naming what the call means
        (``(1N{Weak})``, see :func:`.bidtable.parse_table_call`). Their first
        call that is not a pass and not named yet; ``None`` when they made none."""
        if self.hidden_by_rule:
            return None
        sequence = self.later.sequence
        for index, call in enumerate(sequence.calls):
            if not sequence.is_ours(index) and call != PASS and call.qualification is None:
                return call
        return None

    @property
    def cure(self) -> str | None:
        """How the notes tell the two situations apart: the opponents' call
        with what it means in braces, ``(1N{Weak})``; ``None`` without a :attr:`situation`."""
        call = self.situation
        if call is None:
            return None
        word = "Weak" if call.strain is Strain.NOTRUMP else "Natural" if call.is_bid else "Takeout"
        return f"({call}{{{word}}})"


@dataclass(frozen=True)
class Covered:
    """A row of a page whose meanings all give way to more specific ones of
    earlier pages (:func:`.system.more_general`): it adds nothing to the
    system. ``first`` is the first it gives way to; ``count``, how many."""

    later: Meaning
    first: Meaning
    count: int
    #: the rows of the page that continue the row's sequences: its answers, which still stand
    answers: int = 0


@dataclass(frozen=True)
class Orphan:
    """A table continuing sequences that no table describes."""

    continuation: Continuation
    missing: tuple[Sequence, ...]


@dataclass
class Site:
    """The pages put together: the system, its link targets, its contradictions."""

    #: the documents of the system, in toctree order from its root
    documents: list[str] = field(default_factory=list)
    #: the meanings of the toctree's pages, the first definition standing
    system: System = field(default_factory=System)
    #: where each sequence is linked to: where it stands if shown there, else the first page showing it
    targets: dict[Key, Target] = field(default_factory=dict)
    #: each sequence → the seats and vulnerabilities it is shown at, in site order
    variants: dict[Sequence, list[Key]] = field(default_factory=dict)
    #: every sequence some page defines, shown or not
    defined: set[Sequence] = field(default_factory=set)
    conflicts: list[Conflict] = field(default_factory=list)
    #: the rows of later pages that add nothing: earlier pages define all they say, more specifically
    covered: list[Covered] = field(default_factory=list)
    orphans: list[Orphan] = field(default_factory=list)

    @classmethod
    def build(cls, order: Iterable[str], pages: Mapping[str, Page], strays: Iterable[str] = ()) -> Site:
        """The system of the documents in ``order`` (a toctree's); the documents
        in ``strays`` (part of no system) are link targets only, compared with nothing."""
        site = cls()
        listed = list(order)
        site.documents = listed
        for docname in listed:
            page = pages.get(docname)
            if page is not None:
                site._add(docname, page)
        described = {meaning.sequence for meaning in site.system if meaning.description}
        for docname in listed:
            for continuation in pages[docname].continued if docname in pages else ():
                missing = tuple(sequence for sequence in continuation.required if sequence not in described)
                if missing:
                    site.orphans.append(Orphan(continuation, missing))
        for docname in sorted(set(strays) - set(listed)):
            page = pages.get(docname, Page())
            for meaning, name in zip(page.meanings, _names(page), strict=True):
                site.defined.add(meaning.sequence)
                if name in page.anchors and meaning.key not in site.targets:
                    site._link(docname, meaning, name)
        return site

    def metadata(self, pages: Mapping[str, Page]) -> dict[str, str]:
        """The system's ``#+TITLE``, ``#+DESCRIPTION`` ...: its root document's."""
        if not self.documents or self.documents[0] not in pages:
            return {}
        return dict(pages[self.documents[0]].metadata)

    def _add(self, docname: str, page: Page) -> None:
        conflicts = []
        kept: set[Location] = set()
        given_way: dict[Location, Covered] = {}
        for meaning, name in zip(page.meanings, _names(page), strict=True):
            self.defined.add(meaning.sequence)
            key = meaning.key
            shown = name in page.anchors
            linked = shown and key not in self.targets
            if linked:
                self._link(docname, meaning, name)
            outcome = self.system.define(meaning)
            if outcome.stands and shown and not linked:  # linked: its target is this one already
                self.targets[key] = Target(docname, meaning, name)
            if outcome.contradicts is not None:
                conflicts.append(Conflict(meaning, outcome.contradicts))
            if not meaning.description:
                continue
            if outcome.gives_way_to is None:
                kept.add(meaning.location)
            else:
                known = given_way.get(meaning.location)
                given_way[meaning.location] = Covered(
                    meaning, known.first if known else outcome.gives_way_to, known.count + 1 if known else 1
                )
        self.covered += [
            replace(covered, answers=_answers(page, location))
            for location, covered in given_way.items()
            if location not in kept
        ]
        for meaning in page.overruled:
            outcome = self.system.define(meaning)
            if outcome.contradicts is not None:
                conflicts.append(Conflict(meaning, outcome.contradicts))
        self.conflicts += sorted(conflicts, key=lambda conflict: conflict.later.location)

    def _link(self, docname: str, meaning: Meaning, name: str) -> None:
        self.targets[meaning.key] = Target(docname, meaning, name)
        self.variants.setdefault(meaning.sequence, []).append(meaning.key)

    def shown_keys(self) -> list[Key]:
        """The sequences of the system that a page shows, in site order: what a
        summary or a convention card lists. The pages outside the toctree are
        link targets only; what they show is not the system's (nor the ``.bss``'s)."""
        return [key for key in self.targets if key in self.system]

    def target(self, sequence: Sequence, seat: Seat | None, vulnerability: Vulnerability | None) -> Target | None:
        """Where a reference links to: the variant asked for, else any seat and
        vulnerability if shown, else the first variant shown."""
        if seat is not None or vulnerability is not None:
            return self.targets.get((seat or Seat.ANY, vulnerability or Vulnerability(), sequence))
        variants = self.variants.get(sequence)
        if not variants:
            return None
        preferred = (Seat.ANY, Vulnerability(), sequence)
        return self.targets[preferred if preferred in self.targets else variants[0]]

    def meaning(self, key: Key) -> Meaning | None:
        """What ``key`` means: the definition that stands, else the one shown (outside the toctree)."""
        standing = self.system.get(key)
        if standing is not None:
            return standing
        target = self.targets.get(key)
        return None if target is None else target.meaning


def _answers(page: Page, row: Location) -> int:
    """How many rows of ``page`` continue a sequence of the row at ``row``: its answers."""
    sequences = {meaning.sequence for meaning in page.meanings if meaning.location == row and meaning.description}
    return len(
        {
            meaning.location
            for meaning in page.meanings
            if meaning.location != row and any(prefix in sequences for prefix in meaning.sequence.prefixes())
        }
    )


def _names(page: Page) -> Ordered[str]:
    """The anchor of each meaning of ``page``: kept with it (:meth:`Page.spelled`), or made now."""
    if len(page.names) == len(page.meanings):
        return page.names
    return [anchor(*meaning.key) for meaning in page.meanings]


def toctree_order(root: str, toctrees: Mapping[str, Ordered[str]], documents: Collection[str]) -> list[str]:
    """The ``documents`` reachable from ``root`` through ``toctrees`` (document →
    the documents its toctrees list), in reading order: depth first."""
    order: list[str] = []
    seen: set[str] = set()
    pending = [root]
    while pending:
        docname = pending.pop()
        if docname in seen or docname not in documents:
            continue
        seen.add(docname)
        order.append(docname)
        pending.extend(reversed(toctrees.get(docname, ())))
    return order


# --------------------------------------------------------------------------
# Listing the sequences: the order of an index of sequences

#: A group of sequences: ours (0) before theirs (1), all-pass sequences last (2); then the opening call's rank.
GroupKey = tuple[int, int]

_VULNERABILITY_ORDER = {"0": 0, "N": 1, "Y": 2}
_PASS_RANK = PASS.rank
#: The end of :func:`bidding_order` for each seat and vulnerability (its two-letter code).
_CONTEXT_ORDER = {
    (seat, we + they): (int(seat.value), _VULNERABILITY_ORDER[we], _VULNERABILITY_ORDER[they])
    for seat in Seat
    for we in _VULNERABILITY_ORDER
    for they in _VULNERABILITY_ORDER
}


def opening(sequence: Sequence) -> tuple[GroupKey, int | None]:
    """The group of a sequence (by its opening: the first call that is not a
    pass) and the position of that call (``None``: all passes)."""
    for index, call in enumerate(sequence.calls):
        if call.rank != _PASS_RANK or call.qualification is not None:  # not a pass (without Call.__eq__)
            return (0 if sequence.is_ours(index) else 1, call.rank), index
    return (2, 0), None


def openings(keys: Iterable[Key]) -> list[Key]:
    """Our opening bids (after passes only), in bidding order."""
    return sorted((key for key in keys if _is_opening(key[2])), key=bidding_order)


def _is_opening(sequence: Sequence) -> bool:
    *before, last = sequence.calls
    return sequence.we_open and last.is_bid and all(call == PASS for call in before)


def answers(keys: Iterable[Key], to: Sequence) -> list[Key]:
    """The next call of the side that answers ``to``: ours after our own call and a
    pass of theirs (``1N`` gives ``1N-(P)-2C``), or right after theirs, in bidding order."""
    between = (PASS,) if to.is_ours(len(to.calls) - 1) else ()
    found = []
    for key in keys:
        sequence = key[2]
        if sequence.we_open != to.we_open or sequence.calls[: len(to.calls)] != to.calls:
            continue
        rest = sequence.calls[len(to.calls) :]
        if len(rest) == len(between) + 1 and rest[:-1] == between and sequence.is_ours(len(sequence.calls) - 1):
            found.append(key)
    return sorted(found, key=bidding_order)


def bidding_order(key: Key) -> tuple[int, ...]:
    """Bidding order, a pass first (so the sequences without interference come
    before the others) and a sequence before those continuing it; then seat
    and vulnerability."""
    seat, vulnerability, sequence = key
    calls = [-1 if call.rank == _PASS_RANK and call.qualification is None else call.rank for call in sequence.calls]
    return (*calls, -2, *_CONTEXT_ORDER[seat, vulnerability.code])


def by_opening(keys: Iterable[Key], sort: Callable[[Key], tuple[int, ...]] = bidding_order) -> list[list[Key]]:
    """``keys`` grouped by opening, ours first, each group in bidding order."""
    groups: dict[GroupKey, list[Key]] = {}
    for key in keys:
        groups.setdefault(opening(key[2])[0], []).append(key)
    return [sorted(groups[group], key=sort) for group in sorted(groups)]


class Listed(NamedTuple):
    """How a sequence at a seat and vulnerability is listed (in an index of
    sequences, in ``objects.inv``): what depends on it alone and takes time to
    make, made once when its page is read and stored with it, so kept small."""

    #: :func:`.notation.label`: ``1♣–(1♠)–Dbl``
    label: str
    #: :func:`.notation.object_name`: ``1NT#SEAT34``
    name: str
    #: :func:`.notation.context_label` of its seat and vulnerability (``""``: any)
    context: str
    #: :func:`bidding_order` as bytes (each number plus 3), which compare as the numbers do
    order: bytes

    @property
    def shown(self) -> str:
        """The name as search results show it, in the pages' words: ``1NT–2♣ [3rd or 4th seat]``,
        ``(1NT)–2♣–(Dbl)–Rdbl``."""
        return f"{self.label} [{self.context}]" if self.context else self.label


def listing(key: Key, named: bool = True) -> Listed:
    """How ``key`` is listed: see :class:`Listed`; without its :attr:`~Listed.name` (``""``)
    unless ``named``, for an index of sequences, which does not show it."""
    seat, vulnerability, sequence = key
    order = bytes([number + 3 for number in bidding_order(key)])  # from -2 (see bidding_order) to 37 (a redouble)
    written = short_form(sequence)
    name = object_name(sequence, seat, vulnerability, written) if named else ""
    return Listed(label(sequence, written), name, context_label(seat, vulnerability), order)


def listed_by_opening(items: Iterable[tuple[Sequence, Listed, T]]) -> list[list[T]]:
    """:func:`by_opening` for sequences listed as :class:`Listed` says: grouped by
    opening, ours first, each group in bidding order."""
    groups: dict[GroupKey, list[tuple[Sequence, Listed, T]]] = {}
    for item in items:
        groups.setdefault(opening(item[0])[0], []).append(item)
    return [[thing for _, _, thing in sorted(groups[group], key=_by_order)] for group in sorted(groups)]


def _by_order(item: tuple[Sequence, Listed, object]) -> bytes:
    return item[1].order
