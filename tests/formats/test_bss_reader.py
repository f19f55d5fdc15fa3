"""Reading BSS files into the typed model: every record kind, and every way a record can be wrong."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import (
    BssFile,
    Disposition,
    FileType,
    Outcomes,
    SequenceRecord,
    decode_bss,
    parse_calls,
    parse_sequence_record,
    read_bss,
    read_bss_file,
)
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.language.calls import PASS, Call, CallKind
from sphinx_bml.language.errors import BMLError, Location
from sphinx_bml.language.model import Description, Seat, Vulnerability

HEADER = "*00{Club system}=NYYYYYYStrong club, five-card majors"

FULL = """\
*00{Club system}=NYYYYYYStrong club, five-card majors
$SAYC.bss
001C=NYYYYYY0082+!c, natural
001CP1D=YYYYYYNA454+!h\\nTransfer
*001N2C=NYYYYYY008At least 5-4 majors
+Roman Key Card Blackwood.bss
+Puppet Stayman.bss
%BCDEBCDEBCDEBCDEBCDEBCBCDEBCDEBCDEBCDEBCBBBCCCDDDEEEFFFGGG Upside-down count and attitude
"""


def read(text: str, *, skip_invalid: bool = False) -> BssFile:
    return read_bss(text, "partner.bss", skip_invalid=skip_invalid)


def error_of(text: str) -> BMLError:
    with pytest.raises(BMLError) as caught:
        read(text)
    return caught.value


def record(line: str) -> SequenceRecord:
    return parse_sequence_record(line, 1)


# -- the records -------------------------------------------------------------


def test_every_record_kind() -> None:
    bss = read(FULL)
    assert bss.file_type is FileType.CONVENTION_CARD
    assert bss.system_name == "Club system"
    assert bss.summary == "Strong club, five-card majors"
    assert bss.stock_card is not None and bss.stock_card.name == "SAYC.bss" and bss.stock_card.line == 2
    assert [s.line for s in bss.sequences] == [3, 4, 5]
    assert [c.name for c in bss.conventions] == ["Roman Key Card Blackwood.bss", "Puppet Stayman.bss"]
    carding = bss.carding
    assert carding is not None
    assert carding.leads_vs_notrump == "BCDEBCDEBCDEBCDEBCDEBC"
    assert carding.leads_vs_suits == "BCDEBCDEBCDEBCDEBC"
    assert carding.signals == "BBBCCCDDDEEEFFFGGG"
    assert carding.text == "Upside-down count and attitude"
    assert carding.line == 8
    assert not bss.problems


def test_sequence_record_fields() -> None:
    bss = read(FULL)
    opening, transfer, defence = bss.sequences
    assert opening.we_open and opening.seat is Seat.ANY and opening.vulnerability == Vulnerability()
    assert opening.calls == (Call.parse("1C"),)
    assert opening.lengths == (0, 8)
    assert opening.description == Description(("2+!c, natural",))
    assert not opening.artificial and opening.disposition is Disposition.NO_AGREEMENT
    assert transfer.calls == (Call.parse("1C"), PASS, Call.parse("1D"))
    assert transfer.artificial
    assert transfer.outcomes == Outcomes(True, True, True, True, True, False)
    assert transfer.outcomes.code == "YYYYYN"
    assert transfer.disposition is Disposition.TRANSFER
    assert transfer.lengths == (4, 5)
    assert transfer.description.lines == ("4+!h", "Transfer")
    assert not defence.we_open
    assert str(defence.sequence) == "(1N)-2C"


@pytest.mark.parametrize(
    ("line", "seat", "vulnerability"),
    [
        ("001C=NYYYYYY008", Seat.ANY, "00"),
        ("111C=NYYYYYY008", Seat.FIRST, "NN"),
        ("231C=NYYYYYY008", Seat.SECOND, "NY"),
        ("341C=NYYYYYY008", Seat.THIRD, "YY"),
        ("451C=NYYYYYY008", Seat.FOURTH, "N0"),
        ("561C=NYYYYYY008", Seat.FIRST_OR_SECOND, "Y0"),
        ("671C=NYYYYYY008", Seat.THIRD_OR_FOURTH, "0N"),
        ("*081C=NYYYYYY008", Seat.ANY, "0Y"),
        ("*021C=NYYYYYY008", Seat.ANY, "YN"),
    ],
)
def test_seat_and_vulnerability_digits(line: str, seat: Seat, vulnerability: str) -> None:
    parsed = record(line)
    assert parsed.seat is seat
    assert parsed.vulnerability == Vulnerability.parse(vulnerability)


@pytest.mark.parametrize(
    ("line", "description"),
    [
        ("001N=NYYYYYY015--17", ("15--17",)),  # no lengths after notrump: the digits are the description
        ("001CP=NYYYYYY01234", ("1234",)),  # nor after a pass
        ("*001ND=NYYYYYY0Strength, ca 15+", ("Strength, ca 15+",)),  # nor after a double
        ("*001NDR=NYYYYYY0SOS", ("SOS",)),  # nor after a redouble
    ],
)
def test_no_lengths_after_notrump_pass_double_redouble(line: str, description: tuple[str, ...]) -> None:
    parsed = record(line)
    assert parsed.lengths is None
    assert parsed.description.lines == description


def test_lengths_after_a_suit_bid() -> None:
    assert record("001S=NYYYYYY058Five or more").lengths == (5, 8)
    assert record("001S=NYYYYYY058Five or more").description.lines == ("Five or more",)
    assert record("*001N2C=NYYYYYY045").lengths == (4, 5)
    assert record("*001N2C=NYYYYYY045").description == Description()


def test_description_split_on_literal_backslash_n() -> None:
    parsed = record("001N=NYYYYYY015--17\\nMay have 5M\\n\\nor 6m")
    assert parsed.description.lines == ("15--17", "May have 5M", "", "or 6m")
    assert record("001N=NYYYYYY0").description == Description()


def test_equals_sign_in_a_description() -> None:
    assert record("001N=NYYYYYY0NT = 15--17").description.lines == ("NT = 15--17",)


def test_qualifications_attach_to_the_call_they_follow() -> None:
    parsed = record("*001N{natural}P2D{transfer}D=NYYYYYY0Takeout of hearts")
    # the opponents' calls carry what they mean: another sequence than the plain calls
    assert [str(c) for c in parsed.calls] == ["1N{natural}", "P", "2D{transfer}", "D"]
    assert parsed.qualifications == ("natural", None, "transfer", None)
    # an '=' inside a qualification does not end the calls
    assert record("*001N{a=b}D=NYYYYYY0x").qualifications == ("a=b", None)


def test_header_variants() -> None:
    assert read("*00{}=NYYYYYY").system_name == ""
    assert read("*00{}=NYYYYYY").summary == ""
    floating = read("?00{RKCB 1430}=NYYYYYYRoman Key Card Blackwood")
    assert floating.file_type is FileType.FLOATING
    assert floating.system_name == "RKCB 1430"
    assert read("*00=NYYYYYYNo name at all").summary == "No name at all"
    assert read("*00{Name}=NYYYYYY   spaced summary   ").summary == "spaced summary"


def test_blank_lines_and_line_endings() -> None:
    bss = read("\n" + HEADER + "\r\n\r\n   \n001C=NYYYYYY008a\r\n\n001D=NYYYYYY008b\r")
    assert [s.line for s in bss.sequences] == [5, 7]
    assert [s.description.lines for s in bss.sequences] == [("a",), ("b",)]


def test_only_a_header() -> None:
    bss = read(HEADER + "\n")
    assert bss.sequences == [] and bss.stock_card is None and bss.conventions == [] and bss.carding is None


def test_utf8_bom_is_ignored() -> None:
    assert read("\ufeff" + HEADER).system_name == "Club system"


def test_calls() -> None:
    parsed = record("001C1DDR1H2S3N4C5D6H7S7NP=NYYYYYY0x")
    kinds = [c.kind for c in parsed.calls]
    assert kinds.count(CallKind.DOUBLE) == 1 and kinds.count(CallKind.REDOUBLE) == 1
    assert str(parsed.sequence) == "1C-(1D)-D-(R)-1H-(2S)-3N-(4C)-5D-(6H)-7S-(7N)-P"


# -- malformed records -------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("001CX=NYYYYYY0", "'X' is not a call"),
        ("001X=NYYYYYY0", "'1X' is not a bid"),
        ("001c=NYYYYYY0", "'1c' is not a bid"),
        ("001C2=NYYYYYY0", "'2' is not a bid"),
        ("008C=NYYYYYY0", "'8C' is not a bid: the level must be 1 to 7"),
        ("001H1C=NYYYYYY008", "1C after 1H is not a sufficient bid"),
        ("001C1C=NYYYYYY008", "1C after 1C is not a sufficient bid"),
        ("00=NYYYYYY0", "no calls before '='"),
        ("001CNYYYYYY008", "no '=' after its calls"),
        ("791C=NYYYYYY008", "the seat, a digit 0 to 6"),
        ("091C=NYYYYYY008", "the vulnerability, a digit 0 to 8"),
        ("0", "ends too early"),
        ("001C=NYYY", "ends too early"),
        ("001C=XYYYYYY008", "Y or N (is the last call artificial?)"),
        ("001C=NYYQYYY008", "six possible outcomes"),
        ("001C=NYYYYYYF08", "the disposition"),
        ("001C=NYYYYYY0", "after the suit bid 1C the record needs the promised suit length"),
        ("001C=NYYYYYY0Natural", "found 'Na'"),
        ("001C=NYYYYYY09", "found '9'"),
        ("001C=NYYYYYY093", "found '93'"),
        ("*001N{strong=NYYYYYY0", "no '='"),
        ("*001N{strong}{weak}D=NYYYYYY0", "two qualifications"),
    ],
)
def test_malformed_sequence(line: str, words: str) -> None:
    error = error_of(HEADER + "\n\n" + line + "\n")
    assert words in error.message
    assert error.location == Location("partner.bss", 3)
    assert str(error).startswith("partner.bss:3: ")


def test_unclosed_qualification() -> None:
    # in a record the '=' is then inside the braces, so the calls never end
    assert "no '='" in error_of(HEADER + "\n*001N{x=NYYYYYY0\n").message
    with pytest.raises(BMLError, match="has no closing"):
        parse_calls("1N{x}2C{y")
    with pytest.raises(BMLError, match="comes before any call"):
        parse_calls("{x}1N")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("001C=NYYYYYY008\n", 1, "the first record is not a BSS header"),
        ("*00 {x}=NYYYYYY\n", 1, "the first record is not a BSS header"),
        ("*00{x=NYYYYYY\n", 1, "no closing '}'"),
        ("*00{x}=NYY\n", 1, "the first record is not a BSS header"),
        (HEADER + "\n" + HEADER + "\n", 2, "a second header record"),
        (HEADER + "\nhello\n", 2, "this line is not a BSS record"),
        (HEADER + "\n$\n", 2, "needs a file name"),
        (HEADER + "\n+  \n", 2, "needs a file name"),
        (HEADER + "\n$a\n$b\n", 3, "a second stock convention card"),
        (HEADER + "\n001C=NYYYYYY008\n$a\n", 3, "must come right after the header"),
        (HEADER + "\n+a\n001C=NYYYYYY008\n", 3, "a bidding sequence after a convention record (+)"),
        (HEADER + "\n%" + "B" * 40 + "A" * 18 + "\n001C=NYYYYYY008\n", 3, "after the defensive carding"),
        (HEADER + "\n%" + "B" * 40 + "A" * 18 + "\n+a\n", 3, "which must be the last"),
        (HEADER + "\n%" + "B" * 40 + "A" * 18 + "\n%" + "B" * 40 + "A" * 18 + "\n", 3, "a second defensive carding"),
        (HEADER + "\n%BCD\n", 2, "not a defensive carding record"),
        (HEADER + "\n%" + "B" * 40 + "L" * 18 + "\n", 2, "18 letters A to K"),
    ],
)
def test_malformed_file(text: str, line: int, words: str) -> None:
    error = error_of(text)
    assert words in error.message
    assert error.location == Location("partner.bss", line)


def test_strict_mode_raises_the_first_problem() -> None:
    error = error_of(HEADER + "\n001X=NYYYYYY0\n001Y=NYYYYYY0\n")
    assert error.location is not None and error.location.line == 2


def test_skip_invalid_keeps_the_rest() -> None:
    text = HEADER + "\n001C=NYYYYYY008a\n001X=NYYYYYY0\nnonsense\n001D=NYYYYYY008b\n+conv\n001H=NYYYYYY008late\n"
    bss = read(text, skip_invalid=True)
    assert [str(s.sequence) for s in bss.sequences] == ["1C", "1D"]
    assert [c.name for c in bss.conventions] == ["conv"]
    assert [(p.location.line if p.location else 0) for p in bss.problems] == [3, 4, 7]
    assert all(p.location is not None and p.location.file == "partner.bss" for p in bss.problems)


def test_skip_invalid_without_a_header() -> None:
    bss = read("001C=NYYYYYY008a\n001D=NYYYYYY008b\n", skip_invalid=True)
    assert [str(s.sequence) for s in bss.sequences] == ["1D"]
    assert len(bss.problems) == 1 and "header" in bss.problems.items[0].message
    assert bss.system_name == ""


# -- files -------------------------------------------------------------------


def test_read_file_utf8(tmp_path: Path) -> None:
    path = tmp_path / "partner.bss"
    path.write_text("*00{Système}=NYYYYYYRésumé\n001C=NYYYYYY008Trèfle\n", encoding="utf-8")
    bss, encoding = read_bss_file(path)
    assert encoding == "UTF-8"
    assert bss.system_name == "Système" and bss.sequences[0].description.lines == ("Trèfle",)
    assert bss.name == str(path)


def test_read_file_windows_1252(tmp_path: Path) -> None:
    path = tmp_path / "partner.bss"
    path.write_bytes("*00{Système}=NYYYYYY\n001C=NYYYYYY008Trèfle – naturel\n".encode("cp1252"))
    bss, encoding = read_bss_file(path)
    assert encoding == "Windows-1252"
    assert bss.system_name == "Système"
    assert bss.sequences[0].description.lines == ("Trèfle – naturel",)


def test_read_file_errors_are_located(tmp_path: Path) -> None:
    path = tmp_path / "partner.bss"
    path.write_text(HEADER + "\n001C=NYYYYYY0\n", encoding="utf-8")
    with pytest.raises(BMLError) as caught:
        read_bss_file(path)
    assert str(caught.value).startswith(f"{path}:2: after the suit bid 1C")


# -- no input makes the reader raise anything but a located BMLError -----------

PIECES = [
    "*00{", "}", "=NYYYYYY", "?00", "$", "+", "%", "*", "0", "1", "5", "8", "9", "1C", "1N", "7N", "8S", "P", "D", "R",
    "=", "N", "Y", "A", "E", "F", "{q}", "{", "\\n", "\n", "\r\n", " ", "é", "\t", "B" * 22, "K" * 18, "x",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join) | st.text(max_size=80))
def test_any_text_reads_or_fails_with_a_located_problem(text: str) -> None:
    try:
        strict = read(text)
    except BMLError as error:
        assert error.location is not None and error.location.file == "partner.bss"
    else:
        assert not strict.problems
    lenient = read(text, skip_invalid=True)
    assert all(p.location is not None for p in lenient.problems)
    write_bml(build_document(lenient))


# -- records without a disposition code (Wbridge5 exports) ----------------------


@pytest.mark.parametrize(
    ("line", "description"),
    [
        ("*004N5C=YNNNNNN0 keys.", "0 keys."),
        ("*004N5C=YNNNNNN1 or 4 keys", "1 or 4 keys"),
        ("*004N5D=YNNNNNNEven number of keys.", "Even number of keys."),
        ("*004N5N=YNNNNNNAsks for kings", "Asks for kings"),
        ("004N5S=YNNNNNN two keys with the queen", "two keys with the queen"),
        ("004N5H=YNNNNNNtwo keys without the queen", "two keys without the queen"),
    ],
)
def test_a_missing_disposition_keeps_the_whole_description(line: str, description: str) -> None:
    bss = read(f"{HEADER}\n{line}\n")
    (sequence,) = bss.sequences
    assert sequence.description.text == description
    assert sequence.disposition_missing
    assert sequence.disposition is Disposition.NO_AGREEMENT and sequence.lengths is None
    (warning,) = bss.warnings
    assert str(warning).startswith("partner.bss:2: this record has no disposition code")
    assert f"'{description}' is read as its description" in str(warning)


@pytest.mark.parametrize(
    ("line", "description"),
    [
        ("001N=NYYYYYY0strong", "strong"),  # what bml2bss writes for a description in lower case
        ("001N=NYYYYYY0 15--17", " 15--17"),
        ("001C=NYYYYYYA08transfer", "transfer"),
        ("001N=NYYYYYY6Game forcing", "Game forcing"),
        ("001N=NYYYYYYE", ""),
    ],
)
def test_a_present_disposition_is_read_as_one(line: str, description: str) -> None:
    bss = read(f"{HEADER}\n{line}\n")
    (sequence,) = bss.sequences
    assert sequence.description.text == description
    assert not sequence.disposition_missing and not bss.warnings


# -- no disposition field after a pass, double or redouble (BML 1's bml2bss) ------

#: As BML 1's bml2bss writes a file (our own content): bids with the disposition 0 and,
#: after a suit bid, the lengths 08; passes, doubles and redoubles with neither.
BML1_SHAPED = """\
*00{Our club}=NYYYYYYShort club
001C=NYYYYYY0082+!c, natural or balanced
001N=NYYYYYY015--17
001NP2C=NYYYYYY008Stayman
*001N=NYYYYYY0
*001ND=NYYYYYYStrength, 15+ hcp
*001N2C=NYYYYYY008Both majors
*001N2CD=NYYYYYY
*001N2CDP=NYYYYYY5+!c, to play
*001N2CDR=NYYYYYYAsks for the better major
*001N2CP=NYYYYYY
*001N2CP2D=NYYYYYY008Asks for the better major
"""


def meanings_of(bss: BssFile) -> dict[str, tuple[str, Disposition]]:
    return {record.sequence.notation(): (record.description.text, record.disposition) for record in bss.sequences}


def test_records_without_a_disposition_field_keep_every_meaning() -> None:
    bss = read(BML1_SHAPED)
    assert not bss.problems
    assert meanings_of(bss) == {
        "1C": ("2+!c, natural or balanced", Disposition.NO_AGREEMENT),
        "1N": ("15--17", Disposition.NO_AGREEMENT),
        "1N-(P)-2C": ("Stayman", Disposition.NO_AGREEMENT),
        "(1N)": ("", Disposition.NO_AGREEMENT),
        "(1N)-D": ("Strength, 15+ hcp", Disposition.NO_AGREEMENT),
        "(1N)-2C": ("Both majors", Disposition.NO_AGREEMENT),
        "(1N)-2C-(D)": ("", Disposition.NO_AGREEMENT),
        "(1N)-2C-(D)-P": ("5+!c, to play", Disposition.NO_AGREEMENT),  # not '+!c, to play', forcing
        "(1N)-2C-(D)-R": ("Asks for the better major", Disposition.NO_AGREEMENT),
        "(1N)-2C-(P)": ("", Disposition.NO_AGREEMENT),
        "(1N)-2C-(P)-2D": ("Asks for the better major", Disposition.NO_AGREEMENT),
    }
    assert [str(warning) for warning in bss.warnings] == [
        "partner.bss:6: this file writes no disposition code in a record that ends in a pass, a double or a "
        "redouble (as BML 1's bml2bss does): after the six Y or N of the outcomes this record has "
        "'Strength, 15+ hcp', which starts with no disposition code. So each of its 5 such records is read "
        "with all its text after the outcomes as its meaning, such as '5+!c, to play' (line 9). If they do "
        "have a disposition code, write one in each of them (0 for none)"
    ]


@pytest.mark.parametrize(
    ("records", "line", "shown"),
    [
        # the record: a file whose bids all have the code 0 gives a pass none
        (
            ["*001N2C=NYYYYYY008Both majors", "*001N2CDP=NYYYYYY5+!c, to play"],
            3,
            "'5+!c, to play', where every bid of the file has the disposition code 0 (none)",
        ),
        (["001C=NYYYYYY008Strong", "001CP=NYYYYYY"], 3, "nothing"),
        (["001C=NYYYYYY008Strong", "*001CD=NYYYYYYtakeout"], 3, "'takeout', which starts with no disposition code"),
    ],
)
def test_the_file_tells_the_shape(records: list[str], line: int, shown: str) -> None:
    bss = read("\n".join([HEADER, *records]) + "\n")
    assert not bss.problems
    (warning,) = bss.warnings
    assert warning.location == Location("partner.bss", line)
    assert f"this record has {shown}. So each of its 1 such records" in warning.message
    assert all(record.disposition is Disposition.NO_AGREEMENT for record in bss.sequences)


@pytest.mark.parametrize(
    ("records", "meaning", "disposition"),
    [
        # a file that gives its bids dispositions gives its pass one too: the leading 5 is one
        (["*001N2C=NYYYYYY508Both majors", "*001N2CDP=NYYYYYY5Pick a major"], "Pick a major", Disposition.FORCING),
        # as BML 2 and BBO write them: every record with its code, 0 for none
        (
            ["*001N2C=NYYYYYY008Both majors", "*001N2CDP=NYYYYYY05+!c, to play"],
            "5+!c, to play",
            Disposition.NO_AGREEMENT,
        ),
        (["*001N2C=NYYYYYY008Both majors", "*001N2CDR=NYYYYYY0"], "", Disposition.NO_AGREEMENT),
    ],
)
def test_a_file_with_disposition_fields_keeps_reading_them(
    records: list[str], meaning: str, disposition: Disposition
) -> None:
    bss = read("\n".join([HEADER, *records]) + "\n")
    assert not bss.warnings and not bss.problems
    assert (bss.sequences[-1].description.text, bss.sequences[-1].disposition) == (meaning, disposition)


# -- encodings -------------------------------------------------------------------

SYSTEM = "*00{Système}=NYYYYYYRésumé\n001C=NYYYYYY008Trèfle, 3+!c\n"


@pytest.mark.parametrize(
    ("codec", "encoding"),
    [
        ("utf-8", "UTF-8"),
        ("utf-8-sig", "UTF-8"),
        ("utf-16", "UTF-16"),  # with its byte order mark
        ("utf-16-le", "UTF-16"),  # without one
        ("utf-16-be", "UTF-16"),
        ("cp1252", "Windows-1252"),
    ],
)
def test_encodings(codec: str, encoding: str) -> None:
    assert decode_bss(SYSTEM.encode(codec)) == (SYSTEM, encoding)
    assert decode_bss(codecs.BOM_UTF16_BE + SYSTEM.encode("utf-16-be")) == (SYSTEM, "UTF-16")


def test_short_or_empty_data_is_utf8() -> None:
    assert decode_bss(b"") == ("", "UTF-8")
    assert decode_bss(b"a\x00") == ("a\x00", "UTF-8")
