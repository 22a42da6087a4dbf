"""Simultaneous-move (normal-form) games: payoff matrices, mixed strategies, the value of a zero-sum game
by linear programming, best responses and Nash equilibria (CS221 *Games II*; AIMA 4th ed. §18.2).

Two players choose at the same time: the **row player** one of m actions, the **column player** one of
n.  ``row_payoffs[i][j]`` is what the row player gets when it plays i and the column player j;
``col_payoffs[i][j]`` what the column player gets (zero-sum: ``col_payoffs = -row_payoffs``).  A
**mixed strategy** is a probability vector over one's actions; with x for the row player and y for the
column player, the row player expects ``x · A · y`` (CS221's game evaluation V(π_A, π_B)).

* Zero-sum: :func:`solve_zero_sum` (the LP), :func:`row_guarantee` / :func:`col_guarantee` (what revealing
  a mixed strategy first guarantees), :func:`pure_maximin` / :func:`pure_minimax` (revealing a pure one).
  Von Neumann's minimax theorem: max_x min_y x·A·y = min_y max_x x·A·y, so revealing an *optimal mixed*
  strategy first costs nothing, while revealing a pure one can (pure maximin <= value <= pure minimax).
* Any game: :func:`best_responses`, :func:`pure_equilibria`, :func:`nash_equilibria`,
  :func:`is_equilibrium` (no player gains by deviating), :func:`expected_payoffs`.

Payoffs are checked where they enter (:func:`payoff_matrix`): a ragged matrix, a NaN or an infinite
payoff, or two matrices of different shapes raise :class:`~gamelib.core.ArgumentError` naming the cell.
Strategies come back as tuples of floats.
"""
from __future__ import annotations

import itertools
import math
import numbers
from typing import NamedTuple

import numpy as np

from .core import ArgumentError
from .validate import choice, guard_size, number

TOL = 1e-9
"""Tolerance of every comparison of payoffs here (best responses, equilibrium checks)."""


# ---------------------------------------------------------------------------------------------------
# Checking what comes in
# ---------------------------------------------------------------------------------------------------

def payoff_matrix(payoffs, name: str = "payoffs") -> np.ndarray:
    """``payoffs`` as an m × n float array (m, n >= 1), every entry a finite real number; else
    :class:`~gamelib.core.ArgumentError` naming ``name`` and the row or cell at fault."""
    if isinstance(payoffs, np.ndarray):
        rows = payoffs.tolist() if payoffs.ndim == 2 else None
    elif isinstance(payoffs, (list, tuple)):
        rows = list(payoffs)
    else:
        rows = None
    if not rows or any(not isinstance(r, (list, tuple)) for r in rows):
        raise ArgumentError(f"{name} must be a matrix: a non-empty list of rows, each a list of numbers, "
                            f"got {payoffs!r}")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if not row:
            raise ArgumentError(f"{name}: row {i} is empty; every row needs one payoff per column action")
        if len(row) != width:
            raise ArgumentError(f"{name} is ragged: row 0 has {width} entries and row {i} has {len(row)}; "
                                "every row needs one payoff per column action")
        for j, v in enumerate(row):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real) or not math.isfinite(v):
                raise ArgumentError(f"{name}[{i}][{j}] is {v!r}: payoffs must be finite real numbers"
                                    + (" (NaN compares False with everything, so no best response could "
                                       "be trusted)" if isinstance(v, numbers.Real) and v != v else ""))
    return np.array(rows, dtype=float)


def bimatrix(row_payoffs, col_payoffs) -> tuple[np.ndarray, np.ndarray]:
    """Both players' payoff matrices, checked, of the same shape."""
    A = payoff_matrix(row_payoffs, "row_payoffs")
    B = payoff_matrix(col_payoffs, "col_payoffs")
    if A.shape != B.shape:
        raise ArgumentError(f"row_payoffs is {A.shape[0]}×{A.shape[1]} but col_payoffs is "
                            f"{B.shape[0]}×{B.shape[1]}: both give a payoff for every pair of actions")
    return A, B


