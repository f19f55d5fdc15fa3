"""Writing the sphinx-bml nodes: one visitor module per builder, and the rest for the others.

:mod:`.html`, :mod:`.latex` and :mod:`.text` draw the nodes whole from
their model (with ``static/bml.css`` and ``texinputs/sphinxbml.sty``);
:mod:`.meanings` is what they share beyond :mod:`sphinx_bml.language.shown`
(smart quotes, a table's text); :mod:`.visitors` is the one map of those
formats and their visitors; :mod:`.fallback` gives every other builder
standard nodes; :mod:`.latex_characters` finds what pdflatex cannot print.
"""
