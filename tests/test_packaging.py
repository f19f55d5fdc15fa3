"""The wheel: built from the source tree as a clean checkout has it, it holds
everything sphinx-bml needs at run time, and a fresh virtual environment that
installs it (and nothing from this folder) builds the example site.

This needs PyPI, to build the wheel (setuptools, in pip's build isolation)
and to install its dependencies in the new environment; without it the tests
skip, saying so (under SPHINX_BML_REQUIRE_ALL they fail). pip's own settings
apply, so ``PIP_CONSTRAINT=.ci/lowest-constraints.txt`` checks the wheel
against the lowest supported versions.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from sphinx_bml.sphinx.writing import html, latex
from tests.support import ROOT, clean_checkout, require

pytestmark = [pytest.mark.packaging, pytest.mark.slow]

TIMEOUT = 900
#: Files the wheel must hold, beside the Python modules.
DATA_FILES = (
    "sphinx_bml/py.typed",
    *(
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "sphinx_bml").rglob("*"))
        if path.suffix in (".css", ".js", ".sty")
    ),
    # bml-quickstart's templates
    *(
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "sphinx_bml" / "commands" / "quickstart").iterdir())
    ),
)
#: pip's words for "could not reach the package index".
NETWORK_TROUBLE = (
    "Could not find a version that satisfies",
    "No matching distribution found",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "connection broken",
)


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def pip_failed(result: subprocess.CompletedProcess[str], what: str) -> None:
    """Skip when pip could not reach PyPI, else fail with pip's output."""
    output = result.stdout + result.stderr
    require(not any(words in output for words in NETWORK_TROUBLE), f"could not reach PyPI to {what}")
    pytest.fail(f"pip could not {what}:\n{output[-6000:]}")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("packaging")
    source = clean_checkout(base / "source")
    result = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", base / "dist", source], base)
    if result.returncode != 0:
        pip_failed(result, "build the wheel")
    (built,) = (base / "dist").glob("sphinx_bml-*.whl")
    return built


def test_the_wheel_holds_the_stylesheet_the_latex_package_and_py_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert set(DATA_FILES) <= names
        assert archive.read("sphinx_bml/sphinx/writing/static/bml.css") == html.STYLESHEET.read_bytes()
        assert archive.read("sphinx_bml/sphinx/writing/texinputs/sphinxbml.sty") == latex.STYLE_FILE.read_bytes()
        info = next(name.rsplit("/", 1)[0] for name in names if name.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode("utf-8"))
        entry_points = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    # only the package: no tests, docs or example site
    assert all(name.startswith(("sphinx_bml/", info)) for name in names), sorted(names)
    assert {name for name in names if name.endswith(".py")} >= {
        "sphinx_bml/__init__.py",
        "sphinx_bml/commands/bss2bml.py",
        "sphinx_bml/language/parser.py",
        "sphinx_bml/formats/bss_writer.py",
        "sphinx_bml/sphinx/reading/directive.py",
    }
    assert "bss2bml = sphinx_bml.commands.bss2bml:main" in entry_points
    assert "bml-quickstart = sphinx_bml.commands.bml_quickstart:main" in entry_points
    assert "bss = sphinx_bml.sphinx.builders" in entry_points
    requirements = metadata.get_all("Requires-Dist") or []
    assert any(requirement.replace(" ", "").startswith("sphinx>=") for requirement in requirements)
    assert "Framework :: Sphinx :: Extension" in (metadata.get_all("Classifier") or [])
    assert metadata["License-Expression"] == "MIT"
    assert {url.split(",")[0] for url in metadata.get_all("Project-URL") or []} >= {
        "Homepage",
        "Documentation",
        "Changelog",
        "Issues",
    }


def test_a_fresh_environment_with_the_wheel_builds_the_example_site(wheel: Path, tmp_path: Path) -> None:
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    # as README's first command: the example site has Markdown pages, a practice page and furo's look
    result = run([python, "-m", "pip", "install", "--quiet", f"{wheel}[myst,practice]", "furo"], tmp_path)
    if result.returncode != 0:
        pip_failed(result, "install the wheel and its dependencies")

    # sphinx_bml comes from the wheel, not from this folder
    where = run([python, "-c", "import sphinx_bml; print(sphinx_bml.__file__)"], tmp_path)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().is_relative_to(environment.resolve())

    site = tmp_path / "site"
    shutil.copytree(ROOT / "example_site", site, ignore=shutil.ignore_patterns("_build"))
    for builder in ("html", "latex", "bss"):
        result = run([python, "-m", "sphinx", "-W", "-b", builder, site, tmp_path / builder], tmp_path)
        assert result.returncode == 0, f"-b {builder} fails with the installed wheel:\n{result.stderr}"
    assert (tmp_path / "html" / "_static" / "bml.css").read_bytes() == html.STYLESHEET.read_bytes()
    assert (tmp_path / "latex" / "sphinxbml.sty").read_bytes() == latex.STYLE_FILE.read_bytes()
    assert list((tmp_path / "bss").glob("*.bss"))

    command = environment / ("Scripts" if os.name == "nt" else "bin") / "bss2bml"
    version = run([command, "--version"], tmp_path)
    assert version.returncode == 0 and "sphinx-bml" in version.stdout
