"""Files downloaded from the internet, run through the commands: what they say stays what they say.

A ``.bss`` or practice_bidding ``.xml`` file may hold text that would be BML
syntax, a link that runs a script, terminal control sequences, or structures
deep enough to break a recursive reader. Each is converted or left out with
a located message in plain words and the right exit status; no traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sphinx_bml.commands import bml_check, bml_practice, bss2bml, xml2bml
from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file
from sphinx_bml.language.bidtable import MAX_TABLE_DEPTH
from sphinx_bml.language.calls import Call
from sphinx_bml.language.conditions import MAX_CONDITION_NESTING, Hand
from sphinx_bml.practice.robot import Choice
from sphinx_bml.practice.session import Score
from tests.support import hrefs_of_page, needs

ESC = "\x1b"
#: What a hostile file may hold to retitle and clear a terminal.
CONTROL = f"{ESC}]0;pwned\x07{ESC}[2J"
EVALUATION = "<and><evaluation><hcp><min>{low}</min></hcp></evaluation></and>"


def xml_system(*bids: str) -> str:
    opening = f"<bid><value>1d</value><desc>the rest</desc>{EVALUATION.format(low=12)}</bid>"
    return '<?xml version="1.0"?>\n<openingBids hcp="standard">\n' + "\n".join((opening, *bids)) + "\n</openingBids>\n"


def bss_file(folder: Path, *records: str, name: str = "partner.bss", system: str = "Ours") -> Path:
    path = folder / name
    path.write_text("\n".join((f"*00{{{system}}}=NYYYYYY", *records)) + "\n", encoding="utf-8")
    return path


def meanings(path: Path) -> dict[str, tuple[str, str | None]]:
    document = parse_file(str(path))
    assert not document.problems, [str(p) for p in document.problems]
    return {str(m.sequence): (m.description.text, m.condition and m.condition.source) for m in expand(document)}


# -- text stays text ------------------------------------------------------------------------------


def test_braces_in_a_bss_meaning_stay_words_and_convert_back(tmp_path: Path) -> None:
    source = bss_file(tmp_path, "001C=NYYYYYY008Strong {{ 0+ hcp }}", "001D=NYYYYYY008a \\\\{{ b }} {{{ c }}")
    assert bss2bml.main([str(source)]) == 0
    written = tmp_path / "partner.bml"
    assert meanings(written) == {"1C": ("Strong {{ 0+ hcp }}", None), "1D": ("a \\{{ b }} {{{ c }}", None)}
    back = write_bss(expand(parse_file(str(written))), "Ours")
    assert "001C=NYYYYYY008Strong {{ 0+ hcp }}" in back


def test_braces_in_an_xml_meaning_do_not_make_the_robot_bid_it(tmp_path: Path) -> None:
    source = tmp_path / "weak.xml"
    strong = f"<bid><value>2c</value><desc>Weak {{{{ 0+ hcp }}}}</desc>{EVALUATION.format(low=22)}</bid>"
    source.write_text(xml_system(strong), encoding="utf-8")
    assert xml2bml.main([str(source)]) == 0
    rows = meanings(tmp_path / "weak.bml")
    assert rows["2C"] == ("Weak {{ 0+ hcp }}", "22+ hcp")
    (two_clubs,) = [m for m in expand(parse_file(str(tmp_path / "weak.bml"))) if str(m.sequence) == "2C"]
    assert two_clubs.condition is not None
    assert not two_clubs.condition.holds(Hand.from_pbn("K32.Q432.J32.432"))


JAVASCRIPT = "javascript://%0Aalert(document.cookie)"


@pytest.mark.usefixtures("bml_directive")
def test_a_javascript_address_in_a_bss_file_is_no_link_in_the_page(tmp_path: Path) -> None:
    source = bss_file(tmp_path, "001C=NYYYYYY008strong", system=f"See {JAVASCRIPT}")
    text = source.read_text(encoding="utf-8").replace("NYYYYYY\n", f"NYYYYYY{JAVASCRIPT} and <{JAVASCRIPT}>\n", 1)
    source.write_text(text, encoding="utf-8")
    assert bss2bml.main([str(source), "--format", "rst"]) == 0
    page = tmp_path / "partner.rst"
    assert JAVASCRIPT.split("//")[1] in page.read_text(encoding="utf-8")  # the words are kept
    assert not [href for href in hrefs_of_page(page) if not href.startswith("#")]


@pytest.mark.usefixtures("bml_directive")
def test_a_javascript_address_as_an_xml_file_name_is_no_link_in_the_page(tmp_path: Path) -> None:
    source = tmp_path / "javascript:%0Aalert(1).xml"
    source.write_text(xml_system(), encoding="utf-8")
    assert xml2bml.main([str(source), "--format", "rst", "-o", str(tmp_path / "page.rst")]) == 0
    assert not [href for href in hrefs_of_page(tmp_path / "page.rst") if not href.startswith("#")]


# -- terminal control sequences ----------------------------------------------------------------------


def test_bss2bml_shows_control_sequences_from_the_file_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = bss_file(tmp_path, f"001C=NYYYYYY0 keys{CONTROL}")  # no disposition: the message quotes it
    assert bss2bml.main([str(source), "-o", str(tmp_path / "out.bml")]) == 0
    err = capsys.readouterr().err
    assert ESC not in err and "\x07" not in err
    assert "keys\\u001b]0;pwned\\u0007\\u001b[2J" in err


def test_bml_practice_shows_control_sequences_from_the_notes_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.bml"
    notes.write_text(f"1N = 15-17 {{{{ 15-17 hcp{CONTROL} }}}}\n1C = any {{{{ any }}}}\n", encoding="utf-8")
    needs("endplay")
    assert bml_practice.main([str(notes), "--json", "--seed", "1", "--boards", "1"]) == 0
    captured = capsys.readouterr()
    assert ESC not in captured.err and "\\u001b]0;pwned" in captured.err
    assert ESC not in captured.out  # JSON escapes them itself
    (meaning,) = [m for m in expand(parse_file(str(notes))) if str(m.sequence) == "1C"]
    call = meaning.sequence.calls[-1]
    shown = Score().verdict(1, "", Call.parse("1D"), Choice("S", call, meaning), [])
    assert ESC not in shown


def test_bml_check_shows_control_sequences_from_a_file_and_its_name_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each problem stays one line, in text and JSON: a control character of the notes or of a file's
    name, a C1 control sequence introducer (U+009B) and a right-to-left override alike."""
    notes = tmp_path / f"notes{ESC}[2J.bml"
    notes.write_text(f"1N = 15-17\n1N = 12-14 {CONTROL}\x9b2J\u202eevil\n", encoding="utf-8")
    shown = f"12-14 {CONTROL}".replace(ESC, "\\u001b").replace("\x07", "\\u0007") + "\\u009b2J\\u202eevil"
    assert bml_check.main([str(notes)]) == 1
    out = capsys.readouterr().out
    assert [char for char in out if not char.isprintable()] == ["\n"]  # one line
    assert out.startswith(f"{tmp_path}/notes\\u001b[2J.bml:2: 1NT is defined here as '{shown}'")
    assert bml_check.main(["--format", "json", str(notes)]) == 1
    out = capsys.readouterr().out
    assert [char for char in out if not char.isprintable() and char != "\n"] == []
    (problem,) = json.loads(out)  # JSON's own escapes: a script reads the file's name and text back
    assert problem["file"].endswith(f"notes{ESC}[2J.bml")
    assert shown in problem["message"]  # as the build warned it


