"""Tic-tac-toe (AIMA Fig. 5.1; the Purdue slides): X is MAX and moves first, O is MIN.

Utilities for MAX: +1 if X completes a line, -1 if O does, 0 for a draw.  Actions are ``(row, col)``
pairs, 0-based, listed in row-major order.  From the empty board the full game tree has 549,946 nodes
(255,168 of them terminal) and its minimax value is 0: perfect play is a draw.

The board is kept as two *bitboards*, one integer per player with bit ``3*row + col`` set where that
player has a mark, so RESULT is a few integer operations and "did that move complete a line?" is one
look-up in a table computed once (:data:`HAS_LINE`, over all 512 sets of squares).  ``state.squares``
gives the familiar 9 characters row by row, for printing, parsing and evaluation features.
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError, Game, GameError, StateError, trusted
from ..evaluation import WeightedSum

EMPTY = "."
SQUARES = tuple((r, c) for r in range(3) for c in range(3))
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
INDEX = {sq: 3 * r + c for sq in SQUARES for r, c in [sq]}
# For each square, the pairs of other squares that complete a line through it.
PARTNERS = tuple(tuple(tuple(j for j in line if j != i) for line in LINES if i in line) for i in range(9))

# The bitboard tables, computed once.  A set of squares is a 9-bit number, bit i for square i.
BIT = {sq: 1 << INDEX[sq] for sq in SQUARES}
"""``(row, col)`` -> its bit."""
FULL = (1 << 9) - 1
"""Every square taken."""
LINE_MASKS = tuple(sum(1 << i for i in line) for line in LINES)
"""The 8 lines as bit masks."""
HAS_LINE = tuple(any(marks & line == line for line in LINE_MASKS) for marks in range(1 << 9))
"""``HAS_LINE[marks]``: do the squares ``marks`` (one player's bitboard) contain a complete line?"""
EMPTY_SQUARES = tuple(tuple(sq for sq in SQUARES if not taken & BIT[sq]) for taken in range(1 << 9))
"""``EMPTY_SQUARES[taken]``: the squares not in ``taken``, in row-major order (ACTIONS is a look-up)."""


@cache
def _squares(x: int, o: int) -> tuple:
    """The 9 characters of the board with bitboards ``x`` and ``o``, row by row."""
    return tuple("X" if x >> i & 1 else "O" if o >> i & 1 else EMPTY for i in range(9))


class Board(NamedTuple):
    """A tic-tac-toe state: X's and O's bitboards, whose turn it is, who has won, the legal moves.

    ``x`` and ``o`` have bit ``3*row + col`` set where X (O) has a mark; ``winner_utility`` is +1/-1
    once a line is complete (else 0) and ``legal`` lists the legal moves, the empty squares in
    row-major order (none once someone has won), so ACTIONS, IS-TERMINAL and UTILITY are look-ups.
    ``squares`` (the 9 characters 'X', 'O', '.' row by row) and ``moves`` (the empty squares) are
    read off the bitboards.  Two states are equal exactly when the positions are.
    """

    x: int = 0
    o: int = 0
    to_move: str = MAX
    winner_utility: int = 0
    legal: tuple = SQUARES

    @property
    def squares(self) -> tuple:
        """The 9 squares row by row, each 'X', 'O' or '.'."""
        return _squares(self.x, self.o)

    @property
    def moves(self) -> tuple:
        """The empty squares, ``(row, col)`` in row-major order."""
        return EMPTY_SQUARES[self.x | self.o]

    def __repr__(self):
        return f"Board('{''.join(self.squares)}', to_move={self.to_move})"

    def __str__(self):
        rows = ["".join(self.squares[3 * r:3 * r + 3]) for r in range(3)]
        return "\n".join(rows)

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))


_new_board = tuple.__new__   # Board(...) without the keyword handling

_BOARDS: dict = {}
"""Every position made so far, by ``x | o << 9``: a position is one Board object, made once (there are
5,478 of them), so RESULT looks the next position up instead of building it."""


def position(x: int, o: int) -> Board:
    """The Board with bitboards ``x`` and ``o`` (X to move if both have as many marks, else O): made
    the first time it is asked for, then looked up."""
    board = _BOARDS.get(x | o << 9)
    if board is None:
        won = 1 if HAS_LINE[x] else -1 if HAS_LINE[o] else 0
        board = _BOARDS[x | o << 9] = _new_board(Board, (
            x, o, MAX if x.bit_count() == o.bit_count() else MIN, won, () if won else EMPTY_SQUARES[x | o]))
    return board


