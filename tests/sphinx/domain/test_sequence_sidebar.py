"""The sequence index offered in the sidebar (issue 13): ``bml-sequences.html``, a
template for ``html_sidebars`` whose form goes to the "Bidding sequences" page with
the words typed as its filter (``?filter=1N+2C``), which the page's script reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sphinx.testing.util import SphinxTestApp

from tests.support import build_once, needs, write_project

INDEX = """Our notes
=========

.. toctree::

   openings/notrump

.. bml::

   1C  16+ HCP, F
     1D  NEG, 0-7 HCP
"""
NOTRUMP = """The 1NT opening
===============

.. bml::

   1N  15-17 BAL
     2C  Stayman
"""
ALABASTER = [
    "about.html",
    "navigation.html",
    "relations.html",
    "searchbox.html",
    "bml-sequences.html",
]
FURO = [
    "sidebar/brand.html",
    "sidebar/search.html",
    "sidebar/scroll-start.html",
    "sidebar/navigation.html",
    "bml-sequences.html",
    "sidebar/scroll-end.html",
]


def conf(sidebars: list[str]) -> str:
    return f'extensions = ["sphinx_bml"]\nhtml_sidebars = {{"**": {sidebars!r}}}\n'


def build(folder: Path, theme: str, configuration: str, index: str = INDEX) -> SphinxTestApp:
    """The project built with ``theme`` (given as an override: Sphinx's test app
    would otherwise draw alabaster with the basic theme)."""
    pages = {"openings/notrump__rst": NOTRUMP} if index == INDEX else {}
    if pages:
        (folder / "src" / "openings").mkdir(parents=True, exist_ok=True)
    source = write_project(folder / "src", index, configuration, **pages)
    return build_once("html", source, folder / "build", html_theme=theme)


def sidebar_form(app: SphinxTestApp, page: str) -> Tag | None:
    soup = BeautifulSoup((Path(app.outdir) / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
    found = soup.find("form", class_="bml-sequence-filter")
    return found if isinstance(found, Tag) else None


@pytest.fixture(scope="module")
def alabaster(tmp_path_factory: pytest.TempPathFactory) -> SphinxTestApp:
    return build(tmp_path_factory.mktemp("alabaster"), "alabaster", conf(ALABASTER))


def test_the_sidebar_box_goes_to_the_sequence_index_with_the_words_typed(alabaster: SphinxTestApp) -> None:
    form = sidebar_form(alabaster, "index")
    assert form is not None
    assert form["action"] == "bml-sequences.html" and form["method"] == "get"
    box = form.find("input", type="search")
    assert isinstance(box, Tag)
    assert box["name"] == "filter"  # read by bml-sequences.js: bml-sequences.html?filter=1N+2C
    assert box["aria-label"] == "Filter the bidding sequences"
    heading = form.find_previous("a")
    assert isinstance(heading, Tag) and heading["href"] == "bml-sequences.html"
    assert (Path(alabaster.outdir) / "bml-sequences.html").exists()


def test_the_address_is_right_from_a_page_in_a_folder(alabaster: SphinxTestApp) -> None:
    form = sidebar_form(alabaster, "openings/notrump")
    assert form is not None and form["action"] == "../bml-sequences.html"


def test_the_index_page_reads_the_filter_from_its_address(alabaster: SphinxTestApp) -> None:
    page = (Path(alabaster.outdir) / "bml-sequences.html").read_text(encoding="utf-8")
    assert "bml-sequences.js" in page
    script = (Path(alabaster.outdir) / "_static" / "bml-sequences.js").read_text(encoding="utf-8")
    assert '.get("filter")' in script


def test_a_site_without_sequences_shows_no_box(tmp_path: Path) -> None:
    app = build(tmp_path, "alabaster", conf(ALABASTER), "Prose only\n==========\n\nNo bidding here.\n")
    assert sidebar_form(app, "index") is None
    assert not (Path(app.outdir) / "bml-sequences.html").exists()
    assert app.warning.getvalue() == ""


def test_no_box_when_the_index_page_is_left_out(tmp_path: Path) -> None:
    app = build(tmp_path, "alabaster", conf(ALABASTER) + "html_domain_indices = False\n")
    assert sidebar_form(app, "index") is None


def test_the_project_may_replace_the_template(tmp_path: Path) -> None:
    (tmp_path / "src" / "_templates").mkdir(parents=True)
    (tmp_path / "src" / "_templates" / "bml-sequences.html").write_text('<p id="ours">ours</p>', encoding="utf-8")
    app = build(tmp_path, "alabaster", conf(ALABASTER) + 'templates_path = ["_templates"]\n')
    assert sidebar_form(app, "index") is None
    assert 'id="ours"' in (Path(app.outdir) / "index.html").read_text(encoding="utf-8")


def test_furo_shows_the_box_in_its_sidebar(tmp_path: Path) -> None:
    needs("furo")
    app = build(tmp_path, "furo", conf(FURO))
    form = sidebar_form(app, "openings/notrump")
    assert form is not None and form["action"] == "../bml-sequences.html"
    assert form.find_parent(class_="sidebar-drawer") is not None
    assert app.warning.getvalue() == ""


def test_the_read_the_docs_theme_has_no_sidebars_to_offer(tmp_path: Path) -> None:
    """sphinx_rtd_theme ignores ``html_sidebars`` (as the documentation says): the
    build works, and the index page is reached by its link."""
    needs("sphinx_rtd_theme")
    app = build(tmp_path, "sphinx_rtd_theme", conf(["bml-sequences.html"]))
    assert sidebar_form(app, "index") is None
    assert (Path(app.outdir) / "bml-sequences.html").exists()
