"""Alert marks and dispositions in the formats: the ``.bss`` artificial flag and
disposition code, read back by ``bss2bml``; BBOalert records for alerted calls only."""

from __future__ import annotations

import pytest

from sphinx_bml.commands.bss2bml import main
from sphinx_bml.formats.bboalert import read_bboalert, write_bboalert
from sphinx_bml.formats.bml_writer import write_bml
from sphinx_bml.formats.bss_reader import Disposition, read_bss
from sphinx_bml.formats.bss_tree import build_document
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.formats.dispositions import WRITTEN, disposition_of
from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.system import System

NOTES = """\
#+TITLE: Strong club
1C  ! Strong, 16+ HCP, F
  1D ! Negative, 0-7 HCP, NF
  1H   5+ !h, GF
  1N   INV or GF, balanced
2D  ! Multi, a weak two in a major, PRE
2H  Weak two, six hearts
"""


def system(text: str = NOTES) -> System:
    document = parse_text(text, "notes.bml")
    assert not document.problems, [str(problem) for problem in document.problems]
    return expand(document)


def records(**options: bool) -> dict[str, str]:
    """Each sequence record's code, by its calls: ``{"1C": "Y..."}``."""
    _, *lines = write_bss(system(), **options).splitlines()
    return {line.partition("=")[0][2:]: line.partition("=")[2] for line in lines}


def test_an_alerted_call_is_artificial_in_the_bss_file() -> None:
    assert records() == {
        "1C": "YYYYYYY008Strong, 16+ HCP, F",
        "1CP1D": "YYYYYYY008Negative, 0-7 HCP, NF",
        "1CP1H": "NYYYYYY0085+ !h, GF",
        "1CP1N": "NYYYYYY0INV or GF, balanced",
        "2D": "YYYYYYY008Multi, a weak two in a major, PRE",
        "2H": "NYYYYYY008Weak two, six hearts",
    }


def test_dispositions_when_asked() -> None:
    assert {calls: code[7] for calls, code in records(dispositions=True).items()} == {
        "1C": "5",  # F
        "1CP1D": "2",  # NF
        "1CP1H": "6",  # GF
        "1CP1N": "0",  # INV or GF: no single disposition
        "2D": "9",  # PRE
        "2H": "0",  # nothing said
    }


@pytest.mark.parametrize(
    ("meaning", "disposition"),
    [
        ("Stayman, F", Disposition.FORCING),
        ("Stayman, F1", Disposition.FORCING),
        ("5+ ♠, NF", Disposition.NON_FORCING),
        ("10-12, INV", Disposition.INVITATIONAL),
        ("4+ ♥, GF", Disposition.GAME_FORCING),
        ("natural, FG", Disposition.GAME_FORCING),
        ("to play, S/O", Disposition.SIGNOFF),
        ("weak, PRE", Disposition.PREEMPTIVE),
        ("TRF to ♥", Disposition.TRANSFER),
        ("PUP Stayman", Disposition.PUPPET),
        ("REL: describe your hand", Disposition.RELAY),
        ("ASK for shortness", Disposition.ASKING),
        ("S/T in ♠", Disposition.SLAM_TRY),
        ("CONST raise", Disposition.CONSTRUCTIVE),
        ("INV/GF", Disposition.NO_AGREEMENT),  # two dispositions: no agreement rather than a wrong one
        ("TRF, GF", Disposition.NO_AGREEMENT),
        ("F, F1", Disposition.FORCING),  # the same one twice
        ("natural", Disposition.NO_AGREEMENT),
        ("", Disposition.NO_AGREEMENT),
        ("Fit-showing, 5F", Disposition.NO_AGREEMENT),  # F only as a word of its own
        ("nf, inv", Disposition.NO_AGREEMENT),  # abbreviations are written in capitals
        ("NFB: non-forcing", Disposition.NO_AGREEMENT),
        ("forcing", Disposition.NO_AGREEMENT),  # words spelled out are not read
    ],
)
def test_disposition_of(meaning: str, disposition: Disposition) -> None:
    assert disposition_of(meaning) is disposition


def test_the_default_output_is_unchanged_without_marks() -> None:
    text = "1N  15-17, F\n  2C  Stayman, F\n"
    assert all("=NYYYYYY0" in line for line in write_bss(system(text)).splitlines()[1:])


