"""The address where a site publishes each system's BBOalert file, ``_bml/NAME.txt``: partners
subscribe to it with ``Import,<URL>`` (docs/at-the-table.rst), so no refactoring may move it.

The addresses are written out here as strings, not taken from the code. The file is then served
over HTTP as a static host serves it, and fetched as BBOalert fetches it: what BBOalert reads
(webStorage.js in stanmaz/BBOalert) is text that begins with ``BBOalert``, neither Markdown
(``#`` first) nor an HTML page (``<body``). BBOalert fetches from a frame of BBO's page, so the
browser lets it read the file only when the host allows other sites to
(``Access-Control-Allow-Origin``): GitHub Pages and Read the Docs send ``*`` with every public
file. The local server here is ours, so that header is ours too; what the tests check with it is
the claim of the docs: with the header, a page of another origin reads the whole file (Chromium,
the slow test), and without it the browser refuses it.
"""

from __future__ import annotations

import http.client
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from sphinx_bml.formats.bboalert import read_bboalert
from tests.support import build_once, served, write_project

NOTES = """\
.. bml::

   #+TITLE: {title}

   1N = 14-16, balanced
     2C = Stayman, asks for a major
   2D = ! Multi: a weak two in a major
"""
ONE_SYSTEM = {
    "conf.py": 'extensions = ["sphinx_bml"]\nproject = "Our Precision"\n',
    "index.rst": "Our notes\n=========\n\n.. toctree::\n\n   team/notes\n\n.. bml-downloads::\n",
    "team/notes.rst": "Notes\n=====\n\n" + NOTES.format(title="Our Precision") + "\n.. bml-downloads::\n",
}
SEVERAL_SYSTEMS = {
    "conf.py": 'extensions = ["sphinx_bml"]\nbml_systems = {"club": "club/index", "weak": "weak/index"}\n',
    "index.rst": "Our systems\n===========\n\n.. toctree::\n\n   club/index\n   weak/index\n\n.. bml-downloads::\n",
    "club/index.rst": "Club\n====\n\n" + NOTES.format(title="Strong club"),
    "weak/index.rst": "Weak\n====\n\n" + NOTES.format(title="Weak notrump"),
}
#: BBO's page: BBOalert fetches from a frame of it, so the request comes from this origin
BBO = "https://www.bridgebase.com"


def make(folder: Path, files: dict[str, str]) -> Path:
    project = write_project(folder, files["index.rst"], files["conf.py"])
    for name, text in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    return project


def built(folder: Path, builder: str, **overrides: object) -> Path:
    return Path(build_once(builder, folder, folder / "_build" / builder, **overrides).outdir)


