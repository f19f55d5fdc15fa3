""".bml files as pages: #+TITLE as the title, * headings as sections, #INCLUDEd parts left out."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.reading.parts import included_parts
from tests.support import page

DOCUMENTS = pytest.mark.sphinx("html", testroot="bml-documents", freshenv=True)


def outline(soup: BeautifulSoup) -> list[tuple[str, str]]:
    """The headings of the page body: (tag, text)."""
    body = soup.select_one("div.body")
    assert body is not None
    return [(h.name, h.get_text(" ", strip=True).rstrip("¶").strip()) for h in body.select("h1, h2, h3, h4, h5")]


@DOCUMENTS
def test_title_and_nested_sections(app: SphinxTestApp) -> None:
    app.build()
    soup = page(app, "system")
    assert outline(soup) == [
        ("h1", "Our ♣ system"),
        ("h2", "Openings"),
        ("h3", "Responses"),
        ("h4", "Negative"),
        ("h2", "Competition"),
    ]
    assert soup.title is not None and soup.title.get_text().startswith("Our ♣ system")
    sections = soup.select("div.body section")
    assert [section.get("id") for section in sections] == [
        "our-system",
        "openings",
        "responses",
        "negative",
        "competition",
    ]
    body = soup.get_text(" ")
    assert "Opening remarks." in body
    assert "Strong, 16+" in body


@DOCUMENTS
def test_without_a_title_the_file_name_is_the_title(app: SphinxTestApp) -> None:
    app.build()
    assert outline(page(app, "untitled")) == [("h1", "untitled"), ("h2", "Only section")]


@DOCUMENTS
def test_bml_pages_are_in_the_toctree_with_their_titles(app: SphinxTestApp) -> None:
    app.build()
    entries = [a.get_text(" ", strip=True) for a in page(app, "index").select("div.toctree-wrapper li.toctree-l1 > a")]
    assert entries == ["Our ♣ system", "untitled"]


@DOCUMENTS
def test_included_parts_are_not_pages_and_still_appear_where_included(app: SphinxTestApp) -> None:
    app.build()
    assert not (Path(app.outdir) / "parts" / "stayman.html").exists()
    assert "parts/stayman" not in app.env.found_docs
    body = page(app, "system").get_text(" ")
    assert "15–17" in body  # the part
    assert "Stayman" in body  # pasted from the main file's #CUT
    assert app.warning.getvalue() == ""  # no "not in any toctree", no #PASTE problem


@pytest.mark.sphinx("html", testroot="bml-documents", freshenv=True, confoverrides={"bml_exclude_included": False})
def test_parts_become_pages_when_asked(app: SphinxTestApp) -> None:
    app.build()
    assert (Path(app.outdir) / "parts" / "stayman.html").is_file()
    warnings = app.warning.getvalue()
    assert "parts/stayman.bml" in warnings
    assert "#PASTE of 'nt_responses'" in warnings  # read alone, the part misses the main file's #CUT


def test_included_parts(tmp_path: Path) -> None:
    (tmp_path / "modules").mkdir()
    files = {
        "main.bml": "#INCLUDE modules/a.bml\n",
        "modules/a.bml": "#INCLUDE b.bml\n",  # nested, relative to a.bml
        "modules/b.bml": "1C  Strong\n",
        "loop1.bml": "#INCLUDE loop2.bml\n",  # only each other: both stay pages
        "loop2.bml": "#INCLUDE loop1.bml\n",
        "index.bml": "#INCLUDE main.bml\n",  # the root document is never left out
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    documents = [tmp_path / name for name in files]
    parts = included_parts(tmp_path, documents, tmp_path / "main.bml")
    assert [part.relative_to(tmp_path.resolve()).as_posix() for part in parts] == ["modules/a.bml", "modules/b.bml"]
