"""What the tree explorer does differently for each kind of tree: one small strategy per kind.

The explorer (:class:`~gamelib.viz.explorer.TreeExplorer`) is a stepper: a tree, a traced search, a
step k, a picture and some words.  Everything that depends on the kind of tree is here, one class per
kind, each giving

* its **searches** (``searches``: the names the algorithm toggle offers, with their tooltips, and
  ``run``: one traced search each, run once per tree and setting),
* its own **controls** (``controls``: the cut rule of alpha-beta, the bounds L and U of Star1),
* the **reading** of a trace at step k (``view``: a :class:`~gamelib.trace.TraceView` or
  :class:`~gamelib.trace.MaxnView`),
* the **picture** (``draw``, ``figure_size``, ``key``),
* the **words** (``describe``, ``state_text``, ``prunes``, ``notes``, ``summary``), which come from
  :mod:`gamelib.trace`.

==================  ============================================  =========================================
kind                searches                                      picture
==================  ============================================  =========================================
:class:`TwoPlayer`  alpha-beta (AIMA Fig. 5.7), minimax (5.3)    :func:`~gamelib.viz.draw_tree`
:class:`Chance`     expectiminimax (AIMA §5.5), Star1 (Ballard)   :func:`~gamelib.viz.draw_chance_tree`
:class:`Maxn`       max^n (AIMA §5.2.2) under each tie rule       :func:`~gamelib.viz.draw_maxn_tree`
==================  ============================================  =========================================

:data:`KINDS` lists them in the order the explorer asks :meth:`TreeKind.matches`; a new kind of tree
(MCTS's, an AND-OR tree) is a new subclass put in that list, and nothing else changes.
"""
from __future__ import annotations

import functools
import html
import math

import ipywidgets as widgets
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..alphabeta import alphabeta
from ..core import CHANCE, MAX, ArgumentError
from ..maxn import TIES, maxn
from ..minimax import expectiminimax, minimax
from ..star import star1
from ..trace import (MaxnView, TraceView, chance_intervals, describe_event, describe_maxn_event, fmt_vector,
                     interval_text, leaf_bounds, proven_ranges, star1_window_text, tidy, why_chance_cut, why_cut)
from ..trace import fmt_value as _fmt
from .chance_widgets import draw_chance_tree
from .drawing import COLUMN_WIDTH, DPI, draw_tree, figure_size, legend_handles
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .maxn import draw_maxn_tree, maxn_figure_size, maxn_legend_handles, tree_players


KEY_WIDTH = 2.3
"""Inches the key takes beside the explorer's picture."""
BESIDE_KEY = COLUMN_WIDTH - KEY_WIDTH
"""Inches a picture may take with the key beside it in a notebook column."""
PICTURE_HEIGHT = 4.0
"""Inches: the tallest explorer picture, so that the controls, the picture and the words fit an
800-pixel-high laptop screen together."""


def explorer_size(natural: tuple, depth: int) -> tuple:
    """The explorer's picture size for a tree whose own picture is ``natural`` (w, h) inches: narrow
    enough for the key beside it where the tree allows (a little squeezed, type still 7 pt or more),
    else the column's width; rows closer together than in a static picture, and no taller than
    ``PICTURE_HEIGHT``."""
    w, h = natural
    w = min(w, BESIDE_KEY) if w <= 1.45 * BESIDE_KEY else min(w, COLUMN_WIDTH)
    return w, min(h, PICTURE_HEIGHT, 0.45 + 0.95 * (depth + 1))


