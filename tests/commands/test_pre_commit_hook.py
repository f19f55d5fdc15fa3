"""The pre-commit hook (``.pre-commit-hooks.yaml``) as docs/checking.rst shows it, run by the real
pre-commit in real git repositories of notes: ``pre-commit autoupdate`` and ``pre-commit install`` as
the page says, then ``git commit``. Good notes are committed; a commit with a mistake is refused, the
problem named at its file and line. In a Sphinx project of MyST pages in ``docs/`` (with the
``additional_dependencies`` the page shows, and without them) and in a repository of ``.bml`` files.

pre-commit installs the hook from a repository: here a copy of this tree as it is (changes not yet
committed too), committed as the branch the page's ``rev:`` names. It fills an environment of its
own from PyPI (sphinx-bml, its dependencies and ``additional_dependencies``), once per module (one
PRE_COMMIT_HOME): those tests are slow, and need PyPI. The first test, which reads the page, is quick.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
import yaml

from sphinx_bml.commands.command_line import HOOK_REV, REPOSITORY
from tests.support import BML_REPOSITORY, ROOT, clean_checkout

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
GIT = shutil.which("git")
TIMEOUT = 900
CHECKING = ROOT / "docs" / "checking.rst"


def documented_configuration() -> str:
    """The ``.pre-commit-config.yaml`` that docs/checking.rst shows, as it shows it."""
    blocks = re.findall(r"^\.\. code-block:: yaml\n\n((?:(?:   .*)?\n)+)", CHECKING.read_text(encoding="utf-8"), re.M)
    assert len(blocks) == 1, "docs/checking.rst shows one .pre-commit-config.yaml"
    return textwrap.dedent(blocks[0]).strip() + "\n"


def run(command: list[str | Path], cwd: Path, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` with git and pre-commit set apart from the machine's: no git setting of the
    user's (a signing key, a hooks path), no pre-commit store of the user's."""
    environment = {name: value for name, value in os.environ.items() if not name.startswith(("GIT_", "PRE_COMMIT"))}
    environment |= {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    if home is not None:
        environment["PRE_COMMIT_HOME"] = str(home)
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def git(folder: Path, *arguments: str) -> str:
    assert GIT is not None, "git is not installed: the hook cannot be tried without it"
    result = run([GIT, *arguments], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_the_documented_configuration_names_this_repository_and_a_rev_it_has(tmp_path: Path) -> None:
    """The ``repo:`` is where sphinx-bml is published, the ``rev:`` one that this repository has
    (a test that checks out a clone of this repository, as CI does, sees its branch), the hook one
    that ``.pre-commit-hooks.yaml`` declares, and pre-commit takes both files as they are."""
    text = documented_configuration()
    (repository,) = yaml.safe_load(text)["repos"]
    source = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Source"]
    assert repository["repo"] == REPOSITORY == source
    assert repository["rev"] == HOOK_REV
    (hook,) = repository["hooks"]
    assert hook == {"id": "bml-check", "additional_dependencies": ["myst-parser"]}  # no args: found from the root
    assert [declared["id"] for declared in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())] == [
        "bml-check"
    ]
    assert GIT is not None, "git is not installed"
    names = (f"{HOOK_REV}^{{commit}}", f"refs/remotes/origin/{HOOK_REV}^{{commit}}")
    verify = [[GIT, "rev-parse", "--verify", "--quiet", name] for name in names]
    found = [subprocess.run(command, cwd=ROOT, capture_output=True, check=False) for command in verify]
    assert any(result.returncode == 0 for result in found), f"this repository has no {HOOK_REV!r}"

    (tmp_path / ".pre-commit-config.yaml").write_text(text, encoding="utf-8")
    for command in ("validate-config", "validate-manifest"):
        file = tmp_path / ".pre-commit-config.yaml" if command == "validate-config" else ROOT / ".pre-commit-hooks.yaml"
        result = run([PRE_COMMIT, command, file], tmp_path, tmp_path / "home")
        assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------------
# The hook at work: slow, since pre-commit installs it from PyPI


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This tree, as pre-commit will clone it, with the ``rev:`` that the page names."""
    folder = clean_checkout(tmp_path_factory.mktemp("published") / "sphinx-bml")
    git(folder, "init", "--quiet", "--initial-branch", "main")
    git(folder, "add", "--all")
    git(folder, "-c", "user.name=sphinx-bml", "-c", "user.email=sphinx-bml@example.org", "commit", "-q", "-m", "now")
    if HOOK_REV != "main":
        git(folder, "tag", HOOK_REV)
    return folder


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pre-commit's store for the module: each environment of the hook installed once."""
    return tmp_path_factory.mktemp("pre-commit-home")


class Notes:
    """A git repository of notes with the hook set up as docs/checking.rst says."""

    def __init__(self, folder: Path, files: dict[str, str], configuration: str, published: Path, home: Path) -> None:
        self.folder, self.home = folder, home
        for name, text in files.items():
            self.write(name, text)
        self.write(".pre-commit-config.yaml", configuration.replace(REPOSITORY, str(published)))
        git(folder, "init", "--quiet", "--initial-branch", "main")
        git(folder, "config", "user.name", "Ann Lind")
        git(folder, "config", "user.email", "ann@example.org")
        for step in ("autoupdate", "install"):
            result = run([PRE_COMMIT, step], folder, home)
            assert result.returncode == 0, result.stdout + result.stderr

    def write(self, name: str, text: str) -> None:
        (self.folder / name).parent.mkdir(parents=True, exist_ok=True)
        (self.folder / name).write_text(text, encoding="utf-8")

    def commit(self, message: str) -> tuple[bool, str]:
        """``git commit -a`` of everything: whether the commit was made, and what pre-commit said."""
        git(self.folder, "add", "--all")
        before = self.commits()
        result = run([GIT or "git", "commit", "-m", message], self.folder, self.home)
        made = self.commits() == before + 1
        assert made == (result.returncode == 0), result.stdout + result.stderr
        return made, result.stdout + result.stderr

    def commits(self) -> int:
        result = run([GIT or "git", "rev-list", "--count", "HEAD"], self.folder)
        return int(result.stdout) if result.returncode == 0 else 0


CONF = """\
project = "Our Precision"
author = "Ann Lind and Ben Okafor"
extensions = [
    "sphinx_bml",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "modules/**"]
"""

INDEX = """\
# Our Precision

```{toctree}
openings
```
"""

OPENINGS = """\
# Openings

```{bml}
1C = 16+ {{ 16+ hcp }}
   1D = negative, 0-7 {{ 0-7 hcp }}
1N = 14-16 {{ 14-16 hcp, balanced }}
   2C = Stayman
```

```{bml} modules/majors.bml
```
"""

MAJORS = """\
1H = 5+ hearts {{ 11-15 hcp, 5+ hearts }}
   2N = Jacoby, game forcing
1S = 5+ spades {{ 11-15 hcp, 5+ spades }}
   2N = Jacoby, game forcing
"""

MYST_PROJECT = {
    "docs/conf.py": CONF,
    "docs/index.md": INDEX,
    "docs/openings.md": OPENINGS,
    "docs/modules/majors.bml": MAJORS,
}


@pytest.mark.slow
@pytest.mark.packaging
def test_a_myst_project_in_docs(tmp_path: Path, published: Path, home: Path) -> None:
    notes = Notes(tmp_path / "notes", MYST_PROJECT, documented_configuration(), published, home)
    made, said = notes.commit("Our notes")  # pre-commit installs the hook's environment, with myst-parser
    assert made and re.search(r"check the BML notes\.+Passed", said), said

    notes.write("docs/openings.md", OPENINGS.replace("14-16 hcp, balanced", "14-16 hcp, balanced,"))
    made, said = notes.commit("A typo")
    assert not made
    assert (
        "docs/openings.md:6: the hand condition {{14-16 hcp, balanced,}} cannot be read: the condition "
        "'14-16 hcp, balanced,' stops where a condition should come [bml.syntax]"
    ) in said

    notes.write("docs/modules/majors.bml", MAJORS + "1H = 4+ hearts\n")
    notes.write("docs/openings.md", OPENINGS)
    made, said = notes.commit("1H again")
    assert not made
    assert (
        "docs/modules/majors.bml:5: 1H is defined here as '4+ hearts' but already as '5+ hearts' at "
        "modules/majors.bml:1; the first stands [bml.conflict]"
    ) in said

    notes.write("docs/modules/majors.bml", MAJORS.replace("Jacoby,", "Jacoby, 4+ trumps,"))
    made, said = notes.commit("Fixed")
    assert made, said


@pytest.mark.slow
@pytest.mark.packaging
def test_a_myst_project_without_additional_dependencies_says_what_to_add(
    tmp_path: Path, published: Path, home: Path
) -> None:
    configuration = documented_configuration().replace("  additional_dependencies: [myst-parser]\n", "")
    assert "additional_dependencies" not in configuration
    notes = Notes(tmp_path / "notes", MYST_PROJECT, configuration, published, home)
    made, said = notes.commit("Our notes")
    assert not made
    assert (
        "docs/conf.py:5: conf.py loads the extension myst_parser, which is not installed in the environment "
        "pre-commit made for the bml-check hook: in .pre-commit-config.yaml, add "
        "'additional_dependencies: [myst-parser]' under '- id: bml-check'"
    ) in said
    assert "Traceback" not in said


@pytest.mark.slow
@pytest.mark.packaging
def test_a_repository_of_bml_files(tmp_path: Path, published: Path, home: Path) -> None:
    """No conf.py: the configuration without ``additional_dependencies``, as the page says."""
    configuration = documented_configuration().replace("  additional_dependencies: [myst-parser]\n", "")
    files = {**BML_REPOSITORY, "README.md": "Our notes, in BML.\n"}
    notes = Notes(tmp_path / "notes", files, configuration, published, home)
    updated = yaml.safe_load((notes.folder / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert updated["repos"][0]["rev"] == git(published, "rev-parse", HOOK_REV).strip()  # autoupdate pinned it
    made, said = notes.commit("Our notes")
    assert made and re.search(r"check the BML notes\.+Passed", said), said

    notrump = BML_REPOSITORY["modules/notrump.bml"]
    notes.write("modules/notrump.bml", notrump.replace("   2D = transfer", "  2D = transfer"))
    made, said = notes.commit("A typo")
    assert not made
    assert "modules/notrump.bml:3: the row 2D lines up with no row above it" in said

    notes.write("modules/notrump.bml", notrump.replace("2D = transfer to hearts", "2D = transfer, 5+ hearts"))
    made, said = notes.commit("Fixed")
    assert made, said

    (notes.folder / "modules" / "jacoby.bml").unlink()  # a commit that only deletes a file
    made, said = notes.commit("Jacoby is in strong.bml now")
    assert not made
    assert "strong.bml:8: #INCLUDE cannot read modules/jacoby.bml: there is no such file [bml.include]" in said
