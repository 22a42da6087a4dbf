"""Counterfactual regret minimization: vanilla, tabular CFR (Zinkevich, Johanson, Bowling & Piccione,
"Regret Minimization in Games with Incomplete Information", NIPS 2007; Neller & Lanctot, "An
Introduction to Counterfactual Regret Minimization", 2013).

Each player keeps, at each of its information sets I, a cumulative **regret** R(I, a) for every action
and a cumulative **strategy** S(I, a).  One iteration t, for each player i in turn (MAX, then MIN):

1. **Regret matching.**  For every information set, σᵗ(I, a) = R⁺(I, a) / Σ_b R⁺(I, b), where
   R⁺ = max(R, 0); uniform if no regret is positive.
2. **Walk the tree once** under σᵗ, depth first, carrying the probability that MAX, MIN and chance
   lead to each node h (π_MAX(h), π_MIN(h), π_c(h)), and computing each node's expected utility v(h)
   under σᵗ on the way back up.
3. **Counterfactual regrets.**  At each decision node h ∈ I of player i, for every action a:
   R(I, a) += π₋ᵢ(h) · (vᵢ(h·a) − vᵢ(h)), where π₋ᵢ(h) is the reach through the opponent and chance
   ("counterfactual": as if i had played to reach h).
4. **Average strategy.**  S(I, a) += πᵢ(h) · σᵗ(I, a).

After T iterations the **average** strategy σ̄(I, a) = S(I, a) / Σ_b S(I, b), not the last σᵗ, is an
ε-Nash equilibrium with ε = O(1/√T) in theory (faster in practice on small games).

Updating the players in turn, each from a σ that already reflects the other's update, is *alternating
updates* (the default, as in OpenSpiel and Lanctot's thesis, 2013).  Zinkevich et al.'s original updates
both players from the same σᵗ in a single walk: ``alternating=False``.  On Kuhn poker the alternating
version reaches exploitability 10⁻³ in about 1,000 iterations, the simultaneous one needs many more
(notebook 06b §4 shows both).  No sampling, no CFR+: those are further departures.

The solver keeps its tables to itself: :meth:`CFR.average_policy` and :meth:`CFR.current_policy` return
a **new** :class:`TabularPolicy` each time (OpenSpiel's solvers return one object "updated in-place":
collect one per iteration there and you hold N copies of the last).

>>> from gamelib.games import KuhnPoker
>>> from gamelib.imperfect import exploitability, expected_value
>>> game = KuhnPoker()
>>> policy = cfr(game, 1000)
>>> round(expected_value(game, policy), 3), exploitability(game, policy) < 0.005
(-0.056, True)
"""
from __future__ import annotations

from typing import NamedTuple

import math
import numbers

from ..core import CHANCE, MAX, ArgumentError
from ..validate import flag, whole
from .best_response import exploitability
from .infosets import TERMINAL, extensive_form
from .policy import TabularPolicy

_TERMINAL, _CHANCE, _MAX, _MIN = 0, 1, 2, 3


def regret_matching(regrets: list) -> list:
    """σ(a) ∝ max(R(a), 0); uniform if no regret is positive (step 1).  ``regrets`` is a non-empty
    sequence of finite numbers, one per action: :class:`~gamelib.core.ArgumentError` otherwise."""
    try:
        ok = not isinstance(regrets, (str, bytes)) and len(regrets) > 0 and all(
            not isinstance(r, bool) and isinstance(r, numbers.Real) and math.isfinite(r) for r in regrets)
    except TypeError:
        ok = False
    if not ok:
        raise ArgumentError(f"regrets must be a non-empty list of finite numbers, one per action, got {regrets!r}")
    return _regret_matching(regrets)


def _regret_matching(regrets) -> list:
    """:func:`regret_matching` on regrets known to be good (the solver's own)."""
    positive = [r if r > 0 else 0.0 for r in regrets]
    total = sum(positive)
    if total > 0:
        return [r / total for r in positive]
    return [1.0 / len(regrets)] * len(regrets)


class CFR:
    """``CFR(game, *, alternating=True)``: a CFR solver for a small two-player zero-sum game with
    information sets (see the module docstring).  ``run(n)`` does n more iterations; ``iterations``
    counts them; ``average_policy()`` / ``current_policy()`` return fresh policies; ``regrets()`` a
    copy of the cumulative regrets {infoset: {action: R}}."""

    def __init__(self, game, *, alternating: bool = True):
        self.form = form = extensive_form(game)
        form.require_zero_sum("CFR")
        self.alternating = flag("alternating", alternating)
        self.game = game
        self.keys = list(form.infosets)
        where = {k: j for j, k in enumerate(self.keys)}
        kinds = {TERMINAL: _TERMINAL, CHANCE: _CHANCE, MAX: _MAX}
        # The tree as flat tuples, the data representation that makes the walk fast:
        # (kind, information-set index, children, chance probabilities, MAX's utility).
        self._nodes = [(kinds.get(n.player, _MIN), where.get(n.infoset, -1), n.children, n.probs,
                        n.utility) for n in form.nodes]
        self._regret = [[0.0] * len(form.infosets[k].actions) for k in self.keys]
        self._strategy_sum = [[0.0] * len(form.infosets[k].actions) for k in self.keys]
        self.iterations = 0

    # -- one iteration ---------------------------------------------------------------------------------
    def iteration(self):
        """One CFR iteration (steps 1-4 of the module docstring)."""
        if self.alternating:
            for player in (_MAX, _MIN):
                self._walk(0, 1.0, 1.0, 1.0, [_regret_matching(r) for r in self._regret], player)
        else:
            self._walk(0, 1.0, 1.0, 1.0, [_regret_matching(r) for r in self._regret], None)
        self.iterations += 1

    def run(self, iterations: int) -> "CFR":
        """Do ``iterations`` more iterations; returns the solver (so ``CFR(g).run(100)`` chains)."""
        iterations = whole("iterations", iterations, 0)
        for _ in range(iterations):
            self.iteration()
        return self

    def _walk(self, i, reach_max, reach_min, reach_chance, sigma, update):
        """Step 2-4 below node ``i``: returns MAX's expected utility there under ``sigma``; updates the
        regrets and strategy sums of ``update`` (_MAX or _MIN; None: both)."""
        kind, j, children, probs, utility = self._nodes[i]
        if kind == _TERMINAL:
            return utility
        if kind == _CHANCE:
            return sum(p * self._walk(c, reach_max, reach_min, reach_chance * p, sigma, update)
                       for p, c in zip(probs, children))
        s = sigma[j]
        if kind == _MAX:
            values = [self._walk(c, reach_max * p, reach_min, reach_chance, sigma, update)
                      for p, c in zip(s, children)]
        else:
            values = [self._walk(c, reach_max, reach_min * p, reach_chance, sigma, update)
                      for p, c in zip(s, children)]
        v = sum(p * x for p, x in zip(s, values))
        if update is None or update == kind:
            regret, strategy_sum = self._regret[j], self._strategy_sum[j]
            if kind == _MAX:                       # values are MAX's: MAX regrets v(h·a) − v(h)
                counterfactual, own = reach_min * reach_chance, reach_max
                for k, x in enumerate(values):
                    regret[k] += counterfactual * (x - v)
            else:                                  # MIN's utility is −MAX's
                counterfactual, own = reach_max * reach_chance, reach_min
                for k, x in enumerate(values):
                    regret[k] += counterfactual * (v - x)
            for k, p in enumerate(s):
                strategy_sum[k] += own * p
        return v

    # -- policies (fresh objects every time) --------------------------------------------------------------
    def current_policy(self) -> TabularPolicy:
        """σᵗ⁺¹: regret matching on the regrets so far (a new policy)."""
        table = {}
        for k, r in zip(self.keys, self._regret):
            table[k] = dict(zip(self.form.infosets[k].actions, _regret_matching(r)))
        return TabularPolicy(self.game, table, name=f"CFR current policy after {self.iterations} iterations")

    def average_policy(self) -> TabularPolicy:
        """σ̄: the strategy sums normalized (uniform where they are all 0); a new policy."""
        table = {}
        for k, s in zip(self.keys, self._strategy_sum):
            total = sum(s)
            probs = [x / total for x in s] if total > 0 else [1.0 / len(s)] * len(s)
            table[k] = dict(zip(self.form.infosets[k].actions, probs))
        return TabularPolicy(self.game, table, name=f"CFR average policy after {self.iterations} iterations")

    def regrets(self) -> dict:
        """A copy of the cumulative regrets, {infoset: {action: R(I, a)}}."""
        return {k: dict(zip(self.form.infosets[k].actions, r)) for k, r in zip(self.keys, self._regret)}

    def __repr__(self):
        kind = "alternating" if self.alternating else "simultaneous"
        return f"<CFR ({kind} updates) on {self.game!r} after {self.iterations} iterations>"


def cfr(game, iterations: int, *, alternating: bool = True) -> TabularPolicy:
    """Run vanilla CFR for ``iterations`` iterations and return the **average** policy (a new
    :class:`TabularPolicy` for both players), the approximate Nash equilibrium.  One iteration is one
    CFR pass over the game tree (with ``alternating``, one pass per player)."""
    return CFR(game, alternating=alternating).run(iterations).average_policy()


class ConvergencePoint(NamedTuple):
    """Exploitability of CFR's average policy after ``iterations`` iterations."""

    iterations: int
    exploitability: float


def exploitability_curve(game, checkpoints, *, alternating: bool = True) -> list:
    """``[ConvergencePoint(t, exploitability of σ̄ after t iterations) for t in checkpoints]``, from
    one run of CFR (``checkpoints`` increasing), for the log-log plot of CFR converging."""
    solver, curve = CFR(game, alternating=alternating), []
    try:
        points = [whole("checkpoints", t, 0) for t in checkpoints] if not isinstance(checkpoints, str) else None
    except (TypeError, ArgumentError):
        points = None
    if not points or any(b < a for a, b in zip(points, points[1:])):
        raise ArgumentError(f"checkpoints must be a non-empty list of whole numbers >= 0 (iterations), in "
                            f"increasing order, got {checkpoints!r}")
    for t in points:
        solver.run(t - solver.iterations)
        curve.append(ConvergencePoint(t, exploitability(game, solver.average_policy())))
    return curve
