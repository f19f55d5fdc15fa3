"""Less work for Python's garbage collector during a build, without switching it off.

(Not a Sphinx ``EnvironmentCollector``: this module tunes Python's ``gc``.)

A bidding system is read once into a large model (the engine's objects, the
site's meanings, the doctrees) that lives until the build ends. Each full
pass of the cyclic garbage collector walks every live object, so on a big
system most of a build went into finding that model still alive. Before the
stored environment is loaded (Sphinx and the extensions are imported, the
configuration read), once it is loaded (an incremental build starts from the
whole site's stored model), once a document is read, and once the
environment is complete, :func:`freeze` moves what is alive to the
collector's permanent generation (:func:`gc.freeze`): later passes walk only
what is made after. The collector stays on for everything new, and
:func:`unfreeze` gives it the frozen objects back when the build ends, so
that a process running several builds (``sphinx-autobuild``, a test suite)
frees what each one left; but not when the process is ``sphinx-build``
itself, which ends with the build: there, the objects given back would only
make Python's shutdown walk and free them one by one, where the system frees
the whole process at once. ``benchmarks/README.md`` has the figures.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx


def freeze(app: Sphinx, *arguments: Any) -> None:
    """``config-inited``, ``builder-inited``, ``doctree-read``, ``env-updated``,
    ``env-check-consistency``: what is alive now stays alive."""
    gc.freeze()


@contextmanager
def keeping() -> Iterator[None]:
    """While the engine makes a page's model (or the site's), what survives a full
    collection of the collector stays alive until the build ends: it is frozen
    there and then, so that the next full passes do not walk it again. Without
    this, each full pass walked everything made so far, and reading one big
    page took more than linear time in its size."""

    def freeze_survivors(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()

    gc.callbacks.append(freeze_survivors)
    try:
        yield
    finally:
        gc.callbacks.remove(freeze_survivors)
        gc.freeze()


def unfreeze(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: the frozen objects are the collector's again, unless the process ends now."""
    if not ends_with_the_build():
        gc.unfreeze()


#: What ``__main__`` is when ``python -m sphinx`` runs, and the name of the command.
SPHINX_BUILD_MODULES = frozenset({"sphinx", "sphinx.__main__", "sphinx.cmd.build"})
SPHINX_BUILD_COMMANDS = frozenset({"sphinx-build", "sphinx-build.exe"})


def ends_with_the_build() -> bool:
    """Whether this process is ``sphinx-build`` (or ``python -m sphinx``), which exits after one build."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name in SPHINX_BUILD_MODULES:
        return True
    return bool(sys.argv) and Path(sys.argv[0]).name in SPHINX_BUILD_COMMANDS
