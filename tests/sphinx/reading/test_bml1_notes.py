"""BML 1 notes, as players bring them, build with no setting (issue 19).

The root ``bml1-notes`` holds two systems made of several files joined by
``#INCLUDE``: a Polish club indented by 3 spaces a level and a precision
system by 4, with ``//`` comments, headings with and without a space after
the stars, a blank line inside a table, and BML 1's ``m`` and ``M`` for both
minors and both majors where both were bid (issue 29).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings

#: the one warning of the root: the blank line inside the 2D table of precision.bml
BLANK_LINE_IN_A_TABLE = (
    "precision.bml",
    35,
    "bml.syntax",
    "'2S Forcing, asks for shape' is indented, but a blank line comes before it, and a blank line ends a "
    "bidding table: it is read as a new table, an opening 2S, with the rows under it answering it. If it answers "
    "2D of the table above, remove the blank line (or write a lone '.' on it), or begin this table with the whole "
    "sequence, as in '2D-2S Forcing, asks for shape'",
)


def records(path: Path) -> dict[str, str]:
    """The records of a ``.bss`` file by their code."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {code: record for code, _, record in (line.partition("=") for line in lines)}


#: words of every message about indentation
INDENTATION_WORDS = ("lines up with no row", "multiple of", "indented too far", "bml_indentation", "further left")


@pytest.mark.sphinx("html", testroot="bml1-notes", freshenv=True)
def test_bml1_notes_build_with_no_indentation_warning(app: SphinxTestApp) -> None:
    app.build()
    found = located_warnings(app)
    assert not [warning for warning in found if any(words in warning[3] for words in INDENTATION_WORDS)]
    assert found == [BLANK_LINE_IN_A_TABLE]


@pytest.mark.sphinx("html", testroot="bml1-notes", freshenv=True)
def test_headings_with_and_without_a_space_are_sections(app: SphinxTestApp) -> None:
    app.build()
    polish = BeautifulSoup((Path(app.outdir) / "polish.html").read_text(encoding="utf-8"), "lxml")
    precision = BeautifulSoup((Path(app.outdir) / "precision.html").read_text(encoding="utf-8"), "lxml")
    titles = [
        heading.get_text("", strip=True).rstrip("¶")
        for page in (polish, precision)
        for heading in page.select("section > h2, section > h3, section > h4")
    ]
    assert "Po otwarciu przeciwnika 1♣" in titles
    assert "Slam bidding" in titles
    assert "Answers after 1♥♠" in titles
    assert [strong.get_text() for strong in polish.select("p > strong")] == ["Note:"]


@pytest.mark.sphinx("html", testroot="bml1-notes", freshenv=True)
def test_bids_naming_several_suits_show_their_symbols(app: SphinxTestApp) -> None:
    app.build()
    polish = BeautifulSoup((Path(app.outdir) / "polish.html").read_text(encoding="utf-8"), "lxml")
    precision = BeautifulSoup((Path(app.outdir) / "precision.html").read_text(encoding="utf-8"), "lxml")
    prose = " ".join(paragraph.get_text("", strip=True) for paragraph in polish.select("section p"))
    assert "with 1♥♠natural" in prose  # stripped of spaces around the symbols' markup
    assert "1HS" not in prose
    meanings = polish.get_text("", strip=True)
    assert "no 4-card major (else 1♥♠)" in meanings
    text = precision.get_text("", strip=True)
    assert "we play 2♦♥♠as natural" in text
    assert "3♣♦♥♠NT" in text


@pytest.mark.sphinx("bss", testroot="bml1-notes", freshenv=True)
def test_3_and_4_spaces_a_level_give_the_whole_tree(app: SphinxTestApp) -> None:
    app.build()
    polish, precision = (records(Path(app.outdir) / f"{name}.bss") for name in ("polish", "precision"))
    for code in (
        "001CP1DP1HP1S",  # three levels of 3 spaces
        "001CP1SP2N",  # 1HS, 3 spaces
        "001HP2NP3C",  # back two levels to 2N, then an answer
        "*001C2CP2S",  # an included file, competitive
    ):
        assert code in polish, code
    for code in (
        "001CP1DP1H",  # 4 spaces
        "001NP2CP2DP2S",  # answers to 1N-2C; indented by 4 in an included file
        "002HP2NP3S",  # #PASTE at an indentation of 4
        "*001N2DP2S",
    ):
        assert code in precision, code
    assert polish["001D"].endswith("12-17, 4+!d, maybe 5-4\\nwith clubs when minimum")
    codes = precision
    assert "002DP2S" not in codes  # the blank line ended the table: said by the warning above
    assert codes["002S"].endswith("Forcing, asks for shape")


@pytest.mark.sphinx("bss", testroot="bml1-notes", freshenv=True)
def test_m_and_M_where_both_suits_were_bid_stand_for_both_as_in_bml1(app: SphinxTestApp) -> None:
    """BML 1: "m :: Defines both C and D", "M :: Defines both H and S". BML 2's rule (a suit
    not bid yet) leaves these rows no suit; they are read as the notes were written for."""
    app.build()
    polish, precision = (records(Path(app.outdir) / f"{name}.bss") for name in ("polish", "precision"))
    for minor in "CD":
        assert polish[f"001CP1DP1HP2CP2DP3{minor}"].endswith("natural, five cards, invitational")
    for major in "HS":
        assert precision[f"001DP1HP1SP4{major}"].endswith("to play, in either major")


@pytest.mark.sphinx("html", testroot="bml1-notes", freshenv=True, confoverrides={"bml_indentation": 2})
def test_a_strict_unit_the_notes_do_not_keep_names_the_setting(app: SphinxTestApp) -> None:
    app.build()
    found = located_warnings(app)
    indentation = [warning for warning in found if warning[2] == "bml.syntax" and warning != BLANK_LINE_IN_A_TABLE]
    assert BLANK_LINE_IN_A_TABLE in found
    assert len(indentation) > 20
    for file, line, kind, message in indentation:
        assert kind == "bml.syntax"
        assert "bml_indentation (or the directive's :indentation:)" in message, (file, line, message)
    assert ("polish.bml", 10, "bml.syntax") in {warning[:3] for warning in indentation}
    assert ("precision.bml", 10, "bml.syntax") in {warning[:3] for warning in indentation}
