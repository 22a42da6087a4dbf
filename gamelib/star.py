"""Alpha-beta with chance nodes: Ballard's *-minimax procedures Star1 and Star2.

AIMA 4th ed. §5.5 (alpha-beta with chance nodes: bounds on utilities), as Zell's slides put
it: "Is it possible to find these bounds for chance nodes without examining all children?  Yes, if
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
moves are no better than the others (:func:`gamelib.experiments.chance_trees.node_counts` measures it).

Both return a :class:`~gamelib.core.SearchResult` with the same trace events as
:func:`gamelib.alphabeta`: 'enter' with the window, 'leaf', 'prune' (``skipped`` = the outcomes or
actions not entered during that visit; Star2 may enter them later when it searches a node it probed)
and 'exit'.  At a chance node the window recorded on each child's 'enter' is the
derived (max(A_i, lo_i), min(B_i, hi_i)).  A probe is recorded as a 'prune' at the probed node,
skipping all but its first action.  Returned values follow the fail-soft rule of alpha-beta: v with
α < v < β is exact, v <= α an upper bound, v >= β a lower bound; :func:`gamelib.proven_ranges`
reads the tightest interval each node is proven to lie in, given the game's ``chance_outcomes`` and
``bounds=(L, U)`` for what was never searched.

Expectiminimax visits every node: O(b^m n^m) (the Game Playing slides).  Star1 visits a subset of those nodes and
returns the same root value; how many it saves depends on how tight [L, U] is compared with the
values that actually occur (see :func:`gamelib.experiments.chance_trees.node_counts` and notebook 05a
§4).
"""
from __future__ import annotations

import math
import numbers
import sys
from functools import reduce
from itertools import compress
from operator import add, not_

from .core import CHANCE, INF, MAX, MIN, GameError, SearchResult, check_distribution
from .trace import Event, recording
from .validate import checked_utility, moved, no_moves, recursion_guard, search_entry


def added_left_to_right(values, start=0):
    """``start`` + the ``values``, added left to right, one rounding after each addition."""
    return reduce(add, values, start)


added = sum if sys.version_info < (3, 12) else added_left_to_right
"""How Star1 and Star2 add probabilities times values: left to right, one rounding after each addition.

Star1's and Star2's windows must be the same to the last bit whichever way they are summed (see
:class:`_Outcomes`), and the same on every Python.  The built-in ``sum`` adds floats this way up to
Python 3.11, and fastest; from 3.12 it compensates its rounding errors (``sum([0.1] * 10)`` is 1.0,
not 0.9999999999999999), so the same search visited different nodes there (Star2 on notebook 05b's dice
positions: 2,227 nodes on 3.12 and in the browser's Pyodide, 2,225 on 3.11).  From 3.12 on, the sums
are :func:`added_left_to_right`, about a tenth slower for Star1 on 3.11 (cachegrind)."""


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


def _star_search(game, state, *, lower, upper, depth, evaluate, cutoff, trace, probing) -> SearchResult:  # noqa: C901 - Ballard's Star1/Star2 kept whole
    """The engine of :func:`star1` (``probing=False``) and :func:`star2` (``probing=True``).

    ``value`` is alpha-beta at MAX and MIN nodes (AIMA 4th ed. Fig. 5.7, as in :func:`gamelib.alphabeta`).
    At a chance node Star1 hands over to :func:`_star1_chance`: Ballard's windows, one
    outcome after another, with the declared bounds [L, U] standing for the outcomes not searched yet.
    Star2 hands over to :func:`_star2_chance`, which keeps an interval [lo_i, hi_i] for each outcome's
    value (:class:`_Outcomes`), probes them (:func:`_probe_outcomes`) and then searches them one by one
    in the same windows with the tighter bounds (:func:`_search_outcomes`), stopping as soon as the
    intervals decide the chance node against its window.  With no probe, both give the same windows,
    cuts and trace, to the last bit (the kit's tests pin it)."""
    name = "star2" if probing else "star1"
    _check_bounds(lower, upper)
    state, evaluate, cut = search_entry(game, state, depth, evaluate, cutoff, trace, name)
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result = game.actions, game.result
    L, U = lower, upper
    nodes = 0
    move = None

    # The trace: one Event(kind, state, depth, alpha, beta, value, action, skipped) a step, its fields
    # given by position (keywords would make a traced search a sixth slower).
    def value(s, alpha, beta, ply, action, probe=False):  # noqa: C901 - Ballard's Star1/Star2 kept whole
        """Alpha-beta value of ``s`` in the window (alpha, beta), fail-soft: MAX-VALUE and MIN-VALUE
        (AIMA Fig. 5.7), or ``chance`` at a chance node.  With ``probe`` a MAX or MIN node searches its
        first action only (Star2's probe)."""
        nonlocal nodes, move
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, ply, alpha, beta, None, action))
        if is_terminal(s):
            v = utility(s, MAX)
            if not L <= v <= U:
                raise _out_of_bounds(s, v, "the utility", L, U)
            if log is not None:
                log.append(Event("leaf", s, ply, alpha, beta, v))
            return v
        if cut is not None and cut(s, ply):               # H-MINIMAX's CUTOFF-TEST (AIMA Eq. 5.2)
            v = evaluate(s)
            if not L <= v <= U:
                raise _out_of_bounds(s, v, "the evaluation", L, U)
            if log is not None:
                log.append(Event("leaf", s, ply, alpha, beta, v))
            return v
        player = to_move(s)
        if player == CHANCE:
            return chance(game, s, alpha, beta, ply, value, log, L, U, cut)
        acts = actions(s)
        if not acts:
            raise no_moves(game, s)
        last = 1 if probe else len(acts)                  # a probe tries the first action only
        i = -1                                            # the last action searched
        if player == MAX:                                 # MAX-VALUE
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
            log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(acts[i + 1:])) if i + 1 < len(acts)
                       else Event("exit", s, ply, alpha, beta, v))
        return v

    chance = _star2_chance if probing else _star1_chance
    with recursion_guard(game, name, depth), recording(trace) as log:
        root_value = value(state, L, U, 0, None)
    return SearchResult(root_value, move, nodes, log)


