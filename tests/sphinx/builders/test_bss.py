"""The bss builder: one Full Disclosure file for the whole system, in toctree order."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.config import default_bss_filename

SYSTEM = pytest.mark.sphinx("bss", testroot="bml-system", freshenv=True)


def records(app: SphinxTestApp, name: str = "test-system.bss") -> list[str]:
    return (Path(app.outdir) / name).read_text(encoding="utf-8").splitlines()


@SYSTEM
def test_documents_in_toctree_order_tables_in_source_order(app: SphinxTestApp) -> None:
    app.build()
    assert records(app) == [
        "*00{Test System}=NYYYYYYA system for the tests",  # the root document's #+TITLE, #+DESCRIPTION
        "001C=NYYYYYY008Strong, from the root document",  # index
        "001H=NYYYYYY008Five hearts",  # openings/index
        "001N=NYYYYYY015--17",  # openings/notrump
        "001NP2C=NYYYYYY008Stayman",
        "001D=NYYYYYY008Natural, 11--15",  # openings/diamonds
        "001CP1D=NYYYYYY008Negative",  # responses.bml
        "001CP1H=NYYYYYY008Positive",
        "*001N=NYYYYYY0",  # competition: the :hide: table is in the .bss
        "*001ND=NYYYYYY0Strength, in the .bss only",
        "*001S=NYYYYYY008",
        "*001S2S=NYYYYYY008Michaels",
        "004N=NYYYYYY0Blackwood",  # slam: its second 1C does not stand
    ]


@SYSTEM
def test_documents_outside_the_toctree_are_left_out_and_said_so(app: SphinxTestApp) -> None:
    app.build()
    assert not any("Left out" in record for record in records(app))
    warnings = app.warning.getvalue()
    assert "extra.rst: WARNING: the bidding tables here are left out of test-system.bss" in warnings
    assert "[bml.bss]" in warnings


@pytest.mark.sphinx("bss", testroot="bml-documents", freshenv=True)
def test_without_a_title_the_header_comes_from_the_config(app: SphinxTestApp) -> None:
    app.build()
    assert records(app, "documents.bss")[0] == "*00{Documents}=NYYYYYY"  # project, and no summary


@pytest.mark.sphinx(
    "bss",
    testroot="bml-documents",
    freshenv=True,
    confoverrides={"bml_bss_name": "Club", "bml_bss_summary": "Strong club", "bml_bss_filename": "club.bss"},
)
def test_header_and_file_name_settings(app: SphinxTestApp) -> None:
    app.build()
    assert (Path(app.outdir) / "club.bss").is_file()
    assert records(app, "club.bss")[0] == "*00{Club}=NYYYYYYStrong club"


def test_default_file_name() -> None:
    class Config:
        project = "My Precision System (2026)"

    assert default_bss_filename(Config()) == "my-precision-system-2026.bss"  # type: ignore[arg-type]
    Config.project = "???"
    assert default_bss_filename(Config()) == "system.bss"  # type: ignore[arg-type]


def test_the_builder_loads_the_extension_itself(tmp_path: Path, make_app: type[SphinxTestApp]) -> None:
    """``-b bss`` finds the builder through its entry point when conf.py does not list sphinx_bml."""
    (tmp_path / "conf.py").write_text('project = "Entry point"\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text(".. bml::\n\n   1C  Strong\n", encoding="utf-8")
    app = make_app("bss", srcdir=tmp_path)
    app.build()
    assert records(app, "entry-point.bss") == ["*00{Entry point}=NYYYYYY", "001C=NYYYYYY008Strong"]


def test_an_edited_document_updates_the_file(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-bml-system", source)
    first = make_app("bss", srcdir=source, builddir=tmp_path / "build")
    first.build()
    assert "004N=NYYYYYY0Blackwood" in records(first)

    slam = source / "slam.rst"
    slam.write_text(slam.read_text(encoding="utf-8").replace("Blackwood", "Roman key card"), encoding="utf-8")
    later = time.time() + 5
    os.utime(slam, (later, later))
    second = make_app("bss", srcdir=source, builddir=tmp_path / "build")
    second.build()
    result = records(second)
    assert "004N=NYYYYYY0Roman key card" in result
    assert "001N=NYYYYYY015--17" in result  # documents not read again are still in the file
    assert len(result) == 13
