"""The bins games of CS221's lecture notes.

Game 1: "You choose one of the three bins.  I choose a number from that bin.  Your goal is to maximize
the chosen number."  Bins A = (-50, 50), B = (1, 3), C = (-5, 15).  You are MAX, I am MIN.

Game 2 (``Bins(coin=True)``): after you choose, a fair coin is flipped; on heads the choice moves one bin
to the left, with wrap-around (B -> A, C -> B, A -> C).  The coin is the CHANCE player.

MAX's actions are 'A', 'B', 'C'; MIN's actions are the numbers in the bin; the coin's outcomes are
'heads' and 'tails'.

``Bins(cooperative=True)`` reads the game cooperatively (CS221: "If you think I'm working with you
(unlikely), then you should pick A in hopes of getting 50"): both players want the number to be large,
so MIN's utility is the number too, not its negative.  The game is no longer zero-sum: minimax, which
reads only MAX's utility, still answers B; :func:`gamelib.maxn` reads each player's own and answers A.
"""
from __future__ import annotations

import numbers
from typing import NamedTuple

from ..core import CHANCE, MAX, MIN, ArgumentError, Game, GameError, StateError, trusted

BINS = {"A": (-50, 50), "B": (1, 3), "C": (-5, 15)}


class BinsState(NamedTuple):
    """``phase`` is 'choose' (MAX), 'coin' (CHANCE), 'pick' (MIN) or 'end'; ``bin`` the chosen bin;
    ``number`` the number MIN picked (at the end)."""

    phase: str
    bin: str | None = None
    number: int | None = None


class Bins(Game):
    """``Bins()`` is CS221's game 1; ``Bins(coin=True)`` is game 2."""

    def __init__(self, coin: bool = False, bins: dict | None = None, *, cooperative: bool = False):
        if not isinstance(coin, bool):
            raise ArgumentError(f"coin must be True or False, got {coin!r}")
        if not isinstance(cooperative, bool):
            raise ArgumentError(f"cooperative must be True or False, got {cooperative!r}")
        self.cooperative = cooperative
        if bins is not None:
            if not isinstance(bins, dict) or not bins:
                raise ArgumentError(f"bins must be a non-empty dict {{name: (number, ...)}}, got {bins!r}")
            for name, numbers_in in bins.items():
                if not isinstance(numbers_in, tuple) or not numbers_in or any(
                        isinstance(v, bool) or not isinstance(v, numbers.Real) or v != v
                        for v in numbers_in):
                    raise ArgumentError(f"bins[{name!r}] must be a non-empty tuple of numbers (the "
                                        f"numbers MIN may choose from), got {numbers_in!r}")
            if any(name in ("heads", "tails") for name in bins):
                raise ArgumentError("bins cannot be named 'heads' or 'tails' (the coin's outcomes)")
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

    @trusted
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

    @trusted
    def utility(self, state, player):
        if player == MAX:
            return state.number
        if player == MIN:
            return state.number if self.cooperative else -state.number
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a state of this bins game."""
        ok = isinstance(state, BinsState)
        if ok:
            phase, name, number = state
            try:
                ok = (phase == "choose" and name is None and number is None
                      or phase == "coin" and self.coin and name in self.bins and number is None
                      or phase == "pick" and name in self.bins and number is None
                      or phase == "end" and name in self.bins and number in self.bins[name])
            except TypeError:       # an unhashable bin name
                ok = False
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r} (bins {self.bins}): BinsState(phase, "
                             "bin, number) with phase 'choose', 'coin' (game 2), 'pick' or 'end'")

    def __repr__(self):
        args = (["coin=True"] if self.coin else []) + (["cooperative=True"] if self.cooperative else [])
        return f"Bins({', '.join(args)})"
