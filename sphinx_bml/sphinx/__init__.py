"""The Sphinx adapters: thin translations of the engine's model into Sphinx.

============  ==================================================================
``config``    every ``bml_*`` setting, declared once with its check
``diagnostics`` the one way to warn: ``bml.<kind>`` at a file and line
``reading/``  the ``bml`` directive, the roles, ``.bml`` pages, the BML state of
              a document, and the model turned into nodes
``nodes/``    the node classes, one visitor module per builder (HTML, LaTeX,
              text), the fallback for the others, the stylesheet and ``.sty``
``domain/``   the ``bml`` domain: the only store of the site's system, the
              sequence index, anchors and index entries, the checks
``builders/`` ``bss`` and ``bboalert``: the whole system as one file
============  ==================================================================

Everything is registered in :func:`sphinx_bml.setup`.
"""
