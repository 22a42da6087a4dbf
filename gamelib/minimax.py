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
V_expectiminimax and V_eval (CS221's lecture notes).  Expectations weight each child by its probability: never by
1/number-of-outcomes unless the outcomes really are equally likely.

All return a :class:`~gamelib.core.SearchResult`: ``.value`` (MAX's utility), ``.action`` (the best move
for the player to move at the searched state, chosen as in MINIMAX-SEARCH: the first action whose value
is strictly better than every earlier one), ``.nodes`` (states visited, root included) and, with
``trace=True``, ``.trace``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Callable

from .core import (CHANCE, INF, MAX, MIN, EvaluationError, GameProtocol, Policy, ProbabilityError, SearchResult,
                   State, check_distribution)
from .trace import Event, recording
from .validate import checked_utility, function, no_moves, recursion_guard, search_entry, unhandled_player

# What a node does with its children's values.
_MAXIMIZE = "max"
_MINIMIZE = "min"
_CHANCE = "chance"  # expectation under game.chance_outcomes(s)


def _expected_over(game, rule):
    """The (action, probability) pairs a non-choosing node averages over."""
    if rule == _CHANCE:
        return lambda s: check_distribution(game.chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
    policy = rule

    def pairs(s):
        dist = policy(s)
        if not isinstance(dist, Mapping):
            raise ProbabilityError(f"policy at {s!r} returned {dist!r}, not a dict {{action: probability}}")
        return check_distribution(dist.items(), lambda: f"policy at {s!r}")
    return pairs


def backed_up_search(game, state, rules: dict, trace: bool = False, *, depth=None, evaluate=None,  # noqa: C901 - Fig. 5.3 / Eq. 5.1 kept whole
                     cutoff=None, name: str = "backed_up_search") -> SearchResult:
    """Back up values from the leaves of the tree below ``state``: the engine of this module.

    ``rules`` maps each player (MAX, MIN, CHANCE) to ``"max"``, ``"min"``, ``"chance"`` or a policy
    (a function state -> {action: probability}).  Visits children in the order ``game.actions`` gives
    them (``game.chance_outcomes`` at CHANCE nodes), exactly as the textbook's pseudo-code does.
    With ``depth``/``cutoff`` and ``evaluate`` it is H-MINIMAX (AIMA Eq. 5.2): a non-terminal state
    where the cutoff test holds is scored ``evaluate(state)`` instead of being searched.

    Bad input is refused before the search starts (:func:`gamelib.validate.search_entry`; ``name``
    is the search's name in the messages), and a utility that is not a real number (NaN, None) when
    it is met (:func:`gamelib.validate.checked_utility`).  An outcome of probability 0 adds nothing to an expectation,
    even if it is worth ±∞ (0·∞ counts as 0, never NaN).
    """
    state, evaluate, cut = search_entry(game, state, depth, evaluate, cutoff, trace, name)
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result = game.actions, game.result
    averages = {p: _expected_over(game, r) for p, r in rules.items() if r not in (_MAXIMIZE, _MINIMIZE)}
    nodes = 0

    # The trace: one Event(kind, state, depth, alpha, beta, value, action, skipped) a step, its fields
    # given by position (keywords would make a traced search a sixth slower).
    def value(s, ply, action):  # noqa: C901 - Fig. 5.3 / Eq. 5.1 kept whole
        nonlocal nodes, best_action
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, ply, None, None, None, action))
        if is_terminal(s):
            v = utility(s, MAX)
            if log is not None:
                log.append(Event("leaf", s, ply, None, None, v))
            return v
        if cut is not None and cut(s, ply):
            v = evaluate(s)
            if log is not None:
                log.append(Event("leaf", s, ply, None, None, v))
            return v
        player = to_move(s)
        rule = rules.get(player)                     # what this node does with its children's values
        if rule is None:
            raise unhandled_player(name, player, s, game, chance_name="this search")
        if rule == _MAXIMIZE:
            acts = actions(s)
            if not acts:
                raise no_moves(game, s)
            v = -INF
            for a in acts:
                v2 = value(result(s, a), ply + 1, a)
                if v2 > v:  # strictly better: the first best action is kept
                    v = v2
                    if ply == 0:
                        best_action = a
        elif rule == _MINIMIZE:
            acts = actions(s)
            if not acts:
                raise no_moves(game, s)
            v = INF
            for a in acts:
                v2 = value(result(s, a), ply + 1, a)
                if v2 < v:
                    v = v2
                    if ply == 0:
                        best_action = a
        else:
            v = 0.0
            for a, p in averages[player](s):
                w = value(result(s, a), ply + 1, a)
                if p:                   # an outcome that never happens adds nothing, even if w is ±∞
                    v += p * w
            if v != v:
                raise EvaluationError(f"the expectation at {s!r} is undefined: its outcomes include "
                                      "values +inf and -inf (∞ − ∞)")
        if log is not None:
            log.append(Event("exit", s, ply, None, None, v))
        return v

    best_action = None
    with recursion_guard(game, name, depth), recording(trace) as log:
        root_value = value(state, 0, None)
    return SearchResult(root_value, best_action, nodes, log)


