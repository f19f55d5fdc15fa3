"""sphinx-bml: contract-bridge bidding systems written in BML, published by Sphinx.

Add ``"sphinx_bml"`` to ``extensions`` in ``conf.py``. The package has
layers, each knowing only the ones below it:

* :mod:`sphinx_bml.language`: the BML engine, pure Python;
* :mod:`sphinx_bml.formats`: BSS, BML and BBOalert, from the engine's model;
* :mod:`sphinx_bml.practice`: practising the system, pure Python;
* :mod:`sphinx_bml.sphinx`: the Sphinx adapters, registered by :func:`setup`,
  layered by build phase; and :mod:`sphinx_bml.commands`.

Importing this package loads no Sphinx: :func:`setup` imports the adapters
when Sphinx calls it, so the engine and the ``bss2bml`` command stay light.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

try:
    __version__ = version("sphinx-bml")
except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    __version__ = "0+unknown"

#: Bump when what is stored in the environment changes shape.
ENV_VERSION = 8


def setup(app: Sphinx) -> ExtensionMetadata:
    """Everything sphinx-bml adds to Sphinx, in one place, in the order of a build."""
    from .lexer import BMLLexer
    from .sphinx import config, garbage_collector, nodes, resolving
    from .sphinx.builders import AnkiBuilder, BBOalertBuilder, BSSBuilder
    from .sphinx.domain import index_page, search
    from .sphinx.domain.anchors import SequenceAnchors
    from .sphinx.domain.domain import BMLDomain, NoteAbbreviations, warn_missing
    from .sphinx.domain.roles import InlineRole
    from .sphinx.reading.abbreviations import MarkAbbreviations
    from .sphinx.reading.containment import keep_pages_inside
    from .sphinx.reading.directive import BMLDirective
    from .sphinx.reading.documents import BMLParser
    from .sphinx.reading.encoding import leave_out_pages_not_in_utf8
    from .sphinx.reading.parts import exclude_included_parts
    from .sphinx.whole_site import changes, convention_card, glossary, playground, practice, practice_screens, summary
    from .sphinx.whole_site.downloads import BMLDownloads, write_downloads
    from .sphinx.writing import html, latex
    from .sphinx.writing.visitors import node_visitors

    # settings: declared once, checked before anything reads them
    config.add_settings(app)
    app.connect("config-inited", config.check_settings)
    app.connect("config-inited", exclude_included_parts)  # a part of a .bml file is no page

    # reading: the directive, .bml pages, abbreviations in prose (each problem reported once the site is read)
    app.add_directive("bml", BMLDirective)
    app.add_source_suffix(".bml", "bml")
    app.add_source_parser(BMLParser)
    app.connect("config-inited", leave_out_pages_not_in_utf8, priority=900)  # once source_suffix is whole (800)
    app.connect("source-read", keep_pages_inside)  # Sphinx follows links out of the project; we do not
    app.add_transform(MarkAbbreviations)

    # the domain: the site's system, the roles, references, the sequence index, the checks
    app.add_domain(BMLDomain)
    app.add_role("bml", InlineRole())
    app.add_transform(SequenceAnchors)
    app.add_transform(NoteAbbreviations)
    app.connect("warn-missing-reference", warn_missing)

    # writing: the visitors of each output format that draws our nodes, the static files
    for node in nodes.ALL_NODES:
        app.add_node(node, override=False, **node_visitors(node))
    app.connect("config-inited", html.add_stylesheet)
    app.add_css_file(html.STYLESHEET.name)
    app.connect("html-page-context", html.card_script)
    app.add_latex_package(latex.PACKAGE)
    app.connect("builder-inited", latex.copy_style_file)

    # made once the whole site is read: the convention card's summary and glossary, practice boards, changes
    app.add_directive("bml-summary", summary.BMLSummary)
    app.add_directive("bml-convention-card", convention_card.BMLConventionCard)
    app.add_directive("bml-glossary", glossary.BMLGlossary)
    app.add_directive("bml-practice", practice.BMLPractice)
    app.add_post_transform(practice.PracticeBoards)
    app.connect("config-inited", practice_screens.add_script)  # with partner at two screens
    app.connect("html-page-context", practice_screens.page_script)
    app.add_directive("bml-changes", changes.BMLChanges)
    app.connect("doctree-read", changes.note_changed_since)  # bml_changed_since: tables read again

    # builders: each system as one file (.bss, BBOalert, an Anki deck); and the same files offered on a page
    app.add_builder(BSSBuilder)
    app.add_builder(BBOalertBuilder)
    app.add_builder(AnkiBuilder)  # an Anki deck: one card per sequence
    app.add_directive("bml-downloads", BMLDownloads)
    app.connect("build-finished", write_downloads)

    # the playground: BML typed on a page, read in the reader's browser (Pyodide's files copied, opt-in)
    app.add_directive("bml-playground", playground.BMLPlayground)
    app.connect("html-page-context", playground.page_script)
    app.connect("build-finished", playground.write_playground)

    # a page once the site is read: its steps in one handler, in order; the pages to write again
    app.connect("doctree-resolved", resolving.resolve_page)
    app.connect("env-get-updated", resolving.pages_to_write_again)

    # BML source shown in code blocks (``.. code-block:: bml``), highlighted
    app.add_lexer("bml", BMLLexer)

    # finding a sequence: the search ranks a typed sequence first, the index page filters
    app.connect("config-inited", search.add_scripts)
    app.connect("html-page-context", search.page_scripts)
    app.connect("builder-inited", search.keep_names_as_written)
    app.connect("config-inited", index_page.add_templates)  # the index page; bml-sequences.html for html_sidebars
    app.connect("html-page-context", index_page.write_index_page)

    # the garbage collector, in sphinx-build only: paused while the pages are read, garbage collected at its steps,
    # and the model read kept alive until the process ends
    app.connect("config-inited", garbage_collector.pause)
    for event in ("config-inited", "builder-inited"):
        app.connect(event, garbage_collector.freeze, priority=900)
    for event in ("doctree-read", "env-updated", "env-check-consistency"):
        app.connect(event, garbage_collector.collect_and_freeze, priority=900)  # after those that build the model
    app.connect("env-updated", garbage_collector.resume, priority=950)  # the pages are written with it on

    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
