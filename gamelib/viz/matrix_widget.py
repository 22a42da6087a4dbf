"""Payoff-matrix games, as pictures and as a widget (ipywidgets 8, JupyterLab 4).

* :func:`draw_best_responses`: a 2 × 2 game's best-response lines in the (q, p) square, p = P(row plays
  its first action), q = P(column plays its first): the row player's best reply to each q in red, the
  column player's to each p in blue; they cross at the Nash equilibria (black dots).
* :func:`draw_guarantee`: a zero-sum game with two rows: the row player's expected payoff against each
  column action as a line in p, their lower envelope (what revealing p first guarantees), its peak the
  LP value; CS221's "max over p of min(5p − 3, −7p + 4) = −1/12" for two-finger Morra.
* :func:`payoff_table_html`: the matrix as an HTML table, best replies underlined, pure equilibria
  starred.
* :class:`PayoffMatrixWidget`: edit a 2 × 2 or 3 × 3 game (or pick a classic) and see all of that, with
  every extreme Nash equilibrium (:func:`~gamelib.normal_form.nash_equilibria`), said to be "a segment
  from ... to ..." or "infinitely many" when they form a continuum, and, for a zero-sum game, its value
  and optimal strategies (by LP).

The widget computes with :mod:`gamelib.normal_form` only.  It can be driven without a browser:
``w.set_cell(0, 1, row=5)``, ``w.set_payoffs(row, col)``, ``w.preset = "prisoner's dilemma"``,
``w.size = 3``, ``w.zero_sum = True``; ``w.text`` says what it shows.  Payoffs are kept exactly as
typed ('1/3' is a third), so that a tie is a tie.  It is a
:class:`~gamelib.viz.live.LiveWidget`: an entry typed in the browser that cannot be used ('abc', 'nan',
'1/0') changes nothing and is refused with the reason shown in red inside the widget; the same from
Python raises an :class:`~gamelib.core.ArgumentError` and changes nothing.  Without a live kernel the
widget's text form says to run the cell.
"""
from __future__ import annotations

import html
import numbers
from fractions import Fraction

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from ..core import ArgumentError
from ..games.matrix_games import MATRIX_GAMES, MatrixGame
from ..trace import fmt_number
from ..normal_form import (MAX_PAYOFF, bimatrix, exact_matrix, expected_payoffs, nash_equilibria, payoff_rows,
                           pure_equilibria, pure_maximin, pure_minimax, solve_zero_sum, strategy)
from ..validate import flag
from .a11y import TABLE_CLASS
from .alt import Table, describe, joined, picture_html
from .drawing import DPI
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .live import LiveWidget, all_or_nothing, compact, from_browser

ROW_COLOR, COL_COLOR = "#c0392b", "#1f5fa8"
FIGSIZES = {1: (3.9, 3.5), 2: (7.8, 3.5)}
"""The widget's picture, one panel (the equilibria in words beside it) or two (best responses and the
guarantee; the words below), in inches: the whole widget fits a laptop's screen."""
NBSP = "\u00a0"             # a Button whose description is "" keeps its old label in the browser
CUSTOM = "custom"


def _fmt_strategy(x) -> str:
    return "(" + ", ".join(fmt_number(round(p, 12)) for p in x) + ")"


def _is_zero_sum(row_payoffs, col_payoffs) -> bool:
    """Does the column player get exactly −row (compared exactly, :func:`~gamelib.normal_form.exact_matrix`)?"""
    A, B = exact_matrix(row_payoffs, "row_payoffs"), exact_matrix(col_payoffs, "col_payoffs")
    return all(a == -b for ra, rb in zip(A, B) for a, b in zip(ra, rb))


def _action_labels(name, actions, count, who) -> list:
    """``actions`` as ``count`` labels (strings), else :class:`~gamelib.core.ArgumentError`."""
    if not isinstance(actions, (list, tuple)) or len(actions) != count \
            or any(not isinstance(a, str) for a in actions):
        raise ArgumentError(f"{name} must be {count} names (strings), one for each {who} action, got {actions!r}")
    return list(actions)


def _check_axes(ax):
    from matplotlib.axes import Axes
    if ax is not None and not isinstance(ax, Axes):
        raise ArgumentError(f"ax must be a matplotlib Axes (or None for a new figure), got {ax!r}")


def _check_title(title):
    if title is not None and not isinstance(title, str):
        raise ArgumentError(f"title must be a string (or None), got {title!r}")


# ---------------------------------------------------------------------------------------------------
# Static pictures
# ---------------------------------------------------------------------------------------------------

