"""The bboalert builder: one BBOalert file for the whole system, checked record by record."""

from __future__ import annotations

from collections import Counter
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.parallel import parallel_available

from sphinx_bml.formats.bboalert import BOX_LENGTH, BBOalertFile, Record, explanation, read_bboalert
from sphinx_bml.formats.bss_reader import read_bss
from sphinx_bml.language import expand, parse_file
from sphinx_bml.language.calls import Call, Sequence
from sphinx_bml.language.model import Description, Seat, Vulnerability
from sphinx_bml.language.system import System
from sphinx_bml.sphinx.config import default_bboalert_filename
from tests.support import require

ROOT_PAGES = ("openings", "seats", "competition")  # the toctree of tests/roots/test-bboalert
BBOALERT = pytest.mark.sphinx("bboalert", testroot="bboalert", freshenv=True)

#: BBOalert's tokens for the calls that are not bids; bids are written as we write them (1N is 1NT).
TOKENS = {"P": "--", "D": "Db", "R": "Rd"}
#: The Option block expected for each seat and vulnerability (``None``: outside any block).
OPTIONS = {
    ("0", "00"): None,
    ("1", "00"): "1st_seat_@1",
    ("2", "00"): "2nd_seat_@2",
    ("3", "00"): "3rd_seat_@3",
    ("4", "00"): "4th_seat_@4",
    ("12", "00"): "1st_or_2nd_seat_@1@2",
    ("34", "00"): "3rd_or_4th_seat_@3@4",
    ("0", "Y0"): "We_vulnerable_@v",
    ("0", "N0"): "We_not_vulnerable_@n",
    ("0", "NY"): "We_not_vulnerable_they_vulnerable_@n@V",
    ("0", "0Y"): "They_vulnerable_@V",
    ("34", "YN"): "3rd_or_4th_seat_we_vulnerable_they_not_vulnerable_@3@4@v@N",
}

Alert = tuple[str | None, str, str, str]  # option, context, call, the whole explanation


def token(call: Call) -> str:
    return TOKENS.get(str(call), str(call))


def expected_alert(sequence: Sequence, seat: Seat, vulnerability: Vulnerability, description: Description) -> Alert:
    calls = sequence.calls
    context = "".join(token(call) for call in calls[:-1])
    return (OPTIONS[seat.value, vulnerability.code], context, token(calls[-1]), explanation(description))


def written_alert(record: Record) -> Alert:
    """The record with its explanation whole again: the box, a space, the chat."""
    assert len(record.box) <= BOX_LENGTH, record
    assert "#" not in record.chat, record
    whole = f"{record.box} {record.chat}" if record.chat else record.box
    return (record.option, record.context, record.call, whole)


def the_file(app: SphinxTestApp, name: str = "bboalert-test.txt") -> BBOalertFile:
    return read_bboalert((Path(app.outdir) / name).read_text(encoding="utf-8"))


def engine_system(source: Path) -> System:
    """What the engine reads from the root's pages, in toctree order, first definition standing."""
    system = System()
    for page in ROOT_PAGES:
        document = parse_file(source / f"{page}.bml")
        assert not document.problems, [str(p) for p in document.problems]
        expand(document, system)
    return system


def check_blocks(records: list[Record]) -> None:
    """Records for any seat and vulnerability first, then each block once, in one piece."""
    options = [record.option for record in records]
    first_block = next((i for i, option in enumerate(options) if option is not None), len(options))
    assert all(option is None for option in options[:first_block])
    assert None not in options[first_block:]
    blocks = [option for i, option in enumerate(options) if i == 0 or option != options[i - 1]]
    assert len(blocks) == len(set(blocks)), blocks


@BBOALERT
def test_every_meaning_is_one_record_and_nothing_else(app: SphinxTestApp) -> None:
    app.build()
    written = the_file(app)
    assert written.title == "Test System; for BBOalert"  # the root's #+TITLE, its comma made safe

    system = engine_system(Path(app.srcdir))
    expected: list[Alert] = []
    theirs = blank = 0
    for meaning in system:
        sequence = meaning.sequence
        if not sequence.is_ours(len(sequence.calls) - 1):
            theirs += 1
        elif not meaning.description:
            blank += 1
        else:
            expected.append(expected_alert(sequence, meaning.seat, meaning.vulnerability, meaning.description))
    assert (theirs, blank) == (6, 2)  # 1N-(2C) (described), 1N-(D), (1S), (1N), (1N)-P-(P), (1C); 2D, (1N)-P

    actual = [written_alert(record) for record in written.records]
    assert Counter(actual) == Counter(expected)
    assert len(set(actual)) == len(actual)
    check_blocks(written.records)
    # The notes' order within a block and outside blocks.
    for option in {alert[0] for alert in expected}:
        assert [a for a in actual if a[0] == option] == [a for a in expected if a[0] == option]


