"""Bad input (issue 8): every entry point of the public API refuses what it cannot handle with a clear
error (a GameError subclass whose message names the problem), never a hang, a silently wrong answer, or
an object left half-changed; and the fuzzed inputs get "a clear GameError or a correct answer, never
anything else".  (The widgets in gamelib/viz/ have their own bad-input tests.)

Every call here is counted in ``TALLY`` by outcome; with ``GAMELIB_BAD_INPUT_TALLY=<file>`` in the
environment the counts are written to that file when the module finishes.
"""
from __future__ import annotations

import json
import math
import os
import re
import signal
from collections import Counter
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import (CHANCE, MAX, MIN, ArgumentError, EvaluationError, Game, GameError, GameTree,
                     IllegalMoveError, ProbabilityError, SearchDepthError, StateError, TooLargeError,
                     TranspositionTable, TreeSpecError, WeightedSum, alphabeta, chance, endgame_table,
                     expectiminimax, expectimax, game_evaluation, iterative_deepening, minimax,
                     minimax_policy, monte_carlo_evaluation, monte_carlo_value, opening_book, play,
                     proven_ranges, star1, star2, uniform)
from gamelib.experiments import ordering as xordering
from gamelib.experiments import sigma as xsigma
from gamelib.experiments import tree_size as xsize
from gamelib.experiments.sigma import TEXTBOOK_TREE
from gamelib.games import Bins, Connect4, Halving, Pig, PigState, TicTacToe
from gamelib.games import connect4 as c4mod
from gamelib.games import pig as pigmod
from gamelib.games.bins import BinsState
from gamelib.games.halving import HalvingState
from gamelib.limits import search as limited
from gamelib.ordering import HistoryTable, KillerMoves
from gamelib.experiments.chance_trees import node_counts, random_chance_tree
from gamelib.trees import ChanceSpec

from .conftest import FIG_5_2

TALLY: Counter = Counter()
"""Bad inputs tried, by outcome: 'raised clearly' or 'correct answer'."""


@pytest.fixture(scope="module", autouse=True)
def _write_tally():
    yield
    path = os.environ.get("GAMELIB_BAD_INPUT_TALLY")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(dict(TALLY)) + "\n")


@contextmanager
def no_hang(seconds: int = 20):
    """Fail (instead of hanging the suite) if the block runs longer than ``seconds``."""
    def alarm(*_):
        raise TimeoutError(f"still running after {seconds} s: a hang")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def raised_clearly(error: BaseException) -> None:
    """An error the kit promises: a GameError (never a bare TypeError, KeyError, RecursionError...)
    with a message."""
    assert isinstance(error, GameError), f"{type(error).__name__}: {error}"
    assert str(error).strip(), f"{type(error).__name__} without a message"
    TALLY["raised clearly"] += 1


def correct(ok: bool, what="") -> None:
    assert ok, what
    TALLY["correct answer"] += 1


FIG52 = GameTree.from_nested(FIG_5_2)
TTT = TicTacToe()
C4 = Connect4()
PIG10 = Pig(10)
SOL10 = pigmod.solve(10)
ZERO = lambda s: 0  # noqa: E731


class Loop(Game):
    """Two positions that alternate for ever: a game whose state graph has a cycle it does not declare."""

    initial_state = 0

    def to_move(self, s):
        return MAX if s == 0 else MIN

    def actions(self, s):
        return ("go",)

    def result(self, s, a):
        return 1 - s

    def is_terminal(self, s):
        return False

    def utility(self, s, p):
        return 0

    def __repr__(self):
        return "Loop()"


class DeclaredLoop(Loop):
    cyclic = True


def nested(depth, leaf=5):
    spec = leaf
    for _ in range(depth):
        spec = [spec]
    return spec


SELF_REFERENTIAL = [1]
SELF_REFERENTIAL.append(SELF_REFERENTIAL)
nan, inf = math.nan, math.inf


# ---------------------------------------------------------------------------------------------------
# 1. Every case of the issue, and the rest of the public API's arguments: the error and its message
# ---------------------------------------------------------------------------------------------------

def case(call, error, *patterns, id):
    return pytest.param(call, error, patterns, id=id)


