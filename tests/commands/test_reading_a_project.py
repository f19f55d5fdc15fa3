"""A project folder is read as the build reads it: ``bml-practice`` and the ``.bss`` builder see the same system.

The notes are shaped like players' notes: BML 1 tables indented by 4 spaces
(``bml_indentation``), alert marks typed by habit (``bml_alert_prefix``), a
``.bml`` page made of included files, a file and a page saved by an old
Notepad in Windows-1252 (the file is read, the page, which Sphinx cannot
read, left out), an example that is not part of the system, a page that no
toctree lists, and includes that lead out of the project.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.formats.bss_writer import sequence_record
from sphinx_bml.language.system import System
from sphinx_bml.sphinx.project import Project, Reported, project_of, read_project
from tests.support import EXAMPLE_SITE, needs, sphinx_build, write_project

CONF = """\
extensions = ["sphinx_bml"]
exclude_patterns = ["_build", "parts/**"]
bml_indentation = 4
bml_alert_prefix = "!"
"""

INDEX = """\
Kestrel notes
=============

.. toctree::

   openings
   defence
   notrump

.. bml::

    1C = !strong, 16+ {{ 16+ hcp }}
        1D = !negative, 0-7 {{ 0-7 hcp }}
        1H = natural, 8+ {{ 8+ hcp, 5+ hearts }}
"""

OPENINGS = """\
Openings
========

An example of a sequence we do *not* play:

.. bml::
    :example:

    1H = four-card major {{ 11-15 hcp, 4+ hearts }}

What we play, in its own file:

.. bml:: parts/majors.bml
"""

MAJORS = """\
1H = five-card major, 11-15 {{ 11-15 hcp, 5+ hearts }}
    2H = constructive raise {{ 8-10 hcp, 3+ hearts }}
1S = five-card major, 11-15 {{ 11-15 hcp, 5+ spades }}
"""

DEFENCE = "Défense\n=======\n\n.. bml:: parts/defence.bml\n"

DEFENCE_NOTES = "(1N) = their notrump\n    X = pénalité — 15+ {{ 15+ hcp }}\n"

DRAFT = "Brouillon\n=========\n\n.. bml::\n\n    2D = multi, très faible {{ 5-10 hcp }}\n"

NOTRUMP = """\
#+TITLE: Our 1NT

1N = 14-16 {{ 14-16 hcp, balanced }}
    2C = Stayman {{ 8+ hcp }}
