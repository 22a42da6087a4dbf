"""What a trace says about each node after its first k events: the reading every picture, widget,
explanation and grader shares.

:class:`TraceView` reads a two-player search's trace (minimax, alpha-beta, expectiminimax, Star1):
visit order, values, [α, β] windows, the path the search is on, its prunes and what they skipped, and
what the events prove about each node (:func:`~gamelib.trace.proven_ranges`).  :class:`MaxnView` is
its counterpart for :func:`gamelib.maxn`, whose values are utility vectors and which keeps no window.
:func:`returned_move_values` reads what the search returned at each of the root's moves.  Nothing here draws.
"""
from __future__ import annotations

from ..core import CHANCE, ArgumentError
from ..trees import GameTree
from ..validate import check_bounds, player_order, renamed, whole
from .events import Event
from .ranges import proven_ranges


class TraceView:
    """What a trace says about each node after its first ``step`` events (all events if None).

    order      state -> visit number (1 for the first node entered)
    value      state -> the value the search returned there (set by its leaf/prune/exit event)
    window     state -> (α, β) as the latest event at that state recorded it, or, for a node on the
               path, as it passed it to its latest child (that child's 'enter' window)
    closed     state -> 'leaf', 'prune' or 'exit' once the search has left the state
    closing    state -> the event that closed it (its 'leaf', 'prune' or 'exit', the last if several)
    entry_window  state -> (α, β) the search entered it with (its latest 'enter' event's window)
    leaves     the states closed as leaves (terminal, or cut off by a depth limit), in visit order
    path       the open states, root first: entered and not yet left (the recursion stack)
    prunes     the 'prune' events so far
    pruned     states the cuts so far have skipped (with ``tree``: the whole subtrees below the skipped
               actions; once the trace is complete, also every state it never entered)
    pruned_by  pruned state -> the state whose cut skipped it
    current    the last event drawn (None at step 0)
    ranges     state -> (lo, hi), what the events prove about each closed node
               (:func:`~gamelib.trace.proven_ranges`).  With ``lower`` = L, ``upper`` = U on a tree with chance
               nodes, a chance node a cut stopped (Star1) gets [sum P lo, sum P hi] over its outcomes,
               those never searched counting as [L, U]; without, a chance node is taken as exact.
    """

    @renamed(bounds=("lower", "upper"))
    def __init__(self, result, step=None, tree=None, *, lower=None, upper=None):
        bounds = check_bounds(lower, upper, none=True)
        events = [] if result is None or result.trace is None else result.trace
        if tree is not None:
            _check_trace_fits(tree, events)
        self.total = len(events)
        self.step = self.total if step is None else max(0, min(step, self.total))
        self.events = events[:self.step]
        self.complete = self.step == self.total
        self.order, self.value, self.window, self.closed, self.pruned_by = {}, {}, {}, {}, {}
        self.closing, self.entry_window = {}, {}
        self.skipped_edges = set()
        self.prunes, self.path, self.pruned = [], [], set()
        for e in self.events:
            if e.kind == "enter":
                self.order.setdefault(e.state, len(self.order) + 1)
                parent = self.path[-1] if self.path else None
                parent_is_chance = tree is not None and tree.players.get(parent) == CHANCE
                if self.path and e.alpha is not None and not parent_is_chance:
                    # A node calls each child with its own current window (AIMA Fig. 5.7), so the
                    # child's 'enter' shows the parent's window as it stands now.
                    self.window[self.path[-1]] = (e.alpha, e.beta)
                self.entry_window[e.state] = (e.alpha, e.beta)
                self.path.append(e.state)
            else:
                self.value[e.state] = e.value
                self.closed[e.state] = e.kind
                self.closing[e.state] = e
                if self.path and self.path[-1] == e.state:
                    self.path.pop()
            if e.alpha is not None:
                self.window[e.state] = (e.alpha, e.beta)
            if e.kind == "prune":
                self.prunes.append(e)
                self.skipped_edges.update((e.state, a) for a in e.skipped)
                if tree is not None:
                    for a in e.skipped:
                        for s in _subtree(tree, tree.result(e.state, a)):
                            self.pruned.add(s)
                            self.pruned_by[s] = e.state
        # What the events so far prove about each closed node's value: exact, or a bound ('≤2').
        if tree is None:
            self.ranges = {}
        elif bounds is not None:
            self.ranges = proven_ranges(self.events, tree.to_move, chance_outcomes=tree.chance_outcomes,
                                        lower=bounds[0], upper=bounds[1])
        else:
            self.ranges = proven_ranges(self.events, tree.to_move)
        self.current = self.events[-1] if self.events else None
        # Full-trace facts: once the trace is complete, whatever it never entered was pruned.
        self.ever_visited = {e.state for e in events if e.kind == "enter"}
        if tree is not None and self.complete and events:
            self.pruned.update(s for s in tree.states if s not in self.ever_visited)

    @property
    def leaves(self) -> list:
        """The states closed as leaves so far, in the order the search reached them."""
        return [e.state for e in self.events if e.kind == "leaf"]


