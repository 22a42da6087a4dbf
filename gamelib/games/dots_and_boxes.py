"""Dots and Boxes on a small board: a game whose moves sometimes give the mover another turn.

CS221's lecture notes ask: what if "some actions allow you to take an extra turn?"  Dots and Boxes is the
classic case.  Players take turns drawing one line between two neighbouring dots; whoever draws the
fourth side of a box claims it **and must move again**.  When every line is drawn, the player with more
boxes wins.  Here the utility is the margin: MAX's boxes minus MIN's (MIN's utility is its negative).

Nothing new is needed to search it: ``to_move`` simply says MAX twice in a row after MAX closes a box,
and every search of the kit (minimax, alpha-beta, the table-driven ``limits.search``, Star1, endgame
tables, ...) asks ``to_move`` at every state instead of assuming that turns alternate.  Depth is still
counted in plies (lines drawn), not in turns.

Lines are named by where they start: ``'h01'`` is the horizontal line from dot (0, 1) to (0, 2), ``'v10'``
the vertical line from dot (1, 0) to (2, 0) (row, column; rows go down).  The default board is 1 × 2
boxes (2 × 3 dots, 7 lines); ``DotsAndBoxes(2, 2)`` is 3 × 3 dots, 12 lines.
"""
from __future__ import annotations

import math
import numbers
from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError, Game, StateError, trusted


SOLVE_LIMIT = 10
"""Undrawn lines beyond which :meth:`DotsAndBoxes.too_large_to_solve` refuses a search to the end
(minimax from ten undrawn lines visits about ten million states: every order of the lines is a line
of play)."""


class DotsState(NamedTuple):
    """``drawn``: a bit mask of the lines drawn (bit i for ``game.lines[i]``); ``boxes``: (MAX's, MIN's)
    boxes so far; ``to_move``: MAX or MIN."""

    drawn: int
    boxes: tuple
    to_move: str


