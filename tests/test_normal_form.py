"""Simultaneous games: the value of zero-sum matrix games by LP (CS221's two-finger Morra,
rock-paper-scissors), von Neumann's minimax theorem, best responses and Nash equilibria."""
import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from gamelib import ArgumentError, GameTree, TooLargeError, minimax
from gamelib.games import MATRIX_GAMES
from gamelib.games.matrix_games import (BATTLE_OF_THE_SEXES, COLLABORATIVE_MORRA, MATCHING_PENNIES,
                                        PRISONERS_DILEMMA, ROCK_PAPER_SCISSORS, TWO_FINGER_MORRA)
from gamelib.normal_form import (best_responses, col_guarantee, expected_payoffs, is_equilibrium,
                                 mixed_2x2, nash_equilibria, payoff_matrix, pure_equilibria, pure_maximin,
                                 pure_minimax, row_guarantee, solve_zero_sum)

approx = pytest.approx
MORRA = TWO_FINGER_MORRA.row_payoffs


# -- exact values from the notes ----------------------------------------------------------------------

def test_two_finger_morra_is_worth_minus_one_twelfth():
    s = solve_zero_sum(MORRA)
    assert s.value == approx(-1 / 12, abs=1e-12)
    assert s.row_strategy == approx((7 / 12, 5 / 12), abs=1e-12)
    assert s.col_strategy == approx((7 / 12, 5 / 12), abs=1e-12)
    assert Fraction(s.value).limit_denominator(100) == Fraction(-1, 12)


def test_morra_revealing_first_pure_costs_mixed_does_not():
    assert pure_maximin(MORRA) == (-3.0, 0)            # A reveals a pure action first: -3
    assert pure_minimax(MORRA) == (2.0, 0)             # B reveals first: A gets 2
    assert minimax(GameTree.from_nested([list(r) for r in MORRA])).value == -3        # as a game tree
    assert minimax(GameTree.from_nested([list(c) for c in zip(*MORRA)], root="MIN")).value == 2
    # CS221: A reveals [1/2, 1/2]: B answers 1 (pure!), value -1/2
    assert row_guarantee(MORRA, (0.5, 0.5)) == -0.5
    assert best_responses(TWO_FINGER_MORRA.col_payoffs, (0.5, 0.5), player="col") == (0,)
    # the optimal mix revealed first costs nothing, from either side
    assert row_guarantee(MORRA, (7 / 12, 5 / 12)) == approx(-1 / 12)
    assert col_guarantee(MORRA, (7 / 12, 5 / 12)) == approx(-1 / 12)


def test_rock_paper_scissors_is_fair_and_uniform():
    s = solve_zero_sum(ROCK_PAPER_SCISSORS.row_payoffs)
    assert s.value == 0.0 and str(s.value) == "0.0"                 # never a negative zero
    assert s.row_strategy == approx((1 / 3,) * 3) and s.col_strategy == approx((1 / 3,) * 3)
    assert pure_maximin(ROCK_PAPER_SCISSORS.row_payoffs)[0] == -1
    assert pure_minimax(ROCK_PAPER_SCISSORS.row_payoffs)[0] == 1
    eq = nash_equilibria(ROCK_PAPER_SCISSORS.row_payoffs, ROCK_PAPER_SCISSORS.col_payoffs)
    assert len(eq) == 1 and eq[0][0] == approx((1 / 3,) * 3) and eq[0][1] == approx((1 / 3,) * 3)


def test_a_saddle_point_game_is_solved_by_pure_strategies():
    A = [[4, 5, 6], [3, 1, 2], [4, 7, 5]]                   # row 0 min 4 = col 0 max 4: a saddle point
    s = solve_zero_sum(A)
    assert pure_maximin(A)[0] == pure_minimax(A)[0] == s.value == approx(4)


def test_the_prisoners_dilemma_has_one_equilibrium_both_testify():
    g = PRISONERS_DILEMMA
    assert pure_equilibria(g.row_payoffs, g.col_payoffs) == [(0, 0)]
    eq = nash_equilibria(g.row_payoffs, g.col_payoffs)
    assert eq == [((1.0, 0.0), (1.0, 0.0))]
    assert expected_payoffs(g.row_payoffs, g.col_payoffs, *eq[0]) == (-5.0, -5.0)
    assert expected_payoffs(g.row_payoffs, g.col_payoffs, (0, 1), (0, 1)) == (-1.0, -1.0)   # better for both
    assert not is_equilibrium(g.row_payoffs, g.col_payoffs, (0, 1), (0, 1))                # but not stable
    # testifying is a best response to anything: a dominant strategy
    for q in np.linspace(0, 1, 11):
        assert best_responses(g.row_payoffs, (q, 1 - q)) == (0,)


