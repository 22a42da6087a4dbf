"""The trees the tree explorer offers (its "tree" menu): the textbook's trees, random trees of a shape
the student chooses, and the checks that keep a random tree drawable (at most ``MAX_LEAVES`` leaves);
:class:`TreePicker`, the menu itself, the half of the explorer that chooses the tree (the other half,
:class:`~gamelib.viz.explorer.TreeExplorer`, steps through the searches of it).
"""
from __future__ import annotations

import math
import numbers

import ipywidgets as widgets

from ..core import MAX, ArgumentError
from ..validate import deprecated
from ..experiments.chance_trees import random_chance_tree
from ..trees import FIG_5_4, GameTree, chance

PRESETS = {
    "AIMA Fig. 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "Fig. 5.2 with a tie (C: 3, 5, 1)": [[3, 12, 8], [3, 5, 1], [14, 5, 2]],
    "walk-through: best moves last": [[[3, 4], [1, 2]], [[7, 8], [5, 6]]],
    "walk-through: best moves first": [[[6, 5], [8, 7]], [[2, 1], [3, 4]]],
    "walk-through: minimax steps": [[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]],
    # Named with the 3rd edition's figure number, as the lecture notes cite it (4th ed. Fig. 5.14).
    "AIMA Fig. 5.12 (.9/.1)": [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))],
    "CS221 coin game": [chance((0.5, [-5, 15]), (0.5, [-50, 50])),
                        chance((0.5, [-50, 50]), (0.5, [1, 3])),
                        chance((0.5, [1, 3]), (0.5, [-5, 15]))],
}
"""The textbook trees on offer: AIMA Fig. 5.2 (also the two-ply tree of Zell's slides); Fig. 5.2 with C's
leaves made 3, 5, 1, so that C's first leaf ties with α = 3 (notebook 02's tree for the two pruning
conventions: AIMA cuts C there and visits 11 nodes, CS188's strict rule reads C in full, 13); the
minimax/alpha-beta walk-through's "which nodes can be pruned?" example (answer: none, the best moves come
last) and its mirror image (best first); the walk-through's four-step minimax example (D, E, F, G = max of
(-1, 4), (2, 6), (-3, -5), (0, 7)). With chance nodes: AIMA 3rd ed. Fig. 5.12 (left), MAX's two moves over
chance nodes with probabilities .9/.1 and leaves 2, 3 and 1, 4 (AIMA draws a MIN level between whose two
leaves are equal; it changes nothing); game 2 of CS221's lecture notes: a1, a2, a3 choose bin A, B, C, a
fair coin moves the choice one bin left on heads (first outcome), MIN picks a number from the bin (A =
-50, 50; B = 1, 3; C = -5, 15)."""

NPLAYER_PRESETS = {"AIMA Fig. 5.4 (P1, P2, P3)": (FIG_5_4, ("P1", "P2", "P3"))}
"""Trees of more than two players, searched by max^n: AIMA 4th ed. Fig. 5.4, the first three plies of
a game of three players with utility vectors ⟨v_1, v_2, v_3⟩ at the leaves (max^n backs ⟨1, 2, 6⟩ up
to the root; P1 is indifferent between its two moves, so the tie rules differ there).  AIMA calls the
players A, B and C; here they are P1, P2 and P3, because the nodes are labelled A, B, C, ... (a
picture saying "A moves at A" reads as a riddle)."""
_WALK_THROUGH = "seed %03d" % 4          # the walk-through's old filing number, in its trees' old names
PRESET_ALIASES = {"AIMA Fig. 5.4 (A, B, C)": "AIMA Fig. 5.4 (P1, P2, P3)",
                  f"{_WALK_THROUGH} example": "walk-through: best moves last",
                  f"{_WALK_THROUGH} mirror": "walk-through: best moves first",
                  f"{_WALK_THROUGH} minimax steps": "walk-through: minimax steps"}
"""Old names of presets, still accepted for one release with a DeprecationWarning naming the new one."""

RANDOM = "random"
RANDOM_CHANCE = "random chance"
CUSTOM = "custom"
MAX_LEAVES = 36
"""Random trees are kept to at most this many leaves: what a notebook column shows at full size with
every label legible (e.g. b = 2, d = 5; b = 3, d = 3; b = 4 or 5, d = 2; a chance tree of 3 moves
and 2 outcomes over 2 rounds)."""
BRANCHING = (2, 5)
"""The branching factors a random tree may have."""
CHANCE_SHAPE = (1, 4)
"""The branching factors and numbers of outcomes a random chance tree may have."""
def _max_depth(branching: int) -> int:
    return max(1, int(math.floor(math.log(MAX_LEAVES) / math.log(branching) + 1e-9)))


