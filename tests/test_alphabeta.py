"""Alpha-beta search (AIMA 4th ed. Fig. 5.7, gamelib.alphabeta): the notes' visit orders, both pruning
conventions, move ordering, and agreement with minimax."""
import pytest

import gamelib
from gamelib import GameTree, alphabeta
from gamelib.games import Bins, TicTacToe

from .strategies import FIG_5_2, closing_events_are_balanced
from hypothesis import given
from hypothesis import strategies as st
from gamelib import minimax
from .strategies import nested_specs
from gamelib import expectiminimax
from .strategies import label_hash


# --- alpha-beta ----------------------------------------------------------------------------------
def test_fig_5_2_alphabeta_follows_fig_5_7():
    tree = GameTree.from_nested(FIG_5_2)
    result = alphabeta(tree, trace=True)
    assert (result.value, result.action, result.nodes) == (3, "a1", 11)
    assert result.visited == list("ABEFGCHDKLM")
    prunes = [(e.state, e.value, e.skipped) for e in result.trace if e.kind == "prune"]
    assert prunes == [("C", 2, ("c2", "c3"))]
    windows = {e.state: (e.alpha, e.beta) for e in result.trace if e.kind == "enter"}
    inf = float("inf")
    # The windows of seed 004's walk-through: B is searched with (-inf, inf), C and D with [3, +inf).
    assert windows["B"] == (-inf, inf) and windows["C"] == (3, inf) and windows["D"] == (3, inf)
    assert windows["L"] == (3, 14) and windows["M"] == (3, 5)
    assert closing_events_are_balanced(result.trace)


def test_the_two_pruning_conventions():
    # C's first child equals alpha = 3: AIMA cuts there (v <= alpha), CS188 does not (v < alpha).
    tree = GameTree.from_nested([[3, 5], [3, 1]])
    aima = alphabeta(tree, trace=True)
    cs188 = alphabeta(tree, trace=True, prune_on_equality=False)
    assert aima.visited == list("ABDECF")
    assert cs188.visited == list("ABDECFG")
    assert aima.value == cs188.value == 3
    # C came back with a bound equal to the best value: the decision must not move to a2.
    assert aima.action == cs188.action == "a1"
    assert [e.value for e in aima.trace if e.state == "C" and e.kind == "prune"] == [3]


def test_move_ordering_is_an_option():
    tree = GameTree.from_nested(FIG_5_2)
    reverse = alphabeta(tree, order=lambda s, acts: list(reversed(acts)), trace=True)
    assert reverse.value == 3 and reverse.action == "a1"
    assert reverse.visited[:4] == ["A", "D", "M", "L"]


def test_alphabeta_refuses_chance_states():
    with pytest.raises(gamelib.GameError, match="use expectiminimax"):
        alphabeta(Bins(coin=True))


def test_tictactoe_alphabeta_agrees_with_minimax():
    result = alphabeta(TicTacToe())
    assert result.value == 0 and result.action == (0, 0)
    assert result.nodes < 549_946 / 10


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


@given(nested_specs(), st.integers(0, 4), st.booleans())
def test_depth_limited_alphabeta_equals_depth_limited_minimax(spec, depth, on_equality):
    tree = GameTree.from_nested(spec)
    plain = minimax(tree, depth=depth, evaluate=label_hash)
    pruned = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality)
    assert pruned[:2] == plain[:2]
    assert expectiminimax(tree, depth=depth, evaluate=label_hash)[:3] == plain[:3]