def test_an_artificial_record_comes_back_as_a_marked_call() -> None:
    bss = write_bss(system())
    document = build_document(read_bss(bss, "notes.bss"))
    assert not document.problems
    bml = write_bml(document)
    assert "1C = ! Strong, 16+ HCP, F" in bml.splitlines()
    assert "  1D = ! Negative, 0-7 HCP, NF" in bml.splitlines()
    assert "  1H = 5+ !h, GF" in bml.splitlines()
    assert write_bss(expand(parse_text(bml, "again.bml"))) == bss  # and round-trips


def test_a_marked_meaning_of_several_lines_comes_back() -> None:
    text = "2D  ! Multi:\n    a weak two in a major\n"  # further lines start under the mark, as in bridge-markup
    bss = write_bss(system(text))
    bml = write_bml(build_document(read_bss(bss, "notes.bss")))
    again = parse_text(bml, "again.bml")
    assert not again.problems, bml
    assert write_bss(expand(again)) == bss


def test_bss2bml_reads_the_flag_back(tmp_path: pytest.TempPathFactory) -> None:
    source = tmp_path / "club.bss"  # type: ignore[operator]
    source.write_text("*00{Club}=NYYYYYY\n001C=YYYYYYY508Strong\n001CP1D=NYYYYYY208Natural\n", encoding="utf-8")
    target = tmp_path / "club.bml"  # type: ignore[operator]
    assert main([str(source), "-o", str(target)]) == 0
    written = target.read_text(encoding="utf-8")
    assert "1C = ! Strong" in written
    assert "  1D = Natural" in written


def test_bboalert_writes_every_call_by_default() -> None:
    calls = [(record.context, record.call) for record in read_bboalert(write_bboalert(system())).records]
    assert calls == [("", "1C"), ("1C--", "1D"), ("1C--", "1H"), ("1C--", "1N"), ("", "2D"), ("", "2H")]


def test_bboalert_writes_only_alerted_calls_when_asked() -> None:
    written = read_bboalert(write_bboalert(system(), alerts_only=True))
    assert [(record.context, record.call, record.shown) for record in written.records] == [
        ("", "1C", "Strong; 16+ HCP; F"),
        ("1C--", "1D", "Negative; 0-7 HCP; NF"),
        ("", "2D", "Multi; a weak two in a major; PRE"),
    ]


# -- dispositions read back (bss2bml) -------------------------------------------


def bss_again(bss: str) -> str:
    """``bss`` through bss2bml's tree and BML writer, read as BML and written as ``.bss`` again."""
    document = build_document(read_bss(bss, "notes.bss"))
    assert not document.problems, [str(problem) for problem in document.problems]
    again = parse_text(write_bml(document), "again.bml")
    assert not again.problems, [str(problem) for problem in again.problems]
    return write_bss(expand(again), dispositions=True)


def test_alert_marks_and_dispositions_round_trip_byte_for_byte() -> None:
    bss = write_bss(system(), dispositions=True)
    assert "001C=YYYYYYY508Strong, 16+ HCP, F" in bss.splitlines()  # the mark and the disposition are both there
    assert bss_again(bss) == bss


def test_the_whole_example_notes_round_trip_with_dispositions() -> None:
    text = """\
1N  15-17, BAL
  2C  ! Stayman, F
    2D  no 4-card major, NF
    2H  4+ !h, may have 4 !s
  2D  ! TRF to !h
  2N  INV
  3N  S/O
2C  ! Strong, GF
  2D  ! REL, waiting
4N  ! RKCB, ASK
  5C  0 or 3 key cards, ANS
  5D  1 or 4, ANS
"""
    bss = write_bss(system(text), dispositions=True)
    assert bss_again(bss) == bss


#: A card from another program: a disposition on every record, meanings without abbreviations.
OTHER_PROGRAM = """\
*00{Their card}=NYYYYYYSome system
001N=NYYYYYY2Balanced, 15-17
001NP2C=YYYYYYY508Stayman\\nasks for a major
001NP2CP2D=NYYYYYY208No major
001NP2CP2H=NYYYYYY0084 hearts
001NP2D=YYYYYYYA08Transfer:
001NP2N=NYYYYYY4Limit
001NP3N=NYYYYYY1To play.
001NP4C=YYYYYYYD08Gerber
001NP4CP4D=YYYYYYYE080 or 4 aces
002C=YYYYYYY608
002CP2D=YYYYYYYC08Waiting
002D=NYYYYYY908Weak
002H=YYYYYYY308Constructive raise
002HP3C=NYYYYYY708Help suit
002HP3D=YYYYYYY808Cue
002S=YYYYYYYB08Puppet to 2NT
"""


