"""TreeExplorer: step through alpha-beta (AIMA Fig. 5.7) or minimax (Fig. 5.3) on a small tree, or
expectiminimax (AIMA §5.5) or Ballard's Star1 on a tree with chance nodes.

    from gamelib.viz import TreeExplorer
    TreeExplorer()                      # AIMA Fig. 5.2 under alpha-beta; last line of a cell shows it
    TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")   # a chance tree under Star1, bounds [L, U] = [1, 4]

The explorer runs the library's own search once per setting, with ``trace=True``, and then only *reads*
the trace: the picture is :func:`~gamelib.viz.drawing.draw_tree` at step k, the text is
:func:`~gamelib.viz.drawing.describe_event` of event k, the node counts are ``SearchResult.nodes``.
Nothing here searches.

Widgets are ipywidgets 8 only (no classic-notebook JavaScript), so it works in JupyterLab 4, and every
control has a Python method, so it can be driven without a browser (tests do)::

    ex = TreeExplorer("seed 004 mirror")
    ex.next(); ex.next()         # or ex.step = 2
    ex.event_text                # 'enter B via a1 with window [−∞, +∞]'
    ex.algorithm = "minimax"     # compare node counts: ex.summary_text

On a tree with CHANCE nodes the toggle offers expectiminimax and Star1 (:func:`gamelib.star1`, which
needs bounds L <= every utility <= U: by default the tree's smallest and largest leaf, or ``bounds=``,
or the L and U boxes).  The probabilities label the edges, every chance node the search has entered
shows in green the interval its value is proven to lie in so far (the outcomes not yet searched
counted as L and U: :func:`~gamelib.viz.chance_widgets.chance_intervals`), and the outcomes a Star1
cut skips are greyed out.

On a tree of more than two players (``GameTree.from_nested(spec, players=("A", "B", "C"))``, whose
leaves are utility vectors; the preset ``"AIMA Fig. 5.4 (A, B, C)"``) the toggle offers max^n
(:func:`gamelib.maxn`, AIMA §5.2.2) with each of its tie rules, and the picture is
:func:`~gamelib.viz.maxn.draw_maxn_tree` at step k: one colour per player, the vector each node backs
up, the edge to the child each mover takes; the text is
:func:`~gamelib.viz.maxn.describe_maxn_event`.  Max^n prunes nothing, so no window is shown.

Legible, and quick.  Trees are kept to ``MAX_LEAVES`` leaves, so that the picture fits a notebook
column (``drawing.COLUMN_WIDTH``) at full size with every label at 7 pt or more; a value typed past
the limit is refused with the reason, above the controls (the widget is all-or-nothing:
:mod:`gamelib.viz.live`).  Each step's picture is drawn once and kept (stepping back costs nothing),
and while the student reads one step the next is drawn in the kernel's idle time.
"""
from __future__ import annotations

import asyncio
import collections
import functools
import html
import math
import numbers

import ipywidgets as widgets
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..alphabeta import alphabeta
from ..core import CHANCE, MAX, ArgumentError, proven_ranges
from ..maxn import TIES, maxn
from ..minimax import expectiminimax, minimax
from ..star import random_chance_tree, star1
from ..trees import GameTree, chance
from ..validate import whole
from .chance_widgets import _interval_text, chance_intervals, draw_chance_tree, leaf_bounds
from .chance_widgets import _tidy as _tidy_num
from .drawing import (COLUMN_WIDTH, DPI, TraceView, _fmt, describe_event, draw_tree, figure_size,
                      legend_handles, png_bytes, star1_window_text, why_chance_cut, why_cut)
from .live import LiveWidget, all_or_nothing, from_browser
from .maxn import (MaxnView, describe_maxn_event, draw_maxn_tree, fmt_vector, maxn_figure_size,
                   maxn_legend_handles, tree_players)

PRESETS = {
    "AIMA Fig. 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "Fig. 5.2 with a tie (C: 3, 5, 1)": [[3, 12, 8], [3, 5, 1], [14, 5, 2]],
    "seed 004 example": [[[3, 4], [1, 2]], [[7, 8], [5, 6]]],
    "seed 004 mirror": [[[6, 5], [8, 7]], [[2, 1], [3, 4]]],
    "seed 004 minimax steps": [[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]],
    # Named with the 3rd edition's figure number, as the seeds cite it (4th ed. Fig. 5.14).
    "AIMA Fig. 5.12 (.9/.1)": [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))],
    "CS221 coin game": [chance((0.5, [-5, 15]), (0.5, [-50, 50])),
                        chance((0.5, [-50, 50]), (0.5, [1, 3])),
                        chance((0.5, [1, 3]), (0.5, [-5, 15]))],
}
"""The textbook trees on offer: AIMA Fig. 5.2 (also seed 002's two-ply tree); Fig. 5.2 with C's leaves
made 3, 5, 1, so that C's first leaf ties with α = 3 (notebook 02's tree for the two pruning
conventions: AIMA cuts C there and visits 11 nodes, CS188's strict rule reads C in full, 13); seed
004's "which nodes can be pruned?" example (answer: none, the best moves come last) and its mirror
image (best first); seed 004's four-step minimax walk-through (D, E, F, G = max of (-1, 4), (2, 6),
(-3, -5), (0, 7)).  With chance nodes: AIMA 3rd ed. Fig. 5.12 (left), MAX's two moves over chance
nodes with probabilities .9/.1 and leaves 2, 3 and 1, 4 (AIMA draws a MIN level between whose two
leaves are equal; it changes nothing); CS221's game 2 (seed 003): a1, a2, a3 choose bin A, B, C, a
fair coin moves the choice one bin left on heads (first outcome), MIN picks a number from the bin
(A = -50, 50; B = 1, 3; C = -5, 15)."""

FIG_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
NPLAYER_PRESETS = {"AIMA Fig. 5.4 (A, B, C)": (FIG_5_4, ("A", "B", "C"))}
"""Trees of more than two players, searched by max^n: AIMA 4th ed. Fig. 5.4, the first three plies of
a game of A, B and C with utility vectors ⟨v_A, v_B, v_C⟩ at the leaves (max^n backs ⟨1, 2, 6⟩ up to
the root; A is indifferent between its two moves, so the tie rules differ there)."""

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
CACHED_PICTURES = 400
"""How many step pictures an explorer keeps (a few MB): stepping back and forth costs nothing."""

