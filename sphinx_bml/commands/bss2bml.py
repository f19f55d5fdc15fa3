"""``bss2bml``: convert a BSS file (Bridge Base Online Full Disclosure) to BML.

::

    bss2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--skip-invalid] inputfile

``-`` reads standard input or writes standard output. Without ``-o`` the
output goes beside the input, with its extension replaced by ``.bml``
(``.rst``, ``.md`` for ``--format``); ``-o`` may name a folder. A malformed
record stops the conversion with ``FILE:LINE: message`` and exit status 1,
and nothing is written; ``--skip-invalid`` leaves such lines out instead,
with a warning for each.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TextIO

from ..formats.bml_writer import write_bml
from ..formats.bss_reader import BssFile, read_bss
from ..formats.bss_tree import build_document
from ..formats.pages import SUFFIXES, write_page
from ..language.errors import BMLError
from ..language.model import BidNode, Document
from ..language.reader import decode

STDIO = "-"
STDIN_NAME = "<stdin>"


class CommandError(Exception):
    """A problem that ends the command: the message is for the user, as is."""


def version() -> str:
    try:
        number = metadata.version("sphinx-bml")
    except metadata.PackageNotFoundError:
        number = "unknown version"
    return f"bss2bml (sphinx-bml {number})"


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bss2bml",
        description="Convert a BSS file (Bridge Base Online Full Disclosure) to BML.",
        epilog=(
            "Without -o the output file is the input file with its extension replaced by .bml "
            "(.rst or .md with --format); from standard input it goes to standard output."
        ),
    )
    parser.add_argument("inputfile", help="the BSS file to read (- is standard input)")
    parser.add_argument("-o", "--outputfile", help="the file or folder to write (- is standard output)")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="say what was read and written")
    parser.add_argument("--version", action="version", version=version())
    parser.add_argument(
        "--format",
        choices=tuple(SUFFIXES),
        default="bml",
        help="bml: BML text (the default); rst or md: a Sphinx page with the tables in a bml directive",
    )
    parser.add_argument(
        "--skip-invalid",
        action="store_true",
        help="leave out malformed lines (with a warning for each) instead of stopping at the first",
    )
    return parser


@dataclass
class Options:
    inputfile: str
    outputfile: str | None
    verbose: int
    format: str
    skip_invalid: bool


def main(argv: list[str] | None = None) -> int:
    """Run ``bss2bml`` with ``argv`` (default: the command line); the exit status."""
    namespace = argument_parser().parse_args(argv)
    options = Options(
        namespace.inputfile, namespace.outputfile, namespace.verbose, namespace.format, namespace.skip_invalid
    )
    try:
        convert(options, sys.stderr)
    except BMLError as error:
        print(error, file=sys.stderr)
        return 1
    except CommandError as error:
        print(f"bss2bml: {error}", file=sys.stderr)
        return 1
    return 0


def convert(options: Options, messages: TextIO) -> None:
    """Read, convert and write; problems go to ``messages``. Nothing is written on an error."""
    name, data = read_input(options.inputfile)
    text, windows = decode(data)
    if windows and options.verbose:
        print(f"{name} is not UTF-8; read it as Windows-1252", file=messages)
    bss = read_bss(text, name, skip_invalid=options.skip_invalid)
    for problem in bss.problems:
        print(f"{problem}; the line is left out", file=messages)
    document = build_document(bss)
    for problem in document.problems:
        print(problem, file=messages)
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    if options.format == "bml":
        result = write_bml(document)
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md")
    write_output(output, result)
    if options.verbose:
        report(bss, document, output, messages)


def read_input(inputfile: str) -> tuple[str, bytes]:
    """The name to use in messages and the bytes of the input."""
    if inputfile == STDIO:
        return STDIN_NAME, sys.stdin.buffer.read()
    path = Path(inputfile)
    try:
        return inputfile, path.read_bytes()
    except FileNotFoundError:
        raise CommandError(f"cannot read {inputfile}: there is no such file") from None
    except IsADirectoryError:
        raise CommandError(f"cannot read {inputfile}: it is a folder, not a BSS file") from None
    except OSError as error:
        raise CommandError(f"cannot read {inputfile}: {error.strerror or error}") from None


def output_path(options: Options) -> Path | None:
    """Where to write (``None``: standard output)."""
    suffix = SUFFIXES[options.format]
    target = options.outputfile
    if target == STDIO or (target is None and options.inputfile == STDIO):
        return None
    if target is None:
        path = Path(options.inputfile).with_suffix(suffix)
    elif Path(target).is_dir():
        if options.inputfile == STDIO:
            raise CommandError(f"reading standard input, give the output a file name, not the folder {target}")
        path = Path(target) / Path(options.inputfile).with_suffix(suffix).name
    else:
        path = Path(target)
    if options.inputfile != STDIO and _same_file(path, Path(options.inputfile)):
        raise CommandError(f"the output {path} would overwrite the input; choose another with -o")
    return path


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.exists() and one.samefile(other)
    except OSError:
        return False


def write_output(path: Path | None, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` as a whole, or to standard output."""
    data = text.encode("utf-8")
    if path is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, _file_mode(path))
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def _file_mode(path: Path) -> int:
    """The mode of the file being replaced, else what the user's umask gives a new file."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def report(bss: BssFile, document: Document, output: Path | None, messages: TextIO) -> None:
    """What ``-v`` says: what was read, what BML cannot hold, what was written."""
    skipped = len(bss.problems)
    read = f"{bss.name}: read {_count(len(bss.sequences), 'bidding sequence')}"
    print(read + (f" ({skipped} malformed {_plural(skipped, 'line')} skipped)" if skipped else ""), file=messages)
    left_out = []
    if bss.stock_card is not None:
        left_out.append(f"the stock convention card {bss.stock_card.name}")
    if bss.conventions:
        left_out.append(_count(len(bss.conventions), "convention record"))
    if bss.carding is not None:
        left_out.append("the defensive carding")
    if left_out:
        print(f"{bss.name}: BML has no place for {_join(left_out)}; left out", file=messages)
    tables = document.bid_tables
    rows = sum(_rows(table.rows) for table in tables)
    where = "standard output" if output is None else str(output)
    print(f"wrote {_count(len(tables), 'bidding table')} with {_count(rows, 'row')} to {where}", file=messages)


def _rows(nodes: Sequence[BidNode]) -> int:
    return sum(1 + _rows(node.children) for node in nodes)


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


def _count(count: int, word: str) -> str:
    return f"{count} {_plural(count, word)}"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


if __name__ == "__main__":
    sys.exit(main())
