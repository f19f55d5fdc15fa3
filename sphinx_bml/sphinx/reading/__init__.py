"""Reading BML into doctrees: the ``bml`` directive, ``.bml`` pages, abbreviations in prose.

Each piece of BML in a document is read by the engine as the next piece of
one BML file (:mod:`.state`), and its model becomes nodes (:mod:`.to_nodes`).
Nothing here knows the site: that is the domain's, once every page is read.
"""
