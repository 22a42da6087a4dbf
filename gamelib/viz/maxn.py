"""Pictures of max^n (AIMA 4th ed. Fig. 5.4): one colour per player, utility vectors at the nodes.

:func:`draw_maxn_tree` draws an N-player :class:`~gamelib.trees.GameTree` (or a two-player one, whose
vectors are (v, −v)) with what a traced :func:`gamelib.maxn` did over it: each decision node is a disc
in the colour of the player who moves there, with that player's name inside; each leaf a square with
its utility vector underneath; each node the search has left shows the vector it backed up, and the
edge to the child it took is drawn thick in the mover's colour (the root's decision thickest).  ``step=k``
draws the search after its first k events, the way the tree explorer steps through a trace: nodes not
reached yet are faded, the current path is outlined, the node of the last event ringed in orange.

Everything comes from the trace (:class:`MaxnView`); nothing here searches.  :func:`describe_maxn_event`
puts one event into words, :func:`maxn_legend_handles` is the key.
"""
from __future__ import annotations

import math
from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..core import CHANCE, ArgumentError, Event
from ..validate import player_order, whole
from .drawing import COLUMN_WIDTH, MIN_FONT

PLAYER_COLORS = ("#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#7f6000")
"""One colour per player, in ``player_order``: red, blue, green, purple, orange, brown."""
LEGEND_WIDTH = 2.4
"""Inches the key takes beside a tree (``legend=True``)."""
CURRENT = "#fd8d3c"
FADED = 0.3


def player_colors(players, colors=None) -> dict:
    """{player: colour} for ``players`` in order (``colors`` overrides the default palette)."""
    if colors is not None and (isinstance(colors, str) or not isinstance(colors, (list, tuple))):
        raise ArgumentError(f"colors must be a list of colours, one per player, got {colors!r}")
    palette = tuple(colors) if colors is not None else PLAYER_COLORS
    if len(players) > len(palette):
        raise ArgumentError(f"colors: {len(players)} players but only {len(palette)} colours "
                            f"({list(palette)!r}); pass one colour per player")
    return dict(zip(players, palette))


