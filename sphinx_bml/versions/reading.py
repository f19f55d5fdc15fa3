"""A version of a system kept as a file: a ``.bss`` file (what partner last learned, as
the ``bss`` builder wrote it) or a ``.bml`` file with its includes.

The site's ``.. bml-changes::`` and ``bml_changed_since`` read the earlier
version of the notes here, and ``bml-diff`` a ``.bss`` file, so all read it
the same way. A ``.bml`` file's ``#INCLUDE`` files stay inside a folder given
(the documentation folder, as for the build's pages: :func:`read_bml`). A
``.bml`` file given to a command and a project folder are read as the build
reads them, which needs Sphinx (:mod:`sphinx_bml.sphinx.project`).
:func:`read_notes` reads any file of notes, a BBOalert file too: the
opponents' notes ``bml-practice --opponents`` and a practice page bid by.
"""

from __future__ import annotations

from pathlib import Path

from ..formats.bboalert_reader import build_document as bboalert_document
from ..formats.bboalert_reader import is_bboalert, read_bboalert_notes
from ..formats.bss_reader import decode_bss, read_bss_file
from ..formats.bss_tree import build_document
from ..language.errors import BMLError, Problems
from ..language.expansion import expand
from ..language.parser import parse_file
from ..language.reader import Reader
from ..language.system import System

#: The endings of the files a version may be kept in, and what each is read as.
SUFFIXES = {".bss": "BSS file", ".bml": "BML file"}


#: How many bytes of a file are enough to tell a BBOalert file by its first line.
_FIRST_BYTES = 4096


def holds_conditions(path: Path) -> bool:
    """Whether the version kept at ``path`` can hold hand conditions: a ``.bss`` file cannot, so
    a comparison with it leaves them out (:func:`~sphinx_bml.versions.changes.compare`), nor can
    a BBOalert file."""
    return path.suffix.lower() != ".bss" and not _bboalert_file(path)


def _bboalert_file(path: Path) -> bool:
    """Whether the file at ``path`` is a BBOalert file, by its first line (``False`` when it cannot be read)."""
    try:
        with path.open("rb") as file:
            start = file.read(_FIRST_BYTES)
    except OSError:
        return False
    return is_bboalert(decode_bss(start)[0])


class NotABssFile(ValueError):
    """A file named ``.bss`` of which no line is a BSS record."""


def read_version(path: Path, root: Path) -> tuple[System, Problems]:
    """The system kept in ``path`` (by its ending, see :data:`SUFFIXES`) and the problems met
    reading it, a ``.bml`` file's ``#INCLUDE`` files inside ``root`` (:func:`read_bml`);
    :class:`OSError` when it cannot be read, :class:`NotABssFile` when a ``.bss`` file holds
    no BSS record, :class:`ValueError` for any other ending."""
    suffix = path.suffix.lower()
    if suffix == ".bss":
        return read_bss_version(path)
    if suffix == ".bml":
        return read_bml(path, root)
    raise ValueError(f"{path} is neither a .bss nor a .bml file")


def read_notes(path: Path, root: Path) -> tuple[System, Problems]:
    """The system of the file of notes at ``path``, whatever it is: a BBOalert file (its first line
    says ``BBOalert``), else by its ending (:func:`read_version`), any other ending read as a
    ``.bml`` file. Raises as :func:`read_version`."""
    if _bboalert_file(path):
        return read_bboalert_version(path)
    if path.suffix.lower() in SUFFIXES:
        return read_version(path, root)
    return read_bml(path, root)


def read_bboalert_version(path: Path) -> tuple[System, Problems]:
    """The system of the BBOalert file at ``path``, as ``bboalert2bml`` converts it (records BML has
    no place for left out); its ``BBOalert,<title>`` line is the system's title. Raises
    :class:`OSError` when it cannot be read."""
    text, _ = decode_bss(path.read_bytes())
    document = bboalert_document(read_bboalert_notes(text, str(path)))
    return expand(document), document.problems


def read_bml(path: Path, root: Path) -> tuple[System, Problems]:
    """The system of the ``.bml`` file at ``path``, read as the build reads a ``.bml`` page: its
    ``#INCLUDE`` files in as long as they are inside ``root`` (an absolute path, ``../`` or a
    symbolic link leading out of it is a ``bml.include`` problem, and not read), the first
    definition of a sequence standing; its ``#+TITLE``. And the problems met reading it."""
    document = parse_file(path, reader=Reader(root=root))
    return expand(document), document.problems


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
