"""Problems found in BML text, located at a file and line.

The engine never lets a user's typo escape as a traceback: every problem is a
:class:`BMLError` with a :class:`Location`. Parsing collects them in a
:class:`Problems` list and goes on with the rest of the document, so one bad
row costs that row only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Location:
    """Where something was written: a file (as given) and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Kind(enum.StrEnum):
    """What a problem is about. In Sphinx every problem is a warning of type
    ``bml`` and of this subtype (``bml.syntax``), so ``suppress_warnings``
    can silence one kind. The engine reports the first three; the Sphinx
    adapters the others. Each member's comment is its documentation."""

    #: a file could not be read: ``#INCLUDE`` of a missing file, an include
    #: cycle, a file outside the documentation folder, file insertion switched
    #: off, a file that is not UTF-8
    INCLUDE = "include"
    #: BML that cannot be read: a bad call, bad indentation, an unknown
    #: command, ``#PASTE`` of an unknown name, a bad ``#VUL``
    SYNTAX = "syntax"
    #: a bidding table whose calls do not make an auction, such as an
    #: insufficient bid or a step beyond 7NT
    SEQUENCE = "sequence"
    #: a ``bml`` directive used in a way that cannot work as written
    DIRECTIVE = "directive"
    #: a setting in ``conf.py`` that cannot work (its default is used)
    CONFIG = "config"
    #: something the ``bss`` builder leaves out, and why
    BSS = "bss"
    #: something the ``bboalert`` builder leaves out, and why
    BBOALERT = "bboalert"
    #: a sequence that two tables define with different meanings
    CONFLICT = "conflict"
    #: a table continuing a sequence that no table describes
    ORPHAN = "orphan"
    #: a ``:bml:seq:`` reference that cannot be read or leads nowhere
    REF = "ref"



class BMLError(Exception):
    """A problem in BML or BSS text, in words a bridge player understands.

    ``kind`` says what it is about (:class:`Kind`).
    """

    def __init__(self, message: str, location: Location | None = None, kind: Kind = Kind.SYNTAX) -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        self.kind = kind

    def at(self, location: Location) -> BMLError:
        """The same problem, placed at ``location`` unless it already has a place."""
        if self.location is None:
            self.location = location
        return self

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"


@dataclass
class Problems:
    """The problems met while reading one document, in the order found."""

    items: list[BMLError] = field(default_factory=list)

    def add(self, error: BMLError) -> None:
        self.items.append(error)

    def report(self, message: str, location: Location | None, kind: Kind = Kind.SYNTAX) -> None:
        self.items.append(BMLError(message, location, kind))

    def __iter__(self) -> Iterator[BMLError]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)
