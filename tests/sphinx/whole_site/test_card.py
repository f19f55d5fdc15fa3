"""Notes that read like a convention card: alert marks through the builders,
abbreviations in prose and their glossary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import compile_pdf, page, write_project

# every test builds a site to read its card: the quick selection leaves them out
pytestmark = pytest.mark.slow

CARD = "card"


def written(app: SphinxTestApp, name: str) -> list[str]:
    return (Path(app.outdir) / name).read_text(encoding="utf-8").splitlines()


@pytest.mark.sphinx("bss", testroot=CARD, freshenv=True)
def test_alert_marks_and_the_prefix_make_artificial_records(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    records = written(app, "card.bss")
    assert "001C=YYYYYYY008STR, 16+ HCP, F" in records  # the prefix "!" made the mark and left the text
    assert "001CP1D=YYYYYYY008NEG, 0-7 HCP" in records
    assert "001CP1H=NYYYYYY0085+ !h, GF" in records
    assert "002D=YYYYYYY008Multi, PRE" in records
    assert "001NP2C=YYYYYYY008Stayman, F1" in records
    assert "001NP2CP2D=NYYYYYY008no major" in records


@pytest.mark.sphinx("bss", testroot=CARD, freshenv=True, confoverrides={"bml_bss_dispositions": True})
def test_dispositions_from_the_meanings(app: SphinxTestApp) -> None:
    app.build()
    codes = {record.partition("=")[0]: record.partition("=")[2][7] for record in written(app, "card.bss")[1:]}
    assert codes == {
        "001C": "5",
        "001CP1D": "0",
        "001CP1H": "6",
        "001D": "2",
        "001N": "0",
        "002D": "9",
        "002H": "0",
        "001NP2C": "5",
        "001NP2CP2D": "0",
        "001NP2CP2H": "0",
        "001NP2D": "A",
    }


@pytest.mark.sphinx("bboalert", testroot=CARD, freshenv=True, confoverrides={"bml_bboalert_alerts_only": True})
def test_bboalert_alerts_only(app: SphinxTestApp) -> None:
    app.build()
    records = [line.split(",")[:2] for line in written(app, "card.txt")[1:]]
    assert records == [["", "1C"], ["1C--", "1D"], ["", "2D"], ["1N--", "2C"]]


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_abbreviations_in_prose_have_their_meaning(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    body = page(app, "index").select_one("div.body")
    assert body is not None
    shown = [(abbr.get_text(), abbr["title"]) for abbr in body.select("abbr")]
    assert shown == [
        ("STR", "strong"),
        ("F", "forcing"),
        ("NF", "non-forcing"),
        ("GF", "game forcing"),
        ("5CM", "five-card majors"),
    ]
    assert body.select_one("code").get_text() == "F"  # literal text is left alone
    assert "abbr" not in str(body.select_one("div.highlight"))


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_the_glossary_lists_what_the_site_uses(app: SphinxTestApp) -> None:
    app.build()
    glossary = page(app, "glossary").select_one("dl.bml-glossary")
    assert glossary is not None
    terms = [term.get_text(strip=True) for term in glossary.select("dt")]
    meanings = [definition.get_text(strip=True) for definition in glossary.select("dd")]
    # from the prose (STR, 5CM ...) and from the meanings (NEG, BAL, TRF, F1 ...)
    assert terms == ["5CM", "BAL", "F", "F1", "GF", "HCP", "NEG", "NF", "PRE", "STR", "TRF"]
    assert meanings[terms.index("TRF")] == "transfer"


@pytest.mark.sphinx("text", testroot=CARD, freshenv=True)
def test_other_builders_show_the_abbreviation_alone(app: SphinxTestApp) -> None:
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "is STR and F," in text
    assert "(forcing)" not in text


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True, confoverrides={"bml_abbreviations": {}})
def test_no_abbreviations_by_default(app: SphinxTestApp) -> None:
    app.build()
    assert not page(app, "index").select("abbr")
    assert "no standard abbreviation" in page(app, "glossary").get_text()


# --------------------------------------------------------------------------
# bml-summary


def summary_rows(table: BeautifulSoup) -> list[tuple[str, str, str]]:
    """Each row as (call, where its link goes, meaning)."""
    rows = []
    for row in table.select("tbody tr"):
        call, meaning = row.select("td")
        link = call.select_one("a")
        assert link is not None
        rows.append((" ".join(call.get_text().split()), str(link["href"]), " ".join(meaning.get_text().split())))
    return rows


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_the_summary_lists_openings_and_answers_from_the_system(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    openings, notrump, club = page(app, "summary").select("table.bml-summary")
    assert openings.select_one("caption").get_text(strip=True).startswith("Openings")
    assert summary_rows(openings) == [
        ("1♣", "openings.html#bml-1c", "STR, 16+ HCP, F"),
        ("1♦", "openings.html#bml-1d", "Natural, 11-15, NF"),
        ("1NT", "openings.html#bml-1n", "15-17 BAL"),
        ("2♦", "openings.html#bml-2d", "Multi, PRE"),
        ("2♥", "openings.html#bml-2h", "Weak, 6 ♥"),
    ]
    assert notrump.select_one("caption").get_text(strip=True).startswith("After 1NT")
    assert summary_rows(notrump) == [
        ("2♣", "notrump.html#bml-1n-p-2c", "Stayman, F1"),  # from another page than 1NT itself
        ("2♦", "notrump.html#bml-1n-p-2d", "TRF to ♥"),
    ]
    assert club.select_one("caption").get_text(strip=True).startswith("Answers to our strong club")
    assert [row[0] for row in summary_rows(club)] == ["1♦", "1♥"]
    assert [abbr["title"] for abbr in openings.select("abbr")][:3] == ["strong", "high-card points", "forcing"]


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_the_summary_draws_suits_as_the_trees_do(app: SphinxTestApp) -> None:
    """Hearts and diamonds were plain text, black, in the summary while the trees colour them."""
    app.build()
    openings, notrump, _ = page(app, "summary").select("table.bml-summary")
    hearts = [str(suit.parent.get_text()) for suit in openings.select("span.bml-suit.bml-hearts")]
    assert "2♥" in hearts  # the call, inside its link
    assert notrump.select_one("td:last-child span.bml-suit.bml-hearts") is not None  # "TRF to ♥"
    assert openings.select("a span.bml-suit.bml-diamonds")
    trees = page(app, "openings").select("div.bml-bidtable span.bml-suit.bml-hearts")
    assert {suit["class"][-1] for suit in trees} == {"bml-hearts"}


def test_the_summary_says_seat_and_vulnerability_in_players_words(example_site: Path) -> None:
    soup = BeautifulSoup((example_site / "html" / "card.html").read_text(encoding="utf-8"), "html.parser")
    contexts = [span.get_text() for span in soup.select("table.bml-summary span.bml-summary-context")]
    assert "(not vulnerable)" in contexts and "(vulnerable)" in contexts and "(3rd seat)" in contexts
    assert not [context for context in contexts if "we " in context or "they " in context]
    anchors = [str(link["href"]) for link in soup.select("table.bml-summary a")]
    assert "openings.html#bml-vn0-2h" in anchors  # the anchors keep the BML code: N0, not vulnerable


@pytest.mark.sphinx("text", testroot=CARD, freshenv=True)
def test_the_text_builder_shows_a_summary_s_abbreviations_as_the_tables_show_them(app: SphinxTestApp) -> None:
    """The summary is made before the abbreviations become plain text: "F", as in the
    tables and the prose of the site, not "F (forcing)"."""
    app.build()
    assert app.warning.getvalue() == ""
    summary = (Path(app.outdir) / "summary.txt").read_text(encoding="utf-8")
    assert "STR, 16+ HCP, F " in summary
    assert "Natural, 11-15, NF " in summary
    assert "(forcing)" not in summary and "(strong)" not in summary and "(non-forcing)" not in summary
    assert "STR, 16+ HCP, F" in (Path(app.outdir) / "openings.txt").read_text(encoding="utf-8")


@pytest.mark.sphinx("latex", testroot=CARD, freshenv=True)
def test_the_latex_summary_is_small_with_suits_and_its_own_columns(app: SphinxTestApp) -> None:
    app.build()
    tex = (Path(app.outdir) / "bmltest.tex").read_text(encoding="utf-8")
    summary = tex[tex.index(r"\begin{sphinxuseclass}{bml-summary}") :]
    summary = summary[: summary.index(r"\end{sphinxuseclass}")]
    assert r"{\X{6}{25}\X{19}{25}}" in summary  # the call and its situation on one line
    assert r"2\bmlsuit{H}" in summary and "Weak, 6 \\bmlsuit{H}" in summary  # suits drawn, not text
    sty = (Path(app.outdir) / "sphinxbml.sty").read_text(encoding="utf-8")
    assert r"\newenvironment{sphinxclassbml-summary}" in sty


@pytest.mark.sphinx("html", testroot=CARD, srcdir="card-bad-summaries", freshenv=True)
def test_a_summary_that_cannot_work_is_a_located_warning(app: SphinxTestApp) -> None:
    """(A source folder of its own: the page is rewritten, and the other tests of the root share theirs.)"""
    (Path(app.srcdir) / "summary.rst").write_text(
        "Summary\n=======\n\n.. bml-summary::\n   :sequence: 1Q\n\n.. bml-summary::\n   :sequence: 4N\n\n"
        ".. bml-summary::\n   :system: blue\n",
        encoding="utf-8",
    )
    app.build()
    warnings = app.warning.getvalue()
    assert "summary.rst:4: WARNING: bml-summary :sequence: 1Q: '1Q' is not a call" in warnings
    assert "summary.rst:7: WARNING: bml-summary: no bidding table of the site shows answers to 4NT" in warnings
    assert "summary.rst:10: WARNING: bml-summary :system: blue: the systems of the site are none" in warnings
    assert "[bml.directive]" in warnings
    assert "Traceback" not in warnings


# --------------------------------------------------------------------------
# Finding a sequence: search names, the index page


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_search_names_carry_the_sequence_and_its_meaning(app: SphinxTestApp) -> None:
    app.build()
    script = (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(script[script.index("(") + 1 : script.rindex(")")])
    # the objects' layout differs between Sphinx versions: look for the entry anywhere among them
    entries = [entry for entries in index["objects"].values() for entry in entries]
    assert any("bml-1n-p-2c" in entry and "1NT–2♣ \u00b7 Stayman, F1" in entry for entry in entries)
    search = page(app, "search")
    assert search.select_one('script[src*="bml-search.js"]') is not None
    assert page(app, "index").select_one('script[src*="bml-search.js"]') is None  # on the search page only


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_the_index_page_has_its_filter_script(app: SphinxTestApp) -> None:
    app.build()
    sequences = page(app, "bml-sequences")
    assert sequences.select_one('script[src*="bml-sequences.js"]') is not None
    assert page(app, "openings").select_one('script[src*="bml-sequences.js"]') is None
    assert (Path(app.outdir) / "_static" / "bml-sequences.js").is_file()


@pytest.mark.sphinx("latex", testroot=CARD, freshenv=True)
def test_the_latex_sequence_index_has_the_meanings(app: SphinxTestApp) -> None:
    app.build()
    tex = (Path(app.outdir) / "bmltest.tex").read_text(encoding="utf-8")
    index = tex[tex.index("Bidding sequences") :]
    assert "Stayman, F1" in index
    assert r"\sphinxstyleabbreviation{STR}" in tex


@pytest.mark.latex
@pytest.mark.sphinx("latex", testroot=CARD, srcdir="card-pdf")
def test_the_pdf_has_the_summary_the_abbreviations_and_the_index_meanings(app: SphinxTestApp) -> None:
    text = compile_pdf(app, "pdflatex")
    assert "a 1♣ opening is STR (strong) and F (forcing)" in text  # explained at first use
    assert "1NT 15-17 BAL (balanced)" in text  # the summary table
    assert "Openings" in text and "After 1NT" in text
    assert "Stayman, F1" in text
    index = text[text.index("BIDDING SEQUENCES") :]
    assert "1NT–2♣ (Stayman, F1), 5" in index  # the meanings in the PDF's sequence index


STRAY_INDEX = """\
Our system
==========

