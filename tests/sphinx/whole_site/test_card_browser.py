"""The convention-card features in a real browser (Chromium, the ``browser`` fixture of
tests/sphinx/conftest.py): the sequence index narrows as one types in its filter box, the
summary and the WBF card on a phone, a desktop and paper. (Search: domain/test_finding_browser.py.)"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support import (
    DESKTOP,
    PHONE,
    box,
    full_system,
    needs,
    pdf_font_sizes,
    pdf_pages,
    require,
    rgb,
    sphinx_build,
    write_project,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.sphinx("html", testroot="card", srcdir="card-index", confoverrides={"html_theme": "alabaster"})
def test_the_filter_box_narrows_the_sequence_index(app: Any, browser: Any) -> None:
    app.build()
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto((Path(app.outdir) / "bml-sequences.html").as_uri())
        field = page.locator("input.bml-filter")
        shown = "table.indextable tr:not([hidden]) a code"
        everything = page.locator(shown).all_inner_texts()
        assert len(everything) == 11
        field.fill("1N 2C")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♣", "1NT–2♣–2♦", "1NT–2♣–2♥"]
        assert page.locator("span.bml-filter-count").inner_text() == "3 of 11 sequences"
        field.fill("transfer")  # words of the meaning, abbreviations written out or not
        field.fill("trf")
        assert page.locator(shown).all_inner_texts() == ["1NT–2♦"]
        assert page.locator("tr.cap:not([hidden])").all_inner_texts() == ["1NT"]
        field.fill("")
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
    smallest = min(min(sizes) for sizes in pdf_font_sizes(pdf))
    assert smallest >= 6, f"the card prints its smallest text at {smallest} pt"


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


# --------------------------------------------------------------------------
# The card in the themes the docs name, built small (the example site's theme may change)

#: The themes the docs name (docs/reference.rst, cross-references.rst, read-the-docs.rst), with the
#: module each is in.
THEMES = {
    "alabaster": "alabaster",
    "furo": "furo",
    "pydata_sphinx_theme": "pydata_sphinx_theme",
    "sphinx_book_theme": "sphinx_book_theme",
    "sphinx_rtd_theme": "sphinx_rtd_theme",
}

NOTES = """\
Openings
========

.. bml::

   1C ! 16+ hcp, artificial and forcing; any shape {{ 16+ hcp }}
     1D ! 0-7 hcp, artificial: any shape (the negative)
     1HS 8+ hcp, 5+ cards in the suit bid, game forcing
     1N 8-13 hcp, balanced
   1D 11-15 hcp, 2+ !d, could be short {{ 11-15 hcp, 2+ diamonds }}
     1H 6+ hcp, 4+ !h; forcing one round
     1S 6+ hcp, 4+ !s; forcing one round
   1M 11-15 hcp, five-card major {{ 11-15 hcp, 5+ M }}
     1N forcing one round
     2M 6-10 hcp, three or more cards in M
   1N 14-16 hcp, balanced {{ 14-16 hcp, balanced }}
     2C ! Stayman: asks for a four-card major
     2D ! Transfer: five or more !h
     2H ! Transfer: five or more !s
   2C 11-15 hcp, 6+ !c
   2M Weak two: six cards in M, 5-10 hcp {{ 6 M, 5-10 hcp }}
   3X Preempt: seven cards in X

   1C-(1X)-
   D Negative: 5+ hcp

   1C-(2X)-
   D Negative: 8+ hcp

   (1Y)---
   D Takeout: opening values and short in Y
   1Z Overcall: 8-16 hcp, five or more cards in Z
   1N 15-18 hcp, balanced, a stopper in Y
   2Z Weak jump overcall: six cards in Z, 5-10 hcp

   (1N)---
   D Penalty
   2C ! Both majors, at least 5-4
"""

CARD = """\
Card
====

.. bml-convention-card::
   :players: Anna Lind - Ben Okafor
   :nbo: Kestrel Bridge Club
   :event: Blue system; club teams
   :general: Precision: a strong, artificial 1!c (16+); five-card majors
   :leads: Fourth best from length, top of a sequence, MUD from three small
   :lead-cards: Ace from AK; king from KQ
   :signals: Standard count and attitude
   :discards: Odd-even (odd encouraging)
   :doubles: Negative doubles through 2!s; responsive doubles
   :slam: Roman key card Blackwood (1430)
   :psychics: Rare
   :notes: Opening leads and carding are the same against suit and notrump contracts
"""


def build_card(folder: Path, theme: str, notes: str = NOTES) -> Path:
    """A small site with the card, in ``theme``: the card page's path."""
    needs(THEMES[theme])
    conf = f'extensions = ["sphinx_bml"]\nproject = "Card"\nhtml_theme = "{theme}"\n'
    index = "Notes\n=====\n\n.. toctree::\n\n   openings\n   card\n"
    project = write_project(folder / "src", index, conf, openings__rst=notes, card__rst=CARD)
    result = sphinx_build("-b", "html", project, folder / "html")
    assert result.returncode == 0, result.stderr
    return folder / "html" / "card.html"


