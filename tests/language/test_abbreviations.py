"""Standard abbreviations found as whole words in meanings and prose."""

from __future__ import annotations

import pytest

from sphinx_bml.language.abbreviations import (
    WBF_ABBREVIATIONS,
    Abbreviation,
    abbreviations_in,
    known_abbreviations,
    split_abbreviations,
)

WBF = WBF_ABBREVIATIONS


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("5+ !h, INV/GF", ["INV", "GF"]),
        ("Stayman, F1; 4SF after a new suit", ["F1", "4SF"]),
        ("S/O or P/C", ["S/O", "P/C"]),
        ("15-17 BAL, may have a 5CM", ["BAL", "5CM"]),
        ("RKCB 1430 for hearts", ["RKCB"]),
        ("1NT 15-17", []),  # NT in 1NT is the bid, not an abbreviation
        ("Fit-showing jump, 5F", []),  # F only as a word of its own
        ("nf, inv, gf", []),  # written in capitals
        ("FIT, FGX", []),
        ("!STR F", ["F"]),  # a word right after ! is an alert prefix's, not an abbreviation
        ("(F)", ["F"]),
        ("F.", ["F"]),
    ],
)
def test_whole_words_in_capitals(text: str, found: list[str]) -> None:
    assert [abbreviation.text for abbreviation in abbreviations_in(text, WBF)] == found


def test_the_pieces_give_the_text_back() -> None:
    text = "Multi: weak two in a major (PRE), or 22-23 BAL; P/C"
    pieces = split_abbreviations(text, WBF)
    assert "".join(piece if isinstance(piece, str) else piece.text for piece in pieces) == text
    assert pieces[1] == Abbreviation("PRE", "preemptive")


def test_the_longest_abbreviation_wins() -> None:
    assert split_abbreviations("S/O", {"S": "spades", "S/O": "sign-off"}) == [Abbreviation("S/O", "sign-off")]


def test_no_abbreviations_no_pieces_to_find() -> None:
    assert split_abbreviations("INV", {}) == ["INV"]
    assert split_abbreviations("", WBF) == []


def test_the_standard_list() -> None:
    assert 85 <= len(WBF) <= 110
    for word in ("F", "NF", "INV", "GF", "FG", "PRE", "TRF", "S/T", "P/C", "S/O", "PUP", "REL", "ASK", "HCP"):
        assert word in WBF
    assert all(meaning and meaning[0].isalpha() for meaning in WBF.values())


@pytest.mark.parametrize(
    ("setting", "expected"),
    [("wbf", WBF), ({"MSS": "minor suit Stayman"}, {"MSS": "minor suit Stayman"}), ({}, {}), (None, {}), ("", {})],
)
def test_known_abbreviations(setting: object, expected: dict[str, str]) -> None:
    assert known_abbreviations(setting) == expected
