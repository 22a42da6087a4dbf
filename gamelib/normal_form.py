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
* Any game: :func:`best_responses`, :func:`pure_equilibria`, :func:`nash_equilibria` (every extreme
  equilibrium, exactly, and whether there are infinitely many: :class:`Equilibria`),
  :func:`is_equilibrium` (no player gains by deviating), :func:`expected_payoffs`.

**Payoffs** are checked where they enter (:func:`payoff_matrix`): a ragged matrix, an entry that is not
a real number (a string, a bool, None), a NaN or an infinite payoff, a payoff larger than
:data:`MAX_PAYOFF` in size, or two matrices of different shapes raise
:class:`~gamelib.core.ArgumentError` naming the cell.

**Exact arithmetic.**  Whether a player is indifferent between two actions is a question of exact
equality, so :func:`nash_equilibria`, :func:`pure_equilibria`, :func:`pure_maximin`, :func:`pure_minimax`
and :func:`mixed_2x2` compute with fractions (:class:`fractions.Fraction`): ints and Fractions are read as
they are, and a float as the decimal it prints as (``0.1`` is 1/10, the number typed, not the binary
fraction nearest to it; ``1/3`` computed in floating point is 0.3333333333333333, not 1/3: pass
``Fraction(1, 3)`` for a third).  The other functions work in floating point on the payoffs rescaled to
[0, 1] (smallest payoff 0, largest 1), so their tolerances are fractions of the payoff range and a game
means the same at every scale: matching pennies paid in billionths is still matching pennies.
Strategies come back as tuples of floats (``nash_equilibria(..., exact=True)``: of Fractions).
"""
from __future__ import annotations

import itertools
import math
import numbers
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .core import ArgumentError
from .validate import choice, flag, guard_size, number, whole

TOL = 1e-9
"""Default tolerance of :func:`best_responses`: a fraction of the payoff range (largest payoff minus
smallest), so that it means the same at every scale."""

MAX_PAYOFF = 10 ** 15
"""The largest payoff (in size) accepted.  Up to it every whole number is exactly a float, so the exact
and the floating-point functions of this module see the same game; nothing in the course needs more."""


# ---------------------------------------------------------------------------------------------------
# Checking what comes in
# ---------------------------------------------------------------------------------------------------

def _is_finite(v) -> bool:
    try:
        return math.isfinite(v)
    except OverflowError:           # a whole number or a Fraction too large for a float
        return False


def _checked_rows(payoffs, name: str) -> list[list]:
    """The rows of ``payoffs`` as lists of Python numbers (int, Fraction or float), every one checked:
    a non-empty rectangular matrix of finite real numbers of size at most :data:`MAX_PAYOFF`.  The one
    check of payoff matrices here; :func:`payoff_matrix` and :func:`exact_matrix` read its result."""
    if not isinstance(name, str):
        raise ArgumentError(f"name must be a string (the argument's name, for messages), got {name!r}")
    if isinstance(payoffs, np.ndarray):
        rows = payoffs.tolist() if payoffs.ndim == 2 else None
    elif isinstance(payoffs, (list, tuple)):
        rows = [r.tolist() if isinstance(r, np.ndarray) and r.ndim == 1 else r for r in payoffs]
    else:
        rows = None
    if not rows or any(not isinstance(r, (list, tuple)) for r in rows):
        raise ArgumentError(f"{name} must be a matrix: a non-empty list of rows, each a list of numbers, "
                            f"got {payoffs!r}")
    width = len(rows[0])
    out = []
    for i, row in enumerate(rows):
        if not row:
            raise ArgumentError(f"{name}: row {i} is empty; every row needs one payoff per column action")
        if len(row) != width:
            raise ArgumentError(f"{name} is ragged: row 0 has {width} entries and row {i} has {len(row)}; "
                                "every row needs one payoff per column action")
        checked = []
        for j, v in enumerate(row):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real) or not _is_finite(v):
                nan = isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) and v != v
                raise ArgumentError(f"{name}[{i}][{j}] is {v!r}: payoffs must be finite real numbers"
                                    + (" (NaN compares False with everything, so no best response could "
                                       "be trusted)" if nan else ""))
            if isinstance(v, numbers.Integral):
                v = int(v)
            elif isinstance(v, numbers.Rational):
                v = Fraction(int(v.numerator), int(v.denominator))
            else:
                v = float(v) + 0.0                       # + 0.0: never a negative zero
            if abs(v) > MAX_PAYOFF:
                raise ArgumentError(f"{name}[{i}][{j}] is {v!r}, too large: payoffs must be at most "
                                    f"{MAX_PAYOFF:.0e} in size (rescale the game: its equilibria do not "
                                    "change)")
            checked.append(v)
        out.append(checked)
    return out


def _exact(value) -> Fraction:
    """A checked payoff (int, Fraction or float) as an exact fraction: a float as the decimal it prints
    as (``_exact(0.1) == Fraction(1, 10)``)."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def payoff_rows(payoffs, name: str = "payoffs") -> tuple[tuple, ...]:
    """``payoffs`` checked as by :func:`payoff_matrix`, kept as they were given: a tuple of rows, each a
    tuple of ints, Fractions and floats (numpy numbers turned into these, negative zero into 0.0)."""
    return tuple(tuple(row) for row in _checked_rows(payoffs, name))


