"""Alert marks: ``2D ! Multi`` (a ``!`` of its own before the meaning), and ``bml_alert_prefix``."""

from __future__ import annotations

import io
import logging
from types import ModuleType

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.bidtable import split_alert
from sphinx_bml.language.system import System

NOTES = """\
1C  ! Strong, 16+ HCP, any shape
  1D ! Negative, 0-7 HCP
  1H   Natural, 5+ !h, GF
2D  =  ! Multi: a weak two in a major
       or a strong 2NT
2H  Weak two, 6 cards
"""


def alerts(text: str, prefix: str | None = None) -> dict[str, tuple[bool, str]]:
    document = parse_text(text, "notes.bml", alert_prefix=prefix)
    assert not document.problems, [str(problem) for problem in document.problems]
    return {m.sequence.notation(): (m.alert, m.description.text) for m in expand(document)}


def test_a_mark_of_its_own_marks_the_call_and_leaves_the_meaning() -> None:
    assert alerts(NOTES) == {
        "1C": (True, "Strong, 16+ HCP, any shape"),
        "1C-(P)-1D": (True, "Negative, 0-7 HCP"),
        "1C-(P)-1H": (False, "Natural, 5+ !h, GF"),
        "2D": (True, "Multi: a weak two in a major\nor a strong 2NT"),
        "2H": (False, "Weak two, 6 cards"),
    }


def test_the_mark_keeps_the_row_where_it_was_written() -> None:
    document = parse_text(NOTES, "notes.bml")
    meanings = {m.sequence.notation(): m for m in expand(document)}
    assert str(meanings["2D"].location) == "notes.bml:4"
    assert document.bid_tables[0].rows[0].alert


@pytest.mark.parametrize(
    ("written", "prefix", "expected"),
    [
        ("! Multi", None, (True, "Multi")),
        ("!", None, (True, "")),
        ("!Multi", None, (False, "!Multi")),  # without the setting, text as written
        ("!Multi", "!", (True, "Multi")),
        ("!STR F", "!", (True, "STR F")),
        ("! Multi", "!", (True, "Multi")),
        ("*Multi", "*", (True, "Multi")),
        ("Multi!", "!", (False, "Multi!")),
        ("!h 5+, weak", "!", (False, "!h 5+, weak")),  # a suit symbol, not the prefix
        ("!s/!h", "!", (False, "!s/!h")),
        ("!h5+", "!", (False, "!h5+")),
        ("!cheap", "!", (True, "cheap")),
        ("5+ !s, weak", None, (False, "5+ !s, weak")),
        ("", "!", (False, "")),
    ],
)
def test_split_alert(written: str, prefix: str | None, expected: tuple[bool, str]) -> None:
    assert split_alert(written, prefix) == expected


def test_with_the_prefix_a_meaning_starting_with_it_is_marked() -> None:
    notes = "1C  !STR F\n  1D  !NEG\n  1H  5+ !h\n2D  !Multi\n"
    assert alerts(notes, "!") == {
        "1C": (True, "STR F"),
        "1C-(P)-1D": (True, "NEG"),
        "1C-(P)-1H": (False, "5+ !h"),
        "2D": (True, "Multi"),
    }


def test_a_mark_stuck_to_the_call_is_read_and_reported() -> None:
    document = parse_text("1C  Strong\n  1D!  Negative\n    1H  GF\n", "notes.bml")
    problems = [str(problem) for problem in document.problems]
    assert problems == [
        "notes.bml:2: '1D!': bridge-markup cannot read an alert mark stuck to the call; write it on its own "
        "before the meaning, as in '1D ! Negative' (the call is read as alertable)"
    ]
    meanings = {m.sequence.notation(): m.alert for m in expand(document)}
    assert meanings == {"1C": False, "1C-(P)-1D": True, "1C-(P)-1D-(P)-1H": False}  # nothing lost


def test_a_pattern_row_marks_every_call_it_stands_for() -> None:
    assert alerts("1N  15-17\n  2red ! transfer\n") == {
        "1N": (False, "15-17"),
        "1N-(P)-2D": (True, "transfer"),
        "1N-(P)-2H": (True, "transfer"),
    }


def test_a_continued_sequence_marks_only_its_last_call() -> None:
    marked = alerts("1N  15-17\n\n1N-2C; ! Stayman\n  2D ! no major\n")
    assert marked["1N"] == (False, "15-17")
    assert marked["1N-(P)-2C"] == (True, "Stayman")
    assert marked["1N-(P)-2C-(P)-2D"] == (True, "no major")


def test_a_placeholder_filled_later_takes_the_mark() -> None:
    system = System()
    expand(parse_text("1N-2C;\n  2D  no major\n", "a.bml"), system)
    expand(parse_text("1N  15-17\n  2C ! Stayman\n", "b.bml"), system)
    assert {m.sequence.notation(): m.alert for m in system}["1N-(P)-2C"] is True


def bml2bss(reference: ModuleType, text: str) -> str:
    logging.getLogger(reference.bml.__name__).setLevel(logging.CRITICAL)
    content = reference.bml.content_from_string(text)
    output = io.StringIO()
    reference.systemdata_to_bss(content, reference.to_systemdata(content), output)
    return output.getvalue()


def test_bridge_markup_reads_the_mark_as_part_of_the_meaning(reference: ModuleType) -> None:
    """The syntax was chosen so that notes with marks still go through bml2bss."""
    written = bml2bss(reference, "1C  Strong\n  1D ! Negative\n  1H = ! Positive\n")
    assert "001CP1D=NYYYYYY008! Negative" in written.splitlines()
    assert "001CP1H=NYYYYYY008! Positive" in written.splitlines()


def test_bridge_markup_cannot_read_a_mark_stuck_to_the_call(reference: ModuleType) -> None:
    """Why ``2D!`` is not the syntax (it is read, with a warning saying so)."""
    with pytest.raises(AssertionError):
        bml2bss(reference, "1C  Strong\n  1D!  Negative\n")
