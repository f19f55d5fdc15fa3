"""Reading BML text into located lines: comments out, ``#INCLUDE`` in.

``// comment`` lines (the ``//`` at the very start of the line) disappear.
``#INCLUDE path`` is replaced by the lines of that file, read relative to the
including file; includes nest, and a cycle is reported instead of followed.
Every line keeps the file and line number it was written at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Kind, Location, Problems

INCLUDE_LINE = re.compile(r"^\s*#\s*INCLUDE\b\s*(.*?)\s*$")


@dataclass(frozen=True)
class Line:
    text: str
    location: Location


@dataclass
class Source:
    """The lines of a document after includes, every file that was read, and
    every file an ``#INCLUDE`` asked for that does not exist (yet)."""

    lines: list[Line] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    problems: Problems = field(default_factory=Problems)
    missing: list[Path] = field(default_factory=list)


def decode(data: bytes) -> tuple[str, bool]:
    """Text of ``data``: UTF-8 (with or without BOM), else Windows-1252.

    Returns the text and whether the Windows fallback was needed.
    """
    try:
        return data.decode("utf-8-sig"), False
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), True


@dataclass
class Reader:
    """Reads BML with its includes.

    ``root``: includes may not leave this folder (``None``: anywhere).
    ``includes_enabled``: when false, ``#INCLUDE`` is reported, not followed.
    """

    root: Path | None = None
    includes_enabled: bool = True

    def read_file(self, path: Path, name: str | None = None) -> Source:
        source = Source()
        self._include(path, Location(name or str(path), 0), source, [], is_main=True)
        return source

    def read_text(self, text: str, name: str, directory: Path | None = None, first_line: int = 1) -> Source:
        """Lines of ``text``, named ``name``; includes resolve against ``directory``."""
        source = Source()
        self._add_lines(text, name, directory, source, [], first_line)
        return source

    def _include(
        self, path: Path, at: Location, source: Source, stack: list[Path], *, is_main: bool = False, written: str = ""
    ) -> None:
        """Read ``path``; ``written`` is its name as the ``#INCLUDE`` gives it, for messages."""
        written = written or str(path)
        resolved = path.resolve()
        if resolved in stack:
            chain = " -> ".join(p.name for p in [*stack, resolved])
            source.problems.report(f"#INCLUDE of {written} would include itself ({chain})", at, Kind.INCLUDE)
            return
        if not is_main and self.root is not None and not resolved.is_relative_to(self.root.resolve()):
            message = f"#INCLUDE {written} is outside the documentation folder, so it is not read"
            source.problems.report(message, at, Kind.INCLUDE)
            return
        try:
            data = resolved.read_bytes()
        except OSError as error:
            if isinstance(error, FileNotFoundError):
                reason = "there is no such file"
                source.missing.append(resolved)
            else:
                reason = error.strerror or str(error)
            what = "cannot read" if is_main else "#INCLUDE cannot read"
            source.problems.report(f"{what} {written}: {reason}", at, Kind.INCLUDE)
            return
        text, windows = decode(data)
        name = at.file if is_main else str(path)
        if windows:
            message = f"{path.name} is not UTF-8; it was read as Windows-1252 text"
            source.problems.report(message, Location(name, 1), Kind.INCLUDE)
        source.files.append(resolved)
        self._add_lines(text, name, resolved.parent, source, [*stack, resolved], 1)

    def _add_lines(
        self, text: str, name: str, directory: Path | None, source: Source, stack: list[Path], first: int
    ) -> None:
        for number, raw in enumerate(text.splitlines(), start=first):
            if raw.startswith("//"):
                continue
            location = Location(name, number)
            match = INCLUDE_LINE.match(raw)
            if match is None:
                source.lines.append(Line(raw.rstrip("\r\n"), location))
                continue
            target = match.group(1)
            if not target:
                source.problems.report("#INCLUDE needs a file name", location, Kind.INCLUDE)
            elif not self.includes_enabled:
                source.problems.report(
                    f"#INCLUDE {target} is not allowed here (file insertion is off)", location, Kind.INCLUDE
                )
            elif directory is None:
                source.problems.report(f"#INCLUDE {target} has no folder to be read from", location, Kind.INCLUDE)
            else:
                self._include(directory / target, location, source, stack, written=target)
