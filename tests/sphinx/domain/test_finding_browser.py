"""Readers find what they look for (Chromium, the ``browser`` fixture of tests/sphinx/conftest.py):
the exact sequence first in Sphinx's search for every spelling, also in notes with alert marks and
abbreviations (tests/roots/test-card), a convention's name finding the row that defines it, suit
words finding suit symbols, snippets with their spaces, and the sequence index filtered without a
blank band or a narrow column."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import pytest

from tests.support import ROOTS, build_once, sphinx_build, write_project

pytestmark = [pytest.mark.browser, pytest.mark.slow]

INDEX = """\
Our notes
=========

.. toctree::

   notrump
   competition

"""

NOTRUMP = """\
The 1NT opening
===============

.. bml::

   1N 15-17 balanced
     2C Stayman: asks for a four-card major
       2D no major
       2H four hearts
     2D Transfer to !h
     2H Transfer to !s
     3C Puppet, better than Stayman for us
   1C 16+ any shape
     1D negative
     1H opener's suit <4 cards> & values
     1S <img src=x onerror="bmlRan=1"> relay
"""

COMPETITION = """\
Competitive bidding
===================

.. bml::

   (1N)---
   2C both majors, played instead of Stayman
   D penalty

   1N-(2C)-
   D Stayman with a stopper in !c
   2D transfer to !h

   (1C)---
   1D natural overcall

   1C-(1D)-
   D negative
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("finding")
    project = write_project(
        folder / "src",
        INDEX,
        'extensions = ["sphinx_bml"]\nproject = "Finding"\nhtml_theme = "alabaster"\n',
        notrump__rst=NOTRUMP,
        competition__rst=COMPETITION,
    )
    result = sphinx_build("-b", "html", project, folder / "html")
    assert result.returncode == 0, result.stderr
    return folder / "html"


