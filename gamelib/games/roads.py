"""AIMA's road A / road B story (AIMA 4th ed. §5.6.2), the tiny game where averaging over clairvoyance
goes wrong, and the same game with an information-gathering action, asking the way.

    Day 1: Road A leads to a heap of gold; road B leads to a fork.  Take the left fork and you find a
    bigger heap of gold; take the right fork and you are run over by a bus.
    Day 2: the same, except that now the *right* fork leads to the bigger heap and the left to the bus.
    Day 3: the same, but you do not know which fork is which.

Averaging over clairvoyance reasons: on day 1 road B is right, on day 2 road B is right, day 3 is
day 1 or day 2, so road B is right.  It is not: at the fork you can only guess.

As a game: CHANCE first decides which fork is safe (on day 3 each with probability 1/2; on days 1 and
2 it is known and the player is told); then MAX (the only player) chooses ``'A'`` or ``'B'``, and
after ``'B'``, ``'left'`` or ``'right'``.  Utilities: ``heap`` (1) for road A, ``big_heap`` (2) for
the safe fork, ``bus`` (-10) for the other.  With ``ask_cost`` set, MAX may first ``'ask'`` the way
(it learns which fork is safe, at that cost), the information-gathering action clairvoyance never
values: in every world it imagines, it knows the way already.

>>> game = RoadGame()
>>> [s for s, _ in game.chance_outcomes(game.initial_state)]
['left', 'right']
>>> s = game.result(game.result(game.initial_state, "left"), "B")
>>> game.actions(s), game.information_set(s, MAX)
(('left', 'right'), 'fork')
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, MAX, Game


class RoadState(NamedTuple):
    """``safe``: the safe fork ('left'/'right'), None before CHANCE decides; ``path``: MAX's moves."""

    safe: str | None = None
    path: tuple = ()


class RoadGame(Game):
    """``RoadGame(day=3, *, heap=1, big_heap=2, bus=-10, ask_cost=None)``.

    ``day`` 1 or 2: the safe fork is left or right and MAX is told; day 3: it is a coin toss and MAX is
    not told.  ``ask_cost``: if given, MAX may ``'ask'`` the way first, for that price."""

    def __init__(self, day: int = 3, *, heap: float = 1, big_heap: float = 2, bus: float = -10,
                 ask_cost: float | None = None):
        if day not in (1, 2, 3):
            raise ValueError(f"day is 1, 2 or 3 (AIMA's story), not {day!r}")
        self.day, self.heap, self.big_heap, self.bus, self.ask_cost = day, heap, big_heap, bus, ask_cost
        self.initial_state = RoadState()

    def to_move(self, state):
        return CHANCE if state.safe is None else MAX

    def chance_outcomes(self, state):
        if state.safe is not None:
            return super().chance_outcomes(state)
        if self.day == 3:
            return [("left", 0.5), ("right", 0.5)]
        return [("left" if self.day == 1 else "right", 1.0)]

    def actions(self, state):
        path = tuple(a for a in state.path if a != "ask")
        if state.safe is None or self.is_terminal(state):
            return ()
        if path == ("B",):
            return ("left", "right")
        if self.ask_cost is not None and not state.path:
            return ("ask", "A", "B")
        return ("A", "B")

    def result(self, state, action):
        if state.safe is None:
            if action not in [o for o, _ in self.chance_outcomes(state)]:
                raise self.illegal(state, action)
            return RoadState(action, ())
        if action not in self.actions(state):
            raise self.illegal(state, action)
        return RoadState(state.safe, state.path + (action,))

    def is_terminal(self, state):
        path = tuple(a for a in state.path if a != "ask")
        return path == ("A",) or len(path) == 2

    def utility(self, state, player):
        path = tuple(a for a in state.path if a != "ask")
        u = self.heap if path == ("A",) else self.big_heap if path[1] == state.safe else self.bus
        if "ask" in state.path:
            u -= self.ask_cost
        return u if player == MAX else -u

    def knows_the_way(self, state) -> bool:
        """Has MAX been told which fork is safe (days 1 and 2, or after asking)?"""
        return self.day != 3 or "ask" in state.path

    def observation(self, state, player):
        """Where MAX is (``'start'``, ``'fork'``, ``'end'``), and which fork is safe once it knows
        (``'fork, left is safe'``).  MIN takes no part and sees nothing."""
        if player != MAX or state.safe is None:
            return ""
        path = tuple(a for a in state.path if a != "ask")
        where = "start" if not path else "fork" if path == ("B",) else "end"
        if "ask" in state.path and where == "start":
            where = "asked"
        return f"{where}, {state.safe} is safe" if self.knows_the_way(state) else where

    def information_set(self, state, player):
        """The observation: MAX's position and what it knows (it remembers how it got there)."""
        return self.observation(state, player)

    def __repr__(self):
        extra = "" if self.ask_cost is None else f", ask_cost={self.ask_cost}"
        return f"RoadGame(day={self.day}{extra})"
