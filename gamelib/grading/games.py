"""Small games the exercises need and the kit's games do not offer: more than two agents.

UC Berkeley CS188's Pac-Man has one MAX agent and several ghosts, each a MIN agent, moving in turn;
its depth counts *rounds* (CS188 calls a round a ply: Pac-Man's move and every ghost's reply), where
AIMA's ply is one move by one player.  Both games here are the protocol with ``to_move`` saying MAX or
MIN, so every gamelib search runs on them unchanged; a round ends when MAX is to move again.

* :func:`agent_tree`: an explicit tree whose levels cycle MAX, MIN, MIN, ... with an estimate at
  every node (the evaluation function of a depth-limited search);
* :class:`TakeAway`: counters on a table, MAX and ``agents - 1`` opponents take one or two in turn,
  whoever takes the last counter wins; states repeat along different move orders (transpositions).
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import MAX, MIN, Game, TreeSpecError
from ..trees import ChanceSpec, GameTree, label


def agent_tree(spec, agents: int = 3, estimates: dict | None = None) -> GameTree:
    """A :class:`~gamelib.trees.GameTree` from nested lists whose levels cycle through ``agents``
    agents: MAX, then ``agents - 1`` MIN agents, then MAX again.  Labels are breadth-first A, B, C, ...
    as in :meth:`GameTree.from_nested`.  ``estimates`` (label -> number), if given, is kept as
    ``tree.estimates`` for an evaluation function.

    >>> t = agent_tree([[[1, 2], [3]], [[4]]], agents=3)
    >>> [t.to_move(s) for s in "ABCD"], t.actions("B")
    (['MAX', 'MIN', 'MIN', 'MIN'], ('b1', 'b2'))
    """
    if not isinstance(agents, int) or agents < 1:
        raise TreeSpecError(f"agents must be a whole number >= 1, got {agents!r}")
    if _has_chance(spec):
        raise TreeSpecError("agent_tree has no chance nodes; use GameTree.from_nested for those")
    GameTree.from_nested(spec)                              # validates the spec, naming any bad place
    children, players, values = {}, {}, {}
    queue, head = [(spec, 0, label(0))], 0
    while head < len(queue):
        node, level, name = queue[head]
        head += 1
        players[name] = MAX if level % agents == 0 else MIN
        if isinstance(node, (list, tuple)):
            kids = []
            for i, sub in enumerate(node, 1):
                child = label(len(queue))
                kids.append((f"{name.lower()}{i}", child))
                queue.append((sub, level + 1, child))
            children[name] = tuple(kids)
        else:
            children[name], values[name] = (), node
    tree = GameTree(children, players, values, {}, spec=None)
    tree.agents = agents
    tree.estimates = dict(estimates or {})
    return tree


def _has_chance(spec) -> bool:
    if isinstance(spec, ChanceSpec):
        return True
    return isinstance(spec, (list, tuple)) and any(_has_chance(s) for s in spec)


class TakeAwayState(NamedTuple):
    """``counters`` left on the table, ``agent`` to move (0 is MAX), and who took the last counter
    (``winner``: an agent index, or None while the game goes on)."""

    counters: int
    agent: int = 0
    winner: int | None = None


class TakeAway(Game):
    """``TakeAway(counters, agents)``: agents 0 (MAX), 1, 2, ... (MIN) take 1 or 2 counters in turn;
    whoever takes the last counter wins.  Utility for MAX: +10 if MAX took it, -10 if an opponent did.

    :meth:`evaluate` is the exercise's evaluation function: from MAX's point of view, positions where
    the counters left are a multiple of 3 with MAX to move are bad for MAX (every move leaves the
    next agent a reachable last counter), so EVAL counts them against MAX.

    >>> game = TakeAway(5, agents=3)
    >>> s = game.result(game.initial_state, 2)
    >>> s, game.to_move(s), game.actions(s)
    (TakeAwayState(counters=3, agent=1, winner=None), 'MIN', (1, 2))
    """

    def __init__(self, counters: int = 7, agents: int = 3):
        if not isinstance(counters, int) or counters < 1:
            raise ValueError(f"TakeAway needs a whole number of counters >= 1, got {counters!r}")
        if not isinstance(agents, int) or agents < 2:
            raise ValueError(f"TakeAway needs at least 2 agents, got {agents!r}")
        self.counters, self.agents = counters, agents
        self.initial_state = TakeAwayState(counters)

    def to_move(self, state):
        return MAX if state.agent == 0 else MIN

    def actions(self, state):
        if state.winner is not None:
            return ()
        return tuple(k for k in (1, 2) if k <= state.counters)

    def result(self, state, action):
        if action not in self.actions(state):
            raise self.illegal(state, action)
        left = state.counters - action
        return TakeAwayState(left, (state.agent + 1) % self.agents, state.agent if left == 0 else None)

    def is_terminal(self, state):
        return state.winner is not None

    def utility(self, state, player):
        v = 10 if state.winner == 0 else -10
        return v if player == MAX else -v

    def evaluate(self, state) -> float:
        """EVAL(s): -3 if MAX is to move with a multiple of 3 counters left, +3 if an opponent is, 0
        otherwise; terminal states get their utility halved (a search should not need this)."""
        if state.winner is not None:
            return self.utility(state, MAX) / 2
        bad = state.counters % 3 == 0
        return (-3 if state.agent == 0 else 3) if bad else 0

    def __repr__(self):
        return f"TakeAway({self.counters}, agents={self.agents})"
