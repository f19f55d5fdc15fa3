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
from tests.support import EXAMPLE_SITE, build_once, located_warnings, make_pdf, make_practice_site, needs


def build(folder: Path, builder: str = "html") -> SphinxTestApp:
    return build_once(builder, folder, folder / "_build")


def boards(app: SphinxTestApp) -> list[BeautifulSoup]:
    soup = BeautifulSoup((Path(app.outdir) / "practice.html").read_text(encoding="utf-8"), "html.parser")
    return soup.select("div.bml-practice-board")


def asked(board: BeautifulSoup) -> int:
    """The number of questions the board says it asks."""
    found = re.fullmatch(r"Bid the hand through: (\d+) questions?; .*", board.select_one("p.bml-practice-asked").text)
    assert found is not None
    return int(found.group(1))


def own(details: BeautifulSoup, selector: str) -> list[BeautifulSoup]:
    """What ``selector`` finds in this answer, not in the answers nested in it."""
    return [found for found in details.select(selector) if found.find_parent("details") is details]


def asking(table: BeautifulSoup) -> bool:
    return [cell.get_text() for cell in table.select("td")][-4:].count("?") == 1


def test_each_board_asks_its_questions_one_answer_inside_the_other(practice_site: SphinxTestApp) -> None:
    """Only the first call was asked: now every call of yours from the notes, each answer a <details>
    that shows the auction going on to the next question, whose answer is nested in it."""
    assert located_warnings(practice_site) == []
    found = boards(practice_site)
    assert len(found) == 5
    for board in found:
        hand = board.select_one("code.bml-practice-hand")
        assert hand is not None and len(hand.get_text().split()) == 8
        first = board.select_one("table.bml-practice-auction")
        assert first.find_parent("details") is None and asking(first)
        answers = board.select("div.bml-reveal details")
        count = asked(board)
        assert len(answers) == count
        for number, details in enumerate(answers, 1):
            assert details.summary.get_text() == f"Show the system\u2019s call ({number} of {count})"
            assert details.find_parent("details") is (answers[number - 2] if number > 1 else None)
            said = own(details, "div.bml-answer > p")[0]
            assert said.strong.get_text() == "The system"
            link = said.select_one("a.reference.internal")
            assert link is not None and link["href"].startswith("openings.html#bml-"), "the domain resolved it"
            assert own(details, "p.bml-practice-condition")[0].get_text().startswith("Hand condition:")
            (table,) = own(details, "table.bml-practice-auction")
            assert asking(table) == (number < count), "the auction goes on to the next question, or ends"
            assert bool(own(details, "p.bml-practice-end")) == (number == count)


def test_partner_answers_and_the_auction_goes_on(practice_site: SphinxTestApp) -> None:
    """1NT, Stayman, 2H: partner's call has its meaning and its row, and the next question follows it."""
    assert all(asked(board) >= 1 for board in boards(practice_site))
    assert sum(asked(board) > 1 for board in boards(practice_site)) >= 3, "boards with more questions are preferred"
    stayman = [
        (details, paragraph)
        for board in boards(practice_site)
        for details in board.select("div.bml-reveal details")
        for paragraph in own(details, "div.bml-answer > p")
        if paragraph.strong and paragraph.strong.get_text() == "Partner (North)"
        if paragraph.select_one("a.reference.internal[href='openings.html#bml-1n-p-2c']")
    ]
    assert stayman
    for details, paragraph in stayman:
        assert paragraph.get_text() == "Partner (North) bids 2\u2663: Stayman"
        (table,) = own(details, "table.bml-practice-auction")
        cells = [cell.get_text() for cell in table.select("td")]
        assert "1NT" in cells and "2\u2663" in cells and cells.index("1NT") < cells.index("2\u2663")