SEARCHES = {"alphabeta": alphabeta, "minimax": minimax, "expectiminimax": expectiminimax,
            "star1": star1, **{("maxn" if t == "first" else f"maxn {t}"): maxn for t in TIES}}
MAXN_SEARCHES = ["maxn" if t == "first" else f"maxn {t}" for t in TIES]
"""max^n under each tie rule ('maxn' keeps the first of equal children, as minimax does)."""
CHANCE_SEARCHES = ["expectiminimax", "star1"]
TOOLTIPS = {"alphabeta": "alpha-beta, AIMA Fig. 5.7", "minimax": "minimax, AIMA Fig. 5.3",
            "expectiminimax": "expectiminimax, AIMA §5.5",
            "star1": "Star1: alpha-beta with cuts at chance nodes from bounds L, U (Ballard 1983)",
            "maxn": "max^n, AIMA §5.2.2: ties kept as found (the first child)",
            "maxn spiteful": "max^n, ties broken against the other players (least sum of theirs)",
            "maxn generous": "max^n, ties broken for the other players (greatest sum of theirs)",
            "maxn paranoid": "max^n, ties broken against the player at the root"}


def _ties(algorithm: str) -> str:
    return "first" if algorithm == "maxn" else algorithm.split()[1]


@functools.lru_cache(maxsize=None)
def _maxn_key_png(players: tuple, chance: bool) -> bytes:
    """The key to a max^n picture (one colour per player), cropped to its text."""
    fig = Figure(figsize=(2.6, 4.0), dpi=DPI)
    ax = fig.subplots()
    ax.set_axis_off()
    ax.legend(handles=maxn_legend_handles(players, chance=chance, stepping=True), loc="center",
              fontsize=8, frameon=False, handlelength=1.6)
    return png_bytes(fig, tight=True)


@functools.lru_cache(maxsize=None)
def _key_png(chance: bool, windowed: bool) -> bytes:
    """The key to the picture (drawn once per kind of tree and search, then reused), cropped to its
    text, so that it shows at full size."""
    fig = Figure(figsize=(2.4, 4.0), dpi=DPI)
    ax = fig.subplots()
    ax.set_axis_off()
    handles = legend_handles(chance=chance, windows=windowed, pruning=windowed, stepping=True)
    if chance:
        handles.append(Line2D([], [], linestyle="none", marker="",
                              label="[lo, hi] under ○ (green): its\nproven range, outcomes not\n"
                                    "searched yet counted as L, U"))
    ax.legend(handles=handles, loc="center", fontsize=8, frameon=False, handlelength=1.6)
    return png_bytes(fig, tight=True)


def _max_depth(branching: int) -> int:
    return max(1, int(math.floor(math.log(MAX_LEAVES) / math.log(branching) + 1e-9)))


def _max_moves(branching: int, outcomes: int) -> int:
    return _max_depth(branching * outcomes) if branching * outcomes > 1 else 4


def _whole(name: str, value, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi], or a ValueError that says what is allowed."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None
                                                                                 and value > hi):
        allowed = f"a whole number from {lo} to {hi}" if hi is not None else f"a whole number ≥ {lo}"
        raise ArgumentError(f"{name} must be {allowed}, not {value!r}")
    return value


def check_random_shape(branching, depth) -> tuple:
    """(branching, depth) for :meth:`GameTree.random`, or a ValueError naming the limit."""
    b = _whole("branching", branching, *BRANCHING)
    d = _whole("depth", depth, 1)
    if b ** d > MAX_LEAVES:
        raise ArgumentError(f"{b}^{d} = {b ** d:,} leaves is more than {MAX_LEAVES}, the most a picture "
                         f"shows legibly: depth at most {_max_depth(b)} for branching {b}")
    return b, d


def check_chance_shape(branching, outcomes, moves) -> tuple:
    """(branching, outcomes, moves) for :func:`gamelib.star.random_chance_tree`, or a ValueError."""
    b = _whole("branching", branching, *CHANCE_SHAPE)
    n = _whole("outcomes", outcomes, *CHANCE_SHAPE)
    m = _whole("moves", moves, 1)
    if (b * n) ** m > MAX_LEAVES:
        raise ArgumentError(f"({b}·{n})^{m} = {(b * n) ** m:,} leaves is more than {MAX_LEAVES}, the most "
                         f"a picture shows legibly: moves at most {_max_moves(b, n)} for branching "
                         f"{b} and {n} outcomes")
    return b, n, m


def _preset_name(spec, tree=None):
    """The preset whose spec is ``spec`` (a MAX-rooted tree), or None."""
    if tree is not None and getattr(tree, "vectors", False):
        order = tuple(tree.player_order)
        return next((name for name, (s, players) in NPLAYER_PRESETS.items()
                     if s == spec and players == order), None)
    if tree is not None and tree.players.get(tree.initial_state) != MAX:
        return None
    return next((name for name, s in PRESETS.items() if s == spec), None)


