"""A claim of Zell's slides, computed: "In backgammon, the maximal feasible search depth was three plies"
(§5.5), with the O(b^m n^m) of the Game Playing slides and Zell's slides measured on real positions.

From a position where the dice have been rolled, a search of m *decision plies* alternates the players'
choices with the CHANCE layers between them: my move (b children), the opponent's roll (n = 21
outcomes), the opponent's move, ...  In :func:`gamelib.expectiminimax`'s terms (every ply counts,
chance too) that is ``depth = 2m - 1``, and the tree has

    N(m) = (1 + b) (1 + nb + (nb)² + ... + (nb)^(m-1))      nodes:  1 + b for m = 1,
                                                              1 + b + nb + nb² for m = 2, ...

if every decision had b moves: about b^m n^(m-1), the textbook's O(b^m n^m) (its n^m counts one more
roll, the one before the root).  Each further decision ply costs a factor n·b ≈ 21 × 20 = 420, where a
game without dice pays b ≈ 20.

* :func:`sample_positions`: "real positions", from games two 1-ply expectiminimax players (the
  :func:`~gamelib.games.backgammon.evaluation` of the game) play against each other, seeded dice.
* :func:`depth_study`: at each position, expectiminimax to 1 and 2 decision plies, measured (nodes,
  seconds, the moves at each layer from the trace), and Star2 with the utility bounds
  (``Backgammon().bounds``) on the same searches, checked to return the same value.  Three plies would
  take about a minute a position here, so they are **estimated**: the measured layers, times n for the
  rolls, times the mean number of moves of a sample of the positions of the fourth layer (counted with
  ``game.actions``, not searched).  Where that estimate is small (``exact_below`` nodes) the three-ply
  search is run too, so the estimate can be checked against the count.
* :func:`budget_depths`: what a budget of 1 s, 1 min and 1 h buys at the measured seconds a node and
  mean branching; :func:`chance_cost`: the same formula against a game without chance.
* :func:`format_depth_study`: the tables as text.

Every count is a search's own ``nodes`` (or its trace's, :func:`~gamelib.experiments.tree_size.nodes_by_depth`):
nothing here searches on its own.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import NamedTuple, Sequence

from ..core import CHANCE, MAX, GameError
from ..games.backgammon import Backgammon, BackgammonState, evaluation
from ..minimax import expectiminimax
from ..star import star2
from ..validate import number, python_seed, whole
from .tree_size import nodes_by_depth

OUTCOMES = 21
"""n: the distinct rolls of two dice."""


def greedy_move(game, state, evaluate):
    """The 1-ply expectiminimax decision: the move whose resulting position scores best for the mover
    (its UTILITY if the game ends there, else ``evaluate``); the first such move on ties."""
    return expectiminimax(game, state, depth=1, evaluate=evaluate).action


def sample_positions(count: int = 8, *, seed=0, first_turn: int = 3, every: int = 3,
                     game: Backgammon | None = None) -> list:
    """``count`` positions with the dice rolled, from games between two 1-ply expectiminimax players
    using the game's :func:`~gamelib.games.backgammon.evaluation`, dice thrown by
    ``random.Random(seed)``: from each game, every ``every``-th decision from turn ``first_turn`` on
    (the opening moves skipped), game after game until there are ``count``."""
    whole("count", count, 1, most=10_000)
    whole("first_turn", first_turn, 0)
    whole("every", every, 1)
    game = Backgammon() if game is None else game
    ev = evaluation()
    rng = random.Random(python_seed("seed", seed))
    out = []
    while len(out) < count:
        s, turn = game.initial_state, 0
        while not game.is_terminal(s) and len(out) < count:
            if game.to_move(s) == CHANCE:
                outcomes, probs = zip(*game.chance_outcomes(s))
                s = game.result(s, rng.choices(outcomes, probs)[0])
                continue
            if turn >= first_turn and (turn - first_turn) % every == 0:
                out.append(s)
            s = game.result(s, greedy_move(game, s, ev))
            turn += 1
    return out


class PositionSearch(NamedTuple):
    """One position's searches.  ``nodes[m - 1]``, ``seconds[m - 1]``: expectiminimax to m = 1, 2, 3
    decision plies (None where not run); ``estimated``: the three-ply count estimated from the
    two-ply trace; ``star2[m - 1]``: Star2's nodes; ``layers``: nodes at each ply of the two-ply
    search (1, b, nb, ...); ``fourth``: the mean moves of the sampled fourth-layer positions."""

    state: BackgammonState
    moves: int
    nodes: tuple
    seconds: tuple
    star2: tuple
    layers: tuple
    fourth: float
    estimated: float


class DepthRow(NamedTuple):
    """Means over the positions at ``plies`` decision plies (expectiminimax depth ``depth``):
    ``nodes`` and ``seconds`` (``measured`` False: estimated), Star2's nodes (None where not run)."""

    plies: int
    depth: int
    nodes: float
    seconds: float
    measured: bool
    star2: float | None


