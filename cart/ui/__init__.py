"""The Pyxel front end: the only layer that imports pyxel, in rooms that import only those below them.

``kit`` (the RISC OS toolkit: palette, font, text, windows, menus, boxes,
keys, the Scene base and its transitions, the services a scene is given)
knows no backgammon; ``board`` paints a game and a view state; ``review`` is
the Review window; ``windows`` the saved games, the Create form and its
set-up, a position set up, the ratings; ``table`` the play screen (the game at
the table, no Pyxel, and the scene that shows it). On top: ``routes`` (where
the App goes), ``title`` (attract mode), ``scene_stack`` and ``app`` (the
window). ``tests/test_floorplan.py`` keeps the plan. Importing this package
imports nothing heavy: the scenes import the modules they use.
"""
