"""Indentation as players write it: BML 1 notes with 3 or 4 spaces a level, no setting.

By default a row any number of spaces deeper than the row above answers it,
and a row less deep lines up with the row above it that it is another answer
to. ``bml_indentation`` (``indentation=`` here) makes a number of spaces the
strict unit again.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sphinx_bml.language import parse_text
from sphinx_bml.language.model import BidNode

POLISH_THREE_SPACES = """\
1C = 12-14 balanced, or 15+ with clubs, or 18+ any
   1D = 0-6 any, or 7-11 with 4+!d
      1H = 12-14 balanced with 4!h, or 15+ natural
         1S = 4!s, 7-11
         1N = to play
      1S = 12-14 balanced with 4!s
      1N = 12-14 balanced, no major
   1HS = 7+, 4+ cards, natural
      1N = 12-14 balanced
   1N = 8-11 balanced, no major
1D = 12-17, 4+!d, maybe 5-4
     with clubs when minimum
   1H = 4+!h, forcing
      1S = 4!s
   2C = 11+, game forcing
"""

PRECISION_FOUR_SPACES = """\
1C 16+, any shape
    1D 0-7, any shape
        1H 16+, 5+!h, or 20+ balanced
            1S 0-4
            1N 5-7
        1N 16-19 balanced
    1H 8+, 5+!h, game forcing
1D 11-15, 2+!d
    1H 4+!h, forcing
"""


def shape(nodes: list[BidNode], depth: int = 0) -> list[str]:
    lines = []
    for node in nodes:
        calls = "-".join(call.notation for call in node.calls)
        lines.append("  " * depth + f"{calls} = {' / '.join(node.description.lines)}")
        lines.extend(shape(node.children, depth + 1))
    return lines


def read(text: str, indentation: int | None = None) -> tuple[list[str], list[str]]:
    """The table's tree, drawn two spaces a level, and the messages."""
    document = parse_text(text, "notes.bml", indentation=indentation)
    rows = [row for table in document.bid_tables for row in table.rows]
    return shape(rows), [str(problem) for problem in document.problems]


def test_three_spaces_a_level_read_with_no_setting() -> None:
    rows, problems = read(POLISH_THREE_SPACES)
    assert problems == []
    assert rows == [
        "1C = 12-14 balanced, or 15+ with clubs, or 18+ any",
        "  1D = 0-6 any, or 7-11 with 4+!d",
        "    1H = 12-14 balanced with 4!h, or 15+ natural",
        "      1S = 4!s, 7-11",
        "      1N = to play",
        "    1S = 12-14 balanced with 4!s",
        "    1N = 12-14 balanced, no major",
        "  1HS = 7+, 4+ cards, natural",
        "    1N = 12-14 balanced",
        "  1N = 8-11 balanced, no major",
        "1D = 12-17, 4+!d, maybe 5-4 / with clubs when minimum",
        "  1H = 4+!h, forcing",
        "    1S = 4!s",
        "  2C = 11+, game forcing",
    ]


def test_four_spaces_a_level_read_as_two_would_be() -> None:
    rows, problems = read(PRECISION_FOUR_SPACES)
    two_spaces = "\n".join(
        line[: len(line) - len(line.lstrip())][::2] + line.lstrip() for line in PRECISION_FOUR_SPACES.splitlines()
    )
    assert problems == []
    assert rows == read(two_spaces, indentation=2)[0]
    assert rows[3:5] == ["      1S = 0-4", "      1N = 5-7"]


@pytest.mark.parametrize("text", [POLISH_THREE_SPACES, PRECISION_FOUR_SPACES])
def test_a_strict_unit_reads_notes_that_keep_it_the_same_way(text: str) -> None:
    unit = 3 if text is POLISH_THREE_SPACES else 4
    assert read(text, indentation=unit) == read(text)


def test_levels_of_different_widths_in_one_table() -> None:
    """Any deeper row answers the row above: 2 spaces here, 4 there, as notes edited over years are."""
    rows, problems = read("1N 15-17\n  2C Stayman\n      2D no major\n          2H invitational\n  2D transfer\n")
    assert problems == []
    assert rows == ["1N = 15-17", "  2C = Stayman", "    2D = no major", "      2H = invitational", "  2D = transfer"]


def test_a_row_back_two_levels_lines_up_with_its_sibling() -> None:
    rows, _ = read(PRECISION_FOUR_SPACES)
    assert rows[6] == "  1H = 8+, 5+!h, game forcing"


def test_a_row_between_two_columns_is_left_out_with_its_answers_and_the_rest_kept() -> None:
    text = "1C 16+\n    1D 0-7\n        1H 16+\n      1S 16+, 5+!s\n          1N relay\n    1H 8+\n1D 11-15\n"
    rows, problems = read(text)
    assert problems == [
        "notes.bml:4: the row 1S lines up with no row above it: it is 2 spaces deeper than 1C-1D and 2 less deep "
        "than 1C-1D-1H, so which row it answers cannot be told; line it up with 1C-1D-1H if it answers 1C-1D, "
        "or with 1C-1D if it answers 1C; it is left out, with the rows under it"
    ]
    assert rows == ["1C = 16+", "  1D = 0-7", "    1H = 16+", "  1H = 8+", "1D = 11-15"]


def test_a_row_left_of_the_first_row_is_still_named() -> None:
    _, problems = read("   1C = 16+\n      1D = 0-7\n 1H = 8+\n")
    assert problems == ["notes.bml:3: the row 1H starts further left than the first row of its table"]


