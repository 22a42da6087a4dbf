"""Small games the exercises need and the kit's games do not offer: more than two agents, and imperfect
information.

UC Berkeley CS188's Pac-Man has one MAX agent and several ghosts, each a MIN agent, moving in turn;
its depth counts *rounds* (CS188 calls a round a ply: Pac-Man's move and every ghost's reply), where
AIMA's ply is one move by one player.  Both games here are the protocol with ``to_move`` saying MAX or
MIN, so every gamelib search runs on them unchanged; a round ends when MAX is to move again.

* :func:`agent_tree`: an explicit tree whose levels cycle MAX, MIN, MIN, ... with an estimate at
  every node (the evaluation function of a depth-limited search);
* :class:`TakeAway`: counters on a table, MAX and ``agents - 1`` opponents take one or two in turn,
  whoever takes the last counter wins; states repeat along different move orders (transpositions).

And two partially observable games for assignment 05 (:mod:`gamelib.grading.imperfect`):

* :class:`SmallPoker`: Kuhn poker with any small deck (cards may repeat, so deals are not equally
  likely) and any stakes, the card game averaging over clairvoyance is graded on;
* :class:`FoggyTree`: an explicit tree, chance nodes included, where each player perceives only a
  signal at each node: random games for PREDICT and UPDATE.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import MAX, MIN, Game, StateError, TreeSpecError, trusted
from ..games.kuhn import HISTORIES, KuhnPoker, KuhnState
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


# ---------------------------------------------------------------------------------------------------
# Games of imperfect information for the partial-observability exercises (assignment 05)
# ---------------------------------------------------------------------------------------------------

RANKS = "JQKA"
"""The card ranks of :class:`SmallPoker`, lowest first."""


class SmallPoker(KuhnPoker):
    """``SmallPoker(deck="JQK", ante=1, bet=1)``: Kuhn poker (:class:`gamelib.games.KuhnPoker`) with any
    small deck, where cards may repeat, and any stakes: the card game the clairvoyance exercises are
    graded on.

    CHANCE deals one card to each player from ``deck`` (a string of ranks from J, Q, K, A; ``"JQQK"``
    holds two queens), **without replacement**, so the ordered deals are *not* equally likely: with
    ``"JQQK"`` MAX gets a queen half the time.  A deal is named by its two ranks, MAX's first
    (``"QK"``); the probability of (a, b) is n_a/N · (n_b − [a = b])/(N − 1).  Then the betting of Kuhn
    poker, inherited: ``'pass'`` or ``'bet'`` (``bet`` more), histories ``pp``, ``bp``, ``bb``, ``pbp``,
    ``pbb``; a showdown gives the pot to the higher card and splits it (0) on equal ranks.  States are
    :class:`gamelib.games.kuhn.KuhnState`; a player observes its own card and every action, which is
    also its information set (``'Qpb'``).  ``SmallPoker()`` *is* Kuhn poker, state for state.

    >>> game = SmallPoker("JQQK")
    >>> [(d, round(p, 4)) for d, p in game.chance_outcomes(game.initial_state)][:3]
    [('JQ', 0.1667), ('JK', 0.0833), ('QJ', 0.1667)]
    """

    def __init__(self, deck: str = "JQK", ante: float = 1, bet: float = 1):
        if not isinstance(deck, str) or len(deck) < 2 or any(c not in RANKS for c in deck) \
                or len(set(deck)) < 2:
            raise ValueError(f"a deck is a string of at least two cards from {RANKS!r} with at least two "
                             f"ranks, got {deck!r}")
        for name, v in (("ante", ante), ("bet", bet)):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
                raise ValueError(f"{name} must be a positive number, got {v!r}")
        super().__init__()
        self.deck = "".join(sorted(deck, key=RANKS.index))
        self.ante, self.bet = ante, bet
        n = len(self.deck)
        counts = {r: self.deck.count(r) for r in RANKS if r in self.deck}
        self._deals = tuple((a + b, counts[a] / n * (counts[b] - (a == b)) / (n - 1))
                            for a in counts for b in counts if counts[b] - (a == b) > 0)

    @trusted
    def chance_outcomes(self, state):
        if state.cards is not None:
            return Game.chance_outcomes(self, state)
        return list(self._deals)

    def result(self, state, action):
        if state.cards is None:
            if action not in dict(self._deals):
                raise self.illegal(state, action)
            return KuhnState((action[0], action[1]), "")
        return super().result(state, action)

    @trusted
    def utility(self, state, player):
        h = state.history
        if h == "bp":
            u = self.ante
        elif h == "pbp":
            u = -self.ante
        else:
            stake = self.ante if h == "pp" else self.ante + self.bet
            mine, theirs = (RANKS.index(c) for c in state.cards)
            u = stake if mine > theirs else -stake if mine < theirs else 0
        return u if player == MAX else -u

    def check_state(self, state) -> None:
        """Raise StateError unless ``state`` is a position of this game: Kuhn poker's, with a deal of
        this deck."""
        ok = isinstance(state, KuhnState) and isinstance(state.history, str) and (
            (state.cards is None and state.history == "")
            or (isinstance(state.cards, tuple) and len(state.cards) == 2
                and "".join(map(str, state.cards)) in dict(self._deals) and state.history in HISTORIES))
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}")

    def __repr__(self):
        return f"SmallPoker({self.deck!r}, ante={self.ante!r}, bet={self.bet!r})"


class FoggyTree(Game):
    """``FoggyTree(spec, seed=0, signals=2)``: the explicit tree of ``spec`` (nested lists, chance nodes
    allowed, as :meth:`GameTree.from_nested`) in a fog: at every node each player perceives only a
    signal, one of ``signals`` drawn from (``seed``, node, player), never the node itself.  Random
    partially observable games for PREDICT and UPDATE, with chance anywhere and several moves of the
    opponent and of chance between two decisions of a player.

    >>> game = FoggyTree([[1, 2], [3, 4]], seed=1)
    >>> game.observation("B", MAX) in ("signal 0", "signal 1"), game.actions("B")
    (True, ('b1', 'b2'))
    """

    def __init__(self, spec, seed=0, signals: int = 2):
        import zlib
        self.tree = GameTree.from_nested(spec)
        self.spec, self.seed, self.signals = spec, seed, signals
        self.initial_state = self.tree.initial_state
        self._fog = {(s, p): zlib.crc32(repr((seed, s, p)).encode()) % signals
                     for s in self.tree.states for p in (MAX, MIN)}

    def to_move(self, state):
        return self.tree.to_move(state)

    def actions(self, state):
        return self.tree.actions(state)

    def result(self, state, action):
        return self.tree.result(state, action)

    def is_terminal(self, state):
        return self.tree.is_terminal(state)

    def utility(self, state, player):
        return self.tree.utility(state, player)

    def chance_outcomes(self, state):
        return self.tree.chance_outcomes(state)

    def observation(self, state, player):
        """``'signal k'``: all that ``player`` perceives at ``state``."""
        return f"signal {self._fog[state, player]}"

    def __repr__(self):
        return f"FoggyTree({self.spec!r}, seed={self.seed!r})"
