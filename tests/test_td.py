"""TD learning of an evaluation's weights (gamelib.td; issue 14): alpha = 0 changes nothing, the input
is never changed, seeds repeat, TD(0) is TD(λ=0), the update is the textbook's on a game small enough
to check by hand, and learned tic-tac-toe weights beat zero weights against the exact values."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import ArgumentError, EvaluationError, GameError, GameTree, StateError, TooLargeError, WeightedSum
from gamelib.experiments import td_strength as xt
from gamelib.games import Connect4, Pig, TicTacToe
from gamelib.games import connect4 as c4
from gamelib.games import tictactoe as ttt
from gamelib.td import td_learn

ZERO = {"open_lines": 0, "threats": 0, "centre": 0}


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), lam=st.sampled_from([0.0, 0.5, 1.0]),
       weights=st.fixed_dictionaries({k: st.floats(-1, 1) for k in ZERO}))
def test_alpha_zero_changes_nothing(seed, lam, weights):
    start = ttt.evaluation(weights)
    learned, history = td_learn(TicTacToe(), start, iterations=3, alpha=0, lam=lam, seed=seed)
    assert learned.weights == {k: float(v) for k, v in weights.items()}
    assert all(e.weights == learned.weights for e in history)


def test_the_input_is_never_changed_and_the_result_is_the_same_class():
    start = c4.evaluation({"open_threes": 0, "open_twos": 0, "centre": 0})
    before = dict(start.weights)
    learned, history = td_learn(Connect4(), start, iterations=20, alpha=0.01, seed=0)
    assert start.weights == before
    assert type(learned) is type(start) and learned is not start
    assert learned.weights != before and len(history) == 20
    assert learned.weights == history[-1].weights


def test_seeded_runs_repeat_and_differ_by_seed():
    start = ttt.evaluation(ZERO)
    a = td_learn(TicTacToe(), start, iterations=30, alpha=0.05, seed=3)
    b = td_learn(TicTacToe(), start, iterations=30, alpha=0.05, seed=3)
    c = td_learn(TicTacToe(), start, iterations=30, alpha=0.05, seed=4)
    assert a.evaluation.weights == b.evaluation.weights and a.history == b.history
    assert c.evaluation.weights != a.evaluation.weights


def test_one_update_by_hand():
    """A one-move game: s0 -> a leaf worth 1 (MAX to move, only move).  f(s0) = 2, w = 0.5:
    δ = 1 - 0.5·2 = 0, so nothing changes; with w = 0: δ = 1, w <- 0 + 0.1·1·2 = 0.2."""
    tree = GameTree.from_nested([1])
    feats = {"two": lambda s: 2}
    for w0, w1 in ((0.5, 0.5), (0.0, 0.2)):
        learned, history = td_learn(tree, WeightedSum(feats, {"two": w0}), iterations=1, alpha=0.1, epsilon=0)
        assert learned.weights["two"] == pytest.approx(w1)
        assert history[0].utility == 1 and history[0].moves == 1


def test_lambda_carries_the_last_error_back_to_earlier_positions():
    """Two moves, s0 -> s1 -> leaf 1, f = 1 everywhere, w = 0: TD(0) moves w only at the last step
    (δ = 1 at s1: w = α); TD(1) also credits s0 through the trace (e = 2 then: w = 2α)."""
    tree = GameTree.from_nested([[1]])
    feats = {"one": lambda s: 1}
    td0 = td_learn(tree, WeightedSum(feats, {"one": 0}), iterations=1, alpha=0.1, lam=0, epsilon=0)
    td1 = td_learn(tree, WeightedSum(feats, {"one": 0}), iterations=1, alpha=0.1, lam=1, epsilon=0)
    assert td0.evaluation.weights["one"] == pytest.approx(0.1)
    assert td1.evaluation.weights["one"] == pytest.approx(0.2)


def test_learned_tictactoe_weights_choose_better_moves_than_zero_weights():
    start = ttt.evaluation(ZERO)
    learned, _ = td_learn(TicTacToe(), start, iterations=300, alpha=0.01, seed=0)
    zero, after = xt.tictactoe_agreement(start), xt.tictactoe_agreement(learned)
    assert after.optimal_moves > zero.optimal_moves + 0.05
    assert learned.weights["threats"] > 0




@pytest.mark.parametrize("kwargs, error, message", [
    ({"iterations": 0}, ArgumentError, "iterations"),
    ({"alpha": -0.1}, ArgumentError, "alpha must be a learning rate"),
    ({"alpha": float("nan")}, ArgumentError, "alpha"),
    ({"lam": 1.5}, ArgumentError, "lam must be a trace decay"),
    ({"epsilon": -0.1}, ArgumentError, "epsilon"),
    ({"seed": []}, ArgumentError, "seed"),
    ({"progress": 1}, ArgumentError, "progress"),
])
def test_bad_arguments(kwargs, error, message):
    args = {"iterations": 1, "alpha": 0.1, **kwargs}
    with pytest.raises(error, match=message):
        td_learn(TicTacToe(), ttt.evaluation(), **args)


@pytest.mark.parametrize("value", [None, "1", float("nan"), float("inf"), True])
def test_a_feature_that_returns_no_number_is_named(value):
    start = WeightedSum({"bad": lambda s: value}, {"bad": 0.0})
    with pytest.raises(EvaluationError, match="feature 'bad' returned"):
        td_learn(TicTacToe(), start, iterations=1, alpha=0.1)


def test_divergence_is_reported_and_the_input_kept():
    start = WeightedSum({"big": lambda s: 1e200}, {"big": 1.0})
    with pytest.raises(GameError, match="diverged.*smaller alpha"):
        td_learn(TicTacToe(), start, iterations=3, alpha=1e150)
    assert start.weights == {"big": 1.0}


def test_bad_features_game_and_state():
    with pytest.raises(ArgumentError, match="features must be a gamelib.WeightedSum"):
        td_learn(TicTacToe(), {"a": 1}, iterations=1, alpha=0.1)
    with pytest.raises(ArgumentError, match="game must be a game"):
        td_learn(object(), ttt.evaluation(), iterations=1, alpha=0.1)
    with pytest.raises(GameError, match="not over"):
        td_learn(TicTacToe(), ttt.evaluation(), iterations=1, alpha=0.1, state=TicTacToe("XXXOO....").initial_state)
    with pytest.raises(TooLargeError, match="max_moves"):
        td_learn(Pig(target=30), WeightedSum({"one": lambda s: 1}, {"one": 0}), iterations=1, alpha=0.1,
                 max_moves=2)


# -- bad input (issue 21) ---------------------------------------------------------------------------------

def test_an_alpha_that_makes_the_weights_blow_up_is_named():
    # alpha=1e300 used to end in an IndexError, although the divergence check exists for exactly this.
    with pytest.raises(GameError, match=r"TD learning diverged in game \d+: .*use a smaller alpha \(now 1e\+300\)"):
        td_learn(TicTacToe(), ttt.evaluation(ZERO), iterations=5, alpha=1e300)


def test_games_td_does_not_fit_and_bad_utilities_are_refused():
    from gamelib.games import Bins, Raid
    features = WeightedSum({"one": lambda s: 1}, {"one": 0})
    with pytest.raises(ArgumentError, match="td_learn is for two-player zero-sum games .* 'A', 'B', 'C'"):
        td_learn(Raid(), features, iterations=2, alpha=0.1)
    with pytest.raises(ArgumentError, match="td_learn is for zero-sum games"):
        td_learn(Bins(cooperative=True), features, iterations=2, alpha=0.1)

    class Nan(TicTacToe):
        def utility(self, state, player):
            return float("nan")
    with pytest.raises(EvaluationError, match="utility.* returned nan"):
        td_learn(Nan(), ttt.evaluation(ZERO), iterations=2, alpha=0.01)
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        td_learn(TicTacToe(), ttt.evaluation(ZERO), iterations=2, alpha=0.01, seed=float("nan"))
    with pytest.raises(StateError, match="td_learn needs a state where the game is not over"):
        td_learn(TicTacToe(), ttt.evaluation(ZERO), iterations=2, alpha=0.01,
                 state=TicTacToe("XXXOO....").initial_state)
