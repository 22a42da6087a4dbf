"""Simultaneous games: the value of zero-sum matrix games by LP (CS221's two-finger Morra,
rock-paper-scissors), von Neumann's minimax theorem, best responses and Nash equilibria: every extreme
one, checked against an exact brute force of our own, and continua of them said so (issue 21); the
matrix games' catalogue (gamelib/games/matrix_games.py); and bad input refused, named."""
import itertools
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamelib import ArgumentError, GameTree, TooLargeError, minimax
from gamelib.games import MATRIX_GAMES, MatrixGame
from gamelib.games.matrix_games import (BATTLE_OF_THE_SEXES, COLLABORATIVE_MORRA, MATCHING_PENNIES,
                                        PRISONERS_DILEMMA, ROCK_PAPER_SCISSORS, TWO_FINGER_MORRA, zero_sum)
from gamelib.normal_form import (MAX_PAYOFF, Equilibria, NashSubset, best_responses, col_guarantee, exact_matrix,
                                 expected_payoffs, is_equilibrium, mixed_2x2, nash_equilibria, payoff_matrix,
                                 payoff_rows, pure_equilibria, pure_maximin, pure_minimax, row_guarantee,
                                 solve_zero_sum, strategy)

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


    with pytest.raises(ArgumentError, match=r"mixed_2x2 is for 2×2 games, got 1×2"):
        mixed_2x2([[1, 2]], [[1, 2]])


# -- every extreme equilibrium, exactly (issue 21) --------------------------------------------------------
#
# The reference below is written independently of gamelib.normal_form: a strategy is a point of the
# simplex (not of a best-response polytope), pinned down by some actions left unplayed and some of the
# opponent's replies made equally good, solved by Cramer's rule with determinants by Bareiss elimination;
# a pair is an equilibrium if each plays only best replies to the other, checked exactly.

def _det(M):
    """The determinant of a square matrix of Fractions (Bareiss' fraction-free elimination)."""
    M = [list(r) for r in M]
    n = len(M)
    sign, prev = 1, Fraction(1)
    for k in range(n - 1):
        if M[k][k] == 0:
            swap = next((r for r in range(k + 1, n) if M[r][k] != 0), None)
            if swap is None:
                return Fraction(0)
            M[k], M[swap] = M[swap], M[k]
            sign = -sign
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                M[i][j] = (M[i][j] * M[k][k] - M[i][k] * M[k][j]) / prev
        prev = M[k][k]
    return sign * M[n - 1][n - 1]


def _cramer(M, rhs):
    d = _det(M)
    if d == 0:
        return None
    return [_det([row[:c] + [b] + row[c + 1:] for row, b in zip(M, rhs)]) / d for c in range(len(M))]


def _extreme_strategies(payoff_of):
    """A player's candidate extreme strategies; ``payoff_of[a][b]`` is the opponent's payoff for its
    action b when this player plays a.  Every point z of the simplex that is the only solution of: the
    actions S unplayed, the opponent's actions J (non-empty) equally good, |S| + |J| = this player's
    number of actions; kept if z >= 0 and the actions of J are the opponent's best replies to z."""
    d, r = len(payoff_of), len(payoff_of[0])
    found = set()
    for size_j in range(1, min(d, r) + 1):
        for S in itertools.combinations(range(d), d - size_j):
            for J in itertools.combinations(range(r), size_j):
                rows = [[Fraction(int(k == s)) for k in range(d)] for s in S]
                rows += [[payoff_of[k][j] - payoff_of[k][J[0]] for k in range(d)] for j in J[1:]]
                rows.append([Fraction(1)] * d)
                z = _cramer(rows, [Fraction(0)] * (d - 1) + [Fraction(1)])
                if z is None or min(z) < 0:
                    continue
                values = [sum(z[k] * payoff_of[k][b] for k in range(d)) for b in range(r)]
                if all(values[j] == max(values) for j in J):
                    found.add(tuple(z))
    return found


def reference_extreme_equilibria(A, B):
    """(every extreme equilibrium as a sorted list of pairs of Fraction tuples, infinitely many?)."""
    A = [[Fraction(v) for v in row] for row in A]
    B = [[Fraction(v) for v in row] for row in B]
    m, n = len(A), len(A[0])
    equilibria = []
    for x in _extreme_strategies(B):
        col_values = [sum(x[i] * B[i][j] for i in range(m)) for j in range(n)]
        for y in _extreme_strategies([list(col) for col in zip(*A)]):
            row_values = [sum(A[i][j] * y[j] for j in range(n)) for i in range(m)]
            if all(row_values[i] == max(row_values) for i in range(m) if x[i]) \
                    and all(col_values[j] == max(col_values) for j in range(n) if y[j]):
                equilibria.append((x, y))
    equilibria.sort()
    # finitely many exactly when no extreme strategy is in two extreme equilibria (a matching)
    continuum = len({x for x, _ in equilibria}) < len(equilibria) or len({y for _, y in equilibria}) < len(equilibria)
    return equilibria, continuum


