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

from ..trace import (MaxnView, TraceView, chance_intervals, describe_event, describe_maxn_event,  # noqa: F401
                     star1_window_text, why_chance_cut, why_cut)

# Each picture and widget is imported from its module when first asked for (PEP 562), so that a
# notebook's first ``from gamelib.viz import draw_tree, show`` does not import ipywidgets, the widgets
# and every other picture with them: in the browser (Pyodide) each import costs several times what it
# does in CPython.  ``name=attribute`` where the module calls it otherwise.
_LAZY = {
    "boards": ('TicTacToeBoard',),
    "chance_widgets": ('TransformExplorer', 'compare_transform', 'draw_chance_tree', 'draw_transform'),
    "connect4_board": ('Connect4Board', 'draw_connect4'),
    "drawing": ('draw_board', 'draw_legend', 'draw_tree', 'tidy_layout', 'to_networkx'),
    "explorer": ('PRESETS', 'TreeExplorer'),
    "pig_policy": ('draw_pig_policy=draw_policy',),
    "sigma_widget": ('SigmaWidget', 'draw_sigma'),
    "imperfect_widgets": ('KuhnPokerTable', 'PhantomTicTacToeBoard', 'draw_phantom_belief'),
    "infosets": ('draw_information_sets', 'information_set_groups'),
    "matrix_widget": ('PayoffMatrixWidget', 'draw_best_responses', 'draw_guarantee', 'payoff_table_html'),
    "maxn": ('draw_maxn_tree', 'maxn_legend_handles'),
    "board_tree": ('draw_tictactoe_tree',),
    "mcts_widget": ('MCTSWidget', 'draw_mcts'),
    "backgammon_board": ('BackgammonBoard', 'draw_backgammon'),
    "alt": ('Picture', 'Table', 'describe', 'show'),
}
_WHERE = {}
for _module, _names in _LAZY.items():
    for _entry in _names:
        _name, _, _attribute = _entry.partition("=")
        _WHERE[_name] = (_module, _attribute or _name)
del _module, _names, _entry, _name, _attribute

# Names of _LAZY are exported before they are defined: __getattr__ defines them.
# ruff: noqa: F822
__all__ = ["draw_tree", "describe_event", "tidy_layout", "to_networkx", "draw_legend", "draw_board",
           "TraceView", "TreeExplorer", "TicTacToeBoard", "PRESETS", "draw_pig_policy", "SigmaWidget",
           "draw_sigma", "Connect4Board", "draw_connect4", "TransformExplorer", "chance_intervals",
           "compare_transform", "draw_chance_tree", "draw_transform"]
__all__ += ["draw_information_sets", "information_set_groups", "PhantomTicTacToeBoard", "KuhnPokerTable",
            "draw_phantom_belief"]
# More than two players and simultaneous moves (notebook 07).
__all__ += ["draw_maxn_tree", "MaxnView", "describe_maxn_event", "maxn_legend_handles",
            "PayoffMatrixWidget", "draw_best_responses", "draw_guarantee", "payoff_table_html"]
__all__ += ["draw_tictactoe_tree"]
__all__ += ["MCTSWidget", "draw_mcts"]
__all__ += ["why_cut", "why_chance_cut", "star1_window_text"]
__all__ += ["BackgammonBoard", "draw_backgammon"]
# Every picture with its words (WCAG 2.1 AA): show(fig) is the notebooks' plt.show(); tables as tables.
__all__ += ["show", "Picture", "Table", "describe"]


def __getattr__(name):
    """A picture or widget (imported from its module on first use), or a submodule (``gamelib.viz.drawing``
    after ``import gamelib.viz``, as when every module was imported with the package)."""
    import importlib
    if name in _WHERE:
        module, attribute = _WHERE[name]
        value = getattr(importlib.import_module(f".{module}", __name__), attribute)
        globals()[name] = value
        return value
    if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
