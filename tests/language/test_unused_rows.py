"""Rows that add nothing to the system are warned at their line, saying why."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.errors import Kind


def left_out(text: str) -> list[str]:
    document = parse_text(text, "notes.bml")
    expand(document)
    assert all(problem.kind is Kind.UNUSED for problem in document.problems), [str(p) for p in document.problems]
    return [str(problem) for problem in document.problems]


def test_a_pattern_whose_only_bid_a_row_beside_it_takes_is_left_out_with_its_answers() -> None:
    notes = "1H\n  2C  10+\n    2D  4+ diamonds\n      2M  extras\n        2N  asks\n        3C  cue\n"
    notes += "      2S  fourth suit\n"
    assert left_out(notes) == [
        "notes.bml:4: after 1H-2C-2D, 2M can only be 2S, and the 2S row at line 7 takes its place (a call written "
        "out comes before a pattern); this row and the 2 rows under it are left out (write them under that row)"
    ]


def test_a_pattern_whose_bids_an_earlier_pattern_took_is_left_out() -> None:
    assert left_out("1N\n  2X  natural\n  2M  five cards\n") == [
        "notes.bml:3: after 1NT, 2M can only be 2H or 2S, and the 2X row at line 2 takes its place (the first row "
        "to stand for it keeps it); this row is left out (say it in that row)"
    ]


def test_a_pattern_with_no_suit_left_says_why() -> None:
    assert left_out("1N\n  2C\n    2D\n      2m  both minors\n") == [
        "notes.bml:4: 2m stands for no bid after 1NT-2C-2D: m is a minor not bid yet, and both were bid already, "
        "so it is read as BML 1 reads it, both minors: 2C and 2D are not higher than 2D; this row is left out "
        "(check its level and suit)"
    ]


def test_a_variable_with_its_suit_given_says_why() -> None:
    assert left_out("1M  five\n  (3X)\n    2M  raise\n") == [
        "notes.bml:3: 2M stands for no bid after 1H-(3C): M is hearts in this auction, and 2H is not higher than 3C; "
        "this row is left out (check its level and suit)"
    ]


def test_a_multi_strain_bid_too_low_everywhere_says_why() -> None:
    assert left_out("2S  weak\n  2CD  never\n") == [
        "notes.bml:2: 2CD stands for no bid after 2S: 2C and 2D are not higher than 2S; this row is left out "
        "(check its level and suit)"
    ]


def test_a_general_row_whose_every_sequence_is_defined_more_specifically_adds_nothing() -> None:
    assert left_out("1N-\n2D  transfer\n2H  transfer\n\n1N-\n2red  natural, to play\n") == [
        "notes.bml:6: every sequence this row stands for is already defined by a more specific row, so it adds "
        "nothing: 1NT-2D is 'transfer' at line 2 (and 1 more); the first definition stands"
    ]


def test_a_general_row_whose_answers_add_sequences_says_they_stay() -> None:
    """Its own meaning adds nothing, but the rows under it do: not 'it adds nothing'."""
    notes = "1H  11-15, 5+ hearts\n1S  11-15, 5+ spades\n\n1M  five-card major\n  1N  forcing\n  2N  Jacoby\n"
    assert left_out(notes) == [
        "notes.bml:4: every sequence this row stands for is already defined by a more specific row, so its "
        "meaning is not part of the system: 1H is '11-15, 5+ hearts' at line 1 (and 1 more); the first definition "
        "stands, and the 2 rows under it still add their sequences"
    ]


def test_a_general_row_that_fills_one_gap_is_kept_in_silence() -> None:
    assert left_out("1N-\n2D  transfer\n\n1N-\n2red  natural, to play\n") == []


def test_a_row_that_fits_some_auctions_above_it_is_kept() -> None:
    """2Y under (1X) has no suit left above nothing, but stands for bids after (1C) ... ."""
    assert left_out("(1X)\n  2Y  natural\n") == []


def test_a_leading_pass_without_a_description_is_no_row_left_out() -> None:
    assert left_out("1C  strong\n  (P)\n    1D  negative\n") == []
