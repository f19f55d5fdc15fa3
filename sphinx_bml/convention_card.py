"""The WBF convention card, filled from the notes, box by box in the form's layout.

The World Bridge Federation's standard card, which opponents and tournament
directors ask for, is a form of two pages (see the WBF's *Guide to completion
of the WBF convention card*). The first: the players, their NBO and the
event; the SYSTEM SUMMARY (general approach and style, special bids that may
require defensive action, special forcing pass sequences, important notes,
psychics); DEFENSIVE AND COMPETITIVE BIDDING (overcalls, the 1NT overcall,
jump overcalls, cue bids, the defences to notrump, to pre-empts and to
artificial strong openings, over their takeout double, slam and other
conventions); LEADS AND SIGNALS (the leads, the signals, the doubles). The
second: the openings grid, a row for each opening from 1♣ to 4♠ and one for
4NT and higher, ticked where artificial, with the minimum number of cards in
the suit, how high negative doubles go, the description and the responses;
then the supplementary details.

What the bidding tables say fills the bidding parts, so the card never
drifts from the notes; what no table says the partnership writes, as options
of ``.. bml-convention-card::`` (:data:`WRITTEN_PARTS`). A box nobody filled
stays blank, as on a paper form. Calls of one box that mean the same (a
pattern such as ``(1X)-2Y``, a row of ``2HS``) share one line. Pure Python:
the Sphinx side draws the card from :class:`ConventionCard`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .formats.bss_reader import Disposition
from .formats.dispositions import disposition_of
from .language.calls import PASS, Call, CallKind, Sequence, Strain
from .language.conditions.tree import All, Any_, InRange, Length, ShapePattern, Test
from .language.model import ANY_VULNERABILITY, Seat
from .language.site import Site, answers, bidding_order, openings
from .language.system import Key, Meaning

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


#: The words of the card that no table can say, in the form's order: (option of the directive,
#: what it is). Declared once: the directive's options, its docs and the boxes they fill.
WRITTEN_PARTS: tuple[tuple[str, str], ...] = (
    ("players", "the players' names"),
    ("nbo", "the players' national bridge organisation"),
    ("event", "the system's category and the event"),
    ("general", "general approach and style"),
    ("forcing-passes", "special forcing pass sequences"),
    ("notes", "important notes"),
    ("psychics", "psychics"),
    ("versus-strong", "the defence to artificial strong openings"),
    ("slam", "slam conventions"),
    ("other", "other conventions"),
    ("leads", "opening leads style"),
    ("lead-cards", "the card led from each holding"),
    ("discards", "signals in order of priority, and discards"),
    ("signals", "signals, including in trumps"),
    ("doubles", "special, penalty and lead-directing doubles"),
    ("supplementary", "supplementary details"),
)
_OPTIONS = frozenset(name for name, _ in WRITTEN_PARTS)


@dataclass(frozen=True)
class CardLine:
    """One line of the card: the sequences it stands for (one, or several that mean the same)
    and what they mean."""

    keys: tuple[Key, ...]
    meaning: str
    #: the hand the rows ask for, in words (their condition), ``""`` when they have none
    hand: str
    #: artificial: alerted, or its words say so (:func:`is_artificial`)
    artificial: bool

    @property
    def key(self) -> Key:
        return self.keys[0]


@dataclass(frozen=True)
class Grid:
    """A grid of the form, printed blank for the partnership to fill in: its rows, and its
    columns (under each group, when the form groups them: Suit 1 2 3, NT 1 2 3)."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    groups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Box:
    """A box of the form: its heading (in capitals, as printed), what the form asks in it,
    the lines the tables put in it, and the words the partnership wrote for it."""

    heading: str
    hint: str = ""
    lines: tuple[CardLine, ...] = ()
    #: the option of the directive whose words fill it, and those words (BML inline text)
    option: str = ""
    text: str = ""
    grid: Grid | None = None

    @property
    def is_blank(self) -> bool:
        return not (self.lines or self.text)


