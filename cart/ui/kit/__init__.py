"""The RISC OS toolkit, which knows no backgammon: palette, font, text, windows, icons, menus, boxes, keys.

Everything a screen is built from, with the scene base and its transitions, input
as intents, a scene's services and the frame clock. It imports nothing above it
and nothing of the engine, so any screen, the board's included, builds on it.
"""
