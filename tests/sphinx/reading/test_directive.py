"""The bml directive: state flows from directive to directive within a document, not beyond it."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp


def bss(app: SphinxTestApp) -> list[str]:
    (target,) = Path(app.outdir).glob("*.bss")
    return target.read_text(encoding="utf-8").splitlines()


@pytest.mark.sphinx("bss", testroot="bml-state", freshenv=True)
def test_seat_vulnerability_and_clipboard_flow_through_a_document(app: SphinxTestApp) -> None:
    app.build()
    records = bss(app)
    assert records[0] == "*00{State test system}=NYYYYYY"  # #+TITLE from the first directive
    # #SEAT 34 and #VUL Y0 (BSS 6 and 6) from the first directive hold for the next ones
    assert "661N=NYYYYYY014--16" in records
    # #COPY in one directive, #PASTE in the next
    assert "661NP2C=NYYYYYY008Stayman" in records
    assert "661NP2CP2D=NYYYYYY008No major" in records


@pytest.mark.sphinx("bss", testroot="bml-state", freshenv=True)
def test_each_document_starts_afresh(app: SphinxTestApp) -> None:
    app.build()
    assert "001D=NYYYYYY008Natural" in bss(app)  # any seat, any vulnerability again
    warnings = app.warning.getvalue()
    assert "other.rst:7: WARNING: #PASTE of 'stayman' before any #COPY or #CUT named 'stayman' [bml.syntax]" in (
        warnings
    )


@pytest.mark.sphinx("html", testroot="bml-state", freshenv=True)
def test_flowing_state_shows_on_the_page(app: SphinxTestApp) -> None:
    app.build()
    soup = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "lxml")
    contexts = [p.get_text(strip=True) for p in soup.select("p.bml-context")]
    assert contexts == ["3rd or 4th seat, vulnerable"] * 3
    pasted = soup.select("div.bml-bidtable")[-1]
    assert [call.get_text(strip=True) for call in pasted.select("span.bml-call")] == ["1NT", "2♣", "2♦"]
