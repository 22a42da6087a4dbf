"""The MCTS widget and picture, driven headlessly: what they show is what the traced search did."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import MIN, mcts  # noqa: E402
from gamelib.games import Connect4, TicTacToe  # noqa: E402
from gamelib.mcts import tree_statistics  # noqa: E402
from gamelib.viz import MCTSWidget, draw_mcts  # noqa: E402
from gamelib.viz.live import RUN_ME  # noqa: E402
from gamelib.viz.mcts_widget import PRESETS, preset  # noqa: E402


@pytest.fixture(scope="module")
def widget():
    return MCTSWidget(budget=500, draw=False)


def test_it_shows_the_traced_search_after_k_playouts(widget):
    w = widget
    assert w.iteration == 100 and w.result.iterations == 500
    assert w.stats == tree_statistics(w.result.trace, 100)
    assert sum(n for _, _, n in w.ucb.values()) == 100
    w.iteration = 500
    assert w.best == w.result.action == (0, 2)                 # O blocks X's row
    assert {a: n for a, (_, _, n) in w.ucb.items()} == w.result.visits
    assert "best move 0,2 (MIN to move)" in w.text and w.png == b""


def test_a_shorter_search_is_the_same_as_the_widget_at_that_step(widget):
    w = widget
    w.iteration = 60
    short = mcts(w.game, w.state, iterations=60, seed=0)
    assert w.best == short.action
    assert {a: n for a, (_, _, n) in w.ucb.items()} == short.visits


def test_buttons_step_run_and_reset(widget):
    w = widget
    w.iteration = 0
    assert w.ucb == {} and w.best is None and w.stats == {}
    w.buttons["+1"].click()
    assert w.iteration == 1 and len(w.stats) == 2
    w.buttons["+10"].click()
    w.buttons["+100"].click()
    assert w.iteration == 111
    w.buttons["run all"].click()
    assert w.iteration == 500
    w.buttons["+10"].click()
    assert w.iteration == 500                                   # never past the budget
    w.buttons["reset"].click()
    assert w.iteration == 0


def test_position_c_and_budget_rerun_the_search(widget):
    w = widget
    w.position_menu.value = "Connect Four, after 3342252"
    assert isinstance(w.game, Connect4) and w.game.to_move(w.state) == MIN
    w.budget_box.value = 300
    assert w.slider.max == 300 and w.result.iterations == 300
    w.iteration = 300
    assert w.best == w.result.action
    w.c_box.value = 0.5
    assert w.result == w.result and w.c == 0.5
    assert w.result.action == mcts(w.game, w.state, iterations=300, c=0.5, seed=0).action


def test_a_bad_iteration_is_refused_and_nothing_changes(widget):
    w = widget
    before = w.iteration
    with pytest.raises(ValueError, match="iteration"):
        w.iteration = 10_000
    with pytest.raises(ValueError, match="iteration"):
        w.iteration = -1
    assert w.iteration == before


def test_every_preset_runs():
    for name in PRESETS:
        game, state = preset(name)
        assert not game.is_terminal(state)


def test_the_picture_and_the_text_form():
    w = MCTSWidget(game=TicTacToe("XX.OO...."), budget=200)
    assert w.png.startswith(b"\x89PNG") and w.position_menu.value == "(given)"
    assert w._repr_mimebundle_()["text/plain"] == RUN_ME.format(name="MCTSWidget")
    game = TicTacToe()
    r = mcts(game, iterations=300, trace=True)
    axes, stats = draw_mcts(game, game.initial_state, r.trace, 150)
    assert stats[()].visits == 150
    assert "best so far" in axes[1].get_title()
    fig = axes[0].figure
    width, _ = fig.get_size_inches()
    assert width <= 8.2
    plt.close(fig)
