"""``bss2bml``: convert a BSS file (Bridge Base Online Full Disclosure) to BML.

::

    bss2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--strict] inputfile

``-`` reads standard input or writes standard output. Without ``-o`` the
output goes beside the input, with its extension replaced by ``.bml``
(``.rst``, ``.md`` for ``--format``); ``-o`` may name a folder, or a
symbolic link to a file (the file is written), never a device or a pipe.

Every valid record is converted; each malformed one is left out with
``FILE:LINE: message``. Exit status: 0 when every record was converted, 1
when some were left out (the rest is written) or nothing could be written
(the message says why), 2 for a mistake on the command line, 141 when
standard output was closed early (a broken pipe). ``--strict`` writes
nothing when a record is malformed; ``--skip-invalid``, once needed to get
the default behaviour, is still accepted.
"""

from __future__ import annotations

import argparse
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TextIO

from ..formats.bml_writer import write_bml
from ..formats.bss_reader import UTF_8, BssFile, decode_bss, read_bss
from ..formats.bss_tree import build_document, kept_records
from ..formats.pages import SUFFIXES, write_page
from ..language.errors import BMLError, one_line
from ..language.model import BidNode, Document

STDIO = "-"
STDIN_NAME = "<stdin>"
ALL_CONVERTED = 0
SOME_LEFT_OUT = 1
FAILED = 1
#: What a shell reports for a program stopped by a broken pipe (128 + SIGPIPE).
BROKEN_PIPE = 128 + signal.SIGPIPE


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
            "(.rst or .md with --format); from standard input it goes to standard output. "
            "The file is read as UTF-8 or UTF-16 (with or without a byte order mark), "
            "else as Windows-1252. Exit status: 0 every record converted, 1 some records "
            "left out (the rest is written) or nothing written, 2 a mistake on the command line."
        ),
    )
    add_conversion_arguments(parser, "the BSS file to read (- is standard input)", version())
    parser.add_argument(
        "--strict",
        action="store_true",
        help="write nothing when a record is malformed (by default every valid record is converted "
        "and each malformed one is left out, with its line)",
    )
    parser.add_argument(
        "--skip-invalid",
        action="store_true",
        help="leave out malformed records: the default, accepted for older scripts",
    )
    return parser


def add_conversion_arguments(parser: argparse.ArgumentParser, input_help: str, version_text: str) -> None:
    """The arguments every converter to BML takes (``bss2bml``, ``xml2bml``)."""
    parser.add_argument("inputfile", help=input_help)
    parser.add_argument("-o", "--outputfile", help="the file or folder to write (- is standard output)")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="say what was read and written")
    parser.add_argument("--version", action="version", version=version_text)
    parser.add_argument(
        "--format",
        choices=tuple(SUFFIXES),
        default="bml",
        help="bml: BML text (the default); rst or md: a Sphinx page with the tables in a bml directive",
    )


@dataclass
class Options:
    inputfile: str
    outputfile: str | None
    verbose: int
    format: str
    strict: bool = False


def main(argv: list[str] | None = None) -> int:
    """Run ``bss2bml`` with ``argv`` (default: the command line); the exit status."""
    return run_converter("bss2bml", argument_parser(), convert, argv)


def run_converter(
    name: str,
    parser: argparse.ArgumentParser,
    converter: Callable[[Options, TextIO], int],
    argv: list[str] | None,
) -> int:
    """Run a converter to BML (``bss2bml``, ``xml2bml``): its options read,
    its problems told in plain words, its exit status (see the parsers' epilogs)."""
    namespace = parser.parse_args(argv)
    options = Options(namespace.inputfile, namespace.outputfile, namespace.verbose, namespace.format, namespace.strict)
    try:
        return converter(options, sys.stderr)
    except BMLError as error:
        print(error, file=sys.stderr)
        return FAILED
    except CommandError as error:
        print(one_line(f"{name}: {error}"), file=sys.stderr)
        return FAILED
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE


def _silence_stdout() -> None:
    """Standard output is closed: send what is left to /dev/null, so that leaving Python
    does not complain about it again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def convert(options: Options, messages: TextIO) -> int:
    """Read, convert and write; problems go to ``messages``; the exit status.

    Nothing is written when nothing could be read, or in strict mode when a record is malformed.
    """
    name, data = read_input(options.inputfile)
    text, encoding = decode_bss(data)
    if "\0" in text:  # decoded, even from UTF-16: a zero byte is no text
        raise CommandError(
            f"{name}: this is not a text file (it holds zero bytes, as programs and pictures do), "
            "so not a BSS file. Nothing was written."
        )
    if encoding != UTF_8 and options.verbose:
        print(f"{name} is not UTF-8; read it as {encoding}", file=messages)
    bss = read_bss(text, name, skip_invalid=True)
    left_out = len(bss.problems)
    nothing_read = not (bss.sequences or bss.system_name or bss.summary)
    if left_out and nothing_read and not options.strict:
        print(next(iter(bss.problems)), file=messages)  # the first line; the others would say the same
        raise CommandError(
            f"{name}: nothing could be read from it (none of its {_count(left_out, 'line')} is a BSS record); "
            "is it a BSS file? Nothing was written."
        )
    if left_out and options.strict:
        say_in_order(bss.warnings, bss.problems, [], messages)
        raise CommandError(
            f"{name}: {_count(left_out, 'malformed record')}; nothing was written (--strict). "
            "Without --strict every valid record is converted."
        )
    document = build_document(bss)
    say_in_order(bss.warnings, bss.problems, document.problems, messages)
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    notes = kept_records(bss)
    if options.format == "bml":
        result = write_bml(document, notes=notes)
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md", notes)
    write_output(output, result)
    if options.verbose:
        report(bss, document, output, messages)
    if left_out:
        where = "standard output" if output is None else str(output)
        print(
            f"{name}: {_count(left_out, 'malformed line')} left out; every other record is in {where}",
            file=messages,
        )
        return SOME_LEFT_OUT
    return ALL_CONVERTED


def say_in_order(
    warnings: Iterable[BMLError], left_out: Iterable[BMLError], not_kept: Iterable[BMLError], messages: TextIO
) -> None:
    """The messages about the file in the order of its lines: records read with a guess,
    records left out, and what BML has no place for."""
    said = [(problem, "") for problem in warnings]
    said += [(problem, "; the line is left out") for problem in left_out]
    said += [(problem, "") for problem in not_kept]
    for problem, ending in sorted(said, key=lambda item: item[0].location.line if item[0].location else 0):
        print(f"{problem}{ending}", file=messages)


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
    writable = file_to_write(path)
    if options.inputfile != STDIO and _same_file(writable, Path(options.inputfile)):
        raise CommandError(f"the output {path} would overwrite the input; choose another with -o")
    return writable


def file_to_write(path: Path) -> Path:
    """The regular file to write for ``path``: ``path``, or the file a symbolic link
    ``path`` leads to. A device, a pipe or a socket is refused, not replaced."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
    if stat.S_ISREG(mode):
        return target
    if stat.S_ISDIR(mode):
        raise CommandError(f"cannot write {path}: it is a folder")
    what = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    raise CommandError(f"cannot write {path}: it is {what}, not a file; give -o a file name, or - for standard output")


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
    kept = []
    if bss.stock_card is not None:
        kept.append(f"the stock convention card {bss.stock_card.name}")
    if bss.conventions:
        kept.append(_count(len(bss.conventions), "convention record"))
    if bss.carding is not None:
        kept.append("the defensive carding")
    if kept:
        print(f"{bss.name}: BML has no place for {_join(kept)}; kept as // comments", file=messages)
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