def strategy(x, size: int, name: str = "strategy") -> np.ndarray:
    """``x`` as a probability vector over ``size`` actions (non-negative, summing to 1 within 1e-9)."""
    try:
        v = np.array(x, dtype=float)
    except (TypeError, ValueError):
        v = None
    if v is None or v.shape != (size,) or not np.all(np.isfinite(v)) or np.any(v < -TOL) \
            or abs(v.sum() - 1) > 1e-9:
        raise ArgumentError(f"{name} must be a mixed strategy over {size} actions: {size} probabilities "
                            f">= 0 that sum to 1, got {x!r}")
    return np.clip(v, 0.0, None)


def _clean(v) -> tuple:
    """A probability vector with solver noise removed: tiny negatives to 0, renormalized."""
    v = np.where(np.abs(v) < 1e-12, 0.0, np.asarray(v, dtype=float))
    v = np.clip(v, 0.0, None)
    return tuple(float(p) for p in v / v.sum())


# ---------------------------------------------------------------------------------------------------
# Zero-sum games
# ---------------------------------------------------------------------------------------------------

def expected_payoffs(row_payoffs, col_payoffs, row_strategy, col_strategy) -> tuple[float, float]:
    """(x·A·y, x·B·y): what each player expects when they play these mixed strategies."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    x = strategy(row_strategy, A.shape[0], "row_strategy")
    y = strategy(col_strategy, A.shape[1], "col_strategy")
    return float(x @ A @ y), float(x @ B @ y)


def row_guarantee(payoffs, row_strategy) -> float:
    """min_j (x·A)_j: what the row player gets for sure if it reveals the mixed strategy x first and the
    column player answers with its best reply (a pure one always suffices: CS221's "second player can
    play pure strategy")."""
    A = payoff_matrix(payoffs)
    return float((strategy(row_strategy, A.shape[0], "row_strategy") @ A).min())


def col_guarantee(payoffs, col_strategy) -> float:
    """max_i (A·y)_i: the most the row player can get if the column player reveals y first."""
    A = payoff_matrix(payoffs)
    return float((A @ strategy(col_strategy, A.shape[1], "col_strategy")).max())


def pure_maximin(payoffs) -> tuple[float, int]:
    """(max_i min_j A[i][j], i): the row player reveals a *pure* action first (the game tree where the
    row player moves first and the column player sees it; ``minimax(GameTree.from_nested(A))``)."""
    A = payoff_matrix(payoffs)
    worst = A.min(axis=1)
    return float(worst.max()), int(worst.argmax())


def pure_minimax(payoffs) -> tuple[float, int]:
    """(min_j max_i A[i][j], j): the column player reveals a pure action first."""
    A = payoff_matrix(payoffs)
    best = A.max(axis=0)
    return float(best.min()), int(best.argmin())


class ZeroSumSolution(NamedTuple):
    """The solution of a zero-sum matrix game: its ``value`` for the row player and optimal mixed
    strategies for both players (tuples of probabilities)."""

    value: float
    row_strategy: tuple
    col_strategy: tuple


def solve_zero_sum(payoffs) -> ZeroSumSolution:
    """The value of the zero-sum game with the row player's ``payoffs`` A (m × n) and optimal mixed
    strategies for both players, by linear programming (scipy's ``linprog``, HiGHS).

    The row player reveals x first and the column player answers with the pure action worst for it, so
    the row player solves

        maximize v  over x ∈ R^m, v ∈ R
        subject to  Σ_i x_i A[i][j] >= v   for every column j
                    Σ_i x_i = 1,  x >= 0

    and the column player, revealing y first, solves

        minimize w  over y ∈ R^n, w ∈ R
        subject to  Σ_j A[i][j] y_j <= w   for every row i
                    Σ_j y_j = 1,  y >= 0.

    The two programs are each other's LP duals, so v = w: von Neumann's minimax theorem (1928).  Both
    are solved, the solver's status is checked, and both players' guarantees (:func:`row_guarantee`
    of x and :func:`col_guarantee` of y) are asserted equal to the value.
    """
    from scipy.optimize import linprog

    A = payoff_matrix(payoffs)
    m, n = A.shape
    # Row player: variables (x_1..x_m, v); minimize -v; v - x·A[:, j] <= 0 for each j.
    row = linprog(c=np.r_[np.zeros(m), -1.0], A_ub=np.c_[-A.T, np.ones(n)], b_ub=np.zeros(n),
                  A_eq=np.r_[np.ones(m), 0.0].reshape(1, -1), b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    # Column player: variables (y_1..y_n, w); minimize w; A[i, :]·y - w <= 0 for each i.
    col = linprog(c=np.r_[np.zeros(n), 1.0], A_ub=np.c_[A, -np.ones(m)], b_ub=np.zeros(m),
                  A_eq=np.r_[np.ones(n), 0.0].reshape(1, -1), b_eq=[1.0],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    for who, res in (("row", row), ("column", col)):
        if res.status != 0:
            raise RuntimeError(f"linprog could not solve the {who} player's LP (status {res.status}: "
                               f"{res.message})")
    x, y = _clean(row.x[:m]), _clean(col.x[:n])
    v, w = float(row.x[m]), float(col.x[n])
    scale = 1e-7 * (1 + float(np.abs(A).max()))
    guarantees = (row_guarantee(A, x), col_guarantee(A, y))
    if abs(v - w) > scale or any(abs(g - v) > scale for g in guarantees):
        raise RuntimeError(f"the two LPs disagree: row value {v}, column value {w}, guarantees "
                           f"{guarantees} (the minimax theorem says they are equal)")
    return ZeroSumSolution(v + 0.0, x, y)          # + 0.0: never a negative zero


# ---------------------------------------------------------------------------------------------------
# Any two-player game: best responses and Nash equilibria
# ---------------------------------------------------------------------------------------------------

def best_responses(payoffs, opponent_strategy, player: str = "row", tol: float = TOL) -> tuple:
    """The pure best responses of ``player`` ('row' or 'col', whose own payoff matrix ``payoffs`` is,
    rows always indexed by the row player's actions) to the opponent's mixed strategy: every action
    whose expected payoff is within ``tol`` of the best."""
    choice("player", player, ("row", "col"))
    A = payoff_matrix(payoffs)
    if player == "row":
        values = A @ strategy(opponent_strategy, A.shape[1], "opponent_strategy")
    else:
        values = strategy(opponent_strategy, A.shape[0], "opponent_strategy") @ A
    return tuple(int(k) for k in np.flatnonzero(values >= values.max() - tol))


def is_equilibrium(row_payoffs, col_payoffs, row_strategy, col_strategy, tol: float = 1e-7) -> bool:
    """Is (x, y) a Nash equilibrium: can neither player gain more than ``tol`` by deviating alone?  It is
    enough to try every pure deviation (a mixed one is an average of pure ones)."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    x = strategy(row_strategy, A.shape[0], "row_strategy")
    y = strategy(col_strategy, A.shape[1], "col_strategy")
    number("tol", tol, least=0)
    return bool((A @ y).max() <= x @ A @ y + tol and (x @ B).max() <= x @ B @ y + tol)


def pure_equilibria(row_payoffs, col_payoffs) -> list[tuple[int, int]]:
    """Every pure Nash equilibrium (i, j), row by row: i is a best reply to j and j to i."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    return [(i, j) for i in range(A.shape[0]) for j in range(A.shape[1])
            if A[i, j] >= A[:, j].max() - TOL and B[i, j] >= B[i, :].max() - TOL]


def mixed_2x2(row_payoffs, col_payoffs):
    """The completely mixed equilibrium of a 2 × 2 game in closed form, or None if there is none.

    With A = [[a, b], [c, d]] the row player is indifferent when the column player plays its first
    action with probability q = (d − b) / (a − b − c + d); with B = [[e, f], [g, h]] the column player
    is indifferent when the row player plays its first with p = (h − g) / (e − f − g + h).  Each player
    mixes so as to make the *other* indifferent.  Both must lie strictly between 0 and 1."""
    A, B = bimatrix(row_payoffs, col_payoffs)
    if A.shape != (2, 2):
        raise ArgumentError(f"mixed_2x2 is for 2×2 games, got {A.shape[0]}×{A.shape[1]}")
    (a, b), (c, d) = A
    (e, f), (g, h) = B
    den_q, den_p = a - b - c + d, e - f - g + h
    if abs(den_q) < TOL or abs(den_p) < TOL:
        return None
    q, p = (d - b) / den_q, (h - g) / den_p
    if not (TOL < p < 1 - TOL and TOL < q < 1 - TOL):
        return None
    return (p, 1 - p), (q, 1 - q)


MAX_SUPPORTS = 100_000
"""The size guard of :func:`nash_equilibria`: pairs of supports it may try (C(m + n, m) − 1 of them)."""


def nash_equilibria(row_payoffs, col_payoffs, *, max_supports: int | None = MAX_SUPPORTS) -> list[tuple]:
    """The Nash equilibria of a two-player game as ``(row_strategy, col_strategy)`` pairs of tuples.

    First every pure equilibrium (:func:`pure_equilibria`); then, for a 2 × 2 game, the completely mixed
    one in closed form (:func:`mixed_2x2`); for larger games, **support enumeration**: for each pair of
    supports I (rows) and J (columns) of equal size k >= 2, solve for the y on J that makes the row
    player indifferent among I and the x on I that makes the column player indifferent among J, and
    keep them if they are probabilities and no action outside the supports does better.  Every
    equilibrium reported is checked by :func:`is_equilibrium` (no profitable deviation).

    For a nondegenerate game (the usual case; random payoffs are nondegenerate with probability 1) this
    is every equilibrium, and there is an odd number of them.  A degenerate game can have a continuum of
    equilibria (a player indifferent between two actions against a pure one); then the list holds
    those at the corners that these steps find.  ``max_supports`` guards the work (``None`` lifts it).
    """
    A, B = bimatrix(row_payoffs, col_payoffs)
    m, n = A.shape
    found = [(_unit(i, m), _unit(j, n)) for i, j in pure_equilibria(A, B)]
    if (m, n) == (2, 2):
        mixed = mixed_2x2(A, B)
        candidates = [mixed] if mixed is not None else []
    else:
        guard_size(math.comb(m + n, m) - 1, max_supports, what=f"the number of support pairs of a "
                   f"{m}×{n} game", argument="max_supports")
        candidates = _support_enumeration(A, B)
    for x, y in candidates:
        x, y = _clean(x), _clean(y)
        if is_equilibrium(A, B, x, y) and not any(_same(x, y, x2, y2) for x2, y2 in found):
            found.append((x, y))
    for x, y in found:
        assert is_equilibrium(A, B, x, y), (x, y)        # every equilibrium reported is one
    return found


def _unit(i, size) -> tuple:
    return tuple(1.0 if k == i else 0.0 for k in range(size))


def _same(x, y, x2, y2) -> bool:
    return np.allclose(x, x2, atol=1e-9) and np.allclose(y, y2, atol=1e-9)


def _indifference(M, support, other):
    """The distribution on ``other`` that makes every action of ``support`` equally good under M
    (rows: the actions of the player made indifferent): solve M[I, J]·z = u·1, Σ z = 1."""
    k = len(support)
    sub = M[np.ix_(support, other)]
    system = np.zeros((k + 1, k + 1))
    system[:k, :k], system[:k, k], system[k, :k] = sub, -1.0, 1.0
    rhs = np.zeros(k + 1)
    rhs[k] = 1.0
    try:
        z = np.linalg.solve(system, rhs)
    except np.linalg.LinAlgError:          # degenerate: no unique mix makes the support indifferent
        return None
    return z[:k]


def _support_enumeration(A, B):
    m, n = A.shape
    for k in range(2, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                y_part = _indifference(A, list(rows), list(cols))          # row player indifferent
                x_part = _indifference(B.T, list(cols), list(rows))        # column player indifferent
                if y_part is None or x_part is None or (y_part < -TOL).any() or (x_part < -TOL).any():
                    continue
                x, y = np.zeros(m), np.zeros(n)
                x[list(rows)], y[list(cols)] = x_part, y_part
                yield x, y
