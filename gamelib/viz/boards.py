"""TicTacToeBoard: play tic-tac-toe (AIMA Fig. 5.1) against the minimax agent, with the value of every
move on show.

    from gamelib.viz import TicTacToeBoard
    TicTacToeBoard()                    # you are X; TicTacToeBoard(human="O") to go second

The agent plays the minimax decision (AIMA Fig. 5.3), found with alpha-beta (Fig. 5.7) for speed: it
returns the same root value and a move of that value.  Each empty square shows what the move there is
worth *to you*, win / draw / loss, which is the minimax value of the position it leads to (for X:
+1 / 0 / -1; negated when you are O).  Results of searches are kept in a memo keyed by state, so
asking about a position twice costs nothing: a cache of search *results*, not a new search.

Headless use (tests, or a cell without a browser)::

    b = TicTacToeBoard(human="X")
    b.values            # {(0, 0): 0, (0, 1): 0, ...}: every first move draws
    b.click(1, 1)       # you play the centre, the agent replies; returns the status line
    b.state, b.history, b.over, b.winner
"""
from __future__ import annotations

import numbers

import ipywidgets as widgets

from ..alphabeta import alphabeta
from ..core import MAX, ArgumentError
from ..games.tictactoe import TicTacToe
from .a11y import fit_box, fitted
from .live import from_browser
from .palette import LAST_MOVE, LAST_MOVE_BORDER
from .play import BLANK, MARKS, HumanVsAgent

WORDS = {1: "win", 0: "draw", -1: "loss"}
STYLES = {1: "success", 0: "", -1: "danger"}
SQUARE = f"calc({fitted(80, 3)} - 4px)"
"""A square's side: 76 px, less in a column narrower than 240 px (a 320-px window: WCAG 1.4.10)."""


