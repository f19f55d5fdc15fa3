"""Bidding tables: the tree, descriptions, sequences, clipboard, and bad rows."""

from __future__ import annotations

import pytest

from sphinx_bml.language import Parser, Reader, parse_text
from sphinx_bml.language.model import BidNode, BidTable, Document


def table_of(text: str, indentation: int | None = None) -> BidTable:
    document = parse_text(text, "t.bml", indentation=indentation)
    assert not document.problems, [str(p) for p in document.problems]
    (table,) = document.blocks
    assert isinstance(table, BidTable)
    return table


def shape(nodes: list[BidNode], depth: int = 0) -> list[str]:
    lines = []
    for node in nodes:
        calls = "-".join(call.notation for call in node.calls)
        lines.append("  " * depth + f"{calls} = {' / '.join(node.description.lines)}")
        lines.extend(shape(node.children, depth + 1))
    return lines


def messages(text: str, indentation: int | None = None) -> list[str]:
    return [str(p) for p in parse_text(text, "t.bml", indentation=indentation).problems]


def test_tree_by_indentation() -> None:
    table = table_of("1C 16+\n  1D negative\n    1H relay\n  1H positive\n1D nebulous\n")
    assert shape(table.rows) == [
        "1C = 16+",
        "  1D = negative",
        "    1H = relay",
        "  1H = positive",
        "1D = nebulous",
    ]


def test_leading_whitespace_of_the_first_row_is_ignored() -> None:
    table = table_of("    1C 16+\n      1D negative\n")
    assert shape(table.rows) == ["1C = 16+", "  1D = negative"]


def test_equals_sign_and_continuation_lines() -> None:
    table = table_of("1N = 15--17\n     May have 5M\n     or 6m\n2C = strong\n")
    assert shape(table.rows) == ["1N = 15--17 / May have 5M / or 6m", "2C = strong"]


def test_last_description_line_of_a_point_is_an_empty_line() -> None:
    table = table_of("2H 5+!h\n   .\n2S 5+!s\n   middle\n   .\n")
    assert table.rows[0].description.lines == ("5+!h", "")
    assert table.rows[1].description.lines == ("5+!s", "middle", "")


def test_a_lone_point_row_is_ignored() -> None:
    assert shape(table_of("1C x\n.\n1D y\n").rows) == ["1C = x", "1D = y"]


def test_configurable_indentation() -> None:
    table = table_of("1C 16+\n    1D negative\n", indentation=4)
    assert shape(table.rows) == ["1C = 16+", "  1D = negative"]


def test_sequence_to_continue() -> None:
    table = table_of("1N-2C;\n2D no major\n  2H invitational\n2H 4+!h\n")
    assert table.continues
    assert shape(table.rows) == ["1N-2C = ", "  2D = no major", "    2H = invitational", "  2H = 4+!h"]


@pytest.mark.parametrize("header", ["1C---", "1C-", "1C;"])
def test_dashes_only_shape_the_header(header: str) -> None:
    table = table_of(f"{header}\n1D transfer\n")
    assert table.continues and shape(table.rows) == ["1C = ", "  1D = transfer"]


def test_competitive_sequence_header() -> None:
    table = table_of("(1N)-P-(P)---\nD strength\n")
    (header,) = table.rows
    assert [c.notation for c in header.calls] == ["(1N)", "P", "(P)"]
    assert [c.ours for c in header.calls] == [False, True, False]


def test_sequence_with_description_and_indented_answers() -> None:
    table = table_of("1N-2C puppet\n  2D forced\n")
    assert not table.continues
    assert shape(table.rows) == ["1N-2C = puppet", "  2D = forced"]


