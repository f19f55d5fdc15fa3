"""Versions of a system: an earlier version kept as a file, and what changed since (pure).

:mod:`.reading` reads a version kept as a ``.bss`` or ``.bml`` file;
:mod:`.changes` compares two versions sequence by sequence. ``bml-diff`` and
the site's ``.. bml-changes::`` page both use them.
"""
