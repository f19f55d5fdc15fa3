"""Pages that are not UTF-8: named at the line Sphinx cannot read, and left out.

Sphinx decodes a page before any extension or parser sees it, with
``source_encoding`` (UTF-8; Sphinx 9 deprecates every other encoding), and
offers no way to read one page otherwise. A page saved by an old Notepad
in Windows-1252 ("ANSI") stopped Sphinx 9 with "Encoding error!" and a
traceback, naming no file (Sphinx 8.0 read it with ``?`` for each letter it
could not decode). So, while ``source_encoding`` is UTF-8, the pages are
checked before Sphinx looks for them (``config-inited``): one that is not
UTF-8 gets a ``bml.include`` warning at its first line that is not, saying
how to save it as UTF-8, and is added to ``exclude_patterns``, so that the
rest of the site is built. A page the site cannot do without (the root
document) is named all the same, and Sphinx stops at it.

Files that pages ``#INCLUDE`` or that a ``bml`` directive reads are read by
the engine, which still reads Windows-1252 (and says so,
:func:`sphinx_bml.language.reader.decode`).
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.project import EXCLUDE_PATHS
from sphinx.util.matching import get_matching_files

from ...language.errors import Kind
from ..config import leave_out
from ..diagnostics import warn

#: What Sphinx's default ``source_encoding`` may be written as.
UTF8_NAMES = frozenset({"utf-8-sig", "utf-8", "utf8", "utf_8", "utf_8_sig"})


def leave_out_pages_not_in_utf8(app: Sphinx, config: Config) -> None:
    """``config-inited``, once ``source_suffix`` holds every suffix (after Sphinx's
    handlers, priority 800): warn about each page that is not UTF-8, and leave it out."""
    if str(config.source_encoding).lower() not in UTF8_NAMES:
        return
    srcdir = Path(app.srcdir)
    inside = srcdir.resolve()
    suffixes = tuple(config.source_suffix)
    left_out = []
    for name in get_matching_files(srcdir, config.include_patterns, [*config.exclude_patterns, *EXCLUDE_PATHS]):
        suffix = next((suffix for suffix in suffixes if name.endswith(suffix)), None)
        if suffix is None:
            continue
        path = srcdir / name
        if not path.is_file() or not path.resolve().is_relative_to(inside):
            continue  # not read (reading/containment.py says why)
        try:
            line = first_line_not_utf8(path.read_bytes())
        except OSError:  # Sphinx says why it cannot read it
            continue
        if line is None:
            continue
        root = name.removesuffix(suffix) == config.root_doc
        warn(Kind.INCLUDE, not_utf8(name, line, root), f"{path}:{line}")
        if not root:
            left_out.append(name)
    if left_out:
        leave_out(config, left_out)


def first_line_not_utf8(data: bytes) -> int | None:
    """The number of the first line that is not UTF-8, ``None`` when all are."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return data.count(b"\n", 0, error.start) + 1
    return None


def not_utf8(name: str, line: int, root: bool) -> str:
    """The warning about the page ``name``, whose ``line`` is not UTF-8."""
    what = "the build cannot go on without it" if root else "it is left out of the site"
    return (
        f"{name} is not saved as UTF-8 (line {line} has a letter or sign in another encoding, such as the "
        f"Windows-1252 of an old Notepad), so Sphinx cannot read it and {what}: open it and save it as UTF-8 "
        "(in Notepad: File, Save As, Encoding UTF-8)"
    )
