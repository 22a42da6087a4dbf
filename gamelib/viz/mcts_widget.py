"""Monte Carlo tree search, watched as it grows (AIMA 4th ed. §5.4, Fig. 5.10-5.11; issue 14).

    from gamelib.viz import MCTSWidget, draw_mcts
    draw_mcts(game, state, result.trace, 500)   # static: the tree after 500 playouts, and the root's moves
    MCTSWidget()                                 # live: step or run the simulations, watch the tree grow

Both read one traced :func:`gamelib.mcts` run: :func:`gamelib.mcts.tree_statistics` replays its
'simulate' events up to any iteration, so the picture after k playouts is exactly the tree the search
had then (``iterations=k`` of the same seed is the same search).  Nothing here searches on its own.

The picture: left, the top plies of the tree, each node a disc whose area grows with its visits N and
whose colour is its mean playout utility for MAX (red +1, white 0, blue -1); right, the root's moves:
visits as bars, UCB1 (what SELECT compares next) and the mean reward for the player to move, the
current best move (most visited) in bold.
"""
from __future__ import annotations

import html

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..core import MAX, ArgumentError
from ..mcts import C, mcts, root_ucb, tree_statistics
from ..validate import check_game, flag, game_state, number, python_seed, two_player, whole
from .drawing import COLUMN_WIDTH, DPI, png_bytes
from .live import LiveWidget, all_or_nothing, from_browser

FIGSIZE = (COLUMN_WIDTH, 3.6)
CMAP = "coolwarm"
SHOWN_DEPTH = 3
"""Plies of the tree drawn (deeper nodes are counted, not drawn)."""


def _label(action) -> str:
    if isinstance(action, tuple):
        return ",".join(map(str, action))
    return str(action)


def best_move(ucb: dict, order) -> object:
    """The most visited of the root's moves (``root_ucb``'s rows), ties by the larger mean reward, then
    by ``order`` (the game's actions): :func:`gamelib.mcts`'s rule."""
    moves = [a for a in order if a in ucb]
    if not moves:
        return None
    most = max(ucb[a][2] for a in moves)
    ties = [a for a in moves if ucb[a][2] == most]
    return max(ties, key=lambda a: ucb[a][1])


def draw_mcts(game, state, trace, iterations: int | None = None, *, c: float = C,
              max_depth: int = SHOWN_DEPTH, axes=None):
    """Draw the search tree after ``iterations`` playouts of a traced :func:`gamelib.mcts` run from
    ``state`` (all of them if None) and the root's moves with their visits and UCB1 values.
    ``axes``: two matplotlib Axes (else a new pyplot figure).  Returns ``(axes, stats)``, ``stats`` the
    :func:`~gamelib.mcts.tree_statistics` drawn."""
    check_game(game)
    game_state(game, state)
    stats = tree_statistics(trace, iterations)
    number("c", c, least=0, what="an exploration constant, a finite number")
    whole("max_depth", max_depth, 0, unit="plies")
    if axes is not None and (not hasattr(axes, "__len__") or len(axes) != 2):
        raise ArgumentError(f"axes must be two matplotlib Axes (the tree and the root's moves), or None, got "
                            f"{axes!r}")
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=FIGSIZE, gridspec_kw={"width_ratios": [1.5, 1]})
    ax_tree, ax_bars = axes
    player = game.to_move(state)
    k = stats[()].visits if () in stats else 0
    _draw_tree(ax_tree, stats, max_depth, k)
    _draw_root(ax_bars, game, state, stats, player, c)
    return axes, stats


