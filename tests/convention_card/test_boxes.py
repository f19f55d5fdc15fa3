"""The WBF convention card filled from the notes: which sequence goes in which box of the form,
and the openings grid's columns (tick if artificial, min. no. of cards, neg. dbl thru)."""

from __future__ import annotations

import pytest

from sphinx_bml.convention_card.boxes import (
    BOX_LINES,
    CALLS_PER_LINE,
    CUE_BIDS,
    DESCRIPTION_LINES,
    GRID_OPENINGS,
    JUMP_OVERCALLS,
    LINE_LENGTH,
    NOTRUMP_OVERCALLS,
    OVER_THEIR_DOUBLE,
    REOPENING,
    RESPONSE_LENGTH,
    RESPONSE_LINES,
    SIMPLE_OVERCALLS,
    TAKEOUT_DOUBLES,
    VERSUS_NOTRUMP,
    VERSUS_PREEMPTS,
    WRITTEN_PARTS,
    Box,
    ConventionCard,
    OpeningRow,
    Place,
    competitive_part,
    fill_card,
)
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.notation import anchor, label, parse_reference
from sphinx_bml.language.site import Page, Site

NOTES = """\
1C ! 16+ any shape {{ 16+ hcp }}
  1D ! negative, 0-7
  1HS 5+ cards, game forcing
1N 14-16 balanced {{ 14-16 hcp, balanced }}
  2C ! Stayman
  2DH ! transfer
2C 6+ clubs, 11-15

(1X)---
2Y natural overcall
D takeout
1N 15-18 balanced

(1N)---
D penalty
2C ! both majors

(2Y)---
D takeout

(1C)-P-(P)---
D balancing

1H-(D)-
R 10+ hcp

1C-(1X)-
D negative

1C-(2S)-
D negative, 8+ hcp
"""


def card_of(notes: str, written: dict[str, str] | None = None, place: Place = str) -> ConventionCard:
    document = parse_text(notes)
    system = expand(document)
    assert not document.problems, list(document.problems)
    page = Page(tuple(system), anchors=frozenset(anchor(*meaning.key) for meaning in system))
    return fill_card(Site.build(["index"], {"index": page}), written, place)


def row_of(card: ConventionCard, call: str) -> OpeningRow:
    return next(row for row in card.openings if row.call == Call.parse(call))


def box_of(card: ConventionCard, heading: str) -> Box:
    return next(box for box in (*card.header, *card.summary, *card.defensive, *card.leads) if box.heading == heading)


@pytest.fixture(scope="module")
def card() -> ConventionCard:
    return card_of(NOTES)


def calls_of(lines: object) -> list[list[str]]:
    return [[label(key[2]) for key in line.keys] for line in lines]  # type: ignore[attr-defined]


def test_the_grid_has_a_row_for_every_opening_of_the_form(card: ConventionCard) -> None:
    assert [row.call for row in card.openings] == [*GRID_OPENINGS, None]  # 1C ... 4S, then 4NT and higher
    assert len(card.openings) == 20
    assert [label(line.key[2]) for line in row_of(card, "1C").lines] == ["1♣"]
    assert [row.call for row in card.openings if row.lines] == [Call.parse(call) for call in ("1C", "1N", "2C")]


def test_the_responses_of_each_opening(card: ConventionCard) -> None:
    assert calls_of(row_of(card, "1C").responses) == [["1♣–1♦"], ["1♣–1♥", "1♣–1♠"]]
    assert calls_of(row_of(card, "1N").responses) == [["1NT–2♣"], ["1NT–2♦", "1NT–2♥"]]


def test_tick_if_artificial(card: ConventionCard) -> None:
    """Alerted, or the meaning says so: in words, or as an abbreviation of a relay, a transfer..."""
    assert row_of(card, "1C").artificial  # alerted
    assert not row_of(card, "1N").artificial and not row_of(card, "2C").artificial
    words = card_of("1D artificial, 11-15\n2D TRF to hearts\n2H Relay\n2S natural, weak\n")
    assert [row_of(words, call).artificial for call in ("1D", "2D", "2H", "2S")] == [True, True, True, False]


