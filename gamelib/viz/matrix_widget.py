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
  every Nash equilibrium and, for a zero-sum game, its value and optimal strategies (by LP).

The widget computes with :mod:`gamelib.normal_form` only.  It can be driven without a browser:
``w.set_cell(0, 1, row=5)``, ``w.set_payoffs(row, col)``, ``w.preset = "prisoner's dilemma"``,
``w.size = 3``, ``w.zero_sum = True``; ``w.text`` says what it shows.  An edit that cannot be used (a
NaN, a ragged matrix) changes nothing and shows the error.  Without a live kernel the widget shows
as text telling you to run the cell.
"""
from __future__ import annotations

import html
import io

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from ..games.matrix_games import MATRIX_GAMES, MatrixGame
from ..normal_form import (bimatrix, expected_payoffs, nash_equilibria, pure_equilibria, pure_maximin,
                           pure_minimax, solve_zero_sum)
from .maxn import fmt_number

ROW_COLOR, COL_COLOR = "#c0392b", "#1f5fa8"
NBSP = "\u00a0"             # a Button whose description is "" keeps its old label in the browser
CUSTOM = "custom"
DPI = 90


def _fmt_strategy(x) -> str:
    return "(" + ", ".join(fmt_number(round(p, 12)) for p in x) + ")"


def _is_zero_sum(A, B) -> bool:
    return bool(np.allclose(A, -B, atol=1e-12))


# ---------------------------------------------------------------------------------------------------
# Static pictures
# ---------------------------------------------------------------------------------------------------

def draw_best_responses(row_payoffs, col_payoffs, ax=None, *, row_actions=("1", "2"),
                        col_actions=("1", "2"), title=None, equilibria=None):
    """The best-response lines of a 2 × 2 game and its Nash equilibria (see the module docstring).
    Returns the Axes."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    if A.shape != (2, 2):
        raise ValueError(f"best-response lines are drawn for 2×2 games, got {A.shape[0]}×{A.shape[1]}")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 4.4))
    # Row player: against q, row 1 is worth A00 q + A01 (1-q), row 2 A10 q + A11 (1-q).
    qs = np.linspace(0, 1, 401)
    gain_row = (A[0, 0] - A[1, 0]) * qs + (A[0, 1] - A[1, 1]) * (1 - qs)     # first row minus second
    gain_col = (B[0, 0] - B[0, 1]) * qs + (B[1, 0] - B[1, 1]) * (1 - qs)     # (here qs plays p)
    _br_line(ax, qs, gain_row, ROW_COLOR, f"row's best reply to q (p = P(row plays {row_actions[0]}))",
             vertical=False)
    _br_line(ax, qs, gain_col, COL_COLOR, f"column's best reply to p (q = P(col plays {col_actions[0]}))",
             vertical=True)
    for x, y in (nash_equilibria(A, B) if equilibria is None else equilibria):
        ax.plot([y[0]], [x[0]], "o", color="black", ms=9, zorder=5)
        ax.annotate(f"p={fmt_number(round(x[0], 12))}, q={fmt_number(round(y[0], 12))}", (y[0], x[0]),
                    xytext=(6, 6), textcoords="offset points", fontsize=8)
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel(f"q = P(column plays {col_actions[0]})")
    ax.set_ylabel(f"p = P(row plays {row_actions[0]})")
    ax.set_title(title or "best responses; dots: Nash equilibria", fontsize=9)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    ax.set_aspect("equal")
    return ax


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
        raise ValueError(f"the guarantee is drawn for a row player with two actions, got {A.shape[0]}")
    col_actions = col_actions or tuple(str(j + 1) for j in range(A.shape[1]))
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 3.4))
    p = np.linspace(0, 1, 201)
    lines = [A[0, j] * p + A[1, j] * (1 - p) for j in range(A.shape[1])]
    for j, line in enumerate(lines):
        a, b = A[0, j] - A[1, j], A[1, j]
        ax.plot(p, line, lw=1.2, label=f"column plays {col_actions[j]}: {fmt_number(a)}p "
                f"{'+' if b >= 0 else '−'} {fmt_number(abs(b))}")
    envelope = np.min(lines, axis=0)
    ax.plot(p, envelope, color="black", lw=3, alpha=0.35, label="guarantee: the lower envelope")
    s = solve_zero_sum(A)
    ax.plot([s.row_strategy[0]], [s.value], "o", color="black", ms=8, zorder=5)
    ax.annotate(f"value {fmt_number(round(s.value, 12))} at p = {fmt_number(round(s.row_strategy[0], 12))}",
                (s.row_strategy[0], s.value), xytext=(8, -14), textcoords="offset points", fontsize=8)
    ax.set_xlabel(f"p = P(row plays {row_actions[0]})")
    ax.set_ylabel("row player's expected payoff")
    ax.set_title(title or "revealing the mixed strategy p first", fontsize=9)
    ax.legend(fontsize=7, frameon=False)
    return ax


