"""The Pyxel front end: the only layer that imports pyxel.

``palette`` (the 16 Wimp colours by role), ``assets`` (the built font and
sprites), ``widgets`` (RISC OS 2 window furniture, buttons, fields, menus),
``layout`` (where everything on the board screen is, and hit-testing) and
``board_view`` (paints a game and a view state). Importing this package
imports nothing heavy: the scenes import the modules they use.
"""
