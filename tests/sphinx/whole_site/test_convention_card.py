"""``.. bml-convention-card::``: the WBF card drawn from the site's tables in the form's layout,
in HTML, LaTeX (compiled to PDF) and text."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from sphinx_bml.convention_card.boxes import GRID_COLUMNS, RESPONSE_LINES
from tests.support import full_system, pdf_font_sizes, pdf_pages, require, sphinx_build, write_project

# every test builds a site to read its card: the quick selection leaves them out
pytestmark = pytest.mark.slow

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

   1C-(1X)-
   D negative

   1C-(2S)-
   D negative
"""

CARD = """\
Card
====

.. bml-convention-card::
   :players: Anna - Ben
   :general: Precision, five-card !h and !s
   :leads: fourth best
   :psychics: Never
   :doubles: Negative doubles through 2!s
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


def box(card: BeautifulSoup, heading: str) -> BeautifulSoup:
    found = [
        div
        for div in card.select("div.bml-card-box")
        if div.select_one("p.bml-card-heading strong").get_text(strip=True) == heading
    ]
    assert len(found) == 1, heading
    return found[0]


def test_the_front_is_the_forms_three_columns_of_boxes(built: Path) -> None:
    card = card_of(built)
    front, back = card.select("div.bml-card-page")
    assert "bml-card-front" in front["class"] and "bml-card-back" in back["class"]
    columns = front.select(":scope > div.bml-card-column")
    parts = [[p.get_text(strip=True) for p in column.select("p.bml-card-part")] for column in columns]
    assert parts == [["SYSTEM SUMMARY"], ["DEFENSIVE AND COMPETITIVE BIDDING"], ["LEADS AND SIGNALS"]]
    headings = [p.get_text(strip=True) for p in columns[1].select("p.bml-card-heading strong")]
    assert headings[:3] == ["OVERCALLS", "1NT OVERCALL", "JUMP OVERCALLS"]
    assert "VS. PRE-EMPTS" in headings and "OTHER CONVENTIONS" in headings
    leads = [p.get_text(strip=True) for p in columns[2].select("p.bml-card-heading strong")]
    assert leads == [
        "OPENING LEADS STYLE",
        "LEADS",
        "SIGNALS IN ORDER OF PRIORITY",
        "SIGNALS (INCLUDING TRUMPS)",
        "DOUBLES",
    ]


def test_the_grids_of_leads_and_signals_are_the_forms(built: Path) -> None:
    card = card_of(built)
    leads = box(card, "LEADS").select_one("table.bml-card-grid")
    assert [th.get_text(strip=True) for th in leads.select("thead th")] == ["", "vs. Suit", "vs. NT"]
    assert [tr.select_one("td").get_text(strip=True) for tr in leads.select("tbody tr")][:2] == ["Ace", "King"]
    signals = box(card, "SIGNALS IN ORDER OF PRIORITY").select_one("table.bml-card-grid")
    head = [[th.get_text(strip=True) for th in tr.select("th")] for tr in signals.select("thead tr")]
    assert head == [["", "Suit", "", "", "NT", "", ""], ["", "1", "2", "3", "1", "2", "3"]]
    assert "fourth best" in box(card, "OPENING LEADS STYLE").get_text()


def test_the_openings_grid_has_the_forms_columns_and_links_each_call(built: Path) -> None:
    card = card_of(built)
    grid = card.select_one("div.bml-card-back table.bml-card-openings")
    assert [th.get_text(" ", strip=True) for th in grid.select("thead th")] == list(GRID_COLUMNS)
    rows = grid.select("tbody tr")
    assert len(rows) == 20
    assert [row.select("td")[0].get_text(strip=True) for row in rows][:5] == ["1♣", "1♦", "1♥", "1♠", "1NT"]
    assert rows[-1].select("td")[0].get_text(strip=True) == "4NT+"
    strong = [cell.get_text(" ", strip=True) for cell in rows[0].select("td")]
    assert strong[1] == "✓"  # alerted: artificial
    assert strong[2] == ""  # 16+ hcp says no length
    assert strong[3] == "2 ♠"  # the player's words (:doubles:), which the tables do not contradict
    assert "16+ any shape" in strong[4]
    assert [link["href"] for link in rows[4].select("a")] == ["openings.html#bml-1n", "openings.html#bml-1n-p-2c"]
    responses = rows[0].select("td")[5].select("span.bml-card-line")  # run on, after a middle dot
    assert [line.get_text(" ", strip=True) for line in responses] == [
        "1 ♦ negative, 0-7 ♥",
        "1 ♥ , 1 ♠ 5+ cards, game forcing",
    ]
    assert "bml-card-blank" in rows[1]["class"]  # no 1D: a blank row, as on paper


def test_the_built_card_warns_of_nothing(built: Path) -> None:
    """The player's words and the tables agree: no warning (the fixture builds with -W)."""
    grid = card_of(built).select_one("table.bml-card-openings")
    assert "bml-card-words" not in str(grid)


