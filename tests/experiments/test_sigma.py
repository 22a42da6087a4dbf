"""The sigma study (AIMA 3rd ed. §5.8, Fig. 5.13; Zell's slides §5.8; the Purdue slides, "Depth matters"):
Monte Carlo against exact integrals, the notes' 71% and 58%, symmetries, correlated errors, bad input,
seeds, and the depth experiment."""
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import integrate
from scipy.stats import norm

import gamelib.experiments.sigma as sigma_module
from gamelib import GameTree, TreeSpecError, chance, minimax
from gamelib.experiments.sigma import (
    NOTES_FIGURES,
    TEXTBOOK_TREE,
    branch_probabilities,
    depth_matters,
    exact_branch_probabilities,
    expansion_value,
    noisy_evaluation,
    root_move_values,
    sample_leaf_values,
    true_values,
    value_density,
)

from ..strategies import nested_specs
from gamelib import ArgumentError, GameError, TooLargeError
from gamelib.experiments import sigma as xsigma
from ..bad_input import FIG52, attempt, case, check_bad_input, correct, fuzz, inf, nan, weird

TRIALS = 200_000


def within(mc, exact, action, k=4.0, floor=1e-9):
    """|Monte Carlo − exact| within k standard errors (plus ``floor``: a hair for the integral's own
    error, or more where the probability is too small for the trials to see)."""
    return abs(mc[action] - exact[action]) <= k * mc.stderr[action] + floor


# -- the textbook's numbers -----------------------------------------------------------------------------

@pytest.mark.parametrize("sigma", [5, 2])
def test_notes_figures_reproduced_exactly_and_by_monte_carlo(sigma):
    exact = exact_branch_probabilities(TEXTBOOK_TREE, sigma)
    mc = branch_probabilities(TEXTBOOK_TREE, sigma, trials=TRIALS, seed=1)
    assert round(exact["a1"], 2) == NOTES_FIGURES[sigma]          # 71% and 58%
    assert abs(exact["a1"] + exact["a2"] - 1) < 1e-9
    assert within(mc, exact, "a1") and within(mc, exact, "a2")
    assert mc.minimax_action == exact.minimax_action == "a2"      # minimax picks the right branch
    # The standard error is the binomial one when ties are impossible.
    p = mc["a1"]
    assert mc.stderr["a1"] == pytest.approx(math.sqrt(p * (1 - p) / TRIALS), rel=1e-3)


def test_exact_values_to_four_places():
    assert round(exact_branch_probabilities(TEXTBOOK_TREE, 5)["a1"], 4) == 0.7139
    assert round(exact_branch_probabilities(TEXTBOOK_TREE, 2)["a1"], 4) == 0.5799


def test_exact_matches_a_direct_integral_of_one_minimum():
    # P(left better) = P(min L_i > min R_j) = ∫ f_R(v) P(min L_i > v) dv, written out by hand.
    s = 5.0
    left, right = np.array([99, 1000, 1000, 1000.]), np.array([100, 101, 102, 100.])

    def f_right(v):  # density of min R_j: d/dv [1 − Π Φ((r_j − v)/s)]
        sf = norm.sf((v - right) / s)
        return sum(norm.pdf((v - right[i]) / s) / s * np.prod(np.delete(sf, i)) for i in range(4))

    def left_above(v):
        return np.prod(norm.sf((v - left) / s))

    p, _ = integrate.quad(lambda v: f_right(v) * left_above(v), 40, 160, limit=200)
    assert exact_branch_probabilities(TEXTBOOK_TREE, s)["a1"] == pytest.approx(p, abs=1e-8)


def test_value_density_is_a_density_with_the_monte_carlo_mean():
    v = np.linspace(40, 160, 4001)
    dens = value_density(TEXTBOOK_TREE, 5, v)
    x = sample_leaf_values(TEXTBOOK_TREE, 5, 100_000, seed=3)
    means = root_move_values(TEXTBOOK_TREE, x).mean(axis=0)
    for j, a in enumerate(("a1", "a2")):
        assert np.trapezoid(dens[a], v) == pytest.approx(1, abs=1e-6)
        assert np.trapezoid(v * dens[a], v) == pytest.approx(means[j], abs=0.05)
    with pytest.raises(ValueError, match="no density"):
        value_density(TEXTBOOK_TREE, 0, v)


