"""Less work for Python's garbage collector in a ``sphinx-build`` process.

(Not a Sphinx ``EnvironmentCollector``: this module tunes Python's ``gc``.)

A bidding system is read once into a large model (the engine's objects, the
site's meanings, the doctrees) that lives until the build ends. Each full
pass of the cyclic garbage collector walks every live object, so on a big
system most of a build went into finding that model still alive; and its
young passes, one every 700 new objects, ran thousands of times while a page
was read. So, while the pages are read, the automatic collector is switched
off (:func:`pause`) and garbage is collected at the build's own steps
instead: before the stored environment is loaded (Sphinx and the extensions
are imported, the configuration read) and once it is loaded, :func:`freeze`
moves what is alive to the collector's permanent generation
(:func:`gc.freeze`); once a document is read and once the environment is
complete, :func:`collect_and_freeze` first collects what became garbage
since the step before (only what is new since then is walked); while the
engine makes a page's model, :func:`keeping` freezes what it made. Once the
environment is complete the collector is switched on again (:func:`resume`):
the pages are written with it, so that what each page leaves behind (its
doctree, its HTML) is collected as usual and memory does not grow with the
number of pages. Nothing frozen is given back: the process ends with the
build, and giving the frozen objects back would only make Python's shutdown
walk them.

This changes the whole process, so it is done only where the process is
the build, or sphinx-bml's own reading of a project: ``sphinx-build`` (or
``python -m sphinx``), ``bml-check``, ``bml-diff`` and ``bml-practice``,
each of which exits once its work is over (:func:`ends_with_the_build`).
Anywhere else (a test suite, a program or a server running Sphinx in its
own process), the collector is left as it is. ``benchmarks/README.md`` has the figures:
without this, ``sphinx-build`` takes 1.4 to 2 times as long; with the collector
on while the pages are read (only freezing at the steps), about 1.15 times.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx


def pause(app: Sphinx, *arguments: Any) -> None:
    """``config-inited``: in ``sphinx-build``, no automatic collection while the pages are read
    (until :func:`resume`, once the environment is complete)."""
    if ends_with_the_build():
        gc.disable()


def resume(app: Sphinx, *arguments: Any) -> None:
    """``env-updated``, after :func:`freeze`: in ``sphinx-build``, the collector on again for
    writing the pages, and for what a command does once it has read a project (``bml-practice``
    deals its boards)."""
    if ends_with_the_build():
        gc.enable()


def freeze(app: Sphinx, *arguments: Any) -> None:
    """``config-inited``, ``builder-inited``: in ``sphinx-build``, what is alive now (Sphinx,
    the extensions, the stored environment just loaded) stays alive. Nothing is collected:
    loading the environment leaves no garbage, and a collection would walk all of it."""
    if ends_with_the_build():
        gc.freeze()


def collect_and_freeze(app: Sphinx, *arguments: Any) -> None:
    """``doctree-read``, ``env-updated``, ``env-check-consistency``: in ``sphinx-build``, the
    garbage made since the step before (reading a page) is collected, walking only what is
    new since then, and what is alive now stays alive."""
    if ends_with_the_build():
        gc.collect()
        gc.freeze()


@contextmanager
def keeping() -> Iterator[None]:
    """While the engine makes a page's model (or the site's), in ``sphinx-build``,
    what survives a full collection of the collector stays alive until the
    build ends: it is frozen there and then, so that the next full passes do
    not walk it again. Without this, each full pass walked everything made so
    far, and reading one big page took more than linear time in its size.
    While the collector is paused (pages being read) no pass runs inside: what was made is frozen at the end."""
    if not ends_with_the_build():
        yield
        return

    def freeze_survivors(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()

    gc.callbacks.append(freeze_survivors)
    try:
        yield
    finally:
        gc.callbacks.remove(freeze_survivors)
        gc.freeze()


#: What ``__main__`` is when ``python -m sphinx`` runs.
SPHINX_BUILD_MODULES = frozenset({"sphinx", "sphinx.__main__", "sphinx.cmd.build"})
#: The commands whose process ends with the build, or with their reading of a project and what follows it.
ONE_BUILD_COMMANDS = frozenset(
    f"{command}{suffix}"
    for command in ("sphinx-build", "bml-check", "bml-diff", "bml-practice")
    for suffix in ("", ".exe")
)


def ends_with_the_build() -> bool:
    """Whether this process is ``sphinx-build`` (or ``python -m sphinx``), which exits after one build,
    or a command of ours that reads a project and exits when done with it."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name in SPHINX_BUILD_MODULES:
        return True
    return bool(sys.argv) and Path(sys.argv[0]).name in ONE_BUILD_COMMANDS