class TreeKind:
    """A kind of tree the explorer can step through (see the module docstring).  One instance per
    explorer (``host``): it owns its controls and the settings they hold, and ``tree``, the tree shown
    while it is the explorer's kind.  A control that changes a setting calls
    ``host.on_kind_control(change)``, which runs the searches again (all or nothing)."""

    name = ""
    searches: dict = {}
    """The algorithm toggle's options: {name: tooltip}, in order."""

    def __init__(self, host, **options):
        self.host = host                # options: settings of other kinds (the explorer passes all)
        self.tree = None
        self.controls = {}
        """{explorer attribute: widget}: this kind's controls (the explorer shows them by name)."""
        self.box = None
        """The box of this kind's controls, shown while its tree is (None: it has none)."""

    @staticmethod
    def matches(tree) -> bool:
        raise NotImplementedError

    def load(self, tree, bounds=None):
        """Take ``tree`` (``bounds``: a setting of the kind that has them; refused by the others)."""
        if bounds is not None:
            raise ArgumentError(f"bounds are for trees with chance nodes (Star1), not for {self.name} trees")
        self.tree = tree

    def show(self, algorithm):
        """Set this kind's controls as ``algorithm`` (the search shown, of whatever kind) needs them."""

    def setting_words(self, algorithm) -> str:
        """This kind's settings that ``algorithm`` uses, in a few words for the status line ('' for none)."""
        return ""

    def take(self, change):
        """Take the setting a control of this kind changed (``change``: ipywidgets' change), inside the
        explorer's update, before the searches run again: a failed update puts it back with the rest."""

    # -- searches and pictures ------------------------------------------------------------------------
    def run(self) -> dict:
        """{algorithm: traced SearchResult} for every search of ``searches``, on ``tree``."""
        raise NotImplementedError

    def view(self, result, step):
        """What the trace of ``result`` says after ``step`` events (a TraceView or its like)."""
        raise NotImplementedError

    def figure_size(self) -> tuple:
        """The picture's (width, height) in inches, one size for the whole trace (``explorer_size``)."""
        raise NotImplementedError

    def draw(self, ax, result, step, title, as_paths=True):
        """Draw ``tree`` with ``result``'s trace after ``step`` events into ``ax`` (``as_paths``: the
        labels as glyph outlines, ten times faster; False: Text artists, which tests can measure)."""
        raise NotImplementedError

    def key(self, algorithm, wide=False) -> bytes:
        """The key to the picture, a PNG cropped to its text: tall, to stand beside the picture, or
        ``wide``, to lie under a picture as wide as the column."""
        raise NotImplementedError

    # -- words ------------------------------------------------------------------------------------------
    def describe(self, event, view, algorithm) -> str:
        """``event`` in words (``view``: the trace up to it; ``algorithm``: the search shown)."""
        raise NotImplementedError

    def state_text(self, event, view, algorithm) -> str:
        """The state of ``event``: who moves there, what the search knows there, the path to it."""
        raise NotImplementedError

    def prune_lines(self, view) -> list:
        """The cuts so far, in words (lines of ``text``)."""
        return []

    def prunes_html(self, view) -> str:
        """The same, as the widget shows it."""
        return ""

    def prunes(self, view) -> list:
        """Each cut so far in words."""
        return []

    def pruned_nodes(self, view) -> list:
        """The nodes the cuts so far have skipped, in label order."""
        return []

    def notes(self, view, results) -> list:
        """Lines said between the prunes and the summary (``view``: the trace so far)."""
        return []

    def summary(self, results, algorithm, view) -> str:
        """Node counts of this kind's searches; the value and decision once the search is done."""
        raise NotImplementedError


class _ZeroSum(TreeKind):
    """Two players, zero-sum (with or without chance): searches that keep an [α, β] window and cut,
    read with a :class:`~gamelib.trace.TraceView` and put into words by
    :func:`~gamelib.trace.describe_event` and the why-texts."""

    # -- searches and pictures ------------------------------------------------------------------------
    def view(self, result, step):
        return TraceView(result, step, tree=self.tree)

    def figure_size(self) -> tuple:
        return explorer_size(figure_size(self.tree, max_width=math.inf), self.tree.depth())

    # -- words ------------------------------------------------------------------------------------------
    def describe(self, event, view, algorithm) -> str:
        return describe_event(event, self.tree.players.get(event.state))

    def state_text(self, event, view, algorithm) -> str:
        """The state of ``event``, who moves there, its window, value and path (and why a cut)."""
        tree = self.tree
        player = "terminal" if tree.is_terminal(event.state) else tree.players[event.state]
        parts = [f"at {event.state} ({player})"]
        if event.alpha is not None:
            parts.append(f"window [α, β] = [{_fmt(event.alpha)}, {_fmt(event.beta)}]")
        elif algorithm not in ("alphabeta", "star1"):
            parts.append(f"{algorithm} keeps no window")
        if event.kind in ("leaf", "exit", "prune"):
            sign = _bound_sign(event, player) if event.kind == "prune" else ""
            parts.append(f"value {sign}{_fmt(event.value)}")
        if view.path:
            parts.append("path " + " → ".join(view.path))
        return " · ".join(parts) + self._why(event, view, player, algorithm)

    def _why(self, event, view, player, algorithm) -> str:
        if event.kind != "prune":
            return ""
        return "\n" + why_cut(event, player, tree=self.tree)

    def prunes(self, view) -> list:
        """``describe_event`` of every prune event so far, in order."""
        return [describe_event(e, self.tree.players.get(e.state)) for e in view.prunes]

    def pruned_nodes(self, view) -> list:
        """The nodes the cuts so far have skipped, in label order."""
        return [s for s in self.tree.states if s in view.pruned]

    def prune_lines(self, view) -> list:
        prunes = self.prunes(view)
        return ["prunes so far:" + ("" if prunes else " none")] + [f"  {p}" for p in prunes]

    def prunes_html(self, view) -> str:
        esc, prunes, pruned = html.escape, self.prunes(view), self.pruned_nodes(view)
        return ("<b>prunes so far:</b> " + ("none" if not prunes else "<ul style='margin:0'>" + "".join(
            f"<li>{esc(p)}</li>" for p in prunes) + "</ul>")
            + (f"<b>never searched:</b> {esc(', '.join(pruned))}" if pruned else ""))



