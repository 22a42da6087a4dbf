"""gamelib.imperfect.policy: policies as tables or functions of what the player sees, always fresh, checked
by name."""
import math

import pytest

from gamelib import MAX, MIN, ArgumentError, GameError, ProbabilityError, play
from gamelib.games import HidingGame, KuhnPoker
from gamelib.games.kuhn import equilibrium
from gamelib.imperfect import (
    InformationSetError,
    TabularPolicy,
    as_policy,
    best_response,
    expected_value,
    exploitability,
    uniform_policy,
)

from ..strategies import KEYS_MAX, KEYS_MIN

KUHN = KuhnPoker()


def test_policies_are_tables_and_functions_of_the_state_and_always_fresh():
    policy = TabularPolicy(KUHN, equilibrium(1 / 6))
    assert policy["Qb"] == pytest.approx({"pass": 2 / 3, "bet": 1 / 3})
    s = KUHN.result(KUHN.result(KUHN.initial_state, "KQ"), "bet")
    assert policy(s) == policy["Qb"]                          # MIN holds Q and faces a bet
    policy["Qb"]["bet"] = 1.0                                  # a copy: the policy does not change
    assert policy["Qb"]["bet"] == 1 / 3
    assert len(policy) == 12 and set(policy) == set(KEYS_MAX + KEYS_MIN)
    out = play(KUHN, {MAX: policy, MIN: policy}, seed=3)
    assert KUHN.is_terminal(out.states[-1])
    assert policy.restricted(MAX).players() == {MAX} and not policy.restricted(MAX).covers(MIN)


def test_bad_policies_get_clear_errors():
    table = equilibrium(0)
    with pytest.raises(ProbabilityError, match="'Qb' is not a distribution: its probabilities sum to 1.5"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": 1.0, "bet": 0.5}})
    with pytest.raises(ProbabilityError, match="probability nan"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": math.nan, "bet": 1.0}})
    with pytest.raises(ProbabilityError, match="-0.5"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": 1.5, "bet": -0.5}})
    with pytest.raises(InformationSetError, match="'Qbb' is not an information set"):
        TabularPolicy(KUHN, {**table, "Qbb": {"pass": 1.0}})
    with pytest.raises(GameError, match="'raise'.*not actions"):
        TabularPolicy(KUHN, {**table, "Qb": {"raise": 1.0}})
    partial = {k: v for k, v in table.items() if k != "Kpb"}
    with pytest.raises(InformationSetError, match="no distribution at MAX's information set 'Kpb'"):
        exploitability(KUHN, partial)
    with pytest.raises(GameError, match="not a function of the information set"):
        as_policy(KUHN, lambda s: {"bet": 1.0} if s.cards[1] == "K" else {"pass": 1.0})
    with pytest.raises(InformationSetError, match="no entry for information set 'Kpb'"):
        TabularPolicy(KUHN, partial)["Kpb"]


def test_a_policy_may_be_a_function_of_what_the_player_sees():
    always_bet = as_policy(KUHN, lambda s: {"bet": 1.0})
    assert all(d == {"pass": 0.0, "bet": 1.0} for d in always_bet.values())
    assert expected_value(KUHN, {MAX: always_bet, MIN: always_bet}) == 0     # showdown for 2, even


@pytest.mark.parametrize("table, error, named", [
    (None, ArgumentError, "table must be a dict .* got None"),
    ({"J": {"pass": -0.5, "bet": 1.5}}, ProbabilityError, "'J' gives 'pass' probability -0.5"),
    ({"J": {"pass": math.nan, "bet": 1}}, ProbabilityError, "'J' gives 'pass' probability nan"),
    ({"J": {"pass": True}}, ProbabilityError, "'J' gives 'pass' probability True"),
    ({"J": {"fold": 1}}, ArgumentError, r"'J' names \['fold'\], which are not actions"),
])
def test_policy_tables_are_checked_by_name(table, error, named):
    with pytest.raises(error, match=named):
        TabularPolicy(KUHN, table)


def test_policies_accept_numpy_probabilities_and_check_players_and_seats():
    import numpy as np
    assert TabularPolicy(KUHN, {"J": {"pass": np.float32(1)}})["J"] == {"pass": 1.0, "bet": 0.0}
    uni = uniform_policy(KUHN)
    with pytest.raises(ArgumentError, match="players must be one of the players .* got 'X'"):
        as_policy(KUHN, uni, players="X")
    with pytest.raises(ArgumentError, match="player must be MAX or MIN, got 'X'"):
        uni.restricted("X")
    with pytest.raises(ArgumentError, match="other must be a TabularPolicy of the same game"):
        uni.merged(uniform_policy(HidingGame()))
    with pytest.raises(InformationSetError, match=r"\[1\] is not a state of KuhnPoker\(\)'s tree"):
        uni([1])
    with pytest.raises(ArgumentError, match="player must be MAX or MIN, got 'X'"):
        best_response(KUHN, uni, "X")
