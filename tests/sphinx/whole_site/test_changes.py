"""``.. bml-changes:: PATH``: the sequences that changed since the version partner last learned."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from bs4 import Tag
from sphinx.testing.util import SphinxTestApp
from sphinx.util.docutils import patch_docutils

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file
from tests.support import build_once, located_warnings, page, sphinx_build, write_project

INDEX = """\
Our Precision
=============

.. toctree::

   openings
   notrump
   changes
"""

#: What partner learned in March: a strong club, 15-17 notrump, a natural 2C. A ``.bss`` file keeps
#: no hand condition, and a link as its text: neither makes a change.
LEARNED = """\
1C      ! 16+ any shape {{ 16+ hcp }}
  1D    ! negative, 0-7, as over :bml:seq:`1N`
  1S    5+ !s, game forcing
1N      15-17 balanced
  2C    ! Stayman
    2D  no 4-card major
    2H  4+ !h
2C      11-15, 6+ !c
"""

OPENINGS = """\
Openings
========

.. bml::

   1C      ! 16+ any shape {{ 16+ hcp }}
     1D    ! negative, 0-7, as over :bml:seq:`1N`
     1H    5+ !h, game forcing
     1S    5+ !s, game forcing
"""

NOTRUMP = """\
Notrump
=======

.. bml::

   1N      14-16 balanced {{ 14-16 hcp, balanced }}
     2C    ! Stayman
       2D  no 4-card major
       2H  4+ !h
     2D    ! transfer to !h
"""

CHANGES = """\
Since our last session
======================

Read this before we play again.

.. bml-changes:: learned.bss

