"""The board: where everything on it is, how a game and a view state are painted, moved and explained.

The painter, its layout and hit-testing, the checkers' animation, the tooltips'
words, the plain values a view holds, and where the computer thinks about a game
(the worker or the frame's slices); no screen of its own.
"""
