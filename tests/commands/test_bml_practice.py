"""``bml-practice``: boards and auctions for scripts, the coverage report, and plain messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from sphinx_bml.practice.dealing import NEEDS_ENDPLAY
from tests.support import needs, write_project

NOTES = """\
1N = 15-17 {{ 15-17 hcp, balanced }}
  2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
1C = anything else with 12+ {{ 12+ hcp }}
P = {{ 11- hcp }}
"""


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.bml"
    path.write_text(NOTES, encoding="utf-8")
    return path


def endplay_or_skip() -> None:
    needs("endplay")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_json_is_reproducible_and_names_the_rows(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    assert main([str(notes), "--json", "--seed", "5", "--boards", "3"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([str(notes), "--json", "--seed", "5", "--boards", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert len(first) == 3
    for record in first:
        assert record["deal"].startswith("N:") and len(record["deal"].split()) == 4
        assert record["dealer"] in "NESW" and record["vulnerability"] in ("None", "NS", "EW", "All")
        assert record["auction"] == [call["call"] for call in record["calls"]]
        for call in record["calls"]:
            assert call["row"] is None or call["row"]["file"].endswith("notes.bml")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_printed_boards_and_the_coverage_report(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    assert main([str(notes), "--seed", "1", "--boards", "2", "--dealer", "S"]) == 0
    out = capsys.readouterr().out
    assert out.count("Board ") == 2 and "dealer S" in out
    assert main([str(notes), "--check", "--seed", "1", "--boards", "50"]) == 0
    report = capsys.readouterr().out
    assert "50 boards dealt and bid." in report and "Ambiguities" in report


def test_a_missing_source_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nothing.bml")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_notes_without_conditions_say_what_to_add(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.bml"
    path.write_text("1N = 15-17\n", encoding="utf-8")
    assert main([str(path)]) == 1
    assert "no row of" in capsys.readouterr().err


def test_without_endplay_the_message_says_how_to_install(
    notes: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_endplay(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("endplay"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_endplay)
    monkeypatch.setattr("importlib.import_module", lambda name: no_endplay(name))
    assert main([str(notes), "--boards", "1"]) == 1
    assert NEEDS_ENDPLAY in capsys.readouterr().err


def test_a_bad_board_count_is_a_command_line_mistake(notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(notes), "--boards", "0"]) == 2
    assert "--boards" in capsys.readouterr().err


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_file_alone_reads_no_include_outside_its_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    endplay_or_skip()
    (tmp_path / "shared.bml").write_text("1N-2D = transfer from elsewhere {{ 0+ hcp }}\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()
    notes = tmp_path / "notes" / "system.bml"
    notes.write_text(NOTES + "#INCLUDE ../shared.bml\n", encoding="utf-8")
    assert main([str(notes), "--json", "--seed", "4", "--boards", "40"]) == 0
    captured = capsys.readouterr()
    assert "#INCLUDE ../shared.bml is outside the documentation folder, so it is not read" in captured.err
    assert "from elsewhere" not in captured.out


def test_a_system_is_picked_in_a_project_only(tmp_path: Path, notes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(notes), "--system", "acol"]) == 2
    assert "--system picks one of bml_systems of a project folder, not of" in capsys.readouterr().err
    site = write_project(tmp_path / "site", "Notes\n=====\n\n.. bml::\n\n   " + NOTES.replace("\n", "\n   "))
    assert main([str(site), "--system", "acol"]) == 2
    err = capsys.readouterr().err
    assert "has one system only (no bml_systems in its conf.py), so there is no system 'acol' to pick" in err
