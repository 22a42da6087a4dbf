"""How strong is Monte Carlo tree search?  Matches that measure :func:`gamelib.mcts` by its number of
simulations (issue 14; AIMA 4th ed. §5.4; seed 002 §5.7, AlphaGo's recipe without its networks).

* :func:`versus`: a match of several games between two agents, each side taken in turn, from seeded
  openings; the record (wins, draws, losses) of the first agent.
* :func:`against_random`: MCTS with n simulations per move against uniformly random play.
* :func:`against_perfect`: MCTS on tic-tac-toe against a perfect player (the endgame table,
  :func:`gamelib.endgame_table`, choosing at random among its optimal moves): nobody beats it, so
  the draw rate measures how often MCTS plays perfectly.
* :func:`against_iterative_deepening`: MCTS against :func:`gamelib.limits.iterative_deepening`
  alpha-beta on Connect Four, both given the same time per move (or fixed budgets, for reproducible
  numbers).

Every agent is a function ``state -> action``; matches are reproducible from ``seed``: an MCTS agent
seeds each of its searches from its seed and the state (:func:`gamelib.montecarlo.state_seed`), the
random and perfect players and the openings draw from ``random.Random(seed)``.  Nothing here
searches on its own: the numbers come from the searches' results.
"""
from __future__ import annotations

import random
from typing import Callable, NamedTuple

from ..core import MAX, MIN, ArgumentError
from ..mcts import C, mcts
from ..montecarlo import state_seed
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


def mcts_agent(game, *, iterations: int | None = None, time_limit: float | None = None, c: float = C,
               seed=0) -> Callable:
    """An agent ``state -> action`` that plays :func:`gamelib.mcts`'s move, each search seeded by
    ``seed`` and the state (the same state always gets the same move)."""
    mcts(game, iterations=1, c=c, seed=0)          # checks the game and c now, not in the first game
    whole("iterations", iterations, 1, none=True, unit="playouts")
    number("time_limit", time_limit, above=0, none=True, finite=False, what="a number of seconds")
    python_seed("seed", seed)
    if iterations is None and time_limit is None:
        raise ArgumentError("mcts_agent needs iterations= or time_limit=")

    def agent(state):
        return mcts(game, state, iterations=iterations, time_limit=time_limit, c=c,
                    seed=state_seed(seed, state)).action
    agent.__name__ = f"mcts({iterations or f'{time_limit:g} s'})"
    return agent


def random_agent(game, seed=0) -> Callable:
    """An agent that plays a uniformly random legal move (its own generator, seeded)."""
    check_game(game)
    rng = random.Random(python_seed("seed", seed))
    return lambda state: rng.choice(list(game.actions(state)))


def perfect_agent(game, table, seed=0) -> Callable:
    """An agent that plays perfectly by an endgame table, choosing at random among the optimal moves."""
    from ..lookup import EndgameTable
    check_game(game)
    if not isinstance(table, EndgameTable):
        raise ArgumentError(f"table must be an endgame table of the game (gamelib.endgame_table(game)), got "
                            f"{table!r}")
    rng = random.Random(python_seed("seed", seed))

    def agent(state):
        best = table.value(state)
        return rng.choice([a for a in game.actions(state) if table.value(game.result(state, a)) == best])
    return agent


def iterative_deepening_agent(game, evaluate, *, time_limit: float | None = None,
                              max_depth: int | None = None, order=None) -> Callable:
    """An agent that plays :func:`gamelib.limits.iterative_deepening`'s move (a fresh table per move)."""
    from ..limits import iterative_deepening
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


def versus(game, agent, opponent, *, games: int, seed=0, opening_plies: int = 0, state=None,
           progress: bool = False) -> Record:
    """Play ``games`` games, ``agent`` as MAX in the even-numbered ones and as MIN in the others, each
    from ``state`` (the initial state if None) after ``opening_plies`` random moves drawn from
    ``random.Random(seed)`` (two games in a row share an opening, one with each colour).  Returns the
    :class:`Record` of ``agent``."""
    import time

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
    from ..progress import tqdm
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


def against_random(game, simulations=(10, 100, 1000), *, games: int = 20, seed=0,
                   progress: bool = False) -> dict:
    """{n: Record of MCTS with n simulations per move against uniformly random play}."""
    _check_simulations(simulations)
    return {n: versus(game, mcts_agent(game, iterations=n, seed=seed), random_agent(game, seed),
                      games=games, seed=seed, progress=progress) for n in simulations}


def against_perfect(simulations=(10, 30, 100, 300, 1000), *, games: int = 20, seed=0,
                    progress: bool = False) -> dict:
    """{n: Record of MCTS with n simulations per move against perfect play on tic-tac-toe}: no loss
    of the perfect player is possible, so draws are MCTS's perfect games and losses its mistakes."""
    from .td_strength import _tictactoe_positions

    _check_simulations(simulations)
    table = _tictactoe_positions()[0]                      # built once per process
    game = table.game
    return {n: versus(game, mcts_agent(game, iterations=n, seed=seed), perfect_agent(game, table, seed),
                      games=games, seed=seed, progress=progress) for n in simulations}


def against_iterative_deepening(*, time_limit: float | None = None, iterations: int | None = None,
                                max_depth: int | None = None, games: int = 4, seed=0,
                                opening_plies: int = 2, progress: bool = False) -> Record:
    """MCTS against iterative-deepening alpha-beta (centre-first ordering, the documented evaluation
    :func:`gamelib.games.connect4.evaluation`) on Connect Four, from seeded random openings.  Equal
    time: ``time_limit`` seconds per move for both.  Reproducible instead: ``iterations`` for MCTS and
    ``max_depth`` for alpha-beta (the record says how long each took per move, to compare)."""
    from ..games import Connect4
    from ..games.connect4 import center_first, evaluation

    if time_limit is not None:
        number("time_limit", time_limit, above=0, what="a number of seconds")
    elif iterations is None or max_depth is None:
        raise ArgumentError("give time_limit= (the same for both), or iterations= and max_depth=")
    game = Connect4()
    agent = mcts_agent(game, iterations=iterations, time_limit=time_limit, seed=seed)
    opponent = iterative_deepening_agent(game, evaluation(), time_limit=time_limit, max_depth=max_depth,
                                         order=center_first)
    return versus(game, agent, opponent, games=games, seed=seed, opening_plies=opening_plies,
                  progress=progress)


def _check_simulations(simulations) -> None:
    """``simulations``: a non-empty list of budgets (whole numbers of playouts >= 1)."""
    if isinstance(simulations, (str, bytes)) or not isinstance(simulations, (list, tuple, range)) or not simulations:
        raise ArgumentError(f"simulations must be a list of budgets (playouts per move), got {simulations!r}")
    for n in simulations:
        whole("simulations", n, 1, unit="playouts per move")
