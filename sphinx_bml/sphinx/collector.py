"""What each document contributes to the system, kept in the build environment.

The ``bss`` builder writes the whole system at the end of a build, from
documents read in this build or in an earlier one, in one process or in
several: so each document's meanings (hidden tables included) and metadata
are stored in the environment, forgotten when the document is read again or
removed, and merged back from parallel readers. Only picklable data.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.environment.collectors import EnvironmentCollector

from ..language.system import Meaning
from .reading import finished_reading

_STORE = "bml_systems"


@dataclass
class DocumentSystem:
    """The meanings a document defines, in order, and its ``#+KEY`` metadata."""

    meanings: list[Meaning] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)


def document_systems(env: BuildEnvironment) -> dict[str, DocumentSystem]:
    """Document name → what it contributes; only documents with BML in them."""
    store: dict[str, DocumentSystem] | None = getattr(env, _STORE, None)
    if store is None:
        store = {}
        setattr(env, _STORE, store)
    return store


class SystemCollector(EnvironmentCollector):
    """Keeps :func:`document_systems` up to date."""

    def clear_doc(self, app: Sphinx, env: BuildEnvironment, docname: str) -> None:
        document_systems(env).pop(docname, None)

    def merge_other(self, app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
        ours, theirs = document_systems(env), document_systems(other)
        for docname in docnames:
            if docname in theirs:
                ours[docname] = theirs[docname]

    def process_doc(self, app: Sphinx, doctree: nodes.document) -> None:
        env = app.env
        reading = finished_reading(env)
        if reading is not None:
            document_systems(env)[env.docname] = DocumentSystem(list(reading.system), dict(reading.metadata.values))