def fmt_number(x) -> str:
    """A utility as students write it: 3, −2, 1/3, 0.25 (simple fractions shown as fractions)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return str(x)
    if isinstance(x, float) and math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if float(x).is_integer():
        return str(int(x)).replace("-", "−")
    f = Fraction(x).limit_denominator(12)
    if abs(float(f) - x) < 1e-9:
        return f"{f.numerator}/{f.denominator}".replace("-", "−")
    return f"{x:.3g}".replace("-", "−")


def fmt_vector(v) -> str:
    """``(1, 2, 6)``; a number alone as itself; None as ''."""
    if v is None:
        return ""
    if isinstance(v, tuple):
        return "(" + ", ".join(fmt_number(x) for x in v) + ")"
    return fmt_number(v)


def tree_vectors(tree) -> dict:
    """{leaf: utility vector}: a tree of named players holds them; a two-player tree's leaf v is
    (v, −v)."""
    if getattr(tree, "vectors", False):
        return dict(tree.leaf_values)
    return {s: (v, -v) for s, v in tree.leaf_values.items()}


def tree_players(tree) -> tuple:
    """The players of ``tree`` in vector order ((MAX, MIN) for a two-player tree)."""
    return player_order(tree)


class MaxnView:
    """What a max^n trace says after its first ``step`` events (all if None).

    order    state -> visit number (1 for the root)
    value    state -> the vector the search returned there (leaf or exit)
    path     the open states, root first
    current  the last event (None at step 0)
    chosen   internal state -> the child whose vector it backed up (the first child with that vector:
             with any tie rule, the one the search kept), for every internal node already left
    """

    def __init__(self, tree, result, step=None):
        _check_tree(tree)
        _check_result(result)
        events = [] if result is None or result.trace is None else result.trace
        self.total = len(events)
        self.step = self.total if step is None else whole("step", step, 0, self.total, unit="events")
        self.events = events[:self.step]
        self.complete = self.step == self.total
        self.order, self.value, self.path = {}, {}, []
        for e in self.events:
            if e.kind == "enter":
                self.order.setdefault(e.state, len(self.order) + 1)
                self.path.append(e.state)
            else:
                self.value[e.state] = e.value
                if self.path and self.path[-1] == e.state:
                    self.path.pop()
        self.current = self.events[-1] if self.events else None
        self.chosen = {}
        for s, v in self.value.items():
            kids = [c for _, c in tree.children.get(s, ())]
            if kids and tree.players.get(s) != CHANCE:
                self.chosen[s] = next((c for c in kids if self.value.get(c) == v), None)


def _layout(tree) -> dict:
    """Leaves one unit apart left to right, parents centred over their children, y = −depth."""
    pos, x = {}, [0.0]
    stack = [(tree.initial_state, 0, False)]
    while stack:                                   # depth first without recursion
        s, depth, done = stack.pop()
        kids = [c for _, c in tree.children[s]]
        if not kids:
            pos[s] = (x[0], -depth)
            x[0] += 1.0
        elif done:
            pos[s] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, -depth)
        else:
            stack.append((s, depth, True))
            stack.extend((c, depth + 1, False) for c in reversed(kids))
    return pos


def maxn_figure_size(tree, max_width: float = COLUMN_WIDTH) -> tuple:
    """(width, height) in inches for :func:`draw_maxn_tree` on ``tree``: room for a vector per leaf,
    no wider than ``max_width`` (the notebook column: wider pictures are shrunk and their labels with
    them; crowded leaf vectors are staggered instead)."""
    leaves = tree.leaves
    vectors = tree_vectors(tree)
    chars = max(len(fmt_vector(vectors[s])) for s in leaves)
    width = len(leaves) * (0.085 * chars + 0.12) + 1.4
    return min(max(width, 4.0), max_width), 1.25 * (tree.depth() + 1) + 0.7


def draw_maxn_tree(tree, result=None, *, step=None, ax=None, title=None, colors=None, show_order=True,
                   show_actions=True, legend=False, font_size=9, node_size=420):
    """Draw ``tree`` with a traced :func:`gamelib.maxn` ``result`` over it (or bare, with its leaves'
    vectors, if ``result`` is None).  See the module docstring for the notation; ``legend=True`` adds
    the key to the right.  Returns the Axes."""
    _check_tree(tree)
    players = tree_players(tree)
    color = player_colors(players, colors)
    vectors = tree_vectors(tree)
    view = MaxnView(tree, result, step)
    traced = result is not None and result.trace is not None
    pos = _layout(tree)
    if ax is None:
        w, h = maxn_figure_size(tree, COLUMN_WIDTH - (LEGEND_WIDTH if legend else 0))
        fig, ax = plt.subplots(figsize=(w + (LEGEND_WIDTH if legend else 0), h))
        fig.subplots_adjust(left=0.01, right=w / (w + (LEGEND_WIDTH if legend else 0)) - 0.01)
    xs = [p[0] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
    ax.set_ylim(-tree.depth() - 0.75, 0.55)
    ax.set_axis_off()
    # Leaf vectors sit one unit apart: shrink their type, then stagger them, if they would overlap.
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    unit = width_in * 72.0 / (max(xs) - min(xs) + 1.4)                  # points between two leaves
    chars = max(len(fmt_vector(vectors[s])) for s in tree.leaves)
    leaf_size = font_size if 0.62 * font_size * chars <= 0.92 * unit else max(
        MIN_FONT, 0.92 * unit / (0.62 * chars))
    stagger = 0.62 * leaf_size * chars > 0.92 * unit + 0.5     # still too wide at the smallest type
    leaf_rank = {s: k for k, s in enumerate(sorted(tree.leaves, key=lambda s: pos[s][0]))}
    visited = set(view.order)
    open_nodes, current = set(view.path), view.current.state if view.current is not None else None

    def alpha(s):
        return 1.0 if not traced or s in visited else FADED

    action_labels = getattr(tree, "action_labels", {})   # the game's moves as Python writes them: 'A'
    # Edges: thin grey, or thick in the mover's colour into the child it chose.
    for s, kids in tree.children.items():
        probs = tree.probabilities.get(s)
        for i, (a, c) in enumerate(kids):
            (x0, y0), (x1, y1) = pos[s], pos[c]
            picked = view.chosen.get(s) == c
            width = (4.0 if s == tree.initial_state else 2.6) if picked else 1.0
            ax.plot([x0, x1], [y0, y1], color=color[tree.players[s]] if picked else "#999999",
                    lw=width, alpha=alpha(c), zorder=1, solid_capstyle="round")
            label = fmt_number(probs[i]) if probs else (action_labels.get((s, a), str(a)) if show_actions
                                                        else "")
            if label:
                ax.text((x0 + x1) / 2, (y0 + y1) / 2, label, ha="center", va="center",
                        fontsize=font_size - 2, color="#555555", alpha=alpha(c), zorder=1.5,
                        bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    # Nodes.
    for s, (x, y) in pos.items():
        a = alpha(s)
        edge = CURRENT if s == current and not view.complete else ("black" if s in open_nodes else "#333333")
        lw = 3.0 if s == current and not view.complete else (2.0 if s in open_nodes else 0.8)
        if tree.is_terminal(s):
            ax.scatter([x], [y], s=node_size * 0.45, marker="s", c="white", edgecolors=edge,
                       linewidths=lw, alpha=a, zorder=2)
            drop = -9 - (leaf_size + 2 if stagger and leaf_rank[s] % 2 else 0)
            ax.annotate(fmt_vector(vectors[s]), (x, y), xytext=(0, drop), textcoords="offset points",
                        ha="center", va="top", fontsize=leaf_size, alpha=a, fontweight="bold")
            continue
        mover = tree.players[s]
        fill = "white" if mover == CHANCE else color[mover]
        ax.scatter([x], [y], s=node_size, marker="o", c=fill, edgecolors=edge, linewidths=lw, alpha=a,
                   zorder=2)
        ax.text(x, y, "?" if mover == CHANCE else str(mover)[:3], ha="center", va="center",
                fontsize=font_size - (1 if len(str(mover)) > 1 else 0), zorder=3, alpha=a,
                color="#333333" if mover == CHANCE else "white", fontweight="bold")
        if s in view.value:
            ax.annotate(fmt_vector(view.value[s]), (x, y), xytext=(0, -12), textcoords="offset points",
                        ha="center", va="top", fontsize=font_size, fontweight="bold", zorder=3,
                        color=color.get(mover, "#333333"),
                        bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.85})
    for s, (x, y) in pos.items():
        if show_order and s in view.order:
            top = f"{s} #{view.order[s]}"
        else:
            top = s
        if not tree.is_terminal(s) or (show_order and s in view.order):
            ax.annotate(top, (x, y), xytext=(0, 9), textcoords="offset points", ha="center", va="bottom",
                        fontsize=font_size - 2, color="#444444", alpha=alpha(s))
    if title is None and traced:
        title = f"max^n · {view.step}/{view.total} events · {len(view.order)} nodes visited"
        if view.complete:
            title += f" · value {fmt_vector(result.value)}"
            if result.action is not None:
                title += f", decision {result.action}"
    if title:
        ax.set_title(title, fontsize=font_size + 1)
    if legend:
        ax.legend(handles=maxn_legend_handles(players, colors, chance=CHANCE in tree.players.values(),
                                              stepping=traced and not view.complete),
                  loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    return ax


def maxn_legend_handles(players, colors=None, *, chance=False, stepping=False) -> list:
    """The key to :func:`draw_maxn_tree` as matplotlib legend handles."""
    color = player_colors(players, colors)
    vec = "(" + ", ".join(f"u_{p}" for p in players) + ")"
    h = [Line2D([], [], marker="o", linestyle="none", markersize=10, markerfacecolor=c,
                markeredgecolor="#333333", label=f"{p} moves: maximizes u_{p}") for p, c in color.items()]
    if chance:
        h.append(Line2D([], [], marker="o", linestyle="none", markersize=10, markerfacecolor="white",
                        markeredgecolor="#333333", label="CHANCE (edge: probability)"))
    h.append(Line2D([], [], marker="s", linestyle="none", markersize=7, markerfacecolor="white",
                    markeredgecolor="#333333", label=f"leaf: {vec} below"))
    h.append(Line2D([], [], color="#555555", lw=2.6, label="the child the mover takes"))
    h.append(Line2D([], [], linestyle="none", marker="", label="B #2: node B, visited 2nd"))
    if stepping:
        h += [Patch(facecolor="white", edgecolor="black", linewidth=2, label="on the current path"),
              Patch(facecolor="white", edgecolor=CURRENT, linewidth=3, label="this step's node"),
              Patch(facecolor="#dddddd", edgecolor="#aaaaaa", alpha=FADED, label="not reached yet")]
    return h


def describe_maxn_event(event, mover=None, players=None) -> str:
    """One line of plain English for an event of a max^n trace.  ``mover`` is ``tree.to_move`` of the
    event's state and ``players`` the vector order (to name the component the mover maximizes)."""
    if not isinstance(event, Event):
        raise ArgumentError(f"event must be an Event of a max^n trace (maxn(tree, trace=True).trace[k]), got "
                            f"{event!r}")
    if event.kind == "enter":
        via = f" via {event.action}" if event.action is not None else " (the root)"
        return f"enter {event.state}{via}"
    if event.kind == "leaf":
        what = "utilities" if isinstance(event.value, tuple) else "utility"
        return f"leaf {event.state}: {what} {fmt_vector(event.value)}"
    if event.kind != "exit":
        return f"{event.kind} {event.state}: {fmt_vector(event.value)}"
    if mover == CHANCE:
        return f"exit {event.state} with {fmt_vector(event.value)}: the expectation over its outcomes"
    if mover is None:
        return f"exit {event.state} with {fmt_vector(event.value)}"
    which = ""
    if players is not None and mover in players and isinstance(event.value, tuple):
        i = list(players).index(mover)
        which = f" (its own component, number {i + 1}, is {fmt_number(event.value[i])})"
    return f"exit {event.state} with {fmt_vector(event.value)}: the child best for {mover}, who moves there{which}"


def _check_tree(tree) -> None:
    from ..trees import GameTree
    if not isinstance(tree, GameTree):
        raise ArgumentError(f"tree must be a GameTree (GameTree.from_nested(spec, players=...), or "
                            f"GameTree.from_game(game) for a small game), got {tree!r}")


def _check_result(result) -> None:
    """None, or what :func:`gamelib.maxn` returns: its trace (if any) a list of Events whose values are
    utility vectors."""
    trace = getattr(result, "trace", ())
    ok = result is None or (trace is None or (isinstance(trace, list) and all(
        isinstance(e, Event) and (e.value is None or isinstance(e.value, tuple)) for e in trace)))
    if not ok or (result is not None and not hasattr(result, "trace")):
        raise ArgumentError(f"result must be what gamelib.maxn(tree, trace=True) returns (its trace holds "
                            f"utility vectors), or None, got {result!r:.200}")
