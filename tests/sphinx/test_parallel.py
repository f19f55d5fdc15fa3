"""Parallel builds (-j 2) give what serial builds give: the .bss file and every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp
from sphinx.util.parallel import parallel_available

pytestmark = pytest.mark.skipif(not parallel_available, reason="this platform cannot build in parallel")


def build(make_app: type[SphinxTestApp], source: Path, builder: str, where: Path, jobs: int) -> SphinxTestApp:
    app = make_app(builder, srcdir=source, builddir=where, freshenv=True, parallel=jobs)
    app.build()
    return app


def bodies(app: SphinxTestApp) -> dict[str, str]:
    """The main content of every page, by document name."""
    result = {}
    for docname in sorted(app.env.found_docs):
        soup = BeautifulSoup((Path(app.outdir) / f"{docname}.html").read_text(encoding="utf-8"), "lxml")
        body = soup.select_one("div.body")
        assert body is not None
        result[docname] = str(body)
    return result


def test_bss_is_the_same(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = rootdir / "test-bml-system"
    serial = build(make_app, source, "bss", tmp_path / "serial", 1)
    parallel = build(make_app, source, "bss", tmp_path / "parallel", 2)
    assert parallel.is_parallel_allowed("read") and parallel.is_parallel_allowed("write")
    assert len(parallel.env.found_docs) > 5  # enough documents for Sphinx to read them in parallel
    serial_bss = (Path(serial.outdir) / "test-system.bss").read_text(encoding="utf-8")
    parallel_bss = (Path(parallel.outdir) / "test-system.bss").read_text(encoding="utf-8")
    assert parallel_bss == serial_bss
    assert len(parallel_bss.splitlines()) == 13


@pytest.mark.slow
def test_pages_are_the_same(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = rootdir / "test-bml-system"
    serial = build(make_app, source, "html", tmp_path / "serial", 1)
    parallel = build(make_app, source, "html", tmp_path / "parallel", 2)
    assert bodies(parallel) == bodies(serial)
    assert "bml-bidtable" in bodies(parallel)["openings/notrump"]