#INCLUDE ../shared.bml
#INCLUDE secret.bml
"""

OUTSIDE = "1N-2D = transfer, written outside the notes {{ 0+ hcp }}\n"

STRAY = "Draft\n=====\n\n.. bml::\n\n    2N = 20-21 {{ 20-21 hcp, balanced }}\n"


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    (tmp_path / "shared.bml").write_text(OUTSIDE, encoding="utf-8")
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "secret.bml").write_text(OUTSIDE.replace("1N-2D", "1N-2H"), encoding="utf-8")
    folder = write_project(
        tmp_path / "notes",
        INDEX,
        CONF,
        openings__rst=OPENINGS,
        defence__rst=DEFENCE,
        brouillon__rst=DRAFT.encode("cp1252"),
        notrump__bml=NOTRUMP,
        stray__rst=STRAY,
    )
    (folder / "parts").mkdir()
    (folder / "parts" / "majors.bml").write_text(MAJORS, encoding="utf-8")
    (folder / "parts" / "defence.bml").write_bytes(DEFENCE_NOTES.encode("cp1252"))
    os.symlink(tmp_path / "private" / "secret.bml", folder / "secret.bml")
    return folder


def rows(system: System) -> list[str]:
    return [sequence_record(meaning) for meaning in system]


def bss_rows(folder: Path, out: Path) -> dict[str, list[str]]:
    """The sequence records of each ``.bss`` file ``sphinx-build -b bss`` writes."""
    result = sphinx_build("-b", "bss", folder, out)
    files = sorted(out.glob("*.bss"))
    assert files, result.stderr
    return {path.stem: path.read_text(encoding="utf-8").splitlines()[1:] for path in files}


def kinds(project: Project) -> list[tuple[str | None, int | None, str]]:
    return [(Path(r.file).name if r.file else None, r.line, r.kind) for r in project.reported]


@pytest.mark.slow
def test_the_system_is_the_bss_builders_row_for_row(notes: Path, tmp_path: Path) -> None:
    project = read_project(notes)
    (built,) = bss_rows(notes, tmp_path / "bss").values()
    assert list(project.systems) == [""]
    assert rows(project.systems[""]) == built
    sequences = [meaning.sequence.notation() for meaning in project.systems[""]]
    # toctree order: index, openings (the file its directive names), defence, notrump
    assert sequences == ["1C", "1C-(P)-1D", "1C-(P)-1H", "1H", "1H-(P)-2H", "1S", "(1N)", "(1N)-D", "1N", "1N-(P)-2C"]
    meanings = {meaning.sequence.notation(): meaning for meaning in project.systems[""]}
    assert meanings["1H"].plain_text == "five-card major, 11-15"  # the :example: table is not the system
    assert meanings["1C"].alert and meanings["1C"].plain_text == "strong, 16+"  # bml_alert_prefix
    assert meanings["1C-(P)-1H"].condition is not None  # read with 4 spaces a level (bml_indentation)
    assert meanings["(1N)-D"].plain_text == "pénalité — 15+"  # the Windows-1252 file, decoded


def test_nothing_outside_the_project_is_read_and_the_build_says_so(notes: Path) -> None:
    project = read_project(notes)
    text = "\n".join(str(reported) for reported in project.reported)
    assert "written outside the notes" not in text
    found = kinds(project)
    assert ("notrump.bml", 5, "bml.include") in found  # #INCLUDE ../shared.bml
    assert ("notrump.bml", 6, "bml.include") in found  # the symlink to ../private/secret.bml
    assert ("defence.bml", 1, "bml.include") in found  # not UTF-8: read as Windows-1252
    assert ("brouillon.rst", 6, "bml.include") in found  # a page not UTF-8: left out, as Sphinx cannot read it
    assert ("stray.rst", None, "bml.bss") in found  # in no toctree: left out, as the .bss leaves it out
    assert "#INCLUDE ../shared.bml is outside the documentation folder, so it is not read" in text
    assert "#INCLUDE secret.bml is outside the documentation folder, so it is not read" in text


def test_the_warnings_are_the_builds(notes: Path, tmp_path: Path) -> None:
    result = sphinx_build("-b", "bss", notes, tmp_path / "bss")
    built = sorted(line for line in result.stderr.splitlines() if ": WARNING: " in line)
    read = sorted(str(reported).replace(": ", ": WARNING: ", 1) for reported in read_project(notes).reported)
    assert read == built


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_practice_deals_from_the_builds_system_only(
    notes: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    monkeypatch.chdir(notes)
    assert main([".", "--json", "--seed", "3", "--boards", "40"]) == 0
    captured = capsys.readouterr()
    records = json.loads(captured.out)
    files = {call["row"]["file"] for record in records for call in record["calls"] if call["row"]}
    assert files and all(Path(file).resolve().is_relative_to(notes) for file in files)
    said = " ".join(call["meaning"] or "" for record in records for call in record["calls"])
    assert "outside the notes" not in said and "four-card major" not in said
    assert "notrump.bml:5: #INCLUDE ../shared.bml is outside the documentation folder" in captured.err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_coverage_report_is_of_the_builds_system(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    assert main([str(notes), "--check", "--seed", "2", "--boards", "60"]) == 0
    report = capsys.readouterr().out
    assert "60 boards dealt and bid." in report
    assert "majors.bml" in report and "shared.bml" not in report and "secret.bml" not in report


SYSTEMS_CONF = 'extensions = ["sphinx_bml"]\nbml_systems = {"acol": "acol/index", "precision": "precision/index"}\n'


@pytest.mark.slow
def test_each_system_of_bml_systems_is_its_bss_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index = "Our two systems\n===============\n\n.. toctree::\n\n   acol/index\n   precision/index\n"
    folder = write_project(tmp_path / "site", index, SYSTEMS_CONF)
    for name, opening in (("acol", "1N = 12-14 {{ 12-14 hcp, balanced }}"), ("precision", "1C = 16+ {{ 16+ hcp }}")):
        (folder / name).mkdir()
        page = f"{name.title()}\n{'=' * len(name)}\n\n.. bml::\n\n   {opening}\n   2C = weak {{{{ 6-10 hcp }}}}\n"
        (folder / name / "index.rst").write_text(page, encoding="utf-8")
    project = read_project(folder)
    built = bss_rows(folder, tmp_path / "bss")
    assert list(project.systems) == ["acol", "precision"]
    assert {name: rows(system) for name, system in project.systems.items()} == built
    assert [m.sequence.notation() for m in project.systems["acol"]] == ["1N", "2C"]
    assert [m.sequence.notation() for m in project.systems["precision"]] == ["1C", "2C"]
    assert main([str(folder), "--system", "bridge", "--boards", "1"]) == 2
    assert "has no system 'bridge' in bml_systems; it has 'acol', 'precision'" in capsys.readouterr().err


def test_the_example_site_is_read_whole_without_a_warning() -> None:
    project = read_project(EXAMPLE_SITE)
    assert project.reported == ()
    (system,) = project.systems.values()
    openings = [m for m in system if len(m.sequence.calls) == 1 and m.sequence.we_open and m.condition]
    assert len(openings) >= 10


def test_a_folder_that_is_no_project_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.bml").write_text("1N = 15-17 {{ 15-17 hcp }}\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert f"{tmp_path} has no conf.py: give a .bml file or a Sphinx project folder" in capsys.readouterr().err


def test_a_broken_conf_py_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_project(tmp_path / "site", "Notes\n=====\n", 'extensions = ["sphinx_bml"]\nbml_systems = {\n')
    assert main([str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"bml-practice: {folder} cannot be read as a Sphinx project:" in err and "Traceback" not in err


def test_where_a_file_belongs(notes: Path, tmp_path: Path) -> None:
    assert project_of(notes / "parts" / "majors.bml") == notes
    assert project_of(notes) == notes
    assert project_of(tmp_path / "shared.bml") is None


def test_a_warning_is_shown_from_where_the_command_runs(tmp_path: Path) -> None:
    reported = Reported("two meanings", "bml.conflict", str(tmp_path / "notes" / "a.bml"), 3)
    assert str(reported.seen_from(tmp_path)) == "notes/a.bml:3: two meanings [bml.conflict]"
    assert reported.seen_from(tmp_path / "elsewhere") == reported
    assert str(Reported("no file", "")) == "no file"
