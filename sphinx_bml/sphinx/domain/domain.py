"""The ``bml`` domain: the only store of the site's bidding system.

Per document it keeps a :class:`~sphinx_bml.language.site.Page` (what the
document's bidding tables define, its metadata) and the targets of its
``:bml:seq:`` references; it forgets a document when it is read again or
removed, and merges what parallel readers found. Everything else is asked
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

from collections.abc import Iterable, Iterator, Set
from functools import lru_cache
from typing import Any, ClassVar

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.util.nodes import make_refnode

from ...language.calls import Sequence
from ...language.errors import BMLError, Kind
from ...language.model import ANY_VULNERABILITY, Seat
from ...language.notation import call_label, context_label, label, object_name, parse_reference, short_notation
from ...language.site import Page, Site, Target, by_opening, opening, toctree_order
from ...language.system import Key, Meaning
from .. import nodes as bml
from ..diagnostics import warn
from ..reading.roles import SequenceRole
from ..reading.state import finished_reading
from .checks import check_site

#: Where a reference leads: document, anchor and tooltip (``None``: nowhere).
Resolution = tuple[str, str, str] | None


class SequenceIndex(Index):
    """The "Bidding sequences" page: every sequence shown in the notes, by opening.

    Sphinx names a domain index ``<domain>-<index>``: the page is
    ``bml-sequences.html`` and ``:ref:`bml-sequences``` links to it. It lists
    each sequence the notes show, with its meaning and a link to its row,
    grouped by the opening (the first call that is not a pass; the opponents'
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
        site = self.domain.site()
        keys = [key for key, target in site.targets.items() if wanted is None or target.docname in wanted]
        content = []
        for group in by_opening(keys):
            entries = []
            for key in group:
                target = site.targets[key]
                meaning = site.meaning(key) or target.meaning
                context = context_label(key[0], key[1])
                entries.append(
                    IndexEntry(label(key[2]), 0, target.docname, target.anchor, context, "", meaning.plain_text)
                )
            heading, alone = _opening(group[0][2])
            if len(entries) > 1 and alone:
                entries = [entries[0]._replace(subtype=1), *(entry._replace(subtype=2) for entry in entries[1:])]
            content.append((heading, entries))
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
        "resolved": {},  # target -> Resolution, as the pages were last written
    }
    data_version = 2

    def __init__(self, env: BuildEnvironment) -> None:
        super().__init__(env)
        self._site: Site | None = None

    @property
    def pages(self) -> dict[str, Page]:
        pages: dict[str, Page] = self.data["pages"]
        return pages

    @property
    def references(self) -> dict[str, set[str]]:
        references: dict[str, set[str]] = self.data["references"]
        return references

    # -- keeping the data ----------------------------------------------------

    def clear_doc(self, docname: str) -> None:
        self.pages.pop(docname, None)
        self.references.pop(docname, None)
        self._site = None

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for key in ("pages", "references"):
            ours, theirs = self.data[key], otherdata[key]
            ours.update((docname, theirs[docname]) for docname in docnames if docname in theirs)
        self._site = None

    def process_doc(self, env: BuildEnvironment, docname: str, document: nodes.document) -> None:
        self._site = None  # a toctree may have changed the site order too
        targets = {str(node["reftarget"]) for node in document.findall(pending_xref) if node.get("refdomain") == "bml"}
        if targets:
            self.references[docname] = targets
        reading = finished_reading(env)
        if reading is None:
            return
        page = Page(
            tuple(reading.system),
            tuple(reading.system.overruled),
            tuple(reading.continued),
            frozenset(bml.shown_anchors(document)),
            tuple(reading.metadata.values.items()),
        )
        if page:
            self.pages[docname] = page

    # -- the site --------------------------------------------------------------

    def site(self) -> Site:
        """The pages in toctree order, put together once until a document changes."""
        if self._site is None:
            order = toctree_order(self.env.config.root_doc, self.env.toctree_includes, self.env.found_docs)
            self._site = Site.build(order, self.pages)
        return self._site

    def metadata(self, docname: str) -> dict[str, str]:
        """The ``#+KEY`` values of a document (``TITLE``, ``DESCRIPTION`` ...)."""
        return dict(self.pages.get(docname, Page()).metadata)

    def check_consistency(self) -> None:
        check_site(self.site(), str(self.env.srcdir))

    def pages_to_rewrite(self) -> list[str]:
        """The documents whose references lead elsewhere than when they were last written."""
        resolved: dict[str, Resolution] = self.data["resolved"]
        now = {target: self.resolution(target) for targets in self.references.values() for target in targets}
        changed = {target for target, resolution in now.items() if resolved.get(target, ()) != resolution}
        self.data["resolved"] = now
        return sorted(docname for docname, targets in self.references.items() if targets & changed)

    def resolution(self, target: str) -> Resolution:
        found = self._find(target)
        if found is None:
            return None
        return found.docname, found.anchor, tooltip(self.site().meaning(found.meaning.key) or found.meaning)

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
        resolution = self.resolution(target)
        if resolution is None:
            return None
        docname, anchor, title = resolution
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def why_not_found(self, target: str) -> str:
        """Why a reference to ``target`` leads nowhere, in plain words."""
        reference = parse_reference(target)
        name = short_notation(reference.sequence)
        context = context_label(reference.seat or Seat.ANY, reference.vulnerability or ANY_VULNERABILITY)
        shown = f"{name} ({context})" if context else name
        site = self.site()
        if reference.sequence in site.defined:
            if reference.sequence in site.variants:
                return f"{shown} is only defined for another seat or vulnerability, so this reference is not a link"
            return f"{shown} is only in hidden tables (#HIDE, :hide:), so this reference is not a link"
        return f"no bidding table of the site defines {shown}, so this reference is not a link"

    def _find(self, target: str) -> Target | None:
        try:
            reference = parse_reference(target)
        except BMLError:  # :any: tries every target; :bml:seq: ones were checked when written
            return None
        return self.site().target(reference.sequence, reference.seat, reference.vulnerability)

    # -- objects ---------------------------------------------------------------

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for key, target in self.site().targets.items():
            name, shown = _names(key)
            yield name, shown, "sequence", target.docname, target.anchor, 1

    def get_full_qualified_name(self, node: nodes.Element) -> str | None:
        return None


@lru_cache(maxsize=1 << 16)
def _names(key: Key) -> tuple[str, str]:
    """The name of a sequence in ``objects.inv`` (``1NT#SEAT34``) and as shown (``1NT #SEAT 34``)."""
    seat, vulnerability, sequence = key
    name = object_name(sequence, seat, vulnerability)
    return name, name.replace("#SEAT", " #SEAT ").replace("#VUL", " #VUL ")


def tooltip(meaning: Meaning) -> str:
    """The meaning as plain text with suit symbols, after the seat and vulnerability it is for."""
    text, context = meaning.plain_text, context_label(meaning.seat, meaning.vulnerability)
    return f"{context}: {text}" if context and text else text


def bml_domain(env: BuildEnvironment) -> BMLDomain:
    domain = env.domains["bml"]
    assert isinstance(domain, BMLDomain)
    return domain


def pages_to_rewrite(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-get-updated``: see :meth:`BMLDomain.pages_to_rewrite`."""
    return bml_domain(env).pages_to_rewrite()


def warn_missing(app: Sphinx, domain: Domain | None, node: pending_xref) -> bool | None:
    """``warn-missing-reference``: a reference that leads nowhere, in plain words, as a ``bml.ref`` warning."""
    if not isinstance(domain, BMLDomain):
        return None
    warn(Kind.REF, domain.why_not_found(str(node["reftarget"])), node)
    return True
