"""Monte Carlo simulation as an evaluation function (AIMA 4th ed. §5.5; Zell's slides): estimates agree with
exactly computed values within their standard errors, errors shrink like 1/sqrt(n), seeds reproduce."""
import math
import random

import pytest

from gamelib import (MAX, MIN, GameError, GameTree, chance, expectiminimax, game_evaluation,
                     minimax_policy, uniform)
from gamelib.games import Bins
from gamelib.montecarlo import (Estimate, monte_carlo_evaluation, monte_carlo_value, playout,
                                state_seed)
from gamelib.experiments.chance_trees import random_chance_tree
from gamelib.star import star1
import gamelib
from gamelib import ArgumentError, StateError, TooLargeError
from .bad_input import Loop, TTT, case, check_bad_input

COIN_TREE = [chance((0.3, [4, 0]), (0.7, [1, 3])), chance((0.5, [5, -2]), (0.5, [2, 2]))]


def exact(game, state=None, policy=None):
    """V_eval of the same policies (CS221; gamelib.game_evaluation): what the playouts estimate."""
    policy = policy or {}
    return game_evaluation(game, state, max_policy=policy.get(MAX) or uniform(game),
                           min_policy=policy.get(MIN) or uniform(game)).value


@pytest.mark.parametrize("seed", range(5))
def test_bins_with_the_coin_within_four_standard_errors(seed):
    game = Bins(coin=True)
    est = monte_carlo_value(game, game.initial_state, iterations=3000, seed=seed)
    assert isinstance(est, Estimate)
    assert abs(est.value - exact(game)) <= 4 * est.standard_error
    assert exact(game) == pytest.approx(7 / 3)


def test_fixed_policies_are_followed():
    game = Bins(coin=True)
    policy = {MAX: lambda s: {"B": 1.0}}          # MAX always picks bin B; MIN plays at random
    est = monte_carlo_value(game, None, iterations=2000, policy=policy, seed=3)
    assert abs(est.value - exact(game, policy=policy)) <= 4 * est.standard_error
    assert exact(game, policy=policy) == pytest.approx((0 + 2) / 2)   # heads: bin A (0), tails: B (2)
    # Both players optimal: the estimate approaches the expectiminimax value.
    optimal = minimax_policy(GameTree.from_nested(COIN_TREE), search=expectiminimax)
    tree = GameTree.from_nested(COIN_TREE)
    est = monte_carlo_value(tree, "A", iterations=2000, policy={MAX: optimal, MIN: optimal}, seed=4)
    assert abs(est.value - expectiminimax(tree).value) <= 4 * est.standard_error


def test_random_chance_trees_within_four_standard_errors():
    """30 fixed trees and seeds (deterministic: this test cannot flake)."""
    misses = 0
    for s in range(30):
        tree = random_chance_tree(3, 2, 2, seed=s, probabilities="random")
        est = monte_carlo_value(tree, "A", iterations=1500, seed=s)
        misses += abs(est.value - exact(tree)) > 4 * est.standard_error
        assert est.standard_error > 0
    assert misses == 0


def test_standard_error_shrinks_like_one_over_sqrt_n():
    game = Bins(coin=True)
    small = [monte_carlo_value(game, None, iterations=250, seed=s).standard_error for s in range(8)]
    large = [monte_carlo_value(game, None, iterations=4000, seed=s).standard_error for s in range(8)]
    ratio = (sum(small) / len(small)) / (sum(large) / len(large))
    assert ratio == pytest.approx(math.sqrt(4000 / 250), rel=0.1)   # 16x the playouts, 1/4 the error


def test_seeds_reproduce():
    game = Bins(coin=True)
    one = monte_carlo_value(game, None, iterations=200, seed=7)
    assert monte_carlo_value(game, None, iterations=200, seed=7) == one
    assert monte_carlo_value(game, None, iterations=200, seed=8) != one
    rng_a, rng_b = random.Random(1), random.Random(1)
    pol = {MAX: uniform(game), MIN: uniform(game)}
    assert [playout(game, game.initial_state, pol, rng_a) for _ in range(20)] == \
        [playout(game, game.initial_state, pol, rng_b) for _ in range(20)]


def test_terminal_states_are_exact():
    tree = GameTree.from_nested(COIN_TREE)
    leaf = tree.leaves[0]
    assert monte_carlo_value(tree, leaf, iterations=10) == (tree.leaf_values[leaf], 0.0)
    assert monte_carlo_evaluation(tree, 10)(leaf) == tree.leaf_values[leaf]