def _draw_tree(ax, stats, max_depth, k):
    shown = {p: s for p, s in stats.items() if len(p) <= max_depth}
    kids = {}
    for p in shown:
        if p:
            kids.setdefault(p[:-1], []).append(p)
    for children in kids.values():
        children.sort(key=lambda q: str(q[-1]))
    pos, next_x = {}, [0.0]

    def place(p):
        children = kids.get(p, [])
        if not children:
            pos[p] = (next_x[0], -len(p))
            next_x[0] += 1.0
            return
        for q in children:
            place(q)
        pos[p] = ((pos[children[0]][0] + pos[children[-1]][0]) / 2, -len(p))

    ax.set_axis_off()
    if not shown:
        ax.set_title("no playouts yet", fontsize=9)
        return
    place(())
    width = max(next_x[0] - 1, 1)
    for p in shown:
        if p:
            (x0, y0), (x1, y1) = pos[p[:-1]], pos[p]
            ax.plot([x0, x1], [y0, y1], color="#bbbbbb", lw=0.6, zorder=1)
    root_n = max(shown[()].visits, 1)
    xs = [pos[p][0] for p in shown]
    ys = [pos[p][1] for p in shown]
    sizes = [12 + 900 * s.visits / root_n for s in shown.values()]
    colours = [s.mean for s in shown.values()]
    points = ax.scatter(xs, ys, s=sizes, c=colours, cmap=CMAP, vmin=-1, vmax=1, edgecolors="#444444",
                        linewidths=0.5, zorder=2)
    for p in kids.get((), []):
        x, y = pos[p]
        ax.annotate(_label(p[-1]), (x, y), xytext=(0, 9), textcoords="offset points", ha="center",
                    fontsize=7, color="#333333")
    deeper = sum(1 for p in stats if len(p) > max_depth)
    ax.set_xlim(-0.8, width + 0.8)
    ax.set_ylim(-max_depth - 0.5, 0.6)
    ax.set_title(f"after {k:,} playouts: {len(stats):,} nodes"
                 + (f" ({deeper:,} below ply {max_depth} not drawn)" if deeper else "")
                 + "\narea ~ visits N, colour = mean utility for MAX", fontsize=9)
    cbar = ax.figure.colorbar(points, ax=ax, fraction=0.035, pad=0.01, ticks=[-1, 0, 1])
    cbar.ax.tick_params(labelsize=7)


