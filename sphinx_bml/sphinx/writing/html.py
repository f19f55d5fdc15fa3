"""HTML for the sphinx-bml nodes, and the stylesheet that goes with it.

The markup is drawn by :mod:`sphinx_bml.formats.html_tables`, which the
playground draws with too; this module hands it each node's model and the
site's settings. Semantic markup, styled by ``static/bml.css`` (no images, no scripts):

* a bidding table is nested lists: ``div.bml-bidtable`` > ``ul.bml-bids`` >
  ``li.bml-bid`` holding ``span.bml-call``, ``span.bml-meaning`` and the
  ``ul.bml-bids`` of the answers; ``bml-tree`` or ``bml-plain`` on the table
  chooses connecting lines or plain indentation; an alertable call ends with
  ``sup.bml-alert``, a hand condition is ``span.bml-condition`` at the end of
  the meaning, a row with an anchor has a permalink (``a.headerlink``) and the
  row a link lands on is highlighted (``:target``); with ``bml_collapsible``,
  a row with answers is a ``<details open>`` (``bml-collapsible`` on the table);
* a suit is its symbol as text, so that copying and searching work, with a
  class for its colour and a name for screen readers:
  ``<span class="bml-suit bml-hearts" role="img" aria-label="hearts">♥</span>``
  (with ``bml_four_colour``, also ``bml-four-colour``);
* a deal is a compass (``div.bml-deal``, a CSS grid) of four hands around
  the header facts; an auction is a ``table.bml-auction``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.writers.html5 import HTML5Translator

from ...formats.html_tables import (
    Drawing,
    auction_html,
    deal_html,
    suit_html,
    table_classes,
    table_inside,
)
from .. import nodes as bml
from ..config import site_abbreviations
from .meanings import educator, smart_quotes

STYLESHEET = Path(__file__).parent / "static" / "bml.css"
#: Fits each page of the convention card on one sheet when it is printed (``bml-convention-card``).
CARD_SCRIPT = STYLESHEET.parent / "bml-card.js"


def add_stylesheet(app: Sphinx, config: Config) -> None:
    """``config-inited``: ship ``bml.css`` to ``_static`` (the pages link it, see ``setup``).

    It goes first, so that a ``bml.css`` of the project's own static files replaces it.
    """
    config.html_static_path.insert(0, str(STYLESHEET))
    config.html_static_path.insert(0, str(CARD_SCRIPT))


def card_script(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: the card's script on the pages that show a convention card."""
    if doctree is not None and any(
        "bml-convention-card" in node["classes"] for node in doctree.findall(nodes.container)
    ):
        app.add_js_file(CARD_SCRIPT.name, loading_method="defer")


# --------------------------------------------------------------------------
# The nodes, drawn by :mod:`sphinx_bml.formats.html_tables` (the playground draws with it too)


def _four_colour(translator: HTML5Translator) -> bool:
    return bool(translator.config.bml_four_colour)


def visit_bidtable(self: HTML5Translator, node: bml.bidtable) -> None:
    """The whole table, from its model; the search text it holds is skipped."""
    drawing = drawing_of(self, node)
    self.body.append(self.starttag(node, "div", CLASS=table_classes(node.get("tree", True), drawing)))
    self.body.append(table_inside(node.get("context", ""), node.model.rows, node.anchors, drawing))
    self.body.append("</div>\n")
    for row in bml.rows_in_order(node.model.rows):  # drawn: the page's copies of itself need the room more
        row.description.let_go()
    raise nodes.SkipNode


def drawing_of(self: HTML5Translator, node: bml.bidtable) -> Drawing:
    """How a table is drawn: the site's settings, the directive's options, the links made when the page was resolved."""
    config = self.config
    collapsible = node.get("collapsible")
    back = node.get("continues_uri")
    return Drawing(
        four=_four_colour(self),
        quotes=educator(smart_quotes(self)),
        abbreviations=site_abbreviations(config),
        conditions=bool(config.bml_show_conditions),
        collapsible=bool(config.bml_collapsible if collapsible is None else collapsible),
        back=tuple(back) if back else None,
        forward=node.get("continued_at", {}),
        head_id=str(node.get("head_id", "")),
        links=node.get("sequence_links", {}),
        changed=frozenset(node.get("changed_since", ())),
    )


def visit_suit(self: HTML5Translator, node: bml.suit) -> None:
    self.body.append(suit_html(node["suit"], _four_colour(self)))
    raise nodes.SkipNode


def visit_linebreak(self: HTML5Translator, node: bml.linebreak) -> None:
    self.body.append("<br />")
    raise nodes.SkipNode


def visit_deal(self: HTML5Translator, node: bml.deal) -> None:
    group: dict[str, Any] = {"role": "group", "aria-label": "deal"}
    self.body.append(deal_html(node.model, _four_colour(self), self.starttag(node, "div", CLASS="bml-deal", **group)))
    raise nodes.SkipNode


def visit_auction(self: HTML5Translator, node: bml.auction) -> None:
    self.body.append(auction_html(node.model, _four_colour(self), self.starttag(node, "table", CLASS="bml-auction")))
    raise nodes.SkipNode


VISITORS: dict[type[nodes.Element], tuple[bml.Visitor, bml.Visitor]] = {
    bml.bidtable: (visit_bidtable, bml.depart_nothing),
    bml.suit: (visit_suit, bml.depart_nothing),
    bml.linebreak: (visit_linebreak, bml.depart_nothing),
    bml.deal: (visit_deal, bml.depart_nothing),
    bml.auction: (visit_auction, bml.depart_nothing),
}
