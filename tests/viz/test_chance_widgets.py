"""Chance-node intervals, the chance-tree picture and the transformation lesson (AIMA 3rd ed. Fig. 5.12),
driven headlessly."""
import matplotlib

matplotlib.use("Agg")

from .widgets import shown_png  # noqa: E402

import html  # noqa: E402
import math  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gamelib import GameTree, chance, expectiminimax, minimax, star1  # noqa: E402
from gamelib.core import CHANCE  # noqa: E402
from gamelib.viz.chance_widgets import (AIMA_LEAVES, AIMA_MAPPING, AIMA_TRANSFORMED,  # noqa: E402
                                        CUSTOM, TRANSFORMS, TransformExplorer, chance_intervals,
                                        compare_transform, draw_chance_tree, draw_transform,
                                        is_order_preserving, is_positive_linear, leaf_bounds,
                                        map_leaves, returned_move_values, transform_specs)

from ..strategies import chance_specs, nested_specs  # noqa: E402

FIG_5_12 = [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))]


# -- what a trace proves about chance nodes --------------------------------------------------------------

def test_intervals_on_the_textbook_tree_step_by_step():
    tree = GameTree.from_nested(FIG_5_12)
    r = star1(tree, lower=0, upper=4, trace=True)
    kinds = [(e.kind, e.state) for e in r.trace]
    assert ("prune", "C") in kinds
    at = {k: chance_intervals(tree, r.trace[:k], lower=0, upper=4) for k in range(len(r.trace) + 1)}
    assert at[1] == {} and at[2] == {"B": (0, 4)}              # B entered, nothing known yet
    assert at[4]["B"] == pytest.approx((0.9 * 2, 0.9 * 2 + 0.1 * 4))   # after D = 2
    assert at[7]["B"] == pytest.approx((2.1, 2.1))             # B closed: exact
    assert at[10]["C"] == pytest.approx((0.9, 1.3))            # after F = 1: already below α = 2.1
    assert at[len(r.trace)]["C"] == pytest.approx((0.9, 1.3))  # cut: an interval, not a value
    assert leaf_bounds(tree) == (1, 4)
    assert leaf_bounds(GameTree.from_nested([chance((0.5, 3), (0.5, 3))])) == (2, 4)


@given(chance_specs(max_leaves=24), st.integers(0, 3))
def test_every_interval_holds_the_true_value_at_every_step(spec, slack):
    """Whatever the step, each entered chance node's interval contains its expectiminimax value, under
    Star1 and expectiminimax alike; a finished expectiminimax trace pins every chance node exactly."""
    tree = GameTree.from_nested(spec)
    if CHANCE not in tree.players.values():
        return
    lo, hi = leaf_bounds(tree)
    bounds = (lo - slack, hi + slack)
    truth = {s: expectiminimax(tree, s).value for s in tree.states if tree.players[s] == CHANCE
             and not tree.is_terminal(s)}
    for result in (star1(tree, lower=bounds[0], upper=bounds[1], trace=True),
                   expectiminimax(tree, trace=True)):
        for k in range(0, len(result.trace) + 1, 3):
            for s, (a, b) in chance_intervals(tree, result.trace[:k], lower=bounds[0], upper=bounds[1]).items():
                assert a - 1e-9 <= truth[s] <= b + 1e-9
    final = chance_intervals(tree, result.trace, lower=bounds[0], upper=bounds[1])
    assert set(final) == set(truth)
    assert all(a == pytest.approx(truth[s]) and b == pytest.approx(truth[s])
               for s, (a, b) in final.items())


def test_draw_chance_tree_writes_the_intervals_under_open_and_cut_chance_nodes():
    tree = GameTree.from_nested(FIG_5_12)
    r = star1(tree, lower=0, upper=4, trace=True)
    ax = draw_chance_tree(tree, r, lower=0, upper=4)
    texts = [t.get_text() for t in ax.texts]
    assert "[0.9, 1.3]" in texts                 # C, cut by Star1
    assert "[2.1, 2.1]" not in texts              # B is known exactly: its value says it
    ax = draw_chance_tree(tree, r, step=4, lower=0, upper=4)  # inside B, after D
    assert "[1.8, 2.2]" in [t.get_text() for t in ax.texts]
    ax = draw_chance_tree(tree, r)                # default bounds: the leaves' range [1, 4]
    assert "[1, 1.3]" in [t.get_text() for t in ax.texts]
    draw_chance_tree(tree)                        # no search: just the tree
    plt.close("all")


