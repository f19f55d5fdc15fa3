"""The engine's BSS equals the reference's for its whole corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_bml.formats.bss_writer import write_bss
from sphinx_bml.language import expand, parse_file
from tests.support import conformance_names, same_lines

pytestmark = pytest.mark.conformance


@pytest.mark.parametrize("name", conformance_names())
def test_bss_equals_reference(conformance: Path, name: str) -> None:
    document = parse_file(conformance / "data" / f"{name}.bml")
    assert not document.problems, [str(p) for p in document.problems]
    expected = (conformance / "expected" / f"{name}.bss").read_text(encoding="utf-8")
    assert same_lines(write_bss(expand(document)), expected) == []