def test_min_no_of_cards_comes_from_the_hand_conditions() -> None:
    card = card_of(
        "1C 16+ {{ 16+ hcp }}\n"
        "1D 2+ !d {{ 2+ diamonds, 11-15 hcp }}\n"
        "1H 5+ !h {{ 5+ hearts }}\n"
        "1S 4 or 5 !s {{ 5+ spades or 4 spades and 15+ hcp }}\n"
        "1N balanced {{ 14-16 hcp, balanced }}\n"
        "2C 11-15, balanced or long clubs {{ 11-15 hcp, balanced or 6+ clubs }}\n"
    )
    assert row_of(card, "1C").minimum_cards is None  # a strength, no length: blank, not 0
    assert row_of(card, "1D").minimum_cards == 2
    assert row_of(card, "1H").minimum_cards == 5
    assert row_of(card, "1S").minimum_cards == 4  # the fewest either branch allows
    assert row_of(card, "1N").minimum_cards is None  # no suit
    assert row_of(card, "2C").minimum_cards == 2  # balanced: two clubs
    assert row_of(card, "2D").minimum_cards is None  # no opening at all
    assert not card.problems


@pytest.mark.parametrize(
    ("meaning", "cards", "words"),
    [
        ("5+ hearts", 5, ""),
        ("11-15, 5+!h", 5, ""),
        ("five-card major", 5, ""),
        ("natural, 4+ cards", 4, ""),
        ("at least 4 hearts", 4, ""),
        ("could be short", None, "short"),
        ("11-15, 5+!h, or 4!h in 3rd seat", None, ""),  # a choice: not plain
        ("11-15, natural", None, ""),  # no length
    ],
)
def test_min_no_of_cards_from_the_words_of_an_opening_without_a_condition(
    meaning: str, cards: int | None, words: str
) -> None:
    row = row_of(card_of(f"1H {meaning}\n"), "1H")
    assert (row.minimum_cards, row.minimum_words) == (cards, words)


def test_seats_that_disagree_leave_min_no_of_cards_to_a_word() -> None:
    card = card_of("2M weak two, six cards in M\n\n#VUL N0\n2M weak two, 5+ cards in M\n")
    assert (row_of(card, "2H").minimum_cards, row_of(card, "2H").minimum_words) == (None, "varies")
    same = card_of("2M weak two, six cards in M\n\n#VUL N0\n2M sound weak two, 6 cards {{ 6 M }}\n")
    assert row_of(same, "2H").minimum_cards == 6
    unclear = card_of("2M weak two, six cards in M\n\n#VUL N0\n2M weak two, any length\n")
    assert (row_of(unclear, "2H").minimum_cards, row_of(unclear, "2H").minimum_words) == (None, "")


def test_a_condition_and_words_that_disagree_leave_it_blank_with_a_problem_at_the_row() -> None:
    card = card_of("1C 16+\n1H 11-15, 4+ hearts {{ 5+ hearts }}\n1S could be short {{ 5+ spades }}\n")
    assert row_of(card, "1H").minimum_cards is None and row_of(card, "1S").minimum_cards is None
    located = [(problem.location.line if problem.location else None, problem.message) for problem in card.problems]
    assert located == [
        (
            2,
            "1♥: the hand condition {{ 5+ hearts }} allows 5 hearts at the fewest, but the meaning says '4+ hearts'; "
            "the convention card leaves MIN. NO. OF CARDS blank until the two agree",
        ),
        (
            3,
            "1♠: the hand condition {{ 5+ spades }} allows 5 spades at the fewest, but the meaning says "
            "'could be short'; the convention card leaves MIN. NO. OF CARDS blank until the two agree",
        ),
    ]
    agreeing = card_of("1D could be short {{ 0+ diamonds, 11-15 hcp }}\n1H 5+!h {{ 5+ hearts }}\n")
    assert row_of(agreeing, "1D").minimum_cards == 0 and row_of(agreeing, "1H").minimum_cards == 5
    assert not agreeing.problems


_DOUBLES = """1C strong
1D natural
1H five-card major

1D-(1M)-
D negative

1D-(2X)-
D negative

1D-(3C)-
D penalty
"""


def test_neg_dbl_thru_only_where_the_tables_establish_it(card: ConventionCard) -> None:
    assert row_of(card, "1C").negative_double_through is None  # negative up to 2♠, then nothing: not established
    assert row_of(card, "1N").negative_double_through is None  # (1N)-D is theirs, not after our 1NT
    established = card_of(_DOUBLES)
    assert row_of(established, "1D").negative_double_through == Call.parse("2S")
    assert not row_of(established, "1D").negative_doubles_stated
    assert row_of(established, "1H").negative_double_through is None  # no double after 1H in the tables
    penalty = card_of("1C strong\n\n1C-(1X)-\nD penalty\n")
    assert row_of(penalty, "1C").negative_double_through is None


