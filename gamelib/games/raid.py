"""Raid: a small game of three (or more) players, for max^n, the paranoid reduction and alliances.

AIMA 4th ed. §5.2.2: "suppose A and B are in weak positions and C is in a stronger position.  Then it
is often optimal for both A and B to attack C rather than each other, lest C destroy each of them
individually.  In this way, collaboration emerges from purely selfish behavior."  Raid is the smallest
game we found where that happens.

The rules.  Players A, B, C (or any names) move in turn, A first, for a fixed number of moves in all.
Each has a score, 0 at the start.  On your move you either

* **grow**: your score goes up by 1, or
* **raid** another player: their score goes down by 2 (never below 0); yours stays.

When the moves run out, the highest score wins: the winner's utility is 1 and the others' 0; players
tied for first share the win (two tied get 1/2 each, three 1/3).  The utilities always sum to 1: a
constant-sum game, so any coalition against the rest is a zero-sum two-player game.

Growing gains 1 on both rivals; raiding gains 2 on one and nothing on the other: worth it only
against a leader you cannot otherwise catch.  A player who can no longer win is indifferent to
everything (0 whatever it does) yet still decides who wins: the **kingmaker**, max^n's tie-breaking
problem.
"""
from __future__ import annotations

import numbers
from typing import NamedTuple

from ..core import ArgumentError, Game, StateError, trusted

GROW = "grow"
SOLVE_LIMIT = 5_000_000
"""Positions (about players^moves left) beyond which :meth:`Raid.too_large_to_solve` refuses a search to
the end: max^n visits about a million a second."""


class RaidState(NamedTuple):
    """``scores``: one per player, in player order; ``turn``: the index of the player to move;
    ``moves_left``: the moves still to be played (the game ends at 0)."""

    scores: tuple
    turn: int
    moves_left: int