class TicTacToeBoard(HumanVsAgent, widgets.VBox):
    """Play tic-tac-toe against the minimax agent (an ipywidgets VBox: display it).

    ``TicTacToeBoard(human='X', *, show_values=True, search=alphabeta)``

    human        'X' (MAX, moves first) or 'O' (MIN, moves second: the agent opens).
    show_values  label each empty square with its value for you (win / draw / loss).
    search       the search the agent and the values use: :func:`gamelib.alphabeta` (default, fast)
                 or :func:`gamelib.minimax` (the same values, ~1 s for an empty board).

    Attributes: ``game`` (the :class:`TicTacToe`), ``state`` (the current Board), ``human`` and
    ``agent`` ('X'/'O'), ``values`` ({(row, col): +1/0/-1 for the human} on the human's turn),
    ``value`` (the position's minimax value for X), ``history`` ([(mark, (row, col)), ...]),
    ``status`` (the status line), ``over``, ``winner`` ('X', 'O' or None), ``buttons`` (3x3 list of
    the squares on show), ``cache_size`` (positions solved so far), ``message`` (a note or error shown
    above the board, '' if none).
    Methods: ``click(row, col)`` (your move; the agent replies; returns the status line),
    ``new_game(human=None)``, ``value_of(state)``, ``move_values(state)``.
    """

    def __init__(self, human: str = "X", *, show_values: bool = True, search=alphabeta):
        if human not in MARKS:
            raise ArgumentError(f"human must be 'X' or 'O', not {human!r}")
        self._init_live()
        self.game = TicTacToe()
        self.search = search
        self._memo = {}  # state -> SearchResult of search(game, state): results, not a new search
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_template_columns=f"repeat(3, {SQUARE})",
                                                          grid_gap="4px"))
        self._init_buttons(self._square, 9, self.grid)
        self.human_toggle = widgets.ToggleButtons(options=[("you are X (first)", "X"),
                                                           ("you are O (second)", "O")],
                                                  value=human, style={"button_width": "150px"})
        self.new_button = widgets.Button(description="new game", icon="refresh",
                                         layout=widgets.Layout(width="120px"))
        self.values_box = widgets.Checkbox(value=show_values, indent=False,
                                           description="show what each move is worth to you")
        self.status_html = self.status_line      # the live region
        self.key_html = widgets.HTML(
            "<small>An empty square shows the value <i>for you</i> of moving there, if both sides "
            "then play perfectly: the minimax value of the position it leads to (win = +1, "
            "draw = 0, loss = −1; AIMA Fig. 5.3).</small>")
        super().__init__([self.message_html, widgets.HBox([self.human_toggle, self.new_button]),
                          self.values_box, fit_box([self.grid]), self.status_html, self.key_html])
        self.human_toggle.observe(self._on_human, "value")
        self.new_button.on_click(self._on_new)
        self.values_box.observe(self._on_values, "value")
        self.status = ""
        self.new_game(human)

    # -- search results, memoized by state -----------------------------------------------------------
    def _solve(self, state):
        if state not in self._memo:
            self._memo[state] = self.search(self.game, state)
        return self._memo[state]

    def value_of(self, state) -> int:
        """The minimax value of ``state`` for X (MAX): +1, 0 or -1."""
        if self.game.is_terminal(state):
            return self.game.utility(state, MAX)
        return self._solve(state).value

    def move_values(self, state=None) -> dict:
        """``{(row, col): value for X}`` of every legal move in ``state`` (default: the current one)."""
        state = self.state if state is None else state
        return {a: self.value_of(self.game.result(state, a)) for a in self.game.actions(state)}

    @property
    def cache_size(self) -> int:
        """How many positions have been searched (each once)."""
        return len(self._memo)

    # -- the game ------------------------------------------------------------------------------------
    @property
    def widget(self):
        """The widget to display (the board itself)."""
        return self

    @property
    def value(self) -> int:
        """The minimax value of the current position for X."""
        return self.value_of(self.state)

    @property
    def values(self) -> dict:
        """``{(row, col): +1/0/-1}``: each legal move's value *for the human* (empty when it is not
        the human's turn or the game is over)."""
        if self.over or self.to_move != self.human:
            return {}
        sign = 1 if self.human == "X" else -1
        return {a: sign * v for a, v in self.move_values().items()}

    def click(self, row: int, col: int) -> str:
        """The human plays (row, col), 0-based; the agent replies.  An illegal click (the game is
        over, or the square is taken) changes nothing and says why.  Returns the status line."""
        square = (row, col)
        whole = all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in square)
        if self.over:
            self.status = "The game is over: press “new game” to play again."
        elif not whole or square not in ((r, c) for r in range(3) for c in range(3)):
            self.status = f"({row}, {col}) is not a square: rows and columns are 0, 1, 2."
        elif self.state.squares[3 * row + col] != ".":
            mark = self.state.squares[3 * row + col]
            self.status = (f"Square ({row}, {col}) is taken by {mark}: pick an empty square. "
                           f"You are {self.human}, to move.")
        else:
            self.state = self.game.result(self.state, square)
            self.history.append((self.human, square))
            if not self.over:
                self.agent_move()
            self.status = self._describe()
        self._refresh()
        return self.status

    def agent_move(self):
        move = self._solve(self.state).action  # the minimax decision
        self.state = self.game.result(self.state, move)
        self.history.append((self.agent, move))

    def _describe(self) -> str:
        last = ""
        if self.history and self.history[-1][0] == self.agent:
            last = f"{self.agent} (agent) played {self.history[-1][1]}. "
        if self.over:
            if self.winner is None:
                return last + "Draw: perfect play from both sides ends this way."
            who = "you win!" if self.winner == self.human else "the agent wins."
            return last + f"{self.winner} completes a line: {who}"
        v = self.value if self.human == "X" else -self.value
        outcome = {1: "win", 0: "draw", -1: "lose"}[v]
        return last + f"You are {self.human}, to move. With perfect play from here you {outcome}."

    # -- widgets -------------------------------------------------------------------------------------
    @property
    def buttons(self) -> list:
        """The 3x3 squares on show (rows of ipywidgets Buttons)."""
        flat = self.board_buttons
        return [flat[3 * r:3 * r + 3] for r in range(3)]

    def _square(self, k):
        r, c = divmod(k, 3)
        return widgets.Button(description=BLANK, layout=widgets.Layout(width=SQUARE, height=SQUARE),
                              tooltip=f"row {r}, column {c}: empty")

    def _play_button(self, k):
        self.click(*divmod(k, 3))

    @from_browser
    def _on_values(self, _change):
        self._refresh()

    def _refresh(self):
        values = self.values if self.values_box.value else {}
        last = self.history[-1][1] if self.history else None
        for r in range(3):
            for c in range(3):
                b, mark = self.buttons[r][c], self.state.squares[3 * r + c]
                if mark != ".":
                    b.description, b.button_style = mark, ""
                    b.style.font_size, b.style.font_weight = "30px", "bold"
                    b.style.text_color = "#c0392b" if mark == "X" else "#1f5fa8"
                    b.style.button_color = LAST_MOVE if (r, c) == last else None
                    b.layout.border = LAST_MOVE_BORDER if (r, c) == last else None   # framed, not only shaded (1.1:1)
                    b.tooltip = f"row {r}, column {c}: {mark}" + (", the last move" if (r, c) == last else "")
                else:
                    v = values.get((r, c))
                    b.description = BLANK if v is None else WORDS[v]
                    b.button_style = "" if v is None else STYLES[v]
                    b.style.font_size, b.style.font_weight, b.style.text_color = "13px", "", None
                    b.style.button_color = None
                    b.layout.border = None
                    b.tooltip = (f"row {r}, column {c}: empty" if v is None else
                                 f"row {r}, column {c}: empty, a {WORDS[v]} for you ({v:+d})")
        self.announce(f"<b>{self.status}</b>")
