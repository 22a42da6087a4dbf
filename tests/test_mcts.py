"""Monte Carlo tree search (gamelib.mcts; issue 14): a one-move win is found, decisions converge to
minimax's as the budget grows (hypothesis, on random trees), seeded runs repeat, the trace replays the
tree exactly, chance nodes are sampled, and bad input gets a clear GameError."""
from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib import (MAX, MIN, ArgumentError, GameTree, IllegalMoveError, ProbabilityError, StateError, TooLargeError,
                     chance, expectiminimax, minimax)
from gamelib.games import Bins, Connect4, Pig, TicTacToe
from gamelib.mcts import C, Stats, mcts, root_puct, root_ucb, tree_statistics
from .bad_input import NoMoves


def test_exported_from_gamelib():
    assert gamelib.mcts is mcts


@pytest.mark.parametrize("board, win", [("XX.OO....", (0, 2)), ("XO.XO....", (2, 0)), ("X.OX.O.X.", (2, 2))])
def test_finds_a_one_move_win(board, win):
    game = TicTacToe(board)
    r = mcts(game, iterations=300, seed=1)
    assert r.action == win
    assert r.values[win] == game.utility(game.result(game.initial_state, win), MAX)


def test_finds_a_one_move_win_for_min_on_connect_four():
    game = Connect4()
    state = game.from_moves([0, 1, 0, 1, 6, 1])          # O (MIN) has three in column 1 ... X to move blocks
    r = mcts(game, state, iterations=2000, seed=0)
    assert r.action == 1                                   # the only move that does not lose at once
    state = game.from_moves([0, 1, 0, 1, 6, 1, 5])         # X did not block: O wins in column 1
    r = mcts(game, state, iterations=500, seed=0)
    assert r.action == 1 and r.value == -1


def test_blocks_and_wins_in_tic_tac_toe_for_both_players():
    game = TicTacToe("XX.O.....")                          # O to move must block at (0, 2)
    assert mcts(game, iterations=3000, seed=3).action == (0, 2)


def _optimal(tree, action):
    return minimax(tree, tree.result(tree.initial_state, action)).value == minimax(tree).value


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), branching=st.integers(2, 3), depth=st.integers(1, 3))
def test_converges_to_a_minimax_move_on_random_trees(seed, branching, depth):
    """With utilities -1, 0, +1 a wrong move is worse by at least 1, so a few thousand playouts on a
    tree of at most 40 nodes settle on a minimax-optimal move (one of them if several tie)."""
    tree = GameTree.random(branching, depth, seed=seed, lower=-1, upper=1)
    r = mcts(tree, iterations=3000, seed=seed)
    assert _optimal(tree, r.action)
    assert r.nodes <= len(tree.states)                   # never more nodes than the tree has


def test_agreement_with_minimax_grows_with_the_budget():
    trees = [GameTree.random(3, 3, seed=s, lower=-1, upper=1) for s in range(60)]
    rates = []
    for budget in (10, 100, 2000):
        rates.append(sum(_optimal(t, mcts(t, iterations=budget, seed=i).action)
                         for i, t in enumerate(trees)) / len(trees))
    assert rates[0] < rates[-1] and rates[-1] == 1.0, rates


def test_the_same_seed_gives_the_same_search_and_a_prefix_of_a_longer_one():
    game = Connect4()
    a = mcts(game, iterations=300, seed=7, trace=True)
    b = mcts(game, iterations=300, seed=7, trace=True)
    assert (a.action, a.value, a.nodes, a.visits) == (b.action, b.value, b.nodes, b.visits)
    assert list(a.trace) == list(b.trace)
    longer = mcts(game, iterations=500, seed=7, trace=True)
    assert list(longer.trace)[:300] == list(a.trace)
    assert mcts(game, iterations=300, seed=8).visits != a.visits


def test_one_simulate_event_per_iteration_and_the_replay_is_the_tree():
    game = TicTacToe()
    r = mcts(game, iterations=400, seed=2, trace=True)
    assert len(r.trace) == r.iterations == 400
    assert {e.kind for e in r.trace} == {"simulate"}
    stats = tree_statistics(r.trace)
    assert stats[()] == Stats(400, r.root.reward)          # the root keeps MAX's sum
    assert {p[0]: s.visits for p, s in stats.items() if len(p) == 1} == r.visits
    for move, s in stats.items():
        if len(move) == 1:
            assert math.isclose(s.mean, r.values[move[0]])
    assert len(stats) == r.nodes                            # no chance nodes: every node was played through
    e = r.trace[0]
    assert e.depth == len(e.action) == 1 and e.state == game.result(game.initial_state, e.action[0])
    half = tree_statistics(r.trace, 200)
    assert half[()].visits == 200


