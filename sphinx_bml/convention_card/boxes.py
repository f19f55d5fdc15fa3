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
of ``.. bml-convention-card::`` (:data:`WRITTEN_PARTS`, :data:`NEGATIVE_DOUBLES`).
A box is filled only from what the tables establish: MIN. NO. OF CARDS from
a hand condition, else from words that say it plainly (:func:`minimum_cards`);
NEG. DBL THRU from the player's words, else from tables that say where
negative doubles end (:mod:`.language.negative_doubles`). Where the sources
disagree the card says nothing wrong and reports a :class:`CardProblem`. A
box nobody filled stays blank, as on a paper form. Calls of one box that mean
the same (a pattern such as ``(1X)-2Y``, a row of ``2HS``) share one line; a
box shows its first few lines, shortened (:data:`BOX_LINES` and the rest),
and counts the others. Pure Python: the Sphinx side draws the card from
:class:`ConventionCard`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..language.calls import PASS, Call, CallKind, Sequence, Strain
from ..language.conditions.lengths import fewest_cards
from ..language.errors import Location
from ..language.model import ANY_VULNERABILITY, Seat
from ..language.notation import context_label, label
from ..language.site import Site, answers, bidding_order, openings
from ..language.suit_lengths import StatedLength, length_words, stated_length
from ..language.suits import SUIT_NAMES
from ..language.system import Key, Meaning
from .negative_doubles import (
    DoubleRow,
    Stated,
    contradicting,
    doubles_after_overcalls,
    established_through,
    read_stated,
    stated_in_words,
)

if TYPE_CHECKING:
    from ..formats.bss_reader import Disposition

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
#: The option of the directive for the NEG. DBL THRU column, in the player's words
#: (:func:`~.language.negative_doubles.read_stated`): it fills no box, but the openings grid.
NEGATIVE_DOUBLES = "negative-doubles"
_OPTIONS = frozenset((*(name for name, _ in WRITTEN_PARTS), NEGATIVE_DOUBLES))

#: How much of the tables the card shows (a card is two printed pages; the notes are the rest):
#: the lines of a box of the front and of SPECIAL BIDS, the calls named on one line, the lines of
#: a DESCRIPTION and of RESPONSES, and the characters of a meaning in a box, a DESCRIPTION and
#: RESPONSES. The lines left out are counted after an ellipsis, and linked to.
BOX_LINES = 3
SPECIAL_LINES = 6
CALLS_PER_LINE = 3
DESCRIPTION_LINES = 2
RESPONSE_LINES = 5
LINE_LENGTH = 60
DESCRIPTION_LENGTH = 70
RESPONSE_LENGTH = 28


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
    #: at most this many characters of the meaning are shown, ending in an ellipsis (``None``: all)
    most: int | None = None

    @property
    def key(self) -> Key:
        return self.keys[0]

    @property
    def shown_keys(self) -> tuple[Key, ...]:
        """The sequences the line names; an ellipsis follows when there are more (:data:`CALLS_PER_LINE`)."""
        return self.keys[:CALLS_PER_LINE]


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
    #: the lines of the tables left out for room (the card links to the first)
    more: tuple[CardLine, ...] = ()

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
    #: "min. no. of cards" in the suit opened, when every seat and vulnerability says the same
    #: (:func:`minimum_cards`); ``None``: the notes do not say it plainly
    minimum_cards: int | None
    #: "neg. dbl thru": the player's words, else what the tables establish
    #: (:func:`~.language.negative_doubles.established_through`); ``None``: blank
    negative_double_through: Call | None
    #: the openings and responses left out for room (the card links to the first)
    more_lines: tuple[CardLine, ...] = ()
    more_responses: tuple[CardLine, ...] = ()
    #: what MIN. NO. OF CARDS says in words, instead of a number: ``"short"`` (the meaning says it
    #: could be), ``"varies"`` (by seat or vulnerability); ``""``: the number, or blank
    minimum_words: str = ""
    #: NEG. DBL THRU is the player's (``:negative-doubles:`` or ``:doubles:``), not the tables'
    negative_doubles_stated: bool = False
    #: the player wrote that no double here is negative
    no_negative_doubles: bool = False