class Raid(Game):
    """``Raid(players=('A', 'B', 'C'), moves=9, scores=None)``: ``moves`` moves in all, starting from
    ``scores`` (default all 0) with the first player to move.  ``game.state(scores, to_move,
    moves_left)`` makes any other position."""

    def __init__(self, players=("A", "B", "C"), moves: int = 9, scores=None):
        if isinstance(players, str) or not isinstance(players, (tuple, list)) or len(players) < 2 or any(
                not isinstance(p, str) or not p or p == "CHANCE" for p in players) \
                or len(set(players)) != len(players):
            raise ArgumentError(f"players must be a tuple of at least two distinct names (strings), got "
                                f"{players!r}")
        self.player_order = tuple(players)
        if isinstance(moves, bool) or not isinstance(moves, numbers.Integral) or moves < 0:
            raise ArgumentError(f"moves must be a whole number >= 0 (moves in the whole game), got {moves!r}")
        self.moves = int(moves)
        if scores is None:
            scores = (0,) * len(players)
        elif isinstance(scores, str) or not isinstance(scores, (tuple, list)) or len(scores) != len(players) \
                or any(isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 0 for x in scores):
            raise ArgumentError(f"scores must be a tuple of {len(players)} whole numbers >= 0, one for each of "
                                f"{', '.join(map(str, players))}, got {scores!r}")
        self.initial_state = self.state(tuple(int(x) for x in scores), players[0], self.moves)
        self._actions = {p: (GROW,) + tuple(f"raid {q}" for q in players if q != p) for p in players}
        self._victim = {f"raid {q}": i for i, q in enumerate(players)}

    def state(self, scores, to_move=None, moves_left=None) -> RaidState:
        """The position with these ``scores`` (one whole number >= 0 per player), ``to_move`` (a
        player; default the first) and ``moves_left`` (default the game's ``moves``)."""
        to_move = self.player_order[0] if to_move is None else to_move
        if to_move not in self.player_order:
            raise ArgumentError(f"to_move must be one of {self.player_order}, got {to_move!r}")
        try:
            scores = tuple(scores)
        except TypeError:
            raise ArgumentError(f"scores must be a tuple of {len(self.player_order)} whole numbers, got "
                                f"{scores!r}") from None
        state = RaidState(scores, self.player_order.index(to_move),
                          self.moves if moves_left is None else moves_left)
        self.check_state(state)
        return state

    # -- the protocol (each method first refuses a state of another game: one comparison of classes) -------
    def to_move(self, state):
        if state.__class__ is not RaidState:
            self.check_state(state)
        return self.player_order[state.turn]

    def actions(self, state):
        if state.__class__ is not RaidState:
            self.check_state(state)
        return () if state.moves_left == 0 else self._actions[self.player_order[state.turn]]

    def result(self, state, action):
        if state.__class__ is not RaidState:
            self.check_state(state)
        scores, turn, left = state
        if left == 0 or not isinstance(action, str) or action not in self._actions[self.player_order[turn]]:
            raise self.illegal(state, action)
        scores = list(scores)
        if action == GROW:
            scores[turn] += 1
        else:
            victim = self._victim[action]
            scores[victim] = max(0, scores[victim] - 2)
        return RaidState(tuple(scores), (turn + 1) % len(scores), left - 1)

    def is_terminal(self, state):
        if state.__class__ is not RaidState:
            self.check_state(state)
        return state.moves_left == 0

    @trusted
    def utility(self, state, player):
        if state.__class__ is not RaidState:
            self.check_state(state)
        try:
            i = self.player_order.index(player)
        except ValueError:
            raise ArgumentError(f"utility is asked for player {player!r}, who is not a player of {self!r} "
                                f"(its players are {', '.join(map(repr, self.player_order))})") from None
        return self.shares(state)[i]

    @trusted
    def utilities(self, state) -> tuple:
        """The utility vector of a terminal state, in player order (what :func:`gamelib.maxn` asks)."""
        return self.shares(state)

    def shares(self, state) -> tuple:
        """Each player's share of the win if the game ended now: 1/k for each of the k players with
        the top score, 0 for the rest (exact fractions print as floats; an evaluation for a
        depth-limited max^n, and the utility at the end)."""
        top = max(state.scores)
        k = state.scores.count(top)
        return tuple(1 / k if s == top else 0.0 for s in state.scores)

    def margins(self, state) -> tuple:
        """Each player's score minus the best rival's: a smoother evaluation than :meth:`shares` for a
        depth-limited search (positive for the sole leader, by how much it leads)."""
        sc = state.scores
        return tuple(x - max(sc[:i] + sc[i + 1:]) for i, x in enumerate(sc))

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of this game."""
        n = len(self.player_order)
        ok = isinstance(state, RaidState) and isinstance(state.scores, tuple) and len(state.scores) == n \
            and all(not isinstance(x, bool) and isinstance(x, numbers.Integral) and x >= 0
                    for x in (*state.scores, state.turn, state.moves_left)) and state.turn < n
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}: RaidState(scores, turn, moves_left) "
                             f"with {n} scores, whole numbers >= 0, and turn in 0..{n - 1}")

    def too_large_to_solve(self, state) -> str | None:
        """More than :data:`SOLVE_LIMIT` positions below ``state``: each move offers a choice to every
        player in turn (grow, or raid one of the others), so the tree has about players^moves left."""
        n = len(self.player_order)
        if n ** state.moves_left > SOLVE_LIMIT:
            return (f"{state.moves_left} moves are left, about {n}^{state.moves_left} = "
                    f"{float(n) ** state.moves_left:.1e} positions (at most {SOLVE_LIMIT:,} can be searched to "
                    "the end in reasonable time)")
        return None

    def describe(self, state) -> str:
        """The position in words: 'A 1 · B 1 · C 4 · A to move, 3 moves left'."""
        self.check_state(state)
        scores = " · ".join(f"{p} {s}" for p, s in zip(self.player_order, state.scores))
        if state.moves_left == 0:
            return f"{scores} · game over"
        return f"{scores} · {self.to_move(state)} to move, {state.moves_left} move" \
               f"{'s' if state.moves_left != 1 else ''} left"

    def __repr__(self):
        args = [] if self.player_order == ("A", "B", "C") else [f"players={self.player_order!r}"]
        args.append(f"moves={self.moves}")
        start = getattr(self, "initial_state", None)          # None while the game is being built
        if start is not None and any(start.scores):
            args.append(f"scores={start.scores!r}")
        return f"Raid({', '.join(args)})"
