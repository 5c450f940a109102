"""The Drills window: the player's own costly decisions asked again on the board, with the table's controls."""