def payoff_table_html(row_payoffs, col_payoffs, row_actions=None, col_actions=None) -> str:
    """The payoff matrix as HTML: each cell 'row payoff, column payoff'; a payoff is underlined where it
    is that player's best reply (to the other's action in that column or row), and a cell where both
    are (a pure Nash equilibrium) is shaded and starred."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    m, n = A.shape
    row_actions = row_actions or [str(i + 1) for i in range(m)]
    col_actions = col_actions or [str(j + 1) for j in range(n)]
    pure = set(pure_equilibria(A, B))
    head = "".join(f"<th style='padding:2px 10px;color:{COL_COLOR}'>{html.escape(str(a))}</th>"
                   for a in col_actions)
    rows = []
    for i in range(m):
        cells = []
        for j in range(n):
            r = fmt_number(A[i, j])
            c = fmt_number(B[i, j])
            if A[i, j] >= A[:, j].max() - 1e-9:
                r = f"<u>{r}</u>"
            if B[i, j] >= B[i, :].max() - 1e-9:
                c = f"<u>{c}</u>"
            star = " ★" if (i, j) in pure else ""
            bg = "#fff3b0" if (i, j) in pure else "white"
            cells.append(f"<td style='padding:2px 10px;border:1px solid #ccc;background:{bg};"
                         f"text-align:center'><span style='color:{ROW_COLOR}'>{r}</span>, "
                         f"<span style='color:{COL_COLOR}'>{c}</span>{star}</td>")
        rows.append(f"<tr><th style='padding:2px 10px;color:{ROW_COLOR}'>{html.escape(str(row_actions[i]))}"
                    f"</th>{''.join(cells)}</tr>")
    return (f"<table style='border-collapse:collapse'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
            "<small>row payoff, column payoff · underlined: a best reply · ★ shaded: a pure Nash "
            "equilibrium</small>")


# ---------------------------------------------------------------------------------------------------
# The widget
# ---------------------------------------------------------------------------------------------------

class PayoffMatrixWidget(widgets.VBox):
    """Edit a 2 × 2 or 3 × 3 simultaneous game and see its equilibria (an ipywidgets VBox: display it).

    ``PayoffMatrixWidget(game="two-finger Morra", *, draw=True)``: ``game`` is a preset name (see
    ``gamelib.games.MATRIX_GAMES``), a :class:`~gamelib.games.MatrixGame`, or None (two-finger Morra).

    Attributes: ``row_payoffs``, ``col_payoffs`` (lists of lists), ``row_actions``, ``col_actions``,
    ``equilibria`` (:func:`~gamelib.normal_form.nash_equilibria`), ``solution``
    (:func:`~gamelib.normal_form.solve_zero_sum`, or None if the game is not zero-sum), ``text``,
    ``error``, ``png`` (the plot).  Settable: ``preset``, ``size`` (2 or 3), ``zero_sum``.  Methods:
    ``set_cell(i, j, row=None, col=None)``, ``set_payoffs(row_payoffs, col_payoffs)``, ``reset()``.
    """

    def __init__(self, game=None, *, draw: bool = True):
        self._quiet = True
        self.draw, self.error, self.png = draw, "", b""
        self.row_cells, self.col_cells, self.row_labels, self.col_labels = [], [], [], []
        self.preset_menu = widgets.Dropdown(options=list(MATRIX_GAMES) + [CUSTOM], description="game",
                                            layout=widgets.Layout(width="330px"))
        self.size_toggle = widgets.ToggleButtons(options=[("2 × 2", 2), ("3 × 3", 3)],
                                                 style={"button_width": "70px"})
        self.zero_sum_box = widgets.Checkbox(description="zero-sum (column gets −row)", indent=False)
        self.reset_button = widgets.Button(description="reset", icon="undo",
                                           tooltip="back to the preset's payoffs",
                                           layout=widgets.Layout(width="90px"))
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="4px 10px"))
        self.table_html = widgets.HTML()
        self.result_html = widgets.HTML()
        self.error_html = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        key = widgets.HTML(f"<small>Each cell: <span style='color:{ROW_COLOR}'>row player's payoff</span>, "
                           f"<span style='color:{COL_COLOR}'>column player's payoff</span>.</small>")
        super().__init__([widgets.HBox([self.preset_menu, self.size_toggle, self.zero_sum_box,
                                        self.reset_button]),
                          key, self.grid, self.error_html,
                          widgets.HBox([widgets.VBox([self.table_html, self.result_html],
                                                     layout=widgets.Layout(margin="0 16px 0 0")),
                                        self.image])])
        self.preset_menu.observe(lambda ch: self._guarded(self._load, ch["new"]), "value")
        self.size_toggle.observe(lambda ch: self._guarded(self._resize, ch["new"]), "value")
        self.zero_sum_box.observe(lambda ch: self._guarded(self._set_zero_sum, ch["new"]), "value")
        self.reset_button.on_click(lambda _: self.reset())
        game = "two-finger Morra" if game is None else game
        if isinstance(game, MatrixGame):
            self._game = game
            name = CUSTOM
        elif game in MATRIX_GAMES:
            self._game, name = MATRIX_GAMES[game], game
        else:
            raise ValueError(f"game must be one of {list(MATRIX_GAMES)} or a MatrixGame, got {game!r}")
        self._load_game(self._game)
        self.preset_menu.value = name
        self._quiet = False
        self._refresh()

    def __repr__(self):
        return "PayoffMatrixWidget: a live widget; run the cell in JupyterLab to edit the game"

    # -- public API ------------------------------------------------------------------------------
    @property
    def preset(self) -> str:
        return self.preset_menu.value

    @preset.setter
    def preset(self, name):
        self.preset_menu.value = name

    @property
    def size(self) -> int:
        return len(self.row_payoffs)

    @size.setter
    def size(self, n):
        self.size_toggle.value = n

    @property
    def zero_sum(self) -> bool:
        return self.zero_sum_box.value

    @zero_sum.setter
    def zero_sum(self, flag):
        self.zero_sum_box.value = bool(flag)

    def set_cell(self, i: int, j: int, row=None, col=None) -> str:
        """Change the payoffs of cell (i, j): the row player's to ``row``, the column player's to ``col``
        (ignored in a zero-sum game, where it is −row).  Returns ``text`` (or the error)."""
        new_row = [list(r) for r in self.row_payoffs]
        new_col = [list(r) for r in self.col_payoffs]
        if not (0 <= i < self.size and 0 <= j < self.size):
            self._show_error(f"ValueError: no cell ({i}, {j}) in a {self.size}×{self.size} game")
            return self.error
        if row is not None:
            new_row[i][j] = row
        if col is not None:
            new_col[i][j] = col
        return self._guarded(self._apply, new_row, None if self.zero_sum else new_col)

    def set_payoffs(self, row_payoffs, col_payoffs=None) -> str:
        """Show this game (``col_payoffs`` None: zero-sum, the column player gets −row; otherwise the
        zero-sum box follows the payoffs).  Bad payoffs change nothing and show the error.  Returns
        ``text`` (or the error)."""
        return self._guarded(self._apply, row_payoffs, col_payoffs, True)

    def reset(self) -> str:
        """Back to the payoffs of the preset last chosen."""
        name = self._game.name if MATRIX_GAMES.get(self._game.name) is self._game else CUSTOM

        def load():
            self._load(name)
            self._quiet = True
            try:
                self.preset_menu.value = name
            finally:
                self._quiet = False
        return self._guarded(load)

    @property
    def text(self) -> str:
        """What the widget shows, in words."""
        lines = [f"{self._title()}", MatrixGame("", tuple(self.row_actions), tuple(self.col_actions),
                                                tuple(map(tuple, self.row_payoffs)),
                                                tuple(map(tuple, self.col_payoffs))).table()]
        lines += self._result_lines()
        return "\n".join(lines)

    # -- machinery ---------------------------------------------------------------------------------
    def _save(self):
        return ([list(r) for r in self.row_payoffs], [list(r) for r in self.col_payoffs],
                list(self.row_actions), list(self.col_actions), self.zero_sum_box.value,
                self.size_toggle.value, self.preset_menu.value)

    def _restore(self, saved):
        row, col, self.row_actions, self.col_actions, zs, size, preset = saved
        self._quiet = True
        try:
            self.zero_sum_box.value, self.size_toggle.value, self.preset_menu.value = zs, size, preset
            self._set_matrices(row, col)
        finally:
            self._quiet = False

    def _guarded(self, update, *args):
        """Run an update; if it fails, put everything back as it was and show the error."""
        if self._quiet:                    # a change made by the widget itself, not by you
            return None
        saved = self._save()
        try:
            update(*args)
            self.error = ""
            self._refresh()
        except Exception as err:                                  # noqa: BLE001 (shown, not hidden)
            self._restore(saved)
            self._show_error(f"{type(err).__name__}: {err}")
            return self.error
        return self.text

    def _show_error(self, message):
        self.error = message
        self.error_html.value = (f"<span style='color:#c0392b'>{html.escape(message)} (the game shown is "
                                 "unchanged)</span>")

    def _load_game(self, game: MatrixGame):
        n = len(game.row_payoffs)
        self.row_actions, self.col_actions = list(game.row_actions), list(game.col_actions)
        self._quiet, was = True, self._quiet
        try:
            self.size_toggle.value = n if n in (2, 3) else 2
            self.zero_sum_box.value = game.zero_sum
            self._set_matrices([list(r) for r in game.row_payoffs], [list(r) for r in game.col_payoffs])
        finally:
            self._quiet = was

    def _load(self, name):
        game = self._game if name == CUSTOM else MATRIX_GAMES[name]
        if name != CUSTOM:
            self._game = game
        self._load_game(game)

    def _apply(self, row_payoffs, col_payoffs, follow=False):
        A = bimatrix(row_payoffs, row_payoffs)[0]
        if col_payoffs is None:
            B = -A
        else:
            A, B = bimatrix(row_payoffs, col_payoffs)
        if A.shape[0] != A.shape[1] or A.shape[0] not in (2, 3):
            raise ValueError(f"the widget edits 2×2 and 3×3 games, got {A.shape[0]}×{A.shape[1]}")
        n = A.shape[0]
        self._quiet = True
        try:
            if follow:                                   # set_payoffs: the box says what the game is
                self.zero_sum_box.value = _is_zero_sum(A, B)
            if n != self.size_toggle.value:
                self.size_toggle.value = n
                self.row_actions = _names(self.row_actions, n)
                self.col_actions = _names(self.col_actions, n)
            self.preset_menu.value = CUSTOM
            self._set_matrices(A.tolist(), B.tolist())
        finally:
            self._quiet = False

    def _resize(self, n):
        old_row, old_col = self.row_payoffs, self.col_payoffs
        row = [[old_row[i][j] if i < len(old_row) and j < len(old_row) else 0.0 for j in range(n)]
               for i in range(n)]
        col = [[old_col[i][j] if i < len(old_col) and j < len(old_col) else 0.0 for j in range(n)]
               for i in range(n)]
        self.row_actions, self.col_actions = _names(self.row_actions, n), _names(self.col_actions, n)
        self._quiet = True
        try:
            self.preset_menu.value = CUSTOM
            self._set_matrices(row, col)
        finally:
            self._quiet = False

    def _set_zero_sum(self, flag):
        if flag:
            self._set_matrices(self.row_payoffs, [[-v for v in r] for r in self.row_payoffs])
        else:
            self._set_matrices(self.row_payoffs, self.col_payoffs)

    def _set_matrices(self, row, col):
        """Show these payoffs in the cells (checked first: nothing changes if they are bad).  The cells
        are made once per size and then updated in place, so typing keeps its place."""
        A, B = bimatrix(row, col)
        n = A.shape[0]
        if len(self.row_cells) != n:
            self._build_grid(n)
        was, self._quiet = self._quiet, True
        try:
            for label, name in zip(self.col_labels, self.col_actions):
                label.value = f"<b style='color:{COL_COLOR}'>{html.escape(str(name))}</b>"
            for label, name in zip(self.row_labels, self.row_actions):
                label.value = f"<b style='color:{ROW_COLOR}'>{html.escape(str(name))}</b>"
            for i in range(n):
                for j in range(n):
                    self.row_cells[i][j].value = float(A[i, j])
                    self.col_cells[i][j].value = float(B[i, j])
                    self.col_cells[i][j].disabled = self.zero_sum_box.value
        finally:
            self._quiet = was
        self.row_payoffs, self.col_payoffs = A.tolist(), B.tolist()

    def _build_grid(self, n):
        self.col_labels = [widgets.HTML() for _ in range(n)]
        self.row_labels = [widgets.HTML() for _ in range(n)]
        self.row_cells = [[widgets.FloatText(layout=widgets.Layout(width="64px")) for _ in range(n)]
                          for _ in range(n)]
        self.col_cells = [[widgets.FloatText(layout=widgets.Layout(width="64px")) for _ in range(n)]
                          for _ in range(n)]
        children = [widgets.HTML("")] + self.col_labels
        for i in range(n):
            children.append(self.row_labels[i])
            for j in range(n):
                self.row_cells[i][j].observe(lambda ch, i=i, j=j: self._on_cell(i, j, "row", ch), "value")
                self.col_cells[i][j].observe(lambda ch, i=i, j=j: self._on_cell(i, j, "col", ch), "value")
                children.append(widgets.HBox([self.row_cells[i][j], self.col_cells[i][j]]))
        self.grid.layout.grid_template_columns = f"90px repeat({n}, 150px)"
        self.grid.children = children

    def _on_cell(self, i, j, who, change):
        """A cell typed in: use it, or (if it cannot be used) show the old value again, and why."""
        if not self._quiet:
            self.set_cell(i, j, **{who: change["new"]})

    def _title(self) -> str:
        name = self.preset_menu.value if self.preset_menu.value != CUSTOM else self._game.name + " (edited)"
        return f"{name}: {'zero-sum' if self.zero_sum_box.value else 'not zero-sum'}"

    def _compute(self):
        A, B = bimatrix(self.row_payoffs, self.col_payoffs)
        self.equilibria = nash_equilibria(A, B)
        self.solution = solve_zero_sum(A) if _is_zero_sum(A, B) else None

    def _result_lines(self) -> list:
        A, B = np.array(self.row_payoffs), np.array(self.col_payoffs)
        lines = [f"Nash equilibria ({len(self.equilibria)}):"]
        for x, y in self.equilibria:
            u, v = expected_payoffs(A, B, x, y)
            lines.append(f"  row {_fmt_strategy(x)}, column {_fmt_strategy(y)}: payoffs "
                         f"{fmt_number(round(u, 12))}, {fmt_number(round(v, 12))}")
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
        self.result_html.value = "<br>".join(html.escape(line).replace("  ", "&nbsp;&nbsp;") for line in lines)
        if not self.error:
            self.error_html.value = ""
        if self.draw:
            self.png = self._plot()
            self.image.value = self.png

    def _plot(self) -> bytes:
        n = self.size
        zero_sum = self.solution is not None
        panels = 2 if (n == 2 and zero_sum) else 1
        fig = Figure(figsize=(4.3 * panels, 4.2), dpi=DPI)
        axes = fig.subplots(1, panels, squeeze=False)[0]
        if n == 2:
            draw_best_responses(self.row_payoffs, self.col_payoffs, axes[0], row_actions=self.row_actions,
                                col_actions=self.col_actions, equilibria=self.equilibria)
            if zero_sum:
                draw_guarantee(self.row_payoffs, axes[1], row_actions=self.row_actions,
                               col_actions=self.col_actions)
        else:
            _draw_strategies(axes[0], self.equilibria, self.row_actions, self.col_actions)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        return buf.getvalue()


def _names(names, n) -> list:
    return [names[k] if k < len(names) else str(k + 1) for k in range(n)]


def _draw_strategies(ax, equilibria, row_actions, col_actions):
    """Each equilibrium's mixed strategies as stacked bars (3 × 3 games)."""
    k = len(equilibria)
    xs = np.arange(k)
    for who, offset, actions, color in (("row", -0.2, row_actions, ROW_COLOR), ("col", 0.2, col_actions,
                                                                             COL_COLOR)):
        bottom = np.zeros(k)
        for a, action in enumerate(actions):
            heights = np.array([e[0 if who == "row" else 1][a] for e in equilibria])
            ax.bar(xs + offset, heights, 0.36, bottom=bottom, color=color, alpha=0.35 + 0.2 * a,
                   edgecolor="white")
            for x, h, b in zip(xs, heights, bottom):
                if h > 0.08:
                    ax.text(x + offset, b + h / 2, f"{action}\n{fmt_number(round(h, 12))}", ha="center",
                            va="center", fontsize=7)
            bottom += heights
    ax.set_xticks(xs, [f"eq. {i + 1}" for i in range(k)])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("probability")
    ax.set_title("equilibria: row (red, left), column (blue, right)", fontsize=8)