def test_copy_and_paste_with_replacements_and_indentation() -> None:
    document = parse_text(
        "#CUT transfer\n2\\R Transfer\n  2\\M accept\n#ENDCUT\n\n"
        "1N---\n2C Stayman\n#PASTE transfer \\R=D \\M=H\n#PASTE transfer \\R=H \\M=S\n\n"
        "2N 20--21\n  #PASTE transfer \\R=D \\M=H\n",
        "t.bml",
    )
    assert not document.problems
    first, second = document.bid_tables
    assert shape(first.rows) == [
        "1N = ",
        "  2C = Stayman",
        "  2D = Transfer",
        "    2H = accept",
        "  2H = Transfer",
        "    2S = accept",
    ]
    assert shape(second.rows) == ["2N = 20--21", "  2D = Transfer", "    2H = accept"]


def test_copy_keeps_the_rows_and_cut_removes_them() -> None:
    document = parse_text(
        "1C x\n  #COPY c\n  1D y\n  #ENDCOPY\n\n#CUT k\n1H z\n#ENDCUT\n\n2C-\n#PASTE c\n#PASTE k\n", "t.bml"
    )
    assert not document.problems
    first, second = document.bid_tables
    assert shape(first.rows) == ["1C = x", "  1D = y"]
    assert shape(second.rows) == ["2C = ", "  1D = y", "  1H = z"]


def test_hide_marks_the_table() -> None:
    table = table_of("#HIDE\n1C x\n")
    assert table.hidden and shape(table.rows) == ["1C = x"]


def test_vul_and_seat_apply_to_the_following_tables() -> None:
    document = parse_text("1C a\n\n#VUL NY\n\n#SEAT 3\n\n1C b\n\n1D c\n", "t.bml")
    first, second, third = document.bid_tables
    assert (first.seat.value, first.vulnerability.code) == ("0", "00")
    assert (second.seat.value, second.vulnerability.code) == ("3", "NY")
    assert (third.seat.value, third.vulnerability.code) == ("3", "NY")


def test_state_flows_between_pieces_parsed_by_one_parser() -> None:
    parser = Parser()
    parser.parse(Reader().read_text("#VUL Y0\n\n#CUT nt\n2C Stayman\n#ENDCUT\n", "page.rst", first_line=10))
    document: Document = parser.parse(Reader().read_text("1N x\n  #PASTE nt\n", "page.rst", first_line=20))
    (table,) = document.bid_tables
    assert table.vulnerability.code == "Y0"
    assert shape(table.rows) == ["1N = x", "  2C = Stayman"]
    assert table.rows[0].location.line == 20
    assert table.rows[0].children[0].location.line == 13  # where the pasted row was written


# -- bad input: a located message, the rest kept ----------------------------


def test_bad_indentation_loses_only_that_row_and_its_answers() -> None:
    text = "1C 16+\n  1D negative\n   1H odd\n     1S under odd\n  1H positive\n"
    assert messages(text, indentation=2) == [
        "t.bml:3: the row 1H: indentation 3 is not a multiple of 2, the number of spaces a level that "
        "bml_indentation (or the directive's :indentation:) asks for; leave bml_indentation (or the directive's "
        ":indentation:) out to read rows as written, any number of spaces deeper answering the row above"
    ]
    rows = parse_text(text, "t.bml", indentation=2).bid_tables[0].rows
    assert shape(rows) == ["1C = 16+", "  1D = negative", "  1H = positive"]


def test_row_indented_too_far_for_the_unit_names_the_setting() -> None:
    (message,) = messages("1C 16+\n    1D negative\n", indentation=2)
    assert message.startswith(
        "t.bml:2: the row 1D is indented too far: it should be at most 2 spaces deeper than 1C, "
        "as bml_indentation (or the directive's :indentation:) asks"
    )


def test_a_row_between_two_columns_is_named_with_both_and_the_rest_kept() -> None:
    text = "1C 16+\n    1D 0-7\n        1H 5+!h\n      1S 5+!s\n          2S raise\n    1H 8+\n"
    assert messages(text) == [
        "t.bml:4: the row 1S lines up with no row above it: it is 2 spaces deeper than 1C-1D and 2 less deep "
        "than 1C-1D-1H, so which row it answers cannot be told; line it up with 1C-1D-1H if it answers 1C-1D, "
        "or with 1C-1D if it answers 1C; it is left out, with the rows under it"
    ]
    rows = parse_text(text, "t.bml").bid_tables[0].rows
    assert shape(rows) == ["1C = 16+", "  1D = 0-7", "    1H = 5+!h", "  1H = 8+"]


