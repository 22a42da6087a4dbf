"""How strong is Monte Carlo tree search?  Matches that measure :func:`gamelib.mcts` by its number of
simulations (notebook 08 §2; AIMA 4th ed. §5.4; Zell's slides §5.7, AlphaGo's recipe without its networks).

* :func:`mcts_agent`: an agent ``state -> action`` that plays MCTS's move.
* :func:`against_random`: MCTS with n iterations (playouts) per move against uniformly random play.
* :func:`against_perfect`: MCTS on tic-tac-toe against a perfect player (the endgame table,
  :func:`gamelib.endgame_table`, choosing at random among its optimal moves): nobody beats it, so
  the draw rate measures how often MCTS plays perfectly.
* :func:`against_iterative_deepening`: MCTS against :func:`gamelib.limits.iterative_deepening`
  alpha-beta on Connect Four, both given the same time per move (or fixed budgets, for reproducible
  numbers).

The matches are :func:`gamelib.experiments.matches.versus`, with the random, perfect and
iterative-deepening agents of :mod:`gamelib.experiments.matches` (``Record``, ``versus`` and those agents
are still importable from here, their home in earlier versions).  Every agent is a function
``state -> action``; matches are reproducible from ``seed``: an MCTS agent seeds each of its searches
from its seed and the state (:func:`gamelib.montecarlo.state_seed`), the random and perfect players and
the openings draw from ``random.Random(seed)``.  Nothing here searches on its own: the numbers come from
the searches' results.
"""
from __future__ import annotations

from typing import Callable

from ..core import ArgumentError
from ..games import Connect4
from ..games.connect4 import center_first, evaluation
from ..mcts import C, mcts
from ..montecarlo import state_seed
from ..validate import number, python_seed, renamed, whole
from .matches import (Record, iterative_deepening_agent, perfect_agent, random_agent,  # noqa: F401 (old home)
                      tictactoe_table, versus)


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


@renamed(simulations="iterations")
def against_random(game, iterations=(10, 100, 1000), *, games: int = 20, seed=0,
                   progress: bool = False) -> dict:
    """{n: Record of MCTS with n iterations (playouts, AIMA Fig. 5.11's loop) per move against uniformly
    random play}.  ``simulations=`` is the deprecated spelling of ``iterations=``."""
    _check_iterations(iterations)
    return {n: versus(game, mcts_agent(game, iterations=n, seed=seed), random_agent(game, seed),
                      games=games, seed=seed, progress=progress) for n in iterations}


@renamed(simulations="iterations")
def against_perfect(iterations=(10, 30, 100, 300, 1000), *, games: int = 20, seed=0,
                    progress: bool = False) -> dict:
    """{n: Record of MCTS with n iterations (playouts) per move against perfect play on tic-tac-toe}:
    no loss of the perfect player is possible, so draws are MCTS's perfect games and losses its
    mistakes.  ``simulations=`` is the deprecated spelling of ``iterations=``."""
    _check_iterations(iterations)
    table = tictactoe_table()                              # built once per process
    game = table.game
    return {n: versus(game, mcts_agent(game, iterations=n, seed=seed), perfect_agent(game, table, seed),
                      games=games, seed=seed, progress=progress) for n in iterations}


def against_iterative_deepening(*, time_limit: float | None = None, iterations: int | None = None,
                                max_depth: int | None = None, games: int = 4, seed=0,
                                opening_plies: int = 2, progress: bool = False) -> Record:
    """MCTS against iterative-deepening alpha-beta (centre-first ordering, the documented evaluation
    :func:`gamelib.games.connect4.evaluation`) on Connect Four, from seeded random openings.  Equal
    time: ``time_limit`` seconds per move for both.  Reproducible instead: ``iterations`` for MCTS and
    ``max_depth`` for alpha-beta (the record says how long each took per move, to compare)."""
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


def _check_iterations(iterations) -> None:
    """``iterations``: a non-empty list of budgets (whole numbers of playouts >= 1)."""
    if isinstance(iterations, (str, bytes)) or not isinstance(iterations, (list, tuple, range)) or not iterations:
        raise ArgumentError(f"iterations must be a list of budgets (playouts per move), got {iterations!r}")
    for n in iterations:
        whole("iterations", n, 1, unit="playouts per move")
