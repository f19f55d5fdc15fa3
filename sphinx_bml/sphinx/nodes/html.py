"""HTML for the sphinx-bml nodes, and the stylesheet that goes with it.

Semantic markup, styled by ``static/bml.css`` (no images, no scripts):

* a bidding table is nested lists: ``div.bml-bidtable`` > ``ul.bml-bids`` >
  ``li.bml-bid`` holding ``span.bml-call``, ``span.bml-meaning`` and the
  ``ul.bml-bids`` of the answers; ``bml-tree`` or ``bml-plain`` on the table
  chooses connecting lines or plain indentation;
* a suit is its symbol as text, so that copying and searching work, with a
  class for its colour and a name for screen readers:
  ``<span class="bml-suit bml-hearts" role="img" aria-label="hearts">♥</span>``
  (with ``bml_four_colour``, also ``bml-four-colour``);
* a deal is a compass (``div.bml-deal``, a CSS grid) of four hands around
  the header facts; an auction is a ``table.bml-auction``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.writers.html5 import HTML5Translator

from ...language.notation import SUIT_GLYPHS, SUIT_NAMES
from .. import nodes as bml
from . import diagrams
from .diagrams import AUCTION_SEATS, COMPASS

STYLESHEET = Path(__file__).parent / "static" / "bml.css"
_SYMBOL_SUITS = {symbol: letter for letter, symbol in SUIT_GLYPHS.items()}


def add_stylesheet(app: Sphinx, config: Config) -> None:
    """``config-inited``: ship ``bml.css`` to ``_static`` (the pages link it, see ``setup``).

    It goes first, so that a ``bml.css`` of the project's own static files replaces it.
    """
    config.html_static_path.insert(0, str(STYLESHEET))


# --------------------------------------------------------------------------
# Pieces


def suit_html(letter: str, four_colour: bool) -> str:
    name = SUIT_NAMES[letter]
    classes = f"bml-suit bml-{name}" + (" bml-four-colour" if four_colour else "")
    return f'<span class="{classes}" role="img" aria-label="{name}">{SUIT_GLYPHS[letter]}</span>'


def text_html(text: str, four_colour: bool) -> str:
    """Plain text, escaped, its suit symbols dressed as :func:`suit_html`."""
    return "".join(
        suit_html(_SYMBOL_SUITS[char], four_colour) if char in _SYMBOL_SUITS else escape(char, quote=False)
        for char in text
    )


def _four_colour(translator: HTML5Translator) -> bool:
    return bool(translator.config.bml_four_colour)


# --------------------------------------------------------------------------
# Bidding tables


def visit_bidtable(self: HTML5Translator, node: bml.bidtable) -> None:
    style = "bml-tree" if node.get("tree", True) else "bml-plain"
    self.body.append(self.starttag(node, "div", CLASS=f"bml-bidtable {style}"))
    context = ", ".join(part for part in (node.get("seat", ""), node.get("vulnerability", "")) if part)
    if context:
        self.body.append(f'<p class="bml-context">{escape(context)}</p>\n')


def depart_bidtable(self: HTML5Translator, node: bml.bidtable) -> None:
    self.body.append("</div>\n")


def visit_bidrows(self: HTML5Translator, node: bml.bidrows) -> None:
    self.body.append(self.starttag(node, "ul", CLASS="bml-bids"))


def depart_bidrows(self: HTML5Translator, node: bml.bidrows) -> None:
    self.body.append("</ul>\n")


def visit_bidrow(self: HTML5Translator, node: bml.bidrow) -> None:
    # A row written as a pattern (2M) holds the anchors of all its sequences.
    # docutils would write the ids after the first as empty spans inside the
    # <li>, where they would take places in the row's grid: they go into the
    # call instead (see visit_bidcall).
    ids = node["ids"]
    node["ids"] = ids[:1]
    try:
        self.body.append(self.starttag(node, "li", "", CLASS="bml-bid"))
    finally:
        node["ids"] = ids


def depart_bidrow(self: HTML5Translator, node: bml.bidrow) -> None:
    self.body.append("</li>\n")


def visit_bidcall(self: HTML5Translator, node: bml.bidcall) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="bml-call"))
    row = node.parent
    if isinstance(row, bml.bidrow):
        self.body.extend(f'<span id="{anchor}"></span>' for anchor in row["ids"][1:])


def visit_bidmeaning(self: HTML5Translator, node: bml.bidmeaning) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="bml-meaning"))


def depart_span(self: HTML5Translator, node: bml.bidcall | bml.bidmeaning) -> None:
    self.body.append("</span>")


def visit_suit(self: HTML5Translator, node: bml.suit) -> None:
    self.body.append(suit_html(node["suit"], _four_colour(self)))
    raise nodes.SkipNode


def visit_linebreak(self: HTML5Translator, node: bml.linebreak) -> None:
    self.body.append("<br />")
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Deals and auctions


def visit_deal(self: HTML5Translator, node: bml.deal) -> None:
    four, deal = _four_colour(self), node.model
    group: dict[str, Any] = {"role": "group", "aria-label": "deal"}
    html = [self.starttag(node, "div", CLASS="bml-deal", **group)]
    for css, lines in (("bml-deal-facts", diagrams.deal_facts(deal)), ("bml-deal-play", diagrams.deal_play(deal))):
        if lines:
            items = "".join(f"<li>{text_html(line, four)}</li>" for line in lines)
            html.append(f'<ul class="{css}">{items}</ul>\n')
    for seat in COMPASS:
        if seat in deal.hands:
            name = seat.label
            items = "".join(f"<li>{text_html(line, four)}</li>" for line in diagrams.hand_lines(deal.hands[seat]))
            html.append(f'<ul class="bml-hand bml-{name.lower()}" aria-label="{name}">{items}</ul>\n')
    compass = "".join(f'<span class="bml-compass-{seat.value.lower()}">{seat.value}</span>' for seat in COMPASS)
    html.append(f'<div class="bml-compass" aria-hidden="true">{compass}</div>\n</div>\n')
    self.body.append("".join(html))
    raise nodes.SkipNode


def visit_auction(self: HTML5Translator, node: bml.auction) -> None:
    four = _four_colour(self)
    html = [self.starttag(node, "table", CLASS="bml-auction")]
    heads = "".join(f'<th scope="col">{seat.label}</th>' for seat in AUCTION_SEATS)
    html.append(f"<thead><tr>{heads}</tr></thead>\n<tbody>\n")
    for row in diagrams.auction_cells(node.model):
        cells = [text_html(cell, four) for cell in row]
        cells += [""] * (len(AUCTION_SEATS) - len(cells))
        html.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>\n")
    html.append("</tbody>\n</table>\n")
    self.body.append("".join(html))
    raise nodes.SkipNode


def _nothing(self: HTML5Translator, node: nodes.Element) -> None:
    pass


Visitor = Callable[[Any, Any], None]
VISITORS: dict[type[nodes.Element], tuple[Visitor, Visitor]] = {
    bml.bidtable: (visit_bidtable, depart_bidtable),
    bml.bidrows: (visit_bidrows, depart_bidrows),
    bml.bidrow: (visit_bidrow, depart_bidrow),
    bml.bidcall: (visit_bidcall, depart_span),
    bml.bidmeaning: (visit_bidmeaning, depart_span),
    bml.suit: (visit_suit, _nothing),
    bml.linebreak: (visit_linebreak, _nothing),
    bml.deal: (visit_deal, _nothing),
    bml.auction: (visit_auction, _nothing),
}