# -- the transformation lesson ------------------------------------------------------------------------

def test_the_aima_example_flips_expectiminimax_but_not_minimax():
    c = compare_transform(AIMA_LEAVES, AIMA_MAPPING)
    assert c.transformed == AIMA_TRANSFORMED
    e0, e1 = c.expectiminimax
    assert (e0.action, e1.action) == ("a1", "a2")          # a1 -> a2: the decision moved
    assert e0.value == pytest.approx(2.1) and e1.value == pytest.approx(40.9)
    assert returned_move_values(e1) == pytest.approx({"a1": 21, "a2": 40.9})
    assert c.minimax[0].action == c.minimax[1].action == "a1"
    assert c.expectiminimax_changed and not c.minimax_changed
    assert c.order_preserving and not c.positive_linear
    assert compare_transform().transformed == AIMA_TRANSFORMED   # the default
    assert "decision CHANGED" in c.text.splitlines()[1] and "unchanged" in c.text.splitlines()[2]


@pytest.mark.parametrize("name, flips, linear", [
    ("x (identity)", False, True), ("10·x", False, True), ("x + 100", False, True),
    ("x²", False, False), ("x⁴", True, False), ("exp(x)", False, False)])
def test_named_transforms(name, flips, linear):
    c = compare_transform(AIMA_LEAVES, name)
    assert c.expectiminimax_changed == flips and c.positive_linear == linear
    assert c.order_preserving and not c.minimax_changed


def test_transform_arguments_and_checks():
    assert transform_specs((2, 3, 1, 4)) == (FIG_5_12, [[2, 3], [1, 4]])
    assert transform_specs((1, 2, 3, 4, 5, 6), (0.5, 0.25, 0.25))[1] == [[1, 2, 3], [4, 5, 6]]
    with pytest.raises(ValueError):
        transform_specs((1, 2, 3))               # not a whole number of moves
    with pytest.raises(ValueError):
        compare_transform(AIMA_LEAVES, "x³")
    with pytest.raises(ValueError, match="no new value"):
        compare_transform(AIMA_LEAVES, {1: 1, 2: 2})
    c = compare_transform(AIMA_LEAVES, lambda x: -x)   # reverses the order: outside the rules
    assert not c.order_preserving and "NOT order-preserving" in c.text
    assert is_order_preserving(math.exp, [3, 1, 2]) and not is_order_preserving(abs, [-2, 1])
    assert is_positive_linear(lambda x: 3 * x - 7, [1, 2, 5]) and not is_positive_linear(
        lambda x: x * x, [1, 2, 5])
    assert is_positive_linear(lambda x: x * x, [1, 2])   # two values: always on a line
    assert not is_positive_linear(lambda x: -x, [1, 2])
    assert map_leaves([chance((0.5, [1, 2]), (0.5, 3))], lambda x: x + 1) == [
        chance((0.5, [2, 3]), (0.5, 4))]


increasing = st.lists(st.integers(1, 50), min_size=1, max_size=40)


@given(nested_specs(max_leaves=30), increasing, st.integers(-100, 100))
def test_minimax_decision_survives_every_strictly_increasing_transform(spec, steps, offset):
    """A tree without chance nodes: map the distinct leaves, in order, to a random increasing sequence.
    Minimax's decision is the same and its value is f(old value) (max and min commute with f)."""
    tree = GameTree.from_nested(spec)
    values = sorted(set(tree.leaf_values.values()))
    steps = (steps * len(values))[:len(values)]
    image, total = {}, offset
    for v, d in zip(values, steps):
        total += d
        image[v] = total
    new = GameTree.from_nested(map_leaves(spec, image.__getitem__))
    before, after = minimax(tree), minimax(new)
    assert after.action == before.action
    assert after.value == image[before.value]


dyadic = st.sampled_from([(0.5, 0.5), (0.25, 0.75), (0.5, 0.25, 0.25), (0.125, 0.375, 0.5)])


def dyadic_chance_specs():
    """Chance trees whose probabilities are sums of powers of 1/2 and whose leaves are small integers,
    so every expectation is computed exactly in floating point and ties stay ties."""
    def node(kids):
        return st.one_of(st.lists(kids, min_size=1, max_size=3),
                         dyadic.flatmap(lambda ps: st.tuples(*[kids] * len(ps)).map(
                             lambda subs, ps=ps: chance(*zip(ps, subs)))))
    return st.recursive(st.integers(-5, 5), node, max_leaves=24)