@dataclass(frozen=True)
class OpeningRow:
    """A row of the form's openings grid (``1♣`` to ``4♠``, then 4NT and higher)."""

    #: the opening the row is for; ``None``: 4NT and higher
    call: Call | None
    #: the notes' openings of this call (one a seat or vulnerability; above 4♠ one a call)
    lines: tuple[CardLine, ...]
    responses: tuple[CardLine, ...]
    #: "tick if artificial"
    artificial: bool
    #: "min. no. of cards" in the suit opened, from the hand conditions; ``None``: they do not say
    minimum_cards: int | None
    #: "neg. dbl thru": the highest overcall after which the tables give a negative double
    negative_double_through: Call | None


@dataclass(frozen=True)
class ConventionCard:
    """The WBF card, box by box in the form's layout. The first page: the header, the system
    summary, the defensive and competitive bidding, the leads and signals; the second: the
    openings grid and the supplementary details."""

    header: tuple[Box, ...]
    summary: tuple[Box, ...]
    defensive: tuple[Box, ...]
    leads: tuple[Box, ...]
    openings: tuple[OpeningRow, ...]
    supplementary: Box

    @property
    def is_empty(self) -> bool:
        """No table fills anything: no opening, no defence."""
        boxes = (*self.summary, *self.defensive, *self.leads)
        return not any(row.lines for row in self.openings) and not any(box.lines for box in boxes)

    @property
    def special(self) -> tuple[CardLine, ...]:
        """The lines of SPECIAL BIDS THAT MAY REQUIRE DEFENSIVE ACTION (the summary's second box)."""
        return self.summary[1].lines


#: The rows of the form's openings grid; after them, one row for 4NT and higher.
GRID_OPENINGS = tuple(Call.bid(level, strain) for level in (1, 2, 3, 4) for strain in Strain)[:-1]
GRID_COLUMNS = ("OPENING", "TICK IF ARTIFICIAL", "MIN. NO. OF CARDS", "NEG. DBL THRU", "DESCRIPTION", "RESPONSES")

#: Words of a meaning that make its call artificial, beside an alert (whole words, any case).
_ARTIFICIAL_WORDS = re.compile(r"\b(artificial|art|conventional|relay|asking|transfer|puppet)\b", re.IGNORECASE)
_ARTIFICIAL_DISPOSITIONS = frozenset({Disposition.TRANSFER, Disposition.PUPPET, Disposition.RELAY, Disposition.ASKING})
#: Words of a double's meaning that make it negative (takeout after partner's opening).
_NEGATIVE_WORDS = re.compile(r"\b(neg|negative|takeout|take-out|t/o|sputnik)\b", re.IGNORECASE)


def is_artificial(meaning: Meaning) -> bool:
    """Is the last call artificial: alerted, or its meaning says so (``artificial``, a relay,
    an asking bid, a transfer, a puppet: in words or as their abbreviation)."""
    text = meaning.plain_text
    return meaning.alert or bool(_ARTIFICIAL_WORDS.search(text)) or disposition_of(text) in _ARTIFICIAL_DISPOSITIONS


def minimum_length(test: Test, suit: Strain) -> int | None:
    """The fewest cards in ``suit`` a hand may hold and pass ``test``, when the test says
    (``5+ hearts``, ``4-5 spades and 11-15 hcp``); ``None`` when it does not."""
    if isinstance(test, InRange) and isinstance(test.quantity, Length):
        ref = test.quantity.suit
        named = ref.strain is suit or (ref.strain is None and (ref.variable or "suit") == "suit")
        return int(test.low) if named and test.low is not None else None
    if isinstance(test, ShapePattern):
        lengths = [
            place.length
            for group in test.groups
            for place in group
            if place.suit is not None and place.suit.strain is suit
        ]
        return min((length for length in lengths if length is not None), default=None)
    if isinstance(test, All):
        found = [length for part in test.parts if (length := minimum_length(part, suit)) is not None]
        return max(found, default=None)
    if isinstance(test, Any_):
        each = [minimum_length(part, suit) for part in test.parts]
        known = [length for length in each if length is not None]
        return min(known) if known and len(known) == len(each) else None
    return None


