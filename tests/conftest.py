"""Fixtures: the reference corpus, its implementation as an oracle, Sphinx testing, the example
site built once, and a stand-in for the bml directive in pages that docutils alone builds."""

from __future__ import annotations

import importlib
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import jinja2
import jinja2.bccache
import pytest
from docutils import nodes
from docutils.parsers.rst import Directive, directives
from filelock import FileLock
from sphinx.jinja2glue import BuiltinTemplateLoader

from tests.support import (
    EXAMPLE_SITE,
    ROOTS,
    built_once_per_run,
    conformance_dir,
    needs,
    require,
    run_folder,
    sphinx_build,
)

if TYPE_CHECKING:
    from anki.collection import Collection

pytest_plugins = ("sphinx.testing.fixtures",)


class _CompiledTemplates(jinja2.BytecodeCache):
    """Jinja2's bytecode cache, in memory: a template's code, found by its name and file and
    used only while its source is the same (Jinja2 compares a checksum of it)."""

    def __init__(self) -> None:
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture(scope="session", autouse=True)
def _templates_compiled_once() -> Iterator[None]:
    """The HTML builds of the tests compile the themes' Jinja2 templates once per test process,
    not once per build, where that was half the time of a small build. What a template writes
    is the same: the code is Jinja2's own, compiled from the same source (builds in another
    process, ``sphinx_build``, are left as they are)."""
    compiled = _CompiledTemplates()
    original = BuiltinTemplateLoader.init

    def init(loader: BuiltinTemplateLoader, *arguments: Any, **options: Any) -> None:
        original(loader, *arguments, **options)
        loader.environment.bytecode_cache = compiled

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BuiltinTemplateLoader, "init", init)
        yield


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
    folder = cache.mkdir("bridge-markup") if cache is not None else run_folder(tmp_path_factory) / "bridge-markup"
    folder.mkdir(exist_ok=True)
    unpacked = folder / "2.7.0"
    with FileLock(folder / "download.lock"):  # the other test processes wait for the first one's download
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


def _build_example_site(out: Path) -> None:
    for builder in ("html", "bss", "bboalert"):
        result = sphinx_build("-b", builder, EXAMPLE_SITE, out / builder)
        assert result.returncode == 0, result.stderr


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site, built once per test run (by one of pytest-xdist's processes, for all)
    with -W as html, bss and bboalert: the folder holding ``html/``, ``bss/`` and ``bboalert/``."""
    return built_once_per_run(tmp_path_factory, "example-site", _build_example_site)


@pytest.fixture
def anki_collection(tmp_path: Path) -> Iterator[Collection]:
    """A new, empty Anki collection, made by Anki's own library (``anki`` on
    PyPI, in the test extra: a failure, not a skip, in CI without it)."""
    anki = needs("anki.collection")
    folder = tmp_path / "anki"
    folder.mkdir()
    collection = anki.Collection(str(folder / "collection.anki2"))
    yield collection
    collection.close()


class _BML(Directive):
    """A stand-in for the bml directive: keeps its content as a literal block."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        return [nodes.literal_block("\n".join(self.content), "\n".join(self.content), classes=["bml"])]


@pytest.fixture
def bml_directive() -> Iterator[None]:
    """docutils, without Sphinx, reads ``.. bml::`` as a literal block while the test runs
    (for the pages bss2bml and xml2bml write: tests/support.py ``hrefs_of_page``)."""
    registry: dict[str, object] = directives._directives  # type: ignore[attr-defined]
    before = registry.get("bml")
    directives.register_directive("bml", _BML)
    try:
        yield
    finally:
        if before is None:
            registry.pop("bml", None)
        else:
            registry["bml"] = before


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files that hold slow tests first, each file's tests together and in their order.

    pytest-xdist (``-n auto``, ``--dist loadfile`` in pyproject.toml) gives each process
    whole files, in this order: the long ones start early and the short ones fill in
    around them, so neither process is left alone at the end with a slow file.
    """
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)
