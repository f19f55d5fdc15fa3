"""``.. bml-downloads:: :pdf:``: the site offers the PDF of its notes.

The PDF is what Sphinx's LaTeX builder makes (``-M latexpdf``) before the
site is built; the HTML build copies it through Sphinx's own download
machinery. Not built yet, the list offers no PDF (no page tells a reader how
to build), the build's output tells the author how to make it, without a
warning (a fresh machine without TeX builds the site with ``-W``), and the
page is read again until it is there.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings, make_pdf, page, sphinx_build, write_project

INDEX = """\
Our notes
=========

.. bml-downloads::
   :pdf: _build/latex/our-notes.pdf

.. bml::

   1N 15-17 balanced
     2C Stayman
"""
CONF = """\
extensions = ["sphinx_bml"]
project = "Our notes"
exclude_patterns = ["_build"]
latex_documents = [("index", "our-notes.tex", "Our notes", "Anna", "howto")]
"""


def pdf_line(html: Path) -> tuple[str, list[str]]:
    """The PDF's line of the list: its text, and where its links go."""
    soup = BeautifulSoup((html / "index.html").read_text(encoding="utf-8"), "lxml")
    item = soup.select_one("div.bml-downloads li.bml-downloads-pdf")
    assert item is not None, soup.select_one("div.bml-downloads")
    return " ".join(item.get_text().split()), [str(link["href"]) for link in item.select("a[href]")]


def downloads_text(html: Path) -> str:
    soup = BeautifulSoup((html / "index.html").read_text(encoding="utf-8"), "lxml")
    listed = soup.select_one("div.bml-downloads")
    assert listed is not None
    return " ".join(listed.get_text().split())


@pytest.mark.slow
def test_a_pdf_not_built_yet_is_told_to_the_author_then_offered(tmp_path: Path) -> None:
    source = write_project(tmp_path / "notes", INDEX, CONF)
    html = source / "_build" / "html"
    result = sphinx_build("-b", "html", source, html)
    assert result.returncode == 0, result.stderr  # -W: no warning for a PDF not built yet
    told = (
        f"{source / 'index.rst'}:4: bml-downloads: the PDF our-notes.pdf is not built yet, so the list offers no "
        f"PDF: make it first with sphinx-build -M latexpdf {source} {source / '_build'} (it is looked for at "
        f"{source / '_build' / 'latex' / 'our-notes.pdf'}), then build the site again"
    )
    assert told in result.stdout.splitlines()
    # the page a reader sees offers the system files and says nothing of building
    assert downloads_text(html) == (
        "Our notes: our-notes.bss (Full Disclosure file for Bridge Base Online), our-notes.txt (BBOalert file)"
    )
    page = (html / "index.html").read_text(encoding="utf-8")
    assert "sphinx-build" not in page and "not built yet" not in page
    assert not (html / "_downloads").exists()
    # built again with nothing changed: still told, as the page is read again until the PDF is there
    again = sphinx_build("-b", "html", source, html)
    assert told in again.stdout.splitlines()
    # the PDF appears (any bytes will do here; the slow test below makes a real one)
    pdf = source / "_build" / "latex" / "our-notes.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF-1.5 first\n")
    result = sphinx_build("-b", "html", source, html)
    assert result.returncode == 0, result.stderr
    line, links = pdf_line(html)
    assert line == "The notes to print: our-notes.pdf (PDF, 1 KB)"
    (copied,) = (html / "_downloads").rglob("our-notes.pdf")
    assert copied.read_bytes() == b"%PDF-1.5 first\n"
    assert links == [copied.relative_to(html).as_posix()]
    # a new PDF is copied again at the next build
    pdf.write_bytes(b"%PDF-1.5 second, longer\n" + b"0" * 1_234_000)
    result = sphinx_build("-b", "html", source, html)
    assert result.returncode == 0, result.stderr
    (copied,) = (html / "_downloads").rglob("our-notes.pdf")
    assert copied.read_bytes().startswith(b"%PDF-1.5 second, longer\n")
    assert pdf_line(html)[0] == "The notes to print: our-notes.pdf (PDF, 1.2 MB)"


