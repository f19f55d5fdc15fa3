"""From the BML model to docutils nodes.

Bidding tables, deals and auctions become the nodes of :mod:`.nodes`; prose
becomes standard docutils nodes (paragraphs, lists, tables), so that every
builder and theme renders it as its own. Inline markup comes from the
model's tokens (:attr:`RichText.inline`, :attr:`Description.inline`), never
from BML text. Every block node keeps the file and line it was written at.
"""

from __future__ import annotations

from docutils import nodes

from ...language.calls import Call, CallKind, Strain
from ...language.inline import Bid, Dash, Inline, LineBreak, Styled, SuitSymbol, Text, plain_text
from ...language.model import (
    ANY_VULNERABILITY,
    Auction,
    BidNode,
    BidTable,
    Block,
    BulletList,
    Deal,
    DefinitionList,
    EnumeratedList,
    Heading,
    Paragraph,
    RichText,
    Seat,
    Table,
    TableCall,
)
from ...language.notation import CALL_LABELS, anchor
from .. import nodes as bml

_STYLES: dict[str, type[nodes.TextElement]] = {
    "italic": nodes.emphasis,
    "bold": nodes.strong,
    "monospace": nodes.literal,
}
_DASHES = {False: "\u2013", True: "\u2014"}


# --------------------------------------------------------------------------
# Inline


def inline(tokens: tuple[Inline, ...]) -> list[nodes.Node]:
    """Docutils nodes for inline tokens: text, suits, bids, dashes, styles, line breaks."""
    result: list[nodes.Node] = []
    for token in tokens:
        if isinstance(token, Text):
            result.append(nodes.Text(token.text))
        elif isinstance(token, SuitSymbol):
            result.append(_strain(token.strain))
        elif isinstance(token, Bid):
            result += [nodes.Text(str(token.level)), _strain(token.strain)]
        elif isinstance(token, Dash):
            result.append(nodes.Text(_DASHES[token.em]))
        elif isinstance(token, LineBreak):
            result.append(bml.linebreak())
        elif isinstance(token, Styled):
            result.append(_STYLES[token.style]("", "", *inline(token.children)))
    return merge_text(result)


def rich_text(text: RichText) -> list[nodes.Node]:
    return inline(text.inline)


def _strain(strain: Strain) -> nodes.Node:
    return nodes.Text("NT") if strain is Strain.NOTRUMP else bml.suit_node(strain.value)


def merge_text(items: list[nodes.Node]) -> list[nodes.Node]:
    """Neighbouring text as one Text node (``1`` and ``NT`` read ``1NT``)."""
    merged: list[nodes.Node] = []
    for item in items:
        if merged and isinstance(item, nodes.Text) and isinstance(merged[-1], nodes.Text):
            merged[-1] = nodes.Text(merged[-1].astext() + item.astext())
        else:
            merged.append(item)
    return merged


# --------------------------------------------------------------------------
# Calls


def call_nodes(call: Call) -> list[nodes.Node]:
    """A concrete call: ``1♣``, ``1NT``, ``Pass``, ``Dbl``, ``Rdbl``; an
    opponents' call with a meaning gets it as a small label: ``2♣ Landy``."""
    if call.kind is CallKind.BID:
        assert call.strain is not None
        shown = merge_text([nodes.Text(str(call.level)), _strain(call.strain)])
    else:
        shown = [nodes.Text(CALL_LABELS[str(call.plain)])]
    if call.qualification is None:
        return shown
    label = nodes.inline(call.qualification, call.qualification, classes=["bml-qualification"])
    return [*shown, nodes.Text("\u00a0"), label]


def table_call_nodes(written: TableCall) -> list[nodes.Node]:
    """A call of a bidding table as written: ``1♣``, ``2♥♠``, ``(1NT)``, ``2M``, ``1red``, ``1step``."""
    if written.call is not None:
        body = call_nodes(written.call)
    elif written.strains and written.variable is None and written.colour is None:  # 2HS, not 2M or 1red
        body = merge_text([nodes.Text(str(written.level)), *(_strain(strain) for strain in written.strains)])
    else:
        body = [nodes.Text(written.written.partition("{")[0])]
    if written.call is None and written.qualification is not None:
        label = nodes.inline(written.qualification, written.qualification, classes=["bml-qualification"])
        body = [*body, nodes.Text("\u00a0"), label]
    if written.ours:
        return body
    return merge_text([nodes.Text("("), *body, nodes.Text(")")])


# --------------------------------------------------------------------------
# Blocks


