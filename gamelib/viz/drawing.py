"""Draw small game trees with matplotlib, in the notes' notation, from a search's trace.

    ▲ MAX    ▼ MIN    ○ CHANCE    □ terminal

The picture *reads* a :class:`~gamelib.core.SearchResult` made with ``trace=True``: visit order, values,
[α, β] windows and prunes all come from its events, so what you see is what the search did.  Nothing here
searches.  Pass ``step=k`` to draw the search as it stood after its first k events (the explorer widget
steps through a trace this way).
"""
from __future__ import annotations

import math

import matplotlib.pyplot as plt
import networkx as nx

from ..core import CHANCE, MAX, MIN

MARKERS = {MAX: "^", MIN: "v", CHANCE: "o"}
TERMINAL_MARKER = "s"
COLORS = {"visited": "#1f77b4", "pending": "#ffffff", "pruned": "#d9d9d9", "current": "#ff7f0e",
          "edge": "#444444", "edge_pruned": "#c8c8c8"}


def tidy_layout(tree) -> dict:
    """Positions ``{label: (x, y)}``: leaves one unit apart left to right, each parent centred over its
    children, one row per ply (y = -depth).  Enough for the small trees one draws."""
    pos, next_x = {}, [0.0]

    def place(s, depth):
        kids = [c for _, c in tree.children[s]]
        if not kids:
            pos[s] = (next_x[0], -depth)
            next_x[0] += 1.0
        else:
            for c in kids:
                place(c, depth + 1)
            pos[s] = ((pos[kids[0]][0] + pos[kids[-1]][0]) / 2, -depth)
    place(tree.initial_state, 0)
    return pos


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


class TraceView:
    """What a trace says about each node after its first ``step`` events (all events if None)."""

    def __init__(self, result, step=None):
        events = [] if result is None or result.trace is None else result.trace
        self.total = len(events)
        self.step = self.total if step is None else max(0, min(step, self.total))
        self.events = events[:self.step]
        self.complete = self.step == self.total
        self.order, self.value, self.window, self.closed, self.pruned_by = {}, {}, {}, {}, {}
        self.skipped_edges = set()
        for e in self.events:
            if e.kind == "enter":
                self.order.setdefault(e.state, len(self.order) + 1)
            else:
                self.value[e.state] = e.value
                self.closed[e.state] = e.kind
            if e.alpha is not None:
                self.window[e.state] = (e.alpha, e.beta)
            if e.kind == "prune":
                self.skipped_edges.update((e.state, a) for a in e.skipped)
        self.current = self.events[-1] if self.events else None
        # Full-trace facts decide what was pruned (never visited), even while stepping.
        self.ever_visited = {e.state for e in events if e.kind == "enter"}


def _fmt(v):
    if v is None:
        return ""
    if math.isinf(v):
        return "+∞" if v > 0 else "−∞"
    return f"{v:g}" if isinstance(v, float) else str(v)


