"""Searches: exact values and visit orders from the notes, traces, conventions, policies and play."""
import pytest

import gamelib
from gamelib import (MAX, MIN, GameTree, ProbabilityError, alphabeta, chance, expectiminimax,
                     game_evaluation, minimax, play, uniform)
from gamelib.games import Bins, Halving, TicTacToe
from gamelib.players import deterministic, expectimax_policy, minimax_policy

from .conftest import FIG_5_2


def closing_events_are_balanced(trace):
    """Every 'enter' is closed by exactly one leaf/prune/exit of the same state, depth first."""
    stack = []
    for e in trace:
        if e.kind == "enter":
            stack.append(e.state)
        else:
            assert stack and stack.pop() == e.state, e
    return not stack


# --- minimax -------------------------------------------------------------------------------------
def test_fig_5_2_minimax():
    tree = GameTree.from_nested(FIG_5_2)
    result = minimax(tree, trace=True)
    assert (result.value, result.action, result.nodes) == (3, "a1", 13)
    assert result.visited == list("ABEFGCHIJDKLM")  # depth first, children in ACTIONS order
    assert closing_events_are_balanced(result.trace)


def test_seed_001_step_by_step_values():
    # Seed 001: D=max(-1,4)=4, E=max(2,6)=6, F=max(-3,-5)=-3, G=max(0,7)=7, B=min(4,6)=4, C=-3, A=4.
    tree = GameTree.from_nested([[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]])
    result = minimax(tree, trace=True)
    exits = {e.state: e.value for e in result.trace if e.kind == "exit"}
    assert exits == {"D": 4, "E": 6, "F": -3, "G": 7, "B": 4, "C": -3, "A": 4}
    assert result.action == "a1"


def test_search_from_a_given_state_and_min_to_move():
    tree = GameTree.from_nested(FIG_5_2)
    assert minimax(tree, "C")[:2] == (2, "c1")  # MIN picks its smallest child
    assert alphabeta(tree, "D")[:2] == (2, "d3")


def test_trace_is_off_by_default():
    result = minimax(GameTree.from_nested(FIG_5_2))
    assert result.trace is None
    with pytest.raises(ValueError, match="trace=True"):
        result.visited


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


# --- chance and policies -------------------------------------------------------------------------
def test_expectiminimax_weights_by_probability_not_by_count():
    # AIMA's order-preserving transformation example (seed 002): .9/.1 chance nodes.
    small = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    large = GameTree.from_nested([chance((0.9, 20), (0.1, 30)), chance((0.9, 1), (0.1, 400))])
    assert expectiminimax(small).value == pytest.approx(2.1) and expectiminimax(small).action == "a1"
    assert expectiminimax(large).value == pytest.approx(40.9) and expectiminimax(large).action == "a2"


def test_face_off_table_from_cs221():
    game = Bins()
    pi_max, pi_min = minimax_policy(game), minimax_policy(game)
    pi_7 = uniform(game)
    pi_exp = expectimax_policy(game, pi_7)

    def V(agent, opp):
        return game_evaluation(game, max_policy=agent, min_policy=opp).value

    assert V(pi_max, pi_min) == 1
    assert V(pi_max, pi_7) == 2
    assert V(pi_exp, pi_min) == -5
    assert V(pi_exp, pi_7) == 5
    assert game_evaluation(game, max_policy=pi_max, min_policy=pi_7).action is None


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


def test_proven_ranges_match_the_notes_walk_through():
    # Seed 004's end state for Fig. 5.2: A [3, 3], B [3, 3], C (−∞, 2], D [2, 2].
    from gamelib.trace import proven_ranges
    inf = float("inf")
    tree = GameTree.from_nested(FIG_5_2)
    ranges = proven_ranges(alphabeta(tree, trace=True).trace, tree.to_move)
    assert {s: ranges[s] for s in "ABCD"} == {"A": (3, 3), "B": (3, 3), "C": (-inf, 2), "D": (2, 2)}
    mirror = GameTree.from_nested([[[6, 5], [8, 7]], [[2, 1], [3, 4]]])
    ranges = proven_ranges(alphabeta(mirror, trace=True).trace, mirror.to_move)
    assert ranges["E"] == (8, inf) and ranges["F"] == (2, 2) and ranges["C"] == (-inf, 2)
