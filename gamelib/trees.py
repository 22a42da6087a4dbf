"""Explicit game trees, as drawn in the lecture notes, implementing the same protocol as every game.

Write a tree as nested lists of numbers: a list is a decision node, a number is a terminal whose value
is MAX's utility.  The root is MAX and the players alternate down the tree::

    >>> fig_5_2 = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA Fig. 5.2
    >>> fig_5_2.actions("A")
    ('a1', 'a2', 'a3')

Nodes are labelled breadth-first A, B, C, ..., Z, AA, AB, ... as in the textbook, and those labels are
the states.  The actions out of a node are its label in lower case followed by 1, 2, 3, ... (AIMA's
a1, a2, a3 out of A; b1, b2, b3 out of B).

Chance nodes are written with :func:`chance`: ``chance((0.9, [2, 3]), (0.1, [1, 4]))``.  A chance node
does not take a turn: the decision nodes below it belong to the opponent of the decision node above it
(MAX -> CHANCE -> MIN, as in AIMA Fig. 5.11 and CS221's coin game).

More than two players (AIMA 4th ed. §5.2.2): name them, and write each leaf as a tuple, the **utility
vector** in player order.  The players take turns level by level, the first at the root::

    >>> three = GameTree.from_nested([[(1, 2, 3), (4, 2, 1)], [(6, 1, 2), (7, 4, 1)]],
    ...                              players=("A", "B", "C"))
    >>> three.to_move("A"), three.to_move("B"), three.utility("D", "C")
    ('A', 'B', 3)

Lists are decision nodes and tuples leaves; :func:`gamelib.maxn` searches such trees.  A tuple in a
two-player spec (no ``players=``) is refused: it is a utility vector, written without saying whose.
"""
from __future__ import annotations

import math
import numbers
import random as _random
from typing import Any, NamedTuple

from .core import (CHANCE, MAX, MIN, ArgumentError, Game, GameError, StateError, TreeSpecError, opponent,
                   trusted)
from .validate import renamed


class ChanceSpec(NamedTuple):
    """A chance node inside a nested-list spec: ``(probability, subtree)`` pairs."""

    branches: tuple


def chance(*branches) -> ChanceSpec:
    """A chance node for a nested-list spec: ``chance((p1, subtree1), (p2, subtree2), ...)``."""
    return ChanceSpec(tuple(branches))