def _check_trace_fits(tree, events) -> None:
    """Refuse a trace recorded on another tree: every state it enters is a state of ``tree`` (the
    first) or a child of the state it entered from.  Drawing another search's events on this tree
    would put visit numbers and values on the wrong nodes without a word."""
    path = []
    for e in events:
        if e.kind == "enter":
            if path and not any(c == e.state for _, c in tree.children.get(path[-1], ())):
                raise ArgumentError(f"the result's trace enters {e.state!r} from {path[-1]!r}, which is not "
                                    f"one of its children in this tree: draw the tree the search ran on")
            if not path and e.state not in tree.players:
                raise ArgumentError(f"the result's trace starts at {e.state!r}, which is not a state of "
                                    f"this tree: draw the tree the search ran on")
            path.append(e.state)
        elif path and path[-1] == e.state:
            path.pop()


def _subtree(tree, state):
    """``state`` and everything below it, depth first."""
    stack, out = [state], []
    while stack:
        s = stack.pop()
        out.append(s)
        stack.extend(c for _, c in reversed(tree.children[s]))
    return out


class MaxnView:
    """What a max^n trace says after its first ``step`` events (all if None).

    order    state -> visit number (1 for the root)
    value    state -> the vector the search returned there (leaf or exit)
    path     the open states, root first
    current  the last event (None at step 0)
    chosen   internal state -> the child whose vector it backed up (the first child with that vector:
             with any tie rule, the one the search kept), for every internal node already left
    tied     internal state -> [(action, vector), ...]: the children that tie for the mover's best
             component, where two or more do (the "tie-breaking problem"), for every node already left
    """

    def __init__(self, tree, result, step=None):
        _check_tree(tree)
        _check_result(result)
        events = [] if result is None or result.trace is None else result.trace
        self.total = len(events)
        self.step = self.total if step is None else whole("step", step, 0, self.total, unit="events")
        self.events = events[:self.step]
        self.complete = self.step == self.total
        self.order, self.value, self.path = {}, {}, []
        for e in self.events:
            if e.kind == "enter":
                self.order.setdefault(e.state, len(self.order) + 1)
                self.path.append(e.state)
            else:
                self.value[e.state] = e.value
                if self.path and self.path[-1] == e.state:
                    self.path.pop()
        self.current = self.events[-1] if self.events else None
        self.chosen, self.tied = {}, {}
        index = {p: i for i, p in enumerate(player_order(tree))}
        for s, v in self.value.items():
            kids = tree.children.get(s, ())
            if not kids or tree.players.get(s) == CHANCE:
                continue
            self.chosen[s] = next((c for _, c in kids if self.value.get(c) == v), None)
            i = index.get(tree.players.get(s))
            seen = [(a, self.value[c]) for a, c in kids if isinstance(self.value.get(c), tuple)]
            if i is not None and len(seen) == len(kids):
                best = max(w[i] for _, w in seen)
                tied = [(a, w) for a, w in seen if w[i] == best]
                if len(tied) > 1:
                    self.tied[s] = tied


def returned_move_values(result) -> dict:
    """``{action: value}``: what a traced search returned at each of the root's moves, read from its
    depth-1 events (each move's value, or a bound where a cut stopped its search).  Not to be confused
    with :func:`gamelib.experiments.sigma.root_move_values`, which computes exact minimax values."""
    values, action = {}, None
    for e in result.trace:
        if e.depth != 1:
            continue
        if e.kind == "enter":
            action = e.action
        else:
            values[action] = e.value
    return values


def _check_tree(tree) -> None:
    if not isinstance(tree, GameTree):
        raise ArgumentError(f"tree must be a GameTree (GameTree.from_nested(spec, players=...), or "
                            f"GameTree.from_game(game) for a small game), got {tree!r}")


def _check_result(result) -> None:
    """None, or what :func:`gamelib.maxn` returns: its trace (if any) a list of Events whose values are
    utility vectors."""
    trace = getattr(result, "trace", ())
    ok = result is None or (trace is None or (isinstance(trace, list) and all(
        isinstance(e, Event) and (e.value is None or isinstance(e.value, tuple)) for e in trace)))
    if not ok or (result is not None and not hasattr(result, "trace")):
        raise ArgumentError(f"result must be what gamelib.maxn(tree, trace=True) returns (its trace holds "
                            f"utility vectors), or None, got {result!r:.200}")
