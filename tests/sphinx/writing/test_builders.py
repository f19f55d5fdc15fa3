"""Every builder renders BML: text with its own visitors, the others through the fallback."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import nodes as bml
from sphinx_bml.sphinx.writing.visitors import VISITORS


def output(app: SphinxTestApp, pattern: str) -> str:
    files = sorted(Path(app.outdir).glob(pattern))
    assert files, f"no {pattern} in {app.outdir}"
    return "\n".join(file.read_text(encoding="utf-8") for file in files)


@pytest.mark.sphinx("text", testroot="bml-basic", freshenv=True)
def test_text_draws_the_tree_with_lines(app: SphinxTestApp) -> None:
    app.build()
    result = output(app, "index.txt")
    assert "1♣   16+ hcp, any hand\n├─ 1♦   Negative, 0–7 hcp\n│  └─ 1♥  Any hand with 20+ hcp\n" in result
    assert "1NT  15–17\n│    May have a 5-card ♥\n├─ 2♣    Stayman\n" in result  # a second line of description
    assert "\n2♣  Strong and forcing\n    2♦  Waiting\n" in result  # :no-tree: is plain indentation
    assert "[3rd or 4th seat, vulnerable]\n1♠  Light opening" in result
    assert "Preempt in the hidden table" not in result
    assert app.warning.getvalue() == ""


@pytest.mark.sphinx("text", testroot="bml-basic", freshenv=True)
def test_text_draws_deals_and_auctions(app: SphinxTestApp) -> None:
    app.build()
    result = output(app, "index.txt")
    assert "Board 35, Dealer North, None vulnerable\n4♠X by South, Lead ♥K\n" in result
    lines = result.splitlines()
    north = lines.index("            ♠ Kxx")
    assert lines[north + 4].startswith("♠ QT") and lines[north + 4].endswith("♠ Jx")  # West and East
    assert lines[north + 8] == "            ♠ A987xx"  # South
    assert lines[north + 9] == "            ♥ —"  # a void
    assert "West      North     East      South\n          1♣        Pass      1♥\n" in result


@pytest.mark.sphinx("text", testroot="bml-basic", freshenv=True)
def test_text_keeps_prose(app: SphinxTestApp) -> None:
    app.build()
    result = output(app, "index.txt")
    assert "-[ A heading in a directive ]-" in result
    assert "Text with 1NT, 4♥ and a dash — here." in result
    assert "| 1♣   | strong  |" in result


@pytest.mark.sphinx("text", testroot="bml-basic")
def test_one_map_gives_each_format_its_visitors(app: SphinxTestApp) -> None:
    """The visitors registered are the map the fallback reads: every node of ours, for each format in it."""
    assert set(VISITORS) == {"html", "latex", "text"}
    for fmt, visitors in VISITORS.items():
        assert set(visitors) == set(bml.ALL_NODES)
        registered = app.registry.translation_handlers[fmt]
        assert {node.__name__: visitors[node] for node in bml.ALL_NODES}.items() <= registered.items()


@pytest.mark.parametrize(
    ("builder", "pattern"),
    [("man", "*.1"), ("texinfo", "*.texi"), ("xml", "index.xml")],
)
def test_other_builders_get_readable_standard_nodes(
    make_app: type[SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path, builder: str, pattern: str
) -> None:
    app = make_app(builder, srcdir=rootdir / "test-bml-basic", builddir=sphinx_test_tempdir / f"fallback-{builder}")
    app.build()
    assert builder not in VISITORS
    result = output(app, pattern)
    for words in ("1♣", "16+ hcp, any hand", "Negative, 0–7 hcp", "Stayman", "card ♥", "Dbl"):
        assert words in result, words
    assert "♠ Kxx" in result  # the deal, as a diagram in a literal block
    assert "Pass      2♥        All pass" in result  # the auction
    assert "Preempt in the hidden table" not in result
    assert "bidtable" not in result  # no node of ours left
    assert app.warning.getvalue() == ""


@pytest.mark.parametrize("builder", ["singlehtml", "dirhtml", "epub"])
def test_html_family(make_app: type[SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path, builder: str) -> None:
    confoverrides = {"version": "1", "copyright": "2026"} if builder == "epub" else {}
    app = make_app(
        builder,
        srcdir=rootdir / "test-bml-basic",
        builddir=sphinx_test_tempdir / f"family-{builder}",
        confoverrides=confoverrides,
    )
    app.build()
    index = Path(app.outdir) / ("index.xhtml" if builder == "epub" else "index.html")
    soup = BeautifulSoup(index.read_text(encoding="utf-8"), "lxml")
    assert len(soup.select("div.bml-bidtable")) == 5
    assert soup.select_one("span.bml-suit.bml-hearts") is not None
    assert (Path(app.outdir) / "_static" / "bml.css").is_file() or builder == "epub"
    assert "bml" not in app.warning.getvalue()


def test_gettext(make_app: type[SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path) -> None:
    app = make_app("gettext", srcdir=rootdir / "test-bml-basic", builddir=sphinx_test_tempdir / "gettext")
    app.build()
    assert "Our notes, written in BML." in output(app, "*.pot")
    assert app.warning.getvalue() == ""
