"""What the commands share: their exit statuses, their version, and the plumbing of a converter to BML.

A converter (``bss2bml``, ``xml2bml``, ``bboalert2bml``) takes one file,
``-`` for standard input, and writes BML (or a page, ``--format``) beside it,
to ``-o`` (a file, a folder, or ``-`` for standard output). Its command line
is made by :func:`converter_parser`, run by :func:`run_converter`; it reads
with :func:`read_input` and writes with :func:`output_path` and
:func:`write_output`, as a whole or not at all. A problem that ends it is a
:class:`CommandError`, printed on one line after the command's name.

Each command imports this module and no other command (``tests/test_layers.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TextIO, TypeVar

from ..formats.pages import SUFFIXES
from ..language.errors import BMLError, one_line, shown_lines

#: ``-``: standard input as the file to read, standard output as the file to write.
STDIO = "-"
#: Standard input as messages name it.
STDIN_NAME = "<stdin>"
#: The command could not do its work (the message says why).
FAILED = 1
#: A mistake on the command line: argparse's own exit status, and ``diff``'s for trouble.
MISTAKE = 2
#: What a shell reports for a program stopped by a broken pipe (128 + SIGPIPE).
BROKEN_PIPE = 128 + signal.SIGPIPE
#: What a shell reports for a program stopped by Ctrl-C (128 + SIGINT).
STOPPED = 128 + signal.SIGINT
#: Where sphinx-bml is published: a notes repository's ``.pre-commit-config.yaml``
#: names it as the ``repo:`` of the ``bml-check`` hook (docs/checking.rst).
REPOSITORY = "https://github.com/sphinx-bml/sphinx-bml"
#: The ``rev:`` that ``.pre-commit-config.yaml`` gives that repository, as
#: docs/checking.rst shows it (a test checks that this repository has it):
#: the branch, while no release is tagged; ``pre-commit autoupdate`` then
#: writes the newest release in its place, or the newest commit while there
#: is none. Once a release is tagged, its tag can replace it, here and in the page.
HOOK_REV = "main"
#: What every converter's help says of the file it writes.
OUTPUT_FILES = (
    "Without -o the output file is the input file with its extension replaced by .bml "
    "(.rst or .md with --format); from standard input it goes to standard output. "
)


class CommandError(Exception):
    """A problem that ends the command: the message is for the user, as is."""


class Unwritable(CommandError):
    """A file that cannot be written: ``cannot write PATH: REASON``."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


def version_text(program: str) -> str:
    """What ``--version`` prints: ``bss2bml (sphinx-bml 0.1.0)``."""
    try:
        number = metadata.version("sphinx-bml")
    except metadata.PackageNotFoundError:
        number = "unknown version"
    return f"{program} (sphinx-bml {number})"


def json_text(data: object) -> str:
    """``data`` as JSON for a terminal or a script: letters and suit symbols as they are, every
    character that :func:`~sphinx_bml.language.errors.one_line` escapes (JSON itself escapes the
    control characters below U+0020 only) as a ``\\u`` escape, which JSON reads back the same."""
    return shown_lines(json.dumps(data, ensure_ascii=False, indent=1))


