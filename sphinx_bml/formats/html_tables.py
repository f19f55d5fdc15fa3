"""The HTML of bidding tables, deals and auctions: the one drawing of the site and the playground.

The HTML builder's visitors (``sphinx/writing/html``) and the playground
(:mod:`.playground`, in the reader's browser) draw with these functions, so
that a table looks the same in both. Semantic markup, styled by ``bml.css``:

* a bidding table is nested lists: ``div.bml-bidtable`` > ``ul.bml-bids`` >
  ``li.bml-bid`` holding ``span.bml-call``, ``span.bml-meaning`` and the
  ``ul.bml-bids`` of the answers (:func:`table_html`);
* a suit is its symbol as text with a class for its colour and a name for
  screen readers (:func:`suit_html`);
* a deal is a compass of four hands (:func:`deal_html`), an auction a
  ``table.bml-auction`` (:func:`auction_html`).

Every piece of text is escaped as docutils' HTML writers escape it
(:func:`encode`): nothing written in the notes becomes markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import NamedTuple

from ..language import diagrams, shown
from ..language.abbreviations import Abbreviation
from ..language.diagrams import COMPASS
from ..language.inline import Inline, LineBreak, SequenceLink, Styled, SuitSymbol, Text
from ..language.model import AUCTION_SEATS, BidNode, Deal, TableCall
from ..language.model import Auction as AuctionModel
from ..language.shown import Educate
from ..language.suits import GLYPH_LETTERS, SUIT_GLYPHS, SUIT_NAMES

#: What a row's permalink says; its sign, ``¶``, is the stylesheet's (``::before``): not copied with the text.
PERMALINK = "Link to this sequence"
#: The characters docutils' HTML writers write as references (``HTMLTranslator.special_characters``).
SPECIAL_CHARACTERS = {ord("&"): "&amp;", ord("<"): "&lt;", ord('"'): "&quot;", ord(">"): "&gt;", ord("@"): "&#64;"}
#: The tags of italic and bold text (monospace is :func:`_monospace`).
_STYLE_TAGS = {"italic": "em", "bold": "strong"}
#: What :data:`SPECIAL_CHARACTERS` replaces: most meanings hold none of it.
_SPECIAL = re.compile("[" + re.escape("".join(map(chr, SPECIAL_CHARACTERS))) + "]")
#: What an anchor is made of (:func:`~sphinx_bml.language.notation.anchor`): nothing for :func:`attribute` to change.
_PLAIN_ID = re.compile(r"[a-z0-9-]*")
_WHITESPACE = re.compile("[\n\r\t\v\f]")
_WORDS_AND_SPACES = re.compile(r"[^ \n]+| +|\n")
_CHANGED = "added or changed since the version of bml_changed_since"


def encode(text: str) -> str:
    """Text escaped as docutils' HTML writers escape it (``&``, ``<``, ``>``, ``"`` and ``@``):
    the same ``str.translate``, skipped for a text with nothing to escape."""
    return text.translate(SPECIAL_CHARACTERS) if _SPECIAL.search(text) else text


def attribute(text: str) -> str:
    """An attribute's value escaped as docutils' ``attval`` does: white space as spaces, then :func:`encode`."""
    return encode(_WHITESPACE.sub(" ", text))


def _anchor(name: str) -> str:
    """A row's anchor as an attribute's value: one of letters, digits and dashes (all of them,
    but a name the project chose) as it is, without the escaping (one per anchor of every row)."""
    return name if _PLAIN_ID.fullmatch(name) else attribute(name)


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


class Forward(NamedTuple):
    """A link forward to a table continuing a row: where it leads, the title of the page
    it is on, and ``"below"`` or ``"above"`` when that is the row's own page (else ``""``)."""

    uri: str
    title: str
    here: str = ""


@dataclass(frozen=True)
class Drawing:
    """How the rows of one table are drawn: the settings, and the links made when the page was resolved."""

    four: bool = False
    #: educates the quotes of the meanings, as the site's smart quotes do to prose (``None``: no smart quotes)
    quotes: Educate | None = None
    abbreviations: dict[str, str] = field(default_factory=dict)
    conditions: bool = True
    collapsible: bool = False
    #: the head of a continuation table: where its sequence is described, and the tooltip (``domain/links``)
    back: tuple[str, str] | None = None
    #: row number → the continuation tables of its sequence elsewhere
    forward: dict[int, list[Forward]] = field(default_factory=dict)
    #: the id a continuation table's head carries, for the links forward to land on
    head_id: str = ""
    #: where the links in the meanings lead: reference → the link's attributes (``domain/links``)
    links: dict[str, dict[str, object]] = field(default_factory=dict)
    #: the numbers of the rows changed since ``bml_changed_since`` (``whole_site/changes``)
    changed: frozenset[int] = frozenset()


