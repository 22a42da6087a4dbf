"""Pictures of max^n (AIMA 4th ed. Fig. 5.4): one colour per player, utility vectors at the nodes.

:func:`draw_maxn_tree` draws an N-player :class:`~gamelib.trees.GameTree` (or a two-player one, whose
vectors are (v, −v)) with what a traced :func:`gamelib.maxn` did over it: each decision node is a disc
in the colour of the player who moves there, with that player's name inside; each leaf a square with
its utility vector underneath; each node the search has left shows the vector it backed up, and the
edge to the child it took is drawn thick in the mover's colour (the root's decision thickest).  ``step=k``
draws the search after its first k events, the way the tree explorer steps through a trace: nodes not
reached yet are faded, the current path is outlined, the node of the last event ringed in orange.

Everything comes from the trace (:class:`~gamelib.trace.MaxnView`); nothing here searches.
:func:`~gamelib.trace.describe_maxn_event` puts one event into words, :func:`maxn_legend_handles` is the
key.  ``fmt_number``, ``fmt_vector``, ``MaxnView`` and ``describe_maxn_event`` are gamelib.trace's, and
answer here too.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex, to_rgb
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..core import CHANCE, ArgumentError
from ..trace import MaxnView, describe_maxn_event, fmt_number, fmt_vector
from ..validate import player_order
from .alt import Table, describe, joined
from .palette import CATEGORIES, CURRENT, LIGHT_LINE, MUTED, cased, ink, text_on
from .drawing import COLUMN_WIDTH, MIN_FONT, Labels, reached_by, search_title, tidy_layout, tree_rows

PLAYER_COLORS = CATEGORIES[:6]
"""One colour per player, in ``player_order``: Okabe and Ito's blue, vermillion, yellow, sky blue, bluish
green, reddish purple (:data:`gamelib.viz.palette.CATEGORIES`: P1, P2 and P3 stay apart under every
common colour blindness); the player's name is written inside its nodes, black or white, whichever
reads better on the colour, and its vectors in a darker shade of it (4.5:1 on white)."""
LEGEND_WIDTH = 2.4
"""Inches the key takes beside a tree (``legend=True``)."""
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


def tree_vectors(tree) -> dict:
    """{leaf: utility vector}: a tree of named players holds them; a two-player tree's leaf v is
    (v, −v)."""
    if getattr(tree, "vectors", False):
        return dict(tree.leaf_values)
    return {s: (v, -v) for s, v in tree.leaf_values.items()}


def tree_players(tree) -> tuple:
    """The players of ``tree`` in vector order ((MAX, MIN) for a two-player tree)."""
    return player_order(tree)


def maxn_figure_size(tree, max_width: float = COLUMN_WIDTH) -> tuple:
    """(width, height) in inches for :func:`draw_maxn_tree` on ``tree``: room for a vector per leaf,
    no wider than ``max_width`` (the notebook column: wider pictures are shrunk and their labels with
    them; crowded leaf vectors are staggered instead)."""
    leaves = tree.leaves
    vectors = tree_vectors(tree)
    chars = max(len(fmt_vector(vectors[s])) for s in leaves)
    width = len(leaves) * (0.085 * chars + 0.12) + 1.4
    return min(max(width, 4.0), max_width), 1.05 * (tree.depth() + 1) + 0.6


def _faded(color) -> str:
    """``color`` as it looks at opacity ``FADED`` on white (the fill of a node not reached yet)."""
    r, g, b = (FADED * c + (1 - FADED) for c in to_rgb(color))
    return to_hex((r, g, b))


def draw_maxn_tree(tree, result=None, *, step=None, ax=None, title=None, colors=None, show_order=True,
                   show_actions=True, legend=False, font_size=9, node_size=420, text_as_paths=False):
    """Draw ``tree`` with a traced :func:`gamelib.maxn` ``result`` over it (or bare, with its leaves'
    vectors, if ``result`` is None).  See the module docstring for the notation; ``legend=True`` adds
    the key to the right.  The labels are :func:`~gamelib.viz.drawing.draw_tree`'s (``text_as_paths``:
    as glyph outlines, ten times faster, for the explorer), each on a white ground that the edges pass
    under.  Returns the Axes."""
    view = MaxnView(tree, result, step)                 # checks the tree, the result and the step
    players = tree_players(tree)
    color = player_colors(players, colors)
    vectors = tree_vectors(tree)
    traced = result is not None and result.trace is not None
    pos = tidy_layout(tree)
    if ax is None:
        w, h = maxn_figure_size(tree, COLUMN_WIDTH - (LEGEND_WIDTH if legend else 0))
        fig, ax = plt.subplots(figsize=(w + (LEGEND_WIDTH if legend else 0), h))
        fig.subplots_adjust(left=0.01, right=w / (w + (LEGEND_WIDTH if legend else 0)) - 0.01,
                            bottom=0.02, top=1 - 0.35 / h)
    xs = [p[0] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
    ax.set_ylim(-tree.depth() - 0.55, 0.42)
    ax.set_axis_off()
    leaf_size, stagger = _leaf_type(ax, tree, xs, vectors, font_size)
    if stagger:
        ax.set_ylim(-tree.depth() - 0.75, 0.42)                   # room for a second row of vectors
    leaf_rank = {s: k for k, s in enumerate(sorted(tree.leaves, key=lambda s: pos[s][0]))}
    visited = set(view.order)
    open_nodes, current = set(view.path), view.current.state if view.current is not None else None

    def reached(s):
        return not traced or s in visited

    def shade(c, s):
        return c if reached(s) else _faded(c)

    labels = Labels(ax)
    _draw_edges(ax, tree, pos, view, color, labels, reached, show_actions, font_size)
    # Nodes: one scatter per look.
    looks = {}
    for s, (x, y) in pos.items():
        is_current = s == current and not view.complete
        # A node not reached yet: its fill faded, its outline grey but still 5.1:1 (WCAG 1.4.11).
        edge = CURRENT if is_current else ("black" if s in open_nodes else "#333333" if reached(s) else MUTED)
        lw = 3.0 if is_current else (2.0 if s in open_nodes else 0.8)
        if tree.is_terminal(s):
            looks.setdefault(("s", node_size * 0.45, "white", edge, lw), []).append((x, y))
            drop = -9 - (leaf_size + 2 if stagger and leaf_rank[s] % 2 else 0)
            labels.add(x, y, fmt_vector(vectors[s]), dy=drop, va="top", size=leaf_size, bold=True,
                       color="black" if reached(s) else MUTED)
            continue
        mover = tree.players[s]
        fill = "white" if mover == CHANCE else shade(color[mover], s)
        looks.setdefault(("o", node_size, fill, edge, lw), []).append((x, y))
        labels.add(x, y, "?" if mover == CHANCE else str(mover)[:3],
                   size=font_size - (1 if len(str(mover)) > 1 else 0), bold=True, zorder=3.5,
                   color=("#333333" if reached(s) else MUTED) if mover == CHANCE else text_on(fill))
        if s in view.value:
            labels.add(x, y, fmt_vector(view.value[s]), dy=-12, va="top", size=font_size, bold=True,
                       color=ink(color[mover]) if mover in color else "#333333", box=0.12, zorder=3)
    for (marker, size, fill, edge, lw), points in looks.items():
        ax.scatter([p[0] for p in points], [p[1] for p in points], s=size, marker=marker, c=fill,
                   edgecolors=edge, linewidths=lw, zorder=2)
    if current is not None and not view.complete:       # this step's node: ringed, not only coloured
        ax.scatter([pos[current][0]], [pos[current][1]], s=node_size * 2.3, marker="o", facecolors="none",
                   edgecolors="black", linewidths=1.6, zorder=1.9, gid="ring")
    for s, (x, y) in pos.items():
        top = f"{s} #{view.order[s]}" if show_order and s in view.order else s
        if not tree.is_terminal(s) or (show_order and s in view.order):
            labels.add(x, y, top, dy=9, va="bottom", size=font_size - 2, color="#444444" if reached(s) else MUTED,
                       box=0.05, zorder=3)
    labels.draw(as_paths=text_as_paths)
    if title is None and traced:
        title = search_title("max^n · ", view, fmt_vector(result.value), result.action)
    if title:
        ax.set_title(title, fontsize=font_size + 1)
    if legend:
        ax.legend(handles=maxn_legend_handles(players, colors, chance=CHANCE in tree.players.values(),
                                              stepping=traced and not view.complete),
                  loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    describe(ax, *maxn_in_words(tree, result if traced else None, view))
    return ax


def maxn_in_words(tree, result, view) -> tuple:
    """``(alt, details)``: what :func:`draw_maxn_tree` shows, read from the same
    :class:`~gamelib.trace.MaxnView`: the players and the tree, the event just drawn
    (:func:`~gamelib.trace.describe_maxn_event`), the vector backed up and the decision, the visit
    order, where a mover is tied, and a table of every node."""
    players = tree_players(tree)
    vectors = tree_vectors(tree)
    rows = tree_rows(tree)
    parts = []
    for d, row in enumerate(rows):
        movers = {}
        for s in row:
            if not tree.is_terminal(s):
                movers.setdefault(str(tree.players[s]), []).append(s)
        words = [f"{who} moves at {joined(states)}" for who, states in movers.items()]
        leaves = [s for s in row if tree.is_terminal(s)]
        if leaves:
            words.append("leaves " + ", ".join(f"{s} {fmt_vector(vectors[s])}" for s in leaves))
        parts.append(f"ply {d}: " + "; ".join(words))
    shape = (f"A game tree of {len(tree.states)} nodes for the players {joined(players)}; each leaf holds "
             f"a utility vector ({', '.join(f'u_{p}' for p in players)}). " + "; ".join(parts) + ".")
    if result is None:
        return shape, ()
    order = sorted(view.order, key=view.order.get)
    if view.complete:
        said = f"max^n is done: value {fmt_vector(result.value)}"
        if result.action is not None:
            said += f", decision {result.action} (the thickest edge)"
        said += f"; {len(order)} nodes visited."
    else:
        e = view.current
        said = f"After event {view.step} of {view.total}: " + (
            describe_maxn_event(e, tree.to_move(e.state), players) if e is not None else "nothing searched yet") + "."
        if view.path:
            said += " The search is on the path " + " → ".join(view.path) + "."
    details = [shape]
    if order:
        details.append("Visit order: " + ", ".join(order) + ".")
    ties = []
    for s, tied in view.tied.items():
        kept = view.chosen.get(s)
        ties.append(f"at {s}, {tree.players[s]} is tied between " + joined(f"{a} {fmt_vector(v)}" for a, v in tied)
                    + (f"; the search kept {kept}" if kept else ""))
    if ties:
        details.append("Ties: " + "; ".join(ties) + ".")
    current = view.current.state if view.current is not None and not view.complete else None
    table = []
    for s in (s for row in rows for s in row):
        leaf = tree.is_terminal(s)
        note = ("this step's node" if s == current else "on the current path" if s in view.path
                else f"takes {view.chosen[s]}" if view.chosen.get(s) else "–")
        table.append([s, "leaf" if leaf else str(tree.players[s]), reached_by(tree, s),
                      f"#{view.order[s]}" if s in view.order else "–",
                      fmt_vector(vectors[s]) if leaf else fmt_vector(view.value.get(s)) or "–", note])
    details.append(Table(["node", "to move", "reached by", "visit", "vector", "note"], table, caption="Every node"))
    return said + " " + shape, tuple(details)


def _leaf_type(ax, tree, xs, vectors, font_size) -> tuple:
    """``(size, stagger)`` of the leaves' vectors: they sit one unit apart, so their type shrinks (to
    ``MIN_FONT`` at least) and then, if still too wide, every other one drops to a second row."""
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    unit = width_in * 72.0 / (max(xs) - min(xs) + 1.4)                  # points between two leaves
    chars = max(len(fmt_vector(vectors[s])) for s in tree.leaves)
    leaf_size = font_size if 0.62 * font_size * chars <= 0.92 * unit else max(
        MIN_FONT, 0.92 * unit / (0.62 * chars))
    return leaf_size, 0.62 * leaf_size * chars > 0.92 * unit + 0.5     # still too wide at the smallest type


def _draw_edges(ax, tree, pos, view, color, labels, reached, show_actions, font_size):
    """The edges of :func:`draw_maxn_tree`: thin grey (:data:`~gamelib.viz.palette.LIGHT_LINE`, 3.5:1 on
    white), or thick in the mover's colour into the child it chose, a dark casing round a light colour
    (:func:`~gamelib.viz.palette.cased`: yellow is 1.3:1 on white); labels (actions, or chance probabilities)
    go to ``labels``."""
    action_labels = getattr(tree, "action_labels", {})   # the game's moves as Python writes them: 'A'
    edges = {}
    for s, kids in tree.children.items():
        probs = tree.probabilities.get(s)
        for i, (a, c) in enumerate(kids):
            (x0, y0), (x1, y1) = pos[s], pos[c]
            picked = view.chosen.get(s) == c
            width = (4.0 if s == tree.initial_state else 2.6) if picked else 1.0
            style = (color[tree.players[s]] if picked else LIGHT_LINE, width)
            edges.setdefault(style, []).append([(x0, y0), (x1, y1)])
            label = fmt_number(probs[i]) if probs else (action_labels.get((s, a), str(a)) if show_actions
                                                        else "")
            if label:
                labels.add((x0 + x1) / 2, (y0 + y1) / 2, label, size=font_size - 2, zorder=1.5, box=0.1,
                           color="#555555" if reached(c) else MUTED)
    for (edge_color, width), segments in edges.items():
        ax.add_collection(LineCollection(segments, colors=edge_color, linewidths=width, zorder=1, capstyle="round",
                                         path_effects=cased(edge_color, width)), autolim=False)


def maxn_legend_handles(players, colors=None, *, chance=False, stepping=False) -> list:
    """The key to :func:`draw_maxn_tree` as matplotlib legend handles."""
    color = player_colors(players, colors)
    vec = "(" + ", ".join(f"u_{p}" for p in players) + ")"
    h = [Line2D([], [], marker="o", linestyle="none", markersize=10, markerfacecolor=c,
                markeredgecolor="#333333", label=f"{p} moves: maximizes u_{p}")
         for p, c in color.items()]
    if chance:
        h.append(Line2D([], [], marker="o", linestyle="none", markersize=10, markerfacecolor="white",
                        markeredgecolor="#333333", label="CHANCE (edge: probability)"))
    h.append(Line2D([], [], marker="s", linestyle="none", markersize=7, markerfacecolor="white",
                    markeredgecolor="#333333", label=f"leaf: {vec} below"))
    h.append(Line2D([], [], color="#555555", lw=2.6, label="the child the mover takes"))
    h.append(Line2D([], [], linestyle="none", marker="", label="B #2: node B, visited 2nd"))
    if stepping:
        h += [Patch(facecolor="white", edgecolor="black", linewidth=2, label="on the current path"),
              Line2D([], [], marker="o", linestyle="none", markersize=13, markerfacecolor="white",
                     markeredgecolor=CURRENT, markeredgewidth=3, label="this step's node (ringed)"),
              Patch(facecolor=_faded("#dddddd"), edgecolor=MUTED, label="not reached yet")]
    return h


__all__ = ["PLAYER_COLORS", "player_colors", "tree_vectors", "tree_players", "maxn_figure_size", "draw_maxn_tree",
           "maxn_legend_handles", "MaxnView", "describe_maxn_event", "fmt_number", "fmt_vector"]
