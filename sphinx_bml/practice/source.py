"""The system to practise: one ``.bml`` file, or the bidding tables of a whole Sphinx project.

A project folder is read without Sphinx: its root document's toctree gives
the order (documents it does not list come after, by name), ``.bml`` files
are read whole, and from ``.rst`` and ``.md`` pages the content of each
``.. bml::`` / ```` ```{bml} ```` directive is read at its own lines, so every
meaning keeps its file and line. Tables from pages that Sphinx would read
with settings of their own (``bml_indentation``) are read with 2 spaces.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..language.bidtable import TableState
from ..language.errors import Problems
from ..language.expansion import expand
from ..language.parser import Parser, parse_file
from ..language.reader import Reader
from ..language.system import System

_RST_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+bml::\s*$")
_MD_FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*\{bml\}\s*$")
_TOCTREE = re.compile(r"^\s*\.\.\s+toctree::\s*$")
_SUFFIXES = (".rst", ".md", ".bml")
_OPTION = re.compile(r"^\s*:(\w[\w-]*):(.*)$")


def load_system(source: Path) -> tuple[System, Problems]:
    """The system of a ``.bml`` file or of a project folder, and the problems met reading it."""
    problems = Problems()
    system = System()
    for path in documents(source) if source.is_dir() else [source]:
        if path.suffix == ".bml":
            parsed = [parse_file(path)]
        else:
            state = TableState()
            parsed = [
                Parser(indentation, state).parse(Reader().read_text(text, str(path), path.parent))
                for text, indentation in directives(path.read_text(encoding="utf-8-sig"), path.suffix)
            ]
        for document in parsed:
            for key, value in document.metadata.values.items():
                system.metadata.values.setdefault(key, value)  # the first value wins, as in a document
            expand(document, system, document.problems)
            for problem in document.problems:
                problems.add(problem)
    return system, problems


def documents(folder: Path) -> list[Path]:
    """The project's documents in toctree order from ``index``, then the others by name."""
    found = {
        path.relative_to(folder).with_suffix("").as_posix(): path
        for path in sorted(folder.rglob("*"))
        if path.suffix in _SUFFIXES and "_build" not in path.parts and not path.name.startswith(".")
    }
    ordered: list[str] = []
    _walk("index", folder, found, ordered)
    if not ordered:
        return list(found.values())
    return [found[name] for name in ordered]


def _walk(name: str, folder: Path, found: dict[str, Path], ordered: list[str]) -> None:
    if name in ordered or name not in found:
        return
    ordered.append(name)
    path = found[name]
    if path.suffix == ".bml":
        return
    base = Path(name).parent
    for entry in _toctree_entries(path.read_text(encoding="utf-8-sig")):
        _walk((base / entry).as_posix().lstrip("/") if not entry.startswith("/") else entry[1:], folder, found, ordered)


def _toctree_entries(text: str) -> list[str]:
    entries: list[str] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if not _TOCTREE.match(line) and line.strip() not in ("```{toctree}", ":::{toctree}"):
            continue
        for entry in lines[index + 1 :]:
            stripped = entry.strip()
            if stripped.startswith(("```", ":::")) or (
                entry and not entry[0].isspace() and not stripped.startswith(":")
            ):
                break
            if stripped and not stripped.startswith(":"):
                match = re.search(r"<([^>]+)>\s*$", stripped)
                entries.append(match.group(1) if match else stripped)
    return entries


def directives(text: str, suffix: str) -> list[tuple[str, int]]:
    """The BML of each ``bml`` directive of a page, at its own lines (the other lines
    left empty), with the indentation its ``:indentation:`` option gives."""
    lines = text.splitlines()
    found: list[tuple[str, int]] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        kept = [""] * len(lines)
        indentation = 2
        if suffix == ".md" and (fence := _MD_FENCE.match(line)):
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(fence.group(2)):
                if option := _OPTION.match(lines[index]):
                    indentation = _indentation_option(option, indentation)
                else:
                    kept[index] = lines[index][len(fence.group(1)) :]
                index += 1
            found.append(("\n".join(kept), indentation))
        elif suffix == ".rst" and (directive := _RST_DIRECTIVE.match(line)):
            outer = len(directive.group(1))
            index += 1
            while index < len(lines) and (option := _OPTION.match(lines[index])):
                indentation = _indentation_option(option, indentation)
                index += 1
            body: list[int] = []
            while index < len(lines) and (not lines[index].strip() or _indent(lines[index]) > outer):
                body.append(index)
                index += 1
            inner = min((_indent(lines[i]) for i in body if lines[i].strip()), default=0)
            for i in body:
                kept[i] = lines[i][inner:]
            found.append(("\n".join(kept), indentation))
            continue
        index += 1
    return found


def _indentation_option(option: re.Match[str], default: int) -> int:
    if option.group(1) == "indentation" and option.group(2).strip().isdigit():
        return int(option.group(2).strip()) or default
    return default


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
