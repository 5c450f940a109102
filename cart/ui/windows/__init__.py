"""The windows around the game: saved games, the Create form and its set-up, a position set up, ratings."""
