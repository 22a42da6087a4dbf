"""The tic-tac-toe game tree drawn with boards (notebook 01 §3; AIMA 4th ed. Fig. 5.1)."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from gamelib.core import MAX  # noqa: E402
from gamelib.games import TicTacToe  # noqa: E402
from gamelib.viz import draw_tictactoe_tree  # noqa: E402
from gamelib.viz.board_tree import _terminals_below  # noqa: E402
from gamelib.viz.drawing import COLUMN_WIDTH  # noqa: E402


def test_the_terminal_row_has_one_state_of_each_utility():
    game = TicTacToe()
    terminals = _terminals_below(game, game.initial_state)
    assert [game.utility(s, MAX) for s in terminals] == [-1, 0, 1]
    assert all(game.is_terminal(s) for s in terminals)


def test_the_figure_fits_the_notebook_column_with_one_board_per_node():
    fig = draw_tictactoe_tree(levels=3, shown=3)
    assert tuple(fig.get_size_inches())[0] == COLUMN_WIDTH
    assert len(fig.axes) == 1 + 3 * 3 + 3            # root, three levels of three, three terminals
    plt.close(fig)                                    # a pyplot figure left open would leak into later tests
