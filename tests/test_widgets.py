"""The widgets, driven headlessly: the explorer only reads traces, the tic-tac-toe agent never loses."""
import matplotlib

matplotlib.use("Agg")

import html  # noqa: E402
import random  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import gamelib.viz.explorer as explorer_module  # noqa: E402
from gamelib.core import ArgumentError  # noqa: E402
import gamelib.viz.tree_kinds as tree_kinds  # noqa: E402
from gamelib import GameTree, alphabeta, chance, expectiminimax, minimax, star1  # noqa: E402
from gamelib.experiments.chance_trees import random_chance_tree  # noqa: E402
from gamelib.games import TicTacToe  # noqa: E402
from gamelib.viz import PRESETS, TicTacToeBoard, TreeExplorer, describe_event  # noqa: E402
from gamelib.viz.play import BLANK  # noqa: E402

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


# -- TreeExplorer ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def explorer():
    return TreeExplorer(draw=False)  # text only: the pictures are tested once, below


def test_explorer_starts_on_fig_5_2_before_the_search(explorer):
    ex = TreeExplorer()
    assert ex.tree_name == "AIMA Fig. 5.2" and ex.tree.spec == FIG_5_2
    assert ex.step == 0 and ex.event is None and ex.total == 22
    assert ex.algorithm == "alphabeta" and ex.prune_on_equality
    assert ex.png.startswith(b"\x89PNG") and ex.image.value == ex.png
    assert bytes(ex.key_image.value).startswith(b"\x89PNG")
    assert TreeExplorer(draw=False).png == b""
    assert ex.widget is ex and hasattr(ex, "_repr_mimebundle_")
    assert ex.prunes == [] and ex.pruned_nodes == []


def test_the_picture_follows_the_step_at_a_fixed_size():
    ex = TreeExplorer()
    start = ex.png
    ex.step = 13
    cut = ex.png
    ex.last()
    assert len({start, cut, ex.png}) == 3 and bytes(ex.image.value) == ex.png
    size = {png[16:24] for png in (start, cut, ex.png)}  # the IHDR width and height
    assert len(size) == 1  # the picture does not jump as one steps
    assert plt.get_fignums() == []  # drawn on Figure objects, not pyplot's: nothing leaks


def test_stepping_through_the_trace_matches_describe_event(explorer):
    ex = explorer
    ex.first()
    trace = ex.result.trace
    for k, event in enumerate(trace, 1):
        assert ex.next() == event
        assert ex.step == k and ex.slider.value == k
        said = describe_event(event, ex.tree.players[event.state])
        assert ex.event_text == said
        assert html.escape(said) in ex.event_html.value
        assert f"step {k}/{len(trace)}" in ex.text
    assert ex.next() == trace[-1] and ex.step == len(trace)  # stays at the end
    assert ex.back() == trace[-2] and ex.step == len(trace) - 1
    ex.first()
    assert ex.back() is None and ex.step == 0


def test_slider_and_play_drive_the_step(explorer):
    ex = explorer
    ex.slider.value = 13
    assert ex.step == 13 and ex.play.value == 13 and ex.event.kind == "prune"
    assert ex.prunes == [describe_event(ex.result.trace[12])] and ex.pruned_nodes == ["I", "J"]
    assert "why: MIN can hold MAX to 2 or less" in ex.state_text
    ex.play.value = 14
    assert ex.step == 14 and ex.slider.value == 14
    assert "at D (MIN)" in ex.state_text and "window [α, β] = [3, +∞]" in ex.state_text
    assert "path A → D" in ex.state_text
    for bad in (999, -1, 2.5, "3"):               # refused, not clamped; the explorer unchanged
        with pytest.raises(ArgumentError, match="step"):
            ex.step = bad
        assert ex.step == 14
    ex.step = 0


def test_buttons_step_too():
    ex = TreeExplorer(step=None, draw=False)
    assert ex.step == ex.total
    ex.first_button.click()
    assert ex.step == 0
    ex.next_button.click()
    ex.next_button.click()
    assert ex.step == 2 and ex.event_text == "enter B via a1 with window [−∞, +∞]"
    ex.back_button.click()
    assert ex.step == 1
    ex.last_button.click()
    assert ex.step == ex.total and ex.pruned_nodes == ["I", "J"]