def _out_of_bounds(s, v, what: str, L, U) -> GameError:
    """The error for a utility or evaluation ``v`` of ``s`` outside the declared bounds [L, U]."""
    return GameError(f"{what} of state {s!r} is {v!r}, outside the declared bounds [{L}, {U}]; "
                     "Star1/Star2 are only correct if every value lies within them")


def _low(bound, alpha):
    """A chance node's value when it fails low: its upper bound, which the window proved at most α.
    Sums of floats can land a hair above α (1/7·(-5) + 3/7·(-3) + 3/7·7 = 1.0000000000000002 for α = 1),
    and the parent would then take a refuted move for a better one: the bound is capped at α."""
    return bound if bound <= alpha else alpha


def _high(bound, beta):
    """A chance node's value when it fails high: its lower bound, proved at least β (see :func:`_low`)."""
    return bound if bound >= beta else beta


def _star1_chance(game, s, alpha, beta, ply, search, log, L, U, cut):
    """Star1 at a chance node (the module docstring's windows): outcome i is searched in
    (max(A_i, L), min(B_i, U)), and the node cuts as soon as V_i <= A_i (its value is then at most α)
    or V_i >= B_i (at least β), skipping the outcomes after i.  ``p_hi[j]`` = P_j·U and ``p_lo[j]`` =
    P_j·L stand for the outcomes not searched yet; the sums add left to right, as Star2's
    :class:`_Outcomes` does, so both give the same windows to the last bit.  ``search``: the search's
    ``value``; ``log``: its trace (or None); ``cut`` is not used (Star2's probe needs it)."""
    pairs = check_distribution(game.chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
    p_lo, p_hi = [p * L for _, p in pairs], [p * U for _, p in pairs]
    S = 0                                                 # sum_{j<i} P_j V_j
    v, skipped = None, ()
    for i, (r, p) in enumerate(pairs):
        kid = game.result(s, r)
        if p == 0:                                        # cannot move the expectation: no cut test
            S += p * search(kid, L, U, ply + 1, r)
            continue
        A = (alpha - added(p_hi[i + 1:], S)) / p          # Ballard's window (A_i, B_i)
        B = (beta - added(p_lo[i + 1:], S)) / p
        if B <= L:                                        # rounding decided it already (see
            v, skipped = _high(added(p_lo[i:], S), beta), pairs[i:]    # _Outcomes)
            break
        if A >= U:
            v, skipped = _low(added(p_hi[i:], S), alpha), pairs[i:]
            break
        vi = search(kid, A if A >= L else L, B if B <= U else U, ply + 1, r)
        if vi <= A:                                       # fail low: the node is <= α
            v, skipped = _low(added(p_hi[i + 1:], S + p * vi), alpha), pairs[i + 1:]
            break
        if vi >= B:                                       # fail high: the node is >= β
            v, skipped = _high(added(p_lo[i + 1:], S + p * vi), beta), pairs[i + 1:]
            break
        S += p * vi
    if v is None:                                         # every outcome searched: the expectation
        v = S
    if log is not None:
        log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(r for r, _ in skipped)) if skipped
                   else Event("exit", s, ply, alpha, beta, v))
    return v


def _star2_chance(game, s, alpha, beta, ply, search, log, L, U, cut):
    """Star2 at a chance node: probe (:func:`_probe_outcomes`), then search the outcomes one by one
    (:func:`_search_outcomes`); cut as soon as the outcomes' intervals put the expectation at most α
    or at least β.  Arguments as for :func:`_star1_chance`; ``cut``: the search's cutoff test (or
    None), which tells the probe which outcomes it scores exactly."""
    pairs = check_distribution(game.chance_outcomes(s), lambda: f"chance outcomes of {s!r}")
    node = _Outcomes(game, s, pairs, L, U)
    v = _probe_outcomes(node, alpha=alpha, beta=beta, ply=ply, search=search, cut=cut, game=game)
    if v is None:                                         # then Star1, with the bounds probed
        v = _search_outcomes(node, alpha=alpha, beta=beta, ply=ply, search=search)
    if v is None:                                         # every outcome known: the expectation
        v = node.expectation()
        skipped = ()
    else:
        skipped = node.skipped()
    if log is not None:
        log.append(Event("prune", s, ply, alpha, beta, v, None, skipped) if skipped
                   else Event("exit", s, ply, alpha, beta, v))
    return v


