"""Information sets: the game tree of a small game with chance and hidden information, unfolded once and
read by every game-theoretic tool (policies, best response, exploitability, CFR, clairvoyance).

Vocabulary (AIMA 4th ed. §5.6; Osborne & Rubinstein ch. 11; OpenSpiel's names):

* a player's **information state** at a decision: everything it has perceived and done so far, the
  sequence ``(o0, a0, o1, a1, ..., ok)`` of its observations (``game.observation(state, player)``) at
  its own decisions and the actions it took there;
* an **information set**: the states that share one information state, the states the player cannot
  tell apart when it must move (nodes joined by a dashed line in the textbook pictures);
* **perfect recall**: a player never forgets what it saw or did.  Keys built from the whole history,
  as here, have it by construction.

:func:`extensive_form` walks the whole tree from ``game.initial_state`` and returns an
:class:`ExtensiveForm`: the nodes (each with its player, information-set key, children and chance
reach), and the information sets (key -> player, actions, nodes).  Keys are the history tuples above,
``(player, o0, a0, ..., ok)``, unless the game defines ``information_set(state, player)``, a readable
key (Kuhn poker's ``'Qpb'``); then that key is used and **checked** against the history: two histories
the player can tell apart must not share a key (that would be imperfect recall, or an observation
that hides something the key shows) and one history must not get two keys.

States must remember enough of the past that each one has a single information state per player (the
games here keep their history in the state); a state reached along two histories the player could
tell apart is refused with an :class:`InformationSetError`.  The walk is for small games: it refuses
trees of more than ``max_nodes`` nodes (Kuhn poker has 55).
"""
from __future__ import annotations

import weakref
from typing import Any, Hashable, NamedTuple

from ..core import CHANCE, MAX, MIN, ArgumentError, GameError, StateError, TooLargeError, check_distribution
from ..validate import (check_game, information_set_of, observation_of, two_player, utility_value,
                        whole)

TERMINAL = "TERMINAL"


class InformationSetError(GameError):
    """An information set does not exist, or a game's information sets are inconsistent (imperfect
    recall, different actions at states of one information set, a state with two histories)."""


class FormNode(NamedTuple):
    """One node of the unfolded tree (of an :class:`ExtensiveForm`).

    player       MAX, MIN, CHANCE or TERMINAL
    infoset      the key of its information set (decision nodes), else None
    actions      the legal actions (or chance outcomes), in the game's order
    children     node indices, one per action
    probs        chance probabilities (chance nodes), else ()
    utility      MAX's utility (terminal nodes), else None
    chance_reach the product of the chance probabilities on the path from the root
    depth        plies from the root
    """

    state: Hashable
    player: str
    infoset: Any
    actions: tuple
    children: tuple
    probs: tuple
    utility: float | None
    chance_reach: float
    depth: int


class InfoSet(NamedTuple):
    """An information set: its ``key``, the ``player`` to move, the legal ``actions`` (the same at
    every state of the set) and the indices of its ``nodes``, left to right."""

    key: Any
    player: str
    actions: tuple
    nodes: tuple


