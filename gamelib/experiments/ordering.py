"""Move ordering measured: how many nodes alpha-beta visits when the best move comes first, last, or
anywhere (AIMA 4th ed. §5.2.4 "Move ordering"; Zell's slides, "If best moves are examined first, alpha-beta
only needs to examine O(b^{m/2}) nodes ... in random order O(b^{3m/4})").

The trees are :meth:`gamelib.trees.GameTree.random` trees, the same leaves for a given seed whatever
the ``order``; the node counts are ``SearchResult.nodes`` of :func:`gamelib.alphabeta` and
:func:`gamelib.minimax`.  Nothing here searches on its own.

Two exact yardsticks for the best-first case, from Knuth and Moore (1975), "An analysis of alpha-beta
pruning", Artificial Intelligence 6(4): with perfect ordering, alpha-beta on a uniform tree of
branching ``b`` and depth ``m`` examines exactly :func:`knuth_moore_leaves` leaves (the *minimal
tree*), and :func:`minimal_tree_nodes` nodes in all.  The tests check both against gamelib's searches.
"""
from __future__ import annotations

import math
import numbers
from statistics import fmean
from typing import Iterable, Sequence

from ..alphabeta import alphabeta
from ..core import ArgumentError
from ..minimax import minimax
from ..trees import GameTree, uniform_tree_size
from ..validate import flag, guard_size, python_seed, renamed, whole

MAX_DEPTH = 100_000
"""The largest depth the formulas here accept (b^m with m beyond it is not a number anyone needs)."""

ORDERS = ("best", "random", "worst")
"""The child orders :meth:`GameTree.random` can build: best move first, as drawn, best move last."""


def knuth_moore_leaves(branching: int, depth: int) -> int:
    """Leaves of the minimal tree: b^ceil(m/2) + b^floor(m/2) - 1 (Knuth & Moore 1975).

    The fewest leaves any search that proves the minimax value of a uniform (b, m) tree must look
    at; alpha-beta looks at exactly these when every node's best child comes first.
    """
    whole("branching", branching, 1)
    whole("depth", depth, 0, MAX_DEPTH)
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def minimal_tree_nodes(branching: int, depth: int) -> int:
    """All nodes of the minimal tree, root included: the minimal trees of depths 0..m stacked up,
    i.e. the sum over plies d = 0..m of :func:`knuth_moore_leaves` (b, d)."""
    whole("branching", branching, 1)
    whole("depth", depth, 0, MAX_DEPTH)
    return sum(knuth_moore_leaves(branching, d) for d in range(depth + 1))


def _checked_sweep(branching, depths, orders, seeds, lower, upper, max_nodes) -> tuple:
    """The arguments of :func:`nodes_by_order` that describe its trees, checked (and the lists made
    lists): ``(depths, seeds, orders)``."""
    whole("branching", branching, 1)
    depths, seeds, orders = _listed("depths", depths), _listed("seeds", seeds), _listed("orders", orders)
    bad = [o for o in orders if not isinstance(o, str) or o not in ORDERS]
    if bad:
        raise ArgumentError(f"unknown order(s) {bad}: choose from {list(ORDERS)}")
    if not seeds:
        raise ArgumentError("need at least one seed to average over")
    for s in seeds:
        python_seed("seeds", s)
    if any(isinstance(m, bool) or not isinstance(m, numbers.Integral) or m < 0 for m in depths):
        raise ArgumentError(f"depths must be integers >= 0, got {depths}")
    whole("lower", lower, None)
    whole("upper", upper, lower)
    whole("max_nodes", max_nodes, 1, none=True)
    for m in depths:
        guard_size(uniform_tree_size(branching, m), max_nodes, argument="max_nodes",
                   what=f"the node count of GameTree.random({branching}, {m})")
    return depths, seeds, orders


