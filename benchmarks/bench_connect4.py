"""Benchmark: depth-limited search on Connect Four, plain alpha-beta against move ordering and the
enhanced search (transposition table, killers, history), and the game's hot path.

Run:  python benchmarks/bench_connect4.py [--max-depth 8] [--deep 12] [--repeat 3] [--profile]

For each depth 4 .. max-depth, from the empty board and from a quiet middle-game position, it prints
nodes and seconds of

    plain     gamelib.alphabeta(depth=d), columns in the game's order 0..6 (the textbook)
    centre    gamelib.alphabeta(depth=d, order=center_first)
    enhanced  gamelib.limits.search(depth=d, order=center_first, table=..., killers, history)
    ID        gamelib.limits.iterative_deepening(max_depth=d, order=center_first): depths 1..d, all
              nodes counted

and checks that the three fixed-depth searches agree on the value (ordering and a table never change
alpha-beta's value).  Each search gets a fresh evaluation (its memo starts empty); times are the best of
``--repeat`` runs, nodes are deterministic.  Then iterative deepening to ``--deep`` plies, and the cost
per call of RESULT, ACTIONS, IS-TERMINAL, the ordering and EVAL.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sys
import time
import timeit

from gamelib import alphabeta
from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet

try:
    from gamelib.limits import iterative_deepening, search
    from gamelib.transposition import TranspositionTable
except ImportError:  # the enhanced search is optional for this script
    search = iterative_deepening = TranspositionTable = None

GAME = Connect4()
POSITIONS = {"start": GAME.initial_state,
             "middle game 3342252": GAME.from_moves("3342252")}   # quiet, about even, O to move


def runners(state, depth):
    """name -> function running that search from ``state`` to ``depth`` with a fresh evaluation."""
    out = {
        "plain": lambda: alphabeta(GAME, state, depth=depth, evaluate=evaluation()),
        "centre": lambda: alphabeta(GAME, state, depth=depth, evaluate=evaluation(), order=center_first),
    }
    if search is not None:
        out["enhanced"] = lambda: search(GAME, state, depth=depth, evaluate=evaluation(),
                                         order=center_first, table=TranspositionTable(),
                                         killers=True, history=True)
        out["ID"] = lambda: iterative_deepening(GAME, state, max_depth=depth, evaluate=evaluation(),
                                                order=center_first)
    return out


def timed(fn, repeat):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def depth_table(name, state, depths, repeat):
    print(f"\n{name}: {GAME.to_move(state)} to move" + (f"\n{state}" if state.plies else ""))
    names = list(runners(state, 1))
    print("depth " + "".join(f"{n:>22s}" for n in names) + "   value  move")
    rows = {}
    for d in depths:
        cells, results = [], {}
        for n, fn in runners(state, d).items():
            seconds, r = timed(fn, repeat)
            results[n] = (r, seconds)
            cells.append(f"{r.nodes:>10,} {seconds:>8.3f} s ")
        values = {n: r.value for n, (r, _) in results.items() if n != "ID"}
        assert len(set(values.values())) == 1, f"fixed-depth searches disagree at depth {d}: {values}"
        r = results["plain"][0]
        print(f"{d:>5d} " + "".join(f"{c:>22s}" for c in cells) + f"  {r.value:+.3f}  {r.action}")
        rows[d] = results
    return rows


def ratio_line(rows, depth):
    plain_r, plain_t = rows[depth]["plain"]
    parts = []
    for n in ("centre", "enhanced", "ID"):
        if n in rows[depth]:
            r, t = rows[depth][n]
            parts.append(f"{n} {plain_r.nodes / r.nodes:,.0f}x fewer nodes, {plain_t / t:,.1f}x faster")
    return f"depth {depth}, plain alpha-beta {plain_r.nodes:,} nodes in {plain_t:.2f} s; " + "; ".join(parts)


def hot_path():
    s = GAME.from_moves("3342252")
    acts = GAME.actions(s)
    ev = evaluation()
    rng = random.Random(0)
    fresh = set()                  # distinct positions, for evaluations that cannot hit the memo
    while len(fresh) < 2000:
        t = GAME.initial_state
        for _ in range(rng.randrange(4, 30)):
            if GAME.is_terminal(t):
                break
            t = GAME.result(t, rng.choice(GAME.actions(t)))
        fresh.add(t)
    fresh = list(fresh)

    def new_states():
        e = evaluation()
        for t in fresh:
            e(t)

    calls = {"result": (lambda: GAME.result(s, 3), 1), "actions": (lambda: GAME.actions(s), 1),
             "is_terminal": (lambda: GAME.is_terminal(s), 1),
             "center_first": (lambda: center_first(s, acts), 1),
             "evaluation (new state)": (new_states, len(fresh)),
             "evaluation (memo hit)": (lambda: ev(s), 1),
             "is_quiet": (lambda: is_quiet(s), 1), "empty call, for scale": (lambda: None, 1)}
    print("\nhot path, per call (best of 5):")
    for name, (fn, per) in calls.items():
        n = max(20_000 // per, 3)
        t = min(timeit.repeat(fn, number=n, repeat=5)) / (n * per)
        print(f"  {name:24s} {t * 1e9:8,.0f} ns")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-depth", type=int, default=8)
    parser.add_argument("--deep", type=int, default=12, help="iterative deepening to this depth")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile plain alpha-beta to depth 7")
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}; times: best of {args.repeat}; "
          f"Connect Four 7x6, evaluation {evaluation()!r}")
    if search is None:
        print("gamelib.limits is not available: the enhanced search and ID columns are left out")
    depths = range(4, args.max_depth + 1)
    tables = {name: depth_table(name, s, depths, args.repeat) for name, s in POSITIONS.items()}
    if search is not None and args.deep:
        t0 = time.perf_counter()
        r = iterative_deepening(GAME, evaluate=evaluation(), max_depth=args.deep, order=center_first)
        t = time.perf_counter() - t0
        print(f"\niterative deepening from the start to depth {r.depth}: {r.nodes:,} nodes in {t:.2f} s, "
              f"value {r.value:+.3f}, move {r.action}, pv {r.pv}")
        print("  " + ", ".join(f"d{d.depth} {d.nodes:,} nodes {d.seconds:.2f} s" for d in r.per_depth))
    hot_path()
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(alphabeta, GAME, depth=7, evaluate=evaluation())
        pstats.Stats(prof).sort_stats("tottime").print_stats(8)
    print()
    for name, rows in tables.items():
        print(f"{name}: " + ratio_line(rows, args.max_depth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
