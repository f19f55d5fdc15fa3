"""LaTeX output: the markup our visitors write, and real PDFs from pdflatex and xelatex."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from sphinx.util.texescape import escape

from sphinx_bml.language.calls import Call, Strain
from sphinx_bml.language.errors import Location
from sphinx_bml.language.model import (
    Auction,
    AuctionMark,
    BidNode,
    Contract,
    Deal,
    Description,
    Direction,
    Lead,
    TableCall,
)
from sphinx_bml.sphinx import nodes as bml
from sphinx_bml.sphinx.writing import latex
from tests.support import compile_pdf

SUIT_SYMBOLS = "♠♥♦♣"
ESCAPES_SOURCE = r"\input{x} $ & % # _ { } ~ ^ \ end"
ESCAPES_LATEX = (
    r"\textbackslash{}input\{x\} \$ \& \% \# \_ \{ \} \textasciitilde{} \textasciicircum{} \textbackslash{} end"
)
LONG_ROWS = 70  # tests/roots/test-latex/long.bml


def tex_source(app: Any) -> str:
    return (Path(app.outdir) / "bmltest.tex").read_text(encoding="utf-8")


def environments(tex: str, name: str) -> list[str]:
    return re.findall(rf"\\begin{{{name}}}.*?\\end{{{name}}}", tex, flags=re.DOTALL)


# --------------------------------------------------------------------------
# The .tex file


@pytest.mark.sphinx("latex", testroot="latex", srcdir="latex-markup")
def test_latex_markup(app: Any) -> None:
    app.build()
    tex = tex_source(app)
    assert app.warning.getvalue() == ""
    assert r"\usepackage{sphinxbml}" in tex
    assert (Path(app.outdir) / "sphinxbml.sty").read_bytes() == latex.STYLE_FILE.read_bytes()

    tables = environments(tex, "bmlbidtable")
    assert r"\phantomsection\label{\detokenize{index:bml-bidtable-0}}\begin{bmlbidtable}{tree}{8}" in tex
    assert r"\phantomsection\label{\detokenize{index:bml-deal-0}}\begin{bmldeal}" in tex
    assert [t.split("\n", 1)[0] for t in tables[:3]] == [
        r"\begin{bmlbidtable}{tree}{8}",
        r"\begin{bmlbidtable}{plain}{2}",
        r"\begin{bmlbidtable}{tree}{1}",
    ]
    first = tables[0]
    assert r"\bmlrow{}{1}{1\bmlsuit{C}}" in first
    assert r"\bmlrow{VT}{1}{1\bmlsuit{H}}" in first
    assert r"\bmlrow{VVL}{0}{1\bmlsuit{S}}" in first
    assert r"\bmlrow{BBBBBBBL}{0}{4\bmlsuit{D}}" in first  # the deep tree
    # the row's own anchor (its sequence, 1C), then the one the test root adds
    assert (
        r"\bmlrow{}{1}{1\bmlsuit{C}}\phantomsection\label{\detokenize{index:bml-1c}}"
        r"\label{\detokenize{index:bml-row-0}}Strong," in first
    )
    empty_row = r"\\bmlrow\{T\}\{0\}\{1NT\}(\\phantomsection(\\label\{[^}]*\}\})+)?\\bmlendrow\n"
    assert re.search(empty_row, first)  # empty
    assert r"11\sphinxhyphen{}15 HCP\bmlnewline{}Second line of the 1\bmlsuit{H} description" in first
    assert r"\sphinxstylestrong{bold words}" in first
    assert r"\sphinxstyleemphasis{italic words}" in first
    assert r"\sphinxcode{\sphinxupquote{monospace}}" in first
    assert first.count(r"\bmlrow") == first.count(r"\bmlendrow") == 20

    deals = environments(tex, "bmldeal")
    assert len(deals) == 2
    assert r"\bmldealinfo{\bmlboard{7}\\\bmldealer{\bmlseatS}\\\bmlvulnerable{\bmlvulNS}}" in deals[0]
    assert r"\bmldealplay{\bmlcontract{4\bmlsuit{H}\bmldoubled{}}{\bmlseatS}\\\bmllead{\bmlsuit{S}4}}" in deals[0]
    assert r"\bmlhand{N}{AKQ2}{J10}{}{9875432}" in deals[0]
    assert r"\bmlhand{W}{4}{6543}{T987654}{J}" in deals[0]
    assert r"\bmldealinfo" not in deals[1] and r"\bmldealplay" not in deals[1]
    assert r"\bmlhand{E}" not in deals[1]

    (auction,) = environments(tex, "bmlauction")
    assert r" & \bmlbid{1}{\bmlsuit{C}} & \bmlpass{} & \bmlbid{1}{\bmlsuit{H}} \\" in auction
    assert r"\bmlallpass{}" in auction

    assert r"\section{Long table after 1\bmlsuit{C}}" in tex
    assert r"\subsection{A section for 1\bmlsuit{H}}" in tex
    context = r"\bmltablecontext{3rd or 4th seat, unfavourable}"
    assert context + "\n\\begin{bmlbidtable}{tree}{3}" in tex


@pytest.mark.sphinx("latex", testroot="latex", srcdir="latex-escapes")
def test_latex_escapes_user_text(app: Any) -> None:
    app.build()
    tex = tex_source(app)
    assert ESCAPES_LATEX + r"\bmlendrow" in tex
    assert r"\input{x}" not in tex
    ours = "".join(environments(tex, "bmlbidtable") + environments(tex, "bmldeal") + environments(tex, "bmlauction"))
    assert not set(SUIT_SYMBOLS) & set(ours), "pdflatex must get \\bmlsuit, not Unicode suits"


# --------------------------------------------------------------------------
# The visitors on their own (attribute data is escaped here, not by Sphinx)


class FakeTranslator:
    """The little of Sphinx's LaTeXTranslator the deal and auction visitors use."""

    def __init__(self) -> None:
        self.body: list[str] = []

    def encode(self, text: str) -> str:
        return escape(text)

    def hypertarget_to(self, node: nodes.Element, anchor: bool = False) -> str:
        return (r"\phantomsection" if anchor else "") + "".join(rf"\label{{{i}}}" for i in node["ids"])


