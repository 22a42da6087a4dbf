"""Pictures without collisions (issue 23): every figure function of gamelib.viz, called on the
notebooks' own inputs (and the widgets' pictures in the states a student brings them to), draws no two
texts over each other, and no edge of a tree through a label.

The measure is :mod:`gamelib.viz.collisions` (its own tests: tests/viz/test_collisions.py).  The
pictures the notebooks draw themselves are checked as nbval runs them: the suite sets
``GAMELIB_CHECK_PICTURES`` (conftest.py), and ``gamelib.viz.alt.show`` then refuses a picture with a
collision.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
import hashlib  # noqa: E402
import io  # noqa: E402
import matplotlib.ft2font  # noqa: E402
from gamelib import GameTree, expectiminimax, maxn, star1  # noqa: E402
from gamelib.viz import PRESETS, TreeExplorer, draw_chance_tree, draw_maxn_tree  # noqa: E402
from gamelib.viz.collisions import collisions  # noqa: E402
from gamelib.viz.explorer import NPLAYER_PRESETS  # noqa: E402
from .viz.widgets import shown_png  # noqa: E402

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

    def pig():                               # notebook 05b's figure: the policy, and its regions at 60
        from gamelib.games.pig import solve
        from gamelib.viz import draw_pig_policy
        solution = solve(100)
        fig, axes = plt.subplots(1, 2, figsize=(8.2, 3.6))
        draw_pig_policy(solution, ax=axes[0])
        draw_pig_policy(solution, ax=axes[1], kind="region", opponent_scores=60)
        fig.tight_layout()
        return fig
    yield "05b Pig's policy", pig
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


# --------------------------------------------------------------------------------------------------
# The pictures of max^n trees, chance trees and the tree explorer, pixel for pixel: the PNG bytes
# (Agg, 100 dpi) recorded before the explorer was split into a stepper and one strategy per kind of
# tree and before draw_maxn_tree shared draw_tree's layout (issue 24), so that a refactoring is seen to
# leave them alone.  As in tests/viz/test_drawing.py (draw_tree's pins) the digests are checked only with the
# matplotlib and FreeType versions they were recorded with; a change meant to change a picture updates
# its digest (print ``_digests()``) and says why.  Recorded again for issue 23: max^n's labels on a
# white ground (no edge through them), its players P1, P2, P3, the explorer's pictures sized for a
# laptop's screen with the key beside them, a chance node's running interval beside it.  The explorer's
# again for issue 42: its pictures are saved by the kit's one savefig (gamelib.viz.alt.png_bytes), which
# leaves out matplotlib's "Software" stamp (the same pixels, a few bytes fewer).  The 15 max^n pictures again
# for WCAG 1.4.11 (3:1 for every mark that carries meaning): edges not taken #999999 -> #8a8a8a, a chosen edge
# in a light player's colour cased in dark grey, a node not reached yet outlined in grey at full opacity.
RECORDED_WITH = ("3.11.2", "2.14.3")


DIGESTS = {
    'maxn_full_legend': 'c217ade0f2fea37e',
    'maxn_step7': 'fbf45774dc2b2022',
    'maxn_step16': 'cf8ce42327953a32',
    'maxn_step24': 'e3aadcda2ea23f81',
    'maxn_bare': '39b7e485f1e3b923',
    'chance_full': '0bbb5879d76b8b04',
    'chance_star1_step5': '39a953c08e377a85',
    'chance_star1': 'bfa6bd5a1afa6d9d',
    'explorer AIMA Fig. 5.2 alphabeta 0': '40ee2492bee25ed2',
    'explorer AIMA Fig. 5.2 alphabeta 1': '337ceefb94eb5470',
    'explorer AIMA Fig. 5.2 alphabeta 11': 'de29beed0e00ac74',
    'explorer AIMA Fig. 5.2 alphabeta 22': 'bbc045378efcb03e',
    'explorer AIMA Fig. 5.2 alphabeta key': 'af29572992dacd40',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 0': '45be79133bca66a3',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 1': '3312b04ccdcc7c21',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 6': '85e2878b7361ac5e',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 12': '28b31ef4c4160982',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 key': '0481030ec93d36cb',
    'explorer CS221 coin game expectiminimax 0': 'aa34b0db3f3cdec0',
    'explorer CS221 coin game expectiminimax 1': '2f013266d755028b',
    'explorer CS221 coin game expectiminimax 22': 'bc78641277524ec9',
    'explorer CS221 coin game expectiminimax 44': '81f90450bc34648c',
    'explorer CS221 coin game expectiminimax key': '2497ec59374d6681',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 0': 'af62be42ec848771',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 1': '2517f38c849ffa2f',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 15': '97189682450fe352',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 30': '5708aa37764ddd9f',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn key': 'ff33f41a77171558',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 0': 'fbce008ecf2f0696',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 1': '3cc7005f31ad1f41',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 15': 'a91d0bf6c3c94ce9',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 30': '347921cc50ae29d0',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful key': 'ff33f41a77171558',
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