def draw_best_responses(row_payoffs, col_payoffs, ax=None, *, row_actions=("1", "2"),
                        col_actions=("1", "2"), title=None, equilibria=None):
    """The best-response lines of a 2 × 2 game and its Nash equilibria (see the module docstring):
    a dot at each extreme equilibrium and, where the game has infinitely many
    (:attr:`~gamelib.normal_form.Equilibria.continuum`), a thick grey segment or box over the rest.
    ``equilibria``: what :func:`~gamelib.normal_form.nash_equilibria` returns (computed if None).
    Returns the Axes."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    if A.shape != (2, 2):
        raise ArgumentError(f"best-response lines are drawn for 2×2 games, got {A.shape[0]}×{A.shape[1]}")
    row_actions = _action_labels("row_actions", row_actions, 2, "row")
    col_actions = _action_labels("col_actions", col_actions, 2, "column")
    _check_axes(ax)
    _check_title(title)
    if equilibria is None:
        equilibria = nash_equilibria(A, B)
    else:
        if not isinstance(equilibria, (list, tuple)):
            raise ArgumentError(f"equilibria must be a list of pairs (row_strategy, col_strategy), as "
                                f"nash_equilibria returns, got {equilibria!r}")
        for k, pair in enumerate(equilibria):
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ArgumentError(f"equilibria must be pairs (row_strategy, col_strategy), as "
                                    f"nash_equilibria returns; equilibria[{k}] is {pair!r}")
            strategy(pair[0], 2, f"equilibria[{k}]'s row strategy")
            strategy(pair[1], 2, f"equilibria[{k}]'s column strategy")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 4.4))
    # Row player: against q, row 1 is worth A00 q + A01 (1-q), row 2 A10 q + A11 (1-q).
    qs = np.linspace(0, 1, 401)
    A, B = _unit(A), _unit(B)                      # ties are judged the same at every scale
    gain_row = (A[0, 0] - A[1, 0]) * qs + (A[0, 1] - A[1, 1]) * (1 - qs)     # first row minus second
    gain_col = (B[0, 0] - B[0, 1]) * qs + (B[1, 0] - B[1, 1]) * (1 - qs)     # (here qs plays p)
    _br_line(ax, qs, gain_row, ROW_COLOR, f"row's best reply to q (p = P(row plays {row_actions[0]}))",
             vertical=False)
    _br_line(ax, qs, gain_col, COL_COLOR, f"column's best reply to p (q = P(col plays {col_actions[0]}))",
             vertical=True)
    for subset in getattr(equilibria, "nash_subsets", ()):      # a continuum: the segments or boxes
        if subset.kind != "point":
            qs = [float(y[0]) for y in subset.cols]
            ps = [float(x[0]) for x in subset.rows]
            if len(qs) > 1 and len(ps) > 1:                     # every mix against every mix: a box
                ax.fill_between([min(qs), max(qs)], min(ps), max(ps), facecolor=(0, 0, 0, 0.3), edgecolor="black",
                                lw=1, zorder=4)                   # edged: the grey alone is 2.1:1 on white
            else:                                                 # a segment
                ax.plot([min(qs), max(qs)], [min(ps), max(ps)], color="black", lw=6, alpha=0.5, zorder=4,
                        solid_capstyle="round")
    for x, y in equilibria:
        x, y = tuple(map(float, x)), tuple(map(float, y))
        ax.plot([y[0]], [x[0]], "o", color="black", ms=9, zorder=5)
        right = y[0] > 0.6                         # near the right edge: the label goes to the left
        ax.annotate(f"p={fmt_number(round(x[0], 12))}, q={fmt_number(round(y[0], 12))}", (y[0], x[0]),
                    xytext=(-6 if right else 6, -12 if x[0] > 0.9 else 6), textcoords="offset points",
                    ha="right" if right else "left", fontsize=8)
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel(f"q = P(column plays {col_actions[0]})")
    ax.set_ylabel(f"p = P(row plays {row_actions[0]})")
    ax.set_title(title or "best responses; dots: Nash equilibria", fontsize=9)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    ax.set_aspect("equal")
    points = joined(f"(p = {fmt_number(round(float(x[0]), 12))}, q = {fmt_number(round(float(y[0]), 12))})"
                    for x, y in equilibria)
    words = getattr(equilibria, "describe", None)
    describe(ax, f"Best responses of a 2 × 2 game, p = P(row plays {row_actions[0]}) up, q = P(column plays "
                 f"{col_actions[0]}) across. The row player's best reply p to each q (solid red line): "
                 f"{_reply_words(A[0, 0] - A[1, 0], A[0, 1] - A[1, 1], 'q', 'p')}. The column player's best reply "
                 f"q to each p (dashed blue line): {_reply_words(B[0, 0] - B[0, 1], B[1, 0] - B[1, 1], 'p', 'q')}. "
                 f"Nash equilibria (black dots, where the lines cross): {points}.",
             details=(words(),) if words is not None and equilibria.continuum else ())
    return ax


def _reply_words(at_one, at_zero, against: str, reply: str) -> str:
    """A best reply in words, when choosing the first action gains ``at_one`` more than the second
    against ``against`` = 1 and ``at_zero`` against 0 (linear between): 'q below 1/3: p = 0; q = 1/3:
    any p; q above 1/3: p = 1'."""
    def sign(g):
        return f"{reply} = 1" if g > 1e-12 else f"{reply} = 0" if g < -1e-12 else f"any {reply}"
    if abs(at_one) <= 1e-12 and abs(at_zero) <= 1e-12:
        return f"any {reply} against every {against}"
    if at_one * at_zero > 0:
        return f"{sign(at_one)} against every {against}"
    t = at_zero / (at_zero - at_one)                   # where the gain crosses 0
    cut = fmt_number(round(float(t), 12))
    parts = []
    if t > 1e-12:
        parts.append(f"{against} below {cut}: {sign(at_zero)}")
    parts.append(f"{against} = {cut}: any {reply}")
    if t < 1 - 1e-12:
        parts.append(f"{against} above {cut}: {sign(at_one)}")
    return "; ".join(parts)


def _unit(M):
    """M rescaled to [0, 1] (smallest payoff 0, largest 1)."""
    spread = M.max() - M.min()
    return (M - M.min()) / spread if spread else np.zeros_like(M)