class DepthStudy(NamedTuple):
    """What :func:`depth_study` found: one :class:`DepthRow` per number of decision plies, the
    positions' searches, the mean number of moves a decision (``branching``, b), n = 21 rolls, the
    seconds a node (expectiminimax at two plies, evaluation included), and the three-ply searches
    that were run to check the estimate (``(estimated, counted)`` pairs)."""

    rows: list
    positions: list
    branching: float
    outcomes: int
    seconds_per_node: float
    checked: list


def _estimate_third(game, result, rng, sample: int) -> tuple:
    """From a traced two-ply search: its layers, the mean moves of a sample of the fourth layer's
    positions (a leaf of the two-ply search after one roll), and the estimated three-ply node count."""
    layers = nodes_by_depth(result)
    leaves = [e.state for e in result.trace if e.kind == "leaf" and e.depth == 3 and not game.is_terminal(e.state)]
    if not leaves:
        return tuple(layers), 0.0, float(sum(layers))
    picks = [game.result(rng.choice(leaves), rng.choice(_ROLLS)) for _ in range(sample)]
    fourth = statistics.fmean(len(game.actions(p)) for p in picks)
    live = len(leaves)                                        # layer 3 positions the game goes on from
    layer4 = live * OUTCOMES
    return tuple(layers), fourth, float(sum(layers) + layer4 + layer4 * fourth)


_ROLLS = tuple(r for r, _ in Backgammon().chance_outcomes(Backgammon().initial_state._replace(turn=MAX)))


