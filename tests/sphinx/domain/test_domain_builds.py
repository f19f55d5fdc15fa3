"""The domain across builds: parallel builds equal serial ones, incremental builds stay right."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp
from sphinx.util.parallel import parallel_available

from tests.support import sequence_link

COLOURS = re.compile(r"\x1b\[[0-9;]*m")

CLASH = """Clash
=====

.. bml::

   1N  12--14
   2C  Strong

.. bml::

   2H-2N;
   3C  Minimum

A reference to :bml:seq:`1N-3C`.
"""


@pytest.fixture
def source(rootdir: Path, tmp_path: Path) -> Path:
    """The domain test site, with a page that disagrees with the others."""
    folder = tmp_path / "source"
    shutil.copytree(rootdir / "test-domain", folder)
    (folder / "clash.rst").write_text(CLASH, encoding="utf-8")
    index = folder / "index.rst"
    index.write_text(index.read_text(encoding="utf-8") + "   clash\n", encoding="utf-8")
    return folder


def build(make_app: type[SphinxTestApp], source: Path, where: Path, jobs: int = 1) -> SphinxTestApp:
    app = make_app("html", srcdir=source, builddir=where, parallel=jobs)
    app.build()
    return app


def body(app: SphinxTestApp, name: str) -> str:
    soup = BeautifulSoup((Path(app.outdir) / f"{name}.html").read_text(encoding="utf-8"), "lxml")
    found = soup.select_one("div.body")
    assert found is not None
    return str(found)


def warnings(app: SphinxTestApp) -> list[str]:
    """Our warnings (a second app in one process also hears MyST registering its directives again)."""
    return sorted(line for line in COLOURS.sub("", app.warning.getvalue()).splitlines() if "[bml." in line)


def touch(path: Path, text: str) -> None:
    """Write ``text`` and make sure Sphinx sees the file as changed."""
    path.write_text(text, encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


@pytest.mark.skipif(not parallel_available, reason="this platform cannot build in parallel")
def test_a_parallel_build_equals_the_serial_one(make_app: type[SphinxTestApp], source: Path, tmp_path: Path) -> None:
    serial = build(make_app, source, tmp_path / "serial")
    parallel = build(make_app, source, tmp_path / "parallel", jobs=2)
    assert parallel.is_parallel_allowed("read") and parallel.is_parallel_allowed("write")
    assert len(parallel.env.found_docs) > 5  # enough documents for Sphinx to read them in parallel
    for name in [*sorted(serial.env.found_docs), "bml-sequences", "genindex"]:
        assert body(parallel, name) == body(serial, name), name
    assert parallel.env.domaindata["bml"] == serial.env.domaindata["bml"]
    assert warnings(parallel) == warnings(serial)
    assert sum("[bml.conflict]" in line for line in warnings(serial)) == 1
    assert sum("[bml.orphan]" in line for line in warnings(serial)) == 1
    assert sum("[bml.ref]" in line for line in warnings(serial)) == 1


def test_editing_one_page_updates_the_references_on_another(
    make_app: type[SphinxTestApp], source: Path, tmp_path: Path
) -> None:
    where = tmp_path / "build"
    first = build(make_app, source, where)
    assert sequence_link(first, "prose", "1NT–2♣") == ("notrump.html#bml-1n-p-2c", "Stayman")

    notrump = source / "notrump.bml"
    original = notrump.read_text(encoding="utf-8")
    touch(notrump, original.replace("2C  Stayman", "2C  Puppet Stayman"))
    second = build(make_app, source, where)
    assert "0 added, 1 changed, 0 removed" in second.status.getvalue()  # prose is written again, not read again
    assert sequence_link(second, "prose", "1NT–2♣") == ("notrump.html#bml-1n-p-2c", "Puppet Stayman")
    assert sequence_link(second, "notes", "1NT–2♣") == ("notrump.html#bml-1n-p-2c", "Puppet Stayman")

    # the sequence moves to another page: the link follows it
    touch(notrump, original.replace("2C  Stayman\n  2D  No four-card major\n  2M  Four cards in M\n", ""))
    touch(source / "slam.rst", SLAM.format(stayman="     2C  Stayman, from the slam page\n"))
    third = build(make_app, source, where)
    assert sequence_link(third, "prose", "1NT–2♣") == ("slam.html#bml-1n-p-2c", "Stayman, from the slam page")

    # the sequence goes: the reference becomes text, with a warning
    touch(source / "slam.rst", SLAM.format(stayman=""))
    fourth = build(make_app, source, where)
    assert sequence_link(fourth, "prose", "1NT–2♣") is None
    assert "prose.rst:4: WARNING: no bidding table of the site defines 1NT-2C" in COLOURS.sub(
        "", fourth.warning.getvalue()
    )


SLAM = """Slam
====

.. bml::

   1N  15--17
{stayman}   4N  Blackwood
"""


@pytest.mark.slow
def test_a_conflict_is_reported_whichever_page_changed(
    make_app: type[SphinxTestApp], source: Path, tmp_path: Path
) -> None:
    where = tmp_path / "build"
    first = build(make_app, source, where)
    assert "clash.rst:6: WARNING: 1NT is defined here as '12--14'" in COLOURS.sub("", first.warning.getvalue())
    prose = source / "prose.rst"
    touch(prose, prose.read_text(encoding="utf-8") + "\nOne more line.\n")
    second = build(make_app, source, where)
    assert "clash.rst:6: WARNING: 1NT is defined here as '12--14'" in COLOURS.sub("", second.warning.getvalue())
    clash = source / "clash.rst"
    touch(clash, CLASH.replace("12--14", "15--17"))
    third = build(make_app, source, where)
    assert "1NT is defined here" not in third.warning.getvalue()


def test_removing_a_page_removes_its_sequences(make_app: type[SphinxTestApp], source: Path, tmp_path: Path) -> None:
    where = tmp_path / "build"
    build(make_app, source, where)
    (source / "competition.rst").unlink()
    index = source / "index.rst"
    touch(index, index.read_text(encoding="utf-8").replace("   competition\n", ""))
    second = build(make_app, source, where)
    assert "competition" not in second.env.domaindata["bml"]["pages"]
    assert sequence_link(second, "prose", "(1♠)–2♠") is None
    assert "no bidding table of the site defines (1S)-2S" in second.warning.getvalue()
