"""gamelib.grading.cases: the textbook's trees hold the values their docstrings give; the random trees,
positions, evaluations, policies and games a hidden case is made of are what their docstrings promise and
the same from the same seed, in every process; each kind of exercise has its reference search, and an
unknown kind is refused naming the kinds."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import GameTree, MAX, alphabeta, expectiminimax, minimax
from gamelib.core import CHANCE
from gamelib.games import KuhnPoker, TicTacToe
from gamelib.grading import cases as C
from gamelib.trees import ChanceSpec

seeds = st.integers(0, 2 ** 32 - 1)


# --- the textbook's trees -----------------------------------------------------------------------------
def test_the_textbooks_trees_have_the_values_their_docstrings_give():
    slides = minimax(GameTree.from_nested(C.SLIDES_004), trace=True)
    assert slides.value == 4 and slides.action == "a1"
    example, mirror = GameTree.from_nested(C.EXAMPLE_3), GameTree.from_nested(C.MIRROR_3)
    assert alphabeta(example).nodes == minimax(example).nodes == 15        # best moves last: nothing pruned
    assert alphabeta(mirror).nodes < minimax(mirror).nodes                 # best moves first: pruned
    trap = GameTree.from_nested(C.TRAP)
    assert alphabeta(trap).value == minimax(trap).value == 3 and minimax(trap, "C").value == 1
    fig = expectiminimax(GameTree.from_nested(C.FIG_5_12))
    assert fig.value == pytest.approx(2.1) and fig.action == "a1"
    assert expectiminimax(GameTree.from_nested(C.FIG_5_12_RELABELLED)).action == "a2"


# --- random trees, positions, evaluations and policies ---------------------------------------------------
def _depth(spec) -> int:
    if isinstance(spec, ChanceSpec):
        return 1 + max(_depth(s) for _, s in spec.branches)
    return 1 + max(map(_depth, spec)) if isinstance(spec, list) else 0


def _leaves(spec) -> list:
    if isinstance(spec, ChanceSpec):
        return [v for _, s in spec.branches for v in _leaves(s)]
    return [v for s in spec for v in _leaves(s)] if isinstance(spec, list) else [spec]


@given(seeds, st.integers(1, 4), st.integers(-3, 3), st.integers(0, 5))
def test_a_random_tree_has_the_shape_and_leaves_asked_for_and_the_same_from_its_seed(seed, depth, lower, width):
    upper = lower + width
    spec = C.random_spec(random.Random(seed), depth, (1, 3), lower, upper)
    assert spec == C.random_spec(random.Random(seed), depth, (1, 3), lower, upper)
    assert isinstance(spec, list) and 2 <= len(spec) <= 3                 # the root has a choice
    assert 1 <= _depth(spec) <= depth
    assert all(isinstance(v, int) and lower <= v <= upper for v in _leaves(spec))
    GameTree.from_nested(spec)                                             # a tree gamelib accepts


@given(seeds)
def test_chance_nodes_have_probabilities_summing_to_exactly_one(seed):
    rng = random.Random(seed)
    spec = C.random_spec(rng, 3, (1, 3), chance_nodes=0.6, chance_root=False)
    assert not isinstance(spec, ChanceSpec)
    node = C.random_chance(rng, [1, 2, 3, 4])
    assert sum(p for p, _ in node.branches) == 1 and all(p > 0 for p, _ in node.branches)
    expectiminimax(GameTree.from_nested(spec))


@given(seeds)
def test_made_up_estimates_cover_every_node_and_differ_from_the_leaves_utilities(seed):
    tree = GameTree.from_nested(C.random_spec(random.Random(seed), 3))
    est = C.random_estimates(random.Random(seed), tree, -2, 2)
    assert set(est) == set(tree.states) and all(-2 <= v <= 2 for v in est.values())
    assert all(est[s] != tree.utility(s, MAX) for s in tree.states if tree.is_terminal(s))


@given(seeds, st.integers(3, 8))
def test_a_random_tictactoe_position_is_live_with_the_empties_asked_for(seed, empties):
    game, state = C.random_tictactoe(random.Random(seed), empties)
    assert isinstance(game, TicTacToe) and not game.is_terminal(state)
    assert len(game.actions(state)) == empties


def test_stable_random_is_the_same_in_every_process():
    """Pinned: crc32 of the key's repr, never Python's salted hash of a string."""
    assert C.stable_random("plain", 7).randrange(10 ** 6) == C.stable_random("plain", 7).randrange(10 ** 6) == 919342
    assert C.stable_random("plain", 8).random() != C.stable_random("plain", 7).random()


def test_a_random_policy_is_a_fixed_distribution_per_state():
    game = GameTree.from_nested([[1, 2, 3], [4, 5]])
    policy, uniform = C.RandomPolicy(game, seed=3), C.RandomPolicy(game, uniform=True)
    for s in ("A", "B", "C"):
        dist = policy(s)
        assert set(dist) == set(game.actions(s)) and math.isclose(sum(dist.values()), 1)
        assert dist == C.RandomPolicy(game, seed=3)(s)                    # the same state, the same weights
        assert uniform(s) == {a: 1 / len(game.actions(s)) for a in game.actions(s)}
    assert repr(policy) == "RandomPolicy(seed=3)" and repr(uniform) == "uniform policy"


# --- the references -------------------------------------------------------------------------------------
def test_rounds_cut_off_after_every_agent_moved_rounds_times():
    cut = C.rounds_cutoff(2, 3)
    assert [cut(None, plies) for plies in range(8)] == [False] * 6 + [True] * 2


def test_each_kind_has_its_traced_reference_search():
    fig = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    case = C.Case("Fig. 5.2", fig, depth=1, evaluate=lambda s: {"B": 3, "C": 7, "D": 1}.get(s, 0))
    got = {kind: C.reference(kind, case) for kind in ("minimax", "alphabeta", "h_alphabeta")}
    assert (got["minimax"].value, got["alphabeta"].value, got["h_alphabeta"].value) == (3, 3, 7)
    assert got["alphabeta"].nodes < got["minimax"].nodes and got["minimax"].trace
    assert C.reference("minimax", case, state="C").value == 2            # a field of the case changed
    assert C.reference("rounds", case._replace(agents=1)).value == 7
    chance = C.Case("Fig. 5.12", GameTree.from_nested(C.FIG_5_12))
    assert C.reference("expectiminimax", chance).value == pytest.approx(2.1)
    policy = C.Case("uniform", fig, policy=C.RandomPolicy(fig, uniform=True))
    assert C.reference("expectimax", policy).value == pytest.approx(max(23 / 3, 4, 7))
    with pytest.raises(ValueError, match="unknown kind of exercise 'negamax'; kinds: minimax, rounds"):
        C.reference("negamax", case)


# --- partial observability ----------------------------------------------------------------------------
@given(seeds)
def test_a_random_game_record_is_a_whole_game_move_by_move(seed):
    game = KuhnPoker()
    states, actions = C.random_game_record(random.Random(seed), game)
    assert states[0] == game.initial_state and game.is_terminal(states[-1])
    assert len(states) == len(actions) + 1
    assert all(game.result(s, a) == t for s, a, t in zip(states, actions, states[1:]))


@given(seeds)
def test_a_random_deal_case_is_a_decision_after_a_deal_of_the_deck(seed):
    rng = random.Random(seed)
    game = C.random_poker(rng)
    assert len(set(game.deck)) >= 2 and 3 <= len(game.deck) <= 5
    case = C.random_deal_case(rng, game)
    assert case.hidden and case.deal in dict(game.chance_outcomes(game.initial_state))
    assert not game.is_terminal(case.state) and game.to_move(case.state) != CHANCE


def test_the_clairvoyant_table_is_computed_once_per_game():
    game = KuhnPoker()
    assert C.clairvoyant_table(game) is C.clairvoyant_table(game)
    case = C.DealCase("Q against K", game, "QK", ("pass", "bet"))
    averages = C.reference_imperfect("averages", case)
    assert set(averages) == {"pass", "bet"}
    assert C.reference_imperfect("decision", case) == max(averages, key=averages.get)


def test_an_unknown_kind_of_partial_observability_exercise_is_refused():
    with pytest.raises(ValueError, match="unknown kind of exercise 'guess'; kinds: predict, update, track"):
        C.reference_imperfect("guess", C.DealCase("x", KuhnPoker(), "QK"))
