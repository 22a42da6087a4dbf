"""Hypothesis properties on random trees: pruning never changes the root value or decision, every
variant agrees with plain search, and traces agree with node counts."""

from hypothesis import given
from hypothesis import strategies as st

from gamelib import GameTree, alphabeta, expectiminimax, minimax
from gamelib.trace import proven_ranges
from gamelib.trees import ChanceSpec

from .strategies import chance_specs, nested_specs


@given(nested_specs(), st.booleans())
def test_alphabeta_equals_minimax_in_value_and_decision(spec, on_equality):
    tree = GameTree.from_nested(spec)
    plain, pruned = minimax(tree), alphabeta(tree, prune_on_equality=on_equality)
    assert pruned.value == plain.value
    assert pruned.action == plain.action
    assert pruned.nodes <= plain.nodes


@given(nested_specs(), st.randoms(use_true_random=False))
def test_any_move_ordering_keeps_the_root_value(spec, rng):
    tree = GameTree.from_nested(spec)
    shuffled = alphabeta(tree, order=lambda s, acts: rng.sample(list(acts), len(acts)))
    assert shuffled.value == minimax(tree).value


@given(nested_specs(), st.booleans())
def test_traces_are_consistent_with_node_counts(spec, on_equality):
    tree = GameTree.from_nested(spec)
    for result in (minimax(tree, trace=True), alphabeta(tree, trace=True, prune_on_equality=on_equality)):
        enters = [e for e in result.trace if e.kind == "enter"]
        assert len(enters) == result.nodes == len(set(result.visited))
        closes = [e for e in result.trace if e.kind != "enter"]
        assert len(closes) == len(enters)
        assert result.trace[-1].state == "A" and result.trace[-1].value == result.value
        # Leaves are exactly the terminal states visited; skipped actions are never entered.
        assert {e.state for e in result.trace if e.kind == "leaf"} == \
            {s for s in result.visited if tree.is_terminal(s)}
        for e in result.trace:
            if e.kind == "prune":
                assert e.skipped and not {tree.result(e.state, a) for a in e.skipped} & set(result.visited)
    assert minimax(tree).nodes == len(tree)


@given(nested_specs())
def test_tracing_does_not_change_the_search(spec):
    tree = GameTree.from_nested(spec)
    for search in (minimax, alphabeta):
        assert search(tree)[:3] == search(tree, trace=True)[:3]


def reference_value(spec, maximizing=True):
    """An oracle straight from the recurrence (AIMA §5.5), on the nested spec itself."""
    if isinstance(spec, ChanceSpec):
        return sum(p * reference_value(sub, maximizing) for p, sub in spec.branches)
    if isinstance(spec, list):
        values = [reference_value(sub, not maximizing) for sub in spec]
        return max(values) if maximizing else min(values)
    return spec


@given(chance_specs())
def test_expectiminimax_matches_the_recurrence(spec):
    tree = GameTree.from_nested(spec)
    assert abs(expectiminimax(tree).value - reference_value(spec)) < 1e-9


@given(nested_specs())
def test_expectiminimax_without_chance_is_minimax(spec):
    tree = GameTree.from_nested(spec)
    assert expectiminimax(tree)[:3] == minimax(tree)[:3]


def test_random_trees_best_order_prunes_most():
    for seed in range(5):
        counts = {order: alphabeta(GameTree.random(3, 5, seed=seed, order=order)).nodes
                  for order in ("best", "random", "worst")}
        assert counts["best"] <= counts["random"] <= counts["worst"]


@given(nested_specs(), st.booleans())
def test_alphabeta_values_are_exact_inside_the_window_and_bounds_outside(spec, on_equality):
    """Fail-soft alpha-beta: a node entered with window (α, β) returning v has true value v if
    α < v < β, at most v if v <= α, at least v if v >= β."""
    tree = GameTree.from_nested(spec)
    result = alphabeta(tree, trace=True, prune_on_equality=on_equality)
    window = {}
    for e in result.trace:
        if e.kind == "enter":
            window[e.state] = (e.alpha, e.beta)
            continue
        alpha, beta = window[e.state]
        true = minimax(tree, e.state).value
        if alpha < e.value < beta:
            assert e.value == true, e
        elif e.value <= alpha:
            assert true <= e.value, e
        else:
            assert true >= e.value, e


@given(nested_specs(), st.booleans())
def test_proven_ranges_hold_the_true_value_and_the_returned_one(spec, on_equality):
    """The intervals pictures and graders show ('≤2', '[2, 2]') are sound: every closed node's true
    minimax value and the value alpha-beta returned there lie inside; the root's is exact."""
    tree = GameTree.from_nested(spec)
    result = alphabeta(tree, trace=True, prune_on_equality=on_equality)
    ranges = proven_ranges(result.trace, tree.to_move)
    assert set(ranges) == set(result.visited)
    returned = {e.state: e.value for e in result.trace if e.kind != "enter"}
    for state, (lo, hi) in ranges.items():
        assert lo <= minimax(tree, state).value <= hi
        assert lo <= returned[state] <= hi
    assert ranges["A"] == (result.value, result.value)
    plain = minimax(tree, trace=True)
    assert all(lo == hi for lo, hi in proven_ranges(plain.trace, tree.to_move).values())
