"""Monte Carlo simulation as an evaluation function (AIMA 4th ed. §5.5; Zell's slides, "Alternate approach:
Monte Carlo simulation.  Simulate thousands of games from a position with random dice rolls and use the
resulting win percentage as an evaluation function").

A *playout* plays the game from a state to the end: chance outcomes drawn with their probabilities,
MAX and MIN choosing by policies (uniformly random moves unless told otherwise).  The mean of MAX's
utility over n independent playouts estimates MAX's expected utility from that state *under those
policies* (CS221's V_eval, :func:`gamelib.game_evaluation`, when the policies are the same), with
standard error s / sqrt(n), s the sample standard deviation: four times the playouts halve the error.

* :func:`monte_carlo_value` -> ``Estimate(value, standard_error)`` for one state.
* :func:`monte_carlo_evaluation` -> a function ``state -> estimate``, to pass as ``evaluate=`` to a
  depth-limited search (H-MINIMAX, AIMA Eq. 5.2).  It is deterministic per state: the playouts from
  a state ``s`` are drawn with a seed made from ``seed`` and ``repr(s)``, so the same state gets the
  same estimate wherever and whenever a search meets it, in any visiting order, in every run.

The estimate is a mean of utilities, so it lies within the utilities' bounds: a Monte Carlo evaluation
can be given to :func:`gamelib.star.star1` with the game's utility bounds.
"""
from __future__ import annotations

import hashlib
import math
import numbers
import random
from statistics import fmean, stdev
from typing import Callable, NamedTuple

from .core import MAX, MIN, ArgumentError
from .players import MAX_MOVES, check_policies, distribution, uniform
from .validate import check_game, checked_utility, flag, guard_size, python_seed, renamed, start_state, whole

MAX_ITERATIONS = 10_000_000
"""The size guard on ``iterations``, the number of playouts (``max_iterations=None`` lifts it)."""


class Estimate(NamedTuple):
    """A Monte Carlo estimate of MAX's expected utility and its standard error (unpacks as a pair)."""

    value: float
    standard_error: float


def _policies(game, policy) -> dict:
    if policy is None:
        policy = {}
    if not isinstance(policy, dict):
        raise ArgumentError(f"policy must be a dict {{MAX: policy, MIN: policy}} (either may be left out "
                            f"for uniformly random play), got {policy!r}")
    unknown = [p for p in policy if p not in (MAX, MIN)]
    if unknown:
        raise ArgumentError(f"policy has entries for {unknown}; only MAX and MIN choose moves "
                            "(chance follows game.chance_outcomes)")
    check_policies({p: f for p, f in policy.items() if f is not None}, "policy")
    return {p: policy.get(p) or uniform(game) for p in (MAX, MIN)}


def _check_iterations(iterations, least, max_iterations):
    if isinstance(iterations, bool) or not isinstance(iterations, numbers.Integral) or iterations < least:
        why = " (a standard error needs two)" if least == 2 else ""
        raise ArgumentError(f"iterations (the number of playouts) must be a whole number >= {least}{why}, "
                            f"got {iterations!r}")
    whole("max_iterations", max_iterations, 1, none=True)
    guard_size(iterations, max_iterations, what="the number of playouts (iterations)", argument="max_iterations")


def playout(game, state, policies: dict, rng: random.Random, max_moves: int | None = MAX_MOVES) -> float:
    """Play one game from ``state`` to the end and return MAX's utility there.

    Chance outcomes follow ``game.chance_outcomes``; MAX and MIN sample their moves from
    ``policies[player](state)`` (``{action: probability}``), all with ``rng``.  More than
    ``max_moves`` moves raise :class:`~gamelib.core.TooLargeError` (None: no limit).
    """
    check_game(game)
    check_policies(policies)
    utility = checked_utility(game)
    moves_made = 0
    while not game.is_terminal(state):
        if max_moves is not None and moves_made >= max_moves:
            guard_size(moves_made + 1, max_moves, argument="max_moves",
                       what=f"the length of a playout of {game!r} (its positions may repeat for ever)")
        moves, weights = zip(*distribution(game, state, policies))
        state = game.result(state, rng.choices(moves, weights)[0])
        moves_made += 1
    return utility(state, MAX)


