"""The ``bml`` domain: the only store of the site's bidding system.

Per document it keeps a :class:`~sphinx_bml.language.site.Page` (what the
document's bidding tables define, its metadata), the targets of its
``:bml:seq:`` references and the problems found reading it; it forgets a
document when it is read again or removed, and merges what parallel readers
found. The problems of the documents read are reported once all are read,
each once (:class:`~sphinx_bml.sphinx.diagnostics.Problems`). Everything else is asked
of the :class:`~sphinx_bml.language.site.Site` it builds from them once per
build, in toctree order: the system the ``bss`` and ``bboalert`` builders
write, the link targets, the sequence index, the checks.

Each concrete sequence (after the expansion of ``2M``, ``1step`` and the
like), at its seat and vulnerability, is an object of type ``sequence``,
anchored on the table row that defines it (see
:func:`~sphinx_bml.language.notation.anchor`).

A reference is resolved when its page is written, so when a change to one
page moves or changes what a reference on another page points to, that
other page is written again (:meth:`BMLDomain.pages_to_rewrite`, on
``env-get-updated``) although its source did not change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Set
from typing import Any, ClassVar, TypeVar, cast

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import make_refnode

from ...language.calls import Sequence
from ...language.errors import BMLError, Kind
from ...language.model import ANY_VULNERABILITY, Seat
from ...language.notation import (
    Reference,
    call_label,
    context_label,
    parse_reference,
    short_notation,
)
from ...language.shown import shortened
from ...language.site import Listed, Page, Site, Target, listed_by_opening, listing, opening, toctree_order
from ...language.system import Meaning
from .. import garbage_collector
from .. import nodes as bml
from ..config import site_systems
from ..diagnostics import Problem, Problems, warn
from ..reading.state import finished_reading
from .checks import check_site
from .roles import SequenceRole
from .search import searchable_name

#: The builders' formats that list the sequences with their names (the sequence index, the
#: search index and ``objects.inv``): reading for them, a page keeps its listings
#: (:meth:`BMLDomain.listed`). LaTeX and Texinfo write the index only, which needs no names.
LISTING_FORMATS = frozenset({"html"})

#: What :meth:`BMLDomain.made_from_site` keeps.
Made = TypeVar("Made")

#: Where a reference leads: document, anchor and tooltip (``None``: nowhere).
Resolution = tuple[str, str, str] | None


class SequenceIndex(Index):
    """The "Bidding sequences" page: every sequence shown in the notes, by opening.

    Sphinx names a domain index ``<domain>-<index>``: the page is
    ``bml-sequences.html`` and ``:ref:`bml-sequences``` links to it. It lists
    each sequence the notes show, with its meaning and a link to its row,
    grouped by system (when the site has several, ``bml_systems``), then by
    the opening (the first call that is not a pass; the opponents'
    openings in parentheses, after ours), in bidding order within a group
    (:func:`~sphinx_bml.language.site.by_opening`), so that each opening comes
    first and the sequences continuing it follow, one step in. A variant for a
    seat or vulnerability says so beside it.
    """

    name = "sequences"
    localname = "Bidding sequences"
    shortname = "sequences"
    domain: BMLDomain

    def generate(self, docnames: Iterable[str] | None = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = None if docnames is None else set(docnames)
        sites = self.domain.sites()
        shown: dict[str, set[str]] = {}  # by page, the anchors listed: a page outside every system is listed once
        content = []
        listed = self.domain.listed
        for system, site in sites.items():
            founds: dict[str, Listed] = {}  # by anchor (one per sequence of the site)
            targets = []
            for target in site.targets.values():
                if wanted is None or target.docname in wanted:
                    found = founds[target.anchor] = listed(target, named=False)  # the index shows no object names
                    targets.append((target.meaning.sequence, found, target))
            for group in listed_by_opening(targets):
                entries = []
                for target in group:
                    listed_here = shown.setdefault(target.docname, set())
                    if target.anchor in listed_here:
                        continue
                    listed_here.add(target.anchor)
                    found = founds[target.anchor]
                    meaning = site.meaning(target.meaning.key) or target.meaning
                    context = found.context
                    if docnames is not None:  # LaTeX and Texinfo print the "extra" column, not the description
                        context = f"{context}: {meaning.plain_text}" if context else meaning.plain_text
                    text = meaning.plain_text
                    entries.append(IndexEntry(found.label, 0, target.docname, target.anchor, context, "", text))
                if not entries:
                    continue
                heading, alone = _opening(group[0].meaning.sequence)
                if len(entries) > 1 and alone:
                    entries = [entries[0]._replace(subtype=1), *(entry._replace(subtype=2) for entry in entries[1:])]
                content.append((f"{system}: {heading}" if len(sites) > 1 else heading, entries))
        return content, False


def _opening(sequence: Sequence) -> tuple[str, bool]:
    """The heading of a sequence's group (its opening, the opponents' in
    parentheses), and whether the sequence is the opening alone."""
    _, position = opening(sequence)
    if position is None:
        return call_label(sequence.calls[0]), len(sequence.calls) == 1
    call = call_label(sequence.calls[position])
    return (call if sequence.is_ours(position) else f"({call})"), position == len(sequence.calls) - 1


class BMLDomain(Domain):
    """Bidding sequences: the site's system, ``:bml:seq:`` references, the sequence index, the checks."""

    name = "bml"
    label = "BML"
    object_types: ClassVar[dict[str, ObjType]] = {"sequence": ObjType("bidding sequence", "seq")}
    roles: ClassVar[dict[str, Any]] = {"seq": SequenceRole()}
    indices: ClassVar[list[type[Index]]] = [SequenceIndex]
    initial_data: ClassVar[dict[str, Any]] = {
        "pages": {},  # docname -> Page, for documents with BML
        "references": {},  # docname -> the targets of its :bml:seq: roles
        "resolved": {},  # (docname, target) -> Resolution, as the pages were last written
        "downloads": set(),  # the documents with a bml-downloads list
        "playgrounds": set(),  # the documents with a bml-playground
        "abbreviations": {},  # docname -> the abbreviations its prose uses (bml_abbreviations)
        "generated": set(),  # the documents with a bml-glossary or bml-summary, made from the whole site
        "problems": {},  # docname -> the problems found reading it (diagnostics.Problem), reported once
    }
    data_version = 6

    def __init__(self, env: BuildEnvironment) -> None:
        super().__init__(env)
        self._sites: dict[str, Site] | None = None
        self._objects: list[tuple[str, str, str, str, str, int]] | None = None
        self._systems_of: dict[str, list[str]] = {}
        self._strays: list[str] = []
        #: the documents read in this build, whose problems are still to report
        self._read: set[str] = set()
        #: what was made from the site as it is put together now (:meth:`made_from_site`)
        self._made: dict[Hashable, object] = {}

    @property
    def pages(self) -> dict[str, Page]:
        pages: dict[str, Page] = self.data["pages"]
        return pages

    @property
    def references(self) -> dict[str, set[str]]:
        references: dict[str, set[str]] = self.data["references"]
        return references

    # -- keeping the data ----------------------------------------------------

    @property
    def downloads(self) -> set[str]:
        downloads: set[str] = self.data["downloads"]
        return downloads

    def note_downloads(self, docname: str) -> None:
        self.downloads.add(docname)

    @property
    def playgrounds(self) -> set[str]:
        playgrounds: set[str] = self.data["playgrounds"]
        return playgrounds

    @property
    def abbreviations(self) -> dict[str, frozenset[str]]:
        abbreviations: dict[str, frozenset[str]] = self.data["abbreviations"]
        return abbreviations

    def note_abbreviations(self, docname: str, used: Iterable[str]) -> None:
        self.abbreviations[docname] = frozenset(used)

    @property
    def generated(self) -> set[str]:
        generated: set[str] = self.data["generated"]
        return generated

    def note_generated(self, docname: str) -> None:
        self.generated.add(docname)

    @property
    def problems(self) -> dict[str, tuple[Problem, ...]]:
        problems: dict[str, tuple[Problem, ...]] = self.data["problems"]
        return problems

    def clear_doc(self, docname: str) -> None:
        self.problems.pop(docname, None)
        self.pages.pop(docname, None)
        self.references.pop(docname, None)
        self.downloads.discard(docname)
        self.playgrounds.discard(docname)
        self.abbreviations.pop(docname, None)
        self.generated.discard(docname)
        self._sites = None

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for key in ("pages", "references", "abbreviations", "problems"):
            ours, theirs = self.data[key], otherdata[key]
            ours.update((docname, theirs[docname]) for docname in docnames if docname in theirs)
        self.downloads.update(docname for docname in otherdata["downloads"] if docname in docnames)
        self.playgrounds.update(docname for docname in otherdata["playgrounds"] if docname in docnames)
        self.generated.update(docname for docname in otherdata["generated"] if docname in docnames)
        self._read.update(docnames)
        self._sites = None

    def process_doc(self, env: BuildEnvironment, docname: str, document: nodes.document) -> None:
        self._sites = None  # a toctree may have changed the site order too
        xrefs = [node for node in document.findall(pending_xref) if node.get("refdomain") == "bml"]
        for node in xrefs:  # those of .bml prose are made without the document's name
            node.setdefault("refdoc", docname)
        targets = {str(node["reftarget"]) for node in xrefs} | bml.meaning_targets(document)
        if targets:
            self.references[docname] = targets
        self._read.add(docname)
        reading = finished_reading(env)
        if reading is None:
            return
        if reading.problems:
            self.problems[docname] = tuple(reading.problems)
        page = Page(
            tuple(reading.system),
            tuple(reading.system.overruled),
            tuple(reading.continued),
            frozenset(bml.shown_anchors(document)),
            tuple(reading.metadata.values.items()),
        )
        if page:
            with garbage_collector.keeping():
                for meaning in page.meanings:
                    meaning.plain_text  # noqa: B018 - made now, while the tokens are parsed, and stored with the page
                self.pages[docname] = page.spelled(listed=self._lists_sequences())

    # -- the site --------------------------------------------------------------

    def sites(self) -> dict[str, Site]:
        """Each system of the site by name (``""`` for the one system of a site
        without ``bml_systems``), its pages in toctree order from its root,
        put together once until a document changes."""
        if self._sites is None:
            env = self.env
            orders = {
                name: toctree_order(root, env.toctree_includes, env.found_docs)
                for name, root in site_systems(env.config)
            }
            self._systems_of = {}
            for name, order in orders.items():
                for docname in order:
                    self._systems_of.setdefault(docname, []).append(name)
            strays = [docname for docname in self.pages if docname not in self._systems_of]
            self._strays = sorted(docname for docname in strays if self.pages[docname].meanings)
            with garbage_collector.keeping():
                self._sites = {name: Site.build(order, self.pages, strays) for name, order in orders.items()}
            self._objects = None
            self._made = {}
        return self._sites

    def made_from_site(self, key: Hashable, make: Callable[[], Made]) -> Made:
        """What ``make`` makes from the site (``key`` names it), made once for the site
        as it is put together now, and again once a document changes."""
        self.sites()
        if key not in self._made:
            self._made[key] = make()
        return cast("Made", self._made[key])

    def _lists_sequences(self) -> bool:
        """Whether this build lists the sequences (:data:`LISTING_FORMATS`), so that
        the pages it reads keep their listings (:meth:`Page.spelled`)."""
        builder = getattr(self.env, "_builder_cls", None)  # Sphinx 9 deprecates env.app
        output = builder.format if builder is not None else self.env.app.builder.format
        return output in LISTING_FORMATS

    def listed(self, target: Target, named: bool = True) -> Listed:
        """How the sequence of ``target`` is listed: as its page keeps it, made when it was
        read, else made now (with its name if ``named``: see :func:`.site.listing`)."""
        page = self.pages.get(target.docname)
        found = page.listed.get(target.anchor) if page is not None else None
        return listing(target.meaning.key, named) if found is None else found

    def known_systems(self) -> str:
        """The systems of the site, for a message: ``wj, blue``, or why there is none to name."""
        return ", ".join(name for name in self.sites() if name) or "none (bml_systems is empty)"

    def site_for(self, docname: str, wanted: str, directive: str, node: nodes.Node) -> Site | None:
        """The site a directive of page ``docname`` draws from: the system ``wanted`` (its
        ``:system:`` option), else the page's own, else the first; ``None``, warned at
        ``node``, when ``wanted`` names no system."""
        sites = self.sites()
        system = wanted or next(iter(self.systems_of(docname) or sites), "")
        if system not in sites:
            warn(
                Kind.DIRECTIVE,
                f"{directive} :system: {wanted}: the systems of the site are {self.known_systems()}",
                node,
            )
            return None
        return sites[system]

    def systems_of(self, docname: str) -> list[str]:
        """The systems a document belongs to, in the order ``bml_systems`` names them."""
        self.sites()
        return self._systems_of.get(docname, [])

    def strays(self) -> list[str]:
        """The documents with bidding tables that belong to no system."""
        self.sites()
        return self._strays

    def metadata(self, system: str) -> dict[str, str]:
        """The ``#+KEY`` values of a system (``TITLE``, ``DESCRIPTION`` ...):
        see :meth:`~sphinx_bml.language.site.Site.metadata`."""
        return self.sites()[system].metadata(self.pages)

    def check_consistency(self) -> None:
        self._report_pages_read()
        self._check_roots()
        problems = Problems(self.sites())
        for system, site in self.sites().items():
            for problem in check_site(site, str(self.env.srcdir)):
                problems.add(problem, [system])
        problems.report()

    def _report_pages_read(self) -> None:
        """The problems found reading the documents read in this build, by the
        documents' names (as Sphinx reads them one at a time), each once: a file
        that several pages include is read with each. A problem names the systems
        of every page that found it, read in this build or before."""
        read, self._read = sorted(self._read), set()
        problems = Problems(self.sites())
        wanted = {problem: None for docname in read for problem in self.problems.get(docname, ())}
        found_in: dict[Problem, list[str]] = {}
        for docname, found in self.problems.items():
            for problem in found:
                if problem in wanted:
                    found_in.setdefault(problem, []).append(docname)
        for problem in wanted:
            problems.add(problem, (system for docname in found_in[problem] for system in self.systems_of(docname)))
        problems.report()

    def _check_roots(self) -> None:
        for name, root in site_systems(self.env.config):
            if root not in self.env.found_docs:
                warn(
                    Kind.CONFIG,
                    f"bml_systems in conf.py: the system {name!r} is rooted at {root!r}, which is not a document "
                    "of this site, so it has no pages",
                    None,
                )

    def pages_to_rewrite(self) -> list[str]:
        """The documents whose references lead elsewhere than when they were last written."""
        resolved: dict[tuple[str, str], Resolution] = self.data["resolved"]
        now = {
            (docname, target): self.resolution(docname, target)
            for docname, targets in self.references.items()
            for target in targets
        }
        self.data["resolved"] = now
        return sorted(
            {docname for (docname, target), found in now.items() if resolved.get((docname, target), ()) != found}
        )

    def resolution(self, docname: str, target: str) -> Resolution:
        """Where a reference written on ``docname`` leads."""
        found = self._find(docname, target)
        if found is None:
            return None
        system, target_found = found
        meaning = self.sites()[system].meaning(target_found.meaning.key) or target_found.meaning
        return target_found.docname, target_found.anchor, tooltip(meaning)

    # -- references ------------------------------------------------------------

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        return self._link(builder, fromdocname, target, contnode)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        link = self._link(builder, fromdocname, target, contnode)
        return [] if link is None else [("bml:seq", link)]

    def _link(self, builder: Builder, fromdocname: str, target: str, contnode: nodes.Element) -> nodes.reference | None:
        resolution = self.resolution(fromdocname, target)
        if resolution is None:
            return None
        docname, anchor, title = resolution
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def why_not_found(self, docname: str, target: str) -> str:
        """Why a reference to ``target`` on ``docname`` leads nowhere, in plain words."""
        try:
            reference = parse_reference(target)
        except BMLError as error:  # a link in a meaning or in .bml prose, read only now
            return f"cannot read the sequence '{target}': {error.message}"
        name = short_notation(reference.sequence)
        context = context_label(reference.seat or Seat.ANY, reference.vulnerability or ANY_VULNERABILITY)
        shown = f"{name} ({context})" if context else name
        sites = self.sites()
        if reference.system is not None and reference.system not in sites:
            return f"there is no system named {reference.system!r}: the systems of the site are {self.known_systems()}"
        candidates = self._candidates(docname, reference)
        if len(candidates) > 1:
            spelled = " or ".join(f"{system}:{name}" for system in candidates)
            return (
                f"{shown} is defined in the systems {', '.join(candidates)}, and this page belongs to none of them: "
                f"write {spelled}"
            )
        system = candidates[0] if candidates else (self.systems_of(docname) or list(sites))[0]
        site = sites[system]
        where = f"the system {system}" if len(sites) > 1 else "the site"
        if reference.sequence in site.defined:
            if reference.sequence in site.variants:
                return f"{shown} is only defined for another seat or vulnerability, so this reference is not a link"
            return f"{shown} is only in hidden tables (#HIDE, :hide:), so this reference is not a link"
        return f"no bidding table of {where} defines {shown}, so this reference is not a link"

    def _candidates(self, docname: str, reference: Reference) -> list[str]:
        """The systems a reference may lead into: the one it names, else the
        page's first, else (a page of no system) those that define the sequence."""
        if reference.system is not None:
            return [reference.system] if reference.system in self.sites() else []
        mine = self.systems_of(docname)
        if mine:
            return mine[:1]
        found: dict[tuple[str, str], str] = {}
        for system, site in self.sites().items():
            target = site.target(reference.sequence, reference.seat, reference.vulnerability)
            if target is not None:
                found.setdefault((target.docname, target.anchor), system)
        return list(dict.fromkeys(found.values()))

    def _find(self, docname: str, target: str) -> tuple[str, Target] | None:
        try:
            reference = parse_reference(target)
        except BMLError:  # :any: tries every target; :bml:seq: ones were checked when written
            return None
        candidates = self._candidates(docname, reference)
        if len(candidates) != 1:
            return None
        found = self.sites()[candidates[0]].target(reference.sequence, reference.seat, reference.vulnerability)
        return None if found is None else (candidates[0], found)

    # -- objects ---------------------------------------------------------------

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        sites = self.sites()
        if self._objects is None:  # asked for by the search index and objects.inv: listed once per site
            self._objects = list(self._list_objects(sites))
        yield from self._objects

    def _list_objects(self, sites: dict[str, Site]) -> Iterator[tuple[str, str, str, str, str, int]]:
        listed: dict[str, set[str]] = {}  # by page, the anchors listed
        for system, site in sites.items():
            for key, target in site.targets.items():
                listed_here = listed.setdefault(target.docname, set())
                if target.anchor in listed_here:
                    continue
                listed_here.add(target.anchor)
                found = self.listed(target)
                name, shown = found.name, found.shown
                shown = searchable_name(shown, site.meaning(key) or target.meaning)
                if len(sites) > 1:
                    name, shown = f"{system}:{name}", f"{system}: {shown}"
                yield name, shown, "sequence", target.docname, target.anchor, 1

    def get_full_qualified_name(self, node: nodes.Element) -> str | None:
        return None


