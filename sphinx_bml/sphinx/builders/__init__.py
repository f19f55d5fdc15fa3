"""The builders that write the whole system as one file: ``bss``, ``bboalert`` and ``anki``.

This package is also the ``sphinx.builders`` entry point of each, so that
``-b bss``, ``-b bboalert`` and ``-b anki`` work even when ``sphinx_bml`` is not in
``extensions``: :func:`setup` loads sphinx-bml, which registers them.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from .anki import AnkiBuilder
from .bboalert import BBOalertBuilder
from .bss import BSSBuilder

__all__ = ["AnkiBuilder", "BBOalertBuilder", "BSSBuilder", "setup"]


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("sphinx_bml")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