def test_root_ucb_is_ucb1_for_the_player_to_move():
    game = TicTacToe("X........")                          # O (MIN) to move
    r = mcts(game, iterations=300, seed=0, trace=True)
    ucb = root_ucb(tree_statistics(r.trace), MIN)
    for move, (u, mean, n) in ucb.items():
        assert n == r.visits[move]
        assert math.isclose(mean, -r.values[move])
        assert math.isclose(u, mean + C * math.sqrt(math.log(300) / n))
    with pytest.raises(ArgumentError, match="MAX or MIN"):
        root_ucb({}, "CHANCE")


def test_root_puct_is_the_score_select_puct_compares_next():
    """After k simulations of a PUCT search, the root's move with the largest root_puct score is the one
    the (k+1)-th simulation goes through; every move with a prior is listed, untried ones with N = 0."""
    game = TicTacToe("X........")                          # O (MIN) to move

    def lopsided(s):
        moves = game.actions(s)
        weights = [i + 1 for i in range(len(moves))]
        return {a: w / sum(weights) for a, w in zip(moves, weights)}, 0.1 * (len(moves) % 3 - 1)
    r = mcts(game, iterations=60, policy_value=lopsided, trace=True)
    priors = r.root.priors
    for k in range(1, 59):
        rows = root_puct(tree_statistics(r.trace, k), MIN, priors)
        assert list(rows) == list(priors)
        nxt = max(rows, key=lambda a: rows[a][0])              # the first of equals, as select_puct
        assert r.trace[k].action[0] == nxt
    rows = root_puct(tree_statistics(r.trace), MIN, priors)
    for move, (score, q, n, p) in rows.items():
        assert n == r.visits.get(move, 0) and p == priors[move]
        assert math.isclose(q, -r.values[move]) if n else q == 0.0
        assert math.isclose(score, q + C * p * math.sqrt(60) / (1 + n))
    with pytest.raises(ArgumentError, match="priors"):
        root_puct(tree_statistics(r.trace), MIN, [0.5, 0.5])


def test_chance_nodes_are_sampled_and_the_decision_matches_expectiminimax():
    game = Bins(coin=True)
    r = mcts(game, iterations=3000, seed=0)
    assert r.action == expectiminimax(game).action
    tree = GameTree.from_nested([chance((0.9, 10), (0.1, -100)), chance((0.5, 4), (0.5, 2))])
    r = mcts(tree, iterations=2000, seed=1, c=30)
    assert r.action == expectiminimax(tree).action       # 3 > -1: the safe bet
    assert r.nodes == 1 + 2 + 4                            # each chance node got both outcomes at once


def test_a_chance_root_has_no_action_and_a_terminal_root_returns_its_utility():
    tree = GameTree.from_nested(chance((0.5, [1, 2]), (0.5, [3, 4])))
    r = mcts(tree, iterations=200, seed=0)
    assert r.action is None and r.ties == [] and sum(r.visits.values()) == 200
    game = TicTacToe("XXXOO....")
    r = mcts(game, iterations=5)
    assert (r.value, r.action, r.nodes) == (1, None, 1)


def test_a_time_budget_and_a_playout_policy():
    r = mcts(TicTacToe(), time_limit=0.05)
    assert r.iterations >= 1 and r.action in r.visits
    both = mcts(TicTacToe(), iterations=50, time_limit=60)
    assert both.iterations == 50
    game = TicTacToe("XX.OO....")

    def lazy(state):                                       # always the first legal move
        return {game.actions(state)[0]: 1.0}
    assert mcts(game, iterations=200, playout=lazy).action == (0, 2)


def test_ties_are_listed_and_broken_by_value_then_the_game_order():
    tree = GameTree.from_nested([1, 1])                    # two equal moves, one playout each
    r = mcts(tree, iterations=2, seed=0)
    assert r.ties == ["a1", "a2"] and r.action == "a1"
    r = mcts(GameTree.from_nested([0, 1]), iterations=2, seed=0)
    assert r.ties == ["a1", "a2"] and r.action == "a2"        # equal visits, better value


