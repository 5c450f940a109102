"""The RISC OS toolkit, which knows no backgammon: palette, font, text, windows, icons, menus, boxes, keys.

Everything a screen is built from: the Wimp's colours and furniture, the
scene base and the transitions a scene returns (``stage``), input as intents,
the services a scene is given, the frame clock. Nothing here imports the
board, the rooms above it, or the engine.
"""
