"""The laws of the auction: one rule for the diagrams, the player's calls, --sequence and the robot."""

from __future__ import annotations

import pytest

from sphinx_bml.language.calls import Call
from sphinx_bml.language.laws import Bidding, allowed, first_refusal


def calls(written: str) -> list[Call]:
    return [Call.parse(word) for word in written.split()]


@pytest.mark.parametrize(
    ("before", "call", "reason"),
    [
        ("1H", "1D", "1D is lower than 1H, the last bid: each bid must be higher than the bid before it"),
        ("1S P", "1S", "1S is not higher than 1S, the last bid"),
        ("", "X", "a double with no bid before it: a double is only allowed over the opponents' bid"),
        ("P P", "X", "a double with no bid before it"),
        ("1H P", "X", "a double of partner's 1H: a double is only allowed over the opponents' bid"),
        ("1H 1S P", "X", "a double of partner's 1S"),
        (
            "1S X P",
            "X",
            "a double of 1S, which is already doubled: a double is only allowed over the opponents' bid, once",
        ),
        ("1S X XX", "X", "a double of 1S, which is already redoubled"),
        ("1N P 2C", "XX", "a redouble with no double before it: a redouble is only allowed over the opponents' double"),
        ("1C X P", "XX", "a redouble of partner's double: a redouble is only allowed over the opponents' double"),
        ("1C X XX", "XX", "a redouble of 1C, which is already redoubled"),
        ("1C P P P", "1D", "the auction has already ended (three passes after 1C), so nothing can follow it"),
        ("1C X P P P", "P", "the auction has already ended (three passes after the double)"),
        ("P P P P", "1C", "the auction has already ended (four passes: the board is passed out)"),
    ],
)
def test_a_call_that_may_not_come_says_why(before: str, call: str, reason: str) -> None:
    bidding = Bidding.of(calls(before))
    refused = bidding.refusal(Call.parse(call))
    assert refused is not None and refused.startswith(reason)
    assert not allowed(Call.parse(call), calls(before))


@pytest.mark.parametrize(
    ("before", "call"),
    [("", "P"), ("", "1C"), ("P P P", "7N"), ("1H", "X"), ("1H P P", "X"), ("1H X", "XX"), ("1H X P P", "XX"),
     ("1H X", "1S"), ("1C X XX", "P"), ("1C P P", "P")],
)  # fmt: skip
def test_a_call_that_may_come(before: str, call: str) -> None:
    assert Bidding.of(calls(before)).refusal(Call.parse(call)) is None


def test_a_whole_auction_is_read_up_to_its_first_impossible_call() -> None:
    assert first_refusal(calls("1N P 2C P 2D P P P")) is None
    assert first_refusal(calls("1N P 1C")) == (
        "1C is lower than 1N, the last bid: each bid must be higher than the bid before it"
    )
    assert first_refusal(calls("1N P P P 2C")) == (
        "the auction has already ended (three passes after 1N), so nothing can follow it"
    )
    assert (first_refusal(calls("1N P D")) or "").startswith("a double of partner's 1N")
