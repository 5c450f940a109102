"""Who plays the tools' games: our levels, pubeval and gnubg 0-ply, each judged by gnubg if asked.

Shared by ``tools.versus`` and ``tools.eval_judge`` (which ``tools.versus`` runs as a subcommand), so
neither imports the other's players.
"""

from __future__ import annotations

import time
from pathlib import Path

import gnubg_nn

from cart.ai import LEVELS, Bot, choose_action
from cart.ai.net import read_weights
from cart.engine import Match, Move, Moved, Play, Position, Roll, Rules, game_value, legal_plays

PHASES = ("contact", "race", "bearing off", "both bearing off")


def phase(pos: Position) -> str:
    """The phase of the game for the side on roll in ``pos``."""
    if not pos.is_race():
        return "contact"
    home = not any(pos.mine[7:])
    return ("both bearing off" if not any(pos.theirs[7:]) else "bearing off") if home else "race"


class Player:
    """Something that acts in a cubeless money game; times its moves.

    Our levels act as the front ends' computer does (``cart.ai.choose_action``);
    pubeval and gnubg0 pick the resulting position of each roll and roll the dice.
    """

    def __init__(self, name: str, seed: int, weights: Path | None = None, judge: bool = False) -> None:
        self.name = name
        nets = read_weights(weights.read_bytes()) if weights else None
        self.bot = Bot(name, seed=seed, weights=nets) if name in LEVELS else None
        self.times: list[float] = []
        self.judge = judge
        self.lost: dict[str, list[float]] = {ph: [] for ph in PHASES}

    def act(self, match: Match) -> None:
        """Take this player's action in ``match``: a roll, or the play of the roll."""
        game = match.game
        if self.bot is not None:
            t0 = time.perf_counter()
            action = choose_action(self.bot, match)
            if game.phase == "move":
                self.times.append(time.perf_counter() - t0)
        elif game.phase != "move":
            action = Roll(match.draw_dice())
        else:
            assert game.dice is not None
            action = Move.of(self._external_play(game.position, game.legal_plays(), game.dice))
        events = match.apply(action)
        if self.judge and game.dice is not None:
            for event in events:
                if isinstance(event, Moved):
                    self._judge(game.position, game.dice, event.play.result)

    def _external_play(self, pos: Position, plays: list[Play], dice: tuple[int, int]) -> Play:
        """pubeval's or gnubg's play of ``dice`` in ``pos``: one of ``plays`` (the legal ones)."""
        d1, d2 = dice
        board = pos.gnubg_board()
        if self.name == "gnubg0":
            # best_move(..., b=1) gives the result as [mover, opponent], the other way
            # round from gnubg_nn.moves: the opponent, now on roll, comes first for us
            _, key = gnubg_nn.best_move(board, d1, d2, b=1)
            mover, opponent = gnubg_nn.board_from_position_key(key)
            result = Position.from_counts(opponent, mover)
        else:
            flat = gnubg_nn.pub_best_move(board, d1, d2)
            result = _apply(pos, [(flat[i] + 1, max(flat[i + 1] + 1, 0)) for i in range(0, len(flat), 2)])
        for play in plays:
            if play.result == result:
                return play
        raise SystemExit(f"{self.name}'s play from {pos.position_id()} {d1}-{d2} is not a legal play")

    def _judge(self, pos: Position, dice: tuple[int, int], result: Position) -> None:
        """Record the equity this play gave up (moves with a choice only)."""
        loss = equity_lost(pos, dice, result)
        if loss is not None:
            self.lost[phase(pos)].append(loss)


def _apply(pos: Position, moves: list[tuple[int, int]]) -> Position:
    """Play gnubg-style (from, to) moves, 25 = bar, 0 = off; hits as they land."""
    mine, theirs = list(pos.mine), list(pos.theirs)
    for f, t in moves:
        mine[f] -= 1
        mine[t] += 1
        if 0 < t < 25 and theirs[25 - t] == 1:
            theirs[25 - t] = 0
            theirs[25] += 1
    return Position.from_counts(theirs, mine)


CUBELESS = Rules(cube_limit=1)
"""Standard rules with a cube that cannot turn: nobody is ever offered a double."""


def _gnubg_equity_after(result: Position, ply: int = 0) -> float:
    """gnubg cubeless equity, at ``ply``, of the player who just moved (``result`` has the other on roll)."""
    if result.is_over():
        return float(game_value(result)[0])
    p = gnubg_nn.probabilities(result.gnubg_board(), ply)
    return -(2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4])


def equity_lost(pos: Position, dice: tuple[int, int], result: Position, ply: int = 0) -> float | None:
    """What the play ending in ``result`` gave up against gnubg's best at ``ply``; None if it was forced."""
    plays = legal_plays(pos, dice)
    if len(plays) < 2:
        return None
    equities = {p.result: _gnubg_equity_after(p.result, ply) for p in plays}
    return max(equities.values()) - equities[result]
