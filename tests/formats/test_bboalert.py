"""Writing a system as a BBOalert file, and reading one back."""

from __future__ import annotations

import pytest

from sphinx_bml.formats.bboalert import (
    BOX_LENGTH,
    Record,
    alert_record,
    alert_records,
    call_token,
    explanation,
    option_name,
    read_bboalert,
    split_for_box,
    write_bboalert,
)
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.calls import Call, Sequence
from sphinx_bml.language.errors import BMLError, Location
from sphinx_bml.language.model import Description, Seat, Vulnerability
from sphinx_bml.language.system import Meaning, System


def system(text: str) -> System:
    document = parse_text(text, "t.bml")
    assert not document.problems, [str(p) for p in document.problems]
    return expand(document)


def lines(text: str, title: str | None = None) -> list[str]:
    return write_bboalert(system(text), title).splitlines()


def said(*lines: str) -> str:
    """The explanation of a one-row description written over ``lines``."""
    return explanation(Description(lines))


# --------------------------------------------------------------------------
# Calls and contexts


@pytest.mark.parametrize(
    ("call", "token"),
    [
        ("1C", "1C"),
        ("3D", "3D"),
        ("4H", "4H"),
        ("5S", "5S"),
        ("1NT", "1N"),
        ("7N", "7N"),
        ("P", "--"),
        ("D", "Db"),
        ("X", "Db"),
        ("R", "Rd"),
        ("XX", "Rd"),
    ],
)
def test_call_tokens(call: str, token: str) -> None:
    assert call_token(Call.parse(call)) == token


def test_contexts_run_the_calls_before_together_from_the_opening() -> None:
    assert lines(
        """
1C  Strong
  1D  Negative
    1H  Hearts
1N  15--17
  2C  Stayman
  (D) ->
    R  Strength
    P  Nothing to say
"""
    )[1:] == [
        ",1C,Strong",  # an opening: empty context, any seat
        "1C--,1D,Negative",  # BML fills in the opponents' passes
        "1C--1D--,1H,Hearts",
        ",1N,15-17",
        "1N--,2C,Stayman",
        "1NDb,Rd,Strength",
        "1NDb,--,Nothing to say",
    ]


def test_where_they_open_the_context_starts_at_their_opening() -> None:
    assert lines(
        """
(1S)-
2S  Michaels
D   Takeout

(1N)-P-(P)-
D   Penalties
"""
    )[1:] == ["1S,2S,Michaels", "1S,Db,Takeout", "1N----,Db,Penalties"]


def test_the_opponents_calls_are_left_out() -> None:
    """BBOalert explains the calls we make; a meaning of theirs has no record."""
    assert lines(
        """
1N  15--17
  (2C)  Their 2!c is natural or Landy: both are handled below
    D  Takeout of clubs
(1N)  Their notrump: 15--17
"""
    )[1:] == [",1N,15-17", "1N2C,Db,Takeout of clubs"]


# --------------------------------------------------------------------------
# Explanations


def test_suits_bids_dashes_and_styles() -> None:
    assert said("4+!h, /maybe/ *5* =1N-2C=") == "4+!H; maybe 5 1N-2C"  # monospace: as typed
    assert said("Like 2H over 1NT, or 3nt") == "Like 2!H over 1NT; or 3nt"
    assert said("12--14 --- or 15--17") == "12-14 - or 15-17"
    assert said("Transfer to !D") == "Transfer to !D"


def test_commas_become_semicolons_and_hash_cannot_split() -> None:
    assert said("Natural, forcing, 5+ cards") == "Natural; forcing; 5+ cards"
    assert said("Shows #2 in the list") == "Shows \uff032 in the list"


def test_lines_are_joined() -> None:
    assert said("15--17", "May have a 5-card !h") == "15-17; May have a 5-card !H"
    assert said("Preempt, at most two", "losers in the suit") == "Preempt; at most two losers in the suit"
    assert said("Forcing.", "Then relays") == "Forcing. Then relays"
    assert said("Weak,", "(two top honours)") == "Weak; (two top honours)"
    assert said("Text", "", "after a blank line", "") == "Text after a blank line"
    assert said("  spaced \t out  ", "   ") == "spaced out"


