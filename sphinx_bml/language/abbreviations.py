"""Standard bridge abbreviations, found as whole words in a meaning or in prose.

:data:`WBF_ABBREVIATIONS` is a list of the abbreviations that system notes
and convention cards use (the World Bridge Federation's standard ones and
the common conventions), each with its meaning in English. The
``bml_abbreviations`` setting is this list (``"wbf"``) or a dict of one's
own; :func:`split_abbreviations` cuts a text into plain pieces and the
abbreviations it uses, which HTML shows as ``<abbr title="...">``.

An abbreviation counts where it stands as a word of its own, written in
capitals as given (``F``, ``INV``, ``S/O``, ``4SF``): ``F`` in ``5F`` or
``FIT``, ``S`` in ``S/O`` and ``NT`` in ``1NT`` are no abbreviations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

#: The standard abbreviations, with their meaning in English.
WBF_ABBREVIATIONS: dict[str, str] = {
    # what a call asks of partner
    "F": "forcing",
    "F1": "forcing for one round",
    "NF": "non-forcing",
    "INV": "invitational",
    "GF": "game forcing",
    "FG": "forcing to game",
    "GI": "game invitational",
    "S/O": "sign-off",
    "SO": "sign-off",
    "P/C": "pass or correct",
    "S/T": "slam try",
    "GT": "game try",
    "HSGT": "help-suit game try",
    "LSGT": "long-suit game try",
    "PRE": "preemptive",
    "TRF": "transfer",
    "PUP": "puppet",
    "REL": "relay",
    "ASK": "asking bid",
    "ANS": "answer to an asking bid",
    "CTRL": "control bid",
    "CUE": "cue bid",
    "COMP": "competitive",
    "CONST": "constructive",
    "LR": "limit raise",
    "SPL": "splinter",
    "JS": "jump shift",
    "WJS": "weak jump shift",
    "SJS": "strong jump shift",
    "WJO": "weak jump overcall",
    "IJO": "intermediate jump overcall",
    "T/O": "takeout",
    "NEG": "negative",
    "RESP": "responsive",
    "PEN": "penalty",
    "PENS": "penalties",
    "OPT": "optional",
    # hands
    "HCP": "high-card points",
    "PTS": "points",
    "BAL": "balanced",
    "SBAL": "semi-balanced",
    "UNBAL": "unbalanced",
    "NAT": "natural",
    "ART": "artificial",
    "CONV": "conventional",
    "STR": "strong",
    "WK": "weak",
    "INT": "intermediate",
    "MIN": "minimum",
    "MED": "medium",
    "MAX": "maximum",
    "SING": "singleton",
    "STIFF": "singleton",
    "LTC": "losing trick count",
    "KC": "key cards",
    "5CM": "five-card majors",
    "4CM": "four-card majors",
    # seats, sides and vulnerability
    "LHO": "left-hand opponent",
    "RHO": "right-hand opponent",
    "OPP": "opponent",
    "OPPS": "opponents",
    "PD": "partner",
    "PTR": "partner",
    "NV": "not vulnerable",
    "VUL": "vulnerable",
    "FAV": "favourable vulnerability",
    "UNFAV": "unfavourable vulnerability",
    "AP": "all pass",
    "DBL": "double",
    "RDBL": "redouble",
    # conventions
    "RKCB": "Roman Key Card Blackwood",
    "RKC": "Roman Key Card",
    "KCB": "Key Card Blackwood",
    "BW": "Blackwood",
    "GER": "Gerber",
    "NMF": "new minor forcing",
    "4SF": "fourth suit forcing",
    "FSF": "fourth suit forcing",
    "XYZ": "two-way checkback after three calls at the one level",
    "CHK": "checkback",
    "UNT": "unusual notrump",
    "LEB": "Lebensohl",
    "DONT": "Disturb Opponents' Notrump",
    "CRO": "colour, rank, odd",
    "DOPI": "double shows no key card, pass one",
    "ROPI": "redouble shows no key card, pass one",
    "DEPO": "double even, pass odd",
    "SOS": "rescue redouble",
    "SA": "super accept",
    # defence and carding
    "STD": "standard",
    "UDCA": "upside-down count and attitude",
    "UD": "upside-down",
    "ATT": "attitude",
    "CNT": "count",
    "SP": "suit preference",
    "LAV": "Lavinthal",
    "MUD": "middle-up-down",
    "OL": "opening lead",
}


@dataclass(frozen=True)
class Abbreviation:
    """An abbreviation found in a text: as written, and what it stands for."""

    text: str
    meaning: str


def known_abbreviations(setting: object) -> dict[str, str]:
    """The abbreviations a ``bml_abbreviations`` value stands for: ``"wbf"`` the
    standard list, a dict itself, anything else none."""
    if setting == "wbf":
        return dict(WBF_ABBREVIATIONS)
    if isinstance(setting, Mapping):
        return {str(key): str(value) for key, value in setting.items() if str(key).strip()}
    return {}


@lru_cache(maxsize=32)
def _pattern(abbreviations: tuple[str, ...]) -> re.Pattern[str] | None:
    """The abbreviations as whole words, longest first (``abbreviations``: the keys of a
    mapping, as a tuple: quicker to make and look up than a set, for every piece of text)."""
    if not abbreviations:
        return None
    alternatives = "|".join(re.escape(text) for text in sorted(set(abbreviations), key=lambda text: (-len(text), text)))
    return re.compile(rf"(?<![\w!])(?:{alternatives})(?!\w)")


def split_abbreviations(text: str, abbreviations: Mapping[str, str]) -> list[str | Abbreviation]:
    """``text`` cut into plain pieces and the abbreviations it uses as whole words
    (``"5+ !h, INV/GF"`` gives ``["5+ !h, ", INV, "/", GF]``); joining the pieces
    and the abbreviations' text gives ``text`` back."""
    pattern = _pattern(tuple(abbreviations))
    if pattern is None:
        return [text] if text else []
    pieces: list[str | Abbreviation] = []
    position = 0
    for match in pattern.finditer(text):
        if match.start() > position:
            pieces.append(text[position : match.start()])
        pieces.append(Abbreviation(match.group(), abbreviations[match.group()]))
        position = match.end()
    if position < len(text):
        pieces.append(text[position:])
    return pieces


def abbreviations_in(text: str, abbreviations: Mapping[str, str]) -> list[Abbreviation]:
    """The abbreviations ``text`` uses, in order, each as often as it is used."""
    return [piece for piece in split_abbreviations(text, abbreviations) if isinstance(piece, Abbreviation)]
