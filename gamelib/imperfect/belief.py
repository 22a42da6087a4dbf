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

import random
import weakref
from collections.abc import Mapping

from ..core import CHANCE, MAX, MIN, GameError
from .percepts import GameOver, percept

MAX_EXPANSION = 2_000_000
MEMO_LIMIT = 400_000


class ImpossiblePerceptError(GameError):
    """A percept that no state of the belief could produce (the belief, or the percept, is wrong)."""


def _check_game(game, player=None):
    if not callable(getattr(game, "observation", None)):
        raise GameError(f"{game!r} has no observation(state, player) method, so a player's percepts are "
                        "not defined; a belief tool needs one (gamelib.core.Game provides one)")
    if player is not None and player not in (MAX, MIN):
        raise GameError(f"a belief state belongs to MAX or MIN, not {player!r}")


class Belief(Mapping):
    """A belief state: ``{state: probability}``, the probabilities summing to 1.  A read-only mapping;
    ``states`` is the set (a frozenset), ``len`` its size.  Build one from a dict of weights (they are
    normalized) or from any collection of states (equally likely)."""

    def __init__(self, weights):
        if not isinstance(weights, Mapping):
            weights = {s: 1.0 for s in weights}
        total = sum(weights.values())
        if not weights or not total > 0:
            raise GameError("a belief state needs at least one state of positive weight")
        self._p = {s: w / total for s, w in weights.items() if w > 0}
        self.states = frozenset(self._p)

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
        return sorted(self._p, key=lambda s: -self._p[s])[:k]

    def sample(self, k: int, seed=0) -> list:
        """``k`` distinct states drawn at random (seeded), or all of them if there are no more than k."""
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
        self.memo: dict | None = {} if opponent is None else None
        self.visited = 0

    def __call__(self, state) -> dict:
        memo = self.memo
        if memo is not None and state in memo:
            return memo[state]
        self.visited += 1
        if self.visited > MAX_EXPANSION:
            raise GameError(f"predicting {self.player}'s next decision in {self.game.__repr__()} visited more than "
                            f"{MAX_EXPANSION} states (does the game loop without the player moving?)")
        game = self.game
        if game.is_terminal(state) or game.to_move(state) == self.player:
            out = {state: 1.0}
        else:
            if game.to_move(state) == CHANCE:
                pairs = game.chance_outcomes(state)
            elif self.opponent is not None:
                pairs = list(self.opponent(state).items())
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
    _check_game(game, player)
    return Belief(_carry(game, player, opponent)(game.initial_state))


def predict(game, belief, action, player, *, opponent=None) -> Belief:
    """PREDICT(b, a) (AIMA 4th ed. §4.4.2): the states ``player``'s ``action`` may lead to, from every
    state of ``belief``, carried on to the player's next decision or the end of the game."""
    _check_game(game, player)
    belief = belief if isinstance(belief, Belief) else Belief(belief)
    carry = _carry(game, player, opponent)
    memo = carry.memo if carry.memo is not None else {}
    out: dict = {}
    for state, w in belief.items():
        if game.is_terminal(state) or game.to_move(state) != player:
            raise GameError(f"predict: {player} is not to move in {state!r}")
        after = game.result(state, action)          # raises IllegalMoveError for an illegal action
        reached = memo.get(after)
        if reached is None:
            reached = carry(after)
        for s, q in reached.items():
            out[s] = out.get(s, 0.0) + w * q
    return Belief(out)


def possible_percepts(game, belief, player) -> dict:
    """POSSIBLE-PERCEPTS(b̂): ``{percept: probability}`` over the states of ``belief``."""
    _check_game(game, player)
    out: dict = {}
    for state, w in belief.items():
        o = percept(game, state, player)
        out[o] = out.get(o, 0.0) + w
    return out


def split(game, belief, player) -> dict:
    """``{percept: UPDATE(belief, percept)}`` for every possible percept (AIMA's RESULTS of a belief-state
    problem: the belief states one action can lead to)."""
    _check_game(game, player)
    groups: dict = {}
    for state, w in belief.items():
        groups.setdefault(percept(game, state, player), {})[state] = w
    return {o: Belief(ws) for o, ws in groups.items()}


