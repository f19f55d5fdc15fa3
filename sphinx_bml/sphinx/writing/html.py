"""HTML for the sphinx-bml nodes, and the stylesheet that goes with it.

Semantic markup, styled by ``static/bml.css`` (no images, no scripts):

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

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.writers.html5 import HTML5Translator

from ...language import diagrams, shown
from ...language.abbreviations import Abbreviation
from ...language.diagrams import COMPASS
from ...language.inline import LineBreak, SequenceLink, Styled, SuitSymbol, Text
from ...language.model import AUCTION_SEATS, BidNode, TableCall
from ...language.suits import GLYPH_LETTERS, SUIT_GLYPHS, SUIT_NAMES
from .. import nodes as bml
from ..config import site_abbreviations
from ..domain.links import Forward
from ..nodes.inline import styled_node
from .meanings import smart_quotes, with_smart_quotes

STYLESHEET = Path(__file__).parent / "static" / "bml.css"
#: Fits each page of the convention card on one sheet when it is printed (``bml-convention-card``).
CARD_SCRIPT = STYLESHEET.parent / "bml-card.js"
#: What a row's permalink says; its sign, ``¶``, is the stylesheet's (``::before``): not copied with the text.
PERMALINK = "Link to this sequence"


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
# Pieces


@lru_cache(maxsize=16)
def suit_html(letter: str, four_colour: bool) -> str:
    name = SUIT_NAMES[letter]
    classes = f"bml-suit bml-{name}" + (" bml-four-colour" if four_colour else "")
    return f'<span class="{classes}" role="img" aria-label="{name}">{SUIT_GLYPHS[letter]}</span>'


def text_html(text: str, four_colour: bool) -> str:
    """Plain text, escaped, its suit symbols dressed as :func:`suit_html`."""
    return "".join(
        suit_html(GLYPH_LETTERS[char], four_colour) if char in GLYPH_LETTERS else escape(char, quote=False)
        for char in text
    )


def _four_colour(translator: HTML5Translator) -> bool:
    return bool(translator.config.bml_four_colour)


# --------------------------------------------------------------------------
# Bidding tables


def visit_bidtable(self: HTML5Translator, node: bml.bidtable) -> None:
    """The whole table, from its model; the search text it holds is skipped."""
    style = "bml-tree" if node.get("tree", True) else "bml-plain"
    drawing = Drawing.of(self, node)
    classes = f"bml-bidtable {style}" + (" bml-collapsible" if drawing.collapsible else "")
    self.body.append(self.starttag(node, "div", CLASS=classes))
    context = node.get("context", "")
    if context:
        self.body.append(f'<p class="bml-context">{escape(context)}</p>\n')
    page, self.body = self.body, []  # the table's many small pieces joined at once: one string on the page
    try:
        _rows(self, node.model.rows, iter(enumerate(node.anchors)), drawing)
        table = "".join(self.body)
    finally:
        self.body = page
    page.append(table)
    page.append("</div>\n")
    for row in bml.rows_in_order(node.model.rows):  # drawn: the page's copies of itself need the room more
        row.description.let_go()
    raise nodes.SkipNode


@dataclass(frozen=True)
class Drawing:
    """How the rows of one table are drawn: the settings, and the links made when the page was resolved."""

    four: bool
    quotes: tuple[str, str] | None
    abbreviations: dict[str, str]
    conditions: bool
    collapsible: bool
    #: the head of a continuation table: where its sequence is described, and the tooltip (``domain/links``)
    back: tuple[str, str] | None
    #: row number → the continuation tables of its sequence elsewhere: (URI, page title)
    forward: dict[int, list[Forward]]
    #: the id a continuation table's head carries, for the links forward to land on
    head_id: str
    #: where the links in the meanings lead: reference → the link's attributes (``domain/links``)
    links: dict[str, dict[str, object]]
    #: the numbers of the rows changed since ``bml_changed_since`` (``whole_site/changes``)
    changed: frozenset[int] = frozenset()
    #: the translator's ``attval`` for an anchor (:func:`_id_writer`)
    id_value: Callable[[str], str] = str

    @classmethod
    def of(cls, self: HTML5Translator, node: bml.bidtable) -> Drawing:
        config = self.config
        collapsible = node.get("collapsible")
        back = node.get("continues_uri")
        return cls(
            four=_four_colour(self),
            quotes=smart_quotes(self),
            abbreviations=site_abbreviations(config),
            conditions=bool(config.bml_show_conditions),
            collapsible=bool(config.bml_collapsible if collapsible is None else collapsible),
            back=tuple(back) if back else None,
            forward=node.get("continued_at", {}),
            head_id=str(node.get("head_id", "")),
            links=node.get("sequence_links", {}),
            changed=frozenset(node.get("changed_since", ())),
            id_value=_id_writer(self),
        )


#: What an anchor is made of (:func:`~sphinx_bml.language.notation.anchor`): nothing for ``attval`` to change.
_PLAIN_ID = re.compile(r"[a-z0-9-]*")


def _id_writer(self: HTML5Translator) -> Callable[[str], str]:
    """The translator's ``attval`` for the rows' anchors: where it is docutils' own (and no
    e-mail address is being written), an anchor of letters, digits and dashes is its value
    as it is, without the escaping (one translation per anchor of every row)."""
    if type(self).attval is not HTML5Translator.attval or type(self).encode is not HTML5Translator.encode:
        return self.attval
    if self.in_mailto:
        return self.attval
    attval = self.attval
    return lambda name: name if _PLAIN_ID.fullmatch(name) else attval(name)


def _rows(
    self: HTML5Translator,
    rows: list[BidNode],
    anchors: Iterator[tuple[int, tuple[str, ...]]],
    drawing: Drawing,
) -> None:
    """``ul.bml-bids``: each row a ``li.bml-bid`` holding its call, its meaning and its answers.

    A row written as a pattern (``2M``) holds the anchors of all its
    sequences: the first is the ``<li>``'s id, the others empty spans inside
    the call (inside the ``<li>`` they would take places in the row's grid).
    A row with an anchor ends its meaning with a permalink (``a.headerlink``,
    shown on hover, as Sphinx's headings; its ``¶`` drawn by the stylesheet, so
    that copying a table copies no ``¶``). With ``collapsible``, a row with
    answers holds a ``<details open>``: its ``<summary>`` the call and the
    meaning, then the answers.
    """
    body = self.body
    body.append('<ul class="bml-bids">\n')
    for row in rows:
        number, ids = next(anchors)
        classes = "bml-bid bml-changed-since" if number in drawing.changed else "bml-bid"
        own = drawing.id_value(ids[0]) if ids else ""  # the row's id, for the row and its permalink
        body.append(f'<li class="{classes}" id="{own}">' if ids else f'<li class="{classes}">')
        folding = drawing.collapsible and bool(row.children)
        if folding:
            body.append('<details class="bml-fold" open="open"><summary>')
        _call(self, row, ids, number, drawing)
        body.append('<span class="bml-meaning">')
        tokens = with_smart_quotes(shown.drawn_meaning(row.description.text), drawing.quotes)
        _tokens(self, shown.with_abbreviations(tokens, drawing.abbreviations), drawing.four, drawing.links)
        if ids:
            body.append(f'<a class="headerlink" href="#{own}" title="{PERMALINK}" aria-label="{PERMALINK}"></a>')
        places = drawing.forward.get(number)
        if places:
            _continued(self, places)
        condition = shown.condition_text(row) if drawing.conditions else ""
        if condition:
            body.append(f'<span class="bml-condition">{text_html(condition, drawing.four)}</span>')
        body.append("</span>")
        if folding:
            body.append("</summary>")
        if row.children:
            _rows(self, row.children, anchors, drawing)
        if folding:
            body.append("</details>")
        body.append("</li>\n")
    body.append("</ul>\n")


def _continued(self: HTML5Translator, places: list[Forward]) -> None:
    """``span.bml-continued``: a small line linking to the tables that continue the row's sequence:
    "continued below" (or "above") on this page, "continued: page title" on another."""
    if not places:
        return
    here = [f'<a href="{self.attval(place.uri)}">{place.here}</a>' for place in places if place.here]
    elsewhere = [
        f'<a href="{self.attval(place.uri)}">{self.encode(place.title)}</a>' for place in places if not place.here
    ]
    words = "continued " + " and ".join(here) if here else "continued"
    if elsewhere:
        words += (" and on: " if here else ": ") + ", ".join(elsewhere)
    self.body.append(f'<span class="bml-continued">{words}</span>')


def _call(self: HTML5Translator, row: BidNode, ids: tuple[str, ...], number: int, drawing: Drawing) -> None:
    """``span.bml-call``: the extra anchors of a pattern row, the call (a link back, on a
    continuation table's head), the alert mark."""
    body = self.body
    body.append('<span class="bml-call">')
    body.extend(f'<span id="{drawing.id_value(anchor)}"></span>' for anchor in ids[1:])
    back = drawing.back if number == 0 else None
    if number == 0 and drawing.head_id:
        body.append(f'<span id="{self.attval(drawing.head_id)}"></span>')
    if back is not None:
        uri, title = back
        body.append(f'<a class="bml-continues" href="{self.attval(uri)}" title="{self.attval(title)}">')
    plain_calls = _calls_html(row.calls, drawing.four)
    if plain_calls is None:
        _tokens(self, shown.call_tokens(row), drawing.four)
    else:
        body.append(plain_calls)
    if back is not None:
        body.append("</a>")
    if row.alert:
        words = shown.ALERT_WORDS
        body.append(f'<sup class="bml-alert" role="img" aria-label="{words}" title="{words}">{shown.ALERT_MARK}</sup>')
    if number in drawing.changed:  # inside the call: the row's grid has two columns
        # its word drawn by the stylesheet, so that copying a table copies no "changed"
        body.append(f'<span class="bml-changed-mark" role="img" aria-label="changed" title="{_CHANGED}"></span>')
    body.append("</span>")


_CHANGED = "added or changed since the version of bml_changed_since"


def _plain_html(token: shown.Shown, four: bool) -> str | None:
    """Text (escaped as the translator's ``encode`` escapes it), a suit or a line break
    as HTML; ``None`` for the tokens the translator draws (styles, abbreviations, links)."""
    if type(token) is Text:
        return _encoded(token.text)
    if type(token) is SuitSymbol:
        return suit_html(token.strain.value, four)
    if type(token) is LineBreak:
        return "<br />"
    return None


#: What the translator's ``encode`` replaces (``&``, ``<``, ``"``...): most meanings hold none of it.
_SPECIAL = re.compile("[" + re.escape("".join(map(chr, HTML5Translator.special_characters))) + "]")


def _encoded(text: str) -> str:
    """``text`` escaped as the translator's ``encode`` escapes it: the same ``str.translate``,
    skipped for a text with nothing to escape."""
    return text.translate(HTML5Translator.special_characters) if _SPECIAL.search(text) else text


@lru_cache(maxsize=4096)
def _calls_html(calls: tuple[TableCall, ...], four: bool) -> str | None:
    """The HTML of a row's calls, when they are plain tokens only (:func:`_tokens` draws the
    others): the same few calls are drawn on every row, so each is drawn once."""
    parts = [_plain_html(token, four) for token in shown.calls_shown(calls)]
    return None if None in parts else "".join(part for part in parts if part is not None)


def _tokens(
    self: HTML5Translator,
    tokens: tuple[shown.Shown, ...],
    four: bool,
    links: dict[str, dict[str, object]] | None = None,
) -> None:
    """Drawn tokens (:mod:`sphinx_bml.language.shown`): plain ones by :func:`_plain_html`, abbreviations as
    ``<abbr title>``, links to sequences as the ``:bml:seq:`` role's (``links``: where they lead)."""
    for token in tokens:
        plain = _plain_html(token, four)
        if plain is not None:
            self.body.append(plain)
        elif isinstance(token, Styled):
            styled_node(token, links).walkabout(self)
        elif isinstance(token, Abbreviation):
            self.body.append(f'<abbr title="{self.attval(token.meaning)}">{self.encode(token.text)}</abbr>')
        elif isinstance(token, SequenceLink):
            _link(self, token, (links or {}).get(token.target), four)


def _link(self: HTML5Translator, token: SequenceLink, reference: dict[str, object] | None, four: bool) -> None:
    """A link in a meaning, as Sphinx writes the ``:bml:seq:`` role's: ``<a class="reference
    internal" href title><span class="xref bml bml-seq">1NT–2♣</span></a>``; its title alone
    where it leads nowhere."""
    body = self.body
    if reference is not None:
        uri = str(reference.get("refuri") or "#" + str(reference.get("refid", "")))
        tooltip = str(reference.get("reftitle", ""))
        title = f' title="{self.attval(tooltip)}"' if tooltip else ""
        body.append(f'<a class="reference internal" href="{self.attval(uri)}"{title}>')
    body.append('<span class="xref bml bml-seq">')
    _tokens(self, token.title, four)
    body.append("</span>")
    if reference is not None:
        body.append("</a>")


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


VISITORS: dict[type[nodes.Element], tuple[bml.Visitor, bml.Visitor]] = {
    bml.bidtable: (visit_bidtable, bml.depart_nothing),
    bml.suit: (visit_suit, bml.depart_nothing),
    bml.linebreak: (visit_linebreak, bml.depart_nothing),
    bml.deal: (visit_deal, bml.depart_nothing),
    bml.auction: (visit_auction, bml.depart_nothing),
}
