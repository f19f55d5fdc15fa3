"""The garbage collector stays on during a build and gets everything back at its end."""

from __future__ import annotations

import gc
from pathlib import Path

from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import collector


def test_a_build_leaves_nothing_frozen(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text('extensions = ["sphinx_bml"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("Notes\n=====\n\n.. bml::\n\n   1N  15-17\n", encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    assert gc.isenabled()
    app.build()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_freeze_keeps_the_collector_on() -> None:
    try:
        collector.freeze(None)  # type: ignore[arg-type]
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        collector.unfreeze(None, None)  # type: ignore[arg-type]
    assert gc.get_freeze_count() == 0
