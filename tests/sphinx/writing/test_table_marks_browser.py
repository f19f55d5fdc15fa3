"""Folding, permalinks and the highlighted target in a real browser (Chromium, driven by Playwright)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import DESKTOP, PHONE, bottom, box, build_once, write_project

NOTES = """Our 1NT
=======

.. bml::

   1N  15--17 {{ 15-17 hcp, balanced }}
     2C  Stayman
       2D  no major
         2H  weak with both majors, to play opposite a minimum, or invitational with a longer heart suit
       2H  four hearts
     2M  transfer to the other major
     3N  to play
"""
CONF = 'extensions = ["sphinx_bml"]\nproject = "Notes"\nbml_collapsible = True\n'
TABLE = "div.bml-bidtable.bml-tree.bml-collapsible"
TOP = f"{TABLE} > ul.bml-bids > li.bml-bid"


def background(page: Any, selector: str) -> str:
    colour: str = page.locator(selector).first.evaluate("element => getComputedStyle(element).backgroundColor")
    return colour


def transparent(colour: str) -> bool:
    return colour in ("rgba(0, 0, 0, 0)", "transparent")


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("folding")
    # the test app swaps alabaster for "basic" (min-width 360 px plus margins): test the theme people get
    app = build_once("html", write_project(folder / "src", NOTES, CONF), folder / "build", html_theme="alabaster")
    return Path(app.outdir) / "index.html"


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_collapsible_tree_keeps_its_layout_and_folds(index: Path, browser: Any, viewport: dict[str, int]) -> None:
    page = browser.new_page(viewport=viewport)
    try:
        page.goto(index.as_uri())
        page.wait_for_load_state("load")
        parent = box(page, f"{TOP} > details > summary > span.bml-call")
        child = box(page, f"{TOP} > details > ul.bml-bids > li.bml-bid > details > summary > span.bml-call")
        leaf = box(page, f"{TOP} li.bml-bid li.bml-bid li.bml-bid > span.bml-call")
        assert child["x"] > parent["x"] and leaf["x"] > child["x"], (parent, child, leaf)
        assert child["y"] >= bottom(parent) - 1, (parent, child)
        meaning = box(page, f"{TOP} > details > summary > span.bml-meaning")
        assert meaning["x"] > parent["x"] + parent["width"] - 1  # the meaning beside the call, as without folding
        # the line the answers hang from, under the call
        line = page.locator(f"{TOP} > details > summary > span.bml-call").first.evaluate(
            "element => getComputedStyle(element, '::after').borderLeftWidth"
        )
        assert line == "1px"
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= viewport["width"]
        page.screenshot(path=str(index.parent / f"screenshot-folding-{viewport['width']}.png"), full_page=True)

        answers = page.locator(f"{TOP} > details > ul.bml-bids").first
        assert answers.is_visible()  # open when the page opens
        page.locator(f"{TOP} > details > summary").first.click()
        assert not answers.is_visible()
        page.emulate_media(media="print")
        assert answers.is_visible()  # printed unfolded
        page.emulate_media(media="screen")
        page.locator(f"{TOP} > details > summary").first.click()
        assert answers.is_visible()
    finally:
        page.close()


@pytest.mark.browser
@pytest.mark.slow
def test_a_link_lands_on_a_highlighted_row_with_a_permalink_on_hover(index: Path, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(index.as_uri() + "#bml-1n-p-2c")
        page.wait_for_load_state("load")
        stayman = "li#bml-1n-p-2c > details > summary > span.bml-call"
        assert not transparent(background(page, stayman))
        assert transparent(background(page, "li#bml-1n > details > summary > span.bml-call"))
        assert transparent(background(page, "li#bml-1n-p-2c-p-2d > details > summary > span.bml-call"))

        # a pattern row's other sequence: an empty span inside its call
        page.goto(index.as_uri() + "#bml-1n-p-2s")
        assert not transparent(background(page, "li#bml-1n-p-2h > span.bml-call"))
        assert not transparent(background(page, "li#bml-1n-p-2h > span.bml-meaning"))
        assert transparent(background(page, stayman))

        permalink = page.locator("li#bml-1n-p-3n > span.bml-meaning > a.headerlink")
        assert not permalink.is_visible()
        page.locator("li#bml-1n-p-3n > span.bml-meaning").hover()
        assert permalink.is_visible()
        assert permalink.evaluate("element => getComputedStyle(element, '::before').content") == '"\u00b6"'
    finally:
        page.close()
