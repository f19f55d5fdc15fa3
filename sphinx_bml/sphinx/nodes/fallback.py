"""Standard docutils nodes in place of ours, for builders without our visitors.

HTML (and its kin: singlehtml, dirhtml, epub), LaTeX and text render the
sphinx-bml nodes themselves. Every other builder (man, texinfo, xml,
gettext, any third-party one) gets, once the doctree is resolved, nodes it
knows: a bidding table becomes nested bullet lists (the call in bold, then
its description), deals and auctions the plain-text diagrams of
:mod:`.diagrams` in literal blocks, suits their symbols.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx

from ...language.notation import SUIT_GLYPHS
from .. import nodes as bml
from . import diagrams

#: Output formats whose translators have visitors for the sphinx-bml nodes.
RENDERED_FORMATS = frozenset({"html", "latex", "text"})


def replace_nodes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: standard nodes in place of ours, unless the builder renders ours."""
    if app.builder.format in RENDERED_FORMATS:
        return
    for table in list(doctree.findall(bml.bidtable)):
        table.replace_self(bid_table(table))
    for deal in list(doctree.findall(bml.deal)):
        deal.replace_self(_literal(deal, diagrams.deal_lines(deal.model)))
    for auction in list(doctree.findall(bml.auction)):
        auction.replace_self(_literal(auction, diagrams.auction_lines(auction.model)))
    for suit in list(doctree.findall(bml.suit)):
        suit.replace_self(nodes.Text(SUIT_GLYPHS[suit["suit"]]))
    for linebreak in list(doctree.findall(bml.linebreak)):
        linebreak.replace_self(nodes.Text(" "))


def bid_table(table: bml.bidtable) -> list[nodes.Node]:
    """The table as nested bullet lists, after a line saying its seat and vulnerability."""
    result: list[nodes.Node] = []
    context = ", ".join(part for part in (table.get("seat", ""), table.get("vulnerability", "")) if part)
    if context:
        result.append(nodes.paragraph("", "", nodes.emphasis(context, context)))
    for rows in table.children:
        if isinstance(rows, bml.bidrows):
            result.append(_bullets(rows))
    return result


def _bullets(rows: bml.bidrows) -> nodes.bullet_list:
    bullets = nodes.bullet_list(bullet="-")
    for row in rows.children:
        if not isinstance(row, bml.bidrow):
            continue
        item = nodes.list_item(ids=list(row["ids"]))  # the anchors of the row's sequences
        call: list[nodes.Node] = []
        lines: list[list[nodes.Node]] = [[]]
        answers: bml.bidrows | None = None
        for part in row.children:
            if isinstance(part, bml.bidcall):
                call = [child.deepcopy() for child in part.children]
            elif isinstance(part, bml.bidmeaning):
                for child in part.children:
                    if isinstance(child, bml.linebreak):
                        lines.append([])
                    else:
                        lines[-1].append(child.deepcopy())
            elif isinstance(part, bml.bidrows):
                answers = part
        item += nodes.paragraph("", "", nodes.strong("", "", *call), nodes.Text("  "), *lines[0])
        item += [nodes.paragraph("", "", *line) for line in lines[1:] if line]
        if answers is not None:
            item += _bullets(answers)
        bullets += item
    return bullets


def _literal(node: nodes.Element, lines: list[str]) -> nodes.literal_block:
    text = "\n".join(lines)
    block = nodes.literal_block(text, text, language="text")
    block.source, block.line = node.source, node.line
    return block
