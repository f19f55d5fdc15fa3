"""Hand conditions on rows: the syntax, the model, the evaluation, the words, and what they leave alone."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sphinx_bml.formats.bboalert import write_bboalert
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Strain
from sphinx_bml.language.conditions import (
    Hand,
    Scale,
    condition_opening,
    escape_braces,
    find_condition,
    parse_condition,
)
from sphinx_bml.language.errors import BMLError, Kind
from tests.support import needs

NOTES = """\
1C = 16+ any shape {{ 16+ hcp }}
1N = 15-17, may have a 5-card major
     {{ 15-17 hcp, balanced }}
  2C = Stayman
       {{ 8+ hcp, 4+ hearts or 4+ spades }}
2M = weak two {{ 6+ M, 5-10 hcp, not 4+ oM }}
  2N = asks for a feature {{ 15+ hcp }}
"""

HAND = Hand.from_pbn("AKJ5.K65.Q43.KT5")  # 16 HCP, 4333


def holds(text: str, hand: Hand = HAND) -> bool:
    return parse_condition(text).holds(hand)


# -- the syntax, as bridge players write it -----------------------------------


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("15-17 hcp, balanced", "15\u201317 HCP, balanced"),
        ("hcp 15-17", "15\u201317 HCP"),
        ("HCP 15\u201317", "15\u201317 HCP"),
        ("12+ hcp", "12+ HCP"),
        ("10- hcp", "at most 10 HCP"),
        ("hcp 16", "16 HCP"),
        ("points 17+", "17+ points"),
        ("hcp(4.5-3-1.5-0.75-0.25) 10-13", "10\u201313 HCP (4.5-3-1.5-0.75-0.25)"),
        ("6+ hearts", "6+ hearts"),
        ("spades 4", "4 spades"),
        ("1 club", "1 club"),
        ("5+ !h or 5+ \u2660", "5+ hearts or 5+ spades"),
        ("6+ M", "6+ cards in a major"),
        ("0-1 suit", "0\u20131 cards in the suit bid"),
        ("1- suit", "at most 1 card in the suit bid"),
        ("1 M", "1 card in a major"),
        ("1- hearts", "at most 1 heart"),
        ("semi-balanced", "semi-balanced"),
        ("unbalanced", "unbalanced"),
        ("5431", "shape 5431"),
        ("(54)xx", "shape (54)xx"),
        ("(4432)", "shape (4432)"),
        ("4M(xx)5", "shape 4M(xx)5"),
        ("hearts > spades", "hearts longer than spades"),
        ("hearts >= spades", "hearts at least as long as spades"),
        ("hearts + spades > diamonds + clubs", "hearts + spades > diamonds + clubs"),
        ("2*spades - hearts >= 3", "2\u00d7spades - hearts \u2265 3"),
        ("10 <= hcp <= 12", "10\u201312 HCP"),
        ("12-14 hcp, balanced or 5+ clubs", "12\u201314 HCP, balanced or 5+ clubs"),
        ("12-14 hcp and balanced or 5+ clubs", "12\u201314 HCP and balanced or 5+ clubs"),
        ("(12-14 hcp or 5+ clubs), not 4+ spades", "12\u201314 HCP or 5+ clubs, not 4+ spades"),
        (
            "(12-14 hcp or 5+ clubs) and not 4+ spades or 20+ hcp",
            "(12\u201314 HCP or 5+ clubs) and not 4+ spades or 20+ HCP",
        ),
        ("not (balanced and 15-17 hcp)", "not (balanced and 15\u201317 HCP)"),
    ],
)
def test_conditions_read_and_say_in_plain_words(written: str, words: str) -> None:
    assert parse_condition(written).describe() == words


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("15-17 hcp, balanced", True),
        ("16 hcp and 4333", True),
        ("(4333)", True),
        ("4M(xx)3", True),  # four spades, three clubs
        ("4M(xx)4", False),
        ("(54)xx", False),
        ("hearts > spades", False),
        ("spades >= hearts", True),
        ("hearts + spades > diamonds + clubs", True),  # 7 against 6
        ("unbalanced", False),
        ("semi-balanced", True),
        ("5+ M", False),
        ("4 M", True),
        ("points 16", True),
        ("hcp(4.5-3-1.5-0.75-0.25) 16.75", True),  # 9 + 3+3+3 ... counted below
        ("not balanced or 20+ hcp", False),
        ("any", True),
    ],
)
def test_conditions_on_a_hand(written: str, expected: bool) -> None:
    if written.startswith("hcp(4.5"):  # A=4.5 K=3x3 Q=1.5 J=0.75 T=0.25: 4.5+9+1.5+0.75+0.25
        assert HAND.hcp(Scale(4.5, 3, 1.5, 0.75, 0.25)) == 16
        written = "hcp(4.5-3-1.5-0.75-0.25) 16"
    assert holds(written) is expected


def test_a_comma_binds_loosest_as_in_prose() -> None:
    weak = Hand.from_pbn("Q32.Q32.Q32.Q432")  # 8 HCP, balanced
    assert not holds("12-14 hcp, balanced or 5+ clubs", weak)
    assert holds("12-14 hcp and balanced or 8 hcp", weak)
    assert not holds("12-14 hcp, balanced or 8 hcp", weak)


def test_points_count_length_over_four() -> None:
    hand = Hand.from_pbn("AKJ952.K6.Q4.T52")  # 13 HCP, six spades
    assert holds("points 15", hand)
    assert holds("6+ spades, 13 hcp, semi-balanced, not balanced, 6(xxx)", hand)
    assert not holds("6322", hand)
    assert holds("semi-balanced", Hand.from_pbn("AKJ952.K6.Q43.T2"))


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("15-17 hcpp", "'hcpp'"),
        ("hcp 17-15", "runs backwards"),
        ("5430", "does not add up to 13"),
        ("hcp >", "stops where"),
        ("balanced and", "stops where a condition should come"),
        ("(hcp 15", "')' should come"),
        ("15-17 hcp balanced", "'balanced'"),
        ("hcp(4.5-3-1.5-0.75-0.25-1-2) 10", "a scale gives"),
        ("6+ W", "'W'"),
        ("\u00a7", "means nothing"),
        ("16+ freakiness hcp", "'freakiness hcp': points counted with freakiness are written 'freakiness points'"),
        ("playing 7", "'7' in 'playing 7': 'tricks' (as in '7+ playing tricks') should come there"),
        ("7+ tricks in", "stops where a suit (as in '2+ tricks in hearts') should come"),
        ("2+ tricks in trumps", "'trumps' in '2+ tricks in trumps': a suit"),
        ("7+ playing", "stops where 'tricks' (as in '7+ playing tricks') should come"),
    ],
)
def test_bad_conditions_are_plain_words_not_tracebacks(written: str, says: str) -> None:
    with pytest.raises(BMLError) as caught:
        parse_condition(written)
    assert says in caught.value.message
    assert caught.value.kind is Kind.SYNTAX
    assert caught.value.message.startswith("the hand condition {{")


def test_finding_a_condition_at_the_end_of_a_line() -> None:
    assert find_condition("weak two {{ 6+ M }}") == ("weak two", " 6+ M ")
    assert find_condition("no braces here") == ("no braces here", None)
    assert find_condition("{{ not at the end }} then words") == ("{{ not at the end }} then words", None)


# -- conditions in tables -----------------------------------------------------


def test_rows_carry_their_conditions_and_descriptions_lose_them() -> None:
    document = parse_text(NOTES, "notes.bml")
    assert not document.problems
    one_club, one_notrump, two_major = document.bid_tables[0].rows
    assert one_club.description.text == "16+ any shape"
    assert one_club.condition is not None and one_club.condition.location is not None
    assert one_club.condition.location.line == 1
    assert one_notrump.description.text == "15-17, may have a 5-card major"
    assert one_notrump.condition is not None and one_notrump.condition.location is not None
    assert one_notrump.condition.location.line == 3
    assert one_notrump.children[0].condition is not None
    assert two_major.condition is not None and two_major.condition.source == "6+ M, 5-10 hcp, not 4+ oM"


def test_a_pattern_row_binds_its_suit_per_bid() -> None:
    system = expand(parse_text(NOTES, "notes.bml"))
    weak = {str(m.sequence): m for m in system if m.sequence.notation().startswith("2")}
    assert weak["2H"].condition is not None and weak["2S"].condition is not None
    assert weak["2H"].condition.describe() == "6+ hearts, 5\u201310 HCP, not 4+ spades"
    assert weak["2S"].condition.describe() == "6+ spades, 5\u201310 HCP, not 4+ hearts"
    six_hearts = Hand.from_pbn("K2.KQJ942.843.72")
    assert weak["2H"].condition.holds(six_hearts)
    assert not weak["2S"].condition.holds(six_hearts)
    assert weak["2H-(P)-2N"].condition is not None


def test_unbound_major_means_either_major() -> None:
    condition = parse_condition("5+ M, 4+ oM")
    assert condition.holds(Hand.from_pbn("KQ432.AJ54.32.72"))
    assert condition.bind({"M": Strain.HEARTS}).describe() == "5+ hearts, 4+ spades"
    assert not condition.bind({"M": Strain.HEARTS}).holds(Hand.from_pbn("KQ432.AJ54.32.72"))


def test_a_bad_condition_is_located_and_the_row_stands() -> None:
    document = parse_text("1N = strong\n     {{ 15-17 hcpp }}\n  2C = Stayman\n", "notes.bml")
    (problem,) = document.problems
    assert str(problem.location) == "notes.bml:2"
    assert "'hcpp'" in problem.message
    row = document.bid_tables[0].rows[0]
    assert row.description.text == "strong" and row.condition is None
    assert row.children[0].description.text == "Stayman"


@pytest.mark.parametrize(
    ("notes", "line", "said"),
    [
        ("1C  12-21 {{12-14 hcp\n  1D  negative\n", 1, "'{{12-14 hcp' has no closing }}"),
        ("1N  15-17\n    {{ 15-17 hcp, balanced\n  2C  Stayman\n", 2, "'{{ 15-17 hcp, balanced' has no closing }}"),
        ("1C  {{16+ hcp}} strong\n  1D  negative\n", 1, "must end the meaning, and '{{16+ hcp}} strong' goes on"),
    ],
)
def test_a_condition_typed_wrong_is_said_and_kept_as_words(notes: str, line: int, said: str) -> None:
    """A ``{{`` that opens no condition is a typo the author must hear of; what was
    written stays in the meaning (nothing lost), and the next rows are read."""
    document = parse_text(notes, "notes.bml")
    (problem,) = document.problems
    assert str(problem.location) == f"notes.bml:{line}" and said in problem.message
    assert "no hand is checked against it" in problem.message
    row = document.bid_tables[0].rows[0]
    assert "{{" in row.description.text and row.condition is None
    assert row.children[0].description.text in {"negative", "Stayman"}


def test_two_conditions_on_a_row_must_both_hold() -> None:
    row = parse_text("1N = strong {{ 15-17 hcp }}\n     {{ balanced }}\n", "n.bml").bid_tables[0].rows[0]
    assert row.condition is not None
    assert row.condition.describe() == "15\u201317 HCP, balanced"


def test_a_row_without_description_may_have_a_condition() -> None:
    row = parse_text("1N {{ 15-17 hcp }}\n", "n.bml").bid_tables[0].rows[0]
    assert not row.description and row.condition is not None


def test_conditions_do_not_leak_into_bss_or_bboalert() -> None:
    system = expand(parse_text(NOTES, "notes.bml"))
    for text in (write_bss(system), write_bboalert(system)):
        assert "{{" not in text and "hcp" not in text
    assert "weak two" in write_bss(system)


def test_the_bml_writer_keeps_the_condition() -> None:
    document = parse_text(NOTES, "notes.bml")
    written = write_bml(document)
    again = parse_text(written, "again.bml")
    assert not again.problems
    before = [m.condition and m.condition.describe() for m in expand(document)]
    after = [m.condition and m.condition.describe() for m in expand(again)]
    assert before == after


def test_bridge_markup_still_reads_notes_with_conditions(reference: ModuleType, tmp_path: Path) -> None:
    """bridge-markup 2.7.0 reads the same rows (it shows the braces as text, its choice)."""
    source = tmp_path / "notes.bml"
    source.write_text(NOTES, encoding="utf-8")
    output = tmp_path / "notes.bss"
    reference.bml2bss(str(source), str(output))
    theirs = output.read_text(encoding="utf-8")
    ours = write_bss(expand(parse_text(NOTES, "notes.bml")))
    sequences = [line.split(",")[0][:12] for line in ours.splitlines()[1:]]
    for sequence in sequences:
        assert sequence in theirs


# -- evaluation checked against endplay's ------------------------------------


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_evaluation_agrees_with_endplay_on_random_hands() -> None:
    evaluate = needs("endplay.evaluate")
    generate = needs("endplay.dealer.generate")
    chimaera = [4.5, 3, 1.5, 0.75, 0.25] + [0] * 8
    rng = random.Random(7)
    for _ in range(200):
        deal = generate.generate_deal(seed=rng.randrange(2**31))
        hand = deal.north
        ours = Hand.from_pbn(hand.to_pbn())
        assert ours.hcp() == evaluate.hcp(hand)
        assert ours.hcp(Scale(4.5, 3, 1.5, 0.75, 0.25)) == pytest.approx(evaluate.hcp(hand, list(chimaera)))
        assert holds("balanced", ours) is evaluate.is_balanced(hand)
        spades, hearts = len(hand.spades), len(hand.hearts)
        assert holds("spades > hearts", ours) is (spades > hearts)
        assert holds(f"spades {spades}, hearts {hearts}", ours)
        assert holds("".join(str(len(h)) for h in (hand.spades, hand.hearts, hand.diamonds, hand.clubs)), ours)


# -- braces of the meaning -------------------------------------------------------------


@given(st.text(alphabet="{}\\ ab", max_size=30))
def test_braces_written_after_a_backslash_read_back_as_written(text: str) -> None:
    escaped = escape_braces(text)
    assert condition_opening(escaped) == -1
    assert find_condition(escaped) == (text, None)


def test_a_backslash_before_a_brace_keeps_the_braces_in_the_meaning() -> None:
    assert find_condition("Strong \\{{ 0+ hcp }}") == ("Strong {{ 0+ hcp }}", None)
    assert find_condition("a \\{{ b }} {{ 12+ hcp }}") == ("a {{ b }}", " 12+ hcp ")
    assert find_condition("C:\\dir {{ 12+ hcp }}") == ("C:\\dir", " 12+ hcp ")
