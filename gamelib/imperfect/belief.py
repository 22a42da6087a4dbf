"""Belief states: the set of states a player cannot rule out (AIMA 4th ed. §4.4; §5.6 "players have to
act upon belief states"), kept up to date move by move for any game on the protocol.

A player who cannot see the whole state knows only its **information state**: what it perceived at
each of its decisions (``game.observation(state, player)``) and what it did.  Its **belief state** is
the set of states consistent with that.  AIMA §4.4.4 keeps it up to date in two steps, the state
estimation ``b' = UPDATE(PREDICT(b, a), o)``:

    PREDICT(b, a)   every state the action a could lead to from a state of b, *carried on through
                    everything the player does not see*: the opponent's moves (every legal one; in
                    phantom games, every try the referee refused too) and chance outcomes, up to the
                    player's next decision (or the end of the game);
    UPDATE(b̂, o)    the states of b̂ in which the player would perceive o.

POSSIBLE-PERCEPTS(b̂) lists the percepts that can arrive, each with its probability: the branches of an
AND node in :mod:`gamelib.imperfect.andor`.

The percept at the end of the game is :class:`GameOver` (the result and the last observation): the end
is announced to everybody.  A :class:`Belief` is a set of states that also carries how **likely** each
is: chance by its probabilities and the opponent by a model, a policy ``state -> {action: p}`` (default:
uniformly random over its legal moves, a model of ignorance, not of the opponent's skill).  Its ``len``
is the size of the set.
"""
from __future__ import annotations

import math
import numbers
import random
import weakref
from collections.abc import Mapping
from typing import Hashable

from ..core import (CHANCE, ArgumentError, GameError, ProbabilityError, StateError, TooLargeError,
                    check_distribution)
from ..validate import (check_game, checked_chance, function, game_state, observation_of, player as check_player,
                        python_seed, whole)
from .percepts import GameOver, percept

MAX_EXPANSION = 2_000_000
MEMO_LIMIT = 400_000


class ImpossiblePerceptError(GameError):
    """A percept that no state of the belief could produce (the belief, or the percept, is wrong)."""


def check_belief_game(game, player, *, optional: bool = False):
    """What every belief tool checks first: ``game`` is a game with an observation method, and
    ``player`` one of its players (a belief state is a player's; None too if ``optional``)."""
    check_game(game)
    observation_of(game)
    if player is not None or not optional:
        check_player("player", player, game)


def as_belief(game, belief, name: str = "belief") -> "Belief":
    """``belief`` as a :class:`Belief` of states of ``game``: a Belief, a dict {state: weight} or a
    collection of states, every state checked by the game's ``check_state`` (unless the Belief was
    made by the tools here from states of this game)."""
    if not isinstance(belief, Belief):
        if belief is None or isinstance(belief, (str, bytes)) or not isinstance(belief, (Mapping, list, tuple,
                                                                                        set, frozenset)):
            raise ArgumentError(f"{name} must be a Belief, a dict {{state: weight}} or a list of states of "
                                f"{game!r}, got {belief!r}")
        belief = Belief(belief)
    if belief.checked_for is not game:
        for state in belief:
            game_state(game, state)
    return belief


def percept_unchecked(game, state, player) -> Hashable:
    """:func:`percept` on arguments known to be good (the kit's own searches call it at every state)."""
    obs = game.observation(state, player)
    if game.is_terminal(state):
        return GameOver(game.utility(state, player), obs)
    return obs


