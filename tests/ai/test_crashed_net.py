"""The crashed net: which positions it values, and that it values them as its weights say.

GNU Backgammon keeps a net per class; the cart's contact net stays for contact and a
second net of the same inputs, fitted to rollouts of crashed boards (``tools/fit.py``),
values the positions :func:`cart.ai.classes.is_crashed` picks (gnubg's own class:
``tests/tools/test_train_starts.py`` checks it against ``gnubg_nn.classify``). A weight file
without the net must still load, and the routing must be exact.
"""

from __future__ import annotations

import random

import pytest
from boards import random_position
from nets import dense_after

from cart.ai import WeightsError, load_weights
from cart.ai.net import DEFAULT_PATH, MAGIC, read_arrays, read_weights, sane, write_weights
from cart.engine import Position
from cart.engine.fast import flip_key
from tools import starts


def crashed_and_not(n: int) -> tuple[list[Position], list[Position]]:
    rng = random.Random(11)
    yes: list[Position] = []
    no: list[Position] = []
    while len(yes) < n or len(no) < n:
        pos = random_position(rng)
        if pos.is_race() or pos.is_over():
            continue
        (yes if starts.is_crashed(pos) else no).append(pos)
    return yes[:n], no[:n]


def test_crashed_positions_go_to_the_crashed_net_and_the_rest_to_the_contact_net() -> None:
    weights = load_weights()
    assert weights.crashed is not None
    yes, no = crashed_and_not(40)
    moved = 0
    for pos in yes:
        key = flip_key(pos.key)
        assert weights.after(key) == sane(key, weights.crashed.forward(key), False)
        moved += weights.after(key) != sane(key, weights.contact.forward(key), False)
    for pos in no:
        key = flip_key(pos.key)
        assert weights.after(key) == sane(key, weights.contact.forward(key), False)
    assert moved > 30  # a net of its own, not a copy of the contact net


def test_the_crashed_nets_packed_inference_equals_the_dense_pass() -> None:
    data = DEFAULT_PATH.read_bytes()
    weights = load_weights()
    assert weights.crashed is not None
    yes, _ = crashed_and_not(12)
    for pos in yes:
        key = flip_key(pos.key)
        got = weights.crashed.forward(key)
        want = dense_after(data, key, "crashed")
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 5e-3


def test_a_file_without_the_crashed_net_values_crashed_boards_by_the_contact_net(tmp_path) -> None:
    meta, nets = read_arrays(DEFAULT_PATH.read_bytes())
    del nets["crashed"]
    path = tmp_path / "w.bin"
    write_weights(path, nets, meta)
    weights = read_weights(path.read_bytes())
    assert weights.crashed is None
    key = flip_key(crashed_and_not(1)[0][0].key)
    assert weights.after(key) == sane(key, weights.contact.forward(key), False)


def test_a_file_with_a_net_the_cart_does_not_know_is_refused(tmp_path) -> None:
    meta, nets = read_arrays(DEFAULT_PATH.read_bytes())
    nets["bogus"] = nets.pop("crashed")
    path = tmp_path / "w.bin"
    write_weights(path, nets, meta)
    assert path.read_bytes().startswith(MAGIC)
    with pytest.raises(WeightsError, match="other nets"):
        read_weights(path.read_bytes())


def test_the_crashed_net_is_kept_in_halves_and_a_rewrite_is_byte_for_byte(tmp_path) -> None:
    data = DEFAULT_PATH.read_bytes()
    assert b'"dtype": "f2"' in data  # the crashed net's header says it is stored in halves
    meta, nets = read_arrays(data)
    path = tmp_path / "w.bin"
    write_weights(path, nets, meta)
    assert path.read_bytes() == data
    with pytest.raises(WeightsError, match="truncated"):
        read_weights(data[:-1])
