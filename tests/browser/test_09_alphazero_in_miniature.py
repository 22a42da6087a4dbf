"""Notebook 09 in the browser: the MCTS widget guided by the network (PUCT) steps its simulations and
shows each root move's prior and PUCT score; the board plays against the network."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

SQUARES = ".widget-gridbox button"


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("09_alphazero_in_miniature.ipynb")


def test_notebook_runs_clean(nb):
    nb.assert_clean()


def test_accessible(nb):
    """No critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_puct_widget_steps_and_shows_the_priors(nb):
    w = nb.widget("MCTSWidget(game=game, state=state, budget=200, policy_value=f)")
    assert "after 100 of 200 simulations" in w.text() and "PUCT" in w.text() and "UCB" not in w.text()
    w.click("reset", until=w.shows("after 0 of 200 simulations"))
    w.click("+1", until=w.all_of(w.image_changed(), w.shows("after 1 of 200 simulations")))
    assert "N 0, PUCT" in w.text()                      # the root evaluated alone: no move tried yet
    w.click("run all", until=w.all_of(w.image_changed(), w.shows("after 200 of 200 simulations")))
    assert "best move 2,0 (MAX to move)" in w.text() and " P 0.37" in w.text()
    nb.assert_clean()


def test_the_board_plays_the_network(nb):
    board = nb.widget("TicTacToeBoard(human=\"O\", search=network_moves)")
    assert "(agent) played" in board.text()             # the network, X, opens
    empty = [i for i, b in enumerate(board.button_labels(SQUARES)) if b.strip() not in {"X", "O"}]
    board.click(target=board.root.locator(SQUARES).nth(empty[0]), until=board.text_changed())
    labels = nb.eventually(lambda: [b.strip() for b in board.button_labels(SQUARES)],
                           lambda ls: ls.count("X") == 2)
    assert labels.count("O") == 1
    nb.assert_clean()
