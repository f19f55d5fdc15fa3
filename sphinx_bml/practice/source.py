"""The system of one ``.bml`` file, to practise.

The file is read as the build reads a ``.bml`` page (its ``#INCLUDE`` files
in, as long as they are inside the file's folder, which stands for the
project; the first definition of a sequence standing). A whole Sphinx project is
not read here: the commands ask the build's own reading for it
(:mod:`sphinx_bml.sphinx.project`), so that practice sees the very system
the site publishes.
"""

from __future__ import annotations

from pathlib import Path

from ..language.errors import Problems
from ..language.system import System
from ..versions.reading import read_bml


def load_system(path: Path) -> tuple[System, Problems]:
    """The system of the ``.bml`` file at ``path`` (with its ``#+TITLE``: ``--compare`` says when two
    versions are two systems), and the problems met reading it."""
    return read_bml(path, root=path.parent)