The tables are on the other pages.
"""


def learned_bss(folder: Path, notes: str = LEARNED) -> str:
    """The ``.bss`` file the ``bss`` builder would have written from ``notes``."""
    source = folder / "learned-notes.bml"
    source.write_text(notes, encoding="utf-8")
    return write_bss(expand(parse_file(source)), "Our Precision")


def project(folder: Path, changes: str = CHANGES, **files: str) -> Path:
    pages = {"openings__rst": OPENINGS, "notrump__rst": NOTRUMP, "changes__rst": changes}
    return write_project(folder, INDEX, **pages, **files)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    folder = tmp_path_factory.mktemp("changes")
    source = project(folder / "src", learned__bss=learned_bss(folder))
    return build_once("html", source, folder / "build")


def rows(app: SphinxTestApp, docname: str = "changes") -> list[tuple[str, str, str, str]]:
    """Each row of the changes page: (what happened, the auction, before, now)."""
    found = []
    for table in page(app, docname).select("div.bml-changes table"):
        for row in table.select("tbody tr"):
            cells = [" ".join(cell.get_text().split()) for cell in row.select("td")]
            found.append((cells[0], cells[1], cells[2], cells[3]))
    return found


def test_the_page_lists_exactly_the_sequences_that_changed(built: SphinxTestApp) -> None:
    assert located_warnings(built) == []
    assert rows(built) == [
        ("added", "1♣–1♥", "—", "5+ ♥, game forcing"),
        ("changed", "1NT", "15-17 balanced", "14-16 balanced {{ 14-16 hcp, balanced }}"),
        ("added", "1NT–2♦", "—", "! transfer to ♥"),
        ("removed", "2♣", "11-15, 6+ ♣", "—"),
    ]
    changes = page(built, "changes")
    captions = [caption.select_one(".caption-text").get_text() for caption in changes.select("div.bml-changes caption")]
    assert captions == ["1♣ (1 change)", "1NT (2 changes)", "2♣ (1 change)"]
    counts = changes.select("div.bml-changes > p")[1].get_text()
    assert counts == "2 sequences added, 1 sequence removed, 1 sequence changed since learned.bss."
    # the rest of the page is kept around the list
    assert "Read this before we play again." in changes.get_text()
    assert "The tables are on the other pages." in changes.get_text()


def test_each_new_meaning_links_to_its_row(built: SphinxTestApp) -> None:
    changes = page(built, "changes")
    for row in changes.select("div.bml-changes tbody tr"):
        links = row.select("td")[1].select("a")
        if "bml-removed" in row["class"]:
            assert links == []  # nothing to link to: no table shows it now
            continue
        (link,) = links
        docname, anchor = str(link["href"]).split("#")
        target = page(built, docname.removesuffix(".html")).find(id=anchor)
        assert isinstance(target, Tag), link["href"]
        assert "bml-bid" in target["class"], target  # the row of a bidding table
        call = target.select_one(".bml-call")
        assert call is not None
        # the row of the sequence's last call (and its alert mark)
        assert call.get_text().removesuffix("!") == link.get_text().split("–")[-1]


def test_the_same_notes_list_no_change(tmp_path: Path) -> None:
    learned = LEARNED.replace("1N      15-17", "1N      14-16").replace("2C      11-15, 6+ !c\n", "")
    learned = learned.replace("  1S    5+", "  1H    5+ !h, game forcing\n  1S    5+") + "  2D    ! transfer to !h\n"
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path, learned))
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == []
    assert rows(app) == []
    assert "No sequence means something else than in learned.bss." in page(app, "changes").get_text()


def test_an_earlier_bml_file_is_compared_as_well(tmp_path: Path) -> None:
    changes = CHANGES.replace("learned.bss", "old/notes.bml")
    source = project(tmp_path / "src", changes)
    # kept beside the pages, but no page itself
    (source / "conf.py").write_text('extensions = ["sphinx_bml"]\nexclude_patterns = ["old"]\n', encoding="utf-8")
    (source / "old").mkdir()
    (source / "old" / "notes.bml").write_text(LEARNED, encoding="utf-8")
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == []
    assert [(kind, sequence) for kind, sequence, _, _ in rows(app)] == [
        ("added", "1♣–1♥"),
        ("changed", "1NT"),
        ("added", "1NT–2♦"),
        ("removed", "2♣"),
    ]


def test_the_page_is_written_again_when_the_file_changes(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path))
    first = build_once("html", source, tmp_path / "build")
    assert len(rows(first)) == 4
    bss = source / "learned.bss"
    bss.write_text(learned_bss(tmp_path, LEARNED.replace("2C      11-15, 6+ !c\n", "")), encoding="utf-8")
    later = os.stat(bss).st_mtime + 5
    os.utime(bss, (later, later))
    second = build_once("html", source, tmp_path / "build")
    assert [row[1] for row in rows(second)] == ["1♣–1♥", "1NT", "1NT–2♦"]


def test_options_pick_the_system_and_the_title(tmp_path: Path) -> None:
    changes = CHANGES.replace(".. bml-changes:: learned.bss", ".. bml-changes:: learned.bss\n   :title: Since March")
    source = project(tmp_path / "src", changes, learned__bss=learned_bss(tmp_path))
    app = build_once("html", source, tmp_path / "build")
    assert page(app, "changes").select_one("p.bml-changes-title").get_text() == "Since March"
    wrong = CHANGES.replace(".. bml-changes:: learned.bss", ".. bml-changes:: learned.bss\n   :system: acol")
    source = project(tmp_path / "wrong", wrong, learned__bss=learned_bss(tmp_path))
    app = build_once("html", source, tmp_path / "wrong-build")
    assert located_warnings(app) == [
        (
            "changes.rst",
            6,
            "bml.directive",
            "bml-changes :system: acol: the systems of the site are none (bml_systems is empty)",
        )
    ]
    assert "The tables are on the other pages." in page(app, "changes").get_text()


@pytest.mark.parametrize(
    ("argument", "files", "message"),
    [
        ("learned.bss", {}, "bml-changes learned.bss: there is no such file"),
        (
            "learned.txt",
            {"learned__txt": "1C  16+"},
            "bml-changes learned.txt: the earlier version must be a BSS file (.bss) or a BML file (.bml), "
            "not a '.txt' file",
        ),
        (
            "_static",
            {},
            "bml-changes _static: a folder is compared by the bml-diff command; "
            "here give a BSS file (.bss) or a BML file (.bml)",
        ),
        (
            "../elsewhere.bss",
            {},
            "bml-changes ../elsewhere.bss: the file is outside the documentation folder, so it is not read",
        ),
    ],
)
def test_a_file_that_cannot_be_compared_is_reported_at_the_directive(
    tmp_path: Path, argument: str, files: dict[str, str], message: str
) -> None:
    source = project(tmp_path / "src", CHANGES.replace("learned.bss", argument), **files)
    (source / "_static").mkdir()
    (tmp_path / "elsewhere.bss").write_text(learned_bss(tmp_path), encoding="utf-8")
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == [("changes.rst", 6, "bml.directive", message)]
    text = page(app, "changes").get_text()
    assert "Read this before we play again." in text
    assert "The tables are on the other pages." in text
    assert page(app, "changes").select("div.bml-changes") == []


def test_a_bss_file_without_records_is_reported_at_the_directive(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss="1C  16+ hcp\n")
    app = build_once("html", source, tmp_path / "build")
    message = "bml-changes learned.bss: cannot compare with it: it is not a BSS file: no line of it is a BSS record"
    assert located_warnings(app) == [("changes.rst", 6, "bml.directive", message)]
    assert "The tables are on the other pages." in page(app, "changes").get_text()


def test_a_missing_file_is_read_once_it_appears(tmp_path: Path) -> None:
    source = project(tmp_path / "src")
    first = build_once("html", source, tmp_path / "build")
    assert [warning[3] for warning in located_warnings(first)] == ["bml-changes learned.bss: there is no such file"]
    (source / "learned.bss").write_text(learned_bss(tmp_path), encoding="utf-8")
    second = build_once("html", source, tmp_path / "build")
    assert located_warnings(second) == []
    assert len(rows(second)) == 4


@pytest.mark.slow
def test_latex_and_text_show_the_list_without_a_warning(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path))
    for builder in ("latex", "text"):
        result = sphinx_build("-b", builder, source, tmp_path / builder)
        assert result.returncode == 0, result.stderr
    text = (tmp_path / "text" / "changes.txt").read_text(encoding="utf-8")
    assert "14-16 balanced" in text and "15-17 balanced" in text and "removed" in text
    (tex,) = (tmp_path / "latex").glob("*.tex")
    latex = tex.read_text(encoding="utf-8")
    assert "Changes since learned.bss" in latex
    assert latex.count("transfer to \\bmlsuit{H}") == 2  # in its table, and in the list


# -- bml_changed_since: the changed rows marked in the tables

MARKING = 'extensions = ["sphinx_bml"]\nbml_changed_since = "learned.bss"\n'


def marked(app: SphinxTestApp) -> dict[str, list[str]]:
    """Each page's rows marked as changed: their ids; every mark a badge after the call."""
    found: dict[str, list[str]] = {}
    for docname in ("openings", "notrump", "changes"):
        rows = page(app, docname).select("li.bml-changed-since")
        for row in rows:
            call = row.select_one(":scope > span.bml-call, :scope > details > summary > span.bml-call")
            assert call is not None and call.select_one("span.bml-changed-mark") is not None, row
        if rows:
            found[docname] = [str(row["id"]) for row in rows]
    return found