class Belief(Mapping):
    """A belief state: ``{state: probability}``, the probabilities summing to 1.  A read-only mapping;
    ``states`` is the set (a frozenset), ``len`` its size.  Build one from a dict of weights (they are
    normalized) or from any collection of states (equally likely)."""

    checked_for = None
    """The game whose ``check_state`` every state passed (set by the tools that build beliefs from
    states of a game; a Belief built by hand is checked when a tool first gets it)."""

    def __init__(self, weights):
        if not isinstance(weights, Mapping):
            if weights is None or isinstance(weights, (str, bytes)):
                raise ArgumentError(f"weights must be a dict {{state: weight}} or a collection of states, "
                                    f"got {weights!r}")
            try:
                weights = {s: 1.0 for s in weights}
            except TypeError:
                raise ArgumentError(f"weights must be a dict {{state: weight}} or a collection of (hashable) "
                                    f"states, got {weights!r}") from None
        for s, w in weights.items():
            if isinstance(w, bool) or not isinstance(w, numbers.Real) or not w >= 0 or not math.isfinite(w):
                raise ProbabilityError(f"the weight of state {s!r} in a belief state is {w!r}: weights must "
                                       "be finite numbers >= 0")
        self._normalize(weights)

    def _normalize(self, weights):
        total = sum(weights.values())
        if not weights or not total > 0:
            raise ProbabilityError("a belief state needs at least one state of positive weight, got "
                                   f"{dict(weights)!r}")
        self._p = {s: w / total for s, w in weights.items() if w > 0}
        self.states = frozenset(self._p)

    @classmethod
    def _of(cls, game, weights) -> "Belief":
        """A Belief of states the tools here reached by the rules of ``game``, with weights they computed
        (products of probabilities): nothing to check."""
        belief = cls.__new__(cls)
        belief._normalize(weights)
        belief.checked_for = game
        return belief

    def __getitem__(self, state):
        return self._p[state]

    def __iter__(self):
        return iter(self._p)

    def __len__(self):
        return len(self._p)

    def __contains__(self, state):
        return state in self._p

    def items(self):
        return self._p.items()

    def values(self):
        return self._p.values()

    def keys(self):
        return self._p.keys()

    def most_likely(self, k: int = 1) -> list:
        """The ``k`` most probable states, most probable first (ties in the order the states arrived)."""
        whole("k", k, 0)
        return sorted(self._p, key=lambda s: -self._p[s])[:k]

    def sample(self, k: int, seed=0) -> list:
        """``k`` distinct states drawn at random (seeded), or all of them if there are no more than k."""
        whole("k", k, 0)
        seed = python_seed("seed", seed)
        states = list(self._p)
        if len(states) <= k:
            return states
        return random.Random(seed).sample(states, k)

    def __repr__(self):
        return f"<Belief of {len(self)} states>"


class _Carry:
    """Where a state leads when it is not ``player``'s turn: through chance and the opponent, to the
    player's next decision or the end, as ``{state: probability}``.  Memoized by state (a state's
    future does not depend on how it was reached), unless the opponent model is a caller's function,
    which might not be a pure function of the state."""

    def __init__(self, game, player, opponent):
        self.game, self.player, self.opponent = game, player, opponent
        self.chance_outcomes = checked_chance(game)
        self.memo: dict | None = {} if opponent is None else None
        self.visited = 0

    def __call__(self, state) -> dict:
        memo = self.memo
        if memo is not None and state in memo:
            return memo[state]
        self.visited += 1
        if self.visited > MAX_EXPANSION:
            raise TooLargeError(f"predicting {self.player}'s next decision in {self.game.__repr__()} visited more "
                                f"than {MAX_EXPANSION:,} states (gamelib.imperfect.belief.MAX_EXPANSION): does "
                                "the game loop without the player moving?")
        game = self.game
        if game.is_terminal(state) or game.to_move(state) == self.player:
            out = {state: 1.0}
        else:
            if game.to_move(state) == CHANCE:
                pairs = self.chance_outcomes(state)
            elif self.opponent is not None:
                dist = self.opponent(state)
                if not isinstance(dist, Mapping):
                    raise ProbabilityError(f"the opponent model at {state!r} returned {dist!r}, not a dict "
                                           "{action: probability}")
                pairs = check_distribution(dist.items(), lambda: f"the opponent model at {state!r}")
            else:
                acts = game.actions(state)
                pairs = [(a, 1.0 / len(acts)) for a in acts]
            out = {}
            for a, p in pairs:
                if p > 0:
                    for s, q in self(game.result(state, a)).items():
                        out[s] = out.get(s, 0.0) + p * q
        if memo is not None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            memo[state] = out
        return out


_CARRIES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _carry(game, player, opponent) -> _Carry:
    """The (shared, memoized) :class:`_Carry` of ``game`` for ``player`` under a uniformly random
    opponent, or a fresh one for a given opponent model."""
    if opponent is not None:
        return _Carry(game, player, opponent)
    try:
        per_game = _CARRIES.setdefault(game, {})
    except TypeError:
        return _Carry(game, player, None)
    if player not in per_game:        # a weak reference: the cache must not keep the game alive
        per_game[player] = _Carry(weakref.proxy(game), player, None)
    carry = per_game[player]
    carry.visited = 0
    return carry


def initial_belief(game, player, *, opponent=None) -> Belief:
    """The states ``player`` may face at its first decision, before its first percept (PREDICT from the
    initial state through chance and the opponent's moves)."""
    check_belief_game(game, player)
    _check_opponent(opponent)
    return Belief._of(game, _carry(game, player, opponent)(game.initial_state))


def predict(game, belief, action, player, *, opponent=None) -> Belief:
    """PREDICT(b, a) (AIMA 4th ed. §4.4.2): the states ``player``'s ``action`` may lead to, from every
    state of ``belief``, carried on to the player's next decision or the end of the game."""
    check_belief_game(game, player)
    _check_opponent(opponent)
    return predict_unchecked(game, as_belief(game, belief), action, player, opponent)


