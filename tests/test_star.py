"""Star1 and Star2 (Ballard 1983; AIMA 4th ed. §5.5, alpha-beta with chance nodes): the same value and
decision as expectiminimax, fewer nodes for Star1, cuts at chance nodes read off the trace."""
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gamelib import GameError, GameTree, chance, expectiminimax
from gamelib.trace import proven_ranges
from gamelib.games import Bins
from gamelib.experiments.chance_trees import node_counts, random_chance_tree
from gamelib.star import star1, star2

from .pins import check_pins
from .strategies import chance_specs, label_hash
from gamelib import EvaluationError, SearchDepthError
from .bad_input import FIG52, PIG10, case, check_bad_input, nan

INF = math.inf
NINE_TENTHS = [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))]   # the .9/.1 tree, utilities 1..4
SEARCHES = (star1, star2)


def star_ranges(trace, game, lower=-INF, upper=INF):
    """gamelib.proven_ranges as a Star trace needs it: with the game's chance outcomes, and the
    bounds [lower, upper] for the outcomes a cut never searched."""
    return proven_ranges(trace, game.to_move, chance_outcomes=game.chance_outcomes, lower=lower, upper=upper)


def root_values(tree):
    return {a: expectiminimax(tree, tree.result(tree.initial_state, a)).value
            for a in tree.actions(tree.initial_state)}


def _run(label, result):
    """What a pin keeps of one search: a line naming it, its events, a line with its value, move and nodes
    (floats by repr, so to the last bit)."""
    return [label, *result.trace, f"value {result.value!r}, action {result.action!r}, {result.nodes} nodes"]


def star1_runs() -> list:
    """Star1 on 60 random chance trees and a tree with a probability-0 outcome, each with tight and loose
    bounds (:func:`_run`)."""
    trees = [(f"random_chance_tree({b}, {n}, {m}, seed={seed}, probabilities={pr!r}, order={o!r})",
              random_chance_tree(b, n, m, seed=seed, probabilities=pr, order=o))
             for (b, n, m) in ((2, 2, 2), (3, 3, 2), (3, 2, 3)) for pr in ("uniform", "random")
             for o in ("random", "best") for seed in range(5)]
    trees.append(("a probability-0 outcome",
                  GameTree.from_nested([chance((0.5, [3, -2]), (0.0, [5]), (0.5, [[1, 4], [-5]])), [2]])))
    return [item for name, tree in trees for slack in (0, 2)
            for item in _run(f"{name}, slack {slack}", star1(tree, lower=-5 - slack, upper=5 + slack, trace=True))]


# Pinned as SHA-256 digests (the interval-keeping Star1 of before issue 12, then Star1 and Star2 as of commit
# cb0655e); re-pinned in this form (issue 34: a failure says what changed) from code that still matched them.
# 'star1', 'star1 family' and 'star2 family' re-pinned when a chance node's fail-low (fail-high) bound
# became capped at α (at least β): before, a bound a rounding hair above α raised α and cut with it
# (test_a_chance_node_that_fails_low_by_a_rounding_hair_never_takes_the_move).
STAR_PINS = {
    'star1': ('31438 | enter 15597, exit 5787, leaf 8407, prune 1403 | 4b2 e31 4d1 1cf 683 72e a45 f1e 26a 4cd 065 '
              '1e2 013 5e0 ffa | 7dba2a598d44dbdf'),
    'star1 irregular': ('19576 | enter 9546, exit 3894, leaf 5035, prune 617 | 5a1 0d4 89f e65 5d2 41a b1e 2f9 547 '
                        '6d9 dc2 7b2 f1d 54b 5eb | dc215c1534079a76'),
    'star2 irregular': ('24134 | enter 11825, exit 4335, leaf 6050, prune 1440 | 5a1 0d4 35c b26 3dc 9b6 542 964 551 '
                        'de2 20b b2c 28f 749 6c0 | 02b2a2fdc1b1379b'),
    'star1 family': ('59260 | enter 29534, exit 5757, leaf 21210, prune 2567 | 4b2 e31 4d1 1cf 683 72e a45 cda 6fe '
                     '1c0 a95 1fb 196 330 b75 340 | 1f1f5a150b2df30d'),
    'star2 family': ('59770 | enter 29789, exit 6269, leaf 20203, prune 3317 | 4b2 e31 4d1 1cf b2e 885 bf2 8a3 eec '
                     'f25 a9c 156 f5d 87d 6dd 6d9 | a55be36e6af54eb9'),
}


