"""The opponents' calls as our notes read them: by what they mean, where our notes say (``(2C{Landy})``).

Notes may name an opponents' call by its meaning, to answer it apart from
the same call meaning something else: ``1N-(2C{Landy})-X`` is not
``1N-(2C)-X``. At the table the call is explained by the notes of the side
that made it (the opponents' own, with ``--opponents``): it is read as the
named call when every word of the name is a word of that explanation
(``{Landy}`` names "Landy: both majors, 5-4 or better"; ``{natural}`` names
"5+ clubs, natural"), and as the plain call otherwise. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..language.calls import PASS, Call
from ..language.system import Meaning

#: the auctions after which notes name an opponents' call: (whether we opened, the calls before it)
Auction = tuple[bool, tuple[Call, ...]]
_WORD = re.compile(r"\w+")


def named_calls(meanings: Iterable[Meaning]) -> dict[Auction, tuple[Call, ...]]:
    """The opponents' calls the notes name by their meaning, by the auction before each (from the
    opening, as the side that wrote the notes sees it); empty for notes that name none."""
    named: dict[Auction, dict[Call, None]] = {}
    for meaning in meanings:
        sequence = meaning.sequence
        for index, call in enumerate(sequence.calls):
            if call.qualification is not None and not sequence.is_ours(index) and call.plain != PASS:
                named.setdefault((sequence.we_open, sequence.calls[:index]), {})[call] = None
    return {auction: tuple(calls) for auction, calls in named.items()}


def names(qualification: str, explanation: str) -> bool:
    """Whether a call named ``qualification`` in our notes is the call explained so: every word of
    the name is a word of the explanation, whatever the case."""
    wanted = set(_WORD.findall(qualification.casefold()))
    return bool(wanted) and wanted <= set(_WORD.findall(explanation.casefold()))


def read_as(call: Call, named: tuple[Call, ...], explanation: str) -> Call:
    """``call`` as our notes read it: the first of ``named`` that is this call and whose name the
    ``explanation`` of the side that made it bears, else the plain call."""
    return next(
        (
            candidate
            for candidate in named
            if candidate.plain == call and candidate.qualification and names(candidate.qualification, explanation)
        ),
        call,
    )
