"""A learned evaluation function: temporal-difference learning of a :class:`~gamelib.WeightedSum`'s
weights from self-play (CS221 "TD learning"; Sutton 1988; Tesauro's TD-Gammon in miniature, Zell's slides
§5.7; AIMA 4th ed. §5.3.1 "the weights can be learned", §22.3).

The evaluation is linear, V(s; w) = w · f(s), an estimate of MAX's utility at s (the kit's EVAL).  The
program plays games against itself; after each move from s to s' it compares its estimate at s with
what it sees one move later:

    target      r + V(s'; w), where V(s'; w) is UTILITY(s', MAX) if s' is terminal (the reward r is 0
                on every move: the utility comes at the end, γ = 1)
    error       δ = target - V(s; w)                          (the temporal difference)
    TD(0)       w <- w + α δ f(s)                             (CS221: w <- w - η [V(s;w) - target] ∇V)
    TD(λ)       e <- λ e + f(s);  w <- w + α δ e              (e: the eligibility trace, 0 at the start
                                                               of each game; λ = 0 is TD(0))

so every position moves its estimate towards the next position's, and the last towards the true
result.  Both players choose their moves by the current weights, one ply ahead: MAX the move whose
resulting state has the largest V (the utility if terminal), MIN the smallest, ties broken at random,
and a uniformly random move with probability ``epsilon`` (exploration, else self-play would repeat one
game).  Every move, exploring ones too, is learned from.  The random generator is
``random.Random(seed)``: the same seed gives the same games and the same weights.

:func:`td_learn` returns a *new* WeightedSum (the same class, via ``with_weights``) and the history of
the weights after every game; the WeightedSum passed in is never changed.  With ``alpha=0`` nothing is
learned.
"""
from __future__ import annotations

import math
import numbers
import random
from typing import NamedTuple

from .core import CHANCE, MAX, ArgumentError, EvaluationError, GameError, StateError
from .evaluation import WeightedSum
from .players import MAX_MOVES
from .validate import (renamed, CheckedGame, check_game, flag, guard_size, number, python_seed, start_state, two_player,
                       no_moves, whole, zero_sum_utility)


class Episode(NamedTuple):
    """One self-play game: its number (from 1), MAX's utility at the end, its moves, the mean |δ| of its
    updates, and the weights after it."""

    episode: int
    utility: float
    moves: int
    mean_error: float
    weights: dict


class TDResult(NamedTuple):
    """What :func:`td_learn` returns: the learned evaluation and one :class:`Episode` per game."""

    evaluation: WeightedSum
    history: list


