"""Alpha-beta with chance nodes: Ballard's *-minimax procedures Star1 and Star2.

AIMA 4th ed. §5.5 (alpha-beta with chance nodes: bounds on utilities), as the notes put it (seed
002): "Is it possible to find these bounds for chance nodes without examining all children?  Yes, if
there are bounds on the possible values of the utility function, the expected values are also
bounded."  Bruce W. Ballard,
"The *-minimax search procedure for trees containing chance nodes", Artificial Intelligence 21(3),
327-350 (1983), turned that remark into algorithms; Hauk, Buro and Schaeffer, "Rediscovering
*-Minimax Search" (Computers and Games 2004, LNCS 3846) restated them as Star1 and Star2.

**Star1.**  Suppose every utility (and every evaluation) lies in [L, U].  A chance node with outcomes
r_1 .. r_n of probabilities P_1 .. P_n, searched left to right, has after i - 1 outcomes the partial
sum S = sum_{j<i} P_j V_j, and its value lies in

    [ S + P_i V_i + L * sum_{j>i} P_j ,  S + P_i V_i + U * sum_{j>i} P_j ].

It is at most α (fail low) as soon as V_i <= A_i and at least β (fail high) as soon as V_i >= B_i,
with Ballard's child window (written here for unequal probabilities)

    A_i = (α - S - U * sum_{j>i} P_j) / P_i        B_i = (β - S - L * sum_{j>i} P_j) / P_i,

so outcome i is searched with the window (max(A_i, L), min(B_i, U)) and the node cuts, skipping the
outcomes after i, when the value comes back outside (A_i, B_i).  MAX and MIN nodes are alpha-beta
(AIMA Fig. 5.7, cutting on equality).  The root is searched with the window [L, U]: nothing outside
it can happen.  With equal probabilities P_i = 1/n and S' = V_1 + ... + V_{i-1} the windows read
A_i = nα - S' - (n - i)U and B_i = nβ - S' - (n - i)L, the form in which Star1 is usually written
(for i = 1: A_1 = n(α - U) + U).  Unequal probabilities are handled as above.

**Star2** adds a *probing* phase (Ballard's improvement for "regular" trees, where MAX and MIN
alternate with chance nodes in between): before searching any outcome fully, it searches only the
first move below each outcome.  Below a MAX node that gives a lower bound on the outcome's value,
below a MIN node an upper bound; a terminal (or cut-off) outcome is scored exactly.  If the bounds
alone put the chance node outside its window, it cuts without a full search; otherwise the search
phase is Star1 with the tighter per-outcome bounds in place of L and U.  A probed outcome is entered
twice (probe, then search: no transposition table remembers the probe), and both visits count as
nodes, so Star2 can visit *more* nodes than Star1, even than expectiminimax, on trees whose first
moves are no better than the others (:func:`node_counts` measures it).

Both return a :class:`~gamelib.core.SearchResult` with the same trace events as
:func:`gamelib.alphabeta`: 'enter' with the window, 'leaf', 'prune' (``skipped`` = the outcomes or
actions not entered during that visit; Star2 may enter them later when it searches a node it probed)
and 'exit'.  At a chance node the window recorded on each child's 'enter' is the
derived (max(A_i, lo_i), min(B_i, hi_i)).  A probe is recorded as a 'prune' at the probed node,
skipping all but its first action.  Returned values follow the fail-soft rule of alpha-beta: v with
α < v < β is exact, v <= α an upper bound, v >= β a lower bound; :func:`gamelib.proven_ranges`
reads the tightest interval each node is proven to lie in, given the game's ``chance_outcomes`` and
``bounds=(L, U)`` for what was never searched.

Expectiminimax visits every node: O(b^m n^m) (seed 001).  Star1 visits a subset of those nodes and
returns the same root value; how many it saves depends on how tight [L, U] is compared with the
values that actually occur (see :func:`node_counts` and ``benchmarks/bench_star.py``).
"""
from __future__ import annotations

import math
import numbers
import random as _random
from itertools import compress
from operator import not_
from statistics import fmean
from typing import Iterable, NamedTuple, Sequence

from .core import (CHANCE, INF, MAX, MIN, ArgumentError, GameError, SearchResult,
                   check_distribution, recording)
from .trees import GameTree, chance
from .validate import (checked_utility, flag, guard_size, number, python_seed, recursion_guard, search_entry,
                       whole)