# -- σ = 0, ties, symmetry --------------------------------------------------------------------------------

def test_sigma_zero_gives_the_minimax_choice_with_probability_one():
    for spec in (TEXTBOOK_TREE, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[[1, 5], [2, 9]], [[3, 4], [0, 8]]]):
        r = branch_probabilities(spec, 0, trials=50)
        choice = minimax(GameTree.from_nested(spec)).action
        assert r.minimax_action == choice
        assert r[choice] == 1.0 and all(r[a] == 0.0 for a in r.actions if a != choice)
        assert all(se == 0.0 for se in r.stderr.values())
    e = exact_branch_probabilities(TEXTBOOK_TREE, 0)
    assert (e["a1"], e["a2"]) == (0.0, 1.0)


def test_ties_share_the_credit():
    r = branch_probabilities([[3, 7], [3], 2], 0, trials=10)
    assert (r["a1"], r["a2"], r["a3"]) == (0.5, 0.5, 0.0)
    e = exact_branch_probabilities([[3, 7], [3], 2], 0)
    assert (e["a1"], e["a2"], e["a3"]) == (0.5, 0.5, 0.0)


def test_symmetry_identical_moves_are_equally_likely_and_order_does_not_matter():
    same = exact_branch_probabilities([[1, 2, 5], [1, 2, 5], [1, 2, 5]], 3)
    assert all(same[a] == pytest.approx(1 / 3, abs=1e-9) for a in same.actions)
    mc = branch_probabilities([[1, 2], [1, 2]], 3, trials=TRIALS, seed=2)
    assert abs(mc["a1"] - 0.5) < 4 * mc.stderr["a1"]
    swapped = exact_branch_probabilities(TEXTBOOK_TREE[::-1], 5)
    straight = exact_branch_probabilities(TEXTBOOK_TREE, 5)
    assert swapped["a1"] == pytest.approx(straight["a2"], abs=1e-9)
    # Leaves within a MIN node in any order: the same numbers, exactly (same seed, same columns' law).
    shuffled = [[1000, 1000, 99, 1000], [102, 100, 100, 101]]
    assert exact_branch_probabilities(shuffled, 5)["a1"] == pytest.approx(straight["a1"], abs=1e-9)


def test_shifting_and_scaling_the_leaves_with_sigma_changes_nothing():
    base = branch_probabilities(TEXTBOOK_TREE, 5, trials=20_000, seed=7)
    shifted = branch_probabilities([[v - 100 for v in m] for m in TEXTBOOK_TREE], 5, trials=20_000,
                                   seed=7)
    scaled = branch_probabilities([[2 * v for v in m] for m in TEXTBOOK_TREE], 10, trials=20_000,
                                  seed=7)
    assert shifted.probability == pytest.approx(base.probability, abs=1e-12)
    assert scaled.probability == pytest.approx(base.probability, abs=1e-12)


def test_one_ply_trees_are_exact_too():
    # MAX over two leaves: P(x1 + e1 > x2 + e2) = Φ((x1 − x2)/(σ√2)).
    e = exact_branch_probabilities([3, 1], 2)
    assert e["a1"] == pytest.approx(norm.cdf(2 / (2 * math.sqrt(2))), abs=1e-9)
    mc = branch_probabilities([3, 1], 2, trials=TRIALS, seed=4)
    assert within(mc, e, "a1")


