"""``bml-check``: every problem the build would report in the notes, without writing a site.

::

    bml-check [--format text|json] [PATH...]

Each PATH (default: the current folder) is a Sphinx project folder (the
folder of its ``conf.py``), a ``.bml`` file, a ``.rst``/``.md`` page inside a
project, or any other folder. A project is read as the build reads it
(:mod:`sphinx_bml.sphinx.project`) and every warning the build gives is
printed, one a line, as ``FILE:LINE: message [bml.kind]``: mistakes in the
BML, ``#INCLUDE`` files that cannot be read, conflicts, tables continuing a
sequence no table describes, hand conditions, and Sphinx's own warnings
about the pages. For a file or folder inside a project, the project it
belongs to is read and the problems of what is inside it are printed; a
``.bml`` file that belongs to no project is read alone. A folder that
belongs to no project is looked through: each project in it is read, and
each of its main ``.bml`` files of no project (those no other ``.bml`` file
``#INCLUDE``\\ s) is read alone, its ``#INCLUDE`` files inside that folder.
So the pre-commit hook, which runs ``bml-check`` at the repository's root,
needs no argument whether ``conf.py`` is there, in ``docs/``, or nowhere.
``--format json`` prints a JSON array instead, one object per problem
(``file``, ``line``, ``message``, ``kind``).

Exit status: 0 when there is no problem, 1 when there is one or more, 2 on a
mistake on the command line (a path that does not exist, a file of another
kind, a folder without notes) or a project that cannot be read at all (a
broken ``conf.py``, or one that needs a module that is not installed: the
message says, at ``conf.py``'s line, which, and how to install it, in the
pre-commit hook's ``additional_dependencies`` when pre-commit runs it).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from ..sphinx.project import (
    CONFIGURATION,
    MissingModule,
    Project,
    Reported,
    notes_in,
    project_of,
    read_notes,
    read_project,
)
from .command_line import MISTAKE, json_text

FOUND = 1
PAGES = (".rst", ".md")
EXPECTED = (
    f"a Sphinx project folder (with its {CONFIGURATION}), a folder of .bml files, a .bml file, "
    "or a .rst or .md page of a project"
)
#: pre-commit sets this in the environment of the hooks it runs.
PRE_COMMIT = "PRE_COMMIT"


class Mistake(Exception):
    """A PATH that cannot be checked; the message says what was expected."""


@dataclass(frozen=True)
class Reading:
    """One reading: the project in ``folder`` (``notes`` is ``None``), or the ``.bml``
    file ``notes`` of no project, read alone with its ``#INCLUDE`` files inside ``folder``."""

    folder: Path
    notes: Path | None = None
    #: the folders inside ``folder`` that are not looked in (relative)
    left_out: tuple[str, ...] = ()


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bml-check", description="Report every problem the build would report in BML notes, writing nothing."
    )
    parser.add_argument(
        "paths", type=Path, nargs="*", default=[Path()], metavar="PATH", help=f"{EXPECTED} (default: .)"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="json: one object per problem")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-check`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)
    return run(options.paths, options.format, sys.stdout, sys.stderr)


def run(paths: list[Path], form: str, out: TextIO, err: TextIO) -> int:
    try:
        found = problems(paths)
    except MissingModule as missing:
        print(_install(missing, Path.cwd()), file=err)
        return MISTAKE
    except Mistake as mistake:
        print(f"bml-check: {mistake}", file=err)
        return MISTAKE
    here = Path.cwd()
    shown = [reported.seen_from(here) for reported in found]
    if form == "json":
        print(json_text([asdict(reported) for reported in shown]), file=out)
    else:
        for reported in shown:
            print(reported, file=out)
    return FOUND if found else 0


def problems(paths: list[Path]) -> list[Reported]:
    """The problems of every path, each project read once, each problem once, in the order given."""
    wanted = [item for path in paths for item in _what_to_check(path)]
    read: dict[Reading, Project] = {}
    found: dict[Reported, None] = {}
    for reading, within in wanted:
        if reading not in read:
            read[reading] = _read(reading)
        for reported in read[reading].reported:
            if within is None or (reported.file is not None and Path(reported.file).resolve().is_relative_to(within)):
                found[reported] = None
    return list(found)


def _what_to_check(path: Path) -> list[tuple[Reading, Path | None]]:
    """What to read for ``path``, each with the file or folder whose problems are wanted (``None``: all)."""
    if not path.exists():
        raise Mistake(f"{path} does not exist: give {EXPECTED}")
    folder = project_of(path)
    if path.is_dir():
        if folder is not None:
            return [(Reading(folder), None if folder == path.resolve() else path.resolve())]
        return _notes_in(path)
    if path.suffix == ".bml":
        return [(Reading(folder) if folder else Reading(path.resolve().parent, path.resolve()), path.resolve())]
    if path.suffix in PAGES:
        if folder is None:
            raise Mistake(f"{path} is not inside a Sphinx project (no {CONFIGURATION} in its folder or above)")
        return [(Reading(folder), path.resolve())]
    raise Mistake(f"{path} is not BML notes: give {EXPECTED}")


def _notes_in(path: Path) -> list[tuple[Reading, Path | None]]:
    """Each project in a folder of no project, and each of its main ``.bml`` files, read alone."""
    notes = notes_in(path)
    readings = [Reading(project) for project in notes.projects]
    readings += [Reading(notes.folder, file, notes.left_out) for file in notes.files]
    if not readings:
        raise Mistake(
            f"{path} holds no notes: no {CONFIGURATION} and no .bml file in it or below "
            f"(hidden folders, _build and virtual environments are not looked in): give {EXPECTED}"
        )
    return [(reading, None) for reading in sorted(readings, key=lambda reading: reading.notes or reading.folder)]


def _read(reading: Reading) -> Project:
    try:
        if reading.notes is None:
            return read_project(reading.folder)
        return read_notes(reading.notes, reading.folder, reading.left_out)
    except MissingModule:
        raise
    except Exception as error:  # conf.py may raise anything; Sphinx raises SphinxError
        raise Mistake(f"{reading.folder} cannot be read as a Sphinx project: {error}") from error


def _install(missing: MissingModule, here: Path) -> str:
    """What to do when ``conf.py`` needs a module that is not installed, at ``conf.py``'s line."""
    where = Reported("", "", str(missing.file), missing.line).seen_from(here)
    package = _package(missing.module)
    likely = f"on PyPI, {missing.module} is most likely in {package}"
    if os.environ.get(PRE_COMMIT) == "1":
        return (
            f"{where}{missing} in the environment pre-commit made for the bml-check hook: "
            f"in .pre-commit-config.yaml, add 'additional_dependencies: [{package}]' under '- id: bml-check', "
            f"listing there the package of every extension {CONFIGURATION} loads other than Sphinx's own "
            f"(sphinx.ext.*) and sphinx_bml ({likely})"
        )
    return f"{where}{missing} where bml-check runs: install it there, 'pip install {package}' ({likely})"


def _package(module: str) -> str:
    """The name a module's package most likely has on PyPI: ``myst_parser`` is in
    ``myst-parser``, ``sphinxcontrib.mermaid`` in ``sphinxcontrib-mermaid``."""
    parts = module.split(".")
    shared = parts[0] in ("sphinxcontrib", "sphinxext") and len(parts) > 1
    return "-".join(parts[:2] if shared else parts[:1]).replace("_", "-")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
