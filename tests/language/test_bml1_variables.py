"""``m``, ``M`` and ``X`` where every suit of them was bid: read as BML 1 reads them.

BML 1 says "m :: Defines both C and D", "M :: Defines both H and S", "X :: Defines
C, D, H and S"; BML 2 narrowed ``m`` to a minor not bid yet. Where BML 2's rule leaves
a row no suit wherever it is met, as every suit of its variable was bid, the row is
read as BML 1 reads it; everywhere else, BML 2's reading stands.
"""

from __future__ import annotations

from types import ModuleType

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from tests.support import bml2bss, bss_records, described, problems_of


def test_bml1_3m_after_both_minors_were_bid_gives_both_minors() -> None:
    """The BML 1 example system's own words: '3m, meaning both 3C and 3D'."""
    assert described("1C-1D-1H-2C-2D-\n   2H = relay\n   3m = 3m, meaning both 3C and 3D: natural\n")[1:] == [
        "1C-(P)-1D-(P)-1H-(P)-2C-(P)-2D-(P)-3C = 3!c, meaning both 3C and 3D: natural",
        "1C-(P)-1D-(P)-1H-(P)-2C-(P)-2D-(P)-3D = 3!d, meaning both 3C and 3D: natural",
    ]


def test_bml2_4m_where_no_minor_is_left_gives_both_with_the_suit_in_its_words_and_answers() -> None:
    assert described("2N-3C-3D-\n3M  four cards\n4m  5m, slam try\n  4N  asks for key cards\n")[-4:] == [
        "2N-(P)-3C-(P)-3D-(P)-4C = 5!c, slam try",
        "2N-(P)-3C-(P)-3D-(P)-4C-(P)-4N = asks for key cards",
        "2N-(P)-3C-(P)-3D-(P)-4D = 5!d, slam try",
        "2N-(P)-3C-(P)-3D-(P)-4D-(P)-4N = asks for key cards",
    ]


def test_the_variable_keeps_the_suit_it_is_given_for_the_rows_under_it() -> None:
    assert described("1C-1D-\n2m  natural, m\n  3m  raises m\n") == [
        "1C-(P)-1D-(P)-2C = natural, !c",
        "1C-(P)-1D-(P)-2C-(P)-3C = raises !c",
        "1C-(P)-1D-(P)-2D = natural, !d",
        "1C-(P)-1D-(P)-2D-(P)-3D = raises !d",
    ]


def test_both_majors_and_any_suit_too() -> None:
    assert described("1H-1S-\n4M  to play\n")[-2:] == ["1H-(P)-1S-(P)-4H = to play", "1H-(P)-1S-(P)-4S = to play"]
    got = described("1C-1D-1H-1S-\n3X  natural, forcing\n")
    assert got[-4:] == [f"1C-(P)-1D-(P)-1H-(P)-1S-(P)-3{suit} = natural, forcing" for suit in "CDHS"]


def test_a_row_that_bml2_gives_a_suit_in_some_auction_keeps_bml2_reading_everywhere() -> None:
    """Under ``(1X)``, ``2m`` is 2D over 1H and 1S, and stands for nothing after 1C-(1D), where
    both minors were bid: the row is read as BML 2 reads it, a minor not bid yet."""
    got = described("1C-\n(1X)  a natural overcall\n  2C  5+!c\n  2m  5+ m\n  2X  cue bid\n")
    assert "1C-(1D)-2D = cue bid" in got
    assert "1C-(1H)-2D = 5+ !d" in got
    assert not any(line.startswith("1C-(1D)-2D = 5+") for line in got)


def test_other_variables_and_bids_too_low_are_still_reported() -> None:
    """``Y`` was not BML 1's; a row BML 1's reading cannot lift above the last bid is left out."""
    assert problems_of("1C-1D-1H-1S-\n2Y  natural\n") == [
        "s.bml:2: 2Y stands for no bid after 1C-1D-1H-1S: Y is a suit not bid yet, in a bid higher than the last: "
        "clubs, diamonds, hearts and spades were bid already; this row is left out (check its level and suit)"
    ]
    assert problems_of("1N\n  2C\n    2D\n      2m  both minors\n") == [
        "s.bml:4: 2m stands for no bid after 1NT-2C-2D: m is a minor not bid yet, and both were bid already, so "
        "it is read as BML 1 reads it, both minors: 2C and 2D are not higher than 2D; this row is left out "
        "(check its level and suit)"
    ]


def test_bridge_markup_leaves_the_row_out_in_silence(reference: ModuleType) -> None:
    """Why we differ: the reference follows BML 2's rule alone and writes no 4m at all."""
    text = "2N-3C-3D-\n4m  5m, slam try\n"
    theirs = bss_records(bml2bss(reference, text))
    ours = bss_records(write_bss(expand(parse_text(text, "s.bml"))))
    assert ours.keys() - theirs.keys() == {"002NP3CP3DP4C", "002NP3CP3DP4D"}
    assert theirs.keys() <= ours.keys()
