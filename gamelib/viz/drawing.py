"""Draw small game trees with matplotlib, in the notes' notation, from a search's trace.

    ▲ MAX    ▼ MIN    ○ CHANCE    □ terminal

The picture *reads* a :class:`~gamelib.core.SearchResult` made with ``trace=True``: visit order, values,
[α, β] windows and prunes all come from its events, so what you see is what the search did.  Nothing here
searches.  Pass ``step=k`` to draw the search as it stood after its first k events (the explorer widget
steps through a trace this way); ``legend=True`` (or :func:`draw_legend`) adds a key to the picture.

:func:`draw_board` draws a tic-tac-toe position (AIMA Fig. 5.1) as a small static picture.
"""
from __future__ import annotations

import functools
import math
from typing import NamedTuple

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.path import Path
from matplotlib.textpath import TextPath, text_to_path
from matplotlib.transforms import Affine2D, ScaledTranslation

from ..core import CHANCE, INF, MAX, MIN, ArgumentError
from ..trace import TraceView, chance_intervals, describe_event, interval_text
from ..validate import check_bounds, renamed
from ..trace import fmt_value as _fmt
from .alt import Picture, Table, describe, description_of, joined, png_bytes
from .palette import CURRENT, FOCUS, LAST_MOVE, MUTED, OKABE_ITO, PRUNED_EDGE, TEXT, ink

MARKERS = {MAX: "^", MIN: "v", CHANCE: "o"}
TERMINAL_MARKER = "s"
COLORS = {"visited": "#9ecae1", "open": "#deebf7", "pending": "#ffffff", "pruned": "#e6e6e6",
          "current": CURRENT, "edge": "#444444", "edge_pruned": PRUNED_EDGE, "decision": "#08519c",
          "value": "#08306b", "window": "#6a3d9a", "label": TEXT, "grey": MUTED,
          "interval": ink(OKABE_ITO["bluish green"])}
"""Fill colours: 'visited' the search is done with the node, 'open' it is on the search's current
path (entered, not yet left), 'current' the node of the event just drawn, 'pending' not reached yet,
'pruned' never searched because a cut skipped it; 'interval' the running interval of a chance node
being searched.  No fill speaks alone (:mod:`gamelib.viz.palette`): a node on the current path also
has a thick outline, this step's node a ring around it, a pruned node a hatch and a dashed outline (and
its edge is dashed), a searched node its visit number and value; every text colour is 4.5:1 or more
on white."""
OPEN_LINEWIDTH, RING_SCALE = 2.6, 2.3
"""The outline of a node on the current path (points), and the ring around this step's node (its
area, in node areas)."""

DPI = 100
"""Dots per inch of every picture the kit draws (matplotlib's default, and the inline backend's)."""
COLUMN_WIDTH = 8.2
"""Inches: the widest picture a notebook column shows at full size (820 px at ``DPI``; JupyterLab's
output area is 848 px in a 1280-px window with the file browser open).  Wider pictures are shrunk
to fit, and their labels with them."""
MIN_FONT = 7
"""Points: the smallest type in a picture (9.7 px at ``DPI``).  Crowded trees drop labels that do not
fit (edge labels, windows) rather than shrink them below this."""


def png_with_words(fig, *, tight: bool = False) -> Picture:
    """``fig`` as a widget shows it: a :class:`~gamelib.viz.alt.Picture` (:func:`~gamelib.viz.alt.png_bytes`,
    quickly compressed; ``tight``: cropped to what is drawn) carrying what the figure shows in words
    (:func:`~gamelib.viz.alt.description_of`), for :func:`~gamelib.viz.alt.picture_html`."""
    return Picture(png_bytes(fig, tight=tight), description_of(fig))


def tidy_positions(root, children) -> dict:
    """Positions ``{node: (x, y)}`` of the tree below ``root`` (``children(node)``: its children, in
    order): leaves one unit apart left to right, each parent centred over its first and last child, one
    row per ply (y = -depth).  Enough for the small trees one draws; depth first without recursion."""
    pos, x = {}, 0.0
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        kids = children(node)
        if not kids:
            pos[node] = (x, -depth)
            x += 1.0
        elif done:
            pos[node] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, -depth)
        else:
            stack.append((node, depth, True))
            stack.extend((c, depth + 1, False) for c in reversed(kids))
    return pos


def tidy_layout(tree) -> dict:
    """:func:`tidy_positions` of a :class:`~gamelib.trees.GameTree`: ``{label: (x, y)}``."""
    return tidy_positions(tree.initial_state, lambda s: [c for _, c in tree.children[s]])


def to_networkx(tree) -> nx.DiGraph:
    """The tree as a networkx DiGraph; nodes carry ``player``, edges ``action`` (and ``p`` at chance)."""
    g = nx.DiGraph()
    for s in tree.states:
        g.add_node(s, player=tree.players[s], terminal=tree.is_terminal(s))
    for s, kids in tree.children.items():
        probs = tree.probabilities.get(s)
        for i, (a, c) in enumerate(kids):
            g.add_edge(s, c, action=a, **({"p": probs[i]} if probs else {}))
    return g


