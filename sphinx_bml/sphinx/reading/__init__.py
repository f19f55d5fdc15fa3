"""Reading BML into doctrees: the ``bml`` directive, the roles, ``.bml`` pages.

Each piece of BML in a document is read by the engine as the next piece of
one BML file (:mod:`.state`), and its model becomes nodes (:mod:`.to_nodes`).
"""
