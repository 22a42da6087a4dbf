"""Connect Four: 7 columns by 6 rows, pieces drop to the lowest empty cell of a column, and four in a
row (across, up, or along either diagonal) wins.  X (red) is MAX and moves first; O (yellow) is MIN.

Utilities for MAX: +1 if X connects four, -1 if O does, 0 if the board fills up with no four (a draw).
Actions are column indices ``0 .. cols-1``, listed left to right, full columns left out.  Listing them
centre-first is *move ordering*, the search's business, not the game's: :func:`center_first` is a
separate ordering to pass as ``alphabeta(game, order=center_first)``.

The game is far too big for a search to the end (about 4.5 x 10^12 positions; it was solved in 1988, a
first-player win with the first piece in the centre).  So it is the course's test bed for
H-MINIMAX (AIMA 4th ed. Eq. 5.2): a depth cut-off scored by :func:`evaluation`, a weighted sum of
named features, and :func:`is_quiet` for quiescence search (AIMA §5.3.2 / 3rd ed. §5.4.2).

Smaller boards keep exhaustive searches possible: ``Connect4(rows=4, cols=4)`` is a draw with perfect
play, as the tests check against a brute-force solver.

The board is a *bitboard*: one integer per player, column c occupying bits ``c*(rows+1)`` (bottom)
to ``c*(rows+1) + rows - 1`` (top), with one always-empty guard bit above each column so that lines
cannot wrap from one column into the next.  Four in a row along a direction that moves ``s`` bits is
then two shifts and two ANDs: ``m = p & (p >> s); m & (m >> 2*s)`` (s = 1 up, rows+1 across, rows
and rows+2 the diagonals).  RESULT and IS-TERMINAL cost a handful of integer operations.

>>> game = Connect4()
>>> s = game.from_moves([3, 3, 4, 4, 5, 5])    # X builds 3-4-5 on the bottom row, O copies above
>>> s.grid()[-2:]                                # the bottom two rows; str(s) draws all six
['...OOO.', '...XXX.']
>>> game.actions(s), game.to_move(s)
((0, 1, 2, 3, 4, 5, 6), 'MAX')
>>> immediate_wins(s)                           # X to move wins in column 2 or 6
(2, 6)
>>> won = game.result(s, 6)
>>> game.is_terminal(won), game.utility(won, MAX), game.utility(won, MIN)
(True, 1, -1)
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError, Game, GameError, IllegalMoveError, StateError, trusted
from ..evaluation import WeightedSum, changed_weights

EMPTY, RED, YELLOW = ".", "X", "O"


class Board(NamedTuple):
    """A Connect Four state: the two players' bitboards, whose turn it is, and the board's size.

    ``x`` and ``o`` have bit ``c*(rows+1) + r`` set where X (O) has a piece in column ``c``, row ``r``
    (row 0 is the bottom).  ``winner`` is +1 / -1 once X / O has connected four, else 0 (cached, so
    IS-TERMINAL and UTILITY are lookups).  Two states are equal exactly when the positions are.
    """

    x: int
    o: int
    to_move: str = MAX
    winner: int = 0
    rows: int = 6
    cols: int = 7

    def cell(self, row: int, col: int) -> str:
        """'X', 'O' or '.' at ``row`` (0 = bottom) and ``col`` (0 = left)."""
        bit = 1 << (col * (self.rows + 1) + row)
        return RED if self.x & bit else YELLOW if self.o & bit else EMPTY

    def grid(self) -> list[str]:
        """The rows as strings, top row first (as the board is seen)."""
        return ["".join(self.cell(r, c) for c in range(self.cols)) for r in reversed(range(self.rows))]

    @property
    def plies(self) -> int:
        """How many pieces have been played."""
        return (self.x | self.o).bit_count()

    def __str__(self):
        return "\n".join(self.grid())

    def __repr__(self):
        size = "" if (self.rows, self.cols) == (6, 7) else f", rows={self.rows}, cols={self.cols}"
        return f"Board('{'/'.join(self.grid())}', to_move={self.to_move}{size})"

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))


_new_board = tuple.__new__   # Board(...) without the keyword handling: RESULT is the hot path


class _Geometry:
    """Bit masks for one board size, computed once (``geometry(rows, cols)``)."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        h1 = self.h1 = rows + 1
        self.bit = lambda r, c: 1 << (c * h1 + r)
        self.bottom = tuple(1 << (c * h1) for c in range(cols))
        self.top = tuple(1 << (c * h1 + rows - 1) for c in range(cols))
        self.column = tuple(((1 << rows) - 1) << (c * h1) for c in range(cols))
        self.board = sum(self.column)
        self.bottom_row = sum(self.bottom)
        self.top_row = sum(self.top)
        # ACTIONS is a lookup: which columns are open depends only on which top cells are taken.
        self.open_columns = {}
        for pattern in range(1 << cols):
            taken = sum(self.top[c] for c in range(cols) if pattern >> c & 1)
            self.open_columns[taken] = tuple(c for c in range(cols) if not pattern >> c & 1)
        # RESULT looks a column up once: (bottom bit, top bit) or None for a non-column.
        self.column_bits = {c: (self.bottom[c], self.top[c]) for c in range(cols)}
        # Lines of four: a direction (dr, dc) moves `shift` bits; a window is named by its first cell.
        self.windows = []            # [(mask of the four cells, [(r, c), ...])], for readers and tests
        self.starts = []             # [(shift, mask of first cells of on-board windows)]
        for dr, dc in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            shift = dc * h1 + dr
            first = 0
            for r in range(rows):
                for c in range(cols):
                    cells = [(r + k * dr, c + k * dc) for k in range(4)]
                    if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                        first |= self.bit(r, c)
                        self.windows.append((sum(self.bit(rr, cc) for rr, cc in cells), cells))
            self.starts.append((shift, first))
        self.shifts = tuple(s for s, _ in self.starts)
        # Room for two bitboards side by side (x | o << pair_width) that shifts by up to three steps
        # of any direction cannot mix: see line_counts and is_quiet.
        w = self.pair_width = self.board.bit_length() + 3 * (rows + 2)
        self.starts_pair = tuple((s, 2 * s, 3 * s, first | (first << w)) for s, first in self.starts)
        mid = (cols - 1) / 2
        self.centre = sum(self.column[c] for c in range(cols) if abs(c - mid) < 1)
        self.centre_first = tuple(sorted(range(cols), key=lambda c: abs(c - mid)))
        self.rank = {c: i for i, c in enumerate(self.centre_first)}


