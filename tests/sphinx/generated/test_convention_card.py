"""``.. bml-convention-card::``: the WBF card drawn from the site's tables, in HTML, LaTeX and text."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.support import sphinx_build, write_project

INDEX = """\
Our system
==========

.. toctree::

   openings
   card

"""

OPENINGS = """\
Openings
========

.. bml::

   1C ! 16+ any shape {{ 16+ hcp }}
     1D ! negative, 0-7 !h
     1HS 5+ cards, game forcing
   1N 14-16 balanced {{ 14-16 hcp, balanced }}
     2C ! Stayman

   (1X)---
   2Y natural overcall
   D takeout

   (1N)---
   D penalty
"""

CARD = """\
Card
====

.. bml-convention-card::
   :players: Anna - Ben
   :general: Precision, five-card !h and !s
   :leads: fourth best
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("card")
    project = write_project(folder / "src", INDEX, openings__rst=OPENINGS, card__rst=CARD)
    for builder in ("html", "latex", "text"):
        result = sphinx_build("-b", builder, project, folder / builder)
        assert result.returncode == 0, result.stderr
    return folder


def card_of(built: Path) -> BeautifulSoup:
    page = BeautifulSoup((built / "html" / "card.html").read_text(encoding="utf-8"), "html.parser")
    card = page.select_one("div.bml-convention-card")
    assert card is not None
    return card


def test_the_openings_table_links_each_call_to_its_row(built: Path) -> None:
    card = card_of(built)
    openings = card.select("table.bml-card-table")[0]
    assert openings.select_one("caption").get_text(strip=True).startswith("Opening bids")
    rows = openings.select("tbody tr")
    assert [row.select("td")[0].get_text(strip=True) for row in rows] == ["1♣", "1NT"]
    strong = rows[0].select("td")
    assert strong[1].get_text(strip=True) == "✓"  # alertable: artificial
    assert "16+ HCP" in strong[3].get_text()
    assert [link["href"] for link in rows[1].select("a")] == ["openings.html#bml-1n", "openings.html#bml-1n-p-2c"]
    assert [p.get_text(" ", strip=True) for p in strong[4].select("p")] == [
        "1 ♦ negative, 0-7 ♥",
        "1 ♥ , 1 ♠ 5+ cards, game forcing",
    ]


def test_suits_are_coloured_as_in_the_trees(built: Path) -> None:
    card = card_of(built)
    assert card.select("span.bml-suit.bml-hearts")
    assert card.select("span.bml-suit.bml-diamonds")


def test_the_written_parts_and_the_special_bids(built: Path) -> None:
    card = card_of(built)
    text = card.get_text(" ", strip=True)
    assert "Players: Anna - Ben" in text
    assert "Precision, five-card ♥ and ♠" in text
    assert "fourth best" in text
    special = card.select("div.bml-card-written ul li")
    assert [item.select_one("a").get_text(strip=True) for item in special] == ["1♣", "1♣–1♦", "1NT–2♣"]


def test_the_competitive_bidding_is_filled(built: Path) -> None:
    competitive = card_of(built).select("table.bml-card-table")[1]
    rows = [[cell.get_text(" ", strip=True) for cell in row.select("td")] for row in competitive.select("tbody tr")]
    # (1X)-2Y: Y ranks above X (BML's rule), so each is a jump: 2♦ over 1♣ could be 1♦
    assert rows[0][0] == "Jump overcalls"
    assert any(row[0] == "Takeout doubles" for row in rows)
    assert any(row[0] == "Defence to 1NT" and row[2] == "penalty" for row in rows)


def test_latex_and_text_show_the_card_as_tables(built: Path) -> None:
    (tex,) = (built / "latex").glob("*.tex")
    latex = tex.read_text(encoding="utf-8")
    assert "Opening bids" in latex
    assert "Defensive and competitive bidding" in latex
    text = (built / "text" / "card.txt").read_text(encoding="utf-8")
    assert "WBF convention card" in text
    assert "Stayman" in text


def test_an_unknown_system_is_a_located_warning(tmp_path: Path) -> None:
    card = "Card\n====\n\n.. bml-convention-card::\n   :system: blue\n"
    project = write_project(tmp_path / "src", INDEX, openings__rst=OPENINGS, card__rst=card)
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert result.returncode != 0
    assert "card.rst:4: WARNING: bml-convention-card :system: blue: the systems of the site are none" in result.stderr
    assert "[bml.directive]" in result.stderr


def test_a_site_without_tables_gets_a_warning_and_an_empty_card(tmp_path: Path) -> None:
    project = write_project(tmp_path / "src", "Card\n====\n\n.. bml-convention-card::\n")
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert "index.rst:4: WARNING: bml-convention-card: no bidding table of the site shows" in result.stderr
    assert "Opening bids" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