def depth_study(states: Sequence | None = None, *, game: Backgammon | None = None, evaluate=None,
                star: bool = True, exact_below: float = 30_000, sample: int = 200, seed=0) -> DepthStudy:
    """Expectiminimax (and Star2 with ``game.bounds``, if ``star``) to 1 and 2 decision plies on each of
    ``states`` (default :func:`sample_positions`), the three-ply count estimated (module docstring) and
    searched where the estimate is below ``exact_below`` nodes; ``sample`` fourth-layer positions are
    counted for each estimate, drawn by ``random.Random(seed)``.  A few seconds for the default eight
    positions."""
    game = Backgammon() if game is None else game
    ev = evaluation() if evaluate is None else evaluate
    states = sample_positions() if states is None else list(states)
    if not states:
        raise GameError("depth_study needs at least one position")
    for s in states:
        game.check_state(s)
        if game.to_move(s) not in ("MAX", "MIN"):
            raise GameError(f"depth_study searches positions where the dice have been rolled; {s!r} is not one")
    number("exact_below", exact_below, least=0, finite=False)
    whole("sample", sample, 1)
    rng = random.Random(python_seed("seed", seed))
    lower, upper = game.bounds
    out, checked = [], []
    for s in states:
        nodes, seconds, stars = [], [], []
        for plies in (1, 2):
            t0 = time.perf_counter()
            r = expectiminimax(game, s, depth=2 * plies - 1, evaluate=ev, trace=plies == 2)
            seconds.append(time.perf_counter() - t0)
            nodes.append(r.nodes)
            if star:
                r2 = star2(game, s, depth=2 * plies - 1, evaluate=ev, lower=lower, upper=upper)
                if abs(r2.value - r.value) > 1e-9:
                    raise AssertionError(f"Star2's value {r2.value} differs from expectiminimax's {r.value} at {s!r}")
                stars.append(r2.nodes)
        layers, fourth, estimated = _estimate_third(game, r, rng, sample)
        nodes3 = seconds3 = star3 = None
        if estimated <= exact_below:
            t0 = time.perf_counter()
            r = expectiminimax(game, s, depth=5, evaluate=ev)
            seconds3, nodes3 = time.perf_counter() - t0, r.nodes
            checked.append((estimated, nodes3))
            if star:
                star3 = star2(game, s, depth=5, evaluate=ev, lower=lower, upper=upper).nodes
        out.append(PositionSearch(s, len(game.actions(s)), (nodes[0], nodes[1], nodes3),
                                  (seconds[0], seconds[1], seconds3),
                                  (stars[0], stars[1], star3) if star else (None, None, None),
                                  layers, fourth, estimated))
    per_node = sum(p.seconds[1] for p in out) / sum(p.nodes[1] for p in out)
    decisions = [p.moves for p in out] + [p.layers[3] / p.layers[2] for p in out if len(p.layers) > 3 and p.layers[2]]
    rows = []
    for plies in (1, 2, 3):
        k = plies - 1
        if plies < 3:
            n = statistics.fmean(p.nodes[k] for p in out)
            t = statistics.fmean(p.seconds[k] for p in out)
            st = statistics.fmean(p.star2[k] for p in out) if star else None
            rows.append(DepthRow(plies, 2 * plies - 1, n, t, True, st))
        else:
            n = statistics.fmean(p.estimated for p in out)
            rows.append(DepthRow(3, 5, n, n * per_node, False, None))
    return DepthStudy(rows, out, statistics.fmean(decisions), OUTCOMES, per_node, checked)


def tree_nodes(plies: int, branching: float, outcomes: int = OUTCOMES) -> float:
    """N(m) = (1 + b)(1 + nb + ... + (nb)^(m-1)): the nodes of a search of m decision plies with a chance
    layer of n outcomes between them, every decision having b moves (m = 0: the root alone)."""
    if plies == 0:
        return 1.0
    return (1 + branching) * sum((outcomes * branching) ** k for k in range(plies))


class Budget(NamedTuple):
    """``seconds`` buy ``plies`` decision plies of expectiminimax (``nodes`` of them; ``next_seconds``
    for one ply more), and ``deterministic`` plies of minimax in a game with the same b and no dice."""

    seconds: float
    plies: int
    nodes: float
    next_seconds: float
    deterministic: int


def budget_depths(study: DepthStudy, budgets: Sequence = (1, 60, 3600), *,
                  seconds_per_node: float | None = None) -> list:
    """For each budget in seconds, the most decision plies of expectiminimax that fit, at the study's
    mean branching b (:func:`tree_nodes`) and its measured seconds a node (or ``seconds_per_node``),
    and what minimax would reach in a game with the same b and no chance (1 + b + ... + b^m nodes)."""
    out = []
    b = study.branching
    t = study.seconds_per_node if seconds_per_node is None else number("seconds_per_node", seconds_per_node,
                                                                       above=0)
    for budget in budgets:
        number("budget", budget, above=0)
        m = 0
        while tree_nodes(m + 1, b) * t <= budget:
            m += 1
        d = 0
        while sum(b ** k for k in range(d + 2)) * t <= budget:
            d += 1
        out.append(Budget(budget, m, tree_nodes(m, b), tree_nodes(m + 1, b) * t, d))
    return out


def chance_cost(branching: float = 20, outcomes: int = OUTCOMES, plies: Sequence = (1, 2, 3, 4)) -> list:
    """``[(m, b^m, N(m), N(m) / b^m)]``: the nodes of m decision plies without chance (b^m leaves) and
    with a chance layer of n outcomes between them (:func:`tree_nodes`), and what chance multiplies
    them by: about n^(m-1)."""
    return [(m, branching ** m, tree_nodes(m, branching, outcomes), tree_nodes(m, branching, outcomes) / branching ** m)
            for m in plies]


