"""The ``bml`` domain: the site's system, its cross-references, index and checks.

:mod:`.domain` is the store (one page record per document) and the index;
:mod:`.anchors` leaves one anchor per sequence on a page; :mod:`.checks`
reports where the notes contradict themselves.
"""
