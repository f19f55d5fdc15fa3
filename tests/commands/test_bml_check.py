"""``bml-check``: the problems the build would report, one a line, for a project, page, ``.bml`` file or folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_check import main
from tests.support import BML_REPOSITORY, sphinx_build, write_project

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


@pytest.mark.slow
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


EXPECTED = (
    "give a Sphinx project folder (with its conf.py), a folder of .bml files, a .bml file, or a .rst or .md page "
    "of a project"
)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("notes/nothing.bml", f"notes/nothing.bml does not exist: {EXPECTED}"),
        ("notes/conf.py", f"notes/conf.py is not BML notes: {EXPECTED}"),
        ("loose", "loose holds no notes: no conf.py and no .bml file in it or below (hidden folders, _build and "
         f"virtual environments are not looked in): {EXPECTED}"),
        ("loose/page.rst", "loose/page.rst is not inside a Sphinx project (no conf.py in its folder or above)"),
    ],
)  # fmt: skip
def test_a_path_that_cannot_be_checked_is_a_usage_mistake(
    notes: Path, path: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (notes.parent / "loose" / ".hidden").mkdir(parents=True)
    (notes.parent / "loose" / "page.rst").write_text("Page\n====\n", encoding="utf-8")
    (notes.parent / "loose" / ".hidden" / "notes.bml").write_text("1C = 16+\n", encoding="utf-8")
    status, lines, err = check(capsys, "notes", path)
    assert (status, lines) == (2, [])
    assert err == f"bml-check: {message}\n"


def test_a_project_that_cannot_be_read_is_a_usage_mistake(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "conf.py").write_text('extensions = ["sphinx_bml"\n', encoding="utf-8")
    status, lines, err = check(capsys, "notes")
    assert (status, lines) == (2, [])
    assert err.startswith("bml-check: ") and "cannot be read as a Sphinx project" in err and "Traceback" not in err


def test_the_command_is_installed(notes: Path) -> None:
    command = Path(sys.executable).with_name("bml-check")
    result = subprocess.run([command, "notes/twos.rst"], capture_output=True, text=True, check=False)
    assert result.returncode == 1 and result.stdout.startswith("notes/twos.rst:6: ")


# A repository of notes without conf.py: the main .bml files, each a system of its own,
# read alone; the files they #INCLUDE read where they are included.


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "repository"
    (folder / "modules").mkdir(parents=True)
    for name, text in BML_REPOSITORY.items():
        (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


def test_a_folder_of_bml_files_is_read_main_file_by_main_file(
    repository: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check(capsys) == (0, [], "")  # no PATH: the folder the command runs in
    assert check(capsys, ".") == (0, [], "")
    assert check(capsys, str(repository)) == (0, [], "")
    assert sorted(path.name for path in repository.iterdir()) == ["modules", "strong.bml", "weak.bml"]
    # the part alone is not these notes: given on its own, it is read alone
    status, lines, _ = check(capsys, "modules/jacoby.bml")
    assert status == 1 and lines[0].endswith("no bidding table of the site says what 1S-2NT means [bml.orphan]")


def test_a_mistake_in_a_part_is_reported_once_at_its_line(repository: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repository / "weak.bml").write_text(BML_REPOSITORY["weak.bml"] + "#INCLUDE modules/jacoby.bml\n", "utf-8")
    (repository / "modules" / "jacoby.bml").write_text(
        BML_REPOSITORY["modules/jacoby.bml"].replace("extras, no shortness", "extras {{ 16+ hcp, }}"), "utf-8"
    )
    status, lines, err = check(capsys)
    assert (status, err) == (1, "")
    assert lines == [
        "modules/jacoby.bml:3: the hand condition {{16+ hcp,}} cannot be read: the condition '16+ hcp,' stops "
        "where a condition should come [bml.syntax]",
        "modules/jacoby.bml:1: this table continues 1S-2NT, but no bidding table of the site says what 1S-2NT means "
        "[bml.orphan]",
    ]  # the syntax error once, though two files include it; the orphan in weak.bml, which has no 1S


def test_a_part_deleted_is_reported_where_it_was_included(repository: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repository / "modules" / "jacoby.bml").unlink()
    status, lines, _ = check(capsys)
    assert status == 1
    assert lines == ["strong.bml:8: #INCLUDE cannot read modules/jacoby.bml: there is no such file [bml.include]"]


def test_a_repository_with_its_project_in_docs(notes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The hook runs ``bml-check`` at the repository's root: it finds the project in ``docs/``
    (here ``notes/``), and the notes of no project beside it, and looks in no hidden folder,
    no ``_build``, no virtual environment."""
    broken = "1C = 16+\n  1D = {{ 0-7 hcp, }}\n"
    for folder in (".git", ".venv/lib", "_build/html", "node_modules/x", "env"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "notes.bml").write_text(broken, encoding="utf-8")
    (tmp_path / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    (tmp_path / "light.bml").write_text("1C = 2+ clubs\n1C = 16+\n", encoding="utf-8")
    status, lines, _ = check(capsys)
    assert status == 1
    assert lines == [
        "light.bml:2: 1C is defined here as '16+' but already as '2+ clubs' at light.bml:1; the first stands "
        "[bml.conflict]",
        *check(capsys, "notes")[1],
    ]
    assert check(capsys, ".")[1] == lines


def test_a_folder_inside_a_project_reports_its_files_problems(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "defense").mkdir()
    (notes / "defense" / "overcalls.rst").write_text(
        "Overcalls\n=========\n\n.. bml::\n\n   (1N)-2C = both majors {{ 5-4, }}\n", encoding="utf-8"
    )
    status, lines, _ = check(capsys, "notes/defense")
    assert status == 1
    # Sphinx's own warning that the page is in no toctree, then the page's problems; none of notrump.bml or twos.rst
    assert [line.split(": ")[0] for line in lines] == [
        "notes/defense/overcalls.rst",
        "notes/defense/overcalls.rst:6",
        "notes/defense/overcalls.rst",
    ]
    assert [line.rpartition(" ")[2] for line in lines][1:] == ["[bml.syntax]", "[bml.bss]"]


HOSTILE = {
    "odd.bml": None,  # a folder
    "latin.bml": "1C = 16+, caf\xe9\n".encode("cp1252"),
    "a.bml": "#INCLUDE b.bml\n1H = 5+ hearts\n",
    "b.bml": "#INCLUDE a.bml\n1D = 4+ diamonds\n",
    "out.bml": "#INCLUDE ../secret.bml\n",
}


def test_odd_files_in_a_folder_of_notes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (tmp_path / "secret.bml").write_text("1C = our secret\n", encoding="utf-8")
    for name, content in HOSTILE.items():
        if content is None:
            (folder / name).mkdir()
        elif isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, encoding="utf-8")
    (folder / "gone.bml").symlink_to("nowhere.bml")
    (folder / "loop").symlink_to(".")
    monkeypatch.chdir(folder)
    status, lines, err = check(capsys)
    assert (status, err) == (1, "")
    assert lines == [
        "a.bml:1: #INCLUDE of b.bml would include itself (b.bml -> a.bml -> b.bml) [bml.include]",
        "b.bml:1: #INCLUDE of a.bml would include itself (a.bml -> b.bml -> a.bml) [bml.include]",
        "latin.bml:1: latin.bml is not saved as UTF-8 (line 1 has a letter or sign in another encoding, such as the "
        "Windows-1252 of an old Notepad), so Sphinx cannot read it and the build cannot go on without it: open it "
        "and save it as UTF-8 (in Notepad: File, Save As, Encoding UTF-8) [bml.include]",
        "out.bml:1: #INCLUDE ../secret.bml is outside the documentation folder, so it is not read [bml.include]",
    ]