def test_more_noise_first_favours_the_left_then_evens_out():
    p = [exact_branch_probabilities(TEXTBOOK_TREE, s)["a1"] for s in (0.5, 2, 5, 20, 100, 1e6)]
    assert p[0] < 0.5 < p[1] < p[2] < p[3] < p[4]
    # 1 << σ << 900: one noisy leaf (99) against the smallest of four (about 100): the left is truly
    # better unless its leaf is the smallest of five nearly exchangeable values, 4 times out of 5.
    assert p[4] == pytest.approx(0.8, abs=0.01)
    assert abs(p[5] - 0.5) < 0.01   # σ huge: the estimates no longer matter, 4 leaves against 4


@given(nested_specs(max_leaves=12).filter(lambda s: isinstance(s, list)), st.integers(0, 10 ** 6))
def test_probabilities_add_up_to_one_on_any_tree(spec, seed):
    r = branch_probabilities(spec, 1.5, trials=200, seed=seed)
    assert sum(r.probability.values()) == pytest.approx(1.0)
    assert all(0 <= p <= 1 for p in r.probability.values())


# -- the vectorized minimax -----------------------------------------------------------------------------

@given(nested_specs(max_leaves=20).filter(lambda s: isinstance(s, list)), st.integers(0, 10 ** 6))
def test_vectorized_minimax_agrees_with_gamelib_minimax(spec, seed):
    tree = GameTree.from_nested(spec)
    rng = np.random.default_rng(seed)
    rows = np.vstack([[tree.leaf_values[s] for s in tree.leaves],
                      rng.normal(0, 3, size=(3, len(tree.leaves)))])
    got = root_move_values(spec, rows)
    for row, values in zip(rows, got):
        other = GameTree(tree.children, tree.players, dict(zip(tree.leaves, row.tolist())), {})
        expected = [minimax(other, child).value for _, child in tree.children["A"]]
        assert values.tolist() == pytest.approx(expected)


def test_root_move_values_checks_its_array():
    with pytest.raises(ValueError, match=r"\(trials × 8\)"):
        root_move_values(TEXTBOOK_TREE, [[1, 2, 3]])


def test_deeper_trees_monte_carlo_only():
    spec = [[[1, 5], [2, 9]], [[3, 4], [0, 8]]]
    r = branch_probabilities(spec, 2, trials=20_000, seed=0)
    assert sum(r.probability.values()) == pytest.approx(1)
    with pytest.raises(ValueError, match="two-ply"):
        exact_branch_probabilities(spec, 2)


# -- correlated errors -----------------------------------------------------------------------------------

def test_fully_shared_sibling_errors_have_a_closed_form():
    # ρ = 1, shared by siblings: each MIN node's leaves move together, so the left is better when
    # 99 + σ Z_L > 100 + σ Z_R: probability Φ(−1/(σ√2)).
    for s in (2, 5):
        closed = norm.cdf(-1 / (s * math.sqrt(2)))
        e = exact_branch_probabilities(TEXTBOOK_TREE, s, correlation=1.0)
        mc = branch_probabilities(TEXTBOOK_TREE, s, trials=TRIALS, seed=5, correlation=1.0)
        assert e["a1"] == pytest.approx(closed, abs=1e-9)
        assert within(mc, e, "a1")


def test_an_error_shared_by_every_leaf_is_independent_noise_with_a_smaller_sigma():
    for rho in (0.3, 0.8):
        e = exact_branch_probabilities(TEXTBOOK_TREE, 5, correlation=rho, shared="all")
        reduced = exact_branch_probabilities(TEXTBOOK_TREE, 5 * math.sqrt(1 - rho))
        assert e["a1"] == pytest.approx(reduced["a1"], abs=1e-12)
        mc = branch_probabilities(TEXTBOOK_TREE, 5, trials=TRIALS, seed=6, correlation=rho,
                                  shared="all")
        assert within(mc, e, "a1")
    # ρ = 1 for every leaf: a common shift, so the minimax choice is always right.
    r = branch_probabilities(TEXTBOOK_TREE, 5, trials=1000, correlation=1.0, shared="all")
    assert r["a2"] == 1.0


def test_sibling_correlation_moves_the_answer_towards_the_closed_form():
    p = [branch_probabilities(TEXTBOOK_TREE, 5, trials=50_000, seed=8, correlation=rho)["a1"]
         for rho in (0.0, 0.5, 0.9, 1.0)]
    assert p[0] > p[1] > p[2] > p[3]


def test_errors_have_the_stated_correlation():
    x = sample_leaf_values(TEXTBOOK_TREE, 5, 100_000, seed=9, correlation=0.6)
    err = x - np.array([99, 1000, 1000, 1000, 100, 101, 102, 100])
    c = np.corrcoef(err.T)
    assert err.std(axis=0) == pytest.approx(np.full(8, 5.0), rel=0.02)
    assert c[0, 1] == pytest.approx(0.6, abs=0.02) and c[4, 7] == pytest.approx(0.6, abs=0.02)
    assert abs(c[0, 4]) < 0.02   # different parents: independent


def test_exact_refuses_what_it_cannot_integrate():
    with pytest.raises(ValueError, match="not implemented"):
        exact_branch_probabilities(TEXTBOOK_TREE, 5, correlation=0.5)
    with pytest.raises(ValueError, match="MIN node"):
        exact_branch_probabilities([[1, 2], 3], 5, correlation=1.0)


# -- bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("sigma", [-1, -0.1, math.nan, math.inf, "5", True, None])
def test_bad_sigma(sigma):
    with pytest.raises(ValueError, match="sigma"):
        branch_probabilities(TEXTBOOK_TREE, sigma, trials=10)
    with pytest.raises(ValueError, match="sigma"):
        exact_branch_probabilities(TEXTBOOK_TREE, sigma)


@pytest.mark.parametrize("trials", [0, -5, 2.5, True, "10"])
def test_bad_trials(trials):
    with pytest.raises(ValueError, match="trials"):
        branch_probabilities(TEXTBOOK_TREE, 5, trials=trials)


@pytest.mark.parametrize("kwargs, match", [({"correlation": 1.5}, "correlation"),
                                           ({"correlation": -0.1}, "correlation"),
                                           ({"correlation": 0.5, "shared": "cousins"}, "shared")])
def test_bad_correlation(kwargs, match):
    with pytest.raises(ValueError, match=match):
        branch_probabilities(TEXTBOOK_TREE, 5, trials=10, **kwargs)


@pytest.mark.parametrize("spec, where", [
    ([[99, 1000], [100, "x"]], r"spec\[1\]\[1\]: a leaf must be a number"),
    ([[99, 1000], []], r"spec\[1\]: an empty list"),
    ([[1, 2], [3, chance((0.5, 1), (0.5, 2))]], r"spec\[1\]\[1\]: the sigma study handles MAX/MIN"),
    (7, r"spec: the root is a leaf"),
])
def test_malformed_specs_raise_tree_spec_error_with_the_position(spec, where):
    for f in (lambda: branch_probabilities(spec, 5, trials=10), lambda: exact_branch_probabilities(spec, 5),
              lambda: root_move_values(spec, [[1]])):
        with pytest.raises(TreeSpecError, match=where):
            f()


# -- seeds --------------------------------------------------------------------------------------------------

def test_same_seed_same_numbers_other_seed_other_numbers():
    a = branch_probabilities(TEXTBOOK_TREE, 5, trials=10_000, seed=11)
    b = branch_probabilities(TEXTBOOK_TREE, 5, trials=10_000, seed=11)
    c = branch_probabilities(TEXTBOOK_TREE, 5, trials=10_000, seed=12)
    assert a == b and a.probability != c.probability
    assert np.array_equal(sample_leaf_values(TEXTBOOK_TREE, 5, 5, seed=1),
                          sample_leaf_values(TEXTBOOK_TREE, 5, 5, seed=1))


def test_chunks_follow_one_random_stream(monkeypatch):
    # Independent errors: chunks of any size read the same stream, so the result is the same.
    whole = branch_probabilities(TEXTBOOK_TREE, 5, trials=1001, seed=13)
    monkeypatch.setattr(sigma_module, "CHUNK_ELEMENTS", 8 * 100)   # 100 trials per chunk
    chunked = branch_probabilities(TEXTBOOK_TREE, 5, trials=1001, seed=13)
    assert chunked.probability == pytest.approx(whole.probability, abs=1e-12)
    assert chunked.stderr == pytest.approx(whole.stderr, abs=1e-12)


def test_str_and_interval():
    r = branch_probabilities(TEXTBOOK_TREE, 5, trials=10_000, seed=0)
    assert str(r).startswith("P(truly best) [σ = 5, 10,000 trials]: a1: 0.7")
    lo, hi = r.interval("a1")
    assert lo < r["a1"] < hi and hi - lo == pytest.approx(2 * 1.96 * r.stderr["a1"])
    assert "exact" in str(exact_branch_probabilities(TEXTBOOK_TREE, 5))
    assert math.isnan(branch_probabilities(TEXTBOOK_TREE, 5, trials=1).stderr["a1"])


# -- metareasoning ---------------------------------------------------------------------------------------

def test_expansion_value_the_1000_leaves_are_worthless_the_close_ones_are_not():
    gains = expansion_value(TEXTBOOK_TREE, 5, trials=20_000, seed=0)
    tree = GameTree.from_nested(TEXTBOOK_TREE)
    by_value = {s: tree.leaf_values[s] for s in tree.leaves}
    for leaf, (gain, se) in gains.items():
        if by_value[leaf] == 1000:
            assert gain == 0.0 and se == 0.0
        else:
            assert gain > 4 * se > 0
    assert max(gains, key=lambda s: gains[s][0]) == "D"   # the 99: the decision hinges on it


# -- depth matters (the Purdue slides) -------------------------------------------------------------------

def test_true_values_and_noisy_evaluation():
    tree = GameTree.random(2, 3, seed=1)
    values = true_values(tree)
    assert values["A"] == minimax(tree).value
    assert all(values[c] == minimax(tree, c).value for c in tree.states)
    exact = noisy_evaluation(tree, 0, seed=1)
    assert all(exact(s) == values[s] for s in tree.states)
    noisy = noisy_evaluation(tree, 3, seed=1)
    assert noisy("B") == noisy("B") == noisy_evaluation(tree, 3, seed=1)("B") != values["B"]
    shrinking = noisy_evaluation(tree, 3, seed=1, error="shrinking")
    assert all(shrinking(s) == values[s] for s in tree.leaves)        # exact at the end of the game
    z = (noisy("B") - values["B"]) / 3
    assert shrinking("B") - values["B"] == pytest.approx(3 * z * 2 / 3)   # B is 2 of 3 plies up
    with pytest.raises(ValueError, match="error"):
        noisy_evaluation(tree, 3, error="sometimes")


def test_depth_matters_shape_and_the_certain_cases():
    out = depth_matters(branching=2, height=4, sigmas=(0, 10), seeds=range(30))
    assert out["depths"] == [1, 2, 3, 4] and out["sigmas"] == [0.0, 10.0] and out["trees"] == 30
    assert out["correct"].shape == out["stderr"].shape == (2, 4)
    assert np.all(out["correct"][0] == 1.0)          # exact evaluation: always right
    assert np.all(out["correct"][:, -1] == 1.0)      # search to the end: always right
    assert 0.5 <= out["random_choice"] < 1
    again = depth_matters(branching=2, height=4, sigmas=(0, 10), seeds=range(30))
    assert np.array_equal(out["correct"], again["correct"])


def test_shrinking_errors_make_depth_pay():
    out = depth_matters(branching=3, height=5, sigmas=(10,), seeds=range(60), error="shrinking")
    assert out["correct"][0, 3] > out["correct"][0, 0]
    assert out["error"] == "shrinking"


def test_depth_matters_progress_bar_and_bad_input(capsys):
    out = depth_matters(branching=2, height=2, sigmas=(1,), seeds=range(2), progress=True)
    assert out["trees"] == 2
    with pytest.raises(ValueError, match="depths"):
        depth_matters(depths=[0, 1])
    with pytest.raises(ValueError, match="seed"):
        depth_matters(seeds=[])
    with pytest.raises(ValueError, match="error"):
        depth_matters(error="random")


