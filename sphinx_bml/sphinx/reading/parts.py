"""``.bml`` files that are parts of other ``.bml`` files, not pages.

BML notes are often split into files that one main file ``#INCLUDE``\\ s
(``#INCLUDE modules/multi.bml``). Every ``.bml`` file in the documentation
folder is a document, so each part would also become a page of its own:
out of any toctree (Sphinx warns), and read without what the main file set
up before the ``#INCLUDE`` (its clipboard, ``#SEAT``, ``#VUL``), which may
give warnings that are not true of the notes.

So, with ``bml_exclude_included = True`` (the default), the ``.bml`` files
that another ``.bml`` document includes are added to ``exclude_patterns``
before Sphinx looks for documents. Their content still appears where it is
included, and editing them still rebuilds the documents that include them.
The root document is never left out, nor are files that only include each
other. One line of the build's output per main file names its parts: a
toctree that names a part gets Sphinx's warning ``toctree contains
reference to excluded document`` (``toc.excluded``), and that line says
why. A file that is read by a ``bml`` directive (``.. bml:: part.bml``)
is not found this way: give it another suffix, such as ``.txt``, or list it
in ``exclude_patterns``.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.matching import get_matching_files

from ...language.reader import Reader, read_regular_file
from ..config import leave_out

logger = logging.getLogger(__name__)

SUFFIX = ".bml"


def included_parts(srcdir: Path, documents: list[Path], root_doc: Path | None = None) -> list[Path]:
    """The ``documents`` that another document, itself not a part, includes (directly or not)."""
    return sorted(includers(srcdir, documents, root_doc))


def includers(srcdir: Path, documents: list[Path], root_doc: Path | None = None) -> dict[Path, Path]:
    """Each part (see :func:`included_parts`) and the first document that includes it."""
    reader = Reader(root=srcdir)
    documents = [document.resolve() for document in documents]
    known = set(documents)
    includes = {
        document: [path for path in reader.read_file(document).files[1:] if path in known]
        if _includes(document)
        else []
        for document in documents
    }
    included = {path for paths in includes.values() for path in paths}
    mains = [document for document in documents if document not in included]
    parts: dict[Path, Path] = {}
    for main in mains:
        for path in includes[main]:
            parts.setdefault(path, main)
    if root_doc is not None:
        parts.pop(root_doc.resolve(), None)
    return parts


def _includes(document: Path) -> bool:
    """Whether ``document`` may ``#INCLUDE`` a file: a document that never says so is not
    read line by line (the word is ASCII in every encoding the reader takes)."""
    try:
        return b"INCLUDE" in read_regular_file(document)
    except OSError:  # the reader says why
        return True


def exclude_included_parts(app: Sphinx, config: Config) -> None:
    """``config-inited``: add the included parts to ``exclude_patterns``, and say so."""
    if not config.bml_exclude_included:
        return
    srcdir = Path(app.srcdir).resolve()
    found = get_matching_files(srcdir, [f"**{SUFFIX}"], config.exclude_patterns)
    documents = [srcdir / name for name in found]
    root = srcdir / f"{config.root_doc}{SUFFIX}"
    parts = includers(srcdir, documents, root)
    if not parts:
        return
    for line in not_pages(parts, srcdir):
        logger.info(line)
    names = [part.relative_to(srcdir).as_posix() for part in sorted(parts)]
    leave_out(config, names)


def not_pages(parts: dict[Path, Path], srcdir: Path) -> list[str]:
    """One line per main file, naming its parts: a toctree that names a part gets
    Sphinx's warning of an "excluded document", which this line explains."""
    by_main: dict[Path, list[str]] = {}
    for part, main in sorted(parts.items()):
        by_main.setdefault(main, []).append(part.relative_to(srcdir).as_posix())
    return [
        f"sphinx-bml: not pages of their own, shown in {main.relative_to(srcdir).as_posix()}, "
        f"which #INCLUDEs them (bml_exclude_included): {', '.join(found)}"
        for main, found in sorted(by_main.items())
    ]
