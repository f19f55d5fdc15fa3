"""The Sphinx adapters: thin translations of the engine's model into Sphinx.

Layered by build phase; each layer imports only those above it in this
table (``tests/test_layers.py`` checks it, imports inside functions too):

====================  ==========================================================
``config``        every ``bml_*`` setting, declared once with its check
``diagnostics``   the one way to warn: ``bml.<kind>`` at a file and line, once
``garbage_collector``  less work for Python's garbage collector in ``sphinx-build``
``nodes/``        the doctree vocabulary: the node classes, the stored model,
                  the placeholder, and ``inline``: drawn tokens as nodes
``reading/``      source to doctree: the ``bml`` directive, ``.bml`` pages,
                  parts, the BML state of a document, the model turned into
                  nodes, pages not in UTF-8, abbreviations in prose
``domain/``       the ``bml`` domain: the only store of the site's system, its
                  roles, the links, anchors, the sequence index, search, checks
``writing/``      one visitor module per builder (HTML, LaTeX, text), the
                  fallback for the others, LaTeX characters, the static files
``whole_site/``  what is made once the whole site is read: the summary, the
                  WBF card, the glossary, the practice page, the changes, each
                  system as a file (``.bss``, BBOalert) and the downloads list
                  that offers them
``builders/``     ``bss``, ``bboalert`` and ``anki``: each system as one file
``resolving``     the one ``doctree-resolved`` handler (its steps in order) and
                  the one ``env-get-updated`` handler
====================  ==========================================================

Everything is registered in :func:`sphinx_bml.setup`.
"""
