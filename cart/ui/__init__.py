"""The Pyxel front end: the only layer that imports pyxel, in rooms that import only those below them.

``kit`` (the RISC OS toolkit, no backgammon) < ``board`` (a game painted) <
``review`` (the Review window) < ``windows`` (saved games, Create, set-up, ratings)
< ``table`` (the play screen), with ``routes``, ``controls`` (the game's keys), ``title``
and ``app`` on top; ``tests/test_floorplan.py`` keeps the plan. Importing this
package imports nothing heavy.
"""
