"""The bml domain in a built site: anchors, references, the sequence index, the general index."""

from __future__ import annotations

import json
import pickle
import posixpath
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile

from tests.support import build_once, page


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, rootdir: Path) -> SphinxTestApp:
    """The domain test root built once as HTML, shared by the tests that only read it."""
    source = tmp_path_factory.mktemp("domain") / "source"
    shutil.copytree(rootdir / "test-domain", source)
    return build_once("html", source)


def links(app: SphinxTestApp, name: str) -> list[tuple[str, str, str | None]]:
    """The sequence links of a page: (text, href, tooltip)."""
    found = []
    for link in page(app, name).select("div.body a.reference"):
        if link.select_one(".bml-seq"):
            title = link.get("title")
            found.append((link.get_text(), str(link["href"]), None if title is None else str(title)))
    return found


def row_ids(app: SphinxTestApp, name: str) -> dict[str, str]:
    """Anchor → the call of the row carrying it (a row may carry several: the first on the row,
    the others as empty spans at the start of its call)."""
    ids = {}
    for row in page(app, name).select("li.bml-bid"):
        call = row.select_one("span.bml-call")
        assert call is not None
        for anchor in [row.get("id"), *(span["id"] for span in call.find_all("span", id=True, recursive=False))]:
            if anchor:
                ids[str(anchor)] = call.get_text()
    return ids


def test_a_clean_site_builds_without_warnings(built: SphinxTestApp) -> None:
    app = built
    assert app.warning.getvalue() == ""


def test_every_row_carries_the_anchors_of_its_sequences(built: SphinxTestApp) -> None:
    app = built
    openings = row_ids(app, "openings")
    assert openings["bml-1c"] == "1♣"
    assert openings["bml-1c-p-1d"] == "1♦"
    assert openings["bml-1h"] == openings["bml-1s"] == "1M"  # a pattern row: both sequences
    assert openings["bml-1h-p-2n"] == openings["bml-1s-p-2n"] == "2NT"
    assert openings["bml-s34-1n"] == "1NT"  # #SEAT 34
    notrump = row_ids(app, "notrump")
    assert notrump["bml-1n-p-2c-p-2h"] == notrump["bml-1n-p-2c-p-2s"] == "2M"
    assert notrump["bml-1n-p-2d"] == notrump["bml-1n-p-2h"] == "2red"
    assert row_ids(app, "competition")["bml-vs-1s-2s"] == "2♠"


def test_anchors_are_unique_on_a_page(built: SphinxTestApp) -> None:
    app = built
    for name in ("openings", "notrump", "competition", "slam"):
        ids = [str(tag["id"]) for tag in page(app, name).find_all(id=True)]
        assert len(ids) == len(set(ids)), name


def test_examples_are_shown_but_not_anchored(built: SphinxTestApp) -> None:
    app = built
    slam = page(app, "slam")
    assert "10–12, as some play it" in slam.get_text()
    assert set(row_ids(app, "slam")) == {"bml-4n", "bml-4n-p-5c"}  # not the example's 1NT and 4NT


def test_references_link_to_the_row_with_the_meaning_as_tooltip(built: SphinxTestApp) -> None:
    app = built
    assert links(app, "prose") == [
        ("1NT–2♣", "notrump.html#bml-1n-p-2c", "Stayman"),
        ("1NT–Pass–2♣", "notrump.html#bml-1n-p-2c", "Stayman"),  # shown as written
        ("Stayman", "notrump.html#bml-1n-p-2c", "Stayman"),  # an explicit title
        ("1♥–2NT", "openings.html#bml-1h-p-2n", "Game-forcing raise"),
        ("1NT", "openings.html#bml-1n", "15–17"),  # any seat, though 3rd/4th seat differs
        ("1NT", "openings.html#bml-s34-1n", "3rd or 4th seat: 12–14"),  # asked for
        ("(1♠)–2♠", "competition.html#bml-vs-1s-2s", "Michaels: ♥ and a minor"),
        ("1♣–(1♠)–Dbl", "competition.html#bml-1c-1s-d", "Negative, 5+"),
        ("2♦", "openings.html#bml-s34-2d", "3rd or 4th seat: Weak, both majors"),  # the only variant
        ("1C-1D", "openings.html#bml-1c-p-1d", "Negative, 0–7"),  # :any:
    ]


