"""Standard docutils nodes in place of ours, for builders without our visitors.

HTML (and its kin: singlehtml, dirhtml, epub), LaTeX and text render the
sphinx-bml nodes themselves (:data:`.visitors.VISITORS`). Every other builder (man, texinfo, xml,
gettext, any third-party one) gets, once the doctree is resolved, nodes it
knows: a bidding table becomes nested bullet lists (the call in bold, then
its description), deals and auctions the plain-text diagrams of
:mod:`~sphinx_bml.language.diagrams` in literal blocks, suits their symbols.
Those builders, and the text builder, show an abbreviation as written.
"""

from __future__ import annotations

from collections.abc import Iterator

from docutils import nodes
from sphinx.application import Sphinx

from ...language import diagrams, shown
from ...language.inline import LineBreak
from ...language.model import BidNode
from ...language.suits import SUIT_GLYPHS
from .. import nodes as bml
from ..nodes.inline import inline_nodes
from .meanings import table_text
from .visitors import VISITORS

#: Output formats that read the text of a table: the search index of HTML, the character check of LaTeX.
TEXT_READERS = frozenset({"html", "latex"})


def replace_nodes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: standard nodes in place of ours, unless the builder renders ours.

    For HTML and LaTeX, each bidding table gets its text as a child
    (:func:`.meanings.table_text`), which their visitors skip: Sphinx's search
    index collects it. It is made here, when the page is written, so that
    reading, the stored doctrees and the other builders do without it.
    """
    if app.builder.format in TEXT_READERS:
        for table in doctree.findall(bml.bidtable):
            table[:] = [table_text(table)]
    if app.builder.format in VISITORS:
        return
    conditions = bool(app.config.bml_show_conditions)
    for table in list(doctree.findall(bml.bidtable)):
        table.replace_self(bid_table(table, conditions))
    for deal in list(doctree.findall(bml.deal)):
        deal.replace_self(_literal(deal, diagrams.deal_lines(deal.model)))
    for auction in list(doctree.findall(bml.auction)):
        auction.replace_self(_literal(auction, diagrams.auction_lines(auction.model)))
    for suit in list(doctree.findall(bml.suit)):
        suit.replace_self(nodes.Text(SUIT_GLYPHS[suit["suit"]]))
    for linebreak in list(doctree.findall(bml.linebreak)):
        linebreak.replace_self(nodes.Text(" "))


def bid_table(table: bml.bidtable, conditions: bool = True) -> list[nodes.Node]:
    """The table as nested bullet lists, after a line saying its seat and vulnerability;
    an alertable call is followed by ``!``, a hand condition is a paragraph in italics.
    Its suit symbols and line breaks are our nodes, made text by :func:`replace_nodes`
    after the tables."""
    result: list[nodes.Node] = []
    context = table.get("context", "")
    if context:
        result.append(nodes.paragraph("", "", nodes.emphasis(context, context)))
    result.append(_bullets(table.model.rows, iter(table.anchors), conditions))
    return result


def _bullets(rows: list[BidNode], anchors: Iterator[tuple[str, ...]], conditions: bool) -> nodes.bullet_list:
    bullets = nodes.bullet_list(bullet="-")
    for row in rows:
        item = nodes.list_item(ids=list(next(anchors)))  # the anchors of the row's sequences
        lines: list[list[nodes.Node]] = [[]]
        for token in shown.drawn_meaning(row.description.text):
            if isinstance(token, LineBreak):
                lines.append([])
            else:
                lines[-1] += inline_nodes((token,))
        alert = [nodes.Text(shown.ALERT_MARK)] if row.alert else []
        call = nodes.strong("", "", *inline_nodes(shown.call_tokens(row)), *alert)
        item += nodes.paragraph("", "", call, nodes.Text("  "), *lines[0])
        item += [nodes.paragraph("", "", *line) for line in lines[1:] if line]
        condition = shown.condition_text(row) if conditions else ""
        if condition:
            item += nodes.paragraph("", "", nodes.emphasis(condition, condition))
        if row.children:
            item += _bullets(row.children, anchors, conditions)
        bullets += item
    return bullets


def _literal(node: nodes.Element, lines: list[str]) -> nodes.literal_block:
    text = "\n".join(lines)
    block = nodes.literal_block(text, text, language="text")
    block.source, block.line = node.source, node.line
    return block


def plain_abbreviations(app: Sphinx, doctree: nodes.document) -> None:
    """Builders other than HTML and LaTeX show an abbreviation as written
    (the text builder would add its meaning in parentheses at each use)."""
    if app.builder.format in ("html", "latex"):
        return
    for abbreviation in list(doctree.findall(nodes.abbreviation)):
        abbreviation.parent.replace(abbreviation, nodes.Text(abbreviation.astext()))
