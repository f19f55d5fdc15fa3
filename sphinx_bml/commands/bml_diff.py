"""``bml-diff``: what changed between two versions of a bidding system.

::

    bml-diff [-h] [--json] [--version] OLD NEW

OLD and NEW are each a ``.bml`` file (with its includes), a ``.bss`` file or
a project folder. It prints the sequences added, removed and changed,
grouped by opening, each with its meaning (old and new, one above the
other), its seat and vulnerability when the table is for some of them only,
and the file and line that define it on each side (see
:mod:`sphinx_bml.versions.changes` for what counts as a change).
``--json`` prints the same for a script.

A ``.bml`` file and a project folder are read by the build's own reading
(:mod:`sphinx_bml.sphinx.project`, as ``bml-check`` reads them): a lone
``.bml`` file as a project of its folder alone, so that an ``#INCLUDE``
leading out of that folder (an absolute path, ``../``, a symbolic link) is
refused and nothing of it is read. A ``.bss`` file is read as the changes
page reads it (:mod:`sphinx_bml.versions.reading`).

Problems in the notes are printed as the build warns them, as ``bml-check``
prints them (``FILE:LINE: message [bml.kind]``: conflicts, unused rows,
orphans, syntax...), on standard error, and the comparison goes on, as the
build does. Everything printed, the text and ``--json``, shows a control
character or a mark that reorders the line as an escape (``\\u001b``,
``\\u202e``), whether it comes from a file or from a file's name. Exit status,
as ``diff``'s: 0 the systems are the same, 1 they differ, 2 a mistake (a
file that cannot be read or is of another kind, a wrong option).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from ..language.errors import one_line
from ..language.notation import context_label, label, short_notation
from ..language.system import Meaning, System
from ..sphinx.project import CONFIGURATION, Project, Reported, named_from, read_notes, read_project
from ..versions.changes import Change, ChangeKind, Comparison, compare, counted
from ..versions.reading import SUFFIXES, NotABssFile, holds_conditions, read_bss_version
from .command_line import MISTAKE, CommandError, closed_pipe, json_text, version_text

SAME = 0
DIFFERENT = 1
#: What each side may be, for the message about a file of another kind.
EXPECTED = "a .bml file, a .bss file or a project folder"


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bml-diff",
        description="Show the sequences added, removed and changed between two versions of a bidding system.",
        epilog=(
            f"OLD and NEW are each {EXPECTED}. Exit status: 0 the systems are the same, "
            "1 they differ, 2 a mistake (a file that cannot be read, a file of another kind)."
        ),
    )
    parser.add_argument("old", metavar="OLD", help=f"the earlier version: {EXPECTED}")
    parser.add_argument("new", metavar="NEW", help=f"the later version: {EXPECTED}")
    parser.add_argument("--json", action="store_true", help="print the changes as JSON, for scripts")
    parser.add_argument("--version", action="version", version=version_text("bml-diff"))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-diff`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)  # a wrong option exits with 2, as diff does
    try:
        old = load(Path(options.old))
        new = load(Path(options.new))
    except CommandError as error:
        print(one_line(f"bml-diff: {error}"), file=sys.stderr)
        return MISTAKE
    here = Path.cwd()
    for reported in (*old[1], *new[1]):
        print(reported.seen_from(here), file=sys.stderr)
    conditions = holds_conditions(Path(options.old)) and holds_conditions(Path(options.new))
    comparison = compare(old[0], new[0], conditions=conditions)
    try:
        if options.json:
            sys.stdout.write(json_text(as_json(comparison, options.old, options.new)) + "\n")
        else:
            write_text(comparison, options.old, options.new, sys.stdout)
    except BrokenPipeError:
        return closed_pipe()
    return SAME if comparison.same else DIFFERENT


# --------------------------------------------------------------------------
# Reading each side


def load(path: Path) -> tuple[System, tuple[Reported, ...]]:
    """The system at ``path`` (a ``.bml`` file, a ``.bss`` file or a project folder) and the
    problems met reading it, as the build warns them; :class:`CommandError` when it cannot be
    read or is of another kind.

    A project folder and a ``.bml`` file are read as the build reads them
    (:mod:`sphinx_bml.sphinx.project`): a project's first system (``bml_systems``),
    a lone ``.bml`` file's folder as a project of that file alone; their warnings
    about the notes (``bml.*``) are the problems.
    """
    if path.is_dir():
        if not (path / CONFIGURATION).is_file():
            raise CommandError(f"{path} is a folder without {CONFIGURATION}: give {EXPECTED}")
        return _built(path, read_project)
    if not path.exists():
        raise CommandError(f"cannot read {path}: there is no such file or folder")
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CommandError(f"{path} is not a system: give {EXPECTED} (this file ends in '{path.suffix}')")
    if not path.is_file():
        raise CommandError(f"cannot read {path}: it is a pipe or a device, not a file")
    if suffix == ".bml":
        return _built(path, read_notes)
    try:
        system, problems = read_bss_version(path)
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    except NotABssFile as error:
        raise CommandError(f"{error}; give {EXPECTED}") from None
    return system, tuple(Reported.of(problem) for problem in problems)


def _built(path: Path, read: Callable[[Path], Project]) -> tuple[System, tuple[Reported, ...]]:
    """The first system of what the build reads at ``path``, and its warnings about the notes."""
    what = "as a Sphinx project" if path.is_dir() else "as the build reads it"
    try:
        project = read(path)
    except Exception as error:  # conf.py may raise anything; Sphinx raises SphinxError
        raise CommandError(f"cannot read {path} {what}: {error}") from None
    problems = tuple(reported for reported in project.reported if reported.kind.startswith("bml."))
    if not project.systems:  # the build would stop at it (a file not saved as UTF-8): its warning says why
        why = problems[0].message if problems else "the build reads no system from it"
        raise CommandError(f"cannot read {path} {what}: {why}")
    return next(iter(project.systems.values())), problems


# --------------------------------------------------------------------------
# Text


_HEADINGS = {ChangeKind.ADDED: "added", ChangeKind.REMOVED: "removed", ChangeKind.CHANGED: "changed"}


def write_text(comparison: Comparison, old_name: str, new_name: str, out: TextIO) -> None:
    """The changes for reading, grouped by opening; a last line counts them. Each line as
    :func:`~sphinx_bml.language.errors.one_line` shows it: what the files say (a title, a
    meaning, a file's name) cannot retitle, clear or reorder the terminal."""
    for line in text_lines(comparison, old_name, new_name):
        out.write(one_line(line) + "\n")


def text_lines(comparison: Comparison, old_name: str, new_name: str) -> Iterator[str]:
    if comparison.other_system:
        yield (
            f"{old_name} is the system '{comparison.old_title}' and {new_name} is '{comparison.new_title}': "
            "two different systems, compared all the same"
        )
        yield ""
    if comparison.same:
        yield f"No sequence means something else in {new_name} than in {old_name}."
        return
    for opening, changes in comparison.by_opening():
        yield f"{opening.label} ({counted(len(changes), 'change')})"
        for change in changes:
            yield from _change_lines(change)
        yield ""
    yield f"{comparison.counts()} from {old_name} to {new_name}."


def _change_lines(change: Change) -> Iterator[str]:
    """The change's heading (with its seat and vulnerability, when one), then each side; a side gives its
    own seat and vulnerability where the two differ."""
    moved = change.old is not None and change.new is not None and change.old.key != change.new.key
    where = "" if moved else context_label(change.seat, change.vulnerability)
    yield f"  {_HEADINGS[change.kind]} {label(change.sequence)}" + (f" ({where})" if where else "")
    for side, meaning in (("old", change.old), ("new", change.new)):
        if meaning is None:
            continue
        situation = f" ({context_label(meaning.seat, meaning.vulnerability) or 'any seat'})" if moved else ""
        yield f"    {side}{situation}: {_shown(meaning)}  [{_file(meaning)}:{meaning.location.line}]"


def _file(meaning: Meaning) -> str:
    """The file that defines ``meaning``, named as the problems name it."""
    return named_from(meaning.location.file, Path.cwd())


def _shown(meaning: Meaning) -> str:
    text = meaning.plain_text or "(no meaning written)"
    if meaning.alert:
        text = "! " + text
    if meaning.condition is not None:
        text += f"  {{{{ {meaning.condition.source.strip()} }}}}"
    return text


# --------------------------------------------------------------------------
# JSON


def as_json(comparison: Comparison, old_name: str, new_name: str) -> dict[str, object]:
    """The comparison as plain data: the two sides, whether they are the same system, the changes."""
    return {
        "old": {"path": old_name, "title": comparison.old_title},
        "new": {"path": new_name, "title": comparison.new_title},
        "same_system": not comparison.other_system,
        "counts": {kind.value: comparison.count(kind) for kind in ChangeKind},
        "changes": [
            _change_json(opening.label, change) for opening, changes in comparison.by_opening() for change in changes
        ],
    }


def _change_json(opening: str, change: Change) -> dict[str, object]:
    return {
        "change": change.kind.value,
        "opening": opening,
        "sequence": short_notation(change.sequence),
        "label": label(change.sequence),
        "seat": change.seat.value,
        "vulnerability": change.vulnerability.code,
        "old": _meaning_json(change.old),
        "new": _meaning_json(change.new),
    }


def _meaning_json(meaning: Meaning | None) -> dict[str, object] | None:
    if meaning is None:
        return None
    return {
        "seat": meaning.seat.value,
        "vulnerability": meaning.vulnerability.code,
        "meaning": meaning.plain_text,
        "alert": meaning.alert,
        "condition": meaning.condition.source.strip() if meaning.condition else None,
        "file": _file(meaning),
        "line": meaning.location.line,
    }


if __name__ == "__main__":
    sys.exit(main())
