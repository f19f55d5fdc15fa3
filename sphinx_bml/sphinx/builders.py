"""The ``bss`` builder: the whole bidding system as one Full Disclosure file.

``sphinx-build -b bss SOURCE OUTPUT`` writes ``OUTPUT/<bml_bss_filename>``:
the documents in toctree order from the root document, the bidding tables
of each in the order written, ``#HIDE`` tables included. As in one BML
file, the first definition of a sequence stands. The header's system name
and summary are the root document's ``#+TITLE`` and ``#+DESCRIPTION``, else
``bml_bss_name`` and ``bml_bss_summary``.

:class:`SystemFileBuilder` is what the builders that write the whole system
as one file share (this one, and ``bboalert`` in :mod:`.bboalert`): the
system of the site in toctree order (:func:`site_system`), the header's
name, the warning for documents outside the toctree.

This module is also the ``sphinx.builders`` entry point named ``bss``, so
``-b bss`` works even when ``sphinx_bml`` is not in ``extensions``.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass, replace
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


@dataclass
class SiteSystem:
    """The system of the whole site, and what is known about it."""

    #: Every document's meanings, documents in toctree order, the first definition standing.
    system: System
    #: The root document's ``#+KEY`` values (``TITLE``, ``DESCRIPTION`` …).
    metadata: dict[str, str]
    #: Documents with bidding tables that the root document's toctree does not reach.
    unlisted: list[str]


def site_system(env: BuildEnvironment, root_doc: str) -> SiteSystem:
    """The system of the site, as the ``bss`` and ``bboalert`` files hold it."""
    systems = document_systems(env)
    order = toctree_order(env, root_doc)
    listed = set(order)
    system = System()
    for docname in order:
        for meaning in systems.get(docname, DocumentSystem()).meanings:
            system.define(replace(meaning))  # a copy: define() may fill in its description
    metadata = systems.get(root_doc, DocumentSystem()).metadata
    unlisted = [name for name in sorted(systems) if name not in listed and systems[name].meanings]
    return SiteSystem(system, dict(metadata), unlisted)


class SystemFileBuilder(Builder):
    """A builder that writes the system of the whole project as one file.

    Nothing is written per document: :meth:`finish` collects the site's
    system from the environment and writes :meth:`filename` with what
    :meth:`render` returns. Documents with bidding tables outside the
    toctree are left out, with a warning of subtype :attr:`warning_subtype`.
    """

    allow_parallel = True
    #: The ``bml.*`` warning subtype for what this builder leaves out.
    warning_subtype = ""

    def filename(self) -> str:
        raise NotImplementedError

    def render(self, site: SiteSystem) -> str:
        raise NotImplementedError

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
        site = site_system(self.env, self.config.root_doc)
        self._warn_unlisted(site.unlisted)
        target = Path(self.outdir) / self.filename()
        with progress_message(f"writing {target.name}"):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(self.render(site), encoding="utf-8", newline="\n")

    def system_name(self, site: SiteSystem) -> str:
        """The root document's ``#+TITLE``, else ``bml_bss_name``."""
        return site.metadata.get("TITLE") or str(self.config.bml_bss_name)

    def _warn_unlisted(self, unlisted: Iterable[str]) -> None:
        for docname in unlisted:
            warn(
                f"the bidding tables here are left out of {self.filename()}: "
                f"this document is not in the toctree of the root document ({self.config.root_doc})",
                self.warning_subtype,
                docname,
            )


class BSSBuilder(SystemFileBuilder):
    """Writes the bidding system of the whole project as one ``.bss`` file."""

    name = "bss"
    format = "bss"
    epilog = "The Full Disclosure (.bss) file of the system is in %(outdir)s."
    warning_subtype = "bss"

    def filename(self) -> str:
        return str(self.config.bml_bss_filename)

    def render(self, site: SiteSystem) -> str:
        summary = site.metadata.get("DESCRIPTION") or str(self.config.bml_bss_summary)
        return write_bss(site.system, self.system_name(site), summary)


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
    """The ``sphinx.builders`` entry points ``bss`` and ``bboalert``: load
    sphinx-bml, which registers the builders."""
    app.setup_extension("sphinx_bml")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
