"""A pattern whose one call the auction above fixes is as specific as a call written out.

Under a pattern head, ``2M`` after ``1M-2Y`` is 2♠ after 1♠: one call, not a
general rule. A ``2S = (after 1H) natural`` row beside it, meant for the 1♥
branch, used to take the 1♠ branch's 2♠ in silence, its answers gone from the
``.bss``. The two rows are now read as the same two rows under a plain head
(``1S-2C;``): the first stands, and the second is a conflict naming both lines.
A pattern that may stand for several calls (``2X``, ``2HS``, ``2M`` as a new
major) is still a general rule that a call written out beside it takes the
place of, whatever the order.
"""

from __future__ import annotations

from types import ModuleType

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.site import Conflict, Page, Site
from sphinx_bml.language.system import System
from tests.support import bml2bss, bss_records

RAISE = """1M-2Y;
2M  weak raise, forcing
  2N  asks
  3C  minimum
  3D  maximum
  3M  six trumps
  4M  to play
2S  (after 1H) natural, extras
2N  balanced
"""


def expanded(text: str) -> tuple[System, list[str]]:
    document = parse_text(text, "s.bml")
    system = expand(document)
    return system, [str(problem) for problem in document.problems]


def conflicts(text: str) -> list[Conflict]:
    system, _ = expanded(text)
    return Site.build(["s"], {"s": Page(tuple(system), tuple(system.overruled))}).conflicts


def described(system: System) -> dict[str, str]:
    return {m.sequence.notation(): m.description.text for m in system if m.description}


def test_the_written_out_row_after_the_pattern_is_a_conflict_naming_both_lines() -> None:
    found = conflicts(RAISE)
    assert [(c.later.sequence.notation(), c.later.location.line, c.first.location.line) for c in found] == [
        ("1S-(P)-2C-(P)-2S", 8, 2),
        ("1S-(P)-2D-(P)-2S", 8, 2),
        ("1S-(P)-2H-(P)-2S", 8, 2),
    ]
    assert not any(conflict.hidden_by_rule for conflict in found)


def test_the_first_row_stands_with_its_answers_in_every_branch() -> None:
    system, problems = expanded(RAISE)
    assert problems == []
    meanings = described(system)
    assert meanings["1S-(P)-2C-(P)-2S"] == "weak raise, forcing"
    for branch in ("1S-(P)-2C", "1S-(P)-2D", "1S-(P)-2H", "1H-(P)-2C", "1H-(P)-2D"):
        major = "S" if branch.startswith("1S") else "H"
        answers = [f"{branch}-(P)-2{major}-(P)-{call}" for call in ("2N", "3C", "3D", f"3{major}", f"4{major}")]
        assert [answer for answer in answers if answer not in meanings] == [], branch
    assert meanings["1H-(P)-2C-(P)-2S"] == "(after 1H) natural, extras"


def test_as_under_a_plain_head() -> None:
    plain = "1S-2C;\n2S  weak raise, forcing\n  2N  asks\n2S  (after 1H) natural, extras\n"
    (conflict,) = conflicts(plain)
    (pattern, *_) = conflicts(RAISE)
    assert (conflict.later.location.line, conflict.first.location.line) == (4, 2)
    assert (conflict.later.description, conflict.first.description) == (
        pattern.later.description,
        pattern.first.description,
    )


def test_the_written_out_row_first_is_a_conflict_too_and_stands() -> None:
    text = "1M-2Y;\n2S  (after 1H) natural, extras\n2M  weak raise, forcing\n  2N  asks\n"
    found = conflicts(text)
    assert [(c.later.sequence.notation(), c.later.location.line, c.first.location.line) for c in found] == [
        ("1S-(P)-2C-(P)-2S", 3, 2),
        ("1S-(P)-2D-(P)-2S", 3, 2),
        ("1S-(P)-2H-(P)-2S", 3, 2),
    ]
    system, _ = expanded(text)
    assert described(system)["1S-(P)-2C-(P)-2S"] == "(after 1H) natural, extras"


def test_a_variable_given_its_suit_by_a_row_above_and_steps_too() -> None:
    (conflict,) = conflicts("1M  five cards\n  2M  raise\n  2S  natural\n")
    assert conflict.later.sequence.notation() == "1S-(P)-2S"
    (conflict,) = conflicts("1C-1D-\n1step  relay\n1H  natural\n")
    assert (conflict.later.sequence.notation(), conflict.first.description.text) == ("1C-(P)-1D-(P)-1H", "relay")


def test_the_other_minor_once_the_minor_has_its_suit() -> None:
    (conflict,) = conflicts("1m-\n2om  natural\n2D  inverted raise\n")
    assert conflict.later.sequence.notation() == "1C-(P)-2D"


def test_a_general_rule_still_gives_way_to_a_call_written_out_in_silence() -> None:
    """``2X`` beside ``2C``, ``2HS`` beside ``2S``, ``2M`` as a new major: whatever the order."""
    for text in ("1N-\n2X  natural\n2C  Stayman\n", "1N-\n2HS  natural\n2S  relay\n", "1C-\n1M  natural\n1H  relay\n"):
        _, problems = expanded(text)
        assert problems == [] and conflicts(text) == [], text


def test_bridge_markup_keeps_the_first_row_too(reference: ModuleType) -> None:
    """The reference gives the pattern's 2M the 1S branch as we do now (the first row a
    level processes keeps its bid), in silence."""
    theirs = bss_records(bml2bss(reference, RAISE))
    system, _ = expanded(RAISE)
    ours = bss_records(write_bss(system))
    assert ours["001SP2CP2S"] == theirs["001SP2CP2S"]
    assert ours["001SP2CP2S"].endswith("weak raise, forcing")
    # the reference writes 2H and 2S after 1H-2S (not sufficient bids): we leave them out
    assert {code for code in theirs if code not in ours} == {
        "001HP2SP2S",
        "001HP2SP2H",
        *(f"001HP2SP2HP{call}" for call in ("2N", "3C", "3D", "3H", "4H")),
    }
    assert ours.keys() <= theirs.keys()
