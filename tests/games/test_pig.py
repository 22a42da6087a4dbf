"""Pig (issue 4): the rules as a gamelib game with a CHANCE player, the value-iteration solver against
its Bellman equations, hand-computed small targets, an independent value iteration over the game's own
state graph, depth-limited expectiminimax, policies against each other (the policy picture:
tests/viz/test_pig_policy.py)."""
from fractions import Fraction

import numpy as np
import pytest

from gamelib import CHANCE, MAX, MIN, GameError, IllegalMoveError, expectiminimax, play
from gamelib.games.pig import (
    BEST,
    Pig,
    PigState,
    duel,
    evaluation,
    hold_at,
    solve,
)
from hypothesis import given
from hypothesis import strategies as st
from gamelib import ArgumentError, StateError, TooLargeError, star1
from gamelib.games import pig as pigmod
from ..bad_input import PIG10, SOL10, ZERO, attempt, case, check_bad_input, correct, fuzz, nan, pig_fields, weird


@pytest.fixture(scope="module")
def sol100():
    return solve(100)


@pytest.fixture(scope="module")
def sol20():
    return solve(20)


# --- the rules --------------------------------------------------------------------------------------
def test_a_turn_roll_faces_hold():
    game = Pig(target=100)
    s = game.initial_state
    assert s == PigState(0, 0, 0, MAX, False) and game.to_move(s) == MAX
    assert game.actions(s) == ("roll",), "holding 0 is not a move: a turn starts with a roll"
    air = game.result(s, "roll")
    assert game.to_move(air) == CHANCE and game.actions(air) == ()
    outcomes = game.chance_outcomes(air)
    assert [f for f, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes) and sum(p for _, p in outcomes) == pytest.approx(1)
    s = game.result(air, 5)
    assert s == PigState(0, 0, 5, MAX, False) and game.actions(s) == ("roll", "hold")
    s = game.result(game.result(s, "roll"), 4)
    assert s.turn_total == 9
    held = game.result(s, "hold")
    assert held == PigState(9, 0, 0, MIN, False) and game.to_move(held) == MIN
    pig = game.result(game.result(game.result(game.result(held, "roll"), 6), "roll"), 1)
    assert pig == PigState(9, 0, 0, MAX, False), "a 1 loses the turn total and passes the turn"
    assert s == PigState(0, 0, 9, MAX, False), "RESULT must not change the state it was given"
    assert hash(held) == hash(PigState(9, 0, 0, MIN))


def test_reaching_the_target_ends_the_game_at_once():
    game = Pig(target=20)
    s = PigState(max_score=3, min_score=15, turn_total=12, player=MAX, rolling=True)
    end = game.result(s, 5)
    assert end.max_score == 20 and game.is_terminal(end)
    assert game.utility(end, MAX) == 1 and game.utility(end, MIN) == -1
    s = PigState(max_score=10, min_score=16, turn_total=0, player=MIN, rolling=True)
    end = game.result(s, 4)
    assert end.min_score == 20 and game.is_terminal(end) and game.utility(end, MAX) == -1
    assert not game.is_terminal(game.result(s, 3)), "19 is not 20"


def test_illegal_moves_name_the_move_and_the_legal_ones():
    game = Pig(target=30)
    s = game.initial_state
    with pytest.raises(IllegalMoveError, match=r"illegal move 'hold'.*legal: \['roll'\]"):
        game.result(s, "hold")
    with pytest.raises(IllegalMoveError, match=r"'pass'.*legal: \['roll', 'hold'\]"):
        game.result(PigState(0, 0, 4), "pass")
    air = game.result(s, "roll")
    with pytest.raises(IllegalMoveError, match=r"illegal move 7.*legal: \[1, 2, 3, 4, 5, 6\]"):
        game.result(air, 7)
    with pytest.raises(IllegalMoveError, match=r"illegal move 'roll'.*legal: \[1, 2"):
        game.result(air, "roll")
    over = PigState(30, 4, 0, MIN)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(over, "roll")
    with pytest.raises(GameError, match="no chance states|chance"):
        game.chance_outcomes(s)
    for bad in ({"target": 0}, {"die": 1}, {"target": 2.5}, {"die": True}):
        with pytest.raises(GameError, match="whole number"):
            Pig(**bad)


