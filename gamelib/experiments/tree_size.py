"""How big is a game tree?  Measurements for minimax's O(b^m) (AIMA 4th ed. §5.2.1; the Purdue slides, "Minimax
efficiency" and "Game tree sizes").

Every count here is read from what a search did: ``result.nodes`` or the 'enter' and 'leaf' events of a
traced search (``trace=True``).  Nothing here walks a tree on its own.

* :func:`nodes_by_depth`, :func:`leaves_by_depth`: per-ply counts read from one traced search.
* :func:`ply_counts`: the number of nodes a search visits at each ply below a state, e.g. the full
  tic-tac-toe tree: 1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872 (549,946 in all).
* :func:`random_tree_sizes`: nodes visited on :meth:`GameTree.random` trees of given shapes, next to b^m.
* :func:`full_tree_size`: 1 + b + b^2 + ... + b^m, the size of a uniform tree.
* :data:`GAME_TREE_SIZES` and :func:`search_time`: the seed-000 table and its "1 million nodes per
  second" arithmetic, done with logarithms because 10^360 does not fit in a float.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, NamedTuple

from ..core import CHANCE, ArgumentError, GameError
from ..minimax import minimax
from ..trees import GameTree, uniform_tree_size
from ..validate import check_game, choice, flag, function, guard_size, number, python_seed, start_state, whole

SECONDS_PER_YEAR = 365.25 * 24 * 3600
"""A Julian year, in seconds."""

GAME_TREE_SIZES = {
    "Tic-tac-toe": 5,
    "Checkers": 31,
    "Chess": 123,
    "Backgammon": 144,
    "Go": 360,
}
"""log10 of the game-tree sizes on the Purdue slides ("Game tree sizes"): tic-tac-toe 10^5, checkers 10^31,
chess 10^123, backgammon 10^144, Go 10^360.  Orders of magnitude, not exact counts."""


def _by_depth(result, kind: str) -> list[int]:
    if not hasattr(result, "trace"):
        raise ArgumentError(f"result must be a search's result (a SearchResult), got {result!r}")
    if result.trace is None:
        raise GameError("per-depth counts read a trace: run the search with trace=True")
    counts: list[int] = []
    for event in result.trace:
        if event.kind == kind:
            while len(counts) <= event.depth:
                counts.append(0)
            counts[event.depth] += 1
    return counts


def nodes_by_depth(result) -> list[int]:
    """``counts[d]`` = how many states a traced search entered at ``d`` plies below its root.

    Reads the 'enter' events of ``result.trace``; ``sum(counts) == result.nodes``.  Raises ValueError
    if the search was run without ``trace=True``.
    """
    return _by_depth(result, "enter")


def leaves_by_depth(result) -> list[int]:
    """``counts[d]`` = how many terminal states a traced search reached at ``d`` plies (its 'leaf'
    events); 0 at plies where no game ends.  Raises ValueError without a trace."""
    counts = _by_depth(result, "leaf")
    deepest = max((e.depth for e in result.trace), default=-1)
    return counts + [0] * (deepest + 1 - len(counts))


def ply_counts(game, state=None, *, search: Callable = minimax, progress: bool = False) -> list[int]:
    """How many nodes ``search`` visits at each ply below ``state`` (the initial state by default).

    ``counts[0] == 1`` is ``state`` itself.  To keep memory small (a traced search of the whole
    tic-tac-toe tree holds over a million events), the search is run once, traced, from each child of
    ``state`` and the children's counts are added up one ply down; with ``progress=True`` a tqdm bar
    counts the children.  The cyclic garbage collector is paused meanwhile and restored after: a
    trace holds no cycles, and scanning its events over and over would triple the run time.

    This is exact for searches that visit every child's full subtree (minimax, expectiminimax,
    expectimax).  For alpha-beta it is not, because a child's window depends on its siblings: trace
    the whole search and use :func:`nodes_by_depth` instead.

        >>> from gamelib.games import TicTacToe
        >>> ply_counts(TicTacToe("XO..X...O"))    # X to move, 5 empty squares
        [1, 5, 20, 60, 84, 68]
    """
    check_game(game)
    state = start_state(game, state)
    function("search", search, "a search, called as search(game, state, trace=True)")
    flag("progress", progress)
    if game.is_terminal(state):
        return [1]
    if game.to_move(state) == CHANCE:
        moves = [o for o, _ in game.chance_outcomes(state)]
    else:
        moves = list(game.actions(state))
    if progress:
        from ..progress import tqdm
        moves = tqdm(moves, desc="first moves searched", unit="move")
    counts = [1]
    for move in moves:
        below = nodes_by_depth(search(game, game.result(state, move), trace=True))
        for depth, n in enumerate(below, start=1):
            if depth == len(counts):
                counts.append(0)
            counts[depth] += n
    return counts


def full_tree_size(branching: int, depth: int) -> int:
    """The number of nodes of a uniform tree: 1 + b + b^2 + ... + b^m = (b^(m+1) - 1) / (b - 1).

    Minimax visits every one of them, so this is its exact node count on such a tree; it lies between
    b^m and b^m * b / (b - 1), which is why the cost is O(b^m).
    """
    for n, least in ((branching, 1), (depth, 0)):
        if isinstance(n, bool) or not isinstance(n, int) or n < least:
            raise ArgumentError(f"need branching >= 1 and depth >= 0 (whole numbers), got {branching!r}, "
                                f"{depth!r}")
    whole("depth", depth, 0, 100_000)
    if branching == 1:
        return depth + 1
    return (branching ** (depth + 1) - 1) // (branching - 1)


class TreeSize(NamedTuple):
    """One measurement: a random tree's shape, the nodes a search visited on it, and b^m."""

    branching: int
    depth: int
    nodes: int
    bound: int  # branching ** depth, the O(b^m) of the notes


