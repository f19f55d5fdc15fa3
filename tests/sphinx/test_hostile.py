"""Hostile and careless input through real builds: no file read outside the
documentation folder, no hang, no crash; each problem a located warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.diagnostics import one_line
from tests.support import COLOURS, located_warnings, write_project

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


def test_a_page_saved_as_windows_1252_is_named_and_left_out(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    """Sphinx reads pages as UTF-8 only: a page an old Notepad saved is named at its
    first line that is not, with how to save it; the rest of the site is built."""
    page = "#+TITLE: Notes\n\n1N  15\u201317, «balanced»\n".encode("cp1252")
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   cafe\n   other\n", cafe__bml=page, other__bml="1C  16+\n"
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert not (Path(app.outdir) / "cafe.html").exists()
    assert "16+" in (Path(app.outdir) / "other.html").read_text(encoding="utf-8")
    assert located_warnings(app) == [
        (
            "cafe.bml",
            3,
            "bml.include",
            "cafe.bml is not saved as UTF-8 (line 3 has a letter or sign in another encoding, such as the "
            "Windows-1252 of an old Notepad), so Sphinx cannot read it and it is left out of the site: "
            "open it and save it as UTF-8 (in Notepad: File, Save As, Encoding UTF-8)",
        ),
        # Sphinx looks for the excluded cafe as cafe.rst, so it says "nonexisting"
        ("index.rst", 4, "toc.not_readable", "toctree contains reference to nonexisting document 'cafe'"),
    ]


def test_an_rst_page_in_windows_1252_is_named_too(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   old\n", old__rst="Old\n===\n\nCafé\n".encode("cp1252")
    )
    app = make_app("html", srcdir=source)
    app.build()
    assert [warning[:3] for warning in located_warnings(app)] == [
        ("old.rst", 4, "bml.include"),
        ("index.rst", 4, "toc.excluded"),
    ]


def test_a_root_document_in_windows_1252_is_named_before_sphinx_stops(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = project(tmp_path, "Notes\n=====\n")
    (source / "index.rst").write_bytes("Notes\n=====\n\nCafé\n".encode("cp1252"))
    app = make_app("html", srcdir=source)  # warned as the settings are read, before any page
    (warning,) = located_warnings(app)
    assert warning[:3] == ("index.rst", 4, "bml.include")
    assert "so Sphinx cannot read it and the build cannot go on without it: open it and save it as UTF-8" in warning[3]


def test_an_included_file_in_windows_1252_is_still_read(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path,
        "Notes\n=====\n\n.. toctree::\n\n   notes\n",
        notes__bml="#+TITLE: Notes\n\n#INCLUDE modules/defence.bml\n",
    )
    (source / "modules").mkdir()
    (source / "modules" / "defence.bml").write_bytes("(1N)  their notrump\n  X  pénalité\n".encode("cp1252"))
    app = make_app("html", srcdir=source)
    app.build()
    assert "pénalité" in (Path(app.outdir) / "notes.html").read_text(encoding="utf-8")
    assert located_warnings(app) == [
        ("modules/defence.bml", 1, "bml.include", "defence.bml is not UTF-8; it was read as Windows-1252 text")
    ]


def test_a_chosen_source_encoding_is_left_alone(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   old\n", old__rst="Old\n===\n\nCafé\n".encode("cp1252")
    )
    app = make_app("html", srcdir=source, confoverrides={"source_encoding": "cp1252"})
    app.build()
    assert "Café" in (Path(app.outdir) / "old.html").read_text(encoding="utf-8")
    assert "[bml" not in app.warning.getvalue()


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


def test_a_toctree_naming_a_part_of_another_bml_file_is_told_why_it_is_no_page(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    """Sphinx warns of a "nonexisting document" at the toctree (it looks for
    modules/stayman.rst); the build's output names the file that #INCLUDEs it,
    and the warnings reference of the documentation says why."""
    source = project(
        tmp_path,
        "Notes\n=====\n\n.. toctree::\n\n   system\n   Stayman <modules/stayman>\n",
        system__bml="#+TITLE: System\n\n1N  15-17\n\n#INCLUDE modules/stayman.bml\n",
    )
    (source / "modules").mkdir()
    (source / "modules" / "stayman.bml").write_text("1N-2C;\n2D  no major\n", encoding="utf-8")
    app = make_app("html", srcdir=source)
    app.build()
    assert located_warnings(app)[0] == (
        "index.rst",
        4,
        "toc.not_readable",
        "toctree contains reference to nonexisting document 'modules/stayman'",
    )
    assert (
        "sphinx-bml: not pages of their own, shown in system.bml, which #INCLUDEs them (bml_exclude_included): "
        "modules/stayman.bml\n"
    ) in COLOURS.sub("", app.status.getvalue())


def test_a_warning_quoting_a_line_separator_stays_one_line(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   notes\n", notes__bml="N AKQ2 KJ5 - 98765\nS AKQ xx\u2028yy\n"
    )
    app = make_app("html", srcdir=source)
    app.build()
    (warning,) = located_warnings(app)  # fails if the message were split in two lines
    assert "\u2028" not in warning[3]
    assert one_line("'x\u2028y\x0cz'") == "'x\\u2028y\\u000cz'"


def test_a_warning_quoting_a_right_to_left_override_shows_it_as_an_escape(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    """A right-to-left override or an isolate makes a terminal show the rest of the line reversed:
    ``1C  ok \u202e!tsurt ton od`` would read ``1C  ok do not trust!``. The line keeps its letters."""
    source = project(
        tmp_path, "Notes\n=====\n\n.. toctree::\n\n   notes\n", notes__bml="1C  16+\n1C  \u202ekool\u2066x\u2069\n"
    )
    app = make_app("html", srcdir=source)
    app.build()
    ((_, _, _, message),) = located_warnings(app)
    assert "\\u202ekool\\u2066x\\u2069" in message
    assert not {"\u202e", "\u2066", "\u2069"} & set(message)
    marks = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    assert one_line(f"a{marks}b") == "a" + "".join(f"\\u{ord(mark):04x}" for mark in marks) + "b"
    assert one_line("שלום \u05d0 1♣ café") == "שלום \u05d0 1♣ café"  # letters of any script stay letters


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
