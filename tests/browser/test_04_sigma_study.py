"""Notebook 04 in the browser: the σ slider (typed or dragged), ρ and the shared-error toggle redraw
the picture and rewrite the probabilities."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("04_sigma_study.ipynb")


def test_notebook_runs_clean(nb):
    nb.assert_clean()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_sigma_slider_typed(nb):
    sigma = nb.widget("SigmaWidget(sigma=1)")
    assert "σ = 1: P(a1 truly best)" in sigma.text()
    sigma.slider("σ", 2, until=sigma.all_of(sigma.image_changed(), sigma.shows("σ = 2: ")))
    assert "(exact 0.5799)" in sigma.text()  # AIMA's 58 % at σ = 2, integrated exactly
    nb.assert_clean()


def test_sigma_slider_dragged(nb):
    sigma = nb.widget("SigmaWidget(sigma=1)")
    before = sigma.text()
    sigma.drag_slider("σ", 0.5, until=sigma.all_of(sigma.image_changed(), sigma.text_changed()))
    assert sigma.text() != before and "P(a1 truly best)" in sigma.text()
    nb.assert_clean()


def test_correlation_and_shared_errors(nb):
    sigma = nb.new_widget("SigmaWidget(sigma=5)")
    sigma.slider("ρ", 0.5, until=sigma.shows("ρ = 0.5 (parent)"))
    sigma.toggle("all", until=sigma.all_of(sigma.image_changed(), sigma.shows("ρ = 0.5 (all)")))
    nb.assert_clean()
