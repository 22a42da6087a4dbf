"""What a trace proves about the values of the nodes it closed, and about the chance nodes it entered.

:func:`proven_ranges` reads any search's trace (a complete one, or the prefix of a search stopped
part-way) and says, for each node it closed, the interval its minimax value must lie in given only
what the search looked at: the notes' (−∞, 2] and [2, 2].  :func:`chance_intervals` adds the chance
nodes the search is still inside, their outcomes not yet searched counted at the utility bounds
[L, U] (AIMA §5.5: "if there are bounds on the possible values of the utility function, the
expected values are also bounded"), which is how Ballard's Star1 decides to cut.
"""
from __future__ import annotations

from ..core import CHANCE, INF, MAX, MIN, GameError
from ..validate import check_bounds, check_function, renamed
from .events import Event


@renamed(bounds=("lower", "upper"))
def proven_ranges(trace: list[Event], to_move, *, chance_outcomes=None,
                  lower: float = -INF, upper: float = INF) -> dict:
    """What a trace proves about each node it closed: ``{state: (lo, hi)}``, the interval its minimax
    value must lie in, given only what the search looked at (the notes' notation: C is (−∞, 2], D is
    [2, 2] in the minimax/alpha-beta walk-through of Fig. 5.2).

    A leaf is [v, v].  A MAX node's value is the largest of its children's, so lo is the largest
    searched lo, and hi the largest searched hi, unless a cut skipped children (then hi = U).  MIN is
    the mirror image.  ``to_move(state)`` tells whose node it is (``game.to_move``).

    Chance nodes: given ``chance_outcomes`` (``game.chance_outcomes``), a chance node is
    [sum P_i lo_i, sum P_i hi_i] over all its outcomes, an outcome never entered counting as the
    lower bound L = ``lower`` or the upper bound U = ``upper`` (AIMA §5.5: bounded utilities bound
    expectations; what Star1/Star2 in :mod:`gamelib.star` rely on when they cut a chance node).
    Without ``chance_outcomes`` a chance node is taken as exact, which is right for searches that
    never prune one (expectiminimax).  Every interval is clipped to [L, U] (default: nothing assumed;
    ``bounds=(L, U)`` is the deprecated spelling); a state closed more than once (Star2 probes, then
    searches; transpositions) gets the intersection of what each visit proved.  A
    node cut without searching any child (a transposition-table hit in :mod:`gamelib.limits`) proves
    what fail-soft alpha-beta promises against its entry window: at least v if v ≥ β, at most v if
    v ≤ α, exactly v inside.  A prefix of a trace (a search stopped part-way) gives the nodes it closed.
    """
    L, U = check_bounds(lower, upper)
    check_function("to_move", to_move, "game.to_move, a function state -> MAX, MIN or CHANCE")
    if chance_outcomes is not None:
        check_function("chance_outcomes", chance_outcomes, "game.chance_outcomes")
    if not isinstance(trace, (list, tuple)):
        raise GameError(f"trace must be a search's trace, a list of Events (search with trace=True), "
                        f"got {trace!r}")
    ranges, stack = {}, []
    for i, e in enumerate(trace):
        if not isinstance(e, Event) or (e.kind != "enter" and not stack):
            raise GameError(f"trace[{i}] = {e!r}: a trace is the list of Events of one search, each "
                            "'enter' closed by one 'leaf', 'prune' or 'exit' (search with trace=True)")
        if e.kind == "enter":
            stack.append((e.state, e.action, [], e.alpha, e.beta))
            continue
        state, action, kids, alpha, beta = stack.pop()
        player = to_move(state) if e.kind != "leaf" and kids else None
        lo, hi = _closed(e, player, kids, (alpha, beta), (L, U), chance_outcomes)
        r = (max(lo, L), min(hi, U))
        if state in ranges:
            r = (max(ranges[state][0], r[0]), min(ranges[state][1], r[1]))
        ranges[state] = r
        if stack:
            stack[-1][2].append((action, r))
    return ranges