def test_the_smallest_miss_of_issue_21_is_found_and_the_segment_said():
    A, B = [[0, 0], [0, 1]], [[0, 1], [3, 2]]
    eq = nash_equilibria(A, B)
    assert eq == [((0.0, 1.0), (1.0, 0.0)), ((0.5, 0.5), (1.0, 0.0))]          # the second was missed
    assert isinstance(eq, Equilibria) and eq.continuum and eq.degenerate
    (segment,) = eq.nash_subsets
    assert segment.kind == "segment" and segment == NashSubset(((0.0, 1.0), (0.5, 0.5)), ((1.0, 0.0),))
    assert segment.ends() == (((0.0, 1.0), (1.0, 0.0)), ((0.5, 0.5), (1.0, 0.0)))
    for p in np.linspace(0.5, 1, 7):                       # every point between is an equilibrium
        assert is_equilibrium(A, B, (1 - p, p), (1, 0))
    assert not is_equilibrium(A, B, (0.6, 0.4), (1, 0))    # and none beyond the end
    exact = nash_equilibria(A, B, exact=True)
    assert exact == [((0, 1), (1, 0)), ((Fraction(1, 2), Fraction(1, 2)), (1, 0))]
    assert all(isinstance(p, Fraction) for x, y in exact for p in x + y)
    assert exact.describe() == (
        "infinitely many Nash equilibria, 2 extreme ones:\n"
        "  row (0, 1), column (1, 0)\n"
        "  row (1/2, 1/2), column (1, 0)\n"
        "every mix within each of these sets is an equilibrium too:\n"
        "  the segment from row (0, 1), column (1, 0) to row (1/2, 1/2), column (1, 0)")
    with pytest.raises(ArgumentError, match="ends\\(\\) is for a 'segment' Nash subset, this one is a 'point'"):
        nash_equilibria(*PRISONERS_DILEMMA[3:]).nash_subsets[0].ends()


def test_a_game_of_zeros_is_one_box_of_equilibria():
    zeros = [[0, 0], [0, 0]]                     # everything is an equilibrium: the four corners span it
    eq = nash_equilibria(zeros, zeros)
    assert eq == [((1.0, 0.0), (1.0, 0.0)), ((1.0, 0.0), (0.0, 1.0)), ((0.0, 1.0), (1.0, 0.0)),
                  ((0.0, 1.0), (0.0, 1.0))]
    assert eq.continuum and [s.kind for s in eq.nash_subsets] == ["set"]
    assert eq.nash_subsets[0] == NashSubset(((1.0, 0.0), (0.0, 1.0)), ((1.0, 0.0), (0.0, 1.0)))
    assert "every mix of row (1, 0) and (0, 1) against every mix of column (1, 0) and (0, 1)" in eq.describe()


def test_finitely_many_equilibria_are_points_and_said_so():
    g = COLLABORATIVE_MORRA
    eq = nash_equilibria(g.row_payoffs, g.col_payoffs)
    assert not eq.continuum and not eq.degenerate and [s.kind for s in eq.nash_subsets] == ["point"] * 3
    assert eq.describe().splitlines() == ["3 Nash equilibria:", "  row (1, 0), column (1, 0)",
                                          "  row (0, 1), column (0, 1)", "  row (7/12, 5/12), column (7/12, 5/12)"]
    assert nash_equilibria(g.row_payoffs, g.col_payoffs, exact=True)[2] == ((Fraction(7, 12), Fraction(5, 12)),) * 2
    copy = Equilibria(eq)                                 # copied as a list is: its attributes too
    assert copy == eq and copy.nash_subsets == eq.nash_subsets and copy.degenerate == eq.degenerate


