"""Matches between agents: the machinery :mod:`~gamelib.experiments.mcts_strength` and
:mod:`~gamelib.experiments.td_strength` share (notebook 08).

* :func:`versus`: a match of several games between two agents, each side taken in turn, from seeded
  openings; the :class:`Record` (wins, draws, losses, seconds per move) of the first agent.
* Agents, each a function ``state -> action``: :func:`random_agent` (uniformly random legal moves),
  :func:`perfect_agent` (an endgame table's optimal moves, chosen at random among equals),
  :func:`alphabeta_agent` (depth-limited :func:`gamelib.alphabeta`) and
  :func:`iterative_deepening_agent` (:func:`gamelib.limits.iterative_deepening` under a time or depth
  budget).
* :func:`tictactoe_table`: tic-tac-toe's endgame table (:func:`gamelib.endgame_table`), built once per
  process: the perfect player's table and the exact values learned evaluations are measured against.

Matches are reproducible from ``seed``: the random and perfect players and the openings draw from
``random.Random(seed)``.  Nothing here searches on its own: the moves come from the searches' results.
These lived in ``mcts_strength`` (and the table in ``td_strength``) in earlier versions, each module importing
the other; ``mcts_strength`` still answers to the names it used.
"""
from __future__ import annotations

import functools
import random
import time
from typing import Callable, NamedTuple

from ..alphabeta import alphabeta
from ..core import MAX, MIN, ArgumentError
from ..games import TicTacToe
from ..limits import iterative_deepening
from ..lookup import EndgameTable, endgame_table
from ..progress import tqdm
from ..validate import check_game, flag, function, number, python_seed, start_state, whole


class Record(NamedTuple):
    """A match's result for the first agent, and the seconds it and its opponent spent per move."""

    wins: int
    draws: int
    losses: int
    seconds_per_move: float = 0.0
    opponent_seconds_per_move: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game: a win 1, a draw 1/2."""
        return (self.wins + self.draws / 2) / self.games

    def __str__(self):
        return f"{self.wins} won, {self.draws} drawn, {self.losses} lost ({self.score:.0%})"


def random_agent(game, seed=0) -> Callable:
    """An agent that plays a uniformly random legal move (its own generator, seeded)."""
    check_game(game)
    rng = random.Random(python_seed("seed", seed))
    return lambda state: rng.choice(list(game.actions(state)))


def perfect_agent(game, table, seed=0) -> Callable:
    """An agent that plays perfectly by an endgame table, choosing at random among the optimal moves."""
    check_game(game)
    if not isinstance(table, EndgameTable):
        raise ArgumentError(f"table must be an endgame table of the game (gamelib.endgame_table(game)), got "
                            f"{table!r}")
    rng = random.Random(python_seed("seed", seed))

    def agent(state):
        best = table.value(state)
        return rng.choice([a for a in game.actions(state) if table.value(game.result(state, a)) == best])
    return agent


def alphabeta_agent(game, evaluate, *, depth: int, order=None) -> Callable:
    """An agent that plays :func:`gamelib.alphabeta`'s move, searching ``depth`` plies and scoring the
    horizon with ``evaluate`` (``order`` as for alphabeta)."""
    return lambda state: alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).action


def iterative_deepening_agent(game, evaluate, *, time_limit: float | None = None,
                              max_depth: int | None = None, order=None) -> Callable:
    """An agent that plays :func:`gamelib.limits.iterative_deepening`'s move (a fresh table per move)."""
    check_game(game)
    function("evaluate", evaluate, "a function state -> estimated utility for MAX")
    number("time_limit", time_limit, above=0, none=True, finite=False, what="a number of seconds")
    whole("max_depth", max_depth, 1, none=True, unit="plies")
    if order is not None:
        function("order", order, "a function (state, actions) -> the same actions, reordered, or None")

    def agent(state):
        return iterative_deepening(game, state, evaluate=evaluate, time_limit=time_limit,
                                   max_depth=max_depth, order=order).action
    return agent


@functools.cache
def tictactoe_table():
    """Tic-tac-toe's endgame table (:func:`gamelib.endgame_table`), built the first time it is asked
    for and kept for the process (a few seconds' work)."""
    return endgame_table(TicTacToe())


def versus(game, agent, opponent, *, games: int, seed=0, opening_plies: int = 0, state=None,
           progress: bool = False) -> Record:
    """Play ``games`` games, ``agent`` as MAX in the even-numbered ones and as MIN in the others, each
    from ``state`` (the initial state if None) after ``opening_plies`` random moves drawn from
    ``random.Random(seed)`` (two games in a row share an opening, one with each colour).  Returns the
    :class:`Record` of ``agent``."""
    check_game(game)
    function("agent", agent, "a function state -> action")
    function("opponent", opponent, "a function state -> action")
    whole("games", games, 1)
    whole("opening_plies", opening_plies, 0)
    flag("progress", progress)
    start = start_state(game, state)
    rng = random.Random(python_seed("seed", seed))
    wins = draws = losses = 0
    clock = {True: [0.0, 0], False: [0.0, 0]}
    for g in tqdm(range(games), desc="games", unit="game", disable=not progress):
        if g % 2 == 0:
            s = start
            for _ in range(opening_plies):
                if game.is_terminal(s):
                    break
                s = game.result(s, rng.choice(list(game.actions(s))))
            opening = s
        s = opening
        agent_is = MAX if g % 2 == 0 else MIN
        while not game.is_terminal(s):
            mine = game.to_move(s) == agent_is
            t0 = time.perf_counter()
            a = (agent if mine else opponent)(s)
            clock[mine][0] += time.perf_counter() - t0
            clock[mine][1] += 1
            s = game.result(s, a)
        u = game.utility(s, agent_is)
        wins, draws, losses = wins + (u > 0), draws + (u == 0), losses + (u < 0)
    per_move = [clock[m][0] / max(clock[m][1], 1) for m in (True, False)]
    return Record(wins, draws, losses, *per_move)
