"""A Sphinx project read as the build reads it: the site's systems and the problems found.

The commands that take a project folder (``bml-practice``, ``bml-check``,
``bml-diff``) do not read its pages themselves: :func:`read_project` runs Sphinx's reading
on it, with the project's ``conf.py``, exactly as ``sphinx-build -b bss``
does (the same pages in the same toctree order, the same settings, the same
pages left out when they are not UTF-8, nothing read outside the project,
symlinks included), writing only into a temporary folder that is removed
afterwards. It hands back each system of the site (the ``bml`` domain's, as
the ``bss`` builder writes it, with its root document's ``#+TITLE``) and
every warning the build gave, with its file and line. Nothing is printed.

:func:`read_notes` does the same for one ``.bml`` file that belongs to no
project (``bml-check`` and ``bml-diff`` read a lone file so): the file's
folder (or a folder above it) is read as a project whose only page is that
file, so its ``#INCLUDE`` files stay inside that folder (an absolute path,
``../`` or a symbolic link leading out is refused with the build's
``bml.include`` warning), and the subfolders of its own folder are not even
looked through. :func:`notes_in` finds what a folder that is no project
holds: the projects inside it and its ``.bml`` files of no project.

A ``conf.py`` that needs a module that is not installed (an extension it
loads, such as ``myst_parser``, or a module it imports) raises
:class:`MissingModule`, which names the module and the line of ``conf.py``.
"""

from __future__ import annotations

import ast
import logging
import os
import tempfile
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, replace
from io import StringIO
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ConfigError, ExtensionError, SphinxError
from sphinx.util.docutils import docutils_namespace, patch_docutils
from sphinx.util.logging import NAMESPACE, is_suppressed_warning

from ..language.errors import BMLError, Kind, one_line
from ..language.model import Metadata
from ..language.system import System
from .config import pattern_of, site_systems
from .diagnostics import WARNING_TYPE
from .domain.domain import bml_domain
from .reading.encoding import first_line_not_utf8, not_utf8
from .reading.parts import SUFFIX, includers

#: The file that makes a folder a Sphinx project.
CONFIGURATION = "conf.py"
#: The builder whose reading is the build's: it reads every page, runs the
#: site's checks and warns about pages outside every system, and writes
#: nothing but its ``.bss`` files (into the temporary folder).
_BUILDER = "bss"
#: Folders never looked in for notes, beside hidden ones (``.git``, ``.venv``) and
#: virtual environments (a folder with ``pyvenv.cfg``): Sphinx's output, JavaScript's packages.
_NOT_NOTES = ("_build", "node_modules")


@dataclass(frozen=True)
class Reported:
    """One warning of the build: its words, its kind (``bml.syntax``; Sphinx's
    own kinds such as ``toc.not_included``; empty when it has none), and where."""

    message: str
    kind: str
    file: str | None = None
    line: int | None = None

    @classmethod
    def of(cls, problem: BMLError) -> Reported:
        """A problem found without Sphinx (in a ``.bss`` file) as the build would warn it."""
        where = problem.location
        kind = f"{WARNING_TYPE}.{problem.kind.value}"
        return cls(problem.message, kind, where.file if where else None, where.line if where else None)

    def __str__(self) -> str:
        """The warning as the commands print it, ``FILE:LINE: message [bml.kind]``, on one line
        (:func:`~sphinx_bml.language.errors.one_line`: a control character in a file's name or
        in what it quotes does not reach the terminal raw)."""
        where = f"{self.file}:{self.line}: " if self.file and self.line else f"{self.file}: " if self.file else ""
        return one_line(f"{where}{self.message}" + (f" [{self.kind}]" if self.kind else ""))

    def seen_from(self, folder: Path) -> Reported:
        """The same warning, its file named from ``folder`` when it is inside it."""
        return self if self.file is None else replace(self, file=named_from(self.file, folder))


def named_from(file: str, folder: Path) -> str:
    """``file`` as a command names it: from ``folder`` (the current folder) when it is inside it."""
    path = Path(file)
    return path.relative_to(folder).as_posix() if path.is_relative_to(folder) else file


@dataclass(frozen=True)
class Project:
    """What the build found in a project."""

    folder: Path
    #: each system by name (``""`` for the one system of a site without ``bml_systems``), in that setting's order,
    #: with the ``#+TITLE`` (and the other ``#+KEY`` values) of its root document
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


def read_notes(path: Path, folder: Path | None = None, left_out: Sequence[str] = ()) -> Project:
    """Read one ``.bml`` file of no project as the build reads a ``.bml`` page of a
    project without settings in ``folder`` (default: the file's own): its ``#INCLUDE``
    files stay inside that folder; the folders ``left_out`` (relative) are not looked in, and for a
    file read in its own folder, none of that folder's subfolders.

    A file that is not UTF-8 is read as the build would stop at it: no system, and the build's
    warning saying how to save it."""
    path = path.resolve()
    srcdir = path.parent if folder is None else folder.resolve()
    name = path.relative_to(srcdir).as_posix()
    try:
        line = first_line_not_utf8(path.read_bytes())
    except OSError:  # Sphinx says why it cannot read it
        line = None
    if line is not None:  # Sphinx stops at it, the root document, once it has said so: say it alone
        message = not_utf8(name, line, root=True)
        return Project(srcdir, {}, (Reported(message, f"{WARNING_TYPE}.{Kind.INCLUDE}", str(path), line),))
    skipped = _subfolders(srcdir) if folder is None else left_out  # a lone file's folder may be a big one
    overrides = {
        "root_doc": name.removesuffix(SUFFIX),
        "include_patterns": [pattern_of(name)],
        "exclude_patterns": [pattern_of(folder_name) for folder_name in skipped],
    }
    return _read(srcdir, confdir=None, overrides=overrides)


