"""The widgets, driven headlessly: the explorer only reads traces, the tic-tac-toe agent never loses."""
import matplotlib

matplotlib.use("Agg")

from .widgets import shown_png  # noqa: E402

import html  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import gamelib.viz.explorer as explorer_module  # noqa: E402
from gamelib.core import ArgumentError  # noqa: E402
import gamelib.viz.tree_kinds as tree_kinds  # noqa: E402
from gamelib import GameTree, alphabeta, chance, expectiminimax, minimax, star1  # noqa: E402
from gamelib.experiments.chance_trees import random_chance_tree  # noqa: E402
from gamelib.viz import PRESETS, TreeExplorer, describe_event  # noqa: E402
import math  # noqa: E402
from gamelib.core import GameError  # noqa: E402
from gamelib import maxn  # noqa: E402
from gamelib.viz import describe_maxn_event  # noqa: E402
from ..strategies import FIG_5_4  # noqa: E402

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
    assert ex.png.startswith(b"\x89PNG") and shown_png(ex.image) == ex.png
    assert shown_png(ex.key_image).startswith(b"\x89PNG")
    assert TreeExplorer(draw=False).png == b""
    assert ex.widget is ex and hasattr(ex, "_repr_mimebundle_")
    assert ex.prunes == [] and ex.pruned_nodes == []


def test_the_picture_follows_the_step_at_a_fixed_size():
    ex = TreeExplorer()
    start = ex.png
    ex.step = 13
    cut = ex.png
    ex.last()
    assert len({start, cut, ex.png}) == 3 and shown_png(ex.image) == ex.png
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
    assert ex.step == 13 and ex.event.kind == "prune"
    assert ex.prunes == [describe_event(ex.result.trace[12])] and ex.pruned_nodes == ["I", "J"]
    assert "why: MIN can hold MAX to 2 or less" in ex.state_text
    ex.slider.value = 14
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
    ex = TreeExplorer("walk-through: best moves last", step=None, draw=False)
    assert ex.result.nodes == ex.results["minimax"].nodes == 15 and ex.pruned_nodes == []
    ex.set_tree("walk-through: best moves first", step=None)
    assert ex.result.nodes == 11 and ex.pruned_nodes == ["G", "K", "N", "O"]
    assert ex.picker.menu.value == "walk-through: best moves first"
    ex.picker.menu.value = "AIMA Fig. 5.2"
    assert ex.tree.spec == FIG_5_2 and ex.step == 0
    ex.set_random(3, 3, seed=1, order="best")
    assert ex.tree.spec == GameTree.random(3, 3, seed=1, order="best").spec
    assert ex.result.nodes == alphabeta(ex.tree).nodes and ex.picker.random_box.layout.display is None
    ex.picker.order.value = "worst"  # the controls rebuild the tree
    assert ex.tree.spec == GameTree.random(3, 3, seed=1, order="worst").spec
    assert ex.result.nodes == minimax(ex.tree).nodes  # worst order: no pruning at all
    with pytest.raises(ValueError):
        ex.set_random(4, 4)  # 256 leaves: too many to draw
    ex.set_tree(GameTree.from_nested([[1, 2], [3, 4]]))
    assert ex.tree_name == "custom" and ex.picker.random_box.layout.display == "none"
    with pytest.raises(ValueError):
        ex.set_tree("Fig. 99")
    assert set(PRESETS) >= {"AIMA Fig. 5.2", "walk-through: best moves last", "walk-through: best moves first"}


def test_chance_tree_uses_expectiminimax():
    ex = TreeExplorer([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))], step=None)
    assert ex.algorithm == "expectiminimax" and ex.result.value == pytest.approx(2.1)
    assert "alpha-beta does not apply" in ex.summary_text
    ex.set_tree("AIMA Fig. 5.2")
    assert list(ex.algorithm_toggle.options) == ["alphabeta", "minimax"]


def test_explorer_only_reads_the_trace(monkeypatch):
    ex = TreeExplorer("walk-through: best moves first", draw=False)
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
    assert "Not changed" in ex.status_line.value and "contain every leaf" in ex.status_line.value   # read out
    ex.upper.value = 70
    assert ex.bounds == (-100, 70) and ex.results["star1"].value == -2
    assert "Not changed" not in ex.status_line.value and "L = -100, U = 70" in ex.status_line.value
    with pytest.raises(ValueError):
        TreeExplorer(FIG_5_12, lower=2, upper=4)


