"""Policies and play (CS221, seed 003: "a solution for a player is a policy").

A policy maps a state to a distribution over actions, ``{action: probability}``; a deterministic policy
puts probability 1 on one action.  Policies from searches recompute their search at each state they are
asked about (memoized), so they are exactly as good as the search they wrap.
"""
from __future__ import annotations

import random
from typing import Callable, NamedTuple

from .core import CHANCE, MAX, MIN, GameError, check_distribution
from .minimax import expectimax, minimax

Policy = Callable[[object], dict]


def uniform(game) -> Policy:
    """The uniform random policy for ``game``: every legal action equally likely."""
    def policy(state):
        acts = game.actions(state)
        return {a: 1 / len(acts) for a in acts}
    policy.__name__ = "uniform"
    return policy


def deterministic(choose: Callable) -> Policy:
    """Turn a function state -> action into a policy state -> {action: 1.0}."""
    return lambda state: {choose(state): 1.0}


def _memoized(best_action: Callable) -> Policy:
    cache = {}

    def policy(state):
        if state not in cache:
            cache[state] = best_action(state)
        return {cache[state]: 1.0}
    return policy


def minimax_policy(game, search=minimax) -> Policy:
    """CS221's pi_max / pi_min: at each state, the action of ``search(game, state)`` (minimax by
    default; pass :func:`gamelib.alphabeta` for speed).  It serves whichever player is to move."""
    return _memoized(lambda state: search(game, state).action)


def expectimax_policy(game, opponent_policy: Policy) -> Policy:
    """CS221's pi_expectimax(opp): MAX's best response to a known ``opponent_policy`` for MIN."""
    return _memoized(lambda state: expectimax(game, state, opponent_policy=opponent_policy).action)


class Playout(NamedTuple):
    """One game played to the end: the states and the actions between them, and MAX's utility."""

    states: list
    actions: list
    utility: float


def play(game, policies: dict, state=None, *, seed=None) -> Playout:
    """Play ``game`` to the end, each player (MAX, MIN) choosing by its policy in ``policies``.

    Stochastic policies and chance outcomes are sampled with ``random.Random(seed)``, so a seed gives
    the same game every time.
    """
    rng = random.Random(seed)
    state = game.initial_state if state is None else state
    states, actions = [state], []
    while not game.is_terminal(state):
        player = game.to_move(state)
        if player == CHANCE:
            dist = check_distribution(game.chance_outcomes(state), f"chance outcomes of {state!r}")
        elif player in (MAX, MIN):
            if player not in policies:
                raise GameError(f"no policy for {player}; give play() a dict with MAX and MIN policies")
            dist = check_distribution(policies[player](state).items(), f"{player}'s policy at {state!r}")
        else:
            raise GameError(f"unknown player {player!r} at {state!r}")
        moves, weights = zip(*dist)
        action = rng.choices(moves, weights)[0]
        state = game.result(state, action)
        states.append(state)
        actions.append(action)
    return Playout(states, actions, game.utility(state, MAX))
