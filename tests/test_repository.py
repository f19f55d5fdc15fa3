"""The repository's own tooling: its pre-commit configuration is valid and its hooks run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")


def pre_commit(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    """pre-commit in this repository, with the test environment's commands first on PATH."""
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(home),
    }
    return subprocess.run(
        [str(PRE_COMMIT), *arguments], cwd=ROOT, env=environment, capture_output=True, text=True, check=False
    )


def test_the_pre_commit_configuration_is_valid(tmp_path: Path) -> None:
    result = pre_commit("validate-config", ".pre-commit-config.yaml", home=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("hook", ["layers", "bml-check"])
def test_the_projects_own_checks_pass_as_hooks(hook: str, tmp_path: Path) -> None:
    """The hooks that run in the environment one develops in (``language: system``) name
    commands that exist and pass on the repository as it is."""
    result = pre_commit("run", hook, "--all-files", home=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout
