"""``bml-practice``: how sure a comparison is, and a study split over runs merged into one.

``--compare`` says beside the IMPs the mean a board and its 95% interval, and whether the
difference is within noise; ``--json`` of a study holds what was studied, the boards and the
figures; ``--merge`` adds up runs of other seeds into exactly the figures of one run over all of
them (``--seed 1 --seed 2``); bad input is a plain message and exit status 2."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from sphinx_bml.commands.bml_practice import main
from tests.practice.systems import CLUB, NEW_CLUB, write_club
from tests.support import ROOT, needs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: a deliberately worse version: 7NT over partner's 1NT with any hand that has no four-card major
WORSE = CLUB.replace(
    "    3N = to play {{ 10-15 hcp, 3- hearts, 3- spades }}", "    7N = to play {{ 0-15 hcp, 3- hearts, 3- spades }}"
)
PRACTICE_PAGE = ROOT / "docs" / "practice.rst"


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return write_club(tmp_path)


def _run(arguments: list[str], capsys: pytest.CaptureFixture[str], status: int = 0) -> str:
    assert main(arguments) == status, capsys.readouterr().err
    return capsys.readouterr().out


def test_the_same_notes_compared_are_within_noise(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    lines = _run([str(club), "--compare", str(club), "--boards", "40", "--seed", "3"], capsys).splitlines()
    assert lines == [
        f"{club} against {club}: the auctions differ on 0 of 40 boards.",
        "The two versions bid every board alike (within noise).",
    ]
    study = json.loads(_run([str(club), "--compare", str(club), "--boards", "40", "--seed", "3", "--json"], capsys))
    assert study["boards"] == []  # --compare alone writes the boards the versions bid differently
    overall = study["figures"]["compare"]["overall"]
    assert overall["boards"] == 40 and overall["swings"] == overall["total"] == overall["squares"] == 0
    assert overall["interval"] is None and overall["deviation"] == 0.0
    assert study["study"]["notes"] == study["study"]["compare"]  # the same source, title and fingerprint


@pytest.mark.slow
def test_a_worse_version_is_said_worse(club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    needs("endplay")
    worse = write_club(tmp_path, WORSE, "worse.bml")
    arguments = [str(club), "--compare", str(worse), "--sequence", "1N", "--seed", "3", "--boards", "40"]
    lines = _run([*arguments, "--jobs", "1"], capsys).splitlines()
    assert lines[0] == f"{club} against {worse}: the auctions differ on 13 of 40 boards."
    assert re.fullmatch(
        rf"{re.escape(str(club))} scores \+120 IMPs against {re.escape(str(worse))}: mean \+3\.00 IMPs a board, "
        rf"95% interval \+1\.\d\d to \+4\.\d\d \({re.escape(str(club))} better; rough: only 13 boards swing\)\.",
        lines[1],
    )
    assert "(within noise" not in lines[1]


def _study(arguments: list[str], capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    path.write_text(_run([*arguments, "--json", "--jobs", "1"], capsys), encoding="utf-8")
    document: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return document


@pytest.mark.slow
def test_two_seeds_merged_equal_one_run_over_both(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The done-when of the issue: the JSON of a run with seed 1 and of one with seed 2, merged, is
    exactly the JSON of one run over both seeds; and in whatever order they are merged."""
    needs("endplay")
    new = write_club(tmp_path, NEW_CLUB, "new.bml")
    study = [str(club), "--par", "--compare", str(new), "--boards", "4"]
    first = _study([*study, "--seed", "1"], capsys, tmp_path / "seed-1.json")
    second = _study([*study, "--seed", "2"], capsys, tmp_path / "seed-2.json")
    both = _study([*study, "--seed", "2", "--seed", "1"], capsys, tmp_path / "both.json")
    # one run over both seeds deals the boards of each seed in turn, exactly those of its own run
    assert both["boards"] == [*second["boards"], *first["boards"]]  # type: ignore[misc]
    assert [(record["seed"], record["board"]) for record in both["boards"]] == [  # type: ignore[attr-defined]
        (2, 1), (2, 2), (2, 3), (2, 4), (1, 1), (1, 2), (1, 3), (1, 4)
    ]  # fmt: skip
    assert both["study"]["seeds"] == [{"seed": 1, "boards": 4}, {"seed": 2, "boards": 4}]  # type: ignore[index]
    files = [str(tmp_path / "seed-1.json"), str(tmp_path / "seed-2.json")]
    merged = json.loads(_run(["--merge", *files, "--json"], capsys))
    assert merged == {"study": both["study"], "figures": both["figures"]}
    assert json.loads(_run(["--merge", *reversed(files), "--json"], capsys)) == merged
    # the text of the merge is the text of the figures of that one run
    text = _run(["--merge", *files], capsys)
    assert text.startswith("2 files merged: 8 boards dealt by seeds 1 and 2.\n\nIMPs to par, for the side that opened")
    assert text.split("\n\n", 1)[1] == _run(["--merge", str(tmp_path / "both.json")], capsys).split("\n\n", 1)[1]
    _the_figures_are_those_of_the_boards(both)