def _max_moves(branching: int, outcomes: int) -> int:
    return _max_depth(branching * outcomes) if branching * outcomes > 1 else 4


def _whole(name: str, value, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi], or an ArgumentError that says what is allowed."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None
                                                                                 and value > hi):
        allowed = f"a whole number from {lo} to {hi}" if hi is not None else f"a whole number ≥ {lo}"
        raise ArgumentError(f"{name} must be {allowed}, not {value!r}")
    return value


def check_random_shape(branching, depth) -> tuple:
    """(branching, depth) for :meth:`GameTree.random`, or an ArgumentError naming the limit."""
    b = _whole("branching", branching, *BRANCHING)
    d = _whole("depth", depth, 1)
    if b ** d > MAX_LEAVES:
        raise ArgumentError(f"{b}^{d} = {b ** d:,} leaves is more than {MAX_LEAVES}, the most a picture "
                            f"shows legibly: depth at most {_max_depth(b)} for branching {b}")
    return b, d


def check_chance_shape(branching, outcomes, moves) -> tuple:
    """(branching, outcomes, moves) for :func:`gamelib.experiments.chance_trees.random_chance_tree`, or an
    ArgumentError."""
    b = _whole("branching", branching, *CHANCE_SHAPE)
    n = _whole("outcomes", outcomes, *CHANCE_SHAPE)
    m = _whole("moves", moves, 1)
    if (b * n) ** m > MAX_LEAVES:
        raise ArgumentError(f"({b}·{n})^{m} = {(b * n) ** m:,} leaves is more than {MAX_LEAVES}, the most "
                            f"a picture shows legibly: moves at most {_max_moves(b, n)} for branching "
                            f"{b} and {n} outcomes")
    return b, n, m


class RandomTrees:
    """One kind of random tree on the tree menu: a box for each number of its shape, a seed box and an
    order menu, in one row (``box``).  When a number but the last changes so that the tree would have
    more than ``MAX_LEAVES`` leaves, the last (the depth) is lowered, and the widget says so; a last
    number typed too large is refused (``check`` names the limit)."""

    def __init__(self, shape, seed, order, *, check, power, make, name):
        self.shape = shape              # [(attribute, IntText)], the last lowered when needed
        self.seed, self.order = seed, order
        self.check, self.power, self.make, self.name = check, power, make, name
        self.box = widgets.HBox([w for _, w in shape] + [seed, order],
                                layout=widgets.Layout(flex_flow="row wrap"))

    @property
    def values(self) -> tuple:
        return tuple(w.value for _, w in self.shape)

    def widgets(self) -> list:
        return [w for _, w in self.shape] + [self.seed, self.order]

    def tree(self):
        """(name, tree) for the controls' values (or an ArgumentError naming the limit)."""
        values = self.check(*self.values)
        return self.name(values, self.seed.value, self.order.value), self.make(values, self.seed.value,
                                                                              self.order.value)

    def lower_last(self, owner, quietly) -> str:
        """After ``owner`` changed: check it, and lower the last number if the tree got too big
        (``quietly(widget, "value", v)`` sets it); returns the note to show ('' if none)."""
        last_name, last = self.shape[-1]
        if owner is last:
            self.check(*self.values)
            return ""
        if owner not in [w for _, w in self.shape]:
            return ""
        *base, old = self.values
        base = tuple(self.check(*base, 1)[:-1])          # the others must be good on their own
        product = math.prod(base)
        if product ** old <= MAX_LEAVES:
            return ""
        new = _max_depth(product) if product > 1 else 4
        quietly(last, "value", new)
        return (f"{last_name} lowered from {old} to {new}: {self.power(base, old)} = {product ** old:,} "
                f"leaves is more than {MAX_LEAVES}, the most a picture shows legibly")

    def set(self, values, seed, order, quietly):
        """Put ``values`` (checked), and ``seed`` and ``order`` unless None, into the controls."""
        if order is not None and order not in self.order.options:
            raise ArgumentError(f"order must be one of {list(self.order.options)}, not {order!r}")
        for (_, w), v in zip(self.shape, self.check(*values)):
            quietly(w, "value", v)
        if seed is not None:
            quietly(self.seed, "value", seed)
        if order is not None:
            quietly(self.order, "value", order)