def test_random_chance_trees():
    ex = TreeExplorer(draw=False)
    ex.set_random_chance(3, 2, 2, seed=1)
    assert ex.tree.spec == random_chance_tree(3, 2, 2, seed=1).spec
    assert ex.picker.chance_random_box.layout.display is None and ex.picker.random_box.layout.display == "none"
    assert ex.algorithm == "expectiminimax" and ex.bounds == (-5, 5)
    assert ex.results["star1"].value == pytest.approx(expectiminimax(ex.tree).value)
    assert ex.results["star1"].nodes < ex.results["expectiminimax"].nodes
    ex.picker.chance_order.value = "best"  # the controls rebuild the tree
    assert ex.tree.spec == random_chance_tree(3, 2, 2, seed=1, order="best").spec
    with pytest.raises(ValueError, match="leaves"):
        ex.set_random_chance(3, 3, 2)  # 81 leaves
    assert ex.picker.menu.value == "random chance"
    ex.picker.menu.value = "walk-through: best moves last"
    assert ex.picker.chance_random_box.layout.display == "none" and ex.algorithm == "alphabeta"


def test_chance_pictures():
    ex = TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")
    start = ex.png
    ex.step = 10
    mid = ex.png
    ex.last()
    assert len({start, mid, ex.png}) == 3 and start.startswith(b"\x89PNG")
    assert shown_png(ex.key_image).startswith(b"\x89PNG")
    assert plt.get_fignums() == []


# -- TicTacToeBoard ------------------------------------------------------------------------------------


# -- issue 7: the explorer as a student meets it ----------------------------------------------------

def test_a_spec_equal_to_a_preset_is_shown_as_the_preset():
    """Regression (issue 7): TreeExplorer(fig52) was labelled 'custom', though it is the preset."""
    for tree in (FIG_5_2, GameTree.from_nested(FIG_5_2)):
        ex = TreeExplorer(tree, draw=False)
        assert ex.tree_name == ex.picker.menu.value == "AIMA Fig. 5.2"
        assert explorer_module.CUSTOM not in ex.picker.menu.options
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
    ex.picker.branching.value = 4
    assert "depth lowered from 3 to 2" in ex.message and ex.picker.depth.value == 2
    tree, name = ex.tree, ex.tree_name
    ex.picker.depth.value = 9                                         # as typed in the browser
    assert ex.picker.depth.value == 2 and ex.tree is tree and ex.tree_name == name
    assert "4^9 = 262,144 leaves" in ex.message and "depth at most 2" in ex.message
    assert "4^9" in ex.message_html.value and ex.message_html.layout.display is None
    ex.picker.depth.value = 1                                         # a good value clears the message
    assert ex.message == "" and ex.message_html.layout.display == "none"
    ex.picker.branching.value = 9
    assert ex.picker.branching.value == 4 and "branching must be a whole number from 2 to 5" in ex.message
    with pytest.raises(ValueError, match="4\\^9"):
        ex.set_random(4, 9)
    assert ex.picker.depth.value == 1 and ex.tree_name == "random b=4 d=1 seed=0 random"
    ex.set_random_chance(2, 2, 2)
    ex.picker.moves.value = 3
    assert ex.picker.moves.value == 2 and "(2·2)^3 = 64 leaves" in ex.message


def test_a_failing_update_leaves_the_explorer_whole_and_says_why(monkeypatch):
    ex = TreeExplorer(draw=False)
    ex.step = 5
    before = (ex.tree, ex.tree_name, ex.results, ex.step, ex.event_html.value, ex.picker.menu.value)

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")
    monkeypatch.setattr(tree_kinds, "alphabeta", broken)
    ex.picker.menu.value = "walk-through: best moves first"                   # as picked in the browser
    assert (ex.tree, ex.tree_name, ex.results, ex.step, ex.event_html.value,
            ex.picker.menu.value) == before
    assert "the search broke" in ex.message and "nothing was changed" in ex.message
    monkeypatch.undo()
    ex.picker.menu.value = "walk-through: best moves first"
    assert ex.tree_name == "walk-through: best moves first" and ex.message == ""


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
    assert list(ex.stepper.pictures) == [("alphabeta", 0)]   # no event loop here: nothing drawn ahead
    ex.next()
    ex.back()
    assert ex.stepper.pictures[("alphabeta", 0)] == ex.png   # stepping back: the kept picture

    async def student():                          # in a kernel the explorer runs on an event loop
        ex.next()
        await asyncio.sleep(0.5)
    asyncio.run(student())
    assert ("alphabeta", 2) in ex.stepper.pictures           # drawn ahead while the student read step 1
    ex.next()
    assert ex.png == ex.stepper.pictures[("alphabeta", 2)]


