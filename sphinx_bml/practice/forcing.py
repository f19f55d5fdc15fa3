"""Which calls force partner to bid, read from the words of their meaning.

Notes say it the way players write it: the standard abbreviations (``F``,
``F1``, ``GF``, ``FG``, ``REL``, ``ASK``, ``TRF``, ``PUP``: the BSS
dispositions of :mod:`~sphinx_bml.formats.dispositions`) or the words
(``forcing``, ``forcing one round``, ``game forcing``, ``relay``, ``asks``,
``enquiry``, ``transfer``). ``non-forcing``, ``not forcing``, ``NF``,
``INV``, ``S/O`` or ``PRE`` next to them take the force away: ``INV or GF``
does not force partner to bid, a wrong force would make the robot bid on
hands the notes let it pass.
"""

from __future__ import annotations

import enum
import re

from ..formats.bss_reader import Disposition
from ..formats.dispositions import DISPOSITION_WORDS
from ..language.abbreviations import abbreviations_in
from ..language.system import Meaning


class Force(enum.Enum):
    """What a call asks of partner."""

    NONE = 0
    #: partner bids once more
    ONE_ROUND = 1
    #: the side bids on to game
    GAME = 2


_FORCING = {
    Disposition.FORCING: Force.ONE_ROUND,
    Disposition.RELAY: Force.ONE_ROUND,
    Disposition.ASKING: Force.ONE_ROUND,
    Disposition.TRANSFER: Force.ONE_ROUND,
    Disposition.PUPPET: Force.ONE_ROUND,
    Disposition.GAME_FORCING: Force.GAME,
}
_RELEASING = {
    Disposition.NON_FORCING,
    Disposition.SIGNOFF,
    Disposition.INVITATIONAL,
    Disposition.PREEMPTIVE,
}
_ABBREVIATIONS = {word: disposition.name for word, disposition in DISPOSITION_WORDS.items()}
_GAME_WORDS = re.compile(r"\b(game[- ]forc\w*|forc\w* to game)\b", re.IGNORECASE)
_FORCING_WORDS = re.compile(
    r"\b(forcing|forces|relays?|asks?|asking|enquiry|inquiry|transfers?|puppet|stayman|blackwood|rkcb)\b",
    re.IGNORECASE,
)
_RELEASING_WORDS = re.compile(
    r"\b(non-?forcing|not forcing|to play|sign[- ]?off|invitational|preemptive|pass or correct)\b", re.IGNORECASE
)


def force_of(meaning: Meaning | None) -> Force:
    """What the call of ``meaning`` asks of partner, from the words of its description."""
    if meaning is None or not meaning.description:
        return Force.NONE
    text = meaning.plain_text
    named = {DISPOSITION_WORDS[found.text] for found in abbreviations_in(text, _ABBREVIATIONS)}
    if named & _RELEASING or _RELEASING_WORDS.search(text):
        return Force.NONE
    forces = {_FORCING[disposition] for disposition in named if disposition in _FORCING}
    if _GAME_WORDS.search(text):
        forces.add(Force.GAME)
    elif _FORCING_WORDS.search(text):
        forces.add(Force.ONE_ROUND)
    return max(forces, key=lambda force: force.value, default=Force.NONE)
