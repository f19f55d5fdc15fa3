"""MyST Markdown: ```{bml} and, with myst_fence_as_directive, a plain ```bml fence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from tests.support import needs

needs("myst_parser")

MYST = pytest.mark.sphinx("html", testroot="bml-myst", freshenv=True)


def line_of(path: Path, words: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if words in line)


@MYST
def test_both_forms_render(app: SphinxTestApp) -> None:
    app.build()
    soup = BeautifulSoup((Path(app.outdir) / "index.html").read_text(encoding="utf-8"), "lxml")
    directive, fence = soup.select("div.bml-bidtable")
    assert directive["class"] == ["bml-bidtable", "bml-plain"]  # ```{bml} with :no-tree:
    assert [c.get_text(strip=True) for c in directive.select("span.bml-call")] == ["1♣", "1♦"]
    assert fence["class"] == ["bml-bidtable", "bml-tree"]  # ```bml
    assert [c.get_text(strip=True) for c in fence.select("span.bml-call")] == ["1NT", "2♣"]
    assert soup.find("pre") is None  # the fence is not shown as code


@MYST
def test_warnings_point_at_the_markdown_lines(app: SphinxTestApp) -> None:
    app.build()
    source = Path(app.srcdir) / "index.md"
    found = re.findall(r"index\.md:(\d+): WARNING: '(\wQ)' is not a call", app.warning.getvalue())
    assert found == [
        (str(line_of(source, "2Q  A bad call")), "2Q"),  # in ```{bml}, after an option line
        (str(line_of(source, "1Q  A bad call")), "1Q"),  # in ```bml
    ]