def test_the_rows_changed_since_a_version_are_marked(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path))
    (source / "conf.py").write_text(MARKING, encoding="utf-8")
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == []
    # added 1C-1H and 1N-2D, changed 1N; 2C, removed, has no row to mark
    assert marked(app) == {"openings": ["bml-1c-p-1h"], "notrump": ["bml-1n", "bml-1n-p-2d"]}
    # a new version learned: the marks follow the file
    bss = source / "learned.bss"
    bss.write_text(learned_bss(tmp_path, LEARNED.replace("15-17", "14-16")), encoding="utf-8")
    later = os.stat(bss).st_mtime + 5
    os.utime(bss, (later, later))
    again = build_once("html", source, tmp_path / "build")
    assert marked(again) == {"openings": ["bml-1c-p-1h"], "notrump": ["bml-1n-p-2d"]}


def test_no_mark_without_the_setting(built: SphinxTestApp) -> None:
    assert marked(built) == {}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "learned.bss",
            "bml_changed_since = 'learned.bss' in conf.py: there is no such file, so no row is marked",
        ),
        (
            "learned.pdf",
            "bml_changed_since = 'learned.pdf' in conf.py: write the path of a .bss or .bml file, such as "
            "'learned/partner.bss' (or '' for none); '' is used",
        ),
    ],
)
def test_a_setting_that_cannot_work_is_reported_in_conf_py(tmp_path: Path, value: str, message: str) -> None:
    source = project(tmp_path / "src", CHANGES.replace(".. bml-changes:: learned.bss", ""))
    (source / "conf.py").write_text(f'extensions = ["sphinx_bml"]\nbml_changed_since = "{value}"\n', encoding="utf-8")
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == [("conf.py", 2, "bml.config", message)]
    assert marked(app) == {}
    assert "14-16 balanced" in page(app, "notrump").get_text()