def test_a_smaller_die():
    game = Pig(target=5, die=2)   # Neller & Presser's "Piglet" is this with a coin
    air = game.result(game.initial_state, "roll")
    assert game.chance_outcomes(air) == [(1, 0.5), (2, 0.5)]


def test_depth_limited_expectiminimax_runs_on_pig_with_an_evaluation():
    game = Pig(target=10)
    ev = evaluation(10)
    result = expectiminimax(game, depth=4, evaluate=ev)
    assert result.action == "roll" and -1 < result.value < 1
    s = PigState(max_score=2, min_score=6, turn_total=5)
    traced = expectiminimax(game, s, depth=4, evaluate=ev, trace=True)
    assert traced.action in ("roll", "hold") and traced.nodes == len(traced.visited)
    leaves = [e for e in traced.trace if e.kind == "leaf"]
    assert leaves and all(e.depth <= 4 for e in leaves)
    # without a depth the search would follow the cycles forever; the kit insists on evaluate=
    with pytest.raises(GameError, match="evaluate="):
        expectiminimax(game, depth=4)


def test_the_evaluation_stays_strictly_between_loss_and_win():
    game = Pig(target=50)
    ev = evaluation(50)
    worst = max(abs(ev(PigState(i, j, k, p))) for i in range(50) for j in range(50)
                for k in range(0, 50 - i, 7) for p in (MAX, MIN))
    assert worst < 0.75
    assert ev(PigState(30, 10)) > 0 > ev(PigState(10, 30))
    assert game.utility(PigState(50, 0), MAX) == 1


# --- the solver: Bellman equations and hand computations -----------------------------------------
def paper_bellman_residual(P, target, die=6):
    """Neller & Presser's equations, written out independently of the solver: P[i, j, k] =
    max(roll, hold) over every real state (i + k < target), holding allowed even at k = 0."""
    T = target
    P0 = P[:, :, 0]                                          # P[i, j, 0]
    Pext = np.ones((T, T, 2 * T + die))                      # P[i, j, k] = 1 once i + k >= T
    i, k = np.ogrid[:T, :T]
    Pext[:, :, :T] = np.where((i + k < T)[:, None, :], P, 1.0)
    worst = 0.0
    for k in range(T):
        roll = (1 - P0.T) / die + sum(Pext[:, :, k + f] for f in range(2, die + 1)) / die
        ik = np.arange(T)[:, None] + k                        # i + k for every i
        hold = np.where(ik < T, 1 - P0.T[np.minimum(ik, T - 1), np.arange(T)[None, :]], 1.0)
        live = (np.arange(T) + k < T)[:, None]
        diff = np.where(live, np.abs(P[:, :, k] - np.maximum(roll, hold)), 0.0)
        worst = max(worst, diff.max())
    return worst


def test_target_100_satisfies_its_bellman_equations(sol100):
    assert sol100.residual < 1e-9
    assert paper_bellman_residual(sol100.P, 100) < 1e-9
    assert sol100.seconds < 30  # the speed is measured in benchmarks/bench_pig.py, not here


def test_holding_at_turn_total_0_would_never_help(sol100):
    # so forbidding it (Pig's rule) gives the same values as Neller & Presser's equations, where
    # hold is allowed at 0: the residual test above also checks this
    assert np.all(sol100.roll[:, :, 0] >= sol100.hold[:, :, 0])
    assert np.all(sol100.rolls[:, :, 0])


