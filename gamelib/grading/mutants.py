"""Known bugs, modelled: when a student's search is wrong, which textbook mistake does it make?

A *mutant* is a search with one known bug.  When a submission disagrees with the reference, every
mutant that applies to the exercise is run on the same cases; a mutant that does what the student's
search does on every case names the bug in the feedback: "your alpha-beta prunes when v = β; this
exercise uses the strict rule".  A bug is named by its **signature**, what it does on the cases, not by
one way of writing it: by default the same nodes in the same order, the same value and decision, or the
same error at the same place; a bug whose mark is one part of the answer compares that part only
(:attr:`Mutant.same`: a 2 × 2 solution whose mix is the column player's, whatever value it gives), and a
bug students write in ways that differ elsewhere lists each way (:class:`Variants`: a BACK-PROPAGATE that
rewards the player to move gives a terminal node the utility, its negative or nothing).

Every known bug of an exercise, one that fails one of its public cases, also fails at least one of its
hidden cases, however the course secret draws them (:func:`gamelib.grading.core.hidden_cases` adds a case
for a bug the random draw missed).

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

The partial-observability exercises (assignment 05) have bug models of the same sort, written as a
student writes PREDICT, UPDATE, a belief tracker and averaging over clairvoyance, each equal to
gamelib.imperfect's function with no bug switched on: ``no_opponent_moves``, ``one_opponent_move``,
``drops_finished`` (PREDICT), ``no_filter``, ``observation_not_percept`` (UPDATE), ``true_state``
(tracking), ``uniform_deals``, ``all_deals``, ``unnormalized``, ``max_values`` (the averages),
``vote`` and ``last_tied`` (the decision).  Their outcomes are sets of states, averages or decisions
instead of traces.
"""
from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

from ..core import CHANCE, INF, MAX, MIN, GameError, SearchResult, cutoff_test
from ..trace import Event
from ..minimax import minimax
from .cases import Case, reference, rounds_cutoff
from .guard import is_number

BUGS = frozenset({"last_tied", "fresh_root_window", "overwrite_state", "overwrite_at_chance",
                  "cutoff_before_terminal", "argmax_root", "alpha_never_raised",
                  "missing_terminal_test", "uniform_chance", "min_at_chance", "uniform_policy",
                  "min_for_policy"})


def buggy_search(game, state=None, *, bugs=(), window: str | None = None, cutoff=None, evaluate=None,  # noqa: C901 - Fig. 5.7 kept whole, with the bug models' switches
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

    def value(s, alpha, beta, ply, action):  # noqa: C901 - Fig. 5.7 kept whole, with the bug models' switches
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
        best = -INF                                      # the argmax_root bug's own best
        current = s
        for i, a in enumerate(acts):
            current = game.result(current if "overwrite_state" in bugs else s, a)
            if window is not None and ply == 0 and "fresh_root_window" in bugs:
                v2 = value(current, -INF, INF, ply + 1, a)
            else:
                v2 = value(current, alpha, beta, ply + 1, a)
            better = v2 > v if maximize else v2 < v
            if ply == 0 and "argmax_root" in bugs:
                if v2 > best:
                    best, move = v2, a
            elif ply == 0 and (better or ("last_tied" in bugs and v2 == v)):
                move = a
            if better:
                v = v2
                if window is not None:
                    if maximize and v > alpha and (ply == 0 or "alpha_never_raised" not in bugs):
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
    """Numbers within rounding, mappings key by key (averages per action), anything else by ``==``
    (sets of states, tuples of them)."""
    if a is None or b is None:
        return a is b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_value(a[k], b[k]) for k in a)
    try:
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) or a == b
    except TypeError:
        try:
            return bool(a == b)
        except Exception:                     # noqa: BLE001 -- a student's object with a broken __eq__
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

class Variants(tuple):
    """What a bug does when students write it in several ways that differ elsewhere: one
    :class:`Outcome` per way (a BACK-PROPAGATE that rewards the player to move may give a terminal
    node, where nobody is to move, the utility, its negative or nothing).  A bug model's ``search``
    returns one to say that each of them is that bug."""