def test_one_by_n_and_two_segments_meeting_at_a_corner():
    assert nash_equilibria([[1]], [[2]]) == [((1.0,), (1.0,))]
    eq = nash_equilibria([[5, 5, 5]], [[1, 3, 3]])             # the column player is indifferent between two
    assert eq == [((1.0,), (0.0, 1.0, 0.0)), ((1.0,), (0.0, 0.0, 1.0))] and eq.continuum
    eq = nash_equilibria([[1, 1], [0, 1]], [[1, 1], [0, 1]])
    assert [s.kind for s in eq.nash_subsets] == ["segment", "segment"] and len(eq) == 3


def _games(sizes=st.integers(2, 4), entries=st.integers(-3, 3)):
    return st.tuples(sizes, sizes).flatmap(lambda mn: st.tuples(
        *(st.lists(st.lists(entries, min_size=mn[1], max_size=mn[1]), min_size=mn[0], max_size=mn[0]),) * 2))


@settings(max_examples=100, deadline=None)
@given(_games())
def test_every_extreme_equilibrium_is_found_as_the_brute_force_finds_it(game):
    """Integer payoffs in -3..3 make most of these games degenerate: ties everywhere."""
    A, B = game
    eq = nash_equilibria(A, B, exact=True)
    expected, continuum = reference_extreme_equilibria(A, B)
    assert sorted(eq) == expected and len(set(eq)) == len(eq)
    assert eq.continuum == continuum
    assert eq == nash_equilibria(A, B, exact=True)                             # a stable order
    assert nash_equilibria(A, B) == [(tuple(map(float, x)), tuple(map(float, y))) for x, y in eq]
    if not eq.degenerate:                     # a nondegenerate game: finitely many, an odd number
        assert not eq.continuum and len(eq) % 2 == 1
    # every extreme equilibrium is in a Nash subset, and every mix within a subset is an equilibrium
    assert {(x, y) for s in eq.nash_subsets for x in s.rows for y in s.cols} == set(eq)
    for s in eq.nash_subsets:
        x = [sum(col) / len(s.rows) for col in zip(*s.rows)]
        y = [sum(col) / len(s.cols) for col in zip(*s.cols)]
        assert _exactly_an_equilibrium(A, B, x, y)


def _exactly_an_equilibrium(A, B, x, y):
    row = [sum(a * q for a, q in zip(r, y)) for r in A]
    col = [sum(B[i][j] * x[i] for i in range(len(x))) for j in range(len(y))]
    return all(row[i] == max(row) for i in range(len(x)) if x[i]) and all(col[j] == max(col) for j in range(len(y))
                                                                          if y[j])


@settings(max_examples=40, deadline=None)
@given(_games(entries=st.integers(-5, 5)), st.integers(-20, 20), st.sampled_from([Fraction(1, 10 ** 9), 7, 10 ** 9]))
def test_equilibria_do_not_change_when_payoffs_are_shifted_or_scaled(game, shift, scale):
    A, B = game
    moved = [[v * scale + shift for v in row] for row in A]
    assert nash_equilibria(moved, B, exact=True) == nash_equilibria(A, B, exact=True)


def test_floats_are_read_as_the_decimals_they_print():
    """0.1 + 0.2 == 0.3 for the payoffs typed as 0.1, 0.2 and 0.3: against (1/2, 1/2) the third row ties
    with the first two exactly as 1, 2 and 3/2 would, so the game is degenerate as typed."""
    A_typed = [[0.1, 0.2], [0.2, 0.1], [0.15, 0.15]]
    A_whole = [[2, 4], [4, 2], [3, 3]]
    B = [[1, 0], [0, 1], [0, 0]]
    assert nash_equilibria(A_typed, B, exact=True) == nash_equilibria(A_whole, B, exact=True)
    assert nash_equilibria(A_typed, B).degenerate
    assert exact_matrix([[0.1, -0.0, 3, Fraction(1, 3)]]) == [[Fraction(1, 10), 0, 3, Fraction(1, 3)]]
    assert payoff_rows(np.array([[1, 2]])) == ((1, 2),) and type(payoff_rows(np.array([[1, 2]]))[0][0]) is int
    assert str(payoff_rows([[-0.0]])[0][0]) == "0.0"