@renamed(episodes="iterations")
def td_learn(game, features: WeightedSum, *, iterations: int, alpha: float, lam: float = 0.0, seed=0,
             epsilon: float = 0.1, state=None, progress: bool = False,
             max_moves: int | None = MAX_MOVES) -> TDResult:
    """TD(λ) on the weights of ``features`` (a :class:`~gamelib.WeightedSum`; its weights are the
    starting point) from ``iterations`` games of self-play from ``state`` (the initial state if None),
    with learning rate ``alpha`` >= 0 and trace decay 0 <= ``lam`` <= 1.  See the module docstring for
    the rule.  Returns ``TDResult(evaluation, history)``; ``features`` is not changed.  One iteration
    is one self-play game (an episode; ``episodes=`` is the deprecated spelling of ``iterations=``).

    ``epsilon`` in [0, 1] is the probability of a random move; ``progress=True`` shows a bar over the
    games; a game longer than ``max_moves`` moves raises :class:`~gamelib.core.TooLargeError`.

    >>> from gamelib.games import TicTacToe
    >>> from gamelib.games.tictactoe import evaluation
    >>> start = evaluation({"open_lines": 0, "threats": 0, "centre": 0})
    >>> learned, history = td_learn(TicTacToe(), start, iterations=200, alpha=0.01, seed=0)
    >>> start.weights == {"open_lines": 0, "threats": 0, "centre": 0}, len(history)
    (True, 200)
    >>> learned.weights["threats"] > 0      # a line of two is good for its owner
    True
    """
    check_game(game)
    two_player(game, "td_learn")
    if not isinstance(features, WeightedSum):
        raise ArgumentError(f"features must be a gamelib.WeightedSum (its weights are where learning "
                            f"starts), got {features!r}")
    whole("iterations", iterations, 1, unit="self-play games")
    number("alpha", alpha, least=0, what="a learning rate, a finite number")
    number("lam", lam, least=0, most=1, what="a trace decay λ")
    number("epsilon", epsilon, least=0, most=1, what="a probability")
    rng = random.Random(python_seed("seed", seed))
    start = start_state(game, state)
    flag("progress", progress)
    whole("max_moves", max_moves, 1, none=True, unit="moves")
    if game.is_terminal(start):
        raise StateError(f"td_learn needs a state where the game is not over, got {start!r}")
    utility = zero_sum_utility(game, "td_learn")   # MAX's: finite, and minus MIN's (self-play is zero-sum)
    game = CheckedGame(game)                       # chance outcomes checked the first time each is seen

    names = list(features.features)
    fs = list(features.features.items())
    w = [float(features.weights[n]) for n in names]
    history = []
    from .progress import tqdm
    for episode in tqdm(range(iterations), desc="self-play games", unit="game", disable=not progress):
        s = start
        x = _features(fs, s)
        e = [0.0] * len(w)
        errors, moves = 0.0, 0
        while not game.is_terminal(s):
            if max_moves is not None and moves >= max_moves:
                guard_size(moves + 1, max_moves, argument="max_moves",
                           what=f"the length of a self-play game of {game!r}")
            s2 = _self_play_move(game, s, fs, w, epsilon, rng, utility)
            if s2 is None:                       # every value is NaN: the weights have blown up
                raise _diverged(episode, names, w, alpha)
            if game.is_terminal(s2):
                target, x2 = utility(s2), None
            else:
                x2 = _features(fs, s2)
                target = _dot(w, x2)
            delta = target - _dot(w, x)                      # the temporal difference
            for i in range(len(w)):
                e[i] = lam * e[i] + x[i]                     # the eligibility trace (TD(0): e = f(s))
                w[i] += alpha * delta * e[i]
            errors += abs(delta)
            s, x, moves = s2, x2, moves + 1
        if not all(math.isfinite(wi) for wi in w):
            raise _diverged(episode, names, w, alpha)
        history.append(Episode(episode + 1, utility(s), moves, errors / moves,
                               dict(zip(names, w))))
    return TDResult(features.with_weights(**dict(zip(names, w))), history)


def _diverged(episode, names, w, alpha) -> GameError:
    return GameError(f"TD learning diverged in game {episode + 1}: the weights became {dict(zip(names, w))}; "
                     f"use a smaller alpha (now {alpha!r})")


def _features(fs, s) -> list:
    """f(s) for every (name, f) in ``fs``; a value that is not a finite real number raises
    :class:`~gamelib.core.EvaluationError` naming the feature."""
    out = []
    for name, f in fs:
        v = f(s)
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(v):
            raise EvaluationError(f"feature {name!r} returned {v!r} at {s!r}: features must return "
                                  "finite real numbers")
        out.append(float(v))
    return out


def _dot(w, x) -> float:
    total = 0.0
    for wi, xi in zip(w, x):
        total += wi * xi
    return total


def _self_play_move(game, s, fs, w, epsilon, rng, utility):
    """The state after the mover's ε-greedy move by V(·; w) one ply ahead (ties at random); None if no
    child has a value that is a number (the weights have blown up: NaN)."""
    player = game.to_move(s)
    if player == CHANCE:
        outcomes, probs = zip(*game.chance_outcomes(s))
        return game.result(s, rng.choices(outcomes, probs)[0])
    children = [game.result(s, a) for a in game.actions(s)]
    if not children:
        raise no_moves(game, s)
    if rng.random() < epsilon:
        return rng.choice(children)
    sign = 1 if player == MAX else -1
    scored = [(sign * (utility(c) if game.is_terminal(c) else _dot(w, _features(fs, c))), c)
              for c in children]
    best = max(v for v, _ in scored)
    ties = [c for v, c in scored if v == best]
    return rng.choice(ties) if ties else None
