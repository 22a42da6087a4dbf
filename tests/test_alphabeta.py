"""Alpha-beta search (AIMA 4th ed. Fig. 5.7, gamelib.alphabeta): the notes' visit orders, both pruning
conventions, move ordering, and agreement with minimax."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelib
from gamelib import (
    ArgumentError,
    EvaluationError,
    GameError,
    GameTree,
    SearchDepthError,
    TooLargeError,
    alphabeta,
    expectiminimax,
    minimax,
)
from gamelib.games import Bins, Connect4, Halving, TicTacToe
from gamelib.limits import search as limited

from .bad_input import FIG52, TTT, ZERO, attempt, case, check_bad_input, correct, fuzz, good_leaf, nan, orderings
from .strategies import FIG_5_2, closing_events_are_balanced, label_hash, nested_specs


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
    # The windows of the minimax/alpha-beta walk-through: B is searched with (-inf, inf), C and D with [3, +inf).
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


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: alphabeta(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "nan",
         id="alphabeta NaN evaluation"),
    case(lambda: alphabeta(Connect4(rows=4, cols=5)), TooLargeError, "20 squares", id="alphabeta to the end of 4x5"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: a[:1]), ArgumentError, "order",
         "same actions", id="order drops moves"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: tuple(a) + tuple(a[:1])),
         ArgumentError, "each once", id="order repeats a move"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: None), ArgumentError, "order",
         "None", id="order returns None"),
    case(lambda: alphabeta(Halving(1200)), SearchDepthError, "recursion", id="alphabeta Halving(1200)"),
    case(lambda: alphabeta(TTT, depth=1, evaluate=lambda s: True), EvaluationError, "True", id="evaluation bool"),
    case(lambda: alphabeta(FIG52, prune_on_equality="no"), ArgumentError, "prune_on_equality",
         id="alphabeta prune_on_equality='no'"),
    case(lambda: alphabeta(FIG52, order=5), ArgumentError, "order", id="alphabeta order=5"),
    case(lambda: alphabeta(Bins(coin=True)), GameError, "expectiminimax", id="alphabeta on a chance game"),
    case(lambda: alphabeta(TTT, depth=2), ArgumentError, "needs evaluate=", id="depth without evaluate"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_a_generator_from_order_is_the_sequence_it_yields():
    game = TicTacToe("X...O....")
    r = alphabeta(game, order=lambda s, a: (x for x in reversed(a)))
    correct(r.value == minimax(game).value == 0)
    r = limited(game, depth=9, evaluate=ZERO, order=lambda s, a: iter(sorted(a, reverse=True)))
    correct(r.value == 0)


@fuzz
@given(st.recursive(good_leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=15), orderings,
       st.booleans())
def test_fuzzed_move_orderings_give_a_clear_error_or_the_right_value(spec, ordering, enhanced):
    name, order, valid = ordering
    tree = GameTree.from_nested(spec)
    if enhanced:
        ok, r = attempt(lambda: limited(tree, depth=20, evaluate=ZERO, order=order, table=True, killers=True))
    else:
        ok, r = attempt(lambda: alphabeta(tree, order=order))
    if ok:
        correct(r.value == minimax(tree).value, name)
    else:
        assert not valid, (name, r)
