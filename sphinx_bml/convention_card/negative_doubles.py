"""How high our doubles of their overcall are negative: the "neg. dbl thru" of a
convention card, as the bidding tables establish it and as a player writes it.

The tables give a double after our opening and their overcall
(``1♦-(1♠)-Dbl``); its words say whether it is negative (``negative``,
``takeout``, ``t/o``, ``Sputnik``) or for penalties (``penalty``, ``pen``,
``business``), or neither (``values``, ``card-showing``: the tables do not
say). The tables *establish* "negative doubles through X" after an opening
only when they give a negative double after every natural overcall from the
cheapest one up to X (a suit other than ours, in order), a penalty double
after the next one, and no negative double higher: a table that stops at the
two level says nothing of the three level (:func:`established_through`).

A player states it in words (:func:`read_stated`): ``3♠`` (every opening
of one of a suit), ``1♣: 2♠; 1♦ 1♥ 1♠: 3♠``, ``none``; or in the text of the
card's doubles box, ``negative doubles through 3♠`` (:func:`stated_in_words`).
Where the tables and the statement disagree (a negative double above the
level stated, or a penalty one at or below it), :func:`contradicting` names
the rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..language.calls import PASS, SUITS, Call, CallKind
from ..language.errors import BMLError
from ..language.suits import spell_suits
from ..language.system import Key, Meaning

__all__ = [
    "DoubleRow",
    "Stated",
    "double_is_negative",
    "doubles_after_overcalls",
    "established_through",
    "natural_overcalls",
    "read_stated",
    "stated_in_words",
]

#: Words of a double's meaning that make it negative (takeout after partner's opening).
NEGATIVE_WORDS = re.compile(r"\b(neg|negative|takeout|take-out|t/o|sputnik)\b", re.IGNORECASE)
#: Words of a double's meaning that make it for penalties.
PENALTY_WORDS = re.compile(r"\b(pen|pens|penalty|penalties|business|to\s+play)\b", re.IGNORECASE)


def double_is_negative(text: str) -> bool | None:
    """Whether a double whose meaning is ``text`` is negative (``True``), for penalties
    (``False``), or neither, or both (``None``: its words do not say)."""
    negative, penalty = bool(NEGATIVE_WORDS.search(text)), bool(PENALTY_WORDS.search(text))
    return None if negative == penalty else negative


@dataclass(frozen=True)
class DoubleRow:
    """Our double of their overcall, as a table gives it: the overcall, whether the double
    is negative (:func:`double_is_negative`), and the row's meaning (its words, where written)."""

    overcall: Call
    negative: bool | None
    meaning: Meaning


def doubles_after_overcalls(keys: Iterable[Key], meanings: Mapping[Key, Meaning]) -> dict[Call, list[DoubleRow]]:
    """For each opening of ours (after passes only), our doubles of their natural overcall
    right after it (``1♣-(1♠)-Dbl``), at every seat and vulnerability, cheapest overcall first."""
    found: dict[Call, list[DoubleRow]] = {}
    for key in keys:
        calls = key[2].calls
        if not key[2].we_open or len(calls) < 3 or calls[-1].kind is not CallKind.DOUBLE:
            continue
        *before, opening, overcall = calls[:-1]
        meaning = meanings.get(key)
        if meaning is None or not opening.is_bid or any(call != PASS for call in before):
            continue
        if overcall.plain not in natural_overcalls(opening):
            continue
        found.setdefault(opening.plain, []).append(
            DoubleRow(overcall.plain, double_is_negative(meaning.plain_text), meaning)
        )
    return {opening: sorted(rows, key=lambda row: row.overcall.rank) for opening, rows in found.items()}


def natural_overcalls(opening: Call) -> list[Call]:
    """The overcalls a negative double may answer, cheapest first: every bid of a suit above
    ``opening`` but ours (their bid of our suit is a cue bid, and notrump no suit)."""
    return [
        Call.bid(level, strain)
        for level in range(opening.level, 8)
        for strain in SUITS
        if Call.bid(level, strain).rank > opening.rank and strain is not opening.strain
    ]


def established_through(opening: Call, rows: Iterable[DoubleRow]) -> Call | None:
    """The highest overcall through which the tables establish our double as negative after
    ``opening``: negative after every natural overcall up to it, for penalties after the next,
    negative after none above; ``None`` when the tables do not establish it."""
    verdicts: dict[Call, set[bool | None]] = {}
    for row in rows:
        verdicts.setdefault(row.overcall, set()).add(row.negative)
    overcalls = natural_overcalls(opening)
    through = None
    for index, overcall in enumerate(overcalls):
        if verdicts.get(overcall) != {True}:
            break
        through = index
    if through is None or through + 1 >= len(overcalls):
        return None
    if verdicts.get(overcalls[through + 1]) != {False}:
        return None  # the tables stop (or waver) above: they do not say where negative doubles end
    if any(True in verdicts.get(overcall, set()) for overcall in overcalls[through + 1 :]):
        return None
    return overcalls[through]