@pytest.fixture(scope="module")
def card(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/roots/test-card (alert marks written ``!NEG``, the WBF abbreviations) as HTML."""
    folder = tmp_path_factory.mktemp("card")
    shutil.copytree(ROOTS / "test-card", folder / "src")
    app = build_once("html", folder / "src", folder / "build", html_theme="alabaster")
    return Path(app.outdir)


def search(browser: Any, site: Path, query: str) -> list[str]:
    page = browser.new_page()
    try:
        page.goto(f"{(site / 'search.html').as_uri()}?q={quote_plus(query)}")
        page.wait_for_selector("#search-results ul.search li", timeout=10_000)
        page.wait_for_function("document.querySelector('#search-results > p')?.textContent.length > 0")
        return [" ".join(text.split()) for text in page.locator("#search-results ul.search li > a").all_inner_texts()]
    finally:
        page.close()


@pytest.mark.parametrize("query", ["1NT-2C", "1N 2C", "1nt 2c", "1NT–2♣", "1n-2♣"])
def test_the_exact_sequence_comes_first(browser: Any, site: Path, query: str) -> None:
    """(1NT)-2C and 1NT-(2C) came before 1NT-2C: the opponents' calls lost their brackets."""
    results = search(browser, site, query)
    assert results[0].startswith("1NT–2♣ · Stayman"), results
    assert any(result.startswith("(1NT)–2♣") for result in results[1:]), results


@pytest.mark.parametrize("query", ["1NT-2C", "1N 2C", "1nt 2c", "1NT–2♣", "Stayman"])
def test_the_exact_sequence_comes_first_in_notes_with_alert_marks(browser: Any, card: Path, query: str) -> None:
    results = search(browser, card, query)
    assert results[0].startswith("1NT–2♣ · Stayman"), results


def test_suit_symbols_find_their_sequence_and_its_meaning_without_the_alert_mark(browser: Any, card: Path) -> None:
    results = search(browser, card, "1♣-1♦")
    assert results[0].startswith("1♣–1♦ · NEG"), results


@pytest.mark.parametrize("query", ["1C-(1D)-X", "1c (1d) dbl", "1♣-(1♦)-Dbl"])
def test_results_write_calls_as_the_pages_do(browser: Any, site: Path, query: str) -> None:
    """Results wrote "1C-(1D)-D" where the pages write 1♣–(1♦)–Dbl."""
    results = search(browser, site, query)
    assert results[0] == "1♣–(1♦)–Dbl · negative", results
    assert not [result for result in results if "-D " in result or "(D)" in result or "1C" in result], results


def test_an_opening_and_its_answer_before_the_competitive_ones(browser: Any, site: Path) -> None:
    results = search(browser, site, "1C-1D")
    assert results[0].startswith("1♣–1♦ · negative"), results


def test_a_convention_s_name_finds_the_row_that_defines_it(browser: Any, site: Path) -> None:
    """Stayman is named in four meanings; the one that starts with it is the convention."""
    results = search(browser, site, "Stayman")
    assert results[0].startswith("1NT–2♣ · Stayman"), results
    assert len([result for result in results if "Stayman" in result]) == 4, results


@pytest.mark.parametrize("query", ["transfer hearts", "transfer heart", "transfer ♥", "Transfer Hearts"])
def test_suit_words_find_suit_symbols(browser: Any, site: Path, query: str) -> None:
    results = search(browser, site, query)
    assert results[0].startswith("1NT–2♦ · Transfer to ♥"), results


def test_snippets_keep_the_spaces_of_the_page(browser: Any, site: Path) -> None:
    """Snippets read "1NTcontinued:" and "DblNegative": text joined across the spans of a row."""
    page = browser.new_page()
    try:
        page.goto(f"{(site / 'search.html').as_uri()}?q=negative")
        page.wait_for_selector("#search-results ul.search li", timeout=10_000)
        html = (site / "competition.html").read_text(encoding="utf-8")
        text = " ".join(page.evaluate("html => Search.htmlToText(html)", html).split())
    finally:
        page.close()
    assert "Dbl negative" in text
    assert "Dblnegative" not in text
    assert "1♦ natural overcall" in text


def test_the_filter_finds_suit_words_with_no_blank_band_or_narrow_column(browser: Any, site: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto((site / "bml-sequences.html").as_uri())
        box = page.locator("input.bml-filter")
        shown = "table.indextable tr:not([hidden]) a code"
        box.fill("transfer hearts")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♦", "1NT–(2♣)–2♦"]
        box.fill("1N 2C")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♣", "1NT–2♣–2♦", "1NT–2♣–2♥"]
        bar = page.locator("div.bml-filter-bar").bounding_box()
        first = page.locator("table.indextable tr.cap:not([hidden])").first.bounding_box()
        assert bar is not None and first is not None
        assert first["y"] - (bar["y"] + bar["height"]) < 60, "a blank band between the filter and the list"
        heights = page.locator(shown).evaluate_all("codes => codes.map(c => c.getClientRects().length)")
        assert set(heights) == {1}, "a sequence wrapped in a narrow column"
    finally:
        page.close()


def test_a_meaning_shows_in_the_results_as_written(browser: Any, site: Path) -> None:
    """Sphinx 9 showed "opener&#x27;s suit &lt;4 cards&gt; &amp; values": the names were escaped twice."""
    results = search(browser, site, "opener's")
    assert [result for result in results if result.startswith("1♣–1♥")] == [
        "1♣–1♥ · opener's suit <4 cards> & values"
    ], results


def test_markup_in_a_meaning_is_shown_not_run(browser: Any, site: Path) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{(site / 'search.html').as_uri()}?q=relay")
        page.wait_for_selector("#search-results ul.search li", timeout=10_000)
        page.wait_for_function("document.querySelector('#search-results > p')?.textContent.length > 0")
        shown = [" ".join(text.split()) for text in page.locator("#search-results ul.search li > a").all_inner_texts()]
        assert '1♣–1♠ · <img src=x onerror="bmlRan=1"> relay' in shown, shown
        assert page.locator("#search-results img").count() == 0
        assert page.evaluate("typeof bmlRan") == "undefined"
    finally:
        page.close()