def _bound_sign(e, player) -> str:
    if player == CHANCE:
        return "≤" if e.value <= e.alpha else "≥"
    return "≥" if player == MAX else "≤"


class TwoPlayer(_ZeroSum):
    """Two players, zero-sum, no chance: alpha-beta (AIMA Fig. 5.7) against minimax (Fig. 5.3), with
    alpha-beta's cut test as a control (v ≥ β, AIMA; or v > β, CS188's strict rule)."""

    name = "two-player"
    searches = {"alphabeta": "alpha-beta, AIMA Fig. 5.7", "minimax": "minimax, AIMA Fig. 5.3"}

    def __init__(self, host, *, prune_on_equality: bool = True, **options):
        super().__init__(host)
        self.equality_box = widgets.Checkbox(value=prune_on_equality, indent=False,
                                             description="prune on equality (v ≥ β, v ≤ α)",
                                             layout=widgets.Layout(width="auto"))
        self.equality_box.observe(self.host.on_kind_control, "value")
        self.controls = {"equality_box": self.equality_box}
        self.box = self.equality_box

    @staticmethod
    def matches(tree) -> bool:
        return True

    @property
    def prune_on_equality(self) -> bool:
        return self.equality_box.value

    def show(self, algorithm):
        self.equality_box.disabled = algorithm != "alphabeta"   # the cut rule is alpha-beta's

    def run(self) -> dict:
        return {"alphabeta": alphabeta(self.tree, prune_on_equality=self.prune_on_equality, trace=True),
                "minimax": minimax(self.tree, trace=True)}

    def draw(self, ax, result, step, title, as_paths=True):
        draw_tree(self.tree, result, step=step, ax=ax, title=title, text_as_paths=as_paths)
        ax.set_ylim(-self.tree.depth() - 0.45, 0.42)

    def key(self, algorithm, wide=False) -> bytes:
        return _key_png(False, algorithm == "alphabeta", wide)

    def summary(self, results, algorithm, view) -> str:
        """Alpha-beta's node count against minimax's."""
        ab, mm = results["alphabeta"].nodes, results["minimax"].nodes
        saved = mm - ab
        rule = "v ≥ β / v ≤ α" if self.prune_on_equality else "v > β / v < α"
        return (f"nodes visited: alphabeta {ab} ({rule}) vs minimax {mm}: alpha-beta skips {saved} "
                f"({100 * saved / mm:.0f}%) · {algorithm} has entered {len(view.order)} so far · "
                + _outcome(view, f"value {_fmt(results[algorithm].value)}, decision {results[algorithm].action}"))