def codes(bss: str) -> dict[str, str]:
    """The artificial flag and the disposition of each record, by its calls."""
    _, *lines = bss.splitlines()
    return {line.partition("=")[0]: line.partition("=")[2][0] + line.partition("=")[2][7] for line in lines}


def test_the_dispositions_of_another_program_come_back_as_abbreviations() -> None:
    document = build_document(read_bss(OTHER_PROGRAM, "their.bss"))
    assert not document.problems
    bml = write_bml(document).splitlines()
    for row in [
        "1N = Balanced, 15-17, NF",
        "  2C = ! Stayman, F",
        "       asks for a major",  # further lines as they were
        "    2D = No major, NF",
        "    2H = 4 hearts",  # no agreement: nothing added
        "  2D = ! Transfer: TRF",  # after a colon, a space only
        "  2N = Limit, INV",
        "  3N = To play. S/O",
        "    4D = ! 0 or 4 aces, ANS",
        "2C = ! GF",  # no meaning: the abbreviation alone
        "  2D = ! Waiting, REL",
        "2D = Weak, PRE",
        "2H = ! Constructive raise, CONST",
        "  3C = Help suit, S/T",
        "  3D = ! Cue, CTRL",
        "2S = ! Puppet to 2NT, PUP",
    ]:
        assert row in bml
    again = write_bss(expand(parse_text("\n".join(bml), "their.bml")), dispositions=True)
    assert codes(again) == codes(OTHER_PROGRAM)


def test_no_agreement_adds_nothing() -> None:
    bss = "*00{Card}=NYYYYYY\n001C=NYYYYYY008Natural\n001N=NYYYYYY015-17\n"
    bml = write_bml(build_document(read_bss(bss, "card.bss")))
    assert "1C = Natural" in bml.splitlines()
    assert "1N = 15-17" in bml.splitlines()


def test_a_disposition_the_meaning_already_gives_is_not_added_twice() -> None:
    bss = "*00{Card}=NYYYYYY\n001N=NYYYYYY0\n001NP2C=NYYYYYY508Stayman, F1\n001NP2D=NYYYYYYA08TRF to !H\n"
    bml = write_bml(build_document(read_bss(bss, "card.bss"))).splitlines()
    assert "  2C = Stayman, F1" in bml
    assert "  2D = TRF to !h" in bml


def test_a_disposition_the_meaning_contradicts_is_reported_and_left_out() -> None:
    bss = "*00{Card}=NYYYYYY\n001N=NYYYYYY0\n001NP2C=NYYYYYY608Stayman, F\n001NP2N=NYYYYYY4INV or GF\n"
    document = build_document(read_bss(bss, "card.bss"))
    assert [str(problem) for problem in document.problems] == [
        "card.bss:3: the disposition 6 (game forcing) of 1N-(P)-2C disagrees with the abbreviations of its "
        "meaning 'Stayman, F'; the meaning is kept as it is, without the disposition",
        "card.bss:4: the disposition 4 (invitational) of 1N-(P)-2N disagrees with the abbreviations of its "
        "meaning 'INV or GF'; the meaning is kept as it is, without the disposition",
    ]
    bml = write_bml(document).splitlines()
    assert "  2C = Stayman, F" in bml
    assert "  2N = INV or GF" in bml


def test_bss2bml_says_which_disposition_it_left_out(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "card.bss"  # type: ignore[operator]
    source.write_text("*00{Card}=NYYYYYY\n001C=NYYYYYY608Strong, F\n001D=NYYYYYY208Natural\n", encoding="utf-8")
    assert main([str(source), "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert "1C = Strong, F\n1D = Natural, NF\n" in out
    assert err == (
        f"{source}:2: the disposition 6 (game forcing) of 1C disagrees with the abbreviations of its meaning "
        "'Strong, F'; the meaning is kept as it is, without the disposition\n"
    )


def test_every_disposition_has_an_abbreviation_that_reads_back() -> None:
    for disposition in Disposition:
        if disposition is not Disposition.NO_AGREEMENT:
            assert disposition_of(f"Natural, {WRITTEN[disposition]}") is disposition
