"""Notebook 03a in the browser: it runs clean and its content passes the accessibility audit (it has
pictures and tables, no live widget)."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("03a_evaluation_and_cutoffs.ipynb")


def test_notebook_runs_clean(nb):
    nb.assert_clean()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)
