"""Benchmark: gamelib.minimax on the full tic-tac-toe tree against a minimal hand-written minimax.

Run:  python benchmarks/bench_minimax.py [--repeat N]

The baseline is the smallest honest tic-tac-toe minimax: tuple boards, a winner check over the 8 lines,
recursion with max/min.  Both run in the same process, alternately, and the best of N runs of each is
compared.  Target (issue 2): gamelib within 1.5x of the baseline.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time

from gamelib import minimax
from gamelib.games import TicTacToe

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def baseline_minimax(board=(".",) * 9, player="X"):
    """Return (value for X, nodes visited) of a plain recursive minimax over tuple boards."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return (1 if board[a] == "X" else -1), 1
    empty = [i for i in range(9) if board[i] == "."]
    if not empty:
        return 0, 1
    other = "O" if player == "X" else "X"
    nodes = 1
    values = []
    for i in empty:
        v, n = baseline_minimax(board[:i] + (player,) + board[i + 1:], other)
        values.append(v)
        nodes += n
    return (max(values) if player == "X" else min(values)), nodes


def best_of(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    game = TicTacToe()
    t_lib, t_base = [], []
    for _ in range(args.repeat):  # interleave so both see the same machine load
        t, res = best_of(lambda: minimax(game), 1)
        t_lib.append(t)
        t, (base_value, base_nodes) = best_of(baseline_minimax, 1)
        t_base.append(t)
    lib, base = min(t_lib), min(t_base)
    assert res.value == base_value == 0 and res.nodes == base_nodes == 549_946, (res, base_value, base_nodes)
    print(f"python {platform.python_version()} on {platform.machine()}, best of {args.repeat}")
    print(f"gamelib.minimax   : {res.nodes:,} nodes in {lib:.3f} s = {res.nodes / lib:,.0f} nodes/s")
    print(f"hand-written      : {base_nodes:,} nodes in {base:.3f} s = {base_nodes / base:,.0f} nodes/s")
    print(f"ratio gamelib/baseline: {lib / base:.2f}x  (target <= 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
