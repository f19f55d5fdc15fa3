"""From the BML model to docutils nodes.

Bidding tables, deals and auctions become the nodes of :mod:`.nodes`; prose
becomes standard docutils nodes (paragraphs, lists, tables), so that every
builder and theme renders it as its own. Inline markup comes from the
model's tokens (:attr:`RichText.inline`, :attr:`Description.inline`), never
from BML text. Every block node keeps the file and line it was written at.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from ...language.inline import Inline, SequenceLink, plain_text
from ...language.model import (
    AsWritten,
    Auction,
    BidTable,
    Block,
    BulletList,
    Deal,
    DefinitionList,
    EnumeratedList,
    Heading,
    Paragraph,
    RichText,
    Table,
)
from ...language.notation import anchor, context_label, continuation_id, object_name
from ...language.shown import meaning_tokens
from .. import nodes as bml
from ..nodes.inline import inline_nodes

# --------------------------------------------------------------------------
# Inline


def inline(tokens: tuple[Inline, ...]) -> list[nodes.Node]:
    """Docutils nodes for inline tokens: text, suits, bids, dashes, styles, line breaks, links."""
    return inline_nodes(meaning_tokens(tokens), sequence_xref)


def sequence_xref(link: SequenceLink) -> list[nodes.Node]:
    """A link to a sequence in prose (``:bml:seq:`1N-2C``` in a ``.bml`` page), its title
    drawn: the reference the ``:bml:seq:`` role makes, resolved by the domain, or a
    ``bml.ref`` warning when it leads nowhere or cannot be read."""
    return [
        addnodes.pending_xref(
            "",
            nodes.inline("", "", *inline_nodes(link.title, sequence_xref), classes=["xref", "bml", "bml-seq"]),
            refdomain="bml",
            reftype="seq",
            reftarget=link.target,
            refexplicit=link.explicit,
            refwarn=True,
        )
    ]


def rich_text(text: RichText) -> list[nodes.Node]:
    return inline(text.inline)


# --------------------------------------------------------------------------
# Blocks


def block(item: Block, *, tree: bool, anchors: bool = True, collapsible: bool | None = None) -> list[nodes.Node]:
    """The nodes of one block; a heading becomes a rubric, a hidden table nothing.

    With ``anchors``, each row of a bidding table carries the anchors of the
    sequences it stands for (see :func:`bid_table`); ``collapsible``: the
    directive's ``:collapsible:`` (``True``) or ``:no-collapsible:``
    (``False``), else ``None`` (``bml_collapsible`` decides).
    """
    node: nodes.Element
    if isinstance(item, BidTable):
        if item.hidden or not item.rows:
            return []  # #HIDE: for the .bss file only; no rows: every row had a problem
        node = bid_table(item, tree=tree, anchors=anchors)
        if collapsible is not None:
            node["collapsible"] = collapsible
    elif isinstance(item, Heading):
        node = nodes.rubric("", "", *rich_text(item.text))
    elif isinstance(item, Paragraph):
        node = nodes.paragraph("", "", *rich_text(item.text))
    elif isinstance(item, AsWritten):
        node = as_written(item)
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
    """A bidding table: one node holding the model, drawn whole by each builder.

    With ``anchors``, each row carries the anchors (:func:`.notation.anchor`)
    of the sequences it stands for, found by the expansion
    (:attr:`BidNode.sequences`): several for a pattern such as ``2M``. Where
    two rows of a page stand for the same sequence, the ``domain/anchors``
    transform keeps the anchor on the one that defines it. The rows' sequences
    are dropped once their anchors are made. The node has no
    children: the builders that read the table's text get it when the page
    is written (``writing/fallback``).
    """
    rows = list(bml.rows_in_order(table.rows))
    ids = [tuple(dict.fromkeys(anchor(*key) for key in row.sequences)) if anchors else () for row in rows]
    continues = continued_sequence(table) if anchors else {}
    for row in rows:
        # Drawing needs the anchors, not the sequences: the stored doctree
        # (pickled once, loaded up to three times by LaTeX) is half as big.
        row.sequences.clear()
    node = bml.bidtable(
        model=bml.StoredModel(table),
        tree=tree,
        context=context_label(table.seat, table.vulnerability),
        anchors=ids,
    )
    node.attributes.update(continues)
    return node


def continued_sequence(table: BidTable) -> dict[str, object]:
    """For a table continuing a sequence (``1N-2C;``): ``continues``, the references
    (:func:`.notation.object_name`) to the sequence its head stands for, at the
    table's seat and vulnerability and at any, for the link back to where it is
    described; and ``head_id``, the id the links forward land on
    (:func:`.notation.continuation_id`). Empty for other tables."""
    if not table.continues or not table.rows or not table.rows[0].sequences:
        return {}
    seat, vulnerability, sequence = table.rows[0].sequences[0]
    references = [object_name(sequence, seat, vulnerability), object_name(sequence, None, None)]
    return {"continues": list(dict.fromkeys(references)), "head_id": continuation_id(sequence)}


def as_written(model: AsWritten) -> nodes.literal_block:
    """A diagram that cannot be read, in a literal block: its lines as they were written,
    columns kept, no markup read in them; every builder shows it."""
    return nodes.literal_block(model.text, model.text, language="text", classes=["bml-as-written"])


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