class Chance(_ZeroSum):
    """Two players and CHANCE nodes: Ballard's Star1 (alpha-beta with cuts at chance nodes, from bounds
    L ≤ every utility ≤ U) against expectiminimax (AIMA §5.5), the bounds as controls.  Every chance node
    the search has entered shows the interval its value is proven to lie in so far
    (:func:`~gamelib.trace.chance_intervals`)."""

    name = "chance"
    searches = {"expectiminimax": "expectiminimax, AIMA §5.5",
                "star1": "Star1: alpha-beta with cuts at chance nodes from bounds L, U (Ballard 1983)"}

    def __init__(self, host, **options):
        super().__init__(host)
        self.bounds = None
        self.lower = widgets.FloatText(value=0.0, description="L", layout=widgets.Layout(width="140px"),
                                       tooltip="lower bound on every utility (Star1)")
        self.upper = widgets.FloatText(value=1.0, description="U", layout=widgets.Layout(width="140px"),
                                       tooltip="upper bound on every utility (Star1)")
        self.bounds_html = widgets.HTML()
        self.bounds_box = widgets.HBox([self.lower, self.upper, self.bounds_html])
        self.lower.observe(self._on_bounds, "value")
        self.upper.observe(self._on_bounds, "value")
        self.controls = {"lower": self.lower, "upper": self.upper, "bounds_html": self.bounds_html,
                         "bounds_box": self.bounds_box}
        self.box = self.bounds_box

    @staticmethod
    def matches(tree) -> bool:
        return not getattr(tree, "vectors", False) and CHANCE in tree.players.values()

    def load(self, tree, bounds=None):
        self.tree = tree
        self.bounds = self.check_bounds(bounds) if bounds is not None else leaf_bounds(tree)
        self.show_bounds()

    def setting_words(self, algorithm) -> str:
        """Star1's bounds, in the status line: 'L = 0, U = 1' (a change of them is read out)."""
        return f"L = {_fmt(self.bounds[0])}, U = {_fmt(self.bounds[1])}" if algorithm == "star1" and self.bounds else ""

    def check_bounds(self, bounds) -> tuple:
        """``bounds`` as (L, U), or an ArgumentError: L < U, and every leaf of the tree within."""
        L, U = bounds
        leaves = self.tree.leaf_values.values()
        lo, hi = min(leaves), max(leaves)
        if not L < U:
            raise ArgumentError(f"bounds need L < U, got L = {L}, U = {U}")
        if L > lo or U < hi:
            raise ArgumentError(f"bounds [{L}, {U}] must contain every leaf (they lie in [{lo}, {hi}]); "
                                "Star1 is only correct with true bounds")
        return (L, U)

    def set_bounds(self, bounds):
        self.bounds = self.check_bounds(bounds)
        self.show_bounds()

    def show_bounds(self):
        """Put the bounds into the L and U boxes (quietly) and say how they compare with the leaves."""
        with self.host.quietly():
            self.lower.value, self.upper.value = self.bounds
        tight = self.bounds == leaf_bounds(self.tree)
        self.bounds_html.value = ("the leaves' own range: the tightest true bounds" if tight else
                                  f"looser than the leaves' range {interval_text(*leaf_bounds(self.tree))}"
                                  ": still correct, Star1 cuts less")

    def _on_bounds(self, change):
        """L or U typed in: rerun Star1 with them, or put the old ones back and say why not (beside
        the boxes, where the student is looking)."""
        if self.host.updating or self.host.kind is not self:
            return
        try:
            self.check_bounds((self.lower.value, self.upper.value))
        except ValueError as err:
            self.show_bounds()
            self.bounds_html.value = f"<span style='color:#b00020'>{html.escape(str(err))}</span>"
            self.host.on_kind_refusal(str(err))
            return
        self.host.on_kind_control(change)

    def take(self, change):
        self.set_bounds((self.lower.value, self.upper.value))

    def run(self) -> dict:
        L, U = self.bounds
        return {"expectiminimax": expectiminimax(self.tree, trace=True),
                "star1": star1(self.tree, lower=L, upper=U, trace=True)}

    def view(self, result, step):
        """Chance-aware ranges: a chance node a cut stopped gets the interval its outcomes prove,
        unsearched outcomes counted as [L, U], not the bound Star1 returned."""
        view = TraceView(result, step, tree=self.tree)
        L, U = self.bounds
        view.ranges = proven_ranges(view.events, self.tree.to_move, chance_outcomes=self.tree.chance_outcomes,
                                    lower=L, upper=U)
        return view

    def draw(self, ax, result, step, title, as_paths=True):
        L, U = self.bounds
        draw_chance_tree(self.tree, result, step=step, ax=ax, title=title, lower=L, upper=U,
                         text_as_paths=as_paths)
        ax.set_ylim(-self.tree.depth() - 0.45, 0.42)

    def key(self, algorithm, wide=False) -> bytes:
        return _key_png(True, algorithm == "star1", wide)

    def _why(self, event, view, player, algorithm) -> str:
        tree, (L, U) = self.tree, self.bounds
        if event.kind == "prune":
            if player == CHANCE:
                return "\n" + why_chance_cut(event, view, tree=tree, lower=L, upper=U)
            return "\n" + why_cut(event, player, tree=tree,
                                  star1_bounds=self.bounds if algorithm == "star1" else None)
        parent = tree.parent(event.state)
        if event.kind == "enter" and event.alpha is not None and parent is not None \
                and tree.players[parent] == CHANCE:
            return "\n" + star1_window_text(event, view, tree=tree, lower=L, upper=U)
        return ""

    def intervals(self, events) -> dict:
        """{chance node: (lo, hi)} proven after ``events``
        (:func:`~gamelib.trace.chance_intervals`)."""
        L, U = self.bounds
        return chance_intervals(self.tree, events, lower=L, upper=U)

    def notes(self, view, results) -> list:
        """The intervals proven so far at the chance nodes, in words."""
        got = self.intervals(view.events)
        if not got:
            return ["chance nodes: none entered yet"]
        parts = []
        for s, (lo, hi) in got.items():
            if math.isclose(lo, hi, rel_tol=1e-12, abs_tol=1e-12):
                parts.append(f"{s} = {_fmt(tidy(lo))}")
            else:
                parts.append(f"{s} in {interval_text(lo, hi)}")
        L, U = self.bounds
        return [f"chance nodes (bounds L = {_fmt(L)}, U = {_fmt(U)}): " + ", ".join(parts)]

    def summary(self, results, algorithm, view) -> str:
        """Star1's node count against expectiminimax's."""
        full, one = results["expectiminimax"].nodes, results["star1"].nodes
        saved = full - one
        L, U = self.bounds
        return (f"nodes visited: star1 {one} (bounds [{_fmt(L)}, {_fmt(U)}]) vs expectiminimax "
                f"{full}: Star1 skips {saved} ({100 * saved / full:.0f}%) · plain alpha-beta does "
                "not apply to CHANCE nodes; Star1 extends it with bounds on the utilities "
                f"(AIMA §5.5) · {algorithm} has entered {len(view.order)} so far · "
                + _outcome(view, f"value {_fmt(tidy(results[algorithm].value))}, "
                               f"decision {results[algorithm].action}"))


