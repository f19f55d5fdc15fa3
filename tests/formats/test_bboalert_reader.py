"""Reading BBOalert files into BML: our own export back, and files written by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.bboalert import numbered_lines, write_bboalert
from sphinx_bml.formats.bboalert_reader import (
    BBOalertNotes,
    alternative_notes,
    build_document,
    commented_alternatives,
    read_bboalert_notes,
)
from sphinx_bml.formats.bboalert_report import Reason, report_lines
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Sequence
from sphinx_bml.language.errors import BMLError
from sphinx_bml.language.model import ANY_VULNERABILITY, Seat, Vulnerability
from sphinx_bml.language.notation import short_notation

PARTNERSHIP = Path(__file__).parent / "bboalert" / "partnership.txt"
#: A partnership's whole system in untagged option groups, as players keep it (see the file's own comments).
CLUB = Path(__file__).parent / "bboalert" / "club_partnership.txt"

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
    assert not notes.left and not notes.kept and not notes.alternatives
    document = parse_text(bml, "back.bml")
    assert not document.problems
    assert write_bboalert(expand(document)) == exported


def test_a_script_of_several_lines_is_kept_whole_as_a_command() -> None:
    """A practice button's script (as the ``bboalert`` builder writes it): no line of its code is read
    as a record, even one with three fields, nor a line of free text."""
    text = (
        "BBOalert\n,1N,15-17\nScript,practice\nsetDealerCode(`\n# a comment, with commas, and more\n"
        'condition hcp(south) >= 15\n`, "S", true);\nScript\nButton,1NT,1NT%practice%,width=50%\n1N--,2C,Stayman\n'
    )
    notes = read_bboalert_notes(text, "buttons.txt")
    assert [short_notation(alert.sequence) for alert in notes.alerts] == ["1NT", "1NT-2C"]
    assert [(left.reason, left.command, left.line) for left in notes.left] == [
        (Reason.COMMAND, "Script", line) for line in range(3, 9)
    ] + [(Reason.COMMAND, "Button", 9)]


def test_passes_before_the_opening_are_its_seat() -> None:
    notes = read_bboalert_notes("BBOalert\n----,1S,Light\n--1S,Db,Takeout\n--,--,Nothing to say\n")
    found = [(short_notation(alert.sequence), alert.seat) for alert in notes.alerts]
    assert found == [("1S", Seat.THIRD), ("(1S)-D", Seat.SECOND), ("(P)-P", Seat.ANY)]
    assert not notes.left


def test_options_with_tags_are_seats_and_vulnerabilities() -> None:
    text = (
        "BBOalert\nOption,Third_and_fourth_@3@4@n@V\n,1S,Light\nOption\n,1S,Sound\nOption,Seat_1_or_3_@1@3\n,2D,Weak\n"
    )
    notes = read_bboalert_notes(text, "options.txt")
    assert [(alert.seat, alert.vulnerability, alert.text) for alert in notes.alerts] == [
        (Seat.THIRD_OR_FOURTH, Vulnerability(False, True), "Light"),
        (Seat.ANY, ANY_VULNERABILITY, "Sound"),
    ]
    assert [(item.reason, item.line, item.detail) for item in notes.reported] == [
        (Reason.SEATS, 7, "in the option 'Seat_1_or_3_@1@3', whose seats BML cannot write")
    ]
    assert notes.notes[-2:] == ["line 6: Option,Seat_1_or_3_@1@3", "line 7: ,2D,Weak"]


def test_a_hand_written_file_converts_the_rest_and_reports_each_line() -> None:
    text = PARTNERSHIP.read_text(encoding="utf-8")
    notes = read_bboalert_notes(text, "partnership.txt")
    reported = {item.line: item for item in notes.reported}
    assert sorted(reported) == [22, 37, 38, 39, 40, 41, 42, 43]
    assert (reported[37].reason, reported[37].command) == (Reason.COMMAND, "Trusted")
    assert (reported[38].reason, reported[38].command) == (Reason.COMMAND, "Shortcut")
    assert [reported[line].reason for line in (22, 39, 40, 41, 42, 43)] == [
        Reason.TWICE,
        Reason.WILDCARD,
        Reason.WILDCARD,
        Reason.SCRIPT,
        Reason.EXPLANATION,
        Reason.EXPLANATION,
    ]
    assert "@T" in reported[43].detail
    kept = [line for _, line in notes.kept]
    for number in reported:  # every reported line is kept as the file gives it
        assert text.splitlines()[number - 1] in kept
    alerts = {(short_notation(alert.sequence), alert.seat, alert.vulnerability): alert for alert in notes.alerts}
    assert alerts["1S", Seat.THIRD, ANY_VULNERABILITY].text == "Light: 4+ !S in third seat"
    assert alerts["1C-1D", Seat.ANY, ANY_VULNERABILITY].text == "Negative: 0-7 HCP"  # the later record
    assert alerts["2H", Seat.ANY, Vulnerability(False, None)].text == "Weak two: 5-10 HCP"
    assert alerts["2S", Seat.THIRD_OR_FOURTH, ANY_VULNERABILITY].line == 32
    assert alerts["1NT-3C", Seat.ANY, ANY_VULNERABILITY].text == "Both minors"  # before the HTML
    assert alerts["1NT-3D", Seat.ANY, ANY_VULNERABILITY].text == "Slam try"  # without @T
    assert alerts["1NT-(2C)-D", Seat.ANY, ANY_VULNERABILITY].text == "Stayman (over their 2!C)"
    # an option without tags, the only one of its group: BBOalert has it on at import
    assert alerts["3NT", Seat.ANY, ANY_VULNERABILITY].text == "Gambling: a solid minor"
    assert alerts["(1S)-2S", Seat.ANY, ANY_VULNERABILITY].sequence == Sequence(
        alerts["(1S)-2S", Seat.ANY, ANY_VULNERABILITY].sequence.calls, we_open=False
    )
    assert notes.title == "2/1 with Anna & Ben"
    _, bml = back_to_bml(text)
    assert "// line 37: Trusted" in bml and "// line 39: 1[CDHS]--,1N,6-10 HCP; no fit" in bml
    assert "// line 34: Option,Anna_and_Ben_only" in bml  # the option's name, kept
    assert not parse_text(bml).problems


def meanings(bml: str) -> dict[str, str]:
    document = parse_text(bml, "notes.bml")
    assert not document.problems, [str(problem) for problem in document.problems]
    return {short_notation(m.sequence): m.description.text for m in expand(document) if m.description.text}


def test_what_bboalert_has_on_at_import_is_the_system() -> None:
    """The first option of each group of names with the same first word is on, the others are alternatives."""
    notes = read_bboalert_notes(CLUB.read_text(encoding="utf-8"), "club.txt")
    bml = write_bml(build_document(notes), notes=notes.notes)
    system = meanings(bml)
    # records outside options and in the first option of each group
    assert system["1NT"] == "12-14 balanced; may hold a five-card minor"
    assert system["1NT-2C"] == "Stayman: a four-card major or a weak hand with clubs"
    assert system["1C-1D"] == "4+ !d; 6+ HCP; one round forcing"  # better minor, not transfers
    assert system["2C-2D-2H"] == "Kokish: 5+ !h or 25+ balanced partner relays with 2S"
    assert system["1H-2NT"] == "Jacoby: 4+ !h; game forcing"
    assert "1H-3C" not in system  # Bergen raises: the other member of the group 'Majors:'
    assert system["(1C)-D"] == "Takeout of !c"  # vs (1C) natural, the first of the group 'vs'
    assert "(1NT)-2C" not in system and "(1NT)-D" not in system  # vs (1NT) weak and strong: same group
    assert system["(2D)-D"] == "Takeout of !s or 13-15 balanced"  # a group of its own
    assert system["4NT-5C"] == "0 or 3 key cards (1430)"  # Slam tools, on; the one for Jan is not
    assert system["1NT-(2C)-2D"] == "Transfer: 5+ !h"  # + takes the context of the record before, NT is N
    # options with tags: switched by seat and vulnerability
    seats = {(alert.seat, alert.vulnerability, short_notation(alert.sequence)) for alert in notes.alerts}
    assert (Seat.THIRD_OR_FOURTH, ANY_VULNERABILITY, "1H") in seats
    assert (Seat.ANY, Vulnerability(False, None), "2D") in seats
    assert (Seat.ANY, Vulnerability(True, None), "2H") in seats
    assert (Seat.FIRST_OR_SECOND, ANY_VULNERABILITY, "3C") in seats
    assert (Seat.THIRD_OR_FOURTH, ANY_VULNERABILITY, "3C") in seats  # off at import, converted, reported
    alternatives = {option.name: len(alerts) for option, alerts in notes.alternatives.items()}
    assert alternatives == {
        "Our 1NT 15-17": 7,
        "Minor openings: transfer responses to 1C": 3,
        "Majors: Bergen raises": 4,
        "vs (1C) short or Polish": 3,
        "vs (1NT) weak": 3,
        "vs (1NT) strong": 3,
        "Slam tools with Jan": 2,
    }
    listed = {item.text: item.detail for item in notes.left if item.reason is Reason.ALTERNATIVE}
    assert listed["Option,vs (1NT) strong"] == "an alternative to 'vs (1C) natural' (line 91): 3 records"
    (tagged,) = [item for item in notes.left if item.reason is Reason.TAGGED_OFF]
    assert (tagged.line, tagged.detail) == (131, "in the group of 'Preempts @1@2' (line 128)")


def test_the_alternatives_are_rows_commented_out() -> None:
    notes = read_bboalert_notes(CLUB.read_text(encoding="utf-8"), "club.txt")
    alternatives = list(alternative_notes(notes))
    ending = commented_alternatives(alternatives)
    bml = write_bml(build_document(notes), notes=notes.notes, after=ending)
    assert bml.endswith(ending)
    assert meanings(bml) == meanings(write_bml(build_document(notes), notes=notes.notes))  # nothing of them is read
    section = ending.split("\n\n// Option 'Our 1NT 15-17' (line 36), an alternative to 'Our 1NT 12-14' (line 24):\n")[1]
    section = section.split("\n\n// Option ")[0]
    assert all(line.startswith("//") for line in section.splitlines())
    played = "\n".join(line.removeprefix("//").removeprefix(" ") for line in section.splitlines())
    assert meanings(played) == {
        "1NT": "15-17 balanced",
        "1NT-2C": "Stayman",
        "1NT-2C-2D": "No four-card major",
        "1NT-2D": "Transfer: 5+ !h",
        "1NT-2H": "Transfer: 5+ !s",
        "1NT-2S": "Minor-suit Stayman",
        "1NT-(D)-R": "Business: 8+ HCP",
    }


@pytest.mark.parametrize(
    ("options", "on"),
    [
        (["Our 1NT 12-14", "Our 1NT 15-17"], ["Our 1NT 12-14"]),
        (["vs (1C) natural", "vs (2D) weak", "vs (1NT) strong"], ["vs (1C) natural"]),
        (["vs1NT weak", "vs1NT strong", "vs2D multi"], ["vs1NT weak", "vs2D multi"]),
        # a group is made of options next to each other: a word met again further down starts another
        (["Our 1NT 12-14", "Kokish", "Our 2C"], ["Our 1NT 12-14", "Kokish", "Our 2C"]),
        (["Recorded OFF", "Recorded ON"], ["Recorded OFF"]),
        # a separator is a button of its own, named without its @s
        (["Overcalls@s", "Overcalls 1NT", "vs1NT strong"], ["Overcalls@s", "vs1NT strong"]),
    ],
)
def test_options_are_grouped_by_their_first_word(options: list[str], on: list[str]) -> None:
    text = "BBOalert\n" + "".join(f"Option,{name}\n,{n + 1}C,Meaning {n}\n" for n, name in enumerate(options))
    notes = read_bboalert_notes(text + "Option\n", "groups.txt")
    switched_on = {alert.text for alert in notes.alerts}
    assert [name for n, name in enumerate(options) if f"Meaning {n}" in switched_on] == on
    assert [option.name for option in notes.alternatives] == [name for name in options if name not in on]


def test_an_option_named_again_adds_to_the_first_block_and_keeps_its_place() -> None:
    """Options declared at the top and filled in further down, as BBOalert's README shows."""
    text = (
        "BBOalert\nOption,NT weak,ann+bob\nOption,NT strong,ann+cyd\nOption\n"
        ",1C,Natural\nOption,NT strong\n,1N,15-17\nOption,NT weak\n,1N,12-14\nOption\n"
    )
    notes = read_bboalert_notes(text, "fragments.txt")
    assert [(alert.text, alert.line) for alert in notes.alerts] == [("Natural", 5), ("12-14", 9)]
    ((option, alerts),) = notes.alternatives.items()
    assert (option.name, option.line, [alert.text for alert in alerts]) == ("NT strong", 3, ["15-17"])
    partners = [(item.line, item.detail) for item in notes.left if item.reason is Reason.PARTNERS]
    assert partners == [
        (2, "BBOalert switches it on when you play with ann+bob"),
        (3, "BBOalert switches it on when you play with ann+cyd"),
    ]


