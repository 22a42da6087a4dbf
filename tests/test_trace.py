"""gamelib.trace: reading a trace without drawing it (issue 24).  The package imports neither matplotlib
nor ipywidgets, the names it took over answer where they used to (gamelib.core's Event and recording,
gamelib.viz's TraceView, describe_event, why-texts, chance intervals and number formats are the same
objects), and TraceView reads what the grader needs on AIMA Fig. 5.2 under alpha-beta."""
import math
import subprocess
import sys

import pytest

import gamelib
import gamelib.core
import gamelib.trace as T
from gamelib import GameTree, alphabeta, chance, star1


def test_the_package_draws_nothing():
    code = ("import sys, gamelib.trace; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'matplotlib', 'ipywidgets', 'networkx'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_old_homes_answer_with_the_same_objects():
    import gamelib.viz as viz
    import gamelib.viz.chance_widgets as cw
    import gamelib.viz.maxn as vm
    for name in ("Event", "Trace", "recording", "collector_paused"):
        assert not hasattr(gamelib.core, name), "core re-exporting the trace would make core -> trace -> core a cycle"
    assert gamelib.Event is T.Event and gamelib.proven_ranges is T.proven_ranges
    for name in ("TraceView", "MaxnView", "describe_event", "describe_maxn_event", "why_cut", "why_chance_cut",
                 "star1_window_text", "chance_intervals"):
        assert getattr(viz, name) is getattr(T, name)
    for name in ("fmt_number", "fmt_vector", "MaxnView", "describe_maxn_event"):
        assert getattr(vm, name) is getattr(T, name)
    for name in ("chance_intervals", "leaf_bounds", "returned_move_values"):
        assert getattr(cw, name) is getattr(T, name)


FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_trace_view_reads_windows_values_and_leaves_of_fig_5_2():
    tree = GameTree.from_nested(FIG_5_2)
    view = T.TraceView(alphabeta(tree, trace=True), tree=tree)
    assert view.leaves == list("EFGHKLM")
    assert sorted(view.pruned) == ["I", "J"]
    assert view.entry_window["C"] == (3, math.inf) and view.window["C"] == (3, 2)
    assert view.entry_window["D"] == (3, math.inf) and view.window["D"] == (3, 2)
    assert view.closing["C"].kind == "prune" and view.value == {**view.value, "C": 2, "B": 3, "A": 3}
    assert T.describe_event(view.closing["C"], tree.to_move("C")) == (
        "prune at C: value 2 ≤ α = 3: MAX has a choice at least as good above, so c2, c3 are never searched")
    early = T.TraceView(alphabeta(tree, trace=True), 5, tree=tree)
    assert early.leaves == ["E"] and early.path == ["A", "B", "F"]


def test_number_formats():
    assert [T.fmt_value(v) for v in (None, math.inf, -math.inf, 2.5, 3)] == ["", "+∞", "−∞", "2.5", "3"]
    assert T.tidy(0.9 * 1 + 0.1 * 4) == 1.3 and T.tidy(2.0) == 2 and T.tidy("x") == "x"
    assert T.interval_text(0.9000000001, 1.3000000000000003) == "[0.9, 1.3]"
    assert T.fmt_number(-1 / 3) == "−1/3" and T.fmt_vector((1, 2.0, -6)) == "(1, 2, −6)"


def test_chance_intervals_and_returned_move_values():
    tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    r = star1(tree, lower=1, upper=4, trace=True)
    got = T.chance_intervals(tree, r.trace, **dict(zip(('lower', 'upper'), T.leaf_bounds(tree))))
    assert {s: tuple(round(x, 9) for x in v) for s, v in got.items()} == {"B": (2.1, 2.1), "C": (1.0, 1.3)}
    assert {a: round(v, 9) for a, v in T.returned_move_values(r).items()} == {"a1": 2.1, "a2": 1.3}


def test_a_trace_of_another_tree_is_refused():
    tree, other = GameTree.from_nested(FIG_5_2), GameTree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(gamelib.core.ArgumentError, match="draw the tree the search ran on"):
        T.TraceView(alphabeta(tree, trace=True), tree=other)
