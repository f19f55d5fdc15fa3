"""The example site builds with -W as html, bss and latexpdf, and is a real system (built once: ``example_site``,
and its PDF once: ``pdf``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.support import EXAMPLE_SITE, pdf_text, require, sphinx_build


def test_html_has_every_page_with_tables(example_site: Path) -> None:
    pages = {p.stem for p in (example_site / "html").glob("*.html")}
    assert {"index", "openings", "strong_club", "one_diamond", "majors", "notrump", "competition"} <= pages
    soup = BeautifulSoup((example_site / "html" / "notrump.html").read_text(encoding="utf-8"), "html.parser")
    assert soup.select("div.bml-bidtable li.bml-bid"), "the .bml page shows its included modules"
    assert soup.select("span.bml-suit.bml-hearts")


def test_a_meaning_links_to_the_sequence_it_names(example_site: Path) -> None:
    soup = BeautifulSoup((example_site / "html" / "strong_club.html").read_text(encoding="utf-8"), "html.parser")
    links = [(a["href"], a.get_text()) for a in soup.select("span.bml-meaning a.internal")]
    assert ("notrump.html#bml-1n-p-2c", "1NT\u20132\u2663") in links
    (bss,) = (example_site / "bss").glob("*.bss")
    assert "Stayman, as over our 1NT opening (1N-2C)" in bss.read_text(encoding="utf-8")


def test_bss_holds_the_whole_system(example_site: Path) -> None:
    (bss,) = (example_site / "bss").glob("*.bss")
    records = bss.read_text(encoding="utf-8").splitlines()
    assert records[0].startswith("*00{Kestrel Precision}=NYYYYYY")
    assert len(records) - 1 > 300
    assert any(record.startswith("60") for record in records), "third/fourth-seat openings"
    assert any(record.startswith("*") for record in records), "competitive sequences where they open"


def test_the_card_page_sums_the_system_up(example_site: Path) -> None:
    soup = BeautifulSoup((example_site / "html" / "card.html").read_text(encoding="utf-8"), "html.parser")
    openings, club, notrump = soup.select("table.bml-summary")
    assert [link.get_text() for link in openings.select("td a")][:3] == ["1♣", "1♦", "1♥"]
    assert "Stayman" in notrump.get_text()
    assert club.select("abbr[title='game forcing']")
    assert [term.get_text(strip=True) for term in soup.select("dl.bml-glossary dt")] == ["GF", "NF"]
    (bss,) = (example_site / "bss").glob("*.bss")
    assert "001C=YYYYYYY008" in bss.read_text(encoding="utf-8")  # marked alertable in openings.rst


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site's PDF, made as README says (``sphinx-build -M latexpdf``), once."""
    require(shutil.which("latexmk") is not None, "latexmk (TeX Live) is not installed")
    out = tmp_path_factory.mktemp("example-pdf")
    result = sphinx_build("-M", "latexpdf", EXAMPLE_SITE, out)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    return out / "latex" / "kestrel-precision.pdf"


@pytest.mark.latex
@pytest.mark.slow
def test_pdf_builds(pdf: Path) -> None:
    assert pdf.stat().st_size > 50_000


@pytest.mark.latex
@pytest.mark.slow
def test_the_openings_take_one_pdf_page(pdf: Path) -> None:
    """The openings of the example site ran over two pages of the PDF ("continued from previous page")."""
    text = pdf_text(pdf, layout=True)
    openings = text[text.index("Table 1: Openings") : text.index("Responses to 1♣")]
    assert "4♠ To play" in openings
    assert "continued from previous page" not in openings
    assert "(not vulnerable)" in openings and "vulner- able" not in openings


def test_the_home_page_offers_the_system_files(example_site: Path) -> None:
    """The example site promised a ``.bss`` file and offered none to download."""
    soup = BeautifulSoup((example_site / "html" / "index.html").read_text(encoding="utf-8"), "html.parser")
    links = [a["href"] for a in soup.select("a[href]") if str(a["href"]).startswith("_bml/")]
    assert {Path(str(link)).suffix for link in links} == {".bss", ".txt"}
    for link in links:
        assert (example_site / "html" / str(link)).stat().st_size > 1000, link
