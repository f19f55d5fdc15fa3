"""A version of a system kept as a file: a ``.bss`` file (what partner last learned, as
the ``bss`` builder wrote it) or a ``.bml`` file with its includes.

``bml-diff`` and the site's ``.. bml-changes::`` read the earlier version of the
notes here, so both read it the same way. A project folder is read as the build
reads it, which needs Sphinx: that is ``bml-diff``'s own (``sphinx/project``).
"""

from __future__ import annotations

from pathlib import Path

from ..formats.bss_reader import read_bss_file
from ..formats.bss_tree import build_document
from ..language.errors import BMLError, Problems
from ..language.expansion import expand
from ..language.parser import parse_file
from ..language.system import System

#: The endings of the files a version may be kept in, and what each is read as.
SUFFIXES = {".bss": "BSS file", ".bml": "BML file"}


def holds_conditions(path: Path) -> bool:
    """Whether the version kept at ``path`` can hold hand conditions: a ``.bss`` file cannot, so
    a comparison with it leaves them out (:func:`~sphinx_bml.versions.changes.compare`)."""
    return path.suffix.lower() != ".bss"


class NotABssFile(ValueError):
    """A file named ``.bss`` of which no line is a BSS record."""


def read_version(path: Path) -> tuple[System, Problems]:
    """The system kept in ``path`` (by its ending, see :data:`SUFFIXES`) and the problems met
    reading it; :class:`OSError` when it cannot be read, :class:`NotABssFile` when a ``.bss``
    file holds no BSS record, :class:`ValueError` for any other ending."""
    suffix = path.suffix.lower()
    if suffix == ".bss":
        return read_bss_version(path)
    if suffix == ".bml":
        document = parse_file(path)
        return expand(document), document.problems
    raise ValueError(f"{path} is neither a .bss nor a .bml file")


def read_bss_version(path: Path) -> tuple[System, Problems]:
    """The system of the ``.bss`` file at ``path``; its lines that are not BSS records are
    problems, and left out. Raises as :func:`read_version`."""
    bss, _ = read_bss_file(path, skip_invalid=True)
    if not (bss.sequences or bss.system_name or bss.summary):
        raise NotABssFile(f"{path} is not a BSS file: no line of it is a BSS record")
    document = build_document(bss)
    problems = Problems()
    for problem in bss.problems:
        problems.add(BMLError(f"{problem.message}; the line is left out", problem.location, problem.kind))
    system = expand(document, problems=problems)
    return system, problems
