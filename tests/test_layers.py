"""The layers only know the layer below: the engine and the formats never import Sphinx or docutils."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sphinx_bml"
PURE = sorted(
    path.relative_to(PACKAGE).as_posix()
    for folder in ("language", "formats", "commands")
    for path in (PACKAGE / folder).glob("*.py")
)


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level and node.module:
            modules.add("." * node.level + node.module)
    return modules


@pytest.mark.parametrize("module", PURE)
def test_pure_layers_import_no_sphinx_or_docutils(module: str) -> None:
    imports = imported_modules(PACKAGE / module)
    assert not {m for m in imports if m.split(".")[0] in ("sphinx", "docutils", "myst_parser")}


@pytest.mark.parametrize("module", [m for m in PURE if m.startswith("language/")])
def test_the_engine_does_not_reach_up(module: str) -> None:
    imports = imported_modules(PACKAGE / module)
    assert not {m for m in imports if m.startswith(("..formats", "..sphinx", "..commands"))}
