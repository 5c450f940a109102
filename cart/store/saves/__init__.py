"""Saved games: their options and names, the folder of them, the session that saves each action, reviews.

A saved game (:mod:`.games`) is its options (:mod:`.options`) and the engine's record;
:mod:`.gamestore` keeps them one per entry (named by :mod:`.names`), :mod:`.session`
saves a game in play after every action, and :mod:`.reviews` keeps each game's review beside it.
"""
