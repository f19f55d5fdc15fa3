"""The dealer language: hand conditions said exactly, checked by Debian's ``dealer`` itself.

A condition is exact when every deal dealer keeps for it meets it, and every deal dealer keeps
for its negation does not (each hand checked by our own evaluation): both sides of the line are
where the script puts it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.formats.dealer import (
    FALSE,
    MAX_SHAPES,
    TRUE,
    Names,
    SeatConditions,
    all_of,
    any_of,
    comment,
    negation,
    pattern_shapes,
    script,
    shape_list,
)
from sphinx_bml.language.conditions import parse_condition
from sphinx_bml.language.conditions.tree import ShapePattern
from sphinx_bml.practice.boards import hands_of
from tests.support import run_dealer

CONDITIONS = [
    "14-16 hcp, balanced",
    "8+ hcp, 4+ hearts or 4+ spades",
    "11-15 hcp, 4- hearts, 4- spades, 11-13 hcp and balanced or 4+ diamonds and unbalanced",
    "semi-balanced, 10-12 hcp",
    "5+ M, M >= oM",
    "6+ X, 5-10 hcp",
    "13+ points",
    "15+ freakiness points",
    "hcp(4.5-3-1.5-0.75-0.25) 10-13",
    "(54)xx",
    "4M(xx)5",
    "(4441)",
    "not (20-21 hcp and balanced)",
    "2*spades - hearts >= 3",
    "freakiness 3+",
    "hearts + spades > diamonds + clubs, hcp 10",
    "0-1 diamonds, 3+ hearts",
]


def _south(deal: str) -> object:
    return hands_of(deal)["S"]


@pytest.mark.parametrize("written", CONDITIONS)
def test_a_condition_is_said_exactly(written: str, tmp_path: Path) -> None:
    condition = parse_condition(written)
    names = Names()
    said = SeatConditions("S", names).condition(condition.test)
    assert said.exact and said.wider == said.narrower
    for formula, holds in ((said.wider, True), (negation(said.wider), False)):
        deals = run_dealer(script([f"{written}: {holds}"], "N", names, formula), 150, seed=3, folder=tmp_path)
        assert len(deals) == 150
        for deal in deals:
            assert condition.holds(hands_of(deal)["S"]) is holds, (written, deal)


def test_playing_tricks_are_left_out_and_named() -> None:
    said = SeatConditions("S", Names()).condition(parse_condition("7+ playing tricks, 5+ spades").test)
    assert not said.exact and said.missing == ("7+ playing tricks",)
    assert said.wider.text == "spades(south) >= 5" and said.narrower is FALSE
    under_not = SeatConditions("S", Names()).condition(parse_condition("not (6+ playing tricks)").test)
    assert under_not.wider is TRUE and under_not.narrower is FALSE  # the wider side stays wider under not


def test_not_is_bracketed_as_dealer_reads_it(tmp_path: Path) -> None:
    """dealer reads ``not hcp(north) >= 10`` as ``(not hcp(north)) >= 10``, never true: the script brackets."""
    names = Names()
    formula = negation(SeatConditions("S", names).condition(parse_condition("10+ hcp").test).wider)
    assert formula.text == "not (hcp(south) >= 10)"
    assert all(hands_of(deal)["S"].hcp() < 10 for deal in run_dealer(script([], "N", names, formula), 50))


def test_and_or_and_constants() -> None:
    a, b = SeatConditions("S", Names()).condition(parse_condition("5+ spades or 5+ hearts").test).wider, TRUE
    assert all_of([a, b]) == a and all_of([a, FALSE]) is FALSE and any_of([a, TRUE]) is TRUE
    assert all_of([a, a]) == a
    assert all_of([a, negation(a)]).text == (
        "(spades(south) >= 5 or hearts(south) >= 5) and not (spades(south) >= 5 or hearts(south) >= 5)"
    )


def test_shapes_are_named_once_and_past_31_written_with_lengths(tmp_path: Path) -> None:
    names = Names()
    conditions = [SeatConditions(seat, names) for seat in "NESW"]
    formulas = []
    for spades in range(10):
        for seat in conditions:
            formulas.append(seat.condition(parse_condition(f"{spades}xxx").test).wider)
    assert sum(text.startswith("shape(") for _, text in names.definitions) == MAX_SHAPES
    assert formulas[0] == conditions[0].condition(parse_condition("0xxx").test).wider  # named once
    seven_spades_west = formulas[8 * 4 - 1]  # the 32nd set of shapes
    assert seven_spades_west.text == "spades(west) == 7"
    eight_spades_north = formulas[8 * 4]
    assert eight_spades_north.text == "spades(north) == 8"
    deals = run_dealer(script([], "N", names, any_of(formulas)), 20, folder=tmp_path)  # dealer takes the 31
    assert len(deals) == 20
    deals = run_dealer(script([], "N", names, eight_spades_north), 20, folder=tmp_path)
    assert all(hands_of(deal)["N"].shape[0] == 8 for deal in deals)


def test_a_shape_list_uses_any() -> None:
    balanced = SeatConditions("S", Names())
    assert balanced.names.definitions == []
    balanced.condition(parse_condition("balanced").test)
    assert balanced.names.definitions == [("southBalanced", "shape(south, any 4333 + any 4432 + any 5332)")]
    pattern = parse_condition("(54)xx").test
    assert isinstance(pattern, ShapePattern)
    assert shape_list(pattern_shapes(pattern)) == "45xx + 54xx"


@pytest.mark.parametrize(
    "hostile",
    [
        "line one\nnot (hcp(north) > 40)\ncondition 0",
        "*/ condition 0 /* // \\",
        "a `backquote` ${x} \"quotes\" 'single' | %x% @T &comma; </script>",
        "a\rcarriage return and a\u2028line separator, \x00 \x1b[31m and ♠♥♦♣ – é",
    ],
)
def test_nothing_in_a_comment_changes_the_deals(hostile: str, tmp_path: Path) -> None:
    names = Names()
    formula = SeatConditions("S", names).condition(parse_condition("12+ hcp").test).wider
    line = comment(hostile)
    assert line.startswith("# ") and "\n" not in line and "\r" not in line and "\x00" not in line
    plain = run_dealer(script(["plain"], "N", names, formula), 30, seed=5, folder=tmp_path)
    assert run_dealer(script([hostile, hostile], "N", names, formula), 30, seed=5, folder=tmp_path) == plain
