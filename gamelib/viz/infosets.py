"""Game trees with information sets, drawn the standard way (Osborne & Rubinstein; AIMA 4th ed. §5.6):
the chance deal at the root, ▲ MAX, ▼ MIN, ○ CHANCE, □ terminal with MAX's utility, and the nodes of
one information set joined by a dashed line, labelled with the set's key.

    from gamelib.games import KuhnPoker, RoadGame
    from gamelib.viz import draw_information_sets
    draw_information_sets(RoadGame())
    draw_information_sets(KuhnPoker(), policy=cfr(KuhnPoker(), 1000))   # probabilities on the edges

The picture reads the game's tree (:meth:`GameTree.from_game`) and its information sets
(:func:`gamelib.imperfect.extensive_form`); it computes nothing else.  A ``policy`` (anything
:func:`gamelib.imperfect.as_policy` accepts) adds each action's probability to its edge.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch

from ..core import CHANCE, MAX, MIN, ArgumentError
from ..imperfect.infosets import extensive_form
from ..trees import GameTree
from ..validate import flag, number
from .alt import Table, describe, joined
from .drawing import COLORS, COLUMN_WIDTH, MARKERS, TERMINAL_MARKER, tidy_layout, tree_shape_text
from .palette import CATEGORIES, cased, ink

PALETTE = CATEGORIES
"""The information sets' colours (:data:`gamelib.viz.palette.CATEGORIES`): each set's dashed line in its
colour (a light one edged dark, :func:`~gamelib.viz.palette.cased`: 3:1 or more on white), its key written
beside its nodes in a darker shade of it (4.5:1 on white): the key, not the colour, says which set a node
is in."""


def _fmt(x) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, float):
        for d in (2, 3, 6, 12, 18):
            if abs(x * d - round(x * d)) < 1e-9:
                return f"{round(x * d)}/{d}"
        return f"{x:.2g}"
    return str(x)


def _prob(p: float) -> str:
    """A policy's probability in as few characters as it takes: '0', '1', '.8', '.33'."""
    if abs(p - round(p)) < 5e-3:
        return str(round(p))
    return f"{p:.2f}".rstrip("0").lstrip("0")


def information_set_groups(game) -> dict:
    """``{key: [tree label, ...]}`` for every information set of MAX and MIN, in the labels of
    :meth:`GameTree.from_game` (breadth first)."""
    form = extensive_form(game)              # checks the game first (two players, small enough)
    tree = GameTree.from_game(game)
    groups: dict = {}
    for label, state in tree.game_state.items():
        if not tree.is_terminal(label) and tree.players[label] in (MAX, MIN):
            groups.setdefault(form.infoset_of(state), []).append(label)
    return groups


def draw_information_sets(game, *, policy=None, ax=None, title=None, action_names=None,
                          show_keys: bool = True, font_size: int = 8, node_size: int = 140):
    """Draw the whole tree of a small game of imperfect information with its information sets.

    ``action_names``: a dict shortening action labels (e.g. ``{'pass': 'p', 'bet': 'b'}``).  Chance
    edges show the outcome and its probability.  Returns the Axes.
    """
    form = extensive_form(game)              # checks the game first (two players, small enough)
    if action_names is not None and not isinstance(action_names, dict):
        raise ArgumentError(f"action_names must be a dict {{action: shorter label}} or None, got {action_names!r}")
    flag("show_keys", show_keys)
    number("font_size", font_size, above=0)
    number("node_size", node_size, above=0)
    tree = GameTree.from_game(game)
    pos = tidy_layout(tree)
    table = None
    if policy is not None:
        from ..imperfect.policy import as_policy
        table = as_policy(game, policy, players=tuple(p for p in (MAX, MIN) if form.keys(p)))
    if ax is None:
        width = min(COLUMN_WIDTH, max(5.0, 0.55 * len(tree.leaves) + 1.5))  # shown at full size
        _, ax = plt.subplots(figsize=(width, 1.25 * (tree.depth() + 1) + 0.8))
    xs = [p[0] for p in pos.values()]
    ax.set_xlim(min(xs) - 2.0, max(xs) + 0.8)   # room for the row labels
    ax.set_ylim(-tree.depth() - 0.7, 0.5)
    ax.set_axis_off()

    _draw_edges(ax, tree, pos, form, table, action_names or {}, font_size)
    _draw_nodes(ax, tree, pos, font_size, node_size)
    _draw_information_sets(ax, game, pos, show_keys, font_size)
    _label_rows(ax, tree, pos, font_size)
    if title:
        ax.set_title(title, fontsize=font_size + 2)
    describe(ax, *_in_words(game, tree, form, table, action_names or {}))
    return ax


def _in_words(game, tree, form, table, names) -> tuple:
    """``(alt, details)``: the tree and its information sets in words, and the policy's probabilities."""
    groups = information_set_groups(game)
    joined_sets = {k: v for k, v in groups.items() if len(v) > 1}
    alt = (tree_shape_text(tree) + f" {len(groups)} information sets (MAX {len(form.keys(MAX))}, "
           f"MIN {len(form.keys(MIN))}); the {len(joined_sets)} with more than one node are joined by a dashed "
           "line, their key written beside each node.")
    edges = []
    for s, kids in tree.children.items():
        probs = tree.probabilities.get(s)
        for i, (a, c) in enumerate(kids):
            how = f"{a}, probability {_fmt(probs[i])}" if probs else str(names.get(a, a))
            if table is not None and not probs:
                how += f", played with probability {_prob(table[form.infoset_of(tree.game_state[s])][a])}"
            edges.append([c, f"{s}", how])
    details = ["Information sets: " + "; ".join(
        f"{key if isinstance(key, str) else repr(key)} ({tree.players[v[0]]}): {joined(v)}"
        for key, v in groups.items()) + "."]
    details.append(Table(["node", "from", "edge"], edges, caption="Every edge"))
    return alt, tuple(details)


