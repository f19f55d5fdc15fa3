"""LaTeX rendering of the sphinx-bml nodes.

The visitors write markup for our own LaTeX package, ``sphinxbml.sty``
(``texinputs/`` beside this module), which ``setup()`` adds to every
LaTeX document and :func:`copy_style_file` copies into the LaTeX output folder:

* a bidding table becomes a ``bmlbidtable`` environment of ``\\bmlrow``
  rows; each row says which tree lines pass beside it, so pages may break
  between any two lines and the package draws the lines with plain rules;
* a deal becomes a ``bmldeal`` environment (compass layout), an auction a
  ``bmlauction`` environment (W N E S columns);
* a suit becomes ``\\bmlsuit{H}``: no Unicode suit symbols reach pdflatex.

A bidding table is written whole from its model (:mod:`sphinx_bml.language.shown`): its
text, and the text of deals (board, holdings, lead card), is escaped with
the translator's own :meth:`encode`; italic, bold and monospace text goes
to Sphinx's own visitors.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import NamedTuple

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.latex import LaTeXBuilder
from sphinx.util import texescape
from sphinx.writers.latex import LaTeXTranslator

from ...language import shown
from ...language.abbreviations import Abbreviation
from ...language.calls import Call, Strain
from ...language.errors import Kind
from ...language.inline import LineBreak, SequenceLink, Styled, SuitSymbol, Text
from ...language.model import AuctionMark, BidNode, Contract, Deal, Direction
from ...language.notation import cell_label
from .. import nodes as bml
from ..config import site_abbreviations
from ..diagnostics import warn
from ..nodes.inline import link_node, styled_node
from .latex_characters import declared_in_style, printable_by_pdflatex, untypesettable_in_doctree
from .meanings import smart_quotes, with_smart_quotes

PACKAGE = "sphinxbml"
TEXINPUTS = Path(__file__).resolve().parent / "texinputs"
STYLE_FILE = TEXINPUTS / f"{PACKAGE}.sty"

SUITS = "SHDC"
SEATS = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
VULNERABILITIES = ("None", "All", "NS", "EW")


# --------------------------------------------------------------------------
# Bidding tables


def row_columns(path: list[bool]) -> str:
    """The ``\\bmlrow`` column letters left of a row's call.

    ``path``: for each row from the top level down to this one, whether it is
    the last of its siblings. One letter per level above the row: ``V`` (an
    ancestor's line passes), ``B`` (blank), then this row's connector, ``T``
    or ``L`` (last sibling). A top-level row has none.
    """
    chain = path[1:]
    letters = ["B" if last else "V" for last in chain[:-1]]
    if chain:
        letters.append("L" if chain[-1] else "T")
    return "".join(letters)


@lru_cache(maxsize=256)
def _columns(path: tuple[bool, ...]) -> str:
    """:func:`row_columns`, kept: a table's rows share a few paths."""
    return row_columns(list(path))


def table_depth(rows: list[BidNode]) -> int:
    """How many levels below the top the deepest of ``rows`` is."""
    depth = 0
    pending = [(rows, 0)]
    while pending:
        level, above = pending.pop()
        for row in level:
            if row.children:
                depth = max(depth, above + 1)
                pending.append((row.children, above + 1))
    return depth


def _anchor(translator: LaTeXTranslator, node: nodes.Element) -> str:
    """A hyperlink target with ``node``'s ids as labels (``""`` without ids)."""
    return translator.hypertarget_to(node, anchor=True) if node["ids"] else ""


def _labels(translator: LaTeXTranslator, ids: tuple[str, ...]) -> str:
    """A hyperlink target with ``ids`` as labels, as :meth:`hypertarget_to` writes it (``""`` without ids)."""
    if not ids:
        return ""
    return "\\phantomsection" + "".join(translator.hypertarget(name, anchor=False) for name in ids)


def visit_bidtable(self: LaTeXTranslator, node: bml.bidtable) -> None:
    """The whole table, from its model; the search text it holds is skipped."""
    style = "tree" if node.get("tree", True) else "plain"
    context = str(node.get("context", ""))
    self.body.append(f"\n{_anchor(self, node)}")
    if context:
        self.body.append(f"\\bmltablecontext{{{self.encode(context)}}}\n")
    self.body.append(f"\\begin{{bmlbidtable}}{{{style}}}{{{table_depth(node.model.rows)}}}\n")
    marks = Marks(
        smart_quotes(self),
        site_abbreviations(self.config),
        bool(self.config.bml_show_conditions),
        node.get("sequence_links", {}),
        _encoder(self),
    )
    _rows(self, node.model.rows, iter(node.anchors), (), marks)
    self.body.append("\\end{bmlbidtable}\n")
    raise nodes.SkipNode


class Marks(NamedTuple):
    """What the meanings of a table are drawn with."""

    quotes: tuple[str, str] | None
    abbreviations: dict[str, str]
    conditions: bool
    #: where the links in the meanings lead (``domain/links``)
    links: dict[str, dict[str, object]]
    #: the translator's :meth:`encode` (:func:`_encoder`)
    encode: Callable[[str], str]


def _encoder(self: LaTeXTranslator) -> Callable[[str], str]:
    """The translator's ``encode``, found once per table: where it is Sphinx's own, its
    escaping for the engine (``texescape.escape``) called directly, without looking the
    engine up in the configuration for each piece of text of each row."""
    translator = type(self)
    if translator.encode is not LaTeXTranslator.encode or translator.escape is not LaTeXTranslator.escape:
        return self.encode
    if self.literal_whitespace:
        return self.encode
    return partial(_escaped, engine=self.config.latex_engine)


@lru_cache(maxsize=1 << 12)
def _escaped(text: str, engine: str | None) -> str:
    """``texescape.escape``: kept for the texts drawn last, as the calls and many meanings
    come back row after row."""
    return texescape.escape(text, engine)


def _rows(
    self: LaTeXTranslator,
    rows: list[BidNode],
    anchors: Iterator[tuple[str, ...]],
    path: tuple[bool, ...],
    marks: Marks,
) -> None:
    """Each row: ``\\bmlrow{columns}{has answers}{call}``, its anchors, its meaning, then its answers.

    An alertable call is followed by ``\\bmlalert``; a hand condition is
    ``\\bmlcondition{words}`` after the meaning (a line of its own), or the
    meaning itself (``\\bmlconditiononly``) when the row has none."""
    last = len(rows) - 1
    for index, row in enumerate(rows):
        here = (*path, index == last)
        self.body.append(f"\\bmlrow{{{_columns(here)}}}{{{1 if row.children else 0}}}{{")
        _tokens(self, shown.call_tokens(row), marks.encode)
        if row.alert:
            self.body.append("\\bmlalert{}")
        self.body.append("}")
        self.body.append(_labels(self, next(anchors)))
        meaning = with_smart_quotes(shown.drawn_meaning(row.description.text), marks.quotes)
        _tokens(self, shown.with_abbreviations(meaning, marks.abbreviations), marks.encode, marks.links)
        condition = shown.condition_text(row) if marks.conditions else ""
        if condition:
            macro = "bmlcondition" if meaning else "bmlconditiononly"
            self.body.append(f"\\{macro}{{{marks.encode(condition)}}}")
        self.body.append("\\bmlendrow\n")
        if row.children:
            _rows(self, row.children, anchors, here, marks)


def _tokens(
    self: LaTeXTranslator,
    tokens: tuple[shown.Shown, ...],
    encode: Callable[[str], str],
    links: dict[str, dict[str, object]] | None = None,
) -> None:
    """Drawn tokens (:mod:`sphinx_bml.language.shown`): text escaped by the translator, suits and line breaks as macros,
    abbreviations as Sphinx writes them in prose (spelled out at their first use in the document),
    links to sequences as Sphinx writes the ``:bml:seq:`` role's (``\\hyperref``; ``links``: where they lead)."""
    for token in tokens:
        if isinstance(token, Text):
            self.body.append(encode(token.text))
        elif isinstance(token, SuitSymbol):
            self.body.append(f"\\bmlsuit{{{token.strain.value}}}")
        elif isinstance(token, LineBreak):
            self.body.append("\\bmlnewline{}")
        elif isinstance(token, Styled):
            styled_node(token, links).walkabout(self)
        elif isinstance(token, Abbreviation):
            nodes.abbreviation(token.text, token.text, explanation=token.meaning).walkabout(self)
        elif isinstance(token, SequenceLink):
            link_node(token, links).walkabout(self)


# --------------------------------------------------------------------------
# Inline nodes (the :bml: roles)


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


def _strain(strain: Strain) -> str:
    return "\\bmlnotrump{}" if strain is Strain.NOTRUMP else f"\\bmlsuit{{{strain.value}}}"


def _seat(direction: Direction) -> str:
    return f"\\bmlseat{direction.value}"


def deal_facts(self: LaTeXTranslator, deal: Deal) -> list[str]:
    """Board, dealer and vulnerability of a deal, as LaTeX lines."""
    facts: list[str] = []
    if deal.board:
        facts.append(f"\\bmlboard{{{self.encode(deal.board)}}}")
    if deal.dealer is not None:
        facts.append(f"\\bmldealer{{{_seat(deal.dealer)}}}")
    if deal.vulnerable:
        known = f"\\bmlvul{deal.vulnerable}" if deal.vulnerable in VULNERABILITIES else None
        facts.append(f"\\bmlvulnerable{{{known or self.encode(deal.vulnerable)}}}")
    return facts


def deal_play(self: LaTeXTranslator, deal: Deal) -> list[str]:
    """Contract and opening lead of a deal, as LaTeX lines."""
    play: list[str] = []
    if deal.contract is not None:
        play.append(_contract(deal.contract))
    if deal.lead is not None:
        play.append(f"\\bmllead{{{_strain(deal.lead.suit)}{self.encode(deal.lead.card)}}}")
    return play


def _contract(contract: Contract) -> str:
    if contract.passed_out or contract.strain is None:
        return "\\bmlpassedout{}"
    call = f"{contract.level}{_strain(contract.strain)}"
    call += {1: "\\bmldoubled{}", 2: "\\bmlredoubled{}"}.get(contract.doubled, "")
    by = _seat(contract.declarer) if contract.declarer is not None else ""
    return f"\\bmlcontract{{{call}}}{{{by}}}"


def visit_deal(self: LaTeXTranslator, node: bml.deal) -> None:
    deal = node.model
    lines = [f"\n{_anchor(self, node)}\\begin{{bmldeal}}"]
    for macro, parts in (("bmldealinfo", deal_facts(self, deal)), ("bmldealplay", deal_play(self, deal))):
        if parts:
            lines.append(f"\\{macro}{{" + "\\\\".join(parts) + "}")
    for seat in SEATS:
        cards = deal.hands.get(seat)
        if cards is not None:
            holdings = "".join(f"{{{self.encode(holding)}}}" for holding in cards)
            lines.append(f"\\bmlhand{{{seat.value}}}{holdings}")
    lines.append("\\end{bmldeal}\n")
    self.body.append("\n".join(lines))
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Auctions

_CALL_WORDS = {
    "P": "\\bmlpass{}",
    "D": "\\bmldouble{}",
    "R": "\\bmlredouble{}",
    AuctionMark.ALL_PASS.value: "\\bmlallpass{}",
    AuctionMark.EMPTY.value: "",
}


def auction_cell(self: LaTeXTranslator, cell: Call | AuctionMark) -> str:
    """One auction cell as LaTeX: a bid, a word for pass/double/redouble/all pass, or escaped text."""
    if isinstance(cell, Call) and cell.strain is not None:
        return f"\\bmlbid{{{cell.level}}}{{{_strain(cell.strain)}}}"
    word = _CALL_WORDS.get(cell.value if isinstance(cell, AuctionMark) else str(cell))
    return word if word is not None else self.encode(cell_label(cell))


def visit_auction(self: LaTeXTranslator, node: bml.auction) -> None:
    rows = node.model.rows
    body = " \\\\\n".join(" & ".join(auction_cell(self, cell) for cell in row[:4]) for row in rows)
    self.body.append(f"\n{_anchor(self, node)}\\begin{{bmlauction}}\n{body}\n\\end{{bmlauction}}\n")
    raise nodes.SkipNode


# --------------------------------------------------------------------------
# Registration


VISITORS: dict[type[nodes.Element], tuple[bml.Visitor, bml.Visitor | None]] = {
    bml.bidtable: (visit_bidtable, bml.depart_nothing),
    bml.suit: (visit_suit, bml.depart_nothing),
    bml.linebreak: (visit_linebreak, bml.depart_nothing),
    bml.deal: (visit_deal, bml.depart_nothing),
    bml.auction: (visit_auction, bml.depart_nothing),
}


def warn_unprintable(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: with pdflatex, each character of the page it
    cannot print, once, as a ``bml.latex`` warning at its line: in the text,
    and in what its abbreviations stand for (``bml_abbreviations``, Sphinx's
    ``:abbr:``), which the PDF spells out. Characters the project declares
    itself (``\\DeclareUnicodeCharacter`` in ``latex_elements["preamble"]``)
    are printable."""
    if app.builder.format != "latex" or app.config.latex_engine != "pdflatex":
        return
    preamble = str(app.config.latex_elements.get("preamble", ""))
    abbreviations = site_abbreviations(app.config)

    def abbreviations_of(text: nodes.Text) -> list[list[Abbreviation]]:
        if not abbreviations or not isinstance(text.parent, bml.bidtable):
            return []
        rows = bml.rows_in_order(text.parent.model.rows)
        return [  # as _rows writes them
            [
                token
                for token in shown.with_abbreviations(shown.drawn_meaning(row.description.text), abbreviations)
                if isinstance(token, Abbreviation)
            ]
            for row in rows
        ]

    printable = _printable(preamble, cyrillic=loads_cyrillic(app))
    for element, found in untypesettable_in_doctree(doctree, printable, abbreviations_of):
        if isinstance(element, bml.bidtable):  # its search text: one line per row
            row = list(bml.rows_in_order(element.model.rows))[found.line - 1]
            warn(Kind.LATEX, found.message, f"{row.location.file}:{row.location.line}")
            continue
        located: nodes.Element | None = element
        while located is not None and not located.line:  # a meaning's line is its row's
            located = located.parent
        source, line = (located.source, located.line) if located is not None else (None, None)
        line = (line or 1) + found.line - 1
        warn(Kind.LATEX, found.message, f"{source}:{line}" if source else (docname, line))


@cache
@cache
def _printable(preamble: str, *, cyrillic: bool) -> frozenset[str]:
    declared = declared_in_style(STYLE_FILE.read_text(encoding="utf-8")) | declared_in_style(preamble)
    return printable_by_pdflatex(declared, cyrillic=cyrillic)


def loads_cyrillic(app: Sphinx) -> bool:
    """Whether the LaTeX build loads the Cyrillic font encoding T2A: Sphinx's babel for a language
    written in Cyrillic (``language = "ru"``, ``"uk"``, ``"bg"``...), or ``latex_elements["fontenc"]``."""
    builder = app.builder
    if not isinstance(builder, LaTeXBuilder):
        return False
    context = builder.context
    return "T2A" in str(context.get("fontenc", "")) or (bool(context.get("babel")) and builder.babel.uses_cyrillic())


def copy_style_file(app: Sphinx) -> None:
    """Put ``sphinxbml.sty`` beside the ``.tex`` files of a LaTeX build."""
    if app.builder.format == "latex":
        Path(app.outdir).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(STYLE_FILE, Path(app.outdir) / STYLE_FILE.name)
