"""The convention-card features in a real browser (Chromium, see test_browser.py):
a typed sequence ranks first in Sphinx's search, meanings are found, and the
sequence index narrows as one types in its filter box."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.sphinx.writing.test_browser import DESKTOP, PHONE, box, rgb
from tests.support import pdf_pages, require

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def search_results(browser: Any, outdir: Path, query: str) -> list[str]:
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
def test_a_typed_sequence_ranks_first(app: Any, browser: Any, query: str) -> None:
    app.build()
    results = search_results(browser, Path(app.outdir), query.replace(" ", "+"))
    assert results[0].startswith("1NT–2♣ · Stayman"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-search", confoverrides={"html_theme": "alabaster"})
def test_suit_symbols_find_their_sequence(app: Any, browser: Any) -> None:
    app.build()
    results = search_results(browser, Path(app.outdir), "1%E2%99%A3-1%E2%99%A6")  # 1♣-1♦
    assert results[0].startswith("1♣–1♦ · NEG"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-search", confoverrides={"html_theme": "alabaster"})
def test_a_meaning_is_found(app: Any, browser: Any) -> None:
    app.build()
    results = search_results(browser, Path(app.outdir), "Stayman")
    assert results[0].startswith("1NT–2♣ · Stayman"), results


@pytest.mark.sphinx("html", testroot="card", srcdir="card-index", confoverrides={"html_theme": "alabaster"})
def test_the_filter_box_narrows_the_sequence_index(app: Any, browser: Any) -> None:
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
def test_the_sidebar_box_opens_the_index_filtered(app: Any, browser: Any) -> None:
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


# --------------------------------------------------------------------------
# The summary (example_site/card.rst) on a phone and on paper

#: Chromium's print dialog leaves about 10 mm around the page ("Default" margins)
_PRINT_MARGINS = {side: "10mm" for side in ("top", "right", "bottom", "left")}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_card_page_prints_on_one_page(example_site: Path, browser: Any, paper: str, tmp_path: Path) -> None:
    """It calls itself a one-page card and printed on two pages; the openings whole, the answers beside each other."""
    require(shutil.which("pdfinfo") is not None, "pdfinfo (poppler-utils) is not installed")
    page = browser.new_page()
    try:
        page.goto((example_site / "html" / "card.html").as_uri())
        pdf = tmp_path / f"card-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, margin=_PRINT_MARGINS)
    finally:
        page.close()
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert pages == 1, f"the card prints on {pages} {paper} pages"
    assert "Openings" in text and "Responses to 1NT" in text and "game forcing" in text
    assert "Kestrel" not in text.split("The system at a glance")[0]  # no sidebar, no header


def test_the_summary_colours_its_suits(example_site: Path, browser: Any) -> None:
    page = browser.new_page()
    try:
        page.goto((example_site / "html" / "card.html").as_uri())
        for suit in ("hearts", "diamonds"):
            colour = rgb(page, f"table.bml-summary td:last-child span.bml-suit.bml-{suit}")
            assert colour[0] >= 150 and colour[1] < 100, (suit, colour)
        assert rgb(page, "table.bml-summary td:first-child span.bml-suit.bml-hearts")[0] >= 150
    finally:
        page.close()


def test_on_a_phone_the_meanings_get_the_width(example_site: Path, browser: Any) -> None:
    """The call column took 60% of a 360 px phone ("2♥ (we not vulnerable)" on one line)."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto((example_site / "html" / "card.html").as_uri())
        table = box(page, "table.bml-summary")
        call = box(page, "table.bml-summary tr:has(span.bml-summary-context) td:first-child")
        meaning = box(page, "table.bml-summary tr:has(span.bml-summary-context) td:last-child")
        assert call["width"] <= 0.35 * table["width"], (call, table)
        assert meaning["width"] >= 0.6 * table["width"], (meaning, table)
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
        page.screenshot(path=str(example_site / "html" / "screenshot-card-phone.png"), full_page=True)
    finally:
        page.close()