@renamed(playouts="iterations", max_playouts="max_iterations")
def monte_carlo_value(game, state=None, *, iterations: int, policy: dict | None = None,
                      seed=None, progress: bool = False,
                      max_iterations: int | None = MAX_ITERATIONS) -> Estimate:
    """Estimate MAX's expected utility at ``state`` (the initial state if None) by ``iterations``
    random playouts, one per iteration: ``Estimate(value=mean utility, standard_error=sample sd /
    sqrt(iterations))``.  (``playouts=``, ``max_playouts=`` are the deprecated spellings.)

    ``policy`` is ``{MAX: policy, MIN: policy}`` (a policy maps a state to ``{action: probability}``,
    as in :mod:`gamelib.players`); a player left out plays uniformly at random.  All sampling uses
    ``random.Random(seed)``: the same seed gives the same estimate.  At a terminal state the value
    is its utility with standard error 0.  ``progress=True`` shows a bar over the playouts; more than
    ``max_iterations`` playouts (ten million) raise :class:`~gamelib.core.TooLargeError` (None lifts it).

    >>> from gamelib.games import Bins
    >>> est = monte_carlo_value(Bins(coin=True), iterations=2000, seed=1)
    >>> round(est.value, 2), round(est.standard_error, 2)   # exact: 7/3 = 2.33 under uniform play
    (2.31, 0.67)
    """
    check_game(game)
    _check_iterations(iterations, 2, max_iterations)
    state = start_state(game, state)
    policies = _policies(game, policy)
    rng = random.Random(python_seed("seed", seed))
    if flag("progress", progress) and not game.is_terminal(state):
        from .progress import tqdm
        runs = tqdm(range(iterations), desc="playouts", unit="playout")
    else:
        runs = range(iterations)
    if game.is_terminal(state):
        return Estimate(checked_utility(game)(state, MAX), 0.0)
    utilities = [playout(game, state, policies, rng) for _ in runs]
    return Estimate(fmean(utilities), stdev(utilities) / math.sqrt(iterations))


def state_seed(seed, state) -> int:
    """The seed for the playouts from ``state``: a 64-bit number hashed (BLAKE2b) from ``seed`` and
    ``repr(state)``.  Python's ``hash()`` is salted per process for strings, so it is not used: this
    one is the same in every run.  (Two states with the same repr get the same seed.)"""
    digest = hashlib.blake2b(f"{seed!r}|{state!r}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@renamed(playouts="iterations", max_playouts="max_iterations")
def monte_carlo_evaluation(game, iterations: int, policy: dict | None = None, seed=0, *,
                           max_iterations: int | None = MAX_ITERATIONS) -> Callable:
    """An evaluation function ``state -> estimated utility for MAX`` by ``iterations`` random playouts
    (one per iteration; ``playouts=`` is the deprecated spelling) from the state (AIMA §5.5: Monte Carlo
    simulation as an evaluation function), for ``evaluate=`` of a depth-limited search.

    Reproducible: the playouts from ``state`` are seeded with :func:`state_seed` ``(seed, state)``,
    so a state always gets the same estimate (in any search, any visiting order, any run), and a
    depth-limited search with this evaluation returns the same result every time.  A different
    ``seed`` gives an independent set of estimates.  ``policy`` as in :func:`monte_carlo_value`.
    Each call runs ``iterations`` games: a search with it costs (cut-off states) x ``iterations``
    playouts.

    >>> from gamelib import expectiminimax
    >>> from gamelib.games import Bins
    >>> evaluate = monte_carlo_evaluation(Bins(coin=True), iterations=200, seed=0)
    >>> expectiminimax(Bins(coin=True), depth=1, evaluate=evaluate) == \\
    ...     expectiminimax(Bins(coin=True), depth=1, evaluate=evaluate)
    True
    """
    check_game(game)
    _check_iterations(iterations, 1, max_iterations)
    policies = _policies(game, policy)

    def evaluate(state):
        if game.is_terminal(state):
            return checked_utility(game)(state, MAX)
        rng = random.Random(state_seed(seed, state))
        return fmean(playout(game, state, policies, rng) for _ in range(iterations))

    evaluate.__name__ = f"monte_carlo_evaluation_{iterations}"
    evaluate.__doc__ = f"Mean of MAX's utility over {iterations} seeded random playouts from the state."
    return evaluate