def test_a_row_between_a_first_row_and_its_answer_is_named() -> None:
    (message,) = messages("1C 16+\n    1D 0-7\n  1H 8+\n")
    assert "line it up with 1C-1D if it answers 1C, or with 1C if it is a row of its own, not an answer" in message


def test_row_left_of_the_first_row() -> None:
    assert messages("  1C 16+\n1D x\n") == ["t.bml:2: the row 1D starts further left than the first row of its table"]


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("1Q", "'1Q' is not a call BML knows"),
        ("8C", "'8C' is not a bid: the level must be 1 to 7"),
        ("2CC", "'2CC' names a strain twice"),
        ("0steps", "a step count starts at 1step"),
    ],
)
def test_unknown_calls(row: str, expected: str) -> None:
    (message,) = messages(f"1C x\n  {row} y\n  1H kept\n")
    assert message.startswith("t.bml:2: ") and expected in message


def test_row_without_a_bid() -> None:
    assert messages("1C x\n  = y\n") == ["t.bml:2: '= y' has no bid: a row starts with the call it describes"]


def test_sequence_after_the_first_row() -> None:
    assert messages("1C x\n1N-2C y\n") == [
        "t.bml:2: '1N-2C': only the first row of a table may give a sequence to continue (as in 1N-2C;)"
    ]


def test_semicolon_inside_a_sequence() -> None:
    (message,) = messages("1N;2C x\n")
    assert "';' may only end a sequence" in message


def test_paste_before_copy() -> None:
    assert messages("1N x\n  #PASTE nt\n") == ["t.bml:2: #PASTE of 'nt' before any #COPY or #CUT named 'nt'"]


def test_paste_with_a_malformed_replacement() -> None:
    (message,) = messages("#CUT a\n1C x\n#ENDCUT\n\n1N-\n#PASTE a Cx\n")
    assert "'Cx' is not a replacement; write target=replacement" in message


def test_paste_that_pastes_itself_stops() -> None:
    problems = messages("#COPY loop\n1C x\n#PASTE loop\n#ENDCOPY\n\n1N-\n#PASTE loop\n")
    assert problems and all("over and over" in p or "before any" in p for p in problems)


def test_unclosed_cut_and_stray_end() -> None:
    assert messages("#CUT a\n1C x\n") == ["t.bml:1: #CUT a has no #ENDCUT; it runs to the end of the table"]
    assert messages("1C x\n#ENDCOPY\n") == ["t.bml:2: #ENDCOPY without a #COPY before it"]


def test_unknown_command() -> None:
    assert messages("1C x\n#FOO bar\n1D y\n") == ["t.bml:2: #FOO is not a BML command; the line is left out"]


def test_bad_vulnerability_and_seat_keep_the_previous_state() -> None:
    document = parse_text("#VUL Q1\n\n#SEAT 5\n\n1C x\n", "t.bml")
    assert [str(p) for p in document.problems] == [
        "t.bml:1: #VUL Q1 is not a vulnerability: write two of Y, N and 0 (we, then they), as in #VUL Y0",
        "t.bml:3: #SEAT 5 is not a seat: write 0, 1, 2, 3, 4, 12 or 34",
    ]
    (table,) = document.bid_tables
    assert table.vulnerability.code == "00" and table.seat.value == "0"


def test_a_colour_is_kept_as_written() -> None:
    (row,) = table_of("1red transfer\n").rows
    (call,) = row.calls
    assert call.colour == "red" and [s.value for s in call.strains] == ["D", "H"]
    (row,) = table_of("2HS weak\n").rows
    assert row.calls[0].colour is None


# -- calls in small letters and suit symbols ----------------------------------------


