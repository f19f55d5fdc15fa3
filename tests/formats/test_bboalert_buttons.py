"""Practice buttons in a BBOalert file: the records BBOalert's syntax documents, read back as BBOalert
reads them, their JavaScript run by Node.js and the dealer script it hands over run by Debian's dealer."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from sphinx_bml.formats.bboalert import read_bboalert
from sphinx_bml.formats.bboalert_buttons import (
    BUTTON_STYLE,
    HEADER_STYLE,
    SET_DEALER_CODE,
    PracticeButton,
    button_lines,
    field,
    script_name,
    template_lines,
)
from sphinx_bml.language import expand, parse_text
from sphinx_bml.practice.practice_set import practice_set
from tests.support import node_program, run_dealer

#: What BBOalert does with a script: ``eval`` of its text (``userScript`` in BBOalert's functions.js);
#: ``setDealerCode`` here only says what it was given.
RUN_SCRIPTS = """
const scripts = JSON.parse(require("fs").readFileSync(0, "utf-8"));
const given = {};
for (const [name, code] of Object.entries(scripts)) {
    globalThis.setDealerCode = (dealerCode, dealer, rotate) => { given[name] = [dealerCode, dealer, rotate]; };
    var R = "";
    eval(code);
}
console.log(JSON.stringify(given));
"""


def run_scripts(scripts: dict[str, str]) -> dict[str, list[object]]:
    """Each script run by Node.js as BBOalert runs it: what it gave ``setDealerCode``."""
    done = subprocess.run(
        [node_program(), "-e", RUN_SCRIPTS], input=json.dumps(scripts), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


NOTES = """\
#+TITLE: Our club

1N = 15-17 balanced {{ 15-17 hcp, balanced }}
  2C = Stayman, asks for a major {{ 8+ hcp, 4+ hearts or 4+ spades }}
1C = 16+ {{ 16+ hcp }}
  1D = negative {{ 0-7 hcp }}
1S = five spades {{ 11-15 hcp, 5+ spades }}
(1S)
  D = takeout {{ 12+ hcp, 1- spades }}
"""


def test_the_records_keep_to_bboalerts_syntax() -> None:
    found = practice_set(expand(parse_text(NOTES, "notes.bml")), ["1N-2C", "1C-1D", "1N", "(1S)-D"], "Our club")
    assert found.left_out == []
    assert found.left_out == []
    lines = list(button_lines(found.buttons))
    assert lines[0] == f"Import,{SET_DEALER_CODE}"
    headers = [line for line in lines if line.endswith(f",,{HEADER_STYLE}")]
    assert headers == [
        f"Button,Our 1NT,,{HEADER_STYLE}",
        f"Button,Our 1♣,,{HEADER_STYLE}",
        f"Button,Their 1♠,,{HEADER_STYLE}",
    ]
    assert lines.index(headers[1]) > max(index for index, line in enumerate(lines) if "bml_Our_club_1N" in line)
    for button in found.buttons:
        start = lines.index(f"Script,{button.name}")
        end = lines.index("Script", start + 1)
        assert lines[start + 1] == "setDealerCode(`" and lines[end - 1] == f'`, "{button.dealer}", true);'
        assert lines[start + 2 : end - 1] == template_lines(button.code)
        fields = lines[end + 1].split(",")
        assert fields[0] == "Button" and fields[1] == button.label and fields[3] == BUTTON_STYLE
        assert len(fields) == 4 and fields[2].endswith(f"%{button.name}%") and fields[2].count("%") == 2
        assert re.fullmatch(r"[A-Za-z0-9_]+", button.name)
    assert [button.label for button in found.buttons] == ["1NT–2♣", "1♣–1♦", "1NT", "(1♠)–Dbl"]
    labels = [line.split(",")[1] for line in lines if line.startswith("Button,")]
    assert labels == ["Our 1NT", "1NT–2♣", "1NT", "Our 1♣", "1♣–1♦", "Their 1♠", "(1♠)–Dbl"]  # grouped by opening
    assert found.buttons[0].chat == "1NT–2♣: Stayman; asks for a major"
    assert found.buttons[3].name == "bml_Our_club_they_1S_D" and found.buttons[3].dealer == "E"


def test_read_back_as_bboalert_reads_them_and_run(tmp_path: Path) -> None:
    system = expand(parse_text(NOTES, "notes.bml"))
    found = practice_set(system, ["1N-2C", "(1S)-D"], "Our club")
    text = "BBOalert,Our club\n,1N,15-17 balanced\n" + "".join(line + "\n" for line in button_lines(found.buttons))
    read = read_bboalert(text)
    assert [(record.context, record.call) for record in read.records] == [("", "1N")]  # the scripts are no alerts
    assert read.imports == [SET_DEALER_CODE]
    assert set(read.scripts) == {button.name for button in found.buttons}
    assert [button.label for button in read.buttons] == ["Our 1NT", "1NT–2♣", "Their 1♠", "(1♠)–Dbl"]
    given = run_scripts(read.scripts)
    for button in found.buttons:
        code, dealer, rotate = given[button.name]
        assert code == "\n" + button.code and dealer == button.dealer and rotate is True
        assert isinstance(code, str) and len(run_dealer(code, 10, folder=tmp_path)) == 10


HOSTILE_TEXT = 'it\'s "quoted" | %x% @T `tick` ${x} \\n, &comma; </script> */'
HOSTILE = f"""\
#+TITLE: Ours %x%, "the" `best` ${{x}} \\