def _same(predicted: "Outcome", got: "Outcome") -> bool:
    return predicted.same_as(got)


class Mutant(NamedTuple):
    """A known bug.  ``says`` is the feedback sentence naming it; ``kinds`` the exercises it can
    occur in; ``applies(case)`` whether it differs from the reference's setting on that case at all;
    ``search(kind, case)`` runs it, returning a traced :class:`~gamelib.core.SearchResult`, an
    :class:`Outcome`, or :class:`Variants` of it.

    A bug is named by its **signature**, what it does on the cases, not by one way of writing it:
    ``same(predicted, got)`` says whether a student's outcome ``got`` is what the bug does
    (``predicted``); by default every part of the outcome must agree (the nodes visited, the value,
    the decision, the error), and a bug whose mark is one part only compares that part (a 2 × 2
    solution whose mix is the column player's, whatever value it then computes)."""

    name: str
    says: str
    kinds: frozenset
    search: Callable[[str, Case], Any]
    applies: Callable[[Case], bool] = lambda case: True
    same: Callable[["Outcome", "Outcome"], bool] = _same

    def predictions(self, kind: str, case, returns: str) -> tuple:
        """Every :class:`Outcome` this bug may give on ``case`` (one per way of writing it)."""
        result = self.search(kind, case)
        options = result if isinstance(result, Variants) else (result,)
        return tuple(_as_outcome(r, returns) for r in options)

    def shows(self, kind: str, case, returns: str, expected: "Outcome") -> bool:
        """Whether the bug, however it is written, fails ``case`` (whose right outcome is ``expected``)."""
        return self.applies(case) and all(not self.same(p, expected)
                                          for p in self.predictions(kind, case, returns))


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


# ---------------------------------------------------------------------------------------------------
# Partial observability (assignment 05): belief states and averaging over clairvoyance
# ---------------------------------------------------------------------------------------------------
#
# The bug models below are written as a student writes PREDICT, UPDATE, a belief tracker and averaging
# over clairvoyance, with the bug switched on by name; with no bug switched on each gives exactly what
# gamelib.imperfect gives (its predict, update, track and clairvoyance_policy: a property test checks
# it on random games), so each mutant differs from the reference by its bug and nothing else.

IMPERFECT_BUGS = frozenset({"no_opponent_moves", "one_opponent_move", "drops_finished", "no_filter",
                            "observation_not_percept", "true_state", "uniform_deals", "all_deals",
                            "unnormalized", "max_values", "vote", "last_tied"})


def _check_bugs(bugs) -> frozenset:
    bugs = frozenset(bugs)
    if bugs - IMPERFECT_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - IMPERFECT_BUGS)}; known: {sorted(IMPERFECT_BUGS)}")
    return bugs


def _carry(game, state, player, left=None, drop_finished=False) -> set:
    """The states ``state`` leads to through the opponent's moves and chance, every one of them, until
    ``player`` is to move or the game is over (after at most ``left`` such moves, if given)."""
    if game.is_terminal(state):
        return set() if drop_finished else {state}
    if game.to_move(state) == player or left == 0:
        return {state}
    if game.to_move(state) == CHANCE:
        moves = [r for r, p in game.chance_outcomes(state) if p > 0]
    else:
        moves = game.actions(state)
    out: set = set()
    for m in moves:
        out |= _carry(game, game.result(state, m), player, None if left is None else left - 1, drop_finished)
    return out


def buggy_predict(game, belief, action, player, *, bugs=()) -> set:
    """PREDICT(b, a) (AIMA 4th ed. §4.4.2) as a set of states, with the named ``bugs``:
    ``no_opponent_moves`` (only RESULT(s, a)), ``one_opponent_move`` (one move of the opponent or of
    chance after it, not all of them until the player's turn), ``drops_finished`` (games that end before
    the player's next turn left out)."""
    bugs = _check_bugs(bugs)
    left = 0 if "no_opponent_moves" in bugs else 1 if "one_opponent_move" in bugs else None
    out: set = set()
    for s in belief:
        out |= _carry(game, game.result(s, action), player, left, "drops_finished" in bugs)
    return out