def sequences(text: str) -> list[str]:
    from sphinx_bml.language import expand

    document = parse_text(text, "t.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return [meaning.sequence.notation() for meaning in expand(document)]


@pytest.mark.parametrize(
    "text",
    [
        "1c  16+\n  1d  0--7\n  (1h)  overcall\n    x  negative\n  1nt  8--13 balanced\n",
        "1♣  16+\n  1♦  0--7\n  (1♥)  overcall\n    X  negative\n  1NT  8--13 balanced\n",
        "1♣️  16+\n  1♢  0--7\n  (1♡)  overcall\n    d  negative\n  1n  8--13 balanced\n",
    ],
)
def test_calls_in_small_letters_or_suit_symbols_mean_their_capital_spelling(text: str) -> None:
    """Notes typed on a phone or pasted from a web page: ``1c``, ``1♣``, ``2nt``."""
    assert sequences(text) == sequences(
        "1C  16+\n  1D  0--7\n  (1H)  overcall\n    D  negative\n  1N  8--13 balanced\n"
    )


def test_a_call_in_small_letters_is_kept_as_its_capital_spelling() -> None:
    table = table_of("1c  16+\n  1♦  0--7\n  p  pass\n  xx  redouble\n")
    assert shape(table.rows) == ["1C = 16+", "  1D = 0--7", "  P = pass", "  XX = redouble"]


@pytest.mark.parametrize("head", ["1♣-1♦;", "1c-1d;", "1♣-(1♠)-"])
def test_a_sequence_to_continue_in_suit_symbols(head: str) -> None:
    table = table_of(f"{head}\n1♥  relay\n")
    assert table.continues and len(table.rows[0].calls) == head.count("-") + (1 if head.endswith(";") else 0)


@pytest.mark.parametrize("pattern", ["1m", "2M", "3x", "1X"])
def test_patterns_keep_their_case(pattern: str) -> None:
    """``m`` is a minor and ``M`` a major: small letters are not capitals there."""
    table = table_of(f"{pattern}  natural\n")
    assert table.rows[0].calls[0].call is None and table.rows[0].calls[0].written == pattern


@pytest.mark.parametrize(
    "text",
    [
        "1st seat openings are light.\n",
        "1c, 1d and 1h are natural.\n",
        "p  alone is not a table (write #BIDTABLE above it)\n",
        "x-ray vision\n",
    ],
)
def test_prose_starting_like_a_call_in_small_letters_stays_prose(text: str) -> None:
    (block,) = parse_text(text, "t.bml").blocks
    assert not isinstance(block, BidTable)


def test_a_bad_row_in_small_letters_is_named() -> None:
    assert messages("1c  16+\n  1q  what\n") == [
        "t.bml:2: '1q' is not a call BML knows: write a call such as 1C, 2NT, P, D or R, "
        "or a pattern such as 2M, 3X, 2HS, 1red or 1step"
    ]


# -- answers written at the column of the meaning above -----------------------------


def test_an_answer_at_the_meaning_column_is_read_as_meaning_and_said_so() -> None:
    """The reference reads the line as more of the meaning too; we say so."""
    text = "1N  15-17\n    2C  Stayman\n    2D  transfer\n"
    table = parse_text(text, "t.bml").bid_tables[0]
    assert shape(table.rows) == ["1N = 15-17 / 2C  Stayman / 2D  transfer"]
    assert messages(text) == [
        f"t.bml:{line}: '{row}' starts where the meaning of 1N starts, so it is read as more of that meaning; "
        f"if {row[:2]} answers 1N, indent it 2 spaces: any number of spaces deeper than 1N answers it, "
        "but not where its meaning starts"
        for line, row in ((2, "2C  Stayman"), (3, "2D  transfer"))
    ]


def test_the_advice_counts_from_the_row_above() -> None:
    found = messages("1C  16+\n  1H = 8+\n       X = takeout\n", indentation=2)
    assert found == [
        "t.bml:3: 'X = takeout' starts where the meaning of 1H starts, so it is read as more of that meaning; "
        "if X answers 1H, indent it 4 spaces (2 more than 1H)"
    ]


def test_the_advice_as_written_never_names_the_meaning_column() -> None:
    """``D penalty``: 2 deeper than D would be where its meaning starts."""
    (found,) = messages("(1N)-\nD penalty\n  2C = clubs and a major\n")
    assert "if 2C answers D, indent it 1 space: any number of spaces deeper than D answers it" in found


@pytest.mark.parametrize("line", ["may hold 5M", "2/1 game forcing", "P/C", "5+!h", "1C", "3N: to play"])
def test_ordinary_continuation_lines_are_quiet(line: str) -> None:
    assert messages(f"1N  15-17\n    {line}\n") == []


# -- answers indented under a sequence to continue ----------------------------------


def test_answers_may_be_indented_under_a_sequence_to_continue() -> None:
    """The reference reads them so; we said 'indented too far' (at most 2 deeper, which they were)."""
    indented = table_of("1N-2C;\n  2D  no major\n  2H  4 hearts\n    2S  asks\n")
    flush = table_of("1N-2C;\n2D  no major\n2H  4 hearts\n  2S  asks\n")
    assert shape(indented.rows) == shape(flush.rows)


def test_an_answer_left_of_the_first_answer_is_named() -> None:
    assert messages("1N-2C;\n  2D  no major\n2H  4 hearts\n") == [
        "t.bml:3: the row 2H starts further left than the first answer to 1N-2C of its table"
    ]


# -- a call written as a Markdown link -----------------------------------------------


def test_a_call_written_as_a_link_is_said_to_be_no_call() -> None:
    """Notes converted from Markdown: the call is a link to its own section."""
    text = "1C = 16+\n  [1D](#1C--1D) Negative\n    1H relay\n  [1H](#1C--1H)\n  1S = 8+, 5+!s\n"
    assert messages(text) == [
        "t.bml:2: '[1D](#1C--1D)' is a link, not a call: a row starts with the call itself, as in '1D Negative', "
        "and a link goes in the meaning (:bml:seq:`1N-2C` links to the row of 1N-2C); the row is left out, with "
        "the rows under it",
        "t.bml:4: '[1H](#1C--1H)' is a link, not a call: a row starts with the call itself, as in '1H', and a link "
        "goes in the meaning (:bml:seq:`1N-2C` links to the row of 1N-2C); the row is left out, with the rows "
        "under it",
    ]
    assert shape(parse_text(text, "t.bml").bid_tables[0].rows) == ["1C = 16+", "  1S = 8+, 5+!s"]


def test_a_link_in_the_meaning_stays_in_the_meaning() -> None:
    table = table_of("1C = 16+\n  1D = negative, see [the relays](#relays)\n")
    assert shape(table.rows) == ["1C = 16+", "  1D = negative, see [the relays](#relays)"]


# -- a sequence to continue that cannot be read ------------------------------------


def test_a_sequence_to_continue_that_cannot_be_read_leaves_its_table_out() -> None:
    """Its rows answer it: read as openings, they would silently be something else."""
    document = parse_text("(1C)-(1Q)-\nD = takeout\n1N = natural\n  2C = Stayman\n", "t.bml")
    assert [str(p) for p in document.problems] == [
        "t.bml:1: '(1Q)' is not a call BML knows: write a call such as 1C, 2NT, P, D or R, or a pattern such as "
        "2M, 3X, 2HS, 1red or 1step; the rows of this table answer that sequence, so the whole table is left out"
    ]
    (table,) = document.bid_tables
    assert table.rows == []


def test_a_first_row_of_one_call_that_cannot_be_read_leaves_only_its_answers_out() -> None:
    document = parse_text("1Q = natural\n  1N = x\n1N = 15-17\n", "t.bml")
    assert len(document.problems) == 1
    assert shape(document.bid_tables[0].rows) == ["1N = 15-17"]