1N = 15-17, {HOSTILE_TEXT} {{{{ 15-17 hcp, balanced }}}}
  2C = {HOSTILE_TEXT}
       {{{{ 8+ hcp, 4+ hearts or 4+ spades }}}}
"""


def test_nothing_the_notes_say_breaks_out_of_a_record(tmp_path: Path) -> None:
    folder = tmp_path / "a `folder` ${x} %x% \\"
    folder.mkdir()
    system = expand(parse_text(HOSTILE, str(folder / "notes.bml")))
    assert any("%x%" in meaning.plain_text and "`tick`" in meaning.plain_text for meaning in system)
    found = practice_set(system, ["1N-2C", "1N"], 'Ours %x%, "the" `best`')
    assert found.left_out == []
    lines = list(button_lines(found.buttons))
    assert not any(line.endswith("\\") for line in lines)
    read = read_bboalert("BBOalert\n" + "".join(line + "\n" for line in lines))
    assert len(read.buttons) == 3 and len(read.scripts) == 2 and read.records == []
    chat = read.buttons[1].text
    assert chat.count("%") == 2 and "&comma;" not in chat and "\\" not in chat and "," not in chat
    assert "@T" in chat  # a tag means nothing in a button's text: it is shown as written
    given = run_scripts(read.scripts)
    for button in found.buttons:
        assert given[button.name][0] == "\n" + button.code
    plain = practice_set(expand(parse_text("1N = {{ 15-17 hcp, balanced }}\n", "plain.bml")), ["1N"], "x")
    assert run_dealer(str(given[found.buttons[1].name][0]), 20, seed=3, folder=tmp_path) == run_dealer(
        plain.buttons[0].code, 20, seed=3
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a, b", "a; b"),
        ("50% %x%", "50％ ％x％"),
        ("&comma; & co", "＆comma; ＆ co"),
        ("a\\nb \\", "a＼nb ＼"),
        ("two\nlines\u2028and\ttabs", "two lines and tabs"),
    ],
)
def test_a_field_says_what_it_says(text: str, shown: str) -> None:
    assert field(text) == shown


def test_a_long_chat_is_cut_at_its_length() -> None:
    assert field("x" * 200, 150) == "x" * 149 + "…"


def test_script_names_are_letters_digits_and_underscores() -> None:
    assert script_name("bml", "Kestrel Précision", "", "1N", "P", "2C") == "bml_Kestrel_Precision_1N_P_2C"
    assert script_name("bml", '%x%, "q"', "they", "1S", "D") == "bml_x_q_they_1S_D"


def test_no_buttons_no_records() -> None:
    assert list(button_lines([])) == []
    button = PracticeButton("Our 1NT", "1NT", "1NT", "bml_1N", "condition 1\n", "S")
    assert next(iter(button_lines([button]))) == f"Import,{SET_DEALER_CODE}"