@pytest.mark.slow
def test_other_builders_build_without_a_mark_or_a_warning(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path))
    (source / "conf.py").write_text(MARKING, encoding="utf-8")
    for builder in ("latex", "text"):
        result = sphinx_build("-b", builder, source, tmp_path / builder)
        assert result.returncode == 0, result.stderr
    assert "changed" not in (tmp_path / "text" / "notrump.txt").read_text(encoding="utf-8")


def test_file_insertion_off_reads_no_file(tmp_path: Path) -> None:
    source = project(tmp_path / "src", learned__bss=learned_bss(tmp_path))
    (source / "docutils.conf").write_text("[general]\nfile_insertion_enabled: off\n", encoding="utf-8")
    app = SphinxTestApp("html", srcdir=source, builddir=tmp_path / "build")
    try:
        with patch_docutils(app.confdir):  # as sphinx-build reads the project's docutils.conf
            app.build()
    finally:
        app.cleanup()
    message = "bml-changes learned.bss: the file is not read here (file insertion is off)"
    assert located_warnings(app) == [("changes.rst", 6, "bml.directive", message)]
    assert rows(app) == []


def test_system_picks_one_of_bml_systems(tmp_path: Path) -> None:
    acol = ":orphan:\n\nAcol\n====\n\n.. bml::\n\n   1N      12-14 balanced\n     2C    ! Stayman\n"
    both = CHANGES + "\n.. bml-changes:: learned.bss\n   :system: acol\n   :title: Acol since March\n"
    source = project(tmp_path / "src", both, learned__bss=learned_bss(tmp_path), acol__rst=acol)
    systems = {"precision": "index", "acol": "acol"}
    (source / "conf.py").write_text(f'extensions = ["sphinx_bml"]\nbml_systems = {systems!r}\n', encoding="utf-8")
    app = build_once("html", source, tmp_path / "build")
    assert located_warnings(app) == []
    precision, other = page(app, "changes").select("div.bml-changes")
    notrump = [row.select("td")[3].get_text() for row in precision.select("tr.bml-changed")]
    assert notrump == ["14-16 balanced {{ 14-16 hcp, balanced }}"]
    assert other.select_one("p.bml-changes-title").get_text() == "Acol since March"
    changed = [
        (row.select("td")[1].get_text(), row.select("td")[3].get_text()) for row in other.select("tr.bml-changed")
    ]
    assert changed == [("1NT", "12-14 balanced")]
    links = [str(link["href"]) for link in other.select("tbody a")]
    assert links and all(link.startswith("acol.html#") for link in links)


def test_a_broken_line_of_the_earlier_version_is_reported_at_its_line(tmp_path: Path) -> None:
    learned = learned_bss(tmp_path)
    lines = learned.splitlines()
    lines.insert(3, "this line was typed by hand")
    source = project(tmp_path / "src", learned__bss="\n".join(lines) + "\n")
    app = build_once("html", source, tmp_path / "build")
    ((file, line, kind, message),) = located_warnings(app)
    assert (file, line) == ("learned.bss", 4)
    assert kind.startswith("bml.")
    assert message.startswith("in the earlier version: ") and message.endswith("; the line is left out")
    assert len(rows(app)) == 4  # the rest compared