@pytest.mark.parametrize(
    ("pdf", "told"),
    [
        (
            "_build/latex/our-notes.pdf",
            "make it first with sphinx-build -M latexpdf . _build (it is looked for at _build/latex/our-notes.pdf)",
        ),
        (
            "/files/our-notes.pdf",
            "make it first with sphinx-build -M latexpdf . BUILD, which writes it into BUILD/latex, "
            "and put it at files/our-notes.pdf",
        ),
    ],
)
def test_the_author_is_told_the_command_to_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf: str, told: str
) -> None:
    """Built from the project's folder, as most are: the command says ``.`` and ``_build``."""
    source = write_project(tmp_path / "notes", INDEX.replace("_build/latex/our-notes.pdf", pdf), CONF)
    monkeypatch.chdir(source)
    app = SphinxTestApp("html", srcdir=source, builddir=tmp_path / "build")
    try:
        app.build()
    finally:
        app.cleanup()
    assert located_warnings(app) == []
    status = app.status.getvalue()
    assert (
        f"index.rst:4: bml-downloads: the PDF our-notes.pdf is not built yet, so the list offers no PDF: {told}, "
        "then build the site again\n"
    ) in status
    assert page(app).select_one("div.bml-downloads li.bml-downloads-pdf") is None


@pytest.mark.slow
@pytest.mark.parametrize("builder", ["text", "latex", "epub"])
def test_only_a_web_site_offers_the_pdf(tmp_path: Path, builder: str) -> None:
    source = write_project(tmp_path / "notes", INDEX, CONF + 'version = "1"\nepub_copyright = "2024"\n')
    (source / "_build" / "latex").mkdir(parents=True)
    (source / "_build" / "latex" / "our-notes.pdf").write_bytes(b"%PDF-1.5\n")
    out = tmp_path / builder
    result = sphinx_build("-b", builder, "-d", tmp_path / "doctrees", source, out)
    assert result.returncode == 0, result.stderr
    written = "".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in out.rglob("*.*")
        if path.suffix in {".txt", ".tex", ".xhtml"}
    )
    assert "notes.bss" in written  # the list is there
    assert "The notes to print" not in written and "not built yet" not in written


@pytest.mark.slow
def test_the_site_offers_the_pdf_latex_made(tmp_path: Path) -> None:
    source = write_project(tmp_path / "notes", INDEX, CONF)
    result = sphinx_build("-b", "latex", source, source / "_build" / "latex")
    assert result.returncode == 0, result.stderr
    assert "Stayman" in make_pdf(source / "_build" / "latex")
    built = source / "_build" / "latex" / "our-notes.pdf"
    result = sphinx_build("-b", "html", source, source / "_build" / "html")
    assert result.returncode == 0, result.stderr
    (copied,) = (source / "_build" / "html" / "_downloads").rglob("our-notes.pdf")
    assert copied.read_bytes() == built.read_bytes()
    shutil.rmtree(source / "_build")


def test_a_file_that_is_no_pdf_is_not_published(tmp_path: Path) -> None:
    """``:pdf: conf.py`` (a slip) would have copied the configuration into the site."""
    source = write_project(tmp_path / "notes", INDEX.replace("_build/latex/our-notes.pdf", "conf.py"), CONF)
    app = SphinxTestApp("html", srcdir=source)
    try:
        app.build()
    finally:
        app.cleanup()
    assert located_warnings(app) == [
        (
            "index.rst",
            4,
            "bml.directive",
            ":pdf: names the PDF of the notes, a file ending in .pdf, not 'conf.py': the list offers no PDF",
        )
    ]
    assert not (Path(app.outdir) / "_downloads").exists()
    assert page(app).select_one("div.bml-downloads li") is not None  # the system files are still offered
