"""A ready Sphinx page (reStructuredText or MyST Markdown) around BML tables.

The page has a title (the document's ``#+TITLE``, else a name such as the
file's stem), the ``#+DESCRIPTION`` as a paragraph, and the bidding tables
inside a ``bml`` directive::

    Precision club
    ==============

    Strong club system.

    .. bml::

       #VUL 00
       ...

In Markdown the title is a ``#`` heading and the tables go in a
``{bml}`` fence. Title and description are escaped, so that characters such
as ``*`` or ``_`` show as written, and nothing in them becomes a link (a
``javascript:`` address in a ``.bss`` file's name would run when clicked):
in reStructuredText every colon is escaped, and MyST makes no link of a bare
address.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal

from ..language.model import Document
from .bml_writer import comment_lines, write_tables

PageFormat = Literal["rst", "md"]
PAGE_FORMATS: tuple[PageFormat, ...] = ("rst", "md")
SUFFIXES: dict[str, str] = {"bml": ".bml", "rst": ".rst", "md": ".md"}

RST_INDENT = "   "


def column_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced editor: wide East Asian characters count two,
    combining marks none (as reStructuredText measures title underlines)."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# reStructuredText: characters that start or end inline markup, and the colon after
# a scheme, which would make ``javascript:...`` (or any web address) a link
_RST_INLINE = re.compile(r"([\\*`_|:])")
# a line that reStructuredText would read as a list item, field, option, comment, ...
_RST_LINE_START = re.compile(r"[^\w\s]|(\w+|#)[.)](\s|$)")
# Markdown (CommonMark with MyST's roles and math): characters with a meaning anywhere in a line
_MD_INLINE = re.compile(r"([\\`*_{}\[\]<|$~&#])")
# ... and at the start of a line: list items, block quotes, numbered items
_MD_LINE_START = re.compile(r"([-+=>])|(\d+)([.)])")


def page_title(document: Document, name: str) -> str:
    """The page's title: the document's title, else ``name``."""
    title = _one_line(document.metadata.title) or _one_line(name)
    return title or "Bidding system"


def write_page(
    document: Document, name: str, page_format: PageFormat, notes: Sequence[str] = (), after: str = ""
) -> str:
    """The Sphinx page of ``document`` in ``page_format`` (``rst`` or ``md``); ``name`` is the fallback title.

    ``notes`` go first in the ``bml`` directive, as BML ``//`` comments; ``after``
    (BML text) last.
    """
    title = page_title(document, name)
    description = _one_line(document.metadata.description)
    tables = write_tables(document.bid_tables)
    if notes:
        tables = comment_lines(notes) + "\n" + ("\n" + tables if tables else "")
    if after.strip():
        tables = (tables + "\n" if tables else "") + after.rstrip("\n") + "\n"
    if page_format == "rst":
        return rst_page(title, description, tables)
    if page_format == "md":
        return md_page(title, description, tables)
    raise ValueError(f"unknown page format {page_format!r}")


# -- reStructuredText --------------------------------------------------------


def rst_escape(text: str) -> str:
    """``text`` as literal reStructuredText on one line."""
    escaped = _RST_INLINE.sub(r"\\\1", text)
    if _RST_LINE_START.match(escaped) and not escaped.startswith("\\"):
        escaped = "\\" + escaped
    return escaped


def rst_page(title: str, description: str, tables: str) -> str:
    heading = rst_escape(title)
    underline = "=" * max(len(heading), column_width(heading))
    parts = [f"{heading}\n{underline}\n"]
    if description:
        parts.append(rst_escape(description) + "\n")
    parts.append(".. bml::\n\n" + _indented(tables, RST_INDENT) if tables.strip() else ".. bml::\n")
    return "\n".join(parts)


def _indented(text: str, indent: str) -> str:
    return "".join(indent + line if line.strip() else line for line in text.splitlines(keepends=True))


# -- MyST Markdown -----------------------------------------------------------


def md_escape(text: str) -> str:
    """``text`` as literal Markdown on one line."""
    escaped = _MD_INLINE.sub(r"\\\1", text)
    start = _MD_LINE_START.match(escaped)
    if start is None:
        return escaped
    if start.group(1):
        return "\\" + escaped
    return start.group(2) + "\\" + escaped[start.end(2) :]


def md_fence(content: str) -> str:
    """A backtick fence longer than any run of backticks in ``content``."""
    longest = max((len(run) for run in re.findall(r"`+", content)), default=0)
    return "`" * max(3, longest + 1)


def md_page(title: str, description: str, tables: str) -> str:
    parts = [f"# {md_escape(title)}\n"]
    if description:
        parts.append(md_escape(description) + "\n")
    fence = md_fence(tables)
    parts.append(f"{fence}{{bml}}\n{tables}{fence}\n")
    return "\n".join(parts)


def _one_line(text: str) -> str:
    return " ".join(text.split())