CASES = [
    # --- hangs (issue 8) -------------------------------------------------------------------------
    case(lambda: iterative_deepening(C4, evaluate=c4mod.evaluation(), time_limit=nan), ArgumentError,
         "time_limit", "nan", id="iterative_deepening time_limit=nan"),
    case(lambda: pigmod.duel(5, 5, target=10, tol=-1), ArgumentError, "tol", "-1", id="duel tol=-1"),
    case(lambda: pigmod.duel(5, 5, target=10, tol=0), ArgumentError, "tol", "> 0", id="duel tol=0"),
    case(lambda: pigmod.duel(5, 5, target=10, tol=nan), ArgumentError, "tol", "nan", id="duel tol=nan"),
    case(lambda: endgame_table(C4), TooLargeError, "positions", "max_positions=None", id="endgame_table(Connect4())"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=10**11), TooLargeError,
         "trials", "max_samples", id="branch_probabilities trials=1e11"),
    # --- silently wrong ----------------------------------------------------------------------------
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "evaluate", "nan",
         "Board", id="minimax NaN evaluation"),
    case(lambda: alphabeta(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "nan",
         id="alphabeta NaN evaluation"),
    case(lambda: limited(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "nan",
         id="limits.search NaN evaluation"),
    case(lambda: expectiminimax(PIG10, depth=2, evaluate=lambda s: np.float64(nan)), EvaluationError,
         "nan", id="expectiminimax numpy NaN evaluation"),
    case(lambda: star1(FIG52, lower=0, upper=20, depth=1, evaluate=lambda s: nan), EvaluationError,
         "nan", id="star1 NaN evaluation"),
    case(lambda: iterative_deepening(TTT, evaluate=lambda s: nan, max_depth=2), EvaluationError, "nan",
         id="iterative_deepening NaN evaluation"),
    case(lambda: expectiminimax(GameTree.from_nested([chance((0.5, inf), (0.5, -inf)), [3]])),
         EvaluationError, "undefined", id="expectation inf - inf"),
    case(lambda: TicTacToe("XXXOOO..."), StateError, "both players", id="TicTacToe both lines"),
    case(lambda: TicTacToe("XXX.OO.O."), StateError, "moved last", id="TicTacToe X line, X did not move last"),
    case(lambda: TicTacToe("OOO.XX.XX"), StateError, "moved last", id="TicTacToe O line, O did not move last"),
    case(lambda: Connect4(rows=4, cols=4).result(C4.initial_state, 3), IllegalMoveError, "6x7", "4x4",
         id="Connect4 state of another size"),
    case(lambda: minimax(Connect4(rows=4, cols=4), C4.initial_state, depth=1, evaluate=ZERO), StateError,
         "6x7", id="search on a Connect4 state of another size"),
    case(lambda: minimax(Connect4()), TooLargeError, "42 squares are empty", "depth=",
         id="minimax to the end of Connect Four"),
    case(lambda: alphabeta(Connect4(rows=4, cols=5)), TooLargeError, "20 squares", id="alphabeta to the end of 4x5"),
    case(lambda: pigmod.solve(10, tol=nan), ArgumentError, "tol", id="pig.solve tol=nan"),
    case(lambda: SOL10.value(PigState(-3, 0, 0)), StateError, "max_score", "-3", id="Pig negative score"),
    case(lambda: PIG10.result(PigState(rolling=True), 2.0), IllegalMoveError, "2.0", id="Pig float roll"),
    case(lambda: PIG10.result(PigState(rolling=True), True), IllegalMoveError, "True", id="Pig bool roll"),
    case(lambda: expectiminimax(PIG10, PigState(player="BOB"), depth=1, evaluate=ZERO), StateError,
         "player", "BOB", id="Pig unknown player"),
    case(lambda: SOL10.action(PigState(0, 0, 1.5)), StateError, "turn_total", id="Pig float turn total"),
    case(lambda: star1(PIG10, PigState(rolling="yes"), lower=-1, upper=1, depth=1, evaluate=ZERO),
         StateError, "rolling", id="Pig rolling not a bool"),
    case(lambda: expectiminimax(PIG10, PigState(10, 12), depth=1, evaluate=ZERO), StateError, "both",
         id="Pig both at the target"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: a[:1]), ArgumentError, "order",
         "same actions", id="order drops moves"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: tuple(a) + tuple(a[:1])),
         ArgumentError, "each once", id="order repeats a move"),
    case(lambda: alphabeta(TicTacToe("X...O...."), order=lambda s, a: None), ArgumentError, "order",
         "None", id="order returns None"),
    case(lambda: limited(C4, depth=2, evaluate=ZERO, order=lambda s, a: list(a)[1:]), ArgumentError,
         "order", id="limits.search order drops moves"),
    case(lambda: minimax(Bins(bins={})), ArgumentError, "bins", id="Bins(bins={})"),
    case(lambda: minimax(Bins(bins={"A": ()})), ArgumentError, "bins['A']", id="Bins empty bin"),
    case(lambda: Bins(bins={"A": (1, "x")}), ArgumentError, "bins['A']", id="Bins non-number"),
    case(lambda: Bins(bins={"A": (nan,)}), ArgumentError, "bins['A']", id="Bins NaN"),
    case(lambda: Bins(bins=[1, 2]), ArgumentError, "dict", id="Bins list"),
    case(lambda: Bins(coin="yes"), ArgumentError, "coin", id="Bins coin='yes'"),
    case(lambda: Bins(bins={"heads": (1,)}), ArgumentError, "heads", id="Bins named heads"),
    # --- obscure errors ----------------------------------------------------------------------------
    case(lambda: GameTree.from_nested(SELF_REFERENTIAL), TreeSpecError, r"spec\[1\]", "itself",
         id="self-referential spec"),
    case(lambda: GameTree.random(2, 2.5), ArgumentError, "depth", "2.5", id="GameTree.random(2, 2.5)"),
    case(lambda: GameTree.random(2.5, 2), ArgumentError, "branching", "2.5", id="GameTree.random(2.5, 2)"),
    case(lambda: GameTree.random(True, 2), ArgumentError, "branching", "True", id="GameTree.random(True, 2)"),
    case(lambda: GameTree.random(10, 10), TooLargeError, "max_nodes", id="GameTree.random(10, 10)"),
    case(lambda: GameTree.random(2, 3, lower=5, upper=1), ArgumentError, "upper", id="GameTree.random lower > upper"),
    case(lambda: GameTree.random(2, 3, lower=0.5), ArgumentError, "lower", id="GameTree.random float lower"),
    case(lambda: GameTree.random(2, 3, seed=[1]), ArgumentError, "seed", id="GameTree.random list seed"),
    case(lambda: GameTree.random(2, 3, order=None), ArgumentError, "order", id="GameTree.random order=None"),
    case(lambda: GameTree.random(2, 3, max_nodes=0), ArgumentError, "max_nodes", id="GameTree.random max_nodes=0"),
    case(lambda: expectiminimax(PIG10), SearchDepthError, "cycles", "depth=", id="expectiminimax on Pig"),
    case(lambda: star1(PIG10, lower=-1, upper=1), SearchDepthError, "cycles", id="star1 on Pig"),
    case(lambda: star2(PIG10, lower=-1, upper=1), SearchDepthError, "cycles", id="star2 on Pig"),
    case(lambda: minimax(PIG10), SearchDepthError, "cycles", id="minimax on Pig"),
    case(lambda: iterative_deepening(PIG10, evaluate=ZERO), SearchDepthError, "time_limit",
         id="iterative_deepening on Pig without limits"),
    case(lambda: minimax(Halving(1200)), SearchDepthError, "recursion", "depth=", id="minimax Halving(1200)"),
    case(lambda: alphabeta(Halving(1200)), SearchDepthError, "recursion", id="alphabeta Halving(1200)"),
    case(lambda: minimax(Halving(1200), depth=1100, evaluate=ZERO), SearchDepthError, "smaller depth",
         id="minimax Halving(1200) depth=1100"),
    case(lambda: limited(Halving(1200), depth=1100, evaluate=ZERO), SearchDepthError, "smaller depth",
         id="limits.search Halving(1200) depth=1100"),
    case(lambda: minimax(Loop()), SearchDepthError, "recursion", id="minimax on an undeclared cycle"),
    case(lambda: minimax(GameTree.from_nested(nested(1200))), SearchDepthError, "recursion",
         id="minimax on a tree 1200 deep"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: None), EvaluationError, "None", id="evaluation None"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: "x"), EvaluationError, "'x'", "str", id="evaluation str"),
    case(lambda: minimax(TTT, depth=1, evaluate=lambda s: 1j), EvaluationError, "complex", id="evaluation complex"),
    case(lambda: alphabeta(TTT, depth=1, evaluate=lambda s: True), EvaluationError, "True", id="evaluation bool"),
    case(lambda: limited(TTT, depth=None, evaluate=ZERO), ArgumentError, "depth", "None",
         id="limits.search depth=None"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, table="yes"), ArgumentError, "table", "'yes'",
         id="limits.search table='yes'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, killers=5), ArgumentError, "killers", "5",
         id="limits.search killers=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, history="x"), ArgumentError, "history",
         id="limits.search history='x'"),
    case(lambda: TicTacToe(123), ArgumentError, "123", id="TicTacToe(123)"),
    case(lambda: C4.from_moves("3a"), IllegalMoveError, "'a'", id="Connect4 from_moves('3a')"),
    case(lambda: xsigma.depth_matters(height=0), ArgumentError, "height", id="depth_matters(height=0)"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, time_limit="1"), ArgumentError, "time_limit", "'1'",
         id="iterative_deepening time_limit='1'"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=10, seed=-1), ArgumentError, "seed", "-1",
         id="branch_probabilities seed=-1"),
    case(lambda: xsigma.sample_leaf_values(TEXTBOOK_TREE, 5, 10, seed=-1), ArgumentError, "seed",
         id="sample_leaf_values seed=-1"),
    case(lambda: xsigma.expansion_value(TEXTBOOK_TREE, 5, 10, seed=1.5), ArgumentError, "seed",
         id="expansion_value seed=1.5"),
    case(lambda: xsigma.depth_matters(seeds=[-1]), ArgumentError, "seeds", id="depth_matters seeds=[-1]"),
    case(lambda: minimax(FIG52, "ZZ"), StateError, "'ZZ'", "not a node", id="minimax(fig52, 'ZZ')"),
    # --- searches: the rest of their arguments -----------------------------------------------------
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
    case(lambda: alphabeta(FIG52, prune_on_equality="no"), ArgumentError, "prune_on_equality",
         id="alphabeta prune_on_equality='no'"),
    case(lambda: alphabeta(FIG52, order=5), ArgumentError, "order", id="alphabeta order=5"),
    case(lambda: alphabeta(Bins(coin=True)), GameError, "expectiminimax", id="alphabeta on a chance game"),
    case(lambda: expectiminimax(Bins(coin=True), "choose"), StateError, "BinsState",
         id="expectiminimax bad Bins state"),
    case(lambda: expectimax(Bins(), opponent_policy=5), ArgumentError, "opponent_policy",
         id="expectimax opponent_policy=5"),
    case(lambda: expectimax(Bins(), opponent_policy=lambda s: [1]), ProbabilityError, "not a dict",
         id="expectimax policy returns a list"),
    case(lambda: expectimax(Bins(), opponent_policy=lambda s: {1: "half"}), ProbabilityError, "'half'",
         id="expectimax policy probability 'half'"),
    case(lambda: game_evaluation(Bins(), max_policy=None, min_policy=uniform(Bins())), ArgumentError,
         "max_policy", id="game_evaluation max_policy=None"),
    case(lambda: star1(FIG52, lower=nan, upper=1), GameError, "lower", id="star1 lower=nan"),
    case(lambda: star2(FIG52, lower=0, upper=20, depth=1, evaluate=lambda s: None), EvaluationError,
         "None", id="star2 evaluation None"),
    case(lambda: limited(TTT, depth=-1, evaluate=ZERO), GameError, "depth", id="limits.search depth=-1"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, first_moves=5), ArgumentError, "first_moves",
         id="limits.search first_moves=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, first_moves="33"), ArgumentError, "first_moves",
         id="limits.search first_moves='33'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, quiescent=5), ArgumentError, "quiescent",
         id="limits.search quiescent=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, quiescence_depth=1.5), ArgumentError,
         "quiescence_depth", id="limits.search quiescence_depth=1.5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, beam=1.5), ArgumentError, "beam", id="limits.search beam=1.5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, prune_on_equality=None), ArgumentError,
         "prune_on_equality", id="limits.search prune_on_equality=None"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, alpha=nan), ArgumentError, "alpha", id="limits.search alpha=nan"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, alpha=1, beta=0), ArgumentError, "alpha <= beta",
         id="limits.search alpha > beta"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, beta="x"), ArgumentError, "beta", id="limits.search beta='x'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, trace=None), ArgumentError, "trace",
         id="limits.search trace=None"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, max_depth=1.5), ArgumentError, "max_depth",
         id="iterative_deepening max_depth=1.5"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, time_limit=-1), ArgumentError, "time_limit",
         id="iterative_deepening time_limit=-1"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, max_depth=2, progress="yes"), ArgumentError,
         "progress", id="iterative_deepening progress='yes'"),
    case(lambda: iterative_deepening(TTT, evaluate=None), GameError, "evaluate=",
         id="iterative_deepening evaluate=None"),
    # --- trees ---------------------------------------------------------------------------------------
    case(lambda: GameTree.from_nested([]), TreeSpecError, "spec", "empty", id="spec []"),
    case(lambda: GameTree.from_nested([[1], [None]]), TreeSpecError, r"spec\[1\]\[0\]", "None", id="spec None leaf"),
    case(lambda: GameTree.from_nested([1, "3"]), TreeSpecError, r"spec\[1\]", "'3'", id="spec string leaf"),
    case(lambda: GameTree.from_nested([1, nan]), TreeSpecError, "NaN", id="spec NaN leaf"),
    case(lambda: GameTree.from_nested([1, True]), TreeSpecError, "True", id="spec bool leaf"),
    case(lambda: GameTree.from_nested([1, 1j]), TreeSpecError, "1j", id="spec complex leaf"),
    case(lambda: GameTree.from_nested([chance((0.5, 1))]), TreeSpecError, "sum to 0.5", id="spec chance sum"),
    case(lambda: GameTree.from_nested([chance((1.5, 1), (-0.5, 2))]), TreeSpecError, "1.5", id="spec chance p > 1"),
    case(lambda: GameTree.from_nested([chance(1, 2)]), TreeSpecError, "pair", id="spec chance branch not a pair"),
    case(lambda: GameTree.from_nested([chance()]), TreeSpecError, "at least one outcome", id="spec chance()"),
    case(lambda: GameTree.from_nested([chance((nan, 1))]), TreeSpecError, "probability", id="spec chance NaN"),
    case(lambda: GameTree.from_nested([1, 2], root=CHANCE), TreeSpecError, "root", id="spec root=CHANCE"),
    case(lambda: GameTree.from_nested([1, 2], root=[MAX]), TreeSpecError, "root", id="spec root unhashable"),
    case(lambda: GameTree.from_nested(nested(1500, leaf=None)), TreeSpecError, "None", id="spec 1500 deep, bad leaf"),
    case(lambda: GameTree.from_game(5), ArgumentError, "game", id="from_game(5)"),
    case(lambda: GameTree.from_game(TTT, max_nodes=-1), ArgumentError, "max_nodes", id="from_game max_nodes=-1"),
    case(lambda: GameTree.from_game(TTT, "X........"), StateError, "tic-tac-toe", id="from_game state string"),
    case(lambda: GameTree({"A": ()}, {"A": MAX}, {}, {}), TreeSpecError, "from_nested", id="GameTree(...) parts"),
    case(lambda: GameTree(5, 5, 5, 5), TreeSpecError, "from_nested", id="GameTree(5, 5, 5, 5)"),
    case(lambda: GameTree({"A": (("a1", "B"),), "B": (("b1", "A"),)}, {"A": MAX, "B": MIN}, {}, {}),
         TreeSpecError, "from_nested", id="GameTree(...) with a cycle"),
    case(lambda: gamelib.montecarlo.playout(5, 0, {}, None), ArgumentError, "game", id="playout(5)"),
    case(lambda: FIG52.to_move("ZZ"), StateError, "'ZZ'", id="tree.to_move('ZZ')"),
    case(lambda: FIG52.actions(["A"]), StateError, "not a node", id="tree.actions unhashable"),
    case(lambda: FIG52.is_terminal("ZZ"), StateError, "'ZZ'", id="tree.is_terminal('ZZ')"),
    case(lambda: FIG52.utility("A", MAX), GameError, "not a terminal", id="tree.utility of an inner node"),
    case(lambda: FIG52.utility("E", "BOB"), GameError, "'BOB'", id="tree.utility player BOB"),
    case(lambda: FIG52.result("ZZ", "a1"), GameError, "'ZZ'", id="tree.result('ZZ')"),
    case(lambda: FIG52.result("A", "z9"), IllegalMoveError, "'z9'", id="tree.result illegal"),
    case(lambda: FIG52.parent("ZZ"), StateError, "'ZZ'", id="tree.parent('ZZ')"),
    case(lambda: FIG52.chance_outcomes("A"), GameError, "no chance", id="tree.chance_outcomes at MAX"),
    case(lambda: random_chance_tree(2, 2, 2.5), ArgumentError, "moves", id="random_chance_tree moves=2.5"),
    case(lambda: random_chance_tree(10, 10, 5), TooLargeError, "max_nodes", id="random_chance_tree too big"),
    case(lambda: random_chance_tree(2, 2, 2, probabilities="x"), ArgumentError, "probabilities",
         id="random_chance_tree probabilities='x'"),
    case(lambda: node_counts([(2, 2)]), ArgumentError, "shapes", id="node_counts short shape"),
    case(lambda: node_counts([(2, 2, 2)], seeds=[[1]]), ArgumentError, "seed", id="node_counts list seed"),
    case(lambda: proven_ranges(5, FIG52.to_move), GameError, "trace", id="proven_ranges(5)"),
    case(lambda: proven_ranges([1, 2], FIG52.to_move), GameError, r"trace\[0\]", id="proven_ranges list of ints"),
    case(lambda: proven_ranges(alphabeta(FIG52, trace=True).trace[1:], FIG52.to_move), GameError,
         r"trace\[", id="proven_ranges trace without its first enter"),
    case(lambda: proven_ranges([], FIG52.to_move, lower=1, upper=0), ArgumentError, "lower <= upper",
         id="proven_ranges lower=1, upper=0"),
    case(lambda: proven_ranges([], 5), ArgumentError, "to_move", id="proven_ranges to_move=5"),
    # --- games -----------------------------------------------------------------------------------
    case(lambda: TicTacToe("XX"), StateError, "9 characters", id="TicTacToe short"),
    case(lambda: TicTacToe("XXXXX...."), StateError, "X moves first", id="TicTacToe counts"),
    case(lambda: TicTacToe("abc......"), StateError, "9 characters", id="TicTacToe letters"),
    case(lambda: minimax(TTT, TTT.initial_state._replace(to_move=MIN)), StateError, "tic-tac-toe",
         id="TicTacToe state with the wrong player"),
    case(lambda: minimax(TTT, (".",) * 9), StateError, "tic-tac-toe", id="TicTacToe plain tuple state"),
    case(lambda: TTT.utility(TTT.initial_state, "BOB"), GameError, "'BOB'", id="TicTacToe utility BOB"),
    case(lambda: Connect4(rows=0), ArgumentError, "rows", id="Connect4(rows=0)"),
    case(lambda: Connect4(cols=2.5), ArgumentError, "cols", id="Connect4(cols=2.5)"),
    case(lambda: Connect4(rows=True), ArgumentError, "rows", id="Connect4(rows=True)"),
    case(lambda: Connect4(board=5), ArgumentError, "board", id="Connect4(board=5)"),
    case(lambda: Connect4("X" * 42), StateError, "impossible", id="Connect4 board of X"),
    case(lambda: C4.from_moves(5), ArgumentError, "moves", id="Connect4 from_moves(5)"),
    case(lambda: C4.from_moves([3, 3.0]), IllegalMoveError, "3.0", id="Connect4 from_moves float"),
    case(lambda: C4.from_moves("33", state="x"), StateError, "connect4.Board", id="Connect4 from_moves bad state"),
    case(lambda: minimax(C4, c4mod.Board(1 << 3, 0, MIN), depth=1, evaluate=ZERO), StateError,
         "arise in play", id="Connect4 floating piece"),
    case(lambda: minimax(C4, c4mod.Board(1, 0, MAX), depth=1, evaluate=ZERO), StateError,
         "arise in play", id="Connect4 wrong player to move"),
    case(lambda: C4.utility(C4.initial_state, CHANCE), GameError, "CHANCE", id="Connect4 utility CHANCE"),
    case(lambda: C4.drop_row(C4.initial_state, 9), ArgumentError, "col", id="Connect4 drop_row(9)"),
    case(lambda: c4mod.evaluation({"x": 1}), ArgumentError, "no feature", id="Connect4 evaluation unknown feature"),
    case(lambda: c4mod.evaluation([1]), ArgumentError, "weights", id="Connect4 evaluation weights list"),
    case(lambda: Halving(-1), ArgumentError, "n >= 0", id="Halving(-1)"),
    case(lambda: Halving(2.5), ArgumentError, "2.5", id="Halving(2.5)"),
    case(lambda: Halving(True), ArgumentError, "True", id="Halving(True)"),
    case(lambda: minimax(Halving(5), HalvingState(-1, MAX)), StateError, "HalvingState", id="Halving negative state"),
    case(lambda: minimax(Halving(5), HalvingState(3, "BOB")), StateError, "to_move", id="Halving player BOB"),
    case(lambda: Halving(5).utility(HalvingState(0, MAX), "BOB"), GameError, "'BOB'", id="Halving utility BOB"),
    case(lambda: expectiminimax(Bins(), BinsState("fly")), StateError, "phase", id="Bins unknown phase"),
    case(lambda: expectiminimax(Bins(), BinsState("coin", "A")), StateError, "BinsState",
         id="Bins coin state in game 1"),
    case(lambda: Bins().utility(BinsState("end", "A", 50), CHANCE), GameError, "CHANCE", id="Bins utility CHANCE"),
    case(lambda: Pig(target=0), ArgumentError, "target", id="Pig(target=0)"),
    case(lambda: Pig(die=1), ArgumentError, "die", id="Pig(die=1)"),
    case(lambda: Pig(target=2.5), ArgumentError, "target", id="Pig(target=2.5)"),
    case(lambda: expectiminimax(PIG10, (0, 0, 0, MAX, False), depth=1, evaluate=ZERO), StateError,
         "PigState", id="Pig plain tuple state"),
    case(lambda: expectiminimax(PIG10, PigState(10, 0, 4), depth=1, evaluate=ZERO), StateError,
         "game is over", id="Pig terminal state with a turn total"),
    case(lambda: PIG10.result(PigState(rolling=True), 7), IllegalMoveError, "7", id="Pig roll of 7"),
    case(lambda: PIG10.utility(PigState(10, 0), "BOB"), GameError, "'BOB'", id="Pig utility BOB"),
    case(lambda: pigmod.evaluation(0), ArgumentError, "target", id="pig.evaluation(0)"),
    case(lambda: pigmod.solve(10, tol=-1), ArgumentError, "tol", id="pig.solve tol=-1"),
    case(lambda: pigmod.solve(10, tol="x"), ArgumentError, "tol", id="pig.solve tol='x'"),
    case(lambda: pigmod.solve(10, max_sweeps=0), ArgumentError, "max_sweeps", id="pig.solve max_sweeps=0"),
    case(lambda: pigmod.solve(10, max_sweeps=2), GameError, "did not converge", id="pig.solve max_sweeps=2"),
    case(lambda: pigmod.solve(10, method="newton"), ArgumentError, "method", id="pig.solve method='newton'"),
    case(lambda: pigmod.solve(10, progress="yes"), ArgumentError, "progress", id="pig.solve progress='yes'"),
    case(lambda: pigmod.solve(1000), TooLargeError, "max_states", id="pig.solve(1000)"),
    case(lambda: pigmod.duel(5, 5, target=10, max_sweeps=1), GameError, "did not converge", id="duel max_sweeps=1"),
    case(lambda: pigmod.duel("greedy", 4, target=10), ArgumentError, "'greedy'", id="duel policy 'greedy'"),
    case(lambda: pigmod.duel(np.zeros((10, 10, 10)), 4, target=10), ArgumentError, "boolean", id="duel float array"),
    case(lambda: pigmod.duel(np.ones((5, 5, 5), bool), 4, target=10), ArgumentError, "shape", id="duel wrong shape"),
    case(lambda: pigmod.duel(-1, 4, target=10), ArgumentError, "hold-at n", id="duel hold at -1"),
    case(lambda: pigmod.duel(SOL10, 4, target=12), ArgumentError, "target", id="duel solution of another target"),
    case(lambda: pigmod.hold_at(2.5, 10), ArgumentError, "n", id="hold_at(2.5)"),
    case(lambda: pigmod.hold_at(3, target=0), ArgumentError, "target", id="hold_at target=0"),
    case(lambda: SOL10.win_probability(-1, 0), ArgumentError, "my_score", id="win_probability(-1, 0)"),
    case(lambda: SOL10.policy(3, 10, 0), ArgumentError, "already won", id="policy opponent at the target"),
    # --- policies and play ---------------------------------------------------------------------------
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
    # --- Monte Carlo -------------------------------------------------------------------------------
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
    # --- lookup ------------------------------------------------------------------------------------
    case(lambda: endgame_table(5), ArgumentError, "game", id="endgame_table(5)"),
    case(lambda: endgame_table(TTT, "X"), StateError, "tic-tac-toe", id="endgame_table bad state"),
    case(lambda: endgame_table(TTT, max_positions=0), ArgumentError, "max_positions",
         id="endgame_table max_positions=0"),
    case(lambda: endgame_table(TTT, progress="yes"), ArgumentError, "progress", id="endgame_table progress='yes'"),
    case(lambda: endgame_table(TTT, max_positions=100), TooLargeError, "max_positions=100", id="endgame_table guard"),
    case(lambda: endgame_table(FIG52).outcomes("yes"), ArgumentError, "include_terminal", id="outcomes('yes')"),
    case(lambda: opening_book(FIG52, -1, lambda s: minimax(FIG52, s)), ArgumentError, "plies",
         id="opening_book plies=-1"),
    case(lambda: opening_book(FIG52, 1, 5), ArgumentError, "search", id="opening_book search=5"),
    case(lambda: opening_book(FIG52, 1, lambda s: 5), ArgumentError, "search", id="opening_book search returns 5"),
    case(lambda: opening_book(C4, 6, lambda s: alphabeta(C4, s, depth=1, evaluate=ZERO)), TooLargeError,
         "max_positions", id="opening_book too many positions"),
    case(lambda: opening_book(FIG52, 1, lambda s: minimax(FIG52, s), "ZZ"), StateError, "'ZZ'",
         id="opening_book bad state"),
    case(lambda: opening_book(FIG52, 1, lambda s: minimax(FIG52, s)).policy(fallback=5), ArgumentError,
         "fallback", id="OpeningBook.policy fallback=5"),
    # --- evaluation functions and the search helpers -------------------------------------------------
    case(lambda: WeightedSum(5, {}), ArgumentError, "features", id="WeightedSum(5, {})"),
    case(lambda: WeightedSum({"a": ZERO}, {"b": 1}), ArgumentError, "unmatched", id="WeightedSum unmatched"),
    case(lambda: WeightedSum({"a": 5}, {"a": 1}), ArgumentError, "feature 'a'", id="WeightedSum feature not callable"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": nan}), ArgumentError, "weight of 'a'", id="WeightedSum weight nan"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": "x"}), ArgumentError, "weight of 'a'", id="WeightedSum weight str"),
    case(lambda: WeightedSum({"a": lambda s: None}, {"a": 1})(0), EvaluationError, "feature 'a'", "None",
         id="WeightedSum feature returns None"),
    case(lambda: WeightedSum({"a": lambda s: "x"}, {"a": 1}).terms(0), EvaluationError, "feature 'a'",
         id="WeightedSum.terms feature returns a string"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": 1}).with_weights(b=1), ArgumentError, "no feature",
         id="with_weights unknown"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": 1}).with_weights(a=inf), ArgumentError, "weight of 'a'",
         id="with_weights inf"),
    case(lambda: TranspositionTable(0), ArgumentError, "max_entries", id="TranspositionTable(0)"),
    case(lambda: TranspositionTable(True), ArgumentError, "max_entries", id="TranspositionTable(True)"),
    case(lambda: TranspositionTable().store("s", 1, nan, -inf, inf), ArgumentError, "value", id="store NaN value"),
    case(lambda: TranspositionTable().store("s", -1, 0, -inf, inf), ArgumentError, "depth", id="store depth=-1"),
    case(lambda: TranspositionTable().store("s", 1, 0, 2, 1), ArgumentError, "alpha <= beta", id="store alpha > beta"),
    case(lambda: TranspositionTable().store(["s"], 1, 0, -inf, inf), StateError, "hashable",
         id="store unhashable state"),
    case(lambda: TranspositionTable().probe("s", 1, nan, inf), ArgumentError, "alpha", id="probe alpha=nan"),
    case(lambda: KillerMoves(0), ArgumentError, "slots", id="KillerMoves(0)"),
    case(lambda: KillerMoves().record(-1, "a"), ArgumentError, "ply", id="KillerMoves.record ply=-1"),
    case(lambda: KillerMoves().record(1.5, "a"), ArgumentError, "ply", id="KillerMoves.record ply=1.5"),
    case(lambda: HistoryTable("cube"), ArgumentError, "weight", id="HistoryTable('cube')"),
    case(lambda: HistoryTable().record("BOB", "a", 2), ArgumentError, "player", id="HistoryTable.record player BOB"),
    case(lambda: HistoryTable().record(MAX, "a", nan), ArgumentError, "depth", id="HistoryTable.record depth=nan"),
    case(lambda: HistoryTable().record(MAX, "a", "2"), ArgumentError, "depth", id="HistoryTable.record depth='2'"),
    # --- experiments: the sigma study --------------------------------------------------------------
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, -1), ArgumentError, "sigma", id="sigma=-1"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, inf), ArgumentError, "sigma", id="sigma=inf"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, "5"), ArgumentError, "sigma", id="sigma='5'"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=0), ArgumentError, "trials", id="trials=0"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=1.5), ArgumentError, "trials", id="trials=1.5"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, correlation=2), ArgumentError, "correlation",
         id="correlation=2"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, shared=["all"]), ArgumentError, "shared",
         id="shared=['all']"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, progress="yes"), ArgumentError, "progress",
         id="branch_probabilities progress='yes'"),
    case(lambda: xsigma.branch_probabilities([[1, inf], [2, 3]], 5), TreeSpecError, "finite",
         id="branch_probabilities infinite leaf"),
    case(lambda: xsigma.branch_probabilities([1, [chance((1.0, 2))]], 5), TreeSpecError, "chance",
         id="branch_probabilities chance node"),
    case(lambda: xsigma.branch_probabilities(7, 5), TreeSpecError, "root is a leaf",
         id="branch_probabilities leaf root"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e-300), GameError, "floating-point",
         id="exact_branch_probabilities sigma=1e-300"),
    case(lambda: xsigma.exact_branch_probabilities([[[1, 2]], [3]], 5), ArgumentError, "two-ply",
         id="exact_branch_probabilities deep tree"),
    case(lambda: xsigma.sample_leaf_values(TEXTBOOK_TREE, 5, 10**9), TooLargeError, "max_samples",
         id="sample_leaf_values 1e9 trials"),
    case(lambda: xsigma.expansion_value(TEXTBOOK_TREE, 5, 10**9), TooLargeError, "max_samples",
         id="expansion_value 1e9 trials"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 5, "x"), ArgumentError, "v", id="value_density v='x'"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 5, [nan]), ArgumentError, "NaN", id="value_density v=nan"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 0, [1]), ArgumentError, "no density", id="value_density sigma=0"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [[1, 2]]), ArgumentError, "trials",
         id="root_move_values shape"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [[nan] * 8]), ArgumentError, "NaN", id="root_move_values NaN"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [["x"] * 8]), ArgumentError, "numbers",
         id="root_move_values str"),
    case(lambda: xsigma.noisy_evaluation(5, 1), ArgumentError, "tree", id="noisy_evaluation(5)"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, error="x"), ArgumentError, "error", id="noisy_evaluation error='x'"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, values={}), ArgumentError, "values",
         id="noisy_evaluation values={}"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, seed=-2), ArgumentError, "seed", id="noisy_evaluation seed=-2"),
    case(lambda: xsigma.true_values([1, 2]), ArgumentError, "GameTree", id="true_values(list)"),
    case(lambda: xsigma.depth_matters(branching=0), ArgumentError, "branching", id="depth_matters branching=0"),
    case(lambda: xsigma.depth_matters(sigmas=5), ArgumentError, "sigmas", id="depth_matters sigmas=5"),
    case(lambda: xsigma.depth_matters(seeds="abc"), ArgumentError, "seeds", id="depth_matters seeds='abc'"),
    case(lambda: xsigma.depth_matters(depths=[0]), ArgumentError, "depths", id="depth_matters depths=[0]"),
    case(lambda: xsigma.depth_matters(noise_seed=-1), ArgumentError, "noise_seed", id="depth_matters noise_seed=-1"),
    case(lambda: xsigma.depth_matters(lower=10, upper=1), ArgumentError, "upper", id="depth_matters lower > upper"),
    case(lambda: xsigma.depth_matters(branching=10, height=10), TooLargeError, "max_nodes", id="depth_matters too big"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5)["a3"], ArgumentError, "'a3'",
         id="BranchProbabilities['a3']"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5).interval("a1", z=-1), ArgumentError, "z",
         id="interval z=-1"),
    # --- experiments: ordering and tree sizes --------------------------------------------------------
    case(lambda: xordering.nodes_by_order(0, [2]), ArgumentError, "branching", id="nodes_by_order branching=0"),
    case(lambda: xordering.nodes_by_order(2, [-1]), ArgumentError, "depths", id="nodes_by_order depths=[-1]"),
    case(lambda: xordering.nodes_by_order(2, 3), ArgumentError, "depths", id="nodes_by_order depths=3"),
    case(lambda: xordering.nodes_by_order(2, [2], seeds=[]), ArgumentError, "seed", id="nodes_by_order seeds=[]"),
    case(lambda: xordering.nodes_by_order(2, [2], orders=["x"]), ArgumentError, "order",
         id="nodes_by_order orders=['x']"),
    case(lambda: xordering.nodes_by_order(2, [2], orders="best"), ArgumentError, "orders",
         id="nodes_by_order orders='best'"),
    case(lambda: xordering.nodes_by_order(2, [2], progress="yes"), ArgumentError, "progress",
         id="nodes_by_order progress"),
    case(lambda: xordering.nodes_by_order(10, [10]), TooLargeError, "max_nodes", id="nodes_by_order too big"),
    case(lambda: xordering.knuth_moore_leaves(0, 2), ArgumentError, "branching", id="knuth_moore_leaves(0, 2)"),
    case(lambda: xordering.knuth_moore_leaves(2, 10**9), ArgumentError, "depth", id="knuth_moore_leaves depth 1e9"),
    case(lambda: xordering.minimal_tree_nodes(2, 10**9), ArgumentError, "depth", id="minimal_tree_nodes depth 1e9"),
    case(lambda: xordering.format_table(5, [1], 2), ArgumentError, "means", id="format_table means=5"),
    case(lambda: xordering.format_table({"best": [1.0]}, [1, 2], 2), ArgumentError, "means",
         id="format_table lengths differ"),
    case(lambda: xsize.nodes_by_depth(5), ArgumentError, "SearchResult", id="nodes_by_depth(5)"),
    case(lambda: xsize.leaves_by_depth(minimax(FIG52)), GameError, "trace=True", id="leaves_by_depth without trace"),
    case(lambda: xsize.ply_counts(5), ArgumentError, "game", id="ply_counts(5)"),
    case(lambda: xsize.ply_counts(PIG10), SearchDepthError, "cycles", id="ply_counts(Pig)"),
    case(lambda: xsize.ply_counts(FIG52, search=5), ArgumentError, "search", id="ply_counts search=5"),
    case(lambda: xsize.full_tree_size(2.5, 1), ArgumentError, "2.5", id="full_tree_size(2.5, 1)"),
    case(lambda: xsize.full_tree_size(2, 10**9), ArgumentError, "depth", id="full_tree_size depth 1e9"),
    case(lambda: xsize.random_tree_sizes([(2, 2.5)]), ArgumentError, "2.5", id="random_tree_sizes (2, 2.5)"),
    case(lambda: xsize.random_tree_sizes(5), ArgumentError, "shapes", id="random_tree_sizes(5)"),
    case(lambda: xsize.random_tree_sizes([(2,)]), ArgumentError, "pairs", id="random_tree_sizes short shape"),
    case(lambda: xsize.random_tree_sizes([(10, 10)]), TooLargeError, "max_nodes", id="random_tree_sizes too big"),
    case(lambda: xsize.random_tree_sizes([(2, 2)], order="x"), ArgumentError, "order",
         id="random_tree_sizes order='x'"),
    case(lambda: xsize.search_time("x"), ArgumentError, "log10_nodes", id="search_time('x')"),
    case(lambda: xsize.search_time(5, nodes_per_second=0), ArgumentError, "nodes_per_second", id="search_time nps=0"),
]


