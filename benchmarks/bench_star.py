"""Benchmark: nodes visited by expectiminimax, Star1 and Star2 on random trees with chance nodes.

Run:  python benchmarks/bench_star.py [--seeds N] [--slack S]

Trees are gamelib.experiments.chance_trees.random_chance_tree: ``moves`` rounds of (decision node with
b children, chance node with n outcomes), MAX / CHANCE / MIN / CHANCE / ... / leaves, integer leaves in
[-5, 5], the searches told the bounds [-5 - S, 5 + S].  The table gives the mean node counts over seeds 0..N-1 and
each search's percentage of expectiminimax's count (which is the full tree).  Every tree's three
values are checked to agree.  A benchmark printing numbers, not a timed test.
"""
from __future__ import annotations

import argparse
import time

from gamelib.experiments.chance_trees import format_node_counts, node_counts

SHAPES = [(b, n, m, probs, order)
          for order in ("random", "best")
          for (b, n, m) in ((2, 2, 2), (3, 3, 2), (5, 6, 2), (3, 2, 3))
          for probs in ("uniform", "random")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--slack", type=float, default=0.0,
                        help="widen the declared bounds by this much on each side")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    rows = node_counts(SHAPES, range(args.seeds), slack=args.slack)
    print(f"mean nodes over {args.seeds} seeds; leaves in [-5, 5], bounds "
          f"[{-5 - args.slack:g}, {5 + args.slack:g}]")
    print(format_node_counts(rows))
    print(f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