def test_the_practice_hands_are_in_colour(example_site: Path, browser: Any) -> None:
    """Hearts and diamonds were black on the practice page."""
    page = browser.new_page()
    try:
        page.goto((example_site / "html" / "practice.html").as_uri())
        for suit in ("hearts", "diamonds"):
            colour = rgb(page, f"code.bml-practice-hand span.bml-suit.bml-{suit}")
            assert colour[0] >= 150 and colour[1] < 100, (suit, colour)
        assert rgb(page, "code.bml-practice-hand span.bml-suit.bml-spades")[0] < 100
    finally:
        page.close()


# --------------------------------------------------------------------------
# The WBF convention card (example_site/convention_card.rst): the form's layout


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_convention_card_prints_as_the_forms_two_pages(
    example_site: Path,
    browser: Any,
    paper: str,
    screen: str,
    tmp_path: Path,
) -> None:
    """As the print dialog does: the card's own sheet (landscape) on A4 or Letter, from a desktop or a phone."""
    require(shutil.which("pdfinfo") is not None, "pdfinfo (poppler-utils) is not installed")
    page = browser.new_page(viewport=DESKTOP if screen == "desktop" else PHONE)
    try:
        page.goto((example_site / "html" / "convention_card.html").as_uri())
        pdf = tmp_path / f"card-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, prefer_css_page_size=True)
        # after printing, the screen layout is back
        assert page.locator("div.bml-convention-card.bml-card-paper").count() == 0
    finally:
        page.close()
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    width, height = (float(size) for size in re.search(r"Page size: +([\d.]+) x ([\d.]+)", info).groups())  # type: ignore[union-attr]
    assert width > height, f"the card prints in portrait: {info}"
    pages = pdf_pages(pdf)
    assert len(pages) == 2, f"the card prints on {len(pages)} {paper} pages"
    front, back = pages
    for heading in ("DEFENSIVE AND COMPETITIVE BIDDING", "LEADS AND SIGNALS", "SYSTEM SUMMARY", "PSYCHICS"):
        assert heading in front, heading
    assert "Anna Lind - Ben Okafor" in front and "OTHER CONVENTIONS" in front  # the cover, the bottom of a column
    for heading in ("OPENING", "ARTIFICIAL", "DESCRIPTION", "RESPONSES", "SUPPLEMENTARY DETAILS", "4NT+"):
        assert heading in back, heading
    assert "Stayman" in back and "Responses\n" not in back  # the grid as a table, not the phone's blocks
    assert "Kestrel Bridge Club" not in front.split("DEFENSIVE AND COMPETITIVE BIDDING")[0]  # no page header


def test_on_a_desktop_the_front_is_the_forms_three_columns(example_site: Path, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto((example_site / "html" / "convention_card.html").as_uri())
        defensive = box(page, "div.bml-card-defensive")
        leads = box(page, "div.bml-card-leads")
        summary = box(page, "div.bml-card-summary")
        assert defensive["x"] < leads["x"] < summary["x"], (defensive, leads, summary)
        assert abs(defensive["y"] - summary["y"]) < 2
        assert page.locator("table.bml-card-openings thead th").count() == 6
        heart = rgb(page, "div.bml-card-back table.bml-card-openings span.bml-suit.bml-hearts")
        assert heart[0] >= 150 and heart[1] < 100, heart  # suits coloured as in the trees
        page.screenshot(path=str(example_site / "html" / "screenshot-convention-card.png"), full_page=True)
    finally:
        page.close()


def test_on_a_phone_the_convention_card_stacks_its_boxes(example_site: Path, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto((example_site / "html" / "convention_card.html").as_uri())
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= 390, f"the card page is {width} px wide on a phone"
        summary, defensive, leads = (box(page, f"div.bml-card-{kind}") for kind in ("summary", "defensive", "leads"))
        assert summary["y"] < defensive["y"] < leads["y"]  # the cover first, then one column
        assert abs(summary["x"] - defensive["x"]) < 2
        assert not page.locator("table.bml-card-openings thead").is_visible()  # each opening a block
        assert page.locator("table.bml-card-openings td.bml-card-cell-6").first.is_visible()
        page.screenshot(path=str(example_site / "html" / "screenshot-convention-card-phone.png"), full_page=True)
    finally:
        page.close()
