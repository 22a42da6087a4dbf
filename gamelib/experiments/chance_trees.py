"""How much do Star1 and Star2 save?  Random trees with chance nodes and the node counts of the three
searches on them (AIMA 4th ed. §5.5; Ballard 1983; notebook 05a §4).

* :func:`random_chance_tree`: Ballard's "regular" trees, rounds of (decision node, chance node), leaves
  drawn from a seed, children as drawn or best first.
* :func:`node_counts`: the mean nodes :func:`gamelib.expectiminimax`, :func:`gamelib.star1` and
  :func:`gamelib.star2` visit on such trees, one row (:class:`NodeCounts`) per :class:`Shape`;
  :func:`format_node_counts` prints the rows as a table.

Nothing here searches on its own: the counts are the searches' ``SearchResult.nodes``.  These lived in
:mod:`gamelib.star` in earlier versions (experiments apart from algorithms); ``gamelib.star`` still answers
to their old names.
"""
from __future__ import annotations

import numbers
import random as _random
from statistics import fmean
from typing import Iterable, NamedTuple, Sequence

from ..core import MAX, MIN, ArgumentError, GameError
from ..minimax import expectiminimax
from ..star import star1, star2
from ..trees import GameTree, chance
from ..validate import flag, guard_size, number, python_seed, renamed, whole


@renamed(low="lower", high="upper")
def random_chance_tree(branching: int, outcomes: int, moves: int, *, seed=None,
                       probabilities: str = "uniform", order: str = "random", lower: int = -5,
                       upper: int = 5, max_nodes: int | None = 1_000_000) -> GameTree:
    """A uniform tree of ``moves`` rounds of (decision node with ``branching`` children, chance node
    with ``outcomes`` outcomes), MAX first, players alternating: for ``moves=2`` it is MAX / CHANCE /
    MIN / CHANCE / leaves, Ballard's "regular" *-minimax tree.  Leaves are integers drawn uniformly
    from [lower, upper]; ``probabilities`` is 'uniform' (1/n each) or 'random' (weights 1..9,
    normalised).  ``order='best'`` sorts every decision node's children best first by their
    expectiminimax values (tree construction for experiments, as in :meth:`GameTree.random`); the
    default 'random' leaves them as drawn.  Same seed, same leaves.  Trees of more than ``max_nodes``
    nodes are refused (:class:`~gamelib.core.TooLargeError`)."""
    _check_shape(branching, outcomes, moves, probabilities, order, lower, upper, max_nodes)
    rng = _random.Random(python_seed("seed", seed))

    def dist():
        if probabilities == "uniform":
            return [1 / outcomes] * outcomes
        w = [rng.randint(1, 9) for _ in range(outcomes)]
        return [x / sum(w) for x in w]

    def grow(k):
        if k == 0:
            return rng.randint(lower, upper)
        return [chance(*zip(dist(), [grow(k - 1) for _ in range(outcomes)])) for _ in range(branching)]

    spec = grow(moves)
    if order == "best":
        spec = _best_first(spec, MAX)[1]
    return GameTree.from_nested(spec)


def _check_shape(branching, outcomes, moves, probabilities, order, lower, upper, max_nodes):
    """The checks of :func:`random_chance_tree` (also run by :func:`node_counts` before it starts)."""
    for n, least in ((branching, 1), (outcomes, 1), (moves, 0)):
        if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < least:
            raise ArgumentError(f"need branching >= 1, outcomes >= 1, moves >= 0 (whole numbers); got "
                                f"{branching!r}, {outcomes!r}, {moves!r}")
    if probabilities not in ("uniform", "random"):
        raise ArgumentError(f"probabilities must be 'uniform' or 'random', not {probabilities!r}")
    if order not in ("random", "best"):
        raise ArgumentError(f"order must be 'random' or 'best', not {order!r}")
    whole("lower", lower, None)
    whole("upper", upper, lower)
    whole("max_nodes", max_nodes, 1, none=True)
    whole("moves", moves, 0, most=100)            # built by recursion, a few frames per round
    guard_size(sum((branching * outcomes) ** k * (1 + branching) for k in range(moves)) + 1, max_nodes,
               what=f"the node count of random_chance_tree({branching}, {outcomes}, {moves})",
               argument="max_nodes")