def test_explanations_fitting_the_box_are_not_split() -> None:
    text = "x" * BOX_LENGTH
    assert split_for_box(text) == text
    assert split_for_box("short one") == "short one"


def test_longer_explanations_are_split_at_a_word_boundary() -> None:
    text = "Weak two: 5-10 hcp; six cards in !S; or a good five-card suit when they are vulnerable"
    split = split_for_box(text)
    box, chat = split.split("#")
    assert box == "Weak two: 5-10 hcp; six cards in !S; or a good five-card suit when"
    assert chat == "they are vulnerable"
    assert len(box) <= BOX_LENGTH
    assert f"{box} {chat}" == text


def test_the_split_uses_the_last_space_within_the_box() -> None:
    text = "a" * 60 + " " + "b" * 8 + " " + "c" * 10  # the second space is the 70th character
    assert split_for_box(text) == "a" * 60 + " " + "b" * 8 + "#" + "c" * 10
    text = "a" * 69 + " " + "b"  # the space right after the 69th character still works
    assert split_for_box(text) == "a" * 69 + "#b"


def test_a_word_longer_than_the_box_is_cut_at_69_characters() -> None:
    text = "x" * 100 + " then words"
    assert split_for_box(text) == "x" * 69 + "#" + "x" * 31 + " then words"
    assert split_for_box("see " + "y" * 90) == "see#" + "y" * 90  # a space before it: cut there
    suit = "y" * 68 + "!Hzz"  # never between ! and its suit letter
    assert split_for_box(suit) == "y" * 68 + "#!Hzz"


def test_long_descriptions_in_a_file() -> None:
    (record,) = read_bboalert(
        write_bboalert(system("2D  Multi: a weak two in either major, or a strong balanced hand, or 4-4-4-1"))
    ).records
    assert record.box == "Multi: a weak two in either major; or a strong balanced hand; or"
    assert record.chat == "4-4-4-1"


def test_empty_descriptions_are_left_out() -> None:
    assert lines(
        """
1N
  2C  Stayman
    2D
      2H  Invitational
"""
    )[1:] == ["1N--,2C,Stayman", "1N--2C--2D--,2H,Invitational"]
    blank = Meaning(Sequence((Call.parse("1C"),)), Description(("  ", "\t")), Location("t.bml", 1))
    assert blank.description and alert_record(blank) is None  # white space only: nothing to say


def test_hidden_tables_are_included() -> None:
    assert lines("#HIDE\n1C  Strong\n\n2C  Also strong")[1:] == [",1C,Strong", ",2C,Also strong"]


# --------------------------------------------------------------------------
# The header


def test_header_from_title_or_metadata() -> None:
    assert lines("#+TITLE: Our notes\n\n1C  Strong")[0] == "BBOalert,Our notes"
    assert lines("#+TITLE: Our notes\n\n1C  Strong", "Kestrel, v3")[0] == "BBOalert,Kestrel; v3"
    assert lines("1C  Strong")[0] == "BBOalert"


# --------------------------------------------------------------------------
# Seats and vulnerability


@pytest.mark.parametrize(
    ("seat", "vul", "name"),
    [
        ("0", "00", None),
        ("1", "00", "1st_seat_@1"),
        ("2", "00", "2nd_seat_@2"),
        ("3", "00", "3rd_seat_@3"),
        ("4", "00", "4th_seat_@4"),
        ("12", "00", "1st_or_2nd_seat_@1@2"),
        ("34", "00", "3rd_or_4th_seat_@3@4"),
        ("0", "Y0", "We_vulnerable_@v"),
        ("0", "N0", "We_not_vulnerable_@n"),
        ("0", "0Y", "They_vulnerable_@V"),
        ("0", "0N", "They_not_vulnerable_@N"),
        ("0", "NY", "We_not_vulnerable_they_vulnerable_@n@V"),
        ("34", "YN", "3rd_or_4th_seat_we_vulnerable_they_not_vulnerable_@3@4@v@N"),
    ],
)
def test_option_names(seat: str, vul: str, name: str | None) -> None:
    result = option_name(Seat(seat), Vulnerability.parse(vul))
    assert result == name
    if result is not None:
        assert " " not in result and "," not in result  # BBOalert groups options by their first word
        assert not result.startswith("@")  # BBOalert reads a tag only after the start