@dataclass(frozen=True)
class Notes:
    """What a folder that is no project holds, as :func:`notes_in` finds it."""

    folder: Path
    #: the projects inside it, each the folder of its ``conf.py`` (none inside another)
    projects: tuple[Path, ...]
    #: its main ``.bml`` files of no project: those that no other ``.bml`` file there ``#INCLUDE``\ s
    files: tuple[Path, ...]
    #: the folders not looked in (hidden ones, ``_build``, virtual environments), relative to ``folder``
    left_out: tuple[str, ...]


def notes_in(folder: Path) -> Notes:
    """The projects and the main ``.bml`` files in ``folder`` and below, which is no project.

    Hidden folders (``.git``, ``.venv``), ``_build``, ``node_modules`` and
    virtual environments are not looked in, nor the folders of a project
    but through their project. The ``.bml`` files that another one includes
    are parts of it, as :mod:`~sphinx_bml.sphinx.reading.parts` says, and
    read where they are included; the others are the main files, as
    bridge-markup's ``bml2bss`` would be given them.
    """
    folder = folder.resolve()
    projects: list[Path] = []
    files: list[Path] = []
    left_out: list[str] = []
    for current, folders, names in os.walk(folder):
        here = Path(current)
        if here != folder and (here / CONFIGURATION).is_file():
            projects.append(here)
            folders.clear()
            continue
        kept = []
        for name in sorted(folders):
            if name.startswith(".") or name in _NOT_NOTES or (here / name / "pyvenv.cfg").is_file():
                left_out.append((here / name).relative_to(folder).as_posix())
            else:
                kept.append(name)
        folders[:] = kept
        files.extend(here / name for name in sorted(names) if name.endswith(SUFFIX) and (here / name).is_file())
    parts = includers(folder, files)
    mains = tuple(file for file in files if file.resolve() not in parts)
    return Notes(folder, tuple(projects), mains, tuple(left_out))


class MissingModule(SphinxError):
    """``conf.py`` needs a module that is not installed: an extension it loads
    (``extension`` is its name), or a module it imports (``extension`` is ``None``)."""

    category = "Missing module"

    def __init__(self, module: str, extension: str | None, file: Path, line: int | None) -> None:
        self.module, self.extension, self.file, self.line = module, extension, file, line
        what = f"imports {module}" if extension is None else f"loads the extension {extension}"
        needs = "" if extension in (None, module) else f", which needs {module}"
        super().__init__(f"{CONFIGURATION} {what}{needs}, which is not installed")


def _subfolders(folder: Path) -> list[str]:
    """The names of the folders in ``folder``: Sphinx looks through every file under its
    documentation folder, and a lone file may lie in a big one (a home folder, Downloads)."""
    try:
        return [entry.name for entry in folder.iterdir() if entry.is_dir()]
    except OSError:
        return []


def _read(srcdir: Path, confdir: Path | None, overrides: dict[str, Any]) -> Project:
    keeping = _Keeping()
    logger = logging.getLogger(NAMESPACE)
    try:
        with tempfile.TemporaryDirectory(prefix="sphinx-bml-") as output, patch_docutils(confdir), docutils_namespace():
            app = _Reading(keeping, srcdir, confdir, Path(output) / "out", Path(output) / "doctrees", overrides)
            try:
                app.build(force_all=True)
            except UnicodeDecodeError:  # the root document is not UTF-8: the build said so, then stopped at it
                raise SphinxError(_not_read(app, keeping)) from None
    except ConfigError as error:
        missing = error.__cause__
        if confdir is None or not isinstance(missing, ModuleNotFoundError) or not missing.name:
            raise
        configuration = confdir / CONFIGURATION
        frames = traceback.extract_tb(missing.__traceback__)
        line = next((frame.lineno for frame in frames if Path(frame.filename).resolve() == configuration), None)
        raise MissingModule(missing.name, None, configuration, line) from error
    finally:
        logger.removeHandler(keeping)
    domain = bml_domain(app.env)
    systems = {
        name: replace(domain.sites()[name].system, metadata=Metadata(domain.metadata(name)))
        for name, _ in site_systems(app.config)
    }
    suppressed = list(app.config.suppress_warnings)
    reported = (
        _reported(record)
        for record in keeping.records
        if not is_suppressed_warning(getattr(record, "type", ""), getattr(record, "subtype", ""), suppressed)
    )
    return Project(srcdir, systems, tuple(dict.fromkeys(reported)))


def _not_read(app: Sphinx, keeping: _Keeping) -> str:
    """Why the build stopped at the root document: the build's warning about it."""
    root = Path(app.env.doc2path(app.config.root_doc)).resolve()
    said = (_reported(record) for record in keeping.records)
    about = [reported for reported in said if reported.file and Path(reported.file).resolve() == root]
    return about[-1].message if about else f"{root.name} is not saved as UTF-8, so Sphinx cannot read it"


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
        try:
            super().setup_extension(extname)
        except ExtensionError as error:
            missing = error.__cause__
            if not isinstance(missing, ModuleNotFoundError) or not missing.name:
                raise
            configuration = Path(self.confdir) / CONFIGURATION
            raise MissingModule(missing.name, extname, configuration, _line_naming(configuration, extname)) from error


def _line_naming(configuration: Path, name: str) -> int | None:
    """The line of ``conf.py`` where the string ``name`` is written (in ``extensions``), if it is."""
    try:
        tree = ast.parse(configuration.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return None
    lines = (node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value == name)
    return min(lines, default=None)


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
