"""The convention-card features in a real browser (Chromium, see test_browser.py):
a typed sequence ranks first in Sphinx's search, meanings are found, and the
sequence index narrows as one types in its filter box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.sphinx.writing.test_browser import PHONE, browser  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def search_results(browser: Any, outdir: Path, query: str) -> list[str]:  # noqa: F811
    page = browser.new_page()
    try:
        page.goto(f"{(outdir / 'search.html').as_uri()}?q={query}")
        page.wait_for_selector("#search-results ul.search li", timeout=10_000)
        page.wait_for_function("document.querySelector('#search-results > p')?.textContent.length > 0")
        return [" ".join(text.split()) for text in page.locator("#search-results ul.search li > a").all_inner_texts()]
    finally:
        page.close()


@pytest.mark.sphinx("html", testroot="card", srcdir="card-search", confoverrides={"html_theme": "alabaster"})
@pytest.mark.parametrize("query", ["1NT-2C", "1N 2C", "1nt 2c", "1NT–2♣"])
def test_a_typed_sequence_ranks_first(app: Any, browser: Any, query: str) -> None:  # noqa: F811
    app.build()
    results = search_results(browser, Path(app.outdir), query.replace(" ", "+"))
    assert results[0].startswith("1NT-2C · Stayman"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-search", confoverrides={"html_theme": "alabaster"})
def test_suit_symbols_find_their_sequence(app: Any, browser: Any) -> None:  # noqa: F811
    app.build()
    results = search_results(browser, Path(app.outdir), "1%E2%99%A3-1%E2%99%A6")  # 1♣-1♦
    assert results[0].startswith("1C-1D · NEG"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-search", confoverrides={"html_theme": "alabaster"})
def test_a_meaning_is_found(app: Any, browser: Any) -> None:  # noqa: F811
    app.build()
    results = search_results(browser, Path(app.outdir), "Stayman")
    assert results[0].startswith("1NT-2C · Stayman"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-index", confoverrides={"html_theme": "alabaster"})
def test_the_filter_box_narrows_the_sequence_index(app: Any, browser: Any) -> None:  # noqa: F811
    app.build()
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto((Path(app.outdir) / "bml-sequences.html").as_uri())
        box = page.locator("input.bml-filter")
        shown = "table.indextable tr:not([hidden]) a code"
        everything = page.locator(shown).all_inner_texts()
        assert len(everything) == 11
        box.fill("1N 2C")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♣", "1NT–2♣–2♦", "1NT–2♣–2♥"]
        assert page.locator("span.bml-filter-count").inner_text() == "3 of 11 sequences"
        box.fill("transfer")  # words of the meaning, abbreviations written out or not
        box.fill("trf")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♦"]
        assert page.locator("tr.cap:not([hidden])").all_inner_texts() == ["1NT"]
        box.fill("")
        assert page.locator(shown).all_inner_texts() == everything
        red = page.locator("table.indextable .bml-suit.bml-hearts").first.evaluate("e => getComputedStyle(e).color")
        assert red.startswith("rgb(") and int(red[4:].split(",")[0]) >= 150, red
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
        page.screenshot(path=str(Path(app.outdir) / "screenshot-sequences-phone.png"), full_page=True)
    finally:
        page.close()


@pytest.mark.sphinx(
    "html",
    testroot="card",
    srcdir="card-sidebar",
    confoverrides={"html_theme": "alabaster", "html_sidebars": {"**": ["searchbox.html", "bml-sequences.html"]}},
)
def test_the_sidebar_box_opens_the_index_filtered(app: Any, browser: Any) -> None:  # noqa: F811
    app.build()
    page = browser.new_page()
    try:
        page.goto((Path(app.outdir) / "notrump.html").as_uri())
        page.locator("form.bml-sequence-filter input[type=search]").fill("1N 2C")
        page.locator("form.bml-sequence-filter input[type=submit]").click()
        page.wait_for_url("**/bml-sequences.html?filter=1N+2C")
        shown = "table.indextable tr:not([hidden]) a code"
        assert page.locator("input.bml-filter").input_value() == "1N 2C"
        assert page.locator(shown).all_inner_texts() == ["1NT–2♣", "1NT–2♣–2♦", "1NT–2♣–2♥"]
    finally:
        page.close()
