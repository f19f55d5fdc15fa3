"""Problems in BML as Sphinx warnings, at the file and line they are about.

Every warning of sphinx-bml goes through :func:`warn`: type ``bml``, subtype
one of :class:`~sphinx_bml.language.errors.Kind` (``bml.syntax``,
``bml.conflict`` ...), so that ``suppress_warnings = ["bml"]`` silences them
all and ``"bml.include"`` one kind only. The kinds are documented where
they are declared, and the reference page lists them from there.

A problem in a file that several pages include, or in a page that several
systems share, is found several times: the build keeps each
:class:`Problem` where it was found (the ``bml`` domain, for the pages
read; parallel readers hand it back there) and :class:`Problems` reports
it once, naming the systems it affects.
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

    def locate(self, location: Location | None) -> str | tuple[str, int]:
        """A Sphinx warning location: ``file:line`` of the problem, else this place."""
        if location is None or location.line < 1:
            return (self.docname, self.line)
        return where(location)


def warn(kind: Kind, message: str, location: WarningLocation) -> None:
    """The one way sphinx-bml warns: ``message`` as a ``bml.<kind>`` warning at ``location``,
    on one line (see :func:`~sphinx_bml.language.errors.one_line`, the rule the commands follow too)."""
    logger.warning(one_line(message), type=WARNING_TYPE, subtype=kind.value, location=location)


def tell(message: str, location: WarningLocation) -> None:
    """Tell the author something that is no mistake in the notes (a file to make before the site
    is built): a line of the build's output at ``location``, not a warning, so that ``-W`` builds
    on; ``-q`` hides it."""
    logger.info(one_line(message), location=location)


def where(location: Location) -> str:
    """``file:line`` of a problem, the file's path normalised (``wj/../common/x.bml``
    is ``common/x.bml``), so that a file reached by two paths is one place."""
    return f"{os.path.normpath(location.file)}:{location.line}"


@dataclass(frozen=True)
class Problem:
    """A problem found in the notes, located as its warning will be: what
    the build keeps until it reports it (see :class:`Problems`)."""

    kind: Kind
    message: str
    location: str | tuple[str, int]


def located(problems: Iterable[BMLError], place: Place) -> list[Problem]:
    """The engine's problems, each at its ``file:line``, else at ``place``."""
    return [Problem(problem.kind, problem.message, place.locate(problem.location)) for problem in problems]


class Problems:
    """Problems found in several places (the pages that include one file, the
    systems that share a page), each reported once, in the order first
    found: one warning at its file and line, naming the systems it affects
    when they are more than one, in the order of ``systems`` (``bml_systems``)."""

    def __init__(self, systems: Iterable[str] = ()) -> None:
        self._order = {name: number for number, name in enumerate(systems)}
        self._systems: dict[Problem, set[str]] = {}

    def add(self, problem: Problem, systems: Iterable[str] = ()) -> None:
        """``problem``, found in ``systems``."""
        self._systems.setdefault(problem, set()).update(system for system in systems if system)

    def report(self) -> None:
        """One warning per problem."""
        for problem, systems in self._systems.items():
            named = sorted(systems, key=lambda name: (self._order.get(name, len(self._order)), name))
            warn(problem.kind, problem.message + in_systems(named), problem.location)


def in_systems(systems: list[str]) -> str:
    """`` (in the systems wj, blue and defense)`` for a problem of several systems, else nothing."""
    if len(systems) < 2:
        return ""
    return f" (in the systems {', '.join(systems[:-1])} and {systems[-1]})"
