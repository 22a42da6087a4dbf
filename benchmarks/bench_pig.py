"""Benchmark: solving Pig (target 100) by value iteration, and the numbers Neller & Presser report.

Run:  python benchmarks/bench_pig.py [--repeat N] [--no-jacobi] [--profile] [--large T]

Times gamelib.games.pig.solve(100) (in-place sweeps over turn totals, vectorized over all score pairs;
best of N) and, once, textbook synchronous (Jacobi) value iteration over all states.  Goal (issue 4):
target 100 solved in under 5 s.  Then prints the first player's win probability under optimal play
(Neller & Presser 2004: about 0.5306) and the "hold at 20" comparisons, computed exactly with
pig.duel.  ``--large T`` then solves target T once (issue 12: target 500 without exhausting this
machine's memory; it used to take 7.5 GiB and 5 minutes) and prints its time and the process's peak
resident memory.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import resource
import sys
import time

import numpy as np

from gamelib.games.pig import BEST, duel, solve

PUBLISHED_FIRST_PLAYER = 0.5306   # Neller & Presser (2004), optimal play, target 100
PUBLISHED_HOLD20_FIRST = 0.5347   # Neller, "First-Player Advantage" (nifty.stanford.edu/2010/neller-pig)


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-jacobi", action="store_true", help="skip the slow textbook iteration")
    parser.add_argument("--profile", action="store_true", help="cProfile one solve")
    parser.add_argument("--large", type=int, metavar="T", help="also solve target T once (e.g. 500)")
    args = parser.parse_args(argv)

    print(f"python {platform.python_version()}, numpy {np.__version__} on {platform.machine()}")
    times = []
    for _ in range(args.repeat):
        t, sol = timed(lambda: solve(100))
        times.append(t)
    print(f"solve(100) sweeps : best {min(times):.3f} s of {args.repeat} (goal < 5 s); "
          f"{sol.sweeps} sweeps, {min(times) / sol.sweeps * 1e3:.2f} ms each; "
          f"Bellman residual {sol.residual:.1e}")
    if not args.no_jacobi:
        t, jac = timed(lambda: solve(100, method="jacobi"))
        print(f"solve(100) jacobi : {t:.3f} s; {jac.sweeps} iterations; residual {jac.residual:.1e}; "
              f"max |P_sweep - P_jacobi| = {np.nanmax(np.abs(sol.P - jac.P)):.1e}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(solve, 100)
        pstats.Stats(profile).sort_stats("tottime").print_stats(6)

    p = sol.win_probability(0, 0)
    print()
    print(f"first player's win probability, optimal play: {p:.6f} "
          f"(published {PUBLISHED_FIRST_PLAYER}: {'agrees' if round(p, 4) == PUBLISHED_FIRST_PLAYER else 'DIFFERS'} "
          f"to 4 places); expected utility 2p-1 = {2 * p - 1:+.6f}")
    h = sol.hold_threshold()
    print(f"optimal hold threshold at 0-0: {h[0, 0]}; states where the optimal player holds: "
          f"{int((~sol.rolls & ~np.isnan(sol.roll)).sum()):,} of {int((~np.isnan(sol.roll)).sum()):,}")

    t, d20 = timed(lambda: duel(20, 20))
    print(f"hold at 20 vs itself: first player wins {d20.a_first:.6f} "
          f"(published about {PUBLISHED_HOLD20_FIRST}); {t:.2f} s")
    opt = duel(sol, 20)
    print(f"optimal vs hold at 20: wins {opt.a_first:.4f} moving first, {opt.a_second:.4f} second, "
          f"{opt.average:.4f} on average")
    best = duel(BEST, 20)
    print(f"best response to hold at 20 (expectimax): {best.a_first:.4f} first, {best.a_second:.4f} "
          f"second, {best.average:.4f} on average")
    if args.large:
        t, big = timed(lambda: solve(args.large, max_states=None))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20     # kB -> GiB (Linux)
        print(f"\nsolve({args.large}): {t:.1f} s, {big.sweeps} sweeps, first player {big.win_probability(0, 0):.6f}; "
              f"peak resident memory of this process {peak:.2f} GiB (the value table alone: "
              f"{big.P.nbytes / 2**30:.2f} GiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
