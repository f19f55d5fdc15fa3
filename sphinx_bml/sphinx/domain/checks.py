"""The consistency checks: where the notes contradict themselves.

Run once the whole site is read (the domain's ``check_consistency``), on the
pages in site order, so each problem is reported on every build that reads
a page, whichever page changed; a problem that several systems share is
reported once, naming them (:class:`~sphinx_bml.sphinx.diagnostics.Problems`):

``bml.conflict``  a sequence (same seat and vulnerability) defined in two
                  places with different meanings: reported at the second
                  place, naming the first, which stands. A placeholder (a
                  sequence a table only continues), the same words again,
                  and a pattern (``2M``) after a specific row (``2H``) are
                  no conflict: a more general rule fills the gaps
                  (:func:`.system.more_general`). A more specific row after
                  a pattern that already defined it is one; two as specific
                  with an opponents' call in them get the cure of naming
                  what the call means (``(1N{Weak})``).
``bml.unused``    a row of a page whose every sequence earlier pages define,
                  more specifically: it adds nothing (within a page, the
                  engine reports it, :mod:`.unused_rows`).
``bml.orphan``    a table continuing a sequence (``1N-2C;``) that no table
                  of the site describes, at any seat or vulnerability (the
                  sequence up to our last call that is not a pass: the
                  opponents' calls need no description, see
                  :func:`.definitions.required`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ...language.errors import Kind, Location
from ...language.notation import context_label, short_notation
from ...language.site import Site
from ...language.system import Meaning
from ...language.unused_rows import covered as rows_covered
from ..diagnostics import Problem, where

#: Descriptions longer than this are cut in messages.
QUOTE_LENGTH = 60


def check_site(site: Site, folder: str) -> Iterator[Problem]:
    """Every conflict, unused row and orphan of ``site``; paths in messages are
    relative to ``folder``."""
    for conflict in site.conflicts:
        later, first = conflict.later, conflict.first
        if conflict.hidden_by_rule:
            message = (
                f"{_named(later)} is defined here as {_quote(later)}, but a more general pattern at "
                f"{_place(first.location, folder)} already gave it {_quote(first)}; the first definition stands, "
                "so the pattern's meaning is kept: write this row before the pattern to make it stand"
            )
        else:
            message = (
                f"{_named(later)} is defined here as {_quote(later)} "
                f"but already as {_quote(first)} at {_place(first.location, folder)}; the first stands"
            )
            if conflict.cure:
                message += (
                    f"; if the two are for different situations (what their {conflict.situation} shows), "
                    f"name it in braces in one of them, as {conflict.cure}"
                )
        yield Problem(Kind.CONFLICT, message, where(later.location))
    for covered in site.covered:
        message = rows_covered(covered.first, _place(covered.first.location, folder), covered.count, covered.answers)
        yield Problem(Kind.UNUSED, message, where(covered.later.location))
    for orphan in site.orphans:
        continuation = orphan.continuation
        continued = " and ".join(short_notation(sequence) for sequence in continuation.sequences)
        missing = " and ".join(short_notation(sequence) for sequence in orphan.missing)
        message = (
            f"this table continues {continued}, but no bidding table of the site says what "
            f"{missing} {'means' if len(orphan.missing) == 1 else 'mean'}"
        )
        yield Problem(Kind.ORPHAN, message, where(continuation.location))


def _place(location: Location, folder: str) -> str:
    """``file:line``, the file relative to the documentation folder."""
    return f"{os.path.relpath(location.file, folder)}:{location.line}"


def _named(meaning: Meaning) -> str:
    """``1NT``, or ``1NT (3rd or 4th seat, vulnerable)``."""
    name = short_notation(meaning.sequence)
    context = context_label(meaning.seat, meaning.vulnerability)
    return f"{name} ({context})" if context else name


def _quote(meaning: Meaning) -> str:
    text = " ".join(meaning.description.text.split())
    if len(text) > QUOTE_LENGTH:
        text = text[: QUOTE_LENGTH - 1].rstrip() + "\u2026"
    return f"'{text}'"
