"""Python's garbage collector is tuned in a ``sphinx-build`` process only, which ends with
the build; any other process running a build (this test suite) keeps it as it was."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx import garbage_collector
from tests.support import write_project

NOTES = "Notes\n=====\n\n.. bml::\n\n   1N  15-17\n"


def test_a_build_in_another_process_leaves_the_collector_as_it_was(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    callbacks = list(gc.callbacks)
    app = make_app("html", srcdir=write_project(tmp_path, NOTES))
    app.build()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert gc.callbacks == callbacks


@pytest.mark.slow
def test_sphinx_build_keeps_the_model_frozen_to_the_end(tmp_path: Path) -> None:
    """``sphinx-build`` (or ``python -m sphinx``) exits after its one build: what it read
    stays frozen, the collector on; giving it back would only make Python's shutdown walk it."""
    source = write_project(tmp_path, NOTES)
    script = (
        "import gc, sys\n"
        "from sphinx.cmd.build import main\n"
        "sys.argv[0] = 'sphinx-build'\n"
        "status = main(['-q', '-b', 'html', sys.argv[1], sys.argv[2]])\n"
        "print(status, gc.get_freeze_count() > 0, gc.isenabled(), len(gc.callbacks))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(source), str(tmp_path / "_build")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["0", "True", "True", "0"], done.stderr


#: A project's own extension, in conf.py, saying whether the collector runs as each page is read and written.
WATCHING = """extensions = ["sphinx_bml"]
import gc


def setup(app):
    app.connect("doctree-read", lambda app, doctree: print("read", gc.isenabled()))
    app.connect("doctree-resolved", lambda app, doctree, docname: print("written", gc.isenabled()))
"""


@pytest.mark.slow
def test_sphinx_build_reads_with_the_collector_paused_and_writes_with_it_on(tmp_path: Path) -> None:
    """The model is made without the collector's passes; the pages are written with it on,
    so that what each page leaves behind is collected as the pages go."""
    source = write_project(tmp_path, NOTES, WATCHING, other__rst="Other\n=====\n\n.. bml::\n\n   1C  16+\n")
    (source / "index.rst").write_text(NOTES + "\n.. toctree::\n\n   other\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(tmp_path / "_build")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert sorted(done.stdout.splitlines()) == ["read False"] * 2 + ["written True"] * 2, done.stderr


def test_garbage_made_while_the_collector_is_paused_is_collected_at_the_next_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "argv", ["sphinx-build"])
    try:
        garbage_collector.pause(None)  # type: ignore[arg-type]
        assert not gc.isenabled()
        cycle = Held()
        cycle.itself = cycle  # type: ignore[attr-defined]
        ref = weakref.ref(cycle)
        del cycle
        assert ref() is not None  # a cycle: only the collector frees it
        garbage_collector.collect_and_freeze(None)  # type: ignore[arg-type]
        assert ref() is None
        garbage_collector.resume(None)  # type: ignore[arg-type]
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


def test_freeze_collects_nothing_right_after_the_environment_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading the stored environment leaves no garbage: a collection there would only walk all of it."""
    monkeypatch.setattr(sys, "argv", ["sphinx-build"])
    try:
        garbage_collector.pause(None)  # type: ignore[arg-type]
        cycle = Held()
        cycle.itself = cycle  # type: ignore[attr-defined]
        ref = weakref.ref(cycle)
        del cycle
        garbage_collector.freeze(None)  # type: ignore[arg-type]
        assert ref() is not None and gc.get_freeze_count() > 0  # frozen, not walked
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


def test_pause_outside_sphinx_build_leaves_the_collector_on() -> None:
    garbage_collector.pause(None)  # type: ignore[arg-type]
    assert gc.isenabled()


def test_only_sphinx_build_and_our_commands_end_with_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["pytest"])
    assert not garbage_collector.ends_with_the_build()
    monkeypatch.setattr(sys, "argv", ["/venv/bin/sphinx-build", "-b", "html"])
    assert garbage_collector.ends_with_the_build()
    monkeypatch.setattr(sys, "argv", ["/venv/bin/bml-diff", "old.bss", "notes.bml"])
    assert garbage_collector.ends_with_the_build()


def test_freeze_leaves_the_collector_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    garbage_collector.freeze(None)  # type: ignore[arg-type]
    assert gc.get_freeze_count() == 0  # not sphinx-build
    monkeypatch.setattr(sys, "argv", ["sphinx-build"])
    try:
        garbage_collector.freeze(None)  # type: ignore[arg-type]
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


class Held:
    pass


def test_keeping_outside_sphinx_build_freezes_nothing() -> None:
    with garbage_collector.keeping():
        kept = [Held() for _ in range(10)]
        gc.collect()
        assert gc.get_freeze_count() == 0
    assert kept and gc.get_freeze_count() == 0


def test_what_survives_a_full_pass_while_keeping_is_frozen_and_the_rest_still_freed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "argv", ["sphinx-build"])
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
