"""The learning curve's plumbing (tools/net_curve.py): the net sees a recorded position as the cart does.

Slow: numba compiles the trainer's input kernel.
"""

from __future__ import annotations

import numpy as np
import pytest

nc = pytest.importorskip("tools.net_curve", reason="the tools need numpy: pip install -e '.[dev]'")

from cart.ai import Bot  # noqa: E402
from cart.ai.bot import teacher_weights  # noqa: E402
from cart.ai.net import flip_probs  # noqa: E402
from cart.engine import Position  # noqa: E402
from cart.engine.movegen import flip_key  # noqa: E402
from tools.fit import equity_of, forward  # noqa: E402

pytestmark = pytest.mark.slow

IDS = ["4HPwATDgc/ABMA", "OQcJkxGUOYEqEw", "vw9AkAH3LiIADA", "XUxkBBrHBwAQAA"]


def rows_of(keys: list[int]) -> np.ndarray:
    return np.frombuffer(b"".join(k.to_bytes(26, "little") for k in keys), np.uint8).reshape(-1, 26)


def test_a_position_before_the_roll_is_the_other_sides_after_its_play():
    keys = [Position.from_position_id(pid).key for pid in IDS]
    assert np.array_equal(nc.after_move(rows_of(keys)), rows_of([flip_key(k) for k in keys]))


def test_targets_turn_as_the_cart_turns_chances():
    t = np.array([[0.6, 0.2, 0.01, 0.1, 0.02], [1.2, -0.1, 0.0, 0.3, 0.05]])
    assert np.allclose(nc.mover_targets(t)[0], flip_probs(tuple(t[0])))  # type: ignore[arg-type]
    assert np.allclose(nc.mover_targets(t)[1], [-0.2, 0.3, 0.05, -0.1, 0.0])


def test_the_judged_value_is_the_carts_contact_net():
    """The shipped contact net through the curve's inputs gives the cart's 0-ply equity (no crashed board)."""
    p = nc.contact_net(nc.cartnet.DEFAULT_PATH)
    ids = IDS[:2]
    x = nc.inputs(
        nc.after_move(rows_of([Position.from_position_id(pid).key for pid in ids])), p["W1"].shape[0]
    )
    ours = -equity_of(forward(p, x.astype(np.float64))[1])
    bot = Bot("expert")
    cart = [nc.cartnet.equity(bot.evaluate(Position.from_position_id(pid))[:5]) for pid in ids]
    assert np.allclose(ours, cart, atol=0.01)


def test_a_fit_moves_the_judged_error_and_returns_its_last_epoch():
    keys = [Position.from_position_id(pid).key for pid in IDS]
    rows = nc.after_move(rows_of(keys))
    s = {"keys": rows_of(keys), "gnubg2": np.tile([0.9, 0.3, 0.0, 0.0, 0.0], (len(IDS), 1))}
    y = nc.mover_targets(s["gnubg2"])
    p0 = nc.contact_net(nc.cartnet.DEFAULT_PATH)
    held = np.array([False, False, False, True])
    p, log = nc.fit_curve(p0, rows, y, held, s, epochs=30, lr=3e-3, batch=3, seed=1)
    assert log[-1]["judge"] < 0.5 * log[0]["judge"]
    assert (
        min(e["held"] for e in log)
        == log[[e["held"] for e in log].index(min(e["held"] for e in log))]["held"]
    )
    x = nc.inputs(rows[3:], p0["W1"].shape[0]).astype(np.float64)
    assert np.isclose(float(((forward(p, x)[1] - y[3:]) ** 2).sum()), log[-1]["held"])


def test_the_teacher_command_takes_the_crashed_net_from_a_crashed_fit(tmp_path, capsys):
    """``--crashed``: the teacher's crashed net is that fit's crashed net, its contact net the other's."""
    meta, shipped = nc.cartnet.read_arrays(nc.cartnet.DEFAULT_PATH.read_bytes())
    fit = tmp_path / "crashed-fit.bin"
    w1, b1, w2, b2 = shipped["crashed"]
    nets = {**shipped, "crashed": (w1, [b + 0.25 for b in b1], w2, b2)}
    nc.cartnet.write_weights(fit, nets, {**meta, "fit": {"command": "crashed"}})  # type: ignore[arg-type]
    to = tmp_path / "teacher.bin"
    assert nc.main(["teacher", str(nc.cartnet.DEFAULT_PATH), "--crashed", str(fit), "--to", str(to)]) == 0
    assert f"and the crashed net of {fit}" in capsys.readouterr().out
    got_meta, got = nc.cartnet.read_arrays(to.read_bytes())
    assert set(got) == {"contact", "crashed"} and got_meta["crashed_fit"] == {"command": "crashed"}
    assert np.allclose(got["crashed"][1], np.array(b1) + 0.25, atol=1e-2)
    assert np.allclose(got["contact"][1], shipped["contact"][1], atol=1e-2)
    teacher = teacher_weights(to)
    crashed_key = Position.from_position_id("tx0ACwM3A4ABAA").key
    assert nc.is_crashed(crashed_key)
    assert teacher.crashed is not None and teacher.crashed.forward(crashed_key) != (
        Bot("expert").weights.crashed.forward(crashed_key)  # type: ignore[union-attr]
    )


def test_crashed_samples_are_the_crashed_nets_and_the_rest_the_contact_nets(tmp_path, monkeypatch):
    keys = [Position.from_position_id(pid).key for pid in [*IDS, "tx0ACwM3A4ABAA"]]
    s = {"keys": rows_of(keys[:1])}
    d = {
        "keys": rows_of(keys),
        "target": np.zeros((len(keys), 5), np.float32),
        "game": np.arange(len(keys)),
    }
    monkeypatch.setattr(nc.net_targets, "load", lambda folder, limit: d)
    contact, _, _ = nc.samples(tmp_path, len(keys), s)
    crashed, _, _ = nc.samples(tmp_path, len(keys), s, crashed=True)
    # the judged one (the first) dropped: one contact position left, three crashed ones
    assert len(contact) == 1 and len(crashed) == 3
    assert not nc.is_crashed(int.from_bytes(contact[0].tobytes(), "little"))
    assert all(nc.is_crashed(int.from_bytes(r.tobytes(), "little")) for r in crashed)


def test_the_teacher_command_writes_a_fits_contact_net_alone_in_halves(tmp_path, capsys):
    to = tmp_path / "teacher.bin"
    assert nc.main(["teacher", str(nc.cartnet.DEFAULT_PATH), "--to", str(to)]) == 0
    assert f"{to}: the contact net of" in capsys.readouterr().out
    _, nets = nc.cartnet.read_arrays(to.read_bytes())
    _, shipped = nc.cartnet.read_arrays(nc.cartnet.DEFAULT_PATH.read_bytes())
    assert set(nets) == {"contact"} and b'"dtype": "f2"' in to.read_bytes()
    for got, want in zip(nets["contact"], shipped["contact"], strict=True):
        assert np.allclose(got, want, rtol=1e-3, atol=1e-4)  # halves: 11 bits of mantissa
    teacher = teacher_weights(to)
    key = flip_key(Position.from_position_id(IDS[0]).key)
    assert np.allclose(teacher.after(key), Bot("expert").weights.after(key), atol=2e-3)
