"""Problems found in BML text, located at a file and line.

The engine never lets a user's typo escape as a traceback: every problem is a
:class:`BMLError` with a :class:`Location`. Parsing collects them in a
:class:`Problems` list and goes on with the rest of the document, so one bad
row costs that row only.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field


def one_line(message: str) -> str:
    """``message`` with the characters that would break or hide a line of a
    build's output or of a terminal (line and paragraph separators, form feeds,
    escape sequences that retitle or clear a terminal, other control characters,
    the marks that make a terminal show the text around them in another order,
    quoted from what the user wrote or from a file read) shown as escapes: ``\\u2028``, ``\\u001b``, ``\\u202e``."""
    if message.isprintable():  # no control character nor separator but the space: nothing to show
        return message
    return "".join(f"\\u{ord(char):04x}" if _hidden(char) else char for char in message)


def shown_lines(text: str) -> str:
    """``text`` for a terminal: its lines kept, each shown as :func:`one_line` shows it."""
    return "\n".join(one_line(line) for line in text.split("\n"))


#: Control characters, line and paragraph separators.
_INVISIBLE = frozenset({"Cc", "Zl", "Zp"})
#: The marks that reorder the text around them where it is shown (the right-to-left override
#: U+202E and its kin, the isolates U+2066 to U+2069, the direction marks): a line quoted with
#: one would read otherwise than it is written.
_REORDERING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden(char: str) -> bool:
    return char in _REORDERING or unicodedata.category(char) in _INVISIBLE


@dataclass(frozen=True, order=True, slots=True)
class Location:
    """Where something was written: a file (as given) and a 1-based line."""

    file: str
    line: int

    def __reduce__(self) -> tuple[type[Location], tuple[str, int]]:
        # A slotted dataclass pickles through a generic state made from its
        # fields' list; a location is in every row of every stored doctree.
        return Location, (self.file, self.line)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Kind(enum.StrEnum):
    """What a problem is about. In Sphinx every problem is a warning of type
    ``bml`` and of this subtype (``bml.syntax``), so ``suppress_warnings``
    can silence one kind. The engine reports the first four; the Sphinx
    adapters the others. Each member carries its :attr:`description`, which
    the documentation lists."""

    description: str

    def __new__(cls, value: str, description: str) -> Kind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.description = description
        return member

    INCLUDE = (
        "include",
        "a file that cannot or may not be read: a missing ``#INCLUDE``, an include cycle, a file outside "
        "the documentation folder, file insertion switched off, a file that is not UTF-8",
    )
    SYNTAX = (
        "syntax",
        "BML that cannot be read: an unknown call, bad indentation, an unknown command, ``#PASTE`` of an "
        "unknown name, a bad ``#VUL``, a deal or auction diagram with a slip (shown as written)",
    )
    SEQUENCE = (
        "sequence",
        "calls that do not make an auction: an insufficient bid, a step beyond 7NT, ``om`` without ``m``",
    )
    UNUSED = (
        "unused",
        "a row that adds nothing to the system: a pattern that stands for no bid where it is written "
        "(``2X`` under ``2S``; ``2M`` where a ``2S`` row takes its only bid), or whose every sequence an "
        "earlier, more specific row defines",
    )
    DEAL = (
        "deal",
        "a deal diagram whose cards could not have been dealt (a card in two hands, a hand of 14 cards, "
        "hands of 13 and 12 cards), a lead the leader cannot hold, or an auction diagram under the deal that "
        "does not start with its dealer or does not end in its contract",
    )
    DIRECTIVE = ("directive", "the ``bml`` directive used in a way that cannot work as written")
    CONFIG = ("config", "a setting in ``conf.py`` that cannot work: its default is used")
    BSS = (
        "bss",
        "a document with bidding tables that the ``bss`` builder leaves out, because the root document's "
        "toctree does not reach it",
    )
    BBOALERT = (
        "bboalert",
        "a document with bidding tables that the ``bboalert`` builder leaves out, because the root "
        "document's toctree does not reach it; a sequence of ``bml_bboalert_practice`` that gets no practice "
        "button, and why",
    )
    ANKI = (
        "anki",
        "a document with bidding tables that the ``anki`` builder leaves out, because the root document's "
        "toctree does not reach it; or no deck at all, because genanki is not installed",
    )
    CONFLICT = (
        "conflict",
        "a sequence (at the same seat and vulnerability) that two tables define with different meanings: "
        "at the second, naming the first, which stands",
    )
    ORPHAN = ("orphan", "a table that continues a sequence (``1N-2C;``) that no table of the site describes")
    REF = ("ref", "a ``:bml:seq:`` reference that cannot be read or leads nowhere")
    LATEX = (
        "latex",
        'a character that LaTeX\'s default engine, pdflatex, cannot print: ``latex_engine = "xelatex"`` cures it',
    )
    CARD = (
        "card",
        "a ``bml-convention-card`` box whose sources disagree, so the card leaves it to you: a player's "
        "words (``:negative-doubles:``, ``:doubles:``) that a bidding table contradicts, or an opening whose "
        "hand condition and meaning give different minimum lengths",
    )
    PLAYGROUND = (
        "playground",
        "a ``bml-playground`` page whose playground cannot work on the site: the files of Pyodide "
        "(``bml_playground_pyodide``) are not found, so the page shows the notes and says the playground "
        "is not available",
    )
    PRACTICE = (
        "practice",
        "a ``bml-practice`` page that cannot deal its boards: endplay is not installed "
        "(``pip install 'sphinx-bml[practice]'``), no row of the system has a hand condition, or too few "
        "deals find a row for the hand to practise",
    )


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
        """The problem as a command prints it: ``file:line: message``, on one line (:func:`one_line`)."""
        if self.location is None:
            return one_line(self.message)
        return one_line(f"{self.location}: {self.message}")


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
