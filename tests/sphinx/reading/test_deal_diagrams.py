"""Deal diagrams checked in a build (tests/roots/test-bml-deals, hands from a
club's notes): each slip a located warning of its own type, every diagram
still on the page with the header words the player wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings

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
    found = located_warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in found] == [(f, n, k) for f, n, k, _ in EXPECTED]
    for (*_, message), (*_, words) in zip(found, EXPECTED, strict=True):
        assert words in message


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
