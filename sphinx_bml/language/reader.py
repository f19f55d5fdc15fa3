"""Reading BML text into located lines: comments out, ``#INCLUDE`` in.

``// comment`` lines (the ``//`` at the very start of the line) disappear.
``#INCLUDE path`` is replaced by the lines of that file, read relative to the
including file; includes nest, and a cycle is reported instead of followed.
Every line keeps the file and line number it was written at.

The start and the end of an included file end the block before them, as if
a blank line were there (bridge-markup does the same): the reader puts an
empty line at both places, so consecutive ``#INCLUDE`` lines never glue two
files' blocks together.

Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only; other characters that
Python counts as line ends (form feed, U+2028, ...) stay inside the line.

Each file is read once per document, however often it is included; what an
include may bring in is bounded by :data:`MAX_INCLUDED_LINES`.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Kind, Location, Problems

INCLUDE_LINE = re.compile(r"^\s*#\s*INCLUDE\b\s*((?:.*\S)?)\s*$")
_LINE_END = re.compile(r"\r\n|\r|\n")

#: How many lines one document may take in through ``#INCLUDE``, counting
#: every ``#INCLUDE`` that is followed as one line more. The biggest real
#: system notes are a few ten thousand lines; a document beyond this is
#: almost surely the same files included over and over (each file including
#: the next one twice doubles the text at every level). The ``#INCLUDE`` that
#: crosses it is reported, it and every later ``#INCLUDE`` of the document
#: are left out, and the rest of the document is kept.
MAX_INCLUDED_LINES = 100_000


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    location: Location


@dataclass
class Source:
    """The lines of a document after includes, every file that was read
    (each once, in the order first read), and every file an ``#INCLUDE``
    asked for that does not exist (yet)."""

    lines: list[Line] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    problems: Problems = field(default_factory=Problems)
    missing: list[Path] = field(default_factory=list)


_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode(data: bytes) -> tuple[str, bool]:
    """Text of ``data``: UTF-8 (with or without BOM), UTF-16 or UTF-32 (with
    a BOM, or UTF-16 without one as some editors write it), else Windows-1252.

    Returns the text and whether the Windows fallback was needed.
    """
    if data.startswith(_UTF32_BOMS):
        return data.decode("utf-32", errors="replace"), False
    if data.startswith(_UTF16_BOMS):
        return data.decode("utf-16", errors="replace"), False
    if utf16 := _utf16_without_bom(data):
        return data.decode(utf16, errors="replace"), False
    try:
        return data.decode("utf-8-sig"), False
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), True


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when ``data`` looks like UTF-16 text
    written without a BOM (mostly Latin letters: every other byte is zero)."""
    if len(data) < 2 or len(data) % 2 or b"\x00" not in data:
        return None
    for codec, zeros in (("utf-16-le", data[1::2]), ("utf-16-be", data[::2])):
        if zeros.count(0) * 4 >= len(zeros) * 3:
            return codec
    return None


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, split at ``\\n``, ``\\r\\n`` and ``\\r`` only."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the end of the last line, not an empty line after it
    return lines


_NOT_A_FILE = {
    stat.S_IFDIR: "is a folder, not a file",
    stat.S_IFIFO: "is a named pipe, not a file",
    stat.S_IFCHR: "is a device, not a file",
    stat.S_IFBLK: "is a device, not a file",
    stat.S_IFSOCK: "is a socket, not a file",
}


class NotAFileError(OSError):
    """A path that exists but is not a regular file (a folder, a pipe, ...)."""


def read_regular_file(path: Path) -> bytes:
    """The bytes of the regular file at ``path``.

    Raises :class:`OSError` when it cannot be read, :class:`NotAFileError`
    (whose ``strerror`` says what it is) when it is a folder, a named pipe,
    a device or a socket: those would hang or fail, so they are never read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except (IsADirectoryError, PermissionError) as error:  # Windows refuses to open a folder
        if not path.is_dir():
            raise
        raise NotAFileError(error.errno, _NOT_A_FILE[stat.S_IFDIR]) from error
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFileError(0, _NOT_A_FILE.get(stat.S_IFMT(mode), "is not a regular file"))
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            return file.read()
    finally:
        os.close(descriptor)


@dataclass(frozen=True)
class _File:
    """One file as read from disk: its lines, or why it could not be read."""

    lines: list[str] | None
    windows: bool = False
    reason: str = ""
    missing: bool = False


@dataclass
class _Reading:
    """What one document's reading carries along: the source being built,
    the files already read, and the count against :data:`MAX_INCLUDED_LINES`."""

    source: Source
    limit: int = MAX_INCLUDED_LINES
    cache: dict[Path, _File] = field(default_factory=dict)
    seen: set[Path] = field(default_factory=set)
    #: the files being read, to tell a cycle
    open: set[Path] = field(default_factory=set)
    #: where each ``#INCLUDE`` written in a folder leads
    targets: dict[tuple[Path, str], tuple[Path, Path]] = field(default_factory=dict)
    included_lines: int = 0
    limit_reached: bool = False

    def target(self, folder: Path, written: str) -> tuple[Path, Path]:
        """The path of ``#INCLUDE written`` in ``folder``, as given and resolved."""
        key = (folder, written)
        if (found := self.targets.get(key)) is None:
            path = folder / written
            found = self.targets[key] = (path, path.resolve())
        return found