def test_the_players_words_win_over_the_tables() -> None:
    card = card_of(_DOUBLES, {"negative-doubles": "3S"})
    assert [row_of(card, call).negative_double_through for call in ("1C", "1D", "1H")] == [Call.parse("3S")] * 3
    assert row_of(card, "1S").negative_double_through is None  # no 1S opening: nothing to state it of
    assert row_of(card, "1N").negative_double_through is None  # "3S" is for openings of one of a suit
    assert all(row_of(card, call).negative_doubles_stated for call in ("1C", "1D", "1H"))
    named = card_of(_DOUBLES, {"negative-doubles": "1C: 2S; 1N: 3S; 1D: none"})
    assert row_of(named, "1C").negative_double_through == Call.parse("2S")
    assert row_of(named, "1N").negative_double_through == Call.parse("3S")
    assert row_of(named, "1D").no_negative_doubles and row_of(named, "1D").negative_double_through is None
    assert row_of(named, "1H").negative_double_through is None  # not named: the tables establish nothing
    in_words = card_of(_DOUBLES, {"doubles": "Negative doubles through 2!s; responsive doubles"})
    assert row_of(in_words, "1D").negative_double_through == Call.parse("2S") and not in_words.problems
    assert row_of(in_words, "1H").negative_double_through == Call.parse("2S")


def test_where_the_tables_contradict_the_player_the_card_says_so() -> None:
    card = card_of(
        _DOUBLES, {"doubles": "negative doubles through 3!s"}, place=lambda location: f"here:{location.line}"
    )
    assert row_of(card, "1D").negative_double_through == Call.parse("3S")  # the player's words
    assert [(problem.location, problem.message) for problem in card.problems] == [
        (
            None,
            "NEG. DBL THRU of 1♦: :doubles: says 'negative doubles through 3!s', but 1♦–(3♣)–Dbl is for penalties "
            "at here:12 ('penalty'); the card shows your words: correct the one that is wrong",
        )
    ]
    none = card_of(_DOUBLES, {"negative-doubles": "1D: none"})
    assert len(none.problems) == 5  # every negative double after 1♦ contradicts "none"
    both = card_of(_DOUBLES, {"negative-doubles": "2S", "doubles": "negative doubles thru 3S"})
    assert [problem.message for problem in both.problems] == [
        "NEG. DBL THRU: :doubles: says 'negative doubles thru 3S' but :negative-doubles: says '2S'; "
        "the card shows :negative-doubles:, write the same in both"
    ]


def test_unreadable_words_for_neg_dbl_thru_are_refused() -> None:
    with pytest.raises(ValueError, match="'3x' is not a call"):
        card_of(_DOUBLES, {"negative-doubles": "3x"})


def test_the_special_bids_are_the_artificial_ones(card: ConventionCard) -> None:
    assert [label(line.key[2]) for line in card.special] == ["1♣", "1♣–1♦", "1NT–2♣", "1NT–2♦"]


def test_the_competitive_boxes_are_filled_from_the_tables(card: ConventionCard) -> None:
    assert calls_of(box_of(card, "1NT OVERCALL").lines) == [["(1♣)–1NT", "(1♦)–1NT", "(1♥)–1NT", "(1♠)–1NT"]]
    assert calls_of(box_of(card, "VS. NT").lines) == [["(1NT)–2♣"], ["(1NT)–Dbl"]]
    assert ["(2♥)–Dbl"] in [
        [call for call in line if call == "(2♥)–Dbl"] for line in calls_of(box_of(card, "VS. PRE-EMPTS").lines)
    ]
    assert calls_of(box_of(card, "OVER OPPONENTS' TAKEOUT DOUBLE").lines) == [["1♥–(Dbl)–Rdbl"]]
    doubles = calls_of((*box_of(card, "DOUBLES").lines, *box_of(card, "DOUBLES").more))
    assert ["(1♣)–Pass–Dbl"] in doubles  # reopening with a double: the doubles' box
    assert ["(1♣)–Dbl", "(1♦)–Dbl", "(1♥)–Dbl", "(1♠)–Dbl"] in doubles
    assert ["1♣–(1♦)–Dbl", "1♣–(1♥)–Dbl", "1♣–(1♠)–Dbl"] in doubles


def test_boxes_nobody_filled_are_blank(card: ConventionCard) -> None:
    assert box_of(card, "PSYCHICS").is_blank and box_of(card, "PSYCHICS").text == ""
    assert box_of(card, "OVERCALLS").is_blank  # no table gives a simple overcall
    assert not box_of(card, "VS. NT").is_blank
    assert box_of(card, "LEADS").grid is not None and box_of(card, "LEADS").grid.rows[0] == "Ace"


