"""``tools/one_voice.py``: the hint's play over a real game is never one the tutor questions."""

from __future__ import annotations

import pytest

from tools.one_voice import one_voice


@pytest.mark.slow
def test_the_tutor_and_the_review_never_question_the_hints_play_over_a_game() -> None:
    plays, tutor, review = one_voice(games=1, length=5, seed=100)
    assert plays >= 5 and (tutor, review) == (0, 0)
