"""Benchmark: nodes visited by alpha-beta with and without the enhancements of gamelib.limits.

Run:  python benchmarks/bench_limits.py [--depths 6 7 8]

Tic-tac-toe is searched to the end (its value, 0, is checked); Connect Four from the empty board to
each depth with its documented evaluation.  Every row of a game and depth must agree on the value (the
enhancements only reorder or skip needless work): the script checks that and prints node counts,
which are deterministic, and seconds, which are not.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time

from gamelib import alphabeta
from gamelib.games import TicTacToe
from gamelib.limits import iterative_deepening, search


def zero(state):
    return 0


def rows_for(game, depth, evaluate, order=None):
    """(label, thunk) pairs: each thunk runs one search from scratch and returns its result."""
    ev = evaluate
    rows = [
        ("alphabeta", lambda: alphabeta(game, depth=depth, evaluate=ev())),
        ("+ table", lambda: search(game, depth=depth, evaluate=ev(), table=True)),
        ("+ table + killers + history",
         lambda: search(game, depth=depth, evaluate=ev(), table=True, killers=True, history=True)),
        ("iterative deepening (table, killers, history)",
         lambda: iterative_deepening(game, evaluate=ev(), max_depth=depth)),
    ]
    if order is not None:
        rows += [
            ("alphabeta, centre first", lambda: alphabeta(game, depth=depth, evaluate=ev(), order=order)),
            ("centre first + table + killers + history",
             lambda: search(game, depth=depth, evaluate=ev(), table=True, killers=True, history=True,
                            order=order)),
            ("iterative deepening, centre first",
             lambda: iterative_deepening(game, evaluate=ev(), max_depth=depth, order=order)),
        ]
    return rows


def report(title, rows, expected=None):
    print(title)
    values = set()
    base = None
    for label, run in rows:
        t0 = time.perf_counter()
        result = run()
        seconds = time.perf_counter() - t0
        base = base or result.nodes
        values.add(result.value)
        print(f"  {label:46s} {result.nodes:>9,} nodes ({result.nodes / base:6.1%})  "
              f"value {result.value:+.3f}  move {result.action}  {seconds:6.2f} s")
    assert len(values) == 1, f"the enhancements disagree on the value: {values}"
    if expected is not None:
        assert values == {expected}, values


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[6, 7, 8],
                        help="Connect Four search depths (default 6 7 8)")
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}")
    report("Tic-tac-toe, full depth (9 plies) from the empty board",
           rows_for(TicTacToe(), 9, lambda: zero), expected=0)
    try:
        from gamelib.games.connect4 import Connect4, center_first, evaluation
    except ImportError:
        print("Connect Four: gamelib.games.connect4 not available")
        return 0
    for depth in args.depths:
        # A fresh evaluation per search: Connect Four's evaluation memoizes, which would flatter
        # whichever search ran second.
        report(f"Connect Four from the empty board, depth {depth}",
               rows_for(Connect4(), depth, evaluation, order=center_first))
    return 0


if __name__ == "__main__":
    sys.exit(main())
