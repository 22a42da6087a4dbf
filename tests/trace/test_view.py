"""gamelib.trace.view: TraceView and MaxnView read visit order, values, windows, prunes and decisions from a
search's trace, at the end and after any number of events."""
import math

import pytest

import gamelib.core
import gamelib.trace as T
from gamelib import GameTree, alphabeta, maxn, minimax
from gamelib.viz import MaxnView, TraceView

from ..strategies import ABC, FIG_5_2, FIG_5_4


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


def test_a_trace_of_another_tree_is_refused():
    tree, other = GameTree.from_nested(FIG_5_2), GameTree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(gamelib.core.ArgumentError, match="draw the tree the search ran on"):
        T.TraceView(alphabeta(tree, trace=True), tree=other)


def test_fig_5_2_pruned_nodes_are_exactly_i_and_j(fig52):
    tree, r = fig52
    view = TraceView(r, tree=tree)
    assert view.pruned == {"I", "J"}
    assert view.pruned_by == {"I": "C", "J": "C"}
    assert view.skipped_edges == {("C", "c2"), ("C", "c3")}
    assert view.complete and view.path == []


def test_fig_5_2_visit_order_and_values(fig52):
    tree, r = fig52
    view = TraceView(r, tree=tree)
    assert sorted(view.order, key=view.order.get) == list("ABEFGCHDKLM") == r.visited
    assert view.order["A"] == 1 and view.order["C"] == 6 and view.order["M"] == 11
    assert view.value["A"] == 3 and view.value["B"] == 3 and view.value["D"] == 2
    assert view.closed["C"] == "prune" and view.value["C"] == 2
    assert view.window["C"] == (3, 2)


def test_trace_view_at_intermediate_steps(fig52):
    tree, r = fig52
    start = TraceView(r, 0, tree=tree)
    assert start.current is None and start.order == {} and start.pruned == set()
    after_b = TraceView(r, 9, tree=tree)  # the 9th event: exit B with 3
    assert after_b.current == r.trace[8] and after_b.current.kind == "exit"
    assert list(after_b.order) == list("ABEFG")
    assert after_b.path == ["A"] and after_b.value["B"] == 3
    assert after_b.pruned == set() and not after_b.complete
    at_c = TraceView(r, 12, tree=tree)  # leaf H read, C not yet cut
    assert at_c.path == ["A", "C"] and at_c.pruned == set()
    cut = TraceView(r, 13, tree=tree)  # the prune at C
    assert cut.pruned == {"I", "J"} and [e.state for e in cut.prunes] == ["C"]
    at_d = TraceView(r, 14, tree=tree)  # enter D: A's window, as A passed it to D, is now [3, +inf]
    assert at_d.window["A"] == (3, math.inf)
    assert at_d.path == ["A", "D"]
    assert TraceView(r, 10_000, tree=tree).step == len(r.trace)
    assert TraceView(r, -5, tree=tree).step == 0


def test_minimax_trace_prunes_nothing():
    tree = GameTree.from_nested(FIG_5_2)
    view = TraceView(minimax(tree, trace=True), tree=tree)
    assert view.pruned == set() and view.window == {} and len(view.order) == 13


def test_the_view_reads_values_and_choices_from_the_trace():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    view = MaxnView(tree, r)
    assert view.complete and view.value["A"] == (1, 2, 6) and view.order["C"] == 9
    assert view.chosen == {"D": "H", "E": "J", "F": "M", "G": "O", "B": "D", "C": "F", "A": "B"}
    part = MaxnView(tree, r, step=12)
    assert part.path == ["A", "B", "E", "K"] and part.current.state == "K" and "E" not in part.value
    assert part.chosen == {"D": "H"}
    spite = MaxnView(tree, maxn(tree, ties="spiteful", trace=True))
    assert spite.chosen["A"] == "C"