def test_buttons_that_can_do_nothing_are_greyed():
    """Issue 23: next and ⏭ at the last step, back and ⏮ at step 0 do nothing, and look it."""
    for tree in ("AIMA Fig. 5.2", "AIMA Fig. 5.12 (.9/.1)", "AIMA Fig. 5.4 (P1, P2, P3)"):
        ex = TreeExplorer(tree, draw=False)
        buttons = (ex.first_button, ex.back_button, ex.next_button, ex.last_button)
        assert [b.disabled for b in buttons] == [True, True, False, False]
        ex.next()
        assert [b.disabled for b in buttons] == [False, False, False, False]
        ex.last()
        assert [b.disabled for b in buttons] == [False, False, True, True]
        assert ex.next() == ex.result.trace[-1] and ex.step == ex.total       # next() itself stays put
        ex.algorithm = ex.algorithm_toggle.options[1]                       # at the end: stays there
        assert [b.disabled for b in buttons] == [False, False, True, True]
        ex.first()
        assert [b.disabled for b in buttons] == [True, True, False, False]


def test_switching_algorithm_changes_node_count():
    ex = TreeExplorer(step=None, draw=False)
    assert ex.result.nodes == 11 and ex.results["minimax"].nodes == 13
    assert "alphabeta 11" in ex.summary_text and "minimax 13" in ex.summary_text
    ex.algorithm = "minimax"  # at the end: stays at the end
    assert ex.result.nodes == 13 and ex.step == ex.total == 26
    assert ex.pruned_nodes == [] and "minimax keeps no window" in ex.state_text
    assert ex.equality_box.disabled
    ex.step = 3
    ex.algorithm_toggle.value = "alphabeta"  # mid-way: starts over
    assert ex.result.nodes == 11 and ex.step == 0 and not ex.equality_box.disabled
    with pytest.raises(ValueError):
        ex.algorithm = "negamax"
    assert TreeExplorer(algorithm="minimax", draw=False).result.nodes == 13


def test_prune_on_equality_toggle():
    ex = TreeExplorer([[3, 5], [3, 1]], step=None, draw=False)  # C's first leaf equals α = 3
    assert ex.tree_name == "custom" and ex.result.nodes == 6 and ex.pruned_nodes == ["G"]
    ex.prune_on_equality = False  # CS188's strict rule: no cut on v == α
    assert ex.result.nodes == 7 and ex.pruned_nodes == [] and ex.step == ex.total
    assert "v > β / v < α" in ex.summary_text


def test_presets_random_and_custom_trees():
    ex = TreeExplorer("seed 004 example", step=None, draw=False)
    assert ex.result.nodes == ex.results["minimax"].nodes == 15 and ex.pruned_nodes == []
    ex.set_tree("seed 004 mirror", step=None)
    assert ex.result.nodes == 11 and ex.pruned_nodes == ["G", "K", "N", "O"]
    assert ex.tree_picker.value == "seed 004 mirror"
    ex.tree_picker.value = "AIMA Fig. 5.2"
    assert ex.tree.spec == FIG_5_2 and ex.step == 0
    ex.set_random(3, 3, seed=1, order="best")
    assert ex.tree.spec == GameTree.random(3, 3, seed=1, order="best").spec
    assert ex.result.nodes == alphabeta(ex.tree).nodes and ex.random_box.layout.display is None
    ex.order.value = "worst"  # the controls rebuild the tree
    assert ex.tree.spec == GameTree.random(3, 3, seed=1, order="worst").spec
    assert ex.result.nodes == minimax(ex.tree).nodes  # worst order: no pruning at all
    with pytest.raises(ValueError):
        ex.set_random(4, 4)  # 256 leaves: too many to draw
    ex.set_tree(GameTree.from_nested([[1, 2], [3, 4]]))
    assert ex.tree_name == "custom" and ex.random_box.layout.display == "none"
    with pytest.raises(ValueError):
        ex.set_tree("Fig. 99")
    assert set(PRESETS) >= {"AIMA Fig. 5.2", "seed 004 example", "seed 004 mirror"}


def test_chance_tree_uses_expectiminimax():
    ex = TreeExplorer([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))], step=None)
    assert ex.algorithm == "expectiminimax" and ex.result.value == pytest.approx(2.1)
    assert "alpha-beta does not apply" in ex.summary_text
    ex.set_tree("AIMA Fig. 5.2")
    assert list(ex.algorithm_toggle.options) == ["alphabeta", "minimax"]


