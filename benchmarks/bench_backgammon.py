"""Benchmark: backgammon (issue 26).  A measurement, never a timed test.

Run:  python benchmarks/bench_backgammon.py [--games N] [--three-ply]

1. Move generation, the hot path: ``game.actions`` (every whole turn, one per distinct resulting
   position, named in the standard notation) on the decision positions of N games of random play,
   against a hand-written generator in the same process (lists of 26 counts changed in place and undone,
   recursion over the dice, a set of the resulting positions: the way one writes it first).  The two must
   find the same positions.
2. Expectiminimax at 1 and 2 decision plies (depth 1 and 3) on positions of 1-ply self-play: nodes,
   microseconds a node; Star2 with the utility bounds on the same searches (gamelib.experiments.backgammon).
3. The widget's agent: its 1-ply search for every move of a game (mean and slowest), the part of a click
   the kernel spends (goal: a click answered within 0.3 s).
4. (--three-ply) One expectiminimax search to 3 decision plies (depth 5) on a middle-game position,
   against the estimate the depth study makes from its 2-ply search: about a minute.
"""
from __future__ import annotations

import argparse
import pathlib
import platform
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamelib import CHANCE, MAX, MIN, expectiminimax, play, uniform  # noqa: E402
from gamelib.experiments import backgammon as study  # noqa: E402
from gamelib.games.backgammon import BAR, Backgammon, counts, evaluation, pack  # noqa: E402


# -- 1. move generation -----------------------------------------------------------------------------------

def reference_turns(me: list, opp: list, dice: tuple) -> set:
    """Hand-written: every position (as a pair of 26-tuples) a legal turn reaches, by recursion over the
    dice with the board changed in place and undone; both dice if possible, else the larger."""
    found = {}                                             # position -> dice played

    def moves(die):
        if me[BAR]:
            sources = [BAR]
        else:
            sources = [p for p in range(24, 0, -1) if me[p]]
        home = not me[BAR] and not any(me[7:25])
        for src in sources:
            dst = src - die
            if dst > 0:
                if opp[25 - dst] >= 2:
                    continue
                yield src, dst
            elif home and (dst == 0 or not any(me[src + 1:7])):
                yield src, 0

    def walk(left, played):
        any_move = False
        for i, die in enumerate(left):
            if i and die == left[0]:
                continue                                   # the same number again: the same moves
            for src, dst in list(moves(die)):
                hit = dst > 0 and opp[25 - dst] == 1
                me[src] -= 1
                me[dst] += 1
                if hit:
                    opp[25 - dst] -= 1
                    opp[BAR] += 1
                any_move = True
                walk(left[:i] + left[i + 1:], played + [die])
                if hit:
                    opp[BAR] -= 1
                    opp[25 - dst] += 1
                me[dst] -= 1
                me[src] += 1
        if not any_move:
            key = (tuple(me), tuple(opp))
            found[key] = max(found.get(key, []), played, key=lambda p: (len(p), max(p, default=0)))

    high, low = dice
    walk([high] * 4 if high == low else [high, low], [])
    most = max(len(p) for p in found.values())
    kept = {k: p for k, p in found.items() if len(p) == most}
    if most == 1 and high != low:                          # one number only: the larger if it can be played
        larger = {k for k, p in kept.items() if p[0] == high}
        return larger or set(kept)
    return set(kept)


def bench_generation(n_games: int):
    game = Backgammon()
    positions = []
    for seed in range(n_games):
        positions += [s for s in play(game, {MAX: uniform(game), MIN: uniform(game)}, seed=seed).states
                      if not game.is_terminal(s) and game.to_move(s) != CHANCE]
    sides = [((s.x, s.o) if s.turn == MAX else (s.o, s.x)) for s in positions]
    lists = [(list(counts(me)), list(counts(opp)), s.dice) for (me, opp), s in zip(sides, positions)]

    def ours():
        out = 0
        for s in positions:
            game._memo.clear()
            out += len(game.actions(s))
        return out

    t_lib, n_turns = min((timed(ours) for _ in range(3)), key=lambda r: r[0])
    t_ref, ref = min((timed(lambda: [reference_turns(me, opp, d) for me, opp, d in lists]) for _ in range(3)),
                     key=lambda r: r[0])
    same = True
    for s, r in zip(positions, ref):
        mine = {(c.x, c.o) if s.turn == MAX else (c.o, c.x) for c in (game.result(s, a) for a in game.actions(s))}
        same = same and mine == {(pack(list(me)), pack(list(opp))) for me, opp in r}
    n = len(positions)
    print(f"1. move generation on {n:,} positions of {n_games} random games ({n_turns / n:.1f} turns a position): "
          f"game.actions {t_lib / n * 1e6:.0f} µs a position (names and states included), hand-written "
          f"{t_ref / n * 1e6:.0f} µs (ratio {t_lib / t_ref:.2f}); same positions: {same}")
    return same


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


# -- 2. expectiminimax and Star2 --------------------------------------------------------------------------

def bench_search():
    t, result = timed(lambda: study.depth_study(study.sample_positions(12)))
    print(f"2. depth study on 12 positions of 1-ply self-play ({t:.1f} s):")
    for line in study.format_depth_study(result).splitlines():
        print("   " + line)
    return result


# -- 3. the widget's agent ----------------------------------------------------------------------------------

def bench_agent():
    game, ev = Backgammon(), evaluation()
    rng = random.Random(0)
    s, times, moves = game.initial_state, [], []
    while not game.is_terminal(s):
        if game.to_move(s) == CHANCE:
            outcomes, probs = zip(*game.chance_outcomes(s))
            s = game.result(s, rng.choices(outcomes, probs)[0])
            continue
        dt, r = timed(lambda: expectiminimax(game, s, depth=1, evaluate=ev, trace=True))
        times.append(dt)
        moves.append(len(game.actions(s)))
        s = game.result(s, r.action)
    print(f"3. the widget's agent, 1-ply expectiminimax with its trace over a game of {len(times)} moves: "
          f"mean {statistics.fmean(times) * 1e3:.1f} ms, slowest {max(times) * 1e3:.1f} ms "
          f"({max(moves)} moves); goal: a click within 0.3 s")


# -- 4. three plies, once -----------------------------------------------------------------------------------

def bench_three_ply(result):
    game, ev = Backgammon(), evaluation()
    typical = sorted(result.positions, key=lambda p: p.moves)[len(result.positions) // 2]   # the median b
    t, r = timed(lambda: expectiminimax(game, typical.state, depth=5, evaluate=ev))
    print(f"4. three decision plies (depth 5) on a middle-game position ({typical.moves} moves): {r.nodes:,} nodes "
          f"in {t:.1f} s ({t / r.nodes * 1e6:.0f} µs a node); the depth study estimated {typical.estimated:,.0f} "
          f"({typical.estimated / r.nodes - 1:+.0%})")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games for the move-generation row")
    parser.add_argument("--three-ply", action="store_true", help="one 3-ply search (about a minute)")
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()}")
    ok = bench_generation(args.games)
    result = bench_search()
    bench_agent()
    if args.three_ply:
        bench_three_ply(result)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
