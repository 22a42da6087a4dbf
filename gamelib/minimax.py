"""Minimax and its relatives: every search that backs values up a full game tree without pruning.

Each one is the same depth-first recursion (AIMA 4th ed. Fig. 5.3, MINIMAX-SEARCH); they differ only in
what a node does with its children's values, according to who is to move there:

=====================  ==================  ==================  ===========================
search                 MAX node            MIN node            CHANCE node
=====================  ==================  ==================  ===========================
:func:`minimax`        max                 min                 (an error: no chance here)
:func:`expectiminimax` max                 min                 sum of P(r) * value
:func:`expectimax`     max                 expectation under   sum of P(r) * value
                                           ``opponent_policy``
:func:`game_evaluation` expectation under  expectation under   sum of P(r) * value
                       ``max_policy``      ``min_policy``
=====================  ==================  ==================  ===========================

These are AIMA Eq. (5.1) MINIMAX, AIMA §5.5 EXPECTIMINIMAX, and CS221's V_minimax, V_expectimax,
V_expectiminimax and V_eval (seed 003).  Expectations weight each child by its probability: never by
1/number-of-outcomes unless the outcomes really are equally likely.

All return a :class:`~gamelib.core.SearchResult`: ``.value`` (MAX's utility), ``.action`` (the best move
for the player to move at the searched state, chosen as in MINIMAX-SEARCH: the first action whose value
is strictly better than every earlier one), ``.nodes`` (states visited, root included) and, with
``trace=True``, ``.trace``.
"""
from __future__ import annotations

from typing import Callable

from .core import CHANCE, INF, MAX, MIN, Event, GameError, SearchResult, check_distribution, recording

# What a node does with its children's values.
_MAXIMIZE = "max"
_MINIMIZE = "min"
_CHANCE = "chance"  # expectation under game.chance_outcomes(s)


def _expected_over(game, rule):
    """The (action, probability) pairs a non-choosing node averages over."""
    if rule == _CHANCE:
        return lambda s: check_distribution(game.chance_outcomes(s), f"chance outcomes of {s!r}")
    policy = rule
    return lambda s: check_distribution(policy(s).items(), f"policy at {s!r}")


def backed_up_search(game, state, rules: dict, trace: bool = False) -> SearchResult:
    """Back up values from the leaves of the full tree below ``state``: the engine of this module.

    ``rules`` maps each player (MAX, MIN, CHANCE) to ``"max"``, ``"min"``, ``"chance"`` or a policy
    (a function state -> {action: probability}).  Visits children in the order ``game.actions`` gives
    them (``game.chance_outcomes`` at CHANCE nodes), exactly as the textbook's pseudo-code does.
    """
    if state is None:
        state = game.initial_state
    is_terminal, utility, to_move = game.is_terminal, game.utility, game.to_move
    actions, result = game.actions, game.result
    averages = {p: _expected_over(game, r) for p, r in rules.items() if r not in (_MAXIMIZE, _MINIMIZE)}
    nodes = 0

    def rule_at(s):
        player = to_move(s)
        try:
            return player, rules[player]
        except KeyError:
            raise GameError(f"this search does not handle {player} states (at {s!r}); "
                            "use expectiminimax for games of chance") from None

    def value(s, depth, action):
        nonlocal nodes, best_action
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, depth, action=action))
        if is_terminal(s):
            v = utility(s, MAX)
            if log is not None:
                log.append(Event("leaf", s, depth, value=v))
            return v
        player, rule = rule_at(s)
        if rule == _MAXIMIZE:
            v = -INF
            for a in actions(s):
                v2 = value(result(s, a), depth + 1, a)
                if v2 > v:  # strictly better: the first best action is kept
                    v = v2
                    if depth == 0:
                        best_action = a
        elif rule == _MINIMIZE:
            v = INF
            for a in actions(s):
                v2 = value(result(s, a), depth + 1, a)
                if v2 < v:
                    v = v2
                    if depth == 0:
                        best_action = a
        else:
            v = 0.0
            for a, p in averages[player](s):
                v += p * value(result(s, a), depth + 1, a)
        if log is not None:
            log.append(Event("exit", s, depth, value=v))
        return v

    best_action = None
    with recording(trace) as log:
        root_value = value(state, 0, None)
    return SearchResult(root_value, best_action, nodes, log)


def minimax(game, state=None, *, trace: bool = False) -> SearchResult:
    """MINIMAX-SEARCH (AIMA 4th ed. Fig. 5.3; Eq. 5.1): the value of ``state`` under optimal play.

    MAX nodes take the largest child value, MIN nodes the smallest; the whole tree is visited, depth
    first, children in ``game.actions`` order.  Time O(b^m), space O(bm).
    """
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE}, trace)


def expectiminimax(game, state=None, *, trace: bool = False) -> SearchResult:
    """EXPECTIMINIMAX (AIMA §5.5; CS221 V_expectiminimax): minimax with CHANCE nodes valued at
    sum_r P(r) * EXPECTIMINIMAX(RESULT(s, r)).  Time O(b^m n^m) for n distinct chance outcomes."""
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE, CHANCE: _CHANCE}, trace)


def expectimax(game, state=None, *, opponent_policy: Callable, trace: bool = False) -> SearchResult:
    """CS221's V_expectimax: MAX maximizes against a *known* MIN policy (state -> {action: prob}).

    The best MAX can do against that opponent; its value is never below the minimax value.
    """
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: opponent_policy, CHANCE: _CHANCE}, trace)


def game_evaluation(game, state=None, *, max_policy: Callable, min_policy: Callable,
                    trace: bool = False) -> SearchResult:
    """CS221's V_eval: the expected utility for MAX when both players follow fixed policies.

    The analogue of policy evaluation in MDPs.  ``.action`` is None: nobody chooses.
    """
    return backed_up_search(game, state, {MAX: max_policy, MIN: min_policy, CHANCE: _CHANCE}, trace)
