"""How a student's search is watched: the game it is handed records what it looks at.

A student writes a search on the plain protocol (``game.to_move``, ``actions``, ``result``,
``is_terminal``, ``utility``, ``chance_outcomes``) and writes no trace code.  The grader hands it a
:class:`TracedGame` instead of the game itself, as UC Berkeley CS188's autograder hands Pac-Man agents
a wrapped ``GameState`` that records the states they expand.  Here the record is finer: the *order* in
which the search arrives at each node, as :class:`gamelib.trace.Event` 'enter' events, the same events
gamelib's own searches emit, so the two traces compare node for node.

The states a :class:`TracedGame` hands out are :class:`SearchNode` objects, AIMA's search-tree nodes (4th ed.
§3.3.2: a state, the action that led to it, its parent and its depth).  A node compares, hashes and
prints as its state and passes attribute reads on to it, so a search written for states runs on nodes
unchanged.  A search *arrives* at a node the first time it asks the game anything about it (is it
terminal? whose move? which actions? its utility? a child of it?) or evaluates it; two nodes holding
the same state (a transposition, as in tic-tac-toe) are still two arrivals, exactly as in the
reference's trace.  A search that builds every child first and recurses afterwards arrives in the same
order as one that builds each child just before searching it.

>>> from gamelib import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])     # AIMA Fig. 5.2
>>> game = TracedGame(tree)
>>> def leftmost(game, state):
...     while not game.is_terminal(state):
...         state = game.result(state, game.actions(state)[0])
...     return game.utility(state, "MAX")
>>> leftmost(game, game.initial_state), game.visited
(3, ['A', 'B', 'E'])
"""
from __future__ import annotations

from ..core import MAX, MIN, Game, GameError
from ..trace import Event

TRACED_METHODS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility", "chance_outcomes",
            "player_order")


class BudgetExceeded(BaseException):
    """A search arrived at more nodes than its budget allows: it loops, or searches far too much.

    A BaseException, so a student's ``except Exception`` cannot swallow it."""


class QuestionBudgetExceeded(BudgetExceeded):
    """A search asked the game more questions than its budget allows without arriving anywhere new (a
    loop such as ``while not game.is_terminal(state): ...`` that never changes ``state``)."""


QUESTIONS_PER_NODE = 3
"""A :class:`TracedGame` with a node budget of n answers at most ``QUESTIONS_PER_NODE`` × n questions
(calls of its protocol) in all: a search asks a handful about each node it arrives at."""


class SearchNode:
    """A search-tree node (AIMA 4th ed. §3.3.2) standing for ``state``: equal to, hashed as and
    printed as its state, with attribute reads, indexing, ``len`` and iteration passed on to it."""

    __slots__ = ("_state", "_action", "_depth", "_arrived")

    def __init__(self, state, action=None, depth: int = 0):
        self._state = state
        self._action = action
        self._depth = depth
        self._arrived = False

    def __eq__(self, other):
        return self._state == unwrap(other)

    def __ne__(self, other):
        return self._state != unwrap(other)

    def __lt__(self, other):
        return self._state < unwrap(other)

    def __hash__(self):
        return hash(self._state)

    def __repr__(self):
        return repr(self._state)

    def __str__(self):
        return str(self._state)

    def __getattr__(self, name):
        return getattr(self._state, name)

    def __getitem__(self, index):
        return self._state[index]

    def __len__(self):
        return len(self._state)

    def __iter__(self):
        return iter(self._state)

    @property
    def depth(self) -> int:
        """How many moves below the node a search started from (AIMA's PATH-COST of a unit step)."""
        return self._depth


def unwrap(x):
    """The state behind a :class:`SearchNode` (anything else is returned as it is)."""
    return x._state if isinstance(x, SearchNode) else x


