"""``.. bml-practice::`` against the opponents' own notes (``:opponents:``) and on one sequence (``:sequence:``):
their calls alerted with their meaning, never linked, escaped; bad notes and sequences said, no board dealt."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import build_once, located_warnings, needs

OURS = """\
Openings
========

.. bml::

   1N = 15-17 {{ 15-17 hcp, balanced }}
     2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
     (2C) = their 2C
       D = we are in charge {{ 10+ hcp }}
       P = nothing to say {{ 9- hcp }}
   1C = 12+ {{ 12+ hcp }}
   P = nothing to open {{ 11- hcp }}
   (1H) = their 1H
     D = takeout {{ 12+ hcp, 1- hearts }}
     1S = overcall {{ 8-16 hcp, 5+ spades }}
     P = nothing to say {{ 0+ hcp }}
"""
THEIRS = """\
#+TITLE: Their notes
1H = five hearts {{ 11-20 hcp, 5+ hearts }}
1C = anything else {{ 11-20 hcp }}
P = no opening {{ 10- hcp }}
(1N) = any 1NT
  2C = Landy: both majors {{ 8+ hcp, 4+ hearts, 4+ spades }}
"""
PAGE = """\
Practice
========

.. bml-practice:: {count}
{options}
"""
#: what their notes may hold: an escape that retitles a terminal, a bell, and HTML
HOSTILE = "\x1b]0;pwned\x07 <script>alert(1)</script>"


def make_site(folder: Path, options: str, count: int = 4, theirs: str = THEIRS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(
        'extensions = ["sphinx_bml"]\nproject = "Practice"\nexclude_patterns = ["_build", "opponents/**"]\n',
        encoding="utf-8",
    )
    (folder / "index.rst").write_text("Notes\n=====\n\n.. toctree::\n\n   openings\n   practice\n", encoding="utf-8")
    (folder / "openings.rst").write_text(OURS, encoding="utf-8")
    (folder / "opponents").mkdir(exist_ok=True)
    (folder / "opponents" / "theirs.bml").write_text(theirs, encoding="utf-8")
    (folder / "practice.rst").write_text(PAGE.format(count=count, options=options), encoding="utf-8")
    return folder


def build(folder: Path, builder: str = "html") -> SphinxTestApp:
    return build_once(builder, folder)


def page(app: SphinxTestApp) -> BeautifulSoup:
    return BeautifulSoup((Path(app.outdir) / "practice.html").read_text(encoding="utf-8"), "html.parser")


def alerts(soup: BeautifulSoup) -> list[BeautifulSoup]:
    """The paragraphs that give a call of theirs with its meaning."""
    return [p for p in soup.select("div.bml-practice-board p") if ", from their notes" in p.get_text()]


@pytest.fixture(scope="module")
def landy(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    """Boards aimed at our 1NT and their 2C: no endplay needed, aiming deals them itself."""
    return build(
        make_site(tmp_path_factory.mktemp("landy"), "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)")
    )


def test_their_calls_are_alerted_from_their_notes(landy: SphinxTestApp) -> None:
    assert located_warnings(landy) == []
    soup = page(landy)
    (said,) = soup.select("p.bml-practice-opponents")
    assert said.get_text() == (
        "The opponents (East\u2013West) bid by their own notes (Their notes); "
        "each of their calls is explained as they would alert it."
    )
    boards = soup.select("div.bml-practice-board")
    assert len(boards) == 4
    for board in boards:
        found = [p.get_text() for p in alerts(board)]
        assert any(re.fullmatch(r"(East|West) bids 2\u2663, from their notes: Landy: both majors", t) for t in found)
        for paragraph in alerts(board):
            assert paragraph.select_one("a") is None, "their rows are not the site's: no link"
        ours = [a["href"] for a in board.select("div.bml-answer a.reference.internal")]
        assert ours and all(href.startswith("openings.html#bml-") for href in ours)


def test_your_side_bids_the_sequence_on_every_board(landy: SphinxTestApp) -> None:
    """The whole auction (the last table of each board): our 1NT from North or South, their 2C."""
    roles = set()
    for board in page(landy).select("div.bml-practice-board"):
        table = board.select("table.bml-practice-auction")[-1]
        cells = [cell.get_text() for cell in table.select("td")]
        head = [cell.get_text() for cell in table.select("th")]
        assert head == ["West", "North", "East", "South"]
        opening = next(index for index, cell in enumerate(cells) if cell not in ("", "Pass"))
        assert cells[opening : opening + 2] == ["1NT", "2\u2663"]
        assert head[opening % 4] in ("North", "South")
        roles.add(head[opening % 4])
    assert roles == {"North", "South"}, "you open it on some boards and answer it on others"


def test_random_boards_against_their_notes(tmp_path: Path) -> None:
    needs("endplay")
    app = build(make_site(tmp_path, "   :opponents: opponents/theirs.bml\n   :seed: 3", count=6))
    assert located_warnings(app) == []
    soup = page(app)
    assert len(soup.select("div.bml-practice-board")) == 6
    found = {p.get_text() for p in alerts(soup)}
    assert found and all(re.fullmatch(r"(East|West) bids \S+, from their notes: .+", text) for text in found)


def test_nothing_of_theirs_reaches_the_page_unescaped(tmp_path: Path) -> None:
    hostile = THEIRS.replace("Their notes", HOSTILE).replace("Landy: both majors", f"Landy {HOSTILE}")
    app = build(make_site(tmp_path, "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)", 2, hostile), "html")
    assert located_warnings(app) == []
    html = (Path(app.outdir) / "practice.html").read_text(encoding="utf-8")
    assert "\x1b" not in html and "\x07" not in html and "<script>alert" not in html
    soup = BeautifulSoup(html, "html.parser")
    assert "(\\u001b]0;pwned\\u0007 <script>alert(1)</script>)" in soup.select_one("p.bml-practice-opponents").text
    assert all("Landy \\u001b]0;pwned\\u0007 <script>alert(1)</script>" in p.get_text() for p in alerts(soup))
    text = build(
        make_site(tmp_path / "text", "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)", 2, hostile), "text"
    )
    written = (Path(text.outdir) / "practice.txt").read_text(encoding="utf-8")
    assert "\x1b" not in written and "from their notes: Landy \\u001b]0;pwned" in written


def test_text_gives_their_calls_in_the_answers_without_rows(landy: SphinxTestApp, tmp_path: Path) -> None:
    app = build(make_site(tmp_path, "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)"), "text")
    text = (Path(app.outdir) / "practice.txt").read_text(encoding="utf-8")
    assert re.search(r"\*\*(East|West)\*\* bids 2\u2663, from their notes: Landy:\s+both\s+majors", text), text
    assert "from their notes (row" not in text and "(row 1NT" in text  # our rows are written out, theirs not


def test_the_page_is_dealt_again_when_their_notes_change(tmp_path: Path) -> None:
    folder = make_site(tmp_path, "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)", 2)
    build(folder)
    (folder / "opponents" / "theirs.bml").write_text(THEIRS.replace("Their notes", "Their new notes"), "utf-8")
    again = build(folder)
    assert "(Their new notes)" in page(again).select_one("p.bml-practice-opponents").get_text()


def _write_bad(folder: Path, kind: str) -> str:
    """Options of a page whose opponents' notes or sequence cannot be dealt, its files written."""
    if kind == "missing":
        return "   :opponents: opponents/nothing.bml"
    if kind == "outside":
        (folder.parent / "elsewhere.bml").write_text(THEIRS, encoding="utf-8")
        return "   :opponents: ../elsewhere.bml"
    if kind == "folder":
        return "   :opponents: opponents"
    if kind == "ours":
        (folder / "opponents" / "ours.bml").write_text(
            "\n".join(line[3:] for line in OURS.splitlines()[4:]) + "\n", encoding="utf-8"
        )
        return "   :opponents: opponents/ours.bml"
    if kind == "no opening":
        (folder / "opponents" / "defence.bml").write_text("(1N) = any\n  D = penalty {{ 15+ hcp }}\n", "utf-8")
        return "   :opponents: opponents/defence.bml"
    if kind == "BBOalert":
        (folder / "opponents" / "theirs.txt").write_text("BBOalert,Theirs\n,1N,15-17 balanced\n", "utf-8")
        return "   :opponents: opponents/theirs.txt"
    if kind == "illegal sequence":
        return "   :sequence: 1N-1C"
    return "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2D)"


