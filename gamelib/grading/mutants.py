"""Known bugs, modelled: when a student's search is wrong, which textbook mistake does it make?

A *mutant* is a search with one known bug.  When a submission disagrees with the reference, every
mutant that applies to the exercise is run on the same cases; a mutant that does *exactly* what the
student's search does (the same nodes in the same order, the same value and decision, or the same
error at the same place) names the bug in the feedback: "your alpha-beta prunes when v = β; this
exercise uses the strict rule".

Two sorts of mutant, neither of them the reference:

* **parameter bugs** are gamelib's own search with one argument wrong: one ply too deep or too
  shallow, depth counted per agent instead of per round, a round cut off after MAX's move, the other
  pruning convention, no pruning at all (plain minimax);
* **code bugs** are :func:`buggy_search`, a small depth-first search written as a student writes one,
  with the bug switched on by name: ``last_tied``, ``fresh_root_window``, ``overwrite_state`` (in the
  loop over a player's moves), ``overwrite_at_chance`` (in the loop over outcomes or an opponent
  policy's moves), ``cutoff_before_terminal``, ``missing_terminal_test``, ``uniform_chance``, ``min_at_chance``,
  ``uniform_policy``, ``min_for_policy``.  With no bug switched on it emits gamelib's trace event for
  event (a property test checks it on random trees), so each mutant differs from the reference by its
  bug and nothing else.  Grading never uses it as the reference.
"""
from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

from ..core import CHANCE, INF, MAX, MIN, Event, GameError, SearchResult, cutoff_test
from ..minimax import minimax
from .cases import Case, reference, rounds_cutoff

BUGS = frozenset({"last_tied", "fresh_root_window", "overwrite_state", "overwrite_at_chance",
                  "cutoff_before_terminal",
                  "missing_terminal_test", "uniform_chance", "min_at_chance", "uniform_policy",
                  "min_for_policy"})


def buggy_search(game, state=None, *, bugs=(), window: str | None = None, cutoff=None, evaluate=None,
                 policy=None, log: list | None = None) -> SearchResult:
    """Depth-first minimax (``window=None``), alpha-beta (``'aima'``: cut when v ≥ β; ``'strict'``:
    when v > β), with CHANCE nodes (expectation) and, given ``policy``, MIN following that policy
    (expectimax), cut off where ``cutoff(state, plies)`` holds; with the named ``bugs`` switched on.
    Events go to ``log`` (kept even if the search raises, as a student's trace is)."""
    bugs = frozenset(bugs)
    if bugs - BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - BUGS)}; known: {sorted(BUGS)}")
    if state is None:
        state = game.initial_state
    log = [] if log is None else log
    nodes, move = 0, None

    def leaf(s, ply, alpha, beta, v):
        log.append(Event("leaf", s, ply, alpha, beta, v))
        return v

    def value(s, alpha, beta, ply, action):
        nonlocal nodes, move
        nodes += 1
        log.append(Event("enter", s, ply, alpha, beta, action=action))
        cut = cutoff is not None and cutoff(s, ply)
        if "missing_terminal_test" in bugs:
            if cut:
                return leaf(s, ply, alpha, beta, evaluate(s))
        elif "cutoff_before_terminal" in bugs and cut:
            return leaf(s, ply, alpha, beta, evaluate(s))
        elif game.is_terminal(s):
            return leaf(s, ply, alpha, beta, game.utility(s, MAX))
        elif cut:
            return leaf(s, ply, alpha, beta, evaluate(s))
        player = game.to_move(s)
        if player == CHANCE or (player == MIN and policy is not None):
            pairs = list(game.chance_outcomes(s)) if player == CHANCE else list(policy(s).items())
            uniform, least = (("uniform_chance", "min_at_chance") if player == CHANCE
                              else ("uniform_policy", "min_for_policy"))
            v = INF if least in bugs else 0.0
            current = s
            for a, p in pairs:
                current = game.result(current if "overwrite_at_chance" in bugs else s, a)
                v2 = value(current, alpha, beta, ply + 1, a)
                if least in bugs:
                    v = min(v, v2)
                else:
                    v += (1 / len(pairs) if uniform in bugs else p) * v2
            log.append(Event("exit", s, ply, alpha, beta, v))
            return v
        if player not in (MAX, MIN):
            raise GameError(f"unknown player {player!r} at {s!r}")
        maximize = player == MAX
        acts = game.actions(s)
        v = -INF if maximize else INF
        current = s
        for i, a in enumerate(acts):
            current = game.result(current if "overwrite_state" in bugs else s, a)
            if window is not None and ply == 0 and "fresh_root_window" in bugs:
                v2 = value(current, -INF, INF, ply + 1, a)
            else:
                v2 = value(current, alpha, beta, ply + 1, a)
            better = v2 > v if maximize else v2 < v
            if ply == 0 and (better or ("last_tied" in bugs and v2 == v)):
                move = a
            if better:
                v = v2
                if window is not None:
                    if maximize and v > alpha:
                        alpha = v
                    elif not maximize and v < beta:
                        beta = v
            if window is not None and i + 1 < len(acts):
                bound = beta if maximize else alpha
                beyond = v > bound if maximize else v < bound
                if beyond or (v == bound and window == "aima"):
                    log.append(Event("prune", s, ply, alpha, beta, v, skipped=tuple(acts[i + 1:])))
                    return v
        log.append(Event("exit", s, ply, alpha, beta, v))
        return v

    root = value(state, -INF, INF, 0, None) if window is not None else value(state, None, None, 0, None)
    return SearchResult(root, move, nodes, log)