def contradicting(through: Call | None, rows: Iterable[DoubleRow]) -> list[DoubleRow]:
    """The rows that say otherwise than "negative doubles through ``through``" (``None``: none
    negative): a negative double above it, a penalty double at or below it."""
    limit = -1 if through is None else through.rank
    return [
        row
        for row in rows
        if (row.negative is True and row.overcall.rank > limit)
        or (row.negative is False and row.overcall.rank <= limit)
    ]


@dataclass(frozen=True)
class Stated:
    """What a player wrote of how high negative doubles go: through ``through`` (``None``: no
    negative doubles) after ``openings`` (none named: every opening of one of a suit)."""

    through: Call | None
    openings: tuple[Call, ...]
    #: the words, as written, for messages
    words: str

    def covers(self, opening: Call) -> bool:
        if self.openings:
            return opening in self.openings
        return opening.level == 1 and opening.strain is not None and opening.strain.is_suit


_NONE = re.compile(r"(?:none|no|-|–|—|not played)", re.IGNORECASE)
_THROUGH = re.compile(r"^(?:thru|through|up\s+to|to)\s+", re.IGNORECASE)
_SUIT_MARK = re.compile(r"!([cdhsCDHS])")


def _call(written: str) -> Call:
    call = Call.parse(_SUIT_MARK.sub(r"\1", written))
    if not call.is_bid:
        raise BMLError(f"'{written}' is not a bid")
    return call


def read_stated(text: str) -> list[Stated]:
    """A player's words for "neg. dbl thru": ``3♠`` (or ``3!s``, ``3S``, ``through 3S``) for every
    opening of one of a suit, ``none``, or openings before a colon, each part after a ``;``:
    ``1C: 2S; 1D 1H 1S: 3S``. Raises :class:`ValueError`, in a player's words, for words it cannot read."""
    stated: list[Stated] = []
    for part in (piece.strip() for piece in text.split(";")):
        if not part:
            continue
        openings_written, colon, through_written = part.rpartition(":")
        through_written = _THROUGH.sub("", through_written.strip())
        try:
            openings = tuple(_call(written).plain for written in openings_written.replace(",", " ").split())
            through = None if _NONE.fullmatch(through_written) else _call(through_written).plain
        except BMLError as error:
            raise ValueError(
                f"{part!r}: {error.message}; write the last overcall after which a double is negative, for every "
                "opening of one of a suit (3!s) or after the openings it is for (1!c: 2!s; 1!d 1!h 1!s: 3!s), or none"
            ) from None
        if colon and not openings:
            raise ValueError(f"{part!r}: name the openings before the colon (1!c 1!d: 3!s), or leave the colon out")
        for opening in openings:
            if through is not None and through.rank <= opening.rank:
                raise ValueError(f"{part!r}: {through} is not an overcall of {opening}: it is not higher")
        stated.append(Stated(through, openings, part))
    if not stated:
        raise ValueError("no words: write the last overcall after which a double is negative (3!s), or none")
    return stated


_A_CALL = r"(?P<call>[1-7]\s*(?:nt|n|[cdhs]|![cdhs]))"
_IN_WORDS = re.compile(
    r"\bneg(?:ative|\.)?\s*(?:doubles?|dbls?\.?|x)\s*(?:are\s+|played\s+)?(?:thru|through|up\s+to|to)\s+" + _A_CALL,
    re.IGNORECASE,
)
#: Any level after "through" in the words: two of them leave the statement unclear.
_LEVEL = re.compile(r"\b(?:thru|through|up\s+to)\s+" + _A_CALL, re.IGNORECASE)


def stated_in_words(text: str) -> Stated | None:
    """ "Negative doubles through 3♠" (``neg. dbl thru 3S``, ``negative doubles up to 3!s``) in the
    words of the card's doubles box: a statement for every opening of one of a suit; ``None``
    when they say none, or name two levels (``through 2♠, or through 3♠ vulnerable``)."""
    spelled = spell_suits(text)
    found = list(_IN_WORDS.finditer(spelled))
    if len(found) != 1:
        return None
    through = _call(found[0]["call"].replace(" ", "")).plain
    if any(_call(match["call"].replace(" ", "")).plain != through for match in _LEVEL.finditer(spelled)):
        return None
    return Stated(through, (), found[0].group(0))