@pytest.fixture(scope="module", params=list(THEMES))
def themed_card(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_card(tmp_path_factory.mktemp(request.param), request.param)


#: Every cell of the card's tables and every box whose text runs over its border, or scrolls
#: inside it: the cell's words, and by how much.
OVERFLOWING = """() => {
  const found = [];
  const cells = document.querySelectorAll(
    "div.bml-convention-card table.bml-card-table th, div.bml-convention-card table.bml-card-table td, " +
    "div.bml-convention-card div.bml-card-box");
  for (const cell of cells) {
    const box = cell.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;  // not shown (the phone's grid leaves some out)
    const words = cell.textContent.trim().slice(0, 40);
    if (cell.scrollWidth > cell.clientWidth + 1) found.push([words, "scrolls", cell.scrollWidth - cell.clientWidth]);
    const range = document.createRange();
    range.selectNodeContents(cell);
    for (const line of range.getClientRects()) {
      if (line.width > 0 && (line.left < box.left - 1 || line.right > box.right + 1)) {
        found.push([words, "runs over", Math.round(Math.max(box.left - line.left, line.right - box.right))]);
        break;
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_no_label_runs_over_its_cell(themed_card: Path, browser: Any, width: int) -> None:
    """Row names of the leads and signals grids ran over their cells in four themes at 1280 px."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(themed_card.as_uri())
        assert page.locator("table.bml-card-grid tbody td").count() == 3 * 3 + 7 * 3 + 3 * 7  # the three grids
        assert page.evaluate(OVERFLOWING) == []
        page_width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert page_width <= width, f"the card page is {page_width} px wide in a {width} px window"
        grids = page.locator("div.bml-convention-card table.bml-card-grid")
        for index in range(grids.count()):
            grid, card = grids.nth(index).bounding_box(), box(page, "div.bml-convention-card")
            assert grid is not None and grid["x"] + grid["width"] <= card["x"] + card["width"] + 1
        theme = themed_card.parent.parent.name
        page.screenshot(path=str(themed_card.parent / f"screenshot-card-{theme}-{width}.png"), full_page=True)
    finally:
        page.close()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_card_filled_to_the_brim_is_short_on_screen_and_prints_on_two_pages(
    tmp_path: Path,
    browser: Any,
    paper: str,
) -> None:
    """The card page listed every sequence (11,655 px): each box shows a few short lines and
    links to the rest, so even notes that fill every box give a page a few screens tall, and
    the two sheets print in a font of 6 pt at least."""
    require(shutil.which("pdfinfo") is not None, "pdfinfo (poppler-utils) is not installed")
    card = build_card(tmp_path, "alabaster", full_system())  # the narrowest of the themes
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(card.as_uri())
        height = page.evaluate("document.querySelector('div.bml-convention-card').getBoundingClientRect().height")
        assert height <= 6000, f"the card is {height} px tall"
        more = "[...document.querySelectorAll('div.bml-convention-card a')].filter(a => / more$/.test(a.textContent))"
        assert page.evaluate(f"{more}.length") >= 7 + 19  # the boxes of the tables, the responses of each opening
        pdf = tmp_path / f"card-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, prefer_css_page_size=True)
    finally:
        page.close()
    pages = pdf_pages(pdf)
    assert len(pages) == 2, f"the card prints on {len(pages)} {paper} pages"
    assert "PSYCHICS" in pages[0] and "4NT+" in pages[1] and "SUPPLEMENTARY DETAILS" in pages[1]
    smallest = min(min(sizes) for sizes in pdf_font_sizes(pdf))
    assert smallest >= 6, f"the card prints its smallest text at {smallest} pt"


def test_written_parts_too_long_for_a_card_still_print_on_two_sheets(tmp_path: Path, browser: Any) -> None:
    """Only the player's own words can outgrow a card: it then prints smaller, with a warning in
    the console, but on its two sheets, as the PDF does."""
    require(shutil.which("pdfinfo") is not None, "pdfinfo (poppler-utils) is not installed")
    card = build_card(tmp_path, "alabaster")
    source = (tmp_path / "src" / "card.rst").read_text(encoding="utf-8")
    long_words = " ".join(["Our agreements after a strong club, in every detail, at length."] * 150)
    (tmp_path / "src" / "card.rst").write_text(source + f"   :supplementary: {long_words}\n", encoding="utf-8")
    result = sphinx_build("-b", "html", tmp_path / "src", tmp_path / "html")
    assert result.returncode == 0, result.stderr
    page = browser.new_page(viewport=DESKTOP)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    try:
        page.goto(card.as_uri())
        pdf = tmp_path / "card.pdf"
        page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True)
    finally:
        page.close()
    assert len(pdf_pages(pdf)) == 2
    assert any("prints below 6 pt: shorten its written parts" in warning for warning in warnings), warnings