# ---------------------------------------------------------------------------------------------------
# What a search did, in the terms grading compares
# ---------------------------------------------------------------------------------------------------

class Outcome(NamedTuple):
    """What a search did on one case: the states it arrived at in order, its value and its decision
    (None for what the exercise does not ask), or the error it stopped with (an exception's class
    name, 'timeout' or 'budget')."""

    visits: tuple
    value: Any = None
    action: Any = None
    error: str | None = None

    def same_as(self, other: "Outcome") -> bool:
        return (self.error == other.error and self.visits == other.visits
                and self.action == other.action and _same_value(self.value, other.value))


def _same_value(a, b) -> bool:
    if a is None or b is None:
        return a is b
    try:
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) or a == b
    except TypeError:
        return False


def outcome_of(result: SearchResult, returns: str) -> Outcome:
    """The :class:`Outcome` of a traced gamelib search (or mutant) for an exercise returning
    ``returns``: 'value', 'action' or 'pair' (value and action)."""
    return Outcome(tuple(result.visited),
                   result.value if returns in ("value", "pair") else None,
                   result.action if returns in ("action", "pair") else None)


# ---------------------------------------------------------------------------------------------------
# The library
# ---------------------------------------------------------------------------------------------------

class Mutant(NamedTuple):
    """A known bug.  ``says`` is the feedback sentence naming it; ``kinds`` the exercises it can
    occur in; ``applies(case)`` whether it differs from the reference's setting on that case at all;
    ``search(kind, case)`` runs it, returning a traced :class:`~gamelib.core.SearchResult`."""

    name: str
    says: str
    kinds: frozenset
    search: Callable[[str, Case], SearchResult]
    applies: Callable[[Case], bool] = lambda case: True


def _engine(bugs):
    """A code bug: :func:`buggy_search` set up as the exercise's reference is, with ``bugs`` on."""
    def search(kind, case):
        window = None
        if kind in ("alphabeta", "h_alphabeta"):
            window = "aima" if case.prune_on_equality else "strict"
        cutoff = None
        if kind == "rounds":
            cutoff = rounds_cutoff(case.depth, case.agents)
        elif kind == "h_alphabeta":
            cutoff = cutoff_test(case.depth, case.evaluate, None)
        log: list = []
        try:
            return buggy_search(case.game, case.root, bugs=bugs, window=window, cutoff=cutoff,
                                evaluate=case.evaluate,
                                policy=case.policy if kind == "expectimax" else None, log=log)
        except GameError as e:                # e.g. an illegal move after overwriting the state
            return _Failed(log, type(e).__name__)
    return search