def test_explorer_only_reads_the_trace(monkeypatch):
    ex = TreeExplorer("seed 004 mirror", draw=False)
    chance_ex = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")
    calls = []
    for name in ("alphabeta", "minimax", "expectiminimax", "star1"):
        real = getattr(tree_kinds, name)
        monkeypatch.setattr(tree_kinds, name, lambda *a, _r=real, **k: calls.append(1) or _r(*a, **k))
    for _ in range(ex.total):
        ex.next()
    ex.back()
    ex.algorithm = "minimax"
    for _ in range(chance_ex.total):
        chance_ex.next()
        chance_ex.text
    chance_ex.algorithm = "expectiminimax"
    chance_ex.last()
    assert calls == []  # stepping and switching the shown algorithm read stored traces


# -- TreeExplorer on trees with chance nodes: expectiminimax and Star1 ---------------------------------

FIG_5_12 = [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))]


def test_chance_tree_offers_star1_with_the_leaves_as_bounds():
    ex = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1", step=None, draw=False)
    assert ex.tree.spec == FIG_5_12 and list(ex.algorithm_toggle.options) == ["expectiminimax", "star1"]
    assert ex.bounds == (1, 4) and (ex.lower.value, ex.upper.value) == (1, 4)
    assert ex.bounds_box.layout.display is None and ex.equality_box.disabled
    assert ex.result.trace == star1(ex.tree, lower=1, upper=4, trace=True).trace
    assert (ex.result.nodes, ex.results["expectiminimax"].nodes) == (6, 7)
    assert ex.pruned_nodes == ["G"] and "Star1 skips 1 (14%)" in ex.summary_text
    assert "alpha-beta does not apply" in ex.summary_text and "decision a1" in ex.summary_text
    assert ex.chance_bounds["B"] == pytest.approx((2.1, 2.1))
    assert ex.chance_bounds["C"] == pytest.approx((1.0, 1.3))
    assert ex.view.ranges["C"] == pytest.approx((1.0, 1.3))   # chance-aware, not the returned 1.3
    assert "C in [1, 1.3]" in ex.chance_text and ex.chance_text in ex.text
    ex.set_tree("AIMA Fig. 5.2")
    assert ex.bounds is None and ex.chance_bounds == {} and ex.bounds_box.layout.display == "none"
    assert list(ex.algorithm_toggle.options) == ["alphabeta", "minimax"]


def test_star1_steps_explain_the_chance_cut():
    ex = TreeExplorer(FIG_5_12, "star1", lower=0, upper=4, draw=False)
    assert ex.bounds == (0, 4) and ex.bounds_html.value.startswith("looser")
    kinds = [e.kind for e in ex.result.trace]
    ex.step = kinds.index("prune") + 1
    assert ex.event.state == "C" and ex.pruned_nodes == ["G"]
    assert "value ≤1.3" in ex.state_text
    assert "0.9·1 (c1) + 0.1·4 (c2 unsearched: U) = 1.3 ≤ α = 2.1" in ex.state_text
    assert ex.chance_bounds["C"] == pytest.approx((0.9, 1.3))
    ex.step = 9  # enter F, C's first outcome, with Ballard's window
    assert ex.event.kind == "enter" and ex.event.state == "F"
    assert "window [1.88889, 4]" in ex.state_text and "C is at most its α = 2.1" in ex.state_text
    assert ex.chance_bounds["C"] == (0, 4)
    ex.step = 10
    assert ex.chance_bounds["C"] == pytest.approx((0.9, 1.3))   # F = 1: C can no longer reach 2.1
    ex.algorithm = "expectiminimax"  # mid-way: starts over; no window, every node visited
    assert ex.step == 0 and ex.result.nodes == 7
    ex.last()
    assert ex.pruned_nodes == [] and ex.chance_bounds["C"] == pytest.approx((1.3, 1.3))
    assert "expectiminimax keeps no window" in ex.state_text


def test_bounds_rerun_star1_and_are_checked():
    ex = TreeExplorer("CS221 coin game", "star1", step=None, draw=False)
    assert (ex.result.value, ex.result.action) == (-2, "a3") and ex.bounds == (-50, 50)
    assert ex.result.nodes < ex.results["expectiminimax"].nodes == 22
    ex.bounds = (-100, 100)  # looser: still right, cuts less
    assert ex.result.nodes == 22 and ex.result.value == -2 and ex.step == ex.total
    with pytest.raises(ValueError, match="contain every leaf"):
        ex.bounds = (-10, 10)
    with pytest.raises(ValueError, match="L < U"):
        ex.bounds = (60, 50)
    ex.lower.value = 0  # typed into the box: refused, put back, said why
    assert ex.bounds == (-100, 100) and ex.lower.value == -100
    assert "contain every leaf" in ex.bounds_html.value
    ex.upper.value = 70
    assert ex.bounds == (-100, 70) and ex.results["star1"].value == -2
    with pytest.raises(ValueError):
        TreeExplorer(FIG_5_12, lower=2, upper=4)


