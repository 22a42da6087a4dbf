"""Notebook 06a in the browser: the notebook runs clean, and the phantom tic-tac-toe board shows only the
player's view and its belief state."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

SQUARES = ".widget-gridbox button"


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("06a_partial_observability.ipynb")


def squares(board):
    """The nine squares' rendered labels, row by row ('' for a blank square)."""
    return [label.strip() for label in board.button_labels(SQUARES)]


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    board = nb.widget('PhantomTicTacToeBoard(human="X"')
    assert "Your belief state" in board.text()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_phantom_board_shows_only_your_own_marks_and_the_belief_state(nb):
    board = nb.new_widget('PhantomTicTacToeBoard(human="X", agent="random", seed=1)')
    assert squares(board) == [""] * 9
    assert "1 state (1 distinct board you" in board.text() and "1 states" not in board.text()
    board.click(target=board.root.locator(SQUARES).nth(4), until=board.shows("Boards after each percept so far: 1, 8"))
    labels = nb.eventually(lambda: squares(board), lambda ls: ls.count("X") == 1)
    # The agent has answered, but O's mark is hidden: X sees only its own move.
    assert labels == [""] * 4 + ["X"] + [""] * 4, labels
    assert "16 states (8 distinct boards" in board.text()
    assert "You are X: propose a square." in board.text()
    nb.assert_clean()


def test_phantom_board_new_game_clears_the_board(nb):
    board = nb.new_widget('PhantomTicTacToeBoard(human="X", agent="random", seed=1)')
    board.click(target=board.root.locator(SQUARES).nth(0), until=board.shows("1, 8"))
    nb.eventually(lambda: squares(board), lambda ls: ls[0] == "X")
    board.click("new game", until=board.shows("Boards after each percept so far: 1."))
    nb.wait_idle()
    labels = nb.eventually(lambda: squares(board), lambda ls: ls == [""] * 9)
    assert labels == [""] * 9, f"new game left marks on the board: {labels}"
    # Another agent: a new game, said once in the live region (issue 44: it sounded like the last one,
    # and the same words are not read out again).
    board.listen()
    board.select("agent", "averages over clairvoyance", until=board.says("averages over clairvoyance"))
    nb.wait_idle()
    assert board.heard() == ["New game, you are X, agent: averages over clairvoyance. You are X: propose a square."]
    # The same new game again: the same words, read out again, once (the line emptied and refilled).
    board.listen()
    board.click("new game")
    nb.wait_idle()
    assert board.heard() == ["New game, you are X, agent: averages over clairvoyance. You are X: propose a square."]
    nb.assert_clean()


def test_phantom_board_as_o_waits_for_an_unseen_x(nb):
    board = nb.new_widget('PhantomTicTacToeBoard(human="X", agent="random", seed=1)')
    board.toggle("you are O (second)", until=board.shows("You are O"))
    nb.wait_idle()
    # X has moved, and O cannot see where: nine possible boards, an empty view.
    text = nb.eventually(board.text, lambda t: "9 distinct boards" in t)
    assert "9 distinct boards" in text, text
    assert squares(board) == [""] * 9
    nb.assert_clean()