def test_collaborative_morra_has_three_equilibria_of_different_values():
    g = COLLABORATIVE_MORRA
    eq = nash_equilibria(g.row_payoffs, g.col_payoffs)
    assert eq[:2] == [((1.0, 0.0), (1.0, 0.0)), ((0.0, 1.0), (0.0, 1.0))]
    assert eq[2][0] == approx((7 / 12, 5 / 12)) and eq[2][1] == approx((7 / 12, 5 / 12))
    values = [expected_payoffs(g.row_payoffs, g.col_payoffs, x, y)[0] for x, y in eq]
    assert values == approx([2, 4, -1 / 12])


def test_battle_of_the_sexes_mixed_equilibrium_in_closed_form():
    g = BATTLE_OF_THE_SEXES
    x, y = mixed_2x2(g.row_payoffs, g.col_payoffs)
    assert x == approx((3 / 5, 2 / 5)) and y == approx((2 / 5, 3 / 5))
    assert len(nash_equilibria(g.row_payoffs, g.col_payoffs)) == 3
    assert mixed_2x2(PRISONERS_DILEMMA.row_payoffs, PRISONERS_DILEMMA.col_payoffs) is None


def test_matching_pennies_and_the_catalogue():
    assert solve_zero_sum(MATCHING_PENNIES.row_payoffs).row_strategy == approx((0.5, 0.5))
    assert set(MATRIX_GAMES) >= {"two-finger Morra", "rock-paper-scissors", "prisoner's dilemma"}
    assert [g.zero_sum for g in MATRIX_GAMES.values()] == [True, True, True, False, False, False]
    assert "testify" in PRISONERS_DILEMMA.table() and "-5, -5" in PRISONERS_DILEMMA.table()


def test_support_enumeration_on_a_3x3_game_with_several_equilibria():
    A = [[3, 0, 0], [0, 2, 0], [0, 0, 1]]                   # a coordination game: 7 equilibria
    eq = nash_equilibria(A, A)
    assert len(eq) == 7
    full = [e for e in eq if all(p > 0 for p in e[0])]
    assert len(full) == 1 and full[0][0] == approx((2 / 11, 3 / 11, 6 / 11))


# -- hypothesis ------------------------------------------------------------------------------------------

def matrices(rows=st.integers(1, 4), cols=st.integers(1, 4), entries=st.integers(-5, 5)):
    return st.tuples(rows, cols).flatmap(
        lambda mn: st.lists(st.lists(entries, min_size=mn[1], max_size=mn[1]), min_size=mn[0], max_size=mn[0]))


@given(matrices())
def test_lp_value_lies_between_pure_maximin_and_pure_minimax(A):
    s = solve_zero_sum(A)
    assert pure_maximin(A)[0] - 1e-9 <= s.value <= pure_minimax(A)[0] + 1e-9
    # the minimax theorem: each optimal strategy revealed first guarantees exactly the value
    assert row_guarantee(A, s.row_strategy) == approx(s.value, abs=1e-7)
    assert col_guarantee(A, s.col_strategy) == approx(s.value, abs=1e-7)
    # and no mixed strategy guarantees more (checked against random ones)
    rng = np.random.default_rng(len(A) * 7 + len(A[0]))
    for x in rng.dirichlet(np.ones(len(A)), 20):
        assert row_guarantee(A, x) <= s.value + 1e-7
    for y in rng.dirichlet(np.ones(len(A[0])), 20):
        assert col_guarantee(A, y) >= s.value - 1e-7
    # an optimal pair is an equilibrium of the zero-sum game
    assert is_equilibrium(A, [[-v for v in r] for r in A], s.row_strategy, s.col_strategy)


@given(matrices(), st.data())
def test_every_reported_equilibrium_is_one(A, data):
    m, n = len(A), len(A[0])
    B = data.draw(st.lists(st.lists(st.integers(-5, 5), min_size=n, max_size=n), min_size=m, max_size=m))
    eq = nash_equilibria(A, B)
    for x, y in eq:
        assert is_equilibrium(A, B, x, y) and sum(x) == approx(1) and sum(y) == approx(1)
    for i, j in pure_equilibria(A, B):                      # every pure one is among them
        assert any(x[i] == 1 and y[j] == 1 for x, y in eq)


