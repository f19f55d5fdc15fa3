"""The ``bss2bml`` command: files, folders, standard streams, errors, formats, and the reference corpus."""

from __future__ import annotations

import io
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from sphinx_bml.commands.bss2bml import main
from tests.support import conformance_names, same_lines

PARTNER = """\
*00{Club system}=NYYYYYYStrong club
001C=NYYYYYY00816+ hcp
001CP1D=NYYYYYY008Negative
001N=NYYYYYY015--17\\nMay have a five-card major
*001N=NYYYYYY0
*001ND=NYYYYYY0Strength
"""

PARTNER_BML = """\
#+TITLE: Club system

#+DESCRIPTION: Strong club

#VUL 00

#SEAT 0

1C = 16+ hcp
  1D = Negative
1N = 15--17
     May have a five-card major

#VUL 00

#SEAT 0

(1N)
  D = Strength
"""


@pytest.fixture
def partner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "partner.bss"
    path.write_text(PARTNER, encoding="utf-8")
    return path


def run(*args: str) -> int:
    return main(list(args))


def feed_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# -- where the output goes ----------------------------------------------------


def test_default_output_beside_the_input(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("partner.bss") == 0
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == PARTNER_BML
    assert capsys.readouterr() == ("", "")


def test_output_file(partner: Path) -> None:
    assert run("partner.bss", "-o", "notes.txt") == 0
    assert (partner.parent / "notes.txt").read_text(encoding="utf-8") == PARTNER_BML


def test_output_folder(partner: Path) -> None:
    folder = partner.parent / "out"
    folder.mkdir()
    assert run(str(partner), "--outputfile", str(folder)) == 0
    assert (folder / "partner.bml").read_text(encoding="utf-8") == PARTNER_BML
    assert run(str(partner), "-o", str(folder), "--format", "md") == 0
    assert (folder / "partner.md").is_file()


def test_stdin_to_stdout(partner: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    feed_stdin(monkeypatch, PARTNER.encode("utf-8"))
    assert run("-") == 0
    assert capsys.readouterr().out == PARTNER_BML
    assert not (partner.parent / "-.bml").exists()


def test_file_to_stdout(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("partner.bss", "-o", "-") == 0
    assert capsys.readouterr().out == PARTNER_BML
    assert not (partner.parent / "partner.bml").exists()


def test_stdin_to_a_file(partner: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feed_stdin(monkeypatch, PARTNER.encode("utf-8"))
    assert run("-", "-o", "from-stdin.bml") == 0
    assert (partner.parent / "from-stdin.bml").read_text(encoding="utf-8") == PARTNER_BML


def test_stdin_to_a_folder_needs_a_name(
    partner: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed_stdin(monkeypatch, PARTNER.encode("utf-8"))
    assert run("-", "-o", str(partner.parent)) == 1
    assert "give the output a file name" in capsys.readouterr().err


def test_an_existing_output_is_replaced(partner: Path) -> None:
    (partner.parent / "partner.bml").write_text("old", encoding="utf-8")
    assert run("partner.bss") == 0
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == PARTNER_BML
    assert sorted(p.name for p in partner.parent.iterdir()) == ["partner.bml", "partner.bss"]


def test_the_input_is_never_overwritten(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("partner.bss", "-o", "partner.bss") == 1
    assert "would overwrite the input" in capsys.readouterr().err
    assert partner.read_text(encoding="utf-8") == PARTNER


# -- problems -----------------------------------------------------------------


def test_missing_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("nothere.bss") == 1
    assert capsys.readouterr().err == "bss2bml: cannot read nothere.bss: there is no such file\n"
    assert run(str(tmp_path)) == 1
    assert "it is a folder" in capsys.readouterr().err


def test_unwritable_output(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("partner.bss", "-o", "no/such/folder/x.bml") == 1
    err = capsys.readouterr().err
    assert err.startswith("bss2bml: cannot write no/such/folder/x.bml:")
    assert "Traceback" not in err


def test_a_malformed_record_is_left_out_and_the_rest_written(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partner.write_text(PARTNER + "001X=NYYYYYY0\n001S=NYYYYYY008spades\n", encoding="utf-8")
    assert run("partner.bss") == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("partner.bss:7: '1X' is not a bid") and err[0].endswith("; the line is left out")
    assert err[1] == "partner.bss: 1 malformed line left out; every other record is in partner.bml"
    assert len(err) == 2
    assert "1S = spades\n\n#VUL 00" in (partner.parent / "partner.bml").read_text(encoding="utf-8")


def test_strict_writes_nothing(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (partner.parent / "partner.bml").write_text("old", encoding="utf-8")
    partner.write_text(PARTNER + "001X=NYYYYYY0\nrubbish\n001S=NYYYYYY008spades\n", encoding="utf-8")
    assert run("partner.bss", "--strict") == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("partner.bss:7: '1X' is not a bid")
    assert err[1].startswith("partner.bss:8: this line is not a BSS record")
    assert err[2] == (
        "bss2bml: partner.bss: 2 malformed records; nothing was written (--strict). "
        "Without --strict every valid record is converted."
    )
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in partner.parent.iterdir()) == ["partner.bml", "partner.bss"]


def test_strict_without_problems_converts(partner: Path) -> None:
    assert run("partner.bss", "--strict") == 0
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == PARTNER_BML


def test_nothing_readable_writes_nothing(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (partner.parent / "partner.bml").write_text("old", encoding="utf-8")
    partner.write_text("garbage\nmore garbage\n", encoding="utf-8")
    assert run("partner.bss") == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2  # the first line's problem, not one a line
    assert err[0].startswith("partner.bss:1: the first record is not a BSS header")
    assert err[-1] == (
        "bss2bml: partner.bss: nothing could be read from it (none of its 2 lines is a BSS record); "
        "is it a BSS file? Nothing was written."
    )
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == "old"


def test_skip_invalid(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Once needed to convert a file with malformed records; now the default, still accepted."""
    partner.write_text(PARTNER + "001X=NYYYYYY0\nrubbish\n001S=NYYYYYY008spades\n", encoding="utf-8")
    assert run("partner.bss", "--skip-invalid") == 1
    with_flag = (partner.parent / "partner.bml").read_text(encoding="utf-8")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert err[0].startswith("partner.bss:7: '1X' is not a bid") and err[0].endswith("(notrump); the line is left out")
    assert err[1].startswith("partner.bss:8: this line is not a BSS record")
    assert "1S = spades\n\n#VUL 00" in with_flag
    assert run("partner.bss") == 1
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8") == with_flag


def test_warnings_for_what_bml_cannot_hold(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partner.write_text(PARTNER + "001C=NYYYYYY008again\n*001N{weak}D=NYYYYYY0Penalty\n", encoding="utf-8")
    assert run("partner.bss") == 0
    assert capsys.readouterr().err.splitlines() == [
        "partner.bss:7: 1C was already given on line 2; the meaning given there is kept",
    ]
    assert "(1N{weak})\n  D = Penalty" in (partner.parent / "partner.bml").read_text(encoding="utf-8")


def test_windows_1252_input(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partner.write_bytes("*00{Système}=NYYYYYY\n001C=NYYYYYY008Trèfle\n".encode("cp1252"))
    assert run("partner.bss") == 0
    assert capsys.readouterr().err == ""  # said only with -v
    assert (partner.parent / "partner.bml").read_text(encoding="utf-8").splitlines()[0] == "#+TITLE: Système"
    assert run("partner.bss", "-v") == 0
    assert "partner.bss is not UTF-8; read it as Windows-1252" in capsys.readouterr().err


def test_verbose_reports_counts(partner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partner.write_text(PARTNER + "001X=NYYYYYY0\n+RKCB.bss\n%" + "B" * 40 + "A" * 18 + "\n", encoding="utf-8")
    assert run("partner.bss", "-v") == 1
    err = capsys.readouterr().err
    assert "partner.bss: read 5 bidding sequences (1 malformed line skipped)" in err
    assert "BML has no place for 1 convention record and the defensive carding; kept as // comments" in err
    assert "wrote 2 bidding tables with 5 rows to partner.bml" in err


def test_bad_arguments_exit_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run("--format", "html", "x.bss")
    assert stop.value.code == 2
    assert "usage: bss2bml" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run("--version")
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"bss2bml (sphinx-bml {metadata.version('sphinx-bml')})\n"


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run("-h")
    out = capsys.readouterr().out
    for option in ("-o OUTPUTFILE", "-v", "--version", "--format {bml,rst,md}", "--strict", "--skip-invalid"):
        assert option in out
    words = " ".join(out.split())
    assert "UTF-8 or UTF-16 (with or without a byte order mark), else as Windows-1252" in words
    assert "Exit status: 0 every record converted, 1 some records left out" in words


def test_runs_as_a_program(partner: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx_bml.commands.bss2bml", "-", "-o", "-"],
        input=PARTNER.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("utf-8") == PARTNER_BML
    bad = subprocess.run(
        [sys.executable, "-m", "sphinx_bml.commands.bss2bml", "-"], input=b"junk\n", capture_output=True, check=False
    )
    assert bad.returncode == 1
    assert bad.stderr.decode("utf-8").strip().startswith("<stdin>:1: the first record is not a BSS header")


# -- pages --------------------------------------------------------------------


def test_format_rst(partner: Path) -> None:
    assert run("partner.bss", "--format", "rst") == 0
    page = (partner.parent / "partner.rst").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert lines[:5] == ["Club system", "===========", "", "Strong club", ""]
    assert lines[5] == ".. bml::"
    body = lines[7:]
    assert all(line.startswith("   ") or not line for line in body)
    assert "\n".join(line[3:] for line in body) + "\n" == PARTNER_BML.split("\n\n", 2)[2]


def test_format_md(partner: Path) -> None:
    assert run("partner.bss", "--format", "md") == 0
    page = (partner.parent / "partner.md").read_text(encoding="utf-8")
    tables = PARTNER_BML.split("\n\n", 2)[2]
    assert page == f"# Club system\n\nStrong club\n\n```{{bml}}\n{tables}```\n"


def test_page_title_falls_back_to_the_file_name(partner: Path) -> None:
    partner.write_text("*00{}=NYYYYYY\n001C=NYYYYYY008x\n", encoding="utf-8")
    assert run("partner.bss", "--format", "md", "-o", "page.md") == 0
    assert (partner.parent / "page.md").read_text(encoding="utf-8").startswith("# partner\n\n```{bml}\n")


# -- the reference corpus -----------------------------------------------------


@pytest.mark.conformance
@pytest.mark.parametrize("name", conformance_names())
def test_bml_equals_reference(conformance: Path, name: str, tmp_path: Path) -> None:
    output = tmp_path / f"{name}.bml"
    assert run(str(conformance / "expected" / f"{name}.bss"), "-o", str(output)) == 0
    ours = output.read_text(encoding="utf-8")
    expected = (conformance / "expected" / f"{name}.bml").read_text(encoding="utf-8")
    differences = same_lines(ours, expected)
    assert differences == [], "\n".join(f"line {n}: ours {a!r}, reference {b!r}" for n, a, b in differences)


def test_the_installed_command_is_ours() -> None:
    """bridge-markup (the test oracle) ships a bss2bml too, which is why it is
    no dependency of ours: nothing may replace our command."""
    import subprocess
    import sys

    command = Path(sys.executable).parent / "bss2bml"
    assert command.exists(), f"no bss2bml beside {sys.executable}: is sphinx-bml installed?"
    result = subprocess.run([str(command), "--version"], capture_output=True, text=True, check=False)
    assert "sphinx-bml" in result.stdout, result.stdout + result.stderr