def figure_size(tree, max_width: float = COLUMN_WIDTH) -> tuple:
    """The (width, height) in inches :func:`draw_tree` uses for ``tree`` when it makes its own figure:
    half an inch a leaf, no wider than a notebook column (``COLUMN_WIDTH``), so that it shows at full
    size; deep trees get a little less height a ply."""
    width = max(4.0, 0.5 * len(tree.leaves) + 1.4)
    depth = tree.depth()
    per_ply = 1.3 if depth <= 3 else 1.05
    return min(width, max_width), per_ply * (depth + 1) + 0.6


@functools.lru_cache(maxsize=8192)
def _outline(text: str, size: float, bold: bool, ha: str, va: str, linespacing: float):
    """``text`` as glyph outlines in points around its anchor, aligned as a Text with these ``ha``,
    ``va`` and ``linespacing`` would be (one line box per line, as matplotlib measures "lp"), and the
    outlines' box (x0, y0, x1, y1).  Cached: a tree's labels repeat from step to step."""
    prop = FontProperties(size=size, weight="bold" if bold else "normal")
    _, lp_h, lp_d = text_to_path.get_text_width_height_descent("lp", prop, ismath=False)
    pitch = linespacing * (lp_h - lp_d) * 1.2
    lines = text.split("\n")
    widths = [text_to_path.get_text_width_height_descent(line, prop, ismath=False)[0] if line else 0
              for line in lines]
    block_w = max(widths)
    block_h = (len(lines) - 1) * pitch + lp_h
    x_left = {"left": 0.0, "center": -block_w / 2, "right": -block_w}[ha]
    y_top = {"top": 0.0, "bottom": block_h, "center": block_h / 2, "baseline": lp_h - lp_d}[va]
    verts, codes = [], []
    for i, (line, w) in enumerate(zip(lines, widths)):
        if not line:
            continue
        tp = TextPath((0, 0), line, prop=prop)
        dx = x_left + {"left": 0.0, "center": (block_w - w) / 2, "right": block_w - w}[ha]
        baseline = y_top - (lp_h - lp_d) - i * pitch
        verts.append(tp.vertices + (dx, baseline))
        codes.append(tp.codes)
    path = Path(np.concatenate(verts), np.concatenate(codes)) if verts else Path(np.zeros((1, 2)))
    return path, (x_left, y_top - block_h, x_left + block_w, y_top)


class Labels:
    """Every label of a tree picture, collected first and then drawn either as matplotlib Text
    artists (the default: a static picture, its texts readable as ``ax.texts``) or, with
    ``as_paths``, as a few collections of glyph outlines.  Text artists cost about 2 ms each to draw;
    a big tree has 150 of them, and the explorer draws one picture a step: outlines are cached per
    label and drawn in one go, ten times faster, and look the same at these sizes.  Either way
    ``ax.gamelib_labels`` lists ``(text, size)`` of every label drawn."""

    def __init__(self, ax):
        self.ax = ax
        self.items = []
        self._offsets = {}

    def add(self, x, y, text, *, dx=0.0, dy=0.0, size, color, ha="center", va="center",
            bold=False, box=None, zorder=3.0, linespacing=1.2, axes_x=False):
        """A label at (x, y) in data coordinates (x in axes fraction if ``axes_x``), moved by
        (dx, dy) points; ``box``: the pad (in font sizes) of a white box behind it."""
        self.items.append((x, y, str(text), dx, dy, size, color, ha, va, bold, box, zorder,
                           linespacing, axes_x))

    def _transform(self, dx, dy, axes_x):
        key = (dx, dy, axes_x)
        if key not in self._offsets:
            base = self.ax.get_yaxis_transform() if axes_x else self.ax.transData
            self._offsets[key] = base + ScaledTranslation(dx / 72, dy / 72,
                                                          self.ax.figure.dpi_scale_trans)
        return self._offsets[key]

    def draw(self, as_paths: bool = False):
        ax = self.ax
        ax.gamelib_labels = [(item[2], item[5]) for item in self.items]
        if not as_paths:
            for (x, y, text, dx, dy, size, color, ha, va, bold, box, zorder, ls,
                 axes_x) in self.items:
                kw = {"bbox": {"boxstyle": f"round,pad={box}", "fc": "white", "ec": "none"}} if box \
                    else {}
                ax.text(x, y, text, transform=self._transform(dx, dy, axes_x), ha=ha, va=va,
                        fontsize=size, color=color, fontweight="bold" if bold else "normal",
                        zorder=zorder, linespacing=ls, **kw)
            return
        # Glyph outlines in points, placed at their anchors (offsets) by the data transform: one
        # collection per (zorder, colour, kind of anchor), white boxes just beneath.
        groups = {}
        for (x, y, text, dx, dy, size, color, ha, va, bold, box, zorder, ls, axes_x) in self.items:
            path, (x0, y0, x1, y1) = _outline(text, size, bold, ha, va, ls)
            shift = Affine2D().translate(dx, dy)
            groups.setdefault((zorder, color, axes_x), []).append(
                (shift.transform_path(path), (x, y)))
            if box:
                pad = box * size
                rect = Path([(x0 - pad + dx, y0 - pad + dy), (x1 + pad + dx, y0 - pad + dy),
                             (x1 + pad + dx, y1 + pad + dy), (x0 - pad + dx, y1 + pad + dy),
                             (x0 - pad + dx, y0 - pad + dy)], closed=True)
                groups.setdefault((zorder - 0.01, "white", axes_x), []).append((rect, (x, y)))
        points = Affine2D().scale(ax.figure.dpi / 72)
        for (zorder, color, axes_x), members in groups.items():
            # snap=False: Agg would snap an upright glyph (L, T) to whole pixels, and its strokes,
            # thinner than a pixel at these sizes, would vanish.
            coll = PathCollection([p for p, _ in members], facecolors=color, edgecolors="none", gid="labels",
                                  linewidths=0, zorder=zorder, transform=points, snap=False,
                                  offsets=[xy for _, xy in members],
                                  offset_transform=ax.get_yaxis_transform() if axes_x
                                  else ax.transData)
            ax.add_collection(coll, autolim=False)