def fill_card(site: Site, written: Mapping[str, str] | None = None) -> ConventionCard:
    """The card of ``site``'s system, from the sequences its pages show, and the words
    ``written`` for the parts no table says (by option of :data:`WRITTEN_PARTS`)."""
    words = {name: text.strip() for name, text in (written or {}).items() if name in _OPTIONS}
    keys = site.shown_keys()
    meanings = {key: meaning for key in keys if (meaning := site.meaning(key)) is not None}
    described = {key: meaning for key, meaning in meanings.items() if meaning.description}
    rows = _opening_rows(keys, described)
    special = tuple(
        line for row in rows for line in (*row.lines, *row.responses) if line.artificial and line.key[2].last.is_bid
    )
    parts: dict[str, list[Key]] = {box: [] for box in (*_DEFENSIVE, _DOUBLES)}
    for key in sorted(described, key=bidding_order):
        title = competitive_part(key[2])
        if title is not None:
            parts[_box_of(title, key[2].last)].append(key)

    def box(heading: str, hint: str = "", option: str = "", grid: Grid | None = None) -> Box:
        lines = tuple(_lines(parts.get(heading, ()), described))
        return Box(heading, hint, lines, option, words.get(option, ""), grid)

    return ConventionCard(
        header=(box("PLAYERS", option="players"), box("NBO", option="nbo"), box("CATEGORY / EVENT", option="event")),
        summary=(
            box("GENERAL APPROACH AND STYLE", option="general"),
            Box(
                "SPECIAL BIDS THAT MAY REQUIRE DEFENSIVE ACTION",
                "every alerted or artificial opening and response",
                special,
            ),
            box("SPECIAL FORCING PASS SEQUENCES", option="forcing-passes"),
            box("IMPORTANT NOTES", option="notes"),
            box("PSYCHICS", option="psychics"),
        ),
        defensive=(
            *(box(heading, hint) for heading, hint in _DEFENSIVE.items()),
            box("VS. ARTIFICIAL STRONG OPENINGS", "i.e. 1!c or 2!c", option="versus-strong"),
            box("SLAM CONVENTIONS", option="slam"),
            box("OTHER CONVENTIONS", option="other"),
        ),
        leads=(
            box("OPENING LEADS STYLE", option="leads", grid=_LEAD_STYLE),
            box("LEADS", option="lead-cards", grid=_LEADS),
            box("SIGNALS IN ORDER OF PRIORITY", option="discards", grid=_SIGNALS),
            box("SIGNALS (INCLUDING TRUMPS)", option="signals"),
            box(_DOUBLES, _DOUBLES_HINT, option="doubles"),
        ),
        openings=tuple(rows),
        supplementary=box("SUPPLEMENTARY DETAILS", option="supplementary"),
    )


# -- the parts of the form --------------------------------------------------

#: The boxes of DEFENSIVE AND COMPETITIVE BIDDING filled from the tables, with what the form asks in each.
_DEFENSIVE = {
    "OVERCALLS": "style; responses; 1/2 level; reopening",
    "1NT OVERCALL": "2nd/4th live; responses; reopening",
    "JUMP OVERCALLS": "style; responses; unusual NT",
    "DIRECT AND JUMP CUE BIDS": "style; responses; reopening",
    "VS. NT": "vs. strong/weak; reopening; passed hand",
    "VS. PRE-EMPTS": "doubles; cue bids; jumps; NT bids",
    "OVER OPPONENTS' TAKEOUT DOUBLE": "",
}
_DOUBLES = "DOUBLES"
_DOUBLES_HINT = "takeout doubles: style, responses, reopening; special, penalty and lead-directing doubles"
#: Which box each competitive part of the tables goes in (reopening: by the call made).
_BOX_OF_PART = {
    SIMPLE_OVERCALLS: "OVERCALLS",
    NOTRUMP_OVERCALLS: "1NT OVERCALL",
    JUMP_OVERCALLS: "JUMP OVERCALLS",
    CUE_BIDS: "DIRECT AND JUMP CUE BIDS",
    VERSUS_NOTRUMP: "VS. NT",
    VERSUS_PREEMPTS: "VS. PRE-EMPTS",
    OVER_THEIR_DOUBLE: "OVER OPPONENTS' TAKEOUT DOUBLE",
    TAKEOUT_DOUBLES: _DOUBLES,
    AFTER_THEIR_OVERCALL: _DOUBLES,
}
_LEAD_STYLE = Grid(("Lead", "In partner's suit", "Subsequent"), ("Suit", "NT"))
_LEADS = Grid(("Ace", "King", "Queen", "Jack", "10", "9", "Hi-x"), ("vs. Suit", "vs. NT"))
_SIGNALS = Grid(("Partner's lead", "Declarer's lead", "Discarding"), ("1", "2", "3"), ("Suit", "NT"))


