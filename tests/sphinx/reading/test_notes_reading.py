"""How real notes read as pages: each problem of a shared file once, no title twice."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings


def write(folder: Path, **files: str) -> Path:
    for name, text in files.items():
        path = folder / name.replace("__", ".").replace("_SLASH_", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def test_a_file_included_by_two_pages_reports_its_problem_once(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write(
        tmp_path / "docs",
        conf__py='extensions = ["sphinx_bml"]\nbml_exclude_included = False\nexclude_patterns = ["common/*"]\n',
        index__rst="Notes\n=====\n\n.. toctree::\n\n   wj\n   blue\n",
        wj__bml="#+TITLE: WJ\n\n#INCLUDE common/defence.txt\n",
        blue__bml="#+TITLE: Blue\n\n#INCLUDE common/defence.txt\n",
        common_SLASH_defence__txt="* Defence\n\n(1N)\n  D  !STR penalty\n  2Q  typo\n",
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert [warning[:3] for warning in located_warnings(app)] == [("common/defence.txt", 5, "bml.syntax")]


def test_a_first_heading_equal_to_the_title_is_not_shown_twice(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write(
        tmp_path / "docs",
        conf__py='extensions = ["sphinx_bml"]\n',
        index__rst="Notes\n=====\n\n.. toctree::\n\n   system\n",
        system__bml="#+TITLE: Kestrel Precision\n\n* Kestrel  precision\n\nOur notes.\n\n* Openings\n\n1C  Strong\n",
    )
    app = make_app("html", srcdir=source)
    app.build()
    soup = BeautifulSoup((Path(app.outdir) / "system.html").read_text(encoding="utf-8"), "html.parser")
    body = soup.select_one("div.body") or soup
    headings = [heading.get_text().rstrip("¶#") for heading in body.select("h1, h2, h3")]
    assert headings == ["Kestrel Precision", "Openings"]
    assert "Our notes." in soup.get_text()
    assert app.warning.getvalue() == ""


def test_patterns_fill_gaps_and_a_late_specific_row_says_which_stands(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = write(
        tmp_path / "docs",
        conf__py='extensions = ["sphinx_bml"]\n',
        index__rst="Notes\n=====\n\n.. toctree::\n\n   strong\n   majors\n",
        strong__bml=(
            "1C  Strong\n  1H  !STR F: 5+ hearts\n\n"
            "// every other answer, on purpose after the specific ones\n1C\n  1X  natural\n"
        ),
        majors__bml="1C\n  1S  5+ cards\n",
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert located_warnings(app) == [
        (
            "majors.bml",
            2,
            "bml.conflict",
            "1C-1S is defined here as '5+ cards', but a more general pattern at strong.bml:6 already gave it "
            "'natural'; the first definition stands, so the pattern's meaning is kept: write this row before the "
            "pattern to make it stand",
        )
    ]


def test_an_opponents_call_with_a_meaning_is_shown_linked_and_exported(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = write(
        tmp_path / "docs",
        conf__py='extensions = ["sphinx_bml"]\n',
        index__rst=(
            "Notes\n=====\n\n.. bml::\n\n   1N  15-17\n     (2C{Landy})  both majors\n       D  penalty\n"
            "     (2C)  natural\n       D  takeout\n\n"
            "Over Landy, :bml:seq:`1N-(2C{Landy})-D`; over natural 2♣, :bml:seq:`1N-(2C)-D`.\n"
        ),
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert app.warning.getvalue() == ""
    soup = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    row = soup.find(id="bml-1n-2c--landy")
    assert row is not None and row.select_one(".bml-call em").get_text() == "Landy"
    links = [(link.get_text(), link["href"], link["title"]) for link in soup.select("p a.reference")]
    assert links == [
        ("1NT–(2♣\u00a0Landy)–Dbl", "#bml-1n-2c--landy-d", "penalty"),
        ("1NT–(2♣)–Dbl", "#bml-1n-2c-d", "takeout"),
    ]


def test_bboalert_says_what_it_leaves_out_after_a_qualified_call(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = write(
        tmp_path / "docs",
        conf__py='extensions = ["sphinx_bml"]\nproject = "Defence"\n',
        index__rst=(
            "Notes\n=====\n\n.. bml::\n\n   1N  15-17\n     (2C{Landy})  both majors\n       D  penalty\n"
            "       2H  to play\n     (2C)  natural\n       D  takeout\n"
        ),
    )
    app = make_app("bboalert", srcdir=source)
    app.build()
    assert located_warnings(app) == [
        (
            "index.rst",
            8,
            "bml.bboalert",
            "2 meanings after an opponents' call with a meaning (such as 1NT-(2C{Landy})-D) are left out of "
            "defence.txt: BBOalert cannot tell that call from the same call with another meaning",
        )
    ]
    assert "takeout" in (Path(app.outdir) / "defence.txt").read_text(encoding="utf-8")