@renamed(bounds=("lower", "upper"))
def draw_tree(tree, result=None, *, step=None, ax=None, title=None, show_windows=True,
              show_order=True, show_actions=True, node_size=520, font_size=9, legend=False,
              lower=None, upper=None, text_as_paths=False):
    """Draw ``tree`` (a :class:`~gamelib.trees.GameTree`), overlaid with what ``result.trace`` says.

    In the notation of AIMA Fig. 5.2 (minimax) and Fig. 5.5 (alpha-beta): ▲ MAX, ▼ MIN, ○ CHANCE,
    □ terminal with its utility underneath.  With a traced result: each visited node shows its visit
    number (``B #2``), the value the search returned there to its left (a bound, '≤v' or '≥v', where a
    cut stopped it) and its [α, β] window to its right when the search kept one; every node a cut
    skipped is greyed out, its edge dashed; the root's decision is the thick edge.  ``step`` draws the
    trace after its first ``step`` events: the node of the last event is orange, the nodes on the
    search's current path are pale blue.  ``legend=True`` adds a key (see :func:`draw_legend`).
    ``lower`` = L and ``upper`` = U, the bounds on utilities a Star1 search was given: a chance node it cut
    is then labelled with the interval its outcomes prove (e.g. [0.9, 1.3]) instead of the bound it returned.

    Crowded pictures declutter themselves: smaller nodes and type (never below ``MIN_FONT``), the visit
    number on its own line, and action labels or windows left out of a row where they would overlap.
    ``text_as_paths``: draw the labels as glyph outlines, ten times faster (the widgets, which draw
    a picture per step, use it); a static picture keeps Text artists.  Returns the Axes.
    """
    traced = result is not None and result.trace is not None
    bounds = check_bounds(lower, upper, none=True)
    view = TraceView(result, step, tree=tree if traced else None, lower=lower, upper=upper)
    pos = tidy_layout(tree)
    if ax is None:
        w, h = figure_size(tree)
        _, ax = plt.subplots(figsize=(w + (2.6 if legend else 0.0), h))
    intervals = _open_intervals(tree, view, bounds) if traced else {}
    size = _layout_and_scale(ax, tree=tree, view=view, pos=pos, node_size=node_size,
                             font_size=font_size, show_order=show_order, show_windows=show_windows,
                             intervals=intervals)
    g = to_networkx(tree)
    _draw_edges(ax, g=g, pos=pos, pruned=view.pruned, node_size=size.node_size,
                decision=_decision_edge(tree, result, view) if traced else None)
    labels = Labels(ax)
    plan = _row_plan(tree, view, size, show_order, intervals)
    if show_actions:
        _add_action_labels(labels, tree=tree, g=g, pos=pos, size=size, plan=plan, ax=ax)
    _draw_nodes(ax, tree=tree, view=view, pos=pos, node_size=size.node_size)
    _add_node_labels(labels, tree=tree, view=view, pos=pos, size=size, show_order=show_order,
                     show_windows=show_windows, plan=plan, intervals=intervals)
    _add_row_labels(labels, tree=tree, pos=pos, font_size=size.font_size)
    labels.draw(as_paths=text_as_paths)
    _draw_title_and_key(ax, tree=tree, result=result if traced else None, view=view, title=title,
                        legend=legend, show_windows=show_windows, value_size=size.value_size)
    describe(ax, *tree_in_words(tree, result if traced else None, view, intervals=intervals,
                                show_windows=show_windows))
    return ax


_WHO = {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}


def reached_by(tree, s) -> str:
    """'a1 from A' (or 'probability 0.9 from B'): how ``s`` hangs from its parent."""
    parent = tree.parent(s)
    if parent is None:
        return "the root"
    kids = tree.children[parent]
    i = next(k for k, (_, c) in enumerate(kids) if c == s)
    probs = tree.probabilities.get(parent)
    if probs:
        return f"probability {_fmt(probs[i])} from {parent}"
    named = getattr(tree, "action_labels", {})
    return f"{named.get((parent, kids[i][0]), kids[i][0])} from {parent}"


def tree_rows(tree) -> list:
    """The tree row by row, as the pictures lay it out: [[states of ply 0], [ply 1], ...], left to right."""
    pos = tidy_layout(tree)
    rows = {}
    for s, (x, y) in sorted(pos.items(), key=lambda item: (-item[1][1], item[1][0])):
        rows.setdefault(-y, []).append(s)
    return [rows[d] for d in sorted(rows)]


