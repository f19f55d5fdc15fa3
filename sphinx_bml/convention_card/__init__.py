"""The WBF convention card, filled from the notes (pure Python).

:mod:`.boxes` decides every box of the form from the site's tables and the
player's words; :mod:`.negative_doubles` reads "neg. dbl thru" from the
tables and from what the player writes.
"""
