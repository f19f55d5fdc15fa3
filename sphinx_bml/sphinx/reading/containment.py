"""Pages are read from inside the project: a page that links to a file outside it is not read.

Sphinx follows symbolic links when it reads a page, so a page
``shared.bml -> ../../elsewhere/notes.bml`` would bring a file from outside
the documentation folder into the site, its ``.bss`` file and what
``bml-practice`` prints. As with ``#INCLUDE``, which reads nothing outside the
documentation folder either, such a page is read as an empty page, with a
``bml.include`` warning at the page that says how to bring the notes in.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from ...language.errors import Kind
from ..diagnostics import warn


def keep_pages_inside(app: Sphinx, docname: str, content: list[str]) -> None:
    """``source-read``: a page whose file is a link to a file outside the documentation folder is read as empty."""
    path = Path(app.env.doc2path(docname))
    target = path.resolve()
    if target.is_relative_to(Path(app.srcdir).resolve()):
        return
    content[0] = ""
    warn(
        Kind.INCLUDE,
        f"{path.name} is a link to {target}, outside the documentation folder, so it is not read: "
        "copy the file into the folder to publish it",
        (docname, 1),
    )