class TreeExplorer(LiveWidget, widgets.VBox):
    """An explorer for alpha-beta and minimax on small trees, for expectiminimax and Star1 on trees
    with chance nodes, and for max^n on trees of more than two players (an ipywidgets VBox: display
    it).

    ``TreeExplorer(tree=None, algorithm='alphabeta', *, prune_on_equality=True, step=0, key=True,
    draw=True, name=None, bounds=None)``

    tree        None (AIMA Fig. 5.2), a preset name (see ``PRESETS``), ``'random'``,
                ``'random chance'``, a nested-list spec such as ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``,
                or a :class:`GameTree`.  A spec or tree equal to a preset is shown as that preset.
                Trees with CHANCE nodes are searched with expectiminimax (AIMA §5.5) and Star1
                (:func:`gamelib.star1`); trees whose leaves are utility vectors (N players, or two
                players not zero-sum) with max^n (:func:`gamelib.maxn`).
    algorithm   'alphabeta' or 'minimax'; on a tree with CHANCE nodes 'expectiminimax' or 'star1'
                (asking for 'alphabeta' or 'minimax' there gives expectiminimax); on a tree of
                utility vectors 'maxn', 'maxn spiteful', 'maxn generous' or 'maxn paranoid' (max^n
                and its tie rules; 'alphabeta' or 'minimax' there gives 'maxn').
    prune_on_equality   alpha-beta's cut test: v ≥ β / v ≤ α (True, AIMA) or v > β / v < α (False).
    step        the number of trace events to show at first (None: the whole trace).
    name        what to call a tree given as a spec or GameTree (default 'custom').
    key         show the key to the picture's notation beside it (below it, where there is no room).
    draw        draw the picture at every step (False: text only, e.g. for scripts and tests).
    bounds      (L, U) for Star1 and for the intervals shown at chance nodes: every leaf must lie in
                [L, U].  Default: the tree's smallest and largest leaf (the tightest true bounds).

    Attributes: ``tree``, ``tree_name``, ``result`` (the traced SearchResult shown), ``results``
    ({algorithm: SearchResult} for the current tree), ``algorithm``, ``prune_on_equality``, ``step``,
    ``total`` (events in the trace), ``event`` (the event just shown, None at step 0), ``view``
    (a :class:`~gamelib.viz.drawing.TraceView`; a :class:`~gamelib.viz.maxn.MaxnView` under max^n),
    ``multiplayer`` (is the tree searched by max^n?), ``event_text``, ``state_text``, ``prunes``,
    ``pruned_nodes``, ``summary_text``, ``text`` (all of it), ``png`` (the picture's PNG bytes),
    ``message`` (the note or error shown above the controls, '' if none);
    for chance trees ``bounds`` ((L, U), settable) and ``chance_bounds`` ({chance node: (lo, hi)}
    proven so far).
    Methods: ``next()``, ``back()``, ``first()``, ``last()``, ``set_tree(tree)``,
    ``set_random(branching, depth, seed, order)``,
    ``set_random_chance(branching, outcomes, moves, seed, order)``.
    """

    def __init__(self, tree=None, algorithm: str = "alphabeta", *, prune_on_equality: bool = True,
                 step: int | None = 0, key: bool = True, draw: bool = True, name: str | None = None,
                 bounds: tuple | None = None):
        self._init_live()
        self._quiet = True
        self.draw = draw
        self._custom, self._custom_name = None, CUSTOM
        self._bounds = None
        self.results = {}
        self.png = b""
        self._pngs = collections.OrderedDict()  # (algorithm, step) -> PNG bytes, for these results
        self._prefetching = None
        self._figsize = (4.0, 3.0)
        short = widgets.Layout(width="150px")
        # -- controls ------------------------------------------------------------------------------
        self.tree_picker = widgets.Dropdown(options=list(PRESETS) + list(NPLAYER_PRESETS)
                                            + [RANDOM, RANDOM_CHANCE],
                                            description="tree", layout=widgets.Layout(width="320px"))
        # Plain text boxes, not bounded ones: a bounded box clamps a typed value without a word, these
        # let the explorer refuse it and say why (the limits are in the tooltips too).
        self.branching = widgets.IntText(value=3, description="branching", layout=short,
                                         tooltip=f"children per node, {BRANCHING[0]} to {BRANCHING[1]}")
        self.depth = widgets.IntText(value=3, description="depth", layout=short,
                                     tooltip=f"plies; at most {MAX_LEAVES} leaves in all")
        self.seed = widgets.IntText(value=0, description="seed", layout=short)
        self.order = widgets.Dropdown(options=["random", "best", "worst"], value="random",
                                      description="children", layout=widgets.Layout(width="200px"),
                                      tooltip="order of every node's children by minimax value")
        self.random_box = widgets.HBox([self.branching, self.depth, self.seed, self.order],
                                       layout=widgets.Layout(flex_flow="row wrap"))
        # Random chance trees (gamelib.star.random_chance_tree): rounds of (decision, chance) nodes.
        self.chance_branching = widgets.IntText(value=2, description="branching", layout=short,
                                                tooltip="children per decision node, 1 to 4")
        self.outcomes = widgets.IntText(value=2, description="outcomes", layout=short,
                                        tooltip="outcomes per chance node, 1 to 4")
        self.moves = widgets.IntText(value=2, description="moves", layout=short,
                                     tooltip=f"rounds of (decision node, chance node); at most "
                                             f"{MAX_LEAVES} leaves in all")
        self.chance_seed = widgets.IntText(value=0, description="seed", layout=short)
        self.chance_order = widgets.Dropdown(options=["random", "best"], value="random",
                                             description="children",
                                             layout=widgets.Layout(width="200px"),
                                             tooltip="order of decision nodes' children by value")
        self.chance_random_box = widgets.HBox([self.chance_branching, self.outcomes, self.moves,
                                               self.chance_seed, self.chance_order],
                                              layout=widgets.Layout(flex_flow="row wrap"))
        self.algorithm_toggle = widgets.ToggleButtons(options=["alphabeta", "minimax"],
                                                      value="alphabeta",
                                                      tooltips=[TOOLTIPS["alphabeta"],
                                                                TOOLTIPS["minimax"]],
                                                      style={"button_width": "auto"})
        self.equality_box = widgets.Checkbox(value=prune_on_equality, indent=False,
                                             description="prune on equality (v ≥ β, v ≤ α)",
                                             layout=widgets.Layout(width="auto"))
        self.lower = widgets.FloatText(value=0.0, description="L", layout=widgets.Layout(width="140px"),
                                       tooltip="lower bound on every utility (Star1)")
        self.upper = widgets.FloatText(value=1.0, description="U", layout=widgets.Layout(width="140px"),
                                       tooltip="upper bound on every utility (Star1)")
        self.bounds_html = widgets.HTML()
        self.bounds_box = widgets.HBox([self.lower, self.upper, self.bounds_html])
        self.first_button = widgets.Button(icon="fast-backward", tooltip="back to the start",
                                           layout=widgets.Layout(width="44px"))
        self.back_button = widgets.Button(description="back", icon="step-backward",
                                          tooltip="one event back", layout=widgets.Layout(width="84px"))
        self.next_button = widgets.Button(description="next", icon="step-forward",
                                          tooltip="one event forward", layout=widgets.Layout(width="84px"))
        self.last_button = widgets.Button(icon="fast-forward", tooltip="to the end of the search",
                                          layout=widgets.Layout(width="44px"))
        self.play = widgets.Play(value=0, min=0, max=1, step=1, interval=900, description="play",
                                 show_repeat=False)
        self.slider = widgets.IntSlider(value=0, min=0, max=1, description="step",
                                        continuous_update=True, layout=widgets.Layout(width="330px"))
        widgets.link((self.play, "value"), (self.slider, "value"))
        # The picture at its own size (drawn to fit the column), the key beside it or, where there is
        # no room, below it: never squeezed, never behind a scrollbar.
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%",
                                                                        height="auto"))
        self.key_image = widgets.Image(format="png", layout=widgets.Layout(
            display=None if key else "none", flex="0 0 auto", margin="0 0 0 8px"))
        self.event_html = widgets.HTML()
        self.state_html = widgets.HTML()
        self.prunes_html = widgets.HTML()
        self.summary_html = widgets.HTML()
        super().__init__([
            self.message_html,
            widgets.HBox([self.tree_picker, self.algorithm_toggle, self.equality_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.random_box,
            self.chance_random_box,
            self.bounds_box,
            widgets.HBox([self.first_button, self.back_button, self.play, self.next_button,
                          self.last_button, self.slider],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.image, self.key_image],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.event_html, self.state_html, self.prunes_html, self.summary_html,
        ])
        # -- wiring --------------------------------------------------------------------------------
        self.tree_picker.observe(self._on_picker, "value")
        for w in (self.branching, self.depth, self.seed, self.order):
            w.observe(self._on_random, "value")
        for w in (self.chance_branching, self.outcomes, self.moves, self.chance_seed,
                  self.chance_order):
            w.observe(self._on_random_chance, "value")
        self.algorithm_toggle.observe(self._on_search_setting, "value")
        self.equality_box.observe(self._on_search_setting, "value")
        self.lower.observe(self._on_bounds, "value")
        self.upper.observe(self._on_bounds, "value")
        self.slider.observe(self._on_slider, "value")
        self.first_button.on_click(self._on_step_button)
        self.back_button.on_click(self._on_step_button)
        self.next_button.on_click(self._on_step_button)
        self.last_button.on_click(self._on_step_button)
        # -- the first tree ------------------------------------------------------------------------
        self._quiet = False
        self.set_tree(tree, name=name, step=step, bounds=bounds)
        if algorithm != self.algorithm:
            if algorithm in self.algorithm_toggle.options or algorithm not in SEARCHES:
                self.algorithm = algorithm  # raises ValueError for an unknown name
                self.step = step
            # else: 'alphabeta' or 'minimax' asked for a tree with CHANCE nodes: expectiminimax it is

    # -- public API ----------------------------------------------------------------------------------
    @property
    def widget(self):
        """The widget to display (the explorer itself)."""
        return self

    @property
    def algorithm(self) -> str:
        """'alphabeta' or 'minimax' ('expectiminimax' or 'star1' on trees with CHANCE nodes);
        settable."""
        return self.algorithm_toggle.value

    @algorithm.setter
    def algorithm(self, name: str):
        if name not in self.algorithm_toggle.options:
            raise ArgumentError(f"algorithm must be one of {list(self.algorithm_toggle.options)}, "
                             f"not {name!r}")
        self.algorithm_toggle.value = name

    @property
    def prune_on_equality(self) -> bool:
        """Alpha-beta's cut test: True cuts on v ≥ β / v ≤ α (AIMA), False only on v > β / v < α."""
        return self.equality_box.value

    @prune_on_equality.setter
    def prune_on_equality(self, flag: bool):
        self.equality_box.value = bool(flag)

    @property
    def multiplayer(self) -> bool:
        """Is the tree shown one of utility vectors (N players, or two not zero-sum), searched by
        max^n?"""
        return bool(getattr(self.tree, "vectors", False))

    @property
    def has_chance(self) -> bool:
        """Does the tree shown have CHANCE nodes (and two zero-sum players: expectiminimax and
        Star1)?  A max^n tree's chance nodes are simply averaged."""
        return not self.multiplayer and CHANCE in self.tree.players.values()

    @property
    def bounds(self) -> tuple | None:
        """(L, U): the bounds on every utility that Star1 is told and the chance-node intervals use
        (None for a tree without chance nodes); settable (L < U, every leaf within), which reruns
        Star1.  Looser bounds are still correct, but Star1 can cut less."""
        return self._bounds

    @bounds.setter
    def bounds(self, bounds):
        self._bounds = self._check_bounds(bounds)
        self._show_bounds()
        at_end = self.step == self.total
        self._search()
        self._set_range(None if at_end else 0)

    @property
    def result(self):
        """The traced :class:`~gamelib.core.SearchResult` being shown."""
        return self.results[self.algorithm]

    @property
    def total(self) -> int:
        """The number of events in the trace."""
        return len(self.result.trace)

    @property
    def step(self) -> int:
        """How many events of the trace are shown (0 .. total); settable."""
        return self.slider.value

    @step.setter
    def step(self, k):
        k = self.total if k is None else max(0, min(int(k), self.total))
        if k == self.slider.value:
            self._render()
        else:
            self.slider.value = k  # renders through _on_slider

    @property
    def event(self):
        """The event shown last (``result.trace[step - 1]``), or None at step 0."""
        return self.result.trace[self.step - 1] if self.step else None

    @property
    def view(self) -> TraceView:
        """What the trace says about every node after ``step`` events.  On a chance tree its
        ``ranges`` are chance-aware: a chance node a cut stopped gets the interval its outcomes
        prove, unsearched outcomes counted as ``bounds``, not the bound Star1 returned."""
        if self.multiplayer:
            return MaxnView(self.tree, self.result, self.step)
        view = TraceView(self.result, self.step, tree=self.tree)
        if self.has_chance:
            view.ranges = proven_ranges(view.events, self.tree.to_move,
                                        chance_outcomes=self.tree.chance_outcomes, bounds=self.bounds)
        return view

    @property
    def chance_bounds(self) -> dict:
        """{chance node: (lo, hi)} for every chance node entered so far: the interval its value is
        proven to lie in after ``step`` events (see :func:`~gamelib.viz.chance_widgets.chance_intervals`);
        empty for a tree without chance nodes."""
        if not self.has_chance:
            return {}
        return chance_intervals(self.tree, self.result.trace[:self.step], self.bounds)

    def next(self):
        """One event forward; returns the event now shown."""
        self.step = self.step + 1
        return self.event

    def back(self):
        """One event back; returns the event now shown (None at the start)."""
        self.step = self.step - 1
        return self.event

    def first(self):
        """Back to step 0, before the search starts."""
        self.step = 0
        return self.event

    def last(self):
        """To the end of the trace: the search's final picture."""
        self.step = self.total
        return self.event

    @all_or_nothing
    def set_tree(self, tree=None, *, name: str | None = None, step: int | None = 0,
                 bounds: tuple | None = None):
        """Show another tree: None (AIMA Fig. 5.2), a preset name, 'random', 'random chance', a nested
        spec or a :class:`GameTree` (shown as ``name``, default 'custom', or as the preset it equals);
        ``step`` as in the constructor; ``bounds`` (L, U) for a tree with chance nodes (default: its
        smallest and largest leaf).  A tree it cannot show (a malformed spec, a leaf that is not a
        finite number, a ragged utility vector) raises, and the explorer stays as it was."""
        whole("step", step, 0, none=True, unit="events")
        if tree is None:
            tree = "AIMA Fig. 5.2"
        if isinstance(tree, str):
            if tree not in PRESETS and tree not in NPLAYER_PRESETS and tree not in (
                    RANDOM, RANDOM_CHANCE) and not (tree == CUSTOM and self._custom):
                raise ArgumentError(f"unknown tree {tree!r}; presets are "
                                    f"{list(PRESETS) + list(NPLAYER_PRESETS)}, 'random' or "
                                    f"'random chance'")
            name = tree
        else:
            given = tree if isinstance(tree, GameTree) else GameTree.from_nested(tree)
            def finite(v):  # a number, or (max^n trees) a utility vector of numbers
                parts = v if getattr(given, "vectors", False) and isinstance(v, tuple) else (v,)
                return all(isinstance(x, numbers.Real) and math.isfinite(x) for x in parts)
            bad = next((s for s, v in given.leaf_values.items() if not finite(v)), None)
            if bad is not None:
                raise ArgumentError(f"leaf {bad!r} of the tree is {given.leaf_values[bad]!r}: the explorer "
                                    f"draws trees whose leaves are finite numbers (or vectors of them)")
            preset = None if name else _preset_name(given.spec, given)
            if preset is not None:
                name = preset
            else:
                self._custom = given
                self._custom_name = name or CUSTOM
                self._quiet = True
                self.tree_picker.options = [(p, p) for p in list(PRESETS) + list(NPLAYER_PRESETS)] + [
                    (RANDOM, RANDOM), (RANDOM_CHANCE, RANDOM_CHANCE), (self._custom_name, CUSTOM)]
                self._quiet = False
                name = CUSTOM
        self._quiet = True
        self.tree_picker.value = name
        self._quiet = False
        self._load(step, bounds)

    @all_or_nothing
    def set_random(self, branching: int | None = None, depth: int | None = None,
                   seed: int | None = None, order: str | None = None, *, step: int | None = 0):
        """Show ``GameTree.random(branching, depth, seed=seed, order=order)`` (at most
        ``MAX_LEAVES`` leaves); arguments left None keep the controls' values."""
        b, d = check_random_shape(self.branching.value if branching is None else branching,
                                  self.depth.value if depth is None else depth)
        if order is not None and order not in self.order.options:
            raise ArgumentError(f"order must be one of {list(self.order.options)}, not {order!r}")
        self._quiet = True
        try:
            self.branching.value, self.depth.value = b, d
            if seed is not None:
                self.seed.value = seed
            if order is not None:
                self.order.value = order
            self.tree_picker.value = RANDOM
        finally:
            self._quiet = False
        self._load(step)

    @all_or_nothing
    def set_random_chance(self, branching: int | None = None, outcomes: int | None = None,
                          moves: int | None = None, seed: int | None = None,
                          order: str | None = None, *, step: int | None = 0):
        """Show :func:`gamelib.star.random_chance_tree` ``(branching, outcomes, moves, seed=seed,
        order=order)``: ``moves`` rounds of (decision node, chance node with equally likely outcomes),
        MAX first, integer leaves in [-5, 5], at most ``MAX_LEAVES`` leaves; arguments left None keep
        the controls' values."""
        b, n, m = check_chance_shape(self.chance_branching.value if branching is None else branching,
                                     self.outcomes.value if outcomes is None else outcomes,
                                     self.moves.value if moves is None else moves)
        if order is not None and order not in self.chance_order.options:
            raise ArgumentError(f"order must be one of {list(self.chance_order.options)}, not {order!r}")
        self._quiet = True
        try:
            self.chance_branching.value, self.outcomes.value, self.moves.value = b, n, m
            if seed is not None:
                self.chance_seed.value = seed
            if order is not None:
                self.chance_order.value = order
            self.tree_picker.value = RANDOM_CHANCE
        finally:
            self._quiet = False
        self._load(step)

    @property
    def text(self) -> str:
        """Everything the explorer says in words, one item per line."""
        lines = [f"step {self.step}/{self.total}: {self.event_text}", self.state_text]
        if self.multiplayer:
            lines.append("prunes: none: max^n searches the whole tree")
        else:
            lines += (["prunes so far:" + ("" if self.prunes else " none")]
                      + [f"  {p}" for p in self.prunes])
        if self.has_chance:
            lines.append(self.chance_text)
        lines.append(self.summary_text)
        return "\n".join(lines)

    # -- what the explorer says ------------------------------------------------------------------
    @property
    def event_text(self) -> str:
        """``describe_event`` of the event shown (or a note before the first one)."""
        e = self.event
        if e is None:
            return "before the search: press next or play"
        if self.multiplayer:
            return describe_maxn_event(e, self.tree.players.get(e.state), tree_players(self.tree))
        return describe_event(e, self.tree.players.get(e.state))

    @property
    def state_text(self) -> str:
        """The current state, who moves there, its [α, β] window and the path from the root."""
        e = self.event
        if e is None:
            return f"the search will start at the root {self.tree.initial_state}"
        player = "terminal" if self.tree.is_terminal(e.state) else self.tree.players[e.state]
        parts = [f"at {e.state} ({player})"]
        if self.multiplayer:
            if player not in ("terminal", CHANCE):
                players = tree_players(self.tree)
                parts[0] = (f"at {e.state} ({player} moves: it maximizes component "
                            f"{players.index(player) + 1} of the vector)")
            parts.append("max^n keeps no window")
            if e.kind in ("leaf", "exit"):
                parts.append(f"value {fmt_vector(e.value)}")
            path = self.view.path
            if path:
                parts.append("path " + " → ".join(path))
            return " · ".join(parts)
        if e.alpha is not None:
            parts.append(f"window [α, β] = [{_fmt(e.alpha)}, {_fmt(e.beta)}]")
        elif self.algorithm not in ("alphabeta", "star1"):
            parts.append(f"{self.algorithm} keeps no window")
        if e.kind in ("leaf", "exit", "prune"):
            parts.append(f"value {self._bound_sign(e, player) if e.kind == 'prune' else ''}"
                         f"{_fmt(e.value)}")
        view = self.view
        path = view.path
        if path:
            parts.append("path " + " → ".join(path))
        text = " · ".join(parts)
        if e.kind == "prune":
            if player == CHANCE:
                text += "\n" + why_chance_cut(e, view, tree=self.tree, bounds=self.bounds)
            else:
                star1 = self.has_chance and self.algorithm == "star1"
                text += "\n" + why_cut(e, player, tree=self.tree,
                                        star1_bounds=self.bounds if star1 else None)
        elif e.kind == "enter" and e.alpha is not None and self.tree.parent(e.state) is not None \
                and self.tree.players[self.tree.parent(e.state)] == CHANCE:
            text += "\n" + star1_window_text(e, view, tree=self.tree, bounds=self.bounds)
        return text

    @staticmethod
    def _bound_sign(e, player) -> str:
        if player == CHANCE:
            return "≤" if e.value <= e.alpha else "≥"
        return "≥" if player == MAX else "≤"

    @property
    def prunes(self) -> list:
        """``describe_event`` of every prune event so far, in order."""
        if self.multiplayer:
            return []
        return [describe_event(e, self.tree.players.get(e.state)) for e in self.view.prunes]

    @property
    def pruned_nodes(self) -> list:
        """The nodes the cuts so far have skipped, in label order."""
        if self.multiplayer:
            return []
        pruned = self.view.pruned
        return [s for s in self.tree.states if s in pruned]

    @property
    def chance_text(self) -> str:
        """The intervals proven so far at the chance nodes, in words."""
        got = self.chance_bounds
        if not got:
            return "chance nodes: none entered yet"
        parts = []
        for s, (lo, hi) in got.items():
            if math.isclose(lo, hi, rel_tol=1e-12, abs_tol=1e-12):
                parts.append(f"{s} = {_fmt(_tidy_num(lo))}")
            else:
                parts.append(f"{s} in {_interval_text(lo, hi)}")
        L, U = self.bounds
        return f"chance nodes (bounds L = {_fmt(L)}, U = {_fmt(U)}): " + ", ".join(parts)

    @property
    def summary_text(self) -> str:
        """Node counts: the shown search's, and alpha-beta's against minimax's (Star1's against
        expectiminimax's on a chance tree)."""
        seen = len(self.view.order)
        r = self.result
        if self.multiplayer:
            players = ", ".join(map(str, tree_players(self.tree)))
            return (f"nodes visited: {self.algorithm} {r.nodes} of {len(self.tree.states)}: max^n "
                    f"searches every node (one player's gain is not another's loss, so without "
                    f"bounds on the utilities no branch can be cut) · {self.algorithm} has entered {seen} so far · "
                    f"value ({players}) = {fmt_vector(r.value)}, decision {r.action}")
        if self.has_chance:
            full, one = self.results["expectiminimax"].nodes, self.results["star1"].nodes
            saved = full - one
            L, U = self.bounds
            return (f"nodes visited: star1 {one} (bounds [{_fmt(L)}, {_fmt(U)}]) vs expectiminimax "
                    f"{full}: Star1 skips {saved} ({100 * saved / full:.0f}%) · plain alpha-beta does "
                    "not apply to CHANCE nodes; Star1 extends it with bounds on the utilities "
                    f"(AIMA §5.5) · {self.algorithm} has entered {seen} so far · "
                    f"value {_fmt(_tidy_num(r.value))}, decision {r.action}")
        ab, mm = self.results["alphabeta"].nodes, self.results["minimax"].nodes
        saved = mm - ab
        rule = "v ≥ β / v ≤ α" if self.prune_on_equality else "v > β / v < α"
        return (f"nodes visited: alphabeta {ab} ({rule}) vs minimax {mm}: alpha-beta skips {saved} "
                f"({100 * saved / mm:.0f}%) · {self.algorithm} has entered {seen} so far · "
                f"value {_fmt(r.value)}, decision {r.action}")


    # -- machinery ------------------------------------------------------------------------------------
    def _current_tree(self):
        name = self.tree_picker.value
        if name == RANDOM:
            b, d = check_random_shape(self.branching.value, self.depth.value)
            return (f"random b={b} d={d} seed={self.seed.value} {self.order.value}",
                    GameTree.random(b, d, seed=self.seed.value, order=self.order.value))
        if name == RANDOM_CHANCE:
            b, n, m = check_chance_shape(self.chance_branching.value, self.outcomes.value,
                                         self.moves.value)
            return (f"random chance b={b} n={n} moves={m} seed={self.chance_seed.value} "
                    + self.chance_order.value,
                    random_chance_tree(b, n, m, seed=self.chance_seed.value,
                                       order=self.chance_order.value))
        if name == CUSTOM:
            return self._custom_name, self._custom
        if name in NPLAYER_PRESETS:
            spec, players = NPLAYER_PRESETS[name]
            return name, GameTree.from_nested(spec, players=players)
        return name, GameTree.from_nested(PRESETS[name])

    def _check_bounds(self, bounds) -> tuple:
        L, U = bounds
        leaves = self.tree.leaf_values.values()
        lo, hi = min(leaves), max(leaves)
        if not L < U:
            raise ArgumentError(f"bounds need L < U, got L = {L}, U = {U}")
        if L > lo or U < hi:
            raise ArgumentError(f"bounds [{L}, {U}] must contain every leaf (they lie in [{lo}, {hi}]); "
                             "Star1 is only correct with true bounds")
        return (L, U)

    def _show_bounds(self):
        """Put the bounds into the L and U boxes (quietly) and say how they compare with the leaves."""
        quiet, self._quiet = self._quiet, True
        self.lower.value, self.upper.value = self._bounds
        self._quiet = quiet
        tight = self._bounds == leaf_bounds(self.tree)
        self.bounds_html.value = ("the leaves' own range: the tightest true bounds" if tight else
                                  f"looser than the leaves' range {_interval_text(*leaf_bounds(self.tree))}"
                                  ": still correct, Star1 cuts less")

    def _search(self):
        """Run the searches once for this tree and setting; everything else reads their traces."""
        if self.multiplayer:
            self.results = {name: maxn(self.tree, ties=_ties(name), trace=True) for name in MAXN_SEARCHES}
        elif self.has_chance:
            L, U = self._bounds
            self.results = {"expectiminimax": expectiminimax(self.tree, trace=True),
                            "star1": star1(self.tree, lower=L, upper=U, trace=True)}
        else:
            self.results = {
                "alphabeta": alphabeta(self.tree, prune_on_equality=self.prune_on_equality,
                                       trace=True),
                "minimax": minimax(self.tree, trace=True),
            }
        self._pngs = collections.OrderedDict()  # pictures of other traces are no use any more

    def _load(self, step, bounds=None):
        tree_name, tree = self._current_tree()  # may refuse (too many leaves): nothing changed yet
        self.tree_name, self.tree = tree_name, tree
        self.random_box.layout.display = None if self.tree_picker.value == RANDOM else "none"
        self.chance_random_box.layout.display = (None if self.tree_picker.value == RANDOM_CHANCE
                                                 else "none")
        if self.has_chance:
            self._bounds = self._check_bounds(bounds) if bounds is not None else leaf_bounds(self.tree)
            self._show_bounds()
        else:
            self._bounds = None
        self.bounds_box.layout.display = None if self.has_chance else "none"
        self._figsize = (maxn_explorer_figure_size(self.tree) if self.multiplayer
                         else explorer_figure_size(self.tree))
        self._search()
        self._quiet = True
        try:
            options = list(self.results)
            if list(self.algorithm_toggle.options) != options:
                keep = self.algorithm_toggle.value
                self.algorithm_toggle.options = options
                self.algorithm_toggle.tooltips = [TOOLTIPS[o] for o in options]
                self.algorithm_toggle.value = keep if keep in options else options[0]
            # The cut rule belongs to alpha-beta: greyed under minimax, gone on chance and max^n trees.
            self.equality_box.disabled = self.algorithm != "alphabeta"
            self.equality_box.layout.display = "none" if self.has_chance or self.multiplayer else None
        finally:
            self._quiet = False
        self._set_range(step)

    def _set_range(self, step):
        """Fit the slider and the play button to the trace, then show ``step``."""
        total = self.total
        k = total if step is None else max(0, min(int(step), total))
        quiet, self._quiet = self._quiet, True  # slider and play are linked: widen both before
        try:                                    # moving, move before narrowing
            if total >= self.slider.max:
                self.slider.max = self.play.max = total
                self.slider.value = k
            else:
                self.slider.value = k
                self.slider.max = self.play.max = total
        finally:
            self._quiet = quiet
        self._render()

    def _live_state(self) -> list:
        """What an update may change (restored in this order if it fails)."""
        controls = [(w, "value") for w in (
            self.branching, self.depth, self.seed, self.order, self.chance_branching, self.outcomes,
            self.moves, self.chance_seed, self.chance_order, self.equality_box, self.lower,
            self.upper)]
        shown = [(w, "value") for w in (self.image, self.key_image, self.event_html,
                                        self.state_html, self.prunes_html, self.summary_html,
                                        self.bounds_html)]
        boxes = [(w.layout, "display") for w in (self.random_box, self.chance_random_box,
                                                 self.bounds_box, self.equality_box)]
        return ([(self, a) for a in ("tree_name", "tree", "results", "_bounds", "_custom",
                                     "_custom_name", "png", "_pngs", "_figsize")]
                + [(self.tree_picker, "options"), (self.tree_picker, "value"),
                   (self.algorithm_toggle, "options"), (self.algorithm_toggle, "tooltips"),
                   (self.algorithm_toggle, "value"), (self.equality_box, "disabled"),
                   (self.slider, "max"), (self.play, "max"), (self.slider, "value"),
                   (self.play, "value")]
                + controls + boxes + shown)

    @from_browser
    def _on_picker(self, change):
        self._load(0)

    @from_browser
    def _on_random(self, change):
        owner = change["owner"]
        if owner is self.branching:
            b = _whole("branching", self.branching.value, *BRANCHING)
            if b ** self.depth.value > MAX_LEAVES:  # keep the tree drawable: a shallower one, said so
                old, new = self.depth.value, _max_depth(b)
                self._quiet = True
                try:
                    self.depth.value = new
                finally:
                    self._quiet = False
                self.say(f"depth lowered from {old} to {new}: {b}^{old} = {b ** old:,} leaves is more "
                         f"than {MAX_LEAVES}, the most a picture shows legibly")
        elif owner is self.depth:
            check_random_shape(self.branching.value, self.depth.value)
        if self.tree_picker.value == RANDOM:
            self._load(0)

    @from_browser
    def _on_random_chance(self, change):
        owner = change["owner"]
        if owner in (self.chance_branching, self.outcomes):
            b = _whole("branching", self.chance_branching.value, *CHANCE_SHAPE)
            n = _whole("outcomes", self.outcomes.value, *CHANCE_SHAPE)
            if (b * n) ** self.moves.value > MAX_LEAVES:
                old, new = self.moves.value, _max_moves(b, n)
                self._quiet = True
                try:
                    self.moves.value = new
                finally:
                    self._quiet = False
                self.say(f"moves lowered from {old} to {new}: ({b}·{n})^{old} = {(b * n) ** old:,} "
                         f"leaves is more than {MAX_LEAVES}, the most a picture shows legibly")
        elif owner is self.moves:
            check_chance_shape(self.chance_branching.value, self.outcomes.value, self.moves.value)
        if self.tree_picker.value == RANDOM_CHANCE:
            self._load(0)

    def _on_bounds(self, change):
        """L or U typed in: rerun Star1 with them, or put the old ones back and say why not (beside
        the boxes, where the student is looking)."""
        if self._quiet or not self.has_chance:
            return
        try:
            self.bounds = (self.lower.value, self.upper.value)
        except ValueError as err:
            self._show_bounds()
            self.bounds_html.value = f"<span style='color:#b00020'>{html.escape(str(err))}</span>"

    @from_browser
    def _on_search_setting(self, change):
        """Algorithm or cut rule changed: same tree; stay at the end if there, else start over."""
        at_end = self.step == self.slider.max
        self.equality_box.disabled = self.algorithm != "alphabeta"
        if change["owner"] is self.equality_box:
            self._search()
        self._set_range(None if at_end else 0)

    @from_browser
    def _on_slider(self, change):
        self._render()

    @from_browser
    def _on_step_button(self, button):
        {self.first_button: self.first, self.back_button: self.back, self.next_button: self.next,
         self.last_button: self.last}[button]()

    # -- the picture ----------------------------------------------------------------------------------
    def _figure(self, step: int) -> Figure:
        """The picture at ``step``: a Figure of its own, not pyplot's (nothing to close, nothing
        leaks, nothing is shown twice by the inline backend), of one size for the whole trace, so the
        picture does not jump between steps."""
        fig = Figure(figsize=self._figsize, dpi=DPI)
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.02, top=0.9)
        ax = fig.subplots()
        title = f"{self.tree_name} · {self.algorithm} · step {step}/{self.total}"
        if self.multiplayer:
            draw_maxn_tree(self.tree, self.result, step=step, ax=ax, title=title)
        elif self.has_chance:
            draw_chance_tree(self.tree, self.result, step=step, ax=ax, title=title, bounds=self.bounds,
                             text_as_paths=True)
        else:
            draw_tree(self.tree, self.result, step=step, ax=ax, title=title, text_as_paths=True)
        return fig

    def _picture(self, step: int) -> bytes:
        """The PNG of ``step``, drawn once per trace and kept."""
        key = (self.algorithm, step)
        png = self._pngs.get(key)
        if png is None:
            png = png_bytes(self._figure(step))
            self._pngs[key] = png
            while len(self._pngs) > CACHED_PICTURES:
                self._pngs.popitem(last=False)
        else:
            self._pngs.move_to_end(key)
        return png

    def _prefetch_next(self):
        """While the student reads this step, draw the next one in the kernel's idle time (on its
        event loop, in its own thread: matplotlib is not thread-safe).  Without a running loop (a
        script, a test) nothing is drawn ahead."""
        if not self.draw or self.step >= self.total:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._prefetching is not None:
            self._prefetching.cancel()
        results, algorithm, step = self.results, self.algorithm, self.step + 1

        def draw_ahead():
            self._prefetching = None
            if self.results is results and self.algorithm == algorithm and self.step + 1 == step:
                self._picture(step)
        self._prefetching = loop.call_later(0.02, draw_ahead)

    def _render(self):
        """Show the picture and the text for the current step (nothing else changes)."""
        if self.draw:
            self.png = self._picture(self.step)
            self.image.value = self.png
            key = (_maxn_key_png(tree_players(self.tree), CHANCE in self.tree.players.values())
                   if self.multiplayer else
                   _key_png(self.has_chance, self.algorithm in ("alphabeta", "star1")))
            if self.key_image.value != key:
                self.key_image.value = key
        esc = html.escape
        self.event_html.value = (f"<b>step {self.step}/{self.total}</b>: {esc(self.event_text)} "
                                 f"<span style='color:#777'>({esc(self.tree_name)}, "
                                 f"{self.algorithm})</span>")
        self.state_html.value = esc(self.state_text).replace("\n", "<br>")
        prunes = self.prunes
        pruned = self.pruned_nodes
        self.prunes_html.value = (
            "<b>prunes:</b> none: max^n searches the whole tree" if self.multiplayer else
            "<b>prunes so far:</b> " + ("none" if not prunes else
                                        "<ul style='margin:0'>" + "".join(f"<li>{esc(p)}</li>"
                                                                           for p in prunes) + "</ul>")
            + (f"<b>never searched:</b> {esc(', '.join(pruned))}" if pruned else ""))
        summary = esc(self.summary_text)
        if self.has_chance:
            summary = esc(self.chance_text) + "<br>" + summary
        self.summary_html.value = summary
        self._prefetch_next()


def maxn_explorer_figure_size(tree) -> tuple:
    """The explorer's picture size for a max^n tree in inches: room for a vector per leaf
    (:func:`~gamelib.viz.maxn.maxn_figure_size`), no wider than the notebook column."""
    w, h = maxn_figure_size(tree)
    return min(w, COLUMN_WIDTH), h


def explorer_figure_size(tree) -> tuple:
    """The explorer's picture size for ``tree`` in inches: :func:`~gamelib.viz.drawing.figure_size`,
    no wider than the notebook column (``COLUMN_WIDTH``)."""
    return figure_size(tree, max_width=COLUMN_WIDTH)