def test_random_chance_trees():
    ex = TreeExplorer(draw=False)
    ex.set_random_chance(3, 2, 2, seed=1)
    assert ex.tree.spec == random_chance_tree(3, 2, 2, seed=1).spec
    assert ex.chance_random_box.layout.display is None and ex.random_box.layout.display == "none"
    assert ex.algorithm == "expectiminimax" and ex.bounds == (-5, 5)
    assert ex.results["star1"].value == pytest.approx(expectiminimax(ex.tree).value)
    assert ex.results["star1"].nodes < ex.results["expectiminimax"].nodes
    ex.chance_order.value = "best"  # the controls rebuild the tree
    assert ex.tree.spec == random_chance_tree(3, 2, 2, seed=1, order="best").spec
    with pytest.raises(ValueError, match="leaves"):
        ex.set_random_chance(3, 3, 2)  # 81 leaves
    assert ex.tree_picker.value == "random chance"
    ex.tree_picker.value = "seed 004 example"
    assert ex.chance_random_box.layout.display == "none" and ex.algorithm == "alphabeta"


def test_chance_pictures():
    ex = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")
    start = ex.png
    ex.step = 10
    mid = ex.png
    ex.last()
    assert len({start, mid, ex.png}) == 3 and start.startswith(b"\x89PNG")
    assert bytes(ex.key_image.value).startswith(b"\x89PNG")
    assert plt.get_fignums() == []


# -- TicTacToeBoard ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def board():
    return TicTacToeBoard()


def test_board_starts_empty_with_every_move_a_draw(board):
    board.new_game("X")
    assert board.state == TicTacToe().initial_state and board.history == []
    assert board.values == {(r, c): 0 for r in range(3) for c in range(3)}
    assert all(b.description == "draw" for row in board.buttons for b in row)
    assert "You are X, to move" in board.status


def test_click_plays_and_the_agent_replies(board):
    board.new_game("X")
    board.click(1, 1)
    assert len(board.history) == 2 and board.history[0] == ("X", (1, 1))
    mark, reply = board.history[1]
    assert mark == "O" and board.state.squares[3 * reply[0] + reply[1]] == "O"
    assert board.buttons[1][1].description == "X"
    assert board.to_move == "X" and f"O (agent) played {reply}" in board.status
    # The agent's reply is the minimax decision: its value equals the minimax value after X's move.
    after_x = TicTacToe().result(TicTacToe().initial_state, (1, 1))
    assert minimax(TicTacToe(), TicTacToe().result(after_x, reply)).value == 0


def test_illegal_click_is_refused_and_changes_nothing(board):
    board.new_game("X")
    board.click(0, 0)
    state, history = board.state, list(board.history)
    taken = history[1][1]
    message = board.click(*taken)
    assert "taken" in message and board.status == message
    assert board.state == state and board.history == history
    assert "not a square" in board.click(3, 0) and board.state == state


def test_values_are_minimax_values_for_the_human():
    game = TicTacToe()
    state = TicTacToe.parse("XO..X..O.")  # X to move
    b = TicTacToeBoard()  # alpha-beta finds them: the root value of a search is the minimax value
    expected = {a: minimax(game, game.result(state, a)).value for a in game.actions(state)}
    assert b.move_values(state) == expected and 1 in expected.values()
    assert b.value_of(state) == minimax(game, state).value == 1
    as_o = TicTacToeBoard(human="O")
    assert len(as_o.history) == 1 and as_o.history[0][0] == "X"  # the agent opened
    x_values = as_o.move_values()
    assert as_o.values == {a: -v for a, v in x_values.items()}  # O's viewpoint
    assert as_o.cache_size > 0


def test_button_toggle_and_new_game_widgets():
    b = TicTacToeBoard()
    b.buttons[2][2].click()
    assert b.history[0] == ("X", (2, 2)) and len(b.history) == 2
    b.values_box.value = False
    assert all(btn.description in (BLANK, "X", "O") for row in b.buttons for btn in row)
    b.human_toggle.value = "O"
    assert b.human == "O" and len(b.history) == 1 and b.to_move == "O"
    b.new_button.click()
    assert b.human == "O" and len(b.history) == 1