def test_references_show_suits_as_the_tables_do(built: SphinxTestApp) -> None:
    app = built
    link = page(app, "prose").select_one('a[href="competition.html#bml-1c-1s-d"] .bml-seq')
    assert link is not None
    assert [str(suit["aria-label"]) for suit in link.select("span.bml-suit")] == ["clubs", "spades"]


def test_a_reference_with_an_exclamation_mark_is_not_a_link(built: SphinxTestApp) -> None:
    app = built
    paragraph = next(p for p in page(app, "prose").select("div.body p") if "Not a link" in p.get_text())
    assert paragraph.find("a") is None
    assert "1NT–2♣" in paragraph.get_text()


def test_the_any_role_finds_sequences(built: SphinxTestApp) -> None:
    app = built
    link = page(app, "prose").select_one('a[href="openings.html#bml-1c-p-1d"]')
    assert link is not None and link.get_text() == "1C-1D" and link["title"] == "Negative, 0–7"


def test_the_inline_role_writes_bml_in_prose(built: SphinxTestApp) -> None:
    app = built
    inline = page(app, "prose").select_one("span.bml-inline")
    assert inline is not None
    assert inline.get_text() == "after 1♣-1♦, 2NT shows 18–19"
    assert [str(suit["aria-label"]) for suit in inline.select("span.bml-suit")] == ["clubs", "diamonds"]


def test_myst_roles(built: SphinxTestApp) -> None:
    app = built
    assert links(app, "notes") == [
        ("1NT–2♣", "notrump.html#bml-1n-p-2c", "Stayman"),
        ("transfer to hearts", "notrump.html#bml-1n-p-2d", "Transfer"),
    ]
    inline = page(app, "notes").select_one("span.bml-inline")
    assert inline is not None and inline.get_text() == "1♣ is strong"


def index_rows(app: SphinxTestApp) -> list[tuple[str, str, str, str]]:
    """The sequence index: (group or "", sequence, meaning, link), in order; sub-entries indented by "  "."""
    rows = []
    for row in page(app, "bml-sequences").select("table.modindextable tr"):
        if "pcap" in row.get("class", []):
            continue
        if "cap" in row.get("class", []):
            rows.append((row.get_text(strip=True), "", "", ""))
            continue
        cells = row.find_all("td")
        link = cells[1].find("a")
        assert isinstance(link, Tag)
        indent = "  " if any(str(c).startswith("cg-") for c in row.get("class", [])) else ""
        rows.append(("", indent + cells[1].get_text(" ", strip=True), cells[2].get_text(strip=True), str(link["href"])))
    return rows


def test_the_sequence_index_lists_every_shown_sequence_by_opening(built: SphinxTestApp) -> None:
    app = built
    assert index_rows(app) == [
        ("1♣", "", "", ""),
        ("", "1♣", "16+, artificial", "openings.html#bml-1c"),
        ("", "  1♣–1♦", "Negative, 0–7", "openings.html#bml-1c-p-1d"),  # no interference first
        ("", "  1♣–(1♠)", "", "competition.html#bml-1c-1s"),  # a placeholder: shown, no meaning
        ("", "  1♣–(1♠)–Dbl", "Negative, 5+", "competition.html#bml-1c-1s-d"),
        ("1♥", "", "", ""),
        ("", "1♥", "Five cards in ♥", "openings.html#bml-1h"),
        ("", "  1♥–2NT", "Game-forcing raise", "openings.html#bml-1h-p-2n"),
        ("1♠", "", "", ""),
        ("", "1♠", "Five cards in ♠", "openings.html#bml-1s"),
        ("", "  1♠–2NT", "Game-forcing raise", "openings.html#bml-1s-p-2n"),
        ("1NT", "", "", ""),
        ("", "1NT", "15–17", "openings.html#bml-1n"),
        ("", "  1NT (3rd or 4th seat)", "12–14", "openings.html#bml-s34-1n"),
        ("", "  1NT–2♣", "Stayman", "notrump.html#bml-1n-p-2c"),
        ("", "  1NT–2♣–2♦", "No four-card major", "notrump.html#bml-1n-p-2c-p-2d"),
        ("", "  1NT–2♣–2♥", "Four cards in ♥", "notrump.html#bml-1n-p-2c-p-2h"),
        ("", "  1NT–2♣–2♠", "Four cards in ♠", "notrump.html#bml-1n-p-2c-p-2s"),
        ("", "  1NT–2♦", "Transfer", "notrump.html#bml-1n-p-2d"),
        ("", "  1NT–2♥", "Transfer", "notrump.html#bml-1n-p-2h"),
        ("2♦", "", "", ""),
        ("", "2♦ (3rd or 4th seat)", "Weak, both majors", "openings.html#bml-s34-2d"),
        ("4NT", "", "", ""),
        ("", "4NT", "Blackwood", "slam.html#bml-4n"),
        ("", "  4NT–5♣", "0 or 3 key cards", "slam.html#bml-4n-p-5c"),
        ("(1♠)", "", "", ""),  # their openings after ours
        ("", "(1♠)", "", "competition.html#bml-vs-1s"),
        ("", "  (1♠)–2♠", "Michaels: ♥ and a minor", "competition.html#bml-vs-1s-2s"),
    ]


