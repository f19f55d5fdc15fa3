"""The layers only know the layers below: every import points one way, imports inside functions too.

The package: ``language`` (the engine) < ``formats`` < ``versions`` <
``convention_card`` < ``practice`` (all pure:
no Sphinx, no docutils) < ``sphinx`` < ``commands`` (which reach the Sphinx
side only through ``sphinx/project.py``, the one reader of a project). Inside ``sphinx/``,
by build phase: the base modules (``config``, ``diagnostics``, ``garbage_collector``) <
``nodes`` < ``reading`` < ``domain`` < ``writing`` < ``whole_site`` <
``builders`` < the modules that join them (``resolving``). A command imports no
other command: what the commands share is a module of its own (``commands/command_line.py``).
Every folder is read to the bottom (``language/conditions/`` too).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sphinx_bml"
PURE_FOLDERS = ("language", "formats", "versions", "convention_card", "practice")
#: The modules of ``commands/`` that every command may import: what they share, no command.
SHARED_BY_COMMANDS = ("command_line",)

#: The package's layers, bottom first; a layer may import its own and those before it
#: (``lexer``: BML highlighted, which imports Pygments and nothing of ours).
LAYERS = ("language", "lexer", "formats", "versions", "convention_card", "practice", "sphinx", "commands")
#: The layers of ``sphinx/``, bottom first. Modules of ``sphinx/`` itself not named in
#: :data:`SPHINX_BASE` join the sub-packages (``resolving``): they come last.
SPHINX_LAYERS = ("nodes", "reading", "domain", "writing", "whole_site", "builders")
SPHINX_BASE = ("config", "diagnostics", "garbage_collector")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at module level or inside functions and classes,
    but not under ``if TYPE_CHECKING:`` (no import at run time)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from (inner for branch in node.orelse for inner in _imports_of(branch))
            continue
        yield from _imports_of(node)


def _imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _imports(node)


def imported_modules(path: Path) -> set[str]:
    """The modules a file imports, as written (relative ones with their dots)."""
    modules = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif node.module:
            modules.add("." * node.level + node.module)
    return modules


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports(path: Path, root: Path) -> set[str]:
    """The modules of the package under ``root`` that a module imports, anywhere in it."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] == root.name:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        else:
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == root.name)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package under ``root`` → the modules of the package it imports.

    A package's ``__init__`` importing its own modules is how packages are made,
    not an arrow: it is left out."""
    modules = {module_name(path, root): path for path in root.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        imported = {other for other in package_imports(path, root) if other in modules and other != name}
        if path.name == "__init__.py":
            imported = {other for other in imported if not other.startswith(name + ".")}
        graph[name] = imported
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports (its modules, the first one again at the end), or ``None``."""
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> list[str] | None:
        if name in done:
            return None
        if name in visiting:
            return [*visiting[visiting.index(name) :], name]
        visiting.append(name)
        for other in sorted(graph[name]):
            found = visit(other)
            if found:
                return found
        visiting.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name)
        if found:
            return found
    return None


def pure_modules(root: Path) -> list[str]:
    """The modules of the pure layers, as paths under ``root``, from every folder down."""
    return sorted(
        path.relative_to(root).as_posix() for folder in PURE_FOLDERS for path in (root / folder).rglob("*.py")
    )


def sphinx_imports(path: Path) -> set[str]:
    """What a module imports of Sphinx, docutils or MyST."""
    return {m for m in imported_modules(path) if m.split(".")[0] in ("sphinx", "docutils", "myst_parser")}


def imports_above(root: Path, module: str) -> set[str]:
    """What a module of a pure layer (a path under ``root``) imports of the layers above its own."""
    above = LAYERS[LAYERS.index(module.split("/")[0]) + 1 :]
    return {m for m in imported_modules(root / module) if m.lstrip(".").split(".")[0] in above}


def commands_importing_commands(graph: dict[str, set[str]], package: str) -> list[str]:
    """``a -> b`` for each module of ``commands/`` that imports a command (a module of ``commands/``
    other than :data:`SHARED_BY_COMMANDS`): a command shares what it shares through those."""
    prefix = f"{package}.commands."
    shared = {prefix + name for name in SHARED_BY_COMMANDS}
    return sorted(
        f"{name} -> {other}"
        for name, imported in graph.items()
        if name.startswith(prefix)
        for other in imported
        if other.startswith(prefix) and other not in shared
    )


def layer(module: str) -> tuple[int, int]:
    """Where a module of sphinx_bml sits: its layer, then its layer inside ``sphinx/``."""
    parts = module.split(".")[1:]
    if not parts:
        return (len(LAYERS), 0)  # the package root: setup() wires everything
    top = LAYERS.index(parts[0])
    if parts[0] != "sphinx" or len(parts) == 1:
        return (top, 0)
    if parts[1] in SPHINX_BASE:
        return (top, 0)
    if parts[1] in SPHINX_LAYERS:
        return (top, 1 + SPHINX_LAYERS.index(parts[1]))
    return (top, 1 + len(SPHINX_LAYERS))


GRAPH = import_graph(PACKAGE)
PURE = pure_modules(PACKAGE)


@pytest.mark.parametrize("module", PURE)
def test_pure_layers_import_no_sphinx_or_docutils(module: str) -> None:
    assert not sphinx_imports(PACKAGE / module)