def minimax(game: GameProtocol, state: State | None = None, *, depth: int | None = None,
            evaluate: Callable[[State], float] | None = None, cutoff=None, trace: bool = False) -> SearchResult:
    """MINIMAX-SEARCH (AIMA 4th ed. Fig. 5.3; Eq. 5.1): the value of ``state`` under optimal play.

    MAX nodes take the largest child value, MIN nodes the smallest; the whole tree is visited, depth
    first, children in ``game.actions`` order.  Time O(b^m), space O(bm).

    Depth-limited (H-MINIMAX, AIMA Eq. 5.2): ``depth=d`` stops d plies down and scores the states there
    with ``evaluate(state)`` (an estimate of MAX's utility); ``cutoff(state, d) -> bool`` replaces the
    cutoff test.  Terminal states always score their true utility.
    """
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE}, trace,
                            depth=depth, evaluate=evaluate, cutoff=cutoff, name="minimax")


def expectiminimax(game: GameProtocol, state: State | None = None, *, depth: int | None = None,
                   evaluate: Callable[[State], float] | None = None, cutoff=None,
                   trace: bool = False) -> SearchResult:
    """EXPECTIMINIMAX (AIMA §5.5; CS221 V_expectiminimax): minimax with CHANCE nodes valued at
    sum_r P(r) * EXPECTIMINIMAX(RESULT(s, r)).  Time O(b^m n^m) for n distinct chance outcomes.
    ``depth``/``evaluate``/``cutoff`` cut it off as in :func:`minimax` (every ply counts, chance too);
    at chance nodes the evaluation must be a positive linear transform of the win probability."""
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: _MINIMIZE, CHANCE: _CHANCE}, trace,
                            depth=depth, evaluate=evaluate, cutoff=cutoff, name="expectiminimax")


def expectimax(game: GameProtocol, state: State | None = None, *, opponent_policy: Policy,
               trace: bool = False) -> SearchResult:
    """CS221's V_expectimax: MAX maximizes against a *known* MIN policy (state -> {action: prob}).

    The best MAX can do against that opponent; its value is never below the minimax value.
    """
    function("opponent_policy", opponent_policy, "a policy, a function state -> {action: probability}")
    return backed_up_search(game, state, {MAX: _MAXIMIZE, MIN: opponent_policy, CHANCE: _CHANCE}, trace,
                            name="expectimax")


def game_evaluation(game: GameProtocol, state: State | None = None, *, max_policy: Policy, min_policy: Policy,
                    trace: bool = False) -> SearchResult:
    """CS221's V_eval: the expected utility for MAX when both players follow fixed policies.

    The analogue of policy evaluation in MDPs.  ``.action`` is None: nobody chooses.
    """
    for name, policy in (("max_policy", max_policy), ("min_policy", min_policy)):
        function(name, policy, "a policy, a function state -> {action: probability}")
    return backed_up_search(game, state, {MAX: max_policy, MIN: min_policy, CHANCE: _CHANCE}, trace,
                            name="game_evaluation")
