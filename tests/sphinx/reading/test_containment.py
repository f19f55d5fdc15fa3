"""A page that is a link to a file outside the project is not read: not by the build, not by bml-practice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


def test_bml_practice_prints_nothing_from_outside(tmp_path: Path) -> None:
    project = project_with_a_link(tmp_path)
    command = [sys.executable, "-m", "sphinx_bml.commands.bml_practice", str(project), "--json", "--boards", "2"]
    command += ["--seed", "7", "--no-interactive"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert "secret" not in result.stdout + result.stderr, result.stdout
    assert "outside the documentation folder, so it is not read" in result.stderr
    assert json.loads(result.stdout) is not None