def update(game, belief, observed, player) -> Belief:
    """UPDATE(b̂, o) (AIMA 4th ed. §4.4.2): the states of ``belief`` in which ``player`` perceives
    ``observed``, renormalized.  Raises :class:`ImpossiblePerceptError` if there are none."""
    _check_game(game, player)
    kept = {s: w for s, w in belief.items() if percept(game, s, player) == observed}
    if not kept:
        possible = list(possible_percepts(game, belief, player))
        shown = ", ".join(map(repr, possible[:6])) + (", ..." if len(possible) > 6 else "")
        raise ImpossiblePerceptError(f"{player} cannot perceive {observed!r}: no state of its belief "
                                     f"({len(belief)} states) produces it; possible percepts: {shown}")
    return Belief(kept)


class BeliefTracker:
    """Follow one player's belief state through a game, percept by percept and action by action.

    ``BeliefTracker(game, player, *, opponent=None)``; then alternate ``observe(percept)`` at each of
    the player's decisions and ``act(action)`` after it (``step(action, percept)`` does both).
    ``belief`` is the current belief state, ``sizes`` its size after each percept, ``history`` the
    (kind, item, size) of every step.  A failed step changes nothing.
    """

    def __init__(self, game, player, *, opponent=None):
        _check_game(game, player)
        self.game, self.player, self.opponent = game, player, opponent
        self.belief = initial_belief(game, player, opponent=opponent)
        self.expecting = "percept"
        self.history: list = [("start", None, len(self.belief))]
        self.sizes: list = []

    def observe(self, observed) -> Belief:
        """UPDATE with the percept just received."""
        if self.expecting != "percept":
            raise GameError(f"{self.player} must act before it perceives again")
        self.belief = update(self.game, self.belief, observed, self.player)
        self.expecting = "action"
        self.history.append(("percept", observed, len(self.belief)))
        self.sizes.append(len(self.belief))
        return self.belief

    def act(self, action) -> Belief:
        """PREDICT through the player's own ``action`` and whatever it cannot see until its next turn."""
        if self.expecting != "action":
            raise GameError(f"{self.player} must perceive before it acts again")
        self.belief = predict(self.game, self.belief, action, self.player, opponent=self.opponent)
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
    and at the end.  The true state is always in it (tests/test_belief.py checks that on random play).
    """
    tracker = BeliefTracker(game, player, opponent=opponent)
    beliefs = []
    for i, state in enumerate(states):
        if game.is_terminal(state) or game.to_move(state) == player:
            beliefs.append(tracker.observe(percept(game, state, player)))
            if not game.is_terminal(state):
                tracker.act(actions[i])
    return beliefs


def beliefs_by_percept(game, player, start=None, *, max_beliefs: int = 100_000) -> dict:
    """Every belief state ``player`` can hold at its decisions from ``start`` on (default: its first
    decision), keyed by its current percept: ``{percept: Belief}``, in the order first met.

    Keying by the last percept alone is right when that percept determines the belief, whatever the
    history behind it (phantom tic-tac-toe's views do); the walk checks it on every history it meets
    and raises a :class:`~gamelib.core.GameError` where it fails.  Finished games are left out.
    """
    _check_game(game, player)
    if start is None:
        first = initial_belief(game, player)
        start = list(split(game, first, player).values())
    elif isinstance(start, Belief):
        start = [start]
    found: dict = {}
    frontier = list(reversed(start))
    while frontier:
        b = frontier.pop()
        o = percept(game, next(iter(b)), player)
        if o in found:
            if found[o].states != b.states:
                raise GameError(f"two histories lead {player} to percept {o!r} with different belief "
                                f"states ({len(found[o])} and {len(b)} states): key them by the history")
            continue
        found[o] = b
        if len(found) > max_beliefs:
            raise GameError(f"more than {max_beliefs} belief states: start from a later position")
        s0 = next(iter(b))
        for a in reversed(game.actions(s0)):
            for o2, b2 in reversed(list(split(game, predict(game, b, a, player), player).items())):
                if not isinstance(o2, GameOver):
                    frontier.append(b2)
    return found


def count(belief, key=None) -> int:
    """The number of states of ``belief`` (or of distinct ``key(state)``, e.g. the true board alone)."""
    return len(belief) if key is None else len({key(s) for s in belief})


__all__ = ["Belief", "BeliefTracker", "GameOver", "ImpossiblePerceptError", "initial_belief", "percept",
           "predict", "update", "possible_percepts", "split", "track", "count", "beliefs_by_percept"]
