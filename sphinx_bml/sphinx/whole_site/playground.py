"""``.. bml-playground::``: BML typed on a page, read in the reader's browser.

.. code-block:: rst

   .. bml-playground::

      1N 15-17 {{ 15-17 hcp, balanced }}
        2C Stayman

The page gets an editor holding the notes written under the directive and,
beside it, what the site makes of them: the bidding tables drawn as the
site draws them (:mod:`sphinx_bml.formats.html_tables`), the warnings at
their lines, and the ``.bss`` and BBOalert files to download. The engine is
the project's own, pure Python (:mod:`sphinx_bml.formats.playground`), run
in the browser by Pyodide in a Web Worker, so that a long paste never
freezes the page and a run can be stopped. Nothing is fetched from any other
site: the HTML build copies into ``_static/bml-playground/``

* Pyodide's files, from the folder ``bml_playground_pyodide`` names (the
  ``pyodide`` package of npm, about 13 MB; opt-in: only a site with such a
  page, and only its HTML build, copies them);
* ``sphinx_bml.zip``, the engine's pure modules (``language`` and
  ``formats``) taken from the installed package, with docutils' smart
  quotes so that quotes are drawn as the site's;
* the page's script and the worker's (``static/``).

Without Pyodide's files the page shows the notes as a code block, says the
playground is not available, and the build warns (``bml.playground``). Other
builders (LaTeX, text) show the notes as a code block.
"""

from __future__ import annotations

import html
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.utils import smartquotes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.util.display import progress_message
from sphinx.util.docutils import SphinxDirective

from ...language.errors import Kind
from .. import nodes as bml
from ..config import setting_location, site_abbreviations
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..writing.meanings import smart_quotes_of
from .downloads import offers_files

KIND = "playground"
#: Where the HTML build puts the playground's files, in its output folder.
FOLDER = "_static/bml-playground"
STATIC = Path(__file__).parent / "static"
PAGE_SCRIPT = STATIC / "bml-playground.js"
WORKER_SCRIPT = STATIC / "bml-playground-worker.js"
#: The engine's modules, as a zip the worker unpacks.
ENGINE = "sphinx_bml.zip"
#: The pure layers of the package that the engine needs (``tests/test_layers.py``: no Sphinx, no docutils).
ENGINE_LAYERS = ("language", "formats")
#: docutils' smart quotes, one module that needs nothing but the standard library, under this name in the zip.
SMART_QUOTES = "docutils_smartquotes.py"
#: Pyodide's files that the playground loads: its loader, the interpreter, the standard library, the package list.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The interpreter's script, by the name each Pyodide version gives it (one is needed).
PYODIDE_SCRIPTS = ("pyodide.asm.mjs", "pyodide.asm.js")
#: What the page says when it cannot offer the playground (readers see it: no build instructions).
UNAVAILABLE = "The playground is not available on this copy of the site. The notes it would start with:"
_CLASS = "bml-playground"
#: Entries of the engine's zip carry this date, so that the same modules give the same file.
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


class BMLPlayground(SphinxDirective):
    """``.. bml-playground::``: an editor of BML, with the notes to start from as its content."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        bml_domain(self.env).playgrounds.add(self.env.docname)
        placeholder = bml.placeholder(kind=KIND, notes="\n".join(self.content))
        self.set_source_info(placeholder)
        return [placeholder]


def made_playground(
    app: Sphinx, doctree: nodes.document, placeholder: bml.placeholder, docname: str
) -> list[nodes.Node]:
    """The editor on a web page whose site has Pyodide's files; else the notes as a code block."""
    notes = str(placeholder["notes"])
    code = nodes.literal_block(notes, notes, language="bml")
    if not offers_files(app.builder):
        return [code]
    if pyodide_folder(app) is None:
        if not str(app.config.bml_playground_pyodide).strip():  # else warned at the setting, once
            _warn_unset(placeholder)
        return [nodes.paragraph(UNAVAILABLE, UNAVAILABLE, classes=["bml-playground-unavailable"]), code]
    enabled = getattr(doctree.settings, "smart_quotes", True) is not False
    return [nodes.raw("", editor_html(notes, settings(app.builder, enabled)), format="html")]


def _warn_unset(placeholder: bml.placeholder) -> None:
    warn(
        Kind.PLAYGROUND,
        "bml-playground: the playground needs the files of Pyodide, and this build has none: set "
        "bml_playground_pyodide in conf.py to the folder of the pyodide package from npm (the folder with "
        "pyodide.mjs: npm pack pyodide, then unpack it); this page says the playground is not available",
        placeholder,
    )