def test_star1_trace_is_pinned_to_the_bit():
    """Star1's chance nodes became a plain loop over Ballard's windows (issue 12: 1.4x faster); the
    trace, windows and cuts are those of the interval-keeping search it replaced, bit for bit."""
    check_pins({"star1": star1_runs()}, STAR_PINS)


# --- the headline property -------------------------------------------------------------------------

def test_a_chance_node_that_fails_low_by_a_rounding_hair_never_takes_the_move():
    """Found by the property below: the chance node's bound after -5 and -3 is 1/7·(-5) + 3/7·(-3) +
    3/7·7 = 1 exactly, 1.0000000000000002 in floats, and MAX took the refuted chance move for the leaf
    1 (value 1 either way, the wrong action).  A bound that fails low is now capped at α."""
    tree = GameTree.from_nested([1, chance((1 / 7, -5), (3 / 7, -3), (3 / 7, 0))])
    for search in (star1, star2):
        result = search(tree, lower=-7, upper=7)
        assert (result.value, result.action) == (1, "a1") == (expectiminimax(tree).value, expectiminimax(tree).action)


@example(spec=[1, chance((1 / 7, -5), (3 / 7, -3), (3 / 7, 0))], slack=2)
@given(chance_specs(), st.integers(0, 3))
def test_star1_and_star2_equal_expectiminimax(spec, slack):
    tree = GameTree.from_nested(spec)
    full = expectiminimax(tree)
    one = star1(tree, lower=-5 - slack, upper=5 + slack)
    two = star2(tree, lower=-5 - slack, upper=5 + slack)
    for result in (one, two):
        assert result.value == pytest.approx(full.value, abs=1e-9)
        assert result.action == full.action
    assert one.nodes <= full.nodes


@given(chance_specs(), st.integers(0, 4))
def test_depth_limited_star_equals_depth_limited_expectiminimax(spec, depth):
    tree = GameTree.from_nested(spec)
    full = expectiminimax(tree, depth=depth, evaluate=label_hash)
    for search in SEARCHES:
        result = search(tree, lower=-5, upper=5, depth=depth, evaluate=label_hash)
        assert result.value == pytest.approx(full.value, abs=1e-9)
        assert result.action == full.action
    assert star1(tree, lower=-5, upper=5, depth=depth, evaluate=label_hash).nodes <= full.nodes


@given(chance_specs(), st.sampled_from(SEARCHES))
def test_traces_keep_the_house_discipline(spec, search):
    """Every 'enter' is closed once, in stack order; node count = enters; the outcomes/actions a
    'prune' skips are not entered during that visit of the node (Star2 may enter them later, when it
    searches a node it probed); the last event is the root with the returned value."""
    tree = GameTree.from_nested(spec)
    result = search(tree, lower=-5, upper=5, trace=True)
    assert search(tree, lower=-5, upper=5)[:3] == result[:3]
    stack = []                     # (state, states entered during its visit)
    for e in result.trace:
        if e.kind == "enter":
            assert e.alpha < e.beta
            for _, inside in stack:
                inside.add(e.state)
            stack.append((e.state, set()))
        else:
            state, inside = stack.pop()
            assert state == e.state
            if e.kind == "prune":
                assert e.skipped and not {tree.result(e.state, a) for a in e.skipped} & inside
    assert not stack
    assert sum(e.kind == "enter" for e in result.trace) == result.nodes
    assert result.trace[-1].state == "A" and result.trace[-1].value == result.value
    if search is star1:            # Star1 enters each node at most once, never a skipped one
        visited = set(result.visited)
        assert len(visited) == result.nodes
        for e in result.trace:
            if e.kind == "prune":
                assert not {tree.result(e.state, a) for a in e.skipped} & visited