@dataclass
class Reader:
    """Reads BML with its includes.

    ``root``: includes may not leave this folder (``None``: anywhere).
    ``includes_enabled``: when false, ``#INCLUDE`` is reported, not followed;
    ``includes_off`` says why, in the message.
    ``max_included_lines``: see :data:`MAX_INCLUDED_LINES`.
    """

    root: Path | None = None
    includes_enabled: bool = True
    includes_off: str = "file insertion is off"
    max_included_lines: int = MAX_INCLUDED_LINES

    def __post_init__(self) -> None:
        self._root = self.root.resolve() if self.root is not None else None

    def _reading(self) -> _Reading:
        return _Reading(Source(), self.max_included_lines)

    def read_file(self, path: Path, name: str | None = None) -> Source:
        reading = self._reading()
        name = name or str(path)
        self._include(path, path.resolve(), Location(name, 0), reading, (), is_main=True, written=str(path))
        return reading.source

    def read_text(self, text: str, name: str, directory: Path | None = None, first_line: int = 1) -> Source:
        """Lines of ``text``, named ``name``; includes resolve against ``directory``."""
        reading = self._reading()
        self._add_lines(split_lines(text), name, directory, reading, (), first_line)
        return reading.source

    def read_bytes(self, data: bytes, name: str, directory: Path | None = None, first_line: int = 1) -> Source:
        """Lines of the file contents ``data``, named ``name``, decoded as
        :func:`decode` does (a file that is not UTF-8 is read as Windows-1252
        and reported at its first line); includes resolve against ``directory``."""
        reading = self._reading()
        text, windows = decode(data)
        if windows:
            self._report_windows(Path(name).name, Location(name, first_line), reading.source)
        self._add_lines(split_lines(text), name, directory, reading, (), first_line)
        return reading.source

    def _include(
        self,
        path: Path,
        resolved: Path,
        at: Location,
        reading: _Reading,
        stack: tuple[Path, ...],
        *,
        is_main: bool,
        written: str,
    ) -> None:
        """Read the file at ``path`` (``resolved``); ``written`` is its name as the ``#INCLUDE`` gives it."""
        source = reading.source
        if resolved in reading.open:
            chain = " -> ".join(p.name for p in [*stack, resolved])
            source.problems.report(f"#INCLUDE of {written} would include itself ({chain})", at, Kind.INCLUDE)
            return
        if not is_main and self._root is not None and not resolved.is_relative_to(self._root):
            message = f"#INCLUDE {written} is outside the documentation folder, so it is not read"
            source.problems.report(message, at, Kind.INCLUDE)
            return
        first_time = resolved not in reading.cache
        file = self._load(resolved, reading)
        if file.lines is None:
            if file.missing and first_time:
                source.missing.append(resolved)
            what = "cannot read" if is_main else "#INCLUDE cannot read"
            source.problems.report(f"{what} {written}: {file.reason}", at, Kind.INCLUDE)
            return
        if not is_main and not self._within_limit(len(file.lines), written, at, reading):
            return
        name = at.file if is_main else str(path)
        if file.windows and first_time:
            self._report_windows(resolved.name, Location(name, 1), source)
        if resolved not in reading.seen:
            reading.seen.add(resolved)
            source.files.append(resolved)
        if not is_main:
            source.lines.append(Line("", at))  # the file starts a new block
        reading.open.add(resolved)
        self._add_lines(file.lines, name, resolved.parent, reading, (*stack, resolved), 1)
        reading.open.discard(resolved)
        if not is_main:
            source.lines.append(Line("", at))  # and the including file goes on with a new one

    @staticmethod
    def _load(resolved: Path, reading: _Reading) -> _File:
        """The file at ``resolved``, read from disk the first time only."""
        if (cached := reading.cache.get(resolved)) is not None:
            return cached
        try:
            text, windows = decode(read_regular_file(resolved))
            file = _File(split_lines(text), windows)
        except FileNotFoundError:
            file = _File(None, reason="there is no such file", missing=True)
        except OSError as error:
            file = _File(None, reason=error.strerror or str(error))
        reading.cache[resolved] = file
        return file

    @staticmethod
    def _within_limit(size: int, written: str, at: Location, reading: _Reading) -> bool:
        """Count an included file's lines; false (reported once) beyond the limit."""
        if reading.limit_reached:
            return False
        reading.included_lines += size + 1
        if reading.included_lines <= reading.limit:
            return True
        reading.limit_reached = True
        message = (
            f"#INCLUDE {written} is left out, and so is every #INCLUDE after it: it would take this page past "
            f"{reading.limit} lines read through #INCLUDE, the most a page may (are the same files included "
            "over and over?)"
        )
        reading.source.problems.report(message, at, Kind.INCLUDE)
        return False

    @staticmethod
    def _report_windows(file_name: str, at: Location, source: Source) -> None:
        message = f"{file_name} is not UTF-8; it was read as Windows-1252 text"
        source.problems.report(message, at, Kind.INCLUDE)

    def _add_lines(
        self,
        lines: list[str],
        name: str,
        directory: Path | None,
        reading: _Reading,
        stack: tuple[Path, ...],
        first: int,
    ) -> None:
        source = reading.source
        for number, raw in enumerate(lines, start=first):
            if raw.startswith("//"):
                continue
            location = Location(name, number)
            match = INCLUDE_LINE.match(raw)
            if match is None:
                source.lines.append(Line(raw, location))
                continue
            target = match.group(1)
            if not target:
                source.problems.report("#INCLUDE needs a file name", location, Kind.INCLUDE)
            elif not self.includes_enabled:
                source.problems.report(
                    f"#INCLUDE {target} is not allowed here ({self.includes_off})", location, Kind.INCLUDE
                )
            elif directory is None:
                source.problems.report(f"#INCLUDE {target} has no folder to be read from", location, Kind.INCLUDE)
            elif not reading.limit_reached:
                path, resolved = reading.target(directory, target)
                self._include(path, resolved, location, reading, stack, is_main=False, written=target)