def test_explorer_set_tree_with_an_infinite_leaf_is_refused_before_anything_changes():
    e = TreeExplorer()
    before = (e.picker.menu.value, list(e.picker.menu.options), e.tree_name, len(e.tree), e.png)
    bad = GameTree.from_nested([chance((0.5, [3, math.inf]), (0.5, [1, 2])), [4, 5]])
    with pytest.raises(ArgumentError, match="finite"):
        e.set_tree(bad)
    assert (e.picker.menu.value, list(e.picker.menu.options), e.tree_name, len(e.tree), e.png) == before


def test_explorer_set_random_too_large_leaves_the_controls_as_they_were():
    e = TreeExplorer()
    before = (e.picker.branching.value, e.picker.depth.value, e.tree_name, len(e.tree))
    with pytest.raises(ArgumentError, match="36"):
        e.set_random(branching=5, depth=10)
    assert (e.picker.branching.value, e.picker.depth.value, e.tree_name, len(e.tree)) == before


def test_a_failed_python_call_restores_everything_even_after_it_changed_the_picker():
    """all_or_nothing: set_tree changes the picker's options before it loads the tree; a failure in
    the load puts them back."""
    e = TreeExplorer()
    before = (e.picker.menu.value, list(e.picker.menu.options), e.tree_name, e.picker.custom)
    original = e._load

    def failing_load(*args, **kwargs):
        raise GameError("simulated failure while loading")
    e._load = failing_load
    with pytest.raises(GameError, match="simulated"):
        e.set_tree([[1, 2], [3, 4]])
    e._load = original
    assert (e.picker.menu.value, list(e.picker.menu.options), e.tree_name, e.picker.custom) == before


def test_explorer_steps_through_maxn_on_fig_5_4():
    """The explorer reads maxn's own trace (never searches itself): one event a step, the vector of
    every node it leaves, one colour per player in the key, no window and no prunes."""
    from gamelib.viz import TreeExplorer
    from gamelib.viz.explorer import NPLAYER_PRESETS
    ex = TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)")
    players = ("P1", "P2", "P3")     # AIMA's A, B, C: not the nodes' labels (issue 23)
    tree = GameTree.from_nested(FIG_5_4, players=players)
    reference = maxn(tree, trace=True)
    assert ex.multiplayer and not ex.has_chance and ex.algorithm == "maxn"
    assert list(ex.algorithm_toggle.options) == ["maxn", "maxn spiteful", "maxn generous", "maxn adversarial"]
    assert "value and decision: at the end of the search" in ex.summary_text    # not given away at step 0
    assert ex.total == len(reference.trace) == 30 and ex.result.trace == reference.trace
    assert ex.equality_box.layout.display == "none" and ex.bounds_box.layout.display == "none"
    for k, e in enumerate(reference.trace, 1):
        ex.next()
        assert ex.event == e
        if e.state != "A":
            assert ex.event_text == describe_maxn_event(e, tree.players.get(e.state), players)
    assert ex.view.value["A"] == (1, 2, 6) and ex.view.chosen["A"] == "B"
    assert ex.event_text == ("exit A with (1, 2, 6): P1 is tied, a1 and a2 both give it 1; max^n keeps the first "
                             "of equal children, as minimax does: a1")              # not "the child best for P1"
    assert "value (P1, P2, P3) = (1, 2, 6), decision a1" in ex.summary_text
    assert "tie rules: maxn, maxn generous, maxn adversarial take a1, (1, 2, 6); maxn spiteful takes a2" in ex.text
    assert "nodes visited: maxn 15 of 15" in ex.summary_text and ex.prunes == [] == ex.pruned_nodes
    assert "max^n keeps no window · value (1, 2, 6)" in ex.state_text
    ex.step = 3
    assert "at D (P3 moves: it maximizes component 3 of the vector)" in ex.state_text
    assert "path A → B → D" in ex.state_text
    ex.algorithm = "maxn spiteful"             # P1's tie at the root broken against P2 and P3
    assert ex.step == 0 and ex.result.value == (1, 5, 2) == maxn(tree, ties="spiteful").value
    ex.last()
    assert "decision a2" in ex.summary_text and "spiteful breaks the tie against the others" in ex.event_text
    ex.algorithm = "maxn paranoid"             # the tie rule's old name
    assert ex.algorithm == "maxn adversarial" and "who gets 1 from each: so the first: a1" in ex.event_text
    assert ex._figsize[0] <= 8.2 and ex.png.startswith(b"\x89PNG")
    assert NPLAYER_PRESETS["AIMA Fig. 5.4 (P1, P2, P3)"][0] == FIG_5_4
    with pytest.warns(DeprecationWarning, match=r"now called 'AIMA Fig. 5.4 \(P1, P2, P3\)'") as told:
        assert TreeExplorer("AIMA Fig. 5.4 (A, B, C)", draw=False).tree_name == "AIMA Fig. 5.4 (P1, P2, P3)"
    assert told[0].filename == __file__     # the student's line, not the kit's (a notebook shows only those)
    with pytest.warns(DeprecationWarning, match="now called 'walk-through: best moves first'"):
        assert TreeExplorer("seed %03d mirror" % 4, draw=False).tree_name == "walk-through: best moves first"


