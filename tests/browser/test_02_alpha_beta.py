"""Notebook 02 in the browser: the tree explorer steps, switches trees and conventions, and stays
legible and honest about its limits."""
import math

import pytest

from gamelib.viz import explorer as explorer_module

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("02_alpha_beta.ipynb")


def dropdown_value(widget, description):
    """The option label the dropdown ``description`` shows."""
    select = widget.labelled(description, "widget-dropdown").locator("select")
    return select.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")


def dropdown_options(widget, description):
    select = widget.labelled(description, "widget-dropdown").locator("select")
    return [o.replace("\xa0", " ") for o in select.evaluate("s => [...s.options].map(o => o.text)")]


FITS_JS = """root => {
    const area = root.closest('.jp-OutputArea-output');
    const box = area.getBoundingClientRect();
    const imgs = [...root.querySelectorAll('img')];
    return {
        shrunk: imgs.filter(i => i.naturalWidth > i.getBoundingClientRect().width + 1)
                    .map(i => [i.naturalWidth, Math.round(i.getBoundingClientRect().width)]),
        outside: imgs.filter(i => i.getBoundingClientRect().right > box.right + 1).length,
        scrolls: [area, ...area.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
                    && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).length,
    };
}"""


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    text = nb.output("means = nodes_by_order(B, DEPTHS").inner_text()
    assert "100%" in text and text.count("%|") == 1, text    # one text bar, finished


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_explorer_names_the_fig_5_2_preset(nb):
    """Regression (issue 7): TreeExplorer(fig52) was labelled 'custom', though it is the preset."""
    explorer = nb.widget("TreeExplorer(fig52)")
    assert dropdown_value(explorer, "tree") == "AIMA Fig. 5.2"
    assert "custom" not in dropdown_options(explorer, "tree")


def _greyed(explorer):
    """[⏮, back, next, ⏭]: which are disabled, as the browser shows them."""
    return explorer.root.locator("button").evaluate_all(
        "bs => bs.filter(b => /back|next/.test(b.innerText) || b.querySelector('.fa-fast-backward, "
        ".fa-fast-forward')).map(b => b.disabled)")


def step_shown(explorer, k, total):
    """The explorer's whole state at step k: its status line, its slider, a new picture."""
    return explorer.all_of(explorer.says(f"step {k}/{total}"), explorer.slider_is("step", k),
                           explorer.image_changed())


def test_explorer_steps_through_alpha_beta(nb):
    explorer = nb.widget("TreeExplorer(fig52)")
    assert "step 0/22" in explorer.text()                  # Run All leaves it at the start
    assert _greyed(explorer) == [True, True, False, False]  # back and ⏮ can do nothing there
    sources = {explorer.image_src()}
    for k in range(1, 14):        # the whole new state: words, slider and picture (issue 30)
        explorer.click("next", until=step_shown(explorer, k, 22))
        sources.add(explorer.image_src())
    assert len(sources) == 14  # a new picture at every step
    text = explorer.text()
    assert "prune at C" in text and "never searched: I, J" in text
    explorer.click("back", until=step_shown(explorer, 12, 22))
    explorer.click("end", until=step_shown(explorer, 22, 22))
    assert "value 3, decision a1" in explorer.text()
    # At the end next is greyed; "end", just pressed, is not (greying it would drop the focus: issue 30).
    assert _greyed(explorer) == [False, False, True, False]
    nb.assert_clean()


def test_minimax_toggle_counts_every_node(nb):
    explorer = nb.new_widget("TreeExplorer(fig52)")
    explorer.toggle("minimax", until=explorer.shows("minimax has entered"))
    explorer.click("end", until=explorer.all_of(explorer.says("step 26/26"), explorer.slider_is("step", 26)))
    assert "alphabeta 11" in explorer.text() and "minimax 13" in explorer.text()
    nb.assert_clean()


def test_a_preset_shows_the_two_conventions_differ(nb):
    """Regression (issue 7): no preset tree had a tie, so unticking "prune on equality" visibly did
    nothing.  The tie-rich tree of the notebook's section on the two conventions is a preset now."""
    explorer = nb.new_widget("TreeExplorer()")
    ties = [o for o in dropdown_options(explorer, "tree") if "tie" in o]
    assert ties, f"no preset with ties among {dropdown_options(explorer, 'tree')}"
    explorer.select("tree", ties[0], until=explorer.shows("nodes visited: alphabeta 11"))
    explorer.check("prune on equality", False, until=explorer.shows("nodes visited: alphabeta 13"))
    explorer.check("prune on equality", True, until=explorer.shows("nodes visited: alphabeta 11"))
    nb.assert_clean()


def test_too_deep_a_random_tree_is_refused_with_a_word(nb):
    """Regression (issue 7): typing depth 9 with branching 4 was silently clamped."""
    explorer = nb.new_widget("TreeExplorer('random')")
    explorer.type("branching", 4, until=explorer.image_changed())
    nb.wait_idle()
    explorer.type("depth", 9)
    nb.wait_idle()
    text = nb.eventually(explorer.text, lambda t: "4^9" in t)
    assert "leaves" in text and "at most" in text and "4^9" in text, text
    depth_box = explorer.labelled("depth", "widget-text").locator("input")
    shown = int(nb.eventually(depth_box.input_value, lambda v: v != "9"))
    assert 4 ** shown <= explorer_module.MAX_LEAVES
    assert f"random b=4 d={shown}" in text
    nb.assert_clean()


@pytest.mark.parametrize("branching", [2, 3, 4, 5])
def test_the_largest_random_trees_fit_the_column(nb, branching):
    """Regression (issue 7): at b = 4, d = 3 the picture was shrunk (labels illegible) and the key
    pushed behind a scrollbar.  Every tree the controls allow now shows at full size, key in view."""
    depth = int(math.log(explorer_module.MAX_LEAVES) / math.log(branching) + 1e-9)
    explorer = nb.new_widget("TreeExplorer('random')")
    explorer.type("branching", branching)
    nb.wait_idle()
    explorer.type("depth", depth)
    nb.wait_idle()
    explorer.click("next", until=explorer.image_changed())
    fine = {"shrunk": [], "outside": 0, "scrolls": 0}
    fit = nb.eventually(lambda: explorer.root.evaluate(FITS_JS), lambda f: f == fine)
    assert fit == fine, fit
    assert f"random b={branching} d={depth}" in explorer.text()
    nb.assert_clean()


def test_after_a_reload_the_explorer_cell_is_live_or_says_to_run_it(nb):
    """Regression (issue 7): after a browser reload a widget cell could show its text repr,
    ``TreeExplorer(children=(HBox(...``, with nothing telling the student to re-run the cell."""
    nb.reload()
    output = nb.output("TreeExplorer(fig52)")
    output.locator(".jp-OutputArea-output").first.wait_for(state="visible")
    nb.page.wait_for_function("el => !el.innerText.includes('Loading widget')",
                              arg=output.element_handle(), timeout=30_000)
    live = output.locator(".jupyter-widgets").count() > 0
    text = output.inner_text()
    assert "(children=" not in text, text
    assert live or "run this cell" in text.lower(), text
