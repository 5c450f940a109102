"""The play screen: the game at the table (no Pyxel), the scene that shows it, its menu, boxes and tutor."""