def _draw_edges(ax, tree, pos, form, table, names, font_size):
    """The edges, each labelled with its action (shortened by ``names``), or its outcome and probability
    at a chance node, and the probability ``table`` gives it (a behaviour policy) if there is one."""
    for s, kids in tree.children.items():
        probs = tree.probabilities.get(s)
        for i, (a, c) in enumerate(kids):
            (x0, y0), (x1, y1) = pos[s], pos[c]
            ax.plot([x0, x1], [y0, y1], color=COLORS["edge"], lw=0.9, zorder=1)
            if probs:
                text = f"{a}\n{_fmt(probs[i])}"
            else:
                text = str(names.get(a, a))
                if table is not None:
                    key = form.infoset_of(tree.game_state[s])
                    text += f"\n{_prob(table[key][a])}"
            # Two edges out of a node fan out little near the leaves: each label sits on its own
            # side of its edge (the left one right-aligned, the right one left-aligned).
            side = {0: "right", len(kids) - 1: "left"}.get(i, "center") if len(kids) == 2 else "center"
            ax.annotate(text, (x0 + 0.55 * (x1 - x0), y0 + 0.55 * (y1 - y0)),
                        xytext=({"right": 2, "left": -2, "center": 0}[side], 0), textcoords="offset points",
                        ha=side, va="center", fontsize=font_size - 1, color="#555555", zorder=1.5,
                        linespacing=0.95, bbox={"boxstyle": "round,pad=0.08", "fc": "white", "ec": "none"})



def _draw_nodes(ax, tree, pos, font_size, node_size):
    """The nodes, one marker per player (a square at a leaf), and the leaves' utilities below them."""
    groups = {}
    for s in tree.states:
        shape = TERMINAL_MARKER if tree.is_terminal(s) else MARKERS[tree.players[s]]
        groups.setdefault(shape, []).append(pos[s])
    for shape, points in groups.items():
        ax.scatter([p[0] for p in points], [p[1] for p in points], s=node_size, marker=shape,
                   c="white", edgecolors="black", linewidths=1.0, zorder=3)
    for s in tree.leaves:
        x, y = pos[s]
        ax.annotate(_fmt(tree.leaf_values[s]), (x, y), xytext=(0, -7), textcoords="offset points",
                    ha="center", va="top", fontsize=font_size, fontweight="bold")



def _draw_information_sets(ax, game, pos, show_keys, font_size):
    """Each information set of two or more nodes, joined and coloured (and keyed, with ``show_keys``)."""
    # A dashed line (an arc over any node in between) joining neighbours of one
    # set, a colour per set, and the set's key beside each of its nodes.
    (ox, oy), (ux, _), (_, uy) = ax.transData.transform([(0, 0), (1, 0), (0, 1)])
    x_px, y_px = abs(ux - ox), abs(uy - oy)                 # display pixels per data unit
    colour = 0
    for key, labels in information_set_groups(game).items():
        if len(labels) < 2:
            continue
        labels = sorted(labels, key=lambda s: pos[s][0])
        c = PALETTE[colour % len(PALETTE)]
        colour += 1
        for u, v in zip(labels, labels[1:]):
            (x0, y0), (x1, y1) = pos[u], pos[v]
            # A straight line if nothing lies between, else an arc dipping about 0.4 of a row (an arc3
            # curve's middle lies rad/2 times the chord's length off it, in display units).
            chord = max(abs(x1 - x0) * x_px, 1e-9)
            rad = 0.0 if y0 == y1 and _clear(pos, y0, x0, x1) else min(0.6, 0.8 * y_px / chord)
            ax.add_patch(FancyArrowPatch((x0, y0), (x1, y1), arrowstyle="-", linestyle=(0, (4, 3)),
                                         color=c, lw=1.4, connectionstyle=f"arc3,rad={rad}",
                                         shrinkA=5, shrinkB=5, zorder=2, path_effects=cased(c, 1.4)))
        if show_keys:
            text = key if isinstance(key, str) else repr(key)
            for s in labels:
                ax.annotate(text, pos[s], xytext=(-5, 5), textcoords="offset points", ha="right",
                            va="bottom", fontsize=font_size, color=ink(c), fontweight="bold")


def _label_rows(ax, tree, pos, font_size):
    """Whose move each row of the tree is, at the left edge."""
    players = {}
    for s, (_x, y) in pos.items():
        if not tree.is_terminal(s):
            players.setdefault(y, set()).add(tree.players[s])
    for y, who in players.items():
        ax.annotate(" / ".join(p for p in (CHANCE, MAX, MIN) if p in who), (0.0, y),
                    xycoords=("axes fraction", "data"), ha="left", va="center", fontsize=font_size,
                    color="#555555")


def _clear(pos, y, x0, x1) -> bool:
    """No node lies on the straight line between x0 and x1 on row y."""
    lo, hi = sorted((x0, x1))
    return not any(py == y and lo < px < hi for px, py in pos.values())
