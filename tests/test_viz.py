"""Pictures without collisions (issue 23): every figure function of gamelib.viz, called on the
notebooks' own inputs (and the widgets' pictures in the states a student brings them to), draws no two
texts over each other, and no edge of a tree through a label.

Texts are found with matplotlib's own measure, ``text.get_window_extent(renderer)`` (renderer =
``fig.canvas.get_renderer()``): every visible Text of the figure (titles, labels, annotations, tick
labels, legend entries), compared in pairs.  Two boxes collide when they overlap by more than
``SLACK`` pixels both ways.  A tree's edges (lines drawn in its axes) collide with a text whose box
they cross, unless the text sits on an opaque background drawn above the line (edge labels are
meant to sit on their edge, in a white box).  A text must also lie inside its figure.
"""
from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.collections import LineCollection, PathCollection  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.text import Text  # noqa: E402
import hashlib  # noqa: E402
import io  # noqa: E402
import matplotlib.ft2font  # noqa: E402
from gamelib import GameTree, expectiminimax, maxn, star1  # noqa: E402
from gamelib.viz import PRESETS, TreeExplorer, draw_chance_tree, draw_maxn_tree  # noqa: E402
from gamelib.viz.explorer import NPLAYER_PRESETS  # noqa: E402
from .viz.widgets import shown_png  # noqa: E402

SLACK = 1.0
"""Pixels two boxes may share (antialiasing, a descender touching the next line's cap)."""


# ---------------------------------------------------------------------------------------------------
# The measure
# ---------------------------------------------------------------------------------------------------

def _drawn(fig):
    """Draw ``fig`` (on an Agg canvas) and return what was drawn: the Text artists, each with its box,
    and the markers of every scatter, ``(axes, centre, radius, zorder)`` in pixels."""
    if not hasattr(fig.canvas, "get_renderer"):
        FigureCanvasAgg(fig)
    drawn = []
    real = Text.draw

    def draw(self, renderer):       # what matplotlib really draws: tick labels of hidden axes are not
        drawn.append(self)
        return real(self, renderer)
    Text.draw = draw
    try:
        fig.canvas.draw()
    finally:
        Text.draw = real
    renderer = fig.canvas.get_renderer()
    texts = []
    for t in dict.fromkeys(drawn):
        if not t.get_visible() or not t.get_text().strip():
            continue
        box = t.get_window_extent(renderer)
        if box.width >= 1 and box.height >= 1:
            texts.append((t, box))
    markers = []
    for ax in fig.axes:
        for c in ax.collections:
            if isinstance(c, PathCollection) and c.get_visible() and len(c.get_offsets()) \
                    and c.get_gid() not in ("labels", "ring", "sign"):   # labels, rings round nodes, MCTS signs
                sizes = c.get_sizes()
                centres = c.get_offset_transform().transform(c.get_offsets())
                for k, centre in enumerate(centres):
                    size = sizes[k % len(sizes)] if len(sizes) else 36.0
                    markers.append((ax, centre, np.sqrt(size) / 2 * fig.dpi / 72, c.get_zorder()))
    return texts, markers


def _overlap(a, b) -> bool:
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > SLACK) and (min(a.y1, b.y1) - max(a.y0, b.y0) > SLACK)


def _name(t) -> str:
    return repr(t.get_text().replace("\n", "⏎")[:30])


def _segments(ax, markers):
    """The edges of a tree picture: every line segment drawn in ``ax``, in pixels, with its zorder; an
    end at a node (a marker drawn above the line) is cut back to the marker's rim, where the line
    shows."""
    def trim(p, q, zorder):
        for _, centre, radius, z in markers:
            if z > zorder and np.hypot(*(p - centre)) < 1.0 and np.hypot(*(q - p)) > radius:
                p = p + (q - p) * (radius * 0.8 / np.hypot(*(q - p)))
        return p
    for artist in ax.get_children():
        if isinstance(artist, Line2D) and artist.get_visible() and artist.get_linestyle() not in ("None", ""):
            xy = artist.get_transform().transform(np.column_stack(artist.get_data()))
            segs = list(zip(xy, xy[1:]))
        elif isinstance(artist, LineCollection) and artist.get_visible():
            trans = artist.get_transform()
            segs = [pair for seg in artist.get_segments() for pair in zip(trans.transform(np.asarray(seg)),
                                                                          trans.transform(np.asarray(seg))[1:])]
        else:
            continue
        z = artist.get_zorder()
        here = [m for m in markers if m[0] is ax]
        for p, q in segs:
            yield trim(np.asarray(p), np.asarray(q), z) if here else p, trim(np.asarray(q), np.asarray(p), z), z


