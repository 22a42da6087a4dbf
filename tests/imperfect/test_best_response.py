"""gamelib.imperfect.best_response: best responses and exploitability, checked against every pure strategy
of Kuhn poker and its known equilibria."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN, ArgumentError, play
from gamelib.games import HidingGame, KuhnPoker
from gamelib.games.kuhn import equilibrium
from gamelib.imperfect import (
    InformationSetError,
    best_response,
    cfr,
    clairvoyance_policy,
    expected_value,
    exploitability,
    nash_conv,
    uniform_policy,
)

from ..strategies import KEYS_MAX, KEYS_MIN

KUHN = KuhnPoker()


@pytest.mark.parametrize("alpha", [0, 1 / 12, 1 / 6, 1 / 4, 1 / 3])
def test_kuhn_equilibria_are_worth_minus_one_eighteenth_and_unexploitable(alpha):
    eq = equilibrium(alpha)
    assert abs(expected_value(KUHN, eq) + 1 / 18) < 1e-12
    assert abs(exploitability(KUHN, eq)) < 1e-12
    br = best_response(KUHN, eq, MIN)
    assert abs(br.value - 1 / 18) < 1e-12 and abs(br.gain) < 1e-12


def test_uniform_random_kuhn_is_exploitable_by_eleven_twelfths_in_nash_conv():
    u = uniform_policy(KUHN)
    assert abs(nash_conv(KUHN, u) - 11 / 12) < 1e-12          # OpenSpiel's figure: 0.916666...
    assert abs(exploitability(KUHN, u) - 11 / 24) < 1e-12


def pure_strategies(player):
    keys = KEYS_MAX if player == MAX else KEYS_MIN
    for choice in itertools.product(("pass", "bet"), repeat=len(keys)):
        yield {k: {a: 1.0} for k, a in zip(keys, choice)}


distributions = st.floats(0, 1).map(lambda p: {"pass": 1 - p, "bet": p})


kuhn_policies = st.fixed_dictionaries({k: distributions for k in KEYS_MAX + KEYS_MIN})


@settings(max_examples=30)
@given(kuhn_policies, st.sampled_from([MAX, MIN]))
def test_best_response_is_the_best_of_all_64_pure_strategies(table, player):
    opp = MIN if player == MAX else MAX
    br = best_response(KUHN, table, player)
    sign = 1 if player == MAX else -1
    brute = max(sign * expected_value(KUHN, {player: pure, opp: table}) for pure in pure_strategies(player))
    assert abs(br.value - brute) < 1e-9
    assert abs(sign * expected_value(KUHN, {player: br.policy, opp: table}) - br.value) < 1e-9


def is_kuhn_equilibrium(table, tol=1e-9):
    """Kuhn's characterization: MAX's family with alpha in [0, 1/3], MIN's unique strategy."""
    alpha = table["J"]["bet"]
    if alpha > 1 / 3 + tol:
        return False
    expected = equilibrium(min(alpha, 1 / 3))
    for k in KEYS_MAX + KEYS_MIN:
        if k == "Kpb" and abs(alpha - 1 / 3) < tol:       # never reached by MAX's own strategy then
            continue
        if abs(table[k]["bet"] - expected[k]["bet"]) > tol:
            return False
    return True


@settings(max_examples=60)
@given(st.one_of(kuhn_policies,
                 st.floats(0, 1 / 3).map(equilibrium),
                 st.tuples(st.floats(0, 1 / 3), st.sampled_from(KEYS_MAX + KEYS_MIN), st.floats(0, 1))
                 .map(lambda t: {**equilibrium(t[0]), t[1]: {"pass": 1 - t[2], "bet": t[2]}})))
def test_exploitability_is_never_negative_and_zero_only_at_an_equilibrium(table):
    e = exploitability(KUHN, table)
    assert e >= -1e-12
    if is_kuhn_equilibrium(table):
        assert e < 1e-9
    if e < 1e-12:                                   # unexploitable: then it is one of Kuhn's equilibria
        assert is_kuhn_equilibrium(table, tol=1e-4)


def test_best_responses_play_and_policies_may_be_given_per_seat():
    c = clairvoyance_policy(KUHN)
    br = best_response(KUHN, c, MIN)
    assert abs(expected_value(KUHN, {MAX: c, MIN: br}) + 1 / 6) < 1e-12
    out = play(KUHN, {MAX: c, MIN: br}, seed=4)
    assert KUHN.is_terminal(out.states[-1])
    mixed = {MAX: c, MIN: equilibrium(0)}
    assert abs(exploitability(KUHN, mixed) - (best_response(KUHN, mixed, MIN).gain
                                              + best_response(KUHN, mixed, MAX).gain) / 2) < 1e-12
    with pytest.raises(InformationSetError, match="needs both seats"):
        exploitability(KUHN, {MAX: c})


class _Selfish(HidingGame):
    """The hiding game, but both players get MAX's payoff: not zero-sum."""

    def utility(self, state, player):
        return super().utility(state, MAX)


@pytest.mark.parametrize("call", [lambda g: best_response(g, uniform_policy(g), MAX),
                                  lambda g: exploitability(g, uniform_policy(g)), lambda g: cfr(g, 5),
                                  lambda g: clairvoyance_policy(g)])
def test_tools_of_zero_sum_games_refuse_a_game_that_is_not(call):
    # best_response used to return a value that assumed MIN's payoff is minus MAX's.
    with pytest.raises(ArgumentError, match=r"for zero-sum games .* MAX's utility .* is .* and MIN's"):
        call(_Selfish())
    assert expected_value(_Selfish(), uniform_policy(_Selfish())) == pytest.approx(0.25)   # MAX's: fine