def buggy_update(game, predicted, observed, player, *, bugs=()) -> set:
    """UPDATE(b̂, o) (AIMA 4th ed. §4.4.2) as a set of states, with the named ``bugs``: ``no_filter``
    (b̂ unchanged), ``observation_not_percept`` (``game.observation`` compared with the percept, so the
    end of a game, announced with its result, is never recognised)."""
    from ..imperfect import percept
    bugs = _check_bugs(bugs)
    if "no_filter" in bugs:
        return set(predicted)
    if "observation_not_percept" in bugs:
        return {s for s in predicted if game.observation(s, player) == observed}
    return {s for s in predicted if percept(game, s, player) == observed}


def buggy_track(game, player, states, actions, *, bugs=()) -> list:
    """``player``'s belief state after each of its percepts along a recorded game (its decisions and the
    end), as :func:`gamelib.imperfect.track`; ``true_state``: the belief is the true state alone."""
    from ..imperfect import percept
    bugs = _check_bugs(bugs)
    out, belief = [], _carry(game, game.initial_state, player)
    for i, state in enumerate(states):
        if game.is_terminal(state) or game.to_move(state) == player:
            if "true_state" in bugs:
                belief = {state}
            else:
                belief = buggy_update(game, belief, percept(game, state, player), player)
            out.append(frozenset(belief))
            if not game.is_terminal(state):
                belief = buggy_predict(game, belief, actions[i], player)
    return out


def _first_best(actions, values: dict, last: bool = False):
    """The first (``last``: the last) action whose value is the largest, up to rounding (gamelib's tie
    rule, :mod:`gamelib.imperfect.clairvoyance`)."""
    from ..imperfect.clairvoyance import TIE_TOLERANCE
    top = max(values[a] for a in actions)
    best = [a for a in actions if values[a] >= top - TIE_TOLERANCE * max(1.0, abs(top))]
    return best[-1] if last else best[0]


def _deals(game, deal, moves, bugs):
    """The state reached by ``deal`` then ``moves``, the player to move there, and the (state,
    probability) of every deal kept (those the player cannot tell from ``deal``)."""
    def replay(d):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        return s
    state = replay(deal)
    player = game.to_move(state)
    seen = game.observation(state, player)
    kept = []
    for d, p in game.chance_outcomes(game.initial_state):
        s = replay(d)
        if "all_deals" in bugs or game.observation(s, player) == seen:
            kept.append((s, p))
    return state, player, kept


def buggy_clairvoyance(game, deal, moves, *, bugs=()) -> dict:
    """Averaging over clairvoyance (AIMA 4th ed. §5.6.2) at the decision after ``deal`` and ``moves``:
    ``{action: average}``, each the probability-weighted average over the deals the player cannot rule
    out of the value, for the player to move, of the action's result solved with everything seen
    (:func:`gamelib.expectiminimax`).  Bugs: ``uniform_deals`` (1/number of deals), ``all_deals`` (deals
    that contradict the player's own card too), ``unnormalized`` (not divided by the probability of the
    deals kept), ``max_values`` (MAX's values at MIN's decisions too)."""
    from ..minimax import expectiminimax
    bugs = _check_bugs(bugs)
    state, player, kept = _deals(game, deal, moves, bugs)
    sign = -1 if player == MIN and "max_values" not in bugs else 1
    total = sum(p for _, p in kept)
    out = {}
    for a in game.actions(state):
        if "uniform_deals" in bugs:
            out[a] = sum(sign * expectiminimax(game, game.result(s, a)).value for s, _ in kept) / len(kept)
        else:
            v = sum(p * sign * expectiminimax(game, game.result(s, a)).value for s, p in kept)
            out[a] = v if "unnormalized" in bugs else v / total
    return out