def _crosses(p, q, box) -> bool:
    """Does the segment pq pass through ``box`` (shrunk by SLACK)?  Liang-Barsky clipping."""
    x0, y0, x1, y1 = box.x0 + SLACK, box.y0 + SLACK, box.x1 - SLACK, box.y1 - SLACK
    if x0 >= x1 or y0 >= y1:
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for d, lo, hi, start in ((dx, x0, x1, p[0]), (dy, y0, y1, p[1])):
        if abs(d) < 1e-12:
            if start < lo or start > hi:
                return False
            continue
        a, b = (lo - start) / d, (hi - start) / d
        a, b = min(a, b), max(a, b)
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return False
    return t1 - t0 > 1e-9


def _masked(t, zorder) -> bool:
    """Does ``t`` sit on an opaque box drawn above a line of ``zorder``?"""
    patch = t.get_bbox_patch()
    return patch is not None and patch.get_facecolor()[3] > 0.8 and t.get_zorder() > zorder


def _on_marker(box, centre, radius) -> bool:
    """Does a text box overlap a node drawn at ``centre`` (its core: 0.7 of the radius)?"""
    r = 0.7 * radius
    nx, ny = min(max(centre[0], box.x0), box.x1), min(max(centre[1], box.y0), box.y1)
    return np.hypot(nx - centre[0], ny - centre[1]) < r - SLACK


def collisions(fig, *, trees=(), inside=False) -> list:
    """What overlaps in ``fig``: pairs of texts, and in the Axes ``trees`` edges through texts, texts
    over nodes (a label inside its own node is where it belongs) and nodes over nodes; with
    ``inside``, texts outside the figure (a widget's picture is not cropped to what is drawn, as the
    notebook's inline pictures are).  A list of readable strings, empty when the picture is clean."""
    texts, markers = _drawn(fig)
    found = []
    (W, H) = fig.canvas.get_width_height()
    for t, box in texts if inside else ():
        if box.x0 < -SLACK or box.y0 < -SLACK or box.x1 > W + SLACK or box.y1 > H + SLACK:
            found.append(f"{_name(t)} outside the figure")
    for (s, a), (t, b) in itertools.combinations(texts, 2):
        if _overlap(a, b):
            found.append(f"{_name(s)} over {_name(t)}")
    for ax in trees:
        segments = list(_segments(ax, markers))
        nodes = [m for m in markers if m[0] is ax]
        for t, box in texts:
            if t.axes is not ax:
                continue
            if any(_crosses(p, q, box) and not _masked(t, z) for p, q, z in segments):
                found.append(f"an edge through {_name(t)}")
            middle = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
            for _, centre, radius, _ in nodes:
                if _on_marker(box, centre, radius) and np.hypot(middle[0] - centre[0],
                                                                middle[1] - centre[1]) > radius:
                    found.append(f"{_name(t)} over a node")
                    break
        for (_, c1, r1, _), (_, c2, r2, _) in itertools.combinations(nodes, 2):
            if np.hypot(*(c1 - c2)) < 0.8 * (r1 + r2) - SLACK:
                found.append("two nodes over each other")
                break
    return found


# ---------------------------------------------------------------------------------------------------
# Every figure function, on the notebooks' own inputs
# ---------------------------------------------------------------------------------------------------

