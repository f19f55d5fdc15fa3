"""Notes that read like a convention card: alert marks through the builders,
abbreviations in prose and their glossary."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

CARD = "card"


def page(app: SphinxTestApp, docname: str) -> BeautifulSoup:
    return BeautifulSoup((Path(app.outdir) / f"{docname}.html").read_text(encoding="utf-8"), "lxml")


def written(app: SphinxTestApp, name: str) -> list[str]:
    return (Path(app.outdir) / name).read_text(encoding="utf-8").splitlines()


@pytest.mark.sphinx("bss", testroot=CARD, freshenv=True)
def test_alert_marks_and_the_prefix_make_artificial_records(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    records = written(app, "card.bss")
    assert "001C=YYYYYYY008STR, 16+ HCP, F" in records  # the prefix "!" made the mark and left the text
    assert "001CP1D=YYYYYYY008NEG, 0-7 HCP" in records
    assert "001CP1H=NYYYYYY0085+ !h, GF" in records
    assert "002D=YYYYYYY008Multi, PRE" in records
    assert "001NP2C=YYYYYYY008Stayman, F1" in records
    assert "001NP2CP2D=NYYYYYY008no major" in records


@pytest.mark.sphinx("bss", testroot=CARD, freshenv=True, confoverrides={"bml_bss_dispositions": True})
def test_dispositions_from_the_meanings(app: SphinxTestApp) -> None:
    app.build()
    codes = {record.partition("=")[0]: record.partition("=")[2][7] for record in written(app, "card.bss")[1:]}
    assert codes == {
        "001C": "5",
        "001CP1D": "0",
        "001CP1H": "6",
        "001D": "2",
        "001N": "0",
        "002D": "9",
        "002H": "0",
        "001NP2C": "5",
        "001NP2CP2D": "0",
        "001NP2CP2H": "0",
        "001NP2D": "A",
    }


@pytest.mark.sphinx("bboalert", testroot=CARD, freshenv=True, confoverrides={"bml_bboalert_alerts_only": True})
def test_bboalert_alerts_only(app: SphinxTestApp) -> None:
    app.build()
    records = [line.split(",")[:2] for line in written(app, "card.txt")[1:]]
    assert records == [["", "1C"], ["1C--", "1D"], ["", "2D"], ["1N--", "2C"]]


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_abbreviations_in_prose_have_their_meaning(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    body = page(app, "index").select_one("div.body")
    assert body is not None
    shown = [(abbr.get_text(), abbr["title"]) for abbr in body.select("abbr")]
    assert shown == [
        ("STR", "strong"),
        ("F", "forcing"),
        ("NF", "non-forcing"),
        ("GF", "game forcing"),
        ("5CM", "five-card majors"),
    ]
    assert body.select_one("code").get_text() == "F"  # literal text is left alone
    assert "abbr" not in str(body.select_one("div.highlight"))


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True)
def test_the_glossary_lists_what_the_site_uses(app: SphinxTestApp) -> None:
    app.build()
    glossary = page(app, "glossary").select_one("dl.bml-glossary")
    assert glossary is not None
    terms = [term.get_text(strip=True) for term in glossary.select("dt")]
    meanings = [definition.get_text(strip=True) for definition in glossary.select("dd")]
    # from the prose (STR, 5CM ...) and from the meanings (NEG, BAL, TRF, F1 ...)
    assert terms == ["5CM", "BAL", "F", "F1", "GF", "HCP", "NEG", "NF", "PRE", "STR", "TRF"]
    assert meanings[terms.index("TRF")] == "transfer"


@pytest.mark.sphinx("text", testroot=CARD, freshenv=True)
def test_other_builders_show_the_abbreviation_alone(app: SphinxTestApp) -> None:
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "is STR and F," in text
    assert "(forcing)" not in text


@pytest.mark.sphinx("html", testroot=CARD, freshenv=True, confoverrides={"bml_abbreviations": {}})
def test_no_abbreviations_by_default(app: SphinxTestApp) -> None:
    app.build()
    assert not page(app, "index").select("abbr")
    assert "no standard abbreviation" in page(app, "glossary").get_text()
