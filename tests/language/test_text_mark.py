"""The text mark: a backslash at the start of a line of a meaning is dropped,
and the line is text, whatever BML would otherwise read in it."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import BidNode


def rows(text: str) -> list[BidNode]:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(p) for p in document.problems]
    (table,) = document.bid_tables
    return table.rows


def test_a_meaning_that_starts_with_an_exclamation_mark_of_its_own() -> None:
    marked, text, both = rows("1S = ! slam try\n2C \\! slam try\n2D = ! \\! strong\n")
    assert (marked.alert, marked.description.lines) == (True, ("slam try",))
    assert (text.alert, text.description.lines) == (False, ("! slam try",))
    assert (both.alert, both.description.lines) == (True, ("! strong",))


def test_with_the_alert_prefix_the_text_mark_keeps_the_exclamation_mark_text() -> None:
    document = parse_text("2D  !Multi\n2H  \\!Weak\n", "notes.bml", alert_prefix="!")
    multi, weak = document.bid_tables[0].rows
    assert (multi.alert, multi.description.lines) == (True, ("Multi",))
    assert (weak.alert, weak.description.lines) == (False, ("!Weak",))


def test_further_lines_that_would_be_markup() -> None:
    (row,) = rows(
        "1N = 15--17\n"
        "     \\#HIDE is only text\n"  # a command without the mark
        "     \\2C = Stayman, as text\n"  # an answer, warned about, without it
        "     \\\n"  # an empty line inside the meaning
        "     \\\\ one backslash\n"
        "     \\.\n"  # a dot, not the empty last line
    )
    assert row.description.lines == (
        "15--17",
        "#HIDE is only text",
        "2C = Stayman, as text",
        "",
        "\\ one backslash",
        ".",
    )
    assert not row.children


def test_the_text_mark_reaches_the_system_as_text() -> None:
    (meaning,) = expand(parse_text("1S = \\! slam try\n", "notes.bml"))
    assert (meaning.alert, meaning.description.text) == (False, "! slam try")


def test_a_backslash_inside_a_line_stays() -> None:
    (row,) = rows("1N = 15\\17 \\! here\n")
    assert row.description.lines == ("15\\17 \\! here",)
