"""Notebook 01 in the browser: the notebook runs clean, and the tic-tac-toe board shows what it should."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

SQUARES = ".widget-gridbox button"
MARKS = {"X", "O"}
WORDS = {"win", "draw", "loss"}


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("01_games_and_minimax.ipynb")


def squares(board):
    """The nine squares' rendered labels, row by row ('' for a blank square)."""
    return [label.strip() for label in board.button_labels(SQUARES)]


def ready(board):
    """The squares take clicks again (disabled while a move is answered, and a moment after)."""
    return board.condition("root => { const bs = [...root.querySelectorAll('.widget-gridbox button')]; "
                           "return bs.length === 9 && bs.every(b => !b.disabled); }")


def settled(board):
    """The board has answered the last click: the agent's reply (or a result) is on screen."""
    return board.condition("(root, before) => root.innerText !== before "
                           "&& !root.innerText.includes('thinking')", board.text())


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    # The progress bar of the tic-tac-toe ply count (gamelib.progress: one text line updated in
    # place) finished, and is one line, not a line per update.
    text = nb.output("plies = ply_counts(TicTacToe(), progress=True)").inner_text()
    assert "100%" in text and text.count("%|") == 1, text


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_board_plays_and_labels_every_empty_square(nb):
    board = nb.new_widget('TicTacToeBoard(human="X")')
    assert squares(board) == ["draw"] * 9
    board.click(target=board.root.locator(SQUARES).nth(4), until=board.shows("(agent) played"))
    labels = nb.eventually(lambda: squares(board), lambda ls: ls.count("O") == 1)
    assert labels[4] == "X" and labels.count("O") == 1
    assert all(label in WORDS for label in labels if label not in MARKS)
    assert "You are X, to move" in board.text()
    nb.assert_clean()


def test_a_double_click_plays_one_move(nb):
    """Regression (issue 7, as on the Connect Four board): both clicks of a double-click on a square
    were read as moves; the second, sent before the reply was on screen, must be dropped."""
    board = nb.new_widget('TicTacToeBoard(human="X")')
    board.click(target=board.root.locator(SQUARES).nth(4), until=board.shows("(agent) played"), double=True)
    nb.wait_idle(settle=1.5)  # a second move, if one were played, would be on screen by now
    labels = squares(board)
    assert labels.count("X") == 1 and labels.count("O") == 1, labels
    nb.assert_clean()


def test_new_game_without_values_clears_every_mark(nb):
    """Regression (issue 7): with the values hidden, "new game" left the old X and O on the board,
    because the button view keeps its old label when the new one is empty."""
    board = nb.new_widget('TicTacToeBoard(human="X")')
    board.check("show what each move is worth to you", False)
    nb.wait_idle()
    board.click(target=board.root.locator(SQUARES).nth(4), until=board.shows("(agent) played"))
    labels = nb.eventually(lambda: sorted(squares(board)), lambda ls: ls == [""] * 7 + ["O", "X"])
    assert labels == [""] * 7 + ["O", "X"]
    board.click("new game", until=board.text_changed())
    nb.wait_idle()
    labels = nb.eventually(lambda: squares(board), lambda ls: ls == [""] * 9)
    assert labels == [""] * 9, "new game left marks on the board"
    nb.assert_clean()


def test_finished_game_leaves_no_stale_values(nb):
    """Regression (issue 7): after a finished game the empty squares kept their last labels
    ('loss'), which the game no longer gives them."""
    board = nb.new_widget('TicTacToeBoard(human="X")')
    finished = ("the agent wins", "you win", "Draw")
    for _ in range(5):  # X plays the first empty square each time: the agent wins quickly
        board.wait(ready(board))
        if nb.eventually(lambda: any(word in board.text() for word in finished), timeout=1.0):
            break
        first_empty = next(i for i, label in enumerate(squares(board)) if label not in MARKS)
        board.click(target=board.root.locator(SQUARES).nth(first_empty), until=settled(board))
    nb.wait_idle()
    assert any(word in board.text() for word in finished), board.text()
    leftover = nb.eventually(lambda: [label for label in squares(board) if label not in MARKS],
                             lambda ls: all(label == "" for label in ls))
    assert leftover and all(label == "" for label in leftover), f"stale labels {leftover}"
    nb.assert_clean()


def test_playing_o_lets_the_agent_open(nb):
    board = nb.new_widget('TicTacToeBoard(human="X")')
    board.toggle("you are O (second)", until=board.shows("You are O"))
    nb.wait_idle()
    labels = nb.eventually(lambda: squares(board), lambda ls: ls.count("X") == 1)
    assert labels.count("X") == 1 and labels.count("O") == 0
    assert "X (agent) played" in board.text()
    nb.assert_clean()
