"""Problems found in BML text, located at a file and line.

The engine never lets a user's typo escape as a traceback: every problem is a
:class:`BMLError` with a :class:`Location`. Parsing collects them in a
:class:`Problems` list and goes on with the rest of the document, so one bad
row costs that row only.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Location:
    """Where something was written: a file (as given) and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


#: What a problem is about: a file that cannot be read, text that cannot be
#: read, or calls that do not make an auction.
INCLUDE, SYNTAX, SEQUENCE = "include", "syntax", "sequence"


class BMLError(Exception):
    """A problem in BML or BSS text, in words a bridge player understands.

    ``kind`` is :data:`INCLUDE`, :data:`SYNTAX` or :data:`SEQUENCE`.
    """

    def __init__(self, message: str, location: Location | None = None, kind: str = SYNTAX) -> None:
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

    def report(self, message: str, location: Location | None, kind: str = SYNTAX) -> None:
        self.items.append(BMLError(message, location, kind))

    def __iter__(self) -> Iterator[BMLError]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)