def test_explorer_takes_nplayer_trees_and_goes_back_to_two_players():
    from gamelib.viz import TreeExplorer
    ex = TreeExplorer(GameTree.from_nested(FIG_5_4, players=("P1", "P2", "P3")), draw=False)
    assert ex.picker.menu.value == "AIMA Fig. 5.4 (P1, P2, P3)"        # shown as the preset it is
    two = GameTree.from_nested([[(3, 1), (0, 0)], [(2, 2), (1, 5)]], players=("X", "Y"))
    ex.set_tree(two, name="not zero-sum")
    assert ex.multiplayer and ex.tree_name == "not zero-sum" and ex.result.value == (3, 1)
    ex.picker.menu.value = "AIMA Fig. 5.2"
    assert not ex.multiplayer and ex.algorithm == "alphabeta" and ex.result.value == 3
    assert ex.equality_box.layout.display is None and "prunes so far" in ex.text
    ex.picker.menu.value = "AIMA Fig. 5.4 (P1, P2, P3)"
    assert ex.algorithm == "maxn" and ex.message == ""
    with pytest.raises(ValueError, match="algorithm must be one of"):
        ex.algorithm = "alphabeta"                       # not offered on a max^n tree
    assert ex.algorithm == "maxn"
    chance_tree = GameTree.from_nested([chance((0.5, [(1, 0, 0), (0, 1, 0)]), (0.5, [(0, 0, 1)])),
                                        [(2, 2, 2)]], players=("A", "B", "C"))
    ex.set_tree(chance_tree)
    assert ex.multiplayer and ex.result.value == maxn(chance_tree).value and ex.bounds is None


def test_explorer_refuses_an_infinite_component_and_stays_whole():
    from gamelib.viz import TreeExplorer
    ex = TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)", draw=False)
    before = (ex.tree_name, ex.text)
    bad = GameTree.from_nested([[(1, float("inf"), 0), (0, 0, 1)]], players=("A", "B", "C"))
    with pytest.raises(ArgumentError, match="finite numbers"):
        ex.set_tree(bad)
    assert (ex.tree_name, ex.text) == before


@pytest.mark.parametrize("spec", [[(1, 2, 3), (4, 5)], [(1, 2), (3, 4)]])
def test_explorer_set_tree_with_utility_vectors_but_no_players_changes_nothing(spec):
    # These used to be shown as a two-player tree (applied instead of refused).
    from gamelib.trees import TreeSpecError
    from gamelib.viz import TreeExplorer
    ex = TreeExplorer(draw=False)
    before = (ex.picker.menu.value, list(ex.picker.menu.options), ex.tree_name, len(ex.tree), ex.text)
    with pytest.raises(TreeSpecError, match=r"spec\[0\]: .* is a tuple: .*players="):
        ex.set_tree(spec)
    with pytest.raises(ArgumentError, match="step must be a whole number of events >= 0, got 2.5"):
        ex.set_tree([[1, 2], [3, 4]], step=2.5)
    assert (ex.picker.menu.value, list(ex.picker.menu.options), ex.tree_name, len(ex.tree), ex.text) == before


def test_play_steps_from_the_kernel_and_stops_at_the_end():
    """Issue 30: play is a button with words (the Play widget's ▶ was read as "\\uf04b"), stepping from
    the kernel: one event a tick, off at the end; without an event loop it goes straight to the end."""
    import asyncio

    ex = TreeExplorer(draw=False)
    ex.play.value = True                          # no running loop here: straight to the end
    assert ex.step == ex.total and ex.play.value is False

    async def run():
        e = TreeExplorer(draw=False)
        e.stepper.PLAY_SECONDS = 0.001
        e.play.value = True
        for _ in range(2000):
            if not e.play.value:
                break
            await asyncio.sleep(0.002)
        return e
    e = asyncio.run(run())
    assert e.step == e.total and e.play.value is False and "step 22/22" in e.status_line.value


