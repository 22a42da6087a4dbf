"""The explanations of why a node was cut (gamelib.viz.drawing.why_cut, why_chance_cut,
star1_window_text) called directly on the textbook's traces, and the explorer saying the same words:
AIMA 4th ed. Fig. 5.2 under alpha-beta (Fig. 5.7) and AIMA 3rd ed. Fig. 5.12 (.9/.1) under Star1."""
import matplotlib

matplotlib.use("Agg")

from gamelib import GameTree, alphabeta, chance, star1  # noqa: E402
from gamelib.core import CHANCE  # noqa: E402
from gamelib.experiments.chance_trees import random_chance_tree  # noqa: E402
from gamelib.viz import (PRESETS, TraceView, TreeExplorer, star1_window_text, why_chance_cut,  # noqa: E402
                         why_cut)
from gamelib import minimax  # noqa: E402
from gamelib.viz import describe_event  # noqa: E402
from ..strategies import FIG_5_2  # noqa: E402
from gamelib import maxn  # noqa: E402
from gamelib.viz import describe_maxn_event  # noqa: E402
from ..strategies import ABC, FIG_5_4  # noqa: E402

FIG_5_12 = [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))]

FIG_5_2_WHY = ("why: MIN can hold MAX to 2 or less here, but MAX already has α = 3 elsewhere on the "
               "path, so MAX never comes here")
B1_WINDOW = ("Star1 searches outcome b1 of B with the window [1, 4], all of [L, U] = [1, 4]: no value "
             "of this outcome alone can decide B yet")
C1_WINDOW = ("Star1 searches outcome c1 of C with the window [1.88889, 4]: if F is worth 1.88889 or "
             "less, C is at most its α = 2.1 whatever the other outcomes hold")
C_WHY = ("why: whatever the unsearched outcomes hold (between L = 1 and U = 4), C is worth at most "
         "0.9·1 (c1) + 0.1·4 (c2 unsearched: U) = 1.3 ≤ α = 2.1: MAX already has 2.1 elsewhere on the "
         "path, so it never lets play come here")


def _fig_5_12():
    tree = GameTree.from_nested(FIG_5_12)
    return tree, star1(tree, tree.initial_state, lower=1, upper=4, trace=True)


def test_why_cut_on_fig_5_2():
    tree = GameTree.from_nested(FIG_5_2)
    r = alphabeta(tree, tree.initial_state, trace=True)
    (prune,) = [e for e in r.trace if e.kind == "prune"]
    assert prune.state == "C"
    assert why_cut(prune, tree.to_move("C"), tree=tree) == FIG_5_2_WHY


def test_star1_explanations_on_fig_5_12():
    tree, r = _fig_5_12()
    texts = []
    for k, e in enumerate(r.trace, 1):
        view = TraceView(r, k, tree=tree, lower=1, upper=4)
        if e.kind == "prune":
            assert tree.players[e.state] == CHANCE
            texts.append(why_chance_cut(e, view, tree=tree, lower=1, upper=4))
        elif e.kind == "enter" and tree.parent(e.state) is not None \
                and tree.players[tree.parent(e.state)] == CHANCE:
            texts.append(star1_window_text(e, view, tree=tree, lower=1, upper=4))
    assert texts == [B1_WINDOW, B1_WINDOW.replace("b1", "b2"), C1_WINDOW, C_WHY]


def test_why_cut_at_the_bounds_and_below_a_chance_node():
    tree = GameTree.from_nested(PRESETS["CS221 coin game"])
    r = star1(tree, tree.initial_state, lower=-50, upper=50, trace=True)
    cuts = [why_cut(e, tree.to_move(e.state), tree=tree, star1_bounds=(-50, 50))
            for e in r.trace if e.kind == "prune" and tree.to_move(e.state) != CHANCE]
    assert ("why: -50 is the lowest utility there is (L = -50): MIN cannot do better, so its other "
            "moves are not needed") in cuts


def test_why_cut_below_a_chance_node_names_star1s_window():
    tree = random_chance_tree(3, 2, 2, seed=1)
    r = star1(tree, tree.initial_state, lower=-5, upper=5, trace=True)
    e = next(e for e in r.trace if e.kind == "prune" and e.state == "J")
    assert why_cut(e, "MIN", tree=tree, star1_bounds=(-5, 5)) == (
        "why: MIN can hold MAX to 1.5 or less here, but MAX already has α = 1.5 elsewhere on the path, "
        "so MAX never comes here (below chance node D, α and β also carry Star1's window for its "
        "outcome: a value outside it decides D whatever its other outcomes hold)")
    # Without Star1's bounds (alpha-beta's reading) the same cut has no such tail.
    assert why_cut(e, "MIN", tree=tree).endswith("so MAX never comes here")


def test_the_explorer_says_the_same():
    ex = TreeExplorer("AIMA Fig. 5.2", "alphabeta")
    ex.step = 13
    assert ex.text.count(FIG_5_2_WHY) == 1
    ex = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")
    said = {}
    for k in (3, 5, 9, 11):
        ex.step = k
        said[k] = ex.state_text.split("\n")[1]
    assert said == {3: B1_WINDOW, 5: B1_WINDOW.replace("b1", "b2"), 9: C1_WINDOW, 11: C_WHY}


def test_describe_event_reads_the_event(fig52):
    tree, r = fig52
    assert describe_event(r.trace[0]) == "enter A (the root) with window [−∞, +∞]"
    assert describe_event(r.trace[3]) == "leaf E: utility 3"
    assert describe_event(r.trace[12]).startswith("prune at C: value 2")
    assert "c2, c3 are never searched" in describe_event(r.trace[12])
    # Told whose node it is, a prune is explained from that side (MIN at C: v ≤ α).
    assert describe_event(r.trace[12], tree.players["C"]) == (
        "prune at C: value 2 ≤ α = 3: MAX has a choice at least as good above, so c2, c3 are never searched")
    assert describe_event(r.trace[-1]) == "exit A with value 3"
    mm = minimax(GameTree.from_nested(FIG_5_2), trace=True)
    assert describe_event(mm.trace[1]) == "enter B via a1"


def test_describe_maxn_events():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    said = [describe_maxn_event(e, tree.to_move(e.state), tree.player_order) for e in r.trace]
    assert said[0] == "enter A (the root)" and said[1] == "enter B via a1"
    assert said[3:5] == ["enter H via d1", "leaf H: utilities (1, 2, 6)"]
    exit_d = said[[e.kind == "exit" and e.state == "D" for e in r.trace].index(True)]
    assert exit_d == ("exit D with (1, 2, 6): the child best for C, who moves there (its own component, "
                      "number 3, is 6)")
