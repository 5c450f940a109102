"""The Drills window: the player's own costly decisions asked again on the board, as at the table."""
