"""Guaranteed, probabilistic and accidental wins: AND-OR search over belief states (AIMA 4th ed. Fig. 4.11
applied to §5.6.1, Kriegspiel).

A **guaranteed win** (AIMA's "guaranteed checkmate") is a strategy that, for every percept sequence,
wins for *every* state of the current belief state, whatever the opponent does.  It is a conditional
plan: "do a; if you then perceive o₁ do plan₁, if o₂ do plan₂ ...".  AIMA 4th ed. Fig. 4.11 finds one::

    function AND-OR-SEARCH(problem) returns a conditional plan, or failure
        return OR-SEARCH(problem, problem.INITIAL, [])

    function OR-SEARCH(problem, state, path) returns a conditional plan, or failure
        if problem.IS-GOAL(state) then return the empty plan
        if IS-CYCLE(path) then return failure
        for each action in problem.ACTIONS(state) do
            plan ← AND-SEARCH(problem, RESULTS(state, action), [state] + path)
            if plan ≠ failure then return [action] + plan
        return failure

    function AND-SEARCH(problem, states, path) returns a conditional plan, or failure
        for each sᵢ in states do
            planᵢ ← OR-SEARCH(problem, sᵢ, path)
            if planᵢ = failure then return failure
        return [if s₁ then plan₁ else if s₂ then plan₂ else ... if sₙ₋₁ then planₙ₋₁ else planₙ]

Applied to a partially observable game (§5.6.1), the "states" of that search are **belief states** of
the player (:mod:`gamelib.imperfect.belief`): ACTIONS(b) are the player's legal actions (the same in
every state of b, which it cannot tell apart); RESULTS(b, a) are the belief states UPDATE(PREDICT(b, a),
o), one for each percept o that can arrive (the opponent's moves, every one of them, are folded into
PREDICT: the plan must beat them all, so the opponent's own belief state is irrelevant, as the notes
say); IS-GOAL(b): every state of b is a finished game the player has won.  The code follows the figure
line for line, plus a memo of the belief states already solved (exact: a failure found through a cycle
is never memoized).

Beside it:

* :func:`win_probability`: the probability that a **randomized** strategy wins (AIMA's probabilistic
  checkmate), against the worst opponent (one that sees everything) or against an opponent model;
  per state of the belief and weighted by how likely each state is.  In a game that always ends within
  a bounded number of moves, probability 1 against every opponent is the same as a guaranteed win (a
  randomized strategy wins for sure only if every pure strategy it mixes does); Kriegspiel's
  probabilistic checkmates need games without such a bound.
* :func:`accidental_wins`: the states of a belief where a given plan wins against every reply, only
  because the state happens to be one where the plan works (AIMA's accidental checkmate), and their
  total probability.  :func:`likeliest_plan` makes such a plan: it assumes the most likely states, as
  many of them as one plan can still beat.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from collections.abc import Mapping

from ..core import (CHANCE, MAX, MIN, ArgumentError, IllegalMoveError, ProbabilityError, StateError,
                    TooLargeError, check_distribution)
from ..trace import Event, recording
from ..validate import checked_chance, checked_utility, flag, function, game_state, whole
from .belief import (GameOver, as_belief, check_belief_game, percept_unchecked, predict_unchecked,
                     split_unchecked)


class Plan(NamedTuple):
    """A conditional plan: do ``action``, then follow the branch for the percept that arrives.
    ``branches`` is a tuple of ``(percept, Plan)`` pairs.  The empty plan (the game is won: nothing
    left to do) is ``Plan(None, ())``, :data:`EMPTY_PLAN`."""

    action: Any = None
    branches: tuple = ()

    def then(self, observed):
        """The sub-plan for percept ``observed`` (None if the plan does not cover it)."""
        for o, sub in self.branches:
            if o == observed:
                return sub
        return None

    @property
    def size(self) -> int:
        """The number of actions in the plan, every branch counted."""
        return (self.action is not None) + sum(sub.size for _, sub in self.branches)

    @property
    def depth(self) -> int:
        """The most actions the plan may take in one game."""
        return (self.action is not None) + max((sub.depth for _, sub in self.branches), default=0)

    def lines(self, describe=None, indent: str = "") -> list:
        """The plan as indented text lines (``describe`` renders a percept; by default the end of the
        game reads 'the game ends: won (...)')."""
        if describe is not None:
            function("describe", describe, "a function percept -> text, or None")
        describe = describe or _describe_percept
        if self.action is None:
            return [indent + "(won)"]
        out = [indent + f"play {self.action!r}"]
        many = len(self.branches) > 1
        for o, sub in self.branches:
            if many:
                out.append(indent + f"  if you perceive {describe(o)}:")
                out.extend(sub.lines(describe, indent + "    "))
            else:
                out.extend(sub.lines(describe, indent))
        return out

    def __str__(self):
        return "\n".join(self.lines())


EMPTY_PLAN = Plan()


def _describe_percept(o) -> str:
    if isinstance(o, GameOver):
        result = "won" if o.utility > 0 else "lost" if o.utility < 0 else "drawn"
        return f"the end of the game, {result} ({o.observation!r})"
    return repr(o)


class AndOrResult(NamedTuple):
    """What :func:`and_or_search` returns: :class:`~gamelib.core.SearchResult`'s four fields, then the
    plan.

    value   the guaranteed outcome from the belief state, as the trace scores it: 1.0 if there is a
            guaranteed win (AND-OR-SEARCH returns a conditional plan), 0.0 if not (it returns failure)
    action  the plan's first action (None without a plan, or for the empty plan of a game already won)
    nodes   belief states entered, memo hits included
    trace   Events, with ``trace=True``: 'enter' a belief state (``state`` is its frozenset of states),
            'leaf' at a goal, a finished game or a memo hit (value 1 if it is won, 0 if not), 'prune'
            when an action wins before the others are tried (``skipped``: the actions never tried),
            'exit' otherwise
    plan    the conditional :class:`Plan` (AIMA 4th ed. Fig. 4.11's result), or None: no guaranteed win
    """

    value: float
    action: Any
    nodes: int
    trace: list | None
    plan: Plan | None

    @property
    def found(self) -> bool:
        return self.plan is not None


def _decision(game, belief, player, name: str = "belief"):
    """``(belief, player)`` checked: a :class:`Belief` of states of ``game`` and the player it belongs
    to, who must be the one to move in every unfinished state of it (``player`` None: whoever that is,
    MAX or MIN); :class:`~gamelib.core.StateError` if the states disagree."""
    check_belief_game(game, player, optional=True)
    belief = as_belief(game, belief, name)
    movers = {game.to_move(s) for s in belief if not game.is_terminal(s)}
    if player is None:
        if len(movers) != 1 or not movers <= {MAX, MIN}:
            raise StateError(f"a belief state for a decision has MAX or MIN to move in every unfinished state; "
                             f"this one has {sorted(movers) or 'none'}")
        player = next(iter(movers))
    elif movers and movers != {player}:
        raise StateError(f"{player} is not to move in every unfinished state of the {name}: "
                         f"{', '.join(sorted(map(str, movers)))} to move there")
    return belief, player


def _actions(game, belief):
    states = list(belief)
    acts = tuple(game.actions(states[0]))
    for s in states[1:]:
        if tuple(game.actions(s)) != acts:
            raise StateError(f"the states of a belief state must have the same actions (the player cannot "
                             f"tell them apart): {acts} in {states[0]!r} but {tuple(game.actions(s))} in {s!r}")
    return acts


MAX_NODES = 100_000
"""The size guard of :func:`and_or_search`: belief states it may enter (a few thousand a second)."""


def and_or_search(game, belief, player=None, *, trace: bool = False, memo: dict | None = None,  # noqa: C901 - Fig. 4.11's pseudo-code kept whole
                  max_nodes: int | None = MAX_NODES) -> AndOrResult:
    """Is there a guaranteed win for ``player`` from ``belief`` (a :class:`Belief` or any collection of
    states it cannot tell apart, all with ``player`` to move)?  AIMA 4th ed. Fig. 4.11 over belief
    states (see the module docstring).  Returns an :class:`AndOrResult`; ``.plan`` is the conditional
    plan, or None if there is no guaranteed win.  ``memo``: a dict to share solved belief states
    between searches of one game and player (for solving many belief states).  Entering more than
    ``max_nodes`` belief states raises :class:`~gamelib.core.TooLargeError` (None lifts the guard)."""
    belief, player = _decision(game, belief, player)
    flag("trace", trace)
    if memo is not None and not isinstance(memo, dict):
        raise ArgumentError(f"memo must be a dict (shared between searches of one game and player) or None, "
                            f"got {memo!r}")
    whole("max_nodes", max_nodes, 1, none=True)
    utility = checked_utility(game)
    memo = {} if memo is None else memo
    nodes = [0]
    FAIL = None

    with recording(trace) as events:
        def is_goal(b):
            return all(game.is_terminal(s) and utility(s, player) > 0 for s in b)

        def settled(b, key, path):
            """OR-SEARCH's first lines: a belief state solved before, a goal, a finished game that is not
            a win, or a cycle (IS-CYCLE): ``(plan or FAIL, cycled, value)``; None to search on."""
            if key in memo:
                return memo[key], False, float(memo[key] is not FAIL)
            if is_goal(b):
                memo[key] = EMPTY_PLAN
                return EMPTY_PLAN, False, 1.0
            if any(game.is_terminal(s) for s in b):
                memo[key] = FAIL
                return FAIL, False, 0.0
            if key in path:
                return FAIL, True, 0.0
            return None

        def or_search(b, path, depth, via):
            """Returns (plan or FAIL, whether a cycle cut the search below)."""
            key = b.states
            nodes[0] += 1
            if max_nodes is not None and nodes[0] > max_nodes:
                raise TooLargeError(f"and_or_search entered more than max_nodes={max_nodes:,} belief states of "
                                    f"{game!r}: start from a later position, or pass max_nodes=None (or a larger "
                                    "max_nodes) to go on")
            if events is not None:
                events.append(Event("enter", key, depth, action=via))
            done = settled(b, key, path)
            if done is not None:
                if events is not None:
                    events.append(Event("leaf", key, depth, value=done[2]))
                return done[0], done[1]
            cycled = False
            acts = _actions(game, b)
            for k, action in enumerate(acts):
                plan, cyc = and_search(split_unchecked(game, predict_unchecked(game, b, action, player), player),
                                       path | {key}, depth + 1)
                cycled |= cyc
                if plan is not FAIL:
                    result = Plan(action, plan)
                    if events is not None:
                        kind = "prune" if k + 1 < len(acts) else "exit"
                        events.append(Event(kind, key, depth, value=1.0, action=action,
                                            skipped=tuple(acts[k + 1:])))
                    memo[key] = result
                    return result, cycled
            if events is not None:
                events.append(Event("exit", key, depth, value=0.0))
            if not cycled:
                memo[key] = FAIL
            return FAIL, cycled

        def and_search(groups, path, depth):
            plans, cycled = [], False
            for observed, b in groups.items():
                plan, cyc = or_search(b, path, depth, observed)
                cycled |= cyc
                if plan is FAIL:
                    return FAIL, cycled
                plans.append((observed, plan))
            return tuple(plans), cycled

        plan, _ = or_search(belief, frozenset(), 0, None)
    return AndOrResult(float(plan is not None), None if plan is None else plan.action, nodes[0], events, plan)


# ---------------------------------------------------------------------------------------------------
# Playing a plan out, and accidental wins
# ---------------------------------------------------------------------------------------------------

def _others(game, state, player, out: list, chance_outcomes):
    """Every state reached from ``state`` through chance and the opponent until ``player`` moves or the
    game ends (each path separately: the opponent may do anything)."""
    if game.is_terminal(state) or game.to_move(state) == player:
        out.append(state)
        return
    if game.to_move(state) == CHANCE:
        moves = [o for o, p in chance_outcomes(state) if p > 0]
    else:
        moves = game.actions(state)
    for a in moves:
        _others(game, game.result(state, a), player, out, chance_outcomes)


def _check_plan(game, plan, state, player):
    check_belief_game(game, player)
    if not isinstance(plan, Plan):
        raise ArgumentError(f"plan must be a Plan (e.g. and_or_search(...).plan), got {plan!r}")
    game_state(game, state)
    if game.is_terminal(state) or plan.action is None:
        return
    if game.to_move(state) != player:
        raise StateError(f"the plan is {player}'s, but {game.to_move(state)} is to move in {state!r}: a plan "
                         f"starts where its player moves")
    if plan.action not in game.actions(state):
        raise IllegalMoveError(f"the plan's first action {plan.action!r} is not legal in {state!r} "
                               f"(legal: {list(game.actions(state))}): it is a plan for another state")


def plan_outcomes(game, plan: Plan, state, player) -> set:
    """The utilities (for ``player``) of every way the game can end from ``state`` when ``player``
    follows ``plan`` and the opponent and chance do anything; ``None`` among them marks a percept the
    plan does not cover (or an action it prescribes that is illegal there)."""
    _check_plan(game, plan, state, player)
    return _plan_outcomes(game, plan, state, player, checked_utility(game), checked_chance(game))


def _plan_outcomes(game, plan, state, player, utility, chance_outcomes) -> set:
    if game.is_terminal(state):
        return {utility(state, player)}
    if plan is None or plan.action is None or plan.action not in game.actions(state):
        return {None}
    outcomes: set = set()
    reached: list = []
    _others(game, game.result(state, plan.action), player, reached, chance_outcomes)
    for s in reached:
        sub = plan.then(percept_unchecked(game, s, player))
        if sub is None:
            outcomes.add(None)
        else:
            outcomes |= _plan_outcomes(game, sub, s, player, utility, chance_outcomes)
    return outcomes


def wins_against_every_reply(game, plan: Plan, state, player) -> bool:
    """Does ``plan`` win from ``state`` whatever the opponent (and chance) do?"""
    return all(u is not None and u > 0 for u in plan_outcomes(game, plan, state, player))


def _wins(game, plan, state, player, utility, chance_outcomes) -> bool:
    return all(u is not None and u > 0 for u in _plan_outcomes(game, plan, state, player, utility,
                                                                 chance_outcomes))


class AccidentalWins(NamedTuple):
    """The states of a belief where a plan wins against every reply (``wins``: {state: probability}),
    the others (``fails``), and ``probability``: the total probability of ``wins``."""

    wins: dict
    fails: dict
    probability: float


def accidental_wins(game, belief, plan: Plan, player=None) -> AccidentalWins:
    """Split ``belief`` into the states where ``plan`` wins against every reply and the rest, weighted
    by their probabilities (AIMA's accidental checkmate: a plan that works for some states of the
    belief only)."""
    belief, player = _decision(game, belief, player)
    if not isinstance(plan, Plan):
        raise ArgumentError(f"plan must be a Plan (e.g. and_or_search(...).plan), got {plan!r}")
    utility, chance_outcomes = checked_utility(game), checked_chance(game)
    wins, fails = {}, {}
    for s, p in belief.items():
        (wins if _wins(game, plan, s, player, utility, chance_outcomes) else fails)[s] = p
    return AccidentalWins(wins, fails, sum(wins.values()))


def likeliest_plan(game, belief, player=None) -> tuple:
    """A plan for a belief with no guaranteed win: assume the most likely state, then add states in
    order of probability, keeping each one a single plan can still beat for sure.  A state the plan
    so far already beats is kept at no cost; one that no plan beats even when known is skipped;
    otherwise an AND-OR search over the assumed states decides.  Returns ``(plan, assumed states)``;
    :func:`accidental_wins` tells where the plan wins."""
    belief, player = _decision(game, belief, player)
    utility, chance_outcomes = checked_utility(game), checked_chance(game)
    assumed, plan, memo = [], None, {}
    for s in belief.most_likely(len(belief)):
        if plan is not None and _wins(game, plan, s, player, utility, chance_outcomes):
            assumed.append(s)
            continue
        if not and_or_search(game, [s], player, memo=memo).found:
            continue
        found = and_or_search(game, assumed + [s], player).plan
        if found is not None:
            assumed.append(s)
            plan = found
    return plan, assumed


# ---------------------------------------------------------------------------------------------------
# Probabilistic wins
# ---------------------------------------------------------------------------------------------------

class WinProbability(NamedTuple):
    """``per_state``: {state: probability that the strategy wins from it}; ``mean``: weighted by the
    belief's probabilities; ``worst``: the smallest over the states."""

    per_state: dict
    mean: float
    worst: float


def win_probability(game, belief, policy, player=None, *, opponent=None) -> WinProbability:
    """The probability that ``player`` wins following the randomized ``policy`` (``state -> {action:
    p}``; it must choose by what the player sees, e.g. ``gamelib.uniform(game)``), from each state of
    ``belief``.  ``opponent``: None for the worst case (an opponent who sees everything and picks,
    at each of its moves, the one that makes the win least likely) or a policy for the opponent.
    Chance by its probabilities.  Exact (memoized by state); for small positions."""
    belief, player = _decision(game, belief, player)
    function("policy", policy, "a policy, a function state -> {action: probability}")
    if opponent is not None:
        function("opponent", opponent, "an opponent's policy, a function state -> {action: probability}, or "
                 "None (the worst case)")
    utility, chance_outcomes = checked_utility(game), checked_chance(game)
    memo: dict = {}

    def distribution(who, f, s):
        dist = f(s)
        if not isinstance(dist, Mapping):
            raise ProbabilityError(f"the {who} at {s!r} returned {dist!r}, not a dict {{action: probability}}")
        return check_distribution(dist.items(), lambda: f"the {who} at {s!r}")

    def p_win(s):
        if s in memo:
            return memo[s]
        if game.is_terminal(s):
            v = 1.0 if utility(s, player) > 0 else 0.0
        else:
            mover = game.to_move(s)
            if mover == CHANCE:
                v = sum(p * p_win(game.result(s, o)) for o, p in chance_outcomes(s) if p > 0)
            elif mover == player:
                v = sum(p * p_win(game.result(s, a)) for a, p in distribution("policy", policy, s) if p > 0)
            elif opponent is None:
                v = min(p_win(game.result(s, a)) for a in game.actions(s))
            else:
                v = sum(p * p_win(game.result(s, a)) for a, p in distribution("opponent", opponent, s) if p > 0)
        memo[s] = v
        return v

    per_state = {s: p_win(s) for s in belief}
    return WinProbability(per_state, sum(belief[s] * v for s, v in per_state.items()),
                          min(per_state.values()))


__all__ = ["Plan", "EMPTY_PLAN", "AndOrResult", "and_or_search", "plan_outcomes",
           "wins_against_every_reply", "AccidentalWins", "accidental_wins", "likeliest_plan",
           "WinProbability", "win_probability", "GameOver"]