def test_the_size_guard_and_its_argument():
    for bad in ("x", -1, 0, 1.5, True, float("nan")):
        with pytest.raises(ArgumentError, match=re.escape(f"max_supports must be a whole number >= 1, got {bad!r} "
                                                          "(None is allowed too)")):
            nash_equilibria([[1, 2], [3, 4]], [[1, 2], [3, 4]], max_supports=bad)
    with pytest.raises(TooLargeError, match="the number of support pairs of a 2×2 game is 5, more than max_supports=4"):
        nash_equilibria([[1, 2], [3, 4]], [[1, 2], [3, 4]], max_supports=4)
    assert len(nash_equilibria([[1, 2], [3, 4]], [[1, 2], [3, 4]], max_supports=5)) == 1
    assert len(nash_equilibria(np.eye(6), np.eye(6), max_supports=None)) == 2 ** 6 - 1     # 6 × 6 coordination
    for bad in ("yes", 1, None):
        with pytest.raises(ArgumentError, match=re.escape(f"exact must be True or False, got {bad!r}")):
            nash_equilibria([[1]], [[1]], exact=bad)


# -- zero-sum games at every scale --------------------------------------------------------------------------

@pytest.mark.parametrize("scale", [1e-300, 1e-9, 1, 1e9, 1e15])
def test_matching_pennies_is_solved_at_every_scale(scale):
    """Issue 21: scaled by 1e-9, every payoff was within the LP solver's tolerance of 0 and a pure
    strategy came back.  The LP now solves the payoffs rescaled to [0, 1]."""
    P = [[scale, -scale], [-scale, scale]]
    s = solve_zero_sum(P)
    assert s == (0.0, (0.5, 0.5), (0.5, 0.5))
    assert best_responses(P, (0.5, 0.5)) == (0, 1) and best_responses(P, (0.6, 0.4)) == (0,)
    assert not is_equilibrium(P, [[-v for v in r] for r in P], (1, 0), (1, 0))
    assert is_equilibrium(P, [[-v for v in r] for r in P], (0.5, 0.5), (0.5, 0.5))


def test_the_lp_answer_is_exact_when_it_can_be_certified():
    s = solve_zero_sum(TWO_FINGER_MORRA.row_payoffs)
    assert s.value == float(Fraction(-1, 12)) and s.row_strategy == (float(Fraction(7, 12)), float(Fraction(5, 12)))
    assert solve_zero_sum([[7]]) == (7.0, (1.0,), (1.0,))
    assert solve_zero_sum([[2, 2], [2, 2]]) == (2.0, (1.0, 0.0), (1.0, 0.0))       # every strategy is optimal


@settings(max_examples=60, deadline=None)
@given(_games(sizes=st.integers(1, 4), entries=st.integers(-5, 5)))
def test_the_lp_value_is_the_exact_value_of_the_game(game):
    A = game[0]
    value = {sum(x[i] * A[i][j] * y[j] for i in range(len(x)) for j in range(len(y)))
             for x, y in nash_equilibria(A, [[-v for v in r] for r in A], exact=True)}
    assert len(value) == 1                                 # every equilibrium of a zero-sum game: one value
    s = solve_zero_sum(A)
    assert s.value == pytest.approx(float(value.pop()), abs=1e-9)
    tiny = solve_zero_sum([[v * 1e-9 for v in r] for r in A])               # the same game in billionths
    assert row_guarantee(A, tiny.row_strategy) == pytest.approx(s.value, abs=1e-6)
    assert col_guarantee(A, tiny.col_strategy) == pytest.approx(s.value, abs=1e-6)


# -- best responses and tolerances --------------------------------------------------------------------------

@pytest.mark.parametrize("tol", [-1, -1e-12, float("nan"), float("inf"), "x", True, None, 2])
def test_a_tolerance_must_be_a_fraction_of_the_payoff_range(tol):
    """Issue 21: tol=-1 gave no best response at all."""
    message = re.escape(f"tol must be a fraction of the payoff range (a finite number) >= 0 and <= 1, got {tol!r}")
    with pytest.raises(ArgumentError, match=message):
        best_responses(MORRA, (0.5, 0.5), tol=tol)
    with pytest.raises(ArgumentError, match=message):
        is_equilibrium(MORRA, MORRA, (1, 0), (1, 0), tol=tol)


def test_best_responses_ties_and_tolerance():
    assert best_responses([[1, 1], [2, 0]], (0.5, 0.5), tol=0) == (0, 1)            # an exact tie
    assert best_responses([[1, 1], [2, 0]], (0.51, 0.49), tol=0) == (1,)
    assert best_responses([[1, 1], [2, 0]], (0.51, 0.49), tol=0.01) == (0, 1)        # 1 % of the range
    assert best_responses([[3, 3], [3, 3]], (0.3, 0.7)) == (0, 1)                    # all equal: all best


