"""The "Bidding sequences" page: every sequence shown in the notes, by opening.

Sphinx names a domain index ``<domain>-<index>``: the page is
``bml-sequences.html`` and ``:ref:`bml-sequences``` links to it. It lists
each sequence the notes show, with its meaning and a link to its row,
grouped by the opening (the first call that is not a pass; the opponents'
openings in parentheses, after ours), in bidding order within a group, so
that each opening comes first and the sequences that continue it follow,
one step in. A variant for a seat or vulnerability says so beside it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from sphinx.domains import Index, IndexEntry

from ..language.calls import PASS, Sequence
from .definitions import Definition
from .sequences import call_label, from_notation, label

if TYPE_CHECKING:
    from .domain import BMLDomain

#: A group: ours (0) before theirs (1), all-pass sequences last (2); then the opening call's rank.
GroupKey = tuple[int, int]
#: An entry's place in its group, whether it is the opening alone, and the entry.
Row = tuple[tuple[int, ...], bool, IndexEntry]

_VULNERABILITY_ORDER = {"0": 0, "N": 1, "Y": 2}


class SequenceIndex(Index):
    name = "sequences"
    localname = "Bidding sequences"
    shortname = "sequences"

    def generate(self, docnames: Iterable[str] | None = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = None if docnames is None else set(docnames)
        site = cast("BMLDomain", self.domain).site()
        groups: dict[GroupKey, tuple[str, list[Row]]] = {}
        for key, (docname, shown) in site.targets.items():
            if wanted is not None and docname not in wanted:
                continue
            sequence = from_notation(key[0])
            group, heading, alone = _opening(sequence)
            meaning = site.meaning(key) or shown
            entry = IndexEntry(label(sequence), 0, docname, shown.anchor, shown.context, "", meaning.plain_text)
            groups.setdefault(group, (heading, []))[1].append((_order(sequence, shown), alone, entry))
        content = []
        for group in sorted(groups):
            heading, rows = groups[group]
            rows.sort(key=lambda row: row[0])
            entries = [entry for _, _, entry in rows]
            if len(rows) > 1 and rows[0][1]:
                entries = [entries[0]._replace(subtype=1), *(entry._replace(subtype=2) for entry in entries[1:])]
            content.append((heading, entries))
        return content, False


def _opening(sequence: Sequence) -> tuple[GroupKey, str, bool]:
    """The group of a sequence, its heading, and whether the sequence is the opening alone."""
    for index, call in enumerate(sequence.calls):
        if call != PASS:
            ours = sequence.is_ours(index)
            heading = call_label(call) if ours else f"({call_label(call)})"
            return (0 if ours else 1, call.rank), heading, index == len(sequence.calls) - 1
    return (2, 0), call_label(PASS), len(sequence.calls) == 1


def _order(sequence: Sequence, definition: Definition) -> tuple[int, ...]:
    """Bidding order, a pass first (so the sequences without interference come
    before the others) and a sequence before those continuing it; then seat
    and vulnerability."""
    calls = (-1 if call == PASS else call.rank for call in sequence.calls)
    vulnerability = (_VULNERABILITY_ORDER[side] for side in definition.vulnerability)
    return (*calls, -2, int(definition.seat), *vulnerability)