# -- deep and long structures ---------------------------------------------------------------------------


def test_a_bss_sequence_of_thousands_of_passes_is_left_out_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = bss_file(tmp_path, "001C=NYYYYYY0082+ clubs", "001C" + "P" * 3000 + "=NYYYYYY0end", "001D=NYYYYYY008x")
    assert bss2bml.main([str(source)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"{source}:3: this bidding sequence runs to more than {MAX_TABLE_DEPTH} calls; BML keeps auctions "
        f"of at most {MAX_TABLE_DEPTH} calls (no real auction needs more); the line is left out"
    )
    assert set(meanings(tmp_path / "partner.bml")) == {"1C", "1D"}


def nested(tag: str, depth: int) -> str:
    return f"<{tag}>" * depth + EVALUATION.format(low=12)[5:-6] + f"</{tag}>" * depth


@pytest.mark.parametrize(("tag", "depth"), [("and", 400), ("or", 400), ("not", 1_000)])
def test_xml_conditions_nested_hundreds_deep_keep_the_row_without_a_condition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str, depth: int
) -> None:
    source = tmp_path / "deep.xml"
    source.write_text(
        xml_system(f"<bid><value>1h</value><desc>deep</desc>{nested(tag, depth)}</bid>"), encoding="utf-8"
    )
    assert xml2bml.main([str(source)]) == 1
    assert capsys.readouterr().err == (
        f"{source}:4: 1H: <and>, <or> and <not> nested more than {MAX_CONDITION_NESTING} deep, which no hand needs "
        "and BML's conditions do not take; the row is kept without a hand condition, so the robot never bids it\n"
    )
    assert meanings(tmp_path / "deep.bml") == {"1D": ("the rest", "12+ hcp"), "1H": ("deep", None)}