def test_suits_are_coloured_as_in_the_trees(built: Path) -> None:
    card = card_of(built)
    assert card.select("span.bml-suit.bml-hearts")
    assert card.select("span.bml-suit.bml-diamonds")


def test_the_written_parts_the_blank_boxes_and_the_special_bids(built: Path) -> None:
    card = card_of(built)
    assert "Anna - Ben" in box(card, "PLAYERS").get_text()
    assert "Precision, five-card ♥ and ♠" in box(card, "GENERAL APPROACH AND STYLE").get_text(" ", strip=True)
    assert "Never" in box(card, "PSYCHICS").get_text()
    assert "bml-card-blank" in box(card, "IMPORTANT NOTES")["class"]  # nobody wrote it
    assert "bml-card-blank" not in box(card, "PSYCHICS")["class"]
    special = box(card, "SPECIAL BIDS THAT MAY REQUIRE DEFENSIVE ACTION").select("p:not(.bml-card-heading)")
    assert [line.select_one("a").get_text(strip=True) for line in special] == ["1♣", "1♣–1♦", "1NT–2♣"]


def test_the_competitive_bidding_is_filled(built: Path) -> None:
    card = card_of(built)
    # (1X)-2Y: Y ranks above X (BML's rule), so each is a jump: 2♦ over 1♣ could be 1♦
    assert "(1♣)–2♦" in box(card, "JUMP OVERCALLS").get_text()
    assert "(1♣)–Dbl" in box(card, "DOUBLES").get_text() and "takeout" in box(card, "DOUBLES").get_text()
    assert "penalty" in box(card, "VS. NT").get_text()
    assert box(card, "VS. NT").select_one("a")["href"].startswith("openings.html#")


def test_the_text_reads_the_parts_in_order(built: Path) -> None:
    text = (built / "text" / "card.txt").read_text(encoding="utf-8")
    order = ["WBF CONVENTION CARD", "SYSTEM SUMMARY", "DEFENSIVE AND COMPETITIVE BIDDING", "LEADS AND SIGNALS"]
    order += ["DESCRIPTION", "SUPPLEMENTARY DETAILS"]
    assert [text.index(words) for words in order] == sorted(text.index(words) for words in order)
    assert "Stayman" in text


def test_the_latex_opens_the_forms_pages(built: Path) -> None:
    (tex,) = (built / "latex").glob("*.tex")
    latex = tex.read_text(encoding="utf-8")
    assert latex.count("\\begin{sphinxuseclass}{bml-card-page}") == 2
    assert "TICK IF ARTIFICIAL" in latex and "DEFENSIVE AND COMPETITIVE BIDDING" in latex
    assert "\\bmlsuit{C}" in latex


