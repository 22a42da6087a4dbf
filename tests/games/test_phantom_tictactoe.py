"""gamelib.games.phantom_tictactoe: phantom tic-tac-toe (OpenSpiel's phantom_ttt, classical version,
reveal-nothing): moves onto hidden squares, views, the end of the game, and the size guard."""

import pytest

from gamelib import MAX, MIN, IllegalMoveError, TooLargeError, alphabeta, minimax, play, uniform
from gamelib.games import PhantomTicTacToe, TicTacToe
from gamelib.games.phantom_tictactoe import PhantomBoard

# -- phantom tic-tac-toe -------------------------------------------------------------------------------

def test_phantom_a_move_onto_the_opponents_square_is_refused_and_the_same_player_moves_again():
    game = PhantomTicTacToe()
    s = game.result(game.initial_state, (1, 1))          # X takes the centre
    assert game.to_move(s) == MIN and len(game.actions(s)) == 9  # O knows nothing yet
    t = game.result(s, (1, 1))                           # O tries the centre: "illegal"
    assert t.squares == s.squares and game.to_move(t) == MIN
    assert game.observation(t, MIN) == "....X...." and (1, 1) not in game.actions(t)
    assert game.announcement(s, t) == "illegal"
    u = game.result(t, (0, 0))
    assert game.announcement(t, u) == "moved" and game.to_move(u) == MAX
    assert game.observation(u, MAX) == "....X...."      # X learns nothing of O's move (reveal-nothing)
    assert game.observation(u, MIN) == "O...X...."
    with pytest.raises(IllegalMoveError):
        game.result(t, (1, 1))                           # a square O already knows is not an action


def test_phantom_actions_are_the_squares_empty_in_the_movers_view_row_major():
    game = PhantomTicTacToe()
    s = game.initial_state
    assert game.actions(s) == tuple((r, c) for r in range(3) for c in range(3))
    for move in [(0, 0), (0, 0), (2, 2)]:               # X at (0,0); O bumps into it, then plays (2,2)
        s = game.result(s, move)
    assert game.actions(s) == tuple(sq for sq in game.actions(game.initial_state) if sq != (0, 0))
    assert s.o_view == "X.......O" and s.x_view == "X........"


def test_phantom_lines_and_full_boards_end_the_game_as_in_tictactoe():
    game = PhantomTicTacToe()
    s = game.initial_state
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        s = game.result(s, move)
    assert game.is_terminal(s) and game.utility(s, MAX) == 1 and game.utility(s, MIN) == -1
    assert game.actions(s) == ()
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, (2, 2))


def test_phantom_played_with_full_knowledge_is_tictactoe():
    """A random playout's true boards are tic-tac-toe positions, and each legal move's result agrees."""
    game, ttt = PhantomTicTacToe(), TicTacToe()
    for seed in range(20):
        out = play(game, {MAX: uniform(game), MIN: uniform(game)}, seed=seed)
        for before, move, after in zip(out.states, out.actions, out.states[1:]):
            if after.squares != before.squares:
                board = ttt.result(TicTacToe.parse(before.squares), move)
                assert "".join(board.squares) == after.squares
        assert out.utility == TicTacToe.parse(out.states[-1].squares).winner_utility


def test_phantom_position_constructor_checks_views():
    game = PhantomTicTacToe("XO.......", x_view="XO.......")
    assert game.to_move(game.initial_state) == MAX and game.initial_state.o_view == ".O......."
    with pytest.raises(ValueError, match="view"):
        PhantomTicTacToe("XO.......", x_view="X.......O")
    with pytest.raises(ValueError, match="view"):
        PhantomTicTacToe("XO.......", o_view=".........")  # O's view must show O's own mark
    assert repr(PhantomTicTacToe()) == "PhantomTicTacToe()"
    assert isinstance(game.initial_state, PhantomBoard)


# -- Kuhn poker ----------------------------------------------------------------------------------------


# -- the clairvoyance lessons ----------------------------------------------------------------------------


# -- bad input (issue 21): states of another game, players not in the game, bad settings --------------


def test_phantom_searches_to_the_end_have_a_size_guard():
    with pytest.raises(TooLargeError, match="9 squares are empty .*give depth= and evaluate="):
        minimax(PhantomTicTacToe())
    assert alphabeta(PhantomTicTacToe("XOXO.....")).value in (-1, 0, 1)         # five empty: searched
    with pytest.raises(IllegalMoveError, match=r"illegal move \[1, 1\]"):
        PhantomTicTacToe().result(PhantomTicTacToe().initial_state, [1, 1])
