"""A bidding table is one node holding its model: what it keeps, what reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import nodes as bml
from tests.support import sphinx_build

CONF = 'extensions = ["sphinx_bml"]\nproject = "Notes"\n'
PAGE = """Our 1NT
=======

.. bml::

   1N  15--17, "balanced"
     2C  Stayman: asks for partner's major
       2D  no major... yet
     2H  /transfer/ to !s
"""


def project(folder: Path, conf: str = CONF, page: str = PAGE) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(conf, encoding="utf-8")
    (folder / "index.rst").write_text(page, encoding="utf-8")
    return folder


def test_a_table_is_one_node_with_its_rows_anchors(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src"))
    app.build()
    (table,) = app.env.get_doctree("index").findall(bml.bidtable)
    assert table.children == []  # stored without its text: only HTML and LaTeX read it, when writing
    assert [row.calls[0].written for row in bml.rows_in_order(table.model.rows)] == ["1N", "2C", "2D", "2H"]
    assert table.anchors == [("bml-1n",), ("bml-1n-p-2c",), ("bml-1n-p-2c-p-2d",), ("bml-1n-p-2h",)]
    assert list(bml.shown_anchors(app.env.get_doctree("index"))) == [
        "bml-1n",
        "bml-1n-p-2c",
        "bml-1n-p-2c-p-2d",
        "bml-1n-p-2h",
    ]


def test_meanings_are_searchable(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src"))
    app.build()
    index = (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")
    terms = json.loads(index[index.index("(") + 1 : index.rindex(")")])["terms"]
    for word in ("stayman", "balanc", "transfer", "partner"):  # stemmed as Sphinx stems
        assert word in terms, word
    # the text is not shown twice: the visitors skip it
    page = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert page.select_one("div.bml-bidtable").get_text().count("Stayman") == 1


def test_meanings_get_smart_quotes_as_prose_does(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src"))
    app.build()
    page = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    meanings = [span.get_text() for span in page.select("span.bml-meaning")]
    assert meanings == [
        "15\u201317, \u201cbalanced\u201d",
        "Stayman: asks for partner\u2019s major",
        "no major\u2026 yet",
        "transfer to \u2660",
    ]


def test_without_smart_quotes_meanings_keep_their_quotes(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("html", srcdir=project(tmp_path / "src", conf=CONF + "smartquotes = False\n"))
    app.build()
    page = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert page.select("span.bml-meaning")[0].get_text() == '15\u201317, "balanced"'


def test_text_keeps_straight_quotes(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    app = make_app("text", srcdir=project(tmp_path / "src"))
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert '1NT  15\u201317, "balanced"\n├─ 2♣  Stayman: asks for partner\'s major\n' in text
    assert "2♥  *transfer* to ♠" in text


def test_an_unprintable_character_of_a_meaning_is_located_at_its_row(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    page = PAGE.replace("no major... yet", "no major \u03b1")
    app = make_app("latex", srcdir=project(tmp_path / "src", page=page))
    app.build()
    assert "index.rst:8: WARNING: the PDF cannot show the character '\u03b1'" in app.warning.getvalue()


@pytest.mark.slow
def test_html_after_bss_with_the_same_doctrees_shows_every_table(tmp_path: Path) -> None:
    """``-M`` builds share their doctrees: a build of the .bss file must leave nothing for HTML to miss."""
    source = project(tmp_path / "src")
    doctrees = tmp_path / "doctrees"
    assert sphinx_build("-b", "bss", source, tmp_path / "bss", "-d", doctrees).returncode == 0
    result = sphinx_build("-b", "html", source, tmp_path / "html", "-d", doctrees)
    assert result.returncode == 0, result.stderr
    page = BeautifulSoup((tmp_path / "html" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert len(page.select("div.bml-bidtable li.bml-bid")) == 4
