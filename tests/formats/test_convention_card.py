"""The WBF convention card filled from the notes: which sequence goes in which part."""

from __future__ import annotations

import pytest

from sphinx_bml.formats.convention_card import (
    CUE_BIDS,
    JUMP_OVERCALLS,
    NOTRUMP_OVERCALLS,
    OVER_THEIR_DOUBLE,
    REOPENING,
    SIMPLE_OVERCALLS,
    TAKEOUT_DOUBLES,
    VERSUS_NOTRUMP,
    VERSUS_PREEMPTS,
    ConventionCard,
    competitive_part,
    fill_card,
)
from sphinx_bml.language import expand, parse_text
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
"""


def card_of(notes: str) -> ConventionCard:
    document = parse_text(notes)
    system = expand(document)
    assert not document.problems, list(document.problems)
    page = Page(tuple(system), anchors=frozenset(anchor(*meaning.key) for meaning in system))
    return fill_card(Site.build(["index"], {"index": page}))


@pytest.fixture(scope="module")
def card() -> ConventionCard:
    return card_of(NOTES)


def calls_of(lines: object) -> list[list[str]]:
    return [[label(key[2]) for key in line.keys] for line in lines]  # type: ignore[attr-defined]


def test_the_openings_with_their_responses(card: ConventionCard) -> None:
    assert [label(opening.line.key[2]) for opening in card.openings] == ["1♣", "1NT", "2♣"]
    strong, notrump, _ = card.openings
    assert strong.line.hand == "16+ HCP" or "16" in strong.line.hand
    assert strong.line.artificial
    assert calls_of(strong.responses) == [["1♣–1♦"], ["1♣–1♥", "1♣–1♠"]]
    assert calls_of(notrump.responses) == [["1NT–2♣"], ["1NT–2♦", "1NT–2♥"]]


def test_the_special_bids_are_the_alertable_ones(card: ConventionCard) -> None:
    assert [label(line.key[2]) for line in card.special] == ["1♣", "1♣–1♦", "1NT–2♣", "1NT–2♦"]


def test_the_competitive_parts_are_filled_from_the_tables(card: ConventionCard) -> None:
    parts = {part.title: calls_of(part.lines) for part in card.competitive}
    assert parts[TAKEOUT_DOUBLES] == [["(1♣)–Dbl", "(1♦)–Dbl", "(1♥)–Dbl", "(1♠)–Dbl"]]
    assert parts[NOTRUMP_OVERCALLS] == [["(1♣)–1NT", "(1♦)–1NT", "(1♥)–1NT", "(1♠)–1NT"]]
    assert parts[VERSUS_NOTRUMP] == [["(1NT)–2♣"], ["(1NT)–Dbl"]]
    assert ["(2♥)–Dbl"] in [[call for call in line if call == "(2♥)–Dbl"] for line in parts[VERSUS_PREEMPTS]]
    assert parts[REOPENING] == [["(1♣)–Pass–Dbl"]]
    assert parts[OVER_THEIR_DOUBLE] == [["1♥–(Dbl)–Rdbl"]]


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
        ("(1C)-P", None),
        ("(1C)-1D-(1H)-1S", None),
        ("1C-1D", None),
    ],
)
def test_each_competitive_sequence_has_its_part(sequence: str, part: str | None) -> None:
    assert competitive_part(parse_reference(sequence).sequence) == part


def test_notes_without_tables_give_an_empty_card() -> None:
    assert card_of("Only prose here.\n").is_empty