def _box_of(part: str, call: Call) -> str:
    if part == REOPENING:
        if call.kind is CallKind.DOUBLE:
            return _DOUBLES
        return "1NT OVERCALL" if call.strain is Strain.NOTRUMP and call.level == 1 else "OVERCALLS"
    return _BOX_OF_PART[part]


def _opening_rows(keys: list[Key], meanings: dict[Key, Meaning]) -> list[OpeningRow]:
    """The grid's rows: every row of the form, blank where the notes open nothing."""
    opened: dict[Call | None, list[Key]] = {call: [] for call in (*GRID_OPENINGS, None)}
    for key in openings(keys):
        if key in meanings:  # only continued by a table (1H-(D)-), described nowhere: not on the card
            last: Call | None = key[2].last
            opened[last if last in opened else None].append(key)
    doubles = _negative_doubles(keys, meanings)
    rows = []
    for call, found in opened.items():
        lines = [_line([key], meanings) for key in found]
        responses = [answer for key in found for answer in answers(keys, key[2]) if _same_table_context(answer, key)]
        lengths = {_minimum_cards(meanings[key], call) for key in found}
        through = [doubles[key[2]] for key in found if key[2] in doubles]
        rows.append(
            OpeningRow(
                call,
                tuple(lines),
                tuple(_lines(responses, meanings)),
                artificial=any(line.artificial for line in lines),
                minimum_cards=lengths.pop() if len(lengths) == 1 else None,
                negative_double_through=max(through, key=lambda bid: bid.rank) if through else None,
            )
        )
    return rows


def _minimum_cards(meaning: Meaning, call: Call | None) -> int | None:
    """The fewest cards in the suit opened that the opening's hand condition allows."""
    if call is None or call.strain is None or not call.strain.is_suit or meaning.condition is None:
        return None
    return minimum_length(meaning.condition.test, call.strain)


def _negative_doubles(keys: Iterable[Key], meanings: dict[Key, Meaning]) -> dict[Sequence, Call]:
    """For each opening of ours, the highest overcall of theirs after which our double is
    negative (``1♣ (1♠) Dbl``: negative, takeout or Sputnik in its words)."""
    highest: dict[Sequence, Call] = {}
    for key in keys:
        sequence = key[2]
        calls = sequence.calls
        if not sequence.we_open or len(calls) < 3 or calls[-1].kind is not CallKind.DOUBLE or not calls[-2].is_bid:
            continue
        *before, opening = calls[:-2]
        if not opening.is_bid or any(call != PASS for call in before) or key not in meanings:
            continue
        if not _NEGATIVE_WORDS.search(meanings[key].plain_text):
            continue
        opened = Sequence(calls[:-2], sequence.we_open)
        if opened not in highest or calls[-2].rank > highest[opened].rank:
            highest[opened] = calls[-2]
    return highest


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
    return CardLine(tuple(keys), meaning.plain_text, hand, is_artificial(meaning))


def _lines(keys: Iterable[Key], meanings: dict[Key, Meaning]) -> list[CardLine]:
    """One line per distinct meaning (what the rows say, the hand, artificial or not), in bidding
    order of its first call."""
    grouped: dict[tuple[str, str, bool], list[Key]] = {}
    for key in keys:
        meaning = meanings.get(key)
        if meaning is None or not meaning.description:
            continue
        hand = meaning.condition.describe() if meaning.condition is not None else ""
        grouped.setdefault((meaning.plain_text, hand, is_artificial(meaning)), []).append(key)
    return [_line(found, meanings) for found in grouped.values()]