def test_the_written_words_fill_their_boxes() -> None:
    card = card_of(NOTES, {"psychics": " Rare ", "leads": "4th best", "players": "Anna - Ben", "unknown": "x"})
    assert box_of(card, "PSYCHICS").text == "Rare"
    assert box_of(card, "OPENING LEADS STYLE").text == "4th best"
    assert box_of(card, "PLAYERS").text == "Anna - Ben"
    options = {box.option for box in (*card.header, *card.summary, *card.defensive, *card.leads, card.supplementary)}
    assert options - {""} == {name for name, _ in WRITTEN_PARTS}  # every written part has its box


@pytest.mark.parametrize(
    ("sequence", "part"),
    [
        ("(1C)-1D", SIMPLE_OVERCALLS),
        ("(1H)-1S", SIMPLE_OVERCALLS),
        ("(1S)-2H", SIMPLE_OVERCALLS),
        ("(1C)-2D", JUMP_OVERCALLS),
        ("(1H)-3C", JUMP_OVERCALLS),
        ("(1H)-2H", CUE_BIDS),
        ("(1H)-1N", NOTRUMP_OVERCALLS),
        ("(1H)-D", TAKEOUT_DOUBLES),
        ("(1N)-2C", VERSUS_NOTRUMP),
        ("(3C)-3N", VERSUS_PREEMPTS),
        ("(1C)-P-(P)-D", REOPENING),
        ("1H-(D)-R", OVER_THEIR_DOUBLE),
        ("(1C)-P", None),
        ("(1C)-1D-(1H)-1S", None),
        ("1C-1D", None),
    ],
)
def test_each_competitive_sequence_has_its_part(sequence: str, part: str | None) -> None:
    assert competitive_part(parse_reference(sequence).sequence) == part


def test_notes_without_tables_give_an_empty_card() -> None:
    card = card_of("Only prose here.\n")
    assert card.is_empty
    assert len(card.openings) == 20 and not any(row.lines for row in card.openings)


def _big_system() -> str:
    """Openings with many responses, at every vulnerability, and many overcalls: more than a card holds."""
    responses = "".join(
        f"  {level}{strain} response {level}{strain}, a long meaning of many words here\n"
        for level in (2, 3)
        for strain in "CDHS"
    )
    notes = f"1C ! strong, artificial\n{responses}"
    for vulnerability in ("N0", "Y0", "NY", "YN"):
        notes += f"\n#VUL {vulnerability}\n2H weak two at {vulnerability}, six cards\n"
    notes += "\n#VUL 00\n"
    for opening in ("1C", "1D", "1H"):
        notes += f"\n({opening})---\n" + "".join(f"{call} overcall {call} over {opening}\n" for call in ("1S", "2C"))
    return notes


def test_the_card_shows_a_bounded_part_of_the_tables_and_counts_the_rest() -> None:
    card = card_of(_big_system())
    strong = row_of(card, "1C")
    assert len(strong.responses) == RESPONSE_LINES and len(strong.more_responses) == 8 - RESPONSE_LINES
    assert all(line.most == RESPONSE_LENGTH for line in strong.responses)
    weak = row_of(card, "2H")
    assert len(weak.lines) == DESCRIPTION_LINES and len(weak.more_lines) == 4 - DESCRIPTION_LINES
    overcalls = box_of(card, "OVERCALLS")
    assert len(overcalls.lines) == BOX_LINES and overcalls.more  # every line still counted
    assert all(line.most == LINE_LENGTH for line in overcalls.lines)
    assert all(len(line.shown_keys) <= CALLS_PER_LINE for line in overcalls.lines)
    special = box_of(card, "SPECIAL BIDS THAT MAY REQUIRE DEFENSIVE ACTION")
    assert [label(line.key[2]) for line in special.lines] == ["1♣"] and not special.more


def test_special_bids_put_the_openings_first() -> None:
    card = card_of("1C ! strong\n  1D ! negative\n1D ! nebulous\n  1H ! transfer\n2D ! Multi\n")
    assert [label(line.key[2]) for line in card.special][:3] == ["1♣", "1♦", "2♦"]


@pytest.mark.parametrize(
    ("meaning", "artificial"),
    [("artificial", True), ("not artificial", False), ("non-artificial", False), ("natural, TRF", True)],
)
def test_words_that_deny_artificial_tick_nothing(meaning: str, artificial: bool) -> None:
    assert row_of(card_of(f"2C {meaning}\n"), "2C").artificial is artificial
