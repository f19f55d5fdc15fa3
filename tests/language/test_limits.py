"""Inputs that used to blow up stop at a documented limit, reported once, at the line.

Each case is a few lines that used to run for minutes, eat gigabytes or raise
a traceback; each limit is a constant of the module that applies it.
"""

from __future__ import annotations

import pickle

import pytest

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.bidtable import MAX_PASTE_DEPTH, MAX_PASTED_ROWS, MAX_STEPS, MAX_TABLE_DEPTH
from sphinx_bml.language.conditions import MAX_CONDITION_NESTING, MAX_CONDITION_TOKENS, Hand
from sphinx_bml.language.model import BidNode


def messages(text: str) -> list[str]:
    return [str(p) for p in parse_text(text, "t.bml").problems]


def rows_in(text: str) -> int:
    count, stack = 0, [node for table in parse_text(text, "t.bml").bid_tables for node in table.rows]
    while stack:
        node: BidNode = stack.pop()
        count += 1
        stack.extend(node.children)
    return count


# -- #PASTE ----------------------------------------------------------------------

SELF_PASTE = """\
1C  strong
  #COPY relay
  1D  relay
  #PASTE relay
  #PASTE relay
  #ENDCOPY
  #PASTE relay
"""


def test_a_clip_pasting_itself_is_cut_at_once_and_reported_once() -> None:
    """Six lines that ran past 120 s and 7.2 GB: the clip pasted itself twice, 20 deep."""
    found = messages(SELF_PASTE)
    cycle = [m for m in found if "inside the rows of relay itself" in m]
    assert cycle == [
        f"t.bml:{line}: #PASTE relay is inside the rows of relay itself (relay -> relay), so it would paste "
        "them over and over; it is left out"
        for line in (4, 5)
    ]
    assert rows_in(SELF_PASTE) == 3  # 1C, the 1D copied in place, the 1D pasted


def chain(length: int) -> str:
    lines = ["#CUT c0", "1C  clubs", "#ENDCUT"]
    for index in range(1, length + 1):
        lines += [f"#CUT c{index}", f"#PASTE c{index - 1}", f"#PASTE c{index - 1}", "#ENDCUT"]
    return "\n".join([*lines, f"#PASTE c{length}"]) + "\n"


def test_clips_pasting_each_other_twice_over_stop_at_the_size_limit() -> None:
    """Each clip pastes the one before twice: the table doubles with each line."""
    found = messages(chain(16))
    assert found == [
        "t.bml:68: this #PASTE makes the table longer than 20,000 lines or 1,000,000 characters "
        "(do pasted rows paste the same rows again, twice over?); the rest of the table is left out"
    ]
    assert 0 < rows_in(chain(16)) <= MAX_PASTED_ROWS


def test_pastes_nested_too_deep_stop_at_the_depth_limit_reported_once() -> None:
    found = messages(chain(MAX_PASTE_DEPTH + 12))
    assert len(found) == 1
    assert found[0] == (
        f"t.bml:53: #PASTE c12 is pasted inside {MAX_PASTE_DEPTH} other pastes (do pasted rows paste the same "
        "rows again?); the rest of the table is left out"
    )


def test_replacements_that_grow_lines_stop_at_the_size_limit() -> None:
    """4 KB of input asking for a 4 MB line."""
    text = f"#CUT wide\n1C  {'a' * 2000}\n#ENDCUT\n#PASTE wide a={'b' * 2000}\n"
    assert messages(text) == [
        "t.bml:4: this #PASTE makes the table longer than 20,000 lines or 1,000,000 characters "
        "(do pasted rows paste the same rows again, twice over?); the rest of the table is left out"
    ]


def test_a_long_table_of_its_own_is_not_limited() -> None:
    """The limit is on what pastes add: rows written out are the notes' own size."""
    text = "1C  strong\n" + "".join(f"  {level}{strain}  x\n" for level in range(1, 8) for strain in "DHSN")
    assert messages(text * 1) == []


# -- depth -----------------------------------------------------------------------


