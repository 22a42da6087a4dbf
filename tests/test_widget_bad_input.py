"""Issue 8's widget cases: a bad argument is refused with a message that names it (never clamped
without a word, never a hang), and a failed call leaves the widget whole, as it was."""
import math

import matplotlib.pyplot as plt
import pytest

from gamelib import alphabeta
from gamelib.core import ArgumentError, GameError
from gamelib.trees import GameTree, chance
from gamelib.viz import Connect4Board, SigmaWidget, TicTacToeBoard, TreeExplorer, draw_tree

FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.mark.parametrize("kwargs, named", [
    ({"sigma": -1}, "sigma"), ({"sigma": math.nan}, "sigma"), ({"sigma": math.inf}, "sigma"),
    ({"correlation": 2}, "correlation"), ({"correlation": -0.5}, "correlation"),
    ({"correlation": math.nan}, "correlation"), ({"shared": "cousins"}, "shared"),
    ({"trials": 0}, "trials"), ({"trials": 2.5}, "trials"),
])
def test_sigma_widget_refuses_bad_arguments_instead_of_clamping(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        SigmaWidget(draw=False, **kwargs)


@pytest.mark.parametrize("attribute, value", [("sigma", math.nan), ("sigma", math.inf), ("sigma", -1),
                                              ("correlation", 2), ("correlation", math.nan),
                                              ("shared", "cousins")])
def test_sigma_widget_setter_raises_and_keeps_the_widget_whole(attribute, value):
    w = SigmaWidget(draw=False)
    before = (w.sigma, w.correlation, w.shared, w.result.sigma, w.text_html.value)
    with pytest.raises(ArgumentError, match=attribute):
        setattr(w, attribute, value)
    assert (w.sigma, w.correlation, w.shared, w.result.sigma, w.text_html.value) == before


@pytest.mark.parametrize("kwargs, named", [
    ({"depth": -1}, "depth"), ({"depth": 0}, "depth"), ({"depth": 100}, "depth"), ({"depth": 2.5}, "depth"),
    ({"depth": True}, "depth"), ({"time_limit": math.nan}, "time_limit"), ({"time_limit": 0}, "time_limit"),
    ({"time_limit": -1}, "time_limit"), ({"time_limit": math.inf}, "time_limit"),
    ({"time_limit": 60}, "time_limit"), ({"human": "red"}, "human"), ({"quiescence": "yes"}, "quiescence"),
])
def test_connect4_board_refuses_bad_arguments_instead_of_clamping(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        Connect4Board(**kwargs)


def test_connect4_board_setters_refuse_and_keep_the_settings():
    board = Connect4Board(depth=4)
    for attribute, value in (("depth", 15), ("depth", 3.0), ("time_limit", math.nan), ("time_limit", 0.0)):
        with pytest.raises(ArgumentError, match=attribute):
            setattr(board, attribute, value)
        assert (board.depth, board.time_limit) == (4, None)


@pytest.mark.parametrize("square", [(0.0, 0), (1, 1.5), (True, 0), (3, 0), (-1, 0), ("0", 0)])
def test_tictactoe_click_on_a_non_square_changes_nothing_and_says_why(square):
    board = TicTacToeBoard(human="X")
    before = board.state
    status = board.click(*square)
    assert "is not a square" in status
    assert board.state == before and board.history == []


def test_explorer_set_tree_with_an_infinite_leaf_is_refused_before_anything_changes():
    e = TreeExplorer()
    before = (e.tree_picker.value, list(e.tree_picker.options), e.tree_name, len(e.tree), e.png)
    bad = GameTree.from_nested([chance((0.5, [3, math.inf]), (0.5, [1, 2])), [4, 5]])
    with pytest.raises(ArgumentError, match="finite"):
        e.set_tree(bad)
    assert (e.tree_picker.value, list(e.tree_picker.options), e.tree_name, len(e.tree), e.png) == before


def test_explorer_set_random_too_large_leaves_the_controls_as_they_were():
    e = TreeExplorer()
    before = (e.branching.value, e.depth.value, e.tree_name, len(e.tree))
    with pytest.raises(ArgumentError, match="36"):
        e.set_random(branching=5, depth=10)
    assert (e.branching.value, e.depth.value, e.tree_name, len(e.tree)) == before


def test_a_failed_python_call_restores_everything_even_after_it_changed_the_picker():
    """all_or_nothing: set_tree changes the picker's options before it loads the tree; a failure in
    the load puts them back."""
    e = TreeExplorer()
    before = (e.tree_picker.value, list(e.tree_picker.options), e.tree_name, e._custom)
    original = e._load

    def failing_load(*args, **kwargs):
        raise GameError("simulated failure while loading")
    e._load = failing_load
    with pytest.raises(GameError, match="simulated"):
        e.set_tree([[1, 2], [3, 4]])
    e._load = original
    assert (e.tree_picker.value, list(e.tree_picker.options), e.tree_name, e._custom) == before


def test_draw_tree_refuses_another_trees_trace():
    fig52 = GameTree.from_nested(FIG52)
    before = plt.get_fignums()
    other = GameTree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(ArgumentError, match="not one of its children"):
        draw_tree(fig52, alphabeta(other, trace=True))
    bigger = GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    with pytest.raises(ArgumentError, match="draw the tree the search ran on"):
        draw_tree(other, alphabeta(bigger, trace=True))
    ax = draw_tree(fig52, alphabeta(fig52, trace=True))     # its own trace: drawn
    plt.close(ax.figure)
    assert plt.get_fignums() == before                       # and the refused ones opened no figure