class TicTacToe(Game):
    """The 3x3 game; ``TicTacToe().initial_state`` is the empty board with X (MAX) to move."""

    def __init__(self, board: str | None = None):
        """``board``, optional: 9 characters from 'X', 'O', '.', row by row; the player to move is X
        if the counts are equal, else O."""
        self.initial_state = position(0, 0) if board is None else self.parse(board)

    @staticmethod
    def parse(board: str) -> Board:
        """A :class:`Board` from a 9-character string such as ``'X.O.X..O.'`` (whitespace ignored).

        Raises :class:`~gamelib.core.StateError` (a ValueError) for a position that cannot arise in
        play: impossible counts, both players with a line, or a winner who did not move last.
        """
        if not isinstance(board, str):
            raise ArgumentError(f"a board is a string of 9 characters from 'X', 'O', '.', got {board!r}")
        cells = tuple(ch for ch in board if not ch.isspace())
        if len(cells) != 9 or any(ch not in "XO." for ch in cells):
            raise StateError(f"a board is 9 characters from 'X', 'O', '.', got {board!r}")
        x = sum(1 << i for i, ch in enumerate(cells) if ch == "X")
        o = sum(1 << i for i, ch in enumerate(cells) if ch == "O")
        nx, no = x.bit_count(), o.bit_count()
        if not (nx == no or nx == no + 1):
            raise StateError(f"impossible board {board!r}: X moves first, so X count must equal O count "
                             f"or exceed it by one (X={nx}, O={no})")
        if HAS_LINE[x] and HAS_LINE[o]:
            raise StateError(f"impossible board {board!r}: both players have a line (the game ends at "
                             "the first line)")
        if (HAS_LINE[x] and nx != no + 1) or (HAS_LINE[o] and nx != no):
            raise StateError(f"impossible board {board!r}: the player with a line must have moved last "
                             f"(X={nx}, O={no}), since the game ends at the first line")
        return position(x, o)

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a tic-tac-toe position that can
        arise in play, with its cached facts (whose turn, winner, legal moves) right."""
        try:
            ok = isinstance(state, Board) and type(state.x) is int and type(state.o) is int \
                and 0 <= state.x <= FULL and 0 <= state.o <= FULL \
                and self.parse("".join(state.squares)) == state
        except (GameError, TypeError):
            ok = False
        if not ok:
            raise StateError(f"{state!r} is not a tic-tac-toe position that can arise in play (build "
                             "states with TicTacToe(board).initial_state or game.result)")

    def to_move(self, state):
        return state.to_move

    def actions(self, state):
        return state.legal

    def result(self, state, action):
        try:
            bit = BIT[action]
        except (KeyError, TypeError):               # not a square at all
            raise self.illegal(state, action) from None
        x, o, player, won, _ = state
        if won or (x | o) & bit:                    # the game is over, or the square is taken
            raise self.illegal(state, action)
        if player == MAX:
            x |= bit
        else:
            o |= bit
        return _BOARDS.get(x | o << 9) or position(x, o)

    def is_terminal(self, state):
        return not state.legal                      # a line is complete, or no square is empty

    @trusted
    def utility(self, state, player):
        if player == MAX:
            return state.winner_utility
        if player == MIN:
            return -state.winner_utility
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")


# ---------------------------------------------------------------------------------------------------
# An evaluation function (AIMA §5.3.1; the Purdue slides): a weighted sum of features, each MAX's count minus
# MIN's, small enough that every non-terminal scores strictly between a loss (-1) and a win (+1).
# ---------------------------------------------------------------------------------------------------

def _line_counts(squares, mark, need):
    """Lines holding exactly ``need`` of ``mark`` and nothing of the opponent's."""
    other = "O" if mark == "X" else "X"
    count = 0
    for line in LINES:
        cells = [squares[i] for i in line]
        if other not in cells and cells.count(mark) == need:
            count += 1
    return count


def open_lines(state) -> int:
    """Lines X could still complete that hold one X, minus the same for O."""
    return _line_counts(state.squares, "X", 1) - _line_counts(state.squares, "O", 1)


def threats(state) -> int:
    """Lines with two X's and an empty square, minus the same for O: wins waiting to happen."""
    return _line_counts(state.squares, "X", 2) - _line_counts(state.squares, "O", 2)


def centre(state) -> int:
    """+1 if X holds the centre, -1 if O does, else 0."""
    return {"X": 1, "O": -1}.get(state.squares[4], 0)


WEIGHTS = {"open_lines": 0.04, "threats": 0.12, "centre": 0.04}


def evaluation(weights: dict | None = None) -> WeightedSum:
    """The classic tic-tac-toe EVAL: 0.04·open_lines + 0.12·threats + 0.04·centre (for MAX = X).

    With these weights the largest |EVAL| over all 5,478 legal positions is 0.44, so a real win (+1)
    or loss (-1) always outranks an estimate, as AIMA's first requirement on evaluation functions asks
    (the kit's tests check it).

    >>> ev = evaluation()
    >>> round(ev(TicTacToe("X........").initial_state), 2)      # one X in a corner: 3 open lines
    0.12
    >>> round(ev(TicTacToe("....X....").initial_state), 2)      # the centre: 4 lines and the centre
    0.2
    """
    features = {"open_lines": open_lines, "threats": threats, "centre": centre}
    return WeightedSum(features, WEIGHTS if weights is None else weights)
