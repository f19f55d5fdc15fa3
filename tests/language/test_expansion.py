"""Expansion of tables into the concrete system."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.system import System


def system_of(text: str) -> tuple[System, list[str]]:
    document = parse_text(text, "s.bml")
    system = expand(document)
    return system, [str(p) for p in document.problems]


def meanings(text: str) -> list[str]:
    system, problems = system_of(text)
    assert not problems, problems
    return [f"{m.sequence.notation()} = {m.description.text}" for m in system]


def test_passes_are_filled_between_calls_of_one_side() -> None:
    system, _ = system_of("1C x\n  1D y\n")
    assert [str(c) for c in list(system)[1].sequence.calls] == ["1C", "P", "1D"]


def test_multi_strain_and_colours() -> None:
    # 2S is already defined at this level by 2HS, so 2black adds 2C only.
    assert meanings("2HS weak\n1red transfer\n2black both\n") == [
        "2H = weak",
        "2S = weak",
        "1D = transfer",
        "1H = transfer",
        "2C = both",
    ]


def test_major_and_other_major() -> None:
    assert meanings("1M 5+M\n  3oM splinter\n") == [
        "1H = 5+!h",
        "1H-(P)-3S = splinter",
        "1S = 5+!s",
        "1S-(P)-3H = splinter",
    ]


def test_other_minor_needs_minor_first() -> None:
    _, problems = system_of("1C x\n  2om y\n")
    assert problems == ["s.bml:2: '2om': om (the other minor) needs m earlier in the sequence"]


def test_variables_take_unused_suits_in_order() -> None:
    # 1C-(1Y): neither Y nor X may be clubs (used by 1C); X < Y < Z; Y keeps its suit below.
    got = meanings("1C-(1Y)\n  2X low\n  2Y cue\n  2Z high\n")
    assert not any(line.startswith("1C-(1D)-2C") for line in got)
    assert "1C-(1D)-2D = cue" in got
    assert "1C-(1D)-2H = high" in got and "1C-(1D)-2S = high" in got
    assert "1C-(1H)-2D = low" in got and "1C-(1H)-2H = cue" in got and "1C-(1H)-2S = high" in got
    assert "1C-(1S)-2D = low" in got and "1C-(1S)-2H = low" in got and "1C-(1S)-2S = cue" in got
    assert not any(line.startswith("1C-(1C)") for line in got)


def test_variable_needs_a_sufficient_bid() -> None:
    system, problems = system_of("2S x\n  2X y\n")
    assert [f"{m.sequence.notation()} = {m.description.text}" for m in system] == ["2S = x"]
    assert problems == [
        "s.bml:2: 2X stands for no bid after 2S: X is a suit not bid yet, in a bid higher than the last: "
        "2C, 2D and 2H are not higher than 2S and spades was bid already; "
        "this row is left out (check its level and suit)"
    ]


def test_steps_count_from_the_last_bid_of_either_side() -> None:
    assert meanings("1C-(1H)\n  1step one\n  2steps two\n") == [
        "1C = ",
        "1C-(1H) = ",
        "1C-(1H)-1S = one",
        "1C-(1H)-1N = two",
    ]


def test_steps_beyond_seven_notrump_are_reported_and_the_rest_kept() -> None:
    system, problems = system_of("7S x\n  2steps y\n  7N z\n")
    assert problems == ["s.bml:2: 2 steps above 7S is beyond the 7 level"]
    assert [m.sequence.notation() for m in system] == ["7S", "7S-(P)-7N"]


def test_steps_need_a_bid_before_them() -> None:
    _, problems = system_of("1step x\n")
    assert problems == ["s.bml:1: '1step' counts steps from the last bid, but there is no bid before it"]


def test_insufficient_bid_is_reported() -> None:
    system, problems = system_of("1N x\n  1S y\n  2C z\n")
    assert problems == ["s.bml:2: 1S after 1N is not a sufficient bid"]
    assert [m.sequence.notation() for m in system] == ["1N", "1N-(P)-2C"]


def test_normal_bids_before_special_bids() -> None:
    assert meanings("2C strong\n2X weak\n") == ["2C = strong", "2D = weak", "2H = weak", "2S = weak"]


def test_normal_bid_wins_even_after_the_pattern() -> None:
    """The reference lets the earlier 2X define 2C as 'weak'; BML says normal
    bids are evaluated before special bids, so 2C stays 'strong' here."""
    assert meanings("2X weak\n2C strong\n") == ["2D = weak", "2H = weak", "2S = weak", "2C = strong"]


def test_first_definition_stands() -> None:
    assert meanings("1C first\n\n1C second\n") == ["1C = first"]


def test_placeholder_of_a_continued_sequence_is_completed_later() -> None:
    assert meanings("1N-2C;\n2D no major\n\n1N-\n2C Stayman\n") == [
        "1N = ",
        "1N-(P)-2C = Stayman",
        "1N-(P)-2C-(P)-2D = no major",
    ]


def test_variable_in_description_becomes_its_suit() -> None:
    """The reference turns '2M' into a control character and the suit; we write 2!h."""
    assert meanings("1M shows M; 2M is a raise, I'm 5M\n") == [
        "1H = shows !h; 2!h is a raise, I'm 5!h",
        "1S = shows !s; 2!s is a raise, I'm 5!s",
    ]


def test_variables_inside_words_stay() -> None:
    assert meanings("1M Major, Maximum, XYZ\n") == ["1H = Major, Maximum, XYZ", "1S = Major, Maximum, XYZ"]


def test_seat_vulnerability_and_hidden_are_part_of_the_meaning() -> None:
    system, _ = system_of("#VUL Y0\n\n#SEAT 34\n\n#HIDE\n1N 14--16\n")
    (meaning,) = system
    assert meaning.seat.value == "34" and meaning.vulnerability.code == "Y0" and meaning.hidden


def test_same_sequence_in_other_seats_is_another_meaning() -> None:
    system, _ = system_of("#SEAT 12\n\n1N 12--14\n\n#SEAT 34\n\n1N 14--16\n")
    assert [m.description.text for m in system] == ["12--14", "14--16"]


def test_competitive_auction_written_in_full() -> None:
    got = meanings("(1N)---\nD strength\n2C majors\n  (D)\n    P clubs\n")
    assert got == ["(1N) = ", "(1N)-D = strength", "(1N)-2C = majors", "(1N)-2C-(D) = ", "(1N)-2C-(D)-P = clubs"]


def test_a_pass_without_meaning_in_an_uncontested_auction_adds_no_sequence() -> None:
    assert meanings("1C x\n  (P)\n    1D y\n") == ["1C = x", "1C-(P)-1D = y"]
    assert meanings("1C x\n  (P) they pass\n") == ["1C = x", "1C-(P) = they pass"]
    assert meanings("1C x\n  P\n    (1D) y\n") == ["1C = x", "1C-(P)-P-(1D) = y"]


def test_a_pass_in_a_contested_auction_is_a_sequence_of_its_own() -> None:
    assert meanings("1C-(1D)-D;\n(P)\n  1H y\n") == [
        "1C = ",
        "1C-(1D) = ",
        "1C-(1D)-D = ",
        "1C-(1D)-D-(P) = ",
        "1C-(1D)-D-(P)-1H = y",
    ]


def test_a_variable_with_its_suit_given_earlier_stands_only_for_legal_bids() -> None:
    # 1H-(2S)-2H would be insufficient, so 2M stands for nothing there; over (2H) it is 2S
    got = meanings("1M---\n(2X)\n  2M raise\n")
    assert "1H-(2S)-2H = raise" not in got
    assert "1S-(2H)-2S = raise" in got


# -- X, the suit, and X, the double ---------------------------------------------


COMPETITIVE = """\
1C-(1X)-
D   X = takeout, D/X of X both negative
2X  cue bid in X, 3X/4X to play
(X)  after (X): 5+X, long X, weak two in X
"""


def test_x_the_double_stays_in_the_descriptions_of_rows_under_x() -> None:
    """Under ``1C-(1X)`` the X of ``X = takeout`` or ``D/X`` is the double, not diamonds."""
    found = [line for line in meanings(COMPETITIVE) if line.startswith("1C-(1D)-")]
    assert found == [
        "1C-(1D)-D = X = takeout, D/X of !d both negative",
        "1C-(1D)-2D = cue bid in !d, 3!d/4!d to play",
        "1C-(1D)-P-(D) = after (X): 5+!d, long !d, weak two in !d",
    ]


def test_other_variables_are_replaced_as_before() -> None:
    assert meanings("1M  5+M, M/oM\n")[0] == "1H = 5+!h, !h/oM"


# -- concrete rows under a pattern --------------------------------------------------


def test_a_row_too_low_for_some_suits_of_the_pattern_above_is_left_out_there_silently() -> None:
    """1H after 1C-(1S) is insufficient: that auction simply has no 1H row."""
    assert meanings("1C  16+\n  (1X)  overcall\n    1H  natural, forcing\n") == [
        "1C = 16+",
        "1C-(1D) = overcall",
        "1C-(1D)-1H = natural, forcing",
        "1C-(1H) = overcall",
        "1C-(1S) = overcall",
    ]


def test_a_row_too_low_for_every_suit_of_the_pattern_above_is_reported_once() -> None:
    _, problems = system_of("1C  16+\n  (2X)  overcall\n    1H  natural\n")
    assert problems == ["s.bml:3: 1H after 2D is not a sufficient bid"]


def test_a_concrete_row_too_low_is_still_reported_once() -> None:
    _, problems = system_of("1N  15-17\n  2H  transfer\n    2D  accepts\n")
    assert problems == ["s.bml:3: 2D after 2H is not a sufficient bid"]


# -- a limit on what one table stands for ------------------------------------------


def test_patterns_nested_under_patterns_stop_at_the_sequence_limit() -> None:
    from sphinx_bml.language.expansion import MAX_TABLE_SEQUENCES

    text = "".join("  " * depth + f"{1 + depth * 6 // 8}CDHSN  any strain\n" for depth in range(8))
    system, problems = system_of(text)
    assert len(system) == MAX_TABLE_SEQUENCES
    assert len(problems) == 1
    assert problems[0].endswith(
        f"this table stands for more than {MAX_TABLE_SEQUENCES:,} sequences (patterns nested under patterns "
        "multiply); the rest of the table is left out"
    )


def test_the_next_table_is_expanded_after_one_that_stopped() -> None:
    text = "".join("  " * depth + f"{1 + depth * 6 // 8}CDHSN  any\n" for depth in range(8))
    system, _ = system_of(text + "\n#SEAT 3\n\n1N  15--17\n")
    assert any(m.sequence.notation() == "1N" and m.seat.value == "3" for m in system)