def test_the_sequence_index_is_a_label(built: SphinxTestApp) -> None:
    app = built
    link = page(app, "index").select_one('div.body a[href="bml-sequences.html"]')
    assert link is not None and link.get_text() == "Bidding sequences"


def general_index(app: SphinxTestApp) -> list[str]:
    body = page(app, "genindex").select_one("div.body")
    assert body is not None
    return [" ".join(item.get_text(" ", strip=True).split()) for item in body.select("table.indextable li")]


def test_the_general_index_has_the_openings_and_first_answers(built: SphinxTestApp) -> None:
    app = built
    entries = general_index(app)
    for expected in ("1♣ (bidding sequence)", "1♣–1♦ (bidding sequence)", "(1♠)–2♠ (bidding sequence)"):
        assert any(entry.startswith(expected) for entry in entries), expected
    assert not any("1NT–2♣–2♦" in entry for entry in entries)  # three calls: not in the general index
    assert not any("1♣–(1♠) (" in entry for entry in entries)  # no meaning: not in the general index
    assert any("3rd or 4th seat" in entry for entry in entries)


@pytest.mark.sphinx("html", testroot="domain", freshenv=True, confoverrides={"bml_general_index": 0})
def test_the_general_index_can_leave_the_sequences_out(app: SphinxTestApp) -> None:
    app.build()
    assert not (Path(app.outdir) / "genindex.html").read_text(encoding="utf-8").count("bidding sequence")


@pytest.mark.sphinx("html", testroot="domain", freshenv=True, confoverrides={"bml_general_index": 3})
def test_the_general_index_can_hold_longer_sequences(app: SphinxTestApp) -> None:
    app.build()
    assert any(entry.startswith("1NT–2♣–2♦ (bidding sequence)") for entry in general_index(app))


@pytest.mark.sphinx(
    "html", testroot="domain", srcdir="domain-no-index", freshenv=True, confoverrides={"html_domain_indices": False}
)
def test_the_sequence_index_can_be_left_out(app: SphinxTestApp) -> None:
    app.build()
    assert not (Path(app.outdir) / "bml-sequences.html").exists()


