"""Pictures and widgets.  They read searches' traces; they never search on their own.

Reading a trace (what each node's value and window are after k events, the events in words, why a
node was cut) is :mod:`gamelib.trace`'s; the names it shares with the pictures (``TraceView``,
``describe_event``, ``why_cut``, ...) answer here too.

Static pictures (matplotlib): :func:`draw_tree` (a tree with a search's trace over it, AIMA Fig. 5.2
/ 5.5 notation), :func:`draw_legend` (its key), :func:`draw_board` (a tic-tac-toe position).
Widgets (ipywidgets 8, JupyterLab 4), each showing itself as a cell's last line: :class:`TreeExplorer`
(step through alpha-beta or minimax, or expectiminimax or Star1 on chance trees),
:class:`TransformExplorer` (the transformation lesson of AIMA 3rd ed. Fig. 5.12, 4th ed. Fig. 5.14),
:class:`TicTacToeBoard` (play against the minimax agent),
:class:`Connect4Board` (play Connect Four against iterative deepening), :class:`SigmaWidget` (the sigma
study's σ slider).  More pictures: :func:`draw_connect4` (a Connect Four position), :func:`draw_pig_policy`
(Pig's optimal roll/hold boundary), :func:`draw_sigma`, :func:`draw_chance_tree`, :func:`draw_transform`.
More players (:func:`draw_maxn_tree`: one colour per player, utility vectors at the nodes, read from
a max^n trace; :class:`TreeExplorer` steps through max^n on such trees) and simultaneous moves
(:class:`PayoffMatrixWidget`, :func:`draw_best_responses`, :func:`draw_guarantee`).
Imperfect information: :func:`draw_information_sets` (a small game's tree with its information sets
joined by dashed lines, the chance deal at the root), :class:`PhantomTicTacToeBoard` (play phantom
tic-tac-toe; your view, the referee, your belief state) with :func:`draw_phantom_belief`, and
:class:`KuhnPokerTable` (play Kuhn poker against the CFR or the clairvoyant agent).
Every picture has a text alternative made from the data that drew it (:mod:`gamelib.viz.alt`): a
notebook shows a figure with :func:`show` (``<img alt>`` and a longer description), the widgets show
theirs the same way, and :class:`Table` shows a table as an HTML table; :mod:`gamelib.viz.palette`
holds the colours.  What every widget shares (a text form that says to run the cell, all-or-nothing updates with the
error shown inside the widget) is :mod:`gamelib.viz.live`; pictures are sized for a notebook column
(``drawing.COLUMN_WIDTH``, type no smaller than ``drawing.MIN_FONT``).
Backgammon: :class:`BackgammonBoard` (play against 1-ply expectiminimax, the dice and its move values on
show) and :func:`draw_backgammon` (the same board, static).
Monte Carlo tree search: :class:`MCTSWidget` (step or run the playouts, the tree growing, the root's UCB1
values) and :func:`draw_mcts` (the same picture, static).
"""
from .boards import TicTacToeBoard
from ..trace import TraceView, chance_intervals, describe_event
from .chance_widgets import TransformExplorer, compare_transform, draw_chance_tree, draw_transform
from .connect4_board import Connect4Board, draw_connect4
from .drawing import draw_board, draw_legend, draw_tree, tidy_layout, to_networkx
from .explorer import PRESETS, TreeExplorer
from .pig_policy import draw_policy as draw_pig_policy
from .sigma_widget import SigmaWidget, draw_sigma

__all__ = ["draw_tree", "describe_event", "tidy_layout", "to_networkx", "draw_legend", "draw_board",
           "TraceView", "TreeExplorer", "TicTacToeBoard", "PRESETS", "draw_pig_policy", "SigmaWidget",
           "draw_sigma", "Connect4Board", "draw_connect4", "TransformExplorer", "chance_intervals",
           "compare_transform", "draw_chance_tree", "draw_transform"]
from .imperfect_widgets import KuhnPokerTable, PhantomTicTacToeBoard, draw_phantom_belief
from .infosets import draw_information_sets, information_set_groups

__all__ += ["draw_information_sets", "information_set_groups", "PhantomTicTacToeBoard", "KuhnPokerTable",
            "draw_phantom_belief"]

# More than two players and simultaneous moves (notebook 07).
from .matrix_widget import (PayoffMatrixWidget, draw_best_responses, draw_guarantee,  # noqa: E402
                            payoff_table_html)
from ..trace import MaxnView, describe_maxn_event  # noqa: E402
from .maxn import draw_maxn_tree, maxn_legend_handles  # noqa: E402

__all__ += ["draw_maxn_tree", "MaxnView", "describe_maxn_event", "maxn_legend_handles",
            "PayoffMatrixWidget", "draw_best_responses", "draw_guarantee", "payoff_table_html"]

from .board_tree import draw_tictactoe_tree  # noqa: E402

__all__ += ["draw_tictactoe_tree"]

from .mcts_widget import MCTSWidget, draw_mcts  # noqa: E402

__all__ += ["MCTSWidget", "draw_mcts"]

from ..trace import star1_window_text, why_chance_cut, why_cut  # noqa: E402

__all__ += ["why_cut", "why_chance_cut", "star1_window_text"]

from .backgammon_board import BackgammonBoard, draw_backgammon  # noqa: E402

__all__ += ["BackgammonBoard", "draw_backgammon"]

# Every picture with its words (WCAG 2.1 AA): show(fig) is the notebooks' plt.show(); tables as tables.
from .alt import Picture, Table, describe, show  # noqa: E402

__all__ += ["show", "Picture", "Table", "describe"]