@renamed(low="lower", high="upper")
def nodes_by_order(branching: int, depths: Iterable[int], orders: Sequence[str] = ORDERS,
                   seeds: Iterable[int] = range(10), *, prune_on_equality: bool = True,
                   with_minimax: bool = True, lower: int = 0, upper: int = 99,
                   progress: bool = False, max_nodes: int | None = 1_000_000) -> dict[str, list[float]]:
    """Mean number of nodes alpha-beta visits on random uniform trees, per child order and depth.

    For every depth m in ``depths`` and seed s in ``seeds`` it builds
    ``GameTree.random(branching, m, seed=s, order=o, lower=lower, upper=upper)`` for each order o (same
    leaves, children rearranged) and runs :func:`gamelib.alphabeta` with ``prune_on_equality``; with
    ``with_minimax`` it also runs :func:`gamelib.minimax` once per tree (its count does not depend on
    the order).  ``progress=True`` shows a text progress bar (:mod:`gamelib.progress`) over the (depth, seed) pairs.

    Returns a plain dict ``{order: [mean nodes at depths[0], depths[1], ...], 'minimax': [...]}``.
    Leaves are integers in [lower, upper], so ties happen; pass a large ``upper`` to make them rare.
    Trees of more than ``max_nodes`` nodes raise :class:`~gamelib.core.TooLargeError` before any is
    built (see :meth:`GameTree.random`).
    """
    depths, seeds, orders = _checked_sweep(branching, depths, orders, seeds, lower, upper, max_nodes)
    for name, value in (("prune_on_equality", prune_on_equality), ("with_minimax", with_minimax),
                        ("progress", progress)):
        flag(name, value)

    counts: dict[str, list[list[int]]] = {o: [[] for _ in depths] for o in orders}
    if with_minimax:
        counts["minimax"] = [[] for _ in depths]
    bar = None
    if progress:
        from ..progress import tqdm
        bar = tqdm(total=len(depths) * len(seeds), desc=f"b={branching}: trees")
    try:
        for i, m in enumerate(depths):
            for s in seeds:
                as_drawn = None   # the order='random' tree, built once if both need it
                for o in orders:
                    tree = GameTree.random(branching, m, seed=s, order=o, lower=lower, upper=upper,
                                           max_nodes=max_nodes)
                    if o == "random":
                        as_drawn = tree
                    counts[o][i].append(alphabeta(tree, prune_on_equality=prune_on_equality).nodes)
                if with_minimax:
                    if as_drawn is None:
                        as_drawn = GameTree.random(branching, m, seed=s, lower=lower, upper=upper,
                                                   max_nodes=max_nodes)
                    counts["minimax"][i].append(minimax(as_drawn).nodes)
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return {name: [fmean(per_depth) for per_depth in rows] for name, rows in counts.items()}


def format_table(means: dict[str, list[float]], depths: Sequence[int], branching: int) -> str:
    """The result of :func:`nodes_by_order` as a plain-text table (one row per depth), with the
    minimal tree (:func:`minimal_tree_nodes`) and the full tree b^0 + ... + b^m alongside."""
    whole("branching", branching, 1)
    depths = [whole("depths", m, 0, MAX_DEPTH) for m in _listed("depths", depths)]
    if not isinstance(means, dict) or any(
            isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or len(v) != len(depths)
            for v in means.values()):
        raise ArgumentError(f"means must be nodes_by_order's result, a dict of lists with one mean per "
                            f"depth ({len(depths)}), got {means!r}")
    names = list(means)
    header = ["m"] + names + ["minimal tree", "full tree"]
    rows = []
    for i, m in enumerate(depths):
        full = sum(branching ** d for d in range(m + 1))
        rows.append([str(m)] + [f"{means[n][i]:.1f}" for n in names]
                    + [str(minimal_tree_nodes(branching, m)), str(full)])
    widths = [max(len(r[j]) for r in rows + [header]) for j in range(len(header))]
    lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(lines)


def _listed(name: str, values) -> list:
    """``values`` as a list, if it is an iterable (not a string)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ArgumentError(f"{name} must be a list (or range) of values, got {values!r}")
    return list(values)
