"""Tests for gamelib.experiments.ordering and the move-ordering facts notebook 02 states.

Every claim below was checked by computation before it was asserted (see the notebook's section 5):
* best-first order: alpha-beta visits exactly the Knuth-Moore minimal tree when leaf values are
  distinct (both conventions), and also with ties under AIMA's cut-on-equality;
* worst-first order ("best move last") prunes nothing only for depth <= 3 with distinct leaves;
  ties (with AIMA's convention) and deep cutoffs (depth >= 4) still prune.
"""
import random

import pytest

from gamelib import GameTree, alphabeta, minimax
from gamelib.experiments.ordering import (ORDERS, format_table, knuth_moore_leaves, minimal_tree_nodes,
                                          nodes_by_order)
from gamelib.trees import order_spec
from gamelib import ArgumentError, TooLargeError
from gamelib.experiments import ordering as xordering
from ..bad_input import case, check_bad_input


def distinct_tree(b, m, seed, order):
    """A uniform tree whose b^m leaves are a shuffled 0..b^m-1 (no ties), children arranged by
    ``order`` with the same helper GameTree.random uses."""
    rng = random.Random(seed)
    values = list(range(b ** m))
    rng.shuffle(values)
    it = iter(values)

    def grow(d):
        return next(it) if d == 0 else [grow(d - 1) for _ in range(b)]

    spec = grow(m)
    if order != "random":
        spec = order_spec(spec, best_first=(order == "best"))[1]
    return GameTree.from_nested(spec)


def leaves_visited(result):
    return sum(e.kind == "leaf" for e in result.trace)


def full_size(b, m):
    return sum(b ** d for d in range(m + 1))


# -- the formulas ---------------------------------------------------------------------------------

@pytest.mark.parametrize("b, m, leaves", [(2, 0, 1), (3, 1, 3), (3, 2, 5), (3, 3, 11), (4, 4, 31),
                                          (35, 2, 69)])
def test_knuth_moore_leaves_small_cases(b, m, leaves):
    assert knuth_moore_leaves(b, m) == leaves


def test_minimal_tree_nodes_is_sum_over_plies():
    assert minimal_tree_nodes(3, 0) == 1
    assert minimal_tree_nodes(3, 2) == 1 + 3 + 5
    assert minimal_tree_nodes(3, 8) == 393


# -- best-first order is the minimal tree -----------------------------------------------------------

@pytest.mark.parametrize("prune_on_equality", [True, False])
@pytest.mark.parametrize("b", [2, 3, 4])
def test_best_order_visits_knuth_moore_leaves_without_ties(b, prune_on_equality):
    for m in range(0, 6 if b < 4 else 5):
        for seed in range(4):
            tree = distinct_tree(b, m, seed, "best")
            r = alphabeta(tree, prune_on_equality=prune_on_equality, trace=True)
            assert leaves_visited(r) == knuth_moore_leaves(b, m), (b, m, seed)
            assert r.nodes == minimal_tree_nodes(b, m), (b, m, seed)


def test_best_order_with_ties_aima_convention_is_still_minimal():
    for b in (2, 3):
        for m in range(1, 7):
            for seed in range(10):
                tree = GameTree.random(b, m, seed=seed, order="best")   # leaves 0..99: ties
                assert alphabeta(tree).nodes == minimal_tree_nodes(b, m), (b, m, seed)


def test_best_order_with_ties_strict_convention_can_visit_more():
    # Without a cut on equality, a tie between the best move and a refutation is not enough to prune.
    tree = GameTree.from_nested(order_spec([[5, 7], [5, 9]])[1])
    assert alphabeta(tree, prune_on_equality=True).nodes == minimal_tree_nodes(2, 2) == 6
    assert alphabeta(tree, prune_on_equality=False).nodes == 7


# -- worst-first order ------------------------------------------------------------------------------

@pytest.mark.parametrize("prune_on_equality", [True, False])
def test_worst_order_prunes_nothing_up_to_depth_3_without_ties(prune_on_equality):
    for b in (2, 3, 4):
        for m in range(0, 4):
            for seed in range(5):
                tree = distinct_tree(b, m, seed, "worst")
                r = alphabeta(tree, prune_on_equality=prune_on_equality)
                assert r.nodes == minimax(tree).nodes == len(tree), (b, m, seed)


def test_worst_order_with_ties_aima_prunes_strict_does_not():
    # Best move last, but the two MIN nodes tie at 5: AIMA cuts C after its first 5 (5 <= alpha=5).
    tree = GameTree.from_nested(order_spec([[5, 7], [5, 5]], best_first=False)[1])
    assert tree.spec == [[7, 5], [5, 5]]
    assert alphabeta(tree, prune_on_equality=True).nodes == 6
    assert alphabeta(tree, prune_on_equality=False).nodes == minimax(tree).nodes == 7


