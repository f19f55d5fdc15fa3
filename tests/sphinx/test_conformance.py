"""A Sphinx project whose root document is a corpus file writes the reference's .bss file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language.reader import Reader
from tests.support import conformance_names, same_lines

pytestmark = pytest.mark.conformance

#: The reference writes an empty system name when a file has no #+TITLE. The
#: corpus files are fragments that test the rules: they continue sequences
#: defined elsewhere and redefine some on purpose (the first definition stands).
CONF = (
    'project = "Conformance"\nextensions = ["sphinx_bml"]\nroot_doc = "{name}"\nbml_bss_name = ""\n'
    'suppress_warnings = ["bml.conflict", "bml.orphan"]\n'
)


@pytest.mark.parametrize("name", conformance_names())
def test_bss_builder_equals_reference(
    conformance: Path, name: str, tmp_path: Path, make_app: type[SphinxTestApp]
) -> None:
    data = conformance / "data"
    source = tmp_path / "source"
    source.mkdir()
    # the corpus file and every file it includes, copied for this run only
    for path in Reader().read_file(data / f"{name}.bml").files:
        shutil.copy(path, source / path.relative_to(data.resolve()))
    (source / "conf.py").write_text(CONF.format(name=name), encoding="utf-8")

    app = make_app("bss", srcdir=source, builddir=tmp_path / "build")
    app.build()
    assert app.warning.getvalue() == ""  # included files are parts, not pages: no toctree warnings
    actual = (Path(app.outdir) / "conformance.bss").read_text(encoding="utf-8")
    expected = (conformance / "expected" / f"{name}.bss").read_text(encoding="utf-8")
    assert same_lines(actual, expected) == []
