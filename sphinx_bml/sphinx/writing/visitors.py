"""Which output formats draw the sphinx-bml nodes themselves, and with which visitors.

One map, read twice: :func:`sphinx_bml.setup` registers each format's visitors
with ``app.add_node``, and :mod:`.fallback` gives standard nodes to every
builder whose format is not in it.
"""

from __future__ import annotations

from docutils import nodes

from .. import nodes as bml
from . import html, latex, text

#: Each output format with visitors → each sphinx-bml node → its visit and departure functions.
VISITORS: dict[str, dict[type[nodes.Element], tuple[bml.Visitor, bml.Visitor | None]]] = {
    "html": dict(html.VISITORS),
    "latex": latex.VISITORS,
    "text": dict(text.VISITORS),
}


def node_visitors(node: type[nodes.Element]) -> dict[str, tuple[bml.Visitor, bml.Visitor | None]]:
    """The visitors of ``node`` by output format, as ``app.add_node`` takes them."""
    return {fmt: visitors[node] for fmt, visitors in VISITORS.items()}
