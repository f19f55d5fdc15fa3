"""The practice page in a real browser (Chromium, see test_browser.py): on a phone, in dark mode, each
tap on an answer shows your call and the auction going on to the next question, and nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.sphinx.whole_site.test_practice_page import build, make_site
from tests.sphinx.writing.test_browser import PHONE
from tests.support import needs

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_answers_open_one_after_the_other_on_a_dark_phone(tmp_path: Path, browser: Any) -> None:
    needs("endplay")
    app = build(make_site(tmp_path, count="5", options="   :seed: 8"))
    page = browser.new_page(viewport=PHONE, color_scheme="dark")
    try:
        page.goto((Path(app.outdir) / "practice.html").as_uri())
        closed = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        boards = page.locator("div.bml-practice-board")
        deepest = max(range(boards.count()), key=lambda n: boards.nth(n).locator("details").count())
        board = boards.nth(deepest)
        answers = board.locator("details")
        count = answers.count()
        assert count >= 2
        for number in range(count):
            answer = answers.nth(number).locator(":scope > div.bml-answer")
            assert not answer.is_visible(), f"answer {number + 1} shows before its question is opened"
            answers.nth(number).locator(":scope > summary").click()
            assert answer.is_visible()
            if number + 1 < count:
                assert answers.nth(number + 1).locator(":scope > summary").is_visible()
                assert not answers.nth(number + 1).locator(":scope > div.bml-answer").is_visible()
        assert board.locator("p.bml-practice-end").is_visible()
        hearts = board.locator("table.bml-practice-auction span.bml-suit.bml-hearts, div.bml-answer .bml-hearts")
        if hearts.count():
            colour = hearts.first.evaluate("element => getComputedStyle(element).color")
            assert colour == "rgb(229, 72, 77)", f"the dark theme's red, as in the trees: {colour}"
        width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width == closed, f"the page is {width} px wide with the answers open, {closed} px closed"
        body = page.locator("div.body").bounding_box()
        for number in range(count):
            shown = answers.nth(number).locator(":scope > div.bml-answer").bounding_box()
            assert shown is not None and body is not None
            assert shown["x"] + shown["width"] <= body["x"] + body["width"], f"answer {number + 1} is cut"
        last = board.locator("p.bml-practice-end").bounding_box()
        first = board.locator("div.bml-answer").first.bounding_box()
        assert last is not None and first is not None
        assert last["x"] - first["x"] < 20, "the nested answers are not indented one after the other"
        page.screenshot(path=str(Path(app.outdir) / "screenshot-practice-phone-dark.png"), full_page=True)
    finally:
        page.close()