@BBOALERT
def test_the_file_as_written(app: SphinxTestApp) -> None:
    app.build()
    text = (Path(app.outdir) / "bboalert-test.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:4] == [
        "BBOalert,Test System; for BBOalert",
        ",1C,16+ hcp; any shape",
        "1C--,1D,Negative; 0-7 hcp",
        "1C--1D--,1H,Relay",
    ]
    for line in [
        "1N--,2D,Transfer to 2!H",
        ",2C,Natural: 6+ !C; or five !C and a four-card major; 11-15 hcp; the same#as in our old notes",
        "1N2C,Db,Takeout of clubs",  # they interfere
        "1NDb,Rd,Strength; 8+ hcp",
        "1S,2S,Michaels: 5-5 in !H and a minor",  # they open: no passes before their opening
        "1N----,Db,Penalties; 15+ hcp",
        "1C,1S,Hidden; but in the file",  # #HIDE tables are in
    ]:
        assert line in lines, line
    blocks = lines[lines.index("Option,3rd_or_4th_seat_@3@4") :]
    assert blocks[:4] == ["Option,3rd_or_4th_seat_@3@4", ",3C,Anything goes", "3C--,3D,Asks for a stopper", "Option"]
    assert lines.index("Option,3rd_or_4th_seat_@3@4") < lines.index("Option,3rd_seat_@3")  # narrower later
    assert lines[-1] == "Option"
    assert text.endswith("Option\n") and "\r" not in text


@BBOALERT
def test_documents_outside_the_toctree_are_left_out_and_said_so(app: SphinxTestApp) -> None:
    app.build()
    assert "Left out" not in (Path(app.outdir) / "bboalert-test.txt").read_text(encoding="utf-8")
    warnings = app.warning.getvalue()
    assert "extra.bml: WARNING: the bidding tables here are left out of bboalert-test.txt" in warnings
    assert "[bml.bboalert]" in warnings


@pytest.mark.sphinx("bboalert", testroot="bml-documents", freshenv=True)
def test_without_a_title_the_header_comes_from_the_config(app: SphinxTestApp) -> None:
    app.build()
    assert the_file(app, "documents.txt").title == "Documents"


@pytest.mark.sphinx(
    "bboalert",
    testroot="bml-documents",
    freshenv=True,
    confoverrides={"bml_bss_name": "Club", "bml_bboalert_filename": "club-alerts.txt"},
)
def test_header_and_file_name_settings(app: SphinxTestApp) -> None:
    app.build()
    assert the_file(app, "club-alerts.txt").title == "Club"


@pytest.mark.sphinx("bboalert", testroot="bml-documents", freshenv=True, confoverrides={"bml_bboalert_filename": "a/b"})
def test_a_file_name_with_a_folder_is_replaced(app: SphinxTestApp) -> None:
    app.build()
    assert "bml_bboalert_filename = 'a/b' in conf.py" in app.warning.getvalue()
    assert "[bml.config]" in app.warning.getvalue()
    assert (Path(app.outdir) / "documents.txt").is_file()


def test_default_file_name() -> None:
    class Config:
        project = "My Precision System (2026)"

    assert default_bboalert_filename(Config()) == "my-precision-system-2026.txt"  # type: ignore[arg-type]


def test_the_builder_loads_the_extension_itself(tmp_path: Path, make_app: type[SphinxTestApp]) -> None:
    """``-b bboalert`` finds the builder through its entry point when conf.py does not list sphinx_bml."""
    registered = {entry.name for entry in entry_points(group="sphinx.builders")}
    require("bboalert" in registered, "the bboalert entry point is not installed (pyproject.toml, pip install -e .)")
    (tmp_path / "conf.py").write_text('project = "Entry point"\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text(".. bml::\n\n   1C  Strong\n", encoding="utf-8")
    app = make_app("bboalert", srcdir=tmp_path)
    app.build()
    assert the_file(app, "entry-point.txt").records == [Record("", "1C", "Strong")]


@pytest.mark.skipif(not parallel_available, reason="this platform cannot build in parallel")
def test_a_parallel_build_writes_the_same_file(make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path) -> None:
    source = rootdir / "test-bml-system"
    files = []
    for jobs in (1, 2):
        app = make_app("bboalert", srcdir=source, builddir=tmp_path / str(jobs), freshenv=True, parallel=jobs)
        app.build()
        files.append((Path(app.outdir) / "system.txt").read_text(encoding="utf-8"))
    assert app.is_parallel_allowed("read") and app.is_parallel_allowed("write")
    assert files[0] == files[1]
    assert len(read_bboalert(files[1]).records) == 10


# --------------------------------------------------------------------------
# The example site


def test_the_example_site_has_a_record_for_every_call_of_ours_with_a_meaning(example_site: Path) -> None:
    """Built with -W; checked against the same site's .bss file, read back."""
    (written_file,) = (example_site / "bboalert").glob("*.txt")
    written = read_bboalert(written_file.read_text(encoding="utf-8"))
    assert written_file.name == "kestrel-precision.txt"
    assert written.title == "Kestrel Precision"

    (bss_file,) = (example_site / "bss").glob("*.bss")
    bss = read_bss(bss_file.read_text(encoding="utf-8"), bss_file.name)
    described = [record for record in bss.sequences if record.description]
    ours = [record for record in described if record.sequence.is_ours(len(record.calls) - 1)]
    expected = [expected_alert(r.sequence, r.seat, r.vulnerability, r.description) for r in ours]

    assert len(written.records) == len(ours) > 300
    assert Counter(written_alert(record) for record in written.records) == Counter(expected)
    check_blocks(written.records)
    options = {record.option for record in written.records}
    assert {"3rd_or_4th_seat_@3@4", "We_vulnerable_@v"} <= options, "seat and vulnerability blocks"
    assert any(not record.we_open for record in ours), "sequences where they open"
    assert any(record.chat for record in written.records), "long explanations go on in the chat"
