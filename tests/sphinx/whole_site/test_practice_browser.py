"""The practice page in a real browser (Chromium, the ``browser`` fixture of tests/sphinx/conftest.py):
on a phone, in dark mode, each tap on an answer shows your call and the auction going on to the next
question, and nothing else; opened as North and as South, two screens, each with only its player's hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

from tests.support import PHONE, PRACTICE_NOTES, build_once, make_practice_site, needs

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_answers_open_one_after_the_other_on_a_dark_phone(practice_site: SphinxTestApp, browser: Any) -> None:
    app = practice_site
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


# -- two screens: North and South, each in a browser of their own ------------------------------------------

#: An iPhone's width: the screens are used on phones.
PHONE_390 = {"width": 390, "height": 844}


def screens_page(app: SphinxTestApp) -> str:
    """The practice page as a file:// address."""
    return (Path(app.outdir) / "practice.html").as_uri()


def hands_in_tree(page: Any) -> list[str]:
    """Every hand a screen reader is given, in the order of the page: the lines of its ``code`` element in
    the accessibility tree (each suit's symbol and holding)."""
    lines = page.locator("body").aria_snapshot().splitlines()
    hands = []
    for index, line in enumerate(lines):
        if line.strip() == "- code:":
            depth = len(line) - len(line.lstrip())
            inside = []
            for below in lines[index + 1 :]:
                if len(below) - len(below.lstrip()) <= depth:
                    break
                inside.append(below.strip())
            hands.append(" ".join(inside))
    return hands


def words(page: Any, selector: str) -> str:
    return " ".join(page.locator(selector).first.inner_text().split())


def test_at_two_screens_each_partner_sees_only_their_own_hand(practice_site: SphinxTestApp, browser: Any) -> None:
    """North and South open their links in two browsers: each sees the same board, its own hand and nobody
    else's (not on the screen, not to a screen reader), until the notes' auction shows all four at the end;
    its calls lead to their rows; the boards go on by the links, the same for both."""
    address = screens_page(practice_site)
    north_browser = browser.new_context(viewport=PHONE_390)
    south_browser = browser.new_context(viewport=PHONE_390, color_scheme="dark")
    try:
        north, south = north_browser.new_page(), south_browser.new_page()
        problems: list[str] = []
        for page in (north, south):
            page.on("pageerror", lambda error: problems.append(str(error)))
        north.goto(f"{address}?seat=N&seed=8")
        south.goto(f"{address}?seat=S&seed=8")
        shown = {}
        for page, own, other in ((north, "North", "South"), (south, "South", "North")):
            assert page.locator("div.bml-practice-board").count() == 0, "the quiz (South's hand) is out of the page"
            assert not page.locator("p.bml-screens-message").is_visible()
            assert not page.locator("p.bml-screens-links").is_visible()
            hand = page.locator("div.bml-screens-view code.bml-practice-hand")
            assert hand.count() == 1 and hand.is_visible()
            assert page.get_by_text(f"Your hand ({own}):").is_visible()
            assert page.get_by_text(f"Your hand ({other}):").count() == 0
            (hand_read,) = hands_in_tree(page)  # one hand, and no other, in the accessibility tree
            assert hand_read.count('img "') == 4 and hand_read.count("text: ") == 4, hand_read
            shown[own] = (words(page, "div.bml-screens-view p.rubric"), hands_in_tree(page), words(page, "code"))
        assert shown["North"][0] == shown["South"][0] == "Board 1: dealer North, vulnerable: none"
        assert shown["North"][1] != shown["South"][1]
        assert shown["South"][2] not in " ".join(north.locator("body").inner_text().split())
        assert shown["North"][2] not in " ".join(south.locator("body").inner_text().split())
        assert "You call first" in words(north, "p.bml-screens-turn"), "North deals board 1"
        assert words(south, "p.bml-screens-turn") == "Partner (North) calls first, at the ? in the auction."

        notes = {}
        for page in (north, south):
            assert not page.locator("div.bml-screens-notes").is_visible()
            page.get_by_role("button", name="Show the notes\u2019 auction").click()
            assert page.locator("div.bml-screens-notes").is_visible()
            assert not page.locator("button.bml-screens-show").is_visible()
            notes[page] = page.locator("div.bml-screens-notes").inner_text()
            assert len(hands_in_tree(page)) == 1 + 4, "now your hand above, and the four hands of the notes"
            width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
            assert width <= PHONE_390["width"], f"the page is {width} px wide on a phone"
        assert notes[north] == notes[south], "the same board, the same notes' auction"
        four = {
            line[:5]: " ".join(line.split()) for line in notes[north].splitlines() if line[:6] in ("North:", "South:")
        }
        assert four["North"].startswith(f"North: {shown['North'][2]} (") and four["South"].startswith(
            f"South: {shown['South'][2]} ("
        ), four
        hearts = south.locator("div.bml-screens-view code span.bml-hearts").first
        colour = hearts.evaluate("element => getComputedStyle(element).color")
        assert colour == "rgb(229, 72, 77)", f"the dark theme's red, as in the trees: {colour}"
        south.screenshot(path=str(Path(practice_site.outdir) / "screenshot-screens-south-dark.png"), full_page=True)

        links = north.locator("div.bml-screens-notes table.bml-practice-auction a")
        assert links.count() >= 2
        target = links.nth(1).get_attribute("href")
        assert target is not None and target.startswith("openings.html#bml-")
        links.nth(1).click()
        north.wait_for_url(f"**/{target}")
        assert north.locator(":target").count() == 1 and north.locator(":target").is_visible(), "the row is there"
        north.go_back()

        partner = north.get_by_role("link", name="open as South")
        assert partner.get_attribute("href") == "?seat=S&board=1&seed=8", "the link to send to partner"
        south.get_by_role("link", name="Board 2 \u2192").click()
        south.wait_for_url("**?seat=S&board=2&seed=8")
        assert words(south, "div.bml-screens-view p.rubric").startswith("Board 2: dealer East")
        assert (
            south.get_by_text("Your hand (South):").is_visible() and not south.locator("div.bml-screens-notes").count()
        )
        assert south.get_by_role("link", name="\u2190 Board 1").is_visible()
        south.goto(f"{address}?seat=S&board=5&seed=8")
        assert (
            south.get_by_text("Board 5 of 5").is_visible()
            and south.get_by_role("link", name="Board 6 \u2192").count() == 0
        )
        north.goto(f"{address}?seat=N&board=5&seed=8")
        assert words(north, "div.bml-screens-view p.rubric") == words(south, "div.bml-screens-view p.rubric")
        assert problems == []
    finally:
        north_browser.close()
        south_browser.close()


