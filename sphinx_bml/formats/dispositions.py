"""The BSS disposition of a call, from the standard abbreviations of its meaning.

A ``.bss`` record says what the last call asks of partner (the ``J`` code,
:class:`~.bss_reader.Disposition`). BML has no place for it, but meanings
use the standard abbreviations: ``F``, ``NF``, ``INV``, ``GF``/``FG``,
``S/O``, ``PRE``, ``TRF``, ``PUP``, ``REL``, ``ASK``... When the words of a
meaning name exactly one disposition, that is the call's; when they name
none, or two that disagree (``INV or GF``, ``TRF, GF``), it is ``0``, no
agreement: a wrong code would mislead more than none.

Reading a ``.bss`` file back (``bss2bml``), :func:`meaning_with_disposition`
adds the record's disposition to a meaning whose words do not give it, as
the abbreviation a player writes (:data:`WRITTEN`): ``Stayman`` with
disposition ``5`` becomes ``Stayman, F``, so that writing the notes as
``.bss`` again gives the same code.
"""

from __future__ import annotations

from ..language.abbreviations import abbreviations_in
from ..language.model import Description
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
    "CTRL": Disposition.CONTROL_BID,
    "ANS": Disposition.ASKING_RESPONSE,
}
#: The abbreviation written for each disposition (``bss2bml``): the first of its words above.
WRITTEN: dict[Disposition, str] = {disposition: word for word, disposition in reversed(DISPOSITION_WORDS.items())}
_WORDS = {word: disposition.name for word, disposition in DISPOSITION_WORDS.items()}


def _named(meaning: str) -> set[Disposition]:
    """The dispositions the words of ``meaning`` name."""
    return {DISPOSITION_WORDS[found.text] for found in abbreviations_in(meaning, _WORDS)}


def disposition_of(meaning: str) -> Disposition:
    """The disposition that the words of ``meaning`` name, when they name exactly one;
    else :attr:`~.Disposition.NO_AGREEMENT`."""
    named = _named(meaning)
    return named.pop() if len(named) == 1 else Disposition.NO_AGREEMENT


def disposition_words(disposition: Disposition) -> str:
    """A disposition in words: ``game forcing``, ``asking response``."""
    return disposition.name.lower().replace("_", " ")


def meaning_with_disposition(description: Description, disposition: Disposition) -> Description | None:
    """``description`` with ``disposition`` added as its abbreviation at the end of its
    first line, when its words give none: ``Stayman`` and :attr:`~.Disposition.FORCING`
    give ``Stayman, F``; after ``.``, ``,``, ``;`` or ``:`` just a space (``Multi: F``);
    an empty description becomes the abbreviation alone.

    ``description`` itself when its words already give ``disposition`` (and for
    :attr:`~.Disposition.NO_AGREEMENT`); ``None`` when they give another one, which a
    second abbreviation would only contradict.
    """
    if disposition is Disposition.NO_AGREEMENT:
        return description
    named = _named(description.plain_text)
    if named == {disposition}:
        return description
    if named:
        return None
    word = WRITTEN[disposition]
    first, *rest = description.lines or ("",)
    first = first.rstrip()
    separator = " " if first.endswith((".", ",", ";", ":")) else ", "
    return Description((f"{first}{separator}{word}" if first else word, *rest))
