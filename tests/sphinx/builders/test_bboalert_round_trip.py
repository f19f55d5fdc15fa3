"""BBOalert to BML and back: ``bboalert2bml``, then ``sphinx-build -b bboalert`` on the notes it wrote."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sphinx_bml.commands.bboalert2bml import main as bboalert2bml
from sphinx_bml.formats.bboalert import call_token, context_token, option_name, read_bboalert
from sphinx_bml.formats.bboalert_reader import read_bboalert_notes
from tests.support import sphinx_build

PARTNERSHIP = Path(__file__).parents[2] / "formats" / "bboalert" / "partnership.txt"
CLUB = Path(__file__).parents[2] / "formats" / "bboalert" / "club_partnership.txt"


def built_again(bboalert: Path, folder: Path) -> str:
    """``bboalert`` converted to ``index.bml`` of a new project, and that project's BBOalert file."""
    project = folder / "project"
    project.mkdir(parents=True)
    (project / "conf.py").write_text('extensions = ["sphinx_bml"]\nproject = "Back"\n', encoding="utf-8")
    status = bboalert2bml([str(bboalert), "-o", str(project / "index.bml")])
    assert status in (0, 1)
    result = sphinx_build("-b", "bboalert", project, folder / "out")
    assert result.returncode == 0, result.stderr
    return (folder / "out" / "back.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_example_sites_export_comes_back_the_same(
    example_site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every alert comes back the same; the practice buttons at the end of the file are BBOalert's own
    commands, kept as comments in the notes (and not built again: they come from ``conf.py``)."""
    (exported,) = (example_site / "bboalert").glob("*.txt")
    text = exported.read_text(encoding="utf-8")
    alerts = text[: text.index("\nImport,") + 1]
    assert len(alerts.splitlines()) > 500 and "Option,3rd_or_4th_seat_@3@4" in alerts
    assert bboalert2bml([str(exported), "-o", str(tmp_path / "check.bml")]) == 1
    reported = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("  ")]
    assert len(reported) == 1 and "of BBOalert's own commands" in reported[0], reported
    assert built_again(exported, tmp_path) == alerts
    only_alerts = tmp_path / "alerts.txt"
    only_alerts.write_text(alerts, encoding="utf-8")
    assert bboalert2bml([str(only_alerts), "-o", str(tmp_path / "alerts.bml")]) == 0, "every record converted"


def expected_records(source: Path) -> list[tuple[str | None, str, str, str]]:
    """The records of ``source`` that BML holds, as the BBOalert export writes them."""
    return [
        (
            option_name(alert.seat, alert.vulnerability),
            context_token(alert.sequence),
            call_token(alert.sequence.last),
            alert.text.replace("!h", "!H").replace("!s", "!S"),
        )
        for alert in read_bboalert_notes(source.read_text(encoding="utf-8")).alerts
    ]


@pytest.mark.slow
def test_a_system_in_option_groups_exports_what_bboalert_had_on_at_import(tmp_path: Path) -> None:
    """The records BBOalert has on at import come back from the notes, and only those: the other
    options of each group, commented out in the notes, are not exported."""
    source = tmp_path / "club.txt"
    shutil.copy(CLUB, source)
    written = read_bboalert(built_again(source, tmp_path))
    found = {(r.option, r.context, r.call) for r in written.records}
    assert found == {(option, context, call) for option, context, call, _ in expected_records(source)}
    assert ("We_not_vulnerable_@n", "", "2H") in found and (None, "1N", "2C") not in found  # vs (1NT): off
    assert (None, "1C", "Db") in found  # vs (1C) natural: the first of the group 'vs'


@pytest.mark.slow
def test_a_hand_written_file_keeps_every_record_bml_can_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "partnership.txt"
    shutil.copy(PARTNERSHIP, source)
    again = built_again(source, tmp_path / "first")
    written = read_bboalert(again)
    assert written.shown_title == "2/1 with Anna & Ben"
    found = [(r.option, r.context, r.call, r.shown.replace("#", " ")) for r in written.records]
    expected = expected_records(source)
    assert len(found) == 24  # the option Anna_and_Ben_only among them: BBOalert has it on at import
    assert sorted(found, key=str) == sorted(expected, key=str)
    assert ("3rd_seat_@3", "", "1S", "Light: 4+ !S in third seat") in found  # ----,1S
    # and the file written comes back the same from then on
    capsys.readouterr()
    first = tmp_path / "first.txt"
    first.write_text(again, encoding="utf-8")
    assert built_again(first, tmp_path / "second") == again
