"""``.. bml-practice:: N``: boards dealt at build time, reproducible, each asking a question the notes answer,
with the answer hidden in HTML (a <details>), after the question elsewhere, linked to its row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from docutils import nodes
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.conditions import Hand
from sphinx_bml.practice import PracticeUnavailable
from sphinx_bml.practice.boards import Board
from sphinx_bml.practice.quiz import quiz_of
from sphinx_bml.practice.robot import Robot
from sphinx_bml.sphinx.whole_site.practice_boards import screen_board
from tests.support import (
    EXAMPLE_SITE,
    PRACTICE_NOTES,
    build_once,
    located_warnings,
    make_pdf,
    make_practice_site,
    needs,
)


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


@pytest.mark.slow
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
    assert "open as North" not in text and "Show the notes" not in text and "<template" not in text, "no two screens"
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
    assert "open as North" not in tex and "Show the notes" not in tex and "template" not in tex, "no two screens"


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
    assert "bml-practice.js" not in html and "bml-screens" not in html, "no boards, no screens"


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


# -- two screens: the parts each partner's screen copies in (the browser's side: test_practice_browser.py) --


def screens(app: SphinxTestApp) -> BeautifulSoup:
    soup = BeautifulSoup((Path(app.outdir) / "practice.html").read_text(encoding="utf-8"), "html.parser")
    (found,) = soup.select("div.bml-practice > div.bml-screens")
    return found


def part(block: BeautifulSoup, kind: str, board: int, seat: str = "") -> BeautifulSoup:
    """What the script copies in from one template, read as the page it becomes there."""
    where = f"template.bml-screens-{kind}[data-board='{board}']" + (f"[data-seat='{seat}']" if seat else "")
    (found,) = block.select(where)
    return BeautifulSoup(found.decode_contents(), "html.parser")


def hand_text(paragraph: BeautifulSoup) -> str:
    return " ".join(paragraph.select_one("code.bml-practice-hand").get_text().split())


def test_two_screens_keep_each_partners_hand_in_a_template_of_its_own(practice_site: SphinxTestApp) -> None:
    """A link for each partner, shown by the script; each seat's hand only in its template (a browser shows
    no template): the page's seat's is the quiz's, partner's another; the quiz's boards after the screens."""
    block = screens(practice_site)
    assert block.find_next_sibling("div", "bml-practice-board") is not None, "the screens come before the quiz"
    links = block.select_one("p.bml-screens-links")
    assert links.has_attr("hidden") and (links["data-seats"], links["data-seed"]) == ("NS", "8")
    assert [(a["href"], a.get_text()) for a in links.select("a")] == [
        ("?seat=N&seed=8", "open as North"),
        ("?seat=S&seed=8", "open as South"),
    ]
    assert "needs JavaScript" in block.select_one("noscript").get_text()
    assert block.select_one("p.bml-screens-message").has_attr("hidden")
    view = block.select_one("div.bml-screens-view")
    assert view.has_attr("hidden") and not view.get_text(strip=True)
    for hand in block.select("code.bml-practice-hand"):
        assert hand.find_parent("template") is not None, "a hand outside a template is on the screen"
    for number, board in enumerate(boards(practice_site), 1):
        head = part(block, "head", number).select_one("p.rubric").get_text()
        assert head == board.select_one("p.rubric").get_text() and head.startswith(f"Board {number}: dealer")
        north, south = part(block, "hand", number, "N"), part(block, "hand", number, "S")
        assert north.p.strong.get_text() == "Your hand (North):" and south.p.strong.get_text() == "Your hand (South):"
        assert hand_text(south) == " ".join(board.select_one("code.bml-practice-hand").get_text().split())
        assert hand_text(north) != hand_text(south)
        turns = [found.select_one("p.bml-screens-turn").get_text() for found in (north, south)]
        assert sorted(turns)[1] == "You call first, at the ? in the auction.", turns
        assert sorted(turns)[0] in (
            "Partner (North) calls first, at the ? in the auction.",
            "Partner (South) calls first, at the ? in the auction.",
        )
        table = part(block, "table", number)
        assert table.select_one("button.bml-screens-show").get_text() == "Show the notes\u2019 auction"
        assert table.select_one("code.bml-practice-hand") is None and part(block, "head", number).select("code") == []
        assert len(block.select(f"template[data-board='{number}']")) == 5
    assert not block.select("template[data-board='6']")


