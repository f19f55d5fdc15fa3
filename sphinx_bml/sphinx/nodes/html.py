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

from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.writers.html5 import HTML5Translator

from ...language.inline import Inline, LineBreak, Styled, SuitSymbol, Text
from ...language.model import BidNode
from ...language.notation import SUIT_GLYPHS, SUIT_NAMES
from .. import nodes as bml
from . import diagrams, shown
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
    """The whole table, from its model; the search text it holds is skipped."""
    style = "bml-tree" if node.get("tree", True) else "bml-plain"
    self.body.append(self.starttag(node, "div", CLASS=f"bml-bidtable {style}"))
    context = ", ".join(part for part in (node.get("seat", ""), node.get("vulnerability", "")) if part)
    if context:
        self.body.append(f'<p class="bml-context">{escape(context)}</p>\n')
    _rows(self, node.model.rows, iter(node.anchors), _four_colour(self), shown.smart_quotes(self))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def _rows(
    self: HTML5Translator,
    rows: list[BidNode],
    anchors: Iterator[list[str]],
    four: bool,
    quotes: tuple[str, str] | None,
) -> None:
    """``ul.bml-bids``: each row a ``li.bml-bid`` holding its call, its meaning and its answers.

    A row written as a pattern (``2M``) holds the anchors of all its
    sequences: the first is the ``<li>``'s id, the others empty spans inside
    the call (inside the ``<li>`` they would take places in the row's grid).
    """
    body = self.body
    body.append('<ul class="bml-bids">\n')
    for row in rows:
        ids = next(anchors)
        body.append(f'<li class="bml-bid" id="{self.attval(ids[0])}">' if ids else '<li class="bml-bid">')
        body.append('<span class="bml-call">')
        body.extend(f'<span id="{self.attval(anchor)}"></span>' for anchor in ids[1:])
        _tokens(self, shown.call_tokens(row), four)
        body.append('</span><span class="bml-meaning">')
        _tokens(self, shown.with_smart_quotes(shown.meaning_tokens(row.description.inline), quotes), four)
        body.append("</span>")
        if row.children:
            _rows(self, row.children, anchors, four, quotes)
        body.append("</li>\n")
    body.append("</ul>\n")


def _tokens(self: HTML5Translator, tokens: tuple[Inline, ...], four: bool) -> None:
    """Drawn tokens (:mod:`.shown`): text escaped as the translator escapes text, suits dressed."""
    for token in tokens:
        if isinstance(token, Text):
            self.body.append(self.encode(token.text))
        elif isinstance(token, SuitSymbol):
            self.body.append(suit_html(token.strain.value, four))
        elif isinstance(token, LineBreak):
            self.body.append("<br />")
        elif isinstance(token, Styled):
            shown.styled_node(token).walkabout(self)


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
    bml.bidtable: (visit_bidtable, _nothing),
    bml.suit: (visit_suit, _nothing),
    bml.linebreak: (visit_linebreak, _nothing),
    bml.deal: (visit_deal, _nothing),
    bml.auction: (visit_auction, _nothing),
}
