"""A blank line inside an indented table ends it (BML): the rows after it must not
silently become a new table that starts the auction (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.language import parse_file, parse_text
from sphinx_bml.language.model import BidNode

WEAK_TWO = "2D weak two\n  2H to play\n\n  2S forcing, asks\n    2N minimum\n"


def sequences(nodes: list[BidNode], before: str = "") -> list[str]:
    found = []
    for node in nodes:
        sequence = before + "-".join(call.notation for call in node.calls)
        found += [sequence, *sequences(node.children, sequence + "-")]
    return found


def read(text: str) -> tuple[list[str], list[str]]:
    document = parse_text(text, "notes.bml")
    return [s for table in document.bid_tables for s in sequences(table.rows)], [str(p) for p in document.problems]


def test_an_indented_row_after_a_blank_line_is_said_with_the_ways_to_go_on() -> None:
    found, problems = read(WEAK_TWO)
    assert found == ["2D", "2D-2H", "2S", "2S-2N"]  # as BML reads it: nothing else changes
    assert problems == [
        "notes.bml:4: '2S forcing, asks' is indented, but a blank line comes before it, and a blank line ends a "
        "bidding table: it is read as a new table, an opening 2S, with the rows under it answering it. If it "
        "answers 2D of the table above, remove the blank line (or write a lone '.' on it), or begin this table "
        "with the whole sequence, as in '2D-2S forcing, asks'"
    ]


@pytest.mark.parametrize("between", ["", ".", "   .", "//comment"])
def test_each_way_it_names_continues_the_table(between: str) -> None:
    found, problems = read(WEAK_TWO.replace("\n\n", f"\n{between}\n") if between else WEAK_TWO.replace("\n\n", "\n"))
    assert problems == []
    assert found == ["2D", "2D-2H", "2D-2S", "2D-2S-2N"]


def test_the_whole_sequence_it_suggests_reads_as_meant() -> None:
    found, problems = read("2D weak two\n  2H to play\n\n2D-2S forcing, asks\n  2N minimum\n")
    assert problems == []
    assert found == ["2D", "2D-2H", "2D-2S", "2D-2S-2N"]


def test_deep_in_a_table_of_four_spaces_it_names_the_row_it_would_answer() -> None:
    text = "1C 16+\n    1D 0-7\n        1H 16+, 5+!h\n\n        (2S) overcall\n            D takeout\n"
    _, problems = read(text)
    (problem,) = problems
    assert problem.startswith("notes.bml:5: '(2S) overcall' is indented")
    assert "it is read as a new table, the opponents' opening (2S)" in problem
    assert "If it answers 1C-1D of the table above" in problem
    assert "as in '1C-1D-(2S) overcall'" in problem


def test_under_a_sequence_to_continue_it_names_the_whole_sequence() -> None:
    _, problems = read("1N-2C;\n    2D no major\n        2H invitational\n\n        2S invitational\n")
    (problem,) = problems
    assert "If it answers 1N-2C-2D of the table above" in problem
    assert "as in '1N-2C-2D-2S invitational'" in problem


def test_a_paste_at_an_indentation_after_a_blank_line_is_said_at_the_paste() -> None:
    text = "#CUT ogust\n2N Ogust\n  3C bad hand\n#ENDCUT\n\n2D weak two\n  2H to play\n\n  #PASTE ogust\n"
    found, problems = read(text)
    assert found == ["2D", "2D-2H", "2N", "2N-3C"]
    (problem,) = problems
    assert problem.startswith("notes.bml:9: '#PASTE ogust' is indented")
    assert "an opening 2N" in problem


@pytest.mark.parametrize(
    "text",
    [
        "2D weak two\n  2H to play\n\n2S weak two\n  2N asks\n",  # two tables at the margin
        "  2D weak two\n    2H to play\n\n  2S weak two\n",  # two tables indented alike
        "2D weak two\n  2H to play\n\n  1N-2C;\n  2D no major\n",  # a sequence to continue says where it is
        "2D weak two\n  2H to play\n\nAfter 2S:\n\n  2S forcing\n",  # text between
        "2D weak two\n  2H to play\n\n* Two spades\n  2S weak two\n",  # a heading between
        "2D weak two\n  2H to play\n\n- a list\n\n  2S weak two\n",  # a list between
    ],
)
def test_an_indented_table_that_follows_no_table_or_says_its_sequence_is_quiet(text: str) -> None:
    assert read(text)[1] == []


def test_a_table_of_another_file_is_not_the_table_above(tmp_path: Path) -> None:
    """``#INCLUDE`` ends the block before it; an indented first row of the included file is its own affair."""
    (tmp_path / "notes.bml").write_text("2D weak two\n  2H to play\n#INCLUDE module.bml\n", encoding="utf-8")
    (tmp_path / "module.bml").write_text("  2S weak two\n    2N asks\n", encoding="utf-8")
    document = parse_file(tmp_path / "notes.bml")
    assert [str(problem) for problem in document.problems] == []