def _tree_cases():
    from gamelib import GameTree, alphabeta, chance, expectiminimax, maxn, minimax, star1
    from gamelib.experiments.sigma import TEXTBOOK_TREE
    from gamelib.games import Bins, DotsAndBoxes
    from gamelib.viz import draw_chance_tree, draw_legend, draw_maxn_tree, draw_tree
    fig52 = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    ab = alphabeta(fig52, trace=True)
    yield "01 Fig. 5.2 minimax", lambda: draw_tree(fig52, minimax(fig52, trace=True), title="AIMA Fig. 5.2: "
                                                   "minimax value 3, decision a1")
    slides = GameTree.from_nested([[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]])
    yield "01 walk-through", lambda: draw_tree(slides, minimax(slides, trace=True),
                                               title="The walk-through's example: A = 4")
    bins = GameTree.from_game(Bins())
    yield "01 bins", lambda: draw_tree(bins, minimax(bins, trace=True), title="Game 1 under minimax: value 1, "
                                       "choose bin 'B'")
    def grid():                                # notebook 02, six moments of the search
        captions = {4: "E = 3, so B ≤ 3", 9: "B exits with 3, so A ≥ 3", 13: "H = 2 ≤ α = 3: C pruned, I and "
                    "J skipped", 16: "K = 14, so D ≤ 14", 18: "L = 5, so D ≤ 5", 21: "M = 2: D exits with 2"}
        fig, axes = plt.subplots(3, 2, figsize=(8.2, 9.6))
        for ax, (k, caption) in zip(axes.flat, captions.items()):
            draw_tree(fig52, ab, step=k, ax=ax, font_size=8, node_size=420)
            ax.set_title(f"after event {k} of {len(ab.trace)}:\n{caption}", fontsize=9)
        fig.tight_layout()
        return fig
    yield "02 six moments", grid
    yield "02 Fig. 5.2 alpha-beta", lambda: draw_tree(fig52, ab, ax=plt.subplots(figsize=(8, 3.6))[1],
                                                      title="AIMA Fig. 5.2 under alpha-beta: I and J pruned")

    def pair(specs, size, titles, **options):
        fig, axes = plt.subplots(2, 1, figsize=size)
        for ax, spec, title in zip(axes, specs, titles):
            t = GameTree.from_nested(spec)
            draw_tree(t, alphabeta(t, trace=True, **options.get(title, {})), ax=ax, title=title)
        fig.tight_layout()
        return fig
    yield "02 walk-through examples", lambda: pair([[[[3, 4], [1, 2]], [[7, 8], [5, 6]]],
                                                [[[6, 5], [8, 7]], [[2, 1], [3, 4]]]], (6.6, 7.4),
                                               ["the walk-through's first example: nothing pruned (15/15)",
                                                "mirror image: K, G, N, O pruned (11/15)"])
    tricky = [[3, 12, 8], [3, 5, 1], [14, 5, 2]]
    yield "02 two conventions", lambda: pair([tricky, tricky], (6.6, 7.0), [
        "AIMA Fig. 5.7: C cut at 3 ≤ α = 3 (11 nodes)", "CS188: no cut on equality, C read in full (13 nodes)"],
        **{"CS188: no cut on equality, C read in full (13 nodes)": {"prune_on_equality": False}})
    sig = GameTree.from_nested(TEXTBOOK_TREE)
    yield "04 Fig. 5.16", lambda: draw_tree(sig, minimax(sig, trace=True), ax=plt.subplots(figsize=(8, 3.2))[1],
                                            show_order=False, title="AIMA 4th ed. Fig. 5.16 [3rd ed. 5.14]: "
                                            "minimax on the estimates picks a2 (right)")
    coin = GameTree.from_game(Bins(coin=True))
    yield "05a coin game", lambda: draw_tree(coin, expectiminimax(coin, trace=True), show_order=False,
                                             ax=plt.subplots(figsize=(8.2, 3.8))[1],
                                             title="CS221 game 2: expectiminimax picks bin 'C' (value −2)")
    fig512 = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    full, cut = expectiminimax(fig512, trace=True), star1(fig512, lower=1, upper=4, trace=True)

    def three():                               # notebook 05a's three pictures of Star1
        fig, ((ax1, ax2), (ax3, ax4)) = plt.subplots(2, 2, figsize=(8.2, 6.8))
        draw_chance_tree(fig512, full, ax=ax1, lower=1, upper=4, title="expectiminimax:\n7 nodes")
        draw_chance_tree(fig512, cut, step=10, ax=ax2, lower=1, upper=4, title="Star1 after F = 1 (event 10):\n"
                         "C ≤ 1.3 < α = 2.1")
        draw_chance_tree(fig512, cut, ax=ax3, lower=1, upper=4, title="Star1 finished:\nG never searched")
        ax4.set_axis_off()
        draw_legend(ax4, loc="center", bbox_to_anchor=(0.5, 0.5))
        fig.tight_layout()
        return fig
    yield "05a Fig. 5.12 three pictures", three
    dots = DotsAndBoxes(1, 2)
    small = GameTree.from_game(dots, dots.play_lines(["h00", "h10", "v00"]))
    yield "07 Dots and Boxes", lambda: draw_tree(small, minimax(small, trace=True), show_windows=False,
                                                 title="three lines drawn, MIN to move: after v01 (a box) MIN "
                                                       "moves again (▼ under ▼)")
    fig54 = GameTree.from_nested([[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
                                  [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]], players=("P1", "P2", "P3"))
    r54 = maxn(fig54, trace=True)
    yield "07 Fig. 5.4", lambda: draw_maxn_tree(fig54, r54, legend=True)
    for k in (7, 16, 24):
        yield f"07 Fig. 5.4 step {k}", lambda k=k: draw_maxn_tree(fig54, r54, step=k, show_actions=False,
                                                                  ax=plt.subplots(figsize=(8, 3.6))[1])
    coop = GameTree.from_game(Bins(cooperative=True))
    yield "07 cooperative bins", lambda: draw_maxn_tree(coop, maxn(coop, trace=True), legend=True)


def _explorer_cases():
    """The explorer's pictures, at every step of each notebook's explorer, drawn with Text artists."""
    from gamelib.viz import TreeExplorer
    for tree, algorithm in (("AIMA Fig. 5.2", "alphabeta"), ("AIMA Fig. 5.12 (.9/.1)", "star1"),
                            ("CS221 coin game", "star1"), ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn"),
                            ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn spiteful"), ("random", "alphabeta")):
        def make(tree=tree, algorithm=algorithm):
            ex = TreeExplorer(tree, algorithm, draw=False)
            return [ex._figure(k, as_paths=False) for k in range(ex.total + 1)]
        yield f"explorer {tree} {algorithm}", make


def _widget_cases():
    """The widgets' own pictures (as they send them: not cropped), in the states the notebooks show."""
    from gamelib.experiments.sigma import TEXTBOOK_TREE, as_tree, branch_probabilities
    from gamelib.games.matrix_games import BATTLE_OF_THE_SEXES
    from gamelib.viz import MCTSWidget, PayoffMatrixWidget
    from gamelib.viz.sigma_widget import _sigma_figure
    m = MCTSWidget(budget=2000, draw=False)
    for k in (0, 1, 10, 100, 2000):
        yield f"08 MCTS widget after {k}", lambda k=k: (lambda fig: (fig, fig.axes[:1]))(m._figure(k))
    pd = PayoffMatrixWidget("prisoner's dilemma", draw=False)
    yield "07 payoff widget 2x2", lambda: pd._figure()
    morra = PayoffMatrixWidget("two-finger Morra", draw=False)
    yield "07 payoff widget two-finger Morra", lambda: morra._figure()
    w3 = PayoffMatrixWidget(BATTLE_OF_THE_SEXES.name, draw=False)
    w3.size = 3
    yield "07 payoff widget 3x3 (resized)", lambda: w3._figure()
    rps = PayoffMatrixWidget("rock-paper-scissors", draw=False)
    yield "07 payoff widget rock-paper-scissors", lambda: rps._figure()
    tree = as_tree(TEXTBOOK_TREE)
    for sigma in (0, 1, 2, 5, 20):
        yield f"04 sigma widget {sigma}", lambda sigma=sigma: (lambda fig: (fig, fig.axes[:1]))(_sigma_figure(
            tree, branch_probabilities(tree, sigma, trials=2000, seed=0), 0, text_as_paths=False))


WIDGET_PICTURES = {name for name, _ in _widget_cases()}


def _other_cases():
    from gamelib import mcts
    from gamelib.experiments.sigma import TEXTBOOK_TREE
    from gamelib.games import KuhnPoker, PhantomTicTacToe, RoadGame, TicTacToe
    from gamelib.viz import draw_mcts, draw_sigma
    from gamelib.imperfect import BeliefTracker, percept
    from gamelib.imperfect.cfr import cfr
    from gamelib.viz import (draw_best_responses, draw_guarantee, draw_information_sets, draw_phantom_belief,
                             draw_tictactoe_tree, draw_transform)
    from gamelib.games.matrix_games import BATTLE_OF_THE_SEXES, COLLABORATIVE_MORRA, TWO_FINGER_MORRA
    yield "01 tic-tac-toe tree", lambda: draw_tictactoe_tree(levels=3, shown=3, title="The tic-tac-toe game tree, "
                                                             "partly (AIMA 4th ed. Fig. 5.1)")
    yield "05a transform", lambda: draw_transform()[0][0][0].figure
    block = TicTacToe("XX..O....")
    r = mcts(block, iterations=2000, seed=0, trace=True)

    def mcts_pictures():                     # notebook 08's figure: after 60 and 2,000 playouts
        fig, axes = plt.subplots(2, 2, figsize=(8.2, 6.6), gridspec_kw={"width_ratios": [1.5, 1]})
        for row, k in zip(axes, (60, 2000)):
            draw_mcts(block, block.initial_state, r.trace, k, axes=row)
        fig.tight_layout()
        return fig, [axes[0][0], axes[1][0]]
    yield "08 MCTS after 60 and 2,000", mcts_pictures

    def sigma_at_one():                      # notebook 04's figure at sigma = 1
        axes, _ = draw_sigma(TEXTBOOK_TREE, sigma=1, trials=20_000, seed=0)
        plt.gcf().tight_layout()
        return axes[0].figure, axes[:1]
    yield "04 sigma 1", sigma_at_one
    game = PhantomTicTacToe()

    def phantom():
        tracker, state = BeliefTracker(game, "MAX"), game.initial_state
        for move, reply in [((1, 1), (2, 2)), ((0, 0), (0, 1))]:
            tracker.observe(percept(game, state, "MAX"))
            tracker.act(move)
            state = game.result(game.result(state, move), reply)
        tracker.observe(percept(game, state, "MAX"))
        return draw_phantom_belief(game, state, "MAX", tracker.belief, k=5, seed=3)
    yield "06a phantom belief", phantom
    kuhn = KuhnPoker()
    yield "06b Kuhn", lambda: draw_information_sets(kuhn, action_names={"pass": "p", "bet": "b"}, title="Kuhn "
                                                    "poker: CHANCE deals (MAX's card first), then pass (p) or bet (b)")
    yield "06b road", lambda: draw_information_sets(RoadGame(), title="day 3: which fork is safe is a coin toss "
                                                    "MAX does not see")
    yield "06b Kuhn CFR", lambda: draw_information_sets(kuhn, policy=cfr(kuhn, 200), action_names={
        "pass": "p", "bet": "b"}, title="the CFR policy: each edge's action and probability")
    m = TWO_FINGER_MORRA
    yield "07 guarantee", lambda: draw_guarantee(m.row_payoffs, row_actions=m.row_actions, col_actions=m.col_actions,
                                                 title="two-finger Morra: what A guarantees by revealing p first")

    def best_responses():
        bos, coord = BATTLE_OF_THE_SEXES, COLLABORATIVE_MORRA
        fig, axes = plt.subplots(1, 2, figsize=(8.2, 4.4))
        draw_best_responses(coord.row_payoffs, coord.col_payoffs, axes[0], title="collaborative Morra")
        draw_best_responses(bos.row_payoffs, bos.col_payoffs, axes[1], row_actions=bos.row_actions,
                            col_actions=bos.col_actions, title="battle of the sexes")
        plt.tight_layout()
        return fig
    yield "07 best responses", best_responses
    yield "07 segment", lambda: draw_best_responses([[2, 0], [2, 1]], [[1, 0], [0, 1]], title="a segment of "
                                                    "equilibria, and one more")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


TREE_CASES = list(_tree_cases())
CASES = list(_widget_cases()) + list(_other_cases())


def _figures(made):
    """[(figure, tree axes)] of what a case made: figures, Axes or (figure, tree axes) pairs."""
    if isinstance(made, list):
        return [pair for m in made for pair in _figures(m)]
    if isinstance(made, tuple):
        return [made]
    fig = made if hasattr(made, "canvas") else made.figure
    return [(fig, [])]


@pytest.mark.parametrize("name, make", TREE_CASES, ids=[c[0] for c in TREE_CASES])
def test_tree_pictures_have_no_collisions(name, make):
    for fig, _ in _figures(make()):
        found = collisions(fig, trees=fig.axes)
        plt.close(fig)
        assert found == [], f"{name}: {found}"


@pytest.mark.parametrize("name, make", list(_explorer_cases()), ids=[c[0] for c in _explorer_cases()])
def test_explorer_pictures_have_no_collisions(name, make):
    for k, fig in enumerate(make()):
        found = collisions(fig, trees=fig.axes, inside=True)
        assert found == [], f"{name}, step {k}: {found}"


@pytest.mark.parametrize("name, make", CASES, ids=[c[0] for c in CASES])
def test_pictures_have_no_collisions(name, make):
    for fig, trees in _figures(make()):
        found = collisions(fig, trees=trees, inside=name in WIDGET_PICTURES)
        plt.close(fig)
        assert found == [], f"{name}: {found}"


def test_the_measure_finds_what_it_should():
    """Two texts on each other, a line through a text, a text off the figure: found; a text in a white
    box on its line, and texts side by side: not."""
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_axis_off()
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.plot([0, 10], [5, 5], zorder=1)
    ax.text(2, 5, "struck", ha="center", va="center")
    ax.text(6, 5, "boxed", ha="center", va="center", zorder=2, bbox={"fc": "white", "ec": "none"})
    ax.text(2, 8, "left", ha="center")
    ax.text(2.3, 8, "over", ha="center")
    ax.text(8, 1, "apart")
    ax.text(12, 1, "off")
    ax.scatter([5, 5.2], [1.5, 1.5], s=200, zorder=2)
    ax.text(5, 1.5, "in", ha="center", va="center", zorder=3)
    found = collisions(fig, trees=[ax], inside=True)
    plt.close(fig)
    assert sorted(found) == sorted(["'left' over 'over'", "an edge through 'struck'", "'off' outside the figure",
                                    "two nodes over each other"])


# --------------------------------------------------------------------------------------------------
# The pictures of max^n trees, chance trees and the tree explorer, pixel for pixel: the PNG bytes
# (Agg, 100 dpi) recorded before the explorer was split into a stepper and one strategy per kind of
# tree and before draw_maxn_tree shared draw_tree's layout (issue 24), so that a refactoring is seen to
# leave them alone.  As in tests/viz/test_drawing.py (draw_tree's pins) the digests are checked only with the
# matplotlib and FreeType versions they were recorded with; a change meant to change a picture updates
# its digest (print ``_digests()``) and says why.  Recorded again for issue 23: max^n's labels on a
# white ground (no edge through them), its players P1, P2, P3, the explorer's pictures sized for a
# laptop's screen with the key beside them, a chance node's running interval beside it.
RECORDED_WITH = ("3.11.2", "2.14.3")


DIGESTS = {
    'maxn_full_legend': 'd88ccbf9221ded77',
    'maxn_step7': '713c9f38da6be25d',
    'maxn_step16': '833b25dce38a3efd',
    'maxn_step24': '0d603e21c015b652',
    'maxn_bare': '68b6b1e04a57b04b',
    'chance_full': '0bbb5879d76b8b04',
    'chance_star1_step5': '39a953c08e377a85',
    'chance_star1': '084011d2f95bbe30',
    'explorer AIMA Fig. 5.2 alphabeta 0': 'ed73c3f3577a7551',
    'explorer AIMA Fig. 5.2 alphabeta 1': '57a352b0cbb806ef',
    'explorer AIMA Fig. 5.2 alphabeta 11': 'def69e0c104fb8ce',
    'explorer AIMA Fig. 5.2 alphabeta 22': '23f42d991efc02cb',
    'explorer AIMA Fig. 5.2 alphabeta key': 'a0a594bf884d2285',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 0': 'cd2acdfe5d444644',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 1': '13ecbbfd2167428e',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 6': '74a4b4eaf4f90612',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 12': '3bb9a3f7e93ad921',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 key': 'e4d4450b8efc7dde',
    'explorer CS221 coin game expectiminimax 0': 'c867498d0c16526c',
    'explorer CS221 coin game expectiminimax 1': 'cc58d4a452df3fa8',
    'explorer CS221 coin game expectiminimax 22': '41735b2546a70f22',
    'explorer CS221 coin game expectiminimax 44': 'a56a0a424465e8d0',
    'explorer CS221 coin game expectiminimax key': '645af9d649f23644',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 0': 'a07bcb0d0794a81e',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 1': 'b8503802ec657d17',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 15': '683b8e7028e9d1d3',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 30': '84ce3d466051c9cf',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn key': '1d14f5a7e8736cf6',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 0': '2869227e1d16283e',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 1': '30fcb46e821c791b',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 15': '1888d04b79ddf909',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 30': '23cd73452d19e6e4',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful key': '1d14f5a7e8736cf6',
}


def cases():
    spec, players = NPLAYER_PRESETS["AIMA Fig. 5.4 (P1, P2, P3)"]
    fig54 = GameTree.from_nested(spec, players=players)
    r = maxn(fig54, trace=True)
    yield "maxn_full_legend", lambda: draw_maxn_tree(fig54, r, legend=True)
    for k in (7, 16, 24):
        yield f"maxn_step{k}", lambda k=k: draw_maxn_tree(fig54, r, step=k, show_actions=False)
    yield "maxn_bare", lambda: draw_maxn_tree(fig54)
    fig512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
    full, cut = expectiminimax(fig512, trace=True), star1(fig512, lower=1, upper=4, trace=True)
    yield "chance_full", lambda: draw_chance_tree(fig512, full, lower=1, upper=4, title="t")
    yield "chance_star1_step5", lambda: draw_chance_tree(fig512, cut, step=5, lower=1, upper=4)
    yield "chance_star1", lambda: draw_chance_tree(fig512, cut, lower=1, upper=4)


def explorer_cases():
    for tree, algorithm in (("AIMA Fig. 5.2", "alphabeta"), ("AIMA Fig. 5.12 (.9/.1)", "star1"),
                            ("CS221 coin game", "expectiminimax"), ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn"),
                            ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn spiteful")):
        ex = TreeExplorer(tree, algorithm)
        for k in sorted({0, 1, ex.total // 2, ex.total}):
            ex.step = k
            yield f"explorer {tree} {algorithm} {k}", ex.png
        yield f"explorer {tree} {algorithm} key", shown_png(ex.key_image)


def _png(ax) -> bytes:
    fig = ax.figure
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _digests() -> dict:
    out = {name: hashlib.sha256(_png(make())).hexdigest()[:16] for name, make in cases()}
    out.update({name: hashlib.sha256(png).hexdigest()[:16] for name, png in explorer_cases()})
    return out


@pytest.mark.skipif((matplotlib.__version__, matplotlib.ft2font.__freetype_version__) != RECORDED_WITH,
                    reason=f"PNG digests recorded with matplotlib/FreeType {RECORDED_WITH}")
def test_pictures_are_unchanged():
    assert _digests() == DIGESTS
