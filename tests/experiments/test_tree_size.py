"""Tests for gamelib.experiments.tree_size: exact node counts, read from search traces."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import CHANCE, GameTree, alphabeta, expectiminimax, minimax
from gamelib.experiments.tree_size import (GAME_TREE_SIZES, SearchTime, TreeSize, full_tree_size,
                                           leaves_by_depth, nodes_by_depth, ply_counts,
                                           random_tree_sizes, search_time)
from gamelib.games import Bins, Halving, TicTacToe
from gamelib import ArgumentError, GameError, SearchDepthError, TooLargeError
from gamelib.experiments import tree_size as xsize
from ..bad_input import FIG52, PIG10, case, check_bad_input

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

# Nodes at each ply of the full tic-tac-toe game tree (X to move on the empty board).
TICTACTOE_PLIES = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


def walk_counts(game, state, depth=0, counts=None):
    """An independent oracle for the tests only: count states per ply by walking the protocol."""
    counts = [] if counts is None else counts
    if len(counts) <= depth:
        counts.append(0)
    counts[depth] += 1
    if not game.is_terminal(state):
        moves = ([o for o, _ in game.chance_outcomes(state)] if game.to_move(state) == CHANCE
                 else game.actions(state))
        for a in moves:
            walk_counts(game, game.result(state, a), depth + 1, counts)
    return counts


# -- reading traces ------------------------------------------------------------------------------

def test_nodes_and_leaves_by_depth_on_fig_5_2():
    result = minimax(GameTree.from_nested(FIG_5_2), trace=True)
    assert nodes_by_depth(result) == [1, 3, 9]
    assert leaves_by_depth(result) == [0, 0, 9]
    assert sum(nodes_by_depth(result)) == result.nodes == 13


def test_leaves_by_depth_pads_plies_without_leaves():
    # Leaves at plies 1 and 3 only: ply 2 has none and must read 0.
    result = minimax(GameTree.from_nested([5, [[1, 2]]]), trace=True)
    assert nodes_by_depth(result) == [1, 2, 1, 2]
    assert leaves_by_depth(result) == [0, 1, 0, 2]


def test_counts_need_a_trace():
    result = minimax(GameTree.from_nested(FIG_5_2))
    with pytest.raises(ValueError, match="trace=True"):
        nodes_by_depth(result)
    with pytest.raises(ValueError, match="trace=True"):
        leaves_by_depth(result)


def test_alphabeta_trace_counts_only_visited_nodes():
    result = alphabeta(GameTree.from_nested(FIG_5_2), trace=True)
    # AIMA Fig. 5.5: after the 2 under C, C's two other leaves are pruned.
    assert nodes_by_depth(result) == [1, 3, 7]
    assert sum(nodes_by_depth(result)) == result.nodes


def test_midgame_tictactoe_counts_match_an_independent_walk():
    game = TicTacToe("XO..X...O")
    result = minimax(game, trace=True)
    assert nodes_by_depth(result) == [1, 5, 20, 60, 84, 68]
    assert leaves_by_depth(result) == [0, 0, 0, 18, 16, 68]
    assert nodes_by_depth(result) == walk_counts(game, game.initial_state)


# -- ply_counts ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tictactoe_plies():
    """The full tree's ply counts, measured once for the module (a few seconds)."""
    return ply_counts(TicTacToe())


def test_full_tictactoe_ply_counts(tictactoe_plies):
    assert tictactoe_plies == TICTACTOE_PLIES
    assert sum(tictactoe_plies) == 549_946 == minimax(TicTacToe()).nodes


def test_tictactoe_plies_equal_permutations_until_the_first_wins(tictactoe_plies):
    # Nobody can win before ply 5, so plies 0..5 hold all 9!/(9-d)! move sequences; after that, games
    # that have ended stop branching.
    counts = tictactoe_plies
    perms = [math.perm(9, d) for d in range(10)]
    assert counts[:6] == perms[:6]
    assert all(c < p for c, p in zip(counts[6:], perms[6:]))


def test_ply_counts_with_progress_bar_gives_the_same_counts():
    game = TicTacToe("X...O....")
    assert ply_counts(game, progress=True) == ply_counts(game) == walk_counts(game, game.initial_state)


def test_ply_counts_restores_the_garbage_collector():
    import gc
    game = TicTacToe("XO..X...O")
    assert gc.isenabled()
    ply_counts(game)
    assert gc.isenabled()
    gc.disable()
    try:
        ply_counts(game)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_ply_counts_of_a_terminal_state():
    game = TicTacToe("XXXOO....")
    assert game.is_terminal(game.initial_state)
    assert ply_counts(game) == [1]


