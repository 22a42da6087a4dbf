"""Check: does ``nash_equilibria`` list every extreme equilibrium of small games?  (Issue 21.)

Run:  python benchmarks/check_nash.py [--games N] [--seed S]

Draws N random bimatrix games (default 300, seed 21): m and n each 2, 3 or 4, every payoff a whole number
from -5 to 5, so that most games are degenerate (ties everywhere), as the games students type are.  For
each game it compares gamelib's ``nash_equilibria(A, B, exact=True)`` with the independent brute force of
``tests/test_normal_form.py`` (``reference_extreme_equilibria``: strategies in simplex coordinates,
Cramer's rule, an exact best-response check), equilibrium for equilibrium and on whether there are
infinitely many.  Then, if nashpy is installed (it is not a dependency of the kit: ``pip install
nashpy`` in a scratch venv), its ``vertex_enumeration`` on the same games (floating point, duplicates
merged, compared within 1e-6); otherwise the row says "not installed".

Prints the counts (games, degenerate games, games with a continuum, extreme equilibria, misses and
extras) and the seconds each took; exits with status 1 if gamelib misses or adds any equilibrium.  A
check, not a timed test.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
import warnings
from pathlib import Path

import numpy as np

from gamelib.normal_form import nash_equilibria


def load_reference():
    """``reference_extreme_equilibria`` from tests/test_normal_form.py (the test oracle, kept in one place)."""
    path = Path(__file__).resolve().parent.parent / "tests" / "test_normal_form.py"
    spec = importlib.util.spec_from_file_location("_nash_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference_extreme_equilibria


def random_games(count: int, seed: int) -> list:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        m, n = rng.randint(2, 4), rng.randint(2, 4)
        games.append(([[rng.randint(-5, 5) for _ in range(n)] for _ in range(m)],
                      [[rng.randint(-5, 5) for _ in range(n)] for _ in range(m)]))
    return games


def compare_nashpy(games, ours) -> str:
    try:
        import nashpy
    except ImportError:
        return "nashpy: not installed"
    agree = missed = extra = missed_games = 0
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # nashpy warns on degenerate games
        theirs_all = [list(nashpy.Game(np.array(A), np.array(B)).vertex_enumeration()) for A, B in games]
    seconds = time.perf_counter() - start
    for eq, theirs in zip(ours, theirs_all):
        def among(pairs, x, y):
            return any(np.allclose(x, a, atol=1e-6) and np.allclose(y, b, atol=1e-6) for a, b in pairs)
        merged = []
        for x, y in theirs:
            if not among(merged, x, y):
                merged.append((x, y))
        lost = sum(not among(merged, x, y) for x, y in eq)
        added = sum(not among(eq, x, y) for x, y in merged)
        missed, extra = missed + lost, extra + added
        missed_games += lost > 0
        agree += not lost and not added
    return (f"nashpy {nashpy.__version__} vertex_enumeration: agrees on {agree} of {len(games)} games; misses "
            f"{missed} extreme equilibria in {missed_games} games, adds {extra} ({seconds:.2f} s)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args(argv)
    reference = load_reference()
    games = random_games(args.games, args.seed)

    start = time.perf_counter()
    ours = [nash_equilibria(A, B, exact=True) for A, B in games]
    ours_seconds = time.perf_counter() - start
    start = time.perf_counter()
    expected = [reference(A, B) for A, B in games]
    reference_seconds = time.perf_counter() - start

    missed = extra = wrong_continuum = 0
    for eq, (exact, continuum) in zip(ours, expected):
        missed += len(set(exact) - set(eq))
        extra += len(set(eq) - set(exact))
        wrong_continuum += eq.continuum != continuum
    total = sum(len(exact) for exact, _ in expected)
    print(f"{len(games)} random games (2..4 × 2..4, payoffs -5..5, seed {args.seed}): "
          f"{sum(eq.degenerate for eq in ours)} degenerate, {sum(c for _, c in expected)} with infinitely many "
          f"equilibria, {total} extreme equilibria in all")
    print(f"gamelib nash_equilibria: misses {missed}, adds {extra}, continuum wrong in {wrong_continuum} games "
          f"({ours_seconds:.2f} s; the brute force {reference_seconds:.2f} s)")
    print(compare_nashpy(games, [[(tuple(map(float, x)), tuple(map(float, y))) for x, y in eq] for eq in ours]))
    return 1 if missed or extra or wrong_continuum else 0


if __name__ == "__main__":
    sys.exit(main())
