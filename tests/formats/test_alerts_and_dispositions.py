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
from sphinx_bml.formats.dispositions import disposition_of
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