@pytest.mark.parametrize("human", ["X", "O"])
def test_agent_never_loses_against_random_play(board, human):
    rng = random.Random(2024)
    for _ in range(12):
        board.new_game(human)
        while not board.over:
            board.click(*rng.choice(list(board.state.moves)))
        assert board.winner in (None, board.agent)
        assert "game is over" in board.click(0, 0)  # refused once the game has ended


def test_a_blank_square_is_a_no_break_space_never_empty():
    """Regression (issue 7): the Button view keeps its old label when the description becomes '',
    so a square that should go blank (values hidden, new game, game over) showed a stale mark."""
    b = TicTacToeBoard()
    b.values_box.value = False
    b.click(1, 1)
    b.new_game()
    assert all(btn.description == BLANK for row in b.buttons for btn in row)
    b.values_box.value = True
    while not b.over:  # X plays the first empty square; the agent wins or draws
        b.click(*next(iter(b.state.moves)))
    assert {btn.description for row in b.buttons for btn in row} <= {BLANK, "X", "O"}
    assert BLANK in {btn.description for row in b.buttons for btn in row}


def test_a_second_click_sent_before_the_board_showed_the_move_is_dropped():
    """Regression (issue 7): a double-click played two moves.  The squares come in two sets shown in
    turn; the second click of a double-click arrives on the set no longer shown."""
    b = TicTacToeBoard()
    square = b.buttons[1][1]
    square.click()
    assert len(b.history) == 2 and b.buttons[1][1] is not square
    status = b.status
    square.click()                      # the double-click's second click: dropped, no "taken" note
    assert len(b.history) == 2 and b.status == status
    r, c = next(iter(b.state.moves))
    b.buttons[r][c].click()             # a click on the squares on show plays
    assert len(b.history) == 4


def test_widgets_text_form_says_to_run_the_cell():
    """Regression (issue 7): before a notebook is run, a widget cell showed
    ``TreeExplorer(children=(HBox(...`` and nothing told the student to run it."""
    from gamelib.viz import Connect4Board, SigmaWidget, TransformExplorer
    for w in (TreeExplorer(draw=False), TicTacToeBoard(), Connect4Board(depth=1),
              SigmaWidget(draw=False, trials=200), TransformExplorer(draw=False)):
        plain = w._repr_mimebundle_()["text/plain"]
        assert plain.startswith(type(w).__name__ + ":") and "Run this cell" in plain
        assert "children=" not in plain


# -- issue 7: the explorer as a student meets it ----------------------------------------------------

def test_a_spec_equal_to_a_preset_is_shown_as_the_preset():
    """Regression (issue 7): TreeExplorer(fig52) was labelled 'custom', though it is the preset."""
    for tree in (FIG_5_2, GameTree.from_nested(FIG_5_2)):
        ex = TreeExplorer(tree, draw=False)
        assert ex.tree_name == ex.tree_picker.value == "AIMA Fig. 5.2"
        assert explorer_module.CUSTOM not in ex.tree_picker.options
    mirrored = TreeExplorer(GameTree.from_nested(FIG_5_2, root="MIN"), draw=False)
    assert mirrored.tree_name == "custom"          # same numbers, MIN to move: not the preset
    assert TreeExplorer(FIG_5_2, name="mine", draw=False).tree_name == "mine"


def test_a_preset_where_the_two_conventions_differ():
    """Regression (issue 7): no preset had a tie, so "prune on equality" visibly did nothing."""
    ties = [name for name in PRESETS if "tie" in name]
    assert ties
    ex = TreeExplorer(ties[0], step=None, draw=False)
    assert ex.result.nodes == 11 and ex.pruned_nodes == ["I", "J"]
    ex.prune_on_equality = False
    assert ex.result.nodes == 13 and ex.pruned_nodes == []
    assert ex.result.value == 3 and ex.result.action == "a1"


def test_the_cut_rule_box_is_gone_on_chance_trees_and_the_toggle_fits_its_names():
    """Regression (issue 7): on chance trees the toggle was cut to "expectimini…" and a greyed
    "prune on equality" box stayed."""
    ex = TreeExplorer("CS221 coin game", draw=False)
    assert ex.equality_box.layout.display == "none"
    assert ex.algorithm_toggle.style.button_width == "auto"   # each button as wide as its name
    ex.set_tree("AIMA Fig. 5.2")
    assert ex.equality_box.layout.display is None and not ex.equality_box.disabled
    ex.algorithm = "minimax"
    assert ex.equality_box.disabled                           # greyed: minimax has no cut rule


