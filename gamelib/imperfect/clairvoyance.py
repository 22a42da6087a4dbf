"""Averaging over clairvoyance (AIMA 4th ed. §5.6.2; Zell's slides §5.6, card games).

For a card game whose randomness is all in the deal, the idea is: solve every deal the player cannot
rule out as if it were a game of perfect information, and pick the action that is best on average.
The seed renders the formula as ``argmax_a Σ_a P(s) MINIMAX(RESULT(s, a))``, which sums over the wrong
variable.  Corrected, at an information set (the evidence e of what the player knows):

    argmax_a  Σ_{s ∈ I}  P(s | e) · MINIMAX(RESULT(s, a))

and, with N deals sᵢ drawn from P(s | e) when there are too many to enumerate (Monte Carlo; the seed's
extra factor P(s) must go, the sampling already weights by it):

    argmax_a  (1/N) Σ_{i=1..N}  MINIMAX(RESULT(sᵢ, a))

Here MINIMAX is :func:`gamelib.expectiminimax` (the same thing when no chance remains after the deal),
valued for the player to move (MIN maximizes −MAX's value); P(s | e) is the probability chance gives
each state of the information set, renormalized: clairvoyance models the *cards*, never the opponent's
reasons for its bets.  Each Monte Carlo estimate comes with its standard error, s/√N.

**Ties** (actions whose averages are equal to within 10⁻⁹) are broken by ``tie``: ``'first'`` (the
default) takes the first in the game's order, ``'last'`` the last, ``'uniform'`` mixes them equally.
On Kuhn poker the King's opening bet and pass tie (in every world it imagines, the King wins whatever
it does); which one is played changes the strategy, but not its exploitability (notebook 06b and
the kit's tests check all three rules).

What it cannot do (the seed's list): it assumes that from the next move on everyone sees everything,
so it never values an action that **gathers information** (in each imagined world it already knows),
never **hides** information (in each world the opponent already knows), and never **bluffs** (in each
world the opponent can see the bluff).  :class:`~gamelib.games.RoadGame` and
:class:`~gamelib.games.HidingGame` show each; Kuhn poker shows the bluff.
"""
from __future__ import annotations

import math
import random
from typing import NamedTuple

from ..core import MAX
from ..minimax import expectiminimax
from ..validate import choice, players as check_players, python_seed, whole
from .infosets import extensive_form
from .policy import TabularPolicy

CLAIRVOYANCE_TIES = ("first", "last", "uniform")
TIE_TOLERANCE = 1e-9


class ClairvoyantEstimate(NamedTuple):
    """The average perfect-information value of one action at one information set, for the player to
    move: ``mean``, its standard error ``stderr`` (0 for an exact average) and ``samples`` (None for
    an exact average over every state)."""

    mean: float
    stderr: float
    samples: int | None


class ClairvoyantPolicy(TabularPolicy):
    """The policy averaging over clairvoyance plays: a :class:`TabularPolicy` with, in ``estimates``,
    the averages it chose by: ``{infoset: {action: ClairvoyantEstimate}}``."""

    def __init__(self, game, table, estimates, *, name):
        super().__init__(game, table, name=name)
        self.estimates = {k: dict(v) for k, v in estimates.items()}


def _choose(actions, means: dict, tie: str) -> dict:
    top = max(means.values())
    best = [a for a in actions if means[a] >= top - TIE_TOLERANCE * max(1.0, abs(top))]
    if tie == "first":
        best = best[:1]
    elif tie == "last":
        best = best[-1:]
    return {a: (1.0 / len(best) if a in best else 0.0) for a in actions}


def clairvoyance_policy(game, *, samples: int | None = None, seed=0, tie: str = "first",
                        players=None) -> ClairvoyantPolicy:
    """The policy of averaging over clairvoyance at every information set of ``players`` (default:
    both): **exact** (every state of the information set, weighted by its chance probability) when
    ``samples`` is None, else **Monte Carlo** with ``samples`` states drawn per information set
    (seeded by ``seed`` and the information set, so one information set's draws do not depend on
    the others').  ``tie``: 'first', 'last' or 'uniform' (see the module docstring).
    """
    choice("tie", tie, CLAIRVOYANCE_TIES)
    samples = whole("samples", samples, 2, none=True, unit="states drawn per information set")
    python_seed("seed", seed)
    form = extensive_form(game)
    form.require_zero_sum("clairvoyance_policy")
    if players is not None:
        players = check_players("players", players, game)
    values: dict = {}

    def minimax_value(state):                                # MAX's, as if everyone saw everything
        if state not in values:
            values[state] = expectiminimax(game, state).value
        return values[state]

    table, estimates = {}, {}
    for key, I in form.infosets.items():
        if players is not None and I.player not in players:
            continue
        sign = 1 if I.player == MAX else -1
        states = [form.nodes[i].state for i in I.nodes]
        weights = [form.nodes[i].chance_reach for i in I.nodes]
        total = sum(weights)
        if total <= 0:                                       # chance never deals this: all alike
            weights, total = [1.0] * len(states), float(len(states))
        est = {}
        if samples is None:
            for a in I.actions:
                mean = sum(w * sign * minimax_value(game.result(s, a)) for s, w in zip(states, weights)) / total
                est[a] = ClairvoyantEstimate(mean, 0.0, None)
        else:
            rng = random.Random(f"{seed}/{key!r}")
            drawn = rng.choices(states, weights, k=samples)
            for a in I.actions:
                xs = [sign * minimax_value(game.result(s, a)) for s in drawn]
                mean = sum(xs) / samples
                var = sum((x - mean) ** 2 for x in xs) / (samples - 1)
                est[a] = ClairvoyantEstimate(mean, math.sqrt(var / samples), samples)
        estimates[key] = est
        table[key] = _choose(I.actions, {a: e.mean for a, e in est.items()}, tie)
    kind = "exact" if samples is None else f"Monte Carlo, {samples} samples"
    return ClairvoyantPolicy(game, table, estimates, name=f"averaging over clairvoyance ({kind}, ties: {tie})")