def test_contexts_as_players_write_them() -> None:
    text = (
        "BBOalert\n"
        "1NT --,2C,Stayman\n"  # spaces and NT, as BBOalert reads them
        "+,2D,Transfer\n"  # + is the context of the record before
        "1!H--,2N,Jacoby\n"
        "1♠--,3♣,Bergen\n"
        "1N--,4C,Gerber @I\n"  # BBOalert skips it
        "bboalert is not a header here,,\n"
    )
    notes = read_bboalert_notes(text, "spelling.txt")
    assert [(short_notation(alert.sequence), alert.text) for alert in notes.alerts] == [
        ("1NT-2C", "Stayman"),
        ("1NT-2D", "Transfer"),
        ("1H-2NT", "Jacoby"),
        ("1S-3C", "Bergen"),
    ]
    assert [(item.reason, item.line) for item in notes.left] == [
        (Reason.IGNORED, 6),
        (Reason.NOT_AN_AUCTION, 7),
    ]


def test_the_header_in_any_case() -> None:
    notes = read_bboalert_notes("BBOALERT,<b>meto</b>\n,1C,Strong\n", "meto.txt")
    assert notes.title == "<b>meto</b>" and [alert.text for alert in notes.alerts] == ["Strong"]


def test_the_report_is_by_kind_with_the_first_lines_of_each() -> None:
    text = CLUB.read_text(encoding="utf-8")
    notes = read_bboalert_notes(text, "club.txt")
    report = report_lines("club.txt", notes.left)
    headings = [line for line in report if not line.startswith("  ")]
    assert len(headings) == len({item.reason for item in notes.left})
    assert headings[0].startswith("club.txt: 7 options off when BBOalert imports the file: BBOalert groups")
    assert "club.txt: 9 lines (Alias 2, Button 2, Import 1, Script 1, Shortcut 1, Trusted 1, Untrusted 1) of " in (
        "\n".join(headings)
    )
    wildcards = report[report.index(next(line for line in headings if " with a wildcard " in line)) :]
    assert wildcards[1:7] == [
        "  club.txt:148: 1[HS]--,4N,Roman key card Blackwood for the major",
        "  club.txt:149: *,4N,Blackwood unless we have agreed a suit",
        "  club.txt:150: 1N__,2H,Transfer whatever they do",
        "  club.txt:151: (1N--|2N--),3C,Puppet Stayman",
        "  club.txt:152: /Db$/,Rd,SOS: please pick another suit",
        "  ... and 1 more (bboalert2bml -v lists them all)",
    ]
    every = report_lines("club.txt", notes.left, every_line=True)
    assert len([line for line in every if line.startswith("  club.txt:")]) == len(notes.left)
    assert not any(line.startswith("  ...") for line in every)
    for line in every[1:]:
        if line.startswith("  "):  # each line named by file and line, as the file gives it
            number, shown = line.strip().split(":", 2)[1:]
            assert shown.lstrip().startswith(text.splitlines()[int(number) - 1].strip()[:20])


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
    assert [(item.reason, item.line) for item in notes.left] == [
        (Reason.NOT_AN_AUCTION, 2),
        (Reason.NOT_AN_AUCTION, 3),
        (Reason.SEATS, 5),
    ]
    assert "the auction is over" in notes.left[0].detail
    assert "1S after 2C is not a sufficient bid" in notes.left[1].detail
    assert "say 2nd seat, the option 'Third_@3' says 3rd seat" in notes.left[2].detail


