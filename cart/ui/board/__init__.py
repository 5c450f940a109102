"""The board: where everything on it is, how a game and a view state are painted, moved and explained.

The painter, its layout and hit-testing, the checkers' animation, the tooltips'
words, and the plain values a view holds; no screen of its own.
"""
