"""gamelib.imperfect.cfr: regret matching and counterfactual regret minimization, converging on Kuhn poker
to the known equilibrium and solving the road and hiding games."""
import math

import pytest

from gamelib import ArgumentError, GameError
from gamelib.games import HidingGame, KuhnPoker, RoadGame
from gamelib.imperfect import CFR, cfr, expected_value, exploitability, exploitability_curve, regret_matching

KUHN = KuhnPoker()


# -- information sets ----------------------------------------------------------------------------------


# -- policies ------------------------------------------------------------------------------------------


# -- exact values --------------------------------------------------------------------------------------


# -- CFR -----------------------------------------------------------------------------------------------

def test_regret_matching():
    assert regret_matching([2.0, -1.0, 2.0]) == [0.5, 0.0, 0.5]
    assert regret_matching([-1.0, 0.0]) == [0.5, 0.5]


def test_cfr_converges_on_kuhn_to_the_known_equilibrium():
    policy = cfr(KUHN, 2000)
    assert exploitability(KUHN, policy) < 1e-3
    assert abs(expected_value(KUHN, policy) + 1 / 18) < 2e-3
    alpha = policy["J"]["bet"]
    assert -1e-3 <= alpha <= 1 / 3 + 1e-3                  # the bluff, with alpha in [0, 1/3]
    assert abs(policy["K"]["bet"] - 3 * alpha) < 0.02      # the King bets three times as often
    assert abs(policy["Qb"]["bet"] - 1 / 3) < 0.02 and policy["Jb"]["bet"] < 0.01


def test_cfr_exploitability_falls_with_iterations_both_ways():
    for alternating in (True, False):
        curve = exploitability_curve(KUHN, [10, 100, 1000], alternating=alternating)
        values = [p.exploitability for p in curve]
        assert values == sorted(values, reverse=True) and values[-1] < values[0] / 5


def test_cfr_returns_fresh_policies_never_its_tables():
    solver = CFR(KUHN)
    early = solver.run(5).average_policy()
    snapshot = early.table()
    solver.run(200)
    assert early.table() == snapshot                       # OpenSpiel's aliasing trap, avoided
    assert solver.average_policy() is not solver.average_policy()
    assert solver.iterations == 205 and "205" in repr(solver)
    with pytest.raises(GameError, match="whole number"):
        solver.run(-1)


def test_cfr_solves_the_hiding_and_road_games():
    hide = HidingGame()
    eq = cfr(hide, 3000)
    assert abs(expected_value(hide, eq) - 0.25) < 5e-3 and exploitability(hide, eq) < 5e-3
    assert abs(eq["treasure north"]["north"] - 0.5) < 0.02      # the march tells MIN nothing
    road = RoadGame(ask_cost=0.1)
    assert abs(expected_value(road, cfr(road, 3000)) - 1.9) < 0.01  # ask the way, then take road B


# -- averaging over clairvoyance -----------------------------------------------------------------------


# -- bad input (issue 21) ---------------------------------------------------------------------------------


@pytest.mark.parametrize("regrets", [[], None, "ab", [1, "x"], [math.nan, 1], [math.inf, 1], [True]])
def test_regret_matching_wants_finite_regrets(regrets):
    with pytest.raises(ArgumentError, match="regrets must be a non-empty list of finite numbers"):
        regret_matching(regrets)            # [] used to raise ZeroDivisionError, NaN to count as 0


def test_cfr_and_its_curve_check_their_arguments():
    with pytest.raises(ArgumentError, match="alternating must be True or False, got 'no'"):
        CFR(KUHN, alternating="no")
    with pytest.raises(ArgumentError, match="iterations must be a whole number .* got 2.5"):
        CFR(KUHN).run(2.5)
    with pytest.raises(ArgumentError, match=r"checkpoints must be .* in increasing order, got \[10, 5\]"):
        exploitability_curve(KUHN, [10, 5])
    assert CFR(KUHN, alternating=np_false()).alternating is False


def np_false():
    import numpy as np
    return np.bool_(False)