def _int_box(description, value, tooltip=""):
    # Plain text boxes, not bounded ones: a bounded box clamps a typed value without a word, these let
    # the explorer refuse it and say why (the limits are in the tooltips too).
    return widgets.IntText(value=value, description=description, tooltip=tooltip,
                           layout=widgets.Layout(width="150px"))


def _order_menu(options, tooltip):
    return widgets.Dropdown(options=options, value="random", description="children", tooltip=tooltip,
                            layout=widgets.Layout(width="200px"))


def preset_name(spec, tree=None):
    """The preset whose spec is ``spec`` (a MAX-rooted tree), or None."""
    if tree is not None and getattr(tree, "vectors", False):
        order = tuple(tree.player_order)
        return next((name for name, (s, players) in NPLAYER_PRESETS.items()
                     if s == spec and players == order), None)
    if tree is not None and tree.players.get(tree.initial_state) != MAX:
        return None
    return next((name for name, s in PRESETS.items() if s == spec), None)


def random_trees() -> dict:
    """{menu entry: :class:`RandomTrees`} for 'random' (``GameTree.random``: branching, depth) and
    'random chance' (``random_chance_tree``: branching, outcomes, moves), each with its own boxes."""
    return {
        RANDOM: RandomTrees([("branching", _int_box("branching", 3, f"children per node, {BRANCHING[0]} to "
                                                                      f"{BRANCHING[1]}")),
                             ("depth", _int_box("depth", 3, f"plies; at most {MAX_LEAVES} leaves in all"))],
                            _int_box("seed", 0),
                            _order_menu(["random", "best", "worst"], "order of every node's children by "
                                                                     "minimax value"),
                            check=check_random_shape, power=lambda base, e: f"{base[0]}^{e}",
                            make=lambda v, seed, order: GameTree.random(*v, seed=seed, order=order),
                            name=lambda v, seed, order: f"random b={v[0]} d={v[1]} seed={seed} {order}"),
        RANDOM_CHANCE: RandomTrees(
            [("branching", _int_box("branching", 2, "children per decision node, 1 to 4")),
             ("outcomes", _int_box("outcomes", 2, "outcomes per chance node, 1 to 4")),
             ("moves", _int_box("moves", 2, f"rounds of (decision node, chance node); at most {MAX_LEAVES} "
                                            "leaves in all"))],
            _int_box("seed", 0), _order_menu(["random", "best"], "order of decision nodes' children by value"),
            check=check_chance_shape, power=lambda base, e: f"({base[0]}·{base[1]})^{e}",
            make=lambda v, seed, order: random_chance_tree(*v, seed=seed, order=order),
            name=lambda v, seed, order: f"random chance b={v[0]} n={v[1]} moves={v[2]} seed={seed} {order}")}


def preset_tree(name) -> GameTree:
    """The tree of the preset ``name`` (of ``PRESETS`` or ``NPLAYER_PRESETS``)."""
    if name in NPLAYER_PRESETS:
        spec, players = NPLAYER_PRESETS[name]
        return GameTree.from_nested(spec, players=players)
    return GameTree.from_nested(PRESETS[name])


def drawable_tree(tree) -> GameTree:
    """``tree`` (a GameTree or a nested spec) as a GameTree whose leaves are finite numbers (or, for
    max^n, vectors of them), or an ArgumentError naming the first leaf that is not."""
    given = tree if isinstance(tree, GameTree) else GameTree.from_nested(tree)

    def finite(v):  # a number, or (max^n trees) a utility vector of numbers
        parts = v if getattr(given, "vectors", False) and isinstance(v, tuple) else (v,)
        return all(isinstance(x, numbers.Real) and math.isfinite(x) for x in parts)
    bad = next((s for s, v in given.leaf_values.items() if not finite(v)), None)
    if bad is not None:
        raise ArgumentError(f"leaf {bad!r} of the tree is {given.leaf_values[bad]!r}: the explorer "
                            f"draws trees whose leaves are finite numbers (or vectors of them)")
    return given