.. toctree::

   openings

.. bml-summary::

.. bml-summary::
   :sequence: 1N

.. bml-convention-card::
"""
STRAY_OPENINGS = """\
Openings
========

.. bml::

   1C  16+ HCP
   1N  15-17
     2C  Stayman
"""
STRAY = """\
:orphan:

An old draft
============

.. bml::

   3C  preempt, from a draft
   1N  12-14
     2S  minor-suit Stayman, from a draft
"""


def test_a_page_outside_the_toctree_is_not_in_the_summary_nor_the_card(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = write_project(tmp_path / "src", STRAY_INDEX, openings__rst=STRAY_OPENINGS, draft__rst=STRAY)
    app = make_app("html", srcdir=source)
    app.build()
    openings, notrump = page(app).select("table.bml-summary")
    assert [row[0] for row in summary_rows(openings)] == ["1♣", "1NT"]  # not the draft's 3♣
    assert summary_rows(notrump) == [("2♣", "openings.html#bml-1n-p-2c", "Stayman")]  # not its 2♠
    card = page(app).select_one("div.bml-convention-card")
    assert card is not None and "draft" not in card.get_text()
    bss = make_app("bss", srcdir=source)
    bss.build()
    assert "draft" not in next(Path(bss.outdir).glob("*.bss")).read_text(encoding="utf-8")  # as the .bss
    assert (Path(app.outdir) / "draft.html").is_file()  # still a page, its rows link targets