def predict_unchecked(game, belief, action, player, opponent=None) -> Belief:
    """:func:`predict` on arguments known to be good (the searches here call it at every node)."""
    carry = _carry(game, player, opponent)
    memo = carry.memo if carry.memo is not None else {}
    out: dict = {}
    for state, w in belief.items():
        if game.is_terminal(state) or game.to_move(state) != player:
            raise StateError(f"predict: {player} is not to move in {state!r}, a state of the belief")
        after = game.result(state, action)          # raises IllegalMoveError for an illegal action
        reached = memo.get(after)
        if reached is None:
            reached = carry(after)
        for s, q in reached.items():
            out[s] = out.get(s, 0.0) + w * q
    return Belief._of(game, out)


def possible_percepts(game, belief, player) -> dict:
    """POSSIBLE-PERCEPTS(b̂): ``{percept: probability}`` over the states of ``belief``."""
    check_belief_game(game, player)
    return _possible_percepts(game, as_belief(game, belief), player)


def _possible_percepts(game, belief, player) -> dict:
    out: dict = {}
    for state, w in belief.items():
        o = percept_unchecked(game, state, player)
        out[o] = out.get(o, 0.0) + w
    return out


def split(game, belief, player) -> dict:
    """``{percept: UPDATE(belief, percept)}`` for every possible percept (AIMA's RESULTS of a belief-state
    problem: the belief states one action can lead to)."""
    check_belief_game(game, player)
    return split_unchecked(game, as_belief(game, belief), player)


def split_unchecked(game, belief, player) -> dict:
    """:func:`split` on arguments known to be good (AND-OR search calls it at every node)."""
    groups: dict = {}
    for state, w in belief.items():
        groups.setdefault(percept_unchecked(game, state, player), {})[state] = w
    return {o: Belief._of(game, ws) for o, ws in groups.items()}


def update(game, belief, observed, player) -> Belief:
    """UPDATE(b̂, o) (AIMA 4th ed. §4.4.2): the states of ``belief`` in which ``player`` perceives
    ``observed``, renormalized.  Raises :class:`ImpossiblePerceptError` if there are none."""
    check_belief_game(game, player)
    return _update(game, as_belief(game, belief), observed, player)


def _update(game, belief, observed, player) -> Belief:
    kept = {s: w for s, w in belief.items() if percept_unchecked(game, s, player) == observed}
    if not kept:
        possible = list(_possible_percepts(game, belief, player))
        shown = ", ".join(map(repr, possible[:6])) + (", ..." if len(possible) > 6 else "")
        raise ImpossiblePerceptError(f"{player} cannot perceive {observed!r}: no state of its belief "
                                     f"({len(belief)} states) produces it; possible percepts: {shown}")
    return Belief._of(game, kept)


def _check_opponent(opponent) -> None:
    if opponent is not None:
        function("opponent", opponent, "an opponent model, a policy state -> {action: probability}, or None "
                 "(uniformly random)")


class BeliefTracker:
    """Follow one player's belief state through a game, percept by percept and action by action.

    ``BeliefTracker(game, player, *, opponent=None)``; then alternate ``observe(percept)`` at each of
    the player's decisions and ``act(action)`` after it (``step(action, percept)`` does both).
    ``belief`` is the current belief state, ``sizes`` its size after each percept, ``history`` the
    (kind, item, size) of every step.  A failed step changes nothing.
    """

    def __init__(self, game, player, *, opponent=None):
        check_belief_game(game, player)
        _check_opponent(opponent)
        self.game, self.player, self.opponent = game, player, opponent
        self.belief = initial_belief(game, player, opponent=opponent)
        self.expecting = "percept"
        self.history: list = [("start", None, len(self.belief))]
        self.sizes: list = []

    def observe(self, observed) -> Belief:
        """UPDATE with the percept just received."""
        if self.expecting != "percept":
            raise GameError(f"{self.player} must act before it perceives again")
        self.belief = _update(self.game, self.belief, observed, self.player)
        self.expecting = "action"
        self.history.append(("percept", observed, len(self.belief)))
        self.sizes.append(len(self.belief))
        return self.belief

    def act(self, action) -> Belief:
        """PREDICT through the player's own ``action`` and whatever it cannot see until its next turn."""
        if self.expecting != "action":
            raise GameError(f"{self.player} must perceive before it acts again")
        self.belief = predict_unchecked(self.game, self.belief, action, self.player, self.opponent)
        self.expecting = "percept"
        self.history.append(("action", action, len(self.belief)))
        return self.belief

    def step(self, action, observed) -> Belief:
        """``act(action)`` then ``observe(observed)``."""
        old = (self.belief, self.expecting, list(self.history), list(self.sizes))
        try:
            self.act(action)
            return self.observe(observed)
        except Exception:
            self.belief, self.expecting, self.history, self.sizes = old
            raise

    @property
    def over(self) -> bool:
        """Has the tracker seen the end of the game?"""
        return bool(self.history) and isinstance(self.history[-1][1], GameOver)

    def __repr__(self):
        return f"<BeliefTracker of {self.player} in {self.game!r}: {len(self.belief)} states>"


