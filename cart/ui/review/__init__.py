"""The Review window: a game told back move by move, with the computer's judgement of each."""