def test_ply_counts_with_chance_nodes():
    # Game 2: MAX picks a bin (3), the coin lands (2 each), MIN picks a number (2 each).
    counts = ply_counts(Bins(coin=True), search=expectiminimax)
    assert counts == [1, 3, 6, 12]
    assert sum(counts) == expectiminimax(Bins(coin=True)).nodes == 22


def test_ply_counts_from_a_chance_state():
    game = Bins(coin=True)
    coin_state = game.result(game.initial_state, "C")
    assert game.to_move(coin_state) == CHANCE
    assert ply_counts(game, coin_state, search=expectiminimax) == [1, 2, 4]


def test_ply_counts_from_a_given_state_of_halving():
    game = Halving(15)
    assert sum(ply_counts(game)) == minimax(game).nodes == 331
    assert ply_counts(game) == walk_counts(game, game.initial_state)


@settings(max_examples=25, deadline=None)
@given(branching=st.integers(1, 4), depth=st.integers(0, 5), seed=st.integers(0, 10**6))
def test_ply_counts_agree_with_one_traced_search(branching, depth, seed):
    tree = GameTree.random(branching, depth, seed=seed)
    whole = nodes_by_depth(minimax(tree, trace=True))
    assert ply_counts(tree) == whole == [branching ** d for d in range(depth + 1)]


# -- uniform trees and O(b^m) --------------------------------------------------------------------

def test_full_tree_size_values():
    assert full_tree_size(3, 2) == 13            # Fig. 5.2
    assert full_tree_size(2, 3) == 15
    assert full_tree_size(10, 4) == 11_111
    assert full_tree_size(1, 7) == 8
    assert full_tree_size(5, 0) == 1


@pytest.mark.parametrize("branching, depth", [(0, 3), (2, -1)])
def test_full_tree_size_rejects_bad_shapes(branching, depth):
    with pytest.raises(ValueError):
        full_tree_size(branching, depth)


@given(branching=st.integers(2, 40), depth=st.integers(0, 30))
def test_full_tree_size_is_theta_b_to_the_m(branching, depth):
    size = full_tree_size(branching, depth)
    assert size == sum(branching ** d for d in range(depth + 1))
    assert branching ** depth <= size
    assert size * (branching - 1) <= branching ** (depth + 1)  # size <= b^m * b / (b - 1)


def test_random_tree_sizes_are_the_full_tree_for_minimax():
    shapes = [(2, 1), (2, 6), (3, 4), (5, 3), (10, 2)]
    rows = random_tree_sizes(shapes, seed=1)
    assert [(r.branching, r.depth) for r in rows] == shapes
    for r in rows:
        assert isinstance(r, TreeSize)
        assert r.bound == r.branching ** r.depth
        assert r.nodes == full_tree_size(r.branching, r.depth)


def test_random_tree_sizes_are_reproducible_and_seeded():
    shapes = [(3, 4), (4, 3)]
    first = random_tree_sizes(shapes, seed=7, search=alphabeta)
    assert first == random_tree_sizes(shapes, seed=7, search=alphabeta)


def test_random_tree_sizes_with_alphabeta_orders():
    # Worst-first ordering (by minimax value) rules out every cut only down to depth 3; deeper, a
    # node can still fall outside a window inherited from a distant ancestor.
    shapes = [(3, 3), (4, 3), (6, 2)]

    def strict(tree):  # cut only on v > beta / v < alpha, so ties cannot cut either
        return alphabeta(tree, prune_on_equality=False)

    worst = random_tree_sizes(shapes, seed=0, search=strict, order="worst")
    best = random_tree_sizes(shapes, seed=0, search=alphabeta, order="best")
    for w, b in zip(worst, best):
        assert w.nodes == full_tree_size(w.branching, w.depth)
        assert b.nodes < w.nodes


# -- the seed-000 table ---------------------------------------------------------------------------

def test_game_tree_sizes_table():
    assert GAME_TREE_SIZES == {"Tic-tac-toe": 5, "Checkers": 31, "Chess": 123, "Backgammon": 144,
                               "Go": 360}


def test_search_time_matches_the_notes():
    ttt = search_time(GAME_TREE_SIZES["Tic-tac-toe"])
    assert isinstance(ttt, SearchTime)
    assert ttt.log10_seconds == pytest.approx(-1)             # "0.1 seconds"
    checkers = search_time(GAME_TREE_SIZES["Checkers"])
    assert checkers.log10_seconds == pytest.approx(25)
    assert checkers.log10_years == pytest.approx(17.5, abs=0.01)
    assert round(checkers.log10_years) == 18                   # "10^18 years"
    go = search_time(GAME_TREE_SIZES["Go"])
    assert math.isfinite(go.log10_years) and go.log10_years > 346


def test_search_time_rate():
    assert search_time(9, nodes_per_second=1e3).log10_seconds == pytest.approx(6)
    assert search_time(math.log10(549_946)).log10_seconds == pytest.approx(math.log10(0.549946))


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
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


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
