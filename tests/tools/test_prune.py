"""tools/prune.py: the prune net learns to rank reply lists and joins the weight file, touching nothing else.

The inputs are checked against the cart's own packed evaluator (a net built from
the fitted arrays must give the same ranking in numpy and in the cart), and the
fit against an unfitted net on lists it did not see. A few games keep it quick.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cart.ai.net import (
    DEFAULT_PATH,
    Net,
    Weights,
    WeightsError,
    equity,
    is_race,
    read_weights,
    terminal,
    write_weights,
)
from cart.engine import Position
from cart.engine.fast import flip_key
from tools import prune


@pytest.fixture(scope="module")
def shipped() -> Weights:
    """The shipped weight file, read once for the module (a fifth of a second each time)."""
    return read_weights(DEFAULT_PATH.read_bytes())


@pytest.fixture(scope="module")
def lists(shipped: Weights) -> tuple[list[int], np.ndarray, np.ndarray]:
    """Eight games' lists: thousands of plays, enough for the fit to beat the unfitted net, a third of
    the CPU of twenty games'."""
    return prune.sibling_lists(shipped, games=8, seed=3)


def test_the_lists_are_whole_labelled_contact_lists(
    lists: tuple[list[int], np.ndarray, np.ndarray], shipped: Weights
) -> None:
    keys, y, group = lists
    weights = shipped
    assert len(keys) == len(y) == len(group) > 1000
    assert np.all(np.diff(group) >= 0) and np.all(np.bincount(group) >= 2)  # contiguous, never a lone play
    for i in range(0, len(keys), 97):
        assert not is_race(keys[i]) and keys[i] & 15 != 15
        assert np.allclose(y[i], weights.after(keys[i]))  # the contact net as the evaluator gives it (sane)


def test_the_fitted_net_ranks_unseen_lists_better_than_an_unfitted_one(
    lists: tuple[list[int], np.ndarray, np.ndarray],
) -> None:
    keys, y, group = lists
    x = prune.slot_inputs(keys)
    held = group % 4 == 0
    fitted = prune.fit(x[~held], y[~held], group[~held], hidden=8, epochs=10, seed=1)
    unfitted = prune.fit(x[~held], y[~held], group[~held], hidden=8, epochs=0, seed=1)
    got, lost = prune.recall(fitted, x[held], y[held], group[held], keep=3)
    base, base_lost = prune.recall(unfitted, x[held], y[held], group[held], keep=3)
    assert got > base + 0.15 and lost < base_lost
    # numpy's inputs are the cart's: the packed net built from the same arrays ranks the same way
    net = Net(*(a.tolist() for a in fitted))
    rough_np = (
        prune._sig(prune._sig(x[held] @ fitted[0].T + fitted[1]) @ fitted[2].T + fitted[3]) @ prune.SIGNS - 1
    )
    rough_cart = np.array([equity(net.forward(k)) for k, h in zip(keys, held, strict=True) if h])
    assert np.abs(rough_np - rough_cart).max() < 0.02


def test_the_tool_adds_the_prune_net_and_changes_no_other_bit(tmp_path: Path, shipped: Weights) -> None:
    to = tmp_path / "weights.bin"
    to.write_bytes(DEFAULT_PATH.read_bytes())
    assert prune.main(["--games", "1", "--epochs", "1", "--hidden", "6", "--seed", "2", "--to", str(to)]) == 0
    before = shipped
    after = read_weights(to.read_bytes())
    assert after.prune is not None and after.prune.hidden == 6 and not after.prune.features
    assert after.meta["prune"][
        "command"
    ] == "python -m tools.prune --games 1 --epochs 1 --hidden 6 --seed 2 --to " + str(to)
    assert {k: v for k, v in after.meta.items() if k != "prune"} == {
        k: v for k, v in before.meta.items() if k != "prune"
    }
    for name in ("contact", "race"):
        assert (
            prune._net_arrays(to.read_bytes(), name)[0].tobytes()
            == prune._net_arrays(DEFAULT_PATH.read_bytes(), name)[0].tobytes()
        )
    pos = Position.from_position_id("4HPwATDgc/ABMA")
    assert after.after(flip_key(pos.key)) == before.after(flip_key(pos.key))


def test_rough_is_exact_where_the_game_is_over_and_the_race_net_in_a_race(shipped: Weights) -> None:
    weights = shipped
    won = Position.from_counts([15] + [0] * 25, [0] * 6 + [15] + [0] * 19).key  # the low side bore off all 15
    race = Position.from_counts([0, 5, 5, 5] + [0] * 22, [0, 5, 5, 5] + [0] * 22).key
    assert weights.rough(won) == equity(terminal(won)) == 2.0  # a gammon
    assert weights.rough(race) == equity(weights.after(race))  # the race net, as the evaluator gives it


def test_a_prune_net_that_reads_contact_features_is_refused(tmp_path: Path) -> None:
    data = DEFAULT_PATH.read_bytes()
    nets = {name: prune._net_arrays(data, name) for name in ("contact", "race")}
    nets["prune"] = nets["contact"]
    bad = tmp_path / "bad.bin"
    write_weights(bad, nets, {})
    with pytest.raises(WeightsError, match="slot inputs alone"):
        read_weights(bad.read_bytes())
