"""Opponents' calls with a meaning: (2C{Landy}) is its own sequence, in BML, BSS and references."""

from __future__ import annotations

import pytest

from sphinx_bml.formats.bboalert import write_bboalert
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import ANY_VULNERABILITY, Seat
from sphinx_bml.language.notation import anchor, label, parse_reference

NOTES = """\
#+TITLE: Defence to 1NT interference

1N  15-17
  (2C{Landy})  both majors
    D  penalty of at least one major
    3C  natural, forcing
  (2C)  natural
    D  takeout
  (2D{Multi})  a weak two in a major
    D  13-15 balanced, or strong
"""


def meanings(text: str) -> dict[str, str]:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(problem) for problem in document.problems]
    return {m.sequence.notation(): m.description.text for m in expand(document)}


def test_a_qualified_call_has_its_own_sequences() -> None:
    assert meanings(NOTES) == {
        "1N": "15-17",
        "1N-(2C{Landy})": "both majors",
        "1N-(2C{Landy})-D": "penalty of at least one major",
        "1N-(2C{Landy})-3C": "natural, forcing",
        "1N-(2C)": "natural",
        "1N-(2C)-D": "takeout",
        "1N-(2D{Multi})": "a weak two in a major",
        "1N-(2D{Multi})-D": "13-15 balanced, or strong",
    }


def test_no_conflict_with_the_plain_call() -> None:
    system = expand(parse_text(NOTES, "notes.bml"))
    assert system.overruled == []


def test_written_to_bss_as_the_format_says_and_read_back_exactly() -> None:
    system = expand(parse_text(NOTES, "notes.bml"))
    bss = write_bss(system)
    assert "001N2C{Landy}D=NYYYYYY0penalty of at least one major" in bss.splitlines()
    assert "001N2CD=NYYYYYY0takeout" in bss.splitlines()
    document = build_document(read_bss(bss, "notes.bss"))
    assert list(document.problems) == []
    bml = write_bml(document)
    assert "(2C{Landy})" in bml
    assert meanings(bml) == meanings(NOTES)
    assert write_bss(expand(parse_text(bml, "again.bml"))) == bss


def test_a_wbridge5_record_with_a_qualification_is_not_merged() -> None:
    bss = (
        "*00{W5}=NYYYYYY\n"
        "*002C{Natural}3C=NYYYYYY008Natural, to play\n"
        "*002C3C=NYYYYYY008Both minors\n"
        "*002C{Natural}4C=NYYYYYY008Preemptive raise\n"
    )
    document = build_document(read_bss(bss, "w5.bss"))
    assert list(document.problems) == []
    read = meanings(write_bml(document))
    assert read["(2C{Natural})-3C"] == "Natural, to play"
    assert read["(2C)-3C"] == "Both minors"
    assert read["(2C{Natural})-4C"] == "Preemptive raise"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1N{strong}  15-17", "only the opponents' calls carry a meaning in braces"),
        ("(P{forcing})  x", "a pass carries no meaning in braces"),
        ("(2C{})  x", "the braces are empty"),
    ],
)
def test_misplaced_braces_are_located_problems(row: str, message: str) -> None:
    document = parse_text(f"1C  Strong\n  1D  negative\n  {row}\n", "notes.bml")
    (problem,) = document.problems
    assert problem.location is not None and problem.location.line == 3
    assert message in problem.message


def test_references_anchors_and_labels() -> None:
    reference = parse_reference("1N-(2C{Landy})-D")
    assert reference.target == "1NT-(2C{Landy})-D"
    assert anchor(Seat.ANY, ANY_VULNERABILITY, reference.sequence) == "bml-1n-2c--landy-d"
    assert anchor(Seat.ANY, ANY_VULNERABILITY, parse_reference("1N-(2C)-D").sequence) == "bml-1n-2c-d"
    assert label(reference.sequence) == "1NT–(2♣ Landy)–Dbl"
    with pytest.raises(Exception, match="only an opponents' call"):
        parse_reference("1N{strong}-2C")


def test_bboalert_leaves_them_out() -> None:
    """BBOalert cannot tell a 2C that shows the majors from a natural one."""
    text = write_bboalert(expand(parse_text(NOTES, "notes.bml")))
    assert "takeout" in text
    assert "penalty of at least one major" not in text
