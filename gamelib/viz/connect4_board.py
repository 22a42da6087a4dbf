"""Connect Four against a depth-limited search agent, with what the agent thought on show.

    from gamelib.viz.connect4_board import Connect4Board, draw_connect4
    Connect4Board()                          # you are red (X, first); the agent searches 6 plies
    Connect4Board(human="O", time_limit=2)   # you are yellow; the agent thinks 2 s a move
    draw_connect4(Connect4().from_moves("3342"), pv=[2, 2, 4])   # a static picture for a notebook

The agent is H-MINIMAX (AIMA 4th ed. Eq. 5.2): alpha-beta cut off at a depth and scored there by
:func:`gamelib.games.connect4.evaluation`.  It searches with
:func:`gamelib.limits.iterative_deepening` (transposition table, killer moves, history heuristic,
centre-first ordering), to a fixed depth or for a fixed time (AIMA §5.3.2: iterative deepening makes
the search *anytime*).  After each agent move the widget shows the search's principal variation (the
line both sides are expected to play), the depth it completed, the nodes it visited and the value it
found, all read from the search's result: the widget never searches on its own.

Headless use (tests, or a cell without a browser)::

    b = Connect4Board(human="X", depth=4)
    b.click(3)          # you drop a piece in column 3, the agent replies; returns the status line
    b.state, b.history, b.over, b.winner, b.status
    b.last_search       # the agent's last search result: .value, .action, .nodes, .depth, .pv
"""
from __future__ import annotations

import html
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.patches import Circle, FancyBboxPatch

from ..alphabeta import alphabeta
from ..core import MAX, ArgumentError
from ..games.connect4 import Connect4, center_first, evaluation, geometry, is_quiet
from ..validate import choice, flag, number, whole
from .a11y import fit_box, fitted
from .alt import describe, joined
from .live import from_browser
from .play import HumanVsAgent

try:  # the enhanced search; without it the agent is plain alpha-beta to a fixed depth
    from ..limits import iterative_deepening
    from ..transposition import TranspositionTable
except ImportError:  # pragma: no cover - the kit ships gamelib.limits
    iterative_deepening = TranspositionTable = None

PIECE_COLORS = {"X": "#d62728", "O": "#f5c518", ".": "#ffffff"}
GHOST_COLORS = {"X": "#f5b5b5", "O": "#fbe9a6"}   # the same, faded to white: moves not yet played
BOARD_COLOR = "#1f4e9c"
RIM_COLOR = "#ffffff"
"""Every hole's rim, between a disc and the board: 8.0:1 against the board, where a red disc alone is 1.6:1
(WCAG 1.4.11 asks 3:1 of a mark that carries meaning); the rings of a last move and of a four sit inside it."""
NAMES = {"X": "red (X)", "O": "yellow (O)"}
# The sliders' ranges: a value outside them is refused, never clamped.
MAX_DEPTH = 14                  # plies, on a board too large to search to the end
SOLVABLE_SQUARES = 16           # a board of at most this many squares (4 x 4) is searched to the end
MIN_SECONDS, MAX_SECONDS = 0.1, 10.0
CELL = 44  # pixels per column, shared by the buttons and the drawn board so that they line up


def winning_cells(state) -> set:
    """The cells ``(row, col)`` (row 0 = bottom) of every completed line of four in ``state``."""
    g = geometry(state.rows, state.cols)
    p = state.x if state.winner > 0 else state.o if state.winner < 0 else 0
    return {cell for mask, cells in g.windows if p & mask == mask for cell in cells}


def _landing_cells(game, state, moves):
    """Where the pieces of the line ``moves`` land: [(row, col, mark, k)], k = 1, 2, ... ."""
    out = []
    for k, col in enumerate(moves or (), 1):
        if game.is_terminal(state) or col not in game.actions(state):
            break
        mark = "X" if game.to_move(state) == MAX else "O"
        out.append((game.drop_row(state, col), col, mark, k))
        state = game.result(state, col)
    return out