def test_seat_and_vulnerability_tables_go_into_option_blocks() -> None:
    assert lines(
        """
#SEAT 34
1S  Light, 4+ cards
  2C  Drury

#SEAT 0
#VUL Y0
2H  Sound weak two

#VUL 00
1S  11--15, 5+ cards
2H  Weak two
"""
    )[1:] == [
        ",1S,11-15; 5+ cards",  # any seat, any vulnerability: first, outside any block
        ",2H,Weak two",
        "Option,3rd_or_4th_seat_@3@4",  # the notes' order for blocks that apply as widely
        ",1S,Light; 4+ cards",
        "1S--,2C,Drury",
        "Option",
        "Option,We_vulnerable_@v",
        ",2H,Sound weak two",
        "Option",
    ]


def test_narrower_blocks_come_after_wider_ones() -> None:
    """BBOalert takes the last record that matches: the narrowest meaning must come last."""
    result = lines(
        """
#SEAT 3
#VUL YY
1S  Third seat, both vulnerable

#VUL 00
1S  Third seat

#SEAT 34
1S  Third or fourth seat

#SEAT 0
1S  Any seat
"""
    )
    assert [line for line in result if line.startswith("Option,")] == [
        "Option,3rd_or_4th_seat_@3@4",
        "Option,3rd_seat_@3",
        "Option,3rd_seat_we_vulnerable_they_vulnerable_@3@v@V",
    ]
    assert result[1] == ",1S,Any seat"


def test_a_block_is_written_once_with_all_its_records() -> None:
    records = alert_records(
        system(
            """
#SEAT 3
1S  Light

#SEAT 0
1N  Strong

#SEAT 3
1H  Light too
"""
        )
    )
    assert records == [
        Record("", "1N", "Strong"),
        Record("", "1S", "Light", "3rd_seat_@3"),
        Record("", "1H", "Light too", "3rd_seat_@3"),
    ]


# --------------------------------------------------------------------------
# Reading back


def test_read_back_what_was_written() -> None:
    text = write_bboalert(
        system("1N  15--17, balanced\n  2C  Stayman\n\n#SEAT 4\n1S  Sound"),
        "Test",
    )
    assert read_bboalert(text) == read_bboalert(text.replace("\n", "\r\n"))
    result = read_bboalert(text)
    assert result.title == "Test"
    assert result.records == [
        Record("", "1N", "15-17; balanced"),
        Record("1N--", "2C", "Stayman"),
        Record("", "1S", "Sound", "4th_seat_@4"),
    ]


def test_reading_follows_bboalert() -> None:
    result = read_bboalert(
        "\n  BBOalert\nfree text is allowed\n  1N-- , 2C , Stayman , a comment\nOption,X\n,1C,Strong\nOption\n,1D,Any\n"
    )
    assert result.title == ""
    assert result.records == [Record("1N--", "2C", "Stayman"), Record("", "1C", "Strong", "X"), Record("", "1D", "Any")]
    assert Record("", "1C", "Short#and the rest").box == "Short"
    assert Record("", "1C", "Short#and the rest").chat == "and the rest"
    assert Record("", "1C", "All in the box").chat == ""


def test_reading_something_else_is_an_error() -> None:
    with pytest.raises(BMLError, match="not a BBOalert file"):
        read_bboalert("*00{System}=NYYYYYY\n")
    with pytest.raises(BMLError, match="not a BBOalert file"):
        read_bboalert("")


