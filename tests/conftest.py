"""Shared fixtures: the reference corpus, the comparison rule, Sphinx testing."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from sphinx.testing.util import SphinxTestApp

pytest_plugins = ("sphinx.testing.fixtures",)

ROOT = Path(__file__).resolve().parent.parent
ROOTS = Path(__file__).resolve().parent / "roots"

#: Set by .ci/run: tests that need TeX Live or Chromium fail instead of
#: skipping when those are missing.
REQUIRE_ALL = os.environ.get("SPHINX_BML_REQUIRE_ALL", "") not in ("", "0")


def conformance_dir() -> Path:
    """The reference corpus: $BML_CONFORMANCE, else ../shared/conformance beside the repo."""
    configured = os.environ.get("BML_CONFORMANCE")
    return Path(configured) if configured else ROOT.parent / "shared" / "conformance"


def require(available: bool, reason: str) -> None:
    """Skip with ``reason`` when something is missing, or fail under SPHINX_BML_REQUIRE_ALL."""
    if available:
        return
    if REQUIRE_ALL:
        pytest.fail(f"{reason} (SPHINX_BML_REQUIRE_ALL is set, so this is a failure, not a skip)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def conformance() -> Path:
    """The reference corpus; its tests skip, with the reason shown, in a clone without it."""
    folder = conformance_dir()
    if not (folder / "data").is_dir():
        pytest.skip(f"the reference corpus is not at {folder} (set BML_CONFORMANCE to its folder)")
    return folder


def conformance_names() -> list[str]:
    """Names of the corpus files that have an expected .bss (empty when absent)."""
    expected = conformance_dir() / "expected"
    return sorted(p.stem for p in expected.glob("*.bss")) or ["(corpus missing)"]


def same_lines(actual: str, expected: str) -> list[tuple[int, str, str]]:
    """The reference's comparison: line by line, trailing white space stripped,
    missing lines at the end equal to blank lines. Returns the differing lines."""
    a = [line.rstrip() for line in actual.splitlines()]
    b = [line.rstrip() for line in expected.splitlines()]
    size = max(len(a), len(b))
    a += [""] * (size - len(a))
    b += [""] * (size - len(b))
    return [(number + 1, x, y) for number, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Sphinx test projects live in tests/roots/test-NAME (use @pytest.mark.sphinx(testroot='NAME'))."""
    return ROOTS


REFERENCE = "bridge-markup==2.7.0"


@pytest.fixture(scope="session")
def reference(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The reference implementation's ``bml.bss`` module, as a test oracle.

    bridge-markup is not a dependency of ours, not even for tests: it installs
    a ``bss2bml`` command that would replace ours. Its wheel is pure Python,
    so it is downloaded once into pytest's cache and unpacked there, and its
    modules are imported from that folder: nothing is installed.
    """
    cache = getattr(request.config, "cache", None)  # absent with -p no:cacheprovider
    folder = cache.mkdir("bridge-markup") if cache is not None else tmp_path_factory.mktemp("bridge-markup")
    unpacked = folder / "2.7.0"
    if not (unpacked / "bml" / "bss.py").is_file():
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
        subprocess.run([*command, "--dest", str(folder), REFERENCE], capture_output=True, check=False)
        wheels = sorted(folder.glob("bridge_markup-2.7.0-*.whl"))
        require(bool(wheels), f"could not download {REFERENCE} from PyPI to compare with it")
        with zipfile.ZipFile(wheels[0]) as wheel:
            wheel.extractall(unpacked)
    if str(unpacked) not in sys.path:
        sys.path.insert(0, str(unpacked))
    return importlib.import_module("bml.bss")


COLOURS = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^(?P<file>\S+?):(?P<line>\d+): WARNING: (?P<message>.*) \[(?P<type>[\w.]+)\]$")


def located_warnings(app: SphinxTestApp) -> list[tuple[str, int, str, str]]:
    """The build's warnings as (file relative to the source folder, line, type, message).

    Fails on any warning that has no file and line, or no type: every warning
    of ours must tell the user where and what.
    """
    found = []
    for line in COLOURS.sub("", app.warning.getvalue()).splitlines():
        match = WARNING.match(line)
        assert match, f"not a located warning with a type: {line!r}"
        file = Path(match["file"]).relative_to(app.srcdir).as_posix()
        found.append((file, int(match["line"]), match["type"], match["message"]))
    return found