def _best_first(spec, player):
    """``(expectiminimax value, spec with decision children sorted best first)`` of a nested spec."""
    if isinstance(spec, tuple) and hasattr(spec, "branches"):          # a chance node
        scored = [(p, _best_first(sub, player)) for p, sub in spec.branches]
        return sum(p * v for p, (v, _) in scored), chance(*((p, sub) for p, (_, sub) in scored))
    if isinstance(spec, list):
        scored = sorted((_best_first(sub, MIN if player == MAX else MAX) for sub in spec),
                        key=lambda vs: vs[0], reverse=(player == MAX))
        return scored[0][0], [sub for _, sub in scored]
    return spec, spec


class Shape(NamedTuple):
    """A family of :func:`random_chance_tree` trees."""

    branching: int
    outcomes: int
    moves: int
    probabilities: str = "uniform"
    order: str = "random"


class NodeCounts(NamedTuple):
    """Mean nodes visited over the seeds, for one tree shape."""

    shape: Shape
    expectiminimax: float
    star1: float
    star2: float


@renamed(low="lower", high="upper")
def node_counts(shapes: Iterable[tuple], seeds: Iterable[int] = range(20), *, lower: int = -5,
                upper: int = 5, slack: float = 0, progress: bool = False) -> list[NodeCounts]:
    """Mean node counts of :func:`gamelib.expectiminimax`, :func:`star1` and :func:`star2` on
    :func:`random_chance_tree` trees, one row per shape.

    ``shapes`` are :class:`Shape` tuples ``(branching, outcomes, moves[, probabilities[, order]])``.
    Leaves are integers in [lower, upper]; the searches are told the bounds [lower - slack, upper + slack]
    (``slack > 0`` shows what loose bounds cost).  Every tree's three values are checked to agree (to
    1e-9).  The counts are ``SearchResult.nodes``: nothing here searches on its own.
    ``progress=True`` shows a text progress bar (:mod:`gamelib.progress`) over the (shape, seed) pairs.
    """
    seeds = [python_seed("seeds", s) for s in seeds]
    if not seeds:
        raise GameError("need at least one seed to average over")
    number("slack", slack, least=0)
    flag("progress", progress)
    try:
        shapes = [Shape(*shape) for shape in shapes]
    except TypeError:
        raise ArgumentError(f"shapes must be (branching, outcomes, moves[, probabilities[, order]]) "
                            f"tuples, got {shapes!r}") from None
    for shape in shapes:                  # every shape checked before any tree is searched
        _check_shape(*shape, lower, upper, 1_000_000)
    bar = None
    if progress:
        from ..progress import tqdm
        bar = tqdm(total=len(shapes) * len(seeds), desc="chance trees")
    rows = []
    try:
        for shape in shapes:
            counts = {"e": [], "1": [], "2": []}
            for s in seeds:
                tree = random_chance_tree(shape.branching, shape.outcomes, shape.moves, seed=s,
                                          probabilities=shape.probabilities, order=shape.order,
                                          lower=lower, upper=upper)
                full = expectiminimax(tree)
                one = star1(tree, lower=lower - slack, upper=upper + slack)
                two = star2(tree, lower=lower - slack, upper=upper + slack)
                for r in (one, two):
                    if abs(r.value - full.value) > 1e-9:
                        raise AssertionError(f"value {r.value} != expectiminimax's {full.value} on "
                                             f"{shape}, seed {s}")
                counts["e"].append(full.nodes)
                counts["1"].append(one.nodes)
                counts["2"].append(two.nodes)
                if bar is not None:
                    bar.update(1)
            rows.append(NodeCounts(shape, fmean(counts["e"]), fmean(counts["1"]), fmean(counts["2"])))
    finally:
        if bar is not None:
            bar.close()
    return rows


def format_node_counts(rows: Sequence[NodeCounts]) -> str:
    """:func:`node_counts` as a plain-text table, with each search's percentage of expectiminimax's
    nodes."""
    header = ["b", "n", "moves", "probabilities", "order", "expectiminimax", "star1", "%", "star2", "%"]
    lines = []
    for r in rows:
        b, n, m, probs, order = r.shape
        lines.append([str(b), str(n), str(m), probs, order, f"{r.expectiminimax:.1f}",
                      f"{r.star1:.1f}", f"{100 * r.star1 / r.expectiminimax:.0f}",
                      f"{r.star2:.1f}", f"{100 * r.star2 / r.expectiminimax:.0f}"])
    widths = [max(len(x[j]) for x in lines + [header]) for j in range(len(header))]
    out = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
    out += ["  ".join(c.rjust(w) for c, w in zip(x, widths)) for x in lines]
    return "\n".join(out)
