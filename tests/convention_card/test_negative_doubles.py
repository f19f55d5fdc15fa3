"""How high negative doubles go: what the tables establish (every overcall up to the level, a
penalty double above it), what a player writes, and the rows that contradict the player."""

from __future__ import annotations

import pytest

from sphinx_bml.convention_card.negative_doubles import (
    Stated,
    contradicting,
    double_is_negative,
    doubles_after_overcalls,
    established_through,
    natural_overcalls,
    read_stated,
    stated_in_words,
)
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call
from sphinx_bml.language.notation import label


def doubles(notes: str) -> dict[Call, list[tuple[str, bool | None]]]:
    document = parse_text(notes)
    meanings = {meaning.key: meaning for meaning in expand(document)}
    assert not document.problems, list(document.problems)
    found = doubles_after_overcalls(meanings, meanings)
    return {opening: [(str(row.overcall), row.negative) for row in rows] for opening, rows in found.items()}


def through(notes: str, opening: str) -> Call | None:
    document = parse_text(notes)
    meanings = {meaning.key: meaning for meaning in expand(document)}
    call = Call.parse(opening)
    return established_through(call, doubles_after_overcalls(meanings, meanings).get(call, []))


@pytest.mark.parametrize(
    ("meaning", "negative"),
    [
        ("Negative: 7+ hcp", True),
        ("NEG, 6+", True),
        ("takeout", True),
        ("T/O", True),
        ("Sputnik", True),
        ("Penalty", False),
        ("PEN", False),
        ("business", False),
        ("values, card-showing", None),  # the words do not say
        ("negative or penalty by agreement", None),  # both
        ("", None),
    ],
)
def test_what_a_double_is(meaning: str, negative: bool | None) -> None:
    assert double_is_negative(meaning) is negative


def test_the_overcalls_a_negative_double_answers() -> None:
    assert [str(call) for call in natural_overcalls(Call.parse("1H"))][:5] == ["1S", "2C", "2D", "2S", "3C"]
    assert [str(call) for call in natural_overcalls(Call.parse("1N"))][:3] == ["2C", "2D", "2H"]
    assert str(natural_overcalls(Call.parse("1C"))[-1]) == "7S"


def test_the_doubles_after_each_opening_at_any_seat() -> None:
    notes = "1C-(1X)-\nD negative\n\n1C-(2S)-\nD penalty\n\nP-1H-(1S)-\nD takeout\n\n"
    notes += "1N-(2C)-\nD values\n\n1C-(1N)-\nD penalty\n\n1C-(2C)-\nD penalty\n"  # (1NT), (2♣): no natural overcall
    assert doubles(notes) == {
        Call.parse("1C"): [("1D", True), ("1H", True), ("1S", True), ("2S", False)],  # not (1N): no suit
        Call.parse("1H"): [("1S", True)],  # after a pass: the 1H row
        Call.parse("1N"): [("2C", None)],
    }


_THROUGH_2S = """\
1D-(1M)-
D Negative

1D-(2X)-
D Negative

1D-(3C)-
D Penalty
"""


def test_the_tables_establish_the_level_when_they_say_where_it_ends() -> None:
    assert through(_THROUGH_2S, "1D") == Call.parse("2S")


@pytest.mark.parametrize(
    ("notes", "why"),
    [
        ("1D-(1M)-\nD Negative\n\n1D-(2X)-\nD Negative\n", "nothing above 2S: where do they end?"),
        ("1D-(1H)-\nD Negative\n\n1D-(2C)-\nD Penalty\n", "a gap: no double after 1S"),
        (_THROUGH_2S + "\n1D-(3H)-\nD Negative\n", "negative again above the penalty double"),
        ("1D-(1M)-\nD Negative\n\n1D-(2X)-\nD values\n", "the words of the 2-level doubles do not say"),
        ("1D-(1S)-\nD Penalty\n", "no negative double at all"),
        ("", "no double at all"),
    ],
)
def test_the_tables_establish_nothing_else(notes: str, why: str) -> None:
    assert through(notes, "1D") is None, why


def test_seats_that_disagree_establish_nothing() -> None:
    notes = _THROUGH_2S + "\n#VUL Y0\n1D-(2H)-\nD Penalty\n"  # vulnerable: penalty after 2H
    assert through(notes, "1D") is None


def test_the_rows_that_contradict_a_level() -> None:
    document = parse_text(_THROUGH_2S)
    meanings = {meaning.key: meaning for meaning in expand(document)}
    rows = doubles_after_overcalls(meanings, meanings)[Call.parse("1D")]
    assert contradicting(Call.parse("2S"), rows) == []
    assert [label(row.meaning.sequence) for row in contradicting(Call.parse("3S"), rows)] == ["1♦–(3♣)–Dbl"]
    too_low = contradicting(Call.parse("1S"), rows)
    assert [label(row.meaning.sequence) for row in too_low][:2] == ["1♦–(2♣)–Dbl", "1♦–(2♥)–Dbl"]  # not 2♦: our suit
    assert len(contradicting(None, rows)) == 5  # none negative: every negative double


@pytest.mark.parametrize(
    ("written", "stated"),
    [
        ("3S", [(None, "3S")]),
        ("3!s", [(None, "3S")]),
        ("through 3♠", [(None, "3S")]),
        ("thru 2NT", [(None, "2N")]),
        ("none", [(None, None)]),
        ("1C: 2S; 1D 1H 1S: 3S", [("1C", "2S"), ("1D 1H 1S", "3S")]),
        ("1!c, 1!d: 4!h;", [("1C 1D", "4H")]),
    ],
)
def test_a_players_words(written: str, stated: list[tuple[str | None, str | None]]) -> None:
    read = read_stated(written)
    expected = [
        (tuple(Call.parse(call) for call in (openings or "").split()), None if level is None else Call.parse(level))
        for openings, level in stated
    ]
    assert [(each.openings, each.through) for each in read] == expected


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("3x", "'3x' is not a call"),
        ("D", "'D' is not a bid"),
        (": 3S", "name the openings before the colon"),
        ("1S: 1H", "1H is not an overcall of 1S"),
        ("1C 1Q: 3S", "'1Q' is not a call"),
        (" ; ", "no words"),
    ],
)
def test_words_that_cannot_be_read(written: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_stated(written)


def test_a_statement_covers_the_openings_it_names_or_every_one_of_a_suit() -> None:
    every = Stated(Call.parse("3S"), (), "3S")
    assert every.covers(Call.parse("1C")) and every.covers(Call.parse("1S"))
    assert not every.covers(Call.parse("1N")) and not every.covers(Call.parse("2H"))
    named = Stated(Call.parse("3S"), (Call.parse("2H"),), "2H: 3S")
    assert named.covers(Call.parse("2H")) and not named.covers(Call.parse("1C"))


@pytest.mark.parametrize(
    ("words", "level"),
    [
        ("Negative doubles through 3!s; responsive and support doubles", "3S"),
        ("neg. dbl thru 2♠", "2S"),
        ("negative doubles up to 4H", "4H"),
        ("Neg X to 3NT", "3N"),
        ("negative doubles; penalty doubles of 1NT", None),  # no level
        ("negative doubles through 2S, or through 3S vulnerable", None),  # two levels
        ("", None),
    ],
)
def test_a_level_in_the_words_of_the_doubles_box(words: str, level: str | None) -> None:
    stated = stated_in_words(words)
    assert (stated.through if stated else None) == (Call.parse(level) if level else None)
