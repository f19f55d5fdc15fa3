"""The ``bss`` builder: the whole bidding system as one Full Disclosure file.

``sphinx-build -b bss SOURCE OUTPUT`` writes ``OUTPUT/<bml_bss_filename>``:
the documents in toctree order from the root document, the bidding tables
of each in the order written, ``#HIDE`` tables included. As in one BML
file, the first definition of a sequence stands. The header's system name
and summary are the root document's ``#+TITLE`` and ``#+DESCRIPTION``, else
``bml_bss_name`` and ``bml_bss_summary``.

This module is also the ``sphinx.builders`` entry point named ``bss``, so
``-b bss`` works even when ``sphinx_bml`` is not in ``extensions``.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import replace
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment
from sphinx.util.display import progress_message
from sphinx.util.typing import ExtensionMetadata

from ..formats.bss_writer import write_bss
from ..language.system import System
from .collector import DocumentSystem, document_systems
from .diagnostics import warn


class BSSBuilder(Builder):
    """Writes the bidding system of the whole project as one ``.bss`` file."""

    name = "bss"
    format = "bss"
    epilog = "The Full Disclosure (.bss) file of the system is in %(outdir)s."
    allow_parallel = True

    def get_outdated_docs(self) -> str:
        return "the bidding system"  # one file from every document: always written again

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        return ""

    def prepare_writing(self, docnames: Set[str]) -> None:
        pass

    def write_documents(self, docnames: Set[str]) -> None:
        pass  # nothing per document: finish() writes the one file

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        pass

    def finish(self) -> None:
        systems = document_systems(self.env)
        order = toctree_order(self.env, self.config.root_doc)
        self._warn_unlisted(systems, order)
        system = System()
        for docname in order:
            for meaning in systems.get(docname, DocumentSystem()).meanings:
                system.define(replace(meaning))  # a copy: define() may fill in its description
        metadata = systems.get(self.config.root_doc, DocumentSystem()).metadata
        name = metadata.get("TITLE") or str(self.config.bml_bss_name)
        summary = metadata.get("DESCRIPTION") or str(self.config.bml_bss_summary)
        target = Path(self.outdir) / str(self.config.bml_bss_filename)
        with progress_message(f"writing {target.name}"):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(write_bss(system, name, summary), encoding="utf-8", newline="\n")

    def _warn_unlisted(self, systems: dict[str, DocumentSystem], order: Iterable[str]) -> None:
        listed = set(order)
        for docname in sorted(systems):
            if docname not in listed and systems[docname].meanings:
                warn(
                    f"the bidding tables here are left out of {self.config.bml_bss_filename}: "
                    f"this document is not in the toctree of the root document ({self.config.root_doc})",
                    "bss",
                    docname,
                )


def toctree_order(env: BuildEnvironment, root: str) -> list[str]:
    """The documents reachable from ``root`` through toctrees, in reading order."""
    order: list[str] = []
    seen: set[str] = set()
    pending = [root]
    while pending:
        docname = pending.pop()
        if docname in seen or docname not in env.found_docs:
            continue
        seen.add(docname)
        order.append(docname)
        pending.extend(reversed(env.toctree_includes.get(docname, [])))
    return order


def setup(app: Sphinx) -> ExtensionMetadata:
    """The ``bss`` entry point: load sphinx-bml, which registers the builder."""
    app.setup_extension("sphinx_bml")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
