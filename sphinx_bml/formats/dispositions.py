"""The BSS disposition of a call, from the standard abbreviations of its meaning.

A ``.bss`` record says what the last call asks of partner (the ``J`` code,
:class:`~.bss_reader.Disposition`). BML has no place for it, but meanings
use the standard abbreviations: ``F``, ``NF``, ``INV``, ``GF``/``FG``,
``S/O``, ``PRE``, ``TRF``, ``PUP``, ``REL``, ``ASK``... When the words of a
meaning name exactly one disposition, that is the call's; when they name
none, or two that disagree (``INV or GF``, ``TRF, GF``), it is ``0``, no
agreement: a wrong code would mislead more than none.
"""

from __future__ import annotations

from ..language.abbreviations import abbreviations_in
from .bss_reader import Disposition

#: Each abbreviation (and spelled-out word) that names a disposition.
DISPOSITION_WORDS: dict[str, Disposition] = {
    "S/O": Disposition.SIGNOFF,
    "SO": Disposition.SIGNOFF,
    "NF": Disposition.NON_FORCING,
    "CONST": Disposition.CONSTRUCTIVE,
    "INV": Disposition.INVITATIONAL,
    "GI": Disposition.INVITATIONAL,
    "F": Disposition.FORCING,
    "F1": Disposition.FORCING,
    "GF": Disposition.GAME_FORCING,
    "FG": Disposition.GAME_FORCING,
    "S/T": Disposition.SLAM_TRY,
    "PRE": Disposition.PREEMPTIVE,
    "TRF": Disposition.TRANSFER,
    "PUP": Disposition.PUPPET,
    "REL": Disposition.RELAY,
    "ASK": Disposition.ASKING,
}
_WORDS = {word: disposition.name for word, disposition in DISPOSITION_WORDS.items()}


def disposition_of(meaning: str) -> Disposition:
    """The disposition that the words of ``meaning`` name, when they name exactly one;
    else :attr:`~.Disposition.NO_AGREEMENT`."""
    named = {DISPOSITION_WORDS[found.text] for found in abbreviations_in(meaning, _WORDS)}
    return named.pop() if len(named) == 1 else Disposition.NO_AGREEMENT