# --------------------------------------------------------------------------
# Bidding tables


def table_classes(tree: bool, drawing: Drawing) -> str:
    """The classes of a table's ``div``: ``bml-bidtable``, ``bml-tree`` or ``bml-plain``, ``bml-collapsible``."""
    style = "bml-tree" if tree else "bml-plain"
    return f"bml-bidtable {style}" + (" bml-collapsible" if drawing.collapsible else "")


def table_inside(context: str, rows: list[BidNode], anchors: Iterable[tuple[str, ...]], drawing: Drawing) -> str:
    """What a table's ``div`` holds: its context (``p.bml-context``: "3rd or 4th seat") and its rows;
    ``anchors``: the anchors of each row, in the order of :func:`rows` (none: no ids, no permalinks)."""
    body: list[str] = []
    if context:
        body.append(f'<p class="bml-context">{encode(context)}</p>\n')
    _rows(body, rows, enumerate(_padded(anchors)), drawing)
    return "".join(body)


def table_html(rows: list[BidNode], *, tree: bool, context: str, drawing: Drawing) -> str:
    """A whole table as the site draws an example's (``:example:``: no anchors), its ``div`` without an id."""
    return f'<div class="{table_classes(tree, drawing)}">\n{table_inside(context, rows, (), drawing)}</div>\n'


def _padded(anchors: Iterable[tuple[str, ...]]) -> Iterator[tuple[str, ...]]:
    yield from anchors
    while True:
        yield ()


