"""How good is a learned evaluation?  Measurements of :func:`gamelib.td.td_learn`'s weights (notebook 08 §3;
TD-Gammon's recipe in miniature, Zell's slides §5.7).

* :func:`tictactoe_agreement`: on every non-terminal tic-tac-toe position, the evaluation against the
  exact values of the endgame table (:func:`gamelib.endgame_table`): root-mean-square error, and how
  often the move it prefers one ply ahead is an optimal move.
* :func:`learning_curve`: a measurement of the weights after chosen numbers of self-play games (one
  learning run; the history keeps the weights after every game).
* :func:`connect4_match`: depth-limited alpha-beta with one evaluation against the same search with
  another (by default the hand-written :func:`gamelib.games.connect4.evaluation`), from seeded random
  openings, each side taken in turn.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple

from ..core import MAX, ArgumentError
from ..games import Connect4
from ..games.connect4 import center_first
from ..games.connect4 import evaluation as hand_written
from ..validate import function, whole
from .matches import alphabeta_agent, tictactoe_table, versus


class Agreement(NamedTuple):
    """An evaluation measured against tic-tac-toe's exact values."""

    rmse: float
    optimal_moves: float

    def __str__(self):
        return f"RMSE {self.rmse:.3f}, optimal one-ply moves {self.optimal_moves:.1%}"


_TABLE = []


def tictactoe_agreement(evaluate: Callable) -> Agreement:
    """``evaluate`` (state -> estimate of MAX's utility) on all 4,520 non-terminal tic-tac-toe positions:
    the RMSE against the exact minimax values, and the share of positions where the move whose result
    ``evaluate`` likes best (the utility if the game ends there; the first such move in the game's
    order) is an optimal move.  ``evaluate`` is called once per position (5,478 calls at most)."""
    function("evaluate", evaluate, "a function state -> estimated utility for MAX")
    table, positions = _tictactoe_positions()
    game = table.game
    v = {}
    for s, entry in table.entries.items():
        v[s] = game.utility(s, MAX) if game.is_terminal(s) else evaluate(s)
    squares = good = 0
    for s, value, sign, children in positions:
        squares += (v[s] - value) ** 2
        best, best_v = None, -math.inf
        for c, _ in children:
            if sign * v[c] > best_v:
                best, best_v = c, sign * v[c]
        good += table.value(best) == value
    n = len(positions)
    return Agreement(math.sqrt(squares / n), good / n)


def _tictactoe_positions():
    """The endgame table and, once, each non-terminal position with its exact value, the sign of the
    player to move and its children."""
    if not _TABLE:
        table = tictactoe_table()
        game = table.game
        positions = [(s, e.value, 1 if game.to_move(s) == MAX else -1,
                      [(game.result(s, a), a) for a in game.actions(s)])
                     for s, e in table.entries.items() if not game.is_terminal(s)]
        _TABLE.extend([table, positions])
    return _TABLE[0], _TABLE[1]


def learning_curve(result, measure: Callable, checkpoints) -> dict:
    """{games: measure(evaluation with the weights after that many games)} from a
    :func:`gamelib.td.td_learn` result; checkpoint 0 is where learning started (the first game's
    weights are after it, so 0 needs ``measure`` of the starting evaluation: pass it as ``start``)."""
    function("measure", measure, "a function evaluation -> number")
    from ..td import TDResult
    if not isinstance(result, TDResult):
        raise ArgumentError(f"result must be what gamelib.td.td_learn returns (a TDResult), got {result!r}")
    evaluation, history = result
    out = {}
    for k in checkpoints:
        whole("checkpoint", k, 1, len(history))
        out[k] = measure(evaluation.with_weights(**history[k - 1].weights))
    return out


def connect4_match(evaluation, opponent=None, *, depth: int = 2, games: int = 20, seed=0,
                   opening_plies: int = 2, progress: bool = False):
    """The :class:`~gamelib.experiments.matches.Record` of alpha-beta to ``depth`` with
    ``evaluation`` against alpha-beta to the same depth with ``opponent`` (the hand-written
    evaluation if None), centre-first ordering for both, on Connect Four."""
    game = Connect4()
    opponent = hand_written() if opponent is None else opponent
    whole("depth", depth, 1)
    return versus(game, alphabeta_agent(game, evaluation, depth=depth, order=center_first),
                  alphabeta_agent(game, opponent, depth=depth, order=center_first), games=games, seed=seed,
                  opening_plies=opening_plies, progress=progress)
