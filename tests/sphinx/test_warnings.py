"""Problems in BML: a located warning with its own type each, and the rest of the page stays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.cmd.build import build_main
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings as warnings

PROBLEMS = pytest.mark.sphinx("html", testroot="bml-problems", freshenv=True)

#: (file, line, warning type, words of the message), in the order the build meets them
EXPECTED = [
    ("index.rst", 7, "bml.syntax", "'1Q' is not a call"),
    ("index.rst", 14, "bml.syntax", "the row 2S lines up with no row above it"),
    ("index.rst", 19, "bml.syntax", "#PASTE of 'nothing_copied' before any #COPY or #CUT"),
    ("index.rst", 23, "bml.include", "#INCLUDE cannot read modules/missing.txt: there is no such file"),
    ("modules/cycle_b.txt", 2, "bml.include", "would include itself (cycle_a.txt -> cycle_b.txt -> cycle_a.txt)"),
    ("index.rst", 31, "bml.syntax", "#VUL maybe is not a vulnerability"),
    ("index.rst", 36, "bml.sequence", "1H after 2C is not a sufficient bid"),
    ("index.rst", 38, "bml.include", "cannot read the BML file modules/absent.bml: there is no such file"),
    ("modules/bad_row.txt", 3, "bml.syntax", "'9X' is not a bid: the level must be 1 to 7"),
    ("index.rst", 46, "bml.include", "#INCLUDE ../../outside.txt is outside the documentation folder"),
    ("index.rst", 48, "bml.directive", "both :tree: and :no-tree:"),
    ("index.rst", 54, "bml.directive", "reads modules/good.txt, so the BML written under it is left out"),
    ("notes.bml", 5, "bml.syntax", "it is 2 spaces deeper than 1C and 2 less deep than 1C-1D"),
    # once every page is read: the pages disagree
    ("notes.bml", 3, "bml.conflict", "1C is defined here as 'Fine' but already as 'Good row before' at index.rst:6"),
    ("notes.bml", 6, "bml.conflict", "2C is defined here as 'Still rendered' but already as 'Strong' at index.rst:35"),
]


@PROBLEMS
def test_every_problem_is_a_located_warning_with_its_type(app: SphinxTestApp) -> None:
    app.build()
    found = warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in found] == [(f, n, k) for f, n, k, _ in EXPECTED]
    for (_, _, _, message), (_, _, _, words) in zip(found, EXPECTED, strict=True):
        assert words in message


@PROBLEMS
def test_the_rest_of_the_page_is_rendered(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 0
    body = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "lxml").get_text(" ")
    for words in (
        "Good row before",
        "Good row after",  # the row after a bad row
        "Hearts",  # the rows above a badly indented one
        "Four deeper",
        "Spades",  # the row before an unknown #PASTE
        "From a",  # an include cycle is cut, not lost
        "From b",
        "Strong",
        "Fine",  # the good row of an included file with a bad one
        "Both styles asked for",
        "From a file",
        "Closing paragraph, still here.",
    ):
        assert words in body, words
    notes = BeautifulSoup((Path(app.outdir) / "notes.html").read_text(encoding="utf-8"), "lxml").get_text(" ")
    assert "Fine too" in notes
    assert "Still rendered" in notes
    assert "Bad call" not in body  # the bad row itself is left out
    assert "Between the two" not in body
    assert "Traceback" not in app.status.getvalue() + app.warning.getvalue()


@pytest.mark.sphinx("html", testroot="bml-problems", freshenv=True, confoverrides={"suppress_warnings": ["bml"]})
def test_suppress_warnings_silences_them_all(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""


@pytest.mark.sphinx(
    "html", testroot="bml-problems", freshenv=True, confoverrides={"suppress_warnings": ["bml.include", "bml.syntax"]}
)
def test_suppress_warnings_by_subtype(app: SphinxTestApp) -> None:
    app.build()
    assert {kind for _, _, kind, _ in warnings(app)} == {"bml.sequence", "bml.directive", "bml.conflict"}


def test_warnings_are_errors_with_W(tmp_path: Path, rootdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-bml-problems", source)
    status = build_main(["-W", "-q", "-b", "html", str(source), str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert status != 0
    assert "[bml.syntax]" in captured.err
    assert "Traceback" not in captured.out + captured.err


def test_a_clean_project_passes_with_W(tmp_path: Path, rootdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = build_main(["-W", "-q", "-b", "html", str(rootdir / "test-bml-basic"), str(tmp_path / "out")])
    assert status == 0, capsys.readouterr().err


@pytest.mark.sphinx("html", testroot="bml-basic", freshenv=True, confoverrides={"bml_indentation": 0})
def test_a_setting_that_cannot_work_is_reported_and_replaced(app: SphinxTestApp) -> None:
    app.build()
    assert "bml_indentation = 0 in conf.py" in app.warning.getvalue()
    assert "[bml.config]" in app.warning.getvalue()
    assert app.config.bml_indentation is None
    assert (Path(app.outdir) / "index.html").is_file()
