"""One rule for every line-based reader: a line ends at \\n, \\r\\n or \\r, as BML and BBOalert end
them. A form feed, a vertical tab, U+2028, U+0085 (which Python's ``str.splitlines`` takes for
line ends) inside a meaning neither cut it nor move the lines after it."""

from __future__ import annotations

import pytest

from sphinx_bml.formats.bboalert_reader import read_bboalert_notes
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.notation import short_notation

#: What Python's str.splitlines splits at, besides \n, \r\n and \r.
NOT_LINE_ENDS = ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"]


@pytest.mark.parametrize("inside", NOT_LINE_ENDS)
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_bboalert_explanation(inside: str, end: str) -> None:
    text = end.join(["BBOalert", f"1N--,2C,Stayman{inside}asks for a major", "1N--,2D,Transfer", ""])
    notes = read_bboalert_notes(text, "ours.txt")
    assert [(alert.line, short_notation(alert.sequence), alert.text) for alert in notes.alerts] == [
        (2, "1NT-2C", "Stayman asks for a major"),  # one line in the bidding box: a space
        (3, "1NT-2D", "Transfer"),
    ]
    assert not notes.left


@pytest.mark.parametrize("inside", NOT_LINE_ENDS)
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_bss_meaning(inside: str, end: str) -> None:
    text = end.join(["*00{Club}=NYYYYYY", f"001C=NYYYYYY0082+!c{inside}natural", "001D=NYYYYYY0084+!d", ""])
    bss = read_bss(text, "ours.bss")
    assert [(record.line, record.description.text) for record in bss.sequences] == [
        (2, f"2+!c{inside}natural"),
        (3, "4+!d"),
    ]


@pytest.mark.parametrize("inside", NOT_LINE_ENDS)
def test_a_bml_meaning_and_writing_it_again(inside: str) -> None:
    document = parse_text(f"1N  15-17{inside}balanced\n  2C  Stayman\n", "notes.bml")
    meanings = [(m.location.line, m.description.text) for m in expand(document)]
    assert meanings[-1] == (2, "Stayman")
    assert inside in meanings[0][1] and meanings[0][1].endswith("balanced")
    # a .bss file of those notes, read and written as BML again, keeps the meaning on its line
    bss = read_bss(f"*00{{Club}}=NYYYYYY\n001N=NYYYYYY015-17{inside}balanced\n001NP2C=NYYYYYY008Stayman\n", "n.bss")
    written = write_bml(build_document(bss))
    assert [(m.sequence.notation(), m.description.text) for m in expand(parse_text(written, "n.bml"))] == [
        ("1N", f"15-17{inside}balanced"),
        ("1N-(P)-2C", "Stayman"),
    ]