@given(chance_specs(), st.sampled_from(SEARCHES), st.integers(0, 3))
def test_proven_ranges_hold_the_true_value(spec, search, slack):
    """The intervals read off a Star trace (bounds L, U for what was never searched) are sound, and the
    root's is exact."""
    lo_b, hi_b = -5 - slack, 5 + slack
    tree = GameTree.from_nested(spec)
    result = search(tree, lower=lo_b, upper=hi_b, trace=True)
    ranges = star_ranges(result.trace, tree, lower=lo_b, upper=hi_b)
    assert set(ranges) == set(result.visited)
    for state, (lo, hi) in ranges.items():
        true = expectiminimax(tree, state).value
        assert lo - 1e-9 <= true <= hi + 1e-9
    lo, hi = ranges["A"]
    assert lo == pytest.approx(result.value, abs=1e-9) and hi == pytest.approx(result.value, abs=1e-9)
    if search is star1:  # fail-soft: every value Star1 returns lies in its node's proven interval
        for e in result.trace:
            if e.kind != "enter":
                assert ranges[e.state][0] - 1e-9 <= e.value <= ranges[e.state][1] + 1e-9


# --- exact small examples --------------------------------------------------------------------------

def test_aima_point_nine_tree_cuts_the_second_chance_node():
    tree = GameTree.from_nested(NINE_TENTHS)
    result = star1(tree, lower=0, upper=4, trace=True)
    assert (result.value, result.action, result.nodes) == (pytest.approx(2.1), "a1", 6)
    assert expectiminimax(tree).nodes == 7
    assert result.visited == ["A", "B", "D", "E", "C", "F"]
    # C's first outcome F = 1 proves C <= 0.9 * 1 + 0.1 * U = 1.3 <= α = 2.1: G is never searched.
    prunes = [e for e in result.trace if e.kind == "prune"]
    assert [(e.state, e.skipped) for e in prunes] == [("C", ("c2",))]
    assert prunes[0].value == pytest.approx(1.3) and (prunes[0].alpha, prunes[0].beta) == (2.1, 4)
    # F was searched with Ballard's window: A_1 = (α - 0.1 U) / 0.9 = (2.1 - 0.4) / 0.9.
    enter_f = next(e for e in result.trace if e.kind == "enter" and e.state == "F")
    assert enter_f.alpha == pytest.approx(1.7 / 0.9) and enter_f.beta == 4
    ranges = star_ranges(result.trace, tree, lower=0, upper=4)
    assert ranges["C"] == (pytest.approx(0.9), pytest.approx(1.3))
    assert ranges["A"] == (pytest.approx(2.1), pytest.approx(2.1))
    # Without bounds a skipped outcome could be anything, so C is not bounded at all.
    assert star_ranges(result.trace, tree)["C"] == (-INF, INF)


def test_looser_bounds_cut_later():
    tree = GameTree.from_nested(NINE_TENTHS)
    # U = 10: after F = 1, C <= 0.9 + 1.0 = 1.9 <= 2.1 still cuts.  U = 20: C <= 2.9, no cut.
    assert star1(tree, lower=0, upper=10).nodes == 6
    assert star1(tree, lower=0, upper=20).nodes == 7
    assert star1(tree, lower=0, upper=20).value == pytest.approx(2.1)


def test_fail_high_below_a_min_root_skips_two_outcomes():
    third = 1 / 3
    tree = GameTree.from_nested([chance((0.5, 0), (0.5, 2)),
                                 chance((third, 5), (third, 3), (third, 4))], root="MIN")
    result = star1(tree, lower=0, upper=5, trace=True)
    assert (result.value, result.action) == (1, "a1")
    prune = next(e for e in result.trace if e.kind == "prune")
    # C's first outcome 5 proves C >= 5/3 + 0 + 0 >= β = 1: the other two outcomes are skipped.
    assert (prune.state, prune.skipped, prune.beta) == ("C", ("c2", "c3"), 1)
    assert prune.value == pytest.approx(5 / 3)
    assert result.nodes == 6 and expectiminimax(tree).nodes == 8


def test_core_proven_ranges_would_call_a_cut_chance_node_exact():
    """What gamelib.core.proven_ranges needs: it takes every chance node as exact, so on a Star1 trace
    with U = 10 it reports C as [1.9, 1.9] (the bound 0.9 * 1 + 0.1 * U), although C's true value is
    1.3.  Given the chance outcomes and the bounds, it reads C as [0.9, 1.9]."""
    tree = GameTree.from_nested(NINE_TENTHS)
    trace = star1(tree, lower=0, upper=10, trace=True).trace
    assert proven_ranges(trace, tree.to_move)["C"] == (pytest.approx(1.9), pytest.approx(1.9))
    assert expectiminimax(tree, "C").value == pytest.approx(1.3)
    assert star_ranges(trace, tree, lower=0, upper=10)["C"] == (pytest.approx(0.9), pytest.approx(1.9))


