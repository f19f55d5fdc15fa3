"""Conflicts between pages: a special case from a mistake, and the cure for two situations."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.site import Page, Site


def page(text: str, name: str) -> Page:
    system = expand(parse_text(text, name))
    return Page(tuple(system), tuple(system.overruled))


def site(*texts: str) -> Site:
    pages = {f"p{number}": page(text, f"p{number}.bml") for number, text in enumerate(texts)}
    return Site.build(list(pages), pages)


def test_a_general_rule_on_a_later_page_only_fills_the_gaps() -> None:
    built = site("(1S)-1N-\n2X  invitational\n", "(1X)-1N-\n2D  transfer to hearts\n")
    assert built.conflicts == [] and built.covered == []


def test_a_special_case_on_a_later_page_is_hidden_by_the_rule() -> None:
    (conflict,) = site("(2Y)-\n3Y  asks for a stopper\n", "(2H)-\n3H  Michaels\n").conflicts
    assert conflict.hidden_by_rule
    assert (conflict.later.location.file, conflict.first.location.file) == ("p1.bml", "p0.bml")
    assert conflict.situation is None and conflict.cure is None


def test_the_same_defence_twice_names_the_opponents_call() -> None:
    (conflict,) = site("(1N)-\nD  a single-suited hand\n", "(1N)-\nD  for penalties\n").conflicts
    assert not conflict.hidden_by_rule
    assert str(conflict.situation) == "1N" and conflict.cure == "(1N{Weak})"


def test_the_cure_names_a_call_not_named_yet() -> None:
    (conflict,) = site("(1N{Strong})-P-(2C)-\nD  values\n", "(1N{Strong})-P-(2C)-\nD  takeout\n").conflicts
    assert conflict.cure == "(2C{Natural})"


def test_a_qualified_call_keeps_the_two_situations_apart() -> None:
    assert site("(1N)-\nD  a single-suited hand\n", "(1N{Weak})-\nD  for penalties\n").conflicts == []


def test_our_own_auction_twice_has_no_cure_to_offer() -> None:
    (conflict,) = site("1N  15-17\n", "1N  12-14\n").conflicts
    assert conflict.situation is None and conflict.cure is None


def test_a_row_whose_every_sequence_an_earlier_page_defines_is_covered() -> None:
    built = site("1N-\n2D  transfer\n2H  transfer\n", "1N-\n2red  natural\n")
    (covered,) = built.covered
    assert (covered.later.location.line, covered.first.location.line, covered.count) == (2, 2, 2)
    assert built.conflicts == []


def test_a_covered_row_counts_the_rows_that_answer_it() -> None:
    built = site("1H  11-15\n1S  11-15\n", "1M  five cards\n  1N  forcing\n  2N  Jacoby\n    3C  short\n")
    (covered,) = built.covered
    assert (covered.later.location.line, covered.count, covered.answers) == (1, 2, 3)
    (bare,) = site("1H  11-15\n1S  11-15\n", "1M  five cards\n").covered
    assert bare.answers == 0