def tree_shape_text(tree) -> str:
    """The tree's shape in words, ply by ply: who moves there and the leaves' utilities."""
    parts = []
    for d, row in enumerate(tree_rows(tree)):
        inner = [s for s in row if not tree.is_terminal(s)]
        leaves = [s for s in row if tree.is_terminal(s)]
        words = []
        by_player = {}
        for s in inner:
            by_player.setdefault(_WHO.get(tree.players[s], str(tree.players[s])), []).append(s)
        words += [f"{who} {joined(states)}" for who, states in by_player.items()]
        if leaves:
            words.append("leaves " + ", ".join(f"{s} = {_fmt(tree.leaf_values[s])}" for s in leaves))
        parts.append(f"ply {d}: " + "; ".join(words))
    n = len(tree.states)
    return (f"A game tree of {n} nodes and {len(tree.leaves)} leaves, {tree.depth()} plies deep, "
            f"the root {tree.initial_state} ({_WHO.get(tree.players[tree.initial_state], '')}). "
            + "; ".join(parts) + ".")


def tree_in_words(tree, result, view, *, intervals=None, show_windows=True) -> tuple:
    """``(alt, details)``: what :func:`draw_tree` shows, in words read from the same ``view`` of the
    trace (:class:`~gamelib.trace.TraceView`): the shape and the leaves, how far the search has got
    (the event just drawn, in :func:`~gamelib.trace.describe_event`'s words), the value and decision,
    the visit order, every prune and why, and a table of every node (who moves, how it is reached, its
    visit number, the value it returned and its window, pruned or on the current path)."""
    intervals = intervals or {}
    shape = tree_shape_text(tree)
    if result is None:
        return shape, ()
    to_move = tree.to_move
    order = sorted(view.order, key=view.order.get)
    visited = f"{len(order)} of {len(tree.states)} nodes visited"
    prunes = [describe_event(e, to_move(e.state)) for e in view.prunes]
    named = getattr(tree, "action_labels", {})
    if view.complete:
        said = f"The search is complete: value {_fmt(result.value)}"
        if result.action is not None:
            said += f", decision {named.get((tree.initial_state, result.action), result.action)} (the thick edge)"
        said += f"; {visited}."
    else:
        e = view.current
        said = f"After event {view.step} of {view.total}: " + (
            describe_event(e, to_move(e.state)) if e is not None else "nothing searched yet") + "."
        if view.path:
            said += " The search is on the path " + " → ".join(view.path) + f"; {visited} so far."
    pruned = sorted(view.pruned, key=lambda s: (s not in view.pruned_by, s))
    if pruned:
        said += f" Pruned (never searched): {joined(pruned)}."
    details = [shape]
    if order:
        details.append("Visit order: " + ", ".join(order) + ".")
    if prunes:
        details.append("Cuts: " + "; ".join(prunes) + ".")
    backed = [f"{s} = {_value_text(s, view)} from " + ", ".join(
        f"{c} {_value_text(c, view) if c in view.value else 'not searched'}" for _, c in tree.children[s])
        for row in tree_rows(tree) for s in row if not tree.is_terminal(s) and s in view.value]
    if backed:
        details.append("Values backed up, deepest first: " + "; ".join(reversed(backed)) + ".")
    details.append(_node_table(tree, view, intervals, show_windows))
    return said + " " + shape, tuple(details)


def _node_table(tree, view, intervals, show_windows) -> Table:
    current = view.current.state if view.current is not None and not view.complete else None
    windows = show_windows and bool(view.window)
    header = ["node", "to move", "reached by", "visit", "value"] + (["window [α, β]"] if windows else []) + ["note"]
    rows = []
    for s in [s for row in tree_rows(tree) for s in row]:
        leaf = tree.is_terminal(s)
        who = "leaf" if leaf else _WHO.get(tree.players[s], str(tree.players[s]))
        if leaf:
            value = f"utility {_fmt(tree.leaf_values[s])}"
        elif s in view.value:
            value = _value_text(s, view)
        elif s in intervals:
            value = f"so far {intervals[s]}"
        else:
            value = "–"
        notes = []
        if s == current:
            notes.append("this step's node")
        elif s in view.path:
            notes.append("on the current path")
        if s in view.pruned:
            notes.append(f"pruned by the cut at {view.pruned_by[s]}" if s in view.pruned_by else "pruned")
        elif s in view.closed and view.closed[s] == "prune":
            notes.append("cut off")
        row = [s, who, reached_by(tree, s), f"#{view.order[s]}" if s in view.order else "–", value]
        if windows:
            row.append(f"[{_fmt(view.window[s][0])}, {_fmt(view.window[s][1])}]" if s in view.window and not leaf
                       else "–")
        rows.append(row + ["; ".join(notes) or "–"])
    return Table(header, rows, caption="Every node")


class _Sizes(NamedTuple):
    """What :func:`_layout_and_scale` settles for one picture: marker area (points²) and radius
    (points), the type sizes, and the room there is."""
    node_size: float
    radius: float
    font_size: int
    small: int        # edge labels
    label_size: int   # node labels and windows
    value_size: int   # values, the title
    rows: dict        # y -> the states on that row
    gaps: dict        # y -> points between the closest two nodes of that row


def _text_width(text, size) -> float:
    """A rough width in points of ``text`` (its longest line) at font ``size``."""
    return 0.62 * size * max(len(line) for line in str(text).split("\n"))


