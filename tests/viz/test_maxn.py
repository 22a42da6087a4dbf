"""Max^n pictures (read from the trace) and max^n in the tree explorer, driven headlessly.  The
payoff-matrix widget's tests are in tests/viz/test_matrix_widget.py."""
import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402

from gamelib import GameTree, maxn  # noqa: E402
from gamelib.core import ArgumentError  # noqa: E402
from gamelib.trees import chance  # noqa: E402
from gamelib.viz import MaxnView, describe_maxn_event, draw_maxn_tree  # noqa: E402
from gamelib.viz.maxn import fmt_number, fmt_vector, maxn_figure_size  # noqa: E402

from ..strategies import ABC, FIG_5_4  # noqa: E402


def texts(ax):
    return [t.get_text() for t in ax.texts]


# -- max^n pictures ---------------------------------------------------------------------------------


def test_draw_maxn_tree_shows_vectors_players_and_the_decision():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    ax = draw_maxn_tree(tree, r, legend=True)
    shown = texts(ax)
    assert shown.count("(1, 2, 6)") == 4                     # H, D, B, A
    assert {"A", "B", "C"} <= set(shown) and "A #1" in shown
    assert ax.get_title() == "max^n · 30/30 events · 15 nodes visited · value (1, 2, 6), decision a1"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[:3] == ["A moves: maximizes u_A", "B moves: maximizes u_B", "C moves: maximizes u_C"]
    thick = [len(c.get_segments()) for c in ax.collections if isinstance(c, LineCollection)
             and c.get_linewidths()[0] > 2]
    assert sum(thick) == 7                                    # one chosen edge per internal node


def test_draw_maxn_tree_steps_and_bare_trees():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    ax = draw_maxn_tree(tree, r, step=12, legend=True)
    assert ax.get_title() == "max^n · 12/30 events · 8 nodes visited"
    assert "this step's node (ringed)" in [t.get_text() for t in ax.get_legend().get_texts()]
    bare = draw_maxn_tree(tree)
    assert "(7, 7, 1)" in texts(bare) and bare.get_title() == ""
    two = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert "(3, −3)" in texts(draw_maxn_tree(two, maxn(two, trace=True)))
    with_chance = GameTree.from_nested([chance((0.5, [(1, 2), (3, 0)]), (0.5, (2, 2)))], players=("X", "Y"))
    ax = draw_maxn_tree(with_chance, maxn(with_chance, trace=True))
    assert "0.5" not in texts(ax) and "1/2" in texts(ax) and "?" in texts(ax)
    assert maxn_figure_size(tree)[0] >= 4


def test_number_formats():
    assert [fmt_number(x) for x in (3, -2, 1 / 3, 0.25, 2.0, 0.123456)] == ["3", "−2", "1/3", "1/4", "2", "0.123"]
    assert fmt_vector((1 / 3, 1 / 3, 1 / 3)) == "(1/3, 1/3, 1/3)" and fmt_vector(None) == ""


# -- max^n in the tree explorer ---------------------------------------------------------------------


# -- bad input (issue 21): pictures of max^n, and the explorer with a tree it cannot show ----------------

def test_draw_maxn_tree_and_its_view_check_their_arguments():
    from gamelib import minimax
    from gamelib.games import TicTacToe
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    with pytest.raises(ArgumentError, match=r"tree must be a GameTree .* got TicTacToe\(\)"):   # AttributeError
        draw_maxn_tree(TicTacToe())
    two = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(ArgumentError, match="result must be what gamelib.maxn"):
        draw_maxn_tree(two, minimax(two, trace=True))
    for step in (-1, 2.5, len(r.trace) + 1):                 # out of range: refused, not clamped
        with pytest.raises(ArgumentError, match=f"step must be a whole number of events >= 0 and <= {len(r.trace)}"):
            MaxnView(tree, r, step)
    with pytest.raises(ArgumentError, match=r"colors: 3 players but only 1 colours \(\['red'\]\)"):
        draw_maxn_tree(tree, colors=["red"])
    with pytest.raises(ArgumentError, match=r"event must be an Event of a max\^n trace .*, got 5"):
        describe_maxn_event(5)
