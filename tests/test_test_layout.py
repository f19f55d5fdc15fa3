"""No test module imports another: shared plain helpers live in tests/support.py (or a helper
module beside the tests, such as tests/practice/systems.py), fixtures in a ``conftest.py``.

Importing a test module runs it a second time under another name, ties one file's tests to
another's helpers, and hides where a fixture comes from (the ``# noqa: F401`` it needs).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
PYTHON_FILES = sorted(path for path in TESTS.rglob("*.py") if "roots" not in path.relative_to(TESTS).parts)


def imported_names(source: str, package: str) -> set[str]:
    """Every module that ``source``, a module of ``package``, imports anywhere in it, as a dotted
    name: relative imports made absolute, and ``from package import name`` giving
    ``package.name`` too (``name`` may be a module)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            anchor = parts[: len(parts) - node.level + 1] if node.level else []
            base = ".".join([*anchor, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def imported_test_modules(source: str, package: str) -> list[str]:
    """The test modules (``tests.….test_*``) among :func:`imported_names`."""
    names = imported_names(source, package)
    return sorted(name for name in names if name.split(".")[0] == "tests" and name.split(".")[-1].startswith("test_"))


@pytest.mark.parametrize("path", PYTHON_FILES, ids=lambda path: path.relative_to(TESTS).as_posix())
def test_no_file_of_the_tests_imports_a_test_module(path: Path) -> None:
    package = ".".join(path.relative_to(TESTS.parent).parent.parts)
    imported = imported_test_modules(path.read_text(encoding="utf-8"), package)
    assert not imported, f"{path.relative_to(TESTS.parent)} imports the test module(s) {imported}"


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("from tests.sphinx.writing.test_browser import box", "tests.sphinx.writing.test_browser"),
        ("from .test_reader import write", "tests.language.test_reader"),
        ("from . import test_reader", "tests.language.test_reader"),
        ("from tests.formats import test_bml_writer", "tests.formats.test_bml_writer"),
        ("import tests.commands.test_bml_check", "tests.commands.test_bml_check"),
        ("def f():\n    from ..formats.test_anki import x", "tests.formats.test_anki"),
    ],
)
def test_the_check_sees_every_way_of_importing_a_test_module(source: str, module: str) -> None:
    assert imported_test_modules(source, "tests.language") == [module]


@pytest.mark.parametrize(
    "source",
    ["from tests.support import box", "from tests.practice.systems import CLUB", "from sphinx.testing import fixtures"],
)
def test_helper_modules_may_be_imported(source: str) -> None:
    assert imported_test_modules(source, "tests.language") == []
