"""Reading BBOalert files into BML: our own export back, and files written by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.formats.bboalert import write_bboalert
from sphinx_bml.formats.bboalert_reader import BBOalertNotes, build_document, read_bboalert_notes
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Sequence
from sphinx_bml.language.errors import BMLError
from sphinx_bml.language.model import ANY_VULNERABILITY, Seat, Vulnerability
from sphinx_bml.language.notation import short_notation

PARTNERSHIP = Path(__file__).parent / "bboalert" / "partnership.txt"

#: Notes with what the writer has to take care of: seats and vulnerabilities, their openings,
#: long explanations (cut at a space and inside a word), characters BBOalert would read as its own.
NOTES = """\
#+TITLE: Our <Precision> & more

1C  16+, any shape
  1D  0--7, artificial
  1HS  5+ cards, 8+
1N  14--16
  2C  Stayman
    2D  no major
    2H  4 !h, may have 4 !s
  2D  Transfer to 2H, or the start of a strong hand with long hearts and slam interest
  3C  Puppet#Stayman @T-like, 50% of the time, 100% sure: C:\\
  3D  Both <b>minors</b> &amp; more
  (D)
    R  Strength, 10+ hcp: we may double them
  4N  Supercalifragilisticexpialidocious-quantitative-invitation-to-six-no-trump-and-more

(1S)
  2S  Michaels: 5-5 in !h and a minor

#SEAT 34
1S  Light, 4+ !s
  2C  Drury

#SEAT 3
1H  Very light

