"""Bid arithmetic and sequences."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import PASS, Call, CallKind, Sequence, Strain
from sphinx_bml.language.errors import BMLError


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1C", "1C"), ("3NT", "3N"), ("3nt", "3N"), ("7S", "7S"), ("P", "P"), ("D", "D"), ("X", "D"), ("XX", "R")],
)
def test_parse_calls(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("text", ["8C", "0N", "1Q", "", "PP", "2"])
def test_parse_rejects_non_calls(text: str) -> None:
    with pytest.raises(BMLError):
        Call.parse(text)


def test_bids_order_by_rank_and_other_calls_after_7nt() -> None:
    assert Call.parse("1C") < Call.parse("1D") < Call.parse("1N") < Call.parse("2C") < Call.parse("7N")
    assert Call.parse("7N") < PASS
    assert sorted([Call.parse("2C"), Call.parse("1S"), Call.parse("1N")]) == [
        Call.parse("1S"),
        Call.parse("1N"),
        Call.parse("2C"),
    ]


def test_steps() -> None:
    assert str(Call.parse("1C").raised(1)) == "1D"
    assert str(Call.parse("1C").raised(2)) == "1H"
    assert str(Call.parse("1S").raised(2)) == "2C"
    assert str(Call.parse("7S").raised(1)) == "7N"


def test_steps_beyond_seven_notrump_say_so_in_words() -> None:
    with pytest.raises(BMLError, match="2 steps above 7N is beyond the 7 level"):
        Call.parse("7N").raised(2)


def test_bid_level_out_of_range() -> None:
    with pytest.raises(BMLError, match="level must be 1 to 7"):
        Call.bid(8, Strain.CLUBS)


def test_sequence_sides_and_notation() -> None:
    calls = tuple(Call.parse(c) for c in ["1N", "2C", "D"])
    we = Sequence(calls, we_open=True)
    they = Sequence(calls, we_open=False)
    assert we.notation() == "1N-(2C)-D"
    assert they.notation() == "(1N)-2C-(D)"
    assert [p.notation() for p in we.prefixes()] == ["1N", "1N-(2C)"]
    assert we.last.kind is CallKind.DOUBLE
