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
other. A file that is read by a ``bml`` directive (``.. bml:: part.bml``)
is not found this way: give it another suffix, such as ``.txt``, or list it
in ``exclude_patterns``.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils.nodes import Node
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.directives.other import TocTree as SphinxTocTree
from sphinx.util import docname_join, logging
from sphinx.util.matching import get_matching_files

from ...language.errors import Kind
from ...language.reader import Reader
from ..diagnostics import warn

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
        document: [path for path in reader.read_file(document).files[1:] if path in known] for document in documents
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


#: Per documentation folder, each part's document name and the file that includes it.
PARTS: dict[str, dict[str, str]] = {}


def exclude_included_parts(app: Sphinx, config: Config) -> None:
    """``config-inited``: add the included parts to ``exclude_patterns``."""
    srcdir = Path(app.srcdir).resolve()
    PARTS[str(srcdir)] = {}
    if not config.bml_exclude_included:
        return
    found = get_matching_files(srcdir, [f"**{SUFFIX}"], config.exclude_patterns)
    documents = [srcdir / name for name in found]
    root = srcdir / f"{config.root_doc}{SUFFIX}"
    parts = includers(srcdir, documents, root)
    if not parts:
        return
    names = [part.relative_to(srcdir).as_posix() for part in sorted(parts)]
    PARTS[str(srcdir)] = {
        part.relative_to(srcdir).with_suffix("").as_posix(): main.relative_to(srcdir).as_posix()
        for part, main in parts.items()
    }
    logger.verbose("sphinx-bml: %s are #INCLUDEd by other .bml files, so not pages of their own", ", ".join(names))
    config.exclude_patterns = [*config.exclude_patterns, *(_literal_pattern(name) for name in names)]


class TocTree(SphinxTocTree):
    """Sphinx's ``toctree``, which also says why an entry that is a part of
    another ``.bml`` file is not a page (Sphinx itself only says "excluded")."""

    def run(self) -> list[Node]:
        parts = PARTS.get(str(Path(self.env.srcdir).resolve()), {})
        for line in self.content if parts else ():
            entry = line.strip()
            explicit = _EXPLICIT.match(entry)
            target = explicit.group(1) if explicit else entry
            docname = docname_join(self.env.docname, target.removesuffix(SUFFIX))
            includer = parts.get(docname)
            if includer is not None:
                warn(
                    Kind.INCLUDE,
                    f"{target} is not a page of its own: {includer} #INCLUDEs it, so it is shown there; "
                    f"list {includer.removesuffix(SUFFIX)} in this toctree instead, or set "
                    "bml_exclude_included = False in conf.py to make every .bml file a page",
                    self.get_location(),
                )
        return super().run()


_EXPLICIT = re.compile(r"^.*<(.+)>$")


def _literal_pattern(name: str) -> str:
    """A pattern matching just ``name``, even when it holds ``*``, ``?`` or ``[``."""
    return "".join(f"[{char}]" if char in "*?[" else char for char in name)
