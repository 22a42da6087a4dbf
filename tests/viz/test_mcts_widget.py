"""The MCTS widget and picture, driven headlessly: what they show is what the traced search did."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import MIN, ArgumentError, mcts  # noqa: E402
from gamelib.games import Connect4, TicTacToe  # noqa: E402
from gamelib.mcts import root_ucb, tree_statistics  # noqa: E402
from gamelib.viz import MCTSWidget, draw_mcts  # noqa: E402
from gamelib.viz.live import RUN_ME  # noqa: E402
from gamelib.viz.mcts_widget import POSITIONS, preset  # noqa: E402


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
    for name in POSITIONS:
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


# -- bad input (issue 21): refused, never clamped, and the widget stays as it was ----------------------

@pytest.mark.parametrize("kwargs, named", [
    ({"c": 11}, r"c must be an exploration constant, a finite number >= 0 and <= 10, got 11"),   # was 10
    ({"c": -1}, r"c must be .* got -1"),                                                          # was 0
    ({"c": float("nan")}, "c must be .* got nan"),
    ({"budget": 2.5}, r"budget must be a whole number of playouts >= 1 and <= 50000, got 2.5"),   # said "iteration"
    ({"budget": 50_001}, "budget must be .* got 50001"),
    ({"game": 5}, "game must be a game .* got 5"),
    ({"position": "bogus"}, r"position must be one of \[.*\], got 'bogus'"),
    ({"seed": float("nan")}, "seed must be None, a whole number or a string .* got nan"),
    ({"draw": "yes"}, "draw must be True or False, got 'yes'"),
    ({"state": "X........"}, "state is given without game="),
])
def test_bad_arguments_are_refused_instead_of_clamped(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        MCTSWidget(budget=kwargs.pop("budget", 20), draw=kwargs.pop("draw", False), **kwargs)


def test_a_game_mcts_cannot_search_is_refused_by_the_widget_too():
    from gamelib.games import Raid
    with pytest.raises(ArgumentError, match="two-player zero-sum games .* 'A', 'B', 'C'"):
        MCTSWidget(game=Raid(), budget=20, draw=False)


def settings(w):
    return (w.iteration, w.c, w.budget, w.slider.max, w.result.iterations, w.text)


@pytest.mark.parametrize("attribute, value", [("c", 11), ("c", -1), ("c", "x"), ("budget", 0), ("budget", 2.5),
                                              ("iteration", -1), ("iteration", 10**6), ("iteration", 2.5)])
def test_setters_refuse_and_keep_the_widget_whole(attribute, value):
    w = MCTSWidget(budget=50, draw=False)
    before = settings(w)
    with pytest.raises(ArgumentError, match=attribute):
        setattr(w, attribute, value)
    assert settings(w) == before


def test_setters_rerun_the_search():
    w = MCTSWidget(budget=50, draw=False)
    w.c = 2.0
    assert w.c_box.value == 2.0 and w.result == mcts(w.game, w.state, iterations=50, c=2.0, seed=0)._replace(
        seconds=w.result.seconds, root=w.result.root, trace=w.result.trace)
    w.budget = 80
    assert w.slider.max == 80 and w.result.iterations == 80


def test_draw_mcts_checks_its_arguments():
    game = TicTacToe("XX.O.....")
    trace = mcts(game, iterations=30, trace=True).trace
    with pytest.raises(ArgumentError, match="trace must be the trace of gamelib.mcts"):
        draw_mcts(game, game.initial_state, None)
    with pytest.raises(ArgumentError, match="max_depth must be a whole number .* got -1"):
        draw_mcts(game, game.initial_state, trace, max_depth=-1)
    with pytest.raises(ArgumentError, match="axes must be two matplotlib Axes"):
        draw_mcts(game, game.initial_state, trace, axes=5)


def test_issue_23_what_the_widget_says():
    """The default position is the one notebook 08 §2 uses (O's block is its only drawing move); after
    reset it says there is nothing yet, not "best move -... Root's moves:"; Q and the colours take the
    root mover's point of view and say whose; the buttons that could do nothing are greyed."""
    w = MCTSWidget(budget=300, draw=False)
    assert w.position_menu.value == "tic-tac-toe, O must block (XX..O....)" and w.state.squares == tuple("XX..O....")
    assert "Q: mean utility for MIN, as the colours" in w.text
    w.buttons["reset"].click()
    assert w.text.endswith("no playouts yet (MIN to move): press +1, +10, +100 or run all.")
    assert "Root's moves" not in w.text and "best move -" not in w.text
    # Issue 30: the button just pressed is not greyed under the student's finger (focus stays on it).
    assert [b.disabled for b in w.buttons.values()] == [False, False, False, False, False]
    w.iteration = 0
    assert [b.disabled for b in w.buttons.values()] == [False, False, False, False, True]
    w.buttons["run all"].click()
    assert [b.disabled for b in w.buttons.values()] == [True, True, True, False, False]
    w.iteration = w.budget
    assert [b.disabled for b in w.buttons.values()] == [True, True, True, True, False]
    assert w.best == (0, 2)


def test_the_tree_is_coloured_for_the_player_at_the_root_and_never_a_smear():
    game = TicTacToe("XX..O....")
    r = mcts(game, iterations=2000, seed=0, trace=True)
    (ax_tree, ax_bars), stats = draw_mcts(game, game.initial_state, r.trace)
    points = next(c for c in ax_tree.collections if c.get_offsets().shape[0] > 1 and c.get_array() is not None)
    assert len(points.get_offsets()) < 40 < len(stats)          # the rarely visited counted, not drawn
    assert "mean utility for MIN" in ax_tree.get_title() and "for MIN" in ax_bars.get_title()
    q = {a: mean for a, (_, mean, _) in root_ucb(stats, MIN).items()}
    assert q[(0, 2)] > 0 > max(v for a, v in q.items() if a != (0, 2))   # block: good for MIN, the others bad
    plt.close("all")


def test_after_a_position_change_the_other_positions_are_drawn_ahead_in_idle_time():
    """A student looking through the position menu finds each picture drawn (browser_timings.py's
    'MCTSWidget: position': p90 0.364 s before, 0.213 s after); a step click draws only the next step."""
    import asyncio

    async def browse():
        w = MCTSWidget(budget=60)
        names = list(POSITIONS)
        w.position_menu.value = names[1]
        wanted = {(n, w.c, 60, w.iteration) for n in names}
        for _ in range(500):
            if wanted <= set(w.stepper.pictures):
                break
            await asyncio.sleep(0.01)
        return w, wanted

    w, wanted = asyncio.run(browse())
    assert wanted <= set(w.stepper.pictures)


def test_after_a_new_c_the_other_values_are_drawn_ahead_once_the_menu_is_still():
    """A student running through the c menu with the arrow keys waited for the picture of a c already
    passed, drawn ahead at once (browser_timings.py's 'MCTSWidget: a new c': p90 0.443 s, median 0.248 s);
    the other values' searches and pictures now wait for the menu to be still PAUSE seconds."""
    import asyncio

    from gamelib.viz.mcts_widget import PAUSE

    async def turn_c():
        w = MCTSWidget(budget=60)
        values = [v for _, v in w.c_box.options]
        shown = {w.c, values[1]}                   # the first picture and the new c's, drawn when asked
        w.c_box.value = values[1]
        wanted = {(w.position_menu.value, v, 60, w.iteration) for v in values}
        await asyncio.sleep(PAUSE / 3)
        early = {key[1] for key in wanted & set(w.stepper.pictures)}
        for _ in range(500):
            if wanted <= set(w.stepper.pictures):
                break
            await asyncio.sleep(0.01)
        return shown, early, wanted, set(w.stepper.pictures)

    shown, early, wanted, drawn = asyncio.run(turn_c())
    assert early <= shown, f"drawn ahead before the pause: c = {sorted(early - shown)}"
    assert wanted <= drawn


def test_the_words_of_a_tree_whose_root_alone_was_evaluated_name_no_empty_list():
    """A PUCT search's first iteration evaluates the root itself: the words said "most visited first: ."
    and "The most visited line: ." (nothing listed)."""
    from gamelib.games import TicTacToe
    from gamelib.mcts import mcts
    from gamelib.viz.mcts_widget import mcts_tree_in_words
    game = TicTacToe()
    uniform = lambda s: ({a: 1 / len(game.actions(s)) for a in game.actions(s)}, 0.0)   # noqa: E731
    result = mcts(game, iterations=1, policy_value=uniform, trace=True)
    words = mcts_tree_in_words(tree_statistics(result.trace, 1), 1, game.to_move(game.initial_state))
    assert ": ." not in words and "None of the root's moves has been tried yet" in words


def test_a_puct_widget_shows_each_root_moves_prior_and_puct_score():
    """MCTSWidget(policy_value=f): the searches are PUCT's, the bars and words say PUCT and P (not
    UCB1), untried moves listed with N = 0, and the menu keeps the positions f answers at."""
    from gamelib.alphazero import policy_value, tictactoe_encoding, tictactoe_network
    f = policy_value(tictactoe_network(), tictactoe_encoding(), cache=True)
    w = MCTSWidget(budget=50, policy_value=f)
    assert {name for _, name in w.position_menu.options} == {n for n in POSITIONS if n.startswith("tic-tac-toe")}
    w.iteration = 50
    assert w.result.root.priors is not None and w.best == w.result.action == (0, 2)
    assert {a: row[2] for a, row in w.ucb.items() if row[2]} == w.result.visits
    assert {a: row[3] for a, row in w.ucb.items()} == w.result.root.priors
    assert "PUCT" in w.text and " P 0." in w.text and "UCB" not in w.text and "50 of 50 simulations" in w.text
    assert "PUCT score" in str(w.png) and "UCB" not in str(w.png)
    assert not any("UCB" in label for label, _ in w.c_box.options) and "UCB1" not in w.c_box.tooltip
    w.iteration = 1                                            # the root evaluated, no move tried yet
    assert all(row[2] == 0 for row in w.ucb.values()) and w.best == max(w.result.root.priors,
                                                                         key=w.result.root.priors.get)
    with pytest.raises(ArgumentError, match="does not answer"):
        MCTSWidget("Connect Four, empty board", budget=10, policy_value=f)
