"""gamelib.imperfect.clairvoyance: averaging over clairvoyance on Kuhn poker, the road and hiding games,
exact and by Monte Carlo."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN, ArgumentError, GameError
from gamelib.games import HidingGame, KuhnPoker, RoadGame
from gamelib.games.kuhn import equilibrium
from gamelib.imperfect import best_response, clairvoyance_policy, expected_value, exploitability

KUHN = KuhnPoker()


def test_clairvoyance_on_kuhn_never_bets_or_calls_with_the_jack():
    c = clairvoyance_policy(KUHN)
    for key in ("J", "Jp", "Jb", "Jpb"):
        assert c[key] == {"pass": 1.0, "bet": 0.0}
    assert c["Qb"]["bet"] == 1.0 and c["Qpb"]["bet"] == 1.0       # and always calls with the Queen
    assert c.estimates["J"]["pass"].mean == -1 and c.estimates["J"]["bet"].mean == -2
    assert c.estimates["Qb"]["bet"].mean == 0 and c.estimates["Qb"]["pass"].mean == -1


@pytest.mark.parametrize("tie", ["first", "last", "uniform"])
def test_clairvoyance_tie_breaking_changes_the_strategy_but_not_its_exploitability(tie):
    c = clairvoyance_policy(KUHN, tie=tie)
    king = {"first": 0.0, "last": 1.0, "uniform": 0.5}[tie]
    assert c["K"]["bet"] == king and c["Kp"]["bet"] == king       # the King's tie: bet or check
    assert abs(exploitability(KUHN, c) - 1 / 6) < 1e-12
    # As MAX against the equilibrium it loses nothing: every action it takes is in the support.
    assert abs(expected_value(KUHN, {MAX: c, MIN: equilibrium(0)}) + 1 / 18) < 1e-12


def test_clairvoyance_as_min_against_the_equilibrium_depends_on_the_tie_rule():
    first, last = clairvoyance_policy(KUHN, tie="first"), clairvoyance_policy(KUHN, tie="last")
    for alpha in (0, 1 / 6, 1 / 3):
        eq = equilibrium(alpha)
        assert abs(expected_value(KUHN, {MAX: eq, MIN: first}) - alpha / 6) < 1e-12   # slow-plays the King
        assert abs(expected_value(KUHN, {MAX: eq, MIN: last}) + 1 / 18) < 1e-12


@settings(max_examples=25)
@given(st.integers(0, 10**6), st.sampled_from([50, 200, 800]))
def test_monte_carlo_clairvoyance_converges_to_the_exact_one_within_its_standard_error(seed, n):
    exact = clairvoyance_policy(KUHN).estimates
    mc = clairvoyance_policy(KUHN, samples=n, seed=seed).estimates
    for key, actions in exact.items():
        for a, e in actions.items():
            m = mc[key][a]
            assert m.samples == n and e.samples is None and e.stderr == 0
            assert abs(m.mean - e.mean) <= 5 * m.stderr + 1e-12


def test_monte_carlo_error_shrinks_like_one_over_root_n():
    errs = {n: clairvoyance_policy(KUHN, samples=n, seed=1).estimates["Q"]["pass"].stderr
            for n in (100, 10_000)}
    assert 5 < errs[100] / errs[10_000] < 20


def test_clairvoyance_goes_wrong_on_the_road_game():
    road = RoadGame()
    c = clairvoyance_policy(road)
    assert c["start"] == {"A": 0.0, "B": 1.0}
    assert c.estimates["start"]["B"].mean == 2                 # rated at the big heap's value ...
    assert expected_value(road, c) == -4                       # ... worth a coin toss with the bus
    asking = RoadGame(ask_cost=0.1)
    c = clairvoyance_policy(asking)
    assert c["start"]["ask"] == 0.0 and abs(c.estimates["start"]["ask"].mean - 1.9) < 1e-12
    assert expected_value(asking, c) == -4                      # never asks: 1.9 was there to take


def test_clairvoyance_gives_the_secret_away_in_the_hiding_game():
    hide = HidingGame()
    c = clairvoyance_policy(hide)
    assert c["treasure north"]["north"] == 1.0 and c["treasure south"]["south"] == 1.0
    assert best_response(hide, c, MIN).value == 0.5            # MIN reads the march: MAX gets -0.5


def test_clairvoyance_rejects_bad_arguments():
    with pytest.raises(GameError, match="tie"):
        clairvoyance_policy(KUHN, tie="random")
    with pytest.raises(GameError, match="samples"):
        clairvoyance_policy(KUHN, samples=1)


def test_clairvoyance_checks_samples_seed_tie_and_players():
    with pytest.raises(ArgumentError, match="samples must be a whole number .*>= 2.* got 1"):
        clairvoyance_policy(KUHN, samples=1)
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        clairvoyance_policy(KUHN, samples=4, seed=math.nan)
    with pytest.raises(ArgumentError, match=r"tie must be one of \['first', 'last', 'uniform'\], got 'random'"):
        clairvoyance_policy(KUHN, tie="random")
    with pytest.raises(ArgumentError, match="players must be one of the players .* got 'X'"):
        clairvoyance_policy(KUHN, players="X")
    assert len(clairvoyance_policy(KUHN, players=MAX)) == 6