def block(item: Block, *, tree: bool, anchors: bool = True) -> list[nodes.Node]:
    """The nodes of one block; a heading becomes a rubric, a hidden table nothing.

    With ``anchors``, each row of a bidding table carries the anchors of the
    sequences it stands for (see :func:`bid_table`).
    """
    node: nodes.Element
    if isinstance(item, BidTable):
        if item.hidden or not item.rows:
            return []  # #HIDE: for the .bss file only; no rows: every row had a problem
        node = bid_table(item, tree=tree, anchors=anchors)
    elif isinstance(item, Heading):
        node = nodes.rubric("", "", *rich_text(item.text))
    elif isinstance(item, Paragraph):
        node = nodes.paragraph("", "", *rich_text(item.text))
    elif isinstance(item, BulletList):
        node = nodes.bullet_list(bullet="-")
        node += [nodes.list_item("", nodes.paragraph("", "", *rich_text(entry))) for entry in item.items]
    elif isinstance(item, EnumeratedList):
        node = nodes.enumerated_list(enumtype="arabic", prefix="", suffix=".")
        node += [nodes.list_item("", nodes.paragraph("", "", *rich_text(entry))) for entry in item.items]
    elif isinstance(item, DefinitionList):
        node = nodes.definition_list()
        for term, definition in item.items:
            node += nodes.definition_list_item(
                "",
                nodes.term("", "", *rich_text(term)),
                nodes.definition("", nodes.paragraph("", "", *rich_text(definition))),
            )
    elif isinstance(item, Table):
        if all(row is None for row in item.rows):
            return []  # only rules: nothing to show
        node = table(item)
    elif isinstance(item, Deal):
        node = deal(item)
    else:
        node = auction(item)
    node.source, node.line = item.location.file, item.location.line
    return [node]


def bid_table(table: BidTable, *, tree: bool, anchors: bool = True) -> bml.bidtable:
    """A bidding table; with ``anchors``, each row's ``ids`` are the anchors
    (:func:`.sequences.anchor`) of the sequences it stands for, found by the
    expansion (:attr:`BidNode.sequences`): several for a pattern such as
    ``2M``. Where two rows of a page stand for the same sequence, the
    :mod:`.anchors` transform keeps the anchor on the one that defines it."""
    node = bml.bidtable(
        tree=tree,
        seat="" if table.seat is Seat.ANY else table.seat.label,
        vulnerability="" if table.vulnerability == ANY_VULNERABILITY else table.vulnerability.label,
    )
    node += _bid_rows(table.rows, anchors)
    return node


def _bid_rows(rows: list[BidNode], anchors: bool) -> bml.bidrows:
    node = bml.bidrows()
    for row in rows:
        call = bml.bidcall("-".join(written.notation for written in row.calls))
        for index, written in enumerate(row.calls):
            if index:
                call += nodes.Text("\u2013")
            call += table_call_nodes(written)
        item = bml.bidrow("", call, bml.bidmeaning(row.description.text, "", *inline(row.description.inline)))
        item.source, item.line = row.location.file, row.location.line
        if anchors:
            item["ids"] = list(dict.fromkeys(anchor(*key) for key in row.sequences))
        if row.children:
            item += _bid_rows(row.children, anchors)
        node += item
    return node


def deal(model: Deal) -> bml.deal:
    return bml.deal(model=model)


def auction(model: Auction) -> bml.auction:
    return bml.auction(model=model)


def table(model: Table) -> nodes.table:
    """A ``|``-table; rows above its first rule are its header (when rows follow the rule)."""
    rows = [row for row in model.rows if row is not None]
    columns = max((len(row) for row in rows), default=1)
    header_size = 0
    if model.rows and model.rows[0] is not None:
        first_rule = next((i for i, row in enumerate(model.rows) if row is None), None)
        if first_rule is not None and any(row is not None for row in model.rows[first_rule:]):
            header_size = first_rule
    group = nodes.tgroup(cols=columns)
    for column in range(columns):
        width = max((len(plain_text(row[column].inline)) for row in rows if column < len(row)), default=1)
        group += nodes.colspec(colwidth=max(width, 1))
    if header_size:
        group += nodes.thead("", *(_table_row(row, columns) for row in rows[:header_size]))
    group += nodes.tbody("", *(_table_row(row, columns) for row in rows[header_size:]))
    return nodes.table("", group, classes=["bml-table"])


def _table_row(cells: list[RichText], columns: int) -> nodes.row:
    padded = [*cells, *(RichText("") for _ in range(columns - len(cells)))]
    return nodes.row("", *(nodes.entry("", nodes.paragraph("", "", *rich_text(cell))) for cell in padded))