def test_first_player_wins_53_06_percent_as_neller_and_presser_report(sol100):
    p = sol100.win_probability(0, 0, 0)
    assert round(p, 4) == 0.5306
    assert p == pytest.approx(0.530592725, abs=1e-9)
    assert sol100.value(Pig().initial_state) == pytest.approx(2 * p - 1)


def test_target_2_by_hand():
    # every non-1 roll wins at once, so from any scores the mover wins with x = 5/6 + (1/6)(1 - y),
    # y the opponent's chance; by symmetry x = y: x = 6/7 = (5/6) / (1 - 1/36)
    sol = solve(target=2)
    for i in range(2):
        for j in range(2):
            assert sol.win_probability(i, j) == pytest.approx(6 / 7, abs=1e-12)


def test_target_3_by_hand():
    # With 1 or 2 banked, any non-1 roll wins: x_ij = 5/6 + (1 - x_ji)/6 for i, j >= 1, so 6/7.
    # From 0 a 2 gives turn total 2, where rolling again (>= 5/6) beats banking 2 (1 - 6/7 = 1/7):
    #   x_0j = 4/6 + (1/6)(5/6 + (1 - x_j0)/6) + (1/6)(1 - x_j0),  x_j0 = 5/6 + (1 - x_0j)/6  (j >= 1)
    #   => x_j0 = 180/209, x_0j = 174/209;   x_00 = 29/36 + 7 (1 - x_00)/36 => x_00 = 36/43.
    sol = solve(target=3)
    expected = {(0, 0): Fraction(36, 43), (0, 1): Fraction(174, 209), (0, 2): Fraction(174, 209),
                (1, 0): Fraction(180, 209), (2, 0): Fraction(180, 209)}
    for i in range(3):
        for j in range(3):
            want = expected.get((i, j), Fraction(6, 7))
            assert sol.win_probability(i, j) == pytest.approx(float(want), abs=1e-12), (i, j)
    assert sol.policy(0, 0, 2) == "roll"


def test_sweeps_and_textbook_jacobi_value_iteration_agree():
    fast, slow = solve(30), solve(30, method="jacobi")
    assert slow.sweeps > fast.sweeps
    assert np.nanmax(np.abs(fast.P - slow.P)) < 1e-9
    assert (fast.rolls == slow.rolls).all()


def plain_sweep(P, opponent_start, die, rolls=None):
    """gamelib.games.pig._sweep as the formula reads, a fresh array per step (the code before its work
    planes): the sweep with work planes must give the same values to the bit."""
    target = P.shape[1]
    Q = 1.0 - opponent_start.T.copy()
    change = 0.0
    for k in range(target - 1, -1, -1):
        n = target - k
        roll = (Q[:n] + P[k + 2:k + die + 1, :n].sum(axis=0)) / die
        if k == 0:
            new = roll
        else:
            hold = Q[k:]
            new = np.maximum(roll, hold) if rolls is None else np.where(rolls[k, :n], roll, hold)
        change = max(change, float(np.abs(new - P[k, :n]).max()))
        P[k, :n] = new
    return change


@pytest.mark.parametrize("target, die", [(40, 6), (25, 4), (7, 2)])
def test_the_sweep_with_work_planes_gives_the_plain_formula_to_the_bit(target, die):
    from gamelib.games.pig import _start, _sweep
    rng = np.random.default_rng(target)
    rolls = rng.random((target, target, target)) < 0.7          # a fixed policy, as duel sweeps one
    for policy in (None, rolls):
        ours, plain = _start(target, die), _start(target, die)
        for _ in range(30):
            change = _sweep(ours, ours[0].copy(), die, policy)
            assert change == plain_sweep(plain, plain[0].copy(), die, policy)
            assert np.array_equal(ours, plain, equal_nan=True)


