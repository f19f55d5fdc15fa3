"""How many warnings a set of notes gives, by kind (``bml.syntax``, ``bml.conflict`` ...).

A script, not a test: it prints figures and asserts nothing. Point it at

- a Sphinx project (a folder with ``conf.py``): it is built once with the
  ``html`` builder into a temporary folder, with the project's own settings,
  and the warnings of the build are counted by their type;
- a ``.bml`` file, or a folder of them without ``conf.py``: each file that no
  other one includes is read with its includes and expanded into one system,
  as ``bml-practice`` reads notes, and the problems are counted by kind.

Under the counts, the most frequent shapes of message of each kind are listed
(quoted words shown as ``'…'``, calls and sequences as ``1X``, numbers as ``N``), so that a before/after
comparison says *which* warnings went away, not only how many.

    python benchmarks/warnings_by_kind.py tests/roots/test-bml1-notes
    python benchmarks/warnings_by_kind.py ~/notes/precision.bml --shapes 3
    python benchmarks/warnings_by_kind.py ~/notes --read     # read the .bml files even with a conf.py

Copy it into an older checkout to get the "before" figures of a change.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sphinx_bml.language.errors import Problems
from sphinx_bml.language.expansion import expand
from sphinx_bml.language.parser import parse_file
from sphinx_bml.language.system import System

_WARNING = re.compile(r"^(?:.*?: )?WARNING: (?P<message>.*?)(?: \[(?P<type>[\w.]+)\])?$")
_COLOURS = re.compile(r"\x1b\[[0-9;]*m")
_QUOTED = re.compile(r"'[^']*'")
_CALL = re.compile(r"\(?\b[1-7](?:NT|[CDHSN♣♦♥♠]+)\)?(?:-\(?[1-7P](?:NT|[CDHSN♣♦♥♠]+)?\)?)*")
_NUMBER = re.compile(r"\b\d+\b")


def shape(message: str) -> str:
    """A message with what varies from one row to the next left out: quoted
    words, calls and sequences (``1X``), numbers (``N``)."""
    return _NUMBER.sub("N", _CALL.sub("1X", _QUOTED.sub("'…'", message)))


def build_warnings(project: Path) -> list[tuple[str, str]]:
    """(type, message) of each warning of one fresh html build of ``project``."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [sys.executable, "-m", "sphinx", "-b", "html", "-E", "-q", "--no-color", str(project), out],
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        sys.exit(f"the build of {project} failed:\n{done.stderr[-3000:]}")
    found = []
    for line in _COLOURS.sub("", done.stderr).splitlines():
        if match := _WARNING.match(line):
            found.append((match["type"] or "(no type)", match["message"]))
    return found


def read_warnings(source: Path) -> list[tuple[str, str]]:
    """(``bml.<kind>``, message) of each problem met reading the ``.bml`` files of ``source``."""
    paths = sorted(source.rglob("*.bml")) if source.is_dir() else [source]
    documents = {path.resolve(): parse_file(path) for path in paths}
    included = {file.resolve() for document in documents.values() for file in document.files[1:]}
    found = []
    for path, document in documents.items():
        if path in included:
            continue
        problems = Problems(list(document.problems))
        expand(document, System(), problems)
        found += [(f"bml.{problem.kind.value}", problem.message) for problem in problems]
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="a Sphinx project, a .bml file or a folder of .bml files")
    parser.add_argument("--read", action="store_true", help="read the .bml files, even in a Sphinx project")
    parser.add_argument("--shapes", type=int, default=5, help="message shapes listed per kind (default 5)")
    arguments = parser.parse_args(argv)
    source: Path = arguments.source
    sphinx = source.is_dir() and (source / "conf.py").is_file() and not arguments.read
    found = build_warnings(source) if sphinx else read_warnings(source)
    how = "sphinx-build -b html" if sphinx else "reading the .bml files"
    print(f"{source} ({how}): {len(found)} warnings")
    print()
    print("| kind | warnings |")
    print("| --- | ---: |")
    kinds = Counter(kind for kind, _ in found)
    for kind, count in kinds.most_common():
        print(f"| {kind} | {count:,} |")
    for kind, _ in kinds.most_common():
        shapes = Counter(shape(message) for found_kind, message in found if found_kind == kind)
        print(f"\n{kind}:")
        for text, count in shapes.most_common(arguments.shapes):
            print(f"  {count:6,}  {text}")


if __name__ == "__main__":
    main()