@pytest.mark.parametrize("x, message", [
    (None, r"row_strategy must be a mixed strategy over 2 actions: 2 probabilities >= 0 that sum to 1, got None"),
    ([0.5], r"over 2 actions.*got \[0.5\]$"),
    ([0.5, 0.6], r"got \[0.5, 0.6\] \(they sum to 1.1\)"),
    ([1.5, -0.5], r"\(row_strategy\[1\] is -0.5\)"),
    (["0.5", "0.5"], r"\(row_strategy\[0\] is '0.5'\)"),
    ([True, False], r"\(row_strategy\[0\] is True\)"),
    ([float("nan"), 1], r"\(row_strategy\[0\] is nan\)"),
    ([10 ** 400, 0], r"\(row_strategy\[0\] is 1000"),
    (np.array([[0.5, 0.5]]), r"got array"),
    ("ab", r"got 'ab'"),
])
def test_bad_strategies_are_named(x, message):
    with pytest.raises(ArgumentError, match=message):
        row_guarantee(MORRA, x)
    with pytest.raises(ArgumentError, match=message.replace("row_strategy", "(row_strategy|opponent_strategy)")):
        best_responses(MORRA, x, player="col")
    assert strategy(np.array([0.5, 0.5]), 2).tolist() == [0.5, 0.5]


# -- payoffs that cannot be used, refused by every function -------------------------------------------------

def _every_entry(M):
    """Every public function of normal_form, given M as (one of) its payoffs."""
    good = [[1, 2], [3, 4]]
    return [lambda: payoff_matrix(M, "row_payoffs"), lambda: solve_zero_sum(M), lambda: pure_maximin(M),
            lambda: pure_minimax(M), lambda: row_guarantee(M, (0.5, 0.5)), lambda: col_guarantee(M, (0.5, 0.5)),
            lambda: best_responses(M, (0.5, 0.5)), lambda: nash_equilibria(M, good),
            lambda: nash_equilibria(good, M), lambda: pure_equilibria(M, good), lambda: mixed_2x2(good, M),
            lambda: is_equilibrium(M, good, (1, 0), (1, 0)), lambda: expected_payoffs(good, M, (1, 0), (1, 0)),
            lambda: exact_matrix(M), lambda: payoff_rows(M),
            lambda: MatrixGame("g", ("a", "b"), ("c", "d"), M, good), lambda: zero_sum("g", "ab", "cd", M)]


@pytest.mark.parametrize("payoffs, message", [
    ([[10 ** 400, 1], [0, 1]], r"\[0\]\[0\] is 1000.*: payoffs must be finite real numbers"),
    ([[1e16, 1], [0, 1]], r"\[0\]\[0\] is 1e\+16, too large: payoffs must be at most 1e\+15 in size"),
    ([[Fraction(10 ** 20), 1]], r"\[0\]\[0\] is Fraction\(100000000000000000000, 1\), too large"),
    ([[None, 1]], r"\[0\]\[0\] is None: payoffs must be finite real numbers"),
    ([[1 + 2j, 1]], r"\[0\]\[0\] is \(1\+2j\)"),
    ([[np.bool_(True), 1]], r"\[0\]\[0\] is np.True_"),
    ([[[1], [2]]], r"\[0\]\[0\] is \[1\]"),
    (np.array([["a", "b"]]), r"\[0\]\[0\] is 'a'"),
    (np.zeros((0, 2)), r"must be a matrix: a non-empty list of rows"),
    (None, r"must be a matrix"),
    ("abc", r"must be a matrix"),
    ({"a": 1}, r"must be a matrix"),
])
def test_every_function_refuses_payoffs_it_cannot_use(payoffs, message):
    """Issue 21: solve_zero_sum([[10**400, 1], [0, 1]]) gave an OverflowError."""
    for call in _every_entry(payoffs):
        with pytest.raises(ArgumentError, match=message):
            call()


def test_other_arguments_are_checked():
    with pytest.raises(ArgumentError, match="name must be a string"):
        payoff_matrix([[1]], name=5)
    with pytest.raises(ArgumentError, match=r"player must be one of \['row', 'col'\], got 'both'"):
        best_responses(MORRA, (1, 0), player="both")
    with pytest.raises(ArgumentError, match=r"row_payoffs is 2×2 but col_payoffs is 2×3"):
        is_equilibrium(MORRA, [[1, 2, 3]] * 2, (1, 0), (1, 0))
    assert payoff_matrix([[MAX_PAYOFF, -MAX_PAYOFF]]).tolist() == [[1e15, -1e15]]     # the largest accepted


# -- the catalogue of matrix games ---------------------------------------------------------------------------
