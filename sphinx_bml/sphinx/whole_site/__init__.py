"""What is made once the whole site is read: the convention-card summary, the glossary, the practice page.

Each directive leaves a :class:`~sphinx_bml.sphinx.nodes.placeholder` when
its page is read; what it holds is made when the page is resolved
(``resolving``), or for the practice page just before references are
resolved (a post-transform), from the ``bml`` domain's site.
"""
