"""Jellyfish ``.mat`` match records, written as GNU Backgammon writes them and read leniently.

:mod:`.matfile` is the face (export, import, replay for the Review); :mod:`.matexport`
writes, :mod:`.matlines` reads line by line, and :mod:`.matformat` is what both share.
"""
