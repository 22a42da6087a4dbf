"""Seconds the feedback on a failed hidden cell costs a student's grading: the kit's small cases run, the
smallest one that fails diagnosed (gamelib.grading.core.hidden_feedback), beside the grading of the same
function on the question's public cases, in the same run.

The functions are bugs no bug model covers, written as students write them (a MIN node that takes the
largest value, α narrowed at a MIN node, a chance node treated as MAX), and a right search for the cost
of a small-case pass that finds nothing.  Feedback runs in the grader's process, under the same per-call
time limit as every case (``core.TIME_LIMIT``): its cost is bounded by the number of small cases
(``core.SMALL_CASES``) and the diagnosis's own calls.

    .venv/bin/python benchmarks/bench_feedback.py [--repeat N]
"""
from __future__ import annotations

import argparse
import statistics
import time
from math import inf

from gamelib import CHANCE, MAX, alphabeta
from gamelib.grading import checks, core
from gamelib.grading.core import GradingError


def min_takes_max(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    return max(min_takes_max(game, game.result(state, a)) for a in game.actions(state))


def chance_as_max(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [chance_as_max(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) not in (MAX, CHANCE) else max(values)


def alpha_at_min(game, state, prune_on_equality=True):
    def value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        v, move = (-inf if game.to_move(s) == MAX else inf), None
        for a in game.actions(s):
            v2, _ = value(game.result(s, a), alpha, beta)
            if game.to_move(s) == MAX:
                if v2 > v:
                    v, move = v2, a
                    alpha = max(alpha, v)
                if v >= beta:
                    return v, move
            else:
                if v2 < v:
                    v, move = v2, a
                    alpha = max(alpha, v)                  # the bug: a MIN node narrows β
                if v <= alpha:
                    return v, move
        return v, move
    return value(state, -inf, inf)


def right_alphabeta(game, state, prune_on_equality=True):
    return alphabeta(game, state, prune_on_equality=prune_on_equality)


SUBJECTS = [("minimax_value", "a MIN node takes the largest", min_takes_max),
            ("expectiminimax_value", "a chance node taken as MAX", chance_as_max),
            ("alphabeta_search", "alpha narrowed at a MIN node", alpha_at_min),
            ("alphabeta_search", "a right alpha-beta (nothing to find)", right_alphabeta)]


def _time(fn) -> float:
    start = time.perf_counter()
    try:
        fn()
    except GradingError:
        pass
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"feedback on a failed hidden cell ({core.SMALL_CASES} small cases, the first failing one diagnosed) "
          f"against grading the public cases; median of {args.repeat}")
    print(f"{'question':<22} {'function':<38} {'public s':>9} {'feedback s':>11} {'ratio':>6}")
    worst = 0.0
    for name, what, fn in SUBJECTS:
        task = checks.EXERCISES[name]
        public = statistics.median(_time(lambda: core.grade(task, fn, quiet=True)) for _ in range(args.repeat))
        feedback = statistics.median(_time(lambda: core.hidden_feedback(task, fn, 1, 10))
                                     for _ in range(args.repeat))
        worst = max(worst, feedback)
        print(f"{name:<22} {what:<38} {public:9.3f} {feedback:11.3f} {feedback / public:6.1f}")
    print(f"slowest feedback: {worst:.2f} s per failed hidden cell")


if __name__ == "__main__":
    main()