class Valued(TicTacToe):
    """Tic-tac-toe whose utility is ``value`` at every end: a user's game whose utility is not a number."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def utility(self, state, player):
        return self.value

    def __repr__(self):
        return f"Valued({self.value!r})"


SEARCHES = {"minimax": minimax, "alphabeta": alphabeta, "expectiminimax": expectiminimax,
            "star1": lambda g: star1(g, lower=-5, upper=5), "star2": lambda g: star2(g, lower=-5, upper=5),
            "limits.search": lambda g: limited(g, depth=9, evaluate=ZERO),
            "iterative_deepening": lambda g: iterative_deepening(g, evaluate=ZERO, max_depth=9),
            "monte_carlo_value": lambda g: monte_carlo_value(g, iterations=5, seed=0)}

# Issue 21: every search refuses a utility that is not a real number (minimax and alphabeta used to return
# 3 for NaN: only evaluate's values were checked).  One check, validate.checked_utility, at the entry.
CASES += [case(lambda f=f, v=v: f(Valued(v)), EvaluationError, r"utility\(Board\(", "returned " + re.escape(repr(v)),
               id=f"{name} utility={v!r}")
          for name, f in SEARCHES.items() for v in (nan, None, "x", 1j, (1, 2))]
CASES += [
    case(lambda: minimax(TTT, depth=-1, evaluate=ZERO), ArgumentError, "depth must be a whole number", "-1",
         id="minimax depth=-1 is an ArgumentError"),
    case(lambda: alphabeta(TTT, depth=2), ArgumentError, "needs evaluate=", id="depth without evaluate"),
    case(lambda: play(TTT, {MAX: uniform(TTT), MIN: uniform(TTT)}, seed=nan), ArgumentError, "seed", "nan",
         id="play seed=nan"),
    case(lambda: monte_carlo_value(TTT, iterations=5, seed=1.5), ArgumentError, "seed", "1.5",
         id="monte_carlo_value seed=1.5"),
]


@pytest.mark.parametrize("call, error, patterns", CASES)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    with no_hang(30), pytest.raises(error) as caught:
        call()
    raised_clearly(caught.value)
    message = str(caught.value)
    for pattern in patterns:
        assert pattern in message or re.search(pattern, message), (pattern, message)


# ---------------------------------------------------------------------------------------------------
# 2. Inputs that used to give an error or a wrong answer and now give the right answer
# ---------------------------------------------------------------------------------------------------

def test_zero_probability_times_infinity_counts_zero():
    # AIMA §5.5's expectation: an outcome that never happens adds nothing, even if it is worth +inf.
    tree = GameTree.from_nested([chance((1.0, 5), (0.0, inf)), [3]])
    r = expectiminimax(tree)
    correct((r.value, r.action) == (5, "a1"))
    r = expectiminimax(GameTree.from_nested([chance((1.0, -2), (0.0, -inf)), [-3]]), trace=True)
    correct((r.value, r.action) == (-2, "a1") and all(e.value == e.value for e in r.trace if e.value is not None))


def test_a_generator_from_order_is_the_sequence_it_yields():
    game = TicTacToe("X...O....")
    r = alphabeta(game, order=lambda s, a: (x for x in reversed(a)))
    correct(r.value == minimax(game).value == 0)
    r = limited(game, depth=9, evaluate=ZERO, order=lambda s, a: iter(sorted(a, reverse=True)))
    correct(r.value == 0)


def test_deep_specs_build_without_recursion_and_searches_say_what_to_do():
    tree = GameTree.from_nested(nested(1000))
    correct(len(tree) == 1001 and tree.depth() == 1000 and "GameTree" in repr(tree))
    correct(GameTree.from_nested(nested(600)).depth() == 600)
    correct(minimax(tree, depth=50, evaluate=ZERO).value == 0)          # cut off: no recursion problem
    chain = GameTree.random(1, 3000, seed=0)                            # random trees of any depth, too
    correct(chain.depth() == 3000)


def test_deep_games_are_searched_with_a_depth():
    correct(minimax(Halving(1200), depth=10, evaluate=ZERO).nodes > 10)
    correct(expectiminimax(PIG10, depth=3, evaluate=pigmod.evaluation(10)).nodes > 3)
    correct(iterative_deepening(DeclaredLoop(), evaluate=ZERO, max_depth=3).depth == 3)
    correct(iterative_deepening(DeclaredLoop(), evaluate=ZERO, time_limit=0).depth == 1)
    with pytest.raises(SearchDepthError) as caught:
        iterative_deepening(DeclaredLoop(), evaluate=ZERO)
    raised_clearly(caught.value)


def test_huge_and_tiny_sigma_in_the_exact_computation():
    with np.errstate(all="raise"):
        r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e308)
    correct(r["a1"] == pytest.approx(0.5) and r["a2"] == pytest.approx(0.5))
    r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e200, correlation=0.5, shared="all")
    correct(r["a1"] == pytest.approx(0.5))
    r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5)        # the notes' 71 %, unchanged
    correct(round(r["a1"], 4) == 0.7139)


def test_guards_are_lifted_on_request():
    correct(len(endgame_table(Halving(30), max_positions=None)) == len(endgame_table(Halving(30))))
    correct(len(GameTree.random(3, 3, max_nodes=None)) == 40)
    correct(pigmod.solve(8, max_states=None).win_probability(0,
            0) == pytest.approx(pigmod.solve(8).win_probability(0, 0)))


def test_valid_edge_values_still_work():
    correct(limited(FIG52, depth=2, evaluate=ZERO, alpha=3, beta=3).value == 3)   # a null window
    correct(iterative_deepening(TTT, evaluate=ZERO, time_limit=inf, max_depth=1).depth == 1)
    correct(minimax(FIG52, depth=1, evaluate=lambda s: np.float64(2.5)).value == 2.5)
    correct(alphabeta(FIG52, depth=1, evaluate=lambda s: inf).value == inf)        # a won position
    from fractions import Fraction
    correct(minimax(FIG52, depth=1, evaluate=lambda s: Fraction(1, 3)).value == Fraction(1, 3))
    correct(minimax(Valued(np.float64(2.5))).value == 2.5)                     # numpy numbers are numbers
    correct(alphabeta(Valued(inf)).value == inf)                               # a won position, as evaluate's
    correct(expectiminimax(GameTree.from_nested([chance((1.0, 5), (0.0, inf)), [3]])).value == 5)


# ---------------------------------------------------------------------------------------------------
# 3. Nothing left half-changed by a failed call
# ---------------------------------------------------------------------------------------------------

def test_a_failed_store_leaves_the_table_as_it_was():
    table = TranspositionTable(max_entries=2)
    table.store("s", 1, 5, -inf, inf, "m")
    table.store("t", 1, 6, -inf, inf, "n")
    before = (dict(table.items()), table.stats())
    for bad in (dict(value=None), dict(value=nan), dict(value="x"), dict(depth=nan), dict(alpha=5, beta=1)):
        args = dict(state="s", depth=2, value=1, alpha=-inf, beta=inf) | bad
        with pytest.raises(GameError) as caught:
            table.store(**args)
        raised_clearly(caught.value)
        with pytest.raises(GameError) as caught:                  # a new state at a full table
            table.store(**(args | {"state": "u"}))
        raised_clearly(caught.value)
        correct((dict(table.items()), table.stats()) == before)


def test_a_refused_search_touches_none_of_the_tables_it_was_given():
    table, killers, history = TranspositionTable(), KillerMoves(), HistoryTable()
    bad_options = [dict(beam=0), dict(alpha=nan), dict(order=5), dict(quiescence_depth=-1), dict(trace="x"),
                   dict(first_moves=5), dict(evaluate=None), dict(prune_on_equality=1)]
    for bad in bad_options:
        with pytest.raises(GameError) as caught:
            limited(TTT, **(dict(depth=3, evaluate=ZERO, table=table, killers=killers, history=history) | bad))
        raised_clearly(caught.value)
        correct(len(table) == 0 and table.probes == 0 and repr(killers) == "KillerMoves({})" and len(history) == 0)
    for bad in [dict(time_limit=nan), dict(max_depth=0), dict(order=5), dict(progress=None),
                dict(evaluate=None), dict(quiescence_depth=1.5)]:
        with pytest.raises(GameError) as caught:
            iterative_deepening(TTT, **(dict(evaluate=ZERO, max_depth=3, table=table, killers=killers,
                                             history=history) | bad))
        raised_clearly(caught.value)
        correct(len(table) == 0 and table.probes == 0 and repr(killers) == "KillerMoves({})" and len(history) == 0)


def test_failed_heuristic_updates_change_nothing():
    killers, history = KillerMoves(), HistoryTable()
    killers.record(2, "a")
    history.record(MAX, "a", 3)
    for call in (lambda: killers.record(-1, "b"), lambda: history.record("BOB", "b", 2),
                 lambda: history.record(MIN, "b", nan)):
        with pytest.raises(GameError) as caught:
            call()
        raised_clearly(caught.value)
    correct(killers.moves(2) == ("a",) and len(history) == 1 and history.score(MAX, "a") == 9)


def test_a_failing_fallback_is_not_counted():
    tree = FIG52
    book = opening_book(tree, 0, lambda s: minimax(tree, s))
    policy = book.policy(fallback=lambda s: 5)
    with pytest.raises(GameError) as caught:
        policy("B")
    raised_clearly(caught.value)
    correct(dict(policy.counts) == {"book": 0, "fallback": 0})
    correct(policy("A") == {"a1": 1.0} and policy.counts["book"] == 1)


def test_a_failed_reweighting_leaves_the_evaluation_as_it_was():
    ev = c4mod.evaluation()
    with pytest.raises(GameError) as caught:
        ev.with_weights(centre=nan)
    raised_clearly(caught.value)
    correct(ev.weights == c4mod.WEIGHTS and repr(ev) == repr(c4mod.evaluation()))


# ---------------------------------------------------------------------------------------------------
# 4. Hypothesis: fuzzed specs and arguments get a clear GameError or a correct answer
# ---------------------------------------------------------------------------------------------------

fuzz = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much], deadline=None)

good_leaf = st.integers(-5, 5)
bad_leaf = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
                     st.text(max_size=2), st.just([]), st.complex_numbers(max_magnitude=4),
                     st.just(math.inf), st.just(-math.inf))
leaves = st.one_of(good_leaf, good_leaf, good_leaf, bad_leaf)


def _normalized(pairs):
    total = sum(w for w, _ in pairs)
    return chance(*((w / total, sub) for w, sub in pairs))


def chance_nodes(kids):
    valid = st.lists(st.tuples(st.integers(0, 4), kids), min_size=1, max_size=3) \
        .filter(lambda ps: sum(w for w, _ in ps) > 0).map(_normalized)
    bad_p = st.one_of(st.floats(allow_nan=True), st.integers(-1, 2), st.none(), st.text(max_size=1))
    invalid = st.lists(st.tuples(bad_p, kids), max_size=3).map(lambda ps: chance(*ps))
    not_pairs = st.lists(kids, max_size=2).map(lambda ks: chance(*ks))
    return st.one_of(valid, valid, valid, invalid, not_pairs)


specs = st.recursive(leaves, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                    st.lists(kids, min_size=1, max_size=3).map(tuple),
                                                    chance_nodes(kids)), max_leaves=12)


def reference(spec, player=MAX):
    """The expectiminimax value of a valid spec, computed straight from the nested lists (AIMA Eq. 5.1
    and §5.5): None where an expectation is undefined (+inf and -inf both with positive probability)."""
    if isinstance(spec, ChanceSpec):
        terms = []
        for p, sub in spec.branches:
            v = reference(sub, player)
            if v is None:
                return None
            if p:
                terms.append(p * v)
        if inf in terms and -inf in terms:
            return None
        return sum(terms)
    if isinstance(spec, (list, tuple)):
        values = [reference(sub, MIN if player == MAX else MAX) for sub in spec]
        if None in values:
            return None
        return max(values) if player == MAX else min(values)
    return spec


def has_chance(spec) -> bool:
    if isinstance(spec, ChanceSpec):
        return True
    return isinstance(spec, (list, tuple)) and any(has_chance(s) for s in spec)


def close(a, b) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def attempt(call):
    """Run ``call``: returns (True, result) or (False, the GameError it raised, checked)."""
    try:
        return True, call()
    except GameError as e:
        raised_clearly(e)
        return False, e
    except Exception as e:  # noqa: BLE001 -- anything else is the failure this test looks for
        raise AssertionError(f"{type(e).__name__} escaped: {e}") from e


@fuzz
@given(specs)
def test_fuzzed_specs_give_a_clear_error_or_the_right_value(spec):
    ok, tree = attempt(lambda: GameTree.from_nested(spec))
    if not ok:
        assert isinstance(tree, TreeSpecError)
        return
    TALLY["correct answer"] += 1                     # a valid spec became a tree
    truth = reference(spec)
    chance_tree = has_chance(spec)
    ok, r = attempt(lambda: expectiminimax(tree))
    if ok:
        correct(truth is not None and close(r.value, truth), (r.value, truth))
    else:
        assert truth is None and isinstance(r, EvaluationError), r
    for search in (minimax, alphabeta, lambda t: alphabeta(t, prune_on_equality=False)):
        ok, r = attempt(lambda: search(tree))
        if ok:
            correct(not chance_tree and close(r.value, truth))
        else:
            assert chance_tree and "expectiminimax" in str(r)
    values = [tree.leaf_values[s] for s in tree.leaves]
    low, high = min(values) - 1 - abs(min(values)), max(values) + 1 + abs(max(values))
    for star in (star1, star2):
        ok, r = attempt(lambda: star(tree, lower=low, upper=high))
        if ok:
            correct(truth is not None and close(r.value, truth))
        else:
            # Star needs finite bounds: refused for an infinite leaf, or for bounds that overflow to inf
            # (a leaf near 1.8e308 makes high = 2 * leaf + 1 infinite).
            assert not all(math.isfinite(v) for v in values + [low, high]), r


weird = st.one_of(st.none(), st.booleans(), st.integers(-3, 6), st.floats(allow_nan=True),
                  st.text(max_size=2), st.lists(st.integers(0, 2), max_size=2),
                  st.complex_numbers(max_magnitude=3), st.just(np.float64(nan)), st.just(np.int64(2)))
eval_outputs = st.one_of(st.integers(-9, 9), st.floats(-9, 9), weird)


def reference_limited(tree, state, depth, evaluate, ply=0):
    """H-MINIMAX (AIMA Eq. 5.2) on a GameTree, straight from its dictionaries."""
    if tree.is_terminal(state):
        return tree.leaf_values[state]
    if ply >= depth:
        return evaluate(state)
    values = [reference_limited(tree, c, depth, evaluate, ply + 1) for _, c in tree.children[state]]
    return max(values) if tree.players[state] == MAX else min(values)


def valid_number(v) -> bool:
    return (isinstance(v, (int, float, np.floating, np.integer)) and not isinstance(v, (bool, np.bool_))
            and v == v)


@fuzz
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=4).flatmap(
           lambda xs: st.just([[x, -x] for x in xs])),
       st.one_of(st.integers(0, 4), weird), eval_outputs, st.one_of(st.booleans(), weird),
       st.sampled_from(["minimax", "alphabeta", "limits", "star1", "deepening"]))
def test_fuzzed_search_arguments_give_a_clear_error_or_the_right_value(spec, depth, output, trace, which):
    tree = GameTree.from_nested(spec)
    evaluate = lambda s: output  # noqa: E731
    calls = {
        "minimax": lambda: minimax(tree, depth=depth, evaluate=evaluate, trace=trace),
        "alphabeta": lambda: alphabeta(tree, depth=depth, evaluate=evaluate, trace=trace),
        "limits": lambda: limited(tree, depth=depth, evaluate=evaluate, trace=trace, table=True,
                                  killers=True, history=True),
        "star1": lambda: star1(tree, lower=-10, upper=10, depth=depth, evaluate=evaluate, trace=trace),
        "deepening": lambda: iterative_deepening(tree, evaluate=evaluate, max_depth=depth, progress=trace),
    }
    ok, r = attempt(calls[which])
    depth_ok = (depth is None and which != "limits") or (
        isinstance(depth, (int, np.integer)) and not isinstance(depth, bool)
        and depth >= (1 if which == "deepening" else 0))
    if not ok:
        return
    assert depth_ok and isinstance(trace, bool), "a bad argument was accepted"
    depth = math.inf if depth is None else depth         # None: to the end of the game
    uses_eval = depth < 2                                # the spec's leaves are two plies down
    assert valid_number(output) or not uses_eval, "a bad evaluation was accepted"
    truth = reference_limited(tree, "A", depth, evaluate)
    correct(close(r.value, truth), (which, r.value, truth))


orderings = st.sampled_from([
    ("identity", lambda s, a: a, True), ("reversed", lambda s, a: tuple(reversed(a)), True),
    ("list", lambda s, a: list(a), True), ("generator", lambda s, a: (x for x in a), True),
    ("sorted", lambda s, a: sorted(a, reverse=True), True), ("drops", lambda s, a: a[1:], False),
    ("repeats", lambda s, a: tuple(a) + tuple(a[:1]), False), ("None", lambda s, a: None, False),
    ("number", lambda s, a: 5, False), ("swap in a stranger", lambda s, a: ("zz",) + tuple(a[1:]), False),
])


@fuzz
@given(st.recursive(good_leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=15), orderings,
       st.booleans())
def test_fuzzed_move_orderings_give_a_clear_error_or_the_right_value(spec, ordering, enhanced):
    name, order, valid = ordering
    tree = GameTree.from_nested(spec)
    if enhanced:
        ok, r = attempt(lambda: limited(tree, depth=20, evaluate=ZERO, order=order, table=True, killers=True))
    else:
        ok, r = attempt(lambda: alphabeta(tree, order=order))
    if ok:
        correct(r.value == minimax(tree).value, name)
    else:
        assert not valid, (name, r)


@fuzz
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-2, 30), weird),
       st.one_of(st.integers(-2, 3000), weird), st.one_of(st.integers(-2, 2**32), weird),
       st.one_of(st.floats(-0.5, 1.5), weird), st.one_of(st.sampled_from(["parent", "all", "x"]), weird))
def test_fuzzed_sigma_study_arguments(sigma, trials, seed, correlation, shared):
    ok, r = attempt(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, sigma, trials=trials, seed=seed,
                                                        correlation=correlation, shared=shared))
    if ok:
        p = list(r.probability.values())
        correct(all(0 <= x <= 1 for x in p) and abs(sum(p) - 1) < 1e-9 and r.trials == trials)
    ok, r = attempt(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, sigma, correlation=correlation,
                                                              shared=shared))
    if ok:
        p = list(r.probability.values())
        correct(all(-1e-9 <= x <= 1 + 1e-9 for x in p) and abs(sum(p) - 1) < 1e-6)


@fuzz
@given(st.one_of(st.integers(-1, 8), weird), st.one_of(st.integers(0, 4), weird),
       st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e-12, 1e-6, 0.5]), weird),
       st.one_of(st.integers(-1, 30), weird))
def test_fuzzed_pig_solver_arguments(target, die, tol, hold):
    ok, r = attempt(lambda: pigmod.solve(target, die, tol))
    if ok:
        reference_p = pigmod.solve(target, die).P
        correct(np.all((r.P >= 0) & (r.P <= 1)) and (tol > 1e-9 or np.allclose(r.P, reference_p, atol=1e-6)))
    ok, d = attempt(lambda: pigmod.duel(hold, "best", target=target, die=die, tol=tol))
    if ok:
        correct(0 <= d.a_first <= 1 and 0 <= d.a_second <= 1)


pig_fields = st.one_of(st.integers(-2, 12), weird)


@fuzz
@given(pig_fields, pig_fields, pig_fields, st.one_of(st.sampled_from([MAX, MIN, CHANCE, "BOB"]), weird),
       st.one_of(st.booleans(), weird))
def test_fuzzed_pig_states(max_score, min_score, turn_total, player, rolling):
    state = PigState(max_score, min_score, turn_total, player, rolling)
    ok, r = attempt(lambda: expectiminimax(PIG10, state, depth=2, evaluate=SOL10.value))
    if ok:             # one expectiminimax backup of the exact values gives the exact value back
        correct(abs(r.value - SOL10.value(state)) < 1e-9, (state, r.value, SOL10.value(state)))


TTT_REACHABLE = {"".join(s.squares): s for s in endgame_table(TTT).moves}   # the 5,478 positions


@fuzz
@given(st.text(alphabet="XO.", min_size=9, max_size=9))
def test_tic_tac_toe_accepts_exactly_the_positions_that_arise_in_play(board):
    ok, game = attempt(lambda: TicTacToe(board))
    correct(ok == (board in TTT_REACHABLE), board)
    if ok:
        s = game.initial_state
        correct(s == TTT_REACHABLE[board])
        correct(alphabeta(game).value == minimax(game).value == endgame_table(game).value(s))


C4_SMALL = Connect4(rows=3, cols=4)
C4_SMALL_REACHABLE = {"".join(s.grid()): s for s in endgame_table(C4_SMALL).moves}


@fuzz
@given(st.text(alphabet="XO.", min_size=12, max_size=12))
def test_small_connect_four_accepts_exactly_the_positions_that_arise_in_play(board):
    ok, state = attempt(lambda: C4_SMALL.parse(board))
    correct(ok == (board in C4_SMALL_REACHABLE), board)
    if ok:
        correct(state == C4_SMALL_REACHABLE[board])
        ok, r = attempt(lambda: minimax(Connect4(rows=4, cols=4), state))
        assert not ok and isinstance(r, StateError)          # a 3x4 position in a 4x4 game


@fuzz
@given(st.one_of(st.integers(-2, 3), weird), st.one_of(st.integers(-2, 3), weird),
       st.one_of(st.integers(-2, 4), weird), st.one_of(st.sampled_from(["random", "best", "worst"]), weird),
       st.one_of(st.integers(-3, 3), weird))
def test_fuzzed_random_tree_arguments(branching, depth, seed, order, lower):
    ok, tree = attempt(lambda: GameTree.random(branching, depth, seed=seed, order=order, lower=lower, upper=5))
    if ok:
        correct(len(tree.leaves) == branching ** depth and tree.depth() == depth
                and all(lower <= tree.leaf_values[s] <= 5 for s in tree.leaves))
        correct(alphabeta(tree).value == minimax(tree).value)