def test_a_depth_typed_past_the_limit_is_refused_with_the_reason():
    """Regression (issue 7): depth 9 with branching 4 was clamped to 3 without a word."""
    ex = TreeExplorer("random", draw=False)
    ex.branching.value = 4
    assert "depth lowered from 3 to 2" in ex.message and ex.depth.value == 2
    tree, name = ex.tree, ex.tree_name
    ex.depth.value = 9                                         # as typed in the browser
    assert ex.depth.value == 2 and ex.tree is tree and ex.tree_name == name
    assert "4^9 = 262,144 leaves" in ex.message and "depth at most 2" in ex.message
    assert "4^9" in ex.message_html.value and ex.message_html.layout.display is None
    ex.depth.value = 1                                         # a good value clears the message
    assert ex.message == "" and ex.message_html.layout.display == "none"
    ex.branching.value = 9
    assert ex.branching.value == 4 and "branching must be a whole number from 2 to 5" in ex.message
    with pytest.raises(ValueError, match="4\\^9"):
        ex.set_random(4, 9)
    assert ex.depth.value == 1 and ex.tree_name == "random b=4 d=1 seed=0 random"
    ex.set_random_chance(2, 2, 2)
    ex.moves.value = 3
    assert ex.moves.value == 2 and "(2·2)^3 = 64 leaves" in ex.message


def test_a_failing_update_leaves_the_explorer_whole_and_says_why(monkeypatch):
    ex = TreeExplorer(draw=False)
    ex.step = 5
    before = (ex.tree, ex.tree_name, ex.results, ex.step, ex.event_html.value, ex.tree_picker.value)

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")
    monkeypatch.setattr(tree_kinds, "alphabeta", broken)
    ex.tree_picker.value = "seed 004 mirror"                   # as picked in the browser
    assert (ex.tree, ex.tree_name, ex.results, ex.step, ex.event_html.value,
            ex.tree_picker.value) == before
    assert "the search broke" in ex.message and "nothing was changed" in ex.message
    monkeypatch.undo()
    ex.tree_picker.value = "seed 004 mirror"
    assert ex.tree_name == "seed 004 mirror" and ex.message == ""


@pytest.mark.parametrize("shape", [("random", 2, 5), ("random", 3, 3), ("random", 4, 2),
                                   ("random", 5, 2), ("chance", 3, 2, 2), ("preset", "CS221 coin game")])
def test_every_explorer_picture_fits_the_column_with_legible_type(shape):
    """Regression (issue 7): at b = 4, d = 3 the picture was 1,440 px wide, shown shrunk, its labels
    illegible.  The largest trees the controls allow now fit the column at 7 pt or more."""
    from gamelib.viz.drawing import COLUMN_WIDTH, MIN_FONT
    ex = TreeExplorer(draw=False)
    if shape[0] == "random":
        ex.set_random(*shape[1:])
    elif shape[0] == "chance":
        ex.set_random_chance(*shape[1:])
    else:
        ex.set_tree(shape[1])
    for step in (ex.total // 2, ex.total):
        fig = ex._figure(step)
        assert fig.get_figwidth() <= COLUMN_WIDTH
        ax = fig.axes[0]
        sizes = [size for _, size in ax.gamelib_labels] + [t.get_fontsize() for t in ax.texts]
        assert len(ax.gamelib_labels) > len(ex.tree.states) and min(sizes) >= MIN_FONT
        assert ax.title.get_fontsize() >= MIN_FONT


def test_pictures_are_kept_and_the_next_is_drawn_ahead():
    import asyncio
    ex = TreeExplorer()
    assert list(ex._pngs) == [("alphabeta", 0)]   # no event loop here: nothing drawn ahead
    ex.next()
    ex.back()
    assert ex._pngs[("alphabeta", 0)] == ex.png   # stepping back: the kept picture

    async def student():                          # in a kernel the explorer runs on an event loop
        ex.next()
        await asyncio.sleep(0.5)
    asyncio.run(student())
    assert ("alphabeta", 2) in ex._pngs           # drawn ahead while the student read step 1
    ex.next()
    assert ex.png == ex._pngs[("alphabeta", 2)]