def test_exact_agrees_with_monte_carlo_on_random_two_ply_trees():
    rng = np.random.default_rng(2024)
    for _ in range(8):
        spec = [[int(v) for v in rng.integers(0, 12, size=rng.integers(1, 4))]
                for _ in range(rng.integers(2, 4))]
        if rng.random() < 0.3:
            spec.append(int(rng.integers(0, 12)))      # a move straight to a leaf
        sigma = float(rng.uniform(0.5, 6))
        exact = exact_branch_probabilities(spec, sigma)
        mc = branch_probabilities(spec, sigma, trials=40_000, seed=int(rng.integers(1000)))
        assert sum(exact.probability.values()) == pytest.approx(1, abs=1e-9)
        assert all(within(mc, exact, a, k=5, floor=5 / mc.trials) for a in exact.actions), (spec, sigma)


def test_a_tree_whose_players_do_not_alternate_by_level_is_refused():
    mixed = GameTree.from_nested([[[1], 2], [[3], 4]])
    mixed.players["D"] = "MIN"       # D and F are the inner nodes at depth 2: now MIN and MAX
    with pytest.raises(TreeSpecError, match="alternate"):
        branch_probabilities(mixed, 1, trials=10)


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=10**11), TooLargeError,
         "trials", "max_samples", id="branch_probabilities trials=1e11"),
    case(lambda: xsigma.depth_matters(height=0), ArgumentError, "height", id="depth_matters(height=0)"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=10, seed=-1), ArgumentError, "seed", "-1",
         id="branch_probabilities seed=-1"),
    case(lambda: xsigma.sample_leaf_values(TEXTBOOK_TREE, 5, 10, seed=-1), ArgumentError, "seed",
         id="sample_leaf_values seed=-1"),
    case(lambda: xsigma.expansion_value(TEXTBOOK_TREE, 5, 10, seed=1.5), ArgumentError, "seed",
         id="expansion_value seed=1.5"),
    case(lambda: xsigma.depth_matters(seeds=[-1]), ArgumentError, "seeds", id="depth_matters seeds=[-1]"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, -1), ArgumentError, "sigma", id="sigma=-1"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, inf), ArgumentError, "sigma", id="sigma=inf"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, "5"), ArgumentError, "sigma", id="sigma='5'"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=0), ArgumentError, "trials", id="trials=0"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, trials=1.5), ArgumentError, "trials", id="trials=1.5"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, correlation=2), ArgumentError, "correlation",
         id="correlation=2"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, shared=["all"]), ArgumentError, "shared",
         id="shared=['all']"),
    case(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, 5, progress="yes"), ArgumentError, "progress",
         id="branch_probabilities progress='yes'"),
    case(lambda: xsigma.branch_probabilities([[1, inf], [2, 3]], 5), TreeSpecError, "finite",
         id="branch_probabilities infinite leaf"),
    case(lambda: xsigma.branch_probabilities([1, [chance((1.0, 2))]], 5), TreeSpecError, "chance",
         id="branch_probabilities chance node"),
    case(lambda: xsigma.branch_probabilities(7, 5), TreeSpecError, "root is a leaf",
         id="branch_probabilities leaf root"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e-300), GameError, "floating-point",
         id="exact_branch_probabilities sigma=1e-300"),
    case(lambda: xsigma.exact_branch_probabilities([[[1, 2]], [3]], 5), ArgumentError, "two-ply",
         id="exact_branch_probabilities deep tree"),
    case(lambda: xsigma.sample_leaf_values(TEXTBOOK_TREE, 5, 10**9), TooLargeError, "max_samples",
         id="sample_leaf_values 1e9 trials"),
    case(lambda: xsigma.expansion_value(TEXTBOOK_TREE, 5, 10**9), TooLargeError, "max_samples",
         id="expansion_value 1e9 trials"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 5, "x"), ArgumentError, "v", id="value_density v='x'"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 5, [nan]), ArgumentError, "NaN", id="value_density v=nan"),
    case(lambda: xsigma.value_density(TEXTBOOK_TREE, 0, [1]), ArgumentError, "no density", id="value_density sigma=0"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [[1, 2]]), ArgumentError, "trials",
         id="root_move_values shape"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [[nan] * 8]), ArgumentError, "NaN", id="root_move_values NaN"),
    case(lambda: xsigma.root_move_values(TEXTBOOK_TREE, [["x"] * 8]), ArgumentError, "numbers",
         id="root_move_values str"),
    case(lambda: xsigma.noisy_evaluation(5, 1), ArgumentError, "tree", id="noisy_evaluation(5)"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, error="x"), ArgumentError, "error", id="noisy_evaluation error='x'"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, values={}), ArgumentError, "values",
         id="noisy_evaluation values={}"),
    case(lambda: xsigma.noisy_evaluation(FIG52, 1, seed=-2), ArgumentError, "seed", id="noisy_evaluation seed=-2"),
    case(lambda: xsigma.true_values([1, 2]), ArgumentError, "GameTree", id="true_values(list)"),
    case(lambda: xsigma.depth_matters(branching=0), ArgumentError, "branching", id="depth_matters branching=0"),
    case(lambda: xsigma.depth_matters(sigmas=5), ArgumentError, "sigmas", id="depth_matters sigmas=5"),
    case(lambda: xsigma.depth_matters(seeds="abc"), ArgumentError, "seeds", id="depth_matters seeds='abc'"),
    case(lambda: xsigma.depth_matters(depths=[0]), ArgumentError, "depths", id="depth_matters depths=[0]"),
    case(lambda: xsigma.depth_matters(noise_seed=-1), ArgumentError, "noise_seed", id="depth_matters noise_seed=-1"),
    case(lambda: xsigma.depth_matters(lower=10, upper=1), ArgumentError, "upper", id="depth_matters lower > upper"),
    case(lambda: xsigma.depth_matters(branching=10, height=10), TooLargeError, "max_nodes", id="depth_matters too big"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5)["a3"], ArgumentError, "'a3'",
         id="BranchProbabilities['a3']"),
    case(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5).interval("a1", z=-1), ArgumentError, "z",
         id="interval z=-1"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_huge_and_tiny_sigma_in_the_exact_computation():
    with np.errstate(all="raise"):
        r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e308)
    correct(r["a1"] == pytest.approx(0.5) and r["a2"] == pytest.approx(0.5))
    r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 1e200, correlation=0.5, shared="all")
    correct(r["a1"] == pytest.approx(0.5))
    r = xsigma.exact_branch_probabilities(TEXTBOOK_TREE, 5)        # the notes' 71 %, unchanged
    correct(round(r["a1"], 4) == 0.7139)


@fuzz
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-2, 30), weird),
       st.one_of(st.integers(-2, 3000), weird), st.one_of(st.integers(-2, 2**32), weird),
       st.one_of(st.floats(-0.5, 1.5), weird), st.one_of(st.sampled_from(["parent", "all", "x"]), weird))
def test_fuzzed_sigma_study_arguments(sigma, trials, seed, correlation, shared):
    ok, r = attempt(lambda: xsigma.branch_probabilities(TEXTBOOK_TREE, sigma, trials=trials, seed=seed,
                                                        correlation=correlation, shared=shared))
    if ok:
        p = list(r.probability.values())
        correct(all(0 <= x <= 1 for x in p) and abs(sum(p) - 1) < 1e-9 and r.trials == trials)
    ok, r = attempt(lambda: xsigma.exact_branch_probabilities(TEXTBOOK_TREE, sigma, correlation=correlation,
                                                              shared=shared))
    if ok:
        p = list(r.probability.values())
        correct(all(-1e-9 <= x <= 1 + 1e-9 for x in p) and abs(sum(p) - 1) < 1e-6)
