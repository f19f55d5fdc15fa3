"""The site-wide work kept from one build to the next: an incremental build
gives what a fresh build of the same final sources gives.

Each test builds a site (HTML and ``.bss``), edits it, builds again on the
same output, then builds the final sources afresh elsewhere and compares
every page, the "Bidding sequences" page, ``objects.inv``, the search
index's objects and the ``.bss`` file; and checks that the edit shows.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile
from sphinx.util.parallel import parallel_available

from tests.support import sequence_link

COLOURS = re.compile(r"\x1b\[[0-9;]*m")
#: What an edit does to the sources: a function of the source folder.
Edit = Callable[[Path], None]


def touch(path: Path, text: str) -> None:
    """Write ``text`` and make sure Sphinx sees the file as changed."""
    path.write_text(text, encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path.name}"
    touch(path, text.replace(old, new))


def copy(rootdir: Path, root: str, tmp_path: Path) -> Path:
    folder = tmp_path / "source"
    shutil.copytree(rootdir / root, folder)
    return folder


def build(
    make_app: type[SphinxTestApp], builder: str, source: Path, where: Path, jobs: int = 1, fresh: bool = False
) -> SphinxTestApp:
    app = make_app(builder, srcdir=source, builddir=where, parallel=jobs, freshenv=fresh)
    app.build()
    return app


def html_outputs(app: SphinxTestApp) -> dict[str, str]:
    """What an HTML build made from the whole site, and every page's body."""
    out = Path(app.outdir)
    found = {}
    for docname in [*sorted(app.env.found_docs), "bml-sequences", "genindex"]:
        soup = BeautifulSoup((out / f"{docname}.html").read_text(encoding="utf-8"), "lxml")
        body = soup.select_one("div.body")
        assert body is not None, docname
        found[docname] = str(body)
    with (out / "objects.inv").open("rb") as inventory:
        found["objects.inv"] = json.dumps(sorted(InventoryFile.load(inventory, "", os.path.join).items()), default=str)
    found["search objects"] = json.dumps(search_objects(app), sort_keys=True)
    return found


def search_objects(app: SphinxTestApp) -> list[tuple[str, str, str]]:
    """The search index's ``bml`` objects: name, document and anchor."""
    text = (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    ours = {number for number, (domain, *_) in index["objnames"].items() if domain == "bml"}
    found = []
    for prefix, entries in index["objects"].items():
        for document, kind, _, anchor, name in entries:
            if str(kind) in ours:
                found.append((f"{prefix}{name}", index["docnames"][document], anchor))
    return sorted(found)


def bss(app: SphinxTestApp) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(Path(app.outdir).glob("*.bss"))}


def warnings(app: SphinxTestApp) -> str:
    return COLOURS.sub("", app.warning.getvalue())


def sequence_index(app: SphinxTestApp) -> str:
    return BeautifulSoup((Path(app.outdir) / "bml-sequences.html").read_text(encoding="utf-8"), "lxml").get_text()


def rebuilt(
    make_app: type[SphinxTestApp], source: Path, tmp_path: Path, edits: list[Edit], jobs: int = 1
) -> tuple[SphinxTestApp, SphinxTestApp]:
    """The site built, then built again after each edit on the same output (HTML and
    ``.bss``); the last incremental builds' outputs must equal a fresh build's."""
    html_at, bss_at = tmp_path / "html", tmp_path / "bss"
    html = build(make_app, "html", source, html_at, jobs)
    made = build(make_app, "bss", source, bss_at, jobs)
    for edit in edits:
        edit(source)
        html = build(make_app, "html", source, html_at, jobs)
        made = build(make_app, "bss", source, bss_at, jobs)
        assert "0 added, 0 changed, 0 removed" not in html.status.getvalue()  # the edit was seen
    fresh_html = build(make_app, "html", source, tmp_path / "fresh-html", fresh=True)
    fresh_bss = build(make_app, "bss", source, tmp_path / "fresh-bss", fresh=True)
    assert html_outputs(html) == html_outputs(fresh_html)
    assert bss(made) == bss(fresh_bss)
    assert html.env.domaindata["bml"]["pages"] == fresh_html.env.domaindata["bml"]["pages"]
    return html, made