def test_a_call_off_the_notes_ends_the_questions_and_names_the_nearest_row(practice_site: SphinxTestApp) -> None:
    """After 1NT 2C 2H 3C the notes only have 3D (short diamonds): a balanced opener is off the notes."""
    endings = [board.select_one("p.bml-practice-end") for board in boards(practice_site)]
    off = [ending for ending in endings if "off the notes" in ending.get_text()]
    assert off, [ending.get_text() for ending in endings]
    for ending in off:
        assert ending.get_text() == (
            "The notes end here: the auction forces a bid and no row fits your hand; off the notes, "
            "the nearest row is 3\u2666: Short diamonds."
        )
        (link,) = ending.select("a.reference.internal")
        assert link["href"] == "openings.html#bml-1n-p-2c-p-2h-p-3c-p-3d"
        assert link.select_one("span.bml-suit.bml-diamonds") is not None
        board = ending.find_parent("div", "bml-practice-board")
        count = asked(board)
        assert ending.find_parent("details").summary.get_text().endswith(f"({count} of {count})"), "in the last answer"
    partners = [
        paragraph
        for board in boards(practice_site)
        for paragraph in board.select("div.bml-answer > p")
        if paragraph.get_text().startswith("Partner (North)") and "off the notes" in paragraph.get_text()
    ]
    assert [paragraph.get_text() for paragraph in partners] == [
        "Partner (North) bids 3\u2666: Short diamonds (off the notes: no row fits the hand, this one is the nearest)"
    ], "partner's call off the notes is marked too"
    assert partners[0].a["href"] == "openings.html#bml-1n-p-2c-p-2h-p-3c-p-3d"
    others = [ending.get_text() for ending in endings if ending not in off]
    assert all(text.startswith(("The notes end here", "The auction is over")) for text in others), others


def test_the_call_revealed_is_the_one_the_hand_condition_gives(practice_site: SphinxTestApp) -> None:
    """Checked again from the page alone: the hand shown meets the first revealed row's HCP range."""
    ranges = {"1C": (16, 40), "1N": (13, 15), "1H": (11, 15), "1D": (11, 15), "P": (0, 10)}
    openings = 0
    for board in boards(practice_site):
        text = board.select_one("code.bml-practice-hand").get_text().split()
        hand = Hand([holding.replace("\u2014", "") for holding in text[1::2]])
        shown = board.select_one("div.bml-answer a").get_text()
        call = Call.parse("P" if shown == "Pass" else shown)
        auction = [cell.get_text() for cell in board.select_one("table.bml-practice-auction").select("td")]
        if all(cell in ("", "Pass", "?") for cell in auction):  # an opening: the HCP range of its row
            openings += 1
            low, high = ranges[str(call)]
            assert low <= hand.hcp() <= high
    assert openings


def test_the_same_seed_deals_the_same_boards(practice_site: SphinxTestApp, tmp_path: Path) -> None:
    again = build(make_practice_site(tmp_path / "again", options="   :seed: 8"))
    assert [b.get_text() for b in boards(again)] == [b.get_text() for b in boards(practice_site)]
    other = build(make_practice_site(tmp_path / "other", options="   :seed: 9"))
    assert [b.get_text() for b in boards(other)] != [b.get_text() for b in boards(practice_site)]


def test_suits_are_drawn_as_in_the_tables(practice_site: SphinxTestApp) -> None:
    """Hearts and diamonds were black text in the hands, the auctions and the answers."""
    for board in boards(practice_site):
        hand = board.select_one("code.bml-practice-hand")
        assert [suit["class"][-1] for suit in hand.select("span.bml-suit")] == [
            "bml-spades",
            "bml-hearts",
            "bml-diamonds",
            "bml-clubs",
        ]
        for link in board.select("div.bml-answer a"):
            if link.get_text()[-1] in "♠♥♦♣":
                assert link.select_one("span.bml-suit") is not None, link
        for cell in board.select("table.bml-practice-auction td"):
            if cell.get_text()[-1:] in ("♥", "♦"):
                assert cell.select_one("span.bml-suit") is not None


def test_text_asks_the_calls_and_puts_the_whole_auctions_after_all_the_questions(tmp_path: Path) -> None:
    """Each answer was printed right under its question: a key at the end now, as in a quiz book,
    with the whole auction, each of your calls and partner's, and where the notes stop."""
    needs("endplay")
    app = build(make_practice_site(tmp_path, count="3", options="   :seed: 8\n   :seat: S"), "text")
    text = (Path(app.outdir) / "practice.txt").read_text(encoding="utf-8")
    assert "<details>" not in text
    counts = [int(found) for found in re.findall(r"Bid the hand through: (\d+) questions?", text)]
    assert len(counts) == 3 and text.count("Your hand (South):") == 3
    key = text.index("-[ Answers ]-")
    assert text.rindex("Bid the hand through") < key
    questions = text[:key]
    assert "The system" not in questions and "Partner (North)" not in questions and "Question 1" not in questions
    answers = text[key:]
    boards_at = [answers.index(f"**Board {number}**") for number in (1, 2, 3)]
    assert boards_at == sorted(boards_at)
    for number, count in enumerate(counts):
        end = boards_at[number + 1] if number < 2 else len(answers)
        part = answers[boards_at[number] : end]
        assert [int(n) for n in re.findall(r"Question (\d+) of (\d+)", part)[-1]] == [count, count]
        assert len(re.findall(r"\*\*The system\*\* (bids|calls) ", part)) == count
        assert re.search(r"\*\*The system\*\* bids \S+ \(row [^)]+\): ", part), "the row is named"
        assert "The notes end here" in part or "The auction is over" in part
    assert "Partner (North)" in answers
    assert "off the notes, the nearest row is 3♦ (row 1NT–2♣–2♥–3♣–3♦): Short diamonds." in " ".join(answers.split())