def _check_bounds(lower, upper):
    if lower is None or upper is None:
        raise GameError("Star1/Star2 need lower= and upper=: bounds L <= U(s) <= U that hold for every "
                        "terminal utility (and every evaluation) of the game, e.g. lower=-5, upper=5; "
                        "without them a chance node can never be cut (AIMA §5.5)")
    for name, b in (("lower", lower), ("upper", upper)):
        if isinstance(b, bool) or not isinstance(b, numbers.Real) or not math.isfinite(b):
            raise GameError(f"{name} must be a finite number, got {b!r}")
    if not lower < upper:
        raise GameError(f"need lower < upper, got lower={lower!r}, upper={upper!r}")


def _star_search(game, state, *, lower, upper, depth, evaluate, cutoff, trace, probing) -> SearchResult:
    """The engine of :func:`star1` (``probing=False``) and :func:`star2` (``probing=True``).

    ``value`` is alpha-beta at MAX and MIN nodes (AIMA 4th ed. Fig. 5.7).  At a chance node Star1
    hands over to ``star1_chance_value``: Ballard's windows, one outcome after another, with the
    declared bounds [L, U] standing for the outcomes not searched yet.  Star2 hands over to
    ``chance_value``, which keeps an interval [lo_i, hi_i] for each outcome's value
    (:class:`_Outcomes`), probes them (:func:`_probe_outcomes`) and then searches them one by one in
    the same windows with the tighter bounds (:func:`_search_outcomes`), stopping as soon as the
    intervals decide the chance node against its window.  With no probe, both give the same windows,
    cuts and trace, to the last bit (``tests/test_star.py`` pins it)."""
    name = "star2" if probing else "star1"
    _check_bounds(lower, upper)
    state, evaluate, cut = search_entry(game, state, depth, evaluate, cutoff, trace, name)
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result, chance_outcomes = game.actions, game.result, game.chance_outcomes
    L, U = lower, upper
    nodes = 0
    move = None
    # The trace records an Event as the tuple of its fields (kind, state, depth, alpha, beta, value,
    # action, skipped), trailing defaults left out; readers get Events (gamelib.core.Trace).

    def out_of_bounds(s, v, what):
        return GameError(f"{what} of state {s!r} is {v!r}, outside the declared bounds "
                         f"[{L}, {U}]; Star1/Star2 are only correct if every value lies within them")

    def value(s, alpha, beta, ply, action, probe=False):
        """Alpha-beta value of ``s`` in the window (alpha, beta), fail-soft.  With ``probe`` a MAX or
        MIN node searches its first action only (Star2's probe)."""
        nonlocal nodes, move
        nodes += 1
        if log is not None:
            log.append(("enter", s, ply, alpha, beta, None, action))
        if is_terminal(s):
            v = utility(s, MAX)
            if not L <= v <= U:
                raise out_of_bounds(s, v, "the utility")
            if log is not None:
                log.append(("leaf", s, ply, alpha, beta, v))
            return v
        if cut is not None and cut(s, ply):               # H-MINIMAX's CUTOFF-TEST (AIMA Eq. 5.2)
            v = evaluate(s)
            if not L <= v <= U:
                raise out_of_bounds(s, v, "the evaluation")
            if log is not None:
                log.append(("leaf", s, ply, alpha, beta, v))
            return v
        player = to_move(s)
        if player == CHANCE:
            return chance_value(s, alpha, beta, ply)
        acts = actions(s)
        last = 1 if probe else len(acts)                  # a probe tries the first action only
        i = -1                                            # the last action searched
        if player == MAX:                                 # MAX-VALUE (AIMA Fig. 5.7)
            v = -INF
            for i, a in enumerate(acts):
                v2 = value(result(s, a), alpha, beta, ply + 1, a)
                if v2 > v:
                    v = v2
                    if ply == 0:
                        move = a
                    if v > alpha:
                        alpha = v
                if v >= beta or i + 1 == last:
                    break
        elif player == MIN:                               # MIN-VALUE
            v = INF
            for i, a in enumerate(acts):
                v2 = value(result(s, a), alpha, beta, ply + 1, a)
                if v2 < v:
                    v = v2
                    if ply == 0:
                        move = a
                    if v < beta:
                        beta = v
                if v <= alpha or i + 1 == last:
                    break
        else:
            raise GameError(f"unknown player {player!r} at {s!r}")
        if log is not None:                               # a cut (or a probe) skipped the moves after i
            log.append(("prune", s, ply, alpha, beta, v, None, tuple(acts[i + 1:])) if i + 1 < len(acts)
                       else ("exit", s, ply, alpha, beta, v))
        return v

    def star1_chance_value(s, alpha, beta, ply):
        """Star1 at a chance node (the module docstring's windows): outcome i is searched in
        (max(A_i, L), min(B_i, U)), and the node cuts as soon as V_i <= A_i (its value is then at
        most α) or V_i >= B_i (at least β), skipping the outcomes after i.  ``p_hi[j]`` = P_j·U and
        ``p_lo[j]`` = P_j·L stand for the outcomes not searched yet; the sums add left to right, as
        Star2's :class:`_Outcomes` does, so both give the same windows to the last bit."""
        pairs = check_distribution(chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
        p_lo, p_hi = [p * L for _, p in pairs], [p * U for _, p in pairs]
        S = 0                                             # sum_{j<i} P_j V_j
        v, skipped = None, ()
        for i, (r, p) in enumerate(pairs):
            kid = result(s, r)
            if p == 0:                                    # cannot move the expectation: no cut test
                S += p * value(kid, L, U, ply + 1, r)
                continue
            A = (alpha - sum(p_hi[i + 1:], S)) / p        # Ballard's window (A_i, B_i)
            B = (beta - sum(p_lo[i + 1:], S)) / p
            if B <= L:                                    # rounding decided it already (see
                v, skipped = sum(p_lo[i:], S), pairs[i:]  # _Outcomes.settled)
                break
            if A >= U:
                v, skipped = sum(p_hi[i:], S), pairs[i:]
                break
            vi = value(kid, A if A >= L else L, B if B <= U else U, ply + 1, r)
            if vi <= A:                                   # fail low: the node is <= α
                v, skipped = sum(p_hi[i + 1:], S + p * vi), pairs[i + 1:]
                break
            if vi >= B:                                   # fail high: the node is >= β
                v, skipped = sum(p_lo[i + 1:], S + p * vi), pairs[i + 1:]
                break
            S += p * vi
        if v is None:                                     # every outcome searched: the expectation
            v = S
        if log is not None:
            log.append(("prune", s, ply, alpha, beta, v, None, tuple(r for r, _ in skipped)) if skipped
                       else ("exit", s, ply, alpha, beta, v))
        return v

    def chance_value(s, alpha, beta, ply):
        """Star2 at a chance node: probe, then search the outcomes one by one; cut as soon as the
        outcomes' intervals put the expectation at most α or at least β."""
        if not probing:
            return star1_chance_value(s, alpha, beta, ply)
        pairs = check_distribution(chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
        node = _Outcomes(result, s, pairs, L, U)
        v = _probe_outcomes(node, alpha=alpha, beta=beta, ply=ply, search=value, cut=cut, game=game)
        if v is None:                                     # then Star1, with the bounds probed
            v = _search_outcomes(node, alpha=alpha, beta=beta, ply=ply, search=value)
        if v is None:                                     # every outcome known: the expectation
            v = node.expectation()
            skipped = ()
        else:
            skipped = node.skipped()
        if log is not None:
            log.append(("prune", s, ply, alpha, beta, v, None, skipped) if skipped
                       else ("exit", s, ply, alpha, beta, v))
        return v

    with recursion_guard(game, name, depth), recording(trace) as log:
        root_value = value(state, L, U, 0, None)
    return SearchResult(root_value, move, nodes, log)


class _Outcomes:
    """What Star1/Star2 know about the outcomes of one chance node while searching it.

    For outcome i: ``outcomes[i]`` and its probability ``P[i]``; ``lo[i]`` <= V_i <= ``hi[i]``, its
    value's interval (at first the declared bounds [L, U]); ``known[i]`` once V_i is known exactly;
    ``entered[i]`` once the search has been into it.  ``P[i]·lo[i]`` and ``P[i]·hi[i]`` are kept
    too, so that sums over the outcomes are plain sums of lists."""

    __slots__ = ("result", "state", "outcomes", "P", "lo", "hi", "p_lo", "p_hi", "known", "entered",
                 "kids")

    def __init__(self, result, s, pairs, L, U):
        self.result, self.state = result, s              # result: game.result
        outcomes, P = zip(*pairs)
        self.outcomes, self.P = outcomes, P
        n = len(P)
        self.lo, self.hi = [L] * n, [U] * n
        self.p_lo, self.p_hi = [p * L for p in P], [p * U for p in P]
        self.known, self.entered, self.kids = [False] * n, [False] * n, [None] * n

    def kid(self, i):
        """The state after outcome i (computed once)."""
        kid = self.kids[i]
        if kid is None:
            kid = self.kids[i] = self.result(self.state, self.outcomes[i])
        return kid

    def bound(self, i, lo, hi) -> None:
        """Outcome i's value lies in [lo, hi]."""
        self.lo[i], self.hi[i] = lo, hi
        self.p_lo[i], self.p_hi[i] = self.P[i] * lo, self.P[i] * hi

    def window(self, i, alpha, beta) -> tuple:
        """Ballard's (A_i, B_i): V_i <= A_i proves the node <= α, V_i >= B_i proves it >= β.  The sums
        over the other outcomes, sum_{j != i} P_j hi_j and sum_{j != i} P_j lo_j, add left to right."""
        p_hi, p_lo = self.p_hi, self.p_lo
        return ((alpha - sum(p_hi[:i] + p_hi[i + 1:])) / self.P[i],
                (beta - sum(p_lo[:i] + p_lo[i + 1:])) / self.P[i])

    def settled(self, i, A, B):
        """The node's value at a cut if outcome i's window [max(A, lo_i), min(B, hi_i)] is empty, else
        None.
        Empty means what is known already decides the node (in exact arithmetic Star1 never gets
        here, its lo_i, hi_i being L, U; rounding in A and B, or Star2's tighter bounds, can)."""
        if B <= self.lo[i]:                   # even V_i at its least lifts the node to >= β
            return sum(self.p_lo)
        if A >= self.hi[i]:                   # even V_i at its most keeps the node <= α
            return sum(self.p_hi)
        return None

    def expectation(self) -> float:
        """sum_i P_i V_i, once every V_i is known (lo = hi)."""
        return sum(self.p_lo)

    def skipped(self) -> tuple:
        """The outcomes not entered."""
        return tuple(compress(self.outcomes, map(not_, self.entered)))


def _probe_outcomes(node: _Outcomes, *, alpha, beta, ply, search, cut, game):
    """Star2's probing phase: search only the first move below each outcome (a lower bound on its
    value below a MAX node, an upper bound below MIN; a terminal or cut-off outcome exactly).  Returns
    the node's value if the bounds alone decide it (a cut), else None (the bounds stay in ``node``)."""
    lo, hi, P = node.lo, node.hi, node.P
    for i in range(len(P)):
        if P[i] == 0:
            continue
        c = node.kid(i)
        terminal = game.is_terminal(c) or (cut is not None and cut(c, ply + 1))
        mover = None if terminal else game.to_move(c)
        if mover == CHANCE:
            continue                                      # nothing cheap to learn below a chance node
        A, B = node.window(i, alpha, beta)
        if (done := node.settled(i, A, B)) is not None:
            return done
        ax = A if A >= lo[i] else lo[i]                   # max(A, lo_i), min(B, hi_i) without two calls
        bx = B if B <= hi[i] else hi[i]
        node.entered[i] = True
        w = search(c, ax, bx, ply + 1, node.outcomes[i], probe=True)
        new_lo, new_hi = lo[i], hi[i]
        if terminal or len(game.actions(c)) == 1:         # the probe searched c completely
            if w <= ax:
                new_hi = min(new_hi, w)
            elif w >= bx:
                new_lo = max(new_lo, w)
            else:
                new_lo = new_hi = w
                node.known[i] = True
        elif mover == MAX and w > ax:                     # V_i >= value of its first move >= w
            new_lo = max(new_lo, w)
        elif mover == MIN and w < bx:                     # V_i <= value of its first move <= w
            new_hi = min(new_hi, w)
        if new_lo >= new_hi:                              # the bounds met: V_i is known
            new_lo = new_hi
            node.known[i] = True
        node.bound(i, new_lo, new_hi)
        if new_hi <= A:
            return sum(node.p_hi)
        if new_lo >= B:
            return sum(node.p_lo)
    return None


def _search_outcomes(node: _Outcomes, *, alpha, beta, ply, search):
    """Star1's search phase: search the outcomes not yet known, in order, outcome i in the window
    (max(A_i, lo_i), min(B_i, hi_i)); a value at most A_i fails low (the node is <= α), at least B_i
    fails high (>= β).  Returns the node's value at a cut, else None (every V_i now known).

    The outcomes before i are known when outcome i's turn comes, so sum_{j != i} P_j hi_j is the sum
    S of P_j V_j over j < i, kept as it grows, plus sum_{j > i} P_j hi_j: the same additions, left to
    right, as :meth:`_Outcomes.window` makes (the windows are the same to the last bit)."""
    lo, hi, p_lo, p_hi, P = node.lo, node.hi, node.p_lo, node.p_hi, node.P
    known, entered, kids, outcomes = node.known, node.entered, node.kids, node.outcomes
    result, state = node.result, node.state
    S = 0                                                 # sum_{j<i} P_j V_j
    for i, p in enumerate(P):
        if not known[i]:
            kid = kids[i] if kids[i] is not None else result(state, outcomes[i])
            if p == 0:                                    # cannot move the expectation: no cut test
                entered[i] = True
                v = search(kid, lo[i], hi[i], ply + 1, outcomes[i])
                lo[i] = hi[i] = v
                p_lo[i] = p_hi[i] = p * v
            else:
                A = (alpha - sum(p_hi[i + 1:], S)) / p    # Ballard's window (A_i, B_i)
                B = (beta - sum(p_lo[i + 1:], S)) / p
                if B <= lo[i]:                            # already decided (see _Outcomes.settled)
                    return sum(p_lo)
                if A >= hi[i]:
                    return sum(p_hi)
                entered[i] = True                         # window (max(A, lo_i), min(B, hi_i)):
                v = search(kid, A if A >= lo[i] else lo[i], B if B <= hi[i] else hi[i], ply + 1, outcomes[i])
                if v <= A:                                # fail low: the node is <= α
                    hi[i], p_hi[i] = v, p * v
                    return sum(p_hi)
                if v >= B:                                # fail high: the node is >= β
                    lo[i], p_lo[i] = v, p * v
                    return sum(p_lo)
                lo[i] = hi[i] = v                         # A < v < B: v is V_i itself
                p_lo[i] = p_hi[i] = p * v
        S += p_lo[i]
    return None


def star1(game, state=None, *, lower=None, upper=None, depth: int | None = None, evaluate=None,
          cutoff=None, trace: bool = False) -> SearchResult:
    """Ballard's Star1 (1983): expectiminimax with alpha-beta at MAX/MIN nodes and cuts at CHANCE nodes
    from bounds on utilities (AIMA 4th ed. §5.5).

    ``lower`` and ``upper`` (L and U) are required: every terminal utility for MAX and every value of
    ``evaluate`` must lie in [L, U] (a GameError names the state and value if one does not).  The
    tighter the bounds, the more a chance node can cut; they must still be true bounds.

    Returns a :class:`~gamelib.core.SearchResult` whose ``.value`` equals
    :func:`gamelib.expectiminimax`'s (up to floating-point rounding) and whose ``.action`` is a best
    move, visiting a subset of the nodes expectiminimax visits.  ``depth``, ``evaluate`` and ``cutoff``
    make it depth-limited exactly as for :func:`gamelib.expectiminimax` (every ply counts, chance too).

    >>> from gamelib import GameTree, chance, expectiminimax
    >>> tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    >>> star1(tree, lower=0, upper=4)          # AIMA's .9/.1 example: a1 is worth 2.1, a2 1.3
    SearchResult(value=2.1, action='a1', nodes=6, trace=None)
    >>> expectiminimax(tree).nodes
    7
    """
    return _star_search(game, state, lower=lower, upper=upper, depth=depth, evaluate=evaluate,
                        cutoff=cutoff, trace=trace, probing=False)


def star2(game, state=None, *, lower=None, upper=None, depth: int | None = None, evaluate=None,
          cutoff=None, trace: bool = False) -> SearchResult:
    """Ballard's Star2 (1983): :func:`star1` plus a probing phase at every chance node.

    Before searching the outcomes fully, Star2 searches the first move below each one (a lower bound
    on the outcome's value if MAX moves there, an upper bound if MIN does; terminal and cut-off
    outcomes are scored exactly) and cuts if those bounds already put the chance node outside its
    window.  Otherwise it runs Star1's search phase with the probed bounds instead of L and U.
    Probing pays off on "regular" trees (MAX, chance, MIN, chance, ...) with good move ordering; a
    probe that does not lead to a cut is repeated by the full search, so Star2 can visit more nodes
    than Star1.  Same arguments, result and trace events as :func:`star1`.
    """
    return _star_search(game, state, lower=lower, upper=upper, depth=depth, evaluate=evaluate,
                        cutoff=cutoff, trace=trace, probing=True)


# ---------------------------------------------------------------------------------------------------
# Measuring the savings: random trees with chance nodes, node counts of the three searches.
# ---------------------------------------------------------------------------------------------------

def random_chance_tree(branching: int, outcomes: int, moves: int, *, seed=None,
                       probabilities: str = "uniform", order: str = "random", low: int = -5,
                       high: int = 5, max_nodes: int | None = 1_000_000) -> GameTree:
    """A uniform tree of ``moves`` rounds of (decision node with ``branching`` children, chance node
    with ``outcomes`` outcomes), MAX first, players alternating: for ``moves=2`` it is MAX / CHANCE /
    MIN / CHANCE / leaves, Ballard's "regular" *-minimax tree.  Leaves are integers drawn uniformly
    from [low, high]; ``probabilities`` is 'uniform' (1/n each) or 'random' (weights 1..9,
    normalised).  ``order='best'`` sorts every decision node's children best first by their
    expectiminimax values (tree construction for experiments, as in :meth:`GameTree.random`); the
    default 'random' leaves them as drawn.  Same seed, same leaves.  Trees of more than ``max_nodes``
    nodes are refused (:class:`~gamelib.core.TooLargeError`)."""
    _check_shape(branching, outcomes, moves, probabilities, order, low, high, max_nodes)
    rng = _random.Random(python_seed("seed", seed))

    def dist():
        if probabilities == "uniform":
            return [1 / outcomes] * outcomes
        w = [rng.randint(1, 9) for _ in range(outcomes)]
        return [x / sum(w) for x in w]

    def grow(k):
        if k == 0:
            return rng.randint(low, high)
        return [chance(*zip(dist(), [grow(k - 1) for _ in range(outcomes)])) for _ in range(branching)]

    spec = grow(moves)
    if order == "best":
        spec = _best_first(spec, MAX)[1]
    return GameTree.from_nested(spec)


def _check_shape(branching, outcomes, moves, probabilities, order, low, high, max_nodes):
    """The checks of :func:`random_chance_tree` (also run by :func:`node_counts` before it starts)."""
    for n, least in ((branching, 1), (outcomes, 1), (moves, 0)):
        if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < least:
            raise ArgumentError(f"need branching >= 1, outcomes >= 1, moves >= 0 (whole numbers); got "
                                f"{branching!r}, {outcomes!r}, {moves!r}")
    if probabilities not in ("uniform", "random"):
        raise ArgumentError(f"probabilities must be 'uniform' or 'random', not {probabilities!r}")
    if order not in ("random", "best"):
        raise ArgumentError(f"order must be 'random' or 'best', not {order!r}")
    whole("low", low, None)
    whole("high", high, low)
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


def node_counts(shapes: Iterable[tuple], seeds: Iterable[int] = range(20), *, low: int = -5,
                high: int = 5, slack: float = 0, progress: bool = False) -> list[NodeCounts]:
    """Mean node counts of :func:`gamelib.expectiminimax`, :func:`star1` and :func:`star2` on
    :func:`random_chance_tree` trees, one row per shape.

    ``shapes`` are :class:`Shape` tuples ``(branching, outcomes, moves[, probabilities[, order]])``.
    Leaves are integers in [low, high]; the searches are told the bounds [low - slack, high + slack]
    (``slack > 0`` shows what loose bounds cost).  Every tree's three values are checked to agree (to
    1e-9).  The counts are ``SearchResult.nodes``: nothing here searches on its own.
    ``progress=True`` shows a text progress bar (:mod:`gamelib.progress`) over the (shape, seed) pairs.
    """
    from .minimax import expectiminimax
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
        _check_shape(*shape, low, high, 1_000_000)
    bar = None
    if progress:
        from .progress import tqdm
        bar = tqdm(total=len(shapes) * len(seeds), desc="chance trees")
    rows = []
    try:
        for shape in shapes:
            counts = {"e": [], "1": [], "2": []}
            for s in seeds:
                tree = random_chance_tree(shape.branching, shape.outcomes, shape.moves, seed=s,
                                          probabilities=shape.probabilities, order=shape.order,
                                          low=low, high=high)
                full = expectiminimax(tree)
                one = star1(tree, lower=low - slack, upper=high + slack)
                two = star2(tree, lower=low - slack, upper=high + slack)
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
