"""``bml-check``: the problems the build would report, one a line, for a project, a page or a ``.bml`` file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_check import main
from tests.support import ROOT, require, sphinx_build, write_project

CONF = 'extensions = ["sphinx_bml"]\nbml_indentation = 3\n'

INDEX = """\
Our notes
=========

.. toctree::

   notrump
   twos

.. bml::

   1C = 16+ {{ 16+ hcp }}
      1D = negative
"""

NOTRUMP = """\
#+TITLE: Notrump

1N = 14-16 {{ 14-16 hcp, balanced }}
   2C = Stayman
   2C = Puppet Stayman
#INCLUDE modules/transfers.bml
"""

TWOS = """\
Twos
====

.. bml::

   2H = weak {{ 6-10 hcp, 6 hearts, }}

   1S-2N;
   3C = invitational
"""

FIXED_NOTRUMP = NOTRUMP.replace("   2C = Puppet Stayman\n", "").replace("#INCLUDE modules/transfers.bml\n", "")
FIXED_TWOS = TWOS.replace(", }}", " }}").replace("\n   1S-2N;\n   3C = invitational\n", "")


@pytest.fixture
def notes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = write_project(tmp_path / "notes", INDEX, CONF, notrump__bml=NOTRUMP, twos__rst=TWOS)
    monkeypatch.chdir(tmp_path)
    return folder


def check(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, list[str], str]:
    status = main(list(arguments))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_every_problem_of_a_project_at_its_file_and_line(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = sorted(notes.rglob("*"))
    status, lines, err = check(capsys, "notes")
    assert status == 1 and err == ""
    assert lines == [
        "notes/notrump.bml:6: #INCLUDE cannot read modules/transfers.bml: there is no such file [bml.include]",
        "notes/twos.rst:6: the hand condition {{6-10 hcp, 6 hearts,}} cannot be read: the condition "
        "'6-10 hcp, 6 hearts,' stops where a condition should come [bml.syntax]",
        "notes/notrump.bml:5: 1NT-2C is defined here as 'Puppet Stayman' but already as 'Stayman' "
        "at notrump.bml:4; the first stands [bml.conflict]",
        "notes/twos.rst:8: this table continues 1S-2NT, but no bidding table of the site says what 1S-2NT means "
        "[bml.orphan]",
    ]
    assert sorted(notes.rglob("*")) == before  # nothing written into the project


def test_the_same_problems_as_the_build(notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    built = sphinx_build("-b", "html", notes, tmp_path / "html")
    warnings = sorted(
        line.replace(": WARNING: ", ": ").removeprefix(f"{tmp_path}/")
        for line in built.stderr.splitlines()
        if "WARNING" in line
    )
    status, lines, _ = check(capsys, str(notes))
    assert status == 1 and sorted(lines) == warnings


def test_fixed_notes_pass(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "notrump.bml").write_text(FIXED_NOTRUMP, encoding="utf-8")
    (notes / "twos.rst").write_text(FIXED_TWOS, encoding="utf-8")
    assert check(capsys, "notes") == (0, [], "")


def test_suppressed_warnings_stay_silent(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "conf.py").write_text(CONF + 'suppress_warnings = ["bml.conflict", "bml.orphan"]\n', encoding="utf-8")
    status, lines, _ = check(capsys, "notes")
    assert status == 1 and [line.rpartition(" ")[2] for line in lines] == ["[bml.include]", "[bml.syntax]"]


def test_a_page_of_a_project_reports_its_own_problems(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = check(capsys, "notes/twos.rst")
    assert status == 1
    assert [line.split(": ")[0] for line in lines] == ["notes/twos.rst:6", "notes/twos.rst:8"]
    (notes / "twos.rst").write_text(FIXED_TWOS, encoding="utf-8")
    assert check(capsys, "notes/twos.rst") == (0, [], "")  # notrump.bml still has its problems
    status, lines, _ = check(capsys, "notes/notrump.bml", "notes/twos.rst", "notes")
    assert status == 1 and len(lines) == len(set(lines)) == 2  # read once, each problem once


def test_a_bml_file_of_no_project_is_read_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "system.bml"  # no conf.py, so no bml_indentation: 2 spaces a level
    written = NOTRUMP.replace("   ", "  ").replace("#INCLUDE modules/transfers.bml", "#INCLUDE ../elsewhere.bml")
    notes.write_text(written, encoding="utf-8")
    status, lines, _ = check(capsys, str(notes))
    assert status == 1
    assert [line.removeprefix(f"{notes}:") for line in lines] == [
        "6: #INCLUDE ../elsewhere.bml is outside the documentation folder, so it is not read [bml.include]",
        "5: 1NT-2C is defined here as 'Puppet Stayman' but already as 'Stayman' at system.bml:4; "
        "the first stands [bml.conflict]",
    ]
    notes.write_text(FIXED_NOTRUMP.replace("   ", "  "), encoding="utf-8")
    assert check(capsys, str(notes)) == (0, [], "")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["system.bml"]


def test_json_for_scripts(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = check(capsys, "--format", "json", "notes/notrump.bml")
    assert status == 1
    assert json.loads("\n".join(lines))[1] == {
        "message": "1NT-2C is defined here as 'Puppet Stayman' but already as 'Stayman' at notrump.bml:4; "
        "the first stands",
        "kind": "bml.conflict",
        "file": "notes/notrump.bml",
        "line": 5,
    }
    (notes / "notrump.bml").write_text(FIXED_NOTRUMP, encoding="utf-8")
    assert check(capsys, "--format", "json", "notes/notrump.bml") == (0, ["[]"], "")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("notes/nothing.bml", "notes/nothing.bml does not exist: give a Sphinx project folder (with its conf.py), "
         "a .bml file, or a .rst or .md page of a project"),
        ("notes/conf.py", "notes/conf.py is not BML notes: give a Sphinx project folder (with its conf.py), "
         "a .bml file, or a .rst or .md page of a project"),
        ("loose", "loose is a folder without conf.py, so not a Sphinx project: give a Sphinx project folder"),
        ("loose/page.rst", "loose/page.rst is not inside a Sphinx project (no conf.py in its folder or above)"),
    ],
)  # fmt: skip
def test_a_path_that_cannot_be_checked_is_a_usage_mistake(
    notes: Path, path: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (notes.parent / "loose").mkdir()
    (notes.parent / "loose" / "page.rst").write_text("Page\n====\n", encoding="utf-8")
    status, lines, err = check(capsys, "notes", path)
    assert (status, lines) == (2, [])
    assert err.startswith(f"bml-check: {message}") and "Traceback" not in err


def test_a_project_that_cannot_be_read_is_a_usage_mistake(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "conf.py").write_text('extensions = ["sphinx_bml"\n', encoding="utf-8")
    status, lines, err = check(capsys, "notes")
    assert (status, lines) == (2, [])
    assert err.startswith("bml-check: ") and "cannot be read as a Sphinx project" in err and "Traceback" not in err


def test_the_command_is_installed(notes: Path) -> None:
    command = Path(sys.executable).with_name("bml-check")
    result = subprocess.run([command, "notes/twos.rst"], capture_output=True, text=True, check=False)
    assert result.returncode == 1 and result.stdout.startswith("notes/twos.rst:6: ")


def git(folder: Path, *arguments: str) -> None:
    identity = ["-c", "user.name=partner", "-c", "user.email=partner@example.org"]
    subprocess.run(["git", *identity, *arguments], cwd=folder, check=True, capture_output=True)


@pytest.mark.slow
@pytest.mark.packaging  # pre-commit installs the hook in an environment of its own, with the newest versions
def test_the_pre_commit_hook_refuses_a_typo_and_passes_once_fixed(tmp_path: Path) -> None:
    """The real pre-commit installs this repository's hook (.pre-commit-hooks.yaml) in its own
    environment (with pip, so it needs the package index) and runs it on a notes repository."""
    require(shutil.which("git") is not None, "git is not installed")
    pre_commit = Path(sys.executable).with_name("pre-commit")
    notes = write_project(tmp_path / "notes", INDEX, CONF, notrump__bml=FIXED_NOTRUMP, twos__rst=TWOS)
    git(notes, "init", "-q")
    git(notes, "add", "-A")
    environment = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit")}

    def run() -> subprocess.CompletedProcess[str]:
        command = [pre_commit, "try-repo", str(ROOT), "bml-check", "--all-files"]
        return subprocess.run(command, cwd=notes, env=environment, capture_output=True, text=True, check=False)

    failed = run()
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "twos.rst:6: the hand condition {{6-10 hcp, 6 hearts,}} cannot be read" in failed.stdout
    assert "twos.rst:8: this table continues 1S-2NT" in failed.stdout
    (notes / "twos.rst").write_text(FIXED_TWOS, encoding="utf-8")
    git(notes, "add", "-A")
    passed = run()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "check the BML notes" in passed.stdout and "Passed" in passed.stdout
