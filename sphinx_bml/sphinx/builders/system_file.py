"""What the builders that write the whole system as one file share.

:class:`SystemFileBuilder` writes nothing per document: at the end of the
build it asks the ``bml`` domain for the site's system (the documents in
toctree order from the root document, the bidding tables of each in the
order written, ``#HIDE`` tables included, the first definition of a sequence
standing: :class:`~sphinx_bml.language.site.Site`) and writes one file with
what :meth:`SystemFileBuilder.render` makes of it. Documents with bidding
tables outside the toctree are left out, with a warning.
"""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path

from docutils import nodes
from sphinx.builders import Builder
from sphinx.util.display import progress_message

from ...language.errors import Kind
from ...language.system import System
from ..diagnostics import warn
from ..domain.domain import bml_domain


class SystemFileBuilder(Builder):
    """A builder that writes the system of the whole project as one file."""

    allow_parallel = True
    #: The ``bml.*`` warning kind for what this builder leaves out.
    warning_kind: Kind

    def filename(self) -> str:
        raise NotImplementedError

    def render(self, system: System, metadata: dict[str, str]) -> str:
        """The file's text: ``system``, with the root document's ``#+KEY`` values in ``metadata``."""
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
        domain = bml_domain(self.env)
        site = domain.site()
        for docname in site.unlisted:
            warn(
                self.warning_kind,
                f"the bidding tables here are left out of {self.filename()}: "
                f"this document is not in the toctree of the root document ({self.config.root_doc})",
                docname,
            )
        target = Path(self.outdir) / self.filename()
        with progress_message(f"writing {target.name}"):
            target.parent.mkdir(parents=True, exist_ok=True)
            text = self.render(site.system, domain.metadata(self.config.root_doc))
            target.write_text(text, encoding="utf-8", newline="\n")

    def system_name(self, metadata: dict[str, str]) -> str:
        """The root document's ``#+TITLE``, else ``bml_bss_name``."""
        return metadata.get("TITLE") or str(self.config.bml_bss_name)