class _Failed(NamedTuple):
    """A mutant that raised: its trace up to the error, and the error's class name."""

    trace: list
    error: str

    @property
    def visited(self):
        return [e.state for e in self.trace if e.kind == "enter"]


def _partial_round(kind, case):
    # Depth counted in rounds, but decremented as MAX moves: the last round stops after MAX's move.
    return minimax(case.game, case.root, evaluate=case.evaluate, trace=True,
                   cutoff=lambda s, plies: plies >= (case.depth - 1) * case.agents + 1)


DEPTH_KINDS = frozenset({"rounds", "h_alphabeta"})
DECISION_KINDS = frozenset({"minimax", "alphabeta", "h_alphabeta", "expectimax"})
ALPHABETA_KINDS = frozenset({"alphabeta", "h_alphabeta"})
ALL_KINDS = frozenset({"minimax", "rounds", "alphabeta", "h_alphabeta", "expectiminimax", "expectimax"})

MUTANTS = (
    Mutant("depth_plus_one",
           "your search goes one level deeper than asked (depth off by one): a search of depth d "
           "stops d plies (rounds) below the root and evaluates the states there",
           DEPTH_KINDS, lambda kind, case: reference(kind, case, depth=case.depth + 1),
           lambda case: case.depth is not None),
    Mutant("depth_minus_one",
           "your search stops one level short of the depth asked (depth off by one): a search of "
           "depth d evaluates the states d plies (rounds) below the root, not d - 1",
           DEPTH_KINDS, lambda kind, case: reference(kind, case, depth=case.depth - 1),
           lambda case: case.depth is not None and case.depth >= 1),
    Mutant("depth_per_agent",
           "your search counts depth per agent move instead of per round: with n agents a search of "
           "depth d makes d rounds of n moves each (decrease the depth only when play comes back "
           "to MAX)",
           frozenset({"rounds"}), lambda kind, case: reference(kind, case, agents=1),
           lambda case: case.depth is not None and case.agents > 1),
    Mutant("partial_round",
           "your search stops in the middle of the last round, after MAX's move and before the "
           "opponents reply (a partial ply): decrease the depth when play comes back to MAX, "
           "not when MAX moves",
           frozenset({"rounds"}), _partial_round,
           lambda case: case.depth is not None and case.depth >= 1 and case.agents > 1),
    Mutant("cutoff_before_terminal",
           "your search tests the depth limit before IS-TERMINAL, so a terminal state at the limit "
           "gets evaluate() instead of its utility: test IS-TERMINAL first (AIMA 4th ed. Eq. 5.2)",
           DEPTH_KINDS, _engine({"cutoff_before_terminal"}), lambda case: case.depth is not None),
    Mutant("missing_terminal_test",
           "your search never tests IS-TERMINAL: a terminal state above the depth limit has no "
           "actions, so it came back as −∞ or +∞ instead of its utility",
           ALL_KINDS, _engine({"missing_terminal_test"})),
    Mutant("strict_pruning",
           "your alpha-beta prunes only when v > β (v < α at MIN nodes); this exercise uses AIMA's "
           "rule (Fig. 5.7): prune as soon as v ≥ β (v ≤ α)",
           ALPHABETA_KINDS, lambda kind, case: reference(kind, case, prune_on_equality=False),
           lambda case: case.prune_on_equality),
    Mutant("prunes_on_equality",
           "your alpha-beta prunes when v = β (or v = α); this exercise uses the strict rule "
           "(CS188's): prune only when v > β at MAX nodes, v < α at MIN nodes",
           ALPHABETA_KINDS, lambda kind, case: reference(kind, case, prune_on_equality=True),
           lambda case: not case.prune_on_equality),
    Mutant("no_pruning",
           "your alpha-beta never prunes: it visits every node minimax visits (are α and β updated "
           "at MAX and MIN nodes, and passed down to the children?)",
           frozenset({"alphabeta"}), lambda kind, case: reference("minimax", case)),
    Mutant("fresh_root_window",
           "your search gives every child of the root a fresh window (−∞, +∞): the root's α must "
           "carry over from one child to the next, or the later children are never pruned",
           ALPHABETA_KINDS, _engine({"fresh_root_window"})),
    Mutant("last_tied",
           "your decision keeps the last of several equally good moves; the textbook keeps the "
           "first (change the move only on a strictly better value, v2 > v). Under alpha-beta a "
           "later child of the root can even come back equal to the best while really being worse",
           DECISION_KINDS, _engine({"last_tied"})),
    Mutant("overwrite_state",
           "your loop replaces the state by its child (state = game.result(state, a)), so the next "
           "action is applied to the child, not to the state itself: name the child "
           "(child = game.result(state, a)) and keep the state",
           ALL_KINDS, _engine({"overwrite_state"})),
    Mutant("overwrite_at_chance",
           "your loop over the outcomes replaces the state by the outcome's state (state = "
           "game.result(state, r)), so the next outcome is applied to the previous outcome's state: "
           "keep the state and name the outcome's state (aima-python's expect_minmax has this bug, "
           "issue #908)",
           frozenset({"expectiminimax", "expectimax"}), _engine({"overwrite_at_chance"})),
    Mutant("uniform_chance",
           "your expectation weights every outcome by 1/number-of-outcomes; weight each by its "
           "probability, from game.chance_outcomes(state)",
           frozenset({"expectiminimax", "expectimax"}), _engine({"uniform_chance"})),
    Mutant("min_at_chance",
           "your search takes the minimum at chance nodes; a chance node's value is the "
           "probability-weighted average of its outcomes' values (AIMA §5.5)",
           frozenset({"expectiminimax", "expectimax"}), _engine({"min_at_chance"})),
    Mutant("uniform_policy",
           "your search averages the opponent's moves uniformly; weight each move by the "
           "probability the opponent's policy gives it",
           frozenset({"expectimax"}), _engine({"uniform_policy"})),
    Mutant("min_for_policy",
           "your search treats the opponent as a minimizer (that is minimax); here the opponent "
           "follows a known policy: average its moves with the policy's probabilities (CS221's "
           "expectimax)",
           frozenset({"expectimax"}), _engine({"min_for_policy"})),
)
"""The library of known bugs, in the order feedback lists them."""

BY_NAME = {m.name: m for m in MUTANTS}


def mutant_outcome(mutant: Mutant, kind: str, case: Case, returns: str) -> Outcome:
    """What ``mutant`` does on ``case``, in the terms an exercise returning ``returns`` compares."""
    result = mutant.search(kind, case)
    if isinstance(result, _Failed):
        return Outcome(tuple(result.visited), error=result.error)
    return outcome_of(result, returns)


def matching_mutants(kind: str, returns: str, cases: list, student: list, expected: list) -> list:
    """The mutants that explain a student's outcomes: those that apply to the exercise, differ from
    the reference on at least one of ``cases``, and do exactly what the student did on every case.
    ``student`` and ``expected`` are the student's and the reference's :class:`Outcome` per case."""
    found = []
    for mutant in MUTANTS:
        if kind not in mutant.kinds or not any(mutant.applies(c) for c in cases):
            continue
        differs, explains = False, True
        for case, got, want in zip(cases, student, expected):
            predicted = mutant_outcome(mutant, kind, case, returns) if mutant.applies(case) else want
            if not predicted.same_as(want):
                differs = True
            if not predicted.same_as(got):
                explains = False
                break
        if differs and explains:
            found.append(mutant)
    return found