def render(visit: Any, node: nodes.Element) -> str:
    translator = FakeTranslator()
    with pytest.raises(nodes.SkipNode):
        visit(translator, node)
    return "".join(translator.body)


def test_deal_text_is_escaped() -> None:
    model = Deal(
        hands={Direction.NORTH: ("A$", "K&", "Q%", "J#"), Direction.WEST: ("", "", "", "x_{}")},
        location=Location("d.bml", 1),
        board="1~^",
        dealer=Direction.EAST,
        vulnerable="Both\\",
        contract=Contract(3, Strain.NOTRUMP, 2, Direction.WEST),
        lead=Lead(Strain.HEARTS, "10"),
    )
    out = render(latex.visit_deal, bml.deal(model=model, ids=["a-deal"]))
    assert r"\phantomsection\label{a-deal}\begin{bmldeal}" in out
    assert r"\bmlboard{1\textasciitilde{}\textasciicircum{}}" in out
    assert r"\bmldealer{\bmlseatE}" in out
    assert r"\bmlvulnerable{Both\textbackslash{}}" in out
    assert r"\bmlcontract{3\bmlnotrump{}\bmlredoubled{}}{\bmlseatW}" in out
    assert r"\bmllead{\bmlsuit{H}10}" in out
    assert r"\bmlhand{N}{A\$}{K\&}{Q\%}{J\#}" in out
    assert r"\bmlhand{W}{}{}{}{x\_\{\}}" in out


def test_deal_passed_out_without_facts() -> None:
    model = Deal(hands={Direction.SOUTH: ("AK", "", "", "")}, location=Location("d.bml", 1), contract=Contract(0))
    out = render(latex.visit_deal, bml.deal(model=model))
    assert r"\bmldealplay{\bmlpassedout{}}" in out
    assert r"\bmldealinfo" not in out
    assert r"\bmlhand{S}{AK}{}{}{}" in out


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        (Call.parse("1C"), r"\bmlbid{1}{\bmlsuit{C}}"),
        (Call.parse("7N"), r"\bmlbid{7}{\bmlnotrump{}}"),
        (Call.parse("P"), r"\bmlpass{}"),
        (Call.parse("D"), r"\bmldouble{}"),
        (Call.parse("R"), r"\bmlredouble{}"),
        (AuctionMark.ALL_PASS, r"\bmlallpass{}"),
        (AuctionMark.EMPTY, ""),
        (AuctionMark.QUESTION, "?"),
    ],
)
def test_auction_cells(cell: Call | AuctionMark, expected: str) -> None:
    assert latex.auction_cell(FakeTranslator(), cell) == expected  # type: ignore[arg-type]