def reference_values(game, tol=1e-14):
    """Plain value iteration over the states reachable in ``game``, using nothing but the gamelib
    protocol: V(s) = utility / max / min / expectation over chance outcomes (MAX's utility)."""
    start = game.initial_state
    states, frontier = {start}, [start]
    while frontier:
        s = frontier.pop()
        if game.is_terminal(s):
            continue
        moves = [o for o, _ in game.chance_outcomes(s)] if game.to_move(s) == CHANCE else game.actions(s)
        for a in moves:
            t = game.result(s, a)
            if t not in states:
                states.add(t)
                frontier.append(t)
    V = {s: (game.utility(s, MAX) if game.is_terminal(s) else -1.0) for s in states}
    live = [s for s in states if not game.is_terminal(s)]
    change = 1.0
    while change > tol:
        change = 0.0
        for s in live:
            player = game.to_move(s)
            if player == CHANCE:
                v = sum(p * V[game.result(s, f)] for f, p in game.chance_outcomes(s))
            else:
                kids = [V[game.result(s, a)] for a in game.actions(s)]
                v = max(kids) if player == MAX else min(kids)
            change = max(change, abs(v - V[s]))
            V[s] = v
    return V


def test_the_solver_agrees_with_value_iteration_over_the_games_own_state_graph():
    game = Pig(target=10)
    V = reference_values(game)
    sol = solve(10)
    assert len(V) > 500
    worst = max(abs(sol.value(s) - v) for s, v in V.items())
    assert worst < 1e-9


@pytest.mark.parametrize("state", [
    PigState(0, 0, 0),
    PigState(5, 12, 6, MIN),
    PigState(15, 17, 2),
    PigState(3, 9, 8, MAX, rolling=True),
    PigState(11, 4, 7, MIN, rolling=True),
    PigState(16, 2, 3),
])
def test_depth_limited_expectiminimax_with_the_solved_values_returns_them(sol20, state):
    game = sol20.game()
    for depth in (1, 2, 3, 5):
        result = expectiminimax(game, state, depth=depth, evaluate=sol20.value)
        assert result.value == pytest.approx(sol20.value(state), abs=1e-9), depth
    if not state.rolling:
        i, j, k = state.scores()
        if k == 0 or abs(sol20.roll[i, j, k] - sol20.hold[i, j, k]) > 1e-9:
            assert expectiminimax(game, state, depth=1, evaluate=sol20.value).action == sol20.action(state)


def test_small_targets_never_hold_and_target_39_is_the_first_that_does(sol20):
    # up to target 38 the optimal player rolls in every state: the target is too close to bank
    assert sol20.rolls[~np.isnan(sol20.roll)].all()
    s38 = solve(38)
    assert s38.rolls[~np.isnan(s38.roll)].all()
    s39 = solve(39)
    assert (~s39.rolls[~np.isnan(s39.roll)]).sum() == 9


def test_the_search_holds_where_the_solution_does(sol100):
    state = PigState(0, 0, 25)
    assert sol100.action(state) == "hold" and sol100.hold[0, 0, 25] - sol100.roll[0, 0, 25] > 1e-3
    result = expectiminimax(sol100.game(), state, depth=3, evaluate=sol100.value)
    assert result.action == "hold" and result.value == pytest.approx(sol100.value(state), abs=1e-9)
    mirrored = PigState(0, 0, 25, MIN)  # the same position with MIN to move
    assert sol100.action(mirrored) == "hold"
    assert sol100.value(mirrored) == pytest.approx(-sol100.value(state))


# --- the policy ------------------------------------------------------------------------------------
def test_the_optimal_policy_is_not_a_simple_threshold(sol100):
    # at 41 against 49: roll to 22, hold on 22..26, but after a 6 from 21 (27) roll once more
    rolls = [sol100.policy(41, 49, k) == "roll" for k in range(18, 30)]
    assert rolls == [True] * 4 + [False] * 5 + [True] + [False] * 2
    h = sol100.hold_threshold()
    assert h[41, 49] == 22
    assert h.shape == (100, 100) and h.min() >= 1 and (h <= 100 - np.arange(100)[:, None]).all()
    assert h[0, 0] == 21
    assert h[90, 95] == 10, "behind late in the game you roll on to the target"


