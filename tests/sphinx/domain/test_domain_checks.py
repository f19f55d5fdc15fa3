"""The checks: conflicts between pages, tables continuing what nothing defines, references leading nowhere."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sphinx.cmd.build import build_main
from sphinx.testing.util import SphinxTestApp

from tests.support import located_warnings as warnings

CHECKS = pytest.mark.sphinx("html", testroot="domain-checks", freshenv=True)

#: (file, line, type, message), in the order the build reports them: references that cannot be
#: read as the pages are read, the checks once all are read, then references as pages are written.
EXPECTED = [
    (
        "references.rst",
        7,
        "bml.ref",
        "cannot read the sequence '1M-2N': '1M' is not a call: a reference names one concrete sequence, "
        "with bids such as 1C or 3NT, P, D or R (not 1M or 2red)",
    ),
    (
        "references.rst",
        7,
        "bml.ref",
        "cannot read the sequence '1Q': '1Q' is not a call: a reference names one concrete sequence, "
        "with bids such as 1C or 3NT, P, D or R (not 1M or 2red)",
    ),
    # within a page
    (
        "first.rst",
        12,
        "bml.conflict",
        "2C is defined here as 'Weak' but already as 'Strong, artificial' at first.rst:7; the first stands",
    ),
    # across pages, in toctree order
    (
        "second.bml",
        6,
        "bml.conflict",
        "1NT is defined here as '12--14' but already as '15--17' at first.rst:6; the first stands",
    ),
    # a hidden table is part of the system
    (
        "second.bml",
        9,
        "bml.conflict",
        "3C is defined here as 'Natural, six cards' but already as 'Preempt' at first.rst:17; the first stands",
    ),
    # appendix.rst, outside the toctree, is not part of the system: its 1NT "Weak" is compared with nothing
    (
        "second.bml",
        14,
        "bml.orphan",
        "this table continues 1C-(1D), but no bidding table of the site says what 1C means",
    ),
    (
        "second.bml",
        17,
        "bml.orphan",
        "this table continues 1H-2NT, but no bidding table of the site says what 1H-2NT means",
    ),
    ("references.rst", 4, "bml.ref", "no bidding table of the site defines 1NT-3C, so this reference is not a link"),
    (
        "references.rst",
        4,
        "bml.ref",
        "1NT-2C (3rd seat) is only defined for another seat or vulnerability, so this reference is not a link",
    ),
    ("references.rst", 9, "bml.ref", "3D is only in hidden tables (#HIDE, :hide:), so this reference is not a link"),
    # an example is not part of the system
    ("references.rst", 11, "bml.ref", "no bidding table of the site defines 4NT, so this reference is not a link"),
]


@CHECKS
def test_every_disagreement_is_a_located_warning(app: SphinxTestApp) -> None:
    app.build()
    assert warnings(app) == EXPECTED


@CHECKS
def test_the_first_definition_stands(app: SphinxTestApp) -> None:
    app.build()
    references = BeautifulSoup((Path(app.outdir) / "references.html").read_text(encoding="utf-8"), "lxml")
    known = references.select_one("a.reference")
    assert known is not None
    # 1NT-2C: only second.bml describes it (Stayman, under its 12--14 notrump); the placeholder of 1N-2C; is no conflict
    assert (known["href"], known["title"]) == ("second.html#bml-1n-p-2c", "Stayman")


@CHECKS
def test_references_leading_nowhere_stay_text(app: SphinxTestApp) -> None:
    app.build()
    references = BeautifulSoup((Path(app.outdir) / "references.html").read_text(encoding="utf-8"), "lxml")
    shown = [span.get_text() for span in references.select("span.bml-seq")]
    linked = [span.get_text() for span in references.select("a span.bml-seq")]
    assert shown == ["1NT–2♣", "1NT–3♣", "1NT–2♣", "1M-2N", "Title", "3♦", "1NT–2♦", "4NT"]
    assert linked == ["1NT–2♣", "1NT–2♦"]


@pytest.mark.parametrize(
    ("suppressed", "left"),
    [
        (["bml.conflict"], {"bml.orphan", "bml.ref"}),
        (["bml.orphan"], {"bml.conflict", "bml.ref"}),
        (["bml.ref"], {"bml.conflict", "bml.orphan"}),
        (["bml"], set()),
    ],
)
def test_each_kind_can_be_suppressed(
    suppressed: list[str], left: set[str], make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path
) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-domain-checks", source)
    app = make_app("html", srcdir=source, confoverrides={"suppress_warnings": suppressed})
    app.build()
    assert {kind for _, _, kind, _ in warnings(app)} == left


def test_a_conflict_fails_a_build_with_W(tmp_path: Path, rootdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-domain-checks", source)
    # --keep-going: Sphinx 8.0 stops -W at the first warning, which is not the conflict
    status = build_main(["-W", "--keep-going", "-q", "-b", "html", str(source), str(tmp_path / "out")])
    assert status != 0
    assert "[bml.conflict]" in capsys.readouterr().err


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def site(tmp_path: Path, pages: dict[str, str]) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    write(source, "conf.py", 'extensions = ["sphinx_bml"]\n')
    toctree = "".join(f"   {name.split('.')[0]}\n" for name in pages)
    write(source, "index.rst", f"Site\n====\n\n.. toctree::\n\n{toctree}")
    for name, text in pages.items():
        write(source, name, text)
    return source


def build_warnings(make_app: type[SphinxTestApp], source: Path) -> list[tuple[str, int, str, str]]:
    app = make_app("html", srcdir=source)
    app.build()
    return warnings(app)


def test_placeholders_identical_words_and_examples_never_conflict(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = site(
        tmp_path,
        {
            "a.bml": "1N-2C;\n2D no major\n\n1N 15--17\n  2C Stayman\n\n2C Strong\n",
            "b.bml": "1N 15--17\n  2C\n    2H four hearts\n\n2C   Strong\n",
            "c.rst": "C\n=\n\n.. bml::\n   :example:\n\n   1N 12--14\n   2C Precision\n",
        },
    )
    assert build_warnings(make_app, source) == []


def test_seat_and_vulnerability_variants_do_not_conflict(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = site(tmp_path, {"a.bml": "1N 15--17\n\n#SEAT 34\n1N 12--14\n\n#VUL N0\n1N 10--12\n"})
    assert build_warnings(make_app, source) == []


def test_the_order_of_the_toctree_decides_which_stands(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = site(tmp_path, {"z.bml": "1N 15--17\n", "a.bml": "1N 12--14\n"})
    assert build_warnings(make_app, source) == [
        (
            "a.bml",
            1,
            "bml.conflict",
            "1NT is defined here as '12--14' but already as '15--17' at z.bml:1; the first stands",
        )
    ]


def test_long_descriptions_are_cut_in_the_message(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    long = "A very long description that goes on and on about the hand, the shape and the strength of it"
    source = site(tmp_path, {"a.bml": f"1N {long}\n\n1N 12--14\n"})
    ((_, _, _, message),) = build_warnings(make_app, source)
    assert "but already as 'A very long description that goes on and on about the hand,…' at" in message


def test_a_continuation_of_their_calls_needs_no_description(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    source = site(tmp_path, {"a.bml": "(1N)-P-(P)-\nD strength\n\n1C 16+\n\n1C-(1D);\nD negative\n"})
    assert build_warnings(make_app, source) == []


def test_an_example_is_read_on_its_own(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    page = """Page
====

.. bml::

   #SEAT 34
   #COPY answers
   2C Stayman
   #ENDCOPY

.. bml::
   :example:

   1N 12--14
     #PASTE answers

.. bml::
   :example:

   #SEAT 0
   #+TITLE: An example's title

.. bml::

   1N 10--12
"""
    source = site(tmp_path, {"page.rst": page})
    app = make_app("html", srcdir=source)
    app.build()
    # the example does not see the page's clipboard, and its #SEAT does not reach the next table
    ((file, line, kind, message),) = warnings(app)
    assert (file, line, kind) == ("page.rst", 15, "bml.syntax")
    assert message.startswith("#PASTE of 'answers'")
    html = (Path(app.outdir) / "page.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "lxml")
    contexts = [p.get_text() for p in soup.select("p.bml-context")]
    assert contexts == ["3rd or 4th seat", "3rd or 4th seat"]  # the first table and the last, not the example
    assert "An example's title" not in html
    assert [str(row["id"]) for row in soup.select("li.bml-bid[id]")] == ["bml-s34-2c", "bml-s34-1n"]
