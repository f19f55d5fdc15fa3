"""Reading BML inside a Sphinx document, as one BML file is read.

A document may hold several pieces of BML (``bml`` directives), or be a BML
file itself. One :class:`DocumentReading` per document carries what flows
from piece to piece in order: ``#VUL``, ``#SEAT``, the ``#COPY``/``#CUT``
clipboard and the ``#+TITLE``-style metadata, and collects the meanings of
its bidding tables for the ``bss`` builder. It lives in the document's
temporary data, so each document starts afresh.

An example (``:example:``) is read on its own: it starts from a fresh state,
changes nothing for the pieces after it, and its tables stay out of the
system.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from sphinx.environment import BuildEnvironment

from ...language.bidtable import TableState
from ...language.errors import Kind
from ...language.expansion import expand
from ...language.model import Document, Metadata
from ...language.parser import Parser
from ...language.reader import Reader, Source
from ...language.site import Continuation, continuations
from ...language.system import System
from .. import garbage_collector
from ..diagnostics import Place, Problem, located

_KEY = "bml_reading"


@dataclass
class DocumentReading:
    """The BML state of the document being read."""

    state: TableState = field(default_factory=TableState)
    metadata: Metadata = field(default_factory=Metadata)
    system: System = field(default_factory=System)
    #: the tables that continue a sequence (``1N-2C;``)
    continued: list[Continuation] = field(default_factory=list)
    #: the abbreviations its prose uses (``bml_abbreviations``; ``None``: not looked for)
    abbreviations: frozenset[str] | None = None
    #: the problems found, its examples' too: the domain keeps them and reports them once the site is read
    problems: list[Problem] = field(default_factory=list)


def _current_document(env: BuildEnvironment) -> MutableMapping[str, Any]:
    # env.current_document from Sphinx 8.2 on, env.temp_data before
    return cast("MutableMapping[str, Any]", getattr(env, "current_document", None) or env.temp_data)


def current_reading(env: BuildEnvironment) -> DocumentReading:
    """The reading of the current document, started on first use."""
    data = _current_document(env)
    reading = data.get(_KEY)
    if not isinstance(reading, DocumentReading):
        reading = DocumentReading()
        data[_KEY] = reading
    return reading


def finished_reading(env: BuildEnvironment) -> DocumentReading | None:
    """The reading of the current document, if it had any BML."""
    reading = _current_document(env).get(_KEY)
    return reading if isinstance(reading, DocumentReading) else None


def keep_problem(env: BuildEnvironment, kind: Kind, message: str, location: str | tuple[str, int]) -> None:
    """A problem of the document being read, kept with those its BML has, in the order found."""
    current_reading(env).problems.append(Problem(kind, message, location))


def reader(env: BuildEnvironment, includes_enabled: bool) -> Reader:
    """A reader whose ``#INCLUDE`` stays inside the documentation folder."""
    return Reader(root=Path(env.srcdir), includes_enabled=includes_enabled)


def read(
    env: BuildEnvironment,
    source: Source,
    place: Place,
    *,
    indentation: int | None,
    hidden: bool = False,
    example: bool = False,
) -> Document:
    """Parse ``source`` as the next piece of the current document.

    Problems are kept in the document's reading, located (the domain
    reports them once every page is read), the meanings of its bidding tables join
    the document's system (``hidden``: as ``#HIDE`` tables; ``example``: they
    do not, and the piece is read on its own), and every file it read becomes
    a dependency of the document.
    """
    reading = DocumentReading() if example else current_reading(env)
    prefix = env.config.bml_alert_prefix
    with garbage_collector.keeping():
        document = Parser(indentation, reading.state, reading.metadata, alert_prefix=prefix).parse(source)
        if hidden:
            for table in document.bid_tables:
                table.hidden = True
        expand(document, reading.system)
    if not example:
        reading.continued += continuations(document.bid_tables)
    current_reading(env).problems.extend(located(document.problems, place))
    # a missing file is a dependency too: the page is read again once it exists
    for path in [*source.files, *source.missing]:
        env.note_dependency(path)
    return document