def random_tree_sizes(shapes: Iterable[tuple[int, int]], *, seed: int = 0, search: Callable = minimax,
                      order: str = "random", max_nodes: int | None = 1_000_000) -> list[TreeSize]:
    """Run ``search`` on ``GameTree.random(b, m, seed=..., order=order)`` for each ``(b, m)`` in
    ``shapes`` and record the nodes it visited (``result.nodes``) next to b^m.

    Each shape gets its own tree, seeded from ``seed``, ``b`` and ``m``, so the same call always
    measures the same trees.  Pass ``search=alphabeta`` (and ``order='best'`` or ``'worst'``) to
    measure pruning.  Keep b^m to a few tens of thousands: every tree is built in memory; trees of
    more than ``max_nodes`` nodes raise :class:`~gamelib.core.TooLargeError` before any is built.
    """
    python_seed("seed", seed)
    function("search", search, "a search, called as search(tree), e.g. gamelib.minimax")
    choice("order", order, ("random", "best", "worst"))
    whole("max_nodes", max_nodes, 1, none=True)
    if isinstance(shapes, (str, bytes)) or not hasattr(shapes, "__iter__"):
        raise ArgumentError(f"shapes must be a list of (branching, depth) pairs, got {shapes!r}")
    shapes = list(shapes)
    for shape in shapes:
        if not (isinstance(shape, (tuple, list)) and len(shape) == 2):
            raise ArgumentError(f"shapes must be (branching, depth) pairs, got {shape!r}")
        full_tree_size(*shape)                         # checks both numbers
        guard_size(uniform_tree_size(*shape), max_nodes, argument="max_nodes",
                   what=f"the node count of GameTree.random{tuple(shape)}")
    rows = []
    for branching, depth in shapes:
        tree = GameTree.random(branching, depth, seed=f"{seed}:{branching}:{depth}", order=order,
                               max_nodes=max_nodes)
        rows.append(TreeSize(branching, depth, search(tree).nodes, branching ** depth))
    return rows


class SearchTime(NamedTuple):
    """How long a search of ``10**log10_nodes`` nodes takes, as base-10 logarithms."""

    log10_seconds: float
    log10_years: float


def search_time(log10_nodes: float, nodes_per_second: float = 1e6) -> SearchTime:
    """The Purdue slides' arithmetic: searching 10^k nodes at ``nodes_per_second`` (one million by default).

    Tic-tac-toe, k = 5: 10^-1 s, "0.1 seconds".  Checkers, k = 31: 10^25 s = 10^17.5 years, which the
    notes round to "10^18 years".  Logarithms, because 10^360 / 10^6 overflows a float.
    """
    number("log10_nodes", log10_nodes)
    number("nodes_per_second", nodes_per_second, above=0)
    log10_seconds = log10_nodes - math.log10(nodes_per_second)
    return SearchTime(log10_seconds, log10_seconds - math.log10(SECONDS_PER_YEAR))
