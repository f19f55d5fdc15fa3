"""Plain text for the sphinx-bml nodes (the ``text`` builder).

A bidding table is drawn as a tree with box-drawing lines (``tree``) or
plain indentation, the descriptions wrapped beside the calls (an alertable
call marked ``2♦!``, a hand condition in brackets on a line of its own); deals and
auctions are the diagrams of :mod:`~sphinx_bml.language.diagrams`; suits are their symbols.
"""

from __future__ import annotations

import textwrap

from docutils import nodes
from sphinx.writers.text import MAXWIDTH, TextTranslator

from ...language import diagrams, shown
from ...language.model import BidNode
from ...language.suits import SUIT_GLYPHS
from .. import nodes as bml

_GAP = "  "
_BRANCH, _LAST_BRANCH, _THROUGH, _CLEAR = "\u251c\u2500 ", "\u2514\u2500 ", "\u2502  ", "   "
_PLAIN_STEP = "    "
#: The signs around styled text, as the text builder writes emphasis, strong and literal text.
_MARKS = {"italic": "*", "bold": "**", "monospace": '"'}


def bid_table_lines(table: bml.bidtable, width: int, conditions: bool = True) -> list[str]:
    """The lines of a table; ``conditions``: with each row's hand condition (``bml_show_conditions``)."""
    lines = []
    context = table.get("context", "")
    if context:
        lines.append(f"[{context}]")
    return lines + _rows_lines(table.model.rows, None, bool(table.get("tree", True)), width, conditions)


def call_text(row: BidNode) -> str:
    """A row's calls as text, an alertable one marked: ``2♦!``."""
    return shown.calls_text(row.calls) + (shown.ALERT_MARK if row.alert else "")


def meaning_text(row: BidNode, conditions: bool) -> str:
    """A row's meaning as text, its hand condition on a line of its own: ``[15–17 HCP, balanced]``."""
    meaning = shown.plain(shown.drawn_meaning(row.description.text), marks=_MARKS)
    condition = shown.condition_text(row) if conditions else ""
    if not condition:
        return meaning
    return f"{meaning}\n[{condition}]" if meaning else f"[{condition}]"


def _rows_lines(rows: list[BidNode], lead: str | None, tree: bool, width: int, conditions: bool) -> list[str]:
    """The lines of some rows; ``lead``: the prefix of the rows' parent (``None`` at the top)."""
    calls = [call_text(row) for row in rows]
    call_width = max((len(call) for call in calls), default=0)
    lines: list[str] = []
    for index, (row, call) in enumerate(zip(rows, calls, strict=True)):
        last = index == len(rows) - 1
        if lead is None:
            first, rest = "", ""
        elif tree:
            first, rest = lead + (_LAST_BRANCH if last else _BRANCH), lead + (_CLEAR if last else _THROUGH)
        else:
            first = rest = lead + _PLAIN_STEP
        meaning = meaning_text(row, conditions)
        column = len(first) + call_width + len(_GAP)
        wrapped: list[str] = []
        for line in meaning.split("\n"):
            wrapped += textwrap.wrap(line, max(width - column, 20)) or [""]
        lines.append((first + call.ljust(call_width) + _GAP + wrapped[0]).rstrip())
        below = rest + ("\u2502" if tree and row.children else "")
        lines += [(below.ljust(column) + line).rstrip() for line in wrapped[1:]]
        if row.children:
            lines += _rows_lines(row.children, rest, tree, width, conditions)
    return lines


def _block(self: TextTranslator, lines: list[str]) -> None:
    self.new_state(0)
    self.add_text("\n".join(lines))
    self.end_state(wrap=False)
    raise nodes.SkipNode


def visit_bidtable(self: TextTranslator, node: bml.bidtable) -> None:
    _block(self, bid_table_lines(node, MAXWIDTH - sum(self.stateindent), bool(self.config.bml_show_conditions)))


def visit_deal(self: TextTranslator, node: bml.deal) -> None:
    _block(self, diagrams.deal_lines(node.model))


def visit_auction(self: TextTranslator, node: bml.auction) -> None:
    _block(self, diagrams.auction_lines(node.model))


def visit_suit(self: TextTranslator, node: bml.suit) -> None:
    self.add_text(SUIT_GLYPHS[node["suit"]])
    raise nodes.SkipNode


def visit_linebreak(self: TextTranslator, node: bml.linebreak) -> None:
    self.add_text("\n")
    raise nodes.SkipNode


VISITORS: dict[type[nodes.Element], tuple[bml.Visitor, bml.Visitor]] = {
    bml.bidtable: (visit_bidtable, bml.depart_nothing),
    bml.suit: (visit_suit, bml.depart_nothing),
    bml.linebreak: (visit_linebreak, bml.depart_nothing),
    bml.deal: (visit_deal, bml.depart_nothing),
    bml.auction: (visit_auction, bml.depart_nothing),
}
