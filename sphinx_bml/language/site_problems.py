"""Where the notes of a site contradict themselves, in a player's words.

Once the pages are put together (:class:`.site.Site`), three kinds of problem
can be told, each at the line it is about:

``conflict``  a sequence (same seat and vulnerability) defined in two
              places with different meanings: reported at the second
              place, naming the first, which stands. A placeholder (a
              sequence a table only continues), the same words again,
              and a pattern (``2M``) after a specific row (``2H``) are
              no conflict: a more general rule fills the gaps
              (:func:`.system.more_general`). A more specific row after
              a pattern that already defined it is one; two as specific
              with an opponents' call in them get the cure of naming
              what the call means (``(1N{Weak})``).
``unused``    a row of a page whose every sequence earlier pages define,
              more specifically: it adds nothing (within a page, the
              engine reports it, :mod:`.unused_rows`).
``orphan``    a table continuing a sequence (``1N-2C;``) that no table
              of the site describes, at any seat or vulnerability (the
              sequence up to our last call that is not a pass: the
              opponents' calls need no description, see :func:`.site.required`).

The Sphinx domain warns about them (``sphinx/domain/checks``), and the
playground shows them beside its editor.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from .errors import BMLError, Kind, Location
from .notation import context_label, short_notation
from .site import Site
from .system import Meaning
from .unused_rows import covered as rows_covered
from .unused_rows import quoted


def site_problems(site: Site, folder: str) -> Iterator[BMLError]:
    """Every conflict, row that adds nothing and orphan of ``site``, in that order;
    the paths in messages are relative to ``folder``."""
    for conflict in site.conflicts:
        later, first = conflict.later, conflict.first
        if conflict.hidden_by_rule:
            message = (
                f"{_named(later)} is defined here as {quoted(later)}, but a more general pattern at "
                f"{_place(first.location, folder)} already gave it {quoted(first)}; the first definition stands, "
                "so the pattern's meaning is kept: write this row before the pattern to make it stand"
            )
        else:
            message = (
                f"{_named(later)} is defined here as {quoted(later)} "
                f"but already as {quoted(first)} at {_place(first.location, folder)}; the first stands"
            )
            if conflict.cure:
                message += (
                    f"; if the two are for different situations (what their {conflict.situation} shows), "
                    f"name it in braces in one of them, as {conflict.cure}"
                )
        yield BMLError(message, later.location, Kind.CONFLICT)
    for covered in site.covered:
        message = rows_covered(covered.first, _place(covered.first.location, folder), covered.count, covered.answers)
        yield BMLError(message, covered.later.location, Kind.UNUSED)
    for orphan in site.orphans:
        continuation = orphan.continuation
        continued = " and ".join(short_notation(sequence) for sequence in continuation.sequences)
        missing = " and ".join(short_notation(sequence) for sequence in orphan.missing)
        message = (
            f"this table continues {continued}, but no bidding table of the site says what "
            f"{missing} {'means' if len(orphan.missing) == 1 else 'mean'}"
        )
        yield BMLError(message, continuation.location, Kind.ORPHAN)


def _place(location: Location, folder: str) -> str:
    """``file:line``, the file relative to the documentation folder."""
    return f"{os.path.relpath(location.file, folder)}:{location.line}"


def _named(meaning: Meaning) -> str:
    """``1NT``, or ``1NT (3rd or 4th seat, vulnerable)``."""
    name = short_notation(meaning.sequence)
    context = context_label(meaning.seat, meaning.vulnerability)
    return f"{name} ({context})" if context else name