def payoff_matrix(payoffs, name: str = "payoffs") -> np.ndarray:
    """``payoffs`` as an m × n float array (m, n >= 1), every entry a finite real number of size at most
    :data:`MAX_PAYOFF`; else :class:`~gamelib.core.ArgumentError` naming ``name`` and the row or cell at
    fault."""
    return np.array([[float(v) for v in row] for row in _checked_rows(payoffs, name)], dtype=float)


def exact_matrix(payoffs, name: str = "payoffs") -> list[list[Fraction]]:
    """``payoffs`` checked as by :func:`payoff_matrix`, as lists of Fractions: ints and Fractions as they
    are, a float as the decimal it prints as (0.1 is 1/10).  What the exact functions here compute with."""
    return [[_exact(v) for v in row] for row in _checked_rows(payoffs, name)]


def _same_shape(A, B):
    (m, n), (m2, n2) = (len(A), len(A[0])), (len(B), len(B[0]))
    if (m, n) != (m2, n2):
        raise ArgumentError(f"row_payoffs is {m}×{n} but col_payoffs is {m2}×{n2}: both give a payoff for "
                            "every pair of actions")


def bimatrix(row_payoffs, col_payoffs) -> tuple[np.ndarray, np.ndarray]:
    """Both players' payoff matrices, checked, of the same shape (float arrays)."""
    A = payoff_matrix(row_payoffs, "row_payoffs")
    B = payoff_matrix(col_payoffs, "col_payoffs")
    _same_shape(A, B)
    return A, B


def _exact_bimatrix(row_payoffs, col_payoffs) -> tuple[list, list]:
    A = exact_matrix(row_payoffs, "row_payoffs")
    B = exact_matrix(col_payoffs, "col_payoffs")
    _same_shape(A, B)
    return A, B


def _unit_range(payoffs, name: str = "payoffs") -> np.ndarray:
    """The payoffs rescaled exactly to [0, 1] (smallest 0, largest 1; all 0 if they are all equal), as
    floats: the same best responses and equilibria at every scale.  Tolerances apply to these."""
    M = exact_matrix(payoffs, name)
    low, high = min(map(min, M)), max(map(max, M))
    spread = high - low or 1
    return np.array([[float((v - low) / spread) for v in row] for row in M])