def test_the_pdf_source_has_suit_symbols_and_the_key_at_the_end(tmp_path: Path) -> None:
    """The hands were letters in the PDF ("S KJ864 H T84")."""
    needs("endplay")
    app = build(make_practice_site(tmp_path, count="3", options="   :seed: 8"), "latex")
    tex = (Path(app.outdir) / "practice.tex").read_text(encoding="utf-8")
    hands = re.findall(r"\\sphinxcode\{\\sphinxupquote\{(.*?)\}\}", tex)
    assert len(hands) == 3
    for hand in hands:
        assert [letter for letter in re.findall(r"\\bmlsuit\{(.)\}", hand)] == ["S", "H", "D", "C"], hand
        assert not re.search(r"(^|\s)[SHDC] ", hand), hand
    key = tex.index("Answers")
    assert tex.rindex("Your hand") < key < tex.index("The system")
    assert tex.rindex("Bid the hand through") < key and "details" not in tex


@pytest.mark.latex
@pytest.mark.slow
def test_the_pdf_asks_the_calls_and_keeps_the_answers_for_the_end(tmp_path: Path) -> None:
    """Read back from the PDF: suit symbols in the hands, the auctions and the answers; no answer
    under its question; the key lists each board's questions after the last board."""
    needs("endplay")
    app = build(make_practice_site(tmp_path, count="3", options="   :seed: 8"), "latex")
    text = make_pdf(Path(app.outdir))
    key = text.index("Answers Board 1")
    questions, answers = text[:key], text[key:]
    assert questions.count("Your hand (South):") == 3 and questions.count("Bid the hand through:") == 3
    assert all(symbol in questions for symbol in "♠♥♦♣")
    assert "The system" not in questions and "Question 1 of" not in questions
    assert answers.index("Board 1") < answers.index("Board 2") < answers.index("Board 3")
    assert "Question 1 of" in answers and "Partner (North) bids 2♣: Stayman" in answers
    assert re.search(r"The system bids 1NT ?: 13-15 balanced Hand condition: 13–15 HCP, balanced", answers)


def test_without_endplay_the_page_says_so_and_a_warning_tells_the_author(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_endplay(seed: int | None = None) -> object:
        raise PracticeUnavailable()

    monkeypatch.setattr("sphinx_bml.practice.quiz.deals", no_endplay)
    app = build(make_practice_site(tmp_path))
    assert located_warnings(app) == [
        (
            "practice.rst",
            4,
            "bml.practice",
            "the practice boards are not dealt: bml-practice needs endplay: pip install 'sphinx-bml[practice]'",
        )
    ]
    html = (Path(app.outdir) / "practice.html").read_text(encoding="utf-8")
    assert "The practice boards are not dealt yet." in html
    assert "endplay" not in html and "pip install" not in html  # a reader has nothing to install


def test_notes_without_conditions_and_a_bad_count_are_warnings(tmp_path: Path) -> None:
    app = build(make_practice_site(tmp_path, count="many", notes="Openings\n========\n\n.. bml::\n\n   1C = Strong\n"))
    warnings = [(file, line, kind) for file, line, kind, _ in located_warnings(app)]
    assert warnings == [("practice.rst", 4, "bml.directive"), ("practice.rst", 4, "bml.practice")]
    assert "No row of the system has a hand condition" in (Path(app.outdir) / "practice.html").read_text("utf-8")


def test_the_example_site_has_a_practice_page() -> None:
    assert "practice" in (EXAMPLE_SITE / "index.rst").read_text(encoding="utf-8")
    assert ".. bml-practice:: 6" in (EXAMPLE_SITE / "practice.rst").read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", ["20261125120000", "-1", "4294967296", "seven"])
def test_a_seed_out_of_range_is_a_warning_and_the_page_is_dealt(tmp_path: Path, seed: str) -> None:
    needs("endplay")
    app = build(make_practice_site(tmp_path, options=f"   :seed: {seed}"))
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