def test_bins_with_the_coin():
    game = Bins(coin=True)
    full = expectiminimax(game)
    for search in SEARCHES:
        result = search(game, lower=-50, upper=50, trace=True)
        assert (result.value, result.action) == (full.value, full.action) == (-2.0, "C")
        ranges = star_ranges(result.trace, game, lower=-50, upper=50)
        assert ranges[game.initial_state] == (-2.0, -2.0)
    # MIN's pick from bin A stops at -50 = L: nothing can be lower (a cut on equality, twice).
    assert star1(game, lower=-50, upper=50).nodes == 20 < full.nodes == 22


def test_bins_depth_limited_with_an_evaluation():
    game = Bins(coin=True)
    middle = {name: (lo + hi) / 2 for name, (lo, hi) in game.bins.items()}

    def evaluate(state):           # a bin is worth its midpoint
        return middle[state.bin]

    full = expectiminimax(game, depth=2, evaluate=evaluate)
    for search in SEARCHES:
        result = search(game, lower=-50, upper=50, depth=2, evaluate=evaluate)
        assert result[:2] == full[:2] == (3.5, "C")   # C: coin to B (2) or C (5)


def test_star2_probes_then_searches():
    # MAX / CHANCE / MIN / leaves: probing B looks at the first leaf of D and of E, then searches.
    tree = GameTree.from_nested([chance((0.5, [3, 9]), (0.5, [3, 9])),
                                 chance((0.5, [0, 9]), (0.5, [0, 9]))])
    result = star2(tree, lower=0, upper=9, trace=True)
    assert result[:2] == (3, "a1")
    probes = [(e.state, e.skipped) for e in result.trace if e.kind == "prune"]
    assert probes[:2] == [("D", ("d2",)), ("E", ("e2",))]
    assert result.visited[:8] == ["A", "B", "D", "H", "E", "J", "D", "H"]
    # C: probing F gives F <= 0 = L, exact, and G's probe then proves C <= 0 <= α = 3.
    assert result.visited[-5:] == ["C", "F", "L", "G", "N"]


def test_star2_saves_nodes_on_best_first_regular_trees():
    """With the best move first, probing proves most moves worse than the first at the cost of one
    reply per outcome (Ballard's regular trees); on randomly ordered trees it costs nodes."""
    ordered, shuffled = node_counts([(5, 6, 2, "uniform", "best"), (3, 2, 2, "uniform", "random")],
                                    seeds=range(4))
    assert ordered.star2 < 0.75 * ordered.star1 < ordered.expectiminimax
    assert shuffled.star1 < shuffled.expectiminimax < shuffled.star2


# --- errors ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("search", SEARCHES)
def test_bounds_are_required_and_checked(search):
    tree = GameTree.from_nested(NINE_TENTHS)
    with pytest.raises(GameError, match="need lower= and upper="):
        search(tree)
    with pytest.raises(GameError, match="need lower= and upper="):
        search(tree, lower=0)
    with pytest.raises(GameError, match="need lower < upper, got lower=4, upper=4"):
        search(tree, lower=4, upper=4)
    with pytest.raises(GameError, match="need lower < upper"):
        search(tree, lower=5, upper=0)
    with pytest.raises(GameError, match="upper must be a finite number, got inf"):
        search(tree, lower=0, upper=INF)
    with pytest.raises(GameError, match="the utility of state 'E' is 3, outside the declared bounds"):
        search(tree, lower=0, upper=2.5)
    with pytest.raises(GameError, match=r"evaluation of state 'B' is 7, outside the declared"
                       r" bounds \[0, 4\]"):
        search(tree, lower=0, upper=4, depth=1, evaluate=lambda s: 7)
    with pytest.raises(GameError, match="needs evaluate="):
        search(tree, lower=0, upper=4, depth=1)


def test_chance_prunes_are_described_from_the_chance_side():
    from gamelib.viz import describe_event
    tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    result = star1(tree, lower=0, upper=5, trace=True)
    (cut,) = [e for e in result.trace if e.kind == "prune"]
    said = describe_event(cut, tree.to_move(cut.state))
    assert said.startswith(f"prune at {cut.state}: whatever the unsearched outcomes hold, the expectation is at most")
    assert said.endswith("c2 is never searched")


