"""Deal diagrams checked in a build (tests/roots/test-bml-deals, hands from a
club's notes): each slip a located warning of its own type, every diagram
still on the page with the header words the player wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import assert_warnings, located_warnings

DEALS = pytest.mark.sphinx("html", testroot="bml-deals", freshenv=True)

#: (file, line, warning type, words of the message), in the order the build meets them
EXPECTED = [
    ("index.rst", 18, "bml.deal", "this auction starts with West, but the deal above says South deals"),
    ("index.rst", 29, "bml.deal", "the South hand holds the king of clubs (in the East hand too)"),
    ("index.rst", 36, "bml.syntax", "the deal's header says 'Fav vul', which is not a vulnerability BML knows"),
    ("lessons.bml", 25, "bml.deal", "the South hand has 12 cards, but the North hand has 13"),
]


def page(app: SphinxTestApp, name: str) -> BeautifulSoup:
    return BeautifulSoup((Path(app.outdir) / f"{name}.html").read_text(encoding="utf-8"), "lxml")


@DEALS
def test_each_slip_in_a_deal_is_a_located_warning(app: SphinxTestApp) -> None:
    app.build()
    assert_warnings(app, EXPECTED)


@DEALS
def test_the_diagrams_are_kept_with_the_vulnerability_players_write(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 0
    index_page = page(app, "index")
    index = index_page.get_text(" ")
    for words in (
        "Board 7",
        "All vulnerable",  # "Both vul"
        "by North",  # the contract
        "Board 12",
        "Dealer West",
        "E-W vulnerable",  # "E-W vul"
        "Kxx",  # the South hand with the duplicated king is shown as written
        "AKJxx",  # the bidding problem under a header not understood
        "The closing paragraph is still here.",
    ):
        assert words in index, words
    assert len(index_page.select(".bml-deal")) == 3
    assert len(index_page.select(".bml-auction")) == 1  # the auction that does not start with the dealer
    lessons = page(app, "lessons").get_text(" ")
    assert "None vulnerable" in lessons  # "Love all": nobody vulnerable, not all
    assert "Board 4" in lessons and "The end of the lessons." in lessons
    assert "Traceback" not in app.status.getvalue() + app.warning.getvalue()


@pytest.mark.sphinx("html", testroot="bml-deals", freshenv=True, confoverrides={"suppress_warnings": ["bml.deal"]})
def test_the_deal_checks_are_silenced_as_one_kind(app: SphinxTestApp) -> None:
    app.build()
    assert [kind for _, _, kind, _ in located_warnings(app)] == ["bml.syntax"]


# -- deals with a slip (tests/roots/test-bml-deal-slips: bidding problems) ----------

SLIPS = "bml-deal-slips"

#: (file, line, warning type, words of the message), in the order the build meets them
SLIPS_EXPECTED = [
    ("index.rst", 13, "bml.syntax", "this deal cannot be read: the South hand has 'AQxz', and 'z' is not a card"),
    ("index.rst", 19, "bml.syntax", "this deal cannot be read: the South hand has 'AQJ1', and '1' is not a card"),
    ("index.rst", 26, "bml.syntax", "this deal cannot be read: the South hand gives 3 suits (AKJxx Kx AQxx)"),
    ("index.rst", 29, "bml.syntax", "'2Z' is not a call in this auction"),
    ("index.rst", 35, "bml.syntax", "the deal's header says 'Dealer X', but 'X' is not a seat"),
    ("quiz.bml", 9, "bml.syntax", "the West hand has 'kTx': write the cards in capitals and x in small letters"),
    ("quiz.bml", 13, "bml.syntax", "'#14, Dealer E, Both vul' begins this block as the header of a deal, but no hand"),
    ("quiz.bml", 21, "bml.syntax", "'W N E S' is not a hand (a seat N, E, S or W, then four holdings, spades hearts"),
]

#: What the player wrote in each block that cannot be read, line by line, as each page must show it.
WRITTEN = {
    "index": [
        ["#5, Dealer S, None vul", "S: AKJxx Kx x AQxz"],
        ["S: KQxx AJx Kx AQJ1"],
        ["#7, Dealer W, All vul", "S: AKJxx Kx AQxx"],
        ["W N E S", "1H P 2Z ?"],
    ],
    "quiz": [
        [
            "#12, Dealer: North, E-W vul",
            "N: Kxx    T9     xxx  Q987x",
            "E: Jx     AJxxx  AJx  KTx",
            "S: A987xx -      Q9xx Axx",
            "W: QT     KQxxxx kTx  Jx",
        ],
        ["#14, Dealer E, Both vul"],
        ["#15, Dealer N", "N: AKQxx Kxx Ax xxx", "W N E S", "- 1S P ?"],
    ],
}


@pytest.mark.sphinx("html", testroot=SLIPS, freshenv=True)
def test_each_slip_in_a_bidding_problem_is_a_located_warning(app: SphinxTestApp) -> None:
    app.build()
    assert_warnings(app, SLIPS_EXPECTED)
    assert "is not a call BML knows" not in app.warning.getvalue()  # never sent to the bidding-table reader


@pytest.mark.sphinx("html", testroot=SLIPS, freshenv=True)
def test_a_deal_with_a_slip_is_on_the_page_as_written(app: SphinxTestApp) -> None:
    app.build()
    index, quiz = page(app, "index"), page(app, "quiz")
    for name, soup in (("index", index), ("quiz", quiz)):
        shown = [block.get_text().rstrip("\n").split("\n") for block in soup.select(".bml-as-written pre")]
        assert shown == WRITTEN[name]
    text = index.get_text(" ")
    assert "S: this is what South needs" in text and "N: no agreement yet" in text  # prose stays prose
    assert "The closing paragraph is still here." in text
    assert len(index.select(".bml-deal")) == 1  # problem 8, drawn without the dealer it could not read
    assert len(index.select(".bml-auction")) == 1  # its auction so far, 1H ?
    assert len(quiz.select(".bml-deal")) == 1  # board 14's hand, under its cut-off header
    assert "The end of the quiz." in quiz.get_text(" ")


@pytest.mark.sphinx("text", testroot=SLIPS, freshenv=True)
def test_the_text_builder_shows_a_deal_with_a_slip_as_written(app: SphinxTestApp) -> None:
    app.build()
    for name, blocks in WRITTEN.items():
        text = (Path(app.outdir) / f"{name}.txt").read_text(encoding="utf-8")
        lines = [line.strip() for line in text.splitlines()]
        for block in blocks:
            start = lines.index(block[0].strip())
            assert lines[start : start + len(block)] == [line.strip() for line in block]
