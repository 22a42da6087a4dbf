"""gamelib.viz.boards: the tic-tac-toe board against an agent that never loses, driven headlessly."""

import random

import pytest

from gamelib import minimax
from gamelib.games import TicTacToe
from gamelib.viz import TicTacToeBoard
from gamelib.viz.play import BLANK


@pytest.mark.parametrize("square", [(0.0, 0), (1, 1.5), (True, 0), (3, 0), (-1, 0), ("0", 0)])
def test_tictactoe_click_on_a_non_square_changes_nothing_and_says_why(square):
    board = TicTacToeBoard(human="X")
    before = board.state
    status = board.click(*square)
    assert "is not a square" in status
    assert board.state == before and board.history == []


@pytest.fixture(scope="module")
def board():
    return TicTacToeBoard()


def test_board_starts_empty_with_every_move_a_draw(board):
    board.new_game("X")
    assert board.state == TicTacToe().initial_state and board.history == []
    assert board.values == {(r, c): 0 for r in range(3) for c in range(3)}
    assert all(b.description == "draw" for row in board.buttons for b in row)
    assert "You are X, to move" in board.status


def test_click_plays_and_the_agent_replies(board):
    board.new_game("X")
    board.click(1, 1)
    assert len(board.history) == 2 and board.history[0] == ("X", (1, 1))
    mark, reply = board.history[1]
    assert mark == "O" and board.state.squares[3 * reply[0] + reply[1]] == "O"
    assert board.buttons[1][1].description == "X"
    assert board.to_move == "X" and f"O (agent) played {reply}" in board.status
    # The agent's reply is the minimax decision: its value equals the minimax value after X's move.
    after_x = TicTacToe().result(TicTacToe().initial_state, (1, 1))
    assert minimax(TicTacToe(), TicTacToe().result(after_x, reply)).value == 0


def test_illegal_click_is_refused_and_changes_nothing(board):
    board.new_game("X")
    board.click(0, 0)
    state, history = board.state, list(board.history)
    taken = history[1][1]
    message = board.click(*taken)
    assert "taken" in message and board.status == message
    assert board.state == state and board.history == history
    assert "not a square" in board.click(3, 0) and board.state == state


def test_values_are_minimax_values_for_the_human():
    game = TicTacToe()
    state = TicTacToe.parse("XO..X..O.")  # X to move
    b = TicTacToeBoard()  # alpha-beta finds them: the root value of a search is the minimax value
    expected = {a: minimax(game, game.result(state, a)).value for a in game.actions(state)}
    assert b.move_values(state) == expected and 1 in expected.values()
    assert b.value_of(state) == minimax(game, state).value == 1
    as_o = TicTacToeBoard(human="O")
    assert len(as_o.history) == 1 and as_o.history[0][0] == "X"  # the agent opened
    x_values = as_o.move_values()
    assert as_o.values == {a: -v for a, v in x_values.items()}  # O's viewpoint
    assert as_o.cache_size > 0


def test_button_toggle_and_new_game_widgets():
    b = TicTacToeBoard()
    b.buttons[2][2].click()
    assert b.history[0] == ("X", (2, 2)) and len(b.history) == 2
    b.values_box.value = False
    assert all(btn.description in (BLANK, "X", "O") for row in b.buttons for btn in row)
    b.human_toggle.value = "O"
    assert b.human == "O" and len(b.history) == 1 and b.to_move == "O"
    b.new_button.click()
    assert b.human == "O" and len(b.history) == 1


@pytest.mark.parametrize("human", ["X", "O"])
def test_agent_never_loses_against_random_play(board, human):
    rng = random.Random(2024)
    for _ in range(12):
        board.new_game(human)
        while not board.over:
            board.click(*rng.choice(list(board.state.moves)))
        assert board.winner in (None, board.agent)
        assert "game is over" in board.click(0, 0)  # refused once the game has ended


def test_a_blank_square_is_a_no_break_space_never_empty():
    """Regression (issue 7): the Button view keeps its old label when the description becomes '',
    so a square that should go blank (values hidden, new game, game over) showed a stale mark."""
    b = TicTacToeBoard()
    b.values_box.value = False
    b.click(1, 1)
    b.new_game()
    assert all(btn.description == BLANK for row in b.buttons for btn in row)
    b.values_box.value = True
    while not b.over:  # X plays the first empty square; the agent wins or draws
        b.click(*next(iter(b.state.moves)))
    assert {btn.description for row in b.buttons for btn in row} <= {BLANK, "X", "O"}
    assert BLANK in {btn.description for row in b.buttons for btn in row}