def test_hold_at_20_is_close_to_optimal_only_while_both_scores_are_low(sol100):
    # Neller & Presser's observation (as Science News reported it): "hold at 20" comes close to optimal
    # play only when both players have low scores; when either is high, play to win.
    h = sol100.hold_threshold()
    assert 18 <= h[:30, :30].min() and h[:30, :30].max() <= 24
    i, j = np.meshgrid(np.arange(100), np.arange(100), indexing="ij")
    assert np.abs(h - 20)[np.maximum(i, j) >= 70].mean() > 10
    # their example: 78 against 99 with 20 in hand; banking 98 leaves the opponent a 6/7 chance
    assert sol100.policy(78, 99, 20) == "roll"
    assert sol100.hold[78, 99, 20] == pytest.approx(1 / 7)


def test_policy_and_probability_queries(sol100):
    assert sol100.policy(0, 0, 0) == "roll"
    assert sol100.policy(95, 0, 5) == "hold"             # has reached the target
    assert sol100.win_probability(95, 0, 5) == 1.0
    assert sol100.win_probability(0, 99) < 0.5 < sol100.win_probability(99, 0)
    with pytest.raises(ValueError, match="already won"):
        sol100.win_probability(0, 100)
    with pytest.raises(ValueError, match="whole number"):
        sol100.policy(-1, 0, 0)
    with pytest.raises(GameError, match="CHANCE is to move"):
        sol100.action(PigState(0, 0, 0, MAX, True))
    assert "P[0,0,0]=0.530593" in repr(sol100)
    assert sol100.value(PigState(100, 3)) == 1 and sol100.value(PigState(3, 100)) == -1


def test_playing_the_optimal_policy_through_gamelib_play(sol20):
    game = sol20.game()
    optimal = sol20.as_policy()
    playout = play(game, {MAX: optimal, MIN: optimal}, seed=4)
    assert game.is_terminal(playout.states[-1]) and playout.utility in (1, -1)
    assert all(a in ("roll", "hold") or a in game.faces for a in playout.actions)


# --- policies against each other (CS221: game evaluation, expectimax) -------------------------------
def test_hold_at_20_first_player_advantage_is_0_5347():
    # Neller's "First-Player Advantage" exercise (nifty.stanford.edu/2010/neller-pig): about .5347
    d = duel(20, 20)
    assert round(d.a_first, 4) == 0.5347
    assert d.a_first + d.a_second == pytest.approx(1, abs=1e-9)


def test_optimal_against_hold_at_20_and_the_minimax_properties(sol100):
    opt_vs_20 = duel(sol100, 20)
    best_vs_20 = duel(BEST, 20)
    opt_vs_opt = duel(sol100, sol100)
    assert opt_vs_opt.a_first == pytest.approx(sol100.win_probability(0, 0), abs=1e-9)
    assert opt_vs_20.average == pytest.approx(0.53992, abs=1e-5)
    # CS221's chain: V(max, min) <= V(max, hold20) <= V(expectimax(hold20), hold20)
    assert opt_vs_opt.a_first <= opt_vs_20.a_first <= best_vs_20.a_first
    assert 1 - opt_vs_opt.a_first <= opt_vs_20.a_second <= best_vs_20.a_second
    assert duel(BEST, BEST, target=30).a_first == pytest.approx(solve(30).win_probability(0, 0), abs=1e-9)


def test_duel_accepts_arrays_and_rejects_nonsense():
    d = duel(hold_at(4, 10), 4, target=10)
    assert d.average == pytest.approx(0.5, abs=1e-9)
    with pytest.raises(ValueError, match="shape"):
        duel(np.ones((5, 5, 5), bool), 4, target=10)
    with pytest.raises(ValueError, match="'best'"):
        duel("greedy", 4, target=10)