def test_a_meaning_edited_shows_everywhere(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = copy(rootdir, "test-domain", tmp_path)
    html, made = rebuilt(
        make_app,
        source,
        tmp_path,
        [lambda folder: replace(folder / "notrump.bml", "2C  Stayman", "2C  Puppet Stayman")],
    )
    assert "Puppet Stayman" in sequence_index(html)
    pages = html.env.domaindata["bml"]["pages"]
    assert all(set(page.listed) == page.anchors for page in pages.values())  # kept for the next build
    assert any("Puppet Stayman" in name for name, _, _ in search_objects(html))
    assert sequence_link(html, "prose", "1NT–2♣") == ("notrump.html#bml-1n-p-2c", "Puppet Stayman")
    assert any("Puppet Stayman" in text for text in bss(made).values())


def test_a_page_deleted_leaves_the_index_and_the_objects(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path
) -> None:
    def delete(folder: Path) -> None:
        (folder / "competition.rst").unlink()
        replace(folder / "index.rst", "   competition\n", "")

    html, _ = rebuilt(make_app, copy(rootdir, "test-domain", tmp_path), tmp_path, [delete])
    assert "Michaels" not in sequence_index(html)
    assert not any(document == "competition" for _, document, _ in search_objects(html))
    assert "competition" not in html.env.domaindata["bml"]["pages"]
    assert sequence_link(html, "prose", "(1♠)–2♠") is None
    assert "no bidding table of the site defines (1S)-2S" in warnings(html)


@pytest.mark.slow
def test_a_page_renamed_moves_its_sequences(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    def rename(folder: Path) -> None:
        (folder / "competition.rst").rename(folder / "interference.rst")
        replace(folder / "index.rst", "   competition\n", "   interference\n")

    html, _ = rebuilt(make_app, copy(rootdir, "test-domain", tmp_path), tmp_path, [rename])
    assert sequence_link(html, "prose", "(1♠)–2♠") == ("interference.html#bml-vs-1s-2s", "Michaels: ♥ and a minor")
    documents = {document for _, document, _ in search_objects(html)}
    assert "interference" in documents and "competition" not in documents
    assert "interference.html#bml-vs-1s-2s" in (Path(html.outdir) / "bml-sequences.html").read_text(encoding="utf-8")


def test_an_included_file_edited_updates_the_site(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = copy(rootdir, "test-bml-includes", tmp_path)
    html, made = rebuilt(
        make_app,
        source,
        tmp_path,
        [lambda folder: replace(folder / "modules" / "deeper" / "transfers.txt", "Transfer to hearts", "Jacoby")],
    )
    assert "Jacoby" in sequence_index(html) and "Transfer to hearts" not in sequence_index(html)
    assert any("Jacoby" in name for name, _, _ in search_objects(html))
    assert any("Jacoby" in text for text in bss(made).values())


CLASH = """Clash
=====

.. bml::

   1N  {meaning}
"""


@pytest.mark.slow
def test_a_conflict_between_pages_comes_and_goes(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = copy(rootdir, "test-domain", tmp_path)
    touch(source / "clash.rst", CLASH.format(meaning="15--17"))
    replace(source / "index.rst", "   slam\n", "   slam\n   clash\n")
    where = tmp_path / "html"
    first = build(make_app, "html", source, where)
    assert "[bml.conflict]" not in warnings(first)

    touch(source / "clash.rst", CLASH.format(meaning="12--14"))
    second = build(make_app, "html", source, where)
    assert "clash.rst:6: WARNING: 1NT is defined here as '12--14'" in warnings(second)
    fresh = build(make_app, "html", source, tmp_path / "fresh", fresh=True)
    assert html_outputs(second) == html_outputs(fresh)

    # the first definition edited, on the other page: the later one now agrees
    replace(source / "openings.rst", "1N  15--17", "1N  12--14")
    third = build(make_app, "html", source, where)
    assert "[bml.conflict]" not in warnings(third)
    assert html_outputs(third) == html_outputs(build(make_app, "html", source, tmp_path / "fresh3", fresh=True))

    # and the conflict comes back from that page too
    replace(source / "openings.rst", "1N  12--14", "1N  15--17")
    fourth = build(make_app, "html", source, where)
    assert "clash.rst:6: WARNING: 1NT is defined here as '12--14'" in warnings(fourth)


def test_a_sequence_moved_between_pages_is_listed_once(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path
) -> None:
    def move(folder: Path) -> None:
        replace(folder / "notrump.bml", "  2D  No four-card major\n", "")
        moved = "   1N-2C-\n   2D  No major, from the slam page\n   4N  Blackwood\n"
        replace(folder / "slam.rst", "   4N  Blackwood\n", moved)

    html, _ = rebuilt(make_app, copy(rootdir, "test-domain", tmp_path), tmp_path, [move])
    assert "No major, from the slam page" in sequence_index(html)
    assert "No four-card major" not in sequence_index(html)


@pytest.mark.slow
@pytest.mark.skipif(not parallel_available, reason="this platform cannot build in parallel")
def test_a_parallel_rebuild_equals_a_serial_one(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    def edit(folder: Path) -> None:
        replace(folder / "notrump.bml", "2C  Stayman", "2C  Puppet Stayman")
        replace(folder / "competition.rst", "Michaels", "Ghestem")

    parallel, made = rebuilt(make_app, copy(rootdir, "test-domain", tmp_path / "j2"), tmp_path / "j2", [edit], jobs=2)
    serial, made_serial = rebuilt(make_app, copy(rootdir, "test-domain", tmp_path / "j1"), tmp_path / "j1", [edit])
    assert parallel.is_parallel_allowed("read")
    assert html_outputs(parallel) == html_outputs(serial)
    assert bss(made) == bss(made_serial)
    assert "Ghestem" in sequence_index(parallel)


@pytest.mark.slow
def test_an_html_build_after_a_bss_build_of_the_same_environment(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path
) -> None:
    source = copy(rootdir, "test-domain", tmp_path)
    where = tmp_path / "shared"  # one doctree folder for both builders
    made = build(make_app, "bss", source, where)
    pages = made.env.domaindata["bml"]["pages"]
    assert pages and all(page.names and not page.listed for page in pages.values())  # a .bss file lists nothing
    html = build(make_app, "html", source, where)
    assert html_outputs(html) == html_outputs(build(make_app, "html", source, tmp_path / "fresh", fresh=True))
    replace(source / "notrump.bml", "2C  Stayman", "2C  Puppet Stayman")
    again = build(make_app, "html", source, where)
    assert again.env.domaindata["bml"]["pages"]["notrump"].listed  # read again for HTML: listed
    assert html_outputs(again) == html_outputs(build(make_app, "html", source, tmp_path / "fresh2", fresh=True))
    assert "Puppet Stayman" in sequence_index(again)