def _layout_and_scale(ax, *, tree, view, pos, node_size, font_size, show_order,
                      show_windows, intervals) -> _Sizes:
    """Step 1 of :func:`draw_tree`: set the axes' limits around ``pos`` with room for the text beside
    the outermost nodes, and choose marker and type sizes from how crowded the leaves are (smaller
    when leaves are packed closer than the default marker allows, never below ``MIN_FONT``)."""
    width = _text_width
    xs = [p[0] for p in pos.values()]
    ax.set_xlim(min(xs) - 1.6, max(xs) + 1.1)  # for a first measure of the scale; settled below
    ax.set_ylim(-tree.depth() - 0.8, 0.6)
    ax.set_axis_off()
    unit = _points_per_unit(ax)  # points between neighbouring leaves
    # Shrink markers and type when leaves are packed closer than the default marker allows.
    if math.sqrt(node_size) > 0.75 * unit:
        node_size = max(60.0, (0.75 * unit) ** 2)
    if unit < 30:
        font_size = min(font_size, round(unit / 3.2))
    font_size = max(MIN_FONT, font_size)
    # The type sizes, none below MIN_FONT: edge labels, node labels and windows, row labels, values.
    small, label_size, value_size = (max(MIN_FONT, font_size - 2), max(MIN_FONT, font_size - 1),
                                     font_size + 1)
    radius = math.sqrt(node_size) / 2  # points: markers are node_size points² in area

    rows = {}
    for s, (_x, y) in pos.items():
        rows.setdefault(y, []).append(s)

    # Margins: room for the row label (MAX, MIN, CHANCE) and for the text beside the outermost nodes.
    def top_width(s):
        return width(f"{s} #{view.order[s]}" if show_order and s in view.order else s, label_size)

    def left_extent(s):
        if tree.is_terminal(s) or (s not in view.value and s not in intervals):
            return max(radius, top_width(s) / 2)
        shown = "≥" + _fmt(view.value[s]) if s in view.value else intervals[s]
        return radius + 3 + width(shown, value_size)

    def right_extent(s):
        if tree.is_terminal(s) or not (show_windows and s in view.window):
            return max(radius, top_width(s) / 2)
        a, b = view.window[s]
        return radius + 3 + width(f"[{_fmt(a)}, {_fmt(b)}]", label_size)

    for _ in range(2):  # the margins change the scale a little, so settle them twice
        lo, hi = min(xs) - 0.6, max(xs) + 0.6
        for _y, row in rows.items():
            first = min(row, key=lambda s: pos[s][0])
            last = max(row, key=lambda s: pos[s][0])
            label = max((width(tree.players[s], font_size) + 8 for s in row
                         if not tree.is_terminal(s)), default=0)
            lo = min(lo, pos[first][0] - (left_extent(first) + label + 2) / unit)
            hi = max(hi, pos[last][0] + (right_extent(last) + 2) / unit)
        ax.set_xlim(lo, hi)
        unit = _points_per_unit(ax)
    gaps = {}
    for y, row in rows.items():
        row_x = sorted(pos[s][0] for s in row)
        gaps[y] = min((b - a for a, b in zip(row_x, row_x[1:])), default=math.inf) * unit
    return _Sizes(node_size=node_size, radius=radius, font_size=font_size, small=small,
                  label_size=label_size, value_size=value_size, rows=rows, gaps=gaps)


def _decision_edge(tree, result, view):
    """The root's edge to the child the search chose, once the trace is complete (else None)."""
    if view.complete and result.action is not None and result.action in tree.actions(
            tree.initial_state):
        return (tree.initial_state, tree.result(tree.initial_state, result.action))
    return None


def _draw_edges(ax, *, g, pos, pruned, decision, node_size):
    """Step 2: the edges, solid, or dashed grey into a pruned node; the root's decision drawn thick."""
    for kind in ("normal", "pruned", "decision"):
        if kind == "decision":
            edges = [decision] if decision else []
        else:
            edges = [(u, v) for u, v in g.edges if (v in pruned) == (kind == "pruned") and (u, v) != decision]
        if edges:
            nx.draw_networkx_edges(g, pos, edgelist=edges, ax=ax, arrows=False, node_size=node_size,
                                   edge_color=COLORS["edge_pruned" if kind == "pruned" else
                                                     "decision" if kind == "decision" else "edge"],
                                   style="dashed" if kind == "pruned" else "solid",
                                   width=3.0 if kind == "decision" else 1.0)


def _add_action_labels(labels, *, tree, g, pos, size, plan, ax):
    """Step 3: each edge's action (or probability, below a chance node), where there is room: half way
    down the edge, or, where that would touch the child's label or what is written under the parent,
    just above the child's label; left out where the edge has no room."""
    named = getattr(tree, "action_labels", {})  # GameTree.from_game: the game's moves, quoted
    ppy = _points_per_y_unit(ax)
    tall = 1.2 * size.small + 0.2 * size.small          # an edge label's height in points, box included
    for u, v, d in g.edges(data=True):
        text = _fmt(d["p"]) if "p" in d else named.get((u, d["action"]), str(d["action"]))
        (x0, y0), (x1, y1) = pos[u], pos[v]
        stacked, _ = plan[y1]
        low = y1 * ppy + size.radius + 1 + (2 if stacked else 1) * 1.2 * size.label_size + 2
        high = y0 * ppy - size.radius - 1 - plan[y0][1] * (1.2 * size.value_size + 2)
        mid = (y0 + y1) / 2 * ppy
        if low <= mid - tall / 2 and mid + tall / 2 <= high:
            at = mid
        elif high - low >= tall:
            at = low + tall / 2             # just above the child's label: where siblings' edges are widest apart
        else:
            continue
        t = (at / ppy - y1) / (y0 - y1)                 # 0 at the child, 1 at the parent
        # Siblings' edges draw together towards the parent: their labels' room shrinks with t.
        if _text_width(text, size.small) + 3 <= (1 - t) * size.gaps[y1]:
            labels.add(x1 + (x0 - x1) * t, at / ppy, text, size=size.small, color="#555555", zorder=1.5, box=0.1)


