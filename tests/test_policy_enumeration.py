"""Enumerating policies (gamelib.players): CS221's propositions checked over every deterministic policy."""
import pytest

from gamelib import MAX, MIN, game_evaluation, minimax_policy, expectimax_policy, uniform
from gamelib.core import ArgumentError, TooLargeError
from gamelib.games import Bins, TicTacToe
from gamelib.players import deterministic_policies, player_states, random_policies


def test_bins_has_one_max_state_and_three_min_states():
    bins = Bins()
    assert len(player_states(bins, MAX)) == 1
    assert len(player_states(bins, MIN)) == 3


def test_counts_are_the_products_of_the_action_counts():
    bins = Bins()
    assert len(deterministic_policies(bins, MAX)) == 3
    assert len(deterministic_policies(bins, MIN)) == 2 ** 3


def test_every_deterministic_policy_is_distinct_and_deterministic():
    bins = Bins()
    states = player_states(bins, MIN)
    tables = {tuple(next(iter(p(s))) for s in states) for p in deterministic_policies(bins, MIN)}
    assert len(tables) == 8
    assert all(list(p(s).values()) == [1.0] for p in deterministic_policies(bins, MIN) for s in states)


def test_random_policies_are_seeded_distributions():
    bins = Bins()
    a = random_policies(bins, MIN, 5, seed=221)
    b = random_policies(bins, MIN, 5, seed=221)
    s = player_states(bins, MIN)[0]
    assert [p(s) for p in a] == [p(s) for p in b]
    assert all(abs(sum(p(s).values()) - 1) < 1e-12 for p in a)


def test_the_three_propositions_hold_over_enumerated_policies():
    bins = Bins()
    pi_max = minimax_policy(bins)
    pi_7 = uniform(bins)
    pi_e = expectimax_policy(bins, pi_7)

    def V(agent, opp):
        return game_evaluation(bins, max_policy=agent, min_policy=opp).value

    agents = deterministic_policies(bins, MAX) + random_policies(bins, MAX, 10, seed=1)
    opps = deterministic_policies(bins, MIN) + random_policies(bins, MIN, 10, seed=2)
    v_star = V(pi_max, pi_max)
    assert all(V(a, pi_max) <= v_star for a in agents)
    assert all(V(pi_max, o) >= v_star for o in opps)
    assert all(V(a, pi_7) <= V(pi_e, pi_7) + 1e-12 for a in agents)


def test_bad_input_is_refused():
    with pytest.raises(ArgumentError):
        player_states(Bins(), "CHANCE")
    with pytest.raises(ArgumentError):
        random_policies(Bins(), MAX, -1)
    with pytest.raises(TooLargeError):
        deterministic_policies(TicTacToe("XO.X.O..."), MAX, max_policies=10)
