"""Notebook 06b in the browser: the notebook runs clean, and the Kuhn poker table deals, plays and reveals
hands."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("06b_card_games_and_cfr.ipynb")


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    table = nb.widget('KuhnPokerTable(agent="cfr"')
    assert "Your winnings" in table.text()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_kuhn_table_plays_a_hand_and_reveals_the_cards(nb):
    table = nb.new_widget('KuhnPokerTable(agent="clairvoyance", seed=0, iterations=200)')
    assert "You hold K and act first" in table.text()
    assert "the agent's card: ?" in table.text()
    table.click("bet (bet / call)", until=table.shows("You win 2"))
    text = table.text()
    assert "you held K, the agent Q" in text and "the agent's card: Q" in text
    assert "Your winnings: +2 over 1 hand (" in text
    assert "What the agent did" in text
    table.click("next hand", until=table.shows("Hand 2"))
    text = table.text()
    assert "You hold J and act second. The agent checked." in text and "the agent's card: ?" in text
    nb.assert_clean()
