"""Search under resource limits (AIMA 4th ed. §5.3 "Heuristic alpha-beta tree search", 3rd ed. §5.4
"Imperfect real-time decisions"; seed 000 "Resource limits", seed 002 §5.3-5.4).

A real game cannot be searched to the end, so the search stops at a depth limit and scores the states
there with an evaluation function (H-MINIMAX, Eq. 5.2).  Everything else in this module is about
spending a fixed budget of nodes or seconds well:

================  ==========================================================  ===================
option            what it does                                                alpha-beta's value
================  ==========================================================  ===================
``table=``        a :class:`~gamelib.transposition.TranspositionTable`:       unchanged
                  states reached again by another move order are not
                  searched again; its best moves are tried first
``killers=True``  killer moves: moves that cut off at the same ply in a       unchanged
                  sibling subtree are tried early
``history=True``  the history heuristic: moves that often cut off, early      unchanged
``first_moves=``  a line of play (e.g. the last iteration's principal         unchanged
                  variation) tried first along its path
``order=``        a fixed ordering, ``order(state, actions)``, as for         unchanged
                  :func:`gamelib.alphabeta` (e.g. Connect Four centre first)
``quiescent=``    quiescence search: at the depth limit, a state that is      changed: fights the
                  not quiet is searched on for up to ``quiescence_depth``     horizon effect
                  more plies before it is evaluated
``beam=n``        forward pruning: only the n best moves by ``evaluate``      changed: can lose
                  are searched at each node                                   the best move
``null_move=``    null-move pruning: the player to move passes and the        changed: wrong in
                  opponent's reply is searched ``null_reduction`` plies       zugzwang
                  shallower; if even that is good enough to cut, cut
``futility=m``    futility pruning: within two plies of the horizon, when     changed: can miss a
                  EVAL(s) + m cannot reach the window, quiet moves are        quiet saving move
                  skipped
================  ==========================================================  ===================

The first five only reorder or skip work that cannot matter, so alpha-beta's value is unchanged
(move ordering never changes alpha-beta's value; a table entry is used only where its bound decides
the question).  One caveat: an entry searched *deeper* than now asked stands in for the shallower
search (it knows more), so a table shared with an earlier, deeper search can give a different --
better informed -- value than plain alpha-beta at the shallower depth.  Searches that only ever go
deeper, like iterative deepening in a game where a state's ply is fixed (tic-tac-toe, Connect Four),
never meet such an entry.  :func:`iterative_deepening` searches depth 1, 2, 3, ... until time runs out, an
*anytime* algorithm: it always has the best move of the deepest completed depth, and each iteration
orders the next one.  With every option off, :func:`search` is :func:`gamelib.alphabeta` to the same
depth, node for node and event for event.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .core import (INF, MAX, MIN, ArgumentError, Event, GameError, SearchDepthError, SearchResult,
                   collector_paused, recording)
from .ordering import HistoryTable, KillerMoves, move_to_front
from .transposition import TranspositionTable
from .validate import (checked_order, checked_utility, flag, function, number, recursion_guard, search_entry,
                       whole)


class LimitedResult(NamedTuple):
    """What :func:`search` returns: :class:`~gamelib.core.SearchResult`'s four fields, then

    pv      the principal variation: the line of best moves from the searched state, both players',
            as far as the search saw it (below a table hit, read from the table's best moves)
    solved  True if the search never relied on its depth limit (no state was scored by ``evaluate``,
            no move was dropped by ``beam``, no depth-limited table entry was used): the value is
            then the game's own minimax value, and searching deeper cannot change it
    """

    value: float
    action: Any
    nodes: int
    trace: list[Event] | None = None
    pv: list | None = None
    solved: bool = False

    visited = SearchResult.visited


class DepthReport(NamedTuple):
    """One completed iteration of :func:`iterative_deepening`."""

    depth: int
    value: float
    action: Any
    nodes: int
    seconds: float


class DeepeningResult(NamedTuple):
    """What :func:`iterative_deepening` returns.

    value, action, pv   those of the deepest completed iteration
    nodes               nodes visited by all iterations, the interrupted one included (the work done)
    depth               the deepest completed depth
    per_depth           a :class:`DepthReport` (depth, value, action, nodes, seconds) per completed depth
    seconds             wall-clock time of the whole call
    stopped             why it stopped: 'time', 'max_depth' or 'solved' (the search no longer reached
                        its depth limit, so deeper iterations would repeat it)
    table               the transposition table it used (or None), to read its counts
    """

    value: float
    action: Any
    nodes: int
    depth: int
    pv: list
    per_depth: list
    seconds: float
    stopped: str
    table: TranspositionTable | None = None


class OutOfTime(Exception):
    """Raised inside a search when its deadline passes; ``nodes`` is the work done so far."""

    def __init__(self, nodes: int):
        super().__init__(f"deadline passed after {nodes} nodes")
        self.nodes = nodes


class _NullMove:
    """The action of a pass in a null-move search's trace (:data:`NULL_MOVE`)."""

    def __repr__(self):
        return "NULL_MOVE"


NULL_MOVE = _NullMove()
"""The action recorded for a pass (null move) in :func:`search`'s trace."""


def search(game, state=None, *, depth: int, evaluate: Callable, table=None, killers=False,
           history=False, first_moves=None, quiescent: Callable | None = None,
           quiescence_depth: int = 4, beam: int | None = None, prune_on_equality: bool = True,
           order: Callable | None = None, alpha: float = -INF, beta: float = INF,
           trace: bool = False, null_move: Callable | None = None, null_reduction: int = 2,
           futility: float | None = None) -> LimitedResult:
    """Depth-limited alpha-beta (AIMA Fig. 5.7 with the cutoff test of Eq. 5.2) with the options of
    the module docstring.  Returns a :class:`LimitedResult` (value for MAX, best action at ``state``,
    nodes entered, trace, principal variation, solved).

    depth       plies to search before evaluating (a whole number >= 0)
    evaluate    state -> estimated utility for MAX, for the states where the search stops
    table       a :class:`~gamelib.transposition.TranspositionTable` to read and fill (``True``: a
                fresh one), or None.  Not used to cut at ``state`` itself, so the root always has an
                action and its move is chosen as alphabeta chooses it
    killers     True (a fresh :class:`~gamelib.ordering.KillerMoves`), an instance to share, or False
    history     True (a fresh :class:`~gamelib.ordering.HistoryTable`), an instance to share, or False
    first_moves a line of play from ``state`` (a list of actions) whose moves are tried first along
                its path, or a mapping {state: action}
    quiescent   state -> bool, True if the state is quiet; at the depth limit a state that is not quiet
                is searched on (all its moves) for up to ``quiescence_depth`` more plies.  None: every
                state is quiet
    beam        keep only the ``beam`` best moves at each node, ranked by ``evaluate`` of the state
                they lead to (utility if terminal), best for the player to move first.  Dropped moves
                are listed as ``skipped`` in the node's closing 'prune' event
    order       ``order(state, actions)`` -> the actions in the order to try them, applied first (the
                heuristics below then move their favourites to the front); None: ``game.actions`` order
    alpha, beta the window to search ``state`` with (fail-soft: a value ≤ alpha is an upper bound, a
                value ≥ beta a lower bound, anything between exact)
    null_move   ``null_move(state)`` -> the same position with the other player to move (a pass; e.g.
                :func:`gamelib.games.connect4.null_move`), or None (off).  Null-move pruning (Beal 1989;
                seed 002 §5.7, "the opponent moves twice"): at a node below the root with more than
                ``null_reduction`` plies left, not reached by a pass, the player to move passes first
                and the pass is searched, with the node's window, ``1 + null_reduction`` plies
                shallower.  If the opponent cannot bring the value back into the window even with two
                moves in a row (MAX: value >= beta, MIN: value <= alpha, on equality as
                ``prune_on_equality`` says), the node is cut with that value, none of its moves
                searched.  The pass appears in the trace as a child entered with action
                :data:`NULL_MOVE`.  Wrong in zugzwang, where passing would be the best move
    null_reduction  R, the extra plies the pass's search is shortened by (a whole number >= 0)
    futility    a margin m >= 0, or None (off).  Futility pruning (Heinz 1998): at a node 1 or 2 plies
                above the horizon whose static value EVAL(s) is so bad for the player to move that
                EVAL(s) + m <= alpha (MAX; MIN: EVAL(s) - m >= beta), moves to quiet states (by
                ``quiescent``; every state if None) are skipped, and wins and non-quiet moves are still
                searched.  The skipped moves are listed in the node's closing 'prune' event and count
                as worth EVAL(s) ± m (a fail-soft bound outside the window)

    Move order, highest priority first: the ``first_moves`` move, the table's move, ``order``'s first
    choice (only when ``order`` is given: a domain heuristic's favourite outranks the learned ones;
    with ``beam`` it is the beam's best), the killers, then moves by history credit, then ``order``
    (else ``game.actions``) order.  With ``trace=True`` the events are those of
    :func:`gamelib.alphabeta`; a state the table decides is closed by a 'prune' event that skips all
    its actions (its value came from the table; read it against the window of its 'enter' event,
    like any fail-soft value).
    """
    if depth is None:
        raise ArgumentError("depth must be a whole number of plies >= 0, got None: "
                            "gamelib.limits.search always stops at a depth (gamelib.alphabeta searches "
                            "to the end of the game)")
    state, evaluate, rules = _check_options(
        game, state, depth=depth, evaluate=evaluate, table=table, killers=killers, history=history,
        first_moves=first_moves, quiescent=quiescent, quiescence_depth=quiescence_depth, beam=beam,
        prune_on_equality=prune_on_equality, order=order, alpha=alpha, beta=beta, trace=trace,
        name="search", null_move=null_move, null_reduction=null_reduction, futility=futility)
    depth = int(depth)                                     # numpy integers too
    with recursion_guard(game, "search", depth):
        return _search(game, state, depth=depth, evaluate=evaluate, rules=rules,
                       memory=_Memory.given(table, killers, history), first_moves=first_moves,
                       alpha=alpha, beta=beta, trace=trace)


class _Rules(NamedTuple):
    """How :func:`search` searches, checked once (:func:`_check_options`) and fixed for the whole
    call; :func:`iterative_deepening` hands the same rules to every iteration."""

    quiescent: Callable | None = None
    quiescence_depth: int = 4
    beam: int | None = None
    prune_on_equality: bool = True
    order: Callable | None = None
    null_move: Callable | None = None
    null_reduction: int = 2
    futility: float | None = None


class _Memory(NamedTuple):
    """What searches learn and can pass on to later searches: a transposition table, killer moves
    and history credits (each None when off)."""

    table: TranspositionTable | None = None
    killers: KillerMoves | None = None
    history: HistoryTable | None = None

    @classmethod
    def given(cls, table, killers, history) -> _Memory:
        """From the options as :func:`search` takes them: True (a fresh one), False/None (off) or
        an instance to use."""
        return cls(_option(table, TranspositionTable), _option(killers, KillerMoves),
                   _option(history, HistoryTable))


def _check_options(game, state, *, depth, evaluate, table, killers, history, first_moves, quiescent,
                   quiescence_depth, beam, prune_on_equality, order, alpha, beta, trace, name,
                   null_move=None, null_reduction=2, futility=None):
    """Everything :func:`search` and :func:`iterative_deepening` check before they start (nothing is
    changed before all of it has passed).  Returns ``(state, evaluate, rules)``: the state to search,
    ``evaluate`` wrapped so that what it returns is checked, and the :class:`_Rules` (with ``order``
    wrapped the same way)."""
    state, evaluate, _ = search_entry(game, state, depth, evaluate, None, trace, name)
    for option, value, kind in (("table", table, TranspositionTable), ("killers", killers, KillerMoves),
                                ("history", history, HistoryTable)):
        if not (value is None or isinstance(value, (bool, kind))):
            raise ArgumentError(f"{option} must be True (a fresh {kind.__name__}), False or None (off), or a "
                                f"{kind.__name__} to share, got {value!r}")
    if not (first_moves is None or isinstance(first_moves, (list, tuple, Mapping))):
        raise ArgumentError(f"first_moves must be a line of play (a list of actions), a mapping "
                            f"{{state: action}} or None, got {first_moves!r}")
    if quiescent is not None:
        function("quiescent", quiescent, "a function state -> bool (True if the state is quiet), or None")
    whole("quiescence_depth", quiescence_depth, 0, unit="plies")
    whole("beam", beam, 1, none=True, unit="moves")
    flag("prune_on_equality", prune_on_equality)
    if order is not None:
        order = checked_order(order)
    number("alpha", alpha, finite=False)
    number("beta", beta, finite=False)
    if not alpha <= beta:
        raise ArgumentError(f"the window needs alpha <= beta, got alpha={alpha!r}, beta={beta!r}")
    if null_move is not None:
        function("null_move", null_move, "a function state -> the same position with the other player "
                 "to move (a pass), or None")
    whole("null_reduction", null_reduction, 0, unit="plies")
    number("futility", futility, least=0, none=True, what="a margin, a finite number")
    return state, evaluate, _Rules(quiescent, quiescence_depth, beam, prune_on_equality, order,
                                   null_move, int(null_reduction), futility)


def _search(game, state, *, depth: int, evaluate: Callable, rules: _Rules, memory: _Memory,
            first_moves=None, alpha: float = -INF, beta: float = INF, trace: bool = False,
            deadline: float | None = None) -> LimitedResult:
    """:func:`search` on checked arguments (:func:`_check_options`), with the ``memory`` it reads and
    fills; raises :class:`OutOfTime` once ``time.perf_counter()`` passes ``deadline``.

    ``value`` is alpha-beta (AIMA Fig. 5.7) with the depth limit of Eq. 5.2, in five steps a node
    takes in turn: (1) the transposition table may decide the node or narrow its window, (2) forward
    pruning drops moves (``beam``), (3) the moves are put in the order to try them
    (:func:`_move_order`), (4) the children are searched, and a cut teaches the killers and the
    history (:func:`_learn_from_cut`), (5) the table stores what the node is now known to be worth.
    """
    table, killers, history = memory
    quiescent, quiescence_depth, beam, prune_on_equality, order = rules[:5]
    null_move, null_reduction, futility = rules[5:]
    reduced = 0            # plies taken off the depth by the null moves above the node searched now
    try_first = _as_map(game, state, first_moves)          # {state: move} along a line of play
    reorder = bool(try_first) or table is not None or killers is not None or history is not None
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result, clock = game.actions, game.result, time.perf_counter
    strict = not prune_on_equality
    nodes = horizon = 0    # horizon: uses of the depth limit (evaluations, beam drops, shallow entries)
    move = None
    line = {}              # line[ply]: the best line found below the node being searched at ply
    # The trace records an Event as the tuple of its fields (kind, state, depth, alpha, beta, value,
    # action, skipped), trailing defaults left out; readers get Events (gamelib.core.Trace).

    def value(s, alpha, beta, ply, action):
        nonlocal nodes, horizon, move, reduced
        nodes += 1
        if deadline is not None and not nodes & 1023 and clock() > deadline:
            raise OutOfTime(nodes)
        if log is not None:
            log.append(("enter", s, ply, alpha, beta, None, action))
        line[ply] = []
        if is_terminal(s):
            v = utility(s, MAX)
            if log is not None:
                log.append(("leaf", s, ply, alpha, beta, v))
            return v
        remaining = depth - ply - reduced                  # plies left; below 0 in quiescence search
        if remaining <= 0 and (quiescent is None or remaining <= -quiescence_depth or quiescent(s)):
            v, horizon = evaluate(s), horizon + 1          # H-MINIMAX's CUTOFF-TEST holds (Eq. 5.2)
            if log is not None:
                log.append(("leaf", s, ply, alpha, beta, v))
            return v
        player = to_move(s)
        acts = actions(s) if order is None else order(s, actions(s))
        if player != MAX and player != MIN:
            raise GameError(f"search does not handle {player} states (at {s!r}); "
                            "use expectiminimax for games of chance")
        alpha0, beta0, seen, hint = alpha, beta, horizon, None
        if table is not None:                              # (1) the transposition table
            if ply == 0:
                hint = table.best_move(s)                  # the root is never decided: it chooses a move
            else:
                v, alpha, beta, hint, entry = table._probe(s, remaining, alpha, beta)
                if entry is not None and entry.depth != INF:
                    horizon += 1
                if v is not None:                          # the table decides: an exact value or a cut
                    line[ply] = table.line(game, s, remaining)
                    if log is not None:
                        log.append(("prune", s, ply, alpha, beta, v, None, tuple(acts)))
                    return v
        dropped = ()
        if beam is not None:                               # (2) forward pruning
            acts, dropped = _beam(game, utility, evaluate, s, acts, width=beam, player=player)
            horizon += bool(dropped)
        if reorder:                                        # (3) move ordering
            acts = _move_order(acts, player=player, ply=ply, first=try_first.get(s) if try_first else None,
                               hint=hint, favourite=acts[0] if order is not None and acts else None,
                               killers=killers, history=history)
        maximizing, best, after = player == MAX, None, None
        if null_move is not None and ply > 0 and action is not NULL_MOVE \
                and remaining > null_reduction:            # (3a) null-move pruning
            reduced += null_reduction
            try:
                v = value(null_move(s), alpha, beta, ply + 1, NULL_MOVE)
            finally:
                reduced -= null_reduction
            if (v > beta or v == beta and not strict) if maximizing else (v < alpha or v == alpha and not strict):
                horizon += 1
                if log is not None:
                    log.append(("prune", s, ply, alpha, beta, v, None, tuple(acts) + dropped))
                return v
        v = -INF if maximizing else INF
        futile = None
        if futility is not None and ply > 0 and 0 < remaining <= 2:   # (3b) futility pruning
            static = evaluate(s)
            if maximizing and static + futility <= alpha:
                futile, v = [], static + futility
            elif not maximizing and static - futility >= beta:
                futile, v = [], static - futility
        for i, a in enumerate(acts):                       # (4) alpha-beta over the children
            child = result(s, a)
            if futile is not None and not is_terminal(child) and (quiescent is None or quiescent(child)):
                futile.append(a)
                continue
            v2 = value(child, alpha, beta, ply + 1, a)
            if (v2 > v) if maximizing else (v2 < v):
                v, best, after = v2, a, child
                line[ply] = [a] + line[ply + 1]
                if ply == 0:
                    move = a
                if maximizing and v > alpha:
                    alpha = v
                elif not maximizing and v < beta:
                    beta = v
            if (v > beta or v == beta and not strict) if maximizing else (v < alpha or v == alpha and not strict):
                if killers is not None or history is not None:
                    _learn_from_cut(a, player=player, ply=ply, remaining=remaining, killers=killers,
                                    history=history)
                if log is not None:                        # the moves not searched, for the trace
                    dropped = tuple(acts[i + 1:]) + dropped
                break
        if futile:
            horizon += 1
            dropped = dropped + tuple(futile)
        if table is not None:                              # (5) remember what s is worth
            failed_low = v <= alpha0 if maximizing else v >= beta0   # no best move, only bounds
            table._store(s, remaining if horizon > seen else INF, v, alpha0, beta0, best, failed_low, after)
        if log is not None:
            log.append(("prune", s, ply, alpha, beta, v, None, dropped) if dropped
                       else ("exit", s, ply, alpha, beta, v))
        return v

    with recording(trace) as log, collector_paused():     # the table's entries have no cycles
        root_value = value(state, alpha, beta, 0, None)
    return LimitedResult(root_value, move, nodes, log, line[0], horizon == 0)


def _beam(game, utility, evaluate, s, acts, *, width: int, player: str) -> tuple[list, tuple]:
    """Forward pruning (beam search, AIMA 4th ed. §5.3.3): ``(kept, dropped)``, the ``width`` moves
    of ``acts`` best for ``player`` by ``evaluate`` of the state each leads to (its ``utility`` if
    terminal), best first, and the rest."""
    def score(a):
        child = game.result(s, a)
        return utility(child, MAX) if game.is_terminal(child) else evaluate(child)
    ranked = sorted(acts, key=score, reverse=(player == MAX))
    return ranked[:width], tuple(ranked[width:])


def _move_order(acts, *, player: str, ply: int, first, hint, favourite, killers: KillerMoves | None,
                history: HistoryTable | None) -> Sequence:
    """The moves in the order to try them: ``first`` (the ``first_moves`` move here), ``hint`` (the
    table's best move), ``favourite`` (the first of ``acts`` when ``order=`` ordered them), the killers at
    ``ply``, then the rest by history credit, then as given.  When none of them would move anything
    (no killers, no history, no ``first``, and the table's move is already first or absent: most nodes
    of a search with only a table), ``acts`` itself comes back, not a copy.

    The favourite goes ahead of the killers and the history for the reason chess programs try good
    captures before killer moves: a domain heuristic's first choice is usually right, while a killer
    only worked in a sibling.  On Connect Four with centre first, letting killers and history push the
    centre aside made search evaluate 37 % more positions than centre-first alpha-beta at depth 10."""
    if killers is None and history is None and first is None and \
            (hint is None or hint == acts[0]) and (favourite is None or favourite == acts[0]):
        return acts
    if history is not None:
        acts = history.order(player, acts)
    return move_to_front(acts, (first, hint, favourite, *(killers.moves(ply) if killers is not None else ())))


def _learn_from_cut(move, *, player: str, ply: int, remaining: int, killers: KillerMoves | None,
                    history: HistoryTable | None) -> None:
    """``move`` caused a cutoff at ``ply``, ``remaining`` plies above the horizon: it becomes a
    killer move at that ply and earns ``player`` history credit (AIMA 4th ed. §5.2.4)."""
    if killers is not None:
        killers.record(ply, move)
    if history is not None:
        history.record(player, move, remaining)


def _option(given, make):
    """An option given as True (make a fresh one), False/None (off) or an instance to use."""
    if given is True:
        return make()
    return None if given is None or given is False else given


def _as_map(game, state, first_moves) -> dict:
    """``first_moves`` as {state: move}: a mapping as given, a line of play walked from ``state``."""
    if not first_moves:
        return {}
    if isinstance(first_moves, Mapping):
        return dict(first_moves)
    out, s = {}, state
    for a in first_moves:
        if game.is_terminal(s) or a not in game.actions(s):
            break
        out[s], s = a, game.result(s, a)
    return out


def iterative_deepening(game, state=None, *, evaluate: Callable, time_limit: float | None = None,
                        max_depth: int | None = None, table=True, killers=True, history=True,
                        quiescent: Callable | None = None, quiescence_depth: int = 4,
                        order: Callable | None = None, prune_on_equality: bool = True,
                        progress: bool = False, null_move: Callable | None = None,
                        null_reduction: int = 2, futility: float | None = None) -> DeepeningResult:
    """Iterative deepening (AIMA 4th ed. §5.3.2; seed 000 "Use iterative deepening for an anytime
    algorithm"): :func:`search` to depth 1, 2, 3, ... until ``time_limit`` seconds have passed, depth
    ``max_depth`` is done, or a depth is *solved* (it never reached its depth limit, so deeper
    searches would find the same).  Returns a :class:`DeepeningResult` with the value, action and
    principal variation of the deepest *completed* depth, its depth, and per-depth reports.

    The time limit is checked between iterations and inside them (every 1024 nodes); an iteration
    the clock interrupts is thrown away.  Depth 1 always completes, so there is always a move.  Each
    iteration tries the previous one's principal variation first, and ``table`` (True: one table for
    all iterations; False: none; or a :class:`~gamelib.transposition.TranspositionTable`), ``killers``
    and ``history`` carry what earlier iterations learned into later ones; ``order`` is a fixed base
    ordering as for :func:`search`; ``null_move``, ``null_reduction`` and ``futility`` as for
    :func:`search` (off by default).  ``progress=True`` shows a
    progress bar over the depths.  With neither limit, a game with cycles may never be solved.
    """
    from .progress import tqdm

    state, evaluate, rules = _check_options(
        game, state, depth=1, evaluate=evaluate, table=table, killers=killers, history=history,
        first_moves=None, quiescent=quiescent, quiescence_depth=quiescence_depth, beam=None,
        prune_on_equality=prune_on_equality, order=order, alpha=-INF, beta=INF, trace=False,
        name="iterative_deepening", null_move=null_move, null_reduction=null_reduction,
        futility=futility)
    max_depth = whole("max_depth", max_depth, 1, none=True)
    time_limit = number("time_limit", time_limit, least=0, finite=False, none=True,
                        what="a number of seconds")
    flag("progress", progress)
    if max_depth is None and time_limit in (None, INF) and getattr(game, "cyclic", False):
        raise SearchDepthError(f"iterative deepening on {game!r} needs time_limit= or max_depth=: its "
                               "positions can repeat (cycles), so no depth ever solves it and it would "
                               "deepen for ever")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    memory = _Memory.given(table, killers, history)        # one table, killers, history for all depths
    per_depth, nodes, best, stopped = [], 0, None, None
    with tqdm(total=max_depth, desc="iterative deepening", unit="depth", disable=not progress) as bar:
        depth = 0
        while stopped is None:
            depth += 1
            if max_depth is not None and depth > max_depth:
                stopped = "max_depth"
                break
            if best is not None and deadline is not None and time.perf_counter() >= deadline:
                stopped = "time"
                break
            t0 = time.perf_counter()
            try:
                with recursion_guard(game, "iterative_deepening", depth):
                    r = _search(game, state, depth=depth, evaluate=evaluate, rules=rules, memory=memory,
                                first_moves=best.pv if best is not None else None,
                                deadline=deadline if best is not None else None)
            except OutOfTime as out:
                nodes += out.nodes
                stopped = "time"
                break
            nodes += r.nodes
            per_depth.append(DepthReport(depth, r.value, r.action, r.nodes, time.perf_counter() - t0))
            best = r
            bar.update(1)
            bar.set_postfix(value=r.value, move=r.action, nodes=nodes)
            if r.solved:
                stopped = "solved"
    return DeepeningResult(best.value, best.action, nodes, per_depth[-1].depth, best.pv, per_depth,
                           time.perf_counter() - start, stopped, memory.table)
