"""Notebook 07 in the browser: the payoff-matrix widget (typing payoffs, a bad entry refused inside
the widget with the game kept whole, the presets) and the tree explorer stepping through max^n on
AIMA Fig. 5.4."""
import pytest

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

FITS_JS = """root => [...root.querySelectorAll('img')]
    .filter(i => i.naturalWidth > i.getBoundingClientRect().width + 1)
    .map(i => [i.naturalWidth, Math.round(i.getBoundingClientRect().width)])"""
MESSAGE_JS = """root => { const m = [...root.querySelectorAll('.widget-html div[style]')]
    .find(d => d.innerText.includes('nothing was changed'));
    return m ? getComputedStyle(m).color : null; }"""


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("07_more_players_and_simultaneous_moves.ipynb")


def payoff_box(widget, k):
    """The k-th payoff box in reading order: cell (i, j) of an n × n game has the row player's box
    at 2 (i n + j) and the column player's at 2 (i n + j) + 1 (the boxes of the size not shown are
    hidden: the widget makes both sizes once)."""
    return widget.root.locator(".widget-text input:visible").nth(k)


def type_payoff(widget, k, value, *, until=None):
    """Type ``value`` into payoff box ``k`` and press Enter, as a student does; returns the seconds
    until ``until`` held."""
    box = payoff_box(widget, k)

    def action():
        box.fill(str(value))
        box.press("Enter")
    return widget._act(action, until, 30.0, "Enter")


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    assert "Run this cell" not in nb.widget('PayoffMatrixWidget("prisoner').text()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_payoff_widget_edit_updates_the_equilibria(nb):
    w = nb.new_widget('PayoffMatrixWidget("prisoner\'s dilemma")')
    assert "Nash equilibria (1):" in w.text() and "prisoner's dilemma: not zero-sum" in w.text()
    # Both refusing now pays each player 1 (was -1): a coordination game, three equilibria.
    type_payoff(w, 6, 1, until=w.shows("prisoner's dilemma (edited)"))
    seconds = type_payoff(w, 7, 1, until=w.all_of(w.shows("Nash equilibria (3):"), w.image_changed()))
    assert seconds < 30
    text = w.text()
    assert "row (0, 1), column (0, 1): payoffs 1, 1" in text and "★" in text
    assert w.root.evaluate(FITS_JS) == []
    nb.assert_clean()


def test_payoff_widget_refuses_a_bad_entry_inside_and_changes_nothing(nb):
    """Issue 8's standard in the browser: the reason in red inside the widget, every box, table and
    picture as it was."""
    w = nb.new_widget("PayoffMatrixWidget()")
    before_text, before_src = w.text(), w.image_src()
    assert "zero-sum value (LP): −1/12 for the row player" in before_text
    type_payoff(w, 0, "abc", until=w.shows("nothing was changed"))
    nb.wait_idle()
    text = w.text()
    assert "is 'abc': type a number such as 3, -2.5 or 1/3 (nothing was changed)" in text
    assert w.root.evaluate(MESSAGE_JS) == "rgb(176, 0, 32)"                       # #b00020: red
    assert nb.eventually(payoff_box(w, 0).input_value, lambda v: v == "2") == "2"   # the old payoff
    assert w.image_src() == before_src
    assert text.replace(text.split("\n")[0] + "\n", "", 1).strip() == before_text.strip()
    # A good entry is used and clears the message.
    type_payoff(w, 0, "1/2", until=w.all_of(w.image_changed(), w.shows("two-finger Morra (edited)")))
    assert nb.eventually(lambda: "nothing was changed" not in w.text())
    nb.assert_clean()


def test_payoff_widget_presets_and_sizes(nb):
    w = nb.new_widget('PayoffMatrixWidget("battle of the sexes")')
    assert "Nash equilibria (3):" in w.text()
    w.select("game", "two-finger Morra", until=w.all_of(w.image_changed(),
                                                        w.shows("zero-sum value (LP): −1/12")))
    assert "row plays (7/12, 5/12)" in w.text()
    w.select("game", "rock-paper-scissors", until=w.shows("zero-sum value (LP): 0 for the row player"))
    assert payoff_box(w, 17).count() == 1 and payoff_box(w, 18).count() == 0    # 3 × 3: 18 boxes
    assert nb.eventually(payoff_box(w, 1).is_disabled)               # zero-sum: the column follows
    w.toggle("2 × 2", until=w.shows("rock-paper-scissors (edited)"))
    assert nb.eventually(lambda: payoff_box(w, 8).count() == 0)
    w.click("reset", until=w.shows("rock-paper-scissors: zero-sum"))
    assert w.root.evaluate(FITS_JS) == []
    nb.assert_clean()


def test_explorer_steps_through_maxn_on_fig_5_4(nb):
    explorer = nb.widget('TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)")')
    assert "step 0/30" in explorer.text() and "decision a1" not in explorer.text()   # not given away
    assert explorer.button_labels(".widget-toggle-buttons button") == ["maxn", "maxn spiteful", "maxn generous",
                                                               "maxn adversarial"]
    sources = {explorer.image_src()}
    for k in range(1, 6):
        explorer.click("next", until=explorer.all_of(explorer.image_changed(), explorer.says(f"step {k}/30"),
                                                     explorer.slider_is("step", k)))
        sources.add(explorer.image_src())
        if k == 3:
            assert "enter D via b1" in explorer.text()
            assert "at D (P3 moves: it maximizes component 3 of the vector)" in explorer.text()
    assert len(sources) == 6                                       # a new picture at every step
    text = explorer.text()
    assert "leaf H: utilities (1, 2, 6)" in text and "path A → B → D" in text
    assert "value and decision: at the end of the search" in text and "max^n searches every node" in text
    assert "prune on equality" not in text
    explorer.click("end", until=explorer.all_of(explorer.says("step 30/30"), explorer.slider_is("step", 30),
                                                explorer.image_changed()))
    text = explorer.text()
    assert "value (P1, P2, P3) = (1, 2, 6), decision a1" in text and "P1 is tied, a1 and a2 both give it 1" in text
    explorer.toggle("maxn spiteful", until=explorer.all_of(explorer.shows("decision a2"), explorer.image_changed()))
    assert "step 30/30" in explorer.text() and "(1, 5, 2)" in explorer.text()      # at the end: stays there
    assert explorer.root.evaluate(FITS_JS) == []
    nb.assert_clean()


def test_explorer_goes_from_maxn_back_to_alpha_beta(nb):
    explorer = nb.new_widget('TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)")')
    explorer.select("tree", "AIMA Fig. 5.2", until=explorer.shows("alphabeta 11"))
    assert explorer.button_labels(".widget-toggle-buttons button") == ["alphabeta", "minimax"]
    explorer.select("tree", "AIMA Fig. 5.4 (P1, P2, P3)", until=explorer.shows("maxn 15 of 15"))
    nb.assert_clean()
