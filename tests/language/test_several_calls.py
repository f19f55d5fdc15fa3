"""A row for several calls written out, ``2S/3H = natural, forcing``: one row per call.

BML 2 authors write them for bridge-markup (``4D/4H = Texas``, ``2N/3C = four-card
raise``); bridge-markup keeps only the last call of such a row, in silence. We read
the row as ``3CD`` is read: it stands for each call, with the rows under it
answering each.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.bidtable import parse_table_call
from sphinx_bml.language.errors import BMLError
from sphinx_bml.language.shown import calls_text
from sphinx_bml.language.site import Page, Site
from tests.support import bml2bss, bss_records, described, problems_of


def test_a_row_for_two_calls_stands_for_each_with_its_answers() -> None:
    assert described("1D-1H-1N-\n2S/3H  natural, forcing\n  3N  to play\n  4H  three hearts\n") == [
        "1D-(P)-1H-(P)-1N-(P)-2S = natural, forcing",
        "1D-(P)-1H-(P)-1N-(P)-2S-(P)-3N = to play",
        "1D-(P)-1H-(P)-1N-(P)-2S-(P)-4H = three hearts",
        "1D-(P)-1H-(P)-1N-(P)-3H = natural, forcing",
        "1D-(P)-1H-(P)-1N-(P)-3H-(P)-3N = to play",
        "1D-(P)-1H-(P)-1N-(P)-3H-(P)-4H = three hearts",
    ]


def test_three_calls_and_the_equals_sign() -> None:
    assert described("1N\n  4C/4D/4H = Texas and Gerber\n") == [
        "1N-(P)-4C = Texas and Gerber",
        "1N-(P)-4D = Texas and Gerber",
        "1N-(P)-4H = Texas and Gerber",
    ]


def test_the_opponents_calls_in_one_pair_of_parentheses_or_each_in_its_own() -> None:
    both = described("1C\n  (1H/1S)  their major\n    D  takeout\n")
    assert both == described("1C\n  (1H)/(1S)  their major\n    D  takeout\n")
    assert both == [
        "1C-(1H) = their major",
        "1C-(1H)-D = takeout",
        "1C-(1S) = their major",
        "1C-(1S)-D = takeout",
    ]


def test_what_the_opponents_calls_mean_stays_with_each() -> None:
    assert described("(1N)-\n(2C{Landy}/2D{Multi})  their convention\n  D  values\n")[::2] == [
        "(1N)-P-(2C{Landy}) = their convention",
        "(1N)-P-(2D{Multi}) = their convention",
    ]


def test_in_the_sequence_a_table_continues() -> None:
    assert described("1N-2D/2H;\n2N  super accept\n") == [
        "1N-(P)-2D-(P)-2N = super accept",
        "1N-(P)-2H-(P)-2N = super accept",
    ]


def test_a_call_too_low_is_reported_and_the_others_stand() -> None:
    document = parse_text("2N  20-21\n  2S/3H  natural\n", "s.bml")
    system = expand(document)
    assert [str(problem) for problem in document.problems] == ["s.bml:2: 2S after 2N is not a sufficient bid"]
    assert [m.sequence.notation() for m in system] == ["2N", "2N-(P)-3H"]


def test_each_call_is_as_a_call_written_out_beside_the_rows_of_its_level() -> None:
    """A call written out is never a general rule: another row for the same call is a
    conflict (the first stands), and a pattern beside it leaves it the call."""
    document = parse_text("1N-\n2S/3H  natural\n3H  splinter\n3X  invitational\n", "s.bml")
    system = expand(document)
    assert not document.problems
    assert [f"{m.sequence.notation()} = {m.description.text}" for m in system if m.description] == [
        "1N-(P)-2S = natural",
        "1N-(P)-3H = natural",
        "1N-(P)-3C = invitational",
        "1N-(P)-3D = invitational",
        "1N-(P)-3S = invitational",
    ]
    site = Site.build(["s"], {"s": Page(tuple(system), tuple(system.overruled))})
    ((conflict),) = site.conflicts
    assert (conflict.later.location.line, conflict.first.location.line) == (3, 2)


def test_each_call_is_as_general_as_a_row_of_its_own() -> None:
    """``1N-2S/3H`` after ``1N-2S`` is a conflict for 2S, as two rows for 2S would be, not a
    more general rule giving way in silence."""
    first = expand(parse_text("1N-\n2S  transfer to clubs\n", "a.bml"))
    second = expand(parse_text("1N-\n2S/3H  natural\n", "b.bml"))
    pages = {name: Page(tuple(system), tuple(system.overruled)) for name, system in (("a", first), ("b", second))}
    site = Site.build(["a", "b"], pages)
    assert [(c.later.sequence.notation(), c.first.description.text) for c in site.conflicts] == [
        ("1N-(P)-2S", "transfer to clubs")
    ]
    assert not site.covered


def test_shown_with_suit_symbols() -> None:
    assert calls_text((parse_table_call("2S/3H"),)) == "2♠/3♥"
    assert calls_text((parse_table_call("(1h/1s)"),)) == "(1♥/1♠)"
    assert calls_text((parse_table_call("p/x"),)) == "Pass/Dbl"


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("2S/", "'2S/' has an empty call before or after a slash; write the calls as in 2S/3H"),
        ("/2S", "'/2S' has an empty call before or after a slash; write the calls as in 2S/3H"),
        ("2S/3Q", "'2S/3Q': '3Q' is not a call BML knows"),
        ("2M/3M", "'2M/3M': a row for several calls writes out each of them, as in 2S/3H; 2M is a pattern"),
        ("2S/2s", "'2S/2s' names 2S twice"),
        ("1H/(1S)", "'1H/(1S)' mixes our calls and the opponents' (in parentheses)"),
    ],
)
def test_what_cannot_be_read_is_said(token: str, message: str) -> None:
    with pytest.raises(BMLError) as raised:
        parse_table_call(token)
    assert raised.value.message.startswith(message)


def test_a_row_that_cannot_be_read_is_reported_at_its_line_with_its_answers_left_out() -> None:
    assert problems_of("1N\n  2M/3M  natural\n    3N  to play\n  2C  Stayman\n") == [
        "s.bml:2: '2M/3M': a row for several calls writes out each of them, as in 2S/3H; 2M is a pattern: give "
        "it a row of its own"
    ]


def test_prose_with_a_slash_is_no_row() -> None:
    assert problems_of("1N  15-17\n    2/1 is game forcing\n    P/C means pass or correct\n") == []


def test_text_under_a_row_that_reads_as_one_is_said() -> None:
    (found,) = problems_of("1N  15-17\n    2C/2D both forcing\n")
    assert found.startswith("s.bml:2: '2C/2D both forcing' starts where the meaning of 1N starts")


def test_bridge_markup_keeps_only_the_last_call(reference: ModuleType) -> None:
    """Why we differ: the reference reads ``2S/3H`` as its last call alone (it looks for a
    level and a strain at the end of the word), and says nothing: 2S and its answers vanish."""
    text = "1D-1H-1N-\n2S/3H  natural, forcing\n  3N  to play\n"
    theirs = bss_records(bml2bss(reference, text))
    ours = bss_records(write_bss(expand(parse_text(text, "s.bml"))))
    assert ours.keys() - theirs.keys() == {"001DP1HP1NP2S", "001DP1HP1NP2SP3N"}
    assert theirs.keys() <= ours.keys()