_PIECES = st.sampled_from(
    [
        "",
        "1N--",
        "1C",
        "--",
        "----",
        "Db",
        "2C",
        "+",
        "1[HS]--",
        "*",
        "Option",
        "Option,vs 1N",
        "Option,vs 2D",
        "Option,Open @3@4",
        "Option,Open @1",
        "Option,Sep@s",
        "Trusted",
        "Button",
        "- 2C",
        "Stayman",
        "Texas !H#to the chat",
        "%x%",
        "<b>",
        "@T",
        "@I",
        "&comma;",
        " ",
        "\\",
    ]
)
_LINES = st.lists(st.lists(_PIECES, min_size=1, max_size=4).map(",".join), max_size=25)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_LINES)
def test_no_line_is_dropped_in_silence(lines: list[str]) -> None:
    """Every line after the header that is not an Option line is a row, a row of an alternative,
    or kept as a comment; what is kept is listed in the report (or is free text)."""
    notes = read_bboalert_notes("BBOalert\n" + "\n".join(lines) + "\n", "any.txt")
    placed = {alert.line for alert in notes.alerts}
    placed |= {alert.line for alerts in notes.alternatives.values() for alert in alerts}
    kept = {number for number, _ in notes.kept}
    listed = {item.line for item in notes.left}
    for number, line in numbered_lines("BBOalert\n" + "\n".join(lines) + "\n"):
        if number == 1 or not line or line.replace("&comma;", ",").split(",")[0].strip() == "Option":
            continue
        assert number in placed | kept, (number, line)
    assert kept <= listed | {number for number, line in notes.kept if line.split(",")[0].strip() == "Option"}
    write_bml(build_document(notes), notes=notes.notes, after=commented_alternatives(list(alternative_notes(notes))))
