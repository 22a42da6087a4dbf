"""What each speed-up of issue 12 could break, pinned against a plain reference.

Every optimization lives in data representation or a helper; the searches' values, node counts and
traces must be exactly what they were.  Each section compares the fast path with a slow, obvious
version of the same thing (written here, textbook style) or with numbers measured before the change.
"""
from __future__ import annotations

import pytest

from gamelib import MAX, MIN, IllegalMoveError, alphabeta, minimax
from gamelib.games import TicTacToe
from gamelib.games.tictactoe import LINES, SQUARES


# --- tic-tac-toe on bitboards ----------------------------------------------------------------------
def _reference_result(squares: str, to_move: str, square) -> tuple[str, str, int]:
    """RESULT on a 9-character string, the obvious way: (squares, to move, winner utility)."""
    i = 3 * square[0] + square[1]
    mark = "X" if to_move == MAX else "O"
    after = squares[:i] + mark + squares[i + 1:]
    won = any(all(after[j] == mark for j in line) for line in LINES)
    return after, (MIN if to_move == MAX else MAX), (0 if not won else 1 if mark == "X" else -1)


def test_tictactoe_bitboards_agree_with_the_string_board_at_every_reachable_position():
    """All 5,478 positions: squares, moves, whose turn, winner, ACTIONS, RESULT of every square,
    printing, parsing and the illegal-move errors are those of the plain string board."""
    game = TicTacToe()
    seen, frontier = {}, [(game.initial_state, "." * 9, MAX, 0)]
    while frontier:
        state, squares, to_move, won = frontier.pop()
        if squares in seen:
            assert seen[squares] == state and hash(seen[squares]) == hash(state)
            continue
        seen[squares] = state
        empty = tuple(sq for sq in SQUARES if squares[3 * sq[0] + sq[1]] == ".")
        assert "".join(state.squares) == squares and state.moves == empty
        assert game.to_move(state) == to_move and state.winner_utility == won
        assert repr(state) == f"Board('{squares}', to_move={to_move})"
        assert str(state) == "\n".join(squares[3 * r:3 * r + 3] for r in range(3))
        assert TicTacToe.parse(squares) == state
        game.check_state(state)
        assert game.is_terminal(state) == (won != 0 or not empty)
        assert game.actions(state) == (() if won else empty)
        if game.is_terminal(state):
            assert game.utility(state, MAX) == won == -game.utility(state, MIN)
        for sq in SQUARES:
            if sq in game.actions(state):
                child = game.result(state, sq)
                ref = _reference_result(squares, to_move, sq)
                assert ("".join(child.squares), child.to_move, child.winner_utility) == ref
                frontier.append((child, *ref))
            else:
                with pytest.raises(IllegalMoveError, match="illegal move"):
                    game.result(state, sq)
    assert len(seen) == 5478


@pytest.mark.parametrize("action", [(3, 3), (-1, 0), [0, 0], "a1", None, (0,), (0, 0, 0)])
def test_tictactoe_result_refuses_what_is_not_a_square(action):
    game = TicTacToe()
    with pytest.raises(IllegalMoveError, match=r"illegal move .*legal: \[\(0, 0\)"):
        game.result(game.initial_state, action)


def test_tictactoe_numbers_of_the_notes_are_unchanged():
    """Node counts and values the notebooks print (minimax, alpha-beta both conventions)."""
    game = TicTacToe()
    assert minimax(game)[:3] == (0, (0, 0), 549_946)
    assert alphabeta(game)[:3] == (0, (0, 0), 18_297)
    assert alphabeta(game, prune_on_equality=False).nodes == 146_120
