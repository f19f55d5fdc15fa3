"""A study split over runs, added up: figures merged exactly, in any order; runs of another study,
a seed counted twice and files that are not a study's JSON refused in plain words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sphinx_bml.practice.confidence import Spread
from sphinx_bml.practice.figures import CompareFigures, Difference, ParFigures, verdict
from sphinx_bml.practice.merging import NotAStudy, Tally, fingerprint, load, merge, notes, study, tally
from tests.practice.systems import CLUB, NEW_CLUB, club_system

MADE_BY = "bml-practice (sphinx-bml 0.1.0)"
OPENINGS = ("1C", "1D", "1H", "1S", "1N", "passed out")


def _boards(seed: int, count: int) -> list[tuple[str, int, int]]:
    """Made-up boards of a seed: the opening, IMPs to par, the difference between two versions."""
    randomness = random.Random(seed)
    boards = []
    for _ in range(count):
        differs = randomness.random() < 0.2
        boards.append((randomness.choice(OPENINGS), randomness.randint(-13, 4), randomness.randint(-8, 8) * differs))
    return boards


def _document(seeds: list[int], count: int = 60, **changes: object) -> dict[str, object]:
    """The JSON of a run over ``seeds``, as bml-practice --par --compare --json writes it (its figures)."""
    par = ParFigures()
    compare = CompareFigures("club.bml", "new.bml")
    for seed in seeds:
        for opening, imps, difference in _boards(seed, count):
            par.openings.setdefault(opening, Spread()).add(imps)
            counts = compare.openings.setdefault(opening, Difference())
            counts.spread.add(difference)
            if difference:
                counts.differing += 1
                counts.first += imps
                counts.second += imps - difference
    options = {"sequence": None, "dealer": None, "vulnerability": None, "opponents": None}
    versions = notes("club.bml", club_system()), notes("new.bml", club_system(NEW_CLUB))
    header = study(MADE_BY, *versions, True, options, seeds, count)
    header.update(changes)
    return {"study": header, "figures": {"par": par.to_json(), "compare": compare.to_json()}}


def _tally(name: str, seeds: list[int], **changes: object) -> Tally:
    return tally(name, json.loads(json.dumps(_document(seeds, **changes))))


def test_runs_merged_in_any_order_equal_one_run_over_all_their_seeds() -> None:
    one_run = _document([3, 5, 11])
    for order in ([3, 5, 11], [11, 3, 5], [5, 11, 3]):
        merged = merge(_tally(f"run-{seed}.json", [seed]) for seed in order)
        assert merged.to_json() == one_run
        assert json.dumps(merged.to_json()) == json.dumps(one_run)  # the same text, to the last digit
    assert merge([_tally("a.json", [3, 11]), _tally("b.json", [5])]).to_json() == one_run
    merged_twice = merge([merge([_tally("a.json", [3]), _tally("b.json", [5])]), _tally("c.json", [11])])
    assert merged_twice.to_json() == one_run


def test_a_merged_report() -> None:
    merged = merge([_tally("a.json", [1]), _tally("b.json", [2])])
    report = merged.report()
    assert report.startswith("2 files merged: 120 boards dealt by seeds 1 and 2.\n\nIMPs to par, for the side")
    assert "\n\nclub.bml against new.bml: the auctions differ on " in report
    assert _tally("a.json", [1]).report().startswith("a.json: 60 boards dealt by seed 1.\n\n")
    many = merge(_tally(f"{seed}.json", [seed]) for seed in range(12))
    assert many.report().startswith("12 files merged: 720 boards dealt by 12 seeds.")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"made_by": "bml-practice (sphinx-bml 0.2.0)"}, "b.json by bml-practice (sphinx-bml 0.2.0), whose robot may"),
        (
            {"notes": notes("old.bml", club_system(NEW_CLUB))},
            "they bid through notes whose rows differ (a.json: 'Our strong club' read from club.bml; "
            "b.json: 'Our strong club' read from old.bml)",
        ),
        ({"compare": None}, "a.json compares two versions of the notes (--compare), the other does not"),
        ({"compare": notes("june.bml", club_system())}, "they compare with notes whose rows differ"),
        ({"par": False}, "a.json counts IMPs to par (--par), the other does not"),
        ({"sequence": "1N-(P)-2C"}, "a.json has no --sequence, b.json --sequence 1N-(P)-2C"),
        ({"dealer": "S"}, "a.json has no --dealer, b.json --dealer S"),
        ({"vulnerability": "All"}, "a.json has no --vulnerability, b.json --vulnerability All"),
        (
            {"opponents": notes("acol.bml", club_system())},
            "b.json bids against the opponents' own notes (--opponents), the other does not",
        ),
    ],
)
def test_runs_of_another_study_are_refused(changes: dict[str, object], message: str) -> None:
    document = _document([2], **changes)
    if changes.get("compare", "") is None:
        del document["figures"]["compare"]  # type: ignore[attr-defined]
    if changes.get("par") is False:
        del document["figures"]["par"]  # type: ignore[attr-defined]
    other = tally("b.json", document)
    with pytest.raises(NotAStudy) as refused:
        merge([_tally("a.json", [1]), other])
    assert str(refused.value).startswith("a.json and b.json are not the same study: ")
    assert message in str(refused.value)


def test_the_same_notes_read_from_another_folder_are_the_same_study() -> None:
    moved = _document([2])
    moved["study"]["notes"]["source"] = "/home/partner/notes/club.bml"  # type: ignore[index]
    assert merge([_tally("a.json", [1]), tally("b.json", moved)]).header["notes"]["source"] == "club.bml"  # type: ignore[index]


def test_a_seed_in_two_runs_is_refused() -> None:
    with pytest.raises(NotAStudy, match=r"seed 5 is in both a\.json and c\.json: its boards would count twice"):
        merge([_tally("a.json", [1, 5]), _tally("b.json", [2]), _tally("c.json", [5, 7])])
    with pytest.raises(NotAStudy, match=r"seed 1 is in both a\.json and a\.json"):
        merge([_tally("a.json", [1]), _tally("a.json", [1])])
    with pytest.raises(NotAStudy, match="no file to merge"):
        merge([])


def test_the_fingerprint_is_the_rows_not_where_they_are_written() -> None:
    same = fingerprint(club_system())
    assert fingerprint(club_system("\n" + CLUB)) == same  # rows moved a line down
    assert fingerprint(club_system(NEW_CLUB)) != same  # a hand condition changed
    assert fingerprint(club_system(CLUB.replace("Stayman", "Stayman, asks for a major"))) != same
    assert len(same) == 16 and int(same, 16) >= 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([{"board": 1}], "a.json holds boards, not the figures of a study: give the --json output of bml-practice"),
        ({"deal": "N:..."}, "a.json is not the --json output of bml-practice --par or --compare"),
        ("text", "a.json is not the --json output of bml-practice --par or --compare"),
        ({"study": {"format": 2, "made_by": "bml-practice"}, "figures": {}}, "written by another version"),
        ({"study": {"format": 1, "made_by": "other-tool"}, "figures": {}}, "written by another version"),
    ],
)
def test_json_that_is_not_a_study_is_refused(data: object, message: str) -> None:
    with pytest.raises(NotAStudy, match=message):
        tally("a.json", data)


def _broken(path: list[str], value: object) -> dict[str, object]:
    document = _document([1])
    place: object = document
    for key in path[:-1]:
        place = place[key]  # type: ignore[index]
    if value is KeyError:
        del place[path[-1]]  # type: ignore[attr-defined]
    else:
        place[path[-1]] = value  # type: ignore[index]
    return document


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["study", "seeds"], KeyError, "is not the whole output of bml-practice: it has no 'seeds'"),
        (["figures", "par"], KeyError, "is not the whole output of bml-practice: it has no 'par'"),
        (["study", "seeds"], [], "it names no seed"),
        (["study", "seeds"], [{"seed": 1, "boards": 5}, {"seed": 1, "boards": 5}], "it names a seed twice"),
        (["study", "seeds"], [{"seed": -1, "boards": 5}], 'is not the output.*{"seed": -1, "boards": 5} is not a seed'),
        (["study", "seeds"], [{"seed": "1", "boards": 5}], "is not a seed with its boards"),
        (["study", "par"], "yes", "what it studied is not written as bml-practice writes it"),
        (["study", "compare"], "new.bml", "the version it compared is not written"),
        (["figures", "par", "openings"], [], "its figures have no openings"),
        (["figures", "par", "openings", "1C"], {"boards": 1}, "its figures of 1C: its boards, total, squares and"),
        (["figures", "compare", "openings", "1C", "first"], 1.5, "its figures of the opening 1C are not whole numbers"),
        (["figures", "compare", "openings", "1C", "difference"], KeyError, "its figures of the opening 1C"),
        (["figures", "compare", "first"], None, "its figures of two versions do not name the versions"),
        (["figures", "compare"], [], "its figures of two versions are not a JSON object"),
        (["figures", "par"], [], "its figures of IMPs to par are not a JSON object"),
    ],
)
def test_a_study_altered_by_hand_is_refused(path: list[str], value: object, message: str) -> None:
    with pytest.raises(NotAStudy, match=message):
        tally("a.json", _broken(path, value))


def test_files_that_cannot_be_read_as_a_study(tmp_path: Path) -> None:
    whole = json.dumps(_document([1]), ensure_ascii=False, indent=1)
    (tmp_path / "whole.json").write_text(whole, encoding="utf-8")
    assert load(tmp_path / "whole.json").to_json() == _document([1])
    cases = {
        "missing.json": (None, "missing.json does not exist"),
        "empty.json": ("\n", "empty.json is empty: was its run stopped before it wrote anything?"),
        "cut.json": (whole[: len(whole) // 2], "cut.json stops in the middle of its JSON (line "),
        "cut-in-a-string.json": (whole[:100], "stops in the middle of its JSON"),
        "notes.bml": ("#+TITLE: club\n1N = 15-17 {{ 15-17 hcp }}\n", "notes.bml is not JSON (Expecting value, line 1"),
        "binary.json": (b"\xff\xfe\x00{", "binary.json is not a text file"),
    }
    for name, (content, message) in cases.items():
        if isinstance(content, bytes):
            (tmp_path / name).write_bytes(content)
        elif content is not None:
            (tmp_path / name).write_text(content, encoding="utf-8")
        with pytest.raises(NotAStudy) as refused:
            load(tmp_path / name)
        assert message in str(refused.value)
    with pytest.raises(NotAStudy, match="cannot be read"):
        load(tmp_path)  # a folder


def test_a_file_as_bml_practice_writes_it_is_read_at_its_ends(tmp_path: Path) -> None:
    """What was studied on the first line, a board a line, the figures at the end: read without the
    boards, the same study as the whole file read as JSON; the figures found from the end however
    long they are."""
    document = _document([4])
    document["figures"]["par"]["openings"].update(  # type: ignore[index]
        {f"1N-(P)-2C-(P)-{number}": Spread(1, 1, 1, 1).to_json() for number in range(400)}
    )  # figures longer than the first part of the end read
    boards = ",\n".join(json.dumps({"seed": 4, "board": number, "auction": ["P"] * 4}) for number in range(3000))
    text = (
        '{"study": ' + json.dumps(document["study"]) + ',\n"boards": [\n' + boards + '\n],\n"figures": '
        + json.dumps(document["figures"], indent=1) + "}\n"
    )  # fmt: skip
    assert len(json.dumps(document["figures"], indent=1)) > 1 << 16
    path = tmp_path / "study-4.json"
    path.write_text(text, encoding="utf-8")
    assert load(path) == tally(str(path), json.loads(text))
    path.write_text(text[:-3], encoding="utf-8")  # cut in the figures
    with pytest.raises(NotAStudy, match="stops in the middle of its JSON"):
        load(path)
    path.write_text(text.split("\n],\n")[0], encoding="utf-8")  # cut in the boards
    with pytest.raises(NotAStudy, match="stops in the middle of its JSON"):
        load(path)


def test_two_versions_that_bid_every_board_alike_are_within_noise() -> None:
    figures = CompareFigures("club.bml", "club.bml", {"1N": Difference(0, 0, 0, Spread.of([0] * 50))})
    assert verdict(figures.overall, "club.bml", "club.bml") == "within noise"
    assert figures.report() == (
        "club.bml against club.bml: the auctions differ on 0 of 50 boards.\n"
        "The two versions bid every board alike (within noise)."
    )


def test_which_version_is_better_when_the_interval_leaves_out_zero() -> None:
    worse = Spread.of([0] * 60 + [-6, -5, -7, -6, 1] * 8)  # the first version loses, board after board
    assert verdict(worse, "old", "new") == "new better"
    assert verdict(Spread.of([0] * 60 + [6, 5, 7, 6, -1] * 8), "old", "new") == "old better"
    assert verdict(Spread.of([0] * 60 + [6, -5, 7, -6] * 8), "old", "new") == "within noise"
    assert verdict(Spread.of([3]), "old", "new") == "too few boards to tell"
    assert verdict(Spread.of([2, 2]), "old", "new") == "too few boards to tell"
    figures = CompareFigures("old", "new", {"1N": Difference(40, -100, 84, worse)})
    report = figures.report()
    overall = "old scores -184 IMPs against new: mean -1.84 IMPs a board, 95% interval -2.42 to -1.26 (new better)."
    assert overall in report
    assert "1N: 40 of 100 boards differ; IMPs to par old -100, new +84: new gains 184 IMPs; mean -1.84 IMPs" in report


def test_the_interval_is_said_rough_with_few_boards_that_swing() -> None:
    figures = CompareFigures("old", "new", {"1N": Difference(4, 0, 0, Spread.of([0] * 26 + [3, -1, 2, 1]))})
    assert "(within noise; rough: only 4 boards swing)." in figures.report()


def test_imps_to_par_per_opening_with_their_interval() -> None:
    figures = ParFigures(
        {"1N": Spread.of([0, -1, 3, 0, -6] * 10), "2C": Spread.of([-3]), "1C": Spread.of([0, 0])},
        {"1D-(P)": Spread.of([-5, -6])},
        {"1D-(P)": "no row after 1D-(P) says which hands bid it"},
    )
    lines = figures.report().splitlines()
    head = "IMPs to par, for the side that opened, over 53 boards (2 more counted apart, below): -43;"
    assert lines[0].startswith(head)
    assert "mean -0.81 IMPs a board, 95% interval " in lines[0] and "rough" not in lines[0]  # 31 boards off par
    assert lines[2:6] == [
        "opening          boards    IMPs  a board  95% interval",
        f"1N                   50     -40    -0.80  {figures.openings['1N'].interval()}",
        "1C                    2      +0    +0.00  no spread",
        "2C                    1      -3    -3.00  one board",
    ]
    assert lines[-1] == "  after 1D-(P): 2 boards, -11 IMPs; no row after 1D-(P) says which hands bid it"
    assert ParFigures.from_json(json.loads(json.dumps(figures.to_json()))) == figures