class ExtensiveForm:
    """The game tree of a small game, with its information sets.  Built by :func:`extensive_form`.

    ``nodes`` (list of :class:`FormNode`, depth first, the root first), ``infosets`` ({key: :class:`InfoSet`},
    in the order first met), ``index`` ({state: node index}).  Treat them as read-only: forms of one
    game share them.
    """

    def __init__(self, game, nodes: list, infosets: dict, index: dict | None = None, unfair=None):
        self.game = game
        self.nodes = nodes
        self.infosets = infosets
        self.index = {n.state: i for i, n in enumerate(nodes)} if index is None else index
        self.unfair = unfair
        """None if the game is zero-sum (MIN's utility is minus MAX's at every end), else the first end
        where it is not: ``(state, MAX's utility, MIN's utility)``."""

    @property
    def zero_sum(self) -> bool:
        """Is MIN's utility minus MAX's at every end of the tree?"""
        return self.unfair is None

    def require_zero_sum(self, name: str) -> None:
        """Refuse (:class:`~gamelib.core.ArgumentError`) a game that is not zero-sum, for ``name``, a tool
        that values MIN's payoff as minus MAX's (best response, CFR, averaging over clairvoyance)."""
        if self.unfair is not None:
            state, u, v = self.unfair
            raise ArgumentError(f"{name} is for zero-sum games (MIN's utility is minus MAX's), but at {state!r} "
                                f"MAX's utility in {self.game!r} is {u!r} and MIN's {v!r}")

    def infoset_of(self, state):
        """The key of the information set ``state`` belongs to (for the player to move there)."""
        try:
            i = self.index.get(state)
        except TypeError:                                  # unhashable: no state of any game
            i = None
        if i is None:
            raise InformationSetError(f"{state!r} is not a state of {self.game!r}'s tree")
        key = self.nodes[i].infoset
        if key is None:
            raise InformationSetError(f"{state!r} is not a decision of MAX or MIN, so it belongs to no "
                                      f"information set ({self.nodes[i].player})")
        return key

    def infoset(self, key) -> InfoSet:
        """The :class:`InfoSet` with ``key``; a clear error if there is none."""
        try:
            return self.infosets[key]
        except (KeyError, TypeError):
            keys = list(self.infosets)
            shown = ", ".join(map(repr, keys[:12])) + (", ..." if len(keys) > 12 else "")
            raise InformationSetError(f"{key!r} is not an information set of {self.game!r}; "
                                      f"its information sets are {shown}") from None

    def keys(self, player: str | None = None) -> list:
        """The information-set keys (of ``player`` only, if given)."""
        if player is not None and player != MAX and player != MIN:
            raise ArgumentError(f"player must be MAX or MIN (or None for both), got {player!r}")
        return [k for k, I in self.infosets.items() if player is None or I.player == player]

    def states(self, key) -> list:
        """The states of information set ``key``."""
        return [self.nodes[i].state for i in self.infoset(key).nodes]

    def __len__(self):
        return len(self.nodes)

    def __repr__(self):
        n_max, n_min = len(self.keys(MAX)), len(self.keys(MIN))
        return (f"<ExtensiveForm of {self.game!r}: {len(self.nodes)} nodes, information sets: "
                f"{n_max} of MAX, {n_min} of MIN>")


