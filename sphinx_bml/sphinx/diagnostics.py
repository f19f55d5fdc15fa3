"""Problems in BML as Sphinx warnings, at the file and line they are about.

Every warning has the type ``bml`` and one of these subtypes, so that
``suppress_warnings = ["bml"]`` silences them all and ``"bml.include"`` one
kind only:

=============  =============================================================
``include``    a file could not be read: ``#INCLUDE`` of a missing file, an
               include cycle, a file outside the documentation folder, file
               insertion switched off, a file that is not UTF-8
``syntax``     BML that cannot be read: a bad call, bad indentation, an
               unknown command, ``#PASTE`` of an unknown name, a bad ``#VUL``
``sequence``   a bidding table whose calls do not make an auction, such as an
               insufficient bid or a step beyond 7NT
``directive``  a ``bml`` directive used in a way that cannot work as written
``config``     a setting in ``conf.py`` that cannot work
``bss``        something the ``bss`` builder leaves out, and why
``bboalert``   something the ``bboalert`` builder leaves out, and why
``conflict``   a sequence that two tables define with different meanings
``orphan``     a table continuing a sequence that no table describes
``ref``        a ``:bml:seq:`` reference that cannot be read or leads nowhere
=============  =============================================================
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from sphinx.util import logging

from ..language.errors import BMLError, Location

logger = logging.getLogger(__name__)

WARNING_TYPE = "bml"


@dataclass(frozen=True)
class Place:
    """Where a piece of BML stands: its document, the line to blame when a
    problem has no line of its own (the directive's first line), and the
    documentation folder, which the paths in messages are shown from."""

    docname: str
    line: int
    folder: str

    def locate(self, location: Location | None) -> str | tuple[str, int]:
        """A Sphinx warning location: ``file:line`` of the problem, else this place."""
        if location is None or location.line < 1:
            return (self.docname, self.line)
        return f"{os.path.normpath(location.file)}:{location.line}"


def warn(message: str, subtype: str, location: str | tuple[str, int] | None) -> None:
    logger.warning(message, type=WARNING_TYPE, subtype=subtype, location=location)


def report(problems: Iterable[BMLError], place: Place) -> None:
    """One warning per problem, in the order found, typed by what the problem is about."""
    for problem in problems:
        warn(problem.message, problem.kind, place.locate(problem.location))