def buggy_clairvoyant_decision(game, deal, moves, *, bugs=()):
    """The action averaging over clairvoyance plays there: the first with the best average (ties up to
    rounding), with the bugs of :func:`buggy_clairvoyance` and: ``vote`` (each deal votes, with its
    probability, for the action best in it; the most votes win: decisions averaged, not values),
    ``last_tied`` (the last of equally good actions)."""
    from ..minimax import expectiminimax
    bugs = _check_bugs(bugs)
    state, player, kept = _deals(game, deal, moves, bugs)
    acts = tuple(game.actions(state))
    if "vote" in bugs:
        sign = -1 if player == MIN and "max_values" not in bugs else 1
        votes = dict.fromkeys(acts, 0.0)
        for s, p in kept:
            here = {a: sign * expectiminimax(game, game.result(s, a)).value for a in acts}
            votes[_first_best(acts, here)] += p
        return _first_best(acts, votes, "last_tied" in bugs)
    return _first_best(acts, buggy_clairvoyance(game, deal, moves, bugs=bugs - {"last_tied"}),
                       "last_tied" in bugs)


def _imperfect(bugs):
    """A bug model set up for each kind of partial-observability exercise, as an :class:`Outcome`
    (``value``: a set of states, a tuple of them, or the averages; ``action``: the decision)."""
    def model(kind, case):
        try:
            if kind == "predict":
                return Outcome((), frozenset(buggy_predict(case.game, case.belief, case.action, case.player,
                                                           bugs=bugs)))
            if kind == "update":
                return Outcome((), frozenset(buggy_update(case.game, case.belief, case.observed, case.player,
                                                          bugs=bugs)))
            if kind == "track":
                return Outcome((), tuple(buggy_track(case.game, case.player, case.states, case.actions,
                                                     bugs=bugs)))
            if kind == "averages":
                return Outcome((), buggy_clairvoyance(case.game, case.deal, case.moves, bugs=bugs))
            return Outcome((), None, buggy_clairvoyant_decision(case.game, case.deal, case.moves, bugs=bugs))
        except GameError as e:
            return Outcome((), error=type(e).__name__)
    return model


def _last_tied(kind, case):
    return (_imperfect({"last_tied"}) if kind == "decision" else _engine({"last_tied"}))(kind, case)


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
    Mutant("argmax_root",
           "your decision takes the move with the largest value even when MIN is to move at the root; "
           "MIN's decision is the move with the smallest value (MINIMAX-DECISION picks the best move "
           "for the player to move)",
           frozenset({"minimax", "alphabeta", "h_alphabeta"}), _engine({"argmax_root"}),
           lambda case: case.game.to_move(case.root) == MIN),
    Mutant("alpha_never_raised",
           "your MAX-VALUE never raises α (α ← MAX(α, v) after a better child): MIN nodes below it are "
           "then pruned later than they could be, or not at all",
           ALPHABETA_KINDS, _engine({"alpha_never_raised"})),
    Mutant("last_tied",
           "your decision keeps the last of several equally good moves; the textbook keeps the "
           "first (change the move only on a strictly better value, v2 > v). Under alpha-beta a "
           "later child of the root can even come back equal to the best while really being worse",
           DECISION_KINDS | {"decision"}, _last_tied),
    Mutant("overwrite_state",
           "your loop replaces the state by its child (state = game.result(state, a)), so the next "
           "action is applied to the child, not to the state itself: name the child "
           "(child = game.result(state, a)) and keep the state",
           ALL_KINDS, _engine({"overwrite_state"})),
    Mutant("overwrite_at_chance",
           "your loop over the outcomes replaces the state by the outcome's state (state = "
           "game.result(state, r)), so the next outcome is applied to the previous outcome's state: "
           "keep the state and name the outcome's state (aima-python's expect_minmax has this bug)",
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
    # Partial observability (assignment 05): PREDICT, UPDATE, tracking, averaging over clairvoyance.
    Mutant("no_opponent_moves",
           "your PREDICT stops right after your own action and leaves out the opponent's hidden moves "
           "(and chance) that follow it: carry every state on, through every move of the opponent and "
           "every outcome of chance, until you are to move again or the game is over",
           frozenset({"predict"}), _imperfect({"no_opponent_moves"})),
    Mutant("one_opponent_move",
           "your PREDICT carries each state through one move of the opponent (or of chance) only; "
           "more may come before your turn (in phantom tic-tac-toe an opponent who hears \"illegal\" "
           "moves again): carry on until you are to move again or the game is over",
           frozenset({"predict"}), _imperfect({"one_opponent_move"})),
    Mutant("drops_finished",
           "your PREDICT leaves out the games that end before your next turn; a finished game is a "
           "state of the belief too (the percept at the end says who won)",
           frozenset({"predict"}), _imperfect({"drops_finished"})),
    Mutant("no_filter",
           "your UPDATE does not filter by the percept: it returns the predicted belief state "
           "unchanged; keep only the states in which the player would perceive what it perceived",
           frozenset({"update"}), _imperfect({"no_filter"})),
    Mutant("observation_not_percept",
           "your UPDATE compares game.observation(s, player) with the percept; at the end of a game "
           "the percept also says who won: compare percept(game, s, player)",
           frozenset({"update"}), _imperfect({"observation_not_percept"})),
    Mutant("true_state",
           "your belief state is the true state alone: you updated on the true hidden state (the "
           "referee's) instead of on the player's percept of it, percept(game, state, player)",
           frozenset({"track"}), _imperfect({"true_state"})),
    Mutant("uniform_deals",
           "your averages weight every deal by 1/number-of-deals; deals need not be equally likely "
           "(a deck may hold two queens): weight each by its probability from "
           "game.chance_outcomes(game.initial_state), renormalized over the deals you keep",
           frozenset({"averages", "decision"}), _imperfect({"uniform_deals"})),
    Mutant("all_deals",
           "your averages include deals that contradict what the player sees (its own card): keep "
           "only the deals in which the player observes what it observes",
           frozenset({"averages", "decision"}), _imperfect({"all_deals"})),
    Mutant("unnormalized",
           "your averages are not divided by the probability of the deals you kept: "
           "P(s | what I know) = P(s) / (the sum of P over the deals kept), weights that sum to 1",
           frozenset({"averages"}), _imperfect({"unnormalized"})),
    Mutant("max_values",
           "your averages are MAX's values at MIN's decisions too; average the value for the player "
           "to move (for MIN, minus MAX's value)",
           frozenset({"averages", "decision"}), _imperfect({"max_values"})),
    Mutant("vote",
           "your decision averages decisions, not values: it plays the move that is best in the most "
           "(likely) deals; averaging over clairvoyance plays the move whose probability-weighted "
           "average value is best",
           frozenset({"decision"}), _imperfect({"vote"})),
)
"""The library of known bugs, in the order feedback lists them."""