def test_worst_order_still_has_deep_cutoffs_from_depth_4():
    # "Best move last at every node" does not stop a cut by an alpha from two MAX levels up.
    tree = distinct_tree(3, 4, 0, "worst")
    r = alphabeta(tree, trace=True)
    assert r.nodes < minimax(tree).nodes == len(tree) == 121
    assert any(e.kind == "prune" and e.depth >= 3 for e in r.trace)


# -- nodes_by_order ---------------------------------------------------------------------------------

def test_nodes_by_order_shape_and_minimax_counts():
    depths = [1, 2, 3]
    means = nodes_by_order(3, depths, seeds=range(3))
    assert list(means) == list(ORDERS) + ["minimax"]
    assert all(len(v) == len(depths) for v in means.values())
    assert means["minimax"] == [float(full_size(3, m)) for m in depths]


def test_nodes_by_order_best_is_minimal_tree_and_orders_rank():
    depths = list(range(1, 7))
    means = nodes_by_order(3, depths, seeds=range(5))
    assert means["best"] == [float(minimal_tree_nodes(3, m)) for m in depths]
    for i in range(len(depths)):
        assert means["best"][i] <= means["random"][i] <= means["worst"][i] <= means["minimax"][i]


def test_nodes_by_order_matches_direct_searches():
    means = nodes_by_order(2, [4], orders=["random"], seeds=[7, 8], with_minimax=False,
                           prune_on_equality=False)
    direct = [alphabeta(GameTree.random(2, 4, seed=s), prune_on_equality=False).nodes for s in (7, 8)]
    assert means == {"random": [sum(direct) / 2]}


def test_nodes_by_order_is_deterministic_and_progress_bar_does_not_change_numbers():
    a = nodes_by_order(2, [1, 3, 5], seeds=range(4))
    b = nodes_by_order(2, [1, 3, 5], seeds=range(4), progress=True)
    assert a == b


@pytest.mark.parametrize("kwargs, match", [
    ({"orders": ["sideways"]}, "unknown order"),
    ({"seeds": []}, "at least one seed"),
    ({"depths": [-1]}, "depths"),
])
def test_nodes_by_order_rejects_bad_input(kwargs, match):
    args = {"branching": 2, "depths": [1]}
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        nodes_by_order(**args)


def test_format_table_lists_every_depth():
    depths = [1, 2]
    text = format_table(nodes_by_order(2, depths, seeds=[0]), depths, 2)
    lines = text.splitlines()
    assert lines[0].split() == ["m", "best", "random", "worst", "minimax", "minimal", "tree", "full",
                                "tree"]
    assert lines[1].split()[0] == "1" and lines[1].split()[-1] == "3"
    assert lines[2].split()[-2:] == ["6", "7"]


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: xordering.nodes_by_order(0, [2]), ArgumentError, "branching", id="nodes_by_order branching=0"),
    case(lambda: xordering.nodes_by_order(2, [-1]), ArgumentError, "depths", id="nodes_by_order depths=[-1]"),
    case(lambda: xordering.nodes_by_order(2, 3), ArgumentError, "depths", id="nodes_by_order depths=3"),
    case(lambda: xordering.nodes_by_order(2, [2], seeds=[]), ArgumentError, "seed", id="nodes_by_order seeds=[]"),
    case(lambda: xordering.nodes_by_order(2, [2], orders=["x"]), ArgumentError, "order",
         id="nodes_by_order orders=['x']"),
    case(lambda: xordering.nodes_by_order(2, [2], orders="best"), ArgumentError, "orders",
         id="nodes_by_order orders='best'"),
    case(lambda: xordering.nodes_by_order(2, [2], progress="yes"), ArgumentError, "progress",
         id="nodes_by_order progress"),
    case(lambda: xordering.nodes_by_order(10, [10]), TooLargeError, "max_nodes", id="nodes_by_order too big"),
    case(lambda: xordering.knuth_moore_leaves(0, 2), ArgumentError, "branching", id="knuth_moore_leaves(0, 2)"),
    case(lambda: xordering.knuth_moore_leaves(2, 10**9), ArgumentError, "depth", id="knuth_moore_leaves depth 1e9"),
    case(lambda: xordering.minimal_tree_nodes(2, 10**9), ArgumentError, "depth", id="minimal_tree_nodes depth 1e9"),
    case(lambda: xordering.format_table(5, [1], 2), ArgumentError, "means", id="format_table means=5"),
    case(lambda: xordering.format_table({"best": [1.0]}, [1, 2], 2), ArgumentError, "means",
         id="format_table lengths differ"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
