"""``:bml:seq:`` inside meanings and the prose of ``.bml`` pages (issue 13): a link
to the row of a sequence in HTML, a ``\\hyperref`` in LaTeX, plain text in the text
output and in the ``.bss`` and BBOalert files; one that leads nowhere is the role's
``bml.ref`` warning at the row's line, its text still shown."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sphinx.testing.util import SphinxTestApp

from tests.support import COLOURS, build_once, located_warnings, make_pdf, page, write_project

CONF = 'extensions = ["sphinx_bml"]\nproject = "Kestrel"\n'
INDEX = """Our 1NT
=======

.. toctree::

   stayman
   club

.. bml::

   1N  15--17 balanced
     2C  Stayman, see :bml:seq:`1N-2C-2D` and :bml:seq:`the Smolen jumps <1N-2C-2D-3H>`
     2D  transfer, *completed as in* :bml:seq:`1N-2D-2H`
     2H  transfer; :bml:seq:`!1N-2H-2S` is not a link
     2N  asks: :bml:seq:`1N-2N-3Z`
     3C  nowhere: :bml:seq:`1N-3C-3D`
"""
STAYMAN = """Stayman
=======

.. bml::

   1N-2C;
     2D  no major
       3H  Smolen, 5 !s and 4 !h
     2H  four hearts

   1N-2D;
     2H  completed
"""
CLUB = """* The strong club

After 1!c the answers are in the table; for Stayman see :bml:seq:`1N-2C`,
and :bml:seq:`this <1C-1D>`; not :bml:seq:`1N-7N`.

1C  16+, relay answers in :bml:seq:`1C-1D-1H`
  1D  0-7
    1H  relay
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    folder = tmp_path_factory.mktemp("links")
    source = write_project(folder / "src", INDEX, CONF, stayman__rst=STAYMAN, club__bml=CLUB)
    return build_once("html", source, folder / "build")


def meaning(soup: BeautifulSoup, anchor: str) -> Tag:
    row = soup.find("li", id=anchor)
    assert isinstance(row, Tag), anchor
    found = row.find("span", class_="bml-meaning")
    assert isinstance(found, Tag)
    return found


def links(tag: Tag) -> list[tuple[str, str, str]]:
    """Each link as (href, title, text)."""
    return [(str(a["href"]), str(a.get("title", "")), a.get_text()) for a in tag.find_all("a", class_="internal")]


def test_a_meaning_links_to_the_rows_of_other_pages(built: SphinxTestApp) -> None:
    found = links(meaning(page(built), "bml-1n-p-2c"))
    assert found == [
        ("stayman.html#bml-1n-p-2c-p-2d", "no major", "1NT\u20132\u2663\u20132\u2666"),
        ("stayman.html#bml-1n-p-2c-p-2d-p-3h", "Smolen, 5 \u2660 and 4 \u2665", "the Smolen jumps"),
    ]
    text = meaning(page(built), "bml-1n-p-2c")
    assert text.get_text().startswith("Stayman, see 1NT\u20132\u2663\u20132\u2666 and the Smolen jumps")
    link = text.find("a", class_="internal")
    assert isinstance(link, Tag)
    shown = link.find("span", class_="bml-seq")  # as the role writes it: xref bml bml-seq
    assert isinstance(shown, Tag) and shown["class"] == ["xref", "bml", "bml-seq"]
    assert shown.find("span", class_="bml-clubs") is not None  # suits dressed as everywhere


def test_a_link_in_styled_text_links_too(built: SphinxTestApp) -> None:
    text = meaning(page(built), "bml-1n-p-2d")
    assert links(text) == [("stayman.html#bml-1n-p-2d-p-2h", "completed", "1NT\u20132\u2666\u20132\u2665")]
    assert text.find("strong") is not None
    assert text.get_text().startswith("transfer, completed as in 1NT\u20132\u2666\u20132\u2665")


def test_an_exclamation_mark_shows_the_sequence_unlinked(built: SphinxTestApp) -> None:
    text = meaning(page(built), "bml-1n-p-2h")
    assert links(text) == []
    assert text.get_text().startswith("transfer; 1NT-2\u2665-2\u2660 is not a link")