@pytest.fixture(scope="module")
def one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one-system site, built as HTML."""
    return built(make(tmp_path_factory.mktemp("one") / "site", ONE_SYSTEM), "html")


def _links(page: Path) -> list[str]:
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    return [str(link["href"]) for link in soup.select("a.bml-downloads") if str(link["href"]).endswith(".txt")]


def test_a_site_of_one_system_publishes_it_at_bml_and_the_project_name(one: Path) -> None:
    assert (one / "_bml" / "our-precision.txt").is_file()
    assert _links(one / "index.html") == ["_bml/our-precision.txt"]
    assert _links(one / "team" / "notes.html") == ["../_bml/our-precision.txt"]
    assert read_bboalert((one / "_bml" / "our-precision.txt").read_text(encoding="utf-8")).title == "Our Precision"


@pytest.mark.parametrize("builder", ["dirhtml", "singlehtml"])
def test_every_html_builder_publishes_at_the_same_address(tmp_path: Path, builder: str) -> None:
    outdir = built(make(tmp_path / "site", ONE_SYSTEM), builder)
    assert (outdir / "_bml" / "our-precision.txt").is_file()
    assert set(_links(outdir / "index.html")) == {"_bml/our-precision.txt"}  # singlehtml: both lists on one page


def test_the_name_can_be_set_and_the_folder_stays(tmp_path: Path) -> None:
    outdir = built(make(tmp_path / "site", ONE_SYSTEM), "html", bml_bboalert_filename="club-2025.txt")
    assert [path.name for path in (outdir / "_bml").glob("*.txt")] == ["club-2025.txt"]


def test_a_site_of_several_systems_publishes_each_under_its_name(tmp_path: Path) -> None:
    outdir = built(make(tmp_path / "site", SEVERAL_SYSTEMS), "html")
    assert sorted(path.name for path in (outdir / "_bml").glob("*.txt")) == ["club.txt", "weak.txt"]
    assert _links(outdir / "index.html") == ["_bml/club.txt", "_bml/weak.txt"]
    titles = {
        name: read_bboalert((outdir / "_bml" / name).read_text(encoding="utf-8")).title
        for name in ("club.txt", "weak.txt")
    }
    assert titles == {"club.txt": "Strong club", "weak.txt": "Weak notrump"}


#: what GitHub Pages and Read the Docs send with every file of a public site
PUBLIC_HOST = {"Access-Control-Allow-Origin": "*"}


@pytest.mark.slow
def test_the_file_over_http_is_what_bboalert_reads(one: Path) -> None:
    with served(one, PUBLIC_HOST) as address:
        connection = http.client.HTTPConnection(address.removeprefix("http://"), timeout=10)
        connection.request("GET", "/_bml/our-precision.txt", headers={"Origin": BBO})
        response = connection.getresponse()
        body = response.read()
        connection.close()
    assert response.status == 200
    assert response.getheader("Content-Type", "").startswith("text/plain")
    assert response.getheader("Access-Control-Allow-Origin") in ("*", BBO)
    text = body.decode("utf-8")
    assert text == (one / "_bml" / "our-precision.txt").read_text(encoding="utf-8")
    assert text.startswith("BBOalert,Our Precision\n")  # BBOalert's data, not Markdown (#) nor HTML (<body)
    records = {(record.context, record.call): record.shown for record in read_bboalert(text).records}
    assert records == {
        ("", "1N"): "14-16; balanced",
        ("1N--", "2C"): "Stayman; asks for a major",
        ("", "2D"): "Multi: a weak two in a major",
    }


def test_a_title_that_looks_like_markdown_or_html_does_not_change_how_bboalert_reads_it(tmp_path: Path) -> None:
    title = "   #+TITLE: # Club <body> <?xml\n"  # the root document's title is the file's
    files = {
        **ONE_SYSTEM,
        "index.rst": ONE_SYSTEM["index.rst"].replace("\n.. toctree", f"\n.. bml::\n\n{title}\n.. toctree"),
    }
    text = (built(make(tmp_path / "site", files), "html") / "_bml" / "our-precision.txt").read_text(encoding="utf-8")
    assert text.startswith("BBOalert,")
    assert "<body" not in text and "<?xml" not in text
    assert read_bboalert(text).shown_title == "\uff03 Club <body> <?xml"  # a # of the title is full-width


_FETCH_AS_BBOALERT = """async (url) => {
    try {
        const response = await fetch(url, {cache: "no-store"});
        return {read: true, text: await response.text()};
    } catch (error) {
        return {read: false, text: String(error)};
    }
}"""


@pytest.mark.browser
@pytest.mark.slow
def test_another_site_reads_the_file_only_when_the_host_allows_it(
    one: Path,
    tmp_path: Path,
    browser: Any,
) -> None:
    """A page of another origin (as BBO's page is to the notes' site) fetches the file as BBOalert
    does: with the header GitHub Pages and Read the Docs send it reads the file, without it Chromium
    refuses. What the docs tell the host of a site to send, checked in a browser."""
    (tmp_path / "bbo").mkdir()
    (tmp_path / "bbo" / "index.html").write_text("<!doctype html><title>BBO</title>", encoding="utf-8")
    expected = (one / "_bml" / "our-precision.txt").read_text(encoding="utf-8")
    with served(tmp_path / "bbo", {}) as bbo, served(one, PUBLIC_HOST) as public, served(one, {}) as closed:
        page = browser.new_page()
        try:
            page.goto(f"{bbo}/index.html")
            allowed = page.evaluate(_FETCH_AS_BBOALERT, f"{public}/_bml/our-precision.txt")
            refused = page.evaluate(_FETCH_AS_BBOALERT, f"{closed}/_bml/our-precision.txt")
        finally:
            page.close()
    assert allowed == {"read": True, "text": expected}
    assert refused["read"] is False and "Failed to fetch" in refused["text"]
