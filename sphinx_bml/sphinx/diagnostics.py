"""Problems in BML as Sphinx warnings, at the file and line they are about.

Every warning of sphinx-bml goes through :func:`warn`: type ``bml``, subtype
one of :class:`~sphinx_bml.language.errors.Kind` (``bml.syntax``,
``bml.conflict`` ...), so that ``suppress_warnings = ["bml"]`` silences them
all and ``"bml.include"`` one kind only. The kinds are documented where
they are declared, and the reference page lists them from there.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from docutils import nodes
from sphinx.util import logging

from ..language.errors import BMLError, Kind, Location, one_line

logger = logging.getLogger(__name__)

#: The Sphinx warning type of every warning of sphinx-bml.
WARNING_TYPE = "bml"

#: Where a warning points: ``file:line``, a document and line, a node, or nowhere.
WarningLocation = str | tuple[str, int | None] | nodes.Node | None


@dataclass(frozen=True)
class Place:
    """Where a piece of BML stands: its document, the line to blame when a
    problem has no line of its own (the directive's first line), and the
    documentation folder, which the paths in messages are shown from."""

    docname: str
    line: int
    folder: str

    def locate(self, location: Location | None) -> WarningLocation:
        """A Sphinx warning location: ``file:line`` of the problem, else this place."""
        if location is None or location.line < 1:
            return (self.docname, self.line)
        return f"{os.path.normpath(location.file)}:{location.line}"


def warn(kind: Kind, message: str, location: WarningLocation) -> None:
    """The one way sphinx-bml warns: ``message`` as a ``bml.<kind>`` warning at ``location``,
    on one line (see :func:`~sphinx_bml.language.errors.one_line`, the rule the commands follow too)."""
    logger.warning(one_line(message), type=WARNING_TYPE, subtype=kind.value, location=location)


#: The problems reported since the documents began to be read: a file that two
#: pages include is read twice, but each of its problems is reported once.
_reported: set[tuple[Kind, str, WarningLocation]] = set()


def report(problems: Iterable[BMLError], place: Place) -> None:
    """One warning per problem, in the order found, typed by what the problem
    is about; a problem already reported in this build (in a file that
    another page includes too) is not reported again."""
    for problem in problems:
        location = place.locate(problem.location)
        key = (problem.kind, problem.message, location)
        if isinstance(location, str) and key in _reported:
            continue
        _reported.add(key)
        warn(problem.kind, problem.message, location)


def forget_reported(*args: object) -> None:
    """``env-before-read-docs``: a new round of reading reports everything again."""
    _reported.clear()
