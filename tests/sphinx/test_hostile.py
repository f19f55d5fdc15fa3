"""Hostile and careless input through real builds: no file read outside the
documentation folder, no hang, no crash; each problem a located warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.diagnostics import one_line
from tests.support import located_warnings, write_project

SECRET = "root:x:0:0:secret-line-that-must-not-be-published"


def project(tmp_path: Path, index: str, **files: str | bytes) -> Path:
    return write_project(tmp_path / "docs", index, 'extensions = ["sphinx_bml"]\nproject = "Hostile"\n', **files)


def test_a_link_out_of_the_folder_is_not_followed(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    secret.write_text(f"{SECRET}\n1N  {SECRET}\n", encoding="utf-8")
    source = project(tmp_path, "Notes\n=====\n\n.. bml:: partner.txt\n")
    (source / "partner.txt").symlink_to(secret)
    app = make_app("html", srcdir=source)
    app.build()
    assert SECRET not in (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert located_warnings(app) == [
        (
            "index.rst",
            4,
            "bml.include",
            "the BML file partner.txt is outside the documentation folder, so it is not read",
        )
    ]


def test_a_link_inside_the_folder_is_read(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(tmp_path, "Notes\n=====\n\n.. bml:: partner.txt\n", real__txt="1N  15-17 balanced\n")
    (source / "partner.txt").symlink_to(source / "real.txt")
    app = make_app("html", srcdir=source)
    app.build()
    assert "15-17 balanced" in (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert app.warning.getvalue() == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_pipe_is_not_read(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(tmp_path, "Notes\n=====\n\n.. bml:: pipe.txt\n\n.. bml:: folder\n")
    os.mkfifo(source / "pipe.txt")
    (source / "folder").mkdir()
    app = make_app("html", srcdir=source)
    app.build()  # would hang reading the pipe
    assert [warning[3] for warning in located_warnings(app)] == [
        "cannot read the BML file pipe.txt: it is a pipe or a device, not a file, so it is not read",
        "cannot read the BML file folder: it is a folder, not a file",
    ]


def test_a_page_saved_as_windows_1252_is_read_and_named(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    page = "#+TITLE: Café notes\n\n1N  15\u201317, «balanced»\n".encode("cp1252")
    source = project(tmp_path, "Notes\n=====\n\n.. toctree::\n\n   cafe\n", cafe__bml=page)
    app = make_app("html", srcdir=source)
    app.build()
    html = (Path(app.outdir) / "cafe.html").read_text(encoding="utf-8")
    assert "Café notes" in html and "15\u201317, «balanced»" in html
    assert located_warnings(app) == [
        ("cafe.bml", 1, "bml.include", "cafe.bml is not UTF-8; it was read as Windows-1252 text")
    ]


def test_an_rst_page_in_windows_1252_is_read_too(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   old\n", old__rst="Old\n===\n\nCafé\n".encode("cp1252")
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert "Café" in (Path(app.outdir) / "old.html").read_text(encoding="utf-8")
    assert [warning[:3] for warning in located_warnings(app)] == [("old.rst", 1, "bml.include")]


def test_a_chosen_source_encoding_is_left_alone(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(tmp_path, "Notes\n=====\n")
    app = make_app("html", srcdir=source, confoverrides={"source_encoding": "latin-1"})
    assert app.config.source_encoding == "latin-1"


def test_a_heading_named_like_an_anchor_keeps_apart_from_the_row(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    index = (
        "Notes\n=====\n\n.. _strong club:\n\nBML 1C\n------\n\n.. bml::\n\n   1C  Strong\n     1D  negative\n\n"
        "See :bml:seq:`1C` and :ref:`strong club`.\n"
    )
    app = make_app("html", srcdir=project(tmp_path, index))
    app.build()
    soup = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    ids = [element["id"] for element in soup.select("[id]")]
    assert len(ids) == len(set(ids)), "every id once"
    row = soup.find(id="bml-1c")
    assert row is not None and row.name == "li"
    links = {link.get_text(): link["href"] for link in soup.select("p a.reference")}
    assert links["1♣"] == "#bml-1c"
    heading = soup.find(id=links["BML 1C"].lstrip("#"))
    section = heading if heading is None or heading.name == "section" else heading.find_parent("section")
    assert section is not None and section.h2 is not None and "BML 1C" in section.h2.get_text()
    assert soup.select_one("section h2 a.headerlink")["href"] != "#bml-1c"
    assert app.warning.getvalue() == ""


def test_a_toctree_naming_a_part_of_another_bml_file_says_why_it_is_no_page(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = project(
        tmp_path,
        "Notes\n=====\n\n.. toctree::\n\n   system\n   Stayman <modules/stayman>\n",
        system__bml="#+TITLE: System\n\n1N  15-17\n\n#INCLUDE modules/stayman.bml\n",
    )
    (source / "modules").mkdir()
    (source / "modules" / "stayman.bml").write_text("1N-2C;\n2D  no major\n", encoding="utf-8")
    app = make_app("html", srcdir=source)
    app.build()
    ours = [warning for warning in app.warning.getvalue().splitlines() if "[bml.include]" in warning]
    assert len(ours) == 1
    assert "index.rst:4: WARNING: modules/stayman is not a page of its own: system.bml #INCLUDEs it" in ours[0]
    assert "list system in this toctree instead, or set bml_exclude_included = False" in ours[0]


def test_a_warning_quoting_a_line_separator_stays_one_line(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   notes\n", notes__bml="N AKQ2 KJ5 - 98765\nS AKQ xx\u2028yy\n"
    )
    app = make_app("html", srcdir=source)
    app.build()
    (warning,) = located_warnings(app)  # fails if the message were split in two lines
    assert "\u2028" not in warning[3]
    assert one_line("'x\u2028y\x0cz'") == "'x\\u2028y\\u000cz'"


def test_conditions_past_their_limits_are_warnings_and_the_site_builds(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    """300 brackets, 1,000 nots and a sum of 400 terms stopped the build with "Recursion error!"."""
    conditions = ["(" * 300 + "12+ hcp" + ")" * 300, "not " * 1_000 + "12+ hcp", " + ".join(["hearts"] * 400) + " > 3"]
    rows = "".join(
        f"{call}  meaning {word}\n    {{{{ {text} }}}}\n"
        for call, word, text in zip(("1C", "1D", "1H"), ("one", "two", "three"), conditions, strict=True)
    )
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   notes\n", notes__bml=rows + "1S  spades\n    {{ 5+ spades }}\n"
    )
    app = make_app("html", srcdir=source)
    app.build()
    warnings = located_warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in warnings] == [
        ("notes.bml", 2, "bml.syntax"),
        ("notes.bml", 4, "bml.syntax"),
        ("notes.bml", 6, "bml.syntax"),
    ]
    assert all("cannot be read: it is longer than 200 words, numbers and signs" in w[3] for w in warnings)
    page = (Path(app.outdir) / "notes.html").read_text(encoding="utf-8")
    assert "meaning one" in page and "meaning three" in page and "5+ spades" in page