# ---------------------------------------------------------------------------------------------------
# Assignments 06 and 07: max^n, 2 × 2 zero-sum games, MCTS's SELECT and BACK-PROPAGATE, TD(λ)
# ---------------------------------------------------------------------------------------------------
#
# Their bug models are written beside their grading, in gamelib.grading.multiplayer (buggy_maxn,
# buggy_zero_sum_2x2) and gamelib.grading.learning (buggy_select, buggy_backup, buggy_td), each equal
# to gamelib's own (maxn, normal_form.solve_zero_sum, mcts, td_learn) with no bug switched on.  Those
# modules import this one, so a model is looked up there when it is first run.  Their outcomes hold
# vectors and weights compared within rounding (Near), and for MCTS the first iteration at which a step
# parts from gamelib.mcts's trace.

class Near:
    """A number, or a tuple of them (nested, other items compared with ``==``), equal to another within
    rounding: what a utility vector, a value or a list of weights is compared as."""

    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return _near(self.x, other.x if isinstance(other, Near) else other)

    def __hash__(self):
        return 0

    def __repr__(self):
        return _show(self.x)


def _near(a, b) -> bool:
    a = a.x if isinstance(a, Near) else a
    b = b.x if isinstance(b, Near) else b
    if is_number(a) and is_number(b):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_near(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:                         # noqa: BLE001 -- a student's object with a broken __eq__
        return False


def _show(x) -> str:
    if isinstance(x, tuple):
        return "(" + ", ".join(_show(v) for v in x) + ("," if len(x) == 1 else "") + ")"
    if isinstance(x, float):
        return f"{x:.6g}"
    return repr(x)


def _later(module: str, factory: str, *args):
    """A bug model made by ``factory(*args)`` in ``gamelib.grading.<module>``, looked up when first run."""
    made = []

    def model(kind, case):
        if not made:
            import importlib
            made.append(getattr(importlib.import_module(f"{__package__}.{module}"), factory)(*args))
        return made[0](kind, case)
    return model


def _has_chance(case) -> bool:
    game = case.game
    states = getattr(game, "states", None)
    return states is not None and any(not game.is_terminal(s) and game.to_move(s) == CHANCE for s in states)


def _three_or_more(case) -> bool:
    return len(getattr(case.game, "player_order", ())) >= 3


def _learning(case) -> bool:
    return case.lam < 1


def _spiteful(case) -> bool:
    return case.tie == "spiteful"


def _mix_only(predicted: Outcome, got: Outcome) -> bool:
    """A 2 × 2 solution's signature is its mix (and its errors), whatever value it gives."""
    return predicted.error == got.error and predicted.action == got.action


MUTANTS += (
    # Assignment 06: max^n (gamelib.grading.multiplayer.buggy_maxn)
    Mutant("maxn_last_tied",
           "your max^n keeps the last of the children that are equally good for the player to move (and, "
           "under tie='spiteful', equally good for the others); it should keep the first, replacing it only "
           "with a strictly better child (or, under 'spiteful', one with a strictly smaller sum)",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"last_tied"})),
    Mutant("wrong_component",
           "your max^n compares the children by the next player's component; each player maximizes its "
           "own: the component i of the player to move, i = game.player_order.index(game.to_move(state))",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"wrong_component"})),
    Mutant("count_average",
           "your max^n averages the vectors at a chance node by 1/number-of-outcomes; weight each outcome's "
           "vector by its probability, from game.chance_outcomes(state)",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"count_average"}), _has_chance),
    Mutant("two_player",
           "your max^n treats the game as two-player: the first player maximizes its own component and every "
           "other player minimizes it (that is the paranoid game); in max^n every player maximizes its own",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"two_player"}), _three_or_more),
    Mutant("root_component",
           "your max^n compares the children everywhere by the component of the player to move at the root; "
           "each player maximizes its own: at every node, the component i of the player to move there, "
           "i = game.player_order.index(game.to_move(state))",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"root_component"})),
    Mutant("ignores_spiteful",
           "your max^n ignores tie='spiteful' and always keeps the first of the tied children; under "
           "'spiteful' a later tied child replaces the one kept when the sum of its components is strictly "
           "smaller (worse for the other players)",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"ignores_spiteful"}), _spiteful),
    Mutant("spiteful_equal_sums",
           "your max^n, under tie='spiteful', lets a tied child with an equal sum replace the one kept (<= where "
           "< is meant); only a strictly smaller sum replaces it: equal sums keep the first",
           frozenset({"maxn"}), _later("multiplayer", "maxn_model", {"spiteful_equal_sums"}), _spiteful),
    # Assignment 06: a 2 × 2 zero-sum game (gamelib.grading.multiplayer.buggy_zero_sum_2x2)
    Mutant("no_saddle_check",
           "your solution always uses the indifference formula; where the game has a saddle point (pure "
           "maximin = pure minimax) a pure strategy is optimal and the formula gives a probability outside "
           "[0, 1], or divides by zero: look for a saddle point first",
           frozenset({"zero_sum_2x2"}), _later("multiplayer", "zero_sum_model", {"no_saddle_check"})),
    Mutant("column_formula",
           "your p is the column player's mix, (d − b) / (a − b − c + d): the row player mixes so as to make "
           "the *column* player indifferent between its columns, p·a + (1 − p)·c = p·b + (1 − p)·d",
           frozenset({"zero_sum_2x2"}), _later("multiplayer", "zero_sum_model", {"column_formula"}),
           same=_mix_only),
    Mutant("pure_maximin",
           "your solution is the pure maximin (the best row if the row player had to reveal it first); a "
           "mixed strategy can guarantee more (von Neumann's minimax theorem: the value lies between pure "
           "maximin and pure minimax)",
           frozenset({"zero_sum_2x2"}), _later("multiplayer", "zero_sum_model", {"pure_maximin"})),
    # Assignment 07: MCTS's SELECT and BACK-PROPAGATE (gamelib.grading.learning.buggy_select, buggy_backup)
    Mutant("no_exploration",
           "your SELECT compares U/N alone: UCB1 adds the exploration term c·sqrt(ln N(parent) / N(child)), "
           "without which a child that started badly is never tried again",
           frozenset({"mcts_select"}), _later("learning", "mcts_model", "select", {"no_exploration"})),
    Mutant("child_log",
           "your SELECT takes ln of the child's visits; UCB1's exploration term is "
           "c·sqrt(ln N(parent) / N(child)), the parent's visits inside the logarithm",
           frozenset({"mcts_select"}), _later("learning", "mcts_model", "select", {"child_log"})),
    Mutant("select_last_tied",
           "your SELECT takes the last of the children with the largest UCB1; gamelib.mcts takes the first "
           "(change the choice only on a strictly larger value)",
           frozenset({"mcts_select"}), _later("learning", "mcts_model", "select", {"last_tied"})),
    Mutant("max_reward",
           "your BACK-PROPAGATE adds MAX's utility at every node; U(n) is the reward of the player who moved "
           "into n (for MIN, minus MAX's utility), so that MIN's SELECT looks for MIN's best replies",
           frozenset({"mcts_backup"}), _later("learning", "mcts_model", "backup", {"max_reward"})),
    Mutant("mover_reward",
           "your BACK-PROPAGATE adds the reward of the player to move at each node; U(n) is the reward of the "
           "player who moved into n, the one who chooses n at its parent",
           frozenset({"mcts_backup"}), _later("learning", "mcts_variants", "backup", {"mover_reward"},
                                              [{"terminal": 1}, {"terminal": 0}, {"terminal": -1}])),
    Mutant("root_visits_only",
           "your BACK-PROPAGATE counts the visit at the root only; every node on the path gets N + 1",
           frozenset({"mcts_backup"}), _later("learning", "mcts_model", "backup", {"root_visits_only"})),
    Mutant("root_not_counted",
           "your BACK-PROPAGATE does not count the playout at the root: N(root) + 1 too, since SELECT's "
           "ln N(parent) at the root is the number of playouts so far",
           frozenset({"mcts_backup"}), _later("learning", "mcts_model", "backup", {"root_not_counted"})),
    # Assignment 07: PUCT's SELECT and its value back-up (gamelib.grading.puct.buggy_puct_select, buggy_puct_backup)
    Mutant("child_sqrt",
           "your PUCT score takes √N of the child, N(s, a); the exploration term is "
           "c·P(s, a)·√N(s) / (1 + N(s, a)), the parent's visits under the square root, so that a move's bonus "
           "grows while its parent is visited and it is not (a move not yet tried gets c·P·√N(s), not 0)",
           frozenset({"puct_select"}), _later("puct", "puct_model", "puct_select", {"child_sqrt"})),
    Mutant("prior_ignored",
           "your PUCT score leaves out the prior: the exploration term is c·P(s, a)·√N(s) / (1 + N(s, a)), "
           "scaled by the policy's probability of the move, so that the search tries first the moves the "
           "network likes",
           frozenset({"puct_select"}), _later("puct", "puct_model", "puct_select", {"prior_ignored"})),
    Mutant("value_not_negated",
           "your back-up adds the value v to U at every node; v is the value for one player (the one to move "
           "at the new node), and U(n) is kept for the player who moved into n: v where that is the player v "
           "is for, −v where it is the opponent (the game is zero-sum), so the sign flips from one ply to "
           "the next",
           frozenset({"puct_backup"}), _later("puct", "puct_model", "puct_backup", {"not_negated"})),
    # Assignment 07: TD(λ) (gamelib.grading.learning.buggy_td)
    Mutant("error_sign",
           "your temporal difference has the wrong sign: δ = target − V(s) (the estimate one move later minus "
           "the estimate now), and w ← w + α·δ·e moves V(s) towards the target",
           frozenset({"td"}), _later("learning", "td_model", {"error_sign"})),
    Mutant("undecayed_trace",
           "your eligibility trace never decays: e ← λ·e + f(s), so that an error reaches back to earlier "
           "positions less and less (λ = 0 is TD(0))",
           frozenset({"td"}), _later("learning", "td_model", {"undecayed_trace"}), _learning),
    Mutant("frozen_weights",
           "your function returns the weights it was given: its updates never reach the list it returns "
           "(`for wi in w: wi += ...` changes a name, not the list; write w[i] += ...)",
           frozenset({"td"}), _later("learning", "td_model", {"frozen_weights"})),
    Mutant("stale_weights",
           "your δ is computed with the weights the game started with; it uses the weights as updated so far "
           "(V(s; w) and its target with the w of this move, after the previous moves' updates)",
           frozenset({"td"}), _later("learning", "td_model", {"stale_weights"}), lambda case: len(case.episode) > 2),
    Mutant("ignores_lambda",
           "your update ignores λ: it is TD(0) (e = f(s)) whatever λ is; the eligibility trace carries the "
           "earlier positions' features, e ← λ·e + f(s)",
           frozenset({"td"}), _later("learning", "td_model", {"ignores_lambda"}), lambda case: case.lam > 0),
    Mutant("lambda_times_sum",
           "your eligibility trace is e ← λ·(e + f(s)); the rule is e ← λ·e + f(s): the current position's "
           "features count in full, only the earlier ones decay",
           frozenset({"td"}), _later("learning", "td_model", {"lambda_times_sum"}), _learning),
    Mutant("terminal_bootstrap",
           "your last update bootstraps from the terminal state's estimate, V(s_T; w); the target of the "
           "last move is the game's result, UTILITY(s_T, MAX)",
           frozenset({"td"}), _later("learning", "td_model", {"terminal_bootstrap"})),
)