@given(dyadic_chance_specs(), st.sampled_from([0.25, 0.5, 1, 2, 3, 8]), st.integers(-20, 20))
def test_expectiminimax_decision_survives_positive_linear_transforms(spec, a, b):
    tree = GameTree.from_nested(spec)
    new = GameTree.from_nested(map_leaves(spec, lambda x: a * x + b))
    before, after = expectiminimax(tree), expectiminimax(new)
    assert after.action == before.action
    assert after.value == a * before.value + b


# -- the widget -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def widget():
    return TransformExplorer(draw=False)


def test_widget_starts_on_aimas_relabelling(widget):
    w = widget
    w.mapping = AIMA_MAPPING
    assert w.transform == CUSTOM and w.mapping == AIMA_MAPPING
    assert w.comparison.expectiminimax_changed and not w.comparison.minimax_changed
    assert w.text == w.comparison.text and "a1 (a1 = 2.1, a2 = 1.3) → a2" in w.text
    assert w.text_html.value == html.escape(w.text).replace("\n", "<br>")
    assert w.slider_box.layout.display is None and w.png == b""


def test_dropdown_transforms(widget):
    w = widget
    for name in TRANSFORMS:
        w.picker.value = name
        assert w.comparison.label == name and w.slider_box.layout.display == "none"
        assert w.comparison.expectiminimax_changed == (name == "x⁴")
        assert not w.comparison.minimax_changed
    w.transform = "x⁴"
    assert w.mapping == {1: 1, 2: 16, 3: 81, 4: 256}
    with pytest.raises(ValueError):
        w.transform = "sin(x)"
    w.transform = CUSTOM
    assert w.mapping == AIMA_MAPPING   # the sliders kept their values


def test_sliders_keep_the_order_and_move_the_decision(widget):
    w = widget
    w.mapping = {1: 1, 2: 2, 3: 3, 4: 4}
    assert not w.comparison.expectiminimax_changed         # the identity
    w.sliders[4].value = 30            # a2 = .9·1 + .1·30 = 3.9 > a1 = 2.1: flips
    assert w.comparison.expectiminimax_changed and w.note_html.value == ""
    w.sliders[2].value = 100           # cannot pass f(3) = 3: stops at 2 (no room), then order holds
    assert w.sliders[2].value == 2 and "cannot pass" in w.note_html.value
    w.sliders[3].value = 10
    w.sliders[2].value = 100           # now there is room up to 9
    assert w.sliders[2].value == 9 and list(w.mapping.values()) == [1, 9, 10, 30]
    w.sliders[1].value = 0
    assert w.sliders[1].value == 0 and w.comparison.transformed == (9, 10, 0, 30)
    w.picker.value = "10·x"
    w.sliders[4].value = 40            # touching a slider selects the custom mapping
    assert w.transform == CUSTOM and w.mapping[4] == 40
    with pytest.raises(ValueError, match="order"):
        w.mapping = {1: 1, 2: 3, 3: 2, 4: 4}
    with pytest.raises(ValueError, match="each leaf"):
        w.mapping = {1: 1, 2: 2}
    with pytest.raises(ValueError, match="whole numbers"):
        w.mapping = {1: 1, 2: 2, 3: 3, 4: 10_000}
    w.mapping = AIMA_MAPPING


def test_picture_and_other_leaves():
    plt.close("all")
    w = TransformExplorer(transform="x⁴")
    assert w.png.startswith(b"\x89PNG") and shown_png(w.image) == w.png
    first = w.png
    w.transform = "10·x"
    assert w.png != first
    other = TransformExplorer((5, 0, 3, 4), {0: 0, 3: 3, 4: 4, 5: 5}, probabilities=(0.5, 0.5),
                              draw=False)
    assert other.comparison.expectiminimax[0].action == "a2"   # a1 = 2.5, a2 = 3.5
    assert other.mapping == {0: 0, 3: 3, 4: 4, 5: 5} and not other.comparison.expectiminimax_changed
    assert plt.get_fignums() == []


def test_draw_transform_titles_say_what_changed():
    axes, c = draw_transform()
    titles = [ax.get_title() for row in axes for ax in row]
    assert sum("(changed!)" in t for t in titles) == 1 and "(changed!)" in titles[2]
    assert c.expectiminimax_changed
    plt.close("all")