def _br_line(ax, t, gain, color, label, vertical):
    """Draw a best-response correspondence: 1 where gain > 0, 0 where < 0, the whole segment where 0."""
    best = np.where(gain > 1e-12, 1.0, np.where(gain < -1e-12, 0.0, np.nan))
    xs, ys = [], []
    for k, (u, b) in enumerate(zip(t, best)):
        if np.isnan(b):                            # indifferent: every p (or q) is a best reply
            xs += [u, u, np.nan]
            ys += [0.0, 1.0, np.nan]
        else:
            if k and not np.isnan(best[k - 1]) and best[k - 1] != b:   # a jump between 0 and 1
                xs += [u, u]
                ys += [best[k - 1], b]
            xs.append(u)
            ys.append(b)
    xs, ys = (ys, xs) if vertical else (xs, ys)
    ax.plot(xs, ys, color=color, lw=2.5 if not vertical else 2.0, ls="-" if not vertical else "--",
            label=label, alpha=0.9)


def draw_guarantee(payoffs, ax=None, *, row_actions=("1", "2"), col_actions=None, title=None):
    """For a zero-sum game whose row player has two actions: its expected payoff against each column
    action as p = P(row plays its first action) goes from 0 to 1, the lower envelope (the guarantee
    of revealing p first) and its maximum, the LP value.  Returns the Axes."""
    A = np.asarray(bimatrix(payoffs, payoffs)[0])
    if A.shape[0] != 2:
        raise ArgumentError(f"the guarantee is drawn for a row player with two actions, got {A.shape[0]}")
    row_actions = _action_labels("row_actions", row_actions, 2, "row")
    col_actions = _action_labels("col_actions", tuple(str(j + 1) for j in range(A.shape[1]))
                                 if col_actions is None else col_actions, A.shape[1], "column")
    _check_axes(ax)
    _check_title(title)
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 3.4))
    p = np.linspace(0, 1, 201)
    lines = [A[0, j] * p + A[1, j] * (1 - p) for j in range(A.shape[1])]
    for j, line in enumerate(lines):
        a, b = A[0, j] - A[1, j], A[1, j]
        ax.plot(p, line, lw=1.2, label=f"column plays {col_actions[j]}: {fmt_number(a)}p "
                f"{'+' if b >= 0 else '−'} {fmt_number(abs(b))}")
    envelope = np.min(lines, axis=0)
    ax.plot(p, envelope, color="black", lw=3, alpha=0.5, label="guarantee: the lower envelope")   # 4.0:1 on white
    s = solve_zero_sum(A)
    ax.plot([s.row_strategy[0]], [s.value], "o", color="black", ms=8, zorder=5)
    ax.annotate(f"value {fmt_number(round(s.value, 12))} at p = {fmt_number(round(s.row_strategy[0], 12))}",
                (s.row_strategy[0], s.value), xytext=(-8 if s.row_strategy[0] > 0.4 else 8, -14),
                textcoords="offset points", ha="right" if s.row_strategy[0] > 0.4 else "left", fontsize=8)
    ax.set_xlabel(f"p = P(row plays {row_actions[0]})")
    ax.set_ylabel("row player's expected payoff")
    ax.set_title(title or "revealing the mixed strategy p first", fontsize=9)
    ax.legend(fontsize=7, frameon=False)
    describe(ax, f"The row player's expected payoff (up) against p = P(row plays {row_actions[0]}) (across), "
                 "one line for each column action: " + "; ".join(
                     f"column plays {col_actions[j]}: {fmt_number(A[0, j] - A[1, j])}p "
                     f"{'+' if A[1, j] >= 0 else '−'} {fmt_number(abs(A[1, j]))}, from {fmt_number(A[1, j])} at p = 0 "
                     f"to {fmt_number(A[0, j])} at p = 1" for j in range(A.shape[1]))
             + ". The thick grey line is their lower envelope, what revealing p guarantees; its highest point, "
               f"the dot, is the value {fmt_number(round(s.value, 12))} at p = "
               f"{fmt_number(round(s.row_strategy[0], 12))}.")
    return ax


def payoff_table_html(row_payoffs, col_payoffs, row_actions=None, col_actions=None) -> str:
    """The payoff matrix as HTML: each cell 'row payoff, column payoff'; a payoff is underlined where it
    is that player's best reply (to the other's action in that column or row), and a cell where both
    are (a pure Nash equilibrium) is shaded and starred."""
    A, B = exact_matrix(row_payoffs, "row_payoffs"), exact_matrix(col_payoffs, "col_payoffs")
    pure = set(pure_equilibria(A, B))                     # (checks that the shapes agree)
    m, n = len(A), len(A[0])
    row_actions = _action_labels("row_actions", [str(i + 1) for i in range(m)] if row_actions is None
                                 else row_actions, m, "row")
    col_actions = _action_labels("col_actions", [str(j + 1) for j in range(n)] if col_actions is None
                                 else col_actions, n, "column")
    head = "".join(f"<th scope='col' style='padding:1px 6px;color:{COL_COLOR}'>{html.escape(str(a))}</th>"
                   for a in col_actions)
    rows = []
    for i in range(m):
        cells = []
        for j in range(n):
            r = fmt_number(float(A[i][j]))
            c = fmt_number(float(B[i][j]))
            if A[i][j] == max(A[k][j] for k in range(m)):      # compared exactly: a tie is a tie
                r = f"<u>{r}</u>"
            if B[i][j] == max(B[i]):
                c = f"<u>{c}</u>"
            star = " ★" if (i, j) in pure else ""
            bg = "#fff3b0" if (i, j) in pure else "white"
            cells.append(f"<td style='padding:1px 6px;border:1px solid #ccc;background:{bg};"
                         f"text-align:center'><span style='color:{ROW_COLOR}'>{r}</span>, "
                         f"<span style='color:{COL_COLOR}'>{c}</span>{star}</td>")
        rows.append(f"<tr><th scope='row' style='padding:1px 6px;color:{ROW_COLOR}'>{html.escape(str(row_actions[i]))}"
                    f"</th>{''.join(cells)}</tr>")
    corner = ("<th scope='col' style='padding:1px 6px;font-weight:normal'><small>row \\ column</small></th>")
    return (f"<table style='border-collapse:collapse'><tr>{corner}{head}</tr>{''.join(rows)}</table>"
            "<div style='line-height:1.2'><small>row payoff, column payoff<br>underlined: a best reply<br>"
            "★ shaded: a pure Nash equilibrium</small></div>")