@pytest.mark.parametrize("kwargs, message", [
    ({}, "needs a budget"),
    ({"iterations": 0}, "iterations must be a whole number of playouts >= 1"),
    ({"iterations": -5}, "iterations"),
    ({"iterations": 2.5}, "iterations"),
    ({"iterations": True}, "iterations"),
    ({"time_limit": 0}, "time_limit must be a number of seconds > 0"),
    ({"time_limit": -1.0}, "time_limit"),
    ({"time_limit": float("nan")}, "time_limit"),
    ({"iterations": 10, "c": -1}, "c must be an exploration constant"),
    ({"iterations": 10, "c": float("inf")}, "c must be"),
    ({"iterations": 10, "c": float("nan")}, "c must be"),
    ({"iterations": 10, "seed": [1]}, "seed"),
    ({"iterations": 10, "trace": "yes"}, "trace must be True or False"),
    ({"iterations": 10, "playout": 3}, "playout must be a policy"),
    ({"iterations": 10, "max_moves": 0}, "max_moves"),
])
def test_bad_arguments_are_refused_clearly(kwargs, message):
    with pytest.raises(ArgumentError, match=message):
        mcts(TicTacToe(), **kwargs)


def test_a_game_without_the_protocol_and_a_foreign_state_are_refused():
    with pytest.raises(ArgumentError, match="game must be a game"):
        mcts(object(), iterations=10)
    with pytest.raises(ArgumentError, match="not the class"):
        mcts(TicTacToe, iterations=10)
    with pytest.raises(StateError):
        mcts(TicTacToe(), "XX.", iterations=10)


@pytest.mark.parametrize("policy, error", [(lambda s: [(0, 0)], ProbabilityError),
                                           (lambda s: {(0, 0): 0.5}, ProbabilityError),
                                           (lambda s: {(9, 9): 1.0}, IllegalMoveError)])
def test_a_bad_playout_policy_is_named(policy, error):
    with pytest.raises(error):
        mcts(TicTacToe(), iterations=5, playout=policy)


def test_an_endless_playout_is_stopped_by_max_moves():
    game = Pig(target=20)
    with pytest.raises(TooLargeError, match="max_moves"):
        mcts(game, iterations=5, max_moves=3)
    assert mcts(game, iterations=30).action in game.actions(game.initial_state)


def test_tree_statistics_refuses_other_traces():
    trace = gamelib.alphabeta(GameTree.from_nested([1, 2]), trace=True).trace
    with pytest.raises(ArgumentError, match="gamelib.mcts"):
        tree_statistics(trace)


# -- bad input (issue 21): the game must suit MCTS, and what it returns is checked ---------------------