@pytest.mark.parametrize(
    ("query", "seat", "said"),
    [
        (
            "?seat=E&seed=8",
            None,
            "This page is practised by North and South, each at their own screen: the link’s seat “E” is neither.",
        ),
        ("?seat=X&board=3", None, "the link’s seat “X” is neither. Choose yours below."),
        ("?seat=N&board=9&seed=8", "North", "There is no board “9” here: the boards are 1 to 5."),
        ("?seat=south&board=two", "South", "There is no board “two” here: the boards are 1 to 5."),
        (
            "?seat=N&board=3&seed=abc",
            "North",
            "The link’s seed “abc” is not a number: these boards are dealt from seed 8.",
        ),
        ("?seat=S&board=2&seed=9", "South", "The link was made for the boards of seed “9”, not these"),
        (
            "?seat=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
            None,
            "the link’s seat “<img src=x onerror=alert…” is neither.",
        ),
    ],
)
def test_a_wrong_link_says_so_and_shows_the_first_board(
    practice_site: SphinxTestApp,
    browser: Any,
    query: str,
    seat: str | None,
    said: str,
) -> None:
    address = screens_page(practice_site)
    page = browser.new_page(viewport=PHONE_390)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(f"{address}{query}")
        message = page.locator("p.bml-screens-message")
        assert message.is_visible() and message.get_attribute("role") == "status"
        text = message.inner_text()
        assert said in text and text.endswith("Board 1 is shown."), text
        assert words(page, "div.bml-screens-view p.rubric").startswith("Board 1: dealer North")
        assert page.locator("div.bml-practice-board").count() == 0
        hands = page.locator("code.bml-practice-hand")
        if seat is None:
            assert hands.count() == 0, "no seat chosen, no hand shown"
            assert page.get_by_role("link", name="open as North").is_visible()
            assert page.get_by_role("link", name="open as South").is_visible()
        else:
            assert hands.count() == 1 and page.get_by_text(f"Your hand ({seat}):").is_visible()
        assert page.locator("div.bml-screens img").count() == 0 and dialogs == []
    finally:
        page.close()


def test_without_a_seat_the_page_is_the_quiz_and_offers_the_two_screens(
    practice_site: SphinxTestApp, browser: Any
) -> None:
    """With JavaScript: the quiz and the links to the screens; without: the quiz, and a word on why
    there are no screens."""
    address = screens_page(practice_site)
    for script in (True, False):
        context = browser.new_context(viewport=PHONE_390, java_script_enabled=script)
        try:
            page = context.new_page()
            page.goto(address)
            assert page.locator("div.bml-practice-board").count() == 5
            assert page.locator("div.bml-practice-board code.bml-practice-hand").first.is_visible()
            assert not page.locator("div.bml-screens-view").is_visible()
            assert page.get_by_role("link", name="open as North").is_visible() is script
            noscript = page.locator("noscript > p.bml-screens-noscript")  # Playwright finds no text in a noscript
            assert noscript.is_visible() is not script
            if not script:
                assert noscript.inner_text().startswith("Practising with partner at two screens")
            page.goto(f"{address}?seat=N")
            assert page.locator("div.bml-practice-board").count() == 5 - 5 * script
        finally:
            context.close()


def test_meanings_written_as_html_stay_text_on_the_screens(tmp_path: Path, browser: Any) -> None:
    needs("endplay")
    hostile = PRACTICE_NOTES.replace("13-15 balanced", '<img src=x onerror="alert(1)"> 13-15').replace(
        "= Stayman", "= <script>alert(2)</script> Stayman"
    )
    folder = make_practice_site(tmp_path, count="5", options="   :seed: 8", notes=hostile)
    app = build_once("html", folder, folder / "_build")
    page = browser.new_page(viewport=PHONE_390)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        shown = ""
        for seat in "NS":
            for board in range(1, 6):
                page.goto(f"{(Path(app.outdir) / 'practice.html').as_uri()}?seat={seat}&board={board}&seed=8")
                page.get_by_role("button", name="Show the notes\u2019 auction").click()
                shown += page.locator("div.bml-screens-view").inner_text()
                assert page.locator("div.bml-screens-view img, div.bml-screens-view script").count() == 0
        assert '<img src=x onerror="alert(1)"> 13-15' in shown and dialogs == []
    finally:
        page.close()
