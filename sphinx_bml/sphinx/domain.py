"""The ``bml`` domain: every sequence of the system, as an object to link to.

Each concrete sequence (after the expansion of ``2M``, ``1step`` and the
like), at its seat and vulnerability, is an object of type ``sequence``,
anchored on the table row that defines it (see :func:`.sequences.anchor`).

The domain keeps, per document, what the page defines
(:class:`.PageSequences`) and the sequences its ``:bml:seq:`` roles refer
to; it forgets a document when it is read again or removed, and merges what
parallel readers found. Once per build it puts the pages together in site
order (:class:`.Site`) to resolve references, fill the sequence index and
check the notes (:mod:`.checks`).

A reference is resolved when its page is written, so when a change to one
page moves or changes what a reference on another page points to, that
other page is written again (:meth:`BMLDomain.pages_to_rewrite`, on
``env-get-updated``) although its source did not change.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from functools import lru_cache
from typing import Any, ClassVar

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, Index, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from ..language.errors import BMLError
from ..language.model import ANY_VULNERABILITY, Seat, Vulnerability
from . import nodes as bml
from .builders import toctree_order
from .checks import check_site
from .definitions import Continuation, Definition, PageSequences, Site, SiteKey
from .diagnostics import WARNING_TYPE
from .reading import finished_reading
from .roles import SequenceRole, tooltip
from .sequence_index import SequenceIndex
from .sequences import context_label, from_notation, object_name, parse_reference, short_notation

logger = logging.getLogger(__name__)

#: Where a reference leads: document, anchor and tooltip (``None``: nowhere).
Resolution = tuple[str, str, str] | None


class BMLDomain(Domain):
    """Bidding sequences: ``:bml:seq:`` references, the sequence index, the checks."""

    name = "bml"
    label = "BML"
    object_types: ClassVar[dict[str, ObjType]] = {"sequence": ObjType("bidding sequence", "seq")}
    roles: ClassVar[dict[str, Any]] = {"seq": SequenceRole()}
    indices: ClassVar[list[type[Index]]] = [SequenceIndex]
    initial_data: ClassVar[dict[str, Any]] = {
        "pages": {},  # docname -> PageSequences, for documents with bidding tables
        "references": {},  # docname -> the targets of its :bml:seq: roles
        "resolved": {},  # target -> Resolution, as the pages were last written
    }
    data_version = 1

    def __init__(self, env: BuildEnvironment) -> None:
        super().__init__(env)
        self._site: Site | None = None

    @property
    def pages(self) -> dict[str, PageSequences]:
        pages: dict[str, PageSequences] = self.data["pages"]
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
            for docname in docnames:
                if docname in theirs:
                    ours[docname] = theirs[docname]
        self._site = None

    def process_doc(self, env: BuildEnvironment, docname: str, document: nodes.document) -> None:
        self._site = None  # a toctree may have changed the site order too
        targets = {str(node["reftarget"]) for node in document.findall(pending_xref) if node.get("refdomain") == "bml"}
        if targets:
            self.references[docname] = targets
        reading = finished_reading(env)
        if reading is None:
            return
        anchors = {anchor for row in document.findall(bml.bidrow) for anchor in row["ids"]}
        page = PageSequences(
            [Definition.of(meaning, anchors) for meaning in reading.system],
            [Definition.of(meaning, set()) for meaning in reading.system.overruled],
            [Continuation.of(keys, location) for keys, location in reading.continued],
        )
        if page.definitions or page.continued:
            self.pages[docname] = page

    # -- the site --------------------------------------------------------------

    def site(self) -> Site:
        """The pages in site order, put together once until a document changes."""
        if self._site is None:
            self._site = Site.build(site_order(self.env), self.pages)
        return self._site

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
        docname, definition = found
        return docname, definition.anchor, tooltip(self.site().meaning(definition.key) or definition)

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
        notation = reference.sequence.notation()
        if any(key[0] == notation for key in self.site().standing):
            if notation in self.site().variants:
                return f"{shown} is only defined for another seat or vulnerability, so this reference is not a link"
            return f"{shown} is only in hidden tables (#HIDE, :hide:), so this reference is not a link"
        return f"no bidding table of the site defines {shown}, so this reference is not a link"

    def _find(self, target: str) -> tuple[str, Definition] | None:
        try:
            reference = parse_reference(target)
        except BMLError:  # :any: tries every target; :bml:seq: ones were checked when written
            return None
        seat = None if reference.seat is None else reference.seat.value
        vulnerability = None if reference.vulnerability is None else reference.vulnerability.code
        return self.site().target(reference.sequence.notation(), seat, vulnerability)

    # -- objects ---------------------------------------------------------------

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for key, (docname, definition) in self.site().targets.items():
            name, shown = _names(key)
            yield name, shown, "sequence", docname, definition.anchor, 1

    def get_full_qualified_name(self, node: nodes.Element) -> str | None:
        return None


@lru_cache(maxsize=1 << 16)
def _names(key: SiteKey) -> tuple[str, str]:
    """The name of a sequence in ``objects.inv`` (``1NT#SEAT34``) and as shown (``1NT #SEAT 34``)."""
    notation, seat, vulnerability = key
    name = object_name(from_notation(notation), Seat(seat), Vulnerability.parse(vulnerability))
    return name, name.replace("#SEAT", " #SEAT ").replace("#VUL", " #VUL ")


def site_order(env: BuildEnvironment) -> list[str]:
    """The documents in site order: the toctree order from the root document,
    as the ``bss`` builder writes them, then the others by name."""
    order = toctree_order(env, env.config.root_doc)
    listed = set(order)
    return order + sorted(docname for docname in env.found_docs if docname not in listed)


def pages_to_rewrite(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-get-updated``: see :meth:`BMLDomain.pages_to_rewrite`."""
    domain = env.domains["bml"]
    assert isinstance(domain, BMLDomain)
    return domain.pages_to_rewrite()


def warn_missing(app: Sphinx, domain: Domain | None, node: pending_xref) -> bool | None:
    """``warn-missing-reference``: a reference that leads nowhere, in plain words, as a ``bml.ref`` warning."""
    if not isinstance(domain, BMLDomain):
        return None
    logger.warning(domain.why_not_found(str(node["reftarget"])), type=WARNING_TYPE, subtype="ref", location=node)
    return True
