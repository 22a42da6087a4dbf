"""Benchmark: Monte Carlo tree search simulations per second, gamelib.mcts against a hand-written UCT
in this file, on tic-tac-toe and Connect Four (and TD learning's self-play games per second, if
gamelib.td is there).

Run:  python benchmarks/bench_mcts.py [--iterations 4000] [--repeat 3]

The reference below is the shortest UCT one would write by hand: statistics in a dict keyed by state,
a state's children listed once, the same UCB1 and the same uniformly random playouts, no trace, no
checks, no chance nodes.  Both run
the same number of iterations from the same positions; the script prints simulations (iterations, one
playout each) per second of each and their ratio, and checks that both pick a legal move.  Times are
the best of ``--repeat`` runs.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time

from gamelib.games import Connect4, TicTacToe
from gamelib.mcts import mcts

MAX = "MAX"


def reference_uct(game, state, iterations, c=math.sqrt(2), seed=0):
    """Hand-written UCT: N and W (MAX's total utility) per state in dicts; returns the most visited move."""
    rng = random.Random(seed)
    N, W, K = {state: 0}, {state: 0.0}, {}                          # K: a state's children, once
    for _ in range(iterations):
        path, s = [state], state
        while not game.is_terminal(s):                              # select / expand
            kids = K.get(s)
            if kids is None:
                kids = K[s] = [game.result(s, a) for a in game.actions(s)]
            new = [k for k in kids if k not in N]
            if new:
                s = rng.choice(new)
                N[s], W[s] = 0, 0.0
                path.append(s)
                break
            sign = 1 if game.to_move(s) == MAX else -1
            logn = math.log(N[s])
            s = max(kids, key=lambda k: sign * W[k] / N[k] + c * math.sqrt(logn / N[k]))
            path.append(s)
        t = s
        while not game.is_terminal(t):                              # simulate
            acts = game.actions(t)
            t = game.result(t, acts[int(rng.random() * len(acts))])
        u = game.utility(t, MAX)
        for p in path:                                              # back up
            N[p] += 1
            W[p] += u
    acts = game.actions(state)
    return max(acts, key=lambda a: N.get(game.result(state, a), 0))


def best_of(fn, repeat):
    best, out = math.inf, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"MCTS simulations per second (Python {platform.python_version()}, {args.iterations} iterations, "
          f"best of {args.repeat})")
    positions = [("tic-tac-toe, empty board", TicTacToe(), TicTacToe().initial_state),
                 ("Connect Four, empty board", Connect4(), Connect4().initial_state),
                 ("Connect Four, after 3342252", Connect4(), Connect4().from_moves("3342252"))]
    for name, game, state in positions:
        n = args.iterations
        t_kit, r = best_of(lambda: mcts(game, state, iterations=n, seed=0), args.repeat)
        t_ref, a = best_of(lambda: reference_uct(game, state, n, seed=0), args.repeat)
        assert r.action in game.actions(state) and a in game.actions(state)
        print(f"  {name:30s} gamelib.mcts {n / t_kit:>9,.0f}/s (move {r.action}, {r.nodes:,} nodes)   "
              f"hand-written {n / t_ref:>9,.0f}/s (move {a})   ratio {t_ref / t_kit:4.2f}x")
    try:
        from gamelib.td import td_learn
    except ImportError:
        return 0
    from gamelib.games import connect4, tictactoe
    for name, game, start, games in (
            ("tic-tac-toe", TicTacToe(), tictactoe.evaluation({"open_lines": 0, "threats": 0, "centre": 0}), 200),
            ("Connect Four", Connect4(), connect4.evaluation({"open_threes": 0, "open_twos": 0, "centre": 0}),
             300)):
        t, r = best_of(lambda: td_learn(game, start, iterations=games, alpha=0.001, lam=0.7, seed=0),
                       args.repeat)
        moves = sum(e.moves for e in r.history)
        print(f"  TD(0.7) self-play on {name:14s} {games / t:>9,.0f} games/s ({moves / t:,.0f} moves/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