def test_rounding_never_opens_an_empty_window():
    # Ballard's B for the second outcome is -2 exactly, -1.9999999999999996 in floating point: the
    # third outcome's window would be empty.  Star1 must cut instead of entering it with α >= β.
    tree = GameTree.from_nested([[-4, chance((1 / 3, -2), (5 / 12, 0), (1 / 4, 0))]])
    result = star1(tree, lower=-5, upper=5, trace=True)
    assert result.value == expectiminimax(tree).value
    assert all(e.alpha < e.beta for e in result.trace if e.kind == "enter")
    assert all(e.alpha < e.beta for e in star2(tree, lower=-5, upper=5, trace=True).trace if e.kind == "enter")


# --- pins: Star1 and Star2 on irregular trees, to the bit ------------------------------------------
# Measured before _star_search was split into helper functions (issue 24).  The random chance trees of
# test_star_searches_cut_where_they_cut_before (issue 12) are regular (MAX, chance, MIN, chance); these
# are not: chance nodes below chance nodes, outcomes of probability 0, single-move nodes (a probe that
# searches them whole), MIN at the root, leaves at every depth, and depth limits with an evaluation or a cutoff.

def irregular_spec(rng, depth):
    """A nested spec drawn from ``rng``: decision and chance nodes in any order, some outcomes of
    probability 0, some single-move nodes, leaves in [-5, 5]."""
    if depth == 0 or rng.random() < 0.2:
        return rng.randint(-5, 5)
    if rng.random() < 0.4:
        n = rng.randint(1, 4)
        weights = [rng.choice((0, 1, 2, 3, 5)) for _ in range(n)]
        if not any(weights):
            weights[0] = 1
        return chance(*((w / sum(weights), irregular_spec(rng, depth - 1)) for w in weights))
    return [irregular_spec(rng, depth - 1) for _ in range(rng.choice((1, 1, 2, 3, 4)))]


def irregular_star_runs(search) -> list:
    import random
    rng = random.Random(24)
    items = []
    for k in range(60):
        spec = irregular_spec(rng, 6)
        if not isinstance(spec, list):
            spec = [spec]
        tree = GameTree.from_nested(spec, root="MIN" if k % 3 == 0 else "MAX")
        runs = [dict(), dict(lower=-7.5, upper=6), dict(depth=3, evaluate=label_hash),
                dict(cutoff=lambda s, ply: ply >= 2 and len(s) % 2 == 0, evaluate=label_hash)]
        for j, options in enumerate(runs):
            options = {"lower": -5, "upper": 5, **options}
            items += _run(f"irregular tree {k}, options {j}", search(tree, trace=True, **options))
    for j, options in enumerate((dict(lower=-50, upper=50),
                                 dict(lower=-50, upper=50, depth=2, evaluate=lambda s: 1.5))):
        items += _run(f"Bins(coin=True), options {j}", search(Bins(coin=True), trace=True, **options))
    return items


@pytest.mark.parametrize("search", SEARCHES, ids=["star1", "star2"])
def test_star_searches_on_irregular_trees_record_what_they_recorded_before(search):
    check_pins({f"{search.__name__} irregular": irregular_star_runs(search)}, STAR_PINS)


# --- Star1 and Star2: the same windows, cuts and values, to the last bit ---------------------------
def _star_family_runs(search) -> list:
    """``search`` on 96 random chance trees (4 shapes, both probability kinds, both orders, 3 seeds, tight
    and loose bounds), each as :func:`_run` keeps it."""
    from gamelib.experiments.chance_trees import random_chance_tree
    return [item for b, n, m in ((2, 2, 2), (3, 3, 2), (5, 6, 2), (3, 2, 3)) for probs in ("uniform", "random")
            for order in ("random", "best") for seed in range(3) for slack in (0, 1.5)
            for item in _run(f"random_chance_tree({b}, {n}, {m}, seed={seed}, probabilities={probs!r}, "
                             f"order={order!r}), slack {slack}",
                             search(random_chance_tree(b, n, m, seed=seed, probabilities=probs, order=order),
                                    lower=-5 - slack, upper=5 + slack, trace=True))]