BY_NAME = {m.name: m for m in MUTANTS}


def _as_outcome(result, returns: str) -> "Outcome":
    if isinstance(result, Outcome):                  # a bug model that is not a search
        return result
    if isinstance(result, _Failed):
        return Outcome(tuple(result.visited), error=result.error)
    return outcome_of(result, returns)


def mutant_outcome(mutant: Mutant, kind: str, case: Case, returns: str) -> Outcome:
    """What ``mutant`` does on ``case``, in the terms an exercise returning ``returns`` compares (the
    first of its :class:`Variants`, if it has several)."""
    return mutant.predictions(kind, case, returns)[0]


def explains(mutant: Mutant, kind: str, returns: str, case, got: Outcome, want: Outcome) -> tuple[bool, bool]:
    """``(fits, differs)``: whether the student's outcome ``got`` on ``case`` has the bug's signature
    (one of its ways of writing it does that), and whether that way differs from the reference's
    ``want`` there."""
    options = mutant.predictions(kind, case, returns) if mutant.applies(case) else (want,)
    fits = [p for p in options if mutant.same(p, got)]
    return bool(fits), any(not mutant.same(p, want) for p in fits)


def matching_mutants(kind: str, returns: str, cases: list, student: list, expected: list) -> list:
    """The mutants that explain a student's outcomes: those that apply to the exercise, differ from
    the reference on at least one of ``cases``, and have the student's signature on every case (do
    what the student did, in the terms the bug is named by: :attr:`Mutant.same`).  ``student`` and
    ``expected`` are the student's and the reference's :class:`Outcome` per case."""
    found = []
    for mutant in MUTANTS:
        if kind not in mutant.kinds or not any(mutant.applies(c) for c in cases):
            continue
        differs = False
        for case, got, want in zip(cases, student, expected):
            fits, here = explains(mutant, kind, returns, case, got, want)
            if not fits:
                break
            differs = differs or here
        else:
            if differs:
                found.append(mutant)
    return found


def relevant(kind: str, returns: str, cases: list, expected: list) -> list:
    """The mutants of an exercise of ``kind`` that fail at least one of ``cases`` (its public cases:
    the bugs that can cost a student points there), in the order of :data:`MUTANTS`."""
    return [m for m in MUTANTS if kind in m.kinds
            and any(m.shows(kind, c, returns, e) for c, e in zip(cases, expected))]