def test_the_objects_are_in_the_inventory(built: SphinxTestApp) -> None:
    app = built
    with (Path(app.outdir) / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", posixpath.join)  # loads() is Sphinx 8.2+
    # entries are objects from Sphinx 8.2 on, tuples (project, version, uri, display name) before
    sequences = {
        name: (item.uri, item.display_name) if hasattr(item, "uri") else (item[2], item[3])
        for name, item in inventory["bml:sequence"].items()
    }
    assert sequences["1NT-2C"][0] == "notrump.html#bml-1n-p-2c"
    # shown with its meaning, which Sphinx's search looks in (searching "Stayman" finds the row)
    uri, shown = sequences["1NT#SEAT34"]
    assert uri == "openings.html#bml-s34-1n"
    assert shown.startswith("1NT [3rd or 4th seat] \u00b7 ")
    assert sequences["(1S)-2S"][0] == "competition.html#bml-vs-1s-2s"
    assert "1NT [3rd or 4th seat]" in (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")


def test_the_domain_data_is_small_and_plain(built: SphinxTestApp) -> None:
    app = built
    data = app.env.domaindata["bml"]
    dumped = pickle.dumps(data)
    # the meanings, not the tables they came from, nor their inline tokens, nor nodes
    assert b"BidNode" not in dumped and b"Inline" not in dumped and b"docutils" not in dumped
    meanings = sum(len(page.meanings) for page in data["pages"].values())
    assert len(dumped) < 400 * meanings
    assert sorted(data["pages"]) == ["competition", "notrump", "openings", "slam"]  # those with bidding tables
    assert "prose" in data["references"] and "prose" not in data["pages"]


@pytest.mark.sphinx("latex", testroot="domain", freshenv=True)
def test_latex_labels_and_links(app: SphinxTestApp) -> None:
    app.build()
    tex = (Path(app.outdir) / "domain.tex").read_text(encoding="utf-8")
    assert r"\phantomsection\label{\detokenize{notrump:bml-1n-p-2c}}" in tex
    assert r"\label{\detokenize{openings:bml-1h}}\label{\detokenize{openings:bml-1s}}" in tex  # a pattern row
    assert r"\hyperref[\detokenize{notrump:bml-1n-p-2c}]" in tex
    assert "1NT\\textendash{}2\\bmlsuit{C}" in tex
    assert re.search(r"\\begin\{sphinxtheindex\}.*Bidding sequences|Bidding sequences.*sphinxtheindex", tex, re.S)
    assert app.warning.getvalue() == ""


@pytest.mark.sphinx("text", testroot="domain", freshenv=True)
def test_text_shows_the_references(app: SphinxTestApp) -> None:
    app.build()
    text = (Path(app.outdir) / "prose.txt").read_text(encoding="utf-8")
    assert "Stayman is *1NT–2♣*; we also write it *1NT–Pass–2♣*, or *Stayman*." in " ".join(text.split())
    assert app.warning.getvalue() == ""


@pytest.mark.sphinx("xml", testroot="domain", freshenv=True)
def test_other_builders_keep_the_anchors(app: SphinxTestApp) -> None:
    app.build()
    xml = (Path(app.outdir) / "openings.xml").read_text(encoding="utf-8")
    assert '<list_item ids="bml-1h bml-1s">' in xml


@pytest.mark.sphinx("bss", testroot="domain-checks", freshenv=True)
def test_examples_are_not_exported(app: SphinxTestApp) -> None:
    app.build()
    bss = (Path(app.outdir) / "checks.bss").read_text(encoding="utf-8")
    assert "15--17" in bss and "an example" not in bss


def test_a_pattern_row_keeps_its_grid_with_several_anchors(built: SphinxTestApp) -> None:
    """Extra anchors of a row (2M: 2H and 2S) go inside the call, not among the row's grid cells."""
    app = built
    for path in Path(app.outdir).glob("*.html"):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        for row in soup.select("li.bml-bid"):
            cells = [child for child in row.children if isinstance(child, Tag)]
            assert [cell.name for cell in cells[:2]] == ["span", "span"], page.name
            assert cells[0]["class"] == ["bml-call"] and cells[1]["class"] == ["bml-meaning"], page.name


def test_search_names_are_escaped_once_on_the_way_to_the_results(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    """The names in searchindex.js are what searchtools.js puts into the results:
    as HTML (Sphinx 8: `linkEl.innerHTML = title`, so escaped in the index),
    or escaping them itself (Sphinx 9: `_escapeHTML(title)`, so as written)."""
    index = "Notes\n=====\n\n.. bml::\n\n   1C  opener's suit <4 cards> & values\n"
    (tmp_path / "conf.py").write_text('extensions = ["sphinx_bml"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text(index, encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    app.build()
    text = (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    ((*_, name),) = data["objects"][""]
    script = (Path(app.outdir) / "_static" / "searchtools.js").read_text(encoding="utf-8")
    if "linkEl.innerHTML = _escapeHTML(title);" in script:
        assert name == "1♣ \u00b7 opener's suit <4 cards> & values"
    else:
        assert "linkEl.innerHTML = title;" in script
        assert name == "1♣ \u00b7 opener&#x27;s suit &lt;4 cards&gt; &amp; values"
