"""The documentation in docs/ builds without a single warning, as HTML and as a PDF.

docs/ documents sphinx-bml with sphinx-bml: every example in it is rendered
by the code it describes, so a change in behaviour that an example shows
(or a construct that stops working) fails here. The builds run as a reader
would run them, ``python -m sphinx`` in a subprocess, with ``-W``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.support import ROOT, needs, pyodide_folder, require

# every test builds the docs, or reads what a build of them made: the quick selection leaves them out
pytestmark = pytest.mark.slow

DOCS = ROOT / "docs"
TIMEOUT = 600


def sphinx(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m sphinx ARGUMENTS`` (``-M`` must come first, so the caller orders them)."""
    command = [sys.executable, "-m", "sphinx", *(str(argument) for argument in arguments)]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)


def pages() -> list[str]:
    """The documents of docs/: its reST and Markdown files, outside _build and the examples' modules."""
    names = []
    for path in sorted(DOCS.rglob("*")):
        relative = path.relative_to(DOCS)
        if path.suffix in (".rst", ".md") and relative.parts[0] not in ("_build", "modules", "examples"):
            names.append(relative.with_suffix("").as_posix())
    return names


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "html"
    result = sphinx("-W", "--keep-going", "-b", "html", "-d", out.parent / "doctrees", DOCS, out)
    assert result.returncode == 0, f"the documentation does not build without warnings:\n{result.stderr}"
    return out


def test_every_page_is_built_and_in_the_toctree(html: Path) -> None:
    # -W already fails on a page outside every toctree; this checks that none was skipped
    for name in pages():
        assert (html / f"{name}.html").is_file(), f"{name} was not built"


def test_no_page_has_a_table_of_contents_furo_refuses(html: Path) -> None:
    """Furo shows a red error box over a ``.. contents::`` block (from its CSS, so -W cannot see it)."""
    for name in pages():
        soup = BeautifulSoup((html / f"{name}.html").read_text(encoding="utf-8"), "html.parser")
        refused = [
            element
            for element in soup.select(".contents")
            if "this-will-duplicate-information-and-it-is-still-useful-here" not in element.get("class", [])
        ]
        assert not refused, f"{name} has a '.. contents::' block"


def test_examples_are_rendered_live(html: Path) -> None:
    language = BeautifulSoup((html / "language.html").read_text(encoding="utf-8"), "html.parser")
    examples = language.select("div.bml-example")
    assert len(examples) >= 30
    # a bml-example holds the source and its rendering: a bidding table, a deal, an auction
    assert language.select("div.bml-example .bml-bidtable")
    assert language.select("div.bml-example .bml-deal")
    assert language.select("div.bml-example .bml-auction")
    # a bml-sequences example holds the source and what it defines, computed by the engine
    sequences = [pre.get_text() for pre in language.select("div.bml-sequences pre")]
    assert any("1C-(1S)-D" in text for text in sequences)
    assert any("NYYYYYY0" in text for text in sequences)  # the .bss records
    assert any("[bml.sequence]" in text for text in sequences)  # the problems, with their types


def test_changelog_page_is_fed_from_changelog_md(html: Path) -> None:
    changelog = (html / "changelog.html").read_text(encoding="utf-8")
    first_heading = next(line for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines() if line)
    assert first_heading.lstrip("# ") in changelog
    assert "Differs from bridge-markup" in changelog


def test_bss2bml_example_output_is_live(html: Path) -> None:
    page = BeautifulSoup((html / "bss-to-site.html").read_text(encoding="utf-8"), "html.parser")
    text = "\n".join(pre.get_text() for pre in page.select("pre"))
    assert ".. bml::" in text
    assert "2C = ! Stayman" in text  # the record is artificial: the call is alertable


def test_read_the_docs_configuration() -> None:
    """.readthedocs.yaml is a valid v2 file that builds docs/ with the extras pyproject.toml has."""
    yaml = needs("yaml")
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert config["version"] == 2
    assert set(config) <= {"version", "build", "sphinx", "python", "formats"}
    assert config["build"]["os"].startswith("ubuntu-")
    python = config["build"]["tools"]["python"]
    assert f"Programming Language :: Python :: {python}" in project["classifiers"]  # a tested version
    assert (ROOT / config["sphinx"]["configuration"]) == DOCS / "conf.py"
    assert config["sphinx"]["fail_on_warning"] is True
    (install,) = config["python"]["install"]
    assert install["method"] == "pip"
    assert install["path"] == "."
    assert set(install["extra_requirements"]) <= set(project["optional-dependencies"])
    assert set(config.get("formats", [])) <= {"htmlzip", "pdf", "epub"}
    # the Try it page's Pyodide, fetched from npm by the script CI runs too (docs/conf.py finds it)
    assert "nodejs" in config["build"]["tools"]
    assert config["build"]["jobs"] == {"pre_build": ["bash .ci/fetch-pyodide"]}
    assert (ROOT / ".ci" / "fetch-pyodide").is_file()


def test_the_try_it_page_holds_the_playground(html: Path) -> None:
    require(pyodide_folder() is not None, "Pyodide's files are not there: run bash .ci/fetch-pyodide")
    page = BeautifulSoup((html / "try-it.html").read_text(encoding="utf-8"), "html.parser")
    notes = page.select_one("div.bml-playground[data-settings] textarea.bml-playground-notes")
    assert notes is not None and "1N 15-17" in notes.get_text()
    assert (html / "_static" / "bml-playground" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert (html / "_static" / "bml-playground" / "sphinx_bml.zip").is_file()


@pytest.mark.latex
def test_docs_build_as_pdf_without_a_warning(tmp_path: Path) -> None:
    require(shutil.which("latexmk") is not None, "latexmk (TeX Live) is not installed")
    require(shutil.which("make") is not None, "make is not installed")
    result = sphinx("-M", "latexpdf", DOCS, tmp_path, "-W", "--keep-going")
    assert result.returncode == 0, (
        f"the PDF of the documentation does not build:\n{result.stdout[-4000:]}\n{result.stderr}"
    )
    pdf = tmp_path / "latex" / "sphinx-bml.pdf"
    assert pdf.is_file()
    assert pdf.stat().st_size > 50_000


def test_getting_started_shows_what_bml_quickstart_writes(html: Path) -> None:
    """The session is run at each build and conf.py is the example site's, which a test keeps
    equal to what the quickstart writes: the page cannot drift from the command."""
    page = BeautifulSoup((html / "getting-started.html").read_text(encoding="utf-8"), "html.parser")
    blocks = [pre.get_text() for pre in page.select("pre")]
    (session,) = (block for block in blocks if block.startswith("$ bml-quickstart our-notes"))
    assert "[Our system]: Kestrel Precision" in session and "wrote    notes/conf.py" in session
    assert "Kestrel Precision: 16 files written in our-notes." in session
    assert any(block.startswith("# The settings of the notes") and 'html_theme = "furo"' in block for block in blocks)
    assert not any("The example site's own settings" in block for block in blocks)