def _the_figures_are_those_of_the_boards(study: dict[str, object]) -> None:
    """Each board names the opening it is counted under, its IMPs to par and the difference between
    the versions: added up, they are the figures."""
    by_opening: dict[str, list[int]] = defaultdict(list)
    differences: list[int] = []
    for record in study["boards"]:  # type: ignore[attr-defined]
        assert not record["counted_apart"]
        by_opening[record["group"]].append(record["imps"])
        differences.append(record["difference"])
        if record["compared"] is not None:
            assert record["difference"] == record["imps"] - record["compared"]["imps"]
    openings = study["figures"]["par"]["openings"]  # type: ignore[index]
    assert set(openings) == set(by_opening)
    for name, imps in by_opening.items():
        figures = openings[name]
        assert (figures["boards"], figures["total"]) == (len(imps), sum(imps))
        assert figures["squares"] == sum(value * value for value in imps)
        assert figures["swings"] == sum(1 for value in imps if value)
    overall = study["figures"]["par"]["overall"]  # type: ignore[index]
    assert overall["boards"] == 8 and "interval" in overall and "standard_error" in overall
    compare = study["figures"]["compare"]["overall"]  # type: ignore[index]
    assert compare["total"] == sum(differences) and compare["boards"] == len(differences)


def test_every_board_names_its_seed_and_a_run_without_a_seed_can_be_dealt_again(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs("endplay")
    records = json.loads(_run([str(club), "--json", "--boards", "3"], capsys))
    seeds = {record["seed"] for record in records}
    assert len(seeds) == 1
    seed = seeds.pop()
    assert isinstance(seed, int)
    again = json.loads(_run([str(club), "--json", "--boards", "3", "--seed", str(seed)], capsys))
    assert again == records


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["five", "1.5", "", "0x10", "-3"])
def test_a_seed_that_is_not_a_number_is_a_usage_message(
    club: Path, capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([str(club), "--par", f"--seed={seed}"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --seed: '{seed}' is not a seed: give a whole number from 0 to 4294967295" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--par", "--seed", "3", "--seed", "4", "--seed", "3"], "--seed 3 is given twice: its boards would count"),
        (["--merge", "a.json"], "--merge adds up the --json files of a study, and takes no SOURCE"),
    ],
)
def test_mistakes_with_seeds_and_merges(
    club: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([str(club), *arguments])
    assert stopped.value.code == 2
    assert f"bml-practice: error: {message}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ([], "give a .bml file or a Sphinx project folder (or --merge FILE... to add up a study)"),
        (["--merge", "a.json", "--par"], "--merge adds up the --json files of a study, and takes no --par"),
        (["--merge", "a.json", "--seed", "4"], "--merge adds up the --json files of a study, and takes no --seed"),
        (["--merge", "a.json", "--boards", "4"], "--merge adds up the --json files of a study, and takes no --boards"),
    ],
)
def test_mistakes_on_the_command_line_of_a_merge(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert f"bml-practice: error: {message}" in capsys.readouterr().err


def test_files_that_cannot_be_merged_are_said_plainly(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Runs of other options, a seed in two files, a file cut short, boards without figures, a file
    that is no JSON: one line each, exit status 2, no traceback."""
    needs("endplay")
    same = [str(club), "--compare", str(club), "--boards", "3"]  # nothing to solve: quick
    (tmp_path / "a.json").write_text(_run([*same, "--seed", "1", "--json"], capsys), encoding="utf-8")
    (tmp_path / "b.json").write_text(_run([*same, "--seed", "1", "--json"], capsys), encoding="utf-8")
    sequence = [*same, "--seed", "2", "--json", "--sequence", "1N"]
    (tmp_path / "c.json").write_text(_run(sequence, capsys), encoding="utf-8")
    (tmp_path / "boards.json").write_text(_run([str(club), "--json", "--boards", "2"], capsys), encoding="utf-8")
    whole = (tmp_path / "a.json").read_text(encoding="utf-8")
    (tmp_path / "cut.json").write_text(whole[: len(whole) - 40], encoding="utf-8")
    cases = {
        ("a.json", "b.json"): "seed 1 is in both {a.json} and {b.json}: its boards would count twice",
        ("a.json", "c.json"): "{a.json} and {c.json} are not the same study: {a.json} has no --sequence, "
        "{c.json} --sequence 1N",
        ("a.json", "cut.json"): "{cut.json} stops in the middle of its JSON (line ",
        ("boards.json",): "{boards.json} holds boards, not the figures of a study: give the --json output of",
        ("a.json", "missing.json"): "{missing.json} does not exist",
        ("club.bml",): "{club.bml} is not JSON (Expecting value, line 1, column 1): give the --json output of",
    }
    for files, message in cases.items():
        paths = {name: str(tmp_path / name) for name in (*files, "a.json", "b.json", "c.json")}
        assert main(["--merge", *(paths[name] for name in files)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        for name, path in paths.items():
            message = message.replace(f"{{{name}}}", path)
        assert captured.err.startswith(f"bml-practice: {message}"), captured.err
        assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


# -- the page's examples, run -------------------------------------------------------------------


def _blocks(page: str, language: str) -> list[str]:
    """The code blocks of ``language`` on a page of the docs, unindented."""
    blocks = re.findall(rf"\.\. code-block:: {language}\n\n((?:   .*\n|\n)+)", page)
    return ["\n".join(line[3:] for line in block.splitlines()).strip() + "\n" for block in blocks]


@pytest.mark.slow
def test_the_compare_example_of_the_docs_is_what_bml_practice_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    needs("endplay")
    page = PRACTICE_PAGE.read_text(encoding="utf-8")
    (example,) = [block for block in re.findall(r"::\n\n((?:   .*\n|\n)+)", page) if "$ bml-practice notes/" in block]
    lines = [line[3:] for line in example.rstrip().splitlines()]
    command, shown = lines[0], "\n".join(lines[1:]) + "\n"
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes-june").mkdir()
    write_club(tmp_path / "notes", NEW_CLUB)  # the new notes raise 1NT to 3NT from 8 HCP
    write_club(tmp_path / "notes-june")
    monkeypatch.chdir(tmp_path)
    assert command.startswith("$ bml-practice ")
    assert _run(command.split()[2:], capsys) == shown


def test_the_merge_example_of_the_docs_runs(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    needs("endplay")
    page = PRACTICE_PAGE.read_text(encoding="utf-8")
    (python,) = [block for block in _blocks(page, "python") if "merging" in block]
    monkeypatch.chdir(tmp_path)
    for seed in (1, 2):
        arguments = [str(club), "--compare", str(club), "--boards", "5", "--seed", str(seed), "--json"]
        Path(f"study-{seed}.json").write_text(_run(arguments, capsys), encoding="utf-8")
    exec(compile(python, str(PRACTICE_PAGE), "exec"), {})  # the page's own example
    printed = capsys.readouterr().out
    assert printed.startswith("2 files merged: 10 boards dealt by seeds 1 and 2.\n")
    assert "The two versions bid every board alike (within noise)." in printed