@pytest.mark.parametrize("module", sorted(path.name for path in (PACKAGE / "commands").rglob("*.py")))
def test_commands_reach_the_sphinx_side_only_through_the_project_reader(module: str) -> None:
    imports = imported_modules(PACKAGE / "commands" / module)
    assert {m for m in imports if m.startswith("..sphinx")} <= {"..sphinx.project"}


@pytest.mark.parametrize("module", PURE)
def test_the_pure_layers_do_not_reach_up(module: str) -> None:
    assert not imports_above(PACKAGE, module)


def test_the_pure_layers_are_read_to_the_bottom() -> None:
    """``language/conditions/`` is a folder inside a pure layer: its modules are checked too."""
    assert "language/conditions/reading.py" in PURE


def test_a_command_imports_no_other_command() -> None:
    assert not commands_importing_commands(GRAPH, PACKAGE.name)
    assert all(f"{PACKAGE.name}.commands.{name}" in GRAPH for name in SHARED_BY_COMMANDS)


@pytest.mark.parametrize(
    "statement",
    [
        "import sphinx_bml",
        "import sphinx_bml.language",
        "import sphinx_bml.formats.bss_writer, sphinx_bml.formats.bss_reader, sphinx_bml.formats.bboalert",
        "import sphinx_bml.practice.robot, sphinx_bml.practice.coverage",
        "import sphinx_bml.commands.bss2bml",
        "import sphinx_bml.commands.xml2bml",
        "import sphinx_bml.commands.bboalert2bml",
        "import sphinx_bml.commands.command_line",
    ],
)
def test_the_engine_and_the_command_load_no_sphinx(statement: str) -> None:
    """The package root imports Sphinx only inside setup(): the engine stays light."""
    check = f"{statement}; import sys; loaded = sorted({{'sphinx', 'docutils'}} & set(sys.modules)); print(loaded)"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_no_import_cycle() -> None:
    assert find_cycle(GRAPH) is None


def test_every_import_points_down() -> None:
    """No module imports one of a layer above its own (``sphinx/`` by build phase)."""
    upward = sorted(
        f"{name} -> {other}" for name, imported in GRAPH.items() for other in imported if layer(other) > layer(name)
    )
    assert not upward


def test_every_module_has_a_layer() -> None:
    """A new folder of ``sphinx/`` is put in its place in the layers, not left to sit anywhere."""
    folders = {path.name for path in (PACKAGE / "sphinx").iterdir() if (path / "__init__.py").exists()}
    assert folders == set(SPHINX_LAYERS)
    packages = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
    modules = {path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
    assert packages | modules == set(LAYERS)


def write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_a_circle_hidden_in_a_function_is_found(tmp_path: Path) -> None:
    """The circle this test was once blind to: a module-level import one way, a function-level one back."""
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "domain/__init__.py": "",
            "domain/store.py": "from ..nodes.links import targets\n",
            "nodes/__init__.py": "",
            "nodes/links.py": "def targets():\n    from ..domain.store import x  # hidden\n    return x\n",
        },
    )
    assert find_cycle(import_graph(package)) == ["pkg.domain.store", "pkg.nodes.links", "pkg.domain.store"]


def test_imports_for_type_checking_only_are_no_arrow(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from . import b\n",
            "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n",
        },
    )
    assert find_cycle(import_graph(package)) is None
    assert import_graph(package)["pkg.b"] == set()


def test_an_import_up_a_layer_inside_a_function_is_found() -> None:
    """The rule reads a function's imports: ``nodes`` importing ``domain`` inside a function is an arrow up."""
    source = "def f():\n    from ..domain.domain import bml_domain\n"
    found = {node.module for node in _imports(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert found == {"domain.domain"}
    assert layer("sphinx_bml.sphinx.domain.domain") > layer("sphinx_bml.sphinx.nodes.inline")


def test_a_module_deep_in_a_pure_layer_is_checked(tmp_path: Path) -> None:
    """The checks once read one folder level: ``language/conditions/`` escaped them."""
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "language/__init__.py": "",
            "language/calls.py": "",
            "language/conditions/__init__.py": "",
            "language/conditions/reading.py": "from docutils import nodes\nfrom ...sphinx.nodes import suit\n",
        },
    )
    deep = "language/conditions/reading.py"
    assert deep in pure_modules(package)
    assert sphinx_imports(package / deep) == {"docutils"}
    assert imports_above(package, deep) == {"...sphinx.nodes"}
    assert not imports_above(package, "language/calls.py")


def test_a_command_importing_another_is_found(tmp_path: Path) -> None:
    """What the commands share is imported from the shared module, never from another command,
    not even inside a function or as ``from . import``."""
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "commands/__init__.py": "",
            "commands/command_line.py": "STDIO = '-'\n",
            "commands/convert.py": "from .command_line import STDIO\n",
            "commands/compare.py": "def main():\n    from .convert import STDIO  # hidden\n    return STDIO\n",
            "commands/check.py": "from . import convert\n",
        },
    )
    assert commands_importing_commands(import_graph(package), "pkg") == [
        "pkg.commands.check -> pkg.commands.convert",
        "pkg.commands.compare -> pkg.commands.convert",
    ]