def settings(builder: Builder, smart_quotes: bool = True) -> dict[str, Any]:
    """The site's settings that the playground's engine reads (:class:`~sphinx_bml.formats.playground.Settings`)."""
    config = builder.config
    return {
        "tree": bool(config.bml_tree),
        "indentation": config.bml_indentation,
        "four_colour": bool(config.bml_four_colour),
        "abbreviations": site_abbreviations(config),
        "show_conditions": bool(config.bml_show_conditions),
        "collapsible": bool(config.bml_collapsible),
        "alert_prefix": config.bml_alert_prefix,
        "bss_name": str(config.bml_bss_name),
        "bss_summary": str(config.bml_bss_summary),
        "bss_dispositions": bool(config.bml_bss_dispositions),
        "bboalert_alerts_only": bool(config.bml_bboalert_alerts_only),
        "smart_quotes": smart_quotes_of(builder, smart_quotes),
        "bss_filename": str(config.bml_bss_filename),
        "bboalert_filename": str(config.bml_bboalert_filename),
    }


def editor_html(notes: str, values: dict[str, Any]) -> str:
    """The playground's place on the page: the notes in a text area (escaped), the settings
    for the engine; the page's script (``bml-playground.js``) builds the rest around them."""
    data = html.escape(json.dumps(values, ensure_ascii=False), quote=True)
    text = html.escape(notes, quote=False)
    return (
        f'<div class="{_CLASS}" data-settings="{data}">\n'
        '<textarea class="bml-playground-notes" spellcheck="false" autocomplete="off" wrap="off" '
        f'aria-label="BML notes">\n{text}</textarea>\n</div>\n'
    )


# --------------------------------------------------------------------------
# The files


_FOUND: WeakKeyDictionary[Builder, Path | None] = WeakKeyDictionary()


def pyodide_folder(app: Sphinx) -> Path | None:
    """The folder of Pyodide's files (``bml_playground_pyodide``), ``None`` when it has not all
    of them; a setting that names a folder without them is a ``bml.playground`` warning, once a build."""
    if app.builder in _FOUND:
        return _FOUND[app.builder]
    written = str(app.config.bml_playground_pyodide)
    folder: Path | None = None
    if written.strip():
        folder = Path(app.confdir, Path(written.strip()).expanduser()).resolve()
        missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
        if not any((folder / name).is_file() for name in PYODIDE_SCRIPTS):
            missing.append(PYODIDE_SCRIPTS[0])
        if missing:
            warn(
                Kind.PLAYGROUND,
                f"bml_playground_pyodide = {written!r} in conf.py: {folder} has no {', '.join(missing)}: write the "
                "folder of the pyodide package from npm, the one with pyodide.mjs (npm pack pyodide, then unpack "
                "it); the playground pages say the playground is not available",
                setting_location(app, "bml_playground_pyodide"),
            )
            folder = None
    _FOUND[app.builder] = folder
    return folder


def page_script(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: the playground's script on the pages that show one."""
    shown = doctree is not None and any(_CLASS in node["classes"] for node in doctree.findall(nodes.container))
    if shown and pyodide_folder(app) is not None:
        app.add_js_file(f"bml-playground/{PAGE_SCRIPT.name}", loading_method="defer")


def write_playground(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: a web site with a playground page gets the playground's files."""
    if exception is not None or not offers_files(app.builder) or not bml_domain(app.env).playgrounds:
        return
    pyodide = pyodide_folder(app)
    if pyodide is None:
        return
    target = Path(app.outdir) / FOLDER
    with progress_message(f"copying the playground into {FOLDER}/"):
        for name in [*PYODIDE_FILES, *PYODIDE_SCRIPTS]:
            if (pyodide / name).is_file():
                _copy(pyodide / name, target / "pyodide" / name)
        for script in (PAGE_SCRIPT, WORKER_SCRIPT):
            _copy(script, target / script.name)
        _write_if_changed(target / ENGINE, engine_zip())


def engine_zip() -> bytes:
    """The engine's pure modules from the installed package (:data:`ENGINE_LAYERS`), and docutils'
    smart quotes, as a zip: the same modules give the same bytes."""
    package = Path(__file__).resolve().parents[2]  # sphinx_bml/, as installed
    files = [package / "__init__.py"]
    for layer in ENGINE_LAYERS:
        files += sorted((package / layer).rglob("*.py"))
    entries = [(path.relative_to(package.parent).as_posix(), path.read_bytes()) for path in files]
    entries.append((SMART_QUOTES, Path(smartquotes.__file__).read_bytes()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _copy(source: Path, target: Path) -> None:
    """``source`` to ``target``, unless it is there already (same size and time)."""
    if target.is_file():
        known, new = target.stat(), source.stat()
        if known.st_size == new.st_size and int(known.st_mtime) == int(new.st_mtime):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def _write_if_changed(target: Path, data: bytes) -> None:
    if target.is_file() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