MAXN_SEARCHES = {("maxn" if t == "first" else f"maxn {t}"): t for t in TIES}
"""max^n under each tie rule ('maxn' keeps the first of equal children, as minimax does)."""
ALIASES = {"maxn paranoid": "maxn adversarial"}
"""Old names of the searches on offer, still accepted ('paranoid' was the adversarial tie rule)."""


class Maxn(TreeKind):
    """Trees whose leaves are utility vectors (N players, or two players not zero-sum): max^n
    (:func:`gamelib.maxn`, AIMA §5.2.2) under each of its tie rules.  Max^n prunes nothing and keeps no
    window.  Where a mover is tied the words say so and how the rule shown breaks the tie, and at the
    end of the search a note says which rules choose alike, and why."""

    name = "max^n"
    searches = {"maxn": "max^n, AIMA §5.2.2: ties kept as found (the first child)",
                "maxn spiteful": "max^n, ties broken against the other players (least sum of theirs)",
                "maxn generous": "max^n, ties broken for the other players (greatest sum of theirs)",
                "maxn adversarial": "max^n, ties broken against the player at the root"}

    @staticmethod
    def matches(tree) -> bool:
        return bool(getattr(tree, "vectors", False))

    def run(self) -> dict:
        return {name: maxn(self.tree, ties=ties, trace=True) for name, ties in MAXN_SEARCHES.items()}

    def view(self, result, step):
        return MaxnView(self.tree, result, step)

    def figure_size(self) -> tuple:
        return explorer_size(maxn_figure_size(self.tree, max_width=2 * COLUMN_WIDTH), self.tree.depth())

    def draw(self, ax, result, step, title, as_paths=True):
        draw_maxn_tree(self.tree, result, step=step, ax=ax, title=title, text_as_paths=as_paths)

    def key(self, algorithm, wide=False) -> bytes:
        return _maxn_key_png(tree_players(self.tree), CHANCE in self.tree.players.values(), wide)

    def describe(self, event, view, algorithm) -> str:
        tied = view.tied.get(event.state) if event.kind == "exit" else None
        return describe_maxn_event(event, self.tree.players.get(event.state), tree_players(self.tree),
                                   tied=tied, ties=MAXN_SEARCHES.get(algorithm, "first"),
                                   root=self.tree.players.get(self.tree.initial_state))

    def state_text(self, event, view, algorithm) -> str:
        player = "terminal" if self.tree.is_terminal(event.state) else self.tree.players[event.state]
        parts = [f"at {event.state} ({player})"]
        if player not in ("terminal", CHANCE):
            players = tree_players(self.tree)
            parts[0] = (f"at {event.state} ({player} moves: it maximizes component "
                        f"{players.index(player) + 1} of the vector)")
        parts.append("max^n keeps no window")
        if event.kind in ("leaf", "exit"):
            parts.append(f"value {fmt_vector(event.value)}")
        if view.path:
            parts.append("path " + " → ".join(view.path))
        return " · ".join(parts)

    def prune_lines(self, view) -> list:
        return ["prunes: none: max^n searches the whole tree"]

    def prunes_html(self, view) -> str:
        return "<b>prunes:</b> none: max^n searches the whole tree"

    def notes(self, view, results) -> list:
        """Once the search is done: which tie rules choose alike, and where a mover is tied."""
        if not view.complete:
            return []
        alike = {}
        for name, r in results.items():
            alike.setdefault((r.action, r.value), []).append(name)
        said = "; ".join(f"{', '.join(names)} {'take' if len(names) > 1 else 'takes'} {action}, "
                         f"{fmt_vector(value)}" for (action, value), names in alike.items())
        if len(alike) == 1:
            said = f"every rule takes {next(iter(alike))[0]}, {fmt_vector(next(iter(alike))[1])}"
        where = [f"{self.tree.players[s]} at {s} ({' and '.join(a for a, _ in tied)} give it "
                 f"{fmt_vector(tied[0][1][tree_players(self.tree).index(self.tree.players[s])])})"
                 for s, tied in view.tied.items()]
        if not where:
            return [f"tie rules: {said}: no mover is tied anywhere in this tree, so the rules cannot differ"]
        return [f"tie rules: {said}. They can differ only where a mover is tied: " + "; ".join(where)
                + ". A rule that takes the first there chooses as maxn does (the last event of each says why)"]

    def summary(self, results, algorithm, view) -> str:
        r = results[algorithm]
        players = ", ".join(map(str, tree_players(self.tree)))
        return (f"nodes visited: {algorithm} {r.nodes} of {len(self.tree.states)}: max^n "
                f"searches every node (one player's gain is not another's loss, so without "
                f"bounds on the utilities no branch can be cut) · {algorithm} has entered {len(view.order)} so "
                f"far · " + _outcome(view, f"value ({players}) = {fmt_vector(r.value)}, decision {r.action}"))


