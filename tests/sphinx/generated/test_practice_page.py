"""``.. bml-practice:: N``: boards dealt at build time, reproducible, each asking a question the notes answer,
with the answer hidden in HTML (a <details>), after the question elsewhere, linked to its row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language.calls import Call
from sphinx_bml.language.conditions import Hand
from sphinx_bml.practice import PracticeUnavailable
from tests.support import EXAMPLE_SITE, located_warnings, needs

NOTES = """\
Openings
========

.. bml::

   1C = Strong
        {{ 16+ hcp }}
     1D = Negative
          {{ 0-7 hcp }}
     1N = Positive, balanced
          {{ 8+ hcp, balanced }}
     1H = Positive
          {{ 8+ hcp }}
   1N = 13-15 balanced
        {{ 13-15 hcp, balanced }}
   1H = Five hearts
        {{ 11-15 hcp, 5+ hearts }}
   1D = The rest
        {{ 11-15 hcp }}
   P = Nothing to open
       {{ 10- hcp }}
"""
PAGE = """\
Practice
========

.. bml-practice:: {count}
{options}
"""


def make_site(folder: Path, count: str = "5", options: str = "", notes: str = NOTES) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text('extensions = ["sphinx_bml"]\nproject = "Practice"\n', encoding="utf-8")
    (folder / "index.rst").write_text("Notes\n=====\n\n.. toctree::\n\n   openings\n   practice\n", encoding="utf-8")
    (folder / "openings.rst").write_text(notes, encoding="utf-8")
    (folder / "practice.rst").write_text(PAGE.format(count=count, options=options), encoding="utf-8")
    return folder


def build(folder: Path, builder: str = "html") -> SphinxTestApp:
    app = SphinxTestApp(builder, srcdir=folder, builddir=folder / "_build")
    app.build()
    app.cleanup()
    return app


def boards(app: SphinxTestApp) -> list[BeautifulSoup]:
    soup = BeautifulSoup((Path(app.outdir) / "practice.html").read_text(encoding="utf-8"), "html.parser")
    return soup.select("div.bml-practice-board")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    needs("endplay")
    return build(make_site(tmp_path_factory.mktemp("practice"), options="   :seed: 7"))


def test_each_board_asks_a_question_and_hides_the_linked_answer(site: SphinxTestApp) -> None:
    assert located_warnings(site) == []
    found = boards(site)
    assert len(found) == 5
    for board in found:
        hand = board.select_one("code.bml-practice-hand")
        assert hand is not None and len(hand.get_text().split()) == 8
        assert board.select_one("table.bml-practice-auction td p") is not None
        details = board.select_one("div.bml-reveal details")
        assert details is not None and details.summary.get_text() == "Show the system\u2019s call"
        link = details.select_one("a.reference.internal")
        assert link is not None and link["href"].startswith("openings.html#bml-"), "the domain resolved it"
        assert "Hand condition:" in details.get_text()


def test_the_call_revealed_is_the_one_the_hand_condition_gives(site: SphinxTestApp) -> None:
    """Checked again from the page alone: the hand shown meets the revealed row's HCP range, and no row above."""
    ranges = {"1C": (16, 40), "1N": (13, 15), "1H": (11, 15), "1D": (11, 15), "P": (0, 10)}
    for board in boards(site):
        text = board.select_one("code.bml-practice-hand").get_text().split()
        hand = Hand([holding.replace("\u2014", "") for holding in text[1::2]])
        shown = board.select_one("div.bml-answer a").get_text()
        call = Call.parse("P" if shown == "Pass" else shown)
        auction = [cell.get_text() for cell in board.select("table.bml-practice-auction td")]
        if all(cell in ("", "Pass", "?") for cell in auction):  # an opening: the HCP range of its row
            low, high = ranges[str(call)]
            assert low <= hand.hcp() <= high


def test_the_same_seed_deals_the_same_boards(site: SphinxTestApp, tmp_path: Path) -> None:
    again = build(make_site(tmp_path / "again", options="   :seed: 7"))
    assert [b.get_text() for b in boards(again)] == [b.get_text() for b in boards(site)]
    other = build(make_site(tmp_path / "other", options="   :seed: 8"))
    assert [b.get_text() for b in boards(other)] != [b.get_text() for b in boards(site)]