# --------------------------------------------------------------------------
# Nothing the notes say becomes BBOalert syntax


def test_a_trailing_backslash_does_not_swallow_the_next_alert() -> None:
    """BBOalert joins a line ending with a backslash to the next: the 1D alert would be lost."""
    text = write_bboalert(system("1C = Strong: 16+ hcp or 4-4-4-1 \\\n1D = Negative, 0--7"))
    assert "\\\n" not in text
    records = read_bboalert(text).records
    assert [(r.call, r.shown) for r in records] == [("1C", "Strong: 16+ hcp or 4-4-4-1 \\"), ("1D", "Negative; 0-7")]


@pytest.mark.parametrize(
    ("written", "tag"),
    [
        ("@T natural, sent at once?", "@T"),  # BBOalert would send it without asking partner's OK
        ("Puppet Stayman @I", "@I"),  # BBOalert would skip the record
        ("Ask @D later, @A too, @t and @d", "@D"),
    ],
)
def test_tags_are_not_read_as_tags(written: str, tag: str) -> None:
    (record,) = read_bboalert(write_bboalert(system(f"2N = {written}"))).records
    assert "@" not in record.explanation
    assert tag not in record.shown
    assert record.shown == written.replace(",", ";").replace("@", "\uff20")


def test_comma_entities_do_not_split_the_record() -> None:
    """BBOalert turns &comma; into a comma before splitting a line into fields."""
    (record,) = read_bboalert(write_bboalert(system("1S = 5+ cards&comma; 11--15&comma;sound"))).records
    assert record.call == "1S"
    assert record.shown == "5+ cards&comma; 11-15&comma;sound"


def test_html_shows_as_written() -> None:
    """BBOalert decodes entities and keeps only the text before a tag."""
    (record,) = read_bboalert(write_bboalert(system("1N = <b>15--17</b> & balanced, &lt;5 !s"))).records
    assert "<" not in record.explanation
    assert record.shown == "<b>15-17</b> & balanced; &lt;5 !S"


def test_scripts_are_not_run() -> None:
    """%name% runs a user script in BBOalert; a lone % is harmless and kept."""
    (pair, single) = read_bboalert(write_bboalert(system("2C = %X% or 10%--20%\n2D = 50% of the time"))).records
    assert "%" not in pair.explanation
    assert pair.shown == "\uff05X\uff05 or 10\uff05-20\uff05"
    assert single.shown == "50% of the time"


def test_a_long_explanation_is_split_on_what_the_box_shows() -> None:
    """The 69 characters are counted on the text shown, not on its entities."""
    text = "a & b " * 20
    (record,) = read_bboalert(write_bboalert(system(f"3C = {text}"))).records
    assert len(record.box) <= BOX_LENGTH
    assert len(record.box) > BOX_LENGTH - 6
    assert f"{record.box} {record.chat}" == text.strip()


def test_the_title_is_text_in_the_header() -> None:
    """BBOalert shows the header's title as HTML, and a backslash would join the first record to it."""
    title = "<img src=x onerror=alert(1)> Kestrel & co, v2 @T %a% \\"
    text = write_bboalert(system("1C = Strong"), title)
    header = text.splitlines()[0]
    assert "<" not in header and not header.endswith("\\")
    result = read_bboalert(text)
    assert result.shown_title == "<img src=x onerror=alert(1)> Kestrel & co; v2 @T %a% \\"  # no tags in a header
    assert result.records == [Record("", "1C", "Strong")]
    metadata_title = lines("#+TITLE: Ours <i>2/1</i>\n\n1C  Strong")[0]
    assert metadata_title == "BBOalert,Ours &lt;i&gt;2/1&lt;/i&gt;"


def test_the_reader_follows_bboalert_on_continuations_and_commas() -> None:
    result = read_bboalert("BBOalert\n,1C,Strong \\\n,1D,lost\n,1H,a&comma;b\n")
    assert result.records == [Record("", "1C", "Strong"), Record("", "1H", "a")]  # the 1D alert is lost
