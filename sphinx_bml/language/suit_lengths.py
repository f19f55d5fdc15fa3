"""How many cards a meaning says the suit bid holds, in a player's words.

A convention card's "min. no. of cards" is read from an opening's hand
condition when it has one (:mod:`.conditions.lengths`); many openings have
none, and their meaning says it in words: ``5+ hearts``, ``5+♥``,
``five-card major``, ``4+ cards``, ``at least 3 clubs``, ``natural, 3+``,
``could be short``. :func:`stated_length` reads those words for one suit,
and says nothing unless they are plain:

* a length of another suit is no length of this one (``5+♥`` for 1♠, a
  ``four-card major`` for 2♣); a bare ``5+`` is this suit's only when it is
  at most 7 (``16+`` is a strength) and no strength word follows it;
* two lengths that differ (``6+♣, or 5♣ and a four-card major``), a length
  said not to be (``no five-card major`` for 1♥), or a choice anywhere in
  the meaning (``either balanced, or 4+♦``: the words ``or``, ``either``)
  leave it unsaid: a wrong number on a card misleads more than none;
* a bid is no length: a bid written as one (``opening 1C``) is left out
  (:func:`length_words`), and a number before a suit symbol alone (``1♣``,
  ``5♣``: ``after 1!c-1!h``) is read as a length only with ``+``, a range,
  ``cards`` or ``or more`` (``5+♥``, ``4-5♠``); before a suit's name it is
  one (``6 hearts``);
* ``could be short`` (``may``, ``can``, ``short in ♦``) says the suit may be
  short without a number: a length of its own kind, :attr:`StatedLength.short`.

Pure, and meant for meanings as their plain text reads (suits as symbols).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .calls import Strain
from .inline import Bid, Inline, SequenceLink, Styled, plain_text
from .suits import SUIT_NAMES, TYPED_SUITS

__all__ = ["StatedLength", "length_words", "stated_length"]

#: Numbers a meaning spells out, as they count cards.
_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_NUMBER = r"(?P<number>1[0-3]|[0-9]|" + "|".join(_NUMBER_WORDS) + r")"
#: "or more" after a number: ``5 or more``, ``5+``.
_MORE = r"(?:\s*\+|\s+or\s+(?:more|longer))?"
#: Words of a strength after a bare number: ``16+ hcp``, ``5+ points``.
_STRENGTH = re.compile(r"\s*(?:hcp|h\.c\.p|points|pts|p\b|tricks|playing|controls|losers|ltc)", re.IGNORECASE)
#: Words before a length that deny it: ``no five-card major``, ``not 5 hearts``.
_DENIED = re.compile(r"\b(?:no|not|never|without|denies|deny|denying)\s+(?:\w+\s+)?$", re.IGNORECASE)
#: Words of a choice: ``either``, ``or`` (not ``or more``, which the lengths read).
_CHOICE = re.compile(r"\b(?:either|or)\b", re.IGNORECASE)
_SHORT = re.compile(
    r"\b(?:(?:could|can|may|might|possibly|often)\s+be\s+short|short\s+in\s+(?P<suit>[^\s.,;:()]+))", re.IGNORECASE
)


@dataclass(frozen=True)
class StatedLength:
    """What a meaning says of the length of the suit bid: the fewest cards, and the words that say it."""

    #: the fewest cards; ``None``: "could be short", no number
    fewest: int | None
    #: the words read, as written: ``5+ hearts``, ``five-card major``
    words: str

    @property
    def short(self) -> bool:
        return self.fewest is None


def _named_as(suit: Strain) -> re.Pattern[str]:
    """The ways a meaning names ``suit``: its symbols, its name (``hearts``, ``heart``)."""
    symbols = [glyph for glyph, letter in TYPED_SUITS.items() if letter == suit.value]
    name = SUIT_NAMES[suit.value]
    return re.compile("|".join([*map(re.escape, symbols), name, name[:-1]]), re.IGNORECASE)


_NAMES = [*SUIT_NAMES.values(), *(name[:-1] for name in SUIT_NAMES.values())]
_ANY_SUIT = "(?:" + "|".join([*map(re.escape, TYPED_SUITS), *_NAMES]) + ")"
_CARDS = r"(?:[\s-]*cards?)"
#: The phrases of a length, most specific first; a phrase read is taken out of the text before
#: the next is looked for. Each names its suit (``suit``), a kind of suit (``kind``), or none:
#: then it is the suit bid's, unless cards "in" another one follow (``in``).
_PHRASES = [
    # at least 3 clubs, at least three cards, minimum 4
    re.compile(
        rf"\b(?:at\s+least|minimum(?:\s+of)?|min\.?)\s+{_NUMBER}{_CARDS}?(?:(?:\s+in)?\s*(?P<suit>{_ANY_SUIT})(?!\w))?",
        re.IGNORECASE,
    ),
    # 5+ hearts, 5+♥, five or more cards in ♥, six cards in ♥, 4-5 spades, 6+ card ♥ suit
    re.compile(
        rf"\b{_NUMBER}(?:\s*[-–]\s*(?:1[0-3]|[0-9]))?{_MORE}{_CARDS}?(?:\s+in)?\s*(?P<suit>{_ANY_SUIT})(?!\w)",
        re.IGNORECASE,
    ),
    # five-card major, 4-card suit, a six card suit
    re.compile(rf"\b{_NUMBER}{_CARDS}\s+(?P<kind>major|minor|suit)\b", re.IGNORECASE),
    # 4+ cards, five or more cards, six cards, natural, 3+ (16+ hcp is a strength: see _bare)
    re.compile(rf"\b{_NUMBER}(?:{_MORE}{_CARDS}\b|\s*\+)(?P<in>\s+in\s+(?:the\s+)?(?P<which>\w+))?", re.IGNORECASE),
]


def _number(written: str) -> int:
    return int(written) if written.isdigit() else _NUMBER_WORDS[written.lower()]


def _is_ours(match: re.Match[str], suit: Strain) -> bool:
    """Whether a phrase read is a length of ``suit``."""
    found = match.groupdict()
    if found.get("suit"):
        return bool(_named_as(suit).fullmatch(found["suit"]))
    if found.get("kind"):
        kind = found["kind"].lower()
        return kind == "suit" or kind == ("major" if suit in (Strain.HEARTS, Strain.SPADES) else "minor")
    if found.get("in"):
        return found["which"].lower() in ("suit", "bid")  # 4+ cards in the suit bid, not in the other major
    return True


def _is_strength(match: re.Match[str], text: str) -> bool:
    """A bare number that is no length: ``16+`` (more than 7), ``5+ hcp``."""
    written = match.group(0).lower()
    if match.groupdict().get("suit") or "card" in written or written.startswith(("at", "min")):
        return False
    return _number(match["number"]) > 7 or bool(_STRENGTH.match(text, match.end()))


def _is_a_bid(match: re.Match[str]) -> bool:
    """``1♣`` or ``5♣`` alone is a bid as often as a length (``after 1♣–1♥``): a number before a
    suit symbol is a length only with ``+``, a range, ``cards`` or ``or more`` (``5+♥``, ``4-5♠``);
    before a suit's name it is one (``6 hearts``)."""
    suit = match.groupdict().get("suit")
    if not suit or suit.lower() in _NAMES:
        return False
    written = match.group(0).lower()
    return not any(mark in written for mark in ("+", "-", "–", "card", "more", "longer", "least", "min"))


