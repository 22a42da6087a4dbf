"""Benchmark: the sigma study's vectorized Monte Carlo on the textbook tree (AIMA 4th ed. Fig. 5.16, 3rd ed.
Fig. 5.14).

Run:  python benchmarks/bench_sigma.py [--trials N] [--repeat R]

Times ``branch_probabilities(TEXTBOOK_TREE, sigma=5, trials=N)`` (default 10^6 trials: a
(trials × 8 leaves) array of normal draws backed up by one numpy reduction per tree level, in chunks)
and prints trials per second, best of R runs, with the estimate and the exact integral next to it.
A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import math
import platform
import sys
import time

import numpy as np

from gamelib.experiments.sigma import (CHUNK_ELEMENTS, TEXTBOOK_TREE, branch_probabilities,
                                       exact_branch_probabilities)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        result = branch_probabilities(TEXTBOOK_TREE, 5, trials=args.trials, seed=0)
        times.append(time.perf_counter() - t0)
    best = min(times)
    exact = exact_branch_probabilities(TEXTBOOK_TREE, 5)   # once to import scipy.integrate
    t_exact = math.inf
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        exact = exact_branch_probabilities(TEXTBOOK_TREE, 5)
        t_exact = min(t_exact, time.perf_counter() - t0)
    print(f"python {platform.python_version()}, numpy {np.__version__} on {platform.machine()}, "
          f"best of {args.repeat}; chunks of {CHUNK_ELEMENTS // 8:,} trials")
    print(f"Monte Carlo : {args.trials:,} trials in {best:.3f} s = {args.trials / best:,.0f} trials/s")
    print(f"  P(left truly better), σ = 5: {result['a1']:.4f} ± {result.stderr['a1']:.4f}")
    print(f"exact       : {exact['a1']:.4f} in {t_exact * 1000:.0f} ms (notes: 71%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