def _rows(
    body: list[str], rows: list[BidNode], anchors: Iterator[tuple[int, tuple[str, ...]]], drawing: Drawing
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
    body.append('<ul class="bml-bids">\n')
    for row in rows:
        number, ids = next(anchors)
        classes = "bml-bid bml-changed-since" if number in drawing.changed else "bml-bid"
        own = _anchor(ids[0]) if ids else ""  # the row's id, for the row and its permalink
        body.append(f'<li class="{classes}" id="{own}">' if ids else f'<li class="{classes}">')
        folding = drawing.collapsible and bool(row.children)
        if folding:
            body.append('<details class="bml-fold" open="open"><summary>')
        _call(body, row, ids, number, drawing)
        body.append('<span class="bml-meaning">')
        tokens = shown.drawn_meaning(row.description.text)
        if drawing.quotes is not None:
            tokens = shown.educated(tokens, drawing.quotes)
        _tokens(body, shown.with_abbreviations(tokens, drawing.abbreviations), drawing.four, drawing.links)
        if ids:
            body.append(f'<a class="headerlink" href="#{own}" title="{PERMALINK}" aria-label="{PERMALINK}"></a>')
        places = drawing.forward.get(number)
        if places:
            _continued(body, places)
        condition = shown.condition_text(row) if drawing.conditions else ""
        if condition:
            body.append(f'<span class="bml-condition">{text_html(condition, drawing.four)}</span>')
        body.append("</span>")
        if folding:
            body.append("</summary>")
        if row.children:
            _rows(body, row.children, anchors, drawing)
        if folding:
            body.append("</details>")
        body.append("</li>\n")
    body.append("</ul>\n")


def _continued(body: list[str], places: list[Forward]) -> None:
    """``span.bml-continued``: a small line linking to the tables that continue the row's sequence:
    "continued below" (or "above") on this page, "continued: page title" on another."""
    if not places:
        return
    here = [f'<a href="{attribute(place.uri)}">{place.here}</a>' for place in places if place.here]
    elsewhere = [f'<a href="{attribute(place.uri)}">{encode(place.title)}</a>' for place in places if not place.here]
    words = "continued " + " and ".join(here) if here else "continued"
    if elsewhere:
        words += (" and on: " if here else ": ") + ", ".join(elsewhere)
    body.append(f'<span class="bml-continued">{words}</span>')


def _call(body: list[str], row: BidNode, ids: tuple[str, ...], number: int, drawing: Drawing) -> None:
    """``span.bml-call``: the extra anchors of a pattern row, the call (a link back, on a
    continuation table's head), the alert mark."""
    body.append('<span class="bml-call">')
    body.extend(f'<span id="{_anchor(anchor)}"></span>' for anchor in ids[1:])
    back = drawing.back if number == 0 else None
    if number == 0 and drawing.head_id:
        body.append(f'<span id="{attribute(drawing.head_id)}"></span>')
    if back is not None:
        uri, title = back
        body.append(f'<a class="bml-continues" href="{attribute(uri)}" title="{attribute(title)}">')
    plain_calls = _calls_html(row.calls, drawing.four)
    if plain_calls is None:
        _tokens(body, shown.call_tokens(row), drawing.four)
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


def _plain_html(token: shown.Shown, four: bool) -> str | None:
    """Text (escaped), a suit or a line break as HTML; ``None`` for the others (styles, abbreviations, links)."""
    if type(token) is Text:
        return encode(token.text)
    if type(token) is SuitSymbol:
        return suit_html(token.strain.value, four)
    if type(token) is LineBreak:
        return "<br />"
    return None


@lru_cache(maxsize=4096)
def _calls_html(calls: tuple[TableCall, ...], four: bool) -> str | None:
    """The HTML of a row's calls, when they are plain tokens only (:func:`_tokens` draws the
    others): the same few calls are drawn on every row, so each is drawn once."""
    parts = [_plain_html(token, four) for token in shown.calls_shown(calls)]
    return None if None in parts else "".join(part for part in parts if part is not None)


def tokens_html(tokens: tuple[shown.Shown, ...], four: bool, links: dict[str, dict[str, object]] | None = None) -> str:
    """Drawn tokens (:mod:`sphinx_bml.language.shown`) as HTML: see :func:`_tokens`."""
    body: list[str] = []
    _tokens(body, tokens, four, links)
    return "".join(body)


def _tokens(
    body: list[str],
    tokens: tuple[shown.Shown, ...],
    four: bool,
    links: dict[str, dict[str, object]] | None = None,
) -> None:
    """Drawn tokens: plain ones by :func:`_plain_html`, italic and bold as ``<em>`` and ``<strong>``,
    monospace as Sphinx draws literal text, abbreviations as ``<abbr title>``, links to sequences as
    the ``:bml:seq:`` role's (``links``: where they lead)."""
    for token in tokens:
        plain = _plain_html(token, four)
        if plain is not None:
            body.append(plain)
        elif isinstance(token, Styled):
            if token.style in _STYLE_TAGS:
                tag = _STYLE_TAGS[token.style]
                body.append(f"<{tag}>")
                _tokens(body, token.children, four, links)
                body.append(f"</{tag}>")
            else:
                _monospace(body, token.children)
        elif isinstance(token, Abbreviation):
            body.append(f'<abbr title="{attribute(token.meaning)}">{encode(token.text)}</abbr>')
        elif isinstance(token, SequenceLink):
            _link(body, token, (links or {}).get(token.target), four)


def _monospace(body: list[str], tokens: tuple[Inline, ...]) -> None:
    """Monospace text as Sphinx's HTML writer draws a literal: each word in a ``span.pre``
    that does not wrap, runs of spaces kept."""
    body.append('<code class="docutils literal notranslate">')
    for token in _WORDS_AND_SPACES.findall(encode(shown.plain(tokens))):
        if token.strip():
            body.append(f'<span class="pre">{token}</span>')
        elif token in (" ", "\n"):
            body.append(token)
        else:
            body.append("&#160;" * (len(token) - 1) + " ")
    body.append("</code>")


def _link(body: list[str], token: SequenceLink, reference: dict[str, object] | None, four: bool) -> None:
    """A link in a meaning, as Sphinx writes the ``:bml:seq:`` role's: ``<a class="reference
    internal" href title><span class="xref bml bml-seq">1NT–2♣</span></a>``; its title alone
    where it leads nowhere."""
    if reference is not None:
        uri = str(reference.get("refuri") or "#" + str(reference.get("refid", "")))
        tooltip = str(reference.get("reftitle", ""))
        title = f' title="{attribute(tooltip)}"' if tooltip else ""
        body.append(f'<a class="reference internal" href="{attribute(uri)}"{title}>')
    body.append('<span class="xref bml bml-seq">')
    _tokens(body, token.title, four)
    body.append("</span>")
    if reference is not None:
        body.append("</a>")


# --------------------------------------------------------------------------
# Deals and auctions


def deal_html(deal: Deal, four: bool, open_tag: str = "") -> str:
    """A deal: ``div.bml-deal`` (``open_tag``: the builder's, with the node's ids), a compass of four hands."""
    html = [open_tag or '<div aria-label="deal" class="bml-deal" role="group">\n']
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
    return "".join(html)


def auction_html(auction: AuctionModel, four: bool, open_tag: str = "") -> str:
    """An auction: ``table.bml-auction`` (``open_tag``: the builder's), a column for each seat."""
    html = [open_tag or '<table class="bml-auction">\n']
    heads = "".join(f'<th scope="col">{seat.label}</th>' for seat in AUCTION_SEATS)
    html.append(f"<thead><tr>{heads}</tr></thead>\n<tbody>\n")
    for row in diagrams.auction_cells(auction):
        cells = [text_html(cell, four) for cell in row]
        cells += [""] * (len(AUCTION_SEATS) - len(cells))
        html.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>\n")
    html.append("</tbody>\n</table>\n")
    return "".join(html)