def closed_pipe() -> int:
    """Standard output was closed early (``| head``): send what is left to /dev/null, so that
    leaving Python does not complain about it again; the exit status a shell expects."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return BROKEN_PIPE


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a stream without a file behind it is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def stopped(program: str, err: TextIO) -> int:
    """Ctrl-C: one short line instead of a traceback, and the exit status a shell expects."""
    ending = "\n" if is_terminal(err) else ""  # the terminal echoed ^C on the line being written
    try:
        err.write(f"{ending}{program}: stopped\n")
        err.flush()
    except (OSError, ValueError):
        pass
    return STOPPED


T = TypeVar("T")


class Progress:
    """How far long work has come, on one line of a terminal that rewrites itself
    (``bml-practice: 37 of 100 boards solved double dummy…``), first shown after
    :attr:`delay` seconds so that quick work shows nothing, and wiped at the end. When
    ``stream`` is not a terminal (a pipe, a file) nothing is written at all: what scripts
    read stays clean. Use it in a ``with`` block: the line is wiped however the work ends."""

    #: seconds before the line first shows, and between two updates
    delay = 0.25

    def __init__(self, stream: TextIO, program: str, total: int, what: str, *, shown: bool = True) -> None:
        self.stream = stream
        self.program = program
        self.total = total
        self.what = what
        self.shown = shown and is_terminal(stream)
        self.done = 0
        self._last = time.monotonic()
        self._written = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exception: object) -> None:
        self.clear()

    def step(self, count: int = 1) -> None:
        """``count`` more done; the line is rewritten at most every :attr:`delay` seconds."""
        self.done += count
        if not self.shown:
            return
        now = time.monotonic()
        if now - self._last < self.delay:
            return
        self._last = now
        self.stream.write(f"\r{self.program}: {self.done} of {self.total} {self.what}…\x1b[K")
        self.stream.flush()
        self._written = True

    def counted(self, items: Iterable[T]) -> Iterator[T]:
        """``items``, one :meth:`step` after each."""
        for item in items:
            yield item
            self.step()

    def clear(self) -> None:
        """Wipe the line, for what is printed next."""
        if self._written:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._written = False


# --------------------------------------------------------------------------
# A converter to BML


@dataclass
class Options:
    inputfile: str
    outputfile: str | None
    verbose: int
    format: str
    strict: bool = False


def converter_parser(
    program: str, description: str, input_help: str, epilog: str, strict_help: str
) -> argparse.ArgumentParser:
    """The command line of a converter: the file to read, ``-o``, ``-v``, ``--version``,
    ``--format`` and ``--strict``; its help ends with what is said of the output file, then ``epilog``."""
    parser = argparse.ArgumentParser(prog=program, description=description, epilog=OUTPUT_FILES + epilog)
    parser.add_argument("inputfile", help=input_help)
    parser.add_argument("-o", "--outputfile", help="the file or folder to write (- is standard output)")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="say what was read and written")
    parser.add_argument("--version", action="version", version=version_text(program))
    parser.add_argument(
        "--format",
        choices=tuple(SUFFIXES),
        default="bml",
        help="bml: BML text (the default); rst or md: a Sphinx page with the tables in a bml directive",
    )
    parser.add_argument("--strict", action="store_true", help=strict_help)
    return parser


def run_converter(
    parser: argparse.ArgumentParser,
    converter: Callable[[Options, TextIO], int],
    argv: list[str] | None,
) -> int:
    """Run a converter: its options read, its problems told in plain words, its exit status
    (see the parser's epilog)."""
    namespace = parser.parse_args(argv)
    options = Options(namespace.inputfile, namespace.outputfile, namespace.verbose, namespace.format, namespace.strict)
    try:
        return converter(options, sys.stderr)
    except BMLError as error:
        print(error, file=sys.stderr)
        return FAILED
    except CommandError as error:
        print(one_line(f"{parser.prog}: {error}"), file=sys.stderr)
        return FAILED
    except BrokenPipeError:
        return closed_pipe()


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


def file_to_write(path: Path, option: str = "-o") -> Path:
    """The regular file to write for ``path``: ``path``, or the file a symbolic link
    ``path`` leads to. A device, a pipe or a socket is refused, not replaced (``option``:
    where the message says to give a file name)."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as error:
        raise Unwritable(path, error.strerror or str(error)) from None
    if stat.S_ISREG(mode):
        return target
    if stat.S_ISDIR(mode):
        raise Unwritable(path, "it is a folder")
    what = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    raise Unwritable(path, f"it is {what}, not a file; give {option} a file name, or - for standard output")


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
    try:
        with whole_file(path, newline="") as stream:
            stream.write(text)
    except OSError as error:  # the disk full as the text is written
        raise Unwritable(path, error.strerror or str(error)) from None


@contextlib.contextmanager
def whole_file(path: Path, newline: str | None = None) -> Iterator[TextIO]:
    """A text file (UTF-8) to write ``path`` as a whole or not at all, in a ``with`` block.

    What the block writes goes to a file of its own beside ``path``, which takes the place
    of ``path`` when the block ends, in one step; when the block fails (a mistake, Ctrl-C)
    it is removed, and ``path`` stays as it was: no reader ever sees half a file. A folder
    that cannot be written is :class:`Unwritable` at once, before the block begins, so long
    work is not done for nothing. ``newline`` as :func:`open` takes it."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except FileNotFoundError:
        raise Unwritable(path, f"there is no folder {path.parent}") from None
    except OSError as error:
        raise Unwritable(path, error.strerror or str(error)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline=newline) as stream:
            yield stream
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:
        os.chmod(temporary, _file_mode(path))
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise Unwritable(path, error.strerror or str(error)) from None


def _file_mode(path: Path) -> int:
    """The mode of the file being replaced, else what the user's umask gives a new file."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