def _outcome(view, said: str) -> str:
    """``said`` (the search's value and decision) once its last event is shown; before, not given away."""
    return said if view.complete else "value and decision: at the end of the search"


KINDS = (Maxn, Chance, TwoPlayer)
"""The kinds of tree, in the order the explorer asks ``matches`` (the first that matches is used)."""


@functools.lru_cache(maxsize=None)
def _maxn_key_png(players: tuple, chance: bool, wide: bool) -> bytes:
    """The key to a max^n picture (one colour per player), cropped to its text."""
    return _legend_png(maxn_legend_handles(players, chance=chance, stepping=True), wide)


@functools.lru_cache(maxsize=None)
def _key_png(chance: bool, windowed: bool, wide: bool) -> bytes:
    """The key to the picture (drawn once per kind of tree and search, then reused)."""
    handles = legend_handles(chance=chance, windows=windowed, pruning=windowed, stepping=True)
    if chance:
        handles.append(Line2D([], [], linestyle="none", marker="",
                              label="[lo, hi] beside ○ (green): its\nproven range, outcomes not\n"
                                    "searched yet counted as L, U"))
    return _legend_png(handles, wide)


def _legend_png(handles, wide: bool) -> bytes:
    """A key alone, cropped to its text, so that it shows at full size: one column (beside a
    picture) or three (under it)."""
    fig = Figure(figsize=(COLUMN_WIDTH, 1.6) if wide else (KEY_WIDTH, 4.0), dpi=DPI)
    ax = fig.subplots()
    ax.set_axis_off()
    ax.legend(handles=handles, loc="center", fontsize=8, frameon=False, handlelength=1.6,
              ncol=3 if wide else 1, columnspacing=1.2)
    return png_with_words(fig, tight=True)