def _draw_root(ax, game, state, stats, player, c):
    order = list(game.actions(state))
    ucb = root_ucb(stats, player, c) if () in stats else {}
    moves = [a for a in order if a in ucb]
    best = best_move(ucb, order)
    ys = range(len(moves))
    visits = [ucb[a][2] for a in moves]
    colours = ["#d62728" if a == best else "#7f7f7f" for a in moves]
    ax.barh(list(ys), visits, color=colours, height=0.7)
    ax.set_yticks(list(ys), [_label(a) for a in moves], fontsize=7)
    ax.invert_yaxis()
    top = max(visits, default=1)
    for y, a in zip(ys, moves):
        u, mean, n = ucb[a]
        ax.text(n + top * 0.02, y, f"UCB {u:.2f} · Q {mean:+.2f}", va="center", fontsize=7,
                fontweight="bold" if a == best else "normal")
    ax.set_xlim(0, top * 1.9)
    ax.set_xlabel("visits N", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    who = "MAX" if player == MAX else "MIN"
    ax.set_title(f"root's moves ({who} to move; Q for {who})\nbest so far: "
                 f"{_label(best) if best is not None else '-'}", fontsize=9)


C_RANGE = (0, 10)
"""The exploration constants the widget's box offers."""
BUDGET_RANGE = (1, 50_000)
"""The budgets (playouts) the widget's box offers."""

PRESETS = {
    "tic-tac-toe, empty board": ("tictactoe", None),
    "tic-tac-toe, X to win (XX.OO....)": ("tictactoe", "XX.OO...."),
    "tic-tac-toe, O must block (XX.O.....)": ("tictactoe", "XX.O....."),
    "Connect Four, empty board": ("connect4", ""),
    "Connect Four, after 3342252": ("connect4", "3342252"),
}
"""The positions the widget's menu offers: (game, board or moves)."""


def preset(name):
    """``(game, state)`` of a :data:`PRESETS` entry."""
    from ..games import Connect4, TicTacToe
    kind, spec = PRESETS[name]
    if kind == "tictactoe":
        game = TicTacToe(spec)
        return game, game.initial_state
    game = Connect4()
    return game, game.from_moves(spec)


class MCTSWidget(LiveWidget, widgets.VBox):
    """Step or run Monte Carlo tree search and watch its tree grow (an ipywidgets VBox: display it).

    ``MCTSWidget(position='tic-tac-toe, O must block (XX.O.....)', *, budget=2000, c=sqrt(2), seed=0,
    draw=True)``: ``position`` is a key of :data:`PRESETS` (or give ``game=`` and ``state=``).  One
    traced :func:`gamelib.mcts` run of ``budget`` playouts is made when the position (or c, or the
    seed) changes; the buttons and the slider show it after 1, 10, 100 more playouts, or all.
    Attributes: ``iteration`` (settable), ``result`` (the full run), ``stats`` (the tree shown),
    ``ucb`` (root's moves: (UCB1, mean reward for the mover, visits)), ``best`` (the most visited
    move now), ``text`` (plain), ``png`` (the picture; empty with ``draw=False``).
    """

    def __init__(self, position: str = "tic-tac-toe, O must block (XX.O.....)", *, game=None, state=None,
                 budget: int = 2000, c: float = C, seed=0, draw: bool = True):
        # Everything is checked before anything is built: a value out of range is refused, never clamped.
        if game is None:
            if state is not None:
                raise ArgumentError("state is given without game=: give the game it is a state of, or choose a "
                                    "position by name")
            if not isinstance(position, str) or position not in PRESETS:
                raise ArgumentError(f"position must be one of {list(PRESETS)}, got {position!r}")
        else:
            check_game(game)
            two_player(game, "MCTSWidget (gamelib.mcts)")
            game_state(game, game.initial_state if state is None else state)
        _check_budget(budget)
        _check_c(c)
        python_seed("seed", seed)
        flag("draw", draw)
        self._init_live()
        self.draw, self.seed = draw, seed
        self.png = b""
        self._quiet = True
        self.position_menu = widgets.Dropdown(options=list(PRESETS) + (["(given)"] if game else []),
                                              value="(given)" if game else position,
                                              description="position", layout=widgets.Layout(width="380px"))
        self.c_box = widgets.BoundedFloatText(value=c, min=C_RANGE[0], max=C_RANGE[1], step=0.1, description="c",
                                              layout=widgets.Layout(width="140px"))
        self.budget_box = widgets.BoundedIntText(value=budget, min=BUDGET_RANGE[0], max=BUDGET_RANGE[1], step=100,
                                                 description="budget", layout=widgets.Layout(width="170px"))
        self.slider = widgets.IntSlider(value=1, min=0, max=budget, description="playouts",
                                        continuous_update=False, layout=widgets.Layout(width="520px"))
        self.buttons = {}
        for label, step in (("+1", 1), ("+10", 10), ("+100", 100), ("run all", None), ("reset", 0)):
            b = widgets.Button(description=label, layout=widgets.Layout(width="72px"))
            b.on_click(self._on_button)
            b.step = step
            self.buttons[label] = b
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        self.text_html = widgets.HTML()
        super().__init__([self.message_html,
                          widgets.HBox([self.position_menu, self.c_box, self.budget_box],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.slider, *self.buttons.values()],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.image, self.text_html])
        self.position_menu.observe(self._on_position, "value")
        for w in (self.c_box, self.budget_box):
            w.observe(self._on_position, "value")
        self.slider.observe(self._on_slider, "value")
        self._given = (game, state)
        self._quiet = False
        self._search()
        self.iteration = min(100, budget)

    # -- public API ----------------------------------------------------------------------------------
    @property
    def iteration(self) -> int:
        """How many playouts the picture shows; settable (0 .. budget)."""
        return self.slider.value

    @iteration.setter
    def iteration(self, k):
        whole("iteration", k, 0, self.slider.max, unit="playouts")
        self._set_iteration(int(k))

    @all_or_nothing
    def _set_iteration(self, k):
        if k == self.slider.value:
            self._show()
        self.slider.value = k

    def step(self, n: int = 1):
        """Show ``n`` more playouts (up to the budget)."""
        whole("n", n, 0, unit="playouts")
        self.iteration = min(self.iteration + n, self.slider.max)

    @property
    def text(self) -> str:
        """What the widget says, plain."""
        k = self.iteration
        who = self.game.to_move(self.state)
        parts = [f"{_label(a)}: N {n}, Q {q:+.2f}, UCB {u:.2f}" for a, (u, q, n) in self.ucb.items()]
        best = "-" if self.best is None else _label(self.best)
        return (f"after {k:,} of {self.result.iterations:,} playouts (seed {self.seed}, c = {self.c:g}): "
                f"{len(self.stats):,} nodes; best move {best} ({who} to move). Root's moves: "
                + "; ".join(parts))

    @property
    def c(self) -> float:
        """The exploration constant (settable, 0 to 10: the search is run again)."""
        return self.c_box.value

    @c.setter
    def c(self, value):
        _check_c(value)
        self._set_box(self.c_box, value)

    @property
    def budget(self) -> int:
        """Playouts of the search (settable, 1 to 50,000: the search is run again)."""
        return self.budget_box.value

    @budget.setter
    def budget(self, value):
        _check_budget(value)
        self._set_box(self.budget_box, int(value))

    @all_or_nothing
    def _set_box(self, box, value):
        """Set a control from Python: the search is run again, and a failure leaves the widget whole."""
        self._quiet = True
        try:
            box.value = value
        finally:
            self._quiet = False
        self._search()
        self._show()

    # -- machinery ------------------------------------------------------------------------------------
    def _live_state(self) -> list:
        return [(self, "result"), (self, "game"), (self, "state"), (self, "stats"), (self, "ucb"),
                (self, "best"), (self, "png"), (self.position_menu, "value"), (self.c_box, "value"),
                (self.budget_box, "value"), (self.slider, "max"), (self.slider, "value"),
                (self.image, "value"), (self.text_html, "value")]

    @from_browser
    def _on_position(self, change):
        self._search()
        self._show()

    @from_browser
    def _on_slider(self, change):
        self._show()

    @from_browser
    def _on_button(self, button):
        if button.step is None:
            self.iteration = self.slider.max
        elif button.step == 0:
            self.iteration = 0
        else:
            self.step(button.step)

    def _search(self):
        if self.position_menu.value == "(given)":
            game, state = self._given
            state = game.initial_state if state is None else state
        else:
            game, state = preset(self.position_menu.value)
        budget = self.budget_box.value
        result = mcts(game, state, iterations=budget, c=self.c, seed=self.seed, trace=True)
        self.game, self.state, self.result = game, state, result
        quiet, self._quiet = self._quiet, True
        try:
            self.slider.max = budget
            self.slider.value = min(self.slider.value, budget)
        finally:
            self._quiet = quiet

    def _show(self):
        k = self.iteration
        self.stats = tree_statistics(self.result.trace, k)
        player = self.game.to_move(self.state)
        self.ucb = root_ucb(self.stats, player, self.c) if k else {}
        self.best = best_move(self.ucb, list(self.game.actions(self.state)))
        if self.draw:
            fig = Figure(figsize=FIGSIZE, dpi=DPI)
            axes = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.5, 1]})
            fig.subplots_adjust(left=0.01, right=0.97, bottom=0.13, top=0.84, wspace=0.15)
            draw_mcts(self.game, self.state, self.result.trace, k, c=self.c, axes=axes)
            self.png = png_bytes(fig)
            self.image.value = self.png
        board = html.escape(str(self.state))
        self.text_html.value = (f"<pre style='line-height:1.1;margin:0'>{board}</pre>"
                                f"<div>{html.escape(self.text)}</div>")



def _check_c(c) -> None:
    number("c", c, least=C_RANGE[0], most=C_RANGE[1], what="an exploration constant, a finite number")


def _check_budget(budget) -> None:
    whole("budget", budget, BUDGET_RANGE[0], BUDGET_RANGE[1], unit="playouts")