def deep(depth: int) -> str:
    lines = ["1C  strong"]
    for index in range(1, depth + 1):
        lines.append("  " * index + ("(P)" if index % 2 else "P") + f"  pass {index}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("depth", [95, 400])
def test_tables_nested_deeper_than_the_limit_stop_there_without_recursion_error(depth: int) -> None:
    """About 95 levels raised RecursionError."""
    document = parse_text(deep(depth), "t.bml")
    system = expand(document)
    assert [str(p) for p in document.problems] == [
        f"t.bml:{MAX_TABLE_DEPTH + 1}: the row {'P' if MAX_TABLE_DEPTH % 2 == 0 else '(P)'} is "
        f"{MAX_TABLE_DEPTH + 1} calls deep; rows deeper than {MAX_TABLE_DEPTH} calls are left out "
        "(no real auction needs them)"
    ]
    assert max(len(meaning.sequence.calls) for meaning in system) == MAX_TABLE_DEPTH


def test_a_table_at_the_depth_limit_is_whole() -> None:
    document = parse_text(deep(MAX_TABLE_DEPTH - 1), "t.bml")
    assert not document.problems
    assert len(expand(document)) == MAX_TABLE_DEPTH


def test_a_sequence_to_continue_counts_towards_the_depth() -> None:
    head = "-".join(["1C", *(["P"] * MAX_TABLE_DEPTH)]) + ";"
    found = messages(f"{head}\nP  one more\n")
    assert len(found) == 1 and f"rows deeper than {MAX_TABLE_DEPTH} calls are left out" in found[0]


# -- steps -----------------------------------------------------------------------


@pytest.mark.parametrize("count", ["9" * 4300, "35", "0" * 50 + "35"])
def test_a_step_count_past_7nt_is_a_located_syntax_problem(count: str) -> None:
    """A 4,300-digit count raised ValueError (Python's limit on reading long numbers)."""
    found = messages(f"1C  strong\n  {count}steps  far away\n  1D  negative\n")
    assert len(found) == 1
    assert found[0].startswith("t.bml:2: '")
    assert found[0].endswith(f"steps': no bid is that many steps above another (7NT is {MAX_STEPS} steps above 1C)")


def test_the_largest_step_count_still_reads() -> None:
    document = parse_text("1C  strong\n  34steps  7NT\n", "t.bml")
    assert not document.problems
    assert [m.sequence.notation() for m in expand(document)] == ["1C", "1C-(P)-7N"]


# -- hand conditions ---------------------------------------------------------------


def condition_row(condition: str) -> str:
    """A row whose condition is ``condition``, between two ordinary rows."""
    return (
        f"1C  strong\n    {{{{ 16+ hcp }}}}\n1N  15-17\n    {{{{ {condition} }}}}\n2C  weak\n    {{{{ 6+ clubs }}}}\n"
    )


@pytest.mark.parametrize(
    ("condition", "said"),
    [
        ("(" * 300 + "12+ hcp" + ")" * 300, f"longer than {MAX_CONDITION_TOKENS} words"),
        ("(" * 25 + "12+ hcp" + ")" * 25, f"nested more than {MAX_CONDITION_NESTING} deep"),
        ("not " * 1_000 + "12+ hcp", f"longer than {MAX_CONDITION_TOKENS} words"),
        ("not " * 30 + "12+ hcp", f"nested more than {MAX_CONDITION_NESTING} deep"),
        ("- " * 30 + "hearts < 3", f"nested more than {MAX_CONDITION_NESTING} deep"),
        (" + ".join(["hearts"] * 400) + " > 3", f"longer than {MAX_CONDITION_TOKENS} words"),
    ],
)
def test_a_condition_past_the_limits_is_a_located_problem_and_the_rest_stands(condition: str, said: str) -> None:
    document = parse_text(condition_row(condition), "t.bml")
    (problem,) = [str(p) for p in document.problems]
    assert problem.startswith("t.bml:4: the hand condition {{")
    assert said in problem
    assert len(problem) < 300  # the condition is quoted cut short, not 80 KB of it
    system = expand(document)
    pickle.loads(pickle.dumps((document, system)))  # what a Sphinx environment does with it
    conditions = {str(meaning.sequence): meaning.condition for meaning in system}
    assert conditions["1N"] is None
    assert conditions["1C"] is not None and conditions["2C"] is not None


def test_a_condition_at_the_limits_is_read_checked_and_pickled_deep_in_a_table() -> None:
    nested = "(" * (MAX_CONDITION_NESTING - 1) + "12+ hcp" + ")" * (MAX_CONDITION_NESTING - 1)
    terms = (MAX_CONDITION_TOKENS - 2 * MAX_CONDITION_NESTING - 6) // 2  # the whole is just within the limit
    long_sum = " + ".join(["hearts"] * terms) + " >= 0"
    rows = ["1C  strong"] + ["  " * depth + "P  pass" for depth in range(1, MAX_TABLE_DEPTH - 1)]
    indent = " " * (2 * (MAX_TABLE_DEPTH - 1))
    rows += [f"{indent}1H  hearts", f"{indent}    {{{{ {nested} and not not {long_sum} }}}}"]
    document = parse_text("\n".join(rows) + "\n", "t.bml")
    assert not list(document.problems)
    system = expand(document)
    (meaning,) = [meaning for meaning in system if meaning.condition is not None]
    assert meaning.condition is not None
    assert meaning.condition.holds(Hand.from_pbn("AKQ2.K432.Q32.32"))
    pickle.loads(pickle.dumps((document, system)))
    assert meaning.condition.describe().startswith("12+ HCP")


# -- one long line: read in time linear in its length ---------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("1C = a " + "{" * 200_000 + "\n", "has no closing }}"),
        ("1C{" + "{" * 200_000 + "\n", "has no closing }}"),
        ("1C = a" + " " * 200_000 + "b\n", ""),
        ("* a" + " " * 200_000 + "b\n", ""),
        ("#+TITLE: a" + " " * 200_000 + "b\n", ""),
        ("#VUL a" + " " * 200_000 + "b\n", "not a vulnerability"),
        ("#CUT a\n1C x\n#ENDCUT\n1C = y\n#PASTE a" + " " * 200_000 + "b\n", "not a replacement"),
    ],
    ids=["braces", "braces-in-call", "row", "heading", "title", "vul", "paste"],
)
def test_one_long_line_is_read_at_once(text: str, said: str) -> None:
    """Each used to take minutes (80,000 characters: 12 to 26 s, growing with the square)."""
    problems = messages(text)
    assert (said in problems[0]) if said else not problems
    if "{{" in text:
        assert len(problems[0]) < 300  # the braces are quoted cut short