class DotsAndBoxes(Game):
    """``DotsAndBoxes(rows=1, cols=2)``: a board of ``rows`` × ``cols`` boxes, MAX to move first."""

    def __init__(self, rows: int = 1, cols: int = 2):
        for name, n in (("rows", rows), ("cols", cols)):
            if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 1 <= n <= 4:
                raise ArgumentError(f"{name} must be a whole number of boxes from 1 to 4, got {n!r}")
        self.rows, self.cols = int(rows), int(cols)
        self.lines = tuple([f"h{r}{c}" for r in range(rows + 1) for c in range(cols)]
                           + [f"v{r}{c}" for r in range(rows) for c in range(cols + 1)])
        self._bit = {line: 1 << i for i, line in enumerate(self.lines)}
        # Each box as the mask of its four sides; each line with the boxes it borders.
        self.box_masks = tuple(self._bit[f"h{r}{c}"] | self._bit[f"h{r + 1}{c}"] | self._bit[f"v{r}{c}"]
                               | self._bit[f"v{r}{c + 1}"] for r in range(rows) for c in range(cols))
        self._borders = {line: tuple(m for m in self.box_masks if m & bit) for line, bit in self._bit.items()}
        self.full = (1 << len(self.lines)) - 1
        self.initial_state = DotsState(0, (0, 0), MAX)

    # Each method first refuses a state of another game (StateError): one comparison of classes.
    def to_move(self, state):
        if state.__class__ is not DotsState:
            self.check_state(state)
        return state.to_move

    def actions(self, state):
        if state.__class__ is not DotsState:
            self.check_state(state)
        return tuple(line for line in self.lines if not state.drawn & self._bit[line])

    def result(self, state, action):
        if state.__class__ is not DotsState:
            self.check_state(state)
        bit = self._bit.get(action) if isinstance(action, str) else None
        if bit is None or state.drawn & bit:
            raise self.illegal(state, action)
        drawn = state.drawn | bit
        closed = sum(1 for m in self._borders[action] if drawn & m == m)
        if not closed:                                       # no box: the turn passes
            return DotsState(drawn, state.boxes, MIN if state.to_move == MAX else MAX)
        mine, theirs = state.boxes if state.to_move == MAX else state.boxes[::-1]
        boxes = (mine + closed, theirs) if state.to_move == MAX else (theirs, mine + closed)
        return DotsState(drawn, boxes, state.to_move)        # a box: the same player moves again

    def is_terminal(self, state):
        if state.__class__ is not DotsState:
            self.check_state(state)
        return state.drawn == self.full

    @trusted
    def utility(self, state, player):
        if state.__class__ is not DotsState:
            self.check_state(state)
        margin = state.boxes[0] - state.boxes[1]
        if player == MAX:
            return margin
        if player == MIN:
            return -margin
        raise ArgumentError(f"player must be MAX or MIN, got {player!r}")

    def margin(self, state) -> int:
        """MAX's boxes minus MIN's so far: the utility at the end, an evaluation before it."""
        if state.__class__ is not DotsState:
            self.check_state(state)
        return state.boxes[0] - state.boxes[1]

    def too_large_to_solve(self, state) -> str | None:
        """More than :data:`SOLVE_LIMIT` undrawn lines: every order of them is a line of play (10! =
        3.6 million from ten lines, 24! = 6 x 10^23 on the 3 x 3 board)."""
        left = len(self.lines) - bin(state.drawn).count("1")
        if left > SOLVE_LIMIT:
            return (f"{left} lines are undrawn (at most {SOLVE_LIMIT} can be searched to the end in reasonable "
                    f"time; up to {left}! = {math.factorial(left):.1e} orders of play); or solve it with "
                    "gamelib.endgame_table")
        return None

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of this board: lines
        within the board, box counts of whole numbers that add up to the boxes completed."""
        ok = isinstance(state, DotsState) and type(state.drawn) is int and 0 <= state.drawn <= self.full \
            and isinstance(state.boxes, tuple) and len(state.boxes) == 2 \
            and all(type(b) is int and b >= 0 for b in state.boxes) and state.to_move in (MAX, MIN)
        if ok:
            ok = sum(state.boxes) == sum(1 for m in self.box_masks if state.drawn & m == m)
        if not ok:
            raise StateError(f"{state!r} is not a position of {self!r}: DotsState(drawn, boxes, to_move) "
                             f"with drawn a mask of the {len(self.lines)} lines, boxes (MAX's, MIN's) "
                             "adding up to the boxes completed, and to_move MAX or MIN")

    def play_lines(self, lines, state=None) -> DotsState:
        """The state after drawing ``lines`` in order from ``state`` (default: the empty board)."""
        state = self.initial_state if state is None else state
        self.check_state(state)
        if isinstance(lines, str) or not isinstance(lines, (list, tuple)):
            raise ArgumentError(f"lines must be a list of line names such as ['h00', 'v01'], got {lines!r}")
        for line in lines:
            state = self.result(state, line)
        return state

    def render(self, state) -> str:
        """The board as text: ``+--+`` and ``|`` for the lines drawn, ``##`` in a closed box (the state
        counts each player's boxes but does not record which box is whose)."""
        self.check_state(state)
        out = []
        for r in range(self.rows + 1):
            row = "+"
            for c in range(self.cols):
                row += ("--" if state.drawn & self._bit[f"h{r}{c}"] else "  ") + "+"
            out.append(row)
            if r < self.rows:
                row = ""
                for c in range(self.cols + 1):
                    row += "|" if state.drawn & self._bit[f"v{r}{c}"] else " "
                    if c < self.cols:
                        m = self.box_masks[r * self.cols + c]
                        row += "##" if state.drawn & m == m else "  "
                out.append(row)
        return "\n".join(out)

    def __repr__(self):
        return f"DotsAndBoxes({self.rows}, {self.cols})"
