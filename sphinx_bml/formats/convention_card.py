"""The WBF convention card, filled from the notes.

The World Bridge Federation's standard card, which opponents and tournament
directors ask for, has fixed parts: the general approach, the special bids
that may need defensive action, the opening bids with their responses, the
defensive and competitive bidding (overcalls, notrump overcalls, takeout
doubles, the defence to 1NT and to preempts, reopening, bidding over the
opponents' takeout double), leads, signals and discards, slam and other
conventions. What the bidding tables say fills the bidding parts, so the card
never drifts from the notes; what no table says (the general approach, leads,
signals...) the partnership writes, as options of ``.. bml-convention-card::``.

Calls of one part that mean the same (a pattern such as ``(1X)-2Y``, a row of
``2HS``) share one line of the card. Pure Python: the Sphinx side draws the
card from :class:`ConventionCard`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..language.calls import PASS, Call, CallKind, Sequence, Strain
from ..language.model import ANY_VULNERABILITY, Seat
from ..language.site import Site, answers, bidding_order, openings
from ..language.system import Key, Meaning

#: The free-text parts of the WBF card, in its order: (option of the directive, title on the card).
WRITTEN_PARTS: tuple[tuple[str, str], ...] = (
    ("general", "General approach and style"),
    ("leads", "Opening leads"),
    ("signals", "Signals"),
    ("discards", "Discards"),
    ("doubles", "Special doubles"),
    ("slam", "Slam conventions"),
    ("other", "Other conventions"),
)

#: The competitive parts filled from the tables, in the card's order.
SIMPLE_OVERCALLS = "Simple overcalls"
JUMP_OVERCALLS = "Jump overcalls"
CUE_BIDS = "Direct cue bids"
NOTRUMP_OVERCALLS = "Notrump overcalls"
TAKEOUT_DOUBLES = "Takeout doubles"
VERSUS_NOTRUMP = "Defence to 1NT"
VERSUS_PREEMPTS = "Defence to preempts"
REOPENING = "Reopening (balancing)"
OVER_THEIR_DOUBLE = "Over their takeout double"
AFTER_THEIR_OVERCALL = "Doubles after their overcall"
COMPETITIVE_PARTS = (
    SIMPLE_OVERCALLS,
    JUMP_OVERCALLS,
    CUE_BIDS,
    NOTRUMP_OVERCALLS,
    TAKEOUT_DOUBLES,
    VERSUS_NOTRUMP,
    VERSUS_PREEMPTS,
    REOPENING,
    OVER_THEIR_DOUBLE,
    AFTER_THEIR_OVERCALL,
)


@dataclass(frozen=True)
class CardLine:
    """One line of the card: the sequences it stands for (one, or several that mean the same)
    and what they mean."""

    keys: tuple[Key, ...]
    meaning: str
    #: the hand the rows ask for, in words (their condition), ``""`` when they have none
    hand: str
    #: alertable: a tick in the card's "artificial" column
    artificial: bool

    @property
    def key(self) -> Key:
        return self.keys[0]


@dataclass(frozen=True)
class Opening:
    """An opening bid, and the responses to it that the notes give."""

    line: CardLine
    responses: tuple[CardLine, ...]


@dataclass(frozen=True)
class Part:
    """A part of the card filled from the tables."""

    title: str
    lines: tuple[CardLine, ...]


@dataclass(frozen=True)
class ConventionCard:
    """The card: the openings, the competitive parts with something in them, and the
    special bids (every alertable opening and response) the opponents need to know."""

    openings: tuple[Opening, ...]
    competitive: tuple[Part, ...]
    special: tuple[CardLine, ...]

    @property
    def is_empty(self) -> bool:
        return not (self.openings or self.competitive)


def fill_card(site: Site) -> ConventionCard:
    """The card of ``site``'s system, from the sequences its pages show."""
    keys = site.shown_keys()
    meanings = {key: meaning for key in keys if (meaning := site.meaning(key)) is not None}
    opened = []
    for key in openings(keys):
        if not meanings[key].description:
            continue  # only continued by a table (1H-(D)-), described nowhere
        responses = [answer for answer in answers(keys, key[2]) if _same_table_context(answer, key)]
        opened.append(Opening(_line([key], meanings), tuple(_lines(responses, meanings))))
    parts: dict[str, list[Key]] = {title: [] for title in COMPETITIVE_PARTS}
    for key in sorted(keys, key=bidding_order):
        title = competitive_part(key[2])
        if title is not None and meanings[key].description:
            parts[title].append(key)
    competitive = tuple(Part(title, tuple(_lines(found, meanings))) for title, found in parts.items() if found)
    special = tuple(line for opening in opened for line in (opening.line, *opening.responses) if line.artificial)
    return ConventionCard(tuple(opened), competitive, special)