_CACHE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class _Unfolding:
    """The walk :func:`extensive_form` makes: the nodes and information sets met so far, and the checks
    that keep the game's information sets consistent."""

    def __init__(self, game, max_nodes):
        self.game, self.max_nodes = game, max_nodes
        self.observation = observation_of(game, InformationSetError)
        self.hook = information_set_of(game)
        self.unfair = None                   # the first end where MIN's utility is not minus MAX's
        self.nodes: list = []
        self.infosets: dict = {}
        self.seen_state: dict = {}           # state -> its (MAX history, MIN history)
        self.hook_of_history: dict = {}      # history key -> the game's key
        self.history_of_hook: dict = {}      # the game's key -> history key
        self.parent_links: list = []

    def walk(self) -> None:
        """Iterative depth-first walk; each frame: state, histories of MAX and MIN, chance reach, depth,
        and the (parent, action) link that reached it."""
        stack = [(self.game.initial_state, (MAX,), (MIN,), 1.0, 0, None)]
        while stack:
            state, hist_max, hist_min, reach, depth, link = stack.pop()
            index = len(self.nodes)
            if link is not None:
                self.parent_links.append((link, index))
            self.check_size()
            self.check_history(state, hist_max, hist_min)
            if self.game.is_terminal(state):
                self.terminal(state, reach, depth)
            elif self.game.to_move(state) == CHANCE:
                stack += self.chance(state, index, hist_max, hist_min, reach, depth)
            else:
                stack += self.decision(state, index, hist_max, hist_min, reach, depth)

    def check_size(self) -> None:
        if self.max_nodes is not None and len(self.nodes) >= self.max_nodes:
            raise TooLargeError(f"the tree of {self.game!r} has more than {self.max_nodes:,} nodes "
                                f"(max_nodes={self.max_nodes:,}): too big for the tabular tools of "
                                "gamelib.imperfect; pass max_nodes=None, or a larger max_nodes, for a bigger "
                                "small game")

    def check_history(self, state, hist_max, hist_min) -> None:
        if state in self.seen_state and self.seen_state[state] != (hist_max, hist_min):
            raise InformationSetError(f"{state!r} is reached along two histories its players can tell "
                                      "apart; make the state remember the history")
        self.seen_state[state] = (hist_max, hist_min)

    def terminal(self, state, reach, depth) -> None:
        u = utility_value(self.game.utility(state, MAX), state, MAX, finite=True)
        v = utility_value(self.game.utility(state, MIN), state, MIN, finite=True)
        if self.unfair is None and abs(u + v) > 1e-9 * max(1.0, abs(u)):
            self.unfair = (state, u, v)
        self.nodes.append(FormNode(state, TERMINAL, None, (), (), (), u, reach, depth))

    def chance(self, state, index, hist_max, hist_min, reach, depth) -> list:
        pairs = check_distribution(self.game.chance_outcomes(state), lambda: f"chance outcomes of {state!r}")
        acts = tuple(o for o, _ in pairs)
        probs = tuple(p for _, p in pairs)
        self.nodes.append(FormNode(state, CHANCE, None, acts, (), probs, None, reach, depth))
        return [(self.game.result(state, o), hist_max, hist_min, reach * p, depth + 1, (index, o))
                for o, p in reversed(pairs)]

    def decision(self, state, index, hist_max, hist_min, reach, depth) -> list:
        player = self.game.to_move(state)
        if player != MAX and player != MIN:
            raise StateError(f"{player!r} moves at {state!r}, but the players of {self.game!r} are MAX and MIN")
        acts = tuple(self.game.actions(state))
        if not acts:
            raise StateError(f"{state!r} is not terminal but has no actions: {self.game!r} must end the game "
                             "where nobody can move")
        own = (hist_max if player == MAX else hist_min) + (self.observation(state, player),)
        key = self.key(state, player, own)
        self.join(key, player, acts, index)
        self.nodes.append(FormNode(state, player, key, acts, (), (), None, reach, depth))
        frames = []
        for a in reversed(acts):
            h = own + (a,)
            frames.append((self.game.result(state, a), h if player == MAX else hist_max,
                           h if player == MIN else hist_min, reach, depth + 1, (index, a)))
        return frames

    def key(self, state, player, own):
        """The information set's key: the game's readable one, checked against the player's history
        ``own``, or the history itself."""
        key = self.hook(state, player)
        if key is None:
            return own
        if self.hook_of_history.setdefault(own, key) != key:
            raise InformationSetError(
                f"{self.game!r}.information_set gives one information state two keys, "
                f"{self.hook_of_history[own]!r} and {key!r}: it tells apart states the player's observations do not")
        if self.history_of_hook.setdefault((player, key), own) != own:
            raise InformationSetError(
                f"{self.game!r}.information_set gives the key {key!r} to two information states the player "
                f"can tell apart (imperfect recall, or an observation that hides what the key shows)")
        return key

    def join(self, key, player, acts, index) -> None:
        """Add node ``index`` to the information set ``key`` (made if new), checking it fits."""
        I = self.infosets.get(key)
        if I is None:
            self.infosets[key] = InfoSet(key, player, acts, (index,))
            return
        if I.player != player:
            raise InformationSetError(f"the key {key!r} names information sets of both MAX and MIN")
        if I.actions != acts:
            raise InformationSetError(
                f"information set {key!r} has states with different actions ({I.actions} and "
                f"{acts}): a player could tell them apart by their actions")
        self.infosets[key] = I._replace(nodes=I.nodes + (index,))

    def link_children(self) -> None:
        """Fill in every node's children, in action order."""
        kids: dict = {}
        for (parent, action), child in self.parent_links:
            kids.setdefault(parent, {})[action] = child
        for i, n in enumerate(self.nodes):
            if n.actions:
                self.nodes[i] = n._replace(children=tuple(kids[i][a] for a in n.actions))


def extensive_form(game, *, max_nodes: int | None = 200_000) -> ExtensiveForm:
    """Unfold ``game`` from its initial state into an :class:`ExtensiveForm` (memoized per game object).

    The game must have two players, MAX and MIN (and maybe CHANCE): :class:`~gamelib.core.ArgumentError`
    otherwise.  Raises :class:`InformationSetError` if the game has no ``observation`` method or if its
    information sets are inconsistent (see the module docstring), :class:`~gamelib.core.TooLargeError`
    if the tree has more than ``max_nodes`` nodes (None lifts the guard), and, where the walk meets
    them, :class:`~gamelib.core.ProbabilityError` for chance outcomes that are not a distribution,
    :class:`~gamelib.core.EvaluationError` for a utility that is not a finite number, and
    :class:`~gamelib.core.StateError` for a state that is not terminal but has no actions.
    """
    check_game(game)
    whole("max_nodes", max_nodes, 1, none=True)
    two_player(game, "extensive_form (the tabular tools of gamelib.imperfect)")
    try:
        cached = _CACHE.get(game)
    except TypeError:
        cached = None
    if cached is not None and (max_nodes is None or len(cached[0]) <= max_nodes):
        return ExtensiveForm(game, *cached)
    walk = _Unfolding(game, max_nodes)
    walk.walk()
    walk.link_children()
    form = ExtensiveForm(game, walk.nodes, walk.infosets, unfair=walk.unfair)
    try:
        # The cache keeps the tree, not the form: a value referring to its key would keep the game alive.
        _CACHE[game] = (walk.nodes, walk.infosets, form.index, walk.unfair)
    except TypeError:
        pass
    return form
