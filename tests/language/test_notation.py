"""Naming sequences: anchors, the notation a reference is written in, labels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sphinx_bml.language.calls import PASS, Call, CallKind, Sequence
from sphinx_bml.language.errors import BMLError
from sphinx_bml.language.model import ANY_VULNERABILITY, Seat, Vulnerability
from sphinx_bml.language.notation import anchor, context_label, from_notation, label, parse_reference, short_notation
from sphinx_bml.language.site import required


def sequence(text: str) -> Sequence:
    return parse_reference(text).sequence


@pytest.mark.parametrize(
    ("written", "full"),
    [
        ("1N-2C", "1N-(P)-2C"),
        ("1N-P-2C", "1N-(P)-2C"),  # a pass takes its turn: here, theirs
        ("1N-(P)-2C", "1N-(P)-2C"),
        ("1NT - 2C", "1N-(P)-2C"),
        ("1n-2c", "1N-(P)-2C"),
        ("1♣–1♦", "1C-(P)-1D"),
        ("1!c-(1!s)-X", "1C-(1S)-D"),
        ("1C-(1S)-D", "1C-(1S)-D"),
        ("(1S)-2S", "(1S)-2S"),
        ("(1S)-(2S)-D", "(1S)-P-(2S)-D"),
        ("P-1S", "P-(P)-1S"),
        ("P-(P)-1S", "P-(P)-1S"),
        ("(P)-1S", "(P)-1S"),
        ("1N-(D)-XX", "1N-(D)-R"),
        ("1C-P-P-1D", "1C-(P)-P-(P)-1D"),
    ],
)
def test_references_read_bml_notation(written: str, full: str) -> None:
    assert sequence(written).notation() == full


def test_seat_and_vulnerability_follow_the_sequence() -> None:
    reference = parse_reference("1N-2C #SEAT 34 #vul y0")
    assert (reference.seat, reference.vulnerability) == (Seat.THIRD_OR_FOURTH, Vulnerability(True, None))
    assert reference.target == "1NT-2C#SEAT34#VULY0"  # the name in objects.inv: no spaces
    assert parse_reference(reference.target) == reference
    assert parse_reference("1N").seat is None and parse_reference("1N").vulnerability is None


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("1Q-2C", "'1Q' is not a call"),
        ("1M-2N", "'1M' is not a call"),
        ("", "there is no sequence"),
        ("1N #SEAT 5", "#SEAT 5 is not a seat"),
        ("1N #VUL maybe", "#VUL maybe is not a vulnerability"),
        ("1N #HIDE", "only #SEAT and #VUL may follow"),
    ],
)
def test_a_reference_that_cannot_be_read_says_why(written: str, words: str) -> None:
    with pytest.raises(BMLError, match=words):
        parse_reference(written)


@pytest.mark.parametrize(
    ("written", "seat", "vulnerability", "expected"),
    [
        ("1C-P-1D", Seat.ANY, ANY_VULNERABILITY, "bml-1c-p-1d"),
        ("1N", Seat.THIRD_OR_FOURTH, ANY_VULNERABILITY, "bml-s34-1n"),
        ("2H", Seat.ANY, Vulnerability(False, True), "bml-vny-2h"),
        ("(1S)-2S", Seat.FIRST, Vulnerability(True, None), "bml-s1-vy0-vs-1s-2s"),
        ("1C-(1S)-D-(R)", Seat.ANY, ANY_VULNERABILITY, "bml-1c-1s-d-r"),
    ],
)
def test_anchors_are_readable_and_depend_on_the_sequence_only(
    written: str, seat: Seat, vulnerability: Vulnerability, expected: str
) -> None:
    assert anchor(seat, vulnerability, sequence(written)) == expected


def test_we_open_and_they_open_have_different_anchors() -> None:
    assert anchor(Seat.ANY, ANY_VULNERABILITY, sequence("1S-2S")) != anchor(
        Seat.ANY, ANY_VULNERABILITY, sequence("(1S)-2S")
    )


@pytest.mark.parametrize(
    ("written", "short", "shown"),
    [
        ("1N-(P)-2C", "1NT-2C", "1NT\u20132\u2663"),
        ("1C-(1S)-D", "1C-(1S)-D", "1\u2663\u2013(1\u2660)\u2013Dbl"),
        ("(1S)-P-(2S)-R", "(1S)-(2S)-R", "(1\u2660)\u2013(2\u2660)\u2013Rdbl"),
        ("1N-(P)", "1NT-P", "1NT\u2013Pass"),
        ("(P)-1H", "(P)-1H", "(Pass)\u20131\u2665"),
    ],
)
def test_short_notation_and_label(written: str, short: str, shown: str) -> None:
    assert short_notation(sequence(written)) == short
    assert label(sequence(written)) == shown


CALLS = [Call.from_index(i) for i in range(35)] + [PASS, Call(CallKind.DOUBLE), Call(CallKind.REDOUBLE)]


@given(st.lists(st.sampled_from(CALLS), min_size=1, max_size=12), st.booleans())
def test_the_short_notation_reads_back_as_the_same_sequence(calls: list[Call], we_open: bool) -> None:
    original = Sequence(tuple(calls), we_open)
    assert parse_reference(short_notation(original)).sequence == original
    assert parse_reference(original.notation()).sequence == original


def test_context_in_words() -> None:
    assert context_label(Seat.ANY, ANY_VULNERABILITY) == ""
    assert context_label(Seat.THIRD_OR_FOURTH, Vulnerability(True, False)) == ("3rd or 4th seat, unfavourable")


@pytest.mark.parametrize(
    ("continued", "needed"),
    [("1N-2C", "1N-(P)-2C"), ("1C-(1D)", "1C"), ("(1N)-P-(P)", None), ("(1S)-D", "(1S)-D"), ("1C-(1D)-P", "1C")],
)
def test_what_a_continuation_needs_described(continued: str, needed: str | None) -> None:
    found = required(sequence(continued))
    assert (found.notation() if found else None) == needed


@given(st.lists(st.sampled_from(CALLS), min_size=1, max_size=12), st.booleans())
def test_the_notation_the_domain_keeps_reads_back(calls: list[Call], we_open: bool) -> None:
    original = Sequence(tuple(calls), we_open)
    assert from_notation(original.notation()) == original