def test_the_evaluation_is_deterministic_per_state():
    game = Bins(coin=True)
    evaluate = monte_carlo_evaluation(game, iterations=100, seed=0)
    states = [game.result(game.initial_state, a) for a in "ABC"]
    first = [evaluate(s) for s in states]
    assert [evaluate(s) for s in reversed(states)] == first[::-1]   # any order, same numbers
    again = monte_carlo_evaluation(game, iterations=100, seed=0)
    assert [again(s) for s in states] == first
    other = monte_carlo_evaluation(game, iterations=100, seed=1)
    assert [other(s) for s in states] != first
    # The evaluation of s is monte_carlo_value(s) seeded with state_seed(seed, s).
    assert first[0] == monte_carlo_value(game, states[0], iterations=100, seed=state_seed(0, states[0])).value
    assert state_seed(0, states[0]) == state_seed(0, states[0]) != state_seed(1, states[0])


def test_depth_limited_searches_with_a_monte_carlo_evaluation():
    game = Bins(coin=True)
    evaluate = monte_carlo_evaluation(game, iterations=300, seed=0)
    first = expectiminimax(game, depth=1, evaluate=evaluate)
    assert expectiminimax(game, depth=1, evaluate=evaluate) == first   # reproducible
    # The estimates are means of utilities, so they respect the utility bounds: Star1 can use them,
    # and being the same function of the state, it returns the same value and move.
    starred = star1(game, lower=-50, upper=50, depth=1, evaluate=evaluate)
    assert starred.value == pytest.approx(first.value, abs=1e-9) and starred.action == first.action
    # Each coin state's estimate is near its exact value under uniform play.
    for a in "ABC":
        s = game.result(game.initial_state, a)
        est = monte_carlo_value(game, s, iterations=300, seed=state_seed(0, s))
        assert evaluate(s) == est.value
        assert abs(est.value - exact(game, s)) <= 4 * est.standard_error


def test_bad_arguments_are_named():
    game = Bins(coin=True)
    with pytest.raises(GameError, match=r"iterations \(the number of playouts\) must be a whole number >= 2"):
        monte_carlo_value(game, None, iterations=1)
    with pytest.raises(GameError, match=r"iterations \(the number of playouts\) must be a whole number >= 1, got 0"):
        monte_carlo_evaluation(game, 0)
    with pytest.raises(GameError, match="policy must be a dict"):
        monte_carlo_value(game, None, iterations=10, policy=uniform(game))
    with pytest.raises(GameError, match=r"policy has entries for \['CHANCE'\]"):
        monte_carlo_value(game, None, iterations=10, policy={"CHANCE": uniform(game)})


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: gamelib.montecarlo.playout(5, 0, {}, None), ArgumentError, "game", id="playout(5)"),
    case(lambda: monte_carlo_value(Bins(), iterations=1), ArgumentError, "iterations",
         id="monte_carlo_value iterations=1"),
    case(lambda: monte_carlo_value(Bins(), iterations=2.5), ArgumentError, "iterations",
         id="monte_carlo_value iterations=2.5"),
    case(lambda: monte_carlo_value(Bins(), iterations=10**12), TooLargeError, "max_iterations",
         id="monte_carlo_value iterations=1e12"),
    case(lambda: monte_carlo_value(Bins(), iterations=10, policy={MAX: 5}), ArgumentError, "policy",
         id="monte_carlo_value policy 5"),
    case(lambda: monte_carlo_value(Bins(), iterations=10, seed=[1]), ArgumentError, "seed",
         id="monte_carlo_value seed=[1]"),
    case(lambda: monte_carlo_value(Bins(), "choose", iterations=10), StateError, "BinsState",
         id="monte_carlo_value bad state"),
    case(lambda: monte_carlo_value(Bins(), iterations=10, progress="yes"), ArgumentError, "progress",
         id="monte_carlo_value progress='yes'"),
    case(lambda: monte_carlo_value(Loop(), iterations=2), TooLargeError, "max_moves", id="playout that never ends"),
    case(lambda: monte_carlo_evaluation(5, 10), ArgumentError, "game", id="monte_carlo_evaluation(5)"),
    case(lambda: monte_carlo_evaluation(Bins(), 0), ArgumentError, "iterations",
         id="monte_carlo_evaluation iterations=0"),
    case(lambda: monte_carlo_value(TTT, iterations=5, seed=1.5), ArgumentError, "seed", "1.5",
         id="monte_carlo_value seed=1.5"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