def _closed(e: Event, player, kids: list, window: tuple, bounds: tuple, chance_outcomes) -> tuple:
    """The interval :func:`proven_ranges` gives the node that ``e`` closes, from its searched children
    ``kids`` (``[(action, (lo, hi))]``), the ``window`` it was entered with and the utility ``bounds``."""
    (alpha, beta), (L, U) = window, bounds
    if e.kind == "prune" and not kids:
        # Decided without searching a child (a transposition-table hit): fail-soft against the
        # window it was entered with: v >= β proves at least v, v <= α at most v.
        v = e.value
        if beta is not None and v >= beta:
            return v, U
        return (L, v) if alpha is not None and v <= alpha else (v, v)
    skipped = e.kind == "prune"
    if player == MAX:
        return max(lo for _, (lo, _) in kids), U if skipped else max(hi for _, (_, hi) in kids)
    if player == MIN:
        return L if skipped else min(lo for _, (lo, _) in kids), min(hi for _, (_, hi) in kids)
    if player == CHANCE and chance_outcomes is not None:
        seen = {}
        for a, (lo, hi) in kids:                       # an outcome may be entered twice (Star2)
            old = seen.get(a, (-INF, INF))
            seen[a] = (max(old[0], lo), min(old[1], hi))
        lo = hi = 0.0
        for outcome, p in chance_outcomes(e.state):
            if p:
                klo, khi = seen.get(outcome, (L, U))
                lo, hi = lo + p * klo, hi + p * khi
        return lo, hi
    return e.value, e.value


def leaf_bounds(tree) -> tuple:
    """``(L, U)``: the smallest and largest leaf of ``tree``, the tightest true bounds on its utilities
    (widened by 1 on each side if all leaves are equal, since Star1 needs L < U)."""
    values = list(tree.leaf_values.values())
    lo, hi = min(values), max(values)
    return (lo, hi) if lo < hi else (lo - 1, hi + 1)


@renamed(bounds=("lower", "upper"))
def chance_intervals(tree, events, *, lower, upper) -> dict:
    """``{chance node: (lo, hi)}`` for every chance node of ``tree`` entered in ``events`` (a trace, or
    its first k events): the interval its expectiminimax value is proven to lie in so far.

    A closed chance node gets :func:`proven_ranges` with the tree's chance outcomes and the lower bound
    L = ``lower``, upper bound U = ``upper``.  A chance node still open (the search is below it) gets
    [sum P_i lo_i, sum P_i hi_i] over its outcomes, where a closed outcome contributes its proven range
    and an outcome not finished yet contributes [L, U].  Under Star1 the interval is what the cut test
    looks at; under expectiminimax it shows where Star1 could have stopped.

    >>> from gamelib import GameTree, chance, star1
    >>> tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    >>> r = star1(tree, lower=0, upper=4, trace=True)
    >>> {s: tuple(round(x, 6) for x in r) for s, r in chance_intervals(tree, r.trace, lower=0, upper=4).items()}
    {'B': (2.1, 2.1), 'C': (0.9, 1.3)}
    """
    L, U = check_bounds(lower, upper)
    ranges = proven_ranges(list(events), tree.to_move, chance_outcomes=tree.chance_outcomes, lower=L, upper=U)
    out = {}
    for e in events:
        s = e.state
        if e.kind != "enter" or s in out or tree.is_terminal(s) or tree.players[s] != CHANCE:
            continue
        out[s] = None
    for s in out:
        if s in ranges:
            out[s] = ranges[s]
            continue
        lo = hi = 0.0
        for (_, child), p in zip(tree.children[s], tree.probabilities[s]):
            if p:
                clo, chi = ranges.get(child, (L, U))
                lo, hi = lo + p * clo, hi + p * chi
        out[s] = (max(lo, L), min(hi, U))
    return out
