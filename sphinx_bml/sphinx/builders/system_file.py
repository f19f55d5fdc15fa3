"""What the builders that write the whole system as one file share.

:class:`SystemFileBuilder` writes nothing per document: at the
end of the build it asks the ``bml`` domain for the site's systems (each
the documents in toctree order from its root document, the bidding tables
of each in the order written, ``#HIDE`` tables included, the first
definition of a sequence standing: :class:`~sphinx_bml.language.site.Site`)
and writes one file per system, in a
:class:`~sphinx_bml.sphinx.whole_site.system_files.SystemFormat`. Documents
with bidding tables outside every system are left out, with a warning.
"""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path

from docutils import nodes
from sphinx.builders import Builder
from sphinx.config import Config
from sphinx.util.display import progress_message

from ...language.errors import Kind
from ..config import site_systems
from ..diagnostics import warn
from ..domain.domain import bml_domain
from ..whole_site.system_files import SystemFormat, system_files


class SystemFileBuilder(Builder):
    """A builder that writes each system of the project as one file."""

    allow_parallel = True
    file_format: SystemFormat

    def get_outdated_docs(self) -> str:
        return "the bidding system"  # one file from every document: always written again

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        return ""

    def prepare_writing(self, docnames: Set[str]) -> None:
        pass

    def write_documents(self, docnames: Set[str]) -> None:
        pass  # nothing per document: finish() writes the files

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        pass

    def warn_strays(self, kind: Kind, names: list[str]) -> None:
        """A ``kind`` warning at each document with bidding tables that no system's file (``names``) holds."""
        for docname in bml_domain(self.env).strays():
            warn(
                kind,
                f"the bidding tables here are left out of {' and '.join(names)}: this document is not in the "
                f"toctree of {_roots(self.config)}",
                docname,
            )

    def finish(self) -> None:
        names = [self.file_format.filename(self.config, system) for system, _ in site_systems(self.config)]
        self.warn_strays(self.file_format.warning_kind, names)
        for filename, text in system_files(self.env, self.file_format):
            target = Path(self.outdir) / filename
            with progress_message(f"writing {target.name}"):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8", newline="\n")


def _roots(config: Config) -> str:
    systems = site_systems(config)
    if len(systems) == 1 and not systems[0][0]:
        return f"the root document ({systems[0][1]})"
    return "any system's root document (" + ", ".join(root for _, root in systems) + ")"