def draw_connect4(state, ax=None, *, pv=None, last=None, title=None, size=3.2):
    """Draw a Connect Four position: a blue board, red X and yellow O discs in white-rimmed holes, column
    numbers below, a completed four ringed in black.

    ``pv``: a line of play from ``state`` (columns), drawn as faint numbered discs where its pieces
    would land: 1 is the next move, 2 the reply, ...  ``last``: a column whose top piece to ring
    (the last move).  ``ax``: a matplotlib Axes (else a new pyplot figure ``size`` inches wide).
    Returns the Axes.
    """
    rows, cols = state.rows, state.cols
    if ax is None:
        _, ax = plt.subplots(figsize=(size, size * (rows + 0.8) / (cols + 0.2)))
    ax.set_xlim(-0.1, cols + 0.1)
    ax.set_ylim(-0.8, rows + 0.1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_patch(FancyBboxPatch((0, 0), cols, rows, boxstyle="round,pad=0.05,rounding_size=0.2",
                                facecolor=BOARD_COLOR, edgecolor="none", zorder=0))
    wins = winning_cells(state)
    top = None
    if last is not None and 0 <= last < cols:
        height = Connect4(rows=rows, cols=cols).drop_row(state, last)
        top = (height - 1, last) if height else None
    for r in range(rows):
        for c in range(cols):
            mark = state.cell(r, c)
            ring = (r, c) in wins or (r, c) == top
            ax.add_patch(Circle((c + 0.5, r + 0.5), 0.44, facecolor=RIM_COLOR, edgecolor="none", zorder=0.5))
            ax.add_patch(Circle((c + 0.5, r + 0.5), 0.4, facecolor=PIECE_COLORS[mark], zorder=1,
                                edgecolor="black" if ring else "none", linewidth=2.5 if ring else 0))
    fs = 9 * size / 3.2
    for r, c, mark, k in _landing_cells(Connect4(rows=rows, cols=cols), state, pv):
        ax.add_patch(Circle((c + 0.5, r + 0.5), 0.4, facecolor=GHOST_COLORS[mark], zorder=2,
                            edgecolor=PIECE_COLORS[mark], linestyle="--", linewidth=1.2))
        ax.text(c + 0.5, r + 0.5, str(k), ha="center", va="center", fontsize=fs, zorder=3,
                color="#222222", fontweight="bold")
    for c in range(cols):
        ax.text(c + 0.5, -0.4, str(c), ha="center", va="center", fontsize=fs, color="#444444")
    if title:
        ax.set_title(title, fontsize=fs)
    describe(ax, connect4_in_words(state, pv=pv, top=top, wins=wins))
    return ax


def connect4_in_words(state, *, pv=None, top=None, wins=()) -> str:
    """A Connect Four position in words, as :func:`draw_connect4` draws it: every row from the bottom
    (X red, O yellow, '.' empty), the last move, a completed four, the line ``pv`` numbered."""
    rows, cols = state.rows, state.cols
    lines = [f"row {r + 1}: " + " ".join(state.cell(r, c).replace(".", "_") for c in range(cols)) for r in range(rows)]
    out = (f"Connect Four board, {cols} columns numbered 0 to {cols - 1}, {rows} rows; X is red, O yellow, "
           f"_ an empty cell, columns left to right; from the bottom row up: " + "; ".join(lines) + ".")
    if top is not None:
        out += f" The last move, ringed in black, is the top piece of column {top[1]}."
    if wins:
        out += (" A completed four is ringed in black: " + joined(f"row {r + 1} column {c}" for r, c in sorted(wins))
                + ".")
    landing = _landing_cells(Connect4(rows=rows, cols=cols), state, pv)
    if landing:
        out += (" The line of play drawn as faint numbered discs: " + ", ".join(
            f"{k}. {mark} in column {c} (row {r + 1})" for r, c, mark, k in landing) + ".")
    return out


def board_html(state, *, last=None, pv=None) -> str:
    """The position as an HTML table of discs (what the widget shows), ``CELL`` pixels a column;
    ``last`` rings the top piece of that column, ``pv`` shows a line as faint numbered discs."""
    game = Connect4(rows=state.rows, cols=state.cols)
    wins = winning_cells(state)
    ghosts = {(r, c): (mark, k) for r, c, mark, k in _landing_cells(game, state, pv)}
    top = None
    if last is not None:
        height = game.drop_row(state, last)
        top = (height - 1, last) if height else None
    cell = fitted(CELL, state.cols)
    d = f"calc({cell} - 8px)"
    out = [f'<table style="border-collapse:collapse;background:{BOARD_COLOR};border-radius:8px">']
    for r in reversed(range(state.rows)):
        out.append("<tr>")
        for c in range(state.cols):
            mark = state.cell(r, c)
            style = (f"width:{d};height:{d};border-radius:50%;margin:4px;box-sizing:border-box;"
                     f"background:{PIECE_COLORS[mark]};box-shadow:0 0 0 2px {RIM_COLOR};")
            text, tip = "", f"row {r}, column {c}: {mark}"
            if (r, c) in wins:
                style += "border:4px solid #111;"
                tip += " (four in a row)"
            elif (r, c) == top:
                style += "border:3px solid #333;"
                tip += " (last move)"
            elif (r, c) in ghosts:
                gm, k = ghosts[(r, c)]
                style += (f"background:{GHOST_COLORS[gm]};border:2px dashed {PIECE_COLORS[gm]};"
                          "display:flex;align-items:center;justify-content:center;font-weight:bold;")
                text, tip = str(k), f"row {r}, column {c}: move {k} of the principal variation ({gm})"
            out.append(f'<td style="padding:0;width:{cell};height:{cell}">'
                       f'<div title="{tip}" style="{style}">{text}</div></td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


class Connect4Board(HumanVsAgent, widgets.VBox):
    """Play Connect Four against a depth-limited search (an ipywidgets VBox: display it).

    ``Connect4Board(human='X', *, depth=6, time_limit=None, quiescence=False, rows=6, cols=7,
    evaluate=None)``

    human        'X' (red, MAX, moves first) or 'O' (yellow, MIN: the agent opens).
    depth        the agent searches this many plies (iterative deepening up to it) ...
    time_limit   ... or, if given (seconds), as deep as it can in that time (iterative deepening).
    quiescence   search on past the depth limit while a position is not quiet
                 (:func:`~gamelib.games.connect4.is_quiet`: a win to take or a threat to block).
    rows, cols   a smaller board plays faster and can be searched to the end.
    evaluate     the evaluation function (default :func:`~gamelib.games.connect4.evaluation`).

    Attributes: ``game``, ``state``, ``human``/``agent`` ('X'/'O'), ``history`` ([(mark, column),
    ...]), ``status`` (the status line), ``over``, ``winner`` ('X', 'O' or None), ``last_search``
    (the agent's last search result: ``.value`` for X, ``.action``, ``.nodes``, and with iterative
    deepening ``.depth`` and ``.pv``), ``search_text`` (that result in words), ``buttons`` (one per
    column), ``board`` (the HTML board).  Methods: ``click(col)`` (your move; the agent replies;
    returns the status), ``new_game(human=None)``, ``undo()`` (take back your last move and the
    agent's reply), ``agent_move()``.
    """

    def __init__(self, human: str = "X", *, depth: int = 6, time_limit: float | None = None,
                 quiescence: bool = False, rows: int = 6, cols: int = 7, evaluate=None):
        choice("human", human, ("X", "O"))
        number("time_limit", time_limit, least=MIN_SECONDS, most=MAX_SECONDS, none=True,
               what="a number of seconds")
        flag("quiescence", quiescence)
        game = Connect4(rows=rows, cols=cols)
        # The deepest search offered: the whole game on a board small enough to solve in seconds.
        self.max_depth = rows * cols if rows * cols <= SOLVABLE_SQUARES else MAX_DEPTH
        whole("depth", depth, least=1, most=self.max_depth, unit="plies")
        self._init_live()
        self.game = game
        self.evaluate = evaluation() if evaluate is None else evaluate
        self.table = TranspositionTable() if TranspositionTable is not None else None
        self.last_search = None
        self.search_seconds = 0.0

        def column_button(c):
            return widgets.Button(description=str(c), tooltip=f"drop a piece in column {c}",
                                  layout=widgets.Layout(width=f"calc({fitted(CELL, cols)} - 4px)", margin="0 2px"))
        self._init_buttons(column_button, cols,
                           widgets.HBox(layout=widgets.Layout(padding="0", flex_flow="row nowrap")))
        self.human_toggle = widgets.ToggleButtons(options=[("you are red X (first)", "X"),
                                                           ("you are yellow O (second)", "O")],
                                                  value=human, style={"button_width": "190px"})
        self.mode = widgets.ToggleButtons(options=[("fixed depth", "depth"), ("time budget", "time")],
                                          value="time" if time_limit else "depth",
                                          style={"button_width": "100px"},
                                          layout=widgets.Layout(width="auto", flex="0 0 auto"))
        slider = widgets.Layout(width="300px")
        self.depth_slider = widgets.IntSlider(value=depth, min=1, max=self.max_depth, description="depth (plies)",
                                              style={"description_width": "110px"}, layout=slider)
        self.time_slider = widgets.FloatSlider(value=time_limit or 1.0, min=MIN_SECONDS, max=MAX_SECONDS, step=0.1,
                                               description="seconds a move", readout_format=".1f",
                                               style={"description_width": "110px"}, layout=slider)
        self.quiescence_box = widgets.Checkbox(value=quiescence, indent=False,
                                               description="quiescence search: search on past the depth "
                                                           "limit while there is a win or a block to play",
                                               layout=widgets.Layout(width="auto"))
        self.new_button = widgets.Button(description="new game", icon="refresh")
        self.undo_button = widgets.Button(description="take back", icon="undo")
        self.board = widgets.HTML()
        self.status_html = self.status_line      # the live region
        self.search_html = widgets.HTML()
        if iterative_deepening is None:
            self.mode.disabled = self.time_slider.disabled = self.quiescence_box.disabled = True
        super().__init__([
            self.message_html,
            widgets.HBox([self.human_toggle, self.new_button, self.undo_button]),
            widgets.HBox([self.mode, widgets.VBox([self.depth_slider, self.time_slider])]),
            self.quiescence_box,
            fit_box([self.button_box, self.board]),
            self.status_html, self.search_html,
        ])
        self.human_toggle.observe(self._on_human, "value")
        self.new_button.on_click(self._on_new)
        self.undo_button.on_click(self._on_undo)
        self._on_mode()
        for control in (self.mode, self.depth_slider, self.time_slider, self.quiescence_box):
            control.observe(self._on_setting, "value")
        self.status = ""
        self.human = human
        self.new_game(human)

    @property
    def buttons(self) -> list:
        """The column buttons on show."""
        return self.board_buttons

    def _play_button(self, col):
        self.click(col)

    @from_browser
    def _on_undo(self, _button):
        self.undo()

    @from_browser
    def _on_setting(self, change):
        """The mode, a slider or the quiescence box changed: the agent's search as it now is, said in
        the status line (the live region) with whose move it is, once."""
        if change["owner"] is self.mode:
            self._on_mode()
        self.announce(f"{html.escape(self.setting_text)} <b>{html.escape(self.status)}</b>")

    @property
    def setting_text(self) -> str:
        """The agent's search in words: 'The agent searches 6 plies deep (fixed depth), without
        quiescence search.'"""
        if self.time_limit is None:
            how = f"{self.depth} {'ply' if self.depth == 1 else 'plies'} deep (fixed depth)"
        else:
            seconds = round(self.time_limit, 3)           # a FloatSlider's 1.0000000000000002
            how = f"for {seconds:g} second{'' if seconds == 1 else 's'} a move (time budget)"
        return (f"The agent searches {how}, {'with' if self.quiescence_box.value else 'without'} "
                "quiescence search.")

    def _on_mode(self, change=None):
        """Only the setting in use is live: the depth slider in fixed-depth mode, the seconds slider
        with a time budget."""
        if iterative_deepening is None:  # pragma: no cover - the kit ships gamelib.limits
            return
        self.depth_slider.disabled = self.mode.value != "depth"
        self.time_slider.disabled = self.mode.value != "time"

    # -- settings, as attributes --------------------------------------------------------------------
    @property
    def depth(self) -> int:
        return self.depth_slider.value

    @depth.setter
    def depth(self, value: int):
        self.depth_slider.value = whole("depth", value, least=1, most=self.max_depth, unit="plies")
        self.mode.value = "depth"

    @property
    def time_limit(self) -> float | None:
        """Seconds a move in time mode, else None (fixed depth)."""
        return self.time_slider.value if self.mode.value == "time" else None

    @time_limit.setter
    def time_limit(self, value: float | None):
        if value is None:
            self.mode.value = "depth"
        else:
            self.time_slider.value = number("time_limit", value, least=MIN_SECONDS, most=MAX_SECONDS,
                                            what="a number of seconds")
            self.mode.value = "time"

    # -- the game ------------------------------------------------------------------------------------
    def _reset(self):
        super()._reset()
        self.last_search, self.search_seconds = None, 0.0
        self.status = ""

    def click(self, col: int) -> str:
        """The human drops a piece in column ``col``; the agent replies.  An illegal click (the game
        is over, the column is full or does not exist) changes nothing and says why.  Returns the
        status line."""
        if self.over:
            self.status = "The game is over: press “new game” to play again."
        elif not isinstance(col, int) or isinstance(col, bool) or not 0 <= col < self.game.cols:
            self.status = f"{col!r} is not a column: columns are 0 to {self.game.cols - 1}."
        elif col not in self.game.actions(self.state):
            self.status = (f"Column {col} is full: pick another "
                           f"({', '.join(map(str, self.game.actions(self.state)))}). "
                           f"You are {NAMES[self.human]}, to move.")
        elif self.to_move != self.human:        # cannot happen from the buttons; kept for safety
            self.status = "Wait: it is the agent's turn."
        else:
            self.state = self.game.result(self.state, col)
            self.history.append((self.human, col))
            if not self.over:
                self.agent_move()
            self.status = self._describe()
        self._refresh()
        return self.status

    def undo(self) -> str:
        """Take back the human's last move (and the agent's reply to it).  Returns the status."""
        if not any(mark == self.human for mark, _ in self.history):
            self.status = "Nothing to take back."
        else:
            while self.history:
                mark, _ = self.history.pop()
                if mark == self.human:
                    break
            self.state = self.game.from_moves([c for _, c in self.history], self.game.initial_state)
            self.last_search = None
            self.status = "Taken back. " + self._describe()
        self._refresh()
        return self.status

    def agent_move(self):
        """The agent searches the current position and plays its move (it must be the agent's turn)."""
        if self.over or self.to_move != self.agent:
            raise ArgumentError("it is not the agent's turn")
        self.search_html.value = f"<b>The agent ({NAMES[self.agent]}) is thinking…</b>"
        t0 = time.perf_counter()
        if iterative_deepening is not None:
            r = iterative_deepening(self.game, self.state, evaluate=self.evaluate,
                                    time_limit=self.time_limit,
                                    max_depth=self.depth if self.time_limit is None else None,
                                    table=self.table, order=center_first,
                                    quiescent=is_quiet if self.quiescence_box.value else None)
        else:  # pragma: no cover - the kit ships gamelib.limits
            r = alphabeta(self.game, self.state, depth=self.depth, evaluate=self.evaluate,
                          order=center_first)
        self.search_seconds = time.perf_counter() - t0
        self.last_search = r
        self.state = self.game.result(self.state, r.action)
        self.history.append((self.agent, r.action))

    # -- words ---------------------------------------------------------------------------------------
    @property
    def search_text(self) -> str:
        """The agent's last search in words: move, depth, value, nodes, time, principal variation."""
        r = self.last_search
        if r is None:
            return ""
        depth = getattr(r, "depth", self.depth)
        how = (f"iterative deepening for {self.time_limit:g} s" if self.time_limit is not None
               else "iterative deepening" if hasattr(r, "per_depth") else "alpha-beta")
        stopped = getattr(r, "stopped", None)
        if stopped == "solved":
            how += ", stopped early: the line was searched to the end of the game"
        value = r.value
        if abs(value) == 1:
            winner = "X" if value > 0 else "O"
            meaning = f"a forced win for {winner}: {'you' if winner == self.human else 'the agent'}"
        elif stopped == "solved":
            meaning = "a draw with perfect play"
        else:
            meaning = "an estimate: " + ("X is better" if value > 0 else "O is better" if value < 0
                                         else "even")
        pv = getattr(r, "pv", None)
        line = f"principal variation: {' → '.join(map(str, pv))}" if pv else "no principal variation"
        return (f"The agent played column {r.action}: searched to depth {depth} ({how}); "
                f"value for X {value:+.3f} ({meaning}); {r.nodes:,} nodes in {self.search_seconds:.2f} s; "
                f"{line}.")

    def _describe(self) -> str:
        last = ""
        if self.history and self.history[-1][0] == self.agent:
            last = f"The agent ({NAMES[self.agent]}) played column {self.history[-1][1]}. "
        if self.over:
            if self.winner is None:
                return last + "The board is full: a draw."
            who = "you win!" if self.winner == self.human else "the agent wins."
            return last + f"{NAMES[self.winner]} has four in a row: {who}"
        return last + f"You are {NAMES[self.human]}, to move: click a column."

    def _refresh(self):
        last = self.history[-1][1] if self.history else None
        pv = getattr(self.last_search, "pv", None)
        self.board.value = board_html(self.state, last=last, pv=pv[1:] if pv else None)
        open_cols = self.game.actions(self.state)
        for c, b in enumerate(self.buttons):
            b.button_style = "" if c in open_cols else "warning"
            b.tooltip = f"drop a piece in column {c}" if c in open_cols else f"column {c}: full or game over"
        self.search_html.value = (f"<small>{html.escape(self.search_text)}"
                                  + (" Faint numbered discs: the rest of that line, as the agent "
                                     "expects it." if pv and len(pv) > 1 else "")
                                  + "</small>")
        self.announce(f"<b>{html.escape(self.status)}</b>")