def test_the_step_button_pressed_keeps_focus_and_the_status_is_written_once():
    """Issue 30: the button just pressed is never greyed under the student's finger (greying it dropped
    the focus to the page), and the status line, the live region, is written once per update, last."""
    ex = TreeExplorer(draw=False)
    ex.last()
    sent = []
    ex.status_line.observe(lambda ch: sent.append(ch["new"]), "value")
    ex.first_button.click()
    assert ex.step == 0 and not ex.first_button.disabled and ex.back_button.disabled
    assert len(sent) == 1 and "step 0/22" in sent[0]
    ex.last_button.click()
    assert not ex.last_button.disabled and ex.next_button.disabled
    ex.last_button.click()                        # at the end already: said so
    assert "the end of the search" in ex.status_line.value


def _everything(ex):
    """Everything the explorer is, found by introspection (nothing listed by hand): its state (a frozen
    dataclass: the same object has the same fields), each attribute of its plain parts (picker, random
    trees, kinds of tree), each synced trait of every control inside it (the message and the status
    line are the update's own answer)."""
    from gamelib.viz.live import Snapshot
    return ex.state, Snapshot(objects=ex._live_objects(), root=ex, skip=(ex.message_html, ex.status_line))


UPDATES = {   # (set-up, an update as a student or a notebook makes it, from the browser or from Python)
    "a step": (None, lambda ex: setattr(ex.slider, "value", 7)),
    "another tree from the menu": (None, lambda ex: setattr(ex.picker.menu, "value", "CS221 coin game")),
    "another search": (None, lambda ex: setattr(ex.algorithm_toggle, "value", "minimax")),
    "the cut rule": (None, lambda ex: setattr(ex.equality_box, "value", False)),
    "a random tree's shape": (lambda ex: ex.set_random(2, 3), lambda ex: setattr(ex.picker.branching, "value", 4)),
    "set_tree": (None, lambda ex: ex.set_tree("AIMA Fig. 5.4 (P1, P2, P3)", step=None)),
    "set_random_chance": (None, lambda ex: ex.set_random_chance(2, 2, 2, seed=3, step=5)),
    "bounds": (lambda ex: ex.set_tree("AIMA Fig. 5.12 (.9/.1)"), lambda ex: setattr(ex.lower, "value", -9.0)),
}


def _explorer(update):
    ex = TreeExplorer(step=3)
    setup = UPDATES[update][0]
    if setup is not None:
        setup(ex)
        ex.step = 3
    return ex


@pytest.mark.parametrize("update", list(UPDATES))
def test_a_failed_update_restores_every_field_it_changed(update, monkeypatch):
    """Regression (issue 42): the rollback was a hand-kept list of about 30 (object, attribute) pairs,
    and a field missed from it stayed half-changed without a word.  Now the explorer's state is one
    object put back whole, and the controls are taken whole: every field an update changes (found by
    introspection, so a field added later is checked too) is back as it was when the update fails
    at its very end, after it changed everything."""
    import dataclasses
    ex = _explorer(update)
    state0, before = _everything(ex)
    UPDATES[update][1](ex)                                # as it goes when nothing fails
    state1, after = _everything(ex)
    changed = [f.name for f in dataclasses.fields(state0) if getattr(state0, f.name) is not getattr(state1, f.name)]
    assert "png" in changed and before.differences(after), "the update changed nothing: it tests nothing"

    ex = _explorer(update)
    state0, before = _everything(ex)

    def fail_at_the_end():
        raise RuntimeError("failed at the very end")
    monkeypatch.setattr(ex, "_prefetch_next", fail_at_the_end)    # the last thing an update does
    try:
        UPDATES[update][1](ex)
    except RuntimeError:
        pass                                              # a Python call raises; a browser update says why
    state2, restored = _everything(ex)
    assert state2 is state0 and before.differences(restored) == []
    assert ex.message == "" or "failed at the very end" in ex.message


def test_the_tree_menus_controls_are_the_pickers_and_the_old_names_warn():
    """Issue 42: the explorer re-exposed the picker's controls as its own attributes (set one by one);
    they are the picker's now (``explorer.picker.depth``), and the old names still answer for one
    release, with a DeprecationWarning on the student's line.  A kind of tree's controls answer by name."""
    from gamelib.viz.explorer import PICKER_NAMES
    ex = TreeExplorer(draw=False)
    for old, new in PICKER_NAMES.items():
        with pytest.warns(DeprecationWarning, match=rf"TreeExplorer.{old} is now TreeExplorer.picker.{new}") as told:
            assert getattr(ex, old) is getattr(ex.picker, new)
        assert told[0].filename == __file__
    assert ex.picker.menu.description == "tree" and ex.picker.depth.description == "depth"
    assert ex.equality_box is ex.kinds[2].equality_box and ex.lower is ex.kinds[1].lower
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ex.nothing
