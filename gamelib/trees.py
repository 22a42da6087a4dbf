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
"""
from __future__ import annotations

import math
import numbers
import random as _random
from typing import Any, NamedTuple

from .core import CHANCE, MAX, MIN, Game, GameError, StateError, TreeSpecError, opponent


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

    Build one with :meth:`from_nested` or :meth:`random`.  ``tree.value[label]`` holds the leaves'
    utilities for MAX; ``tree.children[label]`` the ``(action, child)`` pairs of a node, in order.
    """

    def __init__(self, children: dict, players: dict, leaf_values: dict, probabilities: dict,
                 spec: Any = None):
        _check_parts(children, players, leaf_values, probabilities)
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

    def utility(self, state, player):
        try:
            v = self.leaf_values[state]
        except (KeyError, TypeError):
            if _hashable(state) and state in self.players:
                raise GameError(f"{state!r} is not a terminal node: only leaves have a utility") from None
            raise self._not_a_node(state) from None
        if player == MAX:
            return v
        if player == MIN:
            return -v
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a node label of this tree."""
        if not _hashable(state) or state not in self.players:
            raise self._not_a_node(state)

    def _not_a_node(self, state) -> StateError:
        some = ", ".join(repr(s) for s in list(self.players)[:5])
        return StateError(f"{state!r} is not a node of this tree (its states are the labels {some}"
                          f"{', ...' if len(self.players) > 5 else ''})")

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
                return f"GameTree.from_nested({self.spec!r})"
            except RecursionError:          # nested too deep for repr
                pass
        return f"<GameTree with {len(self)} nodes>"

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def from_nested(cls, spec, root: str = MAX) -> "GameTree":
        """Build a tree from nested lists (see the module docstring).  ``root`` may be MAX or MIN.

        Raises :class:`~gamelib.core.TreeSpecError` naming the position of the first problem, e.g.
        ``spec[1][2]: a node needs at least one child``.
        """
        if not isinstance(root, str) or root not in (MAX, MIN):
            raise TreeSpecError(f"root must be MAX or MIN, not {root!r}")
        _validate(spec)
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
            elif isinstance(node, (list, tuple)):
                players[name] = player
                kids = []
                for i, sub in enumerate(node, 1):
                    child = label(counter)
                    counter += 1
                    kids.append((f"{name.lower()}{i}", child))
                    queue.append((sub, opponent(player), child))
                children[name] = tuple(kids)
            else:
                players[name] = player
                children[name] = ()
                values[name] = node
        return cls(children, players, values, probs, spec=spec)

    @classmethod
    def from_game(cls, game, state=None, *, max_nodes: int = 5000) -> "GameTree":
        """Unfold a small game below ``state`` into an explicit tree, to draw or explore it.

        Labels are breadth-first as usual; actions keep the game's names; ``tree.game_state[label]``
        is the game state behind each label.  Refuses trees of more than ``max_nodes`` nodes.

        The game's moves would clash with the node labels in a picture (CS221's bins are called A, B,
        C, and so are the nodes: "choose B" would lead to node C).  So ``tree.action_labels[(label,
        action)]`` writes each move as Python writes the game's action, ``'B'`` for the string B, and
        the pictures label the edges with it; numbers stay plain (``-50``).
        """
        from .validate import check_game, start_state, whole
        check_game(game)
        whole("max_nodes", max_nodes, 1)
        root = start_state(game, state)
        children, players, values, probs, game_state = {}, {}, {}, {}, {}
        queue = [(root, label(0))]
        head = 0
        while head < len(queue):
            s, name = queue[head]
            head += 1
            game_state[name] = s
            if game.is_terminal(s):
                players[name], children[name], values[name] = game.to_move(s), (), game.utility(s, MAX)
                continue
            players[name] = player = game.to_move(s)
            if player == CHANCE:
                pairs = game.chance_outcomes(s)
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
        tree = cls(children, players, values, probs)
        tree.game_state = game_state
        tree.action_labels = {(name, a): _action_text(a) for name, kids in children.items()
                              for a, _ in kids}
        return tree

    @classmethod
    def random(cls, branching: int, depth: int, *, seed=None, order: str = "random",
               low: int = 0, high: int = 99, max_nodes: int | None = 1_000_000) -> "GameTree":
        """A uniform tree of ``branching``^``depth`` leaves with integer utilities in [low, high].

        ``order`` arranges every node's children by their minimax values: ``'random'`` leaves them as
        drawn, ``'best'`` puts the best move for the player to move first (alpha-beta's ideal,
        O(b^{m/2})), ``'worst'`` puts it last.  Worst-first defeats every cut a node's own parent could
        make, so trees of depth <= 3 with distinct leaves are not pruned at all; deeper down, windows set
        by more distant ancestors still cut some branches, and tied leaves can be cut on equality.
        Same seed, same leaves.  Trees of more than ``max_nodes`` nodes are refused
        (:class:`~gamelib.core.TooLargeError`; ``max_nodes=None`` lifts the guard).
        """
        from .validate import guard_size, python_seed, whole
        for n, least in ((branching, 1), (depth, 0)):
            if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < least:
                raise TreeSpecError(f"need branching >= 1 and depth >= 0 (whole numbers), got "
                                    f"{branching!r}, {depth!r}")
        if not isinstance(order, str) or order not in ("random", "best", "worst"):
            raise TreeSpecError(f"order must be 'random', 'best' or 'worst', not {order!r}")
        whole("low", low, None)
        whole("high", high, low)
        whole("max_nodes", max_nodes, 1, none=True)
        guard_size(uniform_tree_size(branching, depth), max_nodes,
                   what=f"the node count of GameTree.random({branching}, {depth})", argument="max_nodes")
        rng = _random.Random(python_seed("seed", seed))
        # Leaves drawn left to right (the order a depth-first construction draws them), then grouped
        # into nodes of `branching` children one level at a time: no recursion, any depth.
        level = [rng.randint(low, high) for _ in range(branching ** depth)]
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


def _hashable(state) -> bool:
    try:
        hash(state)
    except TypeError:
        return False
    return True


def _validate(spec):
    """Raise TreeSpecError at the first malformed place in a nested-list spec, in the order it is
    written (depth first, without recursion: any depth), naming its position ``spec[i][j]...``."""
    stack = [("node", spec, ())]
    on_path = set()                       # ids of the lists above the node being looked at: cycles
    while stack:
        task, node, path = stack.pop()
        if task == "leave":
            on_path.discard(id(node))
        elif task == "sum":
            total = sum(p for p, _ in node.branches)
            if abs(total - 1) > 1e-9:
                raise TreeSpecError(f"{_where(path)}: chance probabilities sum to {total:g}, not 1")
        elif task == "branch":
            branch, i = node
            if not (isinstance(branch, tuple) and len(branch) == 2):
                raise TreeSpecError(f"{_where(path + (i,))}: a chance branch is a (probability, subtree) "
                                    f"pair, got {_short(branch)}")
            p, sub = branch
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or not (0 <= p <= 1):
                raise TreeSpecError(f"{_where(path + (i,))}: probability must be a number in [0, 1], "
                                    f"got {p!r}")
            stack.append(("node", sub, path + (i,)))
        elif isinstance(node, (list, tuple)):
            if id(node) in on_path:
                raise TreeSpecError(f"{_where(path)}: this node contains itself (a list that holds "
                                    "itself is not a tree)")
            if isinstance(node, ChanceSpec):
                if not isinstance(node.branches, tuple) or not node.branches:
                    raise TreeSpecError(f"{_where(path)}: a chance node needs at least one outcome")
                kids = [("branch", (b, i), path) for i, b in enumerate(node.branches)]
                stack += [("leave", node, path), ("sum", node, path)]
            else:
                if not node:
                    raise TreeSpecError(f"{_where(path)}: an empty list is not a node (a node needs at "
                                        "least one child)")
                kids = [("node", sub, path + (i,)) for i, sub in enumerate(node)]
                stack.append(("leave", node, path))
            on_path.add(id(node))
            stack.extend(reversed(kids))
        elif isinstance(node, bool) or not isinstance(node, numbers.Real):
            raise TreeSpecError(f"{_where(path)}: a leaf must be a number, got {_short(node)}")
        elif node != node:
            raise TreeSpecError(f"{_where(path)}: a leaf must be a number, got NaN")


def _short(value) -> str:
    """``repr(value)``, cut to 80 characters (a spec can be huge, or nested too deep to print)."""
    try:
        text = repr(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deep to print"
    return text if len(text) <= 80 else text[:77] + "..."