def track(game, player, states, actions, *, opponent=None) -> list:
    """Replay a game (its ``states`` and the ``actions`` between them, e.g. a :func:`gamelib.play`
    Playout's) from ``player``'s side: returns its belief after each percept, at each of its decisions
    and at the end.  The true state is always in it (the kit's tests check that on random play).
    ``actions[i]`` must lead from ``states[i]`` to ``states[i + 1]``.
    """
    tracker = BeliefTracker(game, player, opponent=opponent)
    for name, value in (("states", states), ("actions", actions)):
        if not isinstance(value, (list, tuple)):
            raise ArgumentError(f"{name} must be a list (a game's states and the actions between them, "
                                f"e.g. a gamelib.play Playout's), got {value!r}")
    if not states or len(actions) < len(states) - 1:
        raise ArgumentError(f"actions must hold the action taken at each state but the last, got {len(actions)} "
                            f"for {len(states)} states")
    game_state(game, states[0])          # the others are checked by being what the rules make of it
    for i, state in enumerate(states):
        if i + 1 < len(states) and game.result(state, actions[i]) != states[i + 1]:
            raise ArgumentError(f"actions[{i}] = {actions[i]!r} does not lead from states[{i}] to states[{i + 1}]: "
                                f"states and actions must be one game's record")
    beliefs = []
    for i, state in enumerate(states):
        if game.is_terminal(state) or game.to_move(state) == player:
            beliefs.append(tracker.observe(percept_unchecked(game, state, player)))
            if not game.is_terminal(state) and i < len(actions):
                tracker.act(actions[i])
    return beliefs


def beliefs_by_percept(game, player, start=None, *, max_beliefs: int = 100_000) -> dict:
    """Every belief state ``player`` can hold at its decisions from ``start`` on (default: its first
    decision), keyed by its current percept: ``{percept: Belief}``, in the order first met.

    Keying by the last percept alone is right when that percept determines the belief, whatever the
    history behind it (phantom tic-tac-toe's views do); the walk checks it on every history it meets
    and raises a :class:`~gamelib.core.GameError` where it fails.  Finished games are left out.  More
    than ``max_beliefs`` belief states raise :class:`~gamelib.core.TooLargeError` (None lifts the guard).
    """
    check_belief_game(game, player)
    whole("max_beliefs", max_beliefs, 1, none=True)
    if start is None:
        first = initial_belief(game, player)
        start = list(split_unchecked(game, first, player).values())
    elif isinstance(start, Belief):
        start = [as_belief(game, start, "start")]
    elif isinstance(start, (list, tuple)) and start:
        start = [as_belief(game, b, "start") for b in start]
    else:
        raise ArgumentError(f"start must be a Belief, a list of Beliefs, or None (the player's first "
                            f"decisions), got {start!r}")
    found: dict = {}
    frontier = list(reversed(start))
    while frontier:
        b = frontier.pop()
        o = percept_unchecked(game, next(iter(b)), player)
        if o in found:
            if found[o].states != b.states:
                raise GameError(f"two histories lead {player} to percept {o!r} with different belief "
                                f"states ({len(found[o])} and {len(b)} states): key them by the history")
            continue
        found[o] = b
        if max_beliefs is not None and len(found) > max_beliefs:
            raise TooLargeError(f"more than max_beliefs={max_beliefs:,} belief states: start from a later "
                                "position, or pass max_beliefs=None (or a larger max_beliefs) to go on")
        s0 = next(iter(b))
        for a in reversed(game.actions(s0)):
            for o2, b2 in reversed(list(split_unchecked(game, predict_unchecked(game, b, a, player), player).items())):
                if not isinstance(o2, GameOver):
                    frontier.append(b2)
    return found


def count(belief, key=None) -> int:
    """The number of states of ``belief`` (or of distinct ``key(state)``, e.g. the true board alone)."""
    if key is not None:
        function("key", key, "a function state -> what to count (e.g. the true board), or None")
    return len(belief) if key is None else len({key(s) for s in belief})


__all__ = ["Belief", "BeliefTracker", "GameOver", "ImpossiblePerceptError", "initial_belief", "percept",
           "predict", "update", "possible_percepts", "split", "track", "count", "beliefs_by_percept"]