def test_answers_indented_four_spaces_under_a_sequence_to_continue() -> None:
    text = "1N-2C;\n    2D no 4-card major\n        2H invitational\n    2H 4+!h\n        3H invitational\n"
    rows, problems = read(text)
    assert problems == []
    assert rows == [
        "1N-2C = ",
        "  2D = no 4-card major",
        "    2H = invitational",
        "  2H = 4+!h",
        "    3H = invitational",
    ]
    three = "1N-2C;\n   2D = no 4-card major\n      2H = invitational\n   2H = 4+!h\n      3H = invitational\n"
    assert read(three) == (rows, [])


def test_an_answer_between_a_sequence_and_its_first_answer_is_named() -> None:
    _, problems = read("1N-2C;\n    2D no major\n        2H invitational\n  2H 4+!h\n")
    assert problems == ["notes.bml:4: the row 2H starts further left than the first answer to 1N-2C of its table"]


def test_an_answer_between_two_answers_of_a_sequence_names_the_whole_sequences() -> None:
    _, problems = read("1N-2C;\n    2D no major\n        2H invitational\n      2S invitational\n")
    (problem,) = problems
    assert "it is 2 spaces deeper than 1N-2C-2D and 2 less deep than 1N-2C-2D-2H" in problem
    assert "line it up with 1N-2C-2D-2H if it answers 1N-2C-2D, or with 1N-2C-2D if it answers 1N-2C;" in problem


def test_a_paste_at_an_indentation_of_three_spaces() -> None:
    text = (
        "#CUT ogust\n2N = Ogust\n   3C = bad hand, bad suit\n   3S = good hand, good suit\n#ENDCUT\n\n"
        "2D = weak two, 6 cards\n   #PASTE ogust\n2H = weak two, 6 cards\n   2S = forcing\n   #PASTE ogust\n"
    )
    rows, problems = read(text)
    assert problems == []
    assert rows == [
        "2D = weak two, 6 cards",
        "  2N = Ogust",
        "    3C = bad hand, bad suit",
        "    3S = good hand, good suit",
        "2H = weak two, 6 cards",
        "  2S = forcing",
        "  2N = Ogust",
        "    3C = bad hand, bad suit",
        "    3S = good hand, good suit",
    ]


def test_a_meaning_over_several_lines_with_four_spaces_a_level() -> None:
    text = "1C = 16+, any shape\n     or 15+ with 5+!c\n    1D = 0-7\n         any shape\n    1H = 8+\n"
    rows, problems = read(text)
    assert problems == []
    assert rows == ["1C = 16+, any shape / or 15+ with 5+!c", "  1D = 0-7 / any shape", "  1H = 8+"]


def test_an_answer_where_the_meaning_starts_is_more_meaning_and_said_so() -> None:
    """BML 1: "it isn't possible to start a sub-bid at the same indentation level as the previous bid's description"."""
    rows, problems = read("1C  16+\n    1D  negative\n")
    assert rows == ["1C = 16+ / 1D  negative"]
    (problem,) = problems
    assert problem.startswith("notes.bml:2: '1D  negative' starts where the meaning of 1C starts")
    assert "indent it 2 spaces: any number of spaces deeper than 1C answers it, but not where its meaning starts" in (
        problem
    )


@pytest.mark.parametrize(
    ("text", "unit", "words"),
    [
        (POLISH_THREE_SPACES, 2, "indentation 3 is not a multiple of 2"),
        (PRECISION_FOUR_SPACES, 2, "is indented too far: it should be at most 2 spaces deeper than 1C"),
        (POLISH_THREE_SPACES, 4, "indentation 3 is not a multiple of 4"),
    ],
)
def test_a_strict_unit_that_the_notes_do_not_keep_names_the_setting(text: str, unit: int, words: str) -> None:
    _, problems = read(text, indentation=unit)
    assert problems
    for problem in problems:
        assert "bml_indentation (or the directive's :indentation:)" in problem
        assert "leave bml_indentation (or the directive's :indentation:) out to read rows as written" in problem
    assert words in problems[0]


# -- any table that keeps a unit reads the same as written ---------------------------

_CALLS = ["1C", "1D", "1H", "1S", "1N", "2C", "2D", "(P)", "(1S)", "D", "2M", "3X"]


@st.composite
def kept_unit(draw: st.DrawFn) -> tuple[list[tuple[int, str]], int]:
    """Rows as (depth, call) that a table may hold (each at most one deeper than
    the row above), and a unit of 2 to 5 spaces."""
    rows = [(0, draw(st.sampled_from(_CALLS[:7])))]  # a bid: what starts a table
    for _ in range(draw(st.integers(0, 12))):
        depth = draw(st.integers(0, rows[-1][0] + 1))
        rows.append((depth, draw(st.sampled_from(_CALLS))))
    return rows, draw(st.integers(2, 5))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(kept_unit())
def test_a_table_that_keeps_a_unit_reads_as_written_as_with_the_unit(table: tuple[list[tuple[int, str]], int]) -> None:
    rows, unit = table
    meanings = [depth * unit + len(call) + 3 for depth, call in rows]  # where ``= row N`` starts its words
    assume(all(depth * unit != meaning for (depth, _), meaning in zip(rows[1:], meanings, strict=False)))
    text = "".join(f"{' ' * (depth * unit)}{call} = row {number}\n" for number, (depth, call) in enumerate(rows))
    as_written = parse_text(text, "notes.bml")
    strict = parse_text(text, "notes.bml", indentation=unit)
    assert not as_written.problems and not strict.problems
    assert [shape(t.rows) for t in as_written.bid_tables] == [shape(t.rows) for t in strict.bid_tables]
