"""The consistency checks: where the notes contradict themselves.

Run once the whole site is read (the domain's ``check_consistency``), on the
pages in site order, so each problem is reported on every build that reads
a page, whichever page changed:

``bml.conflict``  a sequence (same seat and vulnerability) defined in two
                  places with different meanings: reported at the second
                  place, naming the first, which stands. A placeholder (a
                  sequence a table only continues) and the same words again
                  are no conflict.
``bml.orphan``    a table continuing a sequence (``1N-2C;``) that no table
                  of the site describes, at any seat or vulnerability (the
                  sequence up to our last call that is not a pass: the
                  opponents' calls need no description, see
                  :func:`.definitions.required`).
"""

from __future__ import annotations

from sphinx.util import logging

from .definitions import Definition, Site
from .diagnostics import WARNING_TYPE
from .sequences import from_notation, short_notation

logger = logging.getLogger(__name__)

#: Descriptions longer than this are cut in messages.
QUOTE_LENGTH = 60


def check_site(site: Site, folder: str) -> None:
    """Warn about every conflict and orphan of ``site``; paths in messages are relative to ``folder``."""
    for conflict in site.conflicts:
        later, first = conflict.later, conflict.first
        _warn(
            f"{_named(later)} is defined here as {_quote(later.description)} "
            f"but already as {_quote(first.description)} at {first.place(folder)}; the first stands",
            "conflict",
            f"{later.file}:{later.line}",
        )
    for orphan in site.orphans:
        continuation = orphan.continuation
        continued = " and ".join(_notation(sequence) for sequence in continuation.sequences)
        missing = " and ".join(_notation(sequence) for sequence in orphan.missing)
        _warn(
            f"this table continues {continued}, but no bidding table of the site says what "
            f"{missing} {'means' if len(orphan.missing) == 1 else 'mean'}",
            "orphan",
            f"{continuation.file}:{continuation.line}",
        )


def _warn(message: str, subtype: str, location: str) -> None:
    logger.warning(message, type=WARNING_TYPE, subtype=subtype, location=location)


def _notation(sequence: str) -> str:
    return short_notation(from_notation(sequence))


def _named(definition: Definition) -> str:
    """``1NT``, or ``1NT (3rd or 4th seat, we vulnerable)``."""
    name = _notation(definition.sequence)
    return f"{name} ({definition.context})" if definition.context else name


def _quote(description: str) -> str:
    text = " ".join(description.split())
    if len(text) > QUOTE_LENGTH:
        text = text[: QUOTE_LENGTH - 1].rstrip() + "\u2026"
    return f"'{text}'"