def test_a_link_that_leads_nowhere_is_warned_at_its_row_and_shown(built: SphinxTestApp) -> None:
    warnings = [warning for warning in located_warnings(built) if warning[0] == "index.rst"]
    assert warnings == [
        (
            "index.rst",
            15,
            "bml.ref",
            "cannot read the sequence '1N-2N-3Z': '3Z' is not a call: a reference names one concrete sequence, "
            "with bids such as 1C or 3NT, P, D or R (not 1M or 2red)",
        ),
        (
            "index.rst",
            16,
            "bml.ref",
            "no bidding table of the site defines 1NT-3C-3D, so this reference is not a link",
        ),
    ]
    assert meaning(page(built), "bml-1n-p-3c").get_text().startswith("nowhere: 1NT\u20133\u2663\u20133\u2666")
    # a reference that cannot be read: as written, its bids with suit symbols
    assert meaning(page(built), "bml-1n-p-2n").get_text().startswith("asks: 1NT-2NT-3Z")


def test_links_in_the_prose_and_tables_of_a_bml_page(built: SphinxTestApp) -> None:
    soup = page(built, "club")
    prose = [found for found in soup.find_all("p") if "for Stayman" in found.get_text()]
    assert len(prose) == 1
    assert links(prose[0]) == [
        (
            "index.html#bml-1n-p-2c",  # the tooltip: the meaning's plain text, the sequence as written
            "Stayman, see 1NT-2\u2663-2\u2666 and the Smolen jumps",
            "1NT\u20132\u2663",
        ),
        ("#bml-1c-p-1d", "0-7", "this"),
    ]
    assert "not 1NT\u20137NT" in prose[0].get_text()
    assert links(meaning(soup, "bml-1c")) == [("#bml-1c-p-1d-p-1h", "relay", "1\u2663\u20131\u2666\u20131\u2665")]
    warnings = [warning for warning in located_warnings(built) if warning[0] == "club.bml"]
    assert warnings == [
        ("club.bml", 3, "bml.ref", "no bidding table of the site defines 1NT-7NT, so this reference is not a link")
    ]


