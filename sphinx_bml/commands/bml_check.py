"""``bml-check``: every problem the build would report in the notes, without writing a site.

::

    bml-check [--format text|json] PATH...

Each PATH is a Sphinx project folder (the folder of its ``conf.py``), a
``.bml`` file, or a ``.rst``/``.md`` page inside a project. A project is read
as the build reads it (:mod:`sphinx_bml.sphinx.project`) and every warning
the build gives is printed, one a line, as ``FILE:LINE: message [bml.kind]``:
mistakes in the BML, ``#INCLUDE`` files that cannot be read, conflicts,
tables continuing a sequence no table describes, hand conditions, and
Sphinx's own warnings about the pages. For a file inside a project, the
project it belongs to is read and that file's problems are printed; a
``.bml`` file that belongs to no project is read alone. ``--format json``
prints a JSON array instead, one object per problem (``file``, ``line``,
``message``, ``kind``).

Exit status: 0 when there is no problem, 1 when there is one or more, 2 on a
mistake on the command line (a path that does not exist, a file of another
kind) or a project that cannot be read at all (a broken ``conf.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TextIO

from sphinx.errors import SphinxError

from ..sphinx.project import CONFIGURATION, Project, Reported, project_of, read_notes, read_project
from .command_line import MISTAKE, json_text

FOUND = 1
PAGES = (".rst", ".md")
EXPECTED = f"a Sphinx project folder (with its {CONFIGURATION}), a .bml file, or a .rst or .md page of a project"


class Mistake(Exception):
    """A PATH that cannot be checked; the message says what was expected."""


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bml-check", description="Report every problem the build would report in BML notes, writing nothing."
    )
    parser.add_argument("paths", type=Path, nargs="+", metavar="PATH", help=EXPECTED)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="json: one object per problem")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-check`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)
    return run(options.paths, options.format, sys.stdout, sys.stderr)


def run(paths: list[Path], form: str, out: TextIO, err: TextIO) -> int:
    try:
        found = problems(paths)
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
    wanted = [_what_to_check(path) for path in paths]
    projects: dict[Path | None, Project] = {}
    found: dict[Reported, None] = {}
    for folder, file in wanted:
        if folder is None:  # a .bml file of no project
            assert file is not None
            found.update(dict.fromkeys(_read(file, read_notes).reported))
            continue
        if folder not in projects:
            projects[folder] = _read(folder, read_project)
        for reported in projects[folder].reported:
            if file is None or (reported.file is not None and Path(reported.file).resolve() == file):
                found[reported] = None
    return list(found)


def _what_to_check(path: Path) -> tuple[Path | None, Path | None]:
    """The project to read (``None``: the file alone) and the file whose problems are wanted (``None``: all)."""
    if not path.exists():
        raise Mistake(f"{path} does not exist: give {EXPECTED}")
    if path.is_dir():
        if not (path / CONFIGURATION).is_file():
            raise Mistake(f"{path} is a folder without {CONFIGURATION}, so not a Sphinx project: give {EXPECTED}")
        return path.resolve(), None
    folder = project_of(path)
    if path.suffix == ".bml":
        return folder, path.resolve()
    if path.suffix in PAGES:
        if folder is None:
            raise Mistake(f"{path} is not inside a Sphinx project (no {CONFIGURATION} in its folder or above)")
        return folder, path.resolve()
    raise Mistake(f"{path} is not BML notes: give {EXPECTED}")


def _read(path: Path, read: Callable[[Path], Project]) -> Project:
    try:
        return read(path)
    except SphinxError as error:
        raise Mistake(f"{path} cannot be read as a Sphinx project: {error}") from error


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