def test_xml_bids_nested_hundreds_deep_are_left_out_below_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inner = ""
    for index in range(500):
        inner = f"<bid><value>{'2c' if index == 499 else 'p'}</value><desc>d{index}</desc>{inner}</bid>"
    source = tmp_path / "deep.xml"
    source.write_text(xml_system(inner), encoding="utf-8")
    assert xml2bml.main([str(source)]) == 1
    assert capsys.readouterr().err == (
        f"{source}:4: <bid> elements nested more than {MAX_TABLE_DEPTH} deep (an auction of more than "
        f"{MAX_TABLE_DEPTH} calls, which BML does not keep); this bid and its answers are left out\n"
    )
    rows = meanings(tmp_path / "deep.bml")
    deepest = max(len(sequence.split("-")) for sequence in rows)
    assert deepest == 2 * MAX_TABLE_DEPTH - 1  # 50 of our calls, the opponents passing in between


def test_a_condition_too_deep_for_bml_practice_is_a_located_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    notes = tmp_path / "notes.bml"
    deep = "(" * 300 + "12+ hcp" + ")" * 300
    notes.write_text(f"1N = 15-17 {{{{ {deep} }}}}\n1C = any {{{{ any }}}}\n", encoding="utf-8")
    assert bml_practice.main([str(notes), "--json", "--seed", "1", "--boards", "1"]) == 0
    err = capsys.readouterr().err
    assert re.fullmatch(rf"{re.escape(str(notes))}:1: the hand condition \{{\{{\(+…\}}\}} cannot be read: .*\n", err)
    assert "Traceback" not in err


# -- seeds, dropped rows, files that are no BSS --------------------------------------------------------


@pytest.mark.parametrize("seed", ["-1", "4294967296", "20261125120000"])
def test_a_seed_numpy_cannot_take_is_a_usage_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    notes = tmp_path / "notes.bml"
    notes.write_text("1C = any {{ any }}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        bml_practice.main([str(notes), f"--seed={seed}", "--boards", "1"])
    assert stopped.value.code == 2
    assert f"argument --seed: '{seed}' is not a seed: give a whole number from 0 to 4294967295" in (
        capsys.readouterr().err
    )


def test_a_row_that_bml_leaves_out_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = f"<bid><value>1c</value><desc>cannot be</desc>{EVALUATION.format(low=6)}</bid>"
    source = tmp_path / "answers.xml"
    source.write_text(xml_system(f"<bid><value>2c</value><desc>strong</desc>{answer}</bid>"), encoding="utf-8")
    assert xml2bml.main([str(source)]) == 1
    assert capsys.readouterr().err == (
        f"{source}:4: 1C after 2C is not a sufficient bid; the row is written, but BML leaves it out\n"
    )


def test_a_binary_file_is_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "program.bss"
    source.write_bytes(bytes(range(256)) * 400 + b"\n001C=NYYYYYY0082+ clubs\n" * 3)
    assert bss2bml.main([str(source)]) == 1
    assert capsys.readouterr().err == (
        f"bss2bml: {source}: this is not a text file (it holds zero bytes, as programs and pictures do), "
        "so not a BSS file. Nothing was written.\n"
    )
    assert not (tmp_path / "program.bml").exists()
