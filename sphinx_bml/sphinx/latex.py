"""LaTeX rendering of the sphinx-bml nodes.

The visitors write markup for our own LaTeX package, ``sphinxbml.sty``
(``texinputs/`` beside this module), which :func:`setup` adds to every
LaTeX document and copies into the LaTeX output folder:

* a bidding table becomes a ``bmlbidtable`` environment of ``\\bmlrow``
  rows; each row says which tree lines pass beside it, so pages may break
  between any two lines and the package draws the lines with plain rules;
* a deal becomes a ``bmldeal`` environment (compass layout), an auction a
  ``bmlauction`` environment (W N E S columns);
* a suit becomes ``\\bmlsuit{H}``: no Unicode suit symbols reach pdflatex.

Text inside calls and descriptions is left to the standard visitors of
Sphinx's LaTeX translator, which escape it; the attribute data of deals and
auctions is escaped here with the translator's own :meth:`encode`.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.latex import LaTeXTranslator

from . import nodes as bml

PACKAGE = "sphinxbml"
TEXINPUTS = Path(__file__).resolve().parent / "texinputs"
STYLE_FILE = TEXINPUTS / f"{PACKAGE}.sty"

SUITS = "SHDC"
SEATS = "NESW"
VULNERABILITIES = ("None", "All", "NS", "EW")

Visitor = Callable[[Any, Any], None]


# --------------------------------------------------------------------------
# Bidding tables


def _child_rows(rows: nodes.Element) -> list[bml.bidrow]:
    return [child for child in rows.children if isinstance(child, bml.bidrow)]


def _answers(row: bml.bidrow) -> list[bml.bidrow]:
    """The rows answering ``row`` (those of its nested ``bidrows``)."""
    return [answer for rows in row.children if isinstance(rows, bml.bidrows) for answer in _child_rows(rows)]


def _is_last(row: bml.bidrow) -> bool:
    parent = row.parent
    if parent is None:
        return True
    siblings = _child_rows(parent)
    return not siblings or siblings[-1] is row


def _row_ancestry(row: bml.bidrow) -> list[bml.bidrow]:
    """The rows from the top level down to ``row`` itself."""
    chain: list[bml.bidrow] = []
    current: nodes.Node | None = row
    while current is not None and not isinstance(current, bml.bidtable):
        if isinstance(current, bml.bidrow):
            chain.append(current)
        current = current.parent
    return chain[::-1]


def row_columns(row: bml.bidrow) -> str:
    """The ``\\bmlrow`` column letters left of ``row``'s call.

    One letter per level above the row: ``V`` (an ancestor's line passes),
    ``B`` (blank), then this row's connector, ``T`` or ``L`` (last sibling).
    A top-level row has none.
    """
    chain = _row_ancestry(row)[1:]
    letters = ["B" if _is_last(ancestor) else "V" for ancestor in chain[:-1]]
    if chain:
        letters.append("L" if _is_last(row) else "T")
    return "".join(letters)


def table_depth(table: nodes.Element) -> int:
    """How many levels below the top the deepest row of ``table`` is."""
    return max((len(_row_ancestry(row)) - 1 for row in table.findall(bml.bidrow)), default=0)


def _anchor(translator: LaTeXTranslator, node: nodes.Element) -> str:
    """A hyperlink target with ``node``'s ids as labels (``""`` without ids)."""
    return translator.hypertarget_to(node, anchor=True) if node["ids"] else ""


def _walk(translator: LaTeXTranslator, children: Iterable[nodes.Node]) -> None:
    for child in children:
        child.walkabout(translator)


def table_context(node: bml.bidtable) -> str:
    """The seat and vulnerability a table is for, in words (``""``: any)."""
    return ", ".join(str(part) for part in (node.get("seat", ""), node.get("vulnerability", "")) if part)


def visit_bidtable(self: LaTeXTranslator, node: bml.bidtable) -> None:
    style = "tree" if node.get("tree", True) else "plain"
    context = table_context(node)
    self.body.append(f"\n{_anchor(self, node)}")
    if context:
        self.body.append(f"\\bmltablecontext{{{self.encode(context)}}}\n")
    self.body.append(f"\\begin{{bmlbidtable}}{{{style}}}{{{table_depth(node)}}}\n")


def depart_bidtable(self: LaTeXTranslator, node: bml.bidtable) -> None:
    self.body.append("\\end{bmlbidtable}\n")


def visit_bidrow(self: LaTeXTranslator, node: bml.bidrow) -> None:
    """Write the whole row (call, description, then its answers) and skip the children."""
    answers = 1 if _answers(node) else 0
    self.body.append(f"\\bmlrow{{{row_columns(node)}}}{{{answers}}}{{")
    _walk(self, (child for child in node.children if isinstance(child, bml.bidcall)))
    self.body.append("}")
    self.body.append(_anchor(self, node))
    _walk(self, (child for child in node.children if isinstance(child, bml.bidmeaning)))
    self.body.append("\\bmlendrow\n")
    _walk(self, (child for child in node.children if isinstance(child, bml.bidrows)))
    raise nodes.SkipNode


def _nothing(self: LaTeXTranslator, node: nodes.Element) -> None:
    """Containers with no markup of their own (their children are written as usual)."""


# --------------------------------------------------------------------------
# Inline nodes


def visit_suit(self: LaTeXTranslator, node: bml.suit) -> None:
    letter = str(node.get("suit", "")).upper()
    if len(letter) == 1 and letter in SUITS:
        self.body.append(f"\\bmlsuit{{{letter}}}")
        raise nodes.SkipNode
    # An unknown suit: write its text like any other.


def visit_linebreak(self: LaTeXTranslator, node: bml.linebreak) -> None:
    self.body.append("\\bmlnewline{}")
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Deals


def _seat(letter: object) -> str | None:
    text = str(letter).upper() if letter is not None else ""
    return f"\\bmlseat{text}" if len(text) == 1 and text in SEATS else None


def _strain(self: LaTeXTranslator, strain: object) -> str:
    text = str(strain).upper()
    if text in ("N", "NT"):
        return "\\bmlnotrump{}"
    if len(text) == 1 and text in SUITS:
        return f"\\bmlsuit{{{text}}}"
    return self.encode(str(strain))


def deal_facts(self: LaTeXTranslator, node: bml.deal) -> list[str]:
    """Board, dealer and vulnerability of a deal, as LaTeX lines."""
    facts: list[str] = []
    board = node.get("board")
    if board not in (None, ""):
        facts.append(f"\\bmlboard{{{self.encode(str(board))}}}")
    dealer = node.get("dealer")
    if dealer not in (None, ""):
        facts.append(f"\\bmldealer{{{_seat(dealer) or self.encode(str(dealer))}}}")
    vulnerable = node.get("vulnerable")
    if vulnerable not in (None, ""):
        known = f"\\bmlvul{vulnerable}" if vulnerable in VULNERABILITIES else None
        facts.append(f"\\bmlvulnerable{{{known or self.encode(str(vulnerable))}}}")
    return facts


def deal_play(self: LaTeXTranslator, node: bml.deal) -> list[str]:
    """Contract and opening lead of a deal, as LaTeX lines."""
    play: list[str] = []
    contract = node.get("contract")
    if isinstance(contract, Mapping):
        play.append(_contract(self, contract))
    lead = node.get("lead")
    if isinstance(lead, Mapping):
        card = self.encode(str(lead.get("card", "")))
        play.append(f"\\bmllead{{{_strain(self, lead.get('suit', ''))}{card}}}")
    return play


def _contract(self: LaTeXTranslator, contract: Mapping[str, Any]) -> str:
    try:
        level = int(contract.get("level", 0))
    except (TypeError, ValueError):
        level = 0
    if level == 0:
        return "\\bmlpassedout{}"
    call = f"{level}{_strain(self, contract.get('strain', ''))}"
    doubled = contract.get("doubled", 0)
    if doubled == 1:
        call += "\\bmldoubled{}"
    elif doubled == 2:
        call += "\\bmlredoubled{}"
    declarer = contract.get("declarer")
    by = (_seat(declarer) or self.encode(str(declarer))) if declarer not in (None, "") else ""
    return f"\\bmlcontract{{{call}}}{{{by}}}"


def _holdings(value: object) -> list[str]:
    holdings = [str(h) for h in value] if isinstance(value, list | tuple) else []
    return [*holdings, "", "", "", ""][:4]


def visit_deal(self: LaTeXTranslator, node: bml.deal) -> None:
    lines = [f"\n{_anchor(self, node)}\\begin{{bmldeal}}"]
    for macro, parts in (("bmldealinfo", deal_facts(self, node)), ("bmldealplay", deal_play(self, node))):
        if parts:
            lines.append(f"\\{macro}{{" + "\\\\".join(parts) + "}")
    hands = node.get("hands") or {}
    if isinstance(hands, Mapping):
        for seat in SEATS:
            if seat in hands:
                cards = "".join(f"{{{self.encode(h)}}}" for h in _holdings(hands[seat]))
                lines.append(f"\\bmlhand{{{seat}}}{cards}")
    lines.append("\\end{bmldeal}\n")
    self.body.append("\n".join(lines))
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Auctions

_BID = re.compile(r"([1-7])\s*(NT|[CDHSN])", re.IGNORECASE)
_CALL_WORDS = {
    "P": "\\bmlpass{}",
    "PASS": "\\bmlpass{}",
    "D": "\\bmldouble{}",
    "X": "\\bmldouble{}",
    "R": "\\bmlredouble{}",
    "XX": "\\bmlredouble{}",
    "AP": "\\bmlallpass{}",
    "-": "",
    "": "",
}


def auction_cell(self: LaTeXTranslator, cell: object) -> str:
    """One auction cell as LaTeX: a bid, a word for pass/double/redouble/all pass, or escaped text."""
    text = str(cell).strip()
    bid = _BID.fullmatch(text)
    if bid:
        return f"\\bmlbid{{{bid.group(1)}}}{{{_strain(self, bid.group(2))}}}"
    word = _CALL_WORDS.get(text.upper())
    return word if word is not None else self.encode(text)


def visit_auction(self: LaTeXTranslator, node: bml.auction) -> None:
    rows = node.get("rows") or []
    body = " \\\\\n".join(" & ".join(auction_cell(self, cell) for cell in row[:4]) for row in rows)
    self.body.append(f"\n{_anchor(self, node)}\\begin{{bmlauction}}\n{body}\n\\end{{bmlauction}}\n")
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Registration


VISITORS: dict[type[nodes.Element], tuple[Visitor, Visitor | None]] = {
    bml.bidtable: (visit_bidtable, depart_bidtable),
    bml.bidrows: (_nothing, _nothing),
    bml.bidrow: (visit_bidrow, _nothing),
    bml.bidcall: (_nothing, _nothing),
    bml.bidmeaning: (_nothing, _nothing),
    bml.suit: (visit_suit, _nothing),
    bml.linebreak: (visit_linebreak, _nothing),
    bml.deal: (visit_deal, _nothing),
    bml.auction: (visit_auction, _nothing),
}


def copy_style_file(app: Sphinx) -> None:
    """Put ``sphinxbml.sty`` beside the ``.tex`` files of a LaTeX build."""
    if app.builder.format == "latex":
        Path(app.outdir).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(STYLE_FILE, Path(app.outdir) / STYLE_FILE.name)


def setup(app: Sphinx) -> None:
    """Register the LaTeX package and copy it into LaTeX builds."""
    app.add_latex_package(PACKAGE)
    app.connect("builder-inited", copy_style_file)
