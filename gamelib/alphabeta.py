"""Alpha-beta pruning: ALPHA-BETA-SEARCH of AIMA 4th ed. Fig. 5.7, its MAX-VALUE and MIN-VALUE line for line.

    function MAX-VALUE(game, state, α, β) returns a (utility, move) pair
        if game.IS-TERMINAL(state) then return game.UTILITY(state, player), null
        v ← −∞
        for each a in game.ACTIONS(state) do
            v2, a2 ← MIN-VALUE(game, game.RESULT(state, a), α, β)
            if v2 > v then
                v, move ← v2, a
                α ← MAX(α, v)
            if v ≥ β then return v, move
        return v, move

MIN-VALUE is the mirror image (v2 < v; β ← MIN(β, v); cut when v ≤ α).  α is the best value MAX can
already guarantee on the path to the root, β the best MIN can; a node whose value falls outside the
window (α, β) cannot affect the decision, so its remaining children are skipped.

The code has the figure's two functions, ``max_value`` and ``min_value``, and one more, ``value``, for
what the figure leaves to the first line of each: the IS-TERMINAL test, H-MINIMAX's cutoff test (Eq. 5.2)
when a depth is given, and which of the two to call, asked of TO-MOVE, since turns need not alternate (a
tree may give MAX two moves in a row).  A cut's ``return v`` is a ``break``, so that the trace closes the
node with the actions it skipped; the root's move is kept as it changes (``move`` at ply 0).

Conventions, both available so instructors of either school can use the kit:

* ``prune_on_equality=True`` (default, AIMA, the Purdue slides and the minimax/alpha-beta walk-through):
  cut when v ≥ β at MAX, v ≤ α at MIN.
* ``prune_on_equality=False`` (UC Berkeley CS188's autograder): cut only when v > β or v < α.

Pruning never changes the root's value, but the values it returns for other nodes are only bounds:
a child of the root may come back with a value *equal* to the best one while really being worse.  So
the root decision moves only on a strictly better value (``v2 > v``), as in the pseudo-code above.
"""
from __future__ import annotations

from typing import Callable, Sequence

from .core import INF, MAX, MIN, Action, GameProtocol, SearchResult, State
from .trace import Event, recording
from .validate import checked_order, checked_utility, flag, no_moves, recursion_guard, search_entry, unhandled_player


def alphabeta(game: GameProtocol, state: State | None = None, *, depth: int | None = None,  # noqa: C901 - Fig. 5.7: MAX-VALUE and MIN-VALUE
              evaluate: Callable[[State], float] | None = None, cutoff=None,
              prune_on_equality: bool = True,
              order: Callable[[State, Sequence[Action]], Sequence[Action]] | None = None,
              trace: bool = False) -> SearchResult:
    """ALPHA-BETA-SEARCH (AIMA 4th ed. Fig. 5.7): minimax value and decision with α-β pruning.

    Children are tried in the order ``game.actions`` gives them, unless ``order(state, actions)``
    is passed to reorder them (move ordering is an option, never a default).  ``depth``, ``evaluate``
    and ``cutoff`` make it depth-limited exactly as for :func:`gamelib.minimax`.  Returns a
    :class:`~gamelib.core.SearchResult`; with ``trace=True`` its trace holds, per node, an 'enter'
    event with the window [α, β] the node was called with, then exactly one of 'leaf' (terminal),
    'prune' (a cut: ``skipped`` lists the untried actions) or 'exit'.  A cut at the last child skips
    nothing, so it is recorded as an ordinary 'exit'.

    Which returned values are exact?  Read them against the window the node was entered with: a value
    v with α < v < β is the node's true minimax value; v ≤ α means the true value is at most v, and
    v ≥ β that it is at least v (this is "fail-soft" alpha-beta).  A bound can reach a node that never
    cut anything itself, through a child that did.  :func:`gamelib.trace.proven_ranges` reads the
    tightest such interval for every node off the trace (a value can be exact outside its window too:
    Fig. 5.2's D returns 2 ≤ α = 3, yet all of D's children were searched, so D is exactly 2).
    """
    state, evaluate, cut = search_entry(game, state, depth, evaluate, cutoff, trace, "alphabeta")
    strict = not flag("prune_on_equality", prune_on_equality)
    if order is not None:
        order = checked_order(order)     # the same actions, reordered: checked at every node
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result = game.actions, game.result
    nodes = 0
    move = None

    # The trace: one Event(kind, state, depth, alpha, beta, value, action, skipped) a step, its fields
    # given by position (keywords would make a traced search a sixth slower).
    def value(s, alpha, beta, ply, action):
        """Enter ``s`` (``action`` led to it): its utility if it is terminal, EVAL(s) if the cutoff test
        holds, else MAX-VALUE or MIN-VALUE, as the player to move says."""
        nonlocal nodes
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, ply, alpha, beta, None, action))
        if is_terminal(s):
            v = utility(s, MAX)
        elif cut is not None and cut(s, ply):               # H-MINIMAX's CUTOFF-TEST (Eq. 5.2)
            v = evaluate(s)
        else:
            player = to_move(s)
            if player == MAX:
                return max_value(s, alpha, beta, ply)
            if player == MIN:
                return min_value(s, alpha, beta, ply)
            raise unhandled_player("alphabeta", player, s, game)
        if log is not None:
            log.append(Event("leaf", s, ply, alpha, beta, v))
        return v

    def max_value(s, alpha, beta, ply):
        """MAX-VALUE: the lines of Fig. 5.7 (``return v`` at a cut is ``break``, to close the trace)."""
        nonlocal move
        acts = actions(s) if order is None else order(s, actions(s))
        if not acts:
            raise no_moves(game, s)
        v = -INF
        for i, a in enumerate(acts):
            v2 = value(result(s, a), alpha, beta, ply + 1, a)
            if v2 > v:
                v = v2
                if ply == 0:
                    move = a
                if v > alpha:                                # α ← MAX(α, v)
                    alpha = v
            if v > beta or v == beta and not strict:         # if v ≥ β then return v
                break
        if log is not None:                                  # a cut skipped the actions after i
            log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(acts[i + 1:])) if i + 1 < len(acts)
                       else Event("exit", s, ply, alpha, beta, v))
        return v

    def min_value(s, alpha, beta, ply):
        """MIN-VALUE: :func:`max_value`'s mirror image."""
        nonlocal move
        acts = actions(s) if order is None else order(s, actions(s))
        if not acts:
            raise no_moves(game, s)
        v = INF
        for i, a in enumerate(acts):
            v2 = value(result(s, a), alpha, beta, ply + 1, a)
            if v2 < v:
                v = v2
                if ply == 0:
                    move = a
                if v < beta:                                 # β ← MIN(β, v)
                    beta = v
            if v < alpha or v == alpha and not strict:       # if v ≤ α then return v
                break
        if log is not None:                                  # a cut skipped the actions after i
            log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(acts[i + 1:])) if i + 1 < len(acts)
                       else Event("exit", s, ply, alpha, beta, v))
        return v

    with recursion_guard(game, "alphabeta", depth, frames_per_ply=2), recording(trace) as log:
        root_value = value(state, -INF, INF, 0, None)
    return SearchResult(root_value, move, nodes, log)
