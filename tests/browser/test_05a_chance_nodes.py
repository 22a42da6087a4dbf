"""Notebook 05a in the browser: the explorer on chance trees (expectiminimax and Star1, bounds L, U)
and the transformation explorer of AIMA 3rd ed. Fig. 5.12 (4th ed. Fig. 5.14)."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("05a_chance_nodes.ipynb")


TRUNCATED_JS = """root => [...root.querySelectorAll('.widget-toggle-button')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)"""


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    # The cell after the explorer reads its end, then puts it back: Run All leaves it at step 0.
    assert "step 0/12" in nb.widget('explorer = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")').text()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_explorer_steps_star1_with_proven_intervals(nb):
    explorer = nb.new_widget('TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")')
    assert "step 0/" in explorer.text()
    for _ in range(7):
        explorer.click("next", until=explorer.all_of(explorer.image_changed(), explorer.text_changed()))
    text = explorer.text()
    assert "chance nodes (bounds L = 1, U = 4)" in text and "B = 2.1" in text
    nb.assert_clean()


def test_the_algorithm_toggle_shows_whole_names(nb):
    """Regression (issue 7): on chance trees the toggle was cut to "expectimini…"."""
    explorer = nb.widget('explorer = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")')
    assert explorer.button_labels(".widget-toggle-buttons button") == ["expectiminimax", "star1"]
    assert explorer.root.evaluate(TRUNCATED_JS) == []


def test_no_pruning_checkbox_on_chance_trees(nb):
    """Regression (issue 7): a greyed "prune on equality" checkbox stayed on chance trees, where it
    means nothing."""
    explorer = nb.widget('explorer = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")')
    box = explorer.root.locator(".widget-checkbox", has_text="prune on equality")
    assert not box.is_visible()
    explorer.select("tree", "AIMA Fig. 5.2", until=explorer.shows("alphabeta"))
    assert nb.eventually(box.is_visible)
    explorer.select("tree", "CS221 coin game", until=explorer.shows("chance nodes"))
    assert not nb.eventually(box.is_visible, lambda shown: not shown)
    assert explorer.root.evaluate(TRUNCATED_JS) == []
    nb.assert_clean()


def test_wrong_bounds_are_refused_inside_the_widget(nb):
    explorer = nb.new_widget('TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")')
    explorer.type("L", 3, until=explorer.shows("must contain every leaf"))
    nb.wait_idle()
    lower = explorer.labelled("L", "widget-text").locator("input")
    assert float(nb.eventually(lower.input_value, lambda v: v != "3")) == 1.0  # the old bound is back
    assert "bounds [1, 4]" in explorer.text()
    explorer.type("L", 0, until=explorer.shows("bounds [0, 4]"))
    nb.assert_clean()


def test_transform_menu_and_sliders(nb):
    transform = nb.widget("TransformExplorer()")
    transform.select("transform", "x²", until=transform.all_of(transform.image_changed(),
                                                              transform.shows("transform x²")))
    assert "order-preserving, not positive linear" in transform.text()
    transform.select("transform", "10·x", until=transform.shows("transform 10·x (positive linear)"))
    transform.select("transform", "custom (sliders)", until=transform.shows("f(4)"))
    transform.slider("f(4)", 450, until=transform.all_of(transform.image_changed(),
                                                         transform.shows("4→450")))
    transform.slider("f(3)", 500, until=transform.shows("3→449"))
    assert "cannot pass its neighbours" in transform.text()
    nb.assert_clean()