class _Valued(TicTacToe):
    """Tic-tac-toe whose utility is ``value`` at every end (a user's game gone wrong)."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def utility(self, state, player):
        return self.value


class _Mutating(gamelib.Game):
    """result changes the state it is given: MCTS used to return 2.0 here, where the value is 3."""

    class S:
        def __init__(self):
            self.moves = []

        def __repr__(self):
            return f"S({self.moves})"

    def __init__(self):
        self.initial_state = _Mutating.S()

    def to_move(self, s):
        return MAX if len(s.moves) % 2 == 0 else MIN

    def actions(self, s):
        return () if len(s.moves) >= 2 else ("a", "b")

    def result(self, s, a):
        s.moves.append(a)
        return s

    def is_terminal(self, s):
        return len(s.moves) >= 2

    def utility(self, s, p):
        v = {"aa": 3, "ab": 5, "ba": 2, "bb": 9}["".join(s.moves[:2])]
        return v if p == MAX else -v


@pytest.mark.parametrize("value, named", [(math.nan, "returned nan: NaN"), (None, "returned None: a NoneType"),
                                          ("x", "returned 'x': a str"), (math.inf, "returned inf: infinite"),
                                          ((1, 2), r"returned \(1, 2\): a tuple")])
def test_a_utility_that_is_not_a_finite_number_is_named(value, named):
    # NaN used to give a value of 2.04.
    with pytest.raises(gamelib.EvaluationError, match=f"utility.*{named}"):
        mcts(_Valued(value), iterations=20)


def test_games_mcts_does_not_fit_are_refused_at_the_entry():
    from gamelib.games import Raid
    with pytest.raises(ArgumentError, match=r"mcts is for two-player zero-sum games .* 'A', 'B', 'C'"):
        mcts(Raid(), iterations=10)                       # used to be a ValueError from inside the game
    with pytest.raises(ArgumentError, match="mcts is for zero-sum games .* MAX's utility is .* and MIN's"):
        mcts(Bins(cooperative=True), iterations=20)
    with pytest.raises(StateError, match=r"result\(S\(\[.*\]\), 'a'\) changed the state it was given"):
        mcts(_Mutating(), iterations=200)
    with pytest.raises(StateError, match="'start' is not terminal but has no actions"):
        mcts(NoMoves(), iterations=10)                   # used to be an IndexError


def test_chance_outcomes_are_checked_the_first_time_they_are_seen():
    class Unfair(GameTree):
        def chance_outcomes(self, state):
            return [("b1", 0.5), ("b2", 0.6)] if state == "B" else super().chance_outcomes(state)
    t = GameTree.from_nested([chance((0.5, [3, 1]), (0.5, [2, 6])), [4, 0]])
    with pytest.raises(ProbabilityError, match="chance outcomes of 'B'.* sum to 1.1"):
        mcts(Unfair(t.children, t.players, t.leaf_values, t.probabilities), iterations=20)


@pytest.mark.parametrize("seed", [math.nan, 1.5, [1], math.inf, True])
def test_a_seed_is_a_whole_number_or_a_string(seed):
    # random.Random(nan) hashes NaN, which is not the same from one run to the next.
    named = "seed must be None, a whole number or a string .* got " + re.escape(repr(seed))
    with pytest.raises(ArgumentError, match=named):
        mcts(TicTacToe(), iterations=5, seed=seed)


def test_trace_readers_check_what_they_are_given():
    trace = mcts(TicTacToe("XX.O....."), iterations=30, trace=True).trace
    with pytest.raises(ArgumentError, match="trace must be the trace of gamelib.mcts .* got None"):
        tree_statistics(None)
    with pytest.raises(ArgumentError, match="stats must be what gamelib.mcts.tree_statistics returns"):
        root_ucb(5, MAX)
    with pytest.raises(ArgumentError, match="c must be an exploration constant.* got -1"):
        root_ucb(tree_statistics(trace), MIN, c=-1)


@pytest.mark.parametrize("c", [0.0, C])
def test_select_takes_the_first_of_equal_ucb1_children_in_expansion_order(c):
    """The documented tie-break of SELECT (issue #34: a `>` -> `>=` mutation survived these tests): three
    children of equal statistics, expanded in the order c, a, b, and SELECT takes c, the first expanded,
    whatever the order of the actions' names."""
    import random

    from gamelib.mcts import Node, select
    root = Node("root", None, None, None, MAX, [])
    root.visits = 30
    for action in ("c", "a", "b"):
        child = Node(action, root, action, MAX, MIN, ["x"])
        child.visits, child.reward = 10, 4.0
        root.children[action] = child
    assert select(root, c, random.Random(0)).action == "c"
    root.children["a"].reward = 4.5                           # a clearly better child wins
    assert select(root, c, random.Random(0)).action == "a"


# ---------------------------------------------------------------------------------------------------
# PUCT: the same search with a policy-value function's priors and values (Silver et al. 2017, 2018).
# ---------------------------------------------------------------------------------------------------

THREE = GameTree.from_nested([[1, -1], [0, 0], [-1, 1]])      # A: a1 -> B (b1 b2), a2 -> C, a3 -> D


def _fixed(root_priors=None):
    """A policy-value function on THREE: value 0 everywhere, uniform priors but ``root_priors`` at A."""
    def f(state):
        moves = THREE.actions(state)
        if state == THREE.initial_state and root_priors is not None:
            return dict(zip(moves, root_priors)), 0.0
        return {m: 1 / len(moves) for m in moves}, 0.0
    return f


def _paths(result):
    return [e.action for e in result.trace]


def test_puct_with_a_uniform_prior_and_zero_value_follows_the_formula_by_hand():
    """c = 1.  It. 1 evaluates A.  It. 2-4: N(A) = 1, 2, 3, and an untried move scores P·√N(A) = √N/3,
    a tried one (Q = 0, N = 1) √N/6: a1, a2, a3 in turn.  It. 5: N(A) = 4, all 2/6: a1 (the first);
    at B (N = 1) both leaves score 1/2: b1, utility +1.  It. 6: N(A) = 5: a1 scores Q = +1/2 plus
    √5/9 = 0.75 > a2's √5/6 = 0.37; at B (MIN to move, N = 2) b1 scores -1 + √2/4 = -0.65, b2 √2/2 =
    0.71: b2, utility -1.  It. 7: N(A) = 6: a1 Q = 0 + √6/12 = 0.20 < a2's √6/6 = 0.41: a2, then c1."""
    r = mcts(THREE, iterations=7, c=1, policy_value=_fixed(), trace=True)
    assert _paths(r) == [(), ("a1",), ("a2",), ("a3",), ("a1", "b1"), ("a1", "b2"), ("a2", "c1")]
    assert [e.value for e in r.trace] == [0, 0, 0, 0, 1, -1, 0]
    assert r.visits == {"a1": 3, "a2": 2, "a3": 1} and r.action == "a1" and r.nodes == 7
    assert r.root.priors == {"a1": 1 / 3, "a2": 1 / 3, "a3": 1 / 3}
    stats = tree_statistics(r.trace)                      # the trace replays the tree, root included
    assert stats[()] == Stats(7, 0.0) and stats[("a1",)] == Stats(3, 0.0) and stats[("a1", "b2")] == Stats(1, -1)


def test_puct_follows_the_prior_by_hand():
    """P(A) = (0.2, 0.5, 0.3), values 0, c = 1.  It. 2: the largest prior, a2.  It. 3 (√2): a1 0.28,
    a2 0.5·√2/2 = 0.35, a3 0.42: a3.  It. 4 (√3): a1 0.35, a2 0.43, a3 0.26: a2 again, so into C: c1."""
    r = mcts(THREE, iterations=4, c=1, policy_value=_fixed((0.2, 0.5, 0.3)), trace=True)
    assert _paths(r) == [(), ("a2",), ("a3",), ("a2", "c1")]
    assert mcts(THREE, iterations=1, policy_value=_fixed((0.2, 0.5, 0.3))).action == "a2"   # the root's prior


def test_puct_backs_up_the_value_for_the_player_to_move_and_negates_it_for_min():
    """The policy-value function's value is for the player to move: 0.5 at B (MIN to move) is -0.5 for
    MAX in the trace and in B's reward (kept for MAX, who moved into B)."""
    def f(state):
        moves = THREE.actions(state)
        return {m: 1 / len(moves) for m in moves}, 0.5
    r = mcts(THREE, iterations=2, policy_value=f, trace=True)
    assert [e.value for e in r.trace] == [0.5, -0.5]
    assert r.root.children["a1"].reward == -0.5 and r.values == {"a1": -0.5}


@pytest.fixture(scope="module")
def oracle():
    """Perfect play's policy-value function for tic-tac-toe: the minimax-optimal moves, uniformly, and
    the minimax value for the player to move."""
    from functools import cache

    game = TicTacToe()

    @cache
    def value(state):                                     # minimax value for MAX, exact
        if game.is_terminal(state):
            return game.utility(state, MAX)
        best = max if game.to_move(state) == MAX else min
        return best(value(game.result(state, a)) for a in game.actions(state))

    def f(state):
        sign = 1 if game.to_move(state) == MAX else -1
        scores = {a: sign * value(game.result(state, a)) for a in game.actions(state)}
        best = [a for a, v in scores.items() if v == max(scores.values())]
        return {a: 1 / len(best) for a in best}, sign * value(state)
    return f, value


@pytest.mark.parametrize("board", ["XX.OO....", "X...O...X", "XO.......", "X.O.X.O..", "........."])
def test_puct_with_a_perfect_oracle_plays_perfectly_with_ten_simulations(oracle, board):
    f, value = oracle
    game = TicTacToe(board)
    state = game.initial_state
    r = mcts(game, iterations=10, policy_value=f)
    assert value(game.result(state, r.action)) == value(state)
    assert r.nodes <= 10                                  # one node per simulation, none for playouts


def test_dirichlet_noise_changes_only_the_root_priors_and_is_seeded(oracle):
    f, _ = oracle
    game = TicTacToe("X...O....")
    plain = mcts(game, iterations=30, policy_value=f)
    noisy = mcts(game, iterations=30, policy_value=f, dirichlet_alpha=0.3, seed=5)
    again = mcts(game, iterations=30, policy_value=f, dirichlet_alpha=0.3, seed=5)
    other = mcts(game, iterations=30, policy_value=f, dirichlet_alpha=0.3, seed=6)
    assert noisy.root.priors == again.root.priors and noisy.visits == again.visits
    assert noisy.root.priors != other.root.priors != plain.root.priors
    assert sum(noisy.root.priors.values()) == pytest.approx(1)
    assert all(noisy.root.priors[a] >= 0.75 * p for a, p in plain.root.priors.items())   # ε = 0.25
    for move, child in noisy.root.children.items():       # below the root: the function's own priors
        if move in plain.root.children and child.priors is not None:
            assert child.priors == plain.root.children[move].priors
    off = mcts(game, iterations=30, policy_value=f, dirichlet_alpha=0.3, dirichlet_epsilon=0, seed=5)
    assert off.root.priors == plain.root.priors


def test_temperature_zero_picks_the_most_visited_and_one_samples_by_visits():
    r = mcts(THREE, iterations=7, c=1, policy_value=_fixed())
    assert r.action == "a1"                                # visits a1 3, a2 2, a3 1
    picks = {mcts(THREE, iterations=7, c=1, policy_value=_fixed(), temperature=1, seed=s).action
             for s in range(30)}
    assert picks == {"a1", "a2", "a3"}
    from gamelib.mcts import visit_policy
    assert visit_policy(r.visits, 1) == pytest.approx({"a1": 0.5, "a2": 1 / 3, "a3": 1 / 6})
    assert visit_policy(r.visits, 0) == {"a1": 1.0, "a2": 0.0, "a3": 0.0}
    assert visit_policy(r.visits, 0.5) == pytest.approx({"a1": 9 / 14, "a2": 4 / 14, "a3": 1 / 14})


def _uniform(state):
    moves = TicTacToe().actions(state)
    return {m: 1 / len(moves) for m in moves}, 0.0


@pytest.mark.parametrize("kwargs, error, message", [
    ({"iterations": -1, "policy_value": _uniform}, ArgumentError, "iterations"),
    ({"iterations": 5, "policy_value": _uniform, "c": -0.5}, ArgumentError, "c must be an exploration"),
    ({"iterations": 5, "policy_value": 3}, ArgumentError, "policy_value must be"),
    ({"iterations": 5, "policy_value": _uniform, "playout": lambda s: {}}, ArgumentError, "not both"),
    ({"iterations": 5, "dirichlet_alpha": 0.3}, ArgumentError, "give one"),
    ({"iterations": 5, "policy_value": _uniform, "dirichlet_alpha": 0}, ArgumentError, "dirichlet_alpha"),
    ({"iterations": 5, "policy_value": _uniform, "dirichlet_epsilon": 1.5}, ArgumentError, "dirichlet_epsilon"),
    ({"iterations": 5, "temperature": -1}, ArgumentError, "temperature"),
    ({"iterations": 5, "temperature": float("nan")}, ArgumentError, "temperature"),
    ({"iterations": 5, "policy_value": lambda s: ({(0, 0): 0.5, (0, 1): 0.4}, 0.0)}, ProbabilityError, "sum to 0.9"),
    ({"iterations": 5, "policy_value": lambda s: ({(0, 0): float("nan"), (0, 1): 1.0}, 0.0)}, ProbabilityError,
     "nan"),
    ({"iterations": 5, "policy_value": lambda s: ({(0, 0): -0.5, (0, 1): 1.5}, 0.0)}, ProbabilityError, ">= 0"),
    ({"iterations": 5, "policy_value": lambda s: ({(9, 9): 1.0}, 0.0)}, ProbabilityError, "not a legal move"),
    ({"iterations": 5, "policy_value": lambda s: ([((0, 0), 1.0)], 0.0)}, ProbabilityError, "not a dict"),
    ({"iterations": 5, "policy_value": lambda s: _uniform(s)[0]}, gamelib.EvaluationError, "not a pair"),
    ({"iterations": 5, "policy_value": lambda s: (_uniform(s)[0], float("nan"))}, gamelib.EvaluationError,
     "not a finite number"),
    ({"iterations": 5, "policy_value": lambda s: (_uniform(s)[0], None)}, gamelib.EvaluationError, "finite"),
])
def test_puct_bad_input_is_refused_clearly(kwargs, error, message):
    with pytest.raises(error, match=message):
        mcts(TicTacToe(), **kwargs)


def test_puct_refuses_a_game_with_chance_where_it_meets_chance():
    tree = GameTree.from_nested([chance((0.5, 1), (0.5, -1)), 0])
    with pytest.raises(gamelib.GameError, match="without chance"):
        mcts(tree, iterations=5, policy_value=lambda s: ({a: 1 / len(tree.actions(s)) for a in tree.actions(s)}, 0.0))
