"""sphinx-bml: contract-bridge bidding systems written in BML, published by Sphinx.

Add ``"sphinx_bml"`` to ``extensions`` in ``conf.py``. The settings are
listed in :mod:`sphinx_bml.sphinx.config`, the warnings in
:mod:`sphinx_bml.sphinx.diagnostics`.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from .sphinx import config, cross_references, fallback, html, latex, parts, text
from .sphinx.bboalert import BBOalertBuilder
from .sphinx.builders import BSSBuilder
from .sphinx.collector import SystemCollector
from .sphinx.directive import BMLDirective
from .sphinx.nodes import ALL_NODES
from .sphinx.source_parser import BMLParser

try:
    __version__ = version("sphinx-bml")
except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    __version__ = "0+unknown"

#: Bump when what is stored in the environment changes shape.
ENV_VERSION = 3


def setup(app: Sphinx) -> ExtensionMetadata:
    config.add_config_values(app)
    app.connect("config-inited", config.check_config)
    app.connect("config-inited", parts.exclude_included_parts)

    for node in ALL_NODES:
        app.add_node(node, html=html.VISITORS[node], text=text.VISITORS[node], latex=latex.VISITORS[node])
    app.connect("doctree-resolved", fallback.replace_nodes)

    app.add_directive("bml", BMLDirective)
    app.add_source_suffix(".bml", "bml")
    app.add_source_parser(BMLParser)
    app.add_env_collector(SystemCollector)
    app.add_builder(BSSBuilder)
    cross_references.setup(app)
    app.add_builder(BBOalertBuilder)

    app.add_css_file("bml.css")
    app.connect("config-inited", html.add_stylesheet)
    latex.setup(app)

    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