@pytest.mark.latex
@pytest.mark.parametrize("paper", ["a4paper", "letterpaper"])
@pytest.mark.parametrize("notes", ["small", "full"])
def test_the_pdf_card_is_two_landscape_pages_in_a_legible_font(tmp_path: Path, paper: str, notes: str) -> None:
    """Compiled for real: the front and the back, each on one page, nothing spilling onto a third,
    no character smaller than 6 pt (the suit symbols, drawn smaller to match the letters, aside),
    in a 10 pt document (whose card font is 7 pt), even for notes that fill every box."""
    require(shutil.which("latexmk") is not None, "latexmk (TeX Live) is not installed")
    require(shutil.which("pdftotext") is not None, "pdftotext (poppler-utils) is not installed")
    conf = (
        'extensions = ["sphinx_bml"]\n'
        f'latex_elements = {{"papersize": "{paper}", "pointsize": "10pt", "maketitle": "", "tableofcontents": ""}}\n'
    )
    index = "Card\n====\n\n.. bml-convention-card::\n   :players: Anna - Ben\n   :psychics: Never\n"
    index += "   :doubles: Negative doubles through 3!s; support doubles; lead-directing doubles of artificial bids\n"
    index += "   :general: Precision: a strong, artificial 1!c (16+); five-card majors; a nebulous 1!d; 13-15 notrump\n"
    index += "\n.. toctree::\n\n   openings\n"
    tables = OPENINGS if notes == "small" else full_system()
    project = write_project(tmp_path / "src", index, conf, openings__rst=tables)
    result = sphinx_build("-M", "latexpdf", project, tmp_path / "build")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    (pdf,) = (tmp_path / "build" / "latex").glob("*.pdf")
    pages = pdf_pages(pdf)
    front = [n for n, text in enumerate(pages) if "SYSTEM SUMMARY" in text]
    back = [n for n, text in enumerate(pages) if "DESCRIPTION" in text and "RESPONSES" in text]
    assert len(front) == 1 and back == [front[0] + 1], (front, back)
    assert "DEFENSIVE AND COMPETITIVE BIDDING" in pages[front[0]] and "LEADS AND SIGNALS" in pages[front[0]]
    assert "Anna - Ben" in pages[front[0]] and "Never" in pages[front[0]]
    assert "SUPPLEMENTARY DETAILS" in pages[back[0]] and "4NT+" in pages[back[0]]
    others = [text for n, text in enumerate(pages) if n not in (front[0], back[0])]
    assert not any(words in text for text in others for words in ("4NT+", "SUPPLEMENTARY", "PSYCHICS")), "spilt over"
    rotated = subprocess.run(
        ["pdfinfo", "-f", str(front[0] + 1), "-l", str(back[0] + 1), str(pdf)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(re.findall(r"rot: +90", rotated.stdout)) == 2, rotated.stdout  # landscape, as the WBF form
    sizes = pdf_font_sizes(pdf, leave_out=("Dingbats",))
    smallest = min(min(sizes[front[0]]), min(sizes[back[0]]))
    assert smallest >= 6, f"the card's smallest text is {smallest} pt"
    log = next((tmp_path / "build" / "latex").glob("*.log")).read_text(errors="replace")
    assert "does not fit its sheet" not in log


def test_an_unknown_system_is_a_located_warning(tmp_path: Path) -> None:
    card = "Card\n====\n\n.. bml-convention-card::\n   :system: blue\n"
    project = write_project(tmp_path / "src", INDEX, openings__rst=OPENINGS, card__rst=card)
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert result.returncode != 0
    assert "card.rst:4: WARNING: bml-convention-card :system: blue: the systems of the site are none" in result.stderr
    assert "[bml.directive]" in result.stderr


def test_a_written_part_without_words_is_a_located_error(tmp_path: Path) -> None:
    card = "Card\n====\n\n.. bml-convention-card::\n   :players: Anna - Ben\n   :psychics:\n"
    project = write_project(tmp_path / "src", INDEX, openings__rst=OPENINGS, card__rst=card)
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert result.returncode != 0
    assert 'card.rst:4: ERROR: Error in "bml-convention-card" directive' in result.stderr
    assert 'option: "psychics"' in result.stderr and "no words: write what this part of the card says" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_site_without_tables_gets_a_warning_and_an_empty_card(tmp_path: Path) -> None:
    project = write_project(tmp_path / "src", "Card\n====\n\n.. bml-convention-card::\n")
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert "index.rst:4: WARNING: bml-convention-card: no bidding table of the site shows" in result.stderr
    assert "TICK IF ARTIFICIAL" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")


TABLES = (
    """\
Openings
========

.. bml::

   1C ! 16+ any shape {{ 16+ hcp }}
"""
    + "".join(
        f"     {level}{strain} response {level}{strain}, a meaning long enough to be clipped on the card\n"
        for level in (1, 2, 3)
        for strain in "DHS"
    )
    + """\
   1D 11-15, could be short
   1H 11-15, 4+ hearts {{ 5+ hearts }}
   2M weak two, six cards in M

   #VUL N0

   2M weak two, 5+ cards

   #VUL 00

   1D-(1M)-
   D negative

   1D-(2X)-
   D negative

   1D-(3C)-
   D penalty
"""
)


def _build(tmp_path: Path, options: str) -> tuple[subprocess.CompletedProcess[str], BeautifulSoup]:
    card = f"Card\n====\n\n.. bml-convention-card::\n{options}"
    project = write_project(tmp_path / "src", INDEX, openings__rst=TABLES, card__rst=card)
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    html = tmp_path / "html" / "card.html"
    page = BeautifulSoup(html.read_text(encoding="utf-8") if html.exists() else "", "html.parser")
    return result, page


def _grid_row(page: BeautifulSoup, opening: str) -> list[str]:
    for row in page.select("table.bml-card-openings tbody tr"):
        cells = [cell.get_text(" ", strip=True) for cell in row.select("td")]
        if cells[0].replace(" ", "") == opening:
            return cells
    raise AssertionError(f"no row {opening}")


def test_the_boxes_the_tables_fill_and_the_words_instead_of_a_number(tmp_path: Path) -> None:
    _, page = _build(tmp_path, "   :negative-doubles: 1!d: 2!s\n")
    assert _grid_row(page, "1♦")[2:4] == ["short", "2 ♠"]
    assert _grid_row(page, "2♥")[2] == "varies"  # six cards, or 5+ not vulnerable
    assert _grid_row(page, "1♣")[3] == ""  # no double after 1♣ in the tables, no words: blank


def test_a_row_whose_condition_and_words_disagree_warns_at_the_row(tmp_path: Path) -> None:
    result, page = _build(tmp_path, "   :players: Anna - Ben\n")
    assert result.returncode != 0  # -W
    assert _grid_row(page, "1♥")[2] == ""
    assert (
        "openings.rst:17: WARNING: bml-convention-card: 1♥: the hand condition {{ 5+ hearts }} allows 5 hearts at "
        "the fewest, but the meaning says '4+ hearts'; the convention card leaves MIN. NO. OF CARDS blank until "
        "the two agree [bml.card]"
    ) in result.stderr


def test_tables_that_contradict_the_players_words_warn_at_the_card(tmp_path: Path) -> None:
    result, page = _build(tmp_path, "   :doubles: Negative doubles through 3!s; support doubles\n")
    assert _grid_row(page, "1♦")[3] == "3 ♠"  # the player's words, on the card
    assert (
        "card.rst:4: WARNING: bml-convention-card: NEG. DBL THRU of 1♦: :doubles: says 'Negative doubles through "
        "3!s', but 1♦–(3♣)–Dbl is for penalties at openings.rst:33 ('penalty'); the card shows your words: "
        "correct the one that is wrong [bml.card]"
    ) in result.stderr


def test_unreadable_words_for_neg_dbl_thru_are_a_located_error(tmp_path: Path) -> None:
    result, _ = _build(tmp_path, "   :negative-doubles: 1C: 3Q\n")
    assert 'card.rst:4: ERROR: Error in "bml-convention-card" directive' in result.stderr
    assert "'3Q' is not a call" in result.stderr and "Traceback" not in result.stderr


def test_a_box_shows_a_few_lines_and_links_to_the_rest(tmp_path: Path) -> None:
    _, page = _build(tmp_path, "   :negative-doubles: 1!d: 2!s\n")
    responses = page.select("table.bml-card-openings tbody tr")[0].select("td")[5]
    lines = responses.select("span.bml-card-line")
    assert len(lines) == RESPONSE_LINES + 1  # the first responses, then how many more
    assert lines[0].get_text(" ", strip=True).endswith("…")  # the meaning clipped to its room
    more = lines[-1].select_one("a")
    assert more.get_text(strip=True) == f"\u2026 {9 - RESPONSE_LINES} more"  # 1♦ to 3♠
    left_out = ["1d", "1h", "1s", "2d", "2h", "2s", "3d", "3h", "3s"][RESPONSE_LINES]
    assert more["href"] == f"openings.html#bml-1c-p-{left_out}"  # the first response left out
