"""What the engine tells the cross-references: the sequences each row stands for, and contradictions."""

from __future__ import annotations

import pickle

from sphinx_bml.language import BidNode, expand, parse_text
from sphinx_bml.language.errors import Kind, Location
from sphinx_bml.language.inline import parse_inline
from sphinx_bml.language.model import ANY_VULNERABILITY, Description, Seat
from sphinx_bml.language.notation import from_notation
from sphinx_bml.language.system import Meaning, System


def rows(nodes: list[BidNode]) -> list[BidNode]:
    return [row for node in nodes for row in (node, *rows(node.children))]


def stood_for(text: str, left_out: tuple[int, ...] = ()) -> dict[str, list[str]]:
    """Each row (as written, with its line) → the sequences it stands for; the
    only problems are the rows at the lines ``left_out``, reported as adding nothing."""
    document = parse_text(text, "s.bml")
    expand(document)
    problems = [(p.kind, p.location.line if p.location else 0) for p in document.problems]
    assert problems == [(Kind.UNUSED, line) for line in left_out], [str(p) for p in document.problems]
    return {
        f"{row.location.line}:{'-'.join(c.notation for c in row.calls)}": [key[2].notation() for key in row.sequences]
        for table in document.bid_tables
        for row in rows(table.rows)
    }


def test_a_concrete_row_stands_for_one_sequence() -> None:
    assert stood_for("1C strong\n  1D negative\n") == {"1:1C": ["1C"], "2:1D": ["1C-(P)-1D"]}


def test_a_pattern_stands_for_each_of_its_sequences_and_its_answers_for_each_too() -> None:
    assert stood_for("1M five cards\n  2N raise\n") == {
        "1:1M": ["1H", "1S"],
        "2:2N": ["1H-(P)-2N", "1S-(P)-2N"],
    }


def test_a_row_that_stands_for_no_legal_bid_stands_for_nothing() -> None:
    assert stood_for("2S x\n  2X y\n", left_out=(2,)) == {"1:2S": ["2S"], "2:2X": []}


def test_a_continuation_stands_for_the_sequence_it_continues_not_its_prefixes() -> None:
    assert stood_for("1N-2C;\n2D no major\n") == {"1:1N-2C": ["1N-(P)-2C"], "2:2D": ["1N-(P)-2C-(P)-2D"]}


def test_a_row_stands_for_its_sequence_even_when_defined_before() -> None:
    assert stood_for("1C strong\n\n1C again\n") == {"1:1C": ["1C"], "3:1C": ["1C"]}


def test_seat_and_vulnerability_are_part_of_the_keys() -> None:
    document = parse_text("#SEAT 34\n#VUL Y0\n1N weak\n", "s.bml")
    expand(document)
    seat, vulnerability, sequence = document.bid_tables[0].rows[0].sequences[0]
    assert (seat, vulnerability.code, sequence.notation()) == (Seat.THIRD_OR_FOURTH, "Y0", "1N")


def test_a_leading_pass_without_description_stands_for_nothing() -> None:
    assert stood_for("1C x\n  (P)\n    1D y\n") == {"1:1C": ["1C"], "2:(P)": [], "3:1D": ["1C-(P)-1D"]}


def test_expanding_again_does_not_repeat_the_sequences() -> None:
    document = parse_text("1M five\n", "s.bml")
    expand(document)
    expand(document)
    assert len(document.bid_tables[0].rows[0].sequences) == 2


def test_rows_compare_and_print_as_before() -> None:
    document = parse_text("1C x\n", "s.bml")
    row = document.bid_tables[0].rows[0]
    before = repr(row)
    expand(document)
    assert repr(row) == before
    assert row == BidNode(row.calls, row.description, row.location, row.children)


def meaning(sequence: str, description: str, line: int) -> Meaning:
    system = expand(parse_text(f"{sequence} x\n", "s.bml"))
    (found,) = list(system)
    return Meaning(found.sequence, Description((description,) if description else ()), Location("s.bml", line))


def test_a_contradiction_is_overruled_and_kept() -> None:
    system = System()
    system.define(meaning("1N", "15--17", 1))
    system.define(meaning("1N", "12--14", 2))
    assert [m.description.text for m in system] == ["15--17"]
    assert [(m.description.text, m.location.line) for m in system.overruled] == [("12--14", 2)]


def test_the_same_words_and_placeholders_are_no_contradiction() -> None:
    system = System()
    system.define(meaning("1N", "", 1))
    system.define(meaning("1N", "15--17", 2))  # a placeholder takes the first description
    system.define(meaning("1N", "15--17", 3))
    system.define(meaning("1N", "", 4))
    assert [(m.description.text, m.location.line) for m in system] == [("15--17", 2)]
    assert system.overruled == []


def test_overruled_meanings_come_from_the_tables() -> None:
    system = expand(parse_text("1N 15--17\n  2C Stayman\n\n1N 12--14\n  2C Stayman\n", "s.bml"))
    assert [(m.sequence.notation(), m.location.line) for m in system.overruled] == [("1N", 4)]


def test_meanings_stay_small_to_pickle() -> None:
    # the environment stores every meaning of every page: the rows do not travel with them
    document = parse_text("1M five cards\n  2N raise\n", "s.bml")
    system = expand(document)
    assert b"BidNode" not in pickle.dumps(list(system))


