"""Each problem warned once: in a file that several pages include, read in parallel
(``-j 2``) or not, and in a module that several systems share, naming them.

The repository is shaped like players' notes: several systems, each a
folder whose main ``.bml`` file ``#INCLUDE``\\ s its own modules and the
modules of ``common/`` (``#INCLUDE ../common/notrump.bml``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.parallel import parallel_available

from sphinx_bml.commands.bml_check import main as bml_check
from tests.support import located_warnings, write_project

needs_parallel = pytest.mark.skipif(not parallel_available, reason="this platform cannot build in parallel")

#: A module that four pages include, with two problems: a call BML does not know, a missing file.
SHARED = "1C  16+\n  1D  negative\n  1Q  what?\n\n#INCLUDE gone.bml\n"


def shared_module_site(folder: Path) -> Path:
    """Eight pages: four include the shared module, four have a problem of their own."""
    pages = {f"page{number}__bml": f"#+TITLE: Page {number}\n\n#INCLUDE modules/shared.bml\n" for number in range(1, 5)}
    pages |= {
        f"page{number}__rst": f"Page {number}\n======\n\n.. bml::\n\n   2C  strong\n     2D{number} relay\n"
        for number in range(5, 9)
    }
    toctree = "".join(f"   page{number}\n" for number in range(1, 9))
    source = write_project(folder, f"Notes\n=====\n\n.. toctree::\n\n{toctree}", **pages)
    (source / "modules").mkdir()
    (source / "modules" / "shared.bml").write_text(SHARED, encoding="utf-8")
    return source


def build(source: Path, where: Path, jobs: int = 1, freshenv: bool = True) -> SphinxTestApp:
    """``source`` built as HTML into ``where`` with ``jobs`` processes, then cleaned up (for the next build)."""
    app = SphinxTestApp("html", srcdir=source, builddir=where, freshenv=freshenv, parallel=jobs)
    try:
        app.build()
    finally:
        app.cleanup()
    return app


@needs_parallel
def test_a_shared_file_is_warned_once_when_read_in_parallel(tmp_path: Path) -> None:
    source = shared_module_site(tmp_path / "notes")
    serial = build(source, tmp_path / "serial", 1)
    parallel = build(source, tmp_path / "parallel", 2)
    assert parallel.is_parallel_allowed("read")
    found = located_warnings(parallel)
    assert found == located_warnings(serial)
    assert [(file, line, kind) for file, line, kind, _ in found] == [
        ("modules/shared.bml", 5, "bml.include"),  # found reading the files, before the BML in them
        ("modules/shared.bml", 3, "bml.syntax"),
        ("page5.rst", 7, "bml.syntax"),
        ("page6.rst", 7, "bml.syntax"),
        ("page7.rst", 7, "bml.syntax"),
        ("page8.rst", 7, "bml.syntax"),
    ]
    assert found[0][3] == "#INCLUDE cannot read gone.bml: there is no such file"


def test_a_shared_file_is_warned_again_when_a_page_including_it_is_read_again(tmp_path: Path) -> None:
    source = shared_module_site(tmp_path / "notes")
    build(source, tmp_path / "out", 1)
    page = source / "page2.bml"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    again = build(source, tmp_path / "out", freshenv=False)
    assert [(file, line) for file, line, _, _ in located_warnings(again)] == [
        ("modules/shared.bml", 5),
        ("modules/shared.bml", 3),
    ]


SYSTEMS = {"wj": "wj/wj", "blue": "blue/blue", "defense": "defense/defense"}

#: The common modules: notrump.bml in both clubs, competitive.bml in every system.
NOTRUMP = "1N-\n2C  Stayman\n2C  Puppet Stayman\n2D  transfer\n2Q  transfer\n"
COMPETITIVE = "(1N)-\nD  penalty\n\n1S-(2H)-2S-(3H);\n3S  competitive\n"


def systems_site(folder: Path) -> Path:
    """Three systems in their folders, sharing the modules of common/."""
    conf = f'extensions = ["sphinx_bml"]\nbml_systems = {SYSTEMS!r}\n'
    toctree = "".join(f"   {root}\n" for root in SYSTEMS.values())
    source = write_project(folder, f"Our systems\n============\n\n.. toctree::\n\n{toctree}", conf)
    mains = {
        "wj": "#+TITLE: WJ\n\n1C  Polish club\n1N  15-17\n\n#INCLUDE ../common/notrump.bml\n"
        "#INCLUDE ../common/competitive.bml\n\n1C-1Q;\n",
        "blue": "#+TITLE: Blue\n\n1C  16+\n1N  16-18\n\n#INCLUDE ../common/notrump.bml\n"
        "#INCLUDE ../common/competitive.bml\n",
        "defense": "#+TITLE: Defence\n\n#INCLUDE ../common/competitive.bml\n",
    }
    for name, text in mains.items():
        (source / name).mkdir()
        (source / name / f"{name}.bml").write_text(text, encoding="utf-8")
    (source / "common").mkdir()
    (source / "common" / "notrump.bml").write_text(NOTRUMP, encoding="utf-8")
    (source / "common" / "competitive.bml").write_text(COMPETITIVE, encoding="utf-8")
    return source


#: What the three systems' site warns, once each: a module's problem names the systems that include it.
SYSTEMS_WARNINGS = [
    ("common/notrump.bml", 5, "bml.syntax", "'2Q' is not a call", " (in the systems wj and blue)"),
    ("wj/wj.bml", 9, "bml.syntax", "'1Q' is not a call", ""),
    (
        "common/notrump.bml",
        3,
        "bml.conflict",
        "already as 'Stayman' at common/notrump.bml:2",
        " (in the systems wj and blue)",
    ),
    ("common/competitive.bml", 4, "bml.orphan", "says what 1S-(2H)-2S means", " (in the systems wj, blue and defense)"),
]


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=needs_parallel)])
def test_a_problem_in_a_module_several_systems_share_is_warned_once_naming_them(tmp_path: Path, jobs: int) -> None:
    app = build(systems_site(tmp_path / "notes"), tmp_path / "out", jobs)
    found = located_warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in found] == [warning[:3] for warning in SYSTEMS_WARNINGS]
    for (_, _, _, message), (_, _, _, words, systems) in zip(found, SYSTEMS_WARNINGS, strict=True):
        assert words in message
        assert message.endswith(systems) and "(in the system" not in message.removesuffix(systems)


def test_bml_check_gives_the_same_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = systems_site(tmp_path / "notes")
    app = build(source, tmp_path / "out", 1)
    built = [f"{file}:{line}: {message} [{kind}]" for file, line, kind, message in located_warnings(app)]
    monkeypatch.chdir(source)
    assert bml_check(["."]) == 1
    assert capsys.readouterr().out.splitlines() == built