def test_the_screens_show_the_auction_up_to_the_sides_first_call(practice_site: SphinxTestApp) -> None:
    """What neither partner's call changes: the opponents' calls before the side's first, then its ``?``,
    in the column of the partner who calls first."""
    block = screens(practice_site)
    for number in range(1, 6):
        table = part(block, "table", number).select_one("table.bml-practice-auction")
        heads = [cell.get_text() for cell in table.select("th")]
        cells = [cell.get_text() for cell in table.select("td")]
        asking = cells.index("?")
        assert cells[asking + 1 :] == [""] * len(cells[asking + 1 :]) and cells.count("?") == 1
        first = heads[asking % 4]
        north, south = part(block, "hand", number, "N"), part(block, "hand", number, "S")
        own = north if first == "North" else south
        assert first in ("North", "South") and "You call first" in own.get_text()
        assert all(heads[index % 4] in ("East", "West") for index, cell in enumerate(cells[:asking]) if cell)
        assert table.select("a") == [], "the rows of the calls are for the end of the board"


def test_the_notes_auction_is_the_quiz_auction_each_call_linked_to_its_row(practice_site: SphinxTestApp) -> None:
    """At the end of the board: the auction the robot bid (the quiz's last answer's), its calls linked to
    rows that exist on the site; the side's calls with their meanings; the four hands, which the quiz holds."""
    block = screens(practice_site)
    notes_page = BeautifulSoup(
        (Path(practice_site.outdir) / "openings.html").read_text(encoding="utf-8"), "html.parser"
    )
    for number, board in enumerate(boards(practice_site), 1):
        notes = part(block, "notes", number)
        table = notes.select_one("table.bml-practice-auction")
        whole = board.select("div.bml-reveal table.bml-practice-auction")[-1]
        assert [cell.get_text() for cell in table.select("td")] == [cell.get_text() for cell in whole.select("td")]
        links = table.select("a.reference.internal")
        assert links
        for link in links:
            page, _, anchor = link["href"].partition("#")
            assert page == "openings.html" and notes_page.find(id=anchor) is not None, link["href"]
        said = [paragraph.get_text() for paragraph in notes.select("div.bml-screens-notes > p:not(.rubric)")]
        calls = [text for text in said if text.startswith(("North ", "South ", "East ", "West "))]
        assert any(text.startswith(("North bids", "South bids")) and ": " in text for text in calls), calls
        hands = [p for p in notes.select("p") if p.select_one("code.bml-practice-hand")]
        assert [p.strong.get_text() for p in hands] == ["North:", "East:", "South:", "West:"]
        assert hand_text(hands[0]) == hand_text(part(block, "hand", number, "N"))
        assert hand_text(hands[2]) == hand_text(part(block, "hand", number, "S"))


def test_east_and_west_practise_at_two_screens_on_their_page(tmp_path: Path) -> None:
    needs("endplay")
    app = build(make_practice_site(tmp_path, count="2", options="   :seed: 8\n   :seat: E"))
    block = screens(app)
    assert block.select_one("p.bml-screens-links")["data-seats"] == "EW"
    assert [a.get_text() for a in block.select("p.bml-screens-links a")] == ["open as East", "open as West"]
    assert {found["data-seat"] for found in block.select("template.bml-screens-hand")} == {"E", "W"}


def test_meanings_reach_the_screens_escaped(tmp_path: Path) -> None:
    """A meaning written as HTML is text on the screens, as in the tables."""
    needs("endplay")
    hostile = PRACTICE_NOTES.replace("13-15 balanced", '<img src=x onerror="alert(1)"> & <b>13-15</b>').replace(
        "= Stayman", "= <script>alert(2)</script> Stayman"
    )
    app = build(make_practice_site(tmp_path, count="3", options="   :seed: 8", notes=hostile))
    copied = [BeautifulSoup(found.decode_contents(), "html.parser") for found in screens(app).select("template")]
    assert not [found.select("img, script, b") for found in copied if found.select("img, script, b")]
    text = " ".join(found.get_text() for found in copied)
    assert '<img src=x onerror="alert(1)"> & <b>13-15</b>' in text
    assert "<script>alert(2)</script> Stayman" in text


