"""The ``bml`` domain: the site's system, its roles, cross-references, index and checks.

:mod:`.domain` is the store (one page record per document) and the index;
:mod:`.roles` the ``:bml:seq:`` and ``:bml:`` roles; :mod:`.anchors` leaves
one anchor per sequence on a page; :mod:`.links` finds where the links of
the tables lead when a page is resolved; :mod:`.checks` reports where the
notes contradict themselves; :mod:`.search` and :mod:`.index_page` help
find a sequence.
"""
