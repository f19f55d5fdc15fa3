"""What the tests share: where things are, the reference's comparison rule,
skipping (or failing, in CI) when a tool is missing, and the warnings of a build."""

from __future__ import annotations

import functools
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language.system import System

ROOT = Path(__file__).resolve().parent.parent
ROOTS = Path(__file__).resolve().parent / "roots"

#: Debian's Chromium, which the browser tests drive (the ``browser`` fixture), and how.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: Set by .ci/run: tests that need TeX Live or Chromium fail instead of
#: skipping when those are missing.
REQUIRE_ALL = os.environ.get("SPHINX_BML_REQUIRE_ALL", "") not in ("", "0")


def conformance_dir() -> Path:
    """The reference corpus: $BML_CONFORMANCE, else ../shared/conformance beside the repo."""
    configured = os.environ.get("BML_CONFORMANCE")
    return Path(configured) if configured else ROOT.parent / "shared" / "conformance"


def require(available: bool, reason: str) -> None:
    """Skip with ``reason`` when something is missing, or fail under SPHINX_BML_REQUIRE_ALL."""
    if available:
        return
    if REQUIRE_ALL:
        pytest.fail(f"{reason} (SPHINX_BML_REQUIRE_ALL is set, so this is a failure, not a skip)")
    pytest.skip(reason)


def pyodide_folder() -> Path | None:
    """Pyodide's files for the playground: $SPHINX_BML_PYODIDE, else where ``.ci/fetch-pyodide``
    puts them (~/.cache/sphinx-bml/pyodide); ``None`` when they are not there."""
    configured = os.environ.get("SPHINX_BML_PYODIDE")
    folder = Path(configured) if configured else Path.home() / ".cache" / "sphinx-bml" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def conformance_names() -> list[str]:
    """Names of the corpus files that have an expected .bss (empty when absent)."""
    expected = conformance_dir() / "expected"
    return sorted(p.stem for p in expected.glob("*.bss")) or ["(corpus missing)"]


def same_lines(actual: str, expected: str) -> list[tuple[int, str, str]]:
    """The reference's comparison: line by line, trailing white space stripped,
    missing lines at the end equal to blank lines. Returns the differing lines."""
    a = [line.rstrip() for line in actual.splitlines()]
    b = [line.rstrip() for line in expected.splitlines()]
    size = max(len(a), len(b))
    a += [""] * (size - len(a))
    b += [""] * (size - len(b))
    return [(number + 1, x, y) for number, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def page(app: SphinxTestApp, docname: str = "index") -> BeautifulSoup:
    """The HTML page a build wrote for ``docname``, parsed."""
    return BeautifulSoup((Path(app.outdir) / f"{docname}.html").read_text(encoding="utf-8"), "lxml")


COLOURS = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^(?P<file>\S+?):(?P<line>\d+): WARNING: (?P<message>.*) \[(?P<type>[\w.]+)\]$")


def located_warnings(app: SphinxTestApp) -> list[tuple[str, int, str, str]]:
    """The build's warnings as (file relative to the source folder, line, type, message).

    Fails on any warning that has no file and line, or no type: every warning
    of ours must tell the user where and what.
    """
    found = []
    for line in COLOURS.sub("", app.warning.getvalue()).splitlines():
        match = WARNING.match(line)
        assert match, f"not a located warning with a type: {line!r}"
        file = Path(match["file"]).relative_to(app.srcdir).as_posix()
        found.append((file, int(match["line"]), match["type"], match["message"]))
    return found


EXAMPLE_SITE = ROOT / "example_site"


def sphinx_build(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m sphinx`` with ``arguments`` first (``-M`` must lead), then ``-W --keep-going``,
    without colours (Sphinx colours its output when ``CI`` is set, as it is in CI)."""
    command = [sys.executable, "-m", "sphinx", *map(str, arguments), "-W", "--keep-going", "--no-color"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def build_once(builder: str, srcdir: Path, builddir: Path | None = None, **overrides: object) -> SphinxTestApp:
    """``srcdir`` built once with ``builder`` (for fixtures that share a build between tests)."""
    app = SphinxTestApp(builder, srcdir=srcdir, builddir=builddir, confoverrides=overrides)
    try:
        app.build()
    finally:
        app.cleanup()
    return app


def write_project(folder: Path, index: str, conf: str = 'extensions = ["sphinx_bml"]\n', **files: str | bytes) -> Path:
    """A Sphinx project in ``folder``: ``conf.py``, ``index.rst`` and ``files``
    (``name__bml`` is ``name.bml``; bytes are written as they are)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(conf, encoding="utf-8")
    (folder / "index.rst").write_text(index, encoding="utf-8")
    for name, content in files.items():
        path = folder / name.replace("__", ".")
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def make_pdf(latex_outdir: Path, engine: str = "pdflatex", *, layout: bool = False) -> str:
    """Run Sphinx's LaTeX Makefile (what ``-M latexpdf`` runs) in a LaTeX
    build's output folder; the PDF's text, white space collapsed."""
    for tool in ("make", "latexmk", engine, "pdftotext"):
        require(shutil.which(tool) is not None, f"{tool} is not installed (TeX Live, make, poppler-utils)")
    result = subprocess.run(
        ["make", "all-pdf", "LATEXOPTS=-interaction=nonstopmode -halt-on-error", "LATEXMKOPTS=-silent"],
        cwd=latex_outdir,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    (tex,) = latex_outdir.glob("*.tex")
    log = tex.with_suffix(".log")
    log_text = log.read_text(errors="replace") if log.exists() else ""
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:] + log_text[-3000:]
    assert {"pdflatex": "pdfTeX", "xelatex": "XeTeX"}[engine] in log_text.splitlines()[0]
    options = ["-layout"] if layout else []
    text = subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(tex.with_suffix(".pdf")), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return " ".join(text.split())


def needs(module: str) -> ModuleType:
    """``module``, a dependency of the test extra: skipped without it, a failure
    under SPHINX_BML_REQUIRE_ALL (CI), so a missing dependency never hides."""
    try:
        return importlib.import_module(module)
    except ImportError:
        require(False, f"{module} is not installed (pip install -e '.[test]')")
        raise


@functools.cache
def example_system() -> System:
    """The example site's system, read as the build reads it (once per test session)."""
    from sphinx_bml.sphinx.project import read_project

    return next(iter(read_project(EXAMPLE_SITE).systems.values()))


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page of ``pdf`` (pdftotext with its layout), in order."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    return [
        subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, count + 1)
    ]


def sequence_link(app: SphinxTestApp, page: str, text: str) -> tuple[str, str] | None:
    """The href and tooltip of the first sequence reference showing ``text``, ``None`` if it is not a link."""
    soup = BeautifulSoup((Path(app.outdir) / f"{page}.html").read_text(encoding="utf-8"), "lxml")
    for shown in soup.select("span.bml-seq"):
        if shown.get_text() == text:
            anchor = shown.find_parent("a")
            return None if anchor is None else (str(anchor["href"]), str(anchor.get("title", "")))
    raise AssertionError(f"no reference {text} on {page}")
