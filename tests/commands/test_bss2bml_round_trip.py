"""A partner's ``.bss`` file through ``bss2bml`` (a ``.bml`` page) and ``sphinx-build -b bss``:
every record comes back as it was, descriptions that start like BML markup included."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

from sphinx_bml.commands.bss2bml import main

#: Records as other programs write them, with descriptions a player types:
#: an exclamation mark of habit, a line of hashes, a dot line, a blank line.
PARTNER = """\
*00{Partnership notes}=NYYYYYYStrong club, five-card majors
001C=NYYYYYY00816+ hcp, any shape
001CP1D=NYYYYYY008! 0-7, any shape
001CP1H=YYYYYYY008! positive, 5+!h
001N=NYYYYYY015--17\\n#### check the range ####\\n.
002C=NYYYYYY008!\\n\\nGame forcing
002D=YYYYYYY008Multi\\n2H = pass or correct\\n\\ weak two in a major
"""


def test_every_record_comes_back_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "site"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["sphinx_bml"]\nbml_bss_filename = "partner.bss"\n')
    bss = tmp_path / "partner.bss"
    bss.write_text(PARTNER, encoding="utf-8")
    assert main([str(bss), "-o", str(source / "index.bml")]) == 0
    assert build_main(["-W", "-q", "-b", "bss", str(source), str(tmp_path / "out")]) == 0, capsys.readouterr().err
    written = (tmp_path / "out" / "partner.bss").read_text(encoding="utf-8")
    header, *records = PARTNER.splitlines()
    header_again, *records_again = written.splitlines()
    assert header_again == header
    assert sorted(records_again) == sorted(records)