def test_suits_are_drawn_as_in_the_tables(site: SphinxTestApp) -> None:
    """Hearts and diamonds were black text in the hands, the auctions and the answers."""
    for board in boards(site):
        hand = board.select_one("code.bml-practice-hand")
        assert [suit["class"][-1] for suit in hand.select("span.bml-suit")] == [
            "bml-spades",
            "bml-hearts",
            "bml-diamonds",
            "bml-clubs",
        ]
        shown = board.select_one("div.bml-answer a").get_text()
        if shown[-1] in "♠♥♦♣":
            assert board.select_one("div.bml-answer a span.bml-suit") is not None, shown
        for cell in board.select("table.bml-practice-auction td"):
            if cell.get_text()[-1:] in ("♥", "♦"):
                assert cell.select_one("span.bml-suit") is not None


def test_text_puts_the_answers_after_all_the_questions(tmp_path: Path) -> None:
    """Each answer was printed right under its question: a key at the end now, as in a quiz book."""
    needs("endplay")
    app = build(make_site(tmp_path, count="2", options="   :seat: N"), "text")
    text = (Path(app.outdir) / "practice.txt").read_text(encoding="utf-8")
    assert text.count("Your hand (North):") == 2 and text.count("The system bids") == 2
    assert "<details>" not in text
    key = text.index("Answers")
    assert text.rindex("Your hand (North):") < key < text.index("Board 1", key) < text.index("The system bids")
    assert text.index("Board 2", key) < text.rindex("The system bids")


def test_the_pdf_source_has_suit_symbols_and_the_key_at_the_end(tmp_path: Path) -> None:
    """The hands were letters in the PDF ("S KJ864 H T84")."""
    needs("endplay")
    app = build(make_site(tmp_path, count="3", options="   :seed: 7"), "latex")
    tex = (Path(app.outdir) / "practice.tex").read_text(encoding="utf-8")
    hands = re.findall(r"\\sphinxcode\{\\sphinxupquote\{(.*?)\}\}", tex)
    assert len(hands) == 3
    for hand in hands:
        assert [letter for letter in re.findall(r"\\bmlsuit\{(.)\}", hand)] == ["S", "H", "D", "C"], hand
        assert not re.search(r"(^|\s)[SHDC] ", hand), hand
    key = tex.index("Answers")
    assert tex.rindex("Your hand") < key and tex.count("The system bids") == 3
    assert tex.index("The system bids") > key


def test_without_endplay_the_page_says_so_and_a_warning_tells_the_author(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_endplay(seed: int | None = None) -> object:
        raise PracticeUnavailable()

    monkeypatch.setattr("sphinx_bml.sphinx.generated.practice.deals", no_endplay)
    app = build(make_site(tmp_path))
    assert located_warnings(app) == [
        (
            "practice.rst",
            4,
            "bml.practice",
            "the practice boards are not dealt: bml-practice needs endplay: pip install 'sphinx-bml[practice]'",
        )
    ]
    html = (Path(app.outdir) / "practice.html").read_text(encoding="utf-8")
    assert "the site was built without endplay" in html


def test_notes_without_conditions_and_a_bad_count_are_warnings(tmp_path: Path) -> None:
    app = build(make_site(tmp_path, count="many", notes="Openings\n========\n\n.. bml::\n\n   1C = Strong\n"))
    warnings = [(file, line, kind) for file, line, kind, _ in located_warnings(app)]
    assert warnings == [("practice.rst", 4, "bml.directive"), ("practice.rst", 4, "bml.practice")]
    assert "No row of the system has a hand condition" in (Path(app.outdir) / "practice.html").read_text("utf-8")


def test_the_example_site_has_a_practice_page() -> None:
    assert "practice" in (EXAMPLE_SITE / "index.rst").read_text(encoding="utf-8")
    assert ".. bml-practice:: 6" in (EXAMPLE_SITE / "practice.rst").read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", ["20261125120000", "-1", "4294967296", "seven"])
def test_a_seed_out_of_range_is_a_warning_and_the_page_is_dealt(tmp_path: Path, seed: str) -> None:
    needs("endplay")
    app = build(make_site(tmp_path, options=f"   :seed: {seed}"))
    assert located_warnings(app) == [
        (
            "practice.rst",
            4,
            "bml.directive",
            f"bml-practice :seed: '{seed}' is not a seed: give a whole number from 0 to 4294967295 "
            "(the same seed deals the same boards); the seed is made from the page's name",
        )
    ]
    assert len(boards(app)) == 5
