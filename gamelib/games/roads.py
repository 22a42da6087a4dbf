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

from ..core import CHANCE, MAX, MIN, ArgumentError, Game, StateError, trusted


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
        from ..validate import number, whole
        whole("day", day, 1, 3, unit="AIMA's story: 1, 2 or 3")
        for name, value in (("heap", heap), ("big_heap", big_heap), ("bus", bus)):
            number(name, value, what="a finite number (a utility)")
        number("ask_cost", ask_cost, least=0, none=True, what="a finite number (the price of asking)")
        self.day, self.heap, self.big_heap, self.bus, self.ask_cost = int(day), heap, big_heap, bus, ask_cost
        self.initial_state = RoadState()

    # Each method first refuses a state of another game (StateError): one comparison of classes.
    def to_move(self, state):
        if state.__class__ is not RoadState:
            self.check_state(state)
        return CHANCE if state.safe is None else MAX

    @trusted
    def chance_outcomes(self, state):
        if state.__class__ is not RoadState:
            self.check_state(state)
        if state.safe is not None:
            return super().chance_outcomes(state)
        if self.day == 3:
            return [("left", 0.5), ("right", 0.5)]
        return [("left" if self.day == 1 else "right", 1.0)]

    def actions(self, state):
        if state.__class__ is not RoadState:
            self.check_state(state)
        path = tuple(a for a in state.path if a != "ask")
        if state.safe is None or self.is_terminal(state):
            return ()
        if path == ("B",):
            return ("left", "right")
        if self.ask_cost is not None and not state.path:
            return ("ask", "A", "B")
        return ("A", "B")

    def result(self, state, action):
        if state.__class__ is not RoadState:
            self.check_state(state)
        if state.safe is None:
            if action not in [o for o, _ in self.chance_outcomes(state)]:
                raise self.illegal(state, action)
            return RoadState(action, ())
        if action not in self.actions(state):
            raise self.illegal(state, action)
        return RoadState(state.safe, state.path + (action,))

    def is_terminal(self, state):
        if state.__class__ is not RoadState:
            self.check_state(state)
        path = tuple(a for a in state.path if a != "ask")
        return path == ("A",) or len(path) == 2

    @trusted
    def utility(self, state, player):
        if not self.is_terminal(state):
            raise StateError(f"{state!r} is not a finished game of {self!r}: only those have a utility")
        _check_player(player)
        path = tuple(a for a in state.path if a != "ask")
        u = self.heap if path == ("A",) else self.big_heap if path[1] == state.safe else self.bus
        if "ask" in state.path:
            u -= self.ask_cost
        return u if player == MAX else -u

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of this game: the safe
        fork undecided (and no move yet) or one that chance can choose today, and a path the rules
        allow ('ask' first if asking is offered, then 'A', or 'B' and a fork)."""
        try:
            ok = isinstance(state, RoadState) and isinstance(state.path, tuple) and (
                (state.safe is None and state.path == ())
                or (state.safe in [o for o, _ in self.chance_outcomes(self.initial_state)]
                    and _walks(self, state.path)))
        except TypeError:
            ok = False
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}: RoadState(safe, path) with safe None "
                             "(before chance decides, path ()) or the fork chance chose, and a path of moves "
                             "the rules allow, such as ('B', 'left')")

    def knows_the_way(self, state) -> bool:
        """Has MAX been told which fork is safe (days 1 and 2, or after asking)?"""
        return self.day != 3 or "ask" in state.path

    def observation(self, state, player):
        """Where MAX is (``'start'``, ``'fork'``, ``'end'``), and which fork is safe once it knows
        (``'fork, left is safe'``).  MIN takes no part and sees nothing."""
        if state.__class__ is not RoadState:
            self.check_state(state)
        _check_player(player)
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


def _walks(game, path) -> bool:
    """Is ``path`` a sequence of MAX's moves the rules allow from the start ('ask' first if offered)?"""
    moves = list(path)
    if moves[:1] == ["ask"] and game.ask_cost is not None:
        moves = moves[1:]
    return moves in ([], ["A"], ["B"], ["B", "left"], ["B", "right"])


def _check_player(player) -> None:
    if player != MAX and player != MIN:
        raise ArgumentError(f"player must be MAX or MIN, got {player!r}")
