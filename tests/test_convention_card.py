"""The WBF convention card filled from the notes: which sequence goes in which box of the form,
and the openings grid's columns (tick if artificial, min. no. of cards, neg. dbl thru)."""

from __future__ import annotations

import pytest

from sphinx_bml.convention_card import (
    CUE_BIDS,
    GRID_OPENINGS,
    JUMP_OVERCALLS,
    NOTRUMP_OVERCALLS,
    OVER_THEIR_DOUBLE,
    REOPENING,
    SIMPLE_OVERCALLS,
    TAKEOUT_DOUBLES,
    VERSUS_NOTRUMP,
    VERSUS_PREEMPTS,
    WRITTEN_PARTS,
    Box,
    ConventionCard,
    OpeningRow,
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


def card_of(notes: str, written: dict[str, str] | None = None) -> ConventionCard:
    document = parse_text(notes)
    system = expand(document)
    assert not document.problems, list(document.problems)
    page = Page(tuple(system), anchors=frozenset(anchor(*meaning.key) for meaning in system))
    return fill_card(Site.build(["index"], {"index": page}), written)


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
        "2C 6 !c\n"
    )
    assert row_of(card, "1C").minimum_cards is None  # a strength, no length
    assert row_of(card, "1D").minimum_cards == 2
    assert row_of(card, "1H").minimum_cards == 5
    assert row_of(card, "1S").minimum_cards == 4  # the fewest either branch allows
    assert row_of(card, "2C").minimum_cards is None  # no condition: the words are not read
    assert row_of(card, "2D").minimum_cards is None  # no opening at all


def test_neg_dbl_thru_is_the_highest_overcall_doubled_negatively(card: ConventionCard) -> None:
    assert row_of(card, "1C").negative_double_through == Call.parse("2S")
    assert row_of(card, "1N").negative_double_through is None  # (1N)-D is theirs, not after our 1NT
    penalty = card_of("1C strong\n\n1C-(1X)-\nD penalty\n")
    assert row_of(penalty, "1C").negative_double_through is None


def test_the_special_bids_are_the_artificial_ones(card: ConventionCard) -> None:
    assert [label(line.key[2]) for line in card.special] == ["1♣", "1♣–1♦", "1NT–2♣", "1NT–2♦"]


def test_the_competitive_boxes_are_filled_from_the_tables(card: ConventionCard) -> None:
    assert calls_of(box_of(card, "1NT OVERCALL").lines) == [["(1♣)–1NT", "(1♦)–1NT", "(1♥)–1NT", "(1♠)–1NT"]]
    assert calls_of(box_of(card, "VS. NT").lines) == [["(1NT)–2♣"], ["(1NT)–Dbl"]]
    assert ["(2♥)–Dbl"] in [
        [call for call in line if call == "(2♥)–Dbl"] for line in calls_of(box_of(card, "VS. PRE-EMPTS").lines)
    ]
    assert calls_of(box_of(card, "OVER OPPONENTS' TAKEOUT DOUBLE").lines) == [["1♥–(Dbl)–Rdbl"]]
    doubles = calls_of(box_of(card, "DOUBLES").lines)
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