# conf.py needs a module that is not installed: which, at its line, and how to install it (for
# pre-commit, in the hook's additional_dependencies). The real pre-commit gives this message for
# a MyST project in tests/commands/test_pre_commit_hook.py.

MISSING = "sphinxcontrib.bridge_diagrams"  # no such package


@pytest.mark.parametrize(
    ("pre_commit", "todo"),
    [
        (False, "where bml-check runs: install it there, 'pip install sphinxcontrib-bridge-diagrams' "
         "(on PyPI, sphinxcontrib.bridge_diagrams is most likely in sphinxcontrib-bridge-diagrams)"),
        (True, "in the environment pre-commit made for the bml-check hook: in .pre-commit-config.yaml, add "
         "'additional_dependencies: [sphinxcontrib-bridge-diagrams]' under '- id: bml-check', listing there the "
         "package of every extension conf.py loads other than Sphinx's own (sphinx.ext.*) and sphinx_bml "
         "(on PyPI, sphinxcontrib.bridge_diagrams is most likely in sphinxcontrib-bridge-diagrams)"),
    ],
)  # fmt: skip
def test_an_extension_that_is_not_installed(
    notes: Path, pre_commit: bool, todo: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    conf = f'project = "Our notes"\nextensions = [\n    "sphinx_bml",\n    "{MISSING}",\n]\n'
    (notes / "conf.py").write_text(conf, encoding="utf-8")
    if pre_commit:
        monkeypatch.setenv("PRE_COMMIT", "1")
    else:
        monkeypatch.delenv("PRE_COMMIT", raising=False)
    expected = f"notes/conf.py:4: conf.py loads the extension {MISSING}, which is not installed {todo}\n"
    assert check(capsys, "notes") == (2, [], expected)
    assert check(capsys, ".") == (2, [], expected)  # found in a folder of no project


def test_a_module_that_conf_py_imports_or_an_extension_needs(
    notes: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PRE_COMMIT", raising=False)
    (notes / "conf.py").write_text(f'project = "Our notes"\nimport {MISSING}\n{CONF}', encoding="utf-8")
    status, lines, err = check(capsys, "notes")
    assert (status, lines) == (2, [])
    assert err.startswith(f"notes/conf.py:2: conf.py imports {MISSING}, which is not installed where bml-check runs")
    # an extension of the project's own (beside conf.py) that needs a module that is not installed
    (notes / "diagrams.py").write_text(f"import {MISSING}\n", encoding="utf-8")
    conf = 'import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nextensions = ["sphinx_bml", "diagrams"]\n'
    (notes / "conf.py").write_text(conf, encoding="utf-8")
    status, lines, err = check(capsys, "notes")
    assert (status, lines) == (2, [])
    assert err.startswith(
        f"notes/conf.py:3: conf.py loads the extension diagrams, which needs {MISSING}, which is not installed "
        "where bml-check runs: install it there, 'pip install sphinxcontrib-bridge-diagrams'"
    )


def test_an_extension_that_fails_is_a_plain_message(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (notes / "diagrams.py").write_text("def setup(app):\n    raise RuntimeError('no diagrams today')\n", "utf-8")
    conf = 'import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nextensions = ["sphinx_bml", "diagrams"]\n'
    (notes / "conf.py").write_text(conf, encoding="utf-8")
    status, lines, err = check(capsys, "notes")
    assert (status, lines) == (2, [])
    assert err.startswith("bml-check: ") and "cannot be read as a Sphinx project" in err and "no diagrams today" in err
    assert "Traceback" not in err
