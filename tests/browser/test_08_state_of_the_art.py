"""Notebook 08 in the browser: the MCTS widget steps and runs its playouts, redraws the tree, and
re-runs the search when the position changes."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("08_state_of_the_art.ipynb")


def test_notebook_runs_clean(nb):
    nb.assert_clean()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_mcts_widget_steps_and_runs(nb):
    w = nb.widget("MCTSWidget(budget=2000)")
    assert "after 100 of 2,000 playouts" in w.text()
    w.click("+10", until=w.all_of(w.image_changed(), w.shows("after 110 of 2,000 playouts")))
    w.click("run all", until=w.all_of(w.image_changed(), w.shows("after 2,000 of 2,000 playouts")))
    assert "best move 0,2 (MIN to move)" in w.text()
    w.click("reset", until=w.shows("after 0 of 2,000 playouts"))
    assert "no playouts yet" in w.text() and "Root's moves" not in w.text()
    assert not w.button("reset").is_disabled()        # just pressed: not greyed under the focus (issue 30)
    # The playouts slider, from the keyboard and typed into its readout: each change said once in the
    # live region (issue 44).
    w.listen()
    handle = w.root.locator("[role=slider]").first
    handle.focus()
    w._act(lambda: w.page.keyboard.press("ArrowRight"), w.says(": 1 of 2,000 playouts"), 30, "keydown")
    w.slider("playouts", 250, until=w.says(": 250 of 2,000 playouts"))
    nb.wait_idle()
    heard = w.heard()
    assert len(heard) == 2 and "1 of 2,000 playouts" in heard[0] and "250 of 2,000" in heard[1], heard
    nb.assert_clean()


def test_mcts_widget_changes_position(nb):
    w = nb.new_widget("MCTSWidget(budget=300)")
    w.select("position", "Connect Four, after 3342252",
             until=w.all_of(w.image_changed(), w.text_changed(), w.shows("of 300 playouts")))
    assert "Root's moves (Q: mean utility for MIN" in w.text() and "0,2" not in w.text()
    nb.assert_clean()
