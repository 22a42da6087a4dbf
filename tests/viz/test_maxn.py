"""Max^n pictures (read from the trace) and max^n in the tree explorer, driven headlessly.  The
payoff-matrix widget's tests are in tests/test_matrix_widget.py."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402

from gamelib import GameTree, maxn  # noqa: E402
from gamelib.core import ArgumentError  # noqa: E402
from gamelib.trees import chance  # noqa: E402
from gamelib.viz import MaxnView, describe_maxn_event, draw_maxn_tree  # noqa: E402
from gamelib.viz.maxn import fmt_number, fmt_vector, maxn_figure_size  # noqa: E402

ABC = ("A", "B", "C")
FIG_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def texts(ax):
    return [t.get_text() for t in ax.texts]


# -- max^n pictures ---------------------------------------------------------------------------------

def test_the_view_reads_values_and_choices_from_the_trace():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    view = MaxnView(tree, r)
    assert view.complete and view.value["A"] == (1, 2, 6) and view.order["C"] == 9
    assert view.chosen == {"D": "H", "E": "J", "F": "M", "G": "O", "B": "D", "C": "F", "A": "B"}
    part = MaxnView(tree, r, step=12)
    assert part.path == ["A", "B", "E", "K"] and part.current.state == "K" and "E" not in part.value
    assert part.chosen == {"D": "H"}
    spite = MaxnView(tree, maxn(tree, ties="spiteful", trace=True))
    assert spite.chosen["A"] == "C"


def test_draw_maxn_tree_shows_vectors_players_and_the_decision():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    ax = draw_maxn_tree(tree, r, legend=True)
    shown = texts(ax)
    assert shown.count("(1, 2, 6)") == 4                     # H, D, B, A
    assert {"A", "B", "C"} <= set(shown) and "A #1" in shown
    assert ax.get_title() == "max^n · 30/30 events · 15 nodes visited · value (1, 2, 6), decision a1"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[:3] == ["A moves: maximizes u_A", "B moves: maximizes u_B", "C moves: maximizes u_C"]
    thick = [len(c.get_segments()) for c in ax.collections if isinstance(c, LineCollection)
             and c.get_linewidths()[0] > 2]
    assert sum(thick) == 7                                    # one chosen edge per internal node


def test_draw_maxn_tree_steps_and_bare_trees():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    ax = draw_maxn_tree(tree, r, step=12, legend=True)
    assert ax.get_title() == "max^n · 12/30 events · 8 nodes visited"
    assert "this step's node" in [t.get_text() for t in ax.get_legend().get_texts()]
    bare = draw_maxn_tree(tree)
    assert "(7, 7, 1)" in texts(bare) and bare.get_title() == ""
    two = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert "(3, −3)" in texts(draw_maxn_tree(two, maxn(two, trace=True)))
    with_chance = GameTree.from_nested([chance((0.5, [(1, 2), (3, 0)]), (0.5, (2, 2)))], players=("X", "Y"))
    ax = draw_maxn_tree(with_chance, maxn(with_chance, trace=True))
    assert "0.5" not in texts(ax) and "1/2" in texts(ax) and "?" in texts(ax)
    assert maxn_figure_size(tree)[0] >= 4


def test_describe_maxn_events():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    said = [describe_maxn_event(e, tree.to_move(e.state), tree.player_order) for e in r.trace]
    assert said[0] == "enter A (the root)" and said[1] == "enter B via a1"
    assert said[3:5] == ["enter H via d1", "leaf H: utilities (1, 2, 6)"]
    exit_d = said[[e.kind == "exit" and e.state == "D" for e in r.trace].index(True)]
    assert exit_d == ("exit D with (1, 2, 6): the child best for C, who moves there (its own component, "
                      "number 3, is 6)")


def test_number_formats():
    assert [fmt_number(x) for x in (3, -2, 1 / 3, 0.25, 2.0, 0.123456)] == ["3", "−2", "1/3", "1/4", "2", "0.123"]
    assert fmt_vector((1 / 3, 1 / 3, 1 / 3)) == "(1/3, 1/3, 1/3)" and fmt_vector(None) == ""


# -- max^n in the tree explorer ---------------------------------------------------------------------

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
    assert TreeExplorer("AIMA Fig. 5.4 (A, B, C)", draw=False).tree_name == "AIMA Fig. 5.4 (P1, P2, P3)"


def test_explorer_takes_nplayer_trees_and_goes_back_to_two_players():
    from gamelib.viz import TreeExplorer
    ex = TreeExplorer(GameTree.from_nested(FIG_5_4, players=("P1", "P2", "P3")), draw=False)
    assert ex.tree_picker.value == "AIMA Fig. 5.4 (P1, P2, P3)"        # shown as the preset it is
    two = GameTree.from_nested([[(3, 1), (0, 0)], [(2, 2), (1, 5)]], players=("X", "Y"))
    ex.set_tree(two, name="not zero-sum")
    assert ex.multiplayer and ex.tree_name == "not zero-sum" and ex.result.value == (3, 1)
    ex.tree_picker.value = "AIMA Fig. 5.2"
    assert not ex.multiplayer and ex.algorithm == "alphabeta" and ex.result.value == 3
    assert ex.equality_box.layout.display is None and "prunes so far" in ex.text
    ex.tree_picker.value = "AIMA Fig. 5.4 (P1, P2, P3)"
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


# -- bad input (issue 21): pictures of max^n, and the explorer with a tree it cannot show ----------------

def test_draw_maxn_tree_and_its_view_check_their_arguments():
    from gamelib import minimax
    from gamelib.games import TicTacToe
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    with pytest.raises(ArgumentError, match=r"tree must be a GameTree .* got TicTacToe\(\)"):   # AttributeError
        draw_maxn_tree(TicTacToe())
    two = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(ArgumentError, match="result must be what gamelib.maxn"):
        draw_maxn_tree(two, minimax(two, trace=True))
    for step in (-1, 2.5, len(r.trace) + 1):                 # out of range: refused, not clamped
        with pytest.raises(ArgumentError, match=f"step must be a whole number of events >= 0 and <= {len(r.trace)}"):
            MaxnView(tree, r, step)
    with pytest.raises(ArgumentError, match=r"colors: 3 players but only 1 colours \(\['red'\]\)"):
        draw_maxn_tree(tree, colors=["red"])
    with pytest.raises(ArgumentError, match=r"event must be an Event of a max\^n trace .*, got 5"):
        describe_maxn_event(5)


@pytest.mark.parametrize("spec", [[(1, 2, 3), (4, 5)], [(1, 2), (3, 4)]])
def test_explorer_set_tree_with_utility_vectors_but_no_players_changes_nothing(spec):
    # These used to be shown as a two-player tree (applied instead of refused).
    from gamelib.trees import TreeSpecError
    from gamelib.viz import TreeExplorer
    ex = TreeExplorer(draw=False)
    before = (ex.tree_picker.value, list(ex.tree_picker.options), ex.tree_name, len(ex.tree), ex.text)
    with pytest.raises(TreeSpecError, match=r"spec\[0\]: .* is a tuple: .*players="):
        ex.set_tree(spec)
    with pytest.raises(ArgumentError, match="step must be a whole number of events >= 0, got 2.5"):
        ex.set_tree([[1, 2], [3, 4]], step=2.5)
    assert (ex.tree_picker.value, list(ex.tree_picker.options), ex.tree_name, len(ex.tree), ex.text) == before
