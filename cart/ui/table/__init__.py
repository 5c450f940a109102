"""The play screen: the game at the table (no Pyxel), the scene that shows it, its menu, boxes and tutor.

The table's words (its message strip and last rolls) and a man dragged are its own, not the board's.
"""
