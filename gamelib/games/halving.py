"""The halving game (CS221's lecture notes): start with N; players take turns either decrementing N or
replacing it with floor(N/2); the player left with 0 wins.

States are ``(n, player to move)``; actions are ``'-'`` (decrement) and ``'/'`` (halve).  When n is 0
the player to move has been "left with 0" and wins: utility +1 for MAX if that is MAX, else -1.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError, Game, GameError, StateError, trusted


class HalvingState(NamedTuple):
    n: int
    to_move: str


class Halving(Game):
    """``Halving(n)``: the halving game starting from ``n`` with MAX to move."""

    ACTIONS = ("-", "/")

    def __init__(self, n: int = 15):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ArgumentError(f"the halving game starts from a whole number n >= 0, got {n!r}")
        self.n = n
        self.initial_state = HalvingState(n, MAX)

    def to_move(self, state):
        return state.to_move

    def actions(self, state):
        return self.ACTIONS if state.n > 0 else ()

    def result(self, state, action):
        if action not in self.actions(state):
            raise self.illegal(state, action)
        n = state.n - 1 if action == "-" else state.n // 2
        return HalvingState(n, MIN if state.to_move == MAX else MAX)

    def is_terminal(self, state):
        return state.n == 0

    @trusted
    def utility(self, state, player):
        if player != MAX and player != MIN:
            raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")
        winner = state.to_move
        return 1 if winner == player else -1

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a ``HalvingState(n, player)``
        with a whole number n >= 0 and player MAX or MIN."""
        if not (isinstance(state, HalvingState) and type(state.n) is int and state.n >= 0
                and state.to_move in (MAX, MIN)):
            raise StateError(f"{state!r} is not a halving-game state: HalvingState(n, to_move) with a "
                             "whole number n >= 0 and to_move MAX or MIN")

    def __repr__(self):
        return f"Halving({self.n})"
