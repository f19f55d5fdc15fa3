"""The layers only know the layer below: the engine, the formats and practice never import Sphinx or docutils;
the commands, on top, reach the Sphinx side through the one module that reads a project."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sphinx_bml"
PURE = sorted(
    path.relative_to(PACKAGE).as_posix()
    for folder in ("language", "formats", "practice")
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


@pytest.mark.parametrize("module", sorted(path.name for path in (PACKAGE / "commands").glob("*.py")))
def test_commands_reach_the_sphinx_side_only_through_the_project_reader(module: str) -> None:
    imports = imported_modules(PACKAGE / "commands" / module)
    assert {m for m in imports if m.startswith("..sphinx")} <= {"..sphinx.project"}


@pytest.mark.parametrize("module", [m for m in PURE if m.startswith("language/")])
def test_the_engine_does_not_reach_up(module: str) -> None:
    imports = imported_modules(PACKAGE / module)
    assert not {m for m in imports if m.startswith(("..formats", "..sphinx", "..commands"))}


@pytest.mark.parametrize(
    "statement",
    [
        "import sphinx_bml",
        "import sphinx_bml.language",
        "import sphinx_bml.formats.bss_writer, sphinx_bml.formats.bss_reader, sphinx_bml.formats.bboalert",
        "import sphinx_bml.commands.bss2bml",
        "import sphinx_bml.commands.xml2bml",
        "import sphinx_bml.practice",
    ],
)
def test_the_engine_and_the_command_load_no_sphinx(statement: str) -> None:
    """The package root imports Sphinx only inside setup(): the engine stays light."""
    check = f"{statement}; import sys; loaded = sorted({{'sphinx', 'docutils'}} & set(sys.modules)); print(loaded)"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports(path: Path) -> set[str]:
    """The sphinx_bml modules a module imports when it is imported (not inside functions or TYPE_CHECKING)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:  # module level only
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.startswith("sphinx_bml"):
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("sphinx_bml"))
    return found


def test_no_import_cycle() -> None:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {
        name: {other for other in package_imports(path) if other in modules and other != name}
        for name, path in modules.items()
    }
    # a package's __init__ importing its own modules is how packages are made, not a cycle
    for name in graph:
        graph[name] = {
            other for other in graph[name] if not (modules[name].name == "__init__.py" and other.startswith(name + "."))
        }
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in done:
            return
        assert name not in visiting, "import cycle: " + " -> ".join([*visiting[visiting.index(name) :], name])
        visiting.append(name)
        for other in sorted(graph[name]):
            visit(other)
        visiting.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)
