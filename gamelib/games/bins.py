"""CS221's bins games (seed 003).

Game 1: "You choose one of the three bins.  I choose a number from that bin.  Your goal is to maximize
the chosen number."  Bins A = (-50, 50), B = (1, 3), C = (-5, 15).  You are MAX, I am MIN.

Game 2 (``Bins(coin=True)``): after you choose, a fair coin is flipped; on heads the choice moves one bin
to the left, with wrap-around (B -> A, C -> B, A -> C).  The coin is the CHANCE player.

MAX's actions are 'A', 'B', 'C'; MIN's actions are the numbers in the bin; the coin's outcomes are
'heads' and 'tails'.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, MAX, MIN, Game

BINS = {"A": (-50, 50), "B": (1, 3), "C": (-5, 15)}


class BinsState(NamedTuple):
    """``phase`` is 'choose' (MAX), 'coin' (CHANCE), 'pick' (MIN) or 'end'; ``bin`` the chosen bin;
    ``number`` the number MIN picked (at the end)."""

    phase: str
    bin: str | None = None
    number: int | None = None


class Bins(Game):
    """``Bins()`` is CS221's game 1; ``Bins(coin=True)`` is game 2."""

    def __init__(self, coin: bool = False, bins: dict | None = None):
        self.coin = coin
        self.bins = dict(BINS if bins is None else bins)
        names = list(self.bins)
        self.left = {name: names[i - 1] for i, name in enumerate(names)}  # heads: one bin left, wrapping
        self.initial_state = BinsState("choose")

    def to_move(self, state):
        return {"choose": MAX, "coin": CHANCE, "pick": MIN}.get(state.phase, MAX)

    def actions(self, state):
        if state.phase == "choose":
            return tuple(self.bins)
        if state.phase == "pick":
            return self.bins[state.bin]
        return ()

    def chance_outcomes(self, state):
        if state.phase != "coin":
            return super().chance_outcomes(state)
        return [("heads", 0.5), ("tails", 0.5)]

    def result(self, state, action):
        if state.phase == "coin":
            if action not in ("heads", "tails"):
                raise self.illegal(state, action)
            return BinsState("pick", self.left[state.bin] if action == "heads" else state.bin)
        if action not in self.actions(state):
            raise self.illegal(state, action)
        if state.phase == "choose":
            return BinsState("coin" if self.coin else "pick", action)
        return BinsState("end", state.bin, action)

    def is_terminal(self, state):
        return state.phase == "end"

    def utility(self, state, player):
        return state.number if player == MAX else -state.number

    def __repr__(self):
        return "Bins(coin=True)" if self.coin else "Bins()"