@pytest.mark.parametrize("search", SEARCHES, ids=["star1", "star2"])
def test_star_searches_cut_where_they_cut_before(search):
    """Ballard's windows are sums over the other outcomes; they are still added left to right, so
    every window in every trace, every cut and every count is what it was before (commit cb0655e)."""
    check_pins({f"{search.__name__} family": _star_family_runs(search)}, STAR_PINS)


def test_a_chance_nodes_window_is_the_left_to_right_sum_over_the_other_outcomes():
    from fractions import Fraction
    from gamelib.star import _Outcomes
    pairs = [("a", 0.1), ("b", 0.2), ("c", 0.3), ("d", 0.4)]
    node = _Outcomes(None, "s", pairs, -5, 5)
    node.bound(0, 1.5, 1.5)
    node.bound(2, -2, 3)
    for i in range(4):
        A, B = node.window(i, 0.25, 0.75)
        others = [j for j in range(4) if j != i]
        assert A == (0.25 - sum(pairs[j][1] * node.hi[j] for j in others)) / pairs[i][1]
        assert B == (0.75 - sum(pairs[j][1] * node.lo[j] for j in others)) / pairs[i][1]
        exact = (Fraction(0.25) - sum(Fraction(pairs[j][1]) * Fraction(node.hi[j]) for j in others)) \
            / Fraction(pairs[i][1])
        assert abs(A - float(exact)) < 1e-12


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: star1(FIG52, lower=0, upper=20, depth=1, evaluate=lambda s: nan), EvaluationError,
         "nan", id="star1 NaN evaluation"),
    case(lambda: star1(PIG10, lower=-1, upper=1), SearchDepthError, "cycles", id="star1 on Pig"),
    case(lambda: star2(PIG10, lower=-1, upper=1), SearchDepthError, "cycles", id="star2 on Pig"),
    case(lambda: star1(FIG52, lower=nan, upper=1), GameError, "lower", id="star1 lower=nan"),
    case(lambda: star2(FIG52, lower=0, upper=20, depth=1, evaluate=lambda s: None), EvaluationError,
         "None", id="star2 evaluation None"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_the_chance_tree_experiments_old_names_answer_with_a_warning():
    """Issue #34: the comment promised that gamelib.star's moved names still answer; they raised AttributeError."""
    import gamelib.star
    from gamelib.experiments import chance_trees
    for name in ("random_chance_tree", "node_counts", "format_node_counts", "Shape", "NodeCounts"):
        with pytest.warns(DeprecationWarning, match=rf"gamelib\.star\.{name} has moved: use "
                                                    rf"gamelib\.experiments\.chance_trees\.{name}"):
            assert getattr(gamelib.star, name) is getattr(chance_trees, name)
    with pytest.raises(AttributeError):
        gamelib.star.star3


def compensated_sum(values, start=0):
    """Python 3.12's ``sum`` of floats (Neumaier's compensated summation), for a test run on 3.11."""
    total, correction = float(start), 0.0
    for x in map(float, values):
        t = total + x
        correction += (total - t) + x if abs(total) >= abs(x) else (x - t) + total
        total = t
    return total + correction


def test_star2_visits_the_same_nodes_whichever_way_python_sums(monkeypatch):
    """Star2's windows add left to right on every Python: with 3.12's compensated ``sum`` they moved by
    a last bit on this position (notebook 05b's third dice position), and Star2 visited 1,495 nodes
    instead of 1,501 (in the browser's Pyodide, Python 3.12, notebook 05b's Star2 counts differed).
    Run here as on 3.12: the built-in ``sum`` compensated, and ``added`` the left-to-right sum that
    star.py uses from 3.12 on.  With ``sum`` for ``added`` throughout star.py the count changes."""
    import builtins

    import gamelib.star
    from gamelib.games.backgammon import Backgammon, evaluation, parse
    game, position = Backgammon(), parse("-A-BBbE------Ba--d-f-b--BA X 41")
    lower, upper = game.bounds
    counts = []
    for summed, added in ((builtins.sum, gamelib.star.added),
                          (compensated_sum, gamelib.star.added_left_to_right)):
        monkeypatch.setattr(builtins, "sum", summed)
        monkeypatch.setattr(gamelib.star, "added", added)
        r = star2(game, position, depth=3, evaluate=evaluation(), lower=lower, upper=upper)
        counts.append((r.nodes, r.value))
    assert counts[0] == counts[1] and counts[0][0] == 1_501