def test_auction_rows() -> None:
    rows: list[list[Call | AuctionMark]] = [
        [AuctionMark.EMPTY, Call.parse("1S"), Call.parse("P"), Call.parse("2S")],
        [AuctionMark.ALL_PASS],
    ]
    out = render(latex.visit_auction, bml.auction(model=Auction(rows, Location("a.bml", 1))))
    assert "\\begin{bmlauction}\n & \\bmlbid{1}{\\bmlsuit{S}} & \\bmlpass{} & \\bmlbid{2}{\\bmlsuit{S}} \\\\\n" in out
    assert out.endswith("\\bmlallpass{}\n\\end{bmlauction}\n")


def _row(call: str, *answers: BidNode) -> BidNode:
    return BidNode((TableCall(call),), Description(), Location("a.bml", 1), list(answers))


def test_row_columns_and_depth() -> None:
    deep = _row("3C")
    top = _row("1C", _row("2D"), _row("2H", deep), _row("2S"))
    assert latex.row_columns([False]) == ""  # 1C, a top-level row
    assert [latex.row_columns([False, last]) for last in (False, False, True)] == ["T", "T", "L"]  # 2D 2H 2S
    assert latex.row_columns([False, False, True]) == "VL"  # 3C, below 2H, the last of its siblings
    assert latex.row_columns([True, True, True]) == "BL"
    assert latex.table_depth([top, _row("1D")]) == 2
    assert latex.table_depth([]) == 0


def test_every_node_has_visitors() -> None:
    assert set(latex.VISITORS) == set(bml.ALL_NODES)
    assert all(depart is not None for _, depart in latex.VISITORS.values())


def test_style_file_ships_with_the_package() -> None:
    assert latex.STYLE_FILE.is_file()
    text = latex.STYLE_FILE.read_text(encoding="utf-8")
    assert r"\ProvidesPackage{sphinxbml}" in text
    for macro in ("bmlsuit", "bmlrow", "bmlendrow", "bmlhand", "bmldealinfo", "bmlbid"):
        assert f"\\newcommand\\{macro}" in text or f"\\DeclareRobustCommand\\{macro}" in text


# --------------------------------------------------------------------------
# Real PDFs


def check_pdf_text(text: str) -> None:
    assert ESCAPES_SOURCE in text
    assert "Strong, 16+ HCP, any shape" in text
    assert "Natural, 5+♥" in text
    assert "Natural, 4+♦, 11-15 HCP. This description is long enough to wrap" in text
    assert "bold words, italic words and monospace text" in text
    assert "Deepest row of the deep tree" in text
    assert "5+♥, 11-15 HCP Second line of the 1♥ description, after a line break" in text
    for number in range(1, LONG_ROWS + 1):  # no line of a long table is lost over the page breaks
        assert f"row {number} ends here." in text
        if number % 5 == 0:
            assert f"Deeper answer under row {number}" in text
    for fact in ("Board 7", "Dealer South", "N–S vulnerable", "4♥X by South", "Lead ♠4"):
        assert fact in text
    assert "West North East South" in text
    assert "All pass" in text
    assert "Long table after 1♣" in text
    assert "3rd or 4th seat, unfavourable" in text


@pytest.mark.latex
@pytest.mark.slow
@pytest.mark.sphinx("latex", testroot="latex", srcdir="latex-pdflatex")
def test_pdf_with_pdflatex(app: Any) -> None:
    check_pdf_text(compile_pdf(app, "pdflatex"))


@pytest.mark.latex
@pytest.mark.slow
@pytest.mark.sphinx("latex", testroot="latex", srcdir="latex-xelatex", confoverrides={"latex_engine": "xelatex"})
def test_pdf_with_xelatex(app: Any) -> None:
    check_pdf_text(compile_pdf(app, "xelatex"))