@pytest.mark.parametrize(
    ("kind", "said", "shown"),
    [
        ("missing", "opponents/nothing.bml: there is no such file", "the notes of the opponents cannot be read"),
        ("outside", "is outside the documentation folder", "the notes of the opponents cannot be read"),
        ("folder", "a project folder is read by bml-practice --opponents", "the notes of the opponents cannot be read"),
        ("ours", "both sides would bid the same notes", "the notes of the opponents cannot be read"),
        ("no opening", "has no opening bid with a hand condition", "the notes of the opponents cannot be read"),
        ("BBOalert", "keeps no hand conditions", "the notes of the opponents cannot be read"),
        (
            "illegal sequence",
            r":sequence: 1N-1C: 1N-\(P\)-1C is not a legal auction: 1C is lower",
            "the sequence 1N-1C could not happen",
        ),
        ("unreachable", r":sequence: 1N-\(2D\): the opponents' notes have no row for 1N-\(2D\)", "no deal reaches"),
    ],
)
def test_notes_or_a_sequence_that_cannot_be_dealt_are_said(tmp_path: Path, kind: str, said: str, shown: str) -> None:
    folder = make_site(tmp_path / "site", "")
    (folder / "practice.rst").write_text(PAGE.format(count=2, options=_write_bad(folder, kind)), encoding="utf-8")
    app = build(folder)
    warnings = located_warnings(app)
    assert len(warnings) == 1, warnings
    ((file, line, _, message),) = warnings
    assert file == "practice.rst" and line >= 4 and re.search(said, message), message
    text = page(app).select_one("div.body").get_text()
    assert f"The practice boards are not dealt: {shown}" in text and not page(app).select("div.bml-practice-board")