@dataclass(frozen=True)
class CardProblem:
    """Where the card's sources disagree, and so it leaves a box to the player: at a row of the
    tables, or (``None``) at the card's directive, whose words are in question."""

    message: str
    location: Location | None = None


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
    problems: tuple[CardProblem, ...] = ()

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

#: Words of a meaning that make its call artificial, beside an alert (whole words, any case), unless
#: denied (``not artificial``, ``non-artificial``).
_ARTIFICIAL_WORDS = re.compile(
    r"(?<!non-)(?<!not )(?<!non )\b(artificial|art|conventional|relay|asking|transfer|puppet)\b", re.IGNORECASE
)

#: How the card names a place of the notes in a message (the Sphinx side: relative to the docs).
Place = Callable[[Location], str]


def is_artificial(meaning: Meaning) -> bool:
    """Is the last call artificial: alerted, or its meaning says so (``artificial``, a relay,
    an asking bid, a transfer, a puppet: in words or as their abbreviation)."""
    from ..formats.dispositions import disposition_of  # the card's reading of BSS words, imported for a card

    text = meaning.plain_text
    return meaning.alert or bool(_ARTIFICIAL_WORDS.search(text)) or disposition_of(text) in _artificial_dispositions()


@cache
def _artificial_dispositions() -> frozenset[Disposition]:
    """The BSS dispositions of an artificial call (a site without a card reads no BSS words)."""
    from ..formats.bss_reader import Disposition

    return frozenset({Disposition.TRANSFER, Disposition.PUPPET, Disposition.RELAY, Disposition.ASKING})


