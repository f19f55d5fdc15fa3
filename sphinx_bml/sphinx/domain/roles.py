"""The roles: ``:bml:seq:`` links to a sequence (the domain's), ``:bml:`` writes BML in prose.

``:bml:seq:`1N-2C``` (MyST: ``{bml:seq}`1N-2C```) shows ``1NT–2♣`` with
suit symbols, linked to the table row that defines it; in HTML the link's
tooltip is the meaning. The sequence is BML notation, passes optional
(``1N-P-2C`` is ``1N-2C``), opponents' calls in parentheses; ``#SEAT 34``
and ``#VUL Y0`` after it choose a variant (see :mod:`sphinx_bml.language.notation`). An
explicit title works as in other roles, and may hold BML inline markup:
``:bml:seq:`Stayman after 1!c <1C-1D-1N-2C>```. A reference that cannot be
read or found is a ``bml.ref`` warning at its line, and stays text.

``:bml:`after 1!c-1!d, 2N shows 18-19``` writes BML inline markup (suits,
bids, dashes, ``/italic/``, ``*bold*``) in any paragraph.
"""

from __future__ import annotations

from docutils import nodes
from docutils.nodes import Node, system_message
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util.docutils import SphinxRole

from ...language.errors import BMLError, Kind
from ...language.inline import parse_inline
from ...language.notation import Reference, parse_reference
from ...language.shown import written_tokens
from ..diagnostics import warn
from ..nodes.inline import inline_nodes
from ..reading import to_nodes


class InlineRole(SphinxRole):
    """``:bml:`text```: BML inline markup in prose."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        tokens = parse_inline(self.text)
        return [nodes.inline(self.rawtext, "", *to_nodes.inline(tokens), classes=["bml-inline"])], []


class SequenceRole(XRefRole):
    """``:bml:seq:`sequence``` and ``:bml:seq:`title <sequence>```."""

    def __init__(self) -> None:
        super().__init__(innernodeclass=nodes.inline, warn_dangling=True)

    def result_nodes(
        self, document: nodes.document, env: BuildEnvironment, node: nodes.Element, is_ref: bool
    ) -> tuple[list[Node], list[system_message]]:
        text = node.astext() if not is_ref else node["reftarget"]
        try:
            reference = parse_reference(text)
        except BMLError as error:
            warn(Kind.REF, f"cannot read the sequence '{text}': {error.message}", self.get_location())
            reference = None
        if not is_ref:  # :bml:seq:`!1N-2C`: shown, not linked
            return [self._shown(node, node.astext(), False, reference)], []
        inner = node[0]
        assert isinstance(inner, nodes.Element)
        shown = self._shown(inner, inner.astext(), bool(node["refexplicit"]), reference)
        if reference is None:
            return [shown], []
        node["reftarget"] = reference.target
        node.replace(inner, shown)
        return [node], []

    def _shown(self, inner: nodes.Element, title: str, explicit: bool, reference: Reference | None) -> nodes.inline:
        if explicit:  # BML inline markup, as in prose
            children = to_nodes.inline(parse_inline(title))
        elif reference is not None:
            children = written_nodes(reference)
        else:  # cannot be read: as typed
            children = [nodes.Text(title)]
        return nodes.inline(self.rawtext, "", *children, classes=inner["classes"])  # xref bml bml-seq


def written_nodes(reference: Reference) -> list[Node]:
    """The calls of a reference as written, with suit symbols: ``1NT–2♣``, ``1♣–(1♠)–Dbl``."""
    return inline_nodes(written_tokens(reference))