#SEAT 0
#VUL Y0
2H  Sound weak two
"""


def back_to_bml(text: str) -> tuple[BBOalertNotes, str]:
    notes = read_bboalert_notes(text, "export.txt")
    return notes, write_bml(build_document(notes), notes=notes.notes)


def test_our_export_comes_back_the_same() -> None:
    exported = write_bboalert(expand(parse_text(NOTES)))
    assert "Option,3rd_or_4th_seat_@3@4" in exported and "#" in exported and "&amp;" in exported
    notes, bml = back_to_bml(exported)
    assert not notes.problems and not notes.kept
    document = parse_text(bml, "back.bml")
    assert not document.problems
    assert write_bboalert(expand(document)) == exported


def test_passes_before_the_opening_are_its_seat() -> None:
    notes = read_bboalert_notes("BBOalert\n----,1S,Light\n--1S,Db,Takeout\n--,--,Nothing to say\n")
    found = [(short_notation(alert.sequence), alert.seat) for alert in notes.alerts]
    assert found == [("1S", Seat.THIRD), ("(1S)-D", Seat.SECOND), ("(P)-P", Seat.ANY)]
    assert not notes.problems


def test_options_with_tags_are_seats_and_vulnerabilities() -> None:
    text = (
        "BBOalert\nOption,Third_and_fourth_@3@4@n@V\n,1S,Light\nOption\n,1S,Sound\nOption,Seat_1_or_3_@1@3\n,2D,Weak\n"
    )
    notes = read_bboalert_notes(text, "options.txt")
    assert [(alert.seat, alert.vulnerability, alert.text) for alert in notes.alerts] == [
        (Seat.THIRD_OR_FOURTH, Vulnerability(False, True), "Light"),
        (Seat.ANY, ANY_VULNERABILITY, "Sound"),
    ]
    assert [(problem.location.line, problem.message) for problem in notes.problems if problem.location] == [
        (
            7,
            "in the option 'Seat_1_or_3_@1@3', for seats that BML cannot write as one #SEAT: BML has no place "
            "for it; the line is kept as a comment",
        )
    ]
    assert notes.notes[-2:] == ["line 6: Option,Seat_1_or_3_@1@3", "line 7: ,2D,Weak"]


def test_a_hand_written_file_converts_the_rest_and_reports_each_line() -> None:
    notes = read_bboalert_notes(PARTNERSHIP.read_text(encoding="utf-8"), "partnership.txt")
    reported = {problem.location.line: problem.message for problem in notes.problems if problem.location}
    assert sorted(reported) == [22, 35, 37, 38, 39, 40, 41, 42, 43]
    assert "BBOalert's 'Trusted' line" in reported[37]
    assert "'1[CDHS]--' is a wildcard or a regular expression" in reported[39]
    assert "'*' is a wildcard or a regular expression" in reported[40]
    assert "runs a script" in reported[41]
    assert "@T" in reported[43]
    kept = [line for _, line in notes.kept]
    for number in reported:  # every reported line is kept as the file gives it
        assert PARTNERSHIP.read_text(encoding="utf-8").splitlines()[number - 1] in kept
    alerts = {(short_notation(alert.sequence), alert.seat, alert.vulnerability): alert for alert in notes.alerts}
    assert alerts["1S", Seat.THIRD, ANY_VULNERABILITY].text == "Light: 4+ !S in third seat"
    assert alerts["1C-1D", Seat.ANY, ANY_VULNERABILITY].text == "Negative: 0-7 HCP"  # the later record
    assert alerts["2H", Seat.ANY, Vulnerability(False, None)].text == "Weak two: 5-10 HCP"
    assert alerts["2S", Seat.THIRD_OR_FOURTH, ANY_VULNERABILITY].line == 32
    assert alerts["1NT-3C", Seat.ANY, ANY_VULNERABILITY].text == "Both minors"  # before the HTML
    assert alerts["1NT-3D", Seat.ANY, ANY_VULNERABILITY].text == "Slam try"  # without @T
    assert alerts["1NT-(2C)-D", Seat.ANY, ANY_VULNERABILITY].text == "Stayman (over their 2!C)"
    assert alerts["(1S)-2S", Seat.ANY, ANY_VULNERABILITY].sequence == Sequence(
        alerts["(1S)-2S", Seat.ANY, ANY_VULNERABILITY].sequence.calls, we_open=False
    )
    assert notes.title == "2/1 with Anna & Ben"
    _, bml = back_to_bml(PARTNERSHIP.read_text(encoding="utf-8"))
    assert "// line 37: Trusted" in bml and "// line 39: 1[CDHS]--,1N,6-10 HCP; no fit" in bml
    assert not parse_text(bml).problems


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Transfer to 2!H; or the start of a strong hand with long hearts and#slam interest", None),
        ("A" * 69 + "#BC", "A" * 69 + "BC"),  # our writer cut inside a word too long for the box
        ("Stayman#asks for a major", "Stayman asks for a major"),
        ("Stayman &lt;3 &amp; co", "Stayman <3 & co"),
    ],
)
def test_box_and_chat_are_joined_back(written: str, shown: str | None) -> None:
    (alert,) = read_bboalert_notes(f"BBOalert\n1N--,2D,{written}\n").alerts
    assert alert.text == (shown or written.replace("#", " "))


def test_a_line_ending_in_a_backslash_goes_on() -> None:
    notes = read_bboalert_notes("BBOalert\n,1C,Strong \\\nclub\n,1D,Natural\n")
    assert [(alert.text, alert.line) for alert in notes.alerts] == [("Strong club", 2), ("Natural", 4)]


@pytest.mark.parametrize("text", ["", "\n\n", "*00{System}=NYYYYYY\n001C=NYYYYYY0\n", ",1C,Strong\n"])
def test_a_file_of_another_kind(text: str) -> None:
    with pytest.raises(BMLError, match="this is not a BBOalert file: its first line must be 'BBOalert'"):
        read_bboalert_notes(text, "other.txt")


def test_auctions_that_cannot_be_bid_and_a_seat_the_option_contradicts() -> None:
    text = "BBOalert\n--------,1C,Never\n2C,1S,Nonsense\nOption,Third_@3\n--,1S,Second seat\nOption\n"
    notes = read_bboalert_notes(text, "x.txt")
    assert not notes.alerts
    assert [problem.location.line for problem in notes.problems if problem.location] == [2, 3, 5]
    assert "the auction is over" in notes.problems.items[0].message
    assert "1S after 2C is not a sufficient bid" in notes.problems.items[1].message
    assert "say 2nd seat, the option 'Third_@3' says 3rd seat" in notes.problems.items[2].message