def _row_plan(tree, view, size, show_order, intervals) -> dict:
    """{row y: (stacked, values below)}: whether a row's labels carry the visit number on a line of
    its own, and whether its backed-up values go under the nodes (where, beside them, they would run
    into the next node)."""
    plan = {}
    for y, row in size.rows.items():
        gap = size.gaps[y]
        tops = [f"{s} #{view.order[s]}" if show_order and s in view.order else s for s in row]
        stacked = max(_text_width(t, size.label_size) for t in tops) > 0.8 * gap
        values = [_value_text(s, view) if s in view.value else intervals[s] for s in row
                  if not tree.is_terminal(s) and (s in view.value or s in intervals)]
        widest = max((_text_width(v, size.value_size) for v in values), default=0)
        plan[y] = (stacked, bool(values) and size.radius + 3 + widest > gap - size.radius - 2)
    return plan


def _draw_nodes(ax, *, tree, view, pos, node_size):
    """Step 4: the nodes (▲ MAX, ▼ MIN, ○ CHANCE, □ terminal), filled by what the search has done
    with them (``COLORS``), one scatter per (shape, fill, outline)."""
    current = view.current.state if view.current is not None and not view.complete else None
    open_nodes = set(view.path)
    groups = {}
    for s in tree.states:
        shape = TERMINAL_MARKER if tree.is_terminal(s) else MARKERS[tree.players[s]]
        width, hatch = 1.0, None
        if s == current:
            fill, width = COLORS["current"], OPEN_LINEWIDTH
        elif s in view.pruned:
            fill, hatch = COLORS["pruned"], "////"
        elif s in open_nodes:
            fill, width = COLORS["open"], OPEN_LINEWIDTH
        elif s in view.closed:
            fill = COLORS["visited"]
        else:
            fill = COLORS["pending"]
        outline = MUTED if s in view.pruned else "black"
        groups.setdefault((shape, fill, outline, width, hatch), []).append(pos[s])
    for (shape, fill, outline, width, hatch), points in groups.items():
        ax.scatter([p[0] for p in points], [p[1] for p in points], s=node_size, marker=shape,
                   c=fill, edgecolors=outline, linewidths=width, zorder=2, hatch=hatch,
                   linestyles="--" if hatch else "-")
    if current is not None:                       # this step's node: ringed, not only coloured
        ax.scatter([pos[current][0]], [pos[current][1]], s=node_size * RING_SCALE, marker="o", facecolors="none",
                   edgecolors="black", linewidths=1.6, zorder=1.9, gid="ring")


def _open_intervals(tree, view, bounds) -> dict:
    """{chance node: '[lo, hi]'} for the chance nodes the search is inside at this step, with what
    their outcomes searched so far prove (:func:`~gamelib.trace.chance_intervals`; given ``bounds``)."""
    if bounds is None or not view.events:
        return {}
    L, U = bounds
    return {s: interval_text(lo, hi) for s, (lo, hi) in chance_intervals(tree, view.events, lower=L, upper=U).items()
            if s not in view.value and not math.isclose(lo, hi, rel_tol=1e-12, abs_tol=1e-12)}


def _value_text(s, view) -> str:
    """The value the search returned at ``s`` as proven: exact ('3'), a bound ('≤2', '≥5') where a
    cut stopped it, or an interval ('[0.9, 1.3]') at a chance node Star1 cut."""
    shown = _fmt(view.value[s])
    lo, hi = view.ranges.get(s, (view.value[s], view.value[s]))
    if lo == -INF and hi != INF:
        shown = "≤" + _fmt(hi)
    elif hi == INF and lo != -INF:
        shown = "≥" + _fmt(lo)
    elif lo != hi:
        shown = f"[{_fmt(lo)}, {_fmt(hi)}]"
    return shown


