"""The teacher's nets (``cart.ai.bot.teacher_weights``): its own contact and crashed nets for the deep
look, the shipped nets for the computer's play."""

from __future__ import annotations

import shutil

import pytest
from kept import CODE, kept

from cart.ai import jobs
from cart.ai.bot import TEACHER_PATH, Bot, drain, load_weights, teacher_weights, think_teacher_weights
from cart.ai.net import WeightsError, read_arrays, read_weights
from cart.ai.review import work
from cart.ai.review.play import DEEP_PLY, think_best_play
from cart.ai.review.tutor import tutor_check
from cart.engine import GameState, Match, Move, Position, Rules

SPLIT = Position.from_position_id("4HPwCSDgc/ABMA")
"""A contact position where the two contact nets' 2-ply looks pick different plays of 6-4."""
TEACHERS, SHIPPED = ((24, 18), (13, 9)), ((8, 2), (6, 2))


def split_match() -> Match:
    m = Match(Rules(), start=GameState.from_position(Rules(), SPLIT))
    m.roll((6, 4))
    return m


def test_the_teachers_file_is_a_contact_and_a_crashed_net_in_halves_built_in_slices(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = TEACHER_PATH.read_bytes()
    meta, arrays = read_arrays(data)
    assert set(arrays) == {"contact", "crashed"} and data.count(b'"dtype": "f2"') == 2
    assert str(meta["fit"]["command"]).startswith("python -m tools.net_curve fit")  # type: ignore[index]
    assert "--net crashed" in str(meta["crashed_fit"]["command"])  # type: ignore[index]
    with pytest.raises(WeightsError, match="no race net"):
        read_weights(data)  # not a whole weight file: the computer could not play on it
    copy = tmp_path / "teacher.bin"
    shutil.copyfile(TEACHER_PATH, copy)
    assert len(list(think_teacher_weights(copy))) > 20  # a slice at a time: no frame waits for them all
    assert not list(think_teacher_weights(copy))  # built once a process
    teacher = drain(think_teacher_weights(copy))
    shipped = load_weights()
    assert (teacher.race, teacher.prune) == (shipped.race, shipped.prune)
    key = Bot("expert").choose_play(SPLIT, (6, 4)).result.key  # type: ignore[union-attr]
    assert teacher.contact.forward(key) != shipped.contact.forward(key)
    crashed = Position.from_position_id("tx0ACwM3A4ABAA").key
    assert teacher.crashed is not None and shipped.crashed is not None
    assert teacher.crashed.forward(crashed) != shipped.crashed.forward(crashed)


def shipped_2_ply() -> object:
    """The shipped nets' 2-ply pick in :data:`SPLIT`: the premise, half a second (kept: :mod:`kept`)."""

    def look() -> object:
        return drain(think_best_play(load_weights(), SPLIT, (6, 4))).moves  # type: ignore[union-attr]

    return kept("teacher-split-shipped", CODE, look)


def test_the_hint_and_the_tutor_read_the_teachers_net_and_the_computer_does_not() -> None:
    m = split_match()
    assert shipped_2_ply() == SHIPPED  # where the two nets part: the computer's own 2-ply plays this
    hint = drain(jobs.think_hint("expert", m, deep=True))
    assert hint.play is not None and hint.play.moves == TEACHERS
    said = tutor_check(m, Move(SHIPPED), threshold=1e-9)
    assert said == "The Master prefers 24/18 13/9: play your 8/2 6/2 anyway?"
    assert tutor_check(m, Move(TEACHERS), threshold=1e-9) is None
    assert Bot("master").weights is load_weights() is not teacher_weights()  # the computer's own nets


def test_the_deep_pass_reads_the_teachers_nets_and_its_key_names_them(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    reviewer = work.Reviewer(split_match(), ply=DEEP_PLY)
    gen = reviewer.think()
    while reviewer.weights is not teacher_weights():
        next(gen)
    assert reviewer.master.weights is reviewer.weights and reviewer.deep is not None
    assert reviewer.deep.weights is teacher_weights()
    assert work.Reviewer(split_match(), ply=1).weights is load_weights()  # the quick pass: the shipped nets
    quick, deep = work.analysis_key(1), work.analysis_key(DEEP_PLY)
    other = tmp_path / "teacher.bin"
    other.write_bytes(TEACHER_PATH.read_bytes() + b" ")
    monkeypatch.setattr(work, "TEACHER_PATH", other)
    assert work.analysis_key(1) == quick  # the quick pass never reads the teacher's net
    assert work.analysis_key(DEEP_PLY) != deep  # another teacher: the deep pass is redone