def _exact_equilibria_2x2(A, B):
    """All equilibria of a nondegenerate 2x2 game, independently: every candidate probability (0, 1 and
    each player's indifference point) for both players, checked in exact arithmetic."""
    (a, b), (c, d) = [[Fraction(v) for v in r] for r in A]
    (e, f), (g, h) = [[Fraction(v) for v in r] for r in B]
    ps, qs = {Fraction(0), Fraction(1)}, {Fraction(0), Fraction(1)}
    if e - f - g + h:
        ps.add((h - g) / (e - f - g + h))
    if a - b - c + d:
        qs.add((d - b) / (a - b - c + d))
    found = []
    for p, q in itertools.product(ps, qs):
        if not (0 <= p <= 1 and 0 <= q <= 1):
            continue
        x, y = (p, 1 - p), (q, 1 - q)
        row = [a * q + b * (1 - q), c * q + d * (1 - q)]
        col = [e * p + g * (1 - p), f * p + h * (1 - p)]
        if x[0] * row[0] + x[1] * row[1] == max(row) and y[0] * col[0] + y[1] * col[1] == max(col):
            found.append((float(p), float(q)))
    return sorted(found)


@given(st.lists(st.integers(-5, 5), min_size=8, max_size=8))
def test_no_equilibrium_of_a_2x2_game_is_missed(v):
    A, B = [v[0:2], v[2:4]], [v[4:6], v[6:8]]
    # nondegenerate: no player is ever indifferent between its two actions against a pure one
    assume(A[0][0] != A[1][0] and A[0][1] != A[1][1] and B[0][0] != B[0][1] and B[1][0] != B[1][1])
    eq = nash_equilibria(A, B)
    got, exact = sorted((x[0], y[0]) for x, y in eq), _exact_equilibria_2x2(A, B)
    assert len(got) == len(exact) and np.allclose(got, exact, atol=1e-9)
    assert len(eq) % 2 == 1                                  # an odd number, as for every nondegenerate game


# -- bad input -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("payoffs, message", [
    ([[1, 2], [3]], r"row_payoffs is ragged: row 0 has 2 entries and row 1 has 1"),
    ([[1, float("nan")]], r"row_payoffs\[0\]\[1\] is nan: payoffs must be finite real numbers \(NaN"),
    ([[1, float("inf")]], r"row_payoffs\[0\]\[1\] is inf"),
    ([[1, "2"]], r"row_payoffs\[0\]\[1\] is '2'"),
    ([[True, 1]], r"row_payoffs\[0\]\[0\] is True"),
    ([], r"row_payoffs must be a matrix"),
    ([[]], r"row_payoffs: row 0 is empty"),
    ([1, 2], r"row_payoffs must be a matrix"),
    (np.zeros((2, 2, 2)), r"row_payoffs must be a matrix"),
])
def test_bad_payoffs_are_named(payoffs, message):
    with pytest.raises(ArgumentError, match=message):
        payoff_matrix(payoffs, "row_payoffs")
    with pytest.raises(ArgumentError, match=message.replace("row_payoffs", "(row_)?payoffs")):
        nash_equilibria(payoffs, [[0]])


def test_other_bad_input():
    with pytest.raises(ArgumentError, match=r"payoffs\[1\]\[0\] is nan"):
        solve_zero_sum([[1, 2], [float("nan"), 0]])
    with pytest.raises(ArgumentError, match=r"row_payoffs is 1×2 but col_payoffs is 2×2"):
        nash_equilibria([[1, 2]], [[1, 2], [3, 4]])
    with pytest.raises(ArgumentError, match=r"row_strategy must be a mixed strategy over 2 actions"):
        row_guarantee(MORRA, (0.5, 0.6))
    with pytest.raises(ArgumentError, match=r"col_strategy must be a mixed strategy over 2 actions"):
        col_guarantee(MORRA, (1,))
    with pytest.raises(ArgumentError, match="player must be one of"):
        best_responses(MORRA, (1, 0), player="both")
    with pytest.raises(ArgumentError, match="mixed_2x2 is for 2×2 games"):
        mixed_2x2(ROCK_PAPER_SCISSORS.row_payoffs, ROCK_PAPER_SCISSORS.col_payoffs)
    with pytest.raises(TooLargeError, match="max_supports"):
        nash_equilibria(np.eye(12), np.eye(12), max_supports=1000)


def test_a_degenerate_game_lists_its_pure_equilibria():
    zeros = [[0, 0], [0, 0]]                     # everything is an equilibrium; the corners are listed
    assert [tuple(map(tuple, e)) for e in nash_equilibria(zeros, zeros)] == [
        ((1.0, 0.0), (1.0, 0.0)), ((1.0, 0.0), (0.0, 1.0)), ((0.0, 1.0), (1.0, 0.0)), ((0.0, 1.0), (0.0, 1.0))]