#: Characters of a link's tooltip at most: every link to a sequence carries
#: it, so a long meaning linked from many places would multiply the pages.
TOOLTIP_LENGTH = 200


def tooltip(meaning: Meaning) -> str:
    """The meaning as plain text with suit symbols, after the seat and vulnerability
    it is for; its first :data:`TOOLTIP_LENGTH` characters, ended by an ellipsis, when longer."""
    text, context = meaning.plain_text, context_label(meaning.seat, meaning.vulnerability)
    return shortened(f"{context}: {text}" if context and text else text, TOOLTIP_LENGTH)


def bml_domain(env: BuildEnvironment) -> BMLDomain:
    domain = env.domains["bml"]
    assert isinstance(domain, BMLDomain)
    return domain


class NoteAbbreviations(SphinxTransform):
    """The abbreviations the page's prose uses (marked just before, ``reading/abbreviations``,
    and kept in its reading), noted for the glossary."""

    default_priority = 881  # right after MarkAbbreviations

    def apply(self, **kwargs: Any) -> None:
        reading = finished_reading(self.env)
        if reading is not None and reading.abbreviations is not None:
            bml_domain(self.env).note_abbreviations(self.env.docname, reading.abbreviations)


def warn_missing(app: Sphinx, domain: Domain | None, node: pending_xref) -> bool | None:
    """``warn-missing-reference``: a reference that leads nowhere, in plain words, as a ``bml.ref`` warning."""
    if not isinstance(domain, BMLDomain):
        return None
    warn(Kind.REF, domain.why_not_found(str(node.get("refdoc", "")), str(node["reftarget"])), node)
    return True