def _human(seconds: float) -> str:
    """A duration in the unit a person would use: '39 ms', '17.8 s', '108 min', '9 h', '10 days'."""
    if seconds < 1:
        return f"{seconds * 1e3:.0f} ms"
    if seconds < 60:
        return f"{seconds:.1f} s"
    if seconds % 3600 == 0:
        return f"{seconds / 3600:.0f} h"
    if seconds < 3 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h"
    years = seconds / (365.25 * 86400)
    return f"{seconds / 86400:.0f} days" if years < 1 else f"{years:.3g} years"


def format_depth_study(study: DepthStudy, budgets: Sequence = (1, 60, 3600), *,
                       seconds_per_node: float | None = None) -> str:
    """The study as text, in three tables, each saying where its numbers come from: (a) what was searched,
    the mean over the positions of nodes and time a move by decision plies (three plies: the mean of each
    position's own estimate) and Star2's saving; (b) what each budget buys and (c) the b^m against N(m)
    comparison, both by the formula N(m) (:func:`tree_nodes`) at the mean branching b, so that (b) and (c)
    agree with each other but not exactly with (a): the positions' b differ, and the mean of their b³ is
    larger than the cube of their mean b.  Times are the measured ones, or with ``seconds_per_node`` the
    node counts at that speed (the same on every machine: what a notebook stores)."""
    t = study.seconds_per_node if seconds_per_node is None else seconds_per_node
    speed = f"{t * 1e6:.0f} µs a node" + (" (measured)" if seconds_per_node is None else " (assumed)")
    b, k = study.branching, len(study.positions)
    lines = [f"(a) searched: {k} position{'s' * (k != 1)}, b = {b:.1f} moves a decision (mean), "
             f"n = {study.outcomes} rolls, {speed}",
             f"plies  depth  nodes, mean of the {k}          time a move   Star2 nodes  saved"]
    for r in study.rows:
        est = "" if r.measured else " (estimated)"
        star = f"{r.star2:12,.0f}  {1 - r.star2 / r.nodes:5.0%}" if r.star2 is not None else f"{'-':>12}  {'-':>5}"
        seconds = r.seconds if seconds_per_node is None else r.nodes * seconds_per_node
        lines.append(f"{r.plies:5d}  {r.depth:5d}  {f'{r.nodes:,.0f}{est}':>26}  {_human(seconds):>11}   {star}")
    if not all(r.measured for r in study.rows):
        lines.append(f"  (estimated: each position's two-ply tree × {study.outcomes} rolls × the moves below it, "
                     "sampled)")
    deep = [p for p in study.positions if p.nodes[2] is not None]
    if deep:
        worst = max(abs(p.estimated - p.nodes[2]) / p.nodes[2] for p in deep)
        lines.append(f"three plies searched where the estimate was small ({len(deep)} positions): the estimate "
                     f"within {worst:.0%} of the count")
        if deep[0].star2[2] is not None:
            full, cut = sum(p.nodes[2] for p in deep), sum(p.star2[2] for p in deep)
            lines.append(f"  there, expectiminimax {full:,} nodes, Star2 {cut:,}: {1 - cut / full:.0%} saved")
    lines.append(f"(b) what a budget buys, by the formula N(m) at the mean b = {b:.1f}")
    lines.append("budget   decision plies             N(m)   one ply more would take   no dice: plies")
    for row in budget_depths(study, budgets, seconds_per_node=seconds_per_node):
        lines.append(f"{_human(row.seconds):>6}   {row.plies:14d}   {row.nodes:14,.0f}   "
                     f"{_human(row.next_seconds):>23}   {row.deterministic:14d}")
    lines.append(f"(c) the formula at the mean b = {b:.1f}: chance against no chance")
    lines.append(f"m   b^m (no chance)   N(m) with n = {study.outcomes} rolls   chance multiplies by")
    for m, det, ch, ratio in chance_cost(b, study.outcomes):
        lines.append(f"{m}   {det:15,.0f}   {ch:22,.0f}   {ratio:20,.0f}")
    return "\n".join(lines)
