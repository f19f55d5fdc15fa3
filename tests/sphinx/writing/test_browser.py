"""The HTML in a real browser: Debian's Chromium, driven by Playwright.

Layout facts that only a browser can tell: answers are drawn right of their
call, hearts are red, nothing is wider than a 360 px phone, the deal is a
compass. Screenshots at phone and desktop width are left in the build folder
(``_build/html/screenshot-*.png``) for people to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import DESKTOP, PHONE, bottom, box, rgb, right


def check_layout(page: Any, width: int) -> None:
    table = "div.bml-bidtable.bml-tree"
    parent = box(page, f"{table} > ul.bml-bids > li.bml-bid > span.bml-call")
    child = box(page, f"{table} > ul.bml-bids > li.bml-bid > ul.bml-bids > li.bml-bid > span.bml-call")
    grandchild = box(page, f"{table} li.bml-bid li.bml-bid li.bml-bid > span.bml-call")
    assert child["x"] > parent["x"], (parent, child)
    assert grandchild["x"] > child["x"], (child, grandchild)
    assert child["y"] >= bottom(parent) - 1, (parent, child)
    deepest = box(page, f"{table} li.bml-bid li.bml-bid li.bml-bid li.bml-bid li.bml-bid li.bml-bid > span.bml-meaning")
    assert right(deepest) <= width, deepest

    red, green, blue = rgb(page, ".bml-suit.bml-hearts")
    assert red >= 150 and green <= 90 and blue <= 90, (red, green, blue)
    assert rgb(page, ".bml-suit.bml-diamonds")[0] >= 150
    assert max(rgb(page, ".bml-suit.bml-spades")) <= 90  # black (the text colour)

    north, south = box(page, "div.bml-deal ul.bml-north"), box(page, "div.bml-deal ul.bml-south")
    west, east = box(page, "div.bml-deal ul.bml-west"), box(page, "div.bml-deal ul.bml-east")
    compass = box(page, "div.bml-deal div.bml-compass")
    assert bottom(north) <= compass["y"] + 1 and bottom(compass) <= south["y"] + 1, (north, compass, south)
    assert right(west) <= compass["x"] + 1 and right(compass) <= east["x"] + 1, (west, compass, east)

    headings = page.locator("table.bml-auction th").all_inner_texts()
    assert [h.strip() for h in headings] == ["West", "North", "East", "South"]
    cells = page.locator("table.bml-auction tbody tr").first.locator("td")
    assert box(page, "table.bml-auction th:nth-child(2)")["x"] <= cells.nth(1).bounding_box()["x"] + 1

    scroll_width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert scroll_width <= width, f"the page is {scroll_width} px wide in a {width} px window"


@pytest.mark.browser
# Sphinx's test app swaps alabaster (Sphinx's default theme) for "basic", whose
# body has a min-width of 360 px plus margins; test the theme people get.
@pytest.mark.slow
@pytest.mark.sphinx("html", testroot="browser", srcdir="browser-html", confoverrides={"html_theme": "alabaster"})
def test_layout_in_chromium(app: Any, browser: Any) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    index = Path(app.outdir) / "index.html"
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = browser.new_page(viewport=viewport)
        try:
            page.goto(index.as_uri())
            page.wait_for_load_state("load")
            page.screenshot(path=str(Path(app.outdir) / f"screenshot-{name}.png"), full_page=True)
            check_layout(page, viewport["width"])
        finally:
            page.close()
