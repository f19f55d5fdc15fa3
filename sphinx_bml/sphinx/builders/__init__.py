"""The builders that write the whole system as one file: ``bss`` and ``bboalert``.

This package is also the ``sphinx.builders`` entry point of both, so that
``-b bss`` and ``-b bboalert`` work even when ``sphinx_bml`` is not in
``extensions``: :func:`setup` loads sphinx-bml, which registers them.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from .bboalert import BBOalertBuilder
from .bss import BSSBuilder

__all__ = ["BBOalertBuilder", "BSSBuilder", "setup"]


def setup(app: Sphinx) -> ExtensionMetadata:
    app.setup_extension("sphinx_bml")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
