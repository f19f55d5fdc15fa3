"""The garbage collector stays on during a build and gets everything back at its end (unless the process ends)."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import garbage_collector


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
        garbage_collector.freeze(None)  # type: ignore[arg-type]
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        garbage_collector.unfreeze(None, None)  # type: ignore[arg-type]
    assert gc.get_freeze_count() == 0


def test_sphinx_build_itself_keeps_them_frozen_to_the_end(tmp_path: Path) -> None:
    """``sphinx-build`` (or ``python -m sphinx``) exits after its one build: giving the
    frozen objects back would only make Python's shutdown walk them, so they stay."""
    (tmp_path / "conf.py").write_text('extensions = ["sphinx_bml"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("Notes\n=====\n\n.. bml::\n\n   1N  15-17\n", encoding="utf-8")
    script = (
        "import gc, sys\n"
        "from sphinx.cmd.build import main\n"
        "sys.argv[0] = 'sphinx-build'\n"
        "status = main(['-q', '-b', 'html', sys.argv[1], sys.argv[2]])\n"
        "print(status, gc.get_freeze_count() > 0, gc.isenabled())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(tmp_path / "_build")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["0", "True", "True"], done.stderr


def test_a_process_that_goes_on_gets_them_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["pytest"])
    assert not garbage_collector.ends_with_the_build()
    monkeypatch.setattr(sys, "argv", ["/venv/bin/sphinx-build", "-b", "html"])
    assert garbage_collector.ends_with_the_build()


def test_what_survives_a_full_pass_while_keeping_is_frozen_and_the_rest_still_freed() -> None:
    class Held:
        pass

    try:
        with garbage_collector.keeping():
            kept = [Held() for _ in range(10)]
            gone = Held()
            ref = weakref.ref(gone)
            gc.collect()  # a full pass: what is alive now is frozen
            assert gc.get_freeze_count() > 0
            del gone  # frozen, but nothing else holds it: freed all the same
            assert ref() is None
        assert kept and gc.isenabled()
        assert not any(callback.__name__ == "freeze_survivors" for callback in gc.callbacks)
    finally:
        gc.unfreeze()