def test_the_text_output_shows_the_sequence(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write_project(tmp_path / "src", INDEX, CONF, stayman__rst=STAYMAN, club__bml=CLUB)
    app = make_app("text", srcdir=source)
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "Stayman, see 1NT\u20132\u2663\u20132\u2666 and the Smolen jumps" in " ".join(text.split())
    assert ":bml:seq:" not in text
    assert [warning[2] for warning in located_warnings(app)].count("bml.ref") == 3


def test_the_bss_file_holds_the_text_not_the_markup(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write_project(tmp_path / "src", INDEX, CONF, stayman__rst=STAYMAN, club__bml=CLUB)
    app = make_app("bss", srcdir=source)
    app.build()
    (bss,) = Path(app.outdir).glob("*.bss")
    records = bss.read_text(encoding="utf-8").splitlines()
    assert "001NP2C=NYYYYYY008Stayman, see 1N-2C-2D and the Smolen jumps" in records
    assert "001C=NYYYYYY00816+, relay answers in 1C-1D-1H" in records
    assert not any(":bml:seq:" in record for record in records)


def test_latex_writes_a_hyperref(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write_project(tmp_path / "src", INDEX, CONF, stayman__rst=STAYMAN, club__bml=CLUB)
    app = make_app("latex", srcdir=source)
    app.build()
    (tex,) = Path(app.outdir).glob("*.tex")
    latex = tex.read_text(encoding="utf-8")
    # the link and the sequence it shows; the roles' markup between them is docutils' (it differs by version)
    assert re.search(
        r"Stayman, see \{\\hyperref\[\\detokenize\{stayman:bml-1n-p-2c-p-2d\}\]\{\\sphinxcrossref\{[^\n]*?"
        r"1NT\\textendash\{\}2\\bmlsuit\{C\}\\textendash\{\}2\\bmlsuit\{D\}",
        latex,
    ), latex[latex.find("Stayman, see") :][:300]
    assert r"{\hyperref[\detokenize{club:bml-1c-p-1d-p-1h}]" in latex  # in the same document
    # leading nowhere: the text alone, as the role's
    # (docutils 0.20 writes the roles' classes as \DUrole{xref,bml,bml-seq}, later ones one \DUrole each)
    assert re.search(r"asks: \\DUrole\{[^\n]*?\{1NT\\sphinxhyphen\{\}2NT\\sphinxhyphen\{\}3Z\}", latex)
    assert "hyperref" not in latex[latex.find("asks: ") :].split("\n", 1)[0]


@pytest.mark.latex
@pytest.mark.slow
def test_the_pdf_compiles_with_the_links(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write_project(tmp_path / "src", INDEX, CONF, stayman__rst=STAYMAN, club__bml=CLUB)
    app = build_once("latex", source, tmp_path / "build")
    text = make_pdf(Path(app.outdir))
    assert "Stayman, see 1NT" in text


TWOS = """Two-level openings
==================

.. bml::

   2C  strong, artificial
     2D  {waiting}
"""


def test_editing_the_target_page_rewrites_the_page_with_the_link(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    index = "Notes\n=====\n\n.. toctree::\n\n   club\n   twos\n"
    club = "Club\n====\n\n.. bml::\n\n   1C  16+, F\n     1D  like :bml:seq:`2C-2D`\n"
    # the link is on club.rst, which is not the parent of twos.rst in the toctree (Sphinx rewrites those)
    source = write_project(tmp_path / "src", index, CONF, club__rst=club, twos__rst=TWOS.format(waiting="waiting"))
    where = tmp_path / "build"
    theme = {"html_theme": "basic"}  # the same both times: a changed setting would rewrite every page
    make_app("html", srcdir=source, builddir=where, confoverrides=theme).build()
    twos = source / "twos.rst"
    twos.write_text(TWOS.format(waiting="waiting, any hand"), encoding="utf-8")
    later = time.time() + 5
    os.utime(twos, (later, later))
    second = make_app("html", srcdir=source, builddir=where, confoverrides=theme)
    second.build()
    status = second.status.getvalue()
    assert "0 added, 1 changed, 0 removed" in status and "configuration has changed" not in status
    assert "] club" in COLOURS.sub("", status)  # club.rst is written again, not read again
    found = links(meaning(page(second, "club"), "bml-1c-p-1d"))
    assert found == [("twos.html#bml-2c-p-2d", "waiting, any hand", "2\u2663\u20132\u2666")]


@pytest.mark.slow
def test_a_long_meaning_gives_its_links_a_short_tooltip(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    # a 22 kB meaning linked from 1,000 places made 22 MB of HTML, one copy per link
    words = " ".join(f"step{number}" for number in range(2_600))
    long_meaning = f"Relay, answers in steps: {words}"
    assert len(long_meaning) > 22_000
    answers = [f"{level}{strain}" for level in range(2, 8) for strain in "CDHSN"]  # 30 rows linking to it
    rows = "".join(f"     {call}  as after :bml:seq:`1C-1D`\n" for call in answers)
    prose = "".join(f"See :bml:seq:`1C-1D` ({number}).\n\n" for number in range(1_000 - len(answers)))
    index = f"Club\n====\n\n.. bml::\n\n   1C  16+\n     1D  {long_meaning}\n   1H  5+\n{rows}\n{prose}"
    app = make_app("html", srcdir=write_project(tmp_path / "src", index, CONF))
    app.build()
    soup = page(app)
    titles = [
        str(a["title"]) for a in soup.find_all("a", class_="internal") if a.get("href", "").endswith("bml-1c-p-1d")
    ]
    assert len(titles) == 1_000
    assert {len(title) for title in titles} == {200}
    assert titles[0] == long_meaning[:199].rstrip() + "\u2026"
    assert (Path(app.outdir) / "index.html").stat().st_size < 2_000_000  # was 22 MB of tooltips