class _Outcomes:
    """What Star1/Star2 know about the outcomes of one chance node while searching it.

    For outcome i: ``outcomes[i]`` and its probability ``P[i]``; ``lo[i]`` <= V_i <= ``hi[i]``, its
    value's interval (at first the declared bounds [L, U]); ``known[i]`` once V_i is known exactly;
    ``entered[i]`` once the search has been into it.  ``P[i]·lo[i]`` and ``P[i]·hi[i]`` are kept
    too, so that sums over the outcomes are plain sums of lists.

    An outcome's window [max(A_i, lo_i), min(B_i, hi_i)] (:meth:`window`) can be empty: then what is
    known already decides the node, B_i <= lo_i at the node's lower bound sum_j P_j lo_j (even V_i at
    its least lifts the node to >= β), A_i >= hi_i at its upper bound sum_j P_j hi_j.  In exact
    arithmetic Star1 never gets there, its lo_i, hi_i being L, U; rounding in A and B, or Star2's
    tighter bounds, can.  Every chance-node loop tests it before it searches an outcome."""

    __slots__ = ("game", "state", "outcomes", "P", "lo", "hi", "p_lo", "p_hi", "known", "entered",
                 "kids")

    def __init__(self, game, s, pairs, L, U):
        self.game, self.state = game, s
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
            kid = self.kids[i] = self.game.result(self.state, self.outcomes[i])
        return kid

    def bound(self, i, lo, hi) -> None:
        """Outcome i's value lies in [lo, hi]."""
        self.lo[i], self.hi[i] = lo, hi
        self.p_lo[i], self.p_hi[i] = self.P[i] * lo, self.P[i] * hi

    def window(self, i, alpha, beta) -> tuple:
        """Ballard's (A_i, B_i): V_i <= A_i proves the node <= α, V_i >= B_i proves it >= β.  The sums
        over the other outcomes, sum_{j != i} P_j hi_j and sum_{j != i} P_j lo_j, add left to right."""
        p_hi, p_lo = self.p_hi, self.p_lo
        return ((alpha - added(p_hi[:i] + p_hi[i + 1:])) / self.P[i],
                (beta - added(p_lo[:i] + p_lo[i + 1:])) / self.P[i])

    def expectation(self) -> float:
        """sum_i P_i V_i, once every V_i is known (lo = hi)."""
        return added(self.p_lo)

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
        if B <= lo[i]:                                    # already decided (see _Outcomes)
            return _high(added(node.p_lo), beta)
        if A >= hi[i]:
            return _low(added(node.p_hi), alpha)
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
            return _low(added(node.p_hi), alpha)
        if new_lo >= B:
            return _high(added(node.p_lo), beta)
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
    game, state = node.game, node.state
    S = 0                                                 # sum_{j<i} P_j V_j
    for i, p in enumerate(P):
        if not known[i]:
            kid = kids[i] if kids[i] is not None else game.result(state, outcomes[i])
            if p == 0:                                    # cannot move the expectation: no cut test
                entered[i] = True
                v = search(kid, lo[i], hi[i], ply + 1, outcomes[i])
                lo[i] = hi[i] = v
                p_lo[i] = p_hi[i] = p * v
            else:
                A = (alpha - added(p_hi[i + 1:], S)) / p  # Ballard's window (A_i, B_i)
                B = (beta - added(p_lo[i + 1:], S)) / p
                if B <= lo[i]:                            # already decided (see _Outcomes)
                    return _high(added(p_lo), beta)
                if A >= hi[i]:
                    return _low(added(p_hi), alpha)
                entered[i] = True                         # window (max(A, lo_i), min(B, hi_i)):
                v = search(kid, A if A >= lo[i] else lo[i], B if B <= hi[i] else hi[i], ply + 1, outcomes[i])
                if v <= A:                                # fail low: the node is <= α
                    hi[i], p_hi[i] = v, p * v
                    return _low(added(p_hi), alpha)
                if v >= B:                                # fail high: the node is >= β
                    lo[i], p_lo[i] = v, p * v
                    return _high(added(p_lo), beta)
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


# The chance-tree experiment (random_chance_tree, node_counts, ...) lives in
# gamelib.experiments.chance_trees since issue 24.  Its old names still answer here for one release, with
# a DeprecationWarning (imported when first asked for: that module imports this one).
__getattr__ = moved(__name__, {name: "gamelib.experiments.chance_trees" for name in
                               ("random_chance_tree", "node_counts", "format_node_counts", "Shape", "NodeCounts")})
