"""Phantom tic-tac-toe: tic-tac-toe in the fog of war, the Kriegspiel of the 3x3 board (AIMA 4th ed.
§5.6.1; Zell's slides §5.6).

**Rules: the classical version with reveal-nothing observations**, the defaults of OpenSpiel's
``phantom_ttt`` (``gameversion="classical"``, ``obstype="reveal-nothing"``):

* The true board, as in :class:`~gamelib.games.TicTacToe`, is known only to a referee.  X (MAX) moves
  first; a line of three wins (+1 for X, -1 for O), a full board without a line is a draw (0).
* Each player sees only its **view**: its own marks and the opponent's marks it has bumped into.
* On its turn a player proposes a square that is empty *in its view* (actions are ``(row, col)``,
  0-based, row-major, as in ``TicTacToe``).  If the square is empty on the true board the mark is placed
  and the turn passes.  If the opponent holds it, the referee answers "illegal": the player's view now
  shows the opponent's mark there, and **the same player moves again** (the classical version; in the
  "abrupt" version, not implemented here, the turn would pass).
* Nothing else is announced (reveal-nothing): a player never learns where the opponent moved, nor how
  many squares the opponent tried before one was legal.

A state is a :class:`PhantomBoard`: the true board, whose turn it is, and both views (9-character
strings, ``'.'`` for a square the player knows nothing about).  ``observation(state, player)`` is that
player's view: what :mod:`gamelib.imperfect` builds belief states from.  Every search still runs on
the game (it reads the true board, i.e. it plays the game as if it could see everything: averaging
over clairvoyance does exactly that).

>>> game = PhantomTicTacToe()
>>> s = game.result(game.initial_state, (1, 1))         # X takes the centre
>>> game.observation(s, MAX), game.observation(s, MIN)
('....X....', '.........')
>>> s = game.result(s, (1, 1))                          # O tries the centre: "illegal"
>>> game.to_move(s), game.observation(s, MIN)           # O learned where X is and moves again
('MIN', '....X....')
>>> (1, 1) in game.actions(s)
False
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError, Game, StateError, trusted
from .tictactoe import INDEX, LINES, PARTNERS, SQUARES

EMPTY = "."
MARK = {MAX: "X", MIN: "O"}
SOLVE_LIMIT = 5
"""Empty squares beyond which :meth:`PhantomTicTacToe.too_large_to_solve` refuses a search to the end
(minimax from five empty squares visits about 5 million states; a referee's refusals make the tree
far larger than tic-tac-toe's)."""


class PhantomBoard(NamedTuple):
    """A phantom tic-tac-toe state: the true ``squares`` (9 characters row by row), whose turn it is,
    what X and what O have seen (``x_view``, ``o_view``: own marks and the opponent's marks bumped
    into), and ``winner_utility`` (+1/-1 once a line is complete, else 0)."""

    squares: str
    to_move: str = MAX
    x_view: str = EMPTY * 9
    o_view: str = EMPTY * 9
    winner_utility: int = 0

    def __repr__(self):
        return (f"PhantomBoard('{self.squares}', to_move={self.to_move}, x_view='{self.x_view}', "
                f"o_view='{self.o_view}')")

    def __str__(self):
        return "\n".join(self.squares[3 * r:3 * r + 3] for r in range(3))

    def view(self, player: str) -> str:
        """What ``player`` (MAX = X, MIN = O) has seen."""
        return self.x_view if player == MAX else self.o_view


@lru_cache(maxsize=None)
def _unknown_squares(view: str) -> tuple:
    """The squares a view shows empty, row-major (at most 3^9 views: cached)."""
    return tuple(sq for sq, v in zip(SQUARES, view) if v == EMPTY)


def _fits(view, squares: str, mark: str) -> bool:
    """Is ``view`` what the player of ``mark`` can have seen of ``squares``: 9 characters showing all of
    its own marks and only marks that are on the board?"""
    return isinstance(view, str) and len(view) == 9 \
        and all(v == EMPTY or v == s for v, s in zip(view, squares)) \
        and all(v == s for v, s in zip(view, squares) if s == mark)


def _winner(squares: str) -> int:
    for a, b, c in LINES:
        if squares[a] != EMPTY and squares[a] == squares[b] == squares[c]:
            return 1 if squares[a] == "X" else -1
    return 0


class PhantomTicTacToe(Game):
    """``PhantomTicTacToe(board=None, *, x_view=None, o_view=None)``: the game from the empty board, or
    from a true ``board`` (9 characters from 'X', 'O', '.'; whose turn follows from the counts, as in
    :class:`~gamelib.games.TicTacToe`).  Each view defaults to the player's own marks only (nobody has
    bumped into anything yet); give ``x_view``/``o_view`` to say otherwise."""

    def __init__(self, board: str | None = None, *, x_view: str | None = None,
                 o_view: str | None = None):
        if board is None and x_view is None and o_view is None:
            self.initial_state = PhantomBoard(EMPTY * 9)
            return
        from .tictactoe import TicTacToe
        squares = "".join(TicTacToe.parse(EMPTY * 9 if board is None else board).squares)
        own = {p: "".join(ch if ch == MARK[p] else EMPTY for ch in squares) for p in (MAX, MIN)}
        views = {MAX: own[MAX] if x_view is None else x_view, MIN: own[MIN] if o_view is None else o_view}
        for p, view in views.items():
            if not _fits(view, squares, MARK[p]):
                name = "x_view" if p == MAX else "o_view"
                raise ArgumentError(f"{name} must be 9 characters showing all of {MARK[p]}'s marks and only "
                                    f"marks that are on the board {squares!r}, got {view!r}")
        x, o = squares.count("X"), squares.count("O")
        self.initial_state = PhantomBoard(squares, MAX if x == o else MIN, views[MAX], views[MIN],
                                          _winner(squares))

    # Each method first refuses a state of another game (StateError): one comparison of classes.
    def to_move(self, state):
        if state.__class__ is not PhantomBoard:
            self.check_state(state)
        return state.to_move

    def actions(self, state):
        """The squares empty in the mover's view, row-major (an opponent's square it has not bumped
        into yet is among them: proposing it is how one finds out)."""
        if self.is_terminal(state):
            return ()
        return _unknown_squares(state.x_view if state.to_move == MAX else state.o_view)

    def result(self, state, action):
        if self.is_terminal(state) or action.__class__ is not tuple or action not in INDEX:
            raise self.illegal(state, action)
        i = INDEX[action]
        mover = state.to_move
        view = state.x_view if mover == MAX else state.o_view
        if view[i] != EMPTY:
            raise self.illegal(state, action)
        squares = state.squares
        if squares[i] == EMPTY:                                  # legal: placed, the turn passes
            mark = MARK[mover]
            squares = squares[:i] + mark + squares[i + 1:]
            won = 0
            for j, k in PARTNERS[i]:
                if squares[j] == mark and squares[k] == mark:
                    won = 1 if mark == "X" else -1
                    break
            nxt = MIN if mover == MAX else MAX
        else:                                                    # "illegal": learn it, move again
            mark, won, nxt = squares[i], 0, mover
        view = view[:i] + mark + view[i + 1:]
        if mover == MAX:
            return PhantomBoard(squares, nxt, view, state.o_view, won)
        return PhantomBoard(squares, nxt, state.x_view, view, won)

    def is_terminal(self, state):
        if state.__class__ is not PhantomBoard:
            self.check_state(state)
        return state.winner_utility != 0 or EMPTY not in state.squares

    @trusted
    def utility(self, state, player):
        if state.__class__ is not PhantomBoard:
            self.check_state(state)
        if player == MAX:
            return state.winner_utility
        if player == MIN:
            return -state.winner_utility
        raise ArgumentError(f"player must be MAX or MIN (X and O), got {player!r}")

    def observation(self, state, player):
        """``player``'s view (reveal-nothing): its own marks and the opponent's it has bumped into."""
        if state.__class__ is not PhantomBoard:
            self.check_state(state)
        if player == MAX:
            return state.x_view
        if player == MIN:
            return state.o_view
        raise ArgumentError(f"player must be MAX or MIN (X and O), got {player!r}")

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a phantom tic-tac-toe position:
        a tic-tac-toe board that can arise in play, the player to move that its marks say, the winner
        its lines say, and views that show all of their own player's marks and only marks that are on
        the board."""
        from .tictactoe import TicTacToe
        ok = isinstance(state, PhantomBoard) and all(isinstance(v, str) for v in state[:4])
        if ok:
            try:
                TicTacToe.parse(state.squares)
            except StateError as e:
                raise StateError(f"{state!r} is not a state of {self!r}: {e}") from None
            x, o = state.squares.count("X"), state.squares.count("O")
            ok = state.to_move == (MAX if x == o else MIN) and state.winner_utility == _winner(state.squares) \
                and _fits(state.x_view, state.squares, "X") and _fits(state.o_view, state.squares, "O")
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}: PhantomBoard(squares, to_move, x_view, "
                             "o_view, winner_utility) with a board that can arise in play, the player to move "
                             "and the winner it implies, and views that show all of their player's marks and "
                             "only marks on the board (build states with result)")

    def too_large_to_solve(self, state) -> str | None:
        """More than :data:`SOLVE_LIMIT` empty squares: the referee's refusals (a player may try every
        square the opponent holds before one stands) make the tree far larger than tic-tac-toe's."""
        empty = state.squares.count(EMPTY)
        if empty > SOLVE_LIMIT:
            return (f"{empty} squares are empty (at most {SOLVE_LIMIT} can be searched to the end in reasonable "
                    "time: every refused try is a move, so the tree is far larger than tic-tac-toe's)")
        return None

    @staticmethod
    def board(state):
        """The true board as a :class:`~gamelib.games.TicTacToe` state (what a referee, or a search
        that sees everything, plays on)."""
        from .tictactoe import TicTacToe
        if state.__class__ is not PhantomBoard:
            raise StateError(f"{state!r} is not a phantom tic-tac-toe state (a PhantomBoard)")
        return TicTacToe.parse(state.squares)

    @staticmethod
    def announcement(before: PhantomBoard, after: PhantomBoard) -> str:
        """The referee's word on the move that led from ``before`` to ``after``: ``'illegal'`` (the
        square was taken; the same player moves again) or ``'moved'``."""
        return "illegal" if after.squares == before.squares else "moved"

    def __repr__(self):
        s = self.initial_state
        if s == PhantomBoard(EMPTY * 9):
            return "PhantomTicTacToe()"
        return f"PhantomTicTacToe('{s.squares}', x_view='{s.x_view}', o_view='{s.o_view}')"
