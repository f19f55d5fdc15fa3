"""Nothing outside the project is read: not a page that is a link to a file outside it (not by
the build, not by bml-practice), not an ``#INCLUDE`` that leads out of a lone ``.bml`` file's folder
(not by bml-diff, bml-check nor bml-practice), not one that leads out of the project from the
earlier version a changes page compares with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sphinx_bml.commands import bml_check, bml_diff
from sphinx_bml.practice.source import load_system
from tests.support import sphinx_build, write_project

INDEX = "Notes\n=====\n\n.. toctree::\n\n   openings\n   shared\n"
OPENINGS = "Openings\n========\n\n.. bml::\n\n   1C 16+ {{ 16+ hcp }}\n   1N 15-17 {{ 15-17 hcp, balanced }}\n"
SECRET = "#+TITLE: Elsewhere\n\n2C secret strong opening {{ 22+ hcp }}\n"


def project_with_a_link(tmp_path: Path) -> Path:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.bml").write_text(SECRET, encoding="utf-8")
    project = write_project(tmp_path / "notes", INDEX, openings__rst=OPENINGS)
    (project / "shared.bml").symlink_to(outside / "notes.bml")
    return project


def test_the_build_reads_no_page_outside_the_project(tmp_path: Path) -> None:
    project = project_with_a_link(tmp_path)
    result = sphinx_build("-b", "bss", project, tmp_path / "bss")
    assert result.returncode != 0  # -W: the warning fails the build
    assert "shared.bml:1: WARNING: shared.bml is a link to " in result.stderr
    assert "outside the documentation folder, so it is not read" in result.stderr
    assert "[bml.include]" in result.stderr
    (bss,) = (tmp_path / "bss").glob("*.bss")
    text = bss.read_text(encoding="utf-8")
    assert "001C=" in text
    assert "secret" not in text
    assert "02C=" not in text


@pytest.mark.slow
def test_bml_practice_prints_nothing_from_outside(tmp_path: Path) -> None:
    project = project_with_a_link(tmp_path)
    command = [sys.executable, "-m", "sphinx_bml.commands.bml_practice", str(project), "--json", "--boards", "2"]
    command += ["--seed", "7", "--no-interactive"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert "secret" not in result.stdout + result.stderr, result.stdout
    assert "outside the documentation folder, so it is not read" in result.stderr
    assert json.loads(result.stdout) is not None


# -- a lone .bml file: read by bml-diff, bml-check and bml-practice as the build reads a page ------


def lone_notes(tmp_path: Path) -> Path:
    """A ``.bml`` file of no project whose ``#INCLUDE``s lead out of its folder three ways."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.bml").write_text(SECRET, encoding="utf-8")
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "shared.bml").symlink_to(outside / "notes.bml")
    notes = folder / "notes.bml"
    notes.write_text(
        "1C 16+ {{ 16+ hcp }}\n\n"
        "#INCLUDE ../elsewhere/notes.bml\n"
        f"#INCLUDE {outside / 'notes.bml'}\n"
        "#INCLUDE shared.bml\n",
        encoding="utf-8",
    )
    return notes


def refused(notes: Path) -> list[str]:
    return [
        f"{notes}:{line}: #INCLUDE {written} is outside the documentation folder, so it is not read [bml.include]"
        for line, written in (
            (3, "../elsewhere/notes.bml"),
            (4, notes.parent.parent / "elsewhere" / "notes.bml"),
            (5, "shared.bml"),
        )
    ]


def test_bml_diff_reads_no_include_outside_a_lone_file_s_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = lone_notes(tmp_path)
    alone = notes.parent / "alone.bml"
    alone.write_text("1C 16+ {{ 16+ hcp }}\n", encoding="utf-8")
    for options in ([], ["--json"]):
        assert bml_diff.main([*options, str(alone), str(notes)]) == bml_diff.SAME
        captured = capsys.readouterr()
        assert "secret" not in captured.out + captured.err
        assert "Elsewhere" not in captured.out + captured.err
        assert captured.err.splitlines() == refused(notes)


def test_bml_check_and_bml_practice_refuse_the_same_includes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = lone_notes(tmp_path)
    assert bml_check.main([str(notes)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == refused(notes)
    system, problems = load_system(notes)
    assert [str(meaning.sequence) for meaning in system] == ["1C"]
    assert [f"{problem} [bml.{problem.kind}]" for problem in problems] == refused(notes)


@pytest.mark.slow
def test_the_changes_page_reads_no_include_outside_the_project(tmp_path: Path) -> None:
    project = write_project(
        tmp_path / "notes",
        INDEX.replace("   shared\n", "   changes\n"),
        'extensions = ["sphinx_bml"]\nexclude_patterns = ["old"]\n',
        openings__rst=OPENINGS,
        changes__rst="Changes\n=======\n\n.. bml-changes:: old/notes.bml\n",
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.bml").write_text(SECRET, encoding="utf-8")
    (project / "old").mkdir()
    (project / "old" / "shared.bml").symlink_to(outside / "notes.bml")
    (project / "old" / "notes.bml").write_text(
        f"1C 16+ {{{{ 16+ hcp }}}}\n\n#INCLUDE ../../elsewhere/notes.bml\n#INCLUDE {outside / 'notes.bml'}\n"
        "#INCLUDE shared.bml\n",
        encoding="utf-8",
    )
    result = sphinx_build("-b", "html", project, tmp_path / "html")
    assert result.returncode != 0  # -W: the warnings fail the build
    for line in (3, 4, 5):
        assert f"old/notes.bml:{line}: WARNING: in the earlier version: #INCLUDE " in result.stderr
    assert result.stderr.count("is outside the documentation folder, so it is not read [bml.include]") == 3
    page = (tmp_path / "html" / "changes.html").read_text(encoding="utf-8")
    assert "secret" not in page
    assert "2♣" not in page  # the outside file's 2C is not a sequence removed since
    assert "1NT" in page  # added since old/notes.bml