def fill_card(site: Site, written: Mapping[str, str] | None = None, place: Place = str) -> ConventionCard:
    """The card of ``site``'s system, from the sequences its pages show, and the words
    ``written`` for the parts no table says (by option of :data:`WRITTEN_PARTS`, and
    :data:`NEGATIVE_DOUBLES`); ``place`` names a row's file and line in the problems found.
    Written words that cannot be read raise :class:`ValueError` (the directive reads them first)."""
    words = {name: text.strip() for name, text in (written or {}).items() if name in _OPTIONS}
    keys = site.shown_keys()
    meanings = {key: meaning for key in keys if (meaning := site.meaning(key)) is not None}
    described = {key: meaning for key, meaning in meanings.items() if meaning.description}
    problems: list[CardProblem] = []
    stated = _stated_negative_doubles(words, problems)
    rows, special = _opening_rows(keys, described, stated, place, problems)
    parts: dict[str, list[Key]] = {box: [] for box in (*_DEFENSIVE, _DOUBLES)}
    for key in sorted(described, key=bidding_order):
        title = competitive_part(key[2])
        if title is not None:
            parts[_box_of(title, key[2].last)].append(key)

    def box(heading: str, hint: str = "", option: str = "", grid: Grid | None = None) -> Box:
        lines = _lines(parts.get(heading, ()), described, LINE_LENGTH)
        return Box(
            heading, hint, tuple(lines[:BOX_LINES]), option, words.get(option, ""), grid, tuple(lines[BOX_LINES:])
        )

    return ConventionCard(
        header=(box("PLAYERS", option="players"), box("NBO", option="nbo"), box("CATEGORY / EVENT", option="event")),
        summary=(
            box("GENERAL APPROACH AND STYLE", option="general"),
            Box(
                "SPECIAL BIDS THAT MAY REQUIRE DEFENSIVE ACTION",
                "every alerted or artificial opening and response",
                special[:SPECIAL_LINES],
                more=special[SPECIAL_LINES:],
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
        problems=tuple(problems),
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


def _opening_rows(
    keys: list[Key],
    meanings: dict[Key, Meaning],
    stated: dict[Call | None, tuple[Stated, str]],
    place: Place,
    problems: list[CardProblem],
) -> tuple[list[OpeningRow], tuple[CardLine, ...]]:
    """The grid's rows (every row of the form, blank where the notes open nothing), and the
    lines of SPECIAL BIDS (the artificial openings, then the artificial responses)."""
    opened: dict[Call | None, list[Key]] = {call: [] for call in (*GRID_OPENINGS, None)}
    for key in openings(keys):
        if key in meanings:  # only continued by a table (1H-(D)-), described nowhere: not on the card
            last: Call | None = key[2].last
            opened[last if last in opened else None].append(key)
    doubles = doubles_after_overcalls(keys, meanings)
    rows = []
    special_openings: list[CardLine] = []
    special_responses: list[CardLine] = []
    for call, found in opened.items():
        lines = [_line([key], meanings, DESCRIPTION_LENGTH) for key in found]
        answered = [answer for key in found for answer in answers(keys, key[2]) if _same_table_context(answer, key)]
        responses = _lines(answered, meanings, RESPONSE_LENGTH)
        special_openings += [_line(list(line.keys), meanings, LINE_LENGTH) for line in lines if line.artificial]
        special_responses += [line for line in _lines(answered, meanings, LINE_LENGTH) if line.artificial]
        minimum, minimum_words = minimum_cards(call, [meanings[key] for key in found], place, problems)
        through, said, no_doubles = _negative_double_through(call, bool(found), doubles, stated, place, problems)
        rows.append(
            OpeningRow(
                call,
                tuple(lines[:DESCRIPTION_LINES]),
                tuple(responses[:RESPONSE_LINES]),
                artificial=any(line.artificial for line in lines),
                minimum_cards=minimum,
                negative_double_through=through,
                more_lines=tuple(lines[DESCRIPTION_LINES:]),
                more_responses=tuple(responses[RESPONSE_LINES:]),
                minimum_words=minimum_words,
                negative_doubles_stated=said,
                no_negative_doubles=no_doubles,
            )
        )
    return rows, (*special_openings, *special_responses)


# -- MIN. NO. OF CARDS ------------------------------------------------------


def minimum_cards(
    call: Call | None, found: list[Meaning], place: Place = str, problems: list[CardProblem] | None = None
) -> tuple[int | None, str]:
    """MIN. NO. OF CARDS of the openings ``found`` of ``call`` (one a seat or vulnerability): the
    number, or the word instead of it (``short``, ``varies``: the seats or vulnerabilities differ).

    Each opening's is its hand condition's (:func:`~.language.conditions.lengths.fewest_cards`), else
    its meaning's words' when they say it plainly (:func:`~.language.suit_lengths.stated_length`).
    Blank when one opening says nothing plain, or its condition and words disagree (a problem at
    its row, added to ``problems``)."""
    if call is None or call.strain is None or not call.strain.is_suit or not found:
        return None, ""
    each = [_stated_minimum(meaning, call.strain, place, problems) for meaning in found]
    if any(stated is None for stated in each):
        return None, ""
    fewest = {stated.fewest for stated in each if stated is not None}
    if len(fewest) > 1:
        return None, "varies"
    (number,) = fewest
    return (None, "short") if number is None else (number, "")


def _stated_minimum(
    meaning: Meaning, suit: Strain, place: Place, problems: list[CardProblem] | None
) -> StatedLength | None:
    """One opening's fewest cards in ``suit``: its condition's, else its words'; ``None`` when they disagree."""
    condition = meaning.condition
    by_condition = fewest_cards(condition.test, suit) if condition is not None else None
    by_words = stated_length(length_words(meaning.description.inline), suit)
    if condition is None or by_condition is None:
        return by_words
    if by_words is not None and not (by_words.fewest == by_condition or (by_words.short and by_condition <= 2)):
        if problems is not None:
            name = SUIT_NAMES[suit.value]
            context = context_label(meaning.seat, meaning.vulnerability)
            problems.append(
                CardProblem(
                    f"{label(meaning.sequence)}{f' ({context})' if context else ''}: the hand condition "
                    f"{{{{ {condition.source.strip()} }}}} allows {by_condition} {name} at the fewest, but the meaning "
                    f"says {by_words.words!r}; the convention card leaves MIN. NO. OF CARDS blank until the two agree",
                    meaning.location,
                )
            )
        return None
    return StatedLength(by_condition, condition.source)


# -- NEG. DBL THRU ------------------------------------------------------------


def _stated_negative_doubles(
    words: Mapping[str, str], problems: list[CardProblem]
) -> dict[Call | None, tuple[Stated, str]]:
    """What the player wrote of negative doubles, by opening (``None``: every opening of one of a
    suit that no statement names), with the option it was written in: ``:negative-doubles:``,
    else the words of ``:doubles:`` (``negative doubles through 3♠``)."""
    by_opening: dict[Call | None, tuple[Stated, str]] = {}
    in_doubles = stated_in_words(words.get("doubles", ""))
    if NEGATIVE_DOUBLES in words:
        for statement in read_stated(words[NEGATIVE_DOUBLES]):
            for opening in statement.openings or (None,):
                by_opening[opening] = (statement, NEGATIVE_DOUBLES)
        general = by_opening.get(None)
        if in_doubles is not None and general is not None and general[0].through != in_doubles.through:
            problems.append(
                CardProblem(
                    f"NEG. DBL THRU: :doubles: says {in_doubles.words!r} but :negative-doubles: says "
                    f"{general[0].words!r}; the card shows :negative-doubles:, write the same in both"
                )
            )
    elif in_doubles is not None:
        by_opening[None] = (in_doubles, "doubles")
    return by_opening


def _negative_double_through(
    call: Call | None,
    opened: bool,
    doubles: dict[Call, list[DoubleRow]],
    stated: dict[Call | None, tuple[Stated, str]],
    place: Place,
    problems: list[CardProblem],
) -> tuple[Call | None, bool, bool]:
    """NEG. DBL THRU of a row: the player's words when they cover it (a problem for each row of the
    tables they contradict), else what the tables establish; whether it is the player's, and
    whether the player wrote none."""
    if call is None:
        return None, False, False
    rows = doubles.get(call, [])
    general = stated.get(None)
    said = stated.get(call) or (general if general is not None and opened and general[0].covers(call) else None)
    if said is None:
        return established_through(call, rows), False, False
    statement, option = said
    for row in contradicting(statement.through, rows):
        kind = {True: "negative", False: "for penalties"}[bool(row.negative)]
        problems.append(
            CardProblem(
                f"NEG. DBL THRU of {label(Sequence((call,), True))}: :{option}: says {statement.words!r}, but "
                f"{label(row.meaning.sequence)} is {kind} at {place(row.meaning.location)} "
                f"({row.meaning.plain_text!r}); the card shows your words: correct the one that is wrong"
            )
        )
    return statement.through, True, statement.through is None


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


def _line(keys: list[Key], meanings: dict[Key, Meaning], most: int | None = None) -> CardLine:
    meaning = meanings[keys[0]]
    hand = meaning.condition.describe() if meaning.condition is not None else ""
    return CardLine(tuple(keys), meaning.plain_text, hand, is_artificial(meaning), most)


def _lines(keys: Iterable[Key], meanings: dict[Key, Meaning], most: int | None = None) -> list[CardLine]:
    """One line per distinct meaning (what the rows say, the hand, artificial or not), in bidding
    order of its first call; ``most``: the characters of the meaning shown."""
    grouped: dict[tuple[str, str, bool], list[Key]] = {}
    for key in keys:
        meaning = meanings.get(key)
        if meaning is None or not meaning.description:
            continue
        hand = meaning.condition.describe() if meaning.condition is not None else ""
        grouped.setdefault((meaning.plain_text, hand, is_artificial(meaning)), []).append(key)
    return [_line(found, meanings, most) for found in grouped.values()]