def draw_tree(tree, result=None, *, step=None, ax=None, title=None, show_windows=True,
              show_order=True, show_actions=True, node_size=520, font_size=9):
    """Draw ``tree`` (a :class:`~gamelib.trees.GameTree`), overlaid with what ``result.trace`` says.

    Leaves show their utilities.  With a traced result: visited nodes are filled in visit order
    (small number above), each shows the value the search returned there (a bound, '≤v' or '≥v',
    where it was cut off), [α, β] windows when the search kept them, and every node the search never
    reached is greyed out, its edge dashed.  ``step`` draws the trace after its first ``step`` events
    and marks the current node in orange.  Returns the matplotlib Axes.
    """
    view = TraceView(result, step)
    pos = tidy_layout(tree)
    g = to_networkx(tree)
    if ax is None:
        width = max(4.0, 0.55 * len(tree.leaves) + 1)
        _, ax = plt.subplots(figsize=(min(width, 16), 1.3 * (tree.depth() + 1) + 0.6))
    traced = result is not None and result.trace is not None

    def is_pruned(s):
        return traced and view.complete and s not in view.ever_visited

    # Edges: solid, or dashed grey into a pruned node.
    for pruned in (False, True):
        edges = [(u, v) for u, v in g.edges if is_pruned(v) == pruned]
        nx.draw_networkx_edges(g, pos, edgelist=edges, ax=ax, arrows=False,
                               edge_color=COLORS["edge_pruned" if pruned else "edge"],
                               style="dashed" if pruned else "solid", width=1.0)
    if show_actions:
        labels = {}
        for u, v, d in g.edges(data=True):
            labels[(u, v)] = f"{d['p']:g}" if "p" in d else str(d["action"])
        nx.draw_networkx_edge_labels(g, pos, edge_labels=labels, ax=ax, font_size=font_size - 2,
                                     font_color="#555555", rotate=False,
                                     bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    # Nodes, grouped by marker and fill colour.
    current = view.current.state if view.current is not None else None
    for s in g.nodes:
        shape = TERMINAL_MARKER if tree.is_terminal(s) else MARKERS[tree.players[s]]
        if s == current and not view.complete:
            fill = COLORS["current"]
        elif is_pruned(s):
            fill = COLORS["pruned"]
        elif s in view.order:
            fill = COLORS["visited"] if s in view.closed else "#9ecae1"
        else:
            fill = COLORS["pending"]
        nx.draw_networkx_nodes(g, pos, nodelist=[s], node_shape=shape, node_color=fill, ax=ax,
                               node_size=node_size, edgecolors="#999999" if is_pruned(s) else "black")
    # Text: leaf utilities / backed-up values inside or under the node, label and order above.
    for s, (x, y) in pos.items():
        terminal = tree.is_terminal(s)
        grey = is_pruned(s)
        text_color = "#aaaaaa" if grey else "black"
        if terminal:
            ax.text(x, y - 0.32, _fmt(tree.leaf_values[s]), ha="center", va="top",
                    fontsize=font_size + 1, color=text_color, fontweight="bold")
        elif s in view.value:
            v = view.value[s]
            shown = _fmt(v)
            if view.closed.get(s) == "prune":
                shown = ("≥" if tree.players[s] == MAX else "≤") + shown
            ax.text(x - 0.2, y, shown, ha="right", va="center", fontsize=font_size + 1,
                    color="#08306b", fontweight="bold")
        top = s
        if show_order and s in view.order:
            top = f"{s} #{view.order[s]}"
        ax.text(x, y + 0.22, top, ha="center", va="bottom", fontsize=font_size - 1, color=text_color)
        if show_windows and s in view.window and not terminal:
            a, b = view.window[s]
            ax.text(x + 0.18, y, f"[{_fmt(a)}, {_fmt(b)}]", ha="left", va="center",
                    fontsize=font_size - 2, color="#6a3d9a")
    xs = [p[0] for p in pos.values()]
    rows = {}
    for s, (x, y) in pos.items():  # the textbook's row labels: who moves on each ply
        if not tree.is_terminal(s):
            rows.setdefault(y, tree.players[s])
    for y, player in rows.items():
        ax.text(min(xs) - 1.0, y, player, ha="right", va="center", fontsize=font_size, color="#555555")
    ax.set_xlim(min(xs) - 1.6, max(xs) + 1.1)
    ax.set_ylim(-tree.depth() - 0.8, 0.6)
    ax.set_axis_off()
    if title is None and traced:
        title = f"{view.step}/{view.total} events · {len(view.order)} nodes visited"
    if title:
        ax.set_title(title, fontsize=font_size + 1)
    return ax


def describe_event(event) -> str:
    """One line of plain English for a trace event (used by the explorer and in notebooks)."""
    window = f" with window [{_fmt(event.alpha)}, {_fmt(event.beta)}]" if event.alpha is not None else ""
    if event.kind == "enter":
        via = f" via {event.action}" if event.action is not None else " (the root)"
        return f"enter {event.state}{via}{window}"
    if event.kind == "leaf":
        return f"leaf {event.state}: utility {_fmt(event.value)}"
    if event.kind == "prune":
        return (f"prune at {event.state}: value {_fmt(event.value)} is outside{window}, "
                f"so {', '.join(map(str, event.skipped))} are never searched")
    return f"exit {event.state} with value {_fmt(event.value)}"
