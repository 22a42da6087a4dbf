"""Benchmark: gamelib.maxn on Raid against a minimal hand-written max^n, and what the paranoid
reduction saves.

Run:  python benchmarks/bench_maxn.py [--repeat N] [--moves M]

The baseline is the smallest honest max^n for Raid: scores in a list, the recurrence written out with
no game object, no trace hooks and no validation.  Both search the full tree of Raid(moves=M) from the
start, in the same process, alternately; the best of N runs of each is compared (goal: gamelib within
2x, the price of the game protocol's method calls).  Then the nodes of max^n and of alpha-beta on
the paranoid game, depth by depth, from 10 random positions.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from gamelib import maxn
from gamelib.experiments.multiplayer import search_effort
from gamelib.games import Raid


def baseline_maxn(scores, turn, left):
    """(utility vector, nodes) of Raid from (scores, turn, moves left), first strictly better child."""
    if left == 0:
        top = max(scores)
        k = scores.count(top)
        return tuple(1 / k if s == top else 0.0 for s in scores), 1
    nodes, best = 1, None
    n = len(scores)
    for victim in [None] + [q for q in range(n) if q != turn]:   # grow, then raid each other player
        nxt = list(scores)
        if victim is None:
            nxt[turn] += 1
        else:
            nxt[victim] = max(0, nxt[victim] - 2)
        v, k = baseline_maxn(nxt, (turn + 1) % n, left - 1)
        nodes += k
        if best is None or v[turn] > best[turn]:
            best = v
    return best, nodes


def best_of(fn, repeat):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--moves", type=int, default=10)
    args = parser.parse_args(argv)
    game = Raid(moves=args.moves)
    t_lib, r = best_of(lambda: maxn(game), args.repeat)
    t_base, (v, nodes) = best_of(lambda: baseline_maxn([0, 0, 0], 0, args.moves), args.repeat)
    assert r.nodes == nodes and r.value == v, (r, v, nodes)
    print(f"max^n on Raid(moves={args.moves}): {r.nodes:,} nodes, value {r.value}")
    print(f"  gamelib.maxn   {t_lib:7.3f} s  {r.nodes / t_lib:10,.0f} nodes/s")
    print(f"  hand-written   {t_base:7.3f} s  {nodes / t_base:10,.0f} nodes/s   ratio {t_lib / t_base:.2f}x")
    long_raid = Raid(moves=12)
    rng = random.Random(7)
    starts = [long_raid.state(tuple(rng.randint(0, 3) for _ in range(3)), "A", 12) for _ in range(10)]
    print("depth   max^n nodes   paranoid alpha-beta nodes   (mean of 10 positions, Raid.margins)")
    for row in search_effort(long_raid, starts, range(1, 9), long_raid.margins):
        print(f"{row.depth:5d}   {row.maxn_nodes:11.0f}   {row.paranoid_nodes:25.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