def _add_node_labels(labels, *, tree, view, pos, size, show_order, show_windows, plan, intervals):
    """Step 5, row by row: the name and visit number above each node ('B #2'; on a crowded row the
    number on a line of its own), leaf utilities under the leaves, backed-up values to the left (under
    the node on a row too crowded for that) and [α, β] windows to the right (left out of a row where
    they would not fit); values and windows on a white ground, which edges pass under."""
    width, radius = _text_width, size.radius
    label_size, value_size = size.label_size, size.value_size
    for y, row in size.rows.items():
        gap = size.gaps[y]
        tops = {s: (f"{s} #{view.order[s]}" if show_order and s in view.order else s) for s in row}
        stack, below = plan[y]
        for s in row:
            top = tops[s]
            if stack and show_order and s in view.order:
                top = f"#{view.order[s]}\n{s}"
            labels.add(pos[s][0], y, top, dy=radius + 1, va="bottom", size=label_size,
                       color=COLORS["grey"] if s in view.pruned else COLORS["label"], linespacing=1.0,
                       box=0.05)
        values, windows = {}, {}
        for s in row:
            if tree.is_terminal(s):
                continue
            if s in view.value:
                values[s] = _value_text(s, view)
            elif s in intervals:
                values[s] = intervals[s]
            if show_windows and s in view.window:
                a, b = view.window[s]
                windows[s] = f"[{_fmt(a)}, {_fmt(b)}]"
        need = (2 * radius + 8 + (0 if below else max((width(v, value_size) for v in values.values()), default=0))
                + max((width(w, label_size) for w in windows.values()), default=0))
        if need > gap:  # no room for windows beside the values on this row
            windows = {}
        for s in row:
            x = pos[s][0]
            if tree.is_terminal(s):
                text = _fmt(tree.leaf_values[s])
                tsize = value_size if width(text, value_size) < 0.95 * gap else label_size
                labels.add(x, y, text, dy=-(radius + 2), va="top", size=tsize,
                           color=COLORS["grey"] if s in view.pruned else "black", bold=True)
                continue
            colour = COLORS["interval" if s in intervals else "value"]
            if s in values and below:
                labels.add(x, y, values[s], dy=-(radius + 2), va="top", size=value_size,
                           color=colour, bold=True, box=0.05)
            elif s in values:
                labels.add(x, y, values[s], dx=-(radius + 3), ha="right", size=value_size,
                           color=colour, bold=True, box=0.05)
            if s in windows:
                labels.add(x, y, windows[s], dx=radius + 3, ha="left", size=label_size,
                           color=COLORS["window"], box=0.05)


def _add_row_labels(labels, *, tree, pos, font_size):
    """Step 6: the textbook's row labels, who moves on each ply, at the axes' left edge."""
    players = {}
    for s, (_x, y) in pos.items():
        if not tree.is_terminal(s):
            players.setdefault(y, tree.players[s])
    for y, player in players.items():  # at the axes' left edge, clear of the leftmost node
        labels.add(0.0, y, player, ha="left", size=font_size, color="#555555", axes_x=True)


def _draw_title_and_key(ax, *, tree, result, view, title, legend, show_windows, value_size):
    """Step 7: the title (by default, for a traced search: how far it has got and, once done, its
    value and decision) and, with ``legend``, the key.  ``result``: None for an untraced picture."""
    traced = result is not None
    if title is None and traced:
        named = getattr(tree, "action_labels", {})
        title = search_title("", view, _fmt(result.value),
                             named.get((tree.initial_state, result.action), result.action))
    if title:
        ax.set_title(title, fontsize=value_size)
    if legend:
        draw_legend(ax, chance=CHANCE in tree.players.values(),
                    windows=show_windows and bool(view.window),
                    pruning=traced and any(e.kind == "prune" for e in result.trace),
                    stepping=traced and not view.complete)


def search_title(prefix, view, value: str, decision) -> str:
    """The default title of a traced tree picture: how far the search has got and, once it is done,
    its value and decision (``view``: a TraceView or MaxnView; ``value``: written already)."""
    title = f"{prefix}{view.step}/{view.total} events · {len(view.order)} nodes visited"
    if view.complete:
        title += f" · value {value}"
        if decision is not None:
            title += f", decision {decision}"
    return title


def _points_per_y_unit(ax) -> float:
    """How many typographic points one y-axis unit spans in ``ax`` (its limits must be set)."""
    height_in = ax.get_position().height * ax.figure.get_figheight()
    lo, hi = ax.get_ylim()
    return height_in * 72.0 / (hi - lo)


def _points_per_unit(ax) -> float:
    """How many typographic points one x-axis unit spans in ``ax`` (its limits must be set)."""
    fig = ax.figure
    width_in = ax.get_position().width * fig.get_figwidth()
    lo, hi = ax.get_xlim()
    return width_in * 72.0 / (hi - lo)


def legend_handles(*, chance=True, windows=True, pruning=True, stepping=False) -> list:
    """The key to :func:`draw_tree`'s pictures as matplotlib legend handles (markers, colours, notation)."""
    def marker(m, label, fill="white"):
        return Line2D([], [], marker=m, linestyle="none", markersize=9, markerfacecolor=fill,
                      markeredgecolor="black", label=label)

    def note(label):
        return Line2D([], [], linestyle="none", marker="", label=label)

    h = [marker("^", "MAX to move"), marker("v", "MIN to move")]
    if chance:
        h.append(marker("o", "CHANCE (edge: probability)"))
    h.append(marker("s", "terminal (utility below)"))
    h.append(Patch(facecolor=COLORS["visited"], edgecolor="black", label="searched (visit number above)"))
    if stepping:
        h += [Patch(facecolor=COLORS["open"], edgecolor="black", linewidth=OPEN_LINEWIDTH,
                    label="on the current path (thick outline)"),
              Line2D([], [], marker="o", linestyle="none", markersize=13, markerfacecolor=COLORS["current"],
                     markeredgecolor="black", markeredgewidth=1.6, label="this step's node (ringed)"),
              Patch(facecolor=COLORS["pending"], edgecolor="black", label="not reached yet")]
    if pruning:
        h.append(Patch(facecolor=COLORS["pruned"], edgecolor=MUTED, linestyle="--", hatch="////",
                       label="pruned: never searched (hatched)"))
    h.append(Line2D([], [], color=COLORS["decision"], linewidth=3, label="decision at the root"))
    h.append(note("B #2   node B, visited 2nd"))
    h.append(note("3  value returned (left)"))
    if pruning:
        h.append(note("≤2 / ≥2  a bound: cut off"))
    if windows:
        h.append(note("[α, β]  window (right)"))
    return h


