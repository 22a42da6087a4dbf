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

from .core import (CHANCE, INF, MAX, MIN, Event, GameError, SearchResult, check_distribution,
                   cutoff_test, recording)

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


def backed_up_search(game, state, rules: dict, trace: bool = False, *, depth=None, evaluate=None,
                     cutoff=None) -> SearchResult:
    """Back up values from the leaves of the tree below ``state``: the engine of this module.

    ``rules`` maps each player (MAX, MIN, CHANCE) to ``"max"``, ``"min"``, ``"chance"`` or a policy
    (a function state -> {action: probability}).  Visits children in the order ``game.actions`` gives
    them (``game.chance_outcomes`` at CHANCE nodes), exactly as the textbook's pseudo-code does.
    With ``depth``/``cutoff`` and ``evaluate`` it is H-MINIMAX (AIMA Eq. 5.2): a non-terminal state
    where the cutoff test holds is scored ``evaluate(state)`` instead of being searched.
    """
    if state is None:
        state = game.initial_state
    is_terminal, utility, to_move = game.is_terminal, game.utility, game.to_move
    actions, result = game.actions, game.result
    averages = {p: _expected_over(game, r) for p, r in rules.items() if r not in (_MAXIMIZE, _MINIMIZE)}
    cut = cutoff_test(depth, evaluate, cutoff)
    nodes = 0

    def rule_at(s):
        player = to_move(s)
        try:
            return player, rules[player]
        except KeyError:
            raise GameError(f"this search does not handle {player} states (at {s!r}); "
                            "use expectiminimax for games of chance") from None

    def value(s, ply, action):
        nonlocal nodes, best_action
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, ply, action=action))
        if is_terminal(s):
            v = utility(s, MAX)
            if log is not None:
                log.append(Event("leaf", s, ply, value=v))
            return v
        if cut is not None and cut(s, ply):
            v = evaluate(s)
            if log is not None:
                log.append(Event("leaf", s, ply, value=v))
            return v
        player, rule = rule_at(s)
        if rule == _MAXIMIZE:
            v = -INF
            for a in actions(s):
                v2 = value(result(s, a), ply + 1, a)
                if v2 > v:  # strictly better: the first best action is kept
                    v = v2
                    if ply == 0:
                        best_action = a
        elif rule == _MINIMIZE:
            v = INF
            for a in actions(s):
                v2 = value(result(s, a), ply + 1, a)
                if v2 < v:
                    v = v2
                    if ply == 0:
                        best_action = a
        else:
            v = 0.0
            for a, p in averages[player](s):
                v += p * value(result(s, a), ply + 1, a)
        if log is not None:
            log.append(Event("exit", s, ply, value=v))
        return v

    best_action = None
    with recording(trace) as log:
        root_value = value(state, 0, None)
    return SearchResult(root_value, best_action, nodes, log)


def minimax(game, state=None, *, depth: int | None = None, evaluate=None, cutoff=None,
            trace: bool = False) -> SearchResult:
    """MINIMAX-SEARCH (AIMA 4th ed. Fig. 5.3; Eq. 5.1): the value of ``state`` under optimal play.

    MAX nodes take the largest child value, MIN nodes the smallest; the whole tree is visited, depth
    first, children in ``game.actions`` order.  Time O(b^m), space O(bm).

    Depth-limited (H-MINIMAX, AIMA Eq. 5.2): ``depth=d`` stops d plies down and scores the states there
    with ``evaluate(state)`` (an estimate of MAX's utility); ``cutoff(state, d) -> bool`` replaces the
    cutoff test.  Terminal states always score their true utility.
    """
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE}, trace,
                            depth=depth, evaluate=evaluate, cutoff=cutoff)


def expectiminimax(game, state=None, *, depth: int | None = None, evaluate=None, cutoff=None,
                   trace: bool = False) -> SearchResult:
    """EXPECTIMINIMAX (AIMA §5.5; CS221 V_expectiminimax): minimax with CHANCE nodes valued at
    sum_r P(r) * EXPECTIMINIMAX(RESULT(s, r)).  Time O(b^m n^m) for n distinct chance outcomes.
    ``depth``/``evaluate``/``cutoff`` cut it off as in :func:`minimax` (every ply counts, chance too);
    at chance nodes the evaluation must be a positive linear transform of the win probability."""
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE, CHANCE: _CHANCE}, trace,
                            depth=depth, evaluate=evaluate, cutoff=cutoff)


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