def label(index: int) -> str:
    """The textbook-style label of the node at breadth-first ``index``: A..Z, AA..AZ, BA, ..."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def _action_text(action) -> str:
    """A game's action as an edge label: a number as it is, anything else as Python writes it
    (``'B'``, ``'heads'``, ``(1, 1)``), so a move never reads as a node label."""
    if isinstance(action, numbers.Real) and not isinstance(action, bool):
        return str(action)
    return repr(action)


def _where(path) -> str:
    return "spec" + "".join(f"[{i}]" for i in path)


class GameTree(Game):
    """An explicit game tree: the states are node labels ('A' is the root).

    Build one with :meth:`from_nested` or :meth:`random`.  ``tree.leaf_values[label]`` holds the leaves'
    utilities for MAX; ``tree.children[label]`` the ``(action, child)`` pairs of a node, in order.
    A tree of named players (``from_nested(spec, players=...)``) has ``player_order`` = those players
    and holds each leaf's utility vector, a tuple in that order, in ``leaf_values``.
    """

    def __init__(self, children: dict, players: dict, leaf_values: dict, probabilities: dict,
                 spec: Any = None, player_order: tuple | None = None):
        _check_parts(children, players, leaf_values, probabilities)
        self.vectors = player_order is not None   # leaves hold utility vectors, not MAX's utility
        if self.vectors:
            self.player_order = _check_players(player_order)
            self._index = {p: i for i, p in enumerate(self.player_order)}
        _check_values(leaf_values, probabilities, self.player_order if self.vectors else None)
        self.children = children          # label -> tuple of (action, child label)
        self.players = players            # label -> MAX / MIN / CHANCE
        self.leaf_values = leaf_values    # label -> MAX's utility, for terminal labels
        self.probabilities = probabilities  # label -> tuple of probabilities, for chance labels
        self.spec = spec
        self.initial_state = "A"
        self._result = {s: dict(kids) for s, kids in children.items()}
        self._actions = {s: tuple(a for a, _ in kids) for s, kids in children.items()}

    # -- the protocol ------------------------------------------------------------------------------
    # (A label that is not a node raises StateError naming it; the try blocks cost nothing otherwise.)
    def to_move(self, state):
        try:
            return self.players[state]
        except (KeyError, TypeError):
            raise self._not_a_node(state) from None

    def actions(self, state):
        try:
            return self._actions[state]
        except (KeyError, TypeError):
            raise self._not_a_node(state) from None

    def result(self, state, action):
        try:
            return self._result[state][action]
        except KeyError:
            if state not in self.players:
                raise TreeSpecError(f"{state!r} is not a node of this tree") from None
            raise self.illegal(state, action) from None

    def is_terminal(self, state):
        try:
            return not self._actions[state]
        except (KeyError, TypeError):
            raise self._not_a_node(state) from None

    @trusted                            # the leaves are checked when the tree is built
    def utility(self, state, player):
        try:
            v = self.leaf_values[state]
        except (KeyError, TypeError):
            if _hashable(state) and state in self.players:
                raise GameError(f"{state!r} is not a terminal node: only leaves have a utility") from None
            raise self._not_a_node(state) from None
        if self.vectors:
            try:
                return v[self._index[player]]
            except (KeyError, TypeError):
                raise GameError(f"utility is asked for player {player!r}, who is not a player of this "
                                f"tree (its players are {', '.join(map(repr, self.player_order))})") from None
        if player == MAX:
            return v
        if player == MIN:
            return -v
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    @trusted
    def utilities(self, state) -> tuple:
        """The utility vector of leaf ``state`` in ``player_order`` (⟨v, −v⟩ on a two-player tree)."""
        v = self.leaf_values.get(state) if _hashable(state) else None
        if v is None:
            self.utility(state, self.player_order[0])       # raises the right error
        return v if self.vectors else (v, -v)

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a node label of this tree."""
        if not _hashable(state) or state not in self.players:
            raise self._not_a_node(state)

    def _not_a_node(self, state) -> StateError:
        some = ", ".join(repr(s) for s in list(self.players)[:5])
        return StateError(f"{state!r} is not a node of this tree (its states are the labels {some}"
                          f"{', ...' if len(self.players) > 5 else ''})")

    @trusted
    def chance_outcomes(self, state):
        if self.to_move(state) != CHANCE:
            return super().chance_outcomes(state)
        return list(zip(self._actions[state], self.probabilities[state]))

    # -- conveniences ------------------------------------------------------------------------------
    @property
    def states(self) -> list:
        """All node labels, breadth-first."""
        return list(self.players)

    @property
    def leaves(self) -> list:
        """The terminal labels, left to right."""
        return [s for s in self.players if not self._actions[s]]

    def parent(self, state):
        """The parent label of ``state`` (None for the root)."""
        self.check_state(state)
        return self._parents.get(state)

    @property
    def _parents(self):
        if not hasattr(self, "_parent_map"):
            self._parent_map = {c: s for s, kids in self.children.items() for _, c in kids}
        return self._parent_map

    def depth(self) -> int:
        """The number of plies from the root to the deepest leaf."""
        height = {}
        for s in reversed(self.players):     # breadth-first labels: children come after parents
            height[s] = 1 + max((height[c] for _, c in self.children[s]), default=-1)
        return height[self.initial_state]

    def __len__(self):
        return len(self.players)

    def __repr__(self):
        if self.spec is not None:
            try:
                if self.vectors:
                    return f"GameTree.from_nested({self.spec!r}, players={self.player_order!r})"
                return f"GameTree.from_nested({self.spec!r})"
            except RecursionError:          # nested too deep for repr
                pass
        return f"<GameTree with {len(self)} nodes>"

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def from_nested(cls, spec, root: str | None = None, *, players=None) -> "GameTree":
        """Build a tree from nested lists (see the module docstring).  ``root`` may be MAX (the
        default) or MIN.

        ``players=("A", "B", "C")``: a tree of those players (any number, at least two), who take turns
        level by level from the first (or from ``root``, one of them); every leaf is a tuple of their
        utilities in that order, the utility vector of AIMA 4th ed. §5.2.2.

        Raises :class:`~gamelib.core.TreeSpecError` naming the position of the first problem, e.g.
        ``spec[1][2]: a node needs at least one child``.
        """
        if players is not None:
            order = _check_players(players)
            root = order[0] if root is None else root
            if not _hashable(root) or root not in order:
                raise TreeSpecError(f"root must be one of the players {order!r}, not {root!r}")
            following = {p: order[(i + 1) % len(order)] for i, p in enumerate(order)}
            opponent_of = following.__getitem__
        else:
            order, opponent_of = None, opponent
            root = MAX if root is None else root
            if not isinstance(root, str) or root not in (MAX, MIN):
                raise TreeSpecError(f"root must be MAX or MIN, not {root!r}")
        _validate(spec, order)
        children, players, values, probs = {}, {}, {}, {}
        # Breadth-first labelling: queue of (spec, player, label).
        queue = [(spec, root, label(0))]
        counter = 1
        head = 0
        while head < len(queue):
            node, player, name = queue[head]
            head += 1
            if isinstance(node, ChanceSpec):
                players[name] = CHANCE
                kids, ps = [], []
                for i, (p, sub) in enumerate(node.branches, 1):
                    child = label(counter)
                    counter += 1
                    kids.append((f"{name.lower()}{i}", child))
                    ps.append(float(p))
                    queue.append((sub, player, child))   # chance keeps the turn of the node above
                children[name], probs[name] = tuple(kids), tuple(ps)
            elif isinstance(node, list):
                players[name] = player
                kids = []
                for i, sub in enumerate(node, 1):
                    child = label(counter)
                    counter += 1
                    kids.append((f"{name.lower()}{i}", child))
                    queue.append((sub, opponent_of(player), child))
                children[name] = tuple(kids)
            else:
                players[name] = player
                children[name] = ()
                values[name] = node
        return cls(children, players, values, probs, spec=spec, player_order=order)

    @classmethod
    def from_game(cls, game, state=None, *, max_nodes: int = 5000) -> "GameTree":
        """Unfold a small game below ``state`` into an explicit tree, to draw or explore it.

        Labels are breadth-first as usual; actions keep the game's names; ``tree.game_state[label]``
        is the game state behind each label.  Refuses trees of more than ``max_nodes`` nodes.  The
        leaves hold MAX's utility, or each leaf's utility vector (in ``game.player_order``) if the game
        has other players or is not zero-sum (``Bins(cooperative=True)``).

        The game's moves would clash with the node labels in a picture (CS221's bins are called A, B,
        C, and so are the nodes: "choose B" would lead to node C).  So ``tree.action_labels[(label,
        action)]`` writes each move as Python writes the game's action, ``'B'`` for the string B, and
        the pictures label the edges with it; numbers stay plain (``-50``).
        """
        from .core import check_distribution
        from .validate import check_game, player_order, start_state, utility_value, whole
        check_game(game)
        whole("max_nodes", max_nodes, 1)
        root = start_state(game, state)
        order = player_order(game)
        children, players, values, probs, game_state = {}, {}, {}, {}, {}
        queue = [(root, label(0))]
        head = 0
        while head < len(queue):
            s, name = queue[head]
            head += 1
            game_state[name] = s
            if game.is_terminal(s):
                players[name], children[name] = game.to_move(s), ()
                values[name] = tuple(utility_value(game.utility(s, p), s, p) for p in order)
                continue
            players[name] = player = game.to_move(s)
            if player == CHANCE:
                pairs = check_distribution(game.chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
                probs[name] = tuple(p for _, p in pairs)
                moves = [o for o, _ in pairs]
            else:
                moves = list(game.actions(s))
            kids = []
            for a in moves:
                child = label(len(queue))
                kids.append((a, child))
                queue.append((game.result(s, a), child))
            if len(queue) > max_nodes:
                raise TreeSpecError(f"the tree of {game!r} has more than {max_nodes} nodes; "
                                    "pass a larger max_nodes or a later state")
            children[name] = tuple(kids)
        # Zero-sum two-player games keep MAX's utility alone, as every tree of the kit always has.
        zero_sum = order == (MAX, MIN) and all(v[1] == -v[0] for v in values.values())
        if zero_sum:
            values = {s: v[0] for s, v in values.items()}
        tree = cls(children, players, values, probs, player_order=None if zero_sum else order)
        tree.game_state = game_state
        tree.action_labels = {(name, a): _action_text(a) for name, kids in children.items()
                              for a, _ in kids}
        return tree

    @classmethod
    @renamed(low="lower", high="upper")
    def random(cls, branching: int, depth: int, *, seed=None, order: str = "random",
               lower: int = 0, upper: int = 99, max_nodes: int | None = 1_000_000) -> "GameTree":
        """A uniform tree of ``branching``^``depth`` leaves with integer utilities in [lower, upper]
        (the lower bound L and upper bound U of every utility; ``low=``/``high=`` are deprecated
        spellings).

        ``order`` arranges every node's children by their minimax values: ``'random'`` leaves them as
        drawn, ``'best'`` puts the best move for the player to move first (alpha-beta's ideal,
        O(b^{m/2})), ``'worst'`` puts it last.  Worst-first defeats every cut a node's own parent could
        make, so trees of depth <= 3 with distinct leaves are not pruned at all; deeper down, windows set
        by more distant ancestors still cut some branches, and tied leaves can be cut on equality.
        Same seed, same leaves.  Trees of more than ``max_nodes`` nodes are refused
        (:class:`~gamelib.core.TooLargeError`; ``max_nodes=None`` lifts the guard).
        """
        from .validate import choice, guard_size, python_seed, whole
        whole("branching", branching, 1, unit="children per node")
        whole("depth", depth, 0, unit="plies")
        if not isinstance(order, str):
            raise ArgumentError(f"order must be one of ['random', 'best', 'worst'], got {order!r}")
        choice("order", order, ("random", "best", "worst"))
        whole("lower", lower, None)
        whole("upper", upper, lower)
        whole("max_nodes", max_nodes, 1, none=True)
        guard_size(uniform_tree_size(branching, depth), max_nodes,
                   what=f"the node count of GameTree.random({branching}, {depth})", argument="max_nodes")
        rng = _random.Random(python_seed("seed", seed))
        # Leaves drawn left to right (the order a depth-first construction draws them), then grouped
        # into nodes of `branching` children one level at a time: no recursion, any depth.
        level = [rng.randint(lower, upper) for _ in range(branching ** depth)]
        for _ in range(depth):
            level = [level[i:i + branching] for i in range(0, len(level), branching)]
        spec = level[0]
        if order != "random":
            spec = order_spec(spec, best_first=(order == "best"))[1]
        return cls.from_nested(spec)


def order_spec(spec, best_first: bool = True, player: str = MAX):
    """Return ``(minimax value, spec with every node's children sorted)`` for a chance-free spec.

    Best-first sorts MAX's children by decreasing value and MIN's by increasing value.  This is tree
    *construction* for experiments (the value is Eq. 5.1 itself); searches never use it.
    """
    # Depth first without recursion (any depth): `done` holds the finished children's results.
    done, stack = [], [(spec, player, False)]
    while stack:
        node, who, ready = stack.pop()
        if not isinstance(node, (list, tuple)):
            done.append((node, node))
        elif not ready:
            stack.append((node, who, True))
            stack.extend((sub, opponent(who), False) for sub in reversed(node))
        else:
            scored = done[len(done) - len(node):]
            del done[len(done) - len(node):]
            scored.sort(key=lambda vs: vs[0], reverse=(who == MAX) == best_first)
            pick = max if who == MAX else min
            done.append((pick(v for v, _ in scored), [s for _, s in scored]))
    return done[0]


def uniform_tree_size(branching: int, depth: int):
    """1 + b + ... + b^m, the nodes of a uniform tree; ``math.inf`` beyond 2^64 (not worth computing)."""
    if branching > 1 and depth * math.log2(branching) > 64:
        return math.inf
    return depth + 1 if branching == 1 else (branching ** (depth + 1) - 1) // (branching - 1)


def _check_parts(children, players, leaf_values, probabilities) -> None:
    """The checks of the GameTree constructor: its dictionaries must fit together (the builders
    from_nested, from_game and random always make them so)."""
    try:
        order = {s: i for i, s in enumerate(players)} if isinstance(players, dict) else {}
        ok = all(isinstance(d, dict) for d in (children, players, leaf_values, probabilities)) \
            and "A" in players and set(children) == set(players) and all(
                order.get(c, -1) > order[s] for s, kids in children.items() for _, c in kids) and all(
                s in leaf_values for s, kids in children.items() if not kids) and all(
                len(probabilities.get(s, ())) == len(kids) for s, kids in children.items()
                if players[s] == CHANCE)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise TreeSpecError("GameTree(children, players, leaf_values, probabilities) takes the dictionaries "
                            "GameTree.from_nested, from_game and random build (every label 'A', 'B', ... "
                            "with its player, children listed after it, and a value if it is a leaf); build "
                            "trees with those")


def _check_values(leaf_values, probabilities, players) -> None:
    """The leaves and chance probabilities of a tree, checked once when it is built (so the searches
    can trust them, :func:`gamelib.core.trusted`): each leaf a real number, not NaN (with ``players``,
    a tuple of one per player), each chance node's probabilities a distribution."""
    from .core import check_distribution
    for s, v in leaf_values.items():
        parts = v if players is not None and isinstance(v, tuple) else (v,)
        if (players is not None and (not isinstance(v, tuple) or len(v) != len(players))) or any(
                isinstance(x, bool) or not isinstance(x, numbers.Real) or x != x for x in parts):
            what = f"a tuple of {len(players)} real numbers (one for each of {', '.join(players)})" \
                if players is not None else "a real number (not NaN)"
            raise TreeSpecError(f"leaf {s!r} of the tree is {v!r}: a leaf's utility vector must be {what}"
                                if players is not None else f"leaf {s!r} of the tree is {v!r}: a leaf must be {what}")
    for s, ps in probabilities.items():
        check_distribution([(i, p) for i, p in enumerate(ps)], f"the probabilities of chance node {s!r}")


def _check_players(players) -> tuple:
    """``players`` as a tuple of at least two distinct names (strings), CHANCE not among them."""
    ok = isinstance(players, (tuple, list)) and len(players) >= 2 and all(
        isinstance(p, str) and p and p != CHANCE for p in players) and len(set(players)) == len(players)
    if not ok:
        raise TreeSpecError(f"players must be a tuple of at least two distinct names (strings, not "
                            f"{CHANCE!r}), in the order of the utility vectors, got {players!r}")
    return tuple(players)


def _hashable(state) -> bool:
    try:
        hash(state)
    except TypeError:
        return False
    return True


def _validate(spec, players=None):
    """Raise TreeSpecError at the first malformed place in a nested-list spec, in the order it is
    written (depth first, without recursion: any depth), naming its position ``spec[i][j]...``.
    With ``players`` (a tree of named players) every leaf must be a tuple of one number per player."""
    stack = [("node", spec, ())]
    vectors = players is not None
    on_path = set()                       # ids of the lists above the node being looked at: cycles
    while stack:
        task, node, path = stack.pop()
        if task == "leave":
            on_path.discard(id(node))
        elif task == "sum":
            _check_sum(node, path)
        elif task == "branch":
            stack.append(("node", _checked_branch(*node, path), path + (node[1],)))
        elif isinstance(node, (list, tuple)) and (isinstance(node, list) or isinstance(node, ChanceSpec)):
            if id(node) in on_path:
                raise TreeSpecError(f"{_where(path)}: this node contains itself (a list that holds "
                                    "itself is not a tree)")
            on_path.add(id(node))
            stack += _inner_tasks(node, path)
        elif vectors:
            _check_vector(node, path, players)
        else:
            _check_leaf(node, path)


def _check_sum(node, path) -> None:
    total = sum(p for p, _ in node.branches)
    if abs(total - 1) > 1e-9:
        raise TreeSpecError(f"{_where(path)}: chance probabilities sum to {total:g}, not 1")


def _checked_branch(branch, i, path):
    """The subtree of a chance branch ``(probability, subtree)``, the branch checked."""
    if not (isinstance(branch, tuple) and len(branch) == 2):
        raise TreeSpecError(f"{_where(path + (i,))}: a chance branch is a (probability, subtree) "
                            f"pair, got {_short(branch)}")
    p, sub = branch
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or not (0 <= p <= 1):
        raise TreeSpecError(f"{_where(path + (i,))}: probability must be a number in [0, 1], got {p!r}")
    return sub


def _inner_tasks(node, path) -> list:
    """What :func:`_validate` does next below an inner node: its children, in reverse (a stack), after
    leaving it (and, for a chance node, checking its probabilities sum to 1)."""
    if isinstance(node, ChanceSpec):
        if not isinstance(node.branches, tuple) or not node.branches:
            raise TreeSpecError(f"{_where(path)}: a chance node needs at least one outcome")
        kids = [("branch", (b, i), path) for i, b in enumerate(node.branches)]
        return [("leave", node, path), ("sum", node, path)] + kids[::-1]
    if not node:
        raise TreeSpecError(f"{_where(path)}: an empty list is not a node (a node needs at least one child)")
    return [("leave", node, path)] + [("node", sub, path + (i,)) for i, sub in enumerate(node)][::-1]


def _check_leaf(node, path) -> None:
    """A two-player tree's leaf: a number (MAX's utility); a tuple is a utility vector, which needs
    ``players=``."""
    if isinstance(node, tuple):
        raise TreeSpecError(f"{_where(path)}: {_short(node)} is a tuple: in a two-player tree a node is a "
                            "list and a leaf a number (MAX's utility); a tuple is a utility vector, for a tree "
                            "of named players, from_nested(spec, players=('A', 'B', ...))")
    if isinstance(node, bool) or not isinstance(node, numbers.Real):
        raise TreeSpecError(f"{_where(path)}: a leaf must be a number, got {_short(node)}")
    if node != node:
        raise TreeSpecError(f"{_where(path)}: a leaf must be a number, got NaN")


def _check_vector(node, path, players) -> None:
    """A leaf of a tree of named players: a tuple of one real number (not NaN) per player."""
    names = ", ".join(map(str, players))
    if not isinstance(node, tuple):
        raise TreeSpecError(f"{_where(path)}: a leaf of a {len(players)}-player tree is a tuple of "
                            f"{len(players)} utilities (for {names}, in order), got {_short(node)}")
    if len(node) != len(players):
        raise TreeSpecError(f"{_where(path)}: the utility vector {_short(node)} has {len(node)} "
                            f"entries; this tree has {len(players)} players ({names})")
    for p, v in zip(players, node):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or v != v:
            raise TreeSpecError(f"{_where(path)}: {p}'s utility in {_short(node)} must be a number, "
                                f"got {'NaN' if isinstance(v, numbers.Real) else _short(v)}")


def _short(value) -> str:
    """``repr(value)``, cut to 80 characters (a spec can be huge, or nested too deep to print)."""
    try:
        text = repr(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deep to print"
    return text if len(text) <= 80 else text[:77] + "..."


# The textbook's figures, as specs for GameTree.from_nested (one home: the explorer's menu, the graders
# and the tests read them here).
FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""AIMA 4th ed. Fig. 5.2: minimax value 3, decision a1; alpha-beta never visits I and J."""
FIG_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
"""AIMA 4th ed. Fig. 5.4, the first three plies of a game of three players with utility vectors
⟨v_1, v_2, v_3⟩ at the leaves (``players=`` three names): max^n backs ⟨1, 2, 6⟩ up to the root; the
first mover is indifferent between its two moves (1 either way), so the tie rule decides there."""