class TreePicker:
    """The tree explorer's "tree" menu (``menu``), one half of the explorer: the textbook's trees, the
    two kinds of random tree, each with its row of shape controls (``random_trees``; the row shows
    while its entry is chosen), and a tree the student gave (``custom``, on the menu as
    ``custom_name``).  It says which tree is chosen (:meth:`chosen`) and checks what is asked of it;
    it searches and draws nothing.  Its controls by name: ``menu``; for 'random' ``branching``, ``depth``,
    ``seed``, ``order`` (in ``random_box``); for 'random chance' ``chance_branching``, ``outcomes``,
    ``moves``, ``chance_seed``, ``chance_order`` (in ``chance_random_box``).  ``set_quietly(control,
    name, value)`` is its widget's (:meth:`~gamelib.viz.live.LiveWidget.set_quietly`): the picker
    setting its own controls is no student's choice."""

    def __init__(self, set_quietly):
        self.set_quietly = set_quietly
        self.menu = widgets.Dropdown(options=list(PRESETS) + list(NPLAYER_PRESETS) + [RANDOM, RANDOM_CHANCE],
                                     description="tree", layout=widgets.Layout(width="320px"))
        self.random_trees = random_trees()
        random, chance = self.random_trees[RANDOM], self.random_trees[RANDOM_CHANCE]
        (self.branching, self.depth), (self.chance_branching, self.outcomes, self.moves) = (
            [w for _, w in source.shape] for source in (random, chance))
        self.seed, self.order, self.random_box = random.seed, random.order, random.box
        self.chance_seed, self.chance_order, self.chance_random_box = chance.seed, chance.order, chance.box
        self.custom, self.custom_name = None, CUSTOM

    def controls(self) -> list:
        """Every control a student can change: the menu, then the random trees' boxes."""
        return [self.menu] + [w for source in self.random_trees.values() for w in source.widgets()]

    def choose(self, tree=None, name: str | None = None):
        """Put ``tree`` on the menu: None (AIMA Fig. 5.2), a preset name (an old name warns), 'random',
        'random chance', a nested spec or a :class:`GameTree` (as ``name``, default 'custom', or as the
        preset it equals).  A name it does not know, or a tree it cannot draw, raises first."""
        if tree is None:
            tree = "AIMA Fig. 5.2"
        if isinstance(tree, str):
            if tree in PRESET_ALIASES:
                deprecated(f"the tree {tree!r} is now called {PRESET_ALIASES[tree]!r}")
                tree = PRESET_ALIASES[tree]
            if tree not in PRESETS and tree not in NPLAYER_PRESETS and tree not in self.random_trees \
                    and not (tree == CUSTOM and self.custom):
                raise ArgumentError(f"unknown tree {tree!r}; presets are "
                                    f"{list(PRESETS) + list(NPLAYER_PRESETS)}, 'random' or "
                                    f"'random chance'")
            name = tree
        else:
            given = drawable_tree(tree)
            preset = None if name else preset_name(given.spec, given)
            if preset is not None:
                name = preset
            else:
                self.custom, self.custom_name = given, name or CUSTOM
                self.set_quietly(self.menu, "options", [(p, p) for p in list(PRESETS) + list(NPLAYER_PRESETS)]
                                 + [(r, r) for r in self.random_trees] + [(self.custom_name, CUSTOM)])
                name = CUSTOM
        self.set_quietly(self.menu, "value", name)

    def choose_random(self, entry, values, seed, order):
        """Choose the random tree ``entry`` with the shape ``values`` (None keeps a box's value),
        ``seed`` and ``order`` (None: kept)."""
        source = self.random_trees[entry]
        values = tuple(v if v is not None else now for v, now in zip(values, source.values))
        source.set(values, seed, order, self.set_quietly)
        self.set_quietly(self.menu, "value", entry)

    def shape_changed(self, owner) -> tuple:
        """A random tree's box ``owner`` changed: (is that tree the one chosen?, the note to show: the
        last number lowered, or '')."""
        entry, source = next((e, s) for e, s in self.random_trees.items() if owner in s.widgets())
        return self.menu.value == entry, source.lower_last(owner, self.set_quietly)

    def chosen(self) -> tuple:
        """(name, GameTree) of the tree on the menu (a random tree too big for its shape refuses)."""
        name = self.menu.value
        if name in self.random_trees:
            return self.random_trees[name].tree()
        if name == CUSTOM:
            return self.custom_name, self.custom
        return name, preset_tree(name)

    def show_shape_controls(self):
        """Show the shape controls of the random tree on the menu, hide the others."""
        for entry, source in self.random_trees.items():
            source.box.layout.display = None if self.menu.value == entry else "none"
