"""``xml2bml``: practice_bidding systems to BML files and pages, with bss2bml's options and exit statuses."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sphinx_bml.commands.xml2bml import main
from tests.support import ROOT

SYSTEMS = ROOT / "tests" / "formats" / "practice_xml"
FORMULA_POINTS = """<?xml version="1.0"?>
<openingBids hcp="standard" formulas="mine.py">
<bid><value>1c</value><desc>16+</desc><and><evaluation><hcp><min>16</min></hcp></evaluation></and></bid>
<bid><value>2c</value><desc>Game force</desc><and><evaluation><points><min>23</min></points></evaluation></and></bid>
</openingBids>
"""
TRICKS = FORMULA_POINTS.replace("<points><min>23</min></points>", "<tricks><min>9</min></tricks>").replace(
    'hcp="standard"', 'hcp="chimaera" shape="freakiness"'
)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return Path(shutil.copy(SYSTEMS / "club_system.xml", tmp_path / "club.xml"))


def test_the_output_goes_beside_the_input(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(club)]) == 0
    text = (club.parent / "club.bml").read_text(encoding="utf-8")
    assert "1N = 13-15 hcp, balanced, no five-card major" in text
    assert "{{ 10+ hcp and 4 spades or 10+ hcp and 4 hearts }}" in text
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("page", "start"), [("rst", "club\n====\n\n.. bml::\n"), ("md", "# club\n\n```{bml}\n")])
def test_a_page_in_either_format(club: Path, page: str, start: str) -> None:
    assert main([str(club), "--format", page]) == 0
    assert (club.parent / f"club.{page}").read_text(encoding="utf-8").startswith(start)


def test_standard_output_and_verbose(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(club), "-o", "-", "-v"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("#VUL 00")
    assert captured.err == f"{club}: 20 bids, 19 with a hand condition, written to standard output\n"


def test_what_cannot_be_carried_is_reported_and_the_rest_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "strong.xml"
    source.write_text(FORMULA_POINTS, encoding="utf-8")
    assert main([str(source), "-o", str(tmp_path / "out.bml")]) == 1
    assert capsys.readouterr().err == (
        f"{source}:4: 2C: points counted by the formula file, which BML cannot say; "
        "the row is kept without a hand condition, so the robot never bids it\n"
    )
    text = (tmp_path / "out.bml").read_text(encoding="utf-8")
    assert "1C = 16+\n     {{ 16+ hcp }}" in text and "2C = Game force\n" in text


def test_playing_tricks_and_the_chimaera_counts_are_carried(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "strong.xml"
    source.write_text(TRICKS, encoding="utf-8")
    assert main([str(source), "-o", str(tmp_path / "out.bml")]) == 0
    assert capsys.readouterr().err == ""
    text = (tmp_path / "out.bml").read_text(encoding="utf-8")
    assert "2C = Game force\n     {{ 9+ playing tricks }}" in text


def test_strict_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "strong.xml"
    source.write_text(FORMULA_POINTS, encoding="utf-8")
    assert main([str(source), "--strict"]) == 1
    assert "nothing was written (--strict)" in capsys.readouterr().err
    assert not (tmp_path / "strong.bml").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read {path}: there is no such file"),
        ("<openingBids>\n<bid>", "{path}:2: this is not well-formed XML"),
        ("<!DOCTYPE x [<!ENTITY a 'b'>]><x/>", "{path}:1: the file declares a document type"),
        ("<openingBids></openingBids>", "no <bid> could be read; is it a practice_bidding system?"),
    ],
)
def test_bad_input_is_one_plain_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    source = tmp_path / "system.xml"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    assert main([str(source)]) == 1
    assert message.format(path=source) in capsys.readouterr().err
    assert not (tmp_path / "system.bml").exists()


def test_a_command_line_mistake_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--format", "pdf", "x.xml"])
    assert raised.value.code == 2


def test_it_runs_as_a_module_reading_standard_input(club: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sphinx_bml.commands.xml2bml", "-"],
        input=club.read_bytes(),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert b"{{ 16+ hcp }}" in result.stdout