class TracedGame(Game):
    """``game`` behind the protocol, recording each node a search arrives at.

    ``events`` holds the 'enter' events (state, depth, the action that led there) and the 'leaf' events
    (a utility or an evaluation read, with its value), in order; ``visited`` the states arrived at.
    ``evaluate`` (an evaluation function on states) is offered to the search as :meth:`evaluate`;
    ``player_order`` is the game's (the order of its utility vectors, for more than two players).
    ``budget``: after this many arrivals the next one raises :class:`BudgetExceeded`, and after
    :data:`QUESTIONS_PER_NODE` × ``budget`` questions the next one raises
    :class:`QuestionBudgetExceeded` (a loop that asks about the same node for ever is stopped by the
    count of its questions, the same every run, rather than by a clock).
    Only the protocol is offered: a search that reads anything else of the game (a tree's leaf
    values, say) gets an AttributeError saying so.
    """

    def __init__(self, game, *, evaluate=None, policy=None, budget: int | None = None):
        self._game = game
        self.player_order = tuple(getattr(game, "player_order", (MAX, MIN)))
        self._evaluate = evaluate
        self._policy = policy
        self._budget = budget
        self._questions = None if budget is None else QUESTIONS_PER_NODE * budget
        self.questions = 0
        self.events: list[Event] = []
        self.initial_state = SearchNode(game.initial_state)

    def node(self, state) -> SearchNode:
        """A fresh root node for ``state``: where the grader starts a student's search."""
        return SearchNode(state)

    @property
    def visited(self) -> list:
        """The states the search arrived at, in order (the reference's ``SearchResult.visited``)."""
        return [e.state for e in self.events if e.kind == "enter"]

    @property
    def arrivals(self) -> int:
        return sum(1 for e in self.events if e.kind == "enter")

    # -- recording -------------------------------------------------------------------------------
    def _arrive(self, node):
        self.questions += 1
        if self._questions is not None and self.questions > self._questions:
            raise QuestionBudgetExceeded(f"the search asked the game more than {self._questions:,} questions "
                                         f"about {self.arrivals:,} nodes")
        if type(node) is not SearchNode:
            return node
        if not node._arrived:
            node._arrived = True
            if self._budget is not None and self._budget <= 0:
                raise BudgetExceeded("the search arrived at more nodes than its budget allows")
            if self._budget is not None:
                self._budget -= 1
            self.events.append(Event("enter", node._state, node._depth, action=node._action))
        return node._state

    # -- the protocol ----------------------------------------------------------------------------
    def to_move(self, state):
        return self._game.to_move(self._arrive(state))

    def actions(self, state):
        return self._game.actions(self._arrive(state))

    def is_terminal(self, state):
        return self._game.is_terminal(self._arrive(state))

    def utility(self, state, player=MAX):
        """The game's utility, recorded as a 'leaf': MAX's utility for two players (as gamelib's searches
        record it), the player's asked for in a game of more (``player_order``)."""
        s = self._arrive(state)
        v = self._game.utility(s, player)
        two = len(self.player_order) == 2 and MAX in self.player_order
        self.events.append(Event("leaf", s, _depth(state), value=self._game.utility(s, MAX) if two else v))
        return v

    def chance_outcomes(self, state):
        return list(self._game.chance_outcomes(self._arrive(state)))

    def result(self, state, action):
        s = self._arrive(state)
        child = self._game.result(s, action)
        return SearchNode(child, action, _depth(state) + 1)

    # -- what the grader offers besides the game ---------------------------------------------------
    def evaluate(self, state):
        """The exercise's evaluation function, read at ``state`` (recorded as a 'leaf')."""
        if self._evaluate is None:
            raise GameError("this exercise has no evaluation function")
        s = self._arrive(state)
        v = self._evaluate(s)
        self.events.append(Event("leaf", s, _depth(state), value=v))
        return v

    def policy(self, state):
        """The opponent's known policy at ``state``: ``{action: probability}``."""
        if self._policy is None:
            raise GameError("this exercise has no opponent policy")
        return dict(self._policy(self._arrive(state)))

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"the game handed to your search offers the game protocol only "
                             f"({', '.join(TRACED_METHODS)}); it has no {name!r}")

    def __repr__(self):
        return f"TracedGame({self._game!r})"


def _depth(x) -> int:
    return x._depth if type(x) is SearchNode else 0