# --- Pig's solution without copies ---------------------------------------------------------------
@pytest.mark.parametrize("target, die", [(10, 6), (39, 6), (30, 2), (25, 4)])
def test_pig_solution_tables_are_the_whole_table_bellman_backups(target, die):
    """PigSolution computes the residual and the decisions a turn total at a time, and roll and hold
    only when asked, from a view of the solver's table: the same numbers, to the bit, as the whole
    table backup (gamelib.games.pig._bellman) they used to be copied from."""
    import numpy as np
    from gamelib.games.pig import _backup, _bellman, solve
    sol = solve(target, die)
    P_kij = sol._P_kij
    roll, hold, live = _bellman(P_kij, die)
    assert np.shares_memory(sol.P, P_kij) and sol.P.shape == (target,) * 3
    assert np.array_equal(sol.P, P_kij[:target].transpose(1, 2, 0))
    assert sol.residual == float(np.abs(_backup(roll, hold) - P_kij[:target])[live].max())
    ijk = (1, 2, 0)
    assert np.array_equal(sol.roll, np.where(live, roll, np.nan).transpose(ijk), equal_nan=True)
    assert np.array_equal(sol.hold, np.where(live, hold, np.nan).transpose(ijk), equal_nan=True)
    rolls = ((sol.roll >= sol.hold) | (np.arange(target) == 0)) & (sol.roll == sol.roll)
    assert np.array_equal(sol.rolls, rolls) and not sol.rolls.flags.writeable


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: pigmod.duel(5, 5, target=10, tol=-1), ArgumentError, "tol", "-1", id="duel tol=-1"),
    case(lambda: pigmod.duel(5, 5, target=10, tol=0), ArgumentError, "tol", "> 0", id="duel tol=0"),
    case(lambda: pigmod.duel(5, 5, target=10, tol=nan), ArgumentError, "tol", "nan", id="duel tol=nan"),
    case(lambda: pigmod.solve(10, tol=nan), ArgumentError, "tol", id="pig.solve tol=nan"),
    case(lambda: SOL10.value(PigState(-3, 0, 0)), StateError, "max_score", "-3", id="Pig negative score"),
    case(lambda: PIG10.result(PigState(rolling=True), 2.0), IllegalMoveError, "2.0", id="Pig float roll"),
    case(lambda: PIG10.result(PigState(rolling=True), True), IllegalMoveError, "True", id="Pig bool roll"),
    case(lambda: expectiminimax(PIG10, PigState(player="BOB"), depth=1, evaluate=ZERO), StateError,
         "player", "BOB", id="Pig unknown player"),
    case(lambda: SOL10.action(PigState(0, 0, 1.5)), StateError, "turn_total", id="Pig float turn total"),
    case(lambda: star1(PIG10, PigState(rolling="yes"), lower=-1, upper=1, depth=1, evaluate=ZERO),
         StateError, "rolling", id="Pig rolling not a bool"),
    case(lambda: expectiminimax(PIG10, PigState(10, 12), depth=1, evaluate=ZERO), StateError, "both",
         id="Pig both at the target"),
    case(lambda: Pig(target=0), ArgumentError, "target", id="Pig(target=0)"),
    case(lambda: Pig(die=1), ArgumentError, "die", id="Pig(die=1)"),
    case(lambda: Pig(target=2.5), ArgumentError, "target", id="Pig(target=2.5)"),
    case(lambda: expectiminimax(PIG10, (0, 0, 0, MAX, False), depth=1, evaluate=ZERO), StateError,
         "PigState", id="Pig plain tuple state"),
    case(lambda: expectiminimax(PIG10, PigState(10, 0, 4), depth=1, evaluate=ZERO), StateError,
         "game is over", id="Pig terminal state with a turn total"),
    case(lambda: PIG10.result(PigState(rolling=True), 7), IllegalMoveError, "7", id="Pig roll of 7"),
    case(lambda: PIG10.utility(PigState(10, 0), "BOB"), GameError, "'BOB'", id="Pig utility BOB"),
    case(lambda: pigmod.evaluation(0), ArgumentError, "target", id="pig.evaluation(0)"),
    case(lambda: pigmod.solve(10, tol=-1), ArgumentError, "tol", id="pig.solve tol=-1"),
    case(lambda: pigmod.solve(10, tol="x"), ArgumentError, "tol", id="pig.solve tol='x'"),
    case(lambda: pigmod.solve(10, max_sweeps=0), ArgumentError, "max_sweeps", id="pig.solve max_sweeps=0"),
    case(lambda: pigmod.solve(10, max_sweeps=2), GameError, "did not converge", id="pig.solve max_sweeps=2"),
    case(lambda: pigmod.solve(10, method="newton"), ArgumentError, "method", id="pig.solve method='newton'"),
    case(lambda: pigmod.solve(10, progress="yes"), ArgumentError, "progress", id="pig.solve progress='yes'"),
    case(lambda: pigmod.solve(1000), TooLargeError, "max_states", id="pig.solve(1000)"),
    case(lambda: pigmod.duel(5, 5, target=10, max_sweeps=1), GameError, "did not converge", id="duel max_sweeps=1"),
    case(lambda: pigmod.duel("greedy", 4, target=10), ArgumentError, "'greedy'", id="duel policy 'greedy'"),
    case(lambda: pigmod.duel(np.zeros((10, 10, 10)), 4, target=10), ArgumentError, "boolean", id="duel float array"),
    case(lambda: pigmod.duel(np.ones((5, 5, 5), bool), 4, target=10), ArgumentError, "shape", id="duel wrong shape"),
    case(lambda: pigmod.duel(-1, 4, target=10), ArgumentError, "hold-at n", id="duel hold at -1"),
    case(lambda: pigmod.duel(SOL10, 4, target=12), ArgumentError, "target", id="duel solution of another target"),
    case(lambda: pigmod.hold_at(2.5, 10), ArgumentError, "n", id="hold_at(2.5)"),
    case(lambda: pigmod.hold_at(3, target=0), ArgumentError, "target", id="hold_at target=0"),
    case(lambda: SOL10.win_probability(-1, 0), ArgumentError, "my_score", id="win_probability(-1, 0)"),
    case(lambda: SOL10.policy(3, 10, 0), ArgumentError, "already won", id="policy opponent at the target"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


@fuzz
@given(st.one_of(st.integers(-1, 8), weird), st.one_of(st.integers(0, 4), weird),
       st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e-12, 1e-6, 0.5]), weird),
       st.one_of(st.integers(-1, 30), weird))
def test_fuzzed_pig_solver_arguments(target, die, tol, hold):
    ok, r = attempt(lambda: pigmod.solve(target, die, tol))
    if ok:
        reference_p = pigmod.solve(target, die).P
        correct(np.all((r.P >= 0) & (r.P <= 1)) and (tol > 1e-9 or np.allclose(r.P, reference_p, atol=1e-6)))
    ok, d = attempt(lambda: pigmod.duel(hold, "best", target=target, die=die, tol=tol))
    if ok:
        correct(0 <= d.a_first <= 1 and 0 <= d.a_second <= 1)


@fuzz
@given(pig_fields, pig_fields, pig_fields, st.one_of(st.sampled_from([MAX, MIN, CHANCE, "BOB"]), weird),
       st.one_of(st.booleans(), weird))
def test_fuzzed_pig_states(max_score, min_score, turn_total, player, rolling):
    state = PigState(max_score, min_score, turn_total, player, rolling)
    ok, r = attempt(lambda: expectiminimax(PIG10, state, depth=2, evaluate=SOL10.value))
    if ok:             # one expectiminimax backup of the exact values gives the exact value back
        correct(abs(r.value - SOL10.value(state)) < 1e-9, (state, r.value, SOL10.value(state)))
