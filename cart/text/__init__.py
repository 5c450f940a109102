"""The terminal game: the board in text, commands typed at a prompt, and a game's review told back.

``game`` runs it (:func:`cart.text.game.run`), ``board`` draws the position in
characters, ``review`` tells a finished game's mistakes in lines.
"""
