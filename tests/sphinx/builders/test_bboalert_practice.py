"""``bml_bboalert_practice``: the practice buttons the ``bboalert`` builder (and the site's download of
the same file) adds, and a located warning for each sequence that gets none."""

from __future__ import annotations

from pathlib import Path

from sphinx.testing.util import SphinxTestApp

from sphinx_bml.formats.bboalert import read_bboalert
from sphinx_bml.formats.bboalert_buttons import SET_DEALER_CODE
from sphinx_bml.language.notation import parse_reference
from sphinx_bml.practice import Robot
from sphinx_bml.practice.boards import Board
from tests.support import EXAMPLE_SITE, example_system, located_warnings, run_dealer, write_project

CONF = """\
project = "Our club"
extensions = ["sphinx_bml"]

bml_bboalert_practice = ["1N-2C", "1N-3D", "1N-2D", "(1S)-D"]
"""
INDEX = """\
Notes
=====

.. bml-downloads::

.. bml::

   1S  five spades {{ 11-15 hcp, 5+ spades }}
   1N  15-17 balanced {{ 15-17 hcp, balanced }}
     2C  Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
     2D  transfer
   (1S)
     D  takeout {{ 12+ hcp, 1- spades }}
"""


def test_the_buttons_and_a_warning_for_each_sequence_left_out(tmp_path: Path) -> None:
    source = write_project(tmp_path / "notes", INDEX, CONF)
    app = SphinxTestApp("bboalert", srcdir=source, builddir=tmp_path / "build")
    try:
        app.build()
    finally:
        app.cleanup()
    text = (Path(app.outdir) / "our-club.txt").read_text(encoding="utf-8")
    read = read_bboalert(text)
    assert read.imports == [SET_DEALER_CODE]
    assert [button.label for button in read.buttons] == ["Our 1NT", "1NT–2♣", "Their 1♠", "(1♠)–Dbl"]
    assert set(read.scripts) == {"bml_Our_club_1N_P_2C", "bml_Our_club_they_1S_D"}
    assert "# Our club: deals for 1N-(P)-2C" in read.scripts["bml_Our_club_1N_P_2C"]
    assert "index.rst:" in read.scripts["bml_Our_club_1N_P_2C"] and str(source) not in text  # no folder of ours
    warnings = located_warnings(app)
    assert [warning[:3] for warning in warnings] == [("conf.py", 4, "bml.bboalert")] * 2
    assert warnings[0][3] == (
        "bml_bboalert_practice: 1N-3D gets no practice button in our-club.txt: the notes have no row for "
        "1N-(P)-3D, so no auction reaches 1N-(P)-3D"
    )
    assert warnings[1][3].startswith("bml_bboalert_practice: 1N-2D gets no practice button in our-club.txt: the row")

    html = SphinxTestApp("html", srcdir=source, builddir=tmp_path / "html")
    try:
        html.build()
    finally:
        html.cleanup()
    assert (Path(html.outdir) / "_bml" / "our-club.txt").read_text(encoding="utf-8") == text


def test_the_example_sites_file_has_its_practice_set(example_site: Path, tmp_path: Path) -> None:
    (exported,) = (example_site / "bboalert").glob("*.txt")
    read = read_bboalert(exported.read_text(encoding="utf-8"))
    conf: dict[str, object] = {}
    exec((EXAMPLE_SITE / "conf.py").read_text(encoding="utf-8"), conf)
    practised = conf["bml_bboalert_practice"]
    assert isinstance(practised, list) and {"1N-2C", "1C-1D", "1D-(1S)-D"} <= set(practised)
    assert len(read.scripts) == len(practised)
    assert len([button for button in read.buttons if button.text]) == len(practised)
    robot = Robot(example_system())
    for written, (name, code) in zip(practised, read.scripts.items(), strict=True):
        script = code.split("setDealerCode(`", 1)[1].rsplit("`, ", 1)[0]  # no escapes in the example's notes
        assert f"deals for {parse_reference(written).sequence.notation()}," in script, name
        dealer = script.split("\ndealer ")[1].split()[0][0].upper()
        calls = parse_reference(written).sequence.calls
        for deal in run_dealer(script, 5, folder=tmp_path):
            assert tuple(robot.bid(Board(deal, dealer)).calls[: len(calls)]) == calls, (written, deal)