def competitive_part(sequence: Sequence) -> str | None:
    """Which competitive part of the card a sequence belongs to, if any."""
    calls = sequence.calls
    first = next((index for index, call in enumerate(calls) if call != PASS), None)
    if first is None:
        return None
    opening = calls[first]
    if sequence.we_open:
        return _our_opening_part(sequence, first)
    if not opening.is_bid or sequence.is_ours(first):
        return None
    after = calls[first + 1 :]
    if len(after) == 3 and after[0] == PASS and after[1] == PASS and opening.level == 1:
        return REOPENING if after[2] != PASS else None
    if len(after) != 1 or after[0] == PASS:
        return None
    ours = after[0]
    if opening.strain is Strain.NOTRUMP and opening.level == 1:
        return VERSUS_NOTRUMP
    if opening.level >= 2:
        return VERSUS_PREEMPTS
    if ours.kind is CallKind.DOUBLE:
        return TAKEOUT_DOUBLES
    if ours.kind is not CallKind.BID:
        return None
    if ours.strain is Strain.NOTRUMP:
        return NOTRUMP_OVERCALLS
    if ours.strain is opening.strain:
        return CUE_BIDS
    return JUMP_OVERCALLS if ours.level > _cheapest_level(ours, opening) else SIMPLE_OVERCALLS


def _cheapest_level(call: Call, over: Call) -> int:
    """The lowest level at which ``call``'s strain may be bid over ``over``."""
    assert call.strain is not None and over.strain is not None
    return over.level if call.strain.rank > over.strain.rank else over.level + 1


def _our_opening_part(sequence: Sequence, first: int) -> str | None:
    """Our one-level opening, then their double or overcall, then our call."""
    calls = sequence.calls
    if len(calls) != first + 3 or not calls[first].is_bid or calls[first].level != 1:
        return None
    theirs, ours = calls[first + 1], calls[first + 2]
    if theirs.kind is CallKind.DOUBLE:
        return OVER_THEIR_DOUBLE
    if theirs.is_bid and ours.kind is CallKind.DOUBLE:
        return AFTER_THEIR_OVERCALL
    return None


def _same_table_context(answer: Key, opening: Key) -> bool:
    """A response belongs under an opening of its seat and vulnerability, or of any."""
    return (answer[0] in (opening[0], Seat.ANY)) and (answer[1] in (opening[1], ANY_VULNERABILITY))


def _line(keys: list[Key], meanings: dict[Key, Meaning]) -> CardLine:
    meaning = meanings[keys[0]]
    hand = meaning.condition.describe() if meaning.condition is not None else ""
    return CardLine(tuple(keys), meaning.plain_text, hand, meaning.alert)


def _lines(keys: Iterable[Key], meanings: dict[Key, Meaning]) -> list[CardLine]:
    """One line per distinct meaning (what the rows say, the hand, the alert), in bidding order of its first call."""
    grouped: dict[tuple[str, str, bool], list[Key]] = {}
    for key in keys:
        meaning = meanings[key]
        if not meaning.description:
            continue
        hand = meaning.condition.describe() if meaning.condition is not None else ""
        grouped.setdefault((meaning.plain_text, hand, meaning.alert), []).append(key)
    return [_line(found, meanings) for found in grouped.values()]
