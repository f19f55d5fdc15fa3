"""Links between a sequence and the tables that continue it, in HTML; links in meanings.

A table that continues a sequence (``1N-2C;``) has its head link back to
the row that describes that sequence, wherever the site has it (the
``bml`` domain's :meth:`.domain.BMLDomain.resolution`,
as a ``:bml:seq:`` reference); a row whose answers are continued in a
table elsewhere links forward to each such table of its system:
"continued: page title" on another page, "continued below" (or "above")
on its own page. The
links are found when a page is resolved (``doctree-resolved``) and kept on
the table node for the HTML visitor: ``continues_uri`` (the URI and the
tooltip of the link back) and ``continued_at`` (row number → a
:class:`Forward` for each table continuing it).

The continuation tables of the whole site are listed once per build
(:func:`continuations`), not once per row. A page's links depend on other
pages: :func:`pages_to_relink` says which to write again the pages whose links may have
changed although their source did not.

A meaning may link to a sequence as prose does (``Stayman, see
:bml:seq:`1N-2C-2D```, a :class:`~sphinx_bml.language.inline.SequenceLink`):
:func:`link_meanings` resolves each such link through the domain when the
page is written, for every builder, and keeps on the table node
``sequence_links`` (the reference → the attributes of the link, as
:func:`sphinx.util.nodes.make_refnode` makes it for this builder); a link
that leads nowhere is the same ``bml.ref`` warning as the role's, at the
row's line, and its text is shown unlinked. The domain notes what a page's
meanings refer to (:func:`~sphinx_bml.sphinx.nodes.meaning_targets`), so that the
page is written again when where they lead changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment
from sphinx.util.nodes import make_refnode

from ...formats.html_tables import Forward
from ...language.errors import Kind, Location
from ...language.notation import any_context, continuation_id, object_name, without_context
from ..diagnostics import warn
from ..nodes import bidtable, row_links
from .domain import bml_domain


class Continued(NamedTuple):
    """A table continuing a sequence: its document, where its head is written, and its head's id."""

    docname: str
    location: Location
    head_id: str


_FOUND: WeakKeyDictionary[Builder, dict[str, list[Continued]]] = WeakKeyDictionary()


def continuations(app: Sphinx) -> dict[str, list[Continued]]:
    """Every table of the site that continues a sequence, by the sequence's anchor at
    any seat and vulnerability; listed once per build (per builder)."""
    found = _FOUND.get(app.builder)
    if found is None:
        found = {}
        for docname, page in sorted(bml_domain(app.env).pages.items()):
            for continuation in page.continued:
                head = continuation_id(continuation.sequences[0])
                for sequence in continuation.sequences:
                    found.setdefault(any_context(sequence), []).append(Continued(docname, continuation.location, head))
        _FOUND[app.builder] = found
    return found


def link_tables(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: for HTML, the links back from continuation tables and forward to them."""
    if app.builder.format != "html":
        return
    tables = list(doctree.findall(bidtable))
    if not tables:
        return
    heads = {str(table["head_id"]): position for position, table in enumerate(tables) if table.get("head_id")}
    for position, table in enumerate(tables):
        if table.get("continues"):
            _link_back(app, table, docname)
        forward = _links_forward(
            app, table, docname, {head: "below" if at > position else "above" for head, at in heads.items()}
        )
        if forward:
            table["continued_at"] = forward


def _link_back(app: Sphinx, table: bidtable, docname: str) -> None:
    domain = bml_domain(app.env)
    for reference in table["continues"]:
        found = domain.resolution(docname, reference)
        if found is None:
            continue
        target, name, title = found
        if target == docname and name in table.anchors[0]:
            return  # the head is where the sequence is shown: no link to itself
        table["continues_uri"] = (f"{app.builder.get_relative_uri(docname, target)}#{name}", title)
        return


def _sharing_a_system(app: Sphinx, docname: str) -> Callable[[str], bool]:
    """Whether another document shares a system with ``docname`` (a document of no system: itself only)."""
    domain = bml_domain(app.env)
    systems = set(domain.systems_of(docname))
    return lambda other: other == docname or not systems.isdisjoint(domain.systems_of(other))


def _links_forward(app: Sphinx, table: bidtable, docname: str, here: dict[str, str]) -> dict[int, list[Forward]]:
    """The links forward of each row of ``table``; ``here``: where each continuation head
    of the page is from this table (head id → ``"below"`` or ``"above"``)."""
    found = continuations(app)
    if not found:
        return {}
    head = table.model.rows[0].location if table.model.continues and table.model.rows else None
    shared = _sharing_a_system(app, docname)
    links: dict[int, list[Forward]] = {}
    for number, names in enumerate(table.anchors):
        places = dict.fromkeys(
            place
            for name in names
            for place in found.get(without_context(name), ())
            if shared(place.docname) and not (number == 0 and place.docname == docname and place.location == head)
        )
        pages: set[str] = set()  # one link a page: a pattern row (1M) may be continued twice there (1H; and 1S;)
        for place in places:
            if place.docname in pages:
                continue
            pages.add(place.docname)
            uri = f"{app.builder.get_relative_uri(docname, place.docname)}#{place.head_id}"
            title = app.env.titles[place.docname].astext() if place.docname in app.env.titles else place.docname
            where = here.get(place.head_id, "below") if place.docname == docname else ""
            links.setdefault(number, []).append(Forward(uri, title, where))
    return links


#: The environment's record of the links between tables, as the pages were last written.
_LINKS = "bml_table_links"


def pages_to_relink(env: BuildEnvironment) -> list[str]:
    """When a table continuing a sequence appears, goes or moves,
    every page with bidding tables is written again (a row on any of them may
    link to it); when the row a continuation table links back to moves, that
    table's page is."""
    domain = bml_domain(env)
    continued = tuple(
        sorted(
            (docname, any_context(sequence))
            for docname, page in domain.pages.items()
            for continuation in page.continued
            for sequence in continuation.sequences
        )
    )
    back = {
        (docname, object_name(continuation.sequences[0], None, None)): domain.resolution(
            docname, object_name(continuation.sequences[0], None, None)
        )
        for docname, page in domain.pages.items()
        for continuation in page.continued
    }
    before = getattr(env, _LINKS, None)
    setattr(env, _LINKS, (continued, back))
    if before is None:
        return []
    if before[0] != continued:
        return sorted(domain.pages)
    return sorted({docname for key, found in back.items() if before[1].get(key) != found for docname in key[:1]})


# --------------------------------------------------------------------------
# Links in meanings

#: The attributes a table's meanings' links get (:func:`make_refnode`).
_REFERENCE_ATTRIBUTES = ("internal", "refuri", "refid", "reftitle")


def link_meanings(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: where the links in the tables' meanings lead, kept on each
    table as ``sequence_links``; each one that leads nowhere is a ``bml.ref`` warning
    at its row, with the domain's reason."""
    domain = bml_domain(app.env)
    for table in doctree.findall(bidtable):
        found: dict[str, dict[str, object]] = {}
        for row, link in row_links(table):
            resolution = domain.resolution(docname, link.target)
            if resolution is None:
                place = f"{row.location.file}:{row.location.line}"
                warn(Kind.REF, domain.why_not_found(docname, link.target), place)
                continue
            target, anchor, title = resolution
            reference = make_refnode(app.builder, docname, target, anchor, nodes.inline(), title)
            found[link.target] = {key: reference[key] for key in _REFERENCE_ATTRIBUTES if key in reference}
        if found:
            table["sequence_links"] = found
