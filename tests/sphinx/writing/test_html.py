"""HTML output: semantic markup for bidding tables, suits, deals and auctions, and the stylesheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.writing.html import STYLESHEET
from tests.support import page

BASIC = pytest.mark.sphinx("html", testroot="bml-basic", freshenv=True)


def text(tag: Tag) -> str:
    return " ".join(tag.get_text(" ", strip=True).split())


def tables(soup: BeautifulSoup) -> list[Tag]:
    return soup.select("div.bml-bidtable")


def rows(bids: Tag) -> list[Tag]:
    """The rows of a ``ul.bml-bids`` (not their answers)."""
    return bids.find_all("li", class_="bml-bid", recursive=False)


def call_and_meaning(row: Tag) -> tuple[str, str]:
    call = row.find("span", class_="bml-call", recursive=False)
    meaning = row.find("span", class_="bml-meaning", recursive=False)
    assert call is not None and meaning is not None
    return call.get_text(strip=True), text(meaning)


@BASIC
def test_bidding_table_is_a_tree_of_nested_lists(app: SphinxTestApp) -> None:
    app.build()
    first = tables(page(app))[0]
    assert first["class"] == ["bml-bidtable", "bml-tree"]
    top = first.find("ul", class_="bml-bids", recursive=False)
    assert top is not None
    openings = rows(top)
    assert [call_and_meaning(row)[0] for row in openings] == ["1♣", "1NT", "1M"]
    assert call_and_meaning(openings[0])[1] == "16+ hcp, any hand"
    answers = openings[0].find("ul", class_="bml-bids", recursive=False)
    assert answers is not None
    assert [call_and_meaning(row) for row in rows(answers)] == [
        ("1♦", "Negative, 0–7 hcp"),
        ("1♥♠", "5+ suit, forcing to game"),
    ]
    deeper = rows(answers)[0].find("ul", class_="bml-bids", recursive=False)
    assert deeper is not None
    assert [call_and_meaning(row) for row in rows(deeper)] == [("1♥", "Any hand with 20+ hcp")]


@BASIC
def test_calls_are_shown_as_bridge_players_write_them(app: SphinxTestApp) -> None:
    app.build()
    soup = page(app)
    calls = [call.get_text(strip=True) for call in soup.select("span.bml-call")]
    assert "2red" in calls  # a pattern stays as written
    assert "(1NT)–Pass–(Pass)" in calls  # a sequence to continue, opponents in parentheses
    assert "Dbl" in calls


@BASIC
def test_suits_are_text_with_a_colour_class_and_a_name(app: SphinxTestApp) -> None:
    app.build()
    soup = page(app)
    seen = {}
    for suit in soup.select("span.bml-suit"):
        name = suit["aria-label"]
        assert suit["role"] == "img"
        assert f"bml-{name}" in suit["class"]
        assert "bml-four-colour" not in suit["class"]
        seen[name] = suit.get_text()
    assert seen == {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
    # the symbol is text: copying and searching find "1♣"
    assert "1♣" in soup.get_text()


@pytest.mark.sphinx("html", testroot="bml-basic", freshenv=True, confoverrides={"bml_four_colour": True})
def test_four_colour_suits(app: SphinxTestApp) -> None:
    app.build()
    suits = page(app).select("span.bml-suit")
    assert suits
    assert all("bml-four-colour" in suit["class"] for suit in suits)


@BASIC
def test_descriptions_keep_their_inline_markup(app: SphinxTestApp) -> None:
    app.build()
    soup = page(app)
    notrump = next(row for row in soup.select("li.bml-bid") if call_and_meaning(row)[0] == "1NT")
    meaning = notrump.find("span", class_="bml-meaning")
    assert meaning is not None
    assert meaning.find("br") is not None  # the description's second line
    assert meaning.find("span", class_="bml-hearts") is not None
    assert "15–17" in meaning.get_text()  # -- is an en dash
    transfer = next(row for row in soup.select("li.bml-bid") if call_and_meaning(row)[0] == "2red")
    meaning = transfer.find("span", class_="bml-meaning")
    assert meaning is not None
    assert [tag.name for tag in meaning.find_all(["em", "strong", "code"])] == ["em", "strong", "code"]
    assert meaning.find("em").get_text() == "see"
    assert meaning.find("code").get_text() == "1M"


@BASIC
def test_tree_and_no_tree_options(app: SphinxTestApp) -> None:
    app.build()
    styles = {call_and_meaning(table.select_one("li.bml-bid"))[0]: table["class"][1] for table in tables(page(app))}
    assert styles["1♣"] == "bml-tree"  # the default, bml_tree = True
    assert styles["2♣"] == "bml-plain"  # :no-tree:
    assert styles["(1NT)–Pass–(Pass)"] == "bml-tree"  # :tree:


@pytest.mark.sphinx("html", testroot="bml-basic", freshenv=True, confoverrides={"bml_tree": False})
def test_bml_tree_setting_is_the_default_and_tree_option_overrides_it(app: SphinxTestApp) -> None:
    app.build()
    styles = {call_and_meaning(table.select_one("li.bml-bid"))[0]: table["class"][1] for table in tables(page(app))}
    assert styles["1♣"] == "bml-plain"
    assert styles["(1NT)–Pass–(Pass)"] == "bml-tree"


@BASIC
def test_indentation_option(app: SphinxTestApp) -> None:
    app.build()
    gerber = next(row for row in page(app).select("li.bml-bid") if call_and_meaning(row)[0] == "4♣")
    answers = gerber.find("ul", class_="bml-bids", recursive=False)
    assert answers is not None
    assert [call_and_meaning(row) for row in rows(answers)] == [("4♦", "No ace")]


@BASIC
def test_hidden_tables_are_not_in_html(app: SphinxTestApp) -> None:
    app.build()
    body = page(app).get_text()
    assert "Preempt in the hidden table" not in body  # :hide:
    assert "Preempt hidden by #HIDE" not in body  # #HIDE
    assert "#HIDE" not in body


@BASIC
def test_seat_and_vulnerability_of_a_table_are_shown(app: SphinxTestApp) -> None:
    app.build()
    contexts = [text(p) for p in page(app).select("div.bml-bidtable p.bml-context")]
    assert contexts == ["3rd or 4th seat, vulnerable"]


@BASIC
def test_prose_becomes_standard_markup(app: SphinxTestApp) -> None:
    app.build()
    body = page(app).select_one("div.body, div[role=main]")
    assert body is not None
    rubric = body.find("p", class_="rubric")
    assert rubric is not None and text(rubric) == "A heading in a directive"
    bullets = next(ul for ul in body.find_all("ul") if "first item" in ul.get_text())
    assert [text(li) for li in bullets.find_all("li")] == ["first item", "second item"]
    assert [text(li) for li in body.select("ol li")] == ["one", "two"]
    assert [text(dt) for dt in body.select("dl dt")] == ["Stayman"]
    table = body.select_one("table.bml-table")
    assert table is not None
    assert [text(th) for th in table.select("thead th")] == ["call", "meaning"]
    assert [text(td) for td in table.select("tbody td")] == ["1 ♣", "strong"]
    paragraph = next(p for p in body.find_all("p") if "Text with" in p.get_text())
    assert "1NT" in paragraph.get_text()
    assert "—" in paragraph.get_text()  # --- is an em dash


@BASIC
def test_deal_is_a_compass(app: SphinxTestApp) -> None:
    app.build()
    deal = page(app).select_one("div.bml-deal")
    assert deal is not None
    hands = {hand["aria-label"]: [text(li) for li in hand.find_all("li")] for hand in deal.select("ul.bml-hand")}
    assert hands["North"] == ["♠ Kxx", "♥ T9", "♦ xxx", "♣ Q987x"]
    assert hands["South"][1] == "♥ —"  # a void
    assert set(hands) == {"North", "East", "South", "West"}
    assert [text(li) for li in deal.select("ul.bml-deal-facts li")] == ["Board 35", "Dealer North", "None vulnerable"]
    assert [text(li) for li in deal.select("ul.bml-deal-play li")] == ["4 ♠ X by South", "Lead ♥ K"]
    for seat in ("north", "east", "south", "west"):
        assert deal.select_one(f"ul.bml-{seat}") is not None


@BASIC
def test_auction_is_a_table_west_north_east_south(app: SphinxTestApp) -> None:
    app.build()
    auction = page(app).select_one("table.bml-auction")
    assert auction is not None
    assert [text(th) for th in auction.select("thead th")] == ["West", "North", "East", "South"]
    assert [[text(td) for td in tr.find_all("td")] for tr in auction.select("tbody tr")] == [
        ["", "1 ♣", "Pass", "1 ♥"],
        ["Pass", "2 ♥", "All pass", ""],
    ]


@BASIC
def test_stylesheet_is_shipped_and_linked(app: SphinxTestApp) -> None:
    app.build()
    shipped = Path(app.outdir) / "_static" / "bml.css"
    assert shipped.is_file()
    packaged = STYLESHEET
    assert shipped.read_text(encoding="utf-8") == packaged.read_text(encoding="utf-8")
    links = [link["href"] for link in page(app).select("link[rel=stylesheet]")]
    assert any(href.split("?")[0] == "_static/bml.css" for href in links)


def test_stylesheet_draws_without_images_and_knows_dark_themes() -> None:
    css = (STYLESHEET).read_text(encoding="utf-8")
    assert "url(" not in css  # tree lines are borders, not images
    assert "prefers-color-scheme: dark" in css
    assert 'body[data-theme="dark"]' in css  # furo's dark mode
    assert "var(--bml-red-suit)" in css


@BASIC
def test_a_clean_page_gives_no_warnings(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""


@pytest.mark.parametrize("theme", ["alabaster", "furo", "sphinx_rtd_theme"])
@pytest.mark.sphinx("html", testroot="bml-basic", freshenv=True)
def test_themes(make_app: type[SphinxTestApp], app_params: tuple[list[str], dict[str, str]], theme: str) -> None:
    args, kwargs = app_params
    app = make_app(*args, **{**kwargs, "confoverrides": {"html_theme": theme}})
    app.build()
    soup = page(app)
    assert len(tables(soup)) == 5
    assert soup.select_one("div.bml-deal") is not None
    assert any(link["href"].split("?")[0] == "_static/bml.css" for link in soup.select("link[rel=stylesheet]"))
    assert "bml" not in app.warning.getvalue()