def strategy(x, size: int, name: str = "strategy") -> np.ndarray:
    """``x`` as a probability vector over ``size`` actions: a list, tuple or 1-d array of ``size`` real
    numbers (not bools or strings), each >= 0 (up to 1e-9 of rounding), summing to 1 within 1e-9."""
    expected = (f"{name} must be a mixed strategy over {size} actions: {size} probabilities >= 0 that sum "
                "to 1")
    if isinstance(x, np.ndarray):
        items = x.tolist() if x.ndim == 1 else None
    elif isinstance(x, (list, tuple)):
        items = list(x)
    else:
        items = None
    if items is None or len(items) != size:
        raise ArgumentError(f"{expected}, got {x!r}")
    for k, p in enumerate(items):
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, numbers.Real) or not _is_finite(p) \
                or p < -1e-9:
            raise ArgumentError(f"{expected}, got {x!r} ({name}[{k}] is {p!r})")
    v = np.array([float(p) for p in items])
    if abs(v.sum() - 1) > 1e-9:
        raise ArgumentError(f"{expected}, got {x!r} (they sum to {v.sum():.12g})")
    return np.clip(v, 0.0, None)


def _tolerance(tol):
    return number("tol", tol, least=0, most=1, what="a fraction of the payoff range (a finite number)")


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
    return float(x @ A @ y) + 0.0, float(x @ B @ y) + 0.0


def row_guarantee(payoffs, row_strategy) -> float:
    """min_j (x·A)_j: what the row player gets for sure if it reveals the mixed strategy x first and the
    column player answers with its best reply (a pure one always suffices: CS221's "second player can
    play pure strategy")."""
    A = payoff_matrix(payoffs)
    return float((strategy(row_strategy, A.shape[0], "row_strategy") @ A).min()) + 0.0


def col_guarantee(payoffs, col_strategy) -> float:
    """max_i (A·y)_i: the most the row player can get if the column player reveals y first."""
    A = payoff_matrix(payoffs)
    return float((A @ strategy(col_strategy, A.shape[1], "col_strategy")).max()) + 0.0


def pure_maximin(payoffs) -> tuple[float, int]:
    """(max_i min_j A[i][j], i): the row player reveals a *pure* action first (the game tree where the
    row player moves first and the column player sees it; ``minimax(GameTree.from_nested(A))``).  The
    first such row."""
    A = exact_matrix(payoffs)
    worst = [min(row) for row in A]
    i = worst.index(max(worst))
    return float(worst[i]), i


