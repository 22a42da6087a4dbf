"""Depth-limited search, H-MINIMAX (AIMA 4th ed. Eq. 5.2): depth=, evaluate=, cutoff=."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import GameError, GameTree, alphabeta, expectiminimax, minimax
from gamelib.games import TicTacToe

from .strategies import FIG_5_2, nested_specs

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


def label_hash(state):
    """A deterministic, arbitrary evaluation: the same number for a label in every run."""
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5


@given(nested_specs(), st.integers(0, 4), st.booleans())
def test_depth_limited_alphabeta_equals_depth_limited_minimax(spec, depth, on_equality):
    tree = GameTree.from_nested(spec)
    plain = minimax(tree, depth=depth, evaluate=label_hash)
    pruned = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality)
    assert pruned[:2] == plain[:2]
    assert expectiminimax(tree, depth=depth, evaluate=label_hash)[:3] == plain[:3]