def length_words(tokens: tuple[Inline, ...]) -> str:
    """A meaning's words as :func:`stated_length` reads them: its bids left out (``opening 1♣`` is
    no length of clubs), its suits as symbols."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Bid | SequenceLink):
            parts.append(" (a bid) ")
        elif isinstance(token, Styled):
            parts.append(length_words(token.children))
        else:
            parts.append(plain_text((token,)))
    return "".join(parts)


def _lengths(text: str, suit: Strain) -> tuple[list[StatedLength], bool, str]:
    """The lengths ``text`` states for ``suit``, in order; whether one is denied; and the text
    left once every phrase of a length (of any suit) is taken out."""
    found: list[tuple[int, StatedLength]] = []
    denied = False
    rest = text
    for phrase in _PHRASES:
        for match in phrase.finditer(rest):
            if (phrase is _PHRASES[-1] and _is_strength(match, rest)) or _is_a_bid(match):
                continue
            start, end = match.span()
            rest = rest[:start] + " " * (end - start) + rest[end:]
            if _is_ours(match, suit):
                denied = denied or bool(_DENIED.search(text[:start]))
                found.append((start, StatedLength(_number(match["number"]), match.group(0).strip())))
    for match in _SHORT.finditer(rest):
        if match["suit"] is None or _named_as(suit).fullmatch(match["suit"]):
            found.append((match.start(), StatedLength(None, match.group(0).strip())))
            rest = rest[: match.start()] + " " * len(match.group(0)) + rest[match.end() :]
    return [stated for _, stated in sorted(found, key=lambda each: each[0])], denied, rest


def stated_length(text: str, suit: Strain) -> StatedLength | None:
    """What the words ``text`` say of the length of ``suit``, when they say it plainly; ``None``
    when they say nothing of it, or nothing plain (see the module's rules)."""
    if not suit.is_suit:
        return None
    found, denied, rest = _lengths(text, suit)
    if not found or denied or _CHOICE.search(rest):
        return None
    numbers = {stated.fewest for stated in found if stated.fewest is not None}
    if len(numbers) > 1 or (numbers and min(numbers) > 2 and any(stated.short for stated in found)):
        return None  # two lengths, or short and three cards or more
    return next((stated for stated in found if not stated.short), found[0])
