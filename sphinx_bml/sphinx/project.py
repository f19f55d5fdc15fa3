"""A Sphinx project read as the build reads it: the site's systems and the problems found.

The commands that take a project folder (``bml-practice``, ``bml-check``)
do not read its pages themselves: :func:`read_project` runs Sphinx's reading
on it, with the project's ``conf.py``, exactly as ``sphinx-build -b bss``
does (the same pages in the same toctree order, the same settings, the same
pages left out when they are not UTF-8, nothing read outside the project,
symlinks included), writing only into a temporary folder that is removed
afterwards. It hands back each system of the site (the ``bml`` domain's, as
the ``bss`` builder writes it) and every warning the build gave, with its
file and line. Nothing is printed.

:func:`read_notes` does the same for one ``.bml`` file that belongs to no
project: the file's folder is read as a project whose only page is that file.
"""

from __future__ import annotations

import logging
import tempfile
from dataclasses import dataclass, replace
from io import StringIO
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils
from sphinx.util.logging import NAMESPACE, is_suppressed_warning

from ..language.system import System
from .config import site_systems
from .domain.domain import bml_domain

#: The file that makes a folder a Sphinx project.
CONFIGURATION = "conf.py"
#: The builder whose reading is the build's: it reads every page, runs the
#: site's checks and warns about pages outside every system, and writes
#: nothing but its ``.bss`` files (into the temporary folder).
_BUILDER = "bss"


@dataclass(frozen=True)
class Reported:
    """One warning of the build: its words, its kind (``bml.syntax``; Sphinx's
    own kinds such as ``toc.not_included``; empty when it has none), and where."""

    message: str
    kind: str
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else f"{self.file}: " if self.file else ""
        return f"{where}{self.message}" + (f" [{self.kind}]" if self.kind else "")

    def seen_from(self, folder: Path) -> Reported:
        """The same warning, its file named from ``folder`` when it is inside it."""
        if self.file is None or not Path(self.file).is_relative_to(folder):
            return self
        return replace(self, file=Path(self.file).relative_to(folder).as_posix())


@dataclass(frozen=True)
class Project:
    """What the build found in a project."""

    folder: Path
    #: each system by name (``""`` for the one system of a site without ``bml_systems``), in that setting's order
    systems: dict[str, System]
    #: every warning, in the order the build gave them
    reported: tuple[Reported, ...]


def project_of(path: Path) -> Path | None:
    """The project a file or folder belongs to: the nearest folder, itself or above, with a ``conf.py``."""
    path = path.resolve()
    for folder in [path, *path.parents] if path.is_dir() else path.parents:
        if (folder / CONFIGURATION).is_file():
            return folder
    return None


def read_project(folder: Path) -> Project:
    """Read the project in ``folder`` (which holds its ``conf.py``) as the build does.

    Raises :class:`sphinx.errors.SphinxError` (or what ``conf.py`` raises)
    when the project cannot be read at all.
    """
    return _read(folder.resolve(), confdir=folder.resolve(), overrides={})


def read_notes(path: Path) -> Project:
    """Read one ``.bml`` file of no project as the build reads a ``.bml`` page:
    its ``#INCLUDE`` files stay inside its folder."""
    path = path.resolve()
    overrides = {"root_doc": path.stem, "include_patterns": [path.name]}
    return _read(path.parent, confdir=None, overrides=overrides)


def _read(srcdir: Path, confdir: Path | None, overrides: dict[str, Any]) -> Project:
    keeping = _Keeping()
    logger = logging.getLogger(NAMESPACE)
    try:
        with tempfile.TemporaryDirectory(prefix="sphinx-bml-") as output, patch_docutils(confdir), docutils_namespace():
            app = _Reading(keeping, srcdir, confdir, Path(output) / "out", Path(output) / "doctrees", overrides)
            app.build(force_all=True)
    finally:
        logger.removeHandler(keeping)
    sites = bml_domain(app.env).sites()
    systems = {name: sites[name].system for name, _ in site_systems(app.config)}
    suppressed = list(app.config.suppress_warnings)
    reported = (
        _reported(record)
        for record in keeping.records
        if not is_suppressed_warning(getattr(record, "type", ""), getattr(record, "subtype", ""), suppressed)
    )
    return Project(srcdir, systems, tuple(dict.fromkeys(reported)))


class _Keeping(logging.Handler):
    """Keeps every warning given to Sphinx's logger."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class _Reading(Sphinx):
    """Sphinx, quiet, with every warning kept by ``keeping`` too.

    Sphinx sets up its logger (dropping any handler) first thing, then reads
    ``conf.py`` and loads the extensions, whose settings are checked as they
    load: ``keeping`` joins its logger before the first extension. Sphinx's
    own warning handler, which comes first, turns each warning's location
    into ``path:line``; what it drops (``suppress_warnings``) is dropped here
    after the build.
    """

    def __init__(
        self,
        keeping: _Keeping,
        srcdir: Path,
        confdir: Path | None,
        outdir: Path,
        doctreedir: Path,
        overrides: dict[str, Any],
    ) -> None:
        self._keeping = keeping
        super().__init__(
            srcdir, confdir, outdir, doctreedir, _BUILDER, overrides, status=None, warning=StringIO(), freshenv=True
        )

    def setup_extension(self, extname: str) -> None:
        logger = logging.getLogger(NAMESPACE)
        if self._keeping not in logger.handlers:
            logger.addHandler(self._keeping)
        super().setup_extension(extname)


def _reported(record: logging.LogRecord) -> Reported:
    kind = ".".join(part for part in (getattr(record, "type", ""), getattr(record, "subtype", "")) if part)
    message = logging.LogRecord.getMessage(record).removesuffix(f" [{kind}]")
    file, line = _located(getattr(record, "location", None))
    return Reported(message, kind, file, line)


def _located(location: object) -> tuple[str | None, int | None]:
    """The file and line of a location as Sphinx's warning handler leaves it (``path:line``, ``path``)."""
    if not location or not isinstance(location, str):
        return None, None
    file, colon, line = location.rpartition(":")
    if colon and line.isdigit():
        return file, int(line)
    if colon and not line:
        return file, None
    return location, None