def draw_legend(ax=None, *, chance=True, windows=True, pruning=True, stepping=True, **kwargs):
    """Add the key of :func:`draw_tree`'s notation to ``ax`` (outside, to its right); returns the
    Legend.  With no ``ax``, draws the key alone in a small figure (for a notebook's first cell)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(3.2, 3.6))
        ax.set_axis_off()
        where = {"loc": "center"}
    else:
        where = {"loc": "upper left", "bbox_to_anchor": (1.0, 1.0)}
    where.update(kwargs)
    return ax.legend(handles=legend_handles(chance=chance, windows=windows, pruning=pruning,
                                            stepping=stepping),
                     fontsize=8, frameon=False, handlelength=1.6, borderaxespad=0.2, **where)


# ---------------------------------------------------------------------------------------------------
# Tic-tac-toe positions (AIMA Fig. 5.1)
# ---------------------------------------------------------------------------------------------------

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARK_COLORS = {"X": "#c0392b", "O": "#1f5fa8"}


def _squares(state) -> tuple:
    """The 9 squares of a tic-tac-toe state: a :class:`~gamelib.games.tictactoe.Board`, a 9-character
    string such as ``'X.O.X..O.'``, or a sequence of 9 marks."""
    squares = getattr(state, "squares", state)
    if isinstance(squares, str):
        squares = tuple(ch for ch in squares if not ch.isspace())
    squares = tuple(squares)
    if len(squares) != 9 or any(ch not in ("X", "O", ".", " ", "") for ch in squares):
        raise ArgumentError(f"a tic-tac-toe board is 9 squares of 'X', 'O', '.', got {state!r}")
    return tuple("." if ch in (" ", "") else ch for ch in squares)


def draw_board(state, ax=None, *, values=None, title=None, size=1.8, highlight=None):
    """Draw a tic-tac-toe position as a small picture, X in red and O in blue, a completed line struck.

    ``state``: a Board (``TicTacToe().initial_state``, ...) or a 9-character string row by row.
    ``values``: optional ``{(row, col): value}`` written small in those (empty) squares, e.g. the
    minimax value of each move; numbers are shown as +1/0/-1, strings as given.  ``highlight``: a
    ``(row, col)`` square to shade (the last move, say).  Returns the matplotlib Axes.
    """
    squares = _squares(state)
    if ax is None:
        _, ax = plt.subplots(figsize=(size, size))
    ax.set_xlim(0, 3)
    ax.set_ylim(3, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if highlight is not None:
        r, c = highlight
        ax.add_patch(plt.Rectangle((c + 0.06, r + 0.06), 0.88, 0.88, facecolor=LAST_MOVE, edgecolor=FOCUS,
                                   linewidth=2.2 * size / 1.8, zorder=0))
    for k in (1, 2):
        ax.plot([k, k], [0.05, 2.95], color="black", linewidth=2, solid_capstyle="round")
        ax.plot([0.05, 2.95], [k, k], color="black", linewidth=2, solid_capstyle="round")
    fs = 22 * size / 1.8
    for i, mark in enumerate(squares):
        r, c = divmod(i, 3)
        if mark in MARK_COLORS:
            ax.text(c + 0.5, r + 0.53, mark, ha="center", va="center", fontsize=fs, fontweight="bold",
                    color=MARK_COLORS[mark])
        elif values and (r, c) in values:
            v = values[(r, c)]
            shown = v if isinstance(v, str) else (f"{v:+g}" if v else "0")
            ax.text(c + 0.5, r + 0.5, shown, ha="center", va="center", fontsize=fs * 0.45,
                    color=MUTED)
    for line in _LINES:
        a, b, c = (squares[i] for i in line)
        if a != "." and a == b == c:
            (r0, c0), (r1, c1) = divmod(line[0], 3), divmod(line[2], 3)
            ax.plot([c0 + 0.5, c1 + 0.5], [r0 + 0.5, r1 + 0.5], color="#333333", linewidth=3,
                    alpha=0.7)
    if title:
        ax.set_title(title, fontsize=9)
    describe(ax, board_in_words(squares, values=values, highlight=highlight))
    return ax


def board_in_words(state, *, values=None, highlight=None) -> str:
    """A tic-tac-toe position in words, as :func:`draw_board` draws it: each row, a completed line, the
    shaded square, the numbers written in empty squares."""
    squares = _squares(state)
    rows = ["row " + str(r + 1) + ": " + ", ".join("empty" if m == "." else m for m in squares[3 * r:3 * r + 3])
            for r in range(3)]
    out = "Tic-tac-toe board, " + "; ".join(rows) + "."
    for line in _LINES:
        a, b, c = (squares[i] for i in line)
        if a != "." and a == b == c:
            out += f" {a} has three in a row, struck through: " + joined(
                f"row {i // 3 + 1} column {i % 3 + 1}" for i in line) + "."
    if highlight is not None:
        r, c = highlight
        out += f" The last move, row {r + 1} column {c + 1}, is shaded and framed."
    if values:
        shown = [(rc, v if isinstance(v, str) else (f"{v:+g}" if v else "0")) for rc, v in sorted(values.items())
                 if squares[3 * rc[0] + rc[1]] == "."]
        if shown:
            out += " Written in the empty squares: " + ", ".join(
                f"row {r + 1} column {c + 1}: {v}" for (r, c), v in shown) + "."
    return out
