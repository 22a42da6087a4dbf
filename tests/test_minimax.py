"""Searches: exact values and visit orders from the notes, traces, conventions, policies and play."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelib
from gamelib import (
    ArgumentError,
    EvaluationError,
    GameError,
    GameTree,
    ProbabilityError,
    SearchDepthError,
    StateError,
    TooLargeError,
    alphabeta,
    chance,
    expectimax,
    expectiminimax,
    game_evaluation,
    iterative_deepening,
    minimax,
    uniform,
)
from gamelib.games import Bins, Connect4, Halving, TicTacToe
from gamelib.games import pig as pigmod
from gamelib.players import expectimax_policy, minimax_policy
from gamelib.trees import ChanceSpec

from .bad_input import (
    FIG52,
    PIG10,
    TTT,
    ZERO,
    DeclaredLoop,
    Loop,
    case,
    check_bad_input,
    correct,
    inf,
    nan,
    nested,
    raised_clearly,
)
from .strategies import FIG_5_2, chance_specs, closing_events_are_balanced, nested_specs


# --- minimax -------------------------------------------------------------------------------------
def test_fig_5_2_minimax():
    tree = GameTree.from_nested(FIG_5_2)
    result = minimax(tree, trace=True)
    assert (result.value, result.action, result.nodes) == (3, "a1", 13)
    assert result.visited == list("ABEFGCHIJDKLM")  # depth first, children in ACTIONS order
    assert closing_events_are_balanced(result.trace)


def test_the_walk_through_step_by_step_values():
    # The minimax/alpha-beta walk-through: D=max(-1,4)=4, E=max(2,6)=6, F=max(-3,-5)=-3, G=max(0,7)=7,
    # B=min(4,6)=4, C=-3, A=4.
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


# --- chance and policies -------------------------------------------------------------------------
def test_expectiminimax_weights_by_probability_not_by_count():
    # AIMA's order-preserving transformation example (Zell's slides): .9/.1 chance nodes.
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


@given(nested_specs(), st.booleans())
def test_traces_are_consistent_with_node_counts(spec, on_equality):
    tree = GameTree.from_nested(spec)
    for result in (minimax(tree, trace=True), alphabeta(tree, trace=True, prune_on_equality=on_equality)):
        enters = [e for e in result.trace if e.kind == "enter"]
        assert len(enters) == result.nodes == len(set(result.visited))
        closes = [e for e in result.trace if e.kind != "enter"]
        assert len(closes) == len(enters)
        assert result.trace[-1].state == "A" and result.trace[-1].value == result.value
        # Leaves are exactly the terminal states visited; skipped actions are never entered.
        assert {e.state for e in result.trace if e.kind == "leaf"} == \
            {s for s in result.visited if tree.is_terminal(s)}
        for e in result.trace:
            if e.kind == "prune":
                assert e.skipped and not {tree.result(e.state, a) for a in e.skipped} & set(result.visited)
    assert minimax(tree).nodes == len(tree)


@given(nested_specs())
def test_tracing_does_not_change_the_search(spec):
    tree = GameTree.from_nested(spec)
    for search in (minimax, alphabeta):
        assert search(tree)[:3] == search(tree, trace=True)[:3]


def reference_value(spec, maximizing=True):
    """An oracle straight from the recurrence (AIMA §5.5), on the nested spec itself."""
    if isinstance(spec, ChanceSpec):
        return sum(p * reference_value(sub, maximizing) for p, sub in spec.branches)
    if isinstance(spec, list):
        values = [reference_value(sub, not maximizing) for sub in spec]
        return max(values) if maximizing else min(values)
    return spec


@given(chance_specs())
def test_expectiminimax_matches_the_recurrence(spec):
    tree = GameTree.from_nested(spec)
    assert abs(expectiminimax(tree).value - reference_value(spec)) < 1e-9


@given(nested_specs())
def test_expectiminimax_without_chance_is_minimax(spec):
    tree = GameTree.from_nested(spec)
    assert expectiminimax(tree)[:3] == minimax(tree)[:3]


GUESS = {"B": 1, "C": 5, "D": 2}  # an evaluation function that misjudges Fig. 5.2's MIN nodes


def test_depth_one_trusts_the_evaluation():
    tree = GameTree.from_nested(FIG_5_2)
    for search in (minimax, alphabeta):
        result = search(tree, depth=1, evaluate=GUESS.get, trace=True)
        assert (result.value, result.action, result.nodes) == (5, "a2", 4)
        assert [(e.state, e.value) for e in result.trace if e.kind == "leaf"] == [("B", 1), ("C", 5), ("D", 2)]
    assert minimax(tree, depth=2, evaluate=GUESS.get)[:2] == (3, "a1")  # deep enough: the truth


def test_depth_zero_evaluates_the_root_and_terminals_keep_their_utility():
    tree = GameTree.from_nested(FIG_5_2)
    assert minimax(tree, depth=0, evaluate=lambda s: 42)[:3] == (42, None, 1)
    leafy = GameTree.from_nested([1, [2, 3]])
    assert minimax(leafy, depth=1, evaluate=lambda s: 100).value == 100  # B is cut off, A's leaf is 1
    assert minimax(leafy, depth=1, evaluate=lambda s: -100).value == 1   # the terminal keeps utility 1


def test_a_custom_cutoff_test_replaces_the_depth_rule():
    tree = GameTree.from_nested(FIG_5_2)
    only_c = minimax(tree, cutoff=lambda s, d: s == "C", evaluate=lambda s: 10)
    assert only_c[:2] == (10, "a2")


def test_bad_cutoff_arguments_are_named():
    tree = GameTree.from_nested(FIG_5_2)
    with pytest.raises(GameError, match="needs evaluate="):
        minimax(tree, depth=1)
    with pytest.raises(GameError, match="depth must be a whole number of plies >= 0, got -1"):
        alphabeta(tree, depth=-1, evaluate=GUESS.get)
    with pytest.raises(GameError, match="got 1.5"):
        minimax(tree, depth=1.5, evaluate=GUESS.get)


def test_tictactoe_depth_limited():
    # With a zero evaluation, two plies see no win for anyone from the empty board.
    assert minimax(TicTacToe(), depth=2, evaluate=lambda s: 0)[:3] == (0, (0, 0), 1 + 9 + 72)
    # One ply is enough to see an immediate win.
    assert alphabeta(TicTacToe("XX.OO...."), depth=1, evaluate=lambda s: 0)[:2] == (1, (0, 2))


def test_minimax_refuses_chance_states():
    with pytest.raises(gamelib.GameError, match="use expectiminimax"):
        minimax(Bins(coin=True))


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "evaluate", "nan",
         "Board", id="minimax NaN evaluation"),
    case(lambda: expectiminimax(PIG10, depth=2, evaluate=lambda s: np.float64(nan)), EvaluationError,
         "nan", id="expectiminimax numpy NaN evaluation"),
    case(lambda: expectiminimax(GameTree.from_nested([chance((0.5, inf), (0.5, -inf)), [3]])),
         EvaluationError, "undefined", id="expectation inf - inf"),
    case(lambda: minimax(Connect4()), TooLargeError, "42 squares are empty", "depth=",
         id="minimax to the end of Connect Four"),
    case(lambda: expectiminimax(PIG10), SearchDepthError, "cycles", "depth=", id="expectiminimax on Pig"),
    case(lambda: minimax(PIG10), SearchDepthError, "cycles", id="minimax on Pig"),
    case(lambda: minimax(Halving(1200)), SearchDepthError, "recursion", "depth=", id="minimax Halving(1200)"),
    case(lambda: minimax(Halving(1200), depth=1100, evaluate=ZERO), SearchDepthError, "smaller depth",
         id="minimax Halving(1200) depth=1100"),
    case(lambda: minimax(Loop()), SearchDepthError, "recursion", id="minimax on an undeclared cycle"),
    case(lambda: minimax(GameTree.from_nested(nested(1200))), SearchDepthError, "recursion",
         id="minimax on a tree 1200 deep"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: None), EvaluationError, "None", id="evaluation None"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: "x"), EvaluationError, "'x'", "str", id="evaluation str"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: 1j), EvaluationError, "complex", id="evaluation complex"),
    case(lambda: minimax(FIG52, "ZZ"), StateError, "'ZZ'", "not a node", id="minimax(fig52, 'ZZ')"),
    case(lambda: minimax(5), ArgumentError, "game", id="minimax(5)"),
    case(lambda: minimax(TicTacToe), ArgumentError, "TicTacToe()", id="minimax(the class)"),
    case(lambda: minimax(FIG52, ["A"]), StateError, "not a node", id="minimax unhashable state"),
    case(lambda: minimax(TTT, depth=-1, evaluate=ZERO), GameError, "depth", "-1", id="minimax depth=-1"),
    case(lambda: minimax(TTT, depth=1.5, evaluate=ZERO), GameError, "depth", "1.5", id="minimax depth=1.5"),
    case(lambda: minimax(TTT, depth="2", evaluate=ZERO), GameError, "depth", "'2'", id="minimax depth='2'"),
    case(lambda: minimax(TTT, depth=True, evaluate=ZERO), GameError, "depth", "True", id="minimax depth=True"),
    case(lambda: minimax(TTT, depth=2), GameError, "evaluate=", id="minimax depth without evaluate"),
    case(lambda: minimax(TTT, depth=2, evaluate=5), ArgumentError, "evaluate", id="minimax evaluate=5"),
    case(lambda: minimax(TTT, cutoff=5, evaluate=ZERO), ArgumentError, "cutoff", id="minimax cutoff=5"),
    case(lambda: minimax(FIG52, trace="yes"), ArgumentError, "trace", id="minimax trace='yes'"),
    case(lambda: minimax(Bins(coin=True)), GameError, "expectiminimax", id="minimax on a chance game"),
    case(lambda: minimax(FIG52).visited, GameError, "trace=True", id="visited without a trace"),
    case(lambda: expectimax(Bins(), opponent_policy=5), ArgumentError, "opponent_policy",
         id="expectimax opponent_policy=5"),
    case(lambda: expectimax(Bins(), opponent_policy=lambda s: [1]), ProbabilityError, "not a dict",
         id="expectimax policy returns a list"),
    case(lambda: expectimax(Bins(), opponent_policy=lambda s: {1: "half"}), ProbabilityError, "'half'",
         id="expectimax policy probability 'half'"),
    case(lambda: game_evaluation(Bins(), max_policy=None, min_policy=uniform(Bins())), ArgumentError,
         "max_policy", id="game_evaluation max_policy=None"),
    case(lambda: minimax(TTT, depth=-1, evaluate=ZERO), ArgumentError, "depth must be a whole number", "-1",
         id="minimax depth=-1 is an ArgumentError"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_zero_probability_times_infinity_counts_zero():
    # AIMA §5.5's expectation: an outcome that never happens adds nothing, even if it is worth +inf.
    tree = GameTree.from_nested([chance((1.0, 5), (0.0, inf)), [3]])
    r = expectiminimax(tree)
    correct((r.value, r.action) == (5, "a1"))
    r = expectiminimax(GameTree.from_nested([chance((1.0, -2), (0.0, -inf)), [-3]]), trace=True)
    correct((r.value, r.action) == (-2, "a1") and all(e.value == e.value for e in r.trace if e.value is not None))


def test_deep_games_are_searched_with_a_depth():
    correct(minimax(Halving(1200), depth=10, evaluate=ZERO).nodes > 10)
    correct(expectiminimax(PIG10, depth=3, evaluate=pigmod.evaluation(10)).nodes > 3)
    correct(iterative_deepening(DeclaredLoop(), evaluate=ZERO, max_depth=3).depth == 3)
    correct(iterative_deepening(DeclaredLoop(), evaluate=ZERO, time_limit=0).depth == 1)
    with pytest.raises(SearchDepthError) as caught:
        iterative_deepening(DeclaredLoop(), evaluate=ZERO)
    raised_clearly(caught.value)
