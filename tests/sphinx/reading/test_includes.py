"""#INCLUDE and file arguments: relative and nested, inside the folder, dependencies, insertion off."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.docutils import patch_docutils

from tests.support import COLOURS

NO_INSERTION = "[general]\nfile_insertion_enabled: off\n"
INCLUDES = pytest.mark.sphinx("text", testroot="bml-includes", freshenv=True)


def read(app: SphinxTestApp, name: str) -> str:
    return (Path(app.outdir) / name).read_text(encoding="utf-8")


def build_reading(app: SphinxTestApp) -> list[str]:
    """Build, and return the documents the build read (again), as Sphinx reports them."""
    read_now: list[str] = []
    app.connect("source-read", lambda _app, docname, _source: read_now.append(docname))
    app.build()
    return read_now


def touch_later(path: Path, text: str) -> None:
    """Write ``path`` with a modification time clearly after the last build."""
    path.write_text(text, encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


@INCLUDES
def test_includes_resolve_relative_to_the_including_file(app: SphinxTestApp) -> None:
    app.build()
    result = read(app, "index.txt")
    assert "Stayman" in result  # index.rst includes modules/stayman.txt
    assert "Transfer to hearts" in result  # which includes deeper/transfers.txt, relative to itself
    assert "Multi: a weak major" in result  # .. bml:: modules/multi.bml
    assert app.warning.getvalue() == ""


@INCLUDES
def test_every_file_read_is_a_dependency(app: SphinxTestApp) -> None:
    app.build()
    dependencies = {Path(path).relative_to(app.srcdir).as_posix() for path in app.env.dependencies["index"]}
    assert dependencies == {"modules/stayman.txt", "modules/deeper/transfers.txt", "modules/multi.bml"}


@pytest.mark.parametrize(
    ("changed", "old", "new"),
    [
        ("modules/deeper/transfers.txt", "Transfer to hearts", "Jacoby transfer"),  # nested #INCLUDE
        ("modules/multi.bml", "Multi: a weak major", "Multi: weak two in a major"),  # directive argument
    ],
)
def test_editing_a_read_file_rebuilds_the_page(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path, changed: str, old: str, new: str
) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-bml-includes", source)
    first = make_app("text", srcdir=source, builddir=tmp_path / "build")
    first.build()
    assert old in read(first, "index.txt")

    path = source / changed
    touch_later(path, path.read_text(encoding="utf-8").replace(old, new))
    second = make_app("text", srcdir=source, builddir=tmp_path / "build")
    assert build_reading(second) == ["index"]
    result = read(second, "index.txt")
    assert new in result
    assert old not in result


def test_editing_an_included_part_rebuilds_the_bml_page(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path
) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-bml-documents", source)
    first = make_app("text", srcdir=source, builddir=tmp_path / "build")
    first.build()
    assert "15–17" in read(first, "system.txt")

    touch_later(source / "parts" / "stayman.bml", "1N  14--16\n")
    second = make_app("text", srcdir=source, builddir=tmp_path / "build")
    assert build_reading(second) == ["system"]
    assert "14–16" in read(second, "system.txt")


@INCLUDES
@pytest.mark.parametrize(
    ("page", "warning"),
    [
        (".. bml:: later.txt\n", "index.rst:1: WARNING: cannot read the BML file later.txt: there is no such file"),
        (
            ".. bml::\n\n   1C  16+\n\n   #INCLUDE later.txt\n",
            "index.rst:5: WARNING: #INCLUDE cannot read later.txt: there is no such file",
        ),
    ],
    ids=["file argument", "include"],
)
def test_a_missing_file_is_read_once_it_exists(
    make_app: type[SphinxTestApp], rootdir: Path, tmp_path: Path, page: str, warning: str
) -> None:
    source = tmp_path / "source"
    shutil.copytree(rootdir / "test-bml-includes", source)
    (source / "index.rst").write_text(page, encoding="utf-8")
    first = make_app("text", srcdir=source, builddir=tmp_path / "build")
    first.build()
    assert warning in first.warning.getvalue()

    touch_later(source / "later.txt", "3N  Gambling\n")
    second = make_app("text", srcdir=source, builddir=tmp_path / "build")
    assert build_reading(second) == ["index"]
    assert "Gambling" in read(second, "index.txt")


@pytest.mark.sphinx("html", testroot="bml-no-insertion", freshenv=True, docutils_conf=NO_INSERTION)
def test_file_insertion_off_refuses_includes_and_file_arguments(app: SphinxTestApp) -> None:
    with patch_docutils(app.confdir):  # as sphinx-build reads the project's docutils.conf
        app.build()
    warnings = app.warning.getvalue()
    assert "index.rst:7: WARNING: #INCLUDE included.txt is not allowed here (file insertion is off) [bml.include]" in (
        warnings
    )
    assert "index.rst:9: WARNING: the BML file included.txt is not read here (file insertion is off) [bml.include]" in (
        warnings
    )
    html = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert "Never read" not in html
    assert "Strong" in html
    assert "Still rendered" in html


def test_a_path_starting_with_a_slash_starts_at_the_documentation_folder(
    make_app: type[SphinxTestApp], tmp_path: Path
) -> None:
    source = tmp_path / "source"
    (source / "notes").mkdir(parents=True)
    (source / "conf.py").write_text('extensions = ["sphinx_bml"]\nexclude_patterns = ["notes"]\n', encoding="utf-8")
    (source / "notes" / "club.bml").write_text("1C  Polish club\n", encoding="utf-8")
    (tmp_path / "elsewhere.bml").write_text("1D  never read\n", encoding="utf-8")
    here = (source / "notes" / "club.bml").resolve()
    (source / "index.rst").write_text(
        "Notes\n=====\n\n"
        ".. bml:: /notes/club.bml\n\n"  # 4: as Sphinx reads it, from the documentation folder
        f".. bml:: {here}\n\n"  # 6: the file's place on this computer, in the folder
        ".. bml:: /notes/missing.bml\n\n"  # 8
        f".. bml:: {(tmp_path / 'elsewhere.bml').resolve()}\n\n"  # 10: on this computer, outside the folder
        "Kept.\n",
        encoding="utf-8",
    )
    app = make_app("text", srcdir=source)
    app.build()
    warnings = COLOURS.sub("", app.warning.getvalue())
    index = source / "index.rst"
    assert f"{index}:4:" not in warnings
    assert (
        f"{index}:6: WARNING: the BML file {here} is read from where it is on this computer, but in Sphinx a path "
        "starting with / starts at the documentation folder: write /notes/club.bml, which works wherever the "
        "folder is [bml.include]"
    ) in warnings
    assert (
        f"{index}:8: WARNING: cannot read the BML file /notes/missing.bml: in Sphinx a path starting with / starts "
        "at the documentation folder, which has no notes/missing.bml [bml.include]"
    ) in warnings
    outside = (tmp_path / "elsewhere.bml").resolve()
    assert (
        f"{index}:10: WARNING: cannot read the BML file {outside}: in Sphinx a path starting with / starts at the "
        f"documentation folder, which has no {outside.relative_to('/').as_posix()}; the file {outside} on this "
        "computer is outside the documentation folder, so it is not read [bml.include]"
    ) in warnings
    text = read(app, "index.txt")
    assert text.count("Polish club") == 2
    assert "never read" not in text
    assert "Kept." in text
    assert warnings.count("[bml.include]") == 3
