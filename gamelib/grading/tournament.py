"""An evaluation function judged by its results, as UC Berkeley CS188 grades its evaluation question.

A student's Connect Four evaluation plays, inside gamelib's own depth-2 alpha-beta (centre-first move
ordering), against three fixed opponents; each game is played from a seeded opening, once with each
colour, so neither side gains from moving first.  Partial credit, one point per rung:

1. **valid**: on sample positions it returns finite numbers, fast enough to play (under
   :data:`SLOW` seconds a call on average);
2. **beats a random player**: scores at least 90 % against uniformly random moves;
3. **beats search without knowledge**: at least 75 % against the same depth-2 search with EVAL = 0
   (it sees wins and losses two plies ahead, nothing else);
4. **beats the kit**: more than 50 % against the same search with the kit's own evaluation
   (:func:`gamelib.games.connect4.evaluation`): equal strength scores exactly 50 %.

A game counts 1 for a win, ½ for a draw.  Everything is deterministic given the seed, so a grade can
be reproduced; a game that runs past its time limit counts as lost.
"""
from __future__ import annotations

import math
import random
from typing import NamedTuple

from ..alphabeta import alphabeta
from ..core import MAX, MIN
from ..games import Connect4
from ..games.connect4 import center_first, evaluation as kit_evaluation
from .guard import TimeLimitExceeded, cpu_clock, thread_time, describe_returned, is_number, run

DEPTH = 2
SLOW = 0.005
"""Seconds per call above which an evaluation is too slow to be played."""
GAME_TIME = 10.0
"""Seconds one game may take."""


class Rung(NamedTuple):
    name: str
    score: float | None
    needed: str
    passed: bool


def _search_player(game, evaluate):
    def move(state):
        return alphabeta(game, state, depth=DEPTH, evaluate=evaluate, order=center_first).action
    return move


def _random_player(game, seed):
    rng = random.Random(seed)
    return lambda state: rng.choice(game.actions(state))


def _play(game, first, second, opening) -> float:
    """MAX's result (1, ½, 0) when ``first`` plays X and ``second`` O after the ``opening`` moves."""
    s = game.from_moves(opening)
    while not game.is_terminal(s):
        s = game.result(s, (first if game.to_move(s) == MAX else second)(s))
    return (game.utility(s, MAX) + 1) / 2


def _timed(player, clock, start):
    """``player``, stopped once the game has used :data:`GAME_TIME` seconds of ``clock``."""
    def move(state):
        if clock() - start > GAME_TIME:
            raise TimeLimitExceeded(f"the game took more than {GAME_TIME:g} s of CPU time")
        return player(state)
    return move


def match(game, mine, theirs, openings, clock=thread_time) -> float:
    """The student's score (0 to 1) over ``openings``, each played once with each colour; a game past
    :data:`GAME_TIME` seconds of ``clock`` (the grader's CPU time and the sandbox's, for a submission
    being graded) counts as lost."""
    total = 0.0
    for opening in openings:
        for colour in (MAX, MIN):
            mine_timed = _timed(mine, clock, clock())
            first, second = (mine_timed, theirs()) if colour == MAX else (theirs(), mine_timed)
            r = run(_play, game, first, second, opening, time_limit=GAME_TIME, watch=False)
            if r.status == "ok":
                total += r.returned if colour == MAX else 1 - r.returned
    return total / (2 * len(openings))


def _openings(rng, n, plies=2):
    return [[rng.randrange(7) for _ in range(plies)] for _ in range(n)]


def _samples(rng, game, n=60):
    out = []
    while len(out) < n:
        s = game.initial_state
        for _ in range(rng.randint(0, 20)):
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.actions(s)))
        if not game.is_terminal(s):
            out.append(s)
    return out


def grade_evaluation(evaluate, *, seed: int = 0, games: int = 12, hidden: bool = False) -> list[Rung]:
    """The four rungs for ``evaluate`` (a function Connect Four state -> estimated utility for MAX).
    With ``hidden`` (the positions and openings drawn from the course secret, while grading) a problem
    on the sample positions is said in the kit's words only: what went wrong, never the exception's
    type or message, the line, the value returned or the time a call took, which the student's code
    controls and could write a hidden position into."""
    game, rng = Connect4(), random.Random(seed)
    rungs = []
    samples = _samples(rng, game)
    clock = cpu_clock(evaluate)                             # CPU time: a busy machine slows no one down
    start = clock()
    r = run(lambda: [evaluate(s) for s in samples], time_limit=SLOW * len(samples) * 20, watch=False)
    per_call = (clock() - start) / len(samples)
    if r.status == "error":
        problem = ("it raised an exception on a sample position" if hidden else
                   f"it raised {type(r.error).__name__}: {r.error}" + (f" ({r.where})" if r.where else ""))
    elif r.status != "ok" or per_call > SLOW:
        problem = (f"it takes more than {SLOW * 1000:g} ms a call" if hidden
                   else f"it takes {per_call * 1000:.1f} ms a call; the limit is {SLOW * 1000:g} ms")
    else:
        bad = [v for v in r.returned if not (is_number(v) and math.isfinite(v))]
        problem = ("" if not bad else "it returned something that is not a finite number on a sample position"
                   if hidden else f"it returned {describe_returned(bad[0])}, not a finite number")
    rungs.append(Rung("valid: finite numbers, fast enough", None, problem or "ok", not problem))
    if problem:
        return rungs
    mine = _search_player(game, evaluate)
    ladder = [("beats a random player", lambda: _random_player(game, rng.randrange(10**6)), 0.9, "≥ 90 %"),
              ("beats depth-2 search with EVAL = 0", lambda: _search_player(game, lambda s: 0), 0.75, "≥ 75 %"),
              ("beats depth-2 search with the kit's evaluation",
               lambda: _search_player(game, kit_evaluation()), None, "> 50 %")]
    for name, opponent, needed, text in ladder:
        score = match(game, mine, opponent, _openings(rng, games), clock)
        passed = score > 0.5 if needed is None else score >= needed
        rungs.append(Rung(name, score, text, passed))
    return rungs


def report(rungs: list[Rung]) -> str:
    lines = []
    for rung in rungs:
        mark = "✓" if rung.passed else "✗"
        if rung.score is None:
            lines.append(f"{mark} {rung.name}" + ("" if rung.passed else f": {rung.needed}"))
        else:
            lines.append(f"{mark} {rung.name}: scored {rung.score:.0%} (needs {rung.needed})")
    return "\n".join(lines)
