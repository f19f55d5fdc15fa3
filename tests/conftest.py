"""Fixtures: the reference corpus, its implementation as an oracle, Sphinx testing."""

from __future__ import annotations

import importlib
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support import CHROMIUM, CHROMIUM_ARGS, EXAMPLE_SITE, ROOTS, conformance_dir, require, sphinx_build

pytest_plugins = ("sphinx.testing.fixtures",)


@pytest.fixture(scope="session")
def conformance() -> Path:
    """The reference corpus; its tests skip, with the reason shown, in a clone without it."""
    folder = conformance_dir()
    if not (folder / "data").is_dir():
        pytest.skip(f"the reference corpus is not at {folder} (set BML_CONFORMANCE to its folder)")
    return folder


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


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site, built once per test session with -W as html, bss and
    bboalert: the folder holding ``html/``, ``bss/`` and ``bboalert/``."""
    out = tmp_path_factory.mktemp("example-site")
    for builder in ("html", "bss", "bboalert"):
        result = sphinx_build("-b", builder, EXAMPLE_SITE, out / builder)
        assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright; missing, a skip (a failure under CI)."""
    require(CHROMIUM.exists(), f"Chromium is not installed at {CHROMIUM} (Debian package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - part of the test extra
        require(False, "the playwright Python package is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
