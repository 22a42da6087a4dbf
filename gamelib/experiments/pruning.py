"""Null-move and futility pruning measured (notebook 08 §4; Zell's slides §5.7: "effective pruning heuristics reduce
the effective branching factor to less than 3 ... the most important one is the null move heuristic";
futility pruning "helping to decide in advance which moves will cause a beta cutoff").

* :func:`effective_branching_factor`: b* from iterative deepening's node counts, per iteration
  (N_d / N_{d-1}) and over all (the geometric mean, (N_D / N_1)^(1/(D-1))).
* :func:`pruning_table`: nodes, b*, value and move of :func:`gamelib.limits.iterative_deepening` on
  Connect Four with neither, either and both kinds of pruning.
* :func:`zugzwang_example`: a Connect Four position where the null-move assumption ("passing is never
  better than moving") fails and the search with null-move pruning plays a losing move where plain
  alpha-beta finds the win.

Every count is a search's ``nodes`` or ``per_depth``; nothing here searches on its own.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from ..validate import number, whole

ZUGZWANG_MOVES = "4514132151603034360362231155265202"
"""The moves (columns) to the zugzwang position of :func:`zugzwang_example` (34 plies, X to move)."""


class Branching(NamedTuple):
    """The effective branching factor b* of an iterative deepening run."""

    per_depth: list
    overall: float


def effective_branching_factor(per_depth) -> Branching:
    """b* from :class:`gamelib.limits.DepthReport` rows (``DeepeningResult.per_depth``): the ratios
    N_d / N_{d-1} of successive iterations' nodes, and their geometric mean (N_D / N_1)^(1/(D-1)): the
    factor by which one more ply multiplies the work."""
    nodes = [r.nodes for r in per_depth]
    if len(nodes) < 2:
        return Branching([], math.nan)
    ratios = [b / a for a, b in zip(nodes, nodes[1:])]
    return Branching(ratios, (nodes[-1] / nodes[0]) ** (1 / (len(nodes) - 1)))


OPTIONS = ("alpha-beta", "null move", "futility", "both")
"""The rows of :func:`pruning_table`."""


class PruningRow(NamedTuple):
    option: str
    nodes: int
    ebf: float
    value: float
    action: object
    per_depth: list


def pruning_table(state=None, *, max_depth: int = 8, null_reduction: int = 2, margin: float = 0.05) -> list:
    """:class:`PruningRow` for each of :data:`OPTIONS`: iterative deepening on Connect Four from
    ``state`` (the empty board if None) to ``max_depth``, with the documented evaluation, centre-first
    order, a transposition table, killers and history; null-move pruning with
    :func:`gamelib.games.connect4.null_move` and R = ``null_reduction``; futility pruning with
    ``margin`` and :func:`gamelib.games.connect4.is_quiet` telling quiet moves."""
    from ..games import Connect4
    from ..games.connect4 import center_first, evaluation, is_quiet, null_move
    from ..limits import iterative_deepening

    whole("max_depth", max_depth, 2)
    number("margin", margin, least=0)
    game = Connect4()
    settings = {"alpha-beta": {}, "null move": {"null_move": null_move, "null_reduction": null_reduction},
                "futility": {"futility": margin, "quiescent": is_quiet, "quiescence_depth": 0},
                "both": {"null_move": null_move, "null_reduction": null_reduction, "futility": margin,
                         "quiescent": is_quiet, "quiescence_depth": 0}}
    rows = []
    for option in OPTIONS:
        r = iterative_deepening(game, state, evaluate=evaluation(), max_depth=max_depth, order=center_first,
                                **settings[option])
        rows.append(PruningRow(option, r.nodes, effective_branching_factor(r.per_depth).overall, r.value,
                               r.action, r.per_depth))
    return rows


class Zugzwang(NamedTuple):
    state: object
    depth: int
    plain: object
    null: object
    exact: dict


def zugzwang_example(depth: int = 6) -> Zugzwang:
    """The position after :data:`ZUGZWANG_MOVES`, searched to ``depth`` by alpha-beta (centre first, a
    table) without and with null-move pruning (R = 2), and the exact values (a search to the end) of
    the two moves they choose: ``exact[move]`` is MAX's utility after ``move`` under perfect play."""
    from ..games import Connect4
    from ..games.connect4 import center_first, evaluation, null_move
    from ..limits import search

    game = Connect4()
    state = game.from_moves(ZUGZWANG_MOVES)
    plain = search(game, state, depth=depth, evaluate=evaluation(), order=center_first, table=True)
    null = search(game, state, depth=depth, evaluate=evaluation(), order=center_first, table=True,
                  null_move=null_move)
    exact = {a: search(game, game.result(state, a), depth=64, evaluate=evaluation(), order=center_first,
                       table=True).value for a in dict.fromkeys((plain.action, null.action))}
    return Zugzwang(state, depth, plain, null, exact)
