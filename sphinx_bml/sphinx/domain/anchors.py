"""One anchor per sequence on a page, and the general index entries.

The rows of a bidding table come with the anchors of every sequence they
stand for (:func:`.to_nodes.bid_table`). Two rows of a page may stand for
the same sequence: a placeholder that a later row describes, or a second
definition. Once the page is read, this transform leaves each anchor on the
row that defines the sequence (the place its meaning was taken from), and
gives the general index an entry, such as "1♣–1♦ (bidding sequence)", for
the short sequences defined on the page: those of at most
``bml_general_index`` calls, passes not counted (default 2: the openings,
the overcalls, and the first answers to them).

It runs before Sphinx collects index entries and domain objects.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from ...language.calls import PASS
from ...language.model import BidNode
from ...language.notation import anchor, context_label, label
from ...language.system import Meaning
from .. import nodes as bml
from ..reading.state import finished_reading

#: Before :class:`sphinx.transforms.references.SphinxDomains` (850).
PRIORITY = 840


class SequenceAnchors(SphinxTransform):
    default_priority = PRIORITY

    def apply(self, **kwargs: Any) -> None:
        reading = finished_reading(self.env)
        if reading is None:
            return
        meanings = {anchor(*meaning.key): meaning for meaning in reading.system}
        holders = keep_one_row(self.document, meanings)
        keep_apart(self.document, holders)
        add_index_entries(holders, meanings, self.config.bml_general_index)


#: A row of a bidding table on the page: its table and its place in reading order.
Row = tuple[bml.bidtable, int]


def keep_one_row(document: nodes.document, meanings: dict[str, Meaning]) -> dict[str, Row]:
    """Leave each anchor on one row: the one at the place of the meaning, else the first. Returns them."""
    first: dict[str, tuple[bml.bidtable, int, BidNode]] = {}
    rows: dict[str, list[tuple[bml.bidtable, int, BidNode]]] = {}  # the anchors on several rows: each row
    for table in document.findall(bml.bidtable):
        for number, (row, anchors) in enumerate(table.rows()):
            for name in anchors:
                found = (table, number, row)
                known = first.setdefault(name, found)
                if known is not found:
                    rows.setdefault(name, [known]).append(found)
    holders: dict[str, Row] = {name: (table, number) for name, (table, number, _) in first.items()}
    for name, candidates in rows.items():
        meaning = meanings.get(name)
        where = meaning.location if meaning else None
        holder = next((found for found in candidates if found[2].location == where), candidates[0])
        for table, number, _ in candidates:
            if table is not holder[0] or number != holder[1]:
                table.anchors[number] = tuple(other for other in table.anchors[number] if other != name)
        holders[name] = holder[0], holder[1]
    return holders


def keep_apart(document: nodes.document, holders: dict[str, Row]) -> None:
    """An anchor of a sequence belongs to its row. Another element that took
    the same id (a section titled "BML 1C" is ``bml-1c``) gets another one,
    and the names that pointed to it follow, so links to the heading and
    links to the row each land where they should. The document knows each
    anchor as its table's."""
    for name, (table, _) in holders.items():
        other = document.ids.get(name)
        if other is not None and other is not table:
            number = 1
            while f"{name}-{number}" in document.ids or f"{name}-{number}" in holders:
                number += 1
            renamed = f"{name}-{number}"
            other["ids"] = [renamed if known == name else known for known in other["ids"]]
            document.ids[renamed] = other
            for label, target in list(document.nameids.items()):
                if target == name:
                    document.nameids[label] = renamed
        document.ids[name] = table


def add_index_entries(holders: dict[str, Row], meanings: dict[str, Meaning], depth: int) -> None:
    """An index node before each table, with an entry for its short, described sequences."""
    entries: dict[int, tuple[bml.bidtable, list[tuple[str, str, str, str, str | None]]]] = {}
    for name, (table, _) in holders.items():
        meaning = meanings.get(name)
        if meaning is None or not meaning.description or _calls(meaning) > depth:
            continue
        context = context_label(meaning.seat, meaning.vulnerability)
        text = f"{label(meaning.sequence)} (bidding sequence{', ' + context if context else ''})"
        entries.setdefault(id(table), (table, []))[1].append(("single", text, name, "", None))
    for table, items in entries.values():
        index = addnodes.index(entries=items, inline=False)
        index.source, index.line = table.source, table.line
        assert table.parent is not None
        table.parent.insert(table.parent.index(table), index)


def _calls(meaning: Meaning) -> int:
    return sum(1 for call in meaning.sequence.calls if call.rank != PASS.rank)