@cache
def geometry(rows: int = 6, cols: int = 7) -> _Geometry:
    """The bit masks of a ``rows`` x ``cols`` board (cached: one object per size)."""
    return _Geometry(rows, cols)


def four_in_a_row(p: int, shifts=(1, 7, 6, 8)) -> bool:
    """Does bitboard ``p`` hold four in a row?  ``shifts`` are the bit steps of the four directions
    (up, across, and the two diagonals; ``geometry(rows, cols).shifts``, default 7x6)."""
    for s in shifts:
        m = p & (p >> s)
        if m & (m >> (s + s)):
            return True
    return False


class Connect4(Game):
    """Connect Four on ``rows`` x ``cols`` (default 6 x 7); X (MAX, red) moves first.

    ``Connect4(board=None, *, rows=6, cols=7)``: ``board``, optional, is a position to start from, in
    the format of :meth:`parse`.  Boards from 1 x 1 to 12 x 12 are allowed; four in a row wins on
    all of them (so boards smaller than 4 in both directions always draw).
    """

    def __init__(self, board: str | None = None, *, rows: int = 6, cols: int = 7):
        for name, n in (("rows", rows), ("cols", cols)):
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 12:
                raise ArgumentError(f"{name} must be a whole number from 1 to 12, got {n!r}")
        self.rows, self.cols = rows, cols
        g = self.geometry = geometry(rows, cols)
        self._open, self._column_bits, self._shifts = g.open_columns, g.column_bits, g.shifts
        self._top_row, self._full = g.top_row, g.board
        self.empty_state = Board(0, 0, MAX, 0, rows, cols)
        self.initial_state = self.empty_state if board is None else self.parse(board)

    def __repr__(self):
        return "Connect4()" if (self.rows, self.cols) == (6, 7) else \
            f"Connect4(rows={self.rows}, cols={self.cols})"

    # -- the protocol (AIMA §5.1) ------------------------------------------------------------------
    def to_move(self, state):
        return state.to_move

    def actions(self, state):
        """The open columns, left to right (none once someone has won)."""
        if state.winner:
            return ()
        return self._open[(state.x | state.o) & self._top_row]

    def result(self, state, action):
        """Drop the mover's piece into column ``action``: it lands on the lowest empty cell."""
        if type(action) is not int:            # numpy integers are fine; bools and floats are not
            if isinstance(action, bool) or not hasattr(action, "__index__"):
                raise self.illegal(state, action)
            action = action.__index__()
        bits = self._column_bits.get(action)
        x, o = state.x, state.o
        mask = x | o
        if bits is None or state.winner or mask & bits[1] or state.cols != self.cols \
                or state.rows != self.rows:
            raise self.illegal(state, action)
        piece = (mask + bits[0]) & ~mask   # the carry stops at the column's lowest empty cell
        p = (x if state.to_move == MAX else o) | piece
        # Four in a row (see four_in_a_row), unrolled: up, across, and the two diagonals.
        s1, s2, s3, s4 = self._shifts
        won = ((m := p & (p >> s1)) and m & (m >> (s1 + s1))
               or (m := p & (p >> s2)) and m & (m >> (s2 + s2))
               or (m := p & (p >> s3)) and m & (m >> (s3 + s3))
               or (m := p & (p >> s4)) and m & (m >> (s4 + s4)))
        if state.to_move == MAX:
            return _new_board(Board, (p, o, MIN, 1 if won else 0, state.rows, state.cols))
        return _new_board(Board, (x, p, MAX, -1 if won else 0, state.rows, state.cols))

    def is_terminal(self, state):
        return state.winner != 0 or (state.x | state.o) == self._full

    @trusted
    def utility(self, state, player):
        if player == MAX:
            return state.winner
        if player == MIN:
            return -state.winner
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    def too_large_to_solve(self, state) -> str | None:
        """More than ``SOLVE_LIMIT`` empty squares: a search to the end could visit up to about
        cols^empty positions (4.5 x 10^12 distinct ones from the empty 6x7 board)."""
        empty = self.rows * self.cols - bin(state.x).count("1") - bin(state.o).count("1")
        if empty > SOLVE_LIMIT:
            return (f"{empty} squares are empty (at most {SOLVE_LIMIT} can be searched to the end in "
                    f"reasonable time; up to about {self.cols}^{empty} = {self.cols ** empty:.1e} lines of play)")
        return None

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of this board size
        that can arise in play (the checks of :meth:`parse`, and its cached whose-turn and winner)."""
        if not isinstance(state, Board):
            raise StateError(f"{state!r} is not a Connect Four position (a connect4.Board)")
        if (state.rows, state.cols) != (self.rows, self.cols):
            raise StateError(f"{state!r} is a position of a {state.rows}x{state.cols} board; {self!r} is "
                             f"played on {self.rows}x{self.cols}")
        try:
            ok = type(state.x) is int and type(state.o) is int and \
                self.parse("/".join(state.grid())) == state
        except (GameError, TypeError) as e:
            raise StateError(f"{state!r} is not a position that can arise in play: {e}") from None
        if not ok:
            raise StateError(f"{state!r} is not a position that can arise in play (its pieces, whose "
                             "turn it is and the winner must agree; build states with from_moves, parse "
                             "or result)")

    def illegal(self, state, action):
        """The error for an illegal drop: names the move, why, and the legal columns."""
        if isinstance(state, Board) and (state.rows, state.cols) != (self.rows, self.cols):
            return IllegalMoveError(f"{state!r} is a position of a {state.rows}x{state.cols} board; "
                                    f"{self!r} is played on {self.rows}x{self.cols}")
        if self.is_terminal(state):
            return super().illegal(state, action)          # "...; the game is over"
        if type(action) is int and 0 <= action < self.cols:
            why = f"column {action} is full"
        else:
            why = f"columns are the whole numbers 0..{self.cols - 1}"
        return IllegalMoveError(f"illegal move {action!r} in state {state!r}: {why}; "
                                f"legal: {list(self.actions(state))}")

    # -- positions for tests and notebooks ---------------------------------------------------------
    def parse(self, board: str) -> Board:
        """A :class:`Board` from rows of 'X', 'O', '.' written top row first; rows are separated by
        newlines, spaces or '/', e.g. ``'......./......./......./......./...O.../..XX...'`` (the
        format ``repr`` and ``str`` print).  The player to move is X if the counts are equal, else O.

        Raises :class:`~gamelib.core.StateError` (a ValueError) for a malformed or impossible board:
        wrong size, a piece floating over an empty cell, impossible counts, both players with four, a
        winner who did not move last, or any other position no order of moves reaches (e.g. the last
        mover's pieces all covered, or a four that was complete before the last move):
        :meth:`reachable` plays the game backwards to find such an order.
        """
        if not isinstance(board, str):
            raise ArgumentError(f"a board is a string of rows of 'X', 'O', '.', got {board!r}")
        text = "".join(ch for ch in board if not ch.isspace() and ch != "/")
        if len(text) != self.rows * self.cols or set(text) - {RED, YELLOW, EMPTY}:
            raise StateError(f"a {self.rows}x{self.cols} board is {self.rows} rows of {self.cols} "
                             f"characters from 'X', 'O', '.', top row first, got {board!r}")
        g, x, o = self.geometry, 0, 0
        for i, ch in enumerate(text):
            r, c = self.rows - 1 - i // self.cols, i % self.cols
            if ch == RED:
                x |= g.bit(r, c)
            elif ch == YELLOW:
                o |= g.bit(r, c)
        mask = x | o
        for c in range(self.cols):
            col = (mask & g.column[c]) >> (c * g.h1)
            if col & (col + 1):        # the filled cells of a column must be a run from the bottom
                raise StateError(f"impossible board {board!r}: a piece floats over an empty cell in "
                                 f"column {c} (pieces fall to the lowest empty cell)")
        nx, no = x.bit_count(), o.bit_count()
        if not (nx == no or nx == no + 1):
            raise StateError(f"impossible board {board!r}: X moves first, so X count must equal O "
                             f"count or exceed it by one (X={nx}, O={no})")
        xwin, owin = four_in_a_row(x, g.shifts), four_in_a_row(o, g.shifts)
        if xwin and owin:
            raise StateError(f"impossible board {board!r}: both players have four in a row")
        if (xwin and nx != no + 1) or (owin and nx != no):
            raise StateError(f"impossible board {board!r}: the player with four in a row must have "
                             "moved last")
        if not self.reachable(x, o):
            raise StateError(f"impossible board {board!r}: no order of moves reaches it (taking back "
                             "the last mover's top pieces in turn never empties the board without "
                             "passing a position someone had already won)")
        return Board(x, o, MAX if nx == no else MIN, 1 if xwin else -1 if owin else 0,
                     self.rows, self.cols)

    def reachable(self, x: int, o: int) -> bool:
        """Can the position with bitboards ``x`` and ``o`` (pieces resting on each other, counts
        possible) arise in play?  Plays the game backwards: the last mover (X if X has more pieces)
        takes back one of their pieces from the top of a column, leaving a position nobody had won
        (the game would have ended there), and so on until the board is empty.  Depth first, trying
        columns left to right, remembering the column heights it failed from: at most
        (rows + 1)^cols positions, and a handful for the positions of real games."""
        g = self.geometry
        shifts, h1 = g.shifts, g.h1
        failed = set()

        def back(heights, x, o, n):
            if n == 0:
                return True
            if heights in failed:
                return False
            last_is_x = n % 2 == 1
            mine = x if last_is_x else o
            for c, h in enumerate(heights):
                bit = 1 << (c * h1 + h - 1) if h else 0
                if mine & bit:
                    px, po = (x ^ bit, o) if last_is_x else (x, o ^ bit)
                    if not four_in_a_row(px, shifts) and not four_in_a_row(po, shifts) and \
                            back(heights[:c] + (h - 1,) + heights[c + 1:], px, po, n - 1):
                        return True
            failed.add(heights)
            return False

        heights = tuple(((x | o) & g.column[c]).bit_count() for c in range(self.cols))
        return back(heights, x, o, (x | o).bit_count())

    def from_moves(self, moves: Iterable[int] | str, state: Board | None = None) -> Board:
        """The state after playing the columns ``moves`` in turn from ``state`` (default: the initial
        state); ``moves`` may be a string of digits, ``'3344'``.  Raises IllegalMoveError as
        RESULT does (a character that is not a digit is an illegal move too)."""
        state = self.initial_state if state is None else state
        self.check_state(state)
        if isinstance(moves, (bytes, bytearray)) or not hasattr(moves, "__iter__"):
            raise ArgumentError(f"moves must be a sequence of columns or a string of digits, got {moves!r}")
        for a in moves:
            state = self.result(state, int(a) if isinstance(a, str) and a.isdecimal() else a)
        return state

    def drop_row(self, state, col: int) -> int:
        """The row (0 = bottom) a piece dropped into open column ``col`` lands on (for a full column:
        ``rows``, the number of pieces in it)."""
        if isinstance(col, bool) or not hasattr(col, "__index__") or not 0 <= col < self.cols:
            raise ArgumentError(f"col must be a column, a whole number 0..{self.cols - 1}, got {col!r}")
        return ((state.x | state.o) & self.geometry.column[col]).bit_count()


# -- move ordering, threats, quiescence ------------------------------------------------------------

def center_first(state: Board, actions) -> tuple:
    """The columns ``actions`` reordered centre first, then outwards, left before right at equal
    distance (3, 2, 4, 1, 5, 0, 6 on 7 columns): a move ordering for ``alphabeta(order=...)``.

    Central pieces lie in more lines of four than edge pieces, so central moves are more often the
    best, and trying the best move first is what lets alpha-beta prune (AIMA 4th ed. §5.2.4, "move ordering").
    """
    key = (state.cols, actions)
    ordered = _ORDERED.get(key) if type(actions) is tuple else None
    if ordered is None:
        rank = geometry(state.rows, state.cols).rank
        ordered = tuple(sorted(actions, key=rank.__getitem__))
        if type(actions) is tuple and len(_ORDERED) < 10_000:
            _ORDERED[key] = ordered
    return ordered


_ORDERED: dict = {}   # (cols, actions) -> centre-first order: there are only 2^cols sets of columns


def _winning_cells(p: int, shifts: tuple) -> int:
    """Cells where one more piece of bitboard ``p`` would make four, before masking: the caller keeps
    the empty (and playable) ones.  ``shifts``: up, across, and the two diagonals."""
    r = (p << 1) & (p << 2) & (p << 3)                     # three stacked below
    for s in shifts[1:]:
        pair = (p << s) & (p << (2 * s))
        r |= pair & (p << (3 * s))                         # three before it
        r |= pair & (p >> s)                               # two before, one after
        pair = (p >> s) & (p >> (2 * s))
        r |= pair & (p << s)                               # one before, two after
        r |= pair & (p >> (3 * s))                         # three after
    return r


def threats(state: Board, player: str) -> int:
    """Bitboard of the empty cells where ``player`` ('MAX' or 'MIN') would complete four, playable now
    or not (a threat higher up a column matters later)."""
    g = geometry(state.rows, state.cols)
    mine = state.x if player == MAX else state.o
    return _winning_cells(mine, g.shifts) & ~(state.x | state.o) & g.board


def immediate_wins(state: Board, player: str | None = None) -> tuple:
    """The columns where ``player`` (default: the player to move) would connect four *right now*,
    i.e. whose next free cell completes a line.  For the opponent of the player to move these are
    the threats that must be blocked."""
    if state.winner:
        return ()
    g = geometry(state.rows, state.cols)
    mask = state.x | state.o
    playable = (mask + g.bottom_row) & g.board
    hits = threats(state, player or state.to_move) & playable
    return tuple(c for c in range(state.cols) if hits & g.column[c])


def is_quiet(state: Board) -> bool:
    """Quiescence test (AIMA §5.3.2): is the position free of immediate tactics?  True when the player
    to move cannot win at once *and* the opponent has no immediate win that must be blocked; also
    True at terminal states (nothing more happens).  An evaluation at a non-quiet position is
    unreliable: one move changes it from "about even" to a won or lost game."""
    if state.winner:
        return True
    g = geometry(state.rows, state.cols)
    mask = state.x | state.o
    playable = (mask + g.bottom_row) & g.board         # the lowest empty cell of each open column
    # Both players at once: their bitboards side by side in one integer, far enough apart that the
    # shifts cannot carry one player's pieces into the other's half of the board.
    w = g.pair_width
    return not (_winning_cells(state.x | (state.o << w), g.shifts) & (playable | (playable << w)))


def null_move(state: Board) -> Board:
    """The same position with the other player to move: a *pass*, which Connect Four's rules do not
    allow, for null-move pruning (:func:`gamelib.limits.search`'s ``null_move=``).  The result is not a
    position that can arise in play (its piece counts have the wrong parity); the rules play on from
    it all the same."""
    return _new_board(Board, (state.x, state.o, MIN if state.to_move == MAX else MAX, state.winner,
                              state.rows, state.cols))


# -- the evaluation function ------------------------------------------------------------------------

_last = [None, (0, 0, 0, 0)]   # the last state counted and its counts: the features of one EVAL share


def line_counts(state: Board) -> tuple[int, int, int, int]:
    """``(x3, x2, o3, o2)``: how many lines of four (windows) hold exactly 3 (x3) or 2 (x2) of X's
    pieces and none of O's, and the same for O.  Each window is counted once, so ``x3 + x2 + o3 +
    o2`` is at most the number of windows (69 on 7 x 6).

    Computed for all windows of a direction at once with bit-parallel arithmetic: shifting a bitboard
    by k steps of the direction lines up each window's k-th cell with its first cell, and two
    half-adders count the pieces.  Both players are counted in one pass, their bitboards side by
    side in one integer.
    """
    if _last[0] is not state:
        _last[1] = _count_lines(state)
        _last[0] = state
    return _last[1]


def _count_lines(state: Board) -> tuple[int, int, int, int]:
    g = geometry(state.rows, state.cols)
    x, o, w = state.x, state.o, g.pair_width
    p = x | (o << w)         # the pieces counted: X's in the low half, O's in the high half
    q = o | (x << w)         # the pieces that spoil a window for them: O's low, X's high
    n3 = n2 = h3 = h2 = 0
    for s, s2, s3, first in g.starts_pair:
        p1, p2, p3 = p >> s, p >> s2, p >> s3
        free = first & ~(q | (q >> s) | (q >> s2) | (q >> s3))   # windows without an opponent piece
        a1, c1, a2, c2 = p ^ p1, p & p1, p2 ^ p3, p2 & p3         # two half-adders: sums a, carries c
        three = ((c1 & a2) | (c2 & a1)) & free
        two = ((c1 & ~(p2 | p3)) | (c2 & ~(p | p1)) | (a1 & a2)) & free
        n3 += three.bit_count()
        h3 += (three >> w).bit_count()
        n2 += two.bit_count()
        h2 += (two >> w).bit_count()
    return n3 - h3, n2 - h2, h3, h2


def open_threes(state: Board) -> int:
    """Feature: windows of four with 3 of X's pieces and the 4th cell empty, minus the same for O."""
    x3, _, o3, _ = line_counts(state)
    return x3 - o3


def open_twos(state: Board) -> int:
    """Feature: windows of four with 2 of X's pieces and 2 empty cells, minus the same for O."""
    _, x2, _, o2 = line_counts(state)
    return x2 - o2


def centre_control(state: Board) -> int:
    """Feature: X's pieces in the centre column minus O's (the two middle columns on even widths)."""
    c = geometry(state.rows, state.cols).centre
    return (state.x & c).bit_count() - (state.o & c).bit_count()


class Evaluation(WeightedSum):
    """A :class:`~gamelib.evaluation.WeightedSum` that remembers the values it computed, by state.

    A depth-limited search meets the same leaf position through many move orders (from the start of
    Connect Four, about 3 evaluations in 4 at depth 7 are repeats), so remembering is worth it.  The
    value is the weighted sum, exactly; ``with_weights`` returns a new Evaluation with an empty memo.
    At most ``memo_size`` values are kept: the memo is emptied when it is full.
    """

    memo_size = 100_000

    def __init__(self, features, weights):
        super().__init__(features, weights)
        self.memo = {}

    def __call__(self, state) -> float:
        value = self.memo.get(state)
        if value is None:
            memo = self.memo
            if len(memo) >= self.memo_size:
                memo.clear()
            value = memo[state] = WeightedSum.__call__(self, state)
        return value

    def with_weights(self, **changes: float) -> Evaluation:
        plain = super().with_weights(**changes)
        return Evaluation(plain.features, plain.weights)


SOLVE_LIMIT = 16
"""Empty squares beyond which :meth:`Connect4.too_large_to_solve` refuses a search to the end."""

FEATURES = {"open_threes": open_threes, "open_twos": open_twos, "centre": centre_control}
WEIGHTS = {"open_threes": 0.01, "open_twos": 0.002, "centre": 0.01}


def evaluation(weights: dict | None = None) -> Evaluation:
    """EVAL(s) = w1·open_threes(s) + w2·open_twos(s) + w3·centre(s), an estimate of MAX's utility
    (AIMA 4th ed. §5.3.1, a weighted linear function of features).  Each feature is MAX's count minus
    MIN's, so swapping the colours negates EVAL and mirroring the board left-right leaves it alone:

    open_threes  lines of four (windows) holding 3 of the player's pieces and an empty 4th cell.  Each
                 is a threat: one more piece there wins, so the opponent must block it or lose, and
                 two threats at once usually cannot both be blocked.  Weight 0.01.
    open_twos    windows with 2 of the player's pieces and 2 empty cells: material for future threes.
                 Weaker, weight 0.002.
    centre       the player's pieces in the centre column (the middle two on even widths).  A central
                 cell lies in the most windows (up to 4 across, against 1 for an edge cell), so owning
                 the centre means taking part in more lines.  Weight 0.01.

    Scale: utilities stay +1 / 0 / -1 and the evaluation stays well inside (-1, 1), so a win always
    outranks any non-terminal position (the first requirement of AIMA §5.3.1: order terminal states
    as UTILITY does).  A window counts towards at most one of the four counts x3, x2, o3, o2, so
    |w1·open_threes + w2·open_twos| <= max(w1, w2) x 69 windows = 0.69, and |w3·centre| <= 0.06:
    |EVAL| <= 0.75 on 7 x 6 with the default weights.  The searches score terminal states by UTILITY
    before they would call EVAL (Eq. 5.2 tests IS-TERMINAL first); EVAL is meant for non-terminal
    states.  The features ignore whose turn it is; positions after MAX's move and after MIN's are
    scored alike (a reason to cut off at a fixed parity, or to use quiescence: :func:`is_quiet`).

    ``weights``: a dict changing some weights, e.g. ``evaluation({'centre': 0})``; or use
    ``.with_weights(centre=0)`` on the result.  The result is an :class:`Evaluation`, a WeightedSum
    that remembers the values it has computed (searches meet the same position many times).

    >>> game = Connect4()
    >>> ev = evaluation()
    >>> s = game.from_moves([3, 0, 3, 0])           # X holds the centre, O the edge
    >>> {name: t.feature for name, t in ev.terms(s).items()}
    {'open_threes': 0, 'open_twos': 0, 'centre': 2}
    >>> round(ev(s), 3)
    0.02
    """
    return Evaluation(FEATURES, changed_weights(WEIGHTS, weights))
