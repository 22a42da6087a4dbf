"""Players: policies and play (CS221's lecture notes: "a solution for a player is a policy"; aima-python's
``games.py`` calls them players, ``random_player``, ``alpha_beta_player``).

A policy (:data:`gamelib.core.Policy`) maps a state to a distribution over actions, ``{action:
probability}``; a deterministic policy puts probability 1 on one action.  Policies from searches
recompute their search at each state they are asked about (memoized), so they are exactly as good as the
search they wrap.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Callable, NamedTuple

from .core import CHANCE, MAX, MIN, ArgumentError, GameError, Policy, ProbabilityError, check_distribution
from .minimax import expectimax, minimax
from .validate import check_game, function, guard_size, no_moves, player_order, python_seed, start_state, whole


MAX_MOVES = 100_000
"""The size guard of :func:`play` and of a Monte Carlo playout: moves in one game before it gives up (a
game whose positions repeat can go round for ever under fixed policies).  No game in the kit comes near
it (a game of Pig to 100 rarely lasts a few hundred moves); ``max_moves=None`` lifts it."""


def uniform(game) -> Policy:
    """The uniform random policy for ``game``: every legal action equally likely."""
    check_game(game)

    def policy(state):
        acts = game.actions(state)
        if not acts:
            if not game.is_terminal(state):
                raise no_moves(game, state)
            raise GameError(f"no legal action at {state!r} (the game is over there): a policy is asked "
                            "only where a player moves")
        return {a: 1 / len(acts) for a in acts}
    policy.__name__ = "uniform"
    return policy


def deterministic(choose: Callable) -> Policy:
    """Turn a function state -> action into a policy state -> {action: 1.0}."""
    function("choose", choose, "a function state -> action")
    return lambda state: {choose(state): 1.0}


def _memoized(best_action: Callable) -> Policy:
    cache = {}

    def policy(state):
        if state not in cache:
            action = best_action(state)
            if action is None:
                raise GameError(f"the search chose no move at {state!r} (a terminal or CHANCE state): a "
                                "policy is asked only where a player moves")
            cache[state] = action
        return {cache[state]: 1.0}
    return policy


def minimax_policy(game, search=minimax) -> Policy:
    """CS221's pi_max / pi_min: at each state, the action of ``search(game, state)`` (minimax by
    default; pass :func:`gamelib.alphabeta` for speed).  It serves whichever player is to move."""
    check_game(game)
    function("search", search, "a search, called as search(game, state), e.g. gamelib.alphabeta")
    return _memoized(lambda state: search(game, state).action)


def expectimax_policy(game, opponent_policy: Policy) -> Policy:
    """CS221's pi_expectimax(opp): MAX's best response to a known ``opponent_policy`` for MIN."""
    check_game(game)
    function("opponent_policy", opponent_policy, "a policy, a function state -> {action: probability}")
    return _memoized(lambda state: expectimax(game, state, opponent_policy=opponent_policy).action)


def distribution(game, state, policies: Mapping) -> list:
    """The ``(move, probability)`` pairs at ``state``: the chance outcomes at a CHANCE state, else the
    policy of the player to move (checked: a dict whose probabilities form a distribution)."""
    player = game.to_move(state)
    if player == CHANCE:
        return check_distribution(game.chance_outcomes(state), f"chance outcomes of {state!r}")
    if player not in policies:          # (check_policies let in only the game's players)
        order = tuple(getattr(game, "player_order", (MAX, MIN)))
        if player not in order:
            raise GameError(f"unknown player {player!r} at {state!r}")
        raise GameError(f"no policy for {player}; give play() a dict with "
                        + ("MAX and MIN policies" if order == (MAX, MIN)
                           else f"a policy for each of {', '.join(map(str, order))}"))
    dist = policies[player](state)
    if not isinstance(dist, Mapping):
        raise ProbabilityError(f"{player}'s policy at {state!r} returned {dist!r}, not a dict "
                               "{action: probability}")
    return check_distribution(dist.items(), f"{player}'s policy at {state!r}")


def check_policies(policies, name: str = "policies", players: tuple = (MAX, MIN)) -> dict:
    """``policies`` if it is a dict ``{MAX: policy, MIN: policy}`` of functions (entries may be left
    out, and ``play`` says which one it missed when it is needed).  In a game of other ``players``
    (its ``player_order``), a dict with an entry for each of them."""
    if not isinstance(policies, Mapping):
        raise ArgumentError(f"{name} must be a dict {{MAX: policy, MIN: policy}}, got {policies!r}")
    for player, policy in policies.items():
        if player not in players:
            who = "MAX and MIN" if tuple(players) == (MAX, MIN) else ", ".join(map(str, players))
            raise ArgumentError(f"{name} has an entry for {player!r}; only {who} choose moves "
                                "(chance follows game.chance_outcomes)")
        function(f"{name}[{player}]", policy, "a policy, a function state -> {action: probability}")
    return policies


class Playout(NamedTuple):
    """One game played to the end: the states and the actions between them, and MAX's utility (in a
    game of other players, the utility vector in ``game.player_order``)."""

    states: list
    actions: list
    utility: float


def play(game, policies: dict, state=None, *, seed=None, max_moves: int | None = MAX_MOVES) -> Playout:
    """Play ``game`` to the end, each player (MAX, MIN) choosing by its policy in ``policies``
    (in a game of more players, a dict with a policy for each of ``game.player_order``).

    Stochastic policies and chance outcomes are sampled with ``random.Random(seed)``, so a seed gives
    the same game every time.  A game longer than ``max_moves`` moves (chance outcomes included)
    raises :class:`~gamelib.core.TooLargeError`; ``max_moves=None`` lifts the guard.
    """
    check_game(game)
    order = player_order(game)
    check_policies(policies, players=order)
    rng = random.Random(python_seed("seed", seed))
    whole("max_moves", max_moves, 1, none=True)
    state = start_state(game, state)
    states, actions = [state], []
    while not game.is_terminal(state):
        if max_moves is not None and len(actions) >= max_moves:
            guard_size(len(actions) + 1, max_moves, argument="max_moves",
                       what=f"the length of this game of {game!r} (its positions may repeat for ever)")
        dist = distribution(game, state, policies)
        moves, weights = zip(*dist)
        action = rng.choices(moves, weights)[0]
        state = game.result(state, action)
        states.append(state)
        actions.append(action)
    if order == (MAX, MIN):
        return Playout(states, actions, game.utility(state, MAX))
    return Playout(states, actions, tuple(game.utility(state, p) for p in order))


# ---------------------------------------------------------------------------------------------------
# Enumerating policies (CS221's propositions "for every policy", checked on small games)
# ---------------------------------------------------------------------------------------------------

MAX_POLICIES = 100_000
"""The size guard of :func:`deterministic_policies`: how many policies it may enumerate."""


def player_states(game, player) -> list:
    """The states where ``player`` moves, in the order of the unfolded game tree (breadth first).

    Read off :meth:`GameTree.from_game`, so ``game`` must be small enough to unfold.
    """
    from .trees import GameTree
    check_game(game)
    if player not in (MAX, MIN):
        raise ArgumentError(f"player must be MAX or MIN, not {player!r}")
    tree = GameTree.from_game(game)
    return [tree.game_state[n] for n in tree.states
            if not tree.is_terminal(n) and tree.players[n] == player]


def deterministic_policies(game, player, *, max_policies: int | None = MAX_POLICIES) -> list:
    """Every deterministic policy of ``player``: one fixed action at each of its states.

    There are Π_s |ACTIONS(s)| of them over ``player``'s states s (:func:`player_states`); more than
    ``max_policies`` raises TooLargeError (``None`` lifts the guard).
    """
    import itertools
    import math
    states = player_states(game, player)
    choices = [game.actions(s) for s in states]
    if max_policies is not None:
        guard_size(math.prod(len(c) for c in choices), whole("max_policies", max_policies),
                   what="the number of deterministic policies", argument="max_policies")
    return [_table_policy({s: {a: 1.0} for s, a in zip(states, pick)})
            for pick in itertools.product(*choices)]


def random_policies(game, player, count: int, *, seed=0) -> list:
    """``count`` seeded stochastic policies of ``player``: random weights at each of its states."""
    count = whole("count", count)
    rng = random.Random(python_seed("seed", seed))
    states = player_states(game, player)
    out = []
    for _ in range(count):
        table = {}
        for s in states:
            weights = [rng.random() for _ in game.actions(s)]
            table[s] = {a: w / sum(weights) for a, w in zip(game.actions(s), weights)}
        out.append(_table_policy(table))
    return out


def _table_policy(table: dict) -> Policy:
    def policy(state):
        try:
            return table[state]
        except KeyError:
            raise GameError(f"this policy has no entry for {state!r}") from None
    return policy