def test_their_notes_as_a_page_of_the_site_are_refused(tmp_path: Path) -> None:
    """A ``.bml`` file is a page unless ``exclude_patterns`` keeps it out: its rows would be the site's."""
    folder = make_site(tmp_path, "   :opponents: theirs.bml")
    (folder / "theirs.bml").write_text(THEIRS, encoding="utf-8")
    app = build(folder)
    warned = [line for line in app.warning.getvalue().splitlines() if "bml-practice :opponents:" in line]
    assert (
        len(warned) == 1 and "practice.rst:4: WARNING: bml-practice :opponents: theirs.bml: it is a page" in warned[0]
    )
    assert "exclude_patterns" in warned[0]
    assert "The practice boards are not dealt" in page(app).select_one("div.body").get_text()


def test_problems_in_their_notes_are_warned_at_their_line(tmp_path: Path) -> None:
    broken = THEIRS + "1D = diamonds {{ 11-20 hcp, 5+ diamands }}\n"
    app = build(make_site(tmp_path, "   :opponents: opponents/theirs.bml\n   :sequence: 1N-(2C)", 2, broken))
    warnings = located_warnings(app)
    assert [(file, line) for file, line, _, _ in warnings] == [("opponents/theirs.bml", 7)], warnings
    assert warnings[0][3].startswith("in the opponents' notes opponents/theirs.bml: ")
    assert len(page(app).select("div.bml-practice-board")) == 2, "the rest of their notes bid"


def test_their_notes_outside_the_pages_stay_out_of_the_site(landy: SphinxTestApp) -> None:
    """The site's system has our rows only: their 1H opening is not ours."""
    html = (Path(landy.outdir) / "openings.html").read_text(encoding="utf-8")
    assert "five hearts" not in html and not (Path(landy.outdir) / "opponents").exists()
