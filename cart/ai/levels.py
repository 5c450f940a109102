"""The computer's levels by name: what the Create form offers, ratings keep apart and the bots play.

A module of its own so the title and the forms can name the levels before the AI is loaded.
"""

from __future__ import annotations

LEVELS = ("beginner", "intermediate", "expert", "master")