def test_a_pattern_after_a_specific_row_only_fills_the_gaps() -> None:
    """Authors write the specific row first and a general pattern later, on purpose."""
    document = parse_text(
        "1C  Strong\n  1H  !STR F: 5+ hearts, 8+\n\n// any major answer, unless said above\n1C\n  1M  5+ cards, 0-7\n",
        "notes.bml",
    )
    system = expand(document)
    meanings = {str(m.sequence): (m.description.text, m.from_pattern) for m in system}
    assert meanings["1C-(P)-1H"] == ("!STR F: 5+ hearts, 8+", False)
    assert meanings["1C-(P)-1S"] == ("5+ cards, 0-7", True)
    assert system.overruled == []


def test_a_specific_row_after_a_pattern_is_a_contradiction_and_the_pattern_stands() -> None:
    document = parse_text("1C  Strong\n  1M  5+ cards\n\n1C\n  1H  4+ hearts, game forcing\n", "notes.bml")
    system = expand(document)
    assert system.get((Seat.ANY, ANY_VULNERABILITY, from_notation("1C-(P)-1H"))).description.text == "5+ cards"
    (later,) = system.overruled
    assert (later.description.text, later.from_pattern, later.location.line) == ("4+ hearts, game forcing", False, 5)


def test_two_patterns_that_disagree_are_a_contradiction() -> None:
    system = expand(parse_text("1N\n  2M  to play\n\n1N\n  2red  transfer\n", "notes.bml"))
    assert [(str(m.sequence), m.description.text) for m in system.overruled] == [("1N-(P)-2H", "transfer")]


def test_spacing_alone_is_no_contradiction() -> None:
    system = expand(parse_text("1N  15-17,  balanced\n\n1N  15-17, balanced\n", "notes.bml"))
    assert system.overruled == []


def test_a_description_pickles_with_its_plain_text_not_its_tokens() -> None:
    """The environment keeps the plain text (the index and the search read it in later
    builds); the tokens are made again when a page is drawn."""
    description = Description(("Stayman, 4 !s or 4 !h", "--- *forcing*"))
    assert description.plain_text == "Stayman, 4 ♠ or 4 ♥ — forcing"
    data = pickle.dumps(description)
    assert description.plain_text.encode() in data and b"sphinx_bml.language.inline" not in data
    stored = pickle.loads(data)
    assert stored == description and stored.plain_text == description.plain_text
    assert stored.inline == description.inline
    assert b"\xe2\x99\xa0" not in pickle.dumps(Description(("4 !s",))), "a plain text never asked for is not made"


def test_a_description_lets_its_tokens_go_and_makes_them_again() -> None:
    description = Description(("4 !s, *invitational*",))
    tokens = description.inline
    description.let_go()
    parse_inline.cache_clear()  # the same text reads as the same tokens, kept a while: made again here
    assert description.plain_text == "4 ♠, invitational"
    assert description.inline == tokens and description.inline is not tokens


# -- special cases first: a later, more general rule fills the gaps ---------------------------

SPECIAL_CASE_FIRST = """\
(1S)-1N-
2X  invitational
2S  Stayman for hearts

(1X)-1N-
2C  Stayman
2D  transfer to hearts
2H  transfer to spades
"""


def test_a_later_more_general_rule_only_fills_what_the_special_case_left_open() -> None:
    system = expand(parse_text(SPECIAL_CASE_FIRST, "notes.bml"))
    meanings = {m.sequence.notation(): (m.description.text, m.breadth) for m in system if m.description}
    assert meanings["(1S)-1N-(P)-2D"] == ("invitational", 3)  # 2X: 2C, 2D and 2H
    assert meanings["(1H)-1N-(P)-2D"] == ("transfer to hearts", 4)  # one per suit of (1X)
    assert system.overruled == []


def test_a_later_row_as_specific_or_more_specific_is_a_contradiction() -> None:
    system = expand(parse_text("(2Y)-\n3Y  asks for a stopper\n\n(2M)-\n3M  Michaels\n", "notes.bml"))
    assert [(m.sequence.notation(), m.breadth) for m in system.overruled] == [("(2H)-3H", 2), ("(2S)-3S", 2)]
    assert system.get((Seat.ANY, ANY_VULNERABILITY, from_notation("(2H)-3H"))).description.text == (
        "asks for a stopper"
    )


def test_a_pattern_counts_the_bids_that_rows_beside_it_take() -> None:
    """2X beside 2C is a rule for four bids, however many it is left with."""
    system = expand(parse_text("1N\n  2C  Stayman\n  2X  natural\n", "notes.bml"))
    assert {m.sequence.notation(): m.breadth for m in system if m.description} == {
        "1N-(P)-2C": 1,
        "1N-(P)-2D": 4,
        "1N-(P)-2H": 4,
        "1N-(P)-2S": 4,
    }


def test_the_breadth_travels_with_the_meaning() -> None:
    (one, two) = [m for m in expand(parse_text("1M  five cards\n", "s.bml"))]
    assert pickle.loads(pickle.dumps(one)).breadth == 2 and two.breadth == 2