def pure_minimax(payoffs) -> tuple[float, int]:
    """(min_j max_i A[i][j], j): the column player reveals a pure action first.  The first such column."""
    A = exact_matrix(payoffs)
    best = [max(col) for col in zip(*A)]
    j = best.index(min(best))
    return float(best[j]), j


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

    The LPs are solved for A rescaled to [0, 1] (A' = (A − min A) / (max A − min A), computed exactly):
    optimal strategies do not change when payoffs are shifted or scaled, and the solver's tolerances
    (about 1e-9, absolute) then mean the same for payoffs in billionths as in billions.  The value is
    scaled back.  If every payoff is the same, every strategy is optimal: the first action is returned.
    Last, the strategies found are rounded to nearby fractions and, if those certify themselves in exact
    arithmetic (x guarantees exactly what y holds the row player to), the exact solution is returned:
    7/12 rather than 0.58333333331, a value of 0 rather than 2e-16.
    """
    from scipy.optimize import linprog

    A = exact_matrix(payoffs)
    m, n = len(A), len(A[0])
    low, high = min(map(min, A)), max(map(max, A))
    if low == high:
        return ZeroSumSolution(float(low) + 0.0, _unit_vector(0, m), _unit_vector(0, n))
    U = np.array([[float((v - low) / (high - low)) for v in row] for row in A])
    # Row player: variables (x_1..x_m, v); minimize -v; v - x·U[:, j] <= 0 for each j.
    row = linprog(c=np.r_[np.zeros(m), -1.0], A_ub=np.c_[-U.T, np.ones(n)], b_ub=np.zeros(n),
                  A_eq=np.r_[np.ones(m), 0.0].reshape(1, -1), b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    # Column player: variables (y_1..y_n, w); minimize w; U[i, :]·y - w <= 0 for each i.
    col = linprog(c=np.r_[np.zeros(n), 1.0], A_ub=np.c_[U, -np.ones(m)], b_ub=np.zeros(m),
                  A_eq=np.r_[np.ones(n), 0.0].reshape(1, -1), b_eq=[1.0],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    for who, res in (("row", row), ("column", col)):
        if res.status != 0:
            raise RuntimeError(f"linprog could not solve the {who} player's LP (status {res.status}: "
                               f"{res.message})")
    x, y = _clean(row.x[:m]), _clean(col.x[:n])
    v, w = float(row.x[m]), float(col.x[n])
    guarantees = (float((np.array(x) @ U).min()), float((U @ np.array(y)).max()))
    if abs(v - w) > 1e-7 or any(abs(g - v) > 1e-7 for g in guarantees):
        raise RuntimeError(f"the two LPs disagree: row value {v}, column value {w}, guarantees "
                           f"{guarantees} (on the payoffs rescaled to [0, 1]; the minimax theorem says "
                           "they are equal)")
    certified = _certified(A, x, y)
    if certified is not None:                          # the exact solution the LP's answer rounds to
        x, y, value = certified
        return ZeroSumSolution(float(value) + 0.0, tuple(map(float, x)), tuple(map(float, y)))
    value = float(low + (high - low) * Fraction(v))
    return ZeroSumSolution(value + 0.0, x, y)          # + 0.0: never a negative zero


def _certified(A, x, y):
    """(x, y, value) in Fractions if the LP's strategies round to fractions (denominators up to 10^6)
    that certify themselves exactly: probabilities, with what x guarantees (min_j (x·A)_j) equal to what
    y holds the row player to (max_i (A·y)_i).  Any pair with equal guarantees is optimal (the value
    lies between them), so nothing is taken on trust.  None if no rounding does."""
    for denominator in (100, 10_000, 1_000_000):
        xs = [Fraction(p).limit_denominator(denominator) for p in x]
        ys = [Fraction(q).limit_denominator(denominator) for q in y]
        if sum(xs) != 1 or sum(ys) != 1 or min(xs) < 0 or min(ys) < 0:
            continue
        guarantee = min(sum(p * row[j] for p, row in zip(xs, A)) for j in range(len(ys)))
        holds_to = max(sum(a * q for a, q in zip(row, ys)) for row in A)
        if guarantee == holds_to:
            return xs, ys, guarantee
    return None


# ---------------------------------------------------------------------------------------------------
# Any two-player game: best responses
# ---------------------------------------------------------------------------------------------------

def best_responses(payoffs, opponent_strategy, player: str = "row", tol: float = TOL) -> tuple:
    """The pure best responses of ``player`` ('row' or 'col', whose own payoff matrix ``payoffs`` is,
    rows always indexed by the row player's actions) to the opponent's mixed strategy: every action
    whose expected payoff is within ``tol`` of the best, ``tol`` a fraction of the payoff range
    (0 <= tol <= 1; the default 1e-9 forgives rounding only).  Never empty."""
    choice("player", player, ("row", "col"))
    U = _unit_range(payoffs)
    if player == "row":
        values = U @ strategy(opponent_strategy, U.shape[1], "opponent_strategy")
    else:
        values = strategy(opponent_strategy, U.shape[0], "opponent_strategy") @ U
    _tolerance(tol)
    return tuple(int(k) for k in np.flatnonzero(values >= values.max() - tol))


def is_equilibrium(row_payoffs, col_payoffs, row_strategy, col_strategy, tol: float = 1e-7) -> bool:
    """Is (x, y) a Nash equilibrium: can neither player gain more than ``tol`` by deviating alone?  It is
    enough to try every pure deviation (a mixed one is an average of pure ones).  ``tol`` is a fraction
    of each player's payoff range (0 <= tol <= 1), so the answer does not depend on the scale."""
    bimatrix(row_payoffs, col_payoffs)
    U, V = _unit_range(row_payoffs, "row_payoffs"), _unit_range(col_payoffs, "col_payoffs")
    x = strategy(row_strategy, U.shape[0], "row_strategy")
    y = strategy(col_strategy, U.shape[1], "col_strategy")
    _tolerance(tol)
    return bool((U @ y).max() <= x @ U @ y + tol and (x @ V).max() <= x @ V @ y + tol)


def pure_equilibria(row_payoffs, col_payoffs) -> list[tuple[int, int]]:
    """Every pure Nash equilibrium (i, j), row by row: i is a best reply to j and j to i (compared
    exactly)."""
    A, B = _exact_bimatrix(row_payoffs, col_payoffs)
    m, n = len(A), len(A[0])
    return [(i, j) for i in range(m) for j in range(n)
            if A[i][j] == max(A[k][j] for k in range(m)) and B[i][j] == max(B[i])]


def mixed_2x2(row_payoffs, col_payoffs):
    """The completely mixed equilibrium of a 2 × 2 game in closed form, or None if there is none (as
    floats, computed exactly).

    With A = [[a, b], [c, d]] the row player is indifferent when the column player plays its first
    action with probability q = (d − b) / (a − b − c + d); with B = [[e, f], [g, h]] the column player
    is indifferent when the row player plays its first with p = (h − g) / (e − f − g + h).  Each player
    mixes so as to make the *other* indifferent.  Both must lie strictly between 0 and 1.  (A degenerate
    game can have a segment of equilibria instead: :func:`nash_equilibria` lists them all.)"""
    A, B = _exact_bimatrix(row_payoffs, col_payoffs)
    if (len(A), len(A[0])) != (2, 2):
        raise ArgumentError(f"mixed_2x2 is for 2×2 games, got {len(A)}×{len(A[0])}")
    (a, b), (c, d) = A
    (e, f), (g, h) = B
    den_q, den_p = a - b - c + d, e - f - g + h
    if den_q == 0 or den_p == 0:
        return None
    q, p = (d - b) / den_q, (h - g) / den_p
    if not (0 < p < 1 and 0 < q < 1):
        return None
    return (float(p), float(1 - p)), (float(q), float(1 - q))


# ---------------------------------------------------------------------------------------------------
# Nash equilibria: every extreme one, by the vertices of the best-response polytopes
# ---------------------------------------------------------------------------------------------------

MAX_SUPPORTS = 100_000
"""The size guard of :func:`nash_equilibria`: the bases it may try for each player, C(m + n, m) − 1
(12,869 for an 8 × 8 game: half a second; 48,619 for 9 × 9: a few seconds; 10 × 10 needs
``max_supports=None``)."""


class NashSubset(NamedTuple):
    """A maximal Nash subset (Avis, Rosenberg, Savani and von Stengel 2010): every mix of the extreme row
    strategies ``rows`` played against every mix of the extreme column strategies ``cols`` is a Nash
    equilibrium, and no extreme strategy can be added to either side.

    ``kind`` is 'point' (one row strategy and one column strategy: an isolated equilibrium),
    'segment' (two on one side, one on the other) or 'set' (more: a polygon or a box of equilibria)."""

    rows: tuple
    cols: tuple

    @property
    def kind(self) -> str:
        sizes = sorted((len(self.rows), len(self.cols)))
        return "point" if sizes == [1, 1] else "segment" if sizes == [1, 2] else "set"

    def ends(self) -> tuple:
        """The two ends of a 'segment' subset, as (row_strategy, col_strategy) pairs."""
        if self.kind != "segment":
            raise ArgumentError(f"ends() is for a 'segment' Nash subset, this one is a {self.kind!r}")
        if len(self.rows) == 2:
            return (self.rows[0], self.cols[0]), (self.rows[1], self.cols[0])
        return (self.rows[0], self.cols[0]), (self.rows[0], self.cols[1])


class Equilibria(list):
    """What :func:`nash_equilibria` returns: a list of every **extreme** Nash equilibrium
    ``(row_strategy, col_strategy)``, plus what the list alone cannot say.

    * ``continuum``: True if the game has infinitely many equilibria.  Then ``len()`` counts the extreme
      ones only: every mix within one of the ``nash_subsets`` is an equilibrium too.
    * ``nash_subsets``: the maximal Nash subsets (:class:`NashSubset`); the set of all equilibria is
      their union.  A game with finitely many equilibria has one 'point' subset for each.
    * ``degenerate``: True if some mixed strategy of k actions has more than k pure best replies (von
      Stengel 2007, Def. 3.2); only a degenerate game can have a continuum of equilibria.
    * ``describe()``: all of that in words.
    """

    def __init__(self, pairs=(), nash_subsets=None, degenerate=None):
        super().__init__(pairs)
        if isinstance(pairs, Equilibria):                # a copy, as list(a_list)
            nash_subsets = pairs.nash_subsets if nash_subsets is None else nash_subsets
            degenerate = pairs.degenerate if degenerate is None else degenerate
        self.nash_subsets = list(nash_subsets or ())
        self.degenerate = bool(degenerate)

    @property
    def continuum(self) -> bool:
        """Are there infinitely many equilibria (some Nash subset more than a point)?"""
        return any(s.kind != "point" for s in self.nash_subsets)

    def describe(self) -> str:
        """The equilibria in words, strategies as fractions."""
        def show(x):
            return "(" + ", ".join(str(Fraction(p).limit_denominator(10 ** 12)) for p in x) + ")"

        if not self.continuum:
            head = f"{len(self)} Nash equilibri{'um' if len(self) == 1 else 'a'}:"
            return "\n".join([head] + [f"  row {show(x)}, column {show(y)}" for x, y in self])
        lines = [f"infinitely many Nash equilibria, {len(self)} extreme ones:"]
        lines += [f"  row {show(x)}, column {show(y)}" for x, y in self]
        lines.append("every mix within each of these sets is an equilibrium too:")
        for s in self.nash_subsets:
            if s.kind == "point":
                lines.append(f"  the single equilibrium row {show(s.rows[0])}, column {show(s.cols[0])}")
            elif s.kind == "segment":
                (a, b), (c, d) = s.ends()
                lines.append(f"  the segment from row {show(a)}, column {show(b)} to row {show(c)}, "
                             f"column {show(d)}")
            else:
                lines.append(f"  every mix of row {' and '.join(map(show, s.rows))} against every mix of "
                             f"column {' and '.join(map(show, s.cols))}")
        return "\n".join(lines)


def nash_equilibria(row_payoffs, col_payoffs, *, exact: bool = False,
                    max_supports: int | None = MAX_SUPPORTS) -> Equilibria:
    """Every extreme Nash equilibrium of a two-player game, as an :class:`Equilibria` list of
    ``(row_strategy, col_strategy)`` pairs of tuples (floats; ``exact=True``: Fractions), and whether
    the game has infinitely many (``.continuum``, ``.nash_subsets``).

    **Vertex enumeration** (von Stengel 2007, "Equilibrium computation for two-player games in strategic
    and extensive form", ch. 3 of Nisan et al., *Algorithmic Game Theory*: Algorithm 3.5, §3.6 for
    degenerate games).  Shift the payoffs so that all are positive (equilibria do not change) and take
    the **best-response polytopes**

        P = {x ∈ R^m : x >= 0, Bᵀx <= 1},      Q = {y ∈ R^n : A y <= 1, y >= 0}.

    A point carries **labels**: x ∈ P has label i (a row) if x_i = 0 and label m + j (a column) if
    (Bᵀx)_j = 1, that is if column j is a best reply to x; y ∈ Q has label i if (A y)_i = 1 (row i is a
    best reply to y) and m + j if y_j = 0.  A pair (x, y) ≠ (0, 0) that has **every** label
    m + n between them is an equilibrium once each is divided by its sum: every action is either unplayed
    or a best reply.  Every equilibrium is a mix of such pairs of **vertices** of P and Q, the
    extreme equilibria.

    The vertices are found by trying every basis, in exact arithmetic (:class:`fractions.Fraction`):
    for each k, k free coordinates F and k constraints T made tight, solve C[T, F] z_F = 1; keep z if the
    system has one solution and z lies in the polytope; its labels are *all* its tight constraints,
    which is what makes the method right for degenerate games (a vertex with more labels than
    dimensions, where support enumeration stops).  There are C(m + n, m) − 1 bases a player
    (``max_supports`` guards their number; None lifts it).

    **Infinitely many equilibria** (Avis, Rosenberg, Savani and von Stengel 2010, "Enumeration of Nash
    equilibria for two-player games", *Economic Theory* 42: the method of ``lrsnash``): draw an edge
    between an extreme row strategy and an extreme column strategy when the two form an equilibrium.
    Every *maximal biclique* X × Y of that bipartite graph is a **maximal Nash subset**: every mix of X
    against every mix of Y is an equilibrium, because each x ∈ X only plays best replies to every
    y ∈ Y, and these best replies stay best against any mix of Y.  The game has infinitely many
    equilibria exactly when some subset has two strategies on one side (the graph is not a matching).

    The list is ordered by the number of actions played (pure equilibria first), then row by row.  Each
    equilibrium listed is checked exactly: no action earns more than the strategies played.
    """
    A, B = _exact_bimatrix(row_payoffs, col_payoffs)
    flag("exact", exact)
    whole("max_supports", max_supports, least=1, none=True)
    m, n = len(A), len(A[0])
    guard_size(math.comb(m + n, m) - 1, max_supports, what=f"the number of support pairs of a "
               f"{m}×{n} game", argument="max_supports")
    A_pos, B_pos = _positive_whole(A), _positive_whole(B)
    row_vertices = _polytope_vertices([list(c) for c in zip(*B_pos)], coordinate_label=lambda i: i,
                                      constraint_label=lambda j: m + j)           # P: x, Bᵀx <= 1
    col_vertices = _polytope_vertices(A_pos, coordinate_label=lambda j: m + j,
                                      constraint_label=lambda i: i)               # Q: y, A y <= 1
    degenerate = any(bin(lab).count("1") > m for lab in row_vertices.values()) \
        or any(bin(lab).count("1") > n for lab in col_vertices.values())
    everything = (1 << (m + n)) - 1
    pairs = [(_normalized(x), _normalized(y)) for x, lx in row_vertices.items() if any(x)
             for y, ly in col_vertices.items() if any(y) and lx | ly == everything]
    pairs.sort(key=_order)
    for x, y in pairs:                                   # every equilibrium reported is one, exactly
        assert _exactly_equilibrium(A, B, x, y), (x, y)
    subsets = _maximal_nash_subsets(pairs)
    if not exact:
        def fl(v):
            return tuple(float(p) for p in v)
        pairs = [(fl(x), fl(y)) for x, y in pairs]
        subsets = [NashSubset(tuple(map(fl, s.rows)), tuple(map(fl, s.cols))) for s in subsets]
    return Equilibria(pairs, subsets, degenerate)


def _positive_whole(M) -> list[list[int]]:
    """M (Fractions) shifted and scaled to whole numbers >= 1: the same best replies everywhere."""
    scale = math.lcm(*(v.denominator for row in M for v in row))
    low = min(map(min, M))
    return [[int((v - low) * scale) + 1 for v in row] for row in M]


def _solve_whole(M, rhs):
    """The square system M z = rhs of whole numbers, solved by integer pivoting (Gauss-Jordan
    elimination in which every entry stays a whole number, a determinant: von Stengel 2007 §3.5):
    ``(det, numerators)`` with z = numerators / det and det > 0, or None if M is singular."""
    k = len(M)
    rows = [list(row) + [b] for row, b in zip(M, rhs)]
    previous = 1
    for c in range(k):
        p = next((r for r in range(c, k) if rows[r][c]), None)
        if p is None:
            return None
        rows[c], rows[p] = rows[p], rows[c]
        pivot_row = rows[c]
        pivot = pivot_row[c]
        for r in range(k):
            if r != c:
                f = rows[r][c]
                rows[r] = [(pivot * a - f * b) // previous for a, b in zip(rows[r], pivot_row)]
        previous = pivot
    sign = 1 if previous > 0 else -1                     # every diagonal entry is now the determinant
    return sign * previous, [sign * rows[r][k] for r in range(k)]


def _polytope_vertices(C, coordinate_label, constraint_label) -> dict:
    """{vertex: labels (a bit mask)} of the polytope {z >= 0, C z <= 1}, C an r × d matrix of positive
    whole numbers, by trying every basis: k free coordinates F and k tight constraints T (k = 0 .. min(r,
    d)), C[T, F] z_F = 1 solved exactly.  A vertex's labels are every coordinate that is 0 and every
    constraint that is tight, not only those of the basis that found it."""
    r, d = len(C), len(C[0])
    vertices = {}
    for k in range(min(r, d) + 1):
        for F in itertools.combinations(range(d), k):
            columns = [[row[f] for f in F] for row in C]
            for T in itertools.combinations(range(r), k):
                solved = _solve_whole([columns[t] for t in T], [1] * k)
                if solved is None or min(solved[1], default=0) < 0:
                    continue
                det, numerators = solved                 # z_F = numerators / det
                loads = [sum(a * b for a, b in zip(columns[t], numerators)) for t in range(r)]
                if max(loads) > det:                     # (C z)_t > 1: outside the polytope
                    continue
                z = [Fraction(0)] * d
                for f, v in zip(F, numerators):
                    z[f] = Fraction(v, det)
                z = tuple(z)
                if z not in vertices:
                    labels = 0
                    for c in range(d):
                        if z[c] == 0:
                            labels |= 1 << coordinate_label(c)
                    for t in range(r):
                        if loads[t] == det:
                            labels |= 1 << constraint_label(t)
                    vertices[z] = labels
    return vertices


def _normalized(z) -> tuple:
    total = sum(z)
    return tuple(v / total for v in z)


def _order(pair):
    """Pure equilibria first, then by the number of actions played; then row by row (an action played
    more comes first)."""
    x, y = pair
    return (sum(1 for p in x if p) + sum(1 for q in y if q), tuple(-p for p in x), tuple(-q for q in y))


def _exactly_equilibrium(A, B, x, y) -> bool:
    """No pure deviation gains, in exact arithmetic."""
    row_values = [sum(a * q for a, q in zip(row, y)) for row in A]
    col_values = [sum(B[i][j] * x[i] for i in range(len(x))) for j in range(len(y))]
    return sum(p * v for p, v in zip(x, row_values)) == max(row_values) \
        and sum(q * v for q, v in zip(y, col_values)) == max(col_values)


def _maximal_nash_subsets(pairs) -> list[NashSubset]:
    """The maximal bicliques of the bipartite graph of extreme equilibria (Avis et al. 2010), in the
    order of their first equilibrium.  A graph that is a matching (each extreme strategy in one
    equilibrium only) has one 'point' subset an equilibrium; otherwise the bicliques are the maximal
    cliques that touch both sides, once every two strategies of the same side are joined
    (networkx's ``find_cliques``)."""
    xs = list(dict.fromkeys(x for x, _ in pairs))
    ys = list(dict.fromkeys(y for _, y in pairs))
    if len(xs) == len(ys) == len(pairs):
        return [NashSubset((x,), (y,)) for x, y in pairs]
    import networkx as nx

    graph = nx.Graph()
    graph.add_edges_from((("row", x), ("col", y)) for x, y in pairs)
    graph.add_edges_from(itertools.combinations([("row", x) for x in xs], 2))
    graph.add_edges_from(itertools.combinations([("col", y) for y in ys], 2))
    first = {pair: k for k, pair in enumerate(pairs)}
    subsets = []
    for clique in nx.find_cliques(graph):
        rows = tuple(sorted((v for side, v in clique if side == "row"), key=xs.index))
        cols = tuple(sorted((v for side, v in clique if side == "col"), key=ys.index))
        if rows and cols:
            subsets.append(NashSubset(rows, cols))
    return sorted(subsets, key=lambda s: min(first[(x, y)] for x in s.rows for y in s.cols))


def _unit_vector(i, size) -> tuple:
    return tuple(1.0 if k == i else 0.0 for k in range(size))