def test_the_screens_script_is_on_the_practice_page_only_in_its_head(practice_site: SphinxTestApp) -> None:
    """Not deferred: with a seat in the link, it hides the quiz before the page is first drawn."""
    soup = BeautifulSoup((Path(practice_site.outdir) / "practice.html").read_text(encoding="utf-8"), "html.parser")
    (script,) = soup.select('script[src*="bml-practice.js"]')
    assert script.find_parent("head") is not None and not script.has_attr("defer") and not script.has_attr("async")
    shipped = Path(practice_site.outdir) / "_static" / "bml-practice.js"
    assert shipped.read_text(encoding="utf-8").startswith("/* sphinx-bml: a practice page")
    assert "innerHTML" not in shipped.read_text(encoding="utf-8"), "the notes' text is never written as HTML"
    for other in ("index.html", "openings.html"):
        assert "bml-practice.js" not in (Path(practice_site.outdir) / other).read_text(encoding="utf-8")


def test_an_opponents_opening_is_on_both_screens_explained_and_the_side_calls_after_it() -> None:
    """East deals and opens 1NT from the notes: both screens have it, with its meaning, and South, next,
    calls first of the side; the notes' auction lists the side's calls and East's, not West's passes."""
    written = "\n".join(line[3:] for line in PRACTICE_NOTES.splitlines() if line.startswith("   "))
    system = expand(parse_text(written + "\n(1N)\n  X = Penalty {{ 15+ hcp }}\n", "notes.bml"))
    deal = "N:T98.T98.QT9.AT98 AK2.KQ3.J54.Q432 QJ3.AJ2.AK2.KJ65 7654.7654.8763.7"
    quiz = quiz_of(Robot(system).bid(Board.numbered(deal, 2)), "S")
    drawn = screen_board(quiz, "")
    assert [node.astext() for node in drawn.head] == ["Board 2: dealer East, vulnerable: North-South"]
    table, *below = drawn.table
    assert [entry.astext() for entry in table.findall(nodes.entry)][4:] == ["", "", "1NT", "?"]
    assert [node.astext() for node in below] == [
        "East bids 1NT: 13-15 balanced",
        "Bid the board with partner, by voice or chat, to the end; then compare with the notes.",
    ]
    assert [node.astext() for node in drawn.hands["S"]][1] == "You call first, at the ? in the auction."
    assert [node.astext() for node in drawn.hands["N"]][1] == "Partner (South) calls first, at the ? in the auction."
    assert drawn.hands["N"][0].astext().startswith("Your hand (North): \u2660\u00a0T98 ")
    (notes,) = drawn.notes
    said = [paragraph.astext() for paragraph in notes.findall(nodes.paragraph) if paragraph.next_node(nodes.strong)]
    assert said == [
        "East bids 1NT: 13-15 balanced",
        "South calls Dbl: Penalty",
        "North calls Pass (no row of the notes)",  # West's passes and East's last come from no row
        "North: \u2660\u00a0T98   \u2665\u00a0T98   \u2666\u00a0QT9   \u2663\u00a0AT98 (6 HCP)",
        "East: \u2660\u00a0AK2   \u2665\u00a0KQ3   \u2666\u00a0J54   \u2663\u00a0Q432 (15 HCP)",
        "South: \u2660\u00a0QJ3   \u2665\u00a0AJ2   \u2666\u00a0AK2   \u2663\u00a0KJ65 (19 HCP)",
        "West: \u2660\u00a07654   \u2665\u00a07654   \u2666\u00a08763   \u2663\u00a07 (0 HCP)",
    ]
    cells = [entry.astext() for entry in notes.next_node(nodes.table).findall(nodes.entry)][4:]
    assert cells == ["", "", "1NT", "Dbl", "Pass", "Pass", "Pass", ""]
