"""Several systems in one site: one file per system, checks and references
within a system, the index grouped by system, the files offered for download.

The site is the realistic repository of tests/roots/test-real-notes (a
Polish club, a Blue club and a defence sharing included files) with a few
reStructuredText pages around it: wj and blue are each rooted at a page
whose toctree holds the system's .bml file, the defence at its .bml file
(tests/support.py ``make_systems_site``).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.formats.bboalert import read_bboalert
from tests.support import SYSTEMS, build_once, located_warnings, make_systems_site


def build(folder: Path, builder: str, **overrides: object) -> SphinxTestApp:
    return build_once(builder, folder, folder / "_build", **overrides)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, SphinxTestApp]:
    """The site with three systems, built once per builder."""
    folder = make_systems_site(tmp_path_factory.mktemp("systems") / "site", SYSTEMS)
    return {builder: build(folder, builder) for builder in ("html", "bss", "bboalert")}


def test_only_the_author_slip_and_the_ambiguous_reference_are_reported(site: dict[str, SphinxTestApp]) -> None:
    found = located_warnings(site["html"])
    assert [(file, line, kind) for file, line, kind, _ in found] == [
        ("wj/practice.bml", 4, "bml.deal"),  # the author's slips, within wj: a lead North holds,
        ("wj/one_diamond.bml", 15, "bml.conflict"),  # and a sequence defined twice
        ("index.rst", 10, "bml.ref"),
    ]
    assert found[2][3] == (
        "1NT is defined in the systems wj, blue, and this page belongs to none of them: write wj:1NT or blue:1NT"
    )


@pytest.mark.slow
def test_each_system_file_equals_what_its_root_alone_gives(
    site: dict[str, SphinxTestApp], tmp_path_factory: pytest.TempPathFactory
) -> None:
    outdir = Path(site["bss"].outdir)
    assert sorted(path.name for path in outdir.glob("*.bss")) == ["blue.bss", "defense.bss", "wj.bss"]
    assert sorted(path.name for path in Path(site["bboalert"].outdir).glob("*.txt")) == [
        "blue.txt",
        "defense.txt",
        "wj.txt",
    ]
    for system in SYSTEMS:
        alone = make_systems_site(tmp_path_factory.mktemp(f"alone-{system}") / "site", None)
        others = [f"{name}.bml" for name in SYSTEMS if name != system] + ["index.rst", "wj_index.rst", "blue_index.rst"]
        overrides = {"root_doc": system, "exclude_patterns": ["_build", *others]}
        for builder, suffix in (("bss", ".bss"), ("bboalert", ".txt")):
            (expected,) = Path(build(alone, builder, **overrides).outdir).glob(f"*{suffix}")
            written = Path(site[builder].outdir) / f"{system}{suffix}"
            assert written.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8"), (system, builder)
    records = (outdir / "blue.bss").read_text(encoding="utf-8").splitlines()
    assert records[0].startswith("*00{Blue Club}")
    assert any(record.startswith("001C=") and "STR F 17+" in record for record in records), "Blue's own 1C"


def test_references_resolve_in_the_system_of_their_page(site: dict[str, SphinxTestApp]) -> None:
    outdir = Path(site["html"].outdir)

    def links(page: str) -> list[tuple[str, str]]:
        soup = BeautifulSoup((outdir / page).read_text(encoding="utf-8"), "html.parser")
        return [(link.get_text(), link["href"]) for link in soup.select("div.body p a.reference.internal")]

    assert links("wj_index.html") == [
        ("1♣", "wj.html#bml-1c"),  # the page's own system
        ("1♣", "blue.html#bml-1c"),  # blue:1C
        ("1NT–2♣", "wj.html#bml-1n-p-2c"),
    ]
    assert links("blue_index.html") == [("1♣", "blue.html#bml-1c")]
    assert links("index.html") == [
        ("1NT", "blue.html#bml-1n"),  # blue:1N; the plain 1N is ambiguous on a page of no system
        ("2♦", "wj.html#bml-2d"),
        ("(1♣)–1♥–(Pass)–2♥", "defense.html#bml-vs-1c-1h-p-2h"),  # only in the defence
    ]
    wj_page = BeautifulSoup((outdir / "wj_index.html").read_text(encoding="utf-8"), "html.parser")
    blue_link = [link for link in wj_page.select("div.body p a.reference") if link["href"] == "blue.html#bml-1c"]
    assert blue_link and "STR F 17+" in blue_link[0]["title"]


def test_the_sequence_index_groups_by_system(site: dict[str, SphinxTestApp]) -> None:
    soup = BeautifulSoup((Path(site["html"].outdir) / "bml-sequences.html").read_text(encoding="utf-8"), "html.parser")
    headings = [text for cell in soup.select("tr.cap td") if (text := cell.get_text(" ", strip=True))]
    systems = [heading.split(":")[0] for heading in headings]
    assert systems == sorted(systems, key=list(SYSTEMS).index), "wj first, then blue, then the defence"
    assert "wj: 1♣" in headings and "blue: 1♣" in headings


def test_the_files_are_offered_for_download(site: dict[str, SphinxTestApp]) -> None:
    outdir = Path(site["html"].outdir)
    soup = BeautifulSoup((outdir / "index.html").read_text(encoding="utf-8"), "html.parser")
    links = {link.get_text(): link["href"] for link in soup.select("a.bml-downloads")}
    assert links == {f"{system}{suffix}": f"_bml/{system}{suffix}" for system in SYSTEMS for suffix in (".bss", ".txt")}
    for href in links.values():
        assert (outdir / href).is_file()
    assert (outdir / "_bml" / "wj.bss").read_text(encoding="utf-8") == (Path(site["bss"].outdir) / "wj.bss").read_text(
        encoding="utf-8"
    )
    assert read_bboalert((outdir / "_bml" / "blue.txt").read_text(encoding="utf-8")).records
    assert "Blue Club" in soup.select_one("div.bml-downloads").get_text()


def test_as_one_system_the_clubs_would_be_merged(tmp_path: Path) -> None:
    """What the setting cures: without it, one system, Blue's 1C replaced by the Polish club's."""
    app = build(make_systems_site(tmp_path / "site", None), "html")
    conflicts = [warning for warning in located_warnings(app) if warning[2] == "bml.conflict"]
    assert len(conflicts) > 20


def test_a_root_that_is_no_document_is_reported(tmp_path: Path) -> None:
    app = build(make_systems_site(tmp_path / "site", {**SYSTEMS, "acol": "acol"}), "html")
    assert "bml_systems in conf.py: the system 'acol' is rooted at 'acol', which is not a document" in (
        app.warning.getvalue()
    )


@pytest.mark.parametrize("builder", ["dirhtml", "singlehtml"])
def test_every_html_builder_offers_the_files(tmp_path: Path, builder: str) -> None:
    app = build(make_systems_site(tmp_path / "site", SYSTEMS), builder)
    outdir = Path(app.outdir)
    page = outdir / "index.html"
    links = [
        link["href"]
        for link in BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select("a.bml-downloads")
    ]
    assert len(links) == 2 * len(SYSTEMS)
    for href in links:
        assert (page.parent / href).resolve().is_file(), href


@pytest.mark.slow
def test_an_epub_names_the_files_it_does_not_hold(tmp_path: Path) -> None:
    app = build(make_systems_site(tmp_path / "site", SYSTEMS), "epub")
    outdir = Path(app.outdir)
    page = BeautifulSoup((outdir / "index.xhtml").read_text(encoding="utf-8"), "html.parser")
    assert page.select("a.bml-downloads") == []  # links to files the EPUB does not hold
    names = [code.get_text() for code in page.select("div.bml-downloads code")]
    assert names == [f"{system}{suffix}" for system in SYSTEMS for suffix in (".bss", ".txt")]
    assert not (outdir / "_bml").exists()
    with zipfile.ZipFile(next(outdir.glob("*.epub"))) as book:
        assert not [name for name in book.namelist() if "_bml" in name]