# ---------------------------------------------------------------------------------------------------
# The widget
# ---------------------------------------------------------------------------------------------------

class PayoffMatrixWidget(LiveWidget, widgets.VBox):
    """Edit a 2 × 2 or 3 × 3 simultaneous game and see its equilibria (an ipywidgets VBox: display it).

    ``PayoffMatrixWidget(game="two-finger Morra", *, draw=True)``: ``game`` is a preset name (see
    ``gamelib.games.MATRIX_GAMES``), a :class:`~gamelib.games.MatrixGame`, or None (two-finger Morra).

    Each cell holds two boxes, the row player's payoff and the column player's; type a number such as
    ``3``, ``-2.5`` or ``1/3`` and press Enter.  The widget is all or nothing (:mod:`gamelib.viz.live`):
    an entry it cannot use (``abc``, ``nan``, ``inf``) is refused, the reason shown in red above the
    controls and every box, table and picture left as it was.

    Attributes: ``row_payoffs``, ``col_payoffs`` (lists of lists of ints, Fractions or floats, as typed),
    ``row_actions``, ``col_actions``, ``equilibria`` (:func:`~gamelib.normal_form.nash_equilibria`, an
    :class:`~gamelib.normal_form.Equilibria`: ``equilibria.continuum`` and so on), ``solution``
    (:func:`~gamelib.normal_form.solve_zero_sum`, or None if the game is not zero-sum), ``text``,
    ``message`` (the error shown, '' if none), ``png`` (the plot).  Settable: ``preset``, ``size``
    (2 or 3), ``zero_sum``.  Methods: ``set_cell(i, j, row=None, col=None)``,
    ``set_payoffs(row_payoffs, col_payoffs)``, ``reset()``.  Called from Python, they raise on bad
    input (an :class:`~gamelib.core.ArgumentError` naming the problem) and change nothing.
    """

    def __init__(self, game=None, *, draw: bool = True):
        flag("draw", draw)
        game = "two-finger Morra" if game is None else game
        if isinstance(game, MatrixGame):
            game_name = CUSTOM
            shape = (len(game.row_payoffs), len(game.row_payoffs[0]))
            if shape not in ((2, 2), (3, 3)):
                raise ArgumentError(f"the widget edits 2×2 and 3×3 games, got {game.name!r}, "
                                    f"{shape[0]}×{shape[1]}")
        elif isinstance(game, str) and game in MATRIX_GAMES:
            game, game_name = MATRIX_GAMES[game], game
        else:
            raise ArgumentError(f"game must be one of {list(MATRIX_GAMES)} or a MatrixGame, got {game!r}")
        self._init_live()
        with self.quietly():      # building: the observers wait for the student
            self.draw, self.png = bool(draw), b""
            self.row_cells, self.col_cells, self.row_labels, self.col_labels = [], [], [], []
            self._cell_at = {}
            self.preset_menu = widgets.Dropdown(options=list(MATRIX_GAMES) + [CUSTOM], description="game",
                                                layout=widgets.Layout(width="330px"))
            self.size_toggle = widgets.ToggleButtons(options=[("2 × 2", 2), ("3 × 3", 3)],
                                                     style={"button_width": "70px"})
            self.zero_sum_box = widgets.Checkbox(description="zero-sum (column gets −row)", indent=False,
                                                 layout=widgets.Layout(width="auto"))
            self.reset_button = widgets.Button(description="reset", icon="undo",
                                               tooltip="back to the preset's payoffs",
                                               layout=widgets.Layout(width="90px"))
            # The boxes of both sizes are made once, and the toggle shows one grid or the other: making
            # eighteen boxes at every 3 × 3 (and the browser drawing them) took most of half a second.
            self._grids = {n: self._build_grid(n) for n in (2, 3)}
            self.grid = self._grids[2]["box"]
            self.table_html = widgets.HTML()
            self.result_html = widgets.HTML(layout=widgets.Layout(flex="1 1 300px"))
            self.image = widgets.HTML(layout=widgets.Layout(max_width="100%", flex="0 0 auto"))  # <img alt>
            key = widgets.HTML(compact(f"<small>Each cell: <span style='color:{ROW_COLOR}'>row player's payoff</span>, "
                               f"<span style='color:{COL_COLOR}'>column player's payoff</span>;<br>type a number "
                               "(3, -2.5, 1/3), then Enter.</small>"))
            # Three rows, each what it changes beside what changes it: the controls; the boxes and the
            # table they make; the picture and the equilibria in words.
            super().__init__([self.message_html,
                              widgets.HBox([self.preset_menu, self.size_toggle, self.zero_sum_box,
                                            self.reset_button],
                                           layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                              widgets.HBox([widgets.VBox([key] + [g["box"] for g in self._grids.values()],
                                                         layout=widgets.Layout(margin="0 16px 0 0", width="auto",
                                                                               flex="0 0 auto")),
                                            self.table_html],
                                           layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
                              self.status_line,
                              widgets.HBox([self.image, self.result_html],
                                           layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                 grid_gap="0 12px"))])
            self.preset_menu.observe(self._on_preset, "value")
            self.size_toggle.observe(self._on_size, "value")
            self.zero_sum_box.observe(self._on_zero_sum, "value")
            self.reset_button.on_click(self._on_reset)
            self._game = game
            self._load_game(self._game)
            self.preset_menu.value = game_name
        self._refresh()

    def __repr__(self):
        return "PayoffMatrixWidget: a live widget; run the cell in JupyterLab to edit the game"

    # -- public API ------------------------------------------------------------------------------
    @property
    def preset(self) -> str:
        """The classic game shown ('custom' once edited); settable."""
        return self.preset_menu.value

    @preset.setter
    def preset(self, name):
        self._whole(self._choose_preset, name)

    @property
    def size(self) -> int:
        """2 or 3 actions a player; settable (new cells are 0)."""
        return len(self.row_payoffs)

    @size.setter
    def size(self, n):
        self._whole(self._choose_size, n)

    @property
    def zero_sum(self) -> bool:
        """Does the column player get −row (its boxes then follow the row player's)?  Settable."""
        return self.zero_sum_box.value

    @zero_sum.setter
    def zero_sum(self, value):
        self._whole(self._choose_zero_sum, flag("zero_sum", value))

    @property
    def error(self) -> str:
        """The error shown inside the widget ('' if none); the same as ``message``."""
        return self.message

    def set_cell(self, i: int, j: int, row=None, col=None) -> str:
        """Change the payoffs of cell (i, j) (counted from 0): the row player's to ``row``, the column
        player's to ``col``, each a number or a string such as '1/3'; at least one of them.  In a
        zero-sum game the column player's payoff follows (it is −row): a ``col`` other than −row is
        refused (set ``zero_sum = False`` first).  Returns ``text``."""
        return self._whole(self._edit_cell, i, j, row, col)

    def set_payoffs(self, row_payoffs, col_payoffs=None) -> str:
        """Show this game (``col_payoffs`` None: zero-sum, the column player gets −row; otherwise the
        zero-sum box follows the payoffs).  Returns ``text``."""
        return self._whole(self._apply, row_payoffs, col_payoffs, True)

    def reset(self) -> str:
        """Back to the payoffs of the preset last chosen.  Returns ``text``."""
        return self._whole(self._reset)

    @property
    def text(self) -> str:
        """What the widget shows, in words."""
        lines = [f"{self._title()}", MatrixGame("", tuple(self.row_actions), tuple(self.col_actions),
                                                tuple(map(tuple, self.row_payoffs)),
                                                tuple(map(tuple, self.col_payoffs))).table()]
        lines += self._result_lines()
        return "\n".join(lines)

    # -- all or nothing ----------------------------------------------------------------------------
    @all_or_nothing
    def _whole(self, update, *args) -> str:
        """A Python call: run ``update`` and redraw; if it fails, everything is put back and the error
        raised (:func:`~gamelib.viz.live.all_or_nothing`)."""
        self.say("")
        update(*args)
        self._refresh()
        return self.text

    @from_browser
    def _on_preset(self, change):
        self._choose_preset(change["new"])
        self._refresh()

    @from_browser
    def _on_size(self, change):
        self._choose_size(change["new"])
        self._refresh()

    @from_browser
    def _on_zero_sum(self, change):
        self._choose_zero_sum(change["new"])
        self._refresh()

    @from_browser
    def _on_reset(self, button):
        self._reset()
        self._refresh()

    @from_browser
    def _on_cell(self, change):
        """A box typed in (Enter): use it, or show the old value again, and why not."""
        i, j, who = self._cell_at[id(change["owner"])]
        self._edit_cell(i, j, *((change["new"], None) if who == "row" else (None, change["new"])))
        self._refresh()

    # -- updates (each may raise before or after changing things: the callers restore) ---------------
    def _choose_preset(self, name):
        if not isinstance(name, str) or (name != CUSTOM and name not in MATRIX_GAMES):
            raise ArgumentError(f"preset must be one of {list(MATRIX_GAMES) + [CUSTOM]}, not {name!r}")
        self._load(name)
        self.set_quietly(self.preset_menu, "value", name)

    def _choose_size(self, n):
        if not isinstance(n, numbers.Integral) or isinstance(n, (bool, np.bool_)) or n not in (2, 3):
            raise ArgumentError(f"size must be 2 or 3 (actions a player), not {n!r}")
        n = int(n)
        self._resize(n)

    def _choose_zero_sum(self, flag):
        self.set_quietly(self.zero_sum_box, "value", flag)
        if flag:
            self._set_matrices(self.row_payoffs, [[0 - v for v in r] for r in self.row_payoffs])
        else:
            self._set_matrices(self.row_payoffs, self.col_payoffs)

    def _reset(self):
        name = self._game.name if MATRIX_GAMES.get(self._game.name) is self._game else CUSTOM
        self._load(name)
        self.set_quietly(self.preset_menu, "value", name)

    def _edit_cell(self, i, j, row, col):
        n = self.size
        if not all(isinstance(k, numbers.Integral) and not isinstance(k, (bool, np.bool_)) and 0 <= k < n
                   for k in (i, j)):
            raise ArgumentError(f"no cell ({i!r}, {j!r}) in a {n}×{n} game: rows and columns are whole "
                                f"numbers from 0 to {n - 1}")
        i, j = int(i), int(j)
        if row is None and col is None:
            raise ArgumentError("set_cell needs row= or col=: the payoff to put in the cell")
        new_row = [list(r) for r in self.row_payoffs]
        new_col = [list(r) for r in self.col_payoffs]
        where = f"({self.row_actions[i]}, {self.col_actions[j]})"
        if row is not None:
            new_row[i][j] = parse_payoff(row, f"the row player's payoff in cell {where}")
        if col is not None:
            new_col[i][j] = parse_payoff(col, f"the column player's payoff in cell {where}")
            if self.zero_sum and new_col[i][j] != -new_row[i][j]:
                raise ArgumentError(f"the column player's payoff in cell {where} is {col!r}, but the game is "
                                    f"zero-sum: it is −row ({fmt_number(-float(new_row[i][j]))}); set "
                                    "zero_sum = False first to edit it apart")
        self._apply(new_row, None if self.zero_sum else new_col)

    def _load_game(self, game: MatrixGame):
        n = len(game.row_payoffs)
        self.row_actions, self.col_actions = list(game.row_actions), list(game.col_actions)
        self.set_quietly(self.size_toggle, "value", n if n in (2, 3) else 2)
        self.set_quietly(self.zero_sum_box, "value", game.zero_sum)
        self._set_matrices([list(r) for r in game.row_payoffs], [list(r) for r in game.col_payoffs])

    def _load(self, name):
        game = self._game if name == CUSTOM else MATRIX_GAMES[name]
        if name != CUSTOM:
            self._game = game
        self._load_game(game)

    def _apply(self, row_payoffs, col_payoffs, follow=False):
        A = payoff_rows(row_payoffs, "row_payoffs")
        B = [[0 - v for v in r] for r in A] if col_payoffs is None else payoff_rows(col_payoffs, "col_payoffs")
        bimatrix(A, B)                                   # the same shape
        if len(A) != len(A[0]) or len(A) not in (2, 3):
            raise ArgumentError(f"the widget edits 2×2 and 3×3 games, got {len(A)}×{len(A[0])}")
        n = len(A)
        if follow:                                       # set_payoffs: the box says what the game is
            self.set_quietly(self.zero_sum_box, "value", _is_zero_sum(A, B))
        if n != self.size_toggle.value:
            self.set_quietly(self.size_toggle, "value", n)
            self.row_actions = _names(self.row_actions, n, "R")
            self.col_actions = _names(self.col_actions, n, "C")
        self.set_quietly(self.preset_menu, "value", CUSTOM)
        self._set_matrices(A, B)

    def _resize(self, n):
        old_row, old_col = self.row_payoffs, self.col_payoffs
        row = [[old_row[i][j] if i < len(old_row) and j < len(old_row) else 0 for j in range(n)]
               for i in range(n)]
        col = [[old_col[i][j] if i < len(old_col) and j < len(old_col) else 0 for j in range(n)]
               for i in range(n)]
        self.row_actions, self.col_actions = _names(self.row_actions, n, "R"), _names(self.col_actions, n, "C")
        self.set_quietly(self.size_toggle, "value", n)
        self.set_quietly(self.preset_menu, "value", CUSTOM)
        self._set_matrices(row, col)

    def _set_matrices(self, row, col):
        """Show these payoffs in the cells (checked first; kept exactly as given, ints, Fractions or
        floats).  The cells are made once per size and then updated in place, so typing keeps its place."""
        A, B = payoff_rows(row, "row_payoffs"), payoff_rows(col, "col_payoffs")
        bimatrix(A, B)                                   # the same shape
        n = len(A)
        if len(self.row_cells) != n or self.grid.layout.display == "none":
            self._show_grid(n)
        with self.quietly():
            for label, name in zip(self.col_labels, self.col_actions):
                label.value = f"<b style='color:{COL_COLOR}'>{html.escape(str(name))}</b>"
            for label, name in zip(self.row_labels, self.row_actions):
                label.value = f"<b style='color:{ROW_COLOR}'>{html.escape(str(name))}</b>"
            for i in range(n):
                for j in range(n):
                    self.row_cells[i][j].value = _cell_text(A[i][j])
                    self.col_cells[i][j].value = _cell_text(B[i][j])
                    for who, box in (("row", self.row_cells[i][j]), ("column", self.col_cells[i][j])):
                        box.tooltip = _cell_tooltip(who, self.row_actions[i], self.col_actions[j])
                    self.col_cells[i][j].disabled = self.zero_sum_box.value
        self.row_payoffs, self.col_payoffs = [list(r) for r in A], [list(r) for r in B]

    def _build_grid(self, n) -> dict:
        """The boxes of an n × n game, once: a GridBox (hidden until shown) of column names, row names,
        and each cell's two payoff boxes."""
        grid = {"col_labels": [widgets.HTML() for _ in range(n)], "row_labels": [widgets.HTML() for _ in range(n)],
                "row_cells": [[_cell_box("row") for _ in range(n)] for _ in range(n)],
                "col_cells": [[_cell_box("column") for _ in range(n)] for _ in range(n)]}
        children = [widgets.HTML("")] + grid["col_labels"]
        for i in range(n):
            children.append(grid["row_labels"][i])
            for j in range(n):
                for who, box in (("row", grid["row_cells"][i][j]), ("col", grid["col_cells"][i][j])):
                    self._cell_at[id(box)] = (i, j, who)
                    box.observe(self._on_cell, "value")
                children.append(widgets.HBox([grid["row_cells"][i][j], grid["col_cells"][i][j]]))
        grid["box"] = widgets.GridBox(children, layout=widgets.Layout(
            grid_gap="4px 8px", grid_template_columns=f"80px repeat({n}, 136px)", display="none",
            width=f"{80 + 144 * n}px"))
        grid["box"].add_class(TABLE_CLASS)     # a table of payoffs: it scrolls in its own box when narrow
        return grid

    def _show_grid(self, n):
        """Show the boxes of an n × n game (the other size's hidden)."""
        grid = self._grids[n]
        for m, other in self._grids.items():
            other["box"].layout.display = None if m == n else "none"
        self.grid = grid["box"]
        self.row_cells, self.col_cells = grid["row_cells"], grid["col_cells"]
        self.row_labels, self.col_labels = grid["row_labels"], grid["col_labels"]

    def _title(self) -> str:
        name = self.preset_menu.value if self.preset_menu.value != CUSTOM else self._game.name + " (edited)"
        return f"{name}: {'zero-sum' if self.zero_sum_box.value else 'not zero-sum'}"

    def _compute(self):
        A, B = self.row_payoffs, self.col_payoffs           # exact, as typed: ties are ties
        self.equilibria = nash_equilibria(A, B)
        self.solution = solve_zero_sum(A) if _is_zero_sum(A, B) else None

    def _result_lines(self) -> list:
        """The equilibria (every extreme one, with both payoffs; a continuum said so) and, for a zero-sum
        game, its value."""
        A, B = self.row_payoffs, self.col_payoffs
        eq = self.equilibria

        def pair(x, y):
            return f"row {_fmt_strategy(x)}, column {_fmt_strategy(y)}"

        sets = [s for s in eq.nash_subsets if s.kind != "point"]
        one_segment = len(eq.nash_subsets) == 1 and sets[0].kind == "segment" if sets else False
        if not eq.continuum:
            lines = [f"Nash equilibria ({len(eq)}):"]
        elif one_segment:
            (a, b), (c, d) = sets[0].ends()
            lines = [f"Nash equilibria: a segment from {pair(a, b)} to {pair(c, d)}, infinitely many; "
                     "its ends:"]
        else:
            lines = [f"Nash equilibria: infinitely many, {len(eq)} extreme ones:"]
        for x, y in eq:
            u, v = expected_payoffs(A, B, x, y)
            lines.append(f"  {pair(x, y)}: payoffs {fmt_number(round(u, 12))}, {fmt_number(round(v, 12))}")
        for s in ([] if one_segment else sets):
            if s.kind == "segment":
                (a, b), (c, d) = s.ends()
                lines.append(f"  and every point of the segment from {pair(a, b)} to {pair(c, d)}")
            else:
                lines.append(f"  and every mix of row {' and '.join(map(_fmt_strategy, s.rows))} against "
                             f"every mix of column {' and '.join(map(_fmt_strategy, s.cols))}")
        if self.solution is not None:
            s = self.solution
            lines.append(f"zero-sum value (LP): {fmt_number(round(s.value, 12))} for the row player, "
                         f"row plays {_fmt_strategy(s.row_strategy)}, column {_fmt_strategy(s.col_strategy)}")
            lines.append(f"revealing a pure action first: row guarantees {fmt_number(pure_maximin(A)[0])}, "
                         f"column holds row to {fmt_number(pure_minimax(A)[0])}")
        return lines

    def _refresh(self):
        self._compute()
        self.table_html.value = payoff_table_html(self.row_payoffs, self.col_payoffs, self.row_actions,
                                                  self.col_actions)
        lines = self._result_lines()
        self.result_html.value = compact(f"<b>{html.escape(self._title())}</b><br>" + "<br>".join(
            html.escape(line).replace("  ", "&nbsp;&nbsp;") for line in lines))
        if self.draw:
            self.png = self._plot()
            self.image.value = picture_html(self.png, long=False, fit=True)   # the lines under it say the rest
        self.announce(compact(f"<b>{html.escape(self._title())}</b>: " + html.escape(lines[0] if lines else "")))

    def _plot(self) -> bytes:
        return png_with_words(self._figure())

    def _figure(self) -> Figure:
        """The picture: best responses (and the guarantee) of a 2 × 2 game, the equilibria's mixes of
        a 3 × 3 one."""
        n = self.size
        zero_sum = self.solution is not None
        panels = 2 if (n == 2 and zero_sum) else 1
        fig = Figure(figsize=FIGSIZES[panels], dpi=DPI)
        # Fixed margins (tight_layout would draw the figure twice, doubling the time of every edit).
        fig.subplots_adjust(left=0.13 / panels + 0.02, right=0.98, bottom=0.28, top=0.92, wspace=0.3)
        axes = fig.subplots(1, panels, squeeze=False)[0]
        if n == 2:
            draw_best_responses(self.row_payoffs, self.col_payoffs, axes[0], row_actions=self.row_actions,
                                col_actions=self.col_actions, equilibria=self.equilibria)
            if zero_sum:
                draw_guarantee(self.row_payoffs, axes[1], row_actions=self.row_actions,
                               col_actions=self.col_actions)
        else:
            _draw_strategies(axes[0], self.equilibria, self.row_actions, self.col_actions)
        return fig


def parse_payoff(value, what: str = "a payoff"):
    """A payoff typed into the widget, read exactly: text such as '3', '-2.5', '−1/12' or '1e3' as the
    fraction it spells (an int if whole: '1/3' is exactly a third), a number (int, float, Fraction) as
    it is.  Anything else (empty, 'abc', 'nan', 'inf', True, a payoff larger than 1e15) is an
    :class:`~gamelib.core.ArgumentError` naming it."""
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        number = value
    elif isinstance(value, str):
        try:
            number = Fraction(value.strip().replace("\u2212", "-"))
        except (ValueError, ZeroDivisionError):
            raise ArgumentError(f"{what} is {value!r}: type a number such as 3, -2.5 or 1/3") from None
        number = int(number) if number.denominator == 1 else number
    else:
        raise ArgumentError(f"{what} is {value!r}: type a number such as 3, -2.5 or 1/3")
    try:
        return payoff_rows([[number]])[0][0]
    except ArgumentError:
        raise ArgumentError(f"{what} is {value!r}: payoffs must be finite numbers of size at most "
                            f"{MAX_PAYOFF:.0e}") from None


def _cell_text(x) -> str:
    """A payoff as its box shows it (a plain minus sign, so that it can be typed back)."""
    return fmt_number(float(x)).replace("\u2212", "-")


def _cell_tooltip(who: str, row_action, col_action) -> str:
    """The name of a payoff box: whose payoff, in which cell (what a screen reader says of it)."""
    return (f"the {who} player's payoff when row plays {row_action} and column plays {col_action}: "
            "a number such as 3, -2.5 or 1/3; Enter")


def _cell_box(who: str):
    return widgets.Text(continuous_update=False, layout=widgets.Layout(width="64px"),
                        tooltip=f"the {who} player's payoff: a number such as 3, -2.5 or 1/3; Enter")


def _names(names, n, side: str) -> list:
    """``names`` for ``n`` actions: the first kept, a new one named by its side and number ('R3', 'C3':
    a bare '3' would read as a payoff)."""
    return [names[k] if k < len(names) else f"{side}{k + 1}" for k in range(n)]


def _draw_strategies(ax, equilibria, row_actions, col_actions):
    """Each equilibrium's mixed strategies as stacked bars (3 × 3 games): the row player's (red, left)
    and the column player's (blue, right), one shade per action, named in the key underneath; each
    share written on its part of the bar, where it fits."""
    k = len(equilibria)
    xs = np.arange(k)
    handles = []
    for who, offset, actions, color in (("row", -0.2, row_actions, ROW_COLOR), ("col", 0.2, col_actions,
                                                                             COL_COLOR)):
        bottom = np.zeros(k)
        for a, action in enumerate(actions):
            shade = 0.35 + 0.2 * a
            heights = np.array([float(e[0 if who == "row" else 1][a]) for e in equilibria])
            ax.bar(xs + offset, heights, 0.36, bottom=bottom, facecolor=to_rgba(color, shade), edgecolor=color)
            for x, h, b in zip(xs, heights, bottom):
                if h > 0.06:
                    ax.text(x + offset, b + h / 2, fmt_number(round(h, 12)), ha="center", va="center", fontsize=7)
            bottom += heights
            handles.append(Patch(facecolor=to_rgba(color, shade), edgecolor=color,
                                 label=f"{'row' if who == 'row' else 'column'}: {action}"))
    ax.set_xticks(xs, [f"eq. {i + 1}" for i in range(k)])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("probability")
    ax.set_title("equilibria: row (red, left), column (blue, right)", fontsize=8)
    rows = [h for h in handles if h.get_label().startswith("row")]
    cols = [h for h in handles if not h.get_label().startswith("row")]
    ax.legend(handles=rows + cols, ncol=2, fontsize=7, frameon=False,
              loc="upper center", bbox_to_anchor=(0.5, -0.09), handlelength=1.2, columnspacing=1.0)

    def mix(strategy, actions):
        return ", ".join(f"{action} {fmt_number(round(float(x), 12))}" for action, x in zip(actions, strategy))
    describe(ax, "Stacked bars, one shade per action, of the mixed strategies at "
                 + ("the Nash equilibrium: " if k == 1 else f"each of the {k} Nash equilibria: ")
                 + "; ".join(f"eq. {i + 1}: row plays {mix(e[0], row_actions)}, column plays {mix(e[1], col_actions)}"
                             for i, e in enumerate(equilibria)) + ".",
             details=[Table(["equilibrium"] + [f"row: {a}" for a in row_actions]
                            + [f"column: {a}" for a in col_actions],
                            [[f"eq. {i + 1}"] + [fmt_number(round(float(x), 12)) for x in (*e[0], *e[1])]
                             for i, e in enumerate(equilibria)], caption="each equilibrium's probabilities")])
