"""Enumerating policies (gamelib.players): CS221's propositions checked over every deterministic policy."""
import pytest

import gamelib
from gamelib import (
    MAX,
    MIN,
    GameError,
    ProbabilityError,
    StateError,
    alphabeta,
    expectimax_policy,
    game_evaluation,
    minimax,
    minimax_policy,
    play,
    uniform,
)
from gamelib.core import ArgumentError, TooLargeError
from gamelib.games import Bins, Halving, TicTacToe
from gamelib.players import deterministic, deterministic_policies, player_states, random_policies

from .bad_input import FIG52, TTT, Loop, case, check_bad_input, nan


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


def test_bad_policy_probabilities_are_named():
    game = Bins()
    half = lambda s: {a: 0.4 for a in game.actions(s)}  # noqa: E731
    with pytest.raises(ProbabilityError, match=r"policy at .*sum to 0.8, not 1"):
        game_evaluation(game, max_policy=uniform(game), min_policy=half)
    negative = lambda s: {"A": 1.5, "B": -0.5}  # noqa: E731
    with pytest.raises(ProbabilityError, match="'B' is -0.5"):
        play(game, {MAX: negative, MIN: uniform(game)})


def test_play_is_reproducible_and_optimal_play_draws():
    game = TicTacToe()
    agent = minimax_policy(game, search=alphabeta)
    out = play(game, {MAX: agent, MIN: agent}, seed=1)
    assert out.utility == 0 and len(out.actions) == 9
    rand = uniform(game)
    games = [play(game, {MAX: rand, MIN: rand}, seed=s).actions for s in range(3)]
    assert games == [play(game, {MAX: rand, MIN: rand}, seed=s).actions for s in range(3)]
    with pytest.raises(gamelib.GameError, match="no policy for MIN"):
        play(game, {MAX: rand})


def test_halving_minimax_policies_play_to_the_minimax_value():
    game = Halving(15)
    pi = minimax_policy(game)
    assert play(game, {MAX: pi, MIN: pi}).utility == minimax(game).value
    assert deterministic(lambda s: "-")(game.initial_state) == {"-": 1.0}


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: uniform(5), ArgumentError, "game", id="uniform(5)"),
    case(lambda: uniform(FIG52)("E"), GameError, "no legal action", id="uniform policy at a leaf"),
    case(lambda: minimax_policy(FIG52, search=5), ArgumentError, "search", id="minimax_policy search=5"),
    case(lambda: minimax_policy(FIG52)("E"), GameError, "no move", id="minimax_policy at a leaf"),
    case(lambda: gamelib.expectimax_policy(Bins(), opponent_policy=None), ArgumentError, "opponent_policy",
         id="expectimax_policy opponent_policy=None"),
    case(lambda: play(5, {}), ArgumentError, "game", id="play(5)"),
    case(lambda: play(FIG52, 5), ArgumentError, "policies", id="play policies=5"),
    case(lambda: play(FIG52, {"X": uniform(FIG52)}), ArgumentError, "'X'", id="play policy for 'X'"),
    case(lambda: play(FIG52, {MAX: 5, MIN: 5}), ArgumentError, "policies", id="play policy 5"),
    case(lambda: play(FIG52, {MAX: uniform(FIG52)}), GameError, "no policy for MIN", id="play without MIN"),
    case(lambda: play(FIG52, {MAX: lambda s: ["a1"], MIN: uniform(FIG52)}), ProbabilityError, "not a dict",
         id="play policy returns a list"),
    case(lambda: play(FIG52, {MAX: uniform(FIG52), MIN: uniform(FIG52)}, seed=[1]), ArgumentError, "seed",
         id="play seed=[1]"),
    case(lambda: play(FIG52, {MAX: uniform(FIG52), MIN: uniform(FIG52)}, "ZZ"), StateError, "'ZZ'",
         id="play bad state"),
    case(lambda: play(Loop(), {MAX: uniform(Loop()), MIN: uniform(Loop())}, max_moves=100), TooLargeError,
         "max_moves", id="play a game that never ends"),
    case(lambda: play(FIG52, {MAX: uniform(FIG52), MIN: uniform(FIG52)}, max_moves=0), ArgumentError,
         "max_moves", id="play max_moves=0"),
    case(lambda: play(TTT, {MAX: uniform(TTT), MIN: uniform(TTT)}, seed=nan), ArgumentError, "seed", "nan",
         id="play seed=nan"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
