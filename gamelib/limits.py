"""Search under resource limits (AIMA 4th ed. §5.3 "Heuristic alpha-beta tree search", 3rd ed. §5.4
"Imperfect real-time decisions"; the Purdue slides, "Resource limits"; Zell's slides §5.3-5.4).

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

The options are keywords of :func:`search` and :func:`iterative_deepening`, each a named departure
from alpha-beta (Fig. 5.7) to a depth, off by default (``search(game, depth=6, evaluate=e, table=True,
killers=True, history=True, null_move=pass_turn)``).  The first five only order (or skip) work, the rest
(with ``quiescence_depth`` and ``null_reduction``) can change the value.  (The option groups
:class:`Ordering` and :class:`Pruning` of earlier versions, passed as ``ordering=``/``pruning=``, still work for
one release, with a :class:`DeprecationWarning`.)

The ordering options only reorder or skip work that cannot matter, so alpha-beta's value is
unchanged (move ordering never changes alpha-beta's value; a table entry is used only where its bound
decides the question).  One caveat: an entry searched *deeper* than now asked stands in for the
shallower search (it knows more), so a table shared with an earlier, deeper search can give a
different -- better informed -- value than plain alpha-beta at the shallower depth.  Searches that
only ever go deeper, like iterative deepening in a game where a state's ply is fixed (tic-tac-toe,
Connect Four), never meet such an entry.  :func:`iterative_deepening` searches depth 1, 2, 3, ...
until time runs out, an *anytime* algorithm: it always has the best move of the deepest completed
depth, and each iteration orders the next one.  With every option off (the defaults), :func:`search`
is :func:`gamelib.alphabeta` to the same depth, node for node and event for event.
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .core import INF, MAX, MIN, ArgumentError, GameError, SearchDepthError, SearchResult
from .ordering import HistoryTable, KillerMoves, move_to_front
from .trace import Event, collector_paused, recording
from .transposition import TranspositionTable
from .validate import (checked_order, checked_utility, flag, function, no_moves, number, recursion_guard, renamed,
                       search_entry, whole)


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
    """What :func:`iterative_deepening` returns: :class:`~gamelib.core.SearchResult`'s four fields, then
    the rest.

    value, action, pv   those of the deepest completed iteration
    nodes               nodes visited by all iterations, the interrupted one included (the work done)
    trace               the deepest completed iteration's trace: None (the iterations run untraced)
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
    trace: list[Event] | None
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


# --- the option groups of issue 24: one release more, deprecated ----------------------------------

class Ordering(NamedTuple):
    """Deprecated (the options are given one way, as keywords): :func:`search`'s move-ordering
    keywords as one object.  ``search(..., ordering=Ordering(table=True))`` still works for one release,
    with a :class:`DeprecationWarning`: write ``search(..., table=True)``.  Presets: ``Ordering.NONE``
    (all off), ``Ordering.ALL`` (a table, killers and history)."""

    table: TranspositionTable | bool | None = None
    killers: KillerMoves | bool | None = False
    history: HistoryTable | bool | None = False
    first_moves: Sequence | Mapping | None = None
    order: Callable | None = None


Ordering.NONE = Ordering()
Ordering.ALL = Ordering(table=True, killers=True, history=True)


class Pruning(NamedTuple):
    """Deprecated, as :class:`Ordering`: :func:`search`'s pruning keywords as one object;
    ``pruning=Pruning(beam=3)`` still works for one release: write ``beam=3``.  Preset: ``Pruning.NONE``."""

    quiescent: Callable | None = None
    quiescence_depth: int = 4
    beam: int | None = None
    null_move: Callable | None = None
    null_reduction: int = 2
    futility: float | None = None


Pruning.NONE = Pruning()

_OLD_GROUPS = {"ordering": Ordering._fields, "pruning": Pruning._fields}
"""``ordering=Ordering(...)``, ``pruning=Pruning(...)``: read as the keywords they hold, with a warning."""


# --- the searches ---------------------------------------------------------------------------------

@renamed(**_OLD_GROUPS)
def search(game, state=None, *, depth: int, evaluate: Callable,
           table: TranspositionTable | bool | None = None, killers: KillerMoves | bool | None = False,
           history: HistoryTable | bool | None = False, first_moves: Sequence | Mapping | None = None,
           order: Callable | None = None, quiescent: Callable | None = None, quiescence_depth: int = 4,
           beam: int | None = None, null_move: Callable | None = None, null_reduction: int = 2,
           futility: float | None = None, prune_on_equality: bool = True, alpha: float = -INF,
           beta: float = INF, trace: bool = False) -> LimitedResult:
    """Depth-limited alpha-beta (AIMA Fig. 5.7 with the cutoff test of Eq. 5.2), with the departures from it
    its keywords name, each off by default.  Returns a :class:`LimitedResult` (value for MAX, best action
    at ``state``, nodes entered, trace, principal variation, solved).

    depth       plies to search before evaluating (a whole number >= 0)
    evaluate    state -> estimated utility for MAX, for the states where the search stops
    alpha, beta the window to search ``state`` with (fail-soft: a value ≤ alpha is an upper bound, a
                value ≥ beta a lower bound, anything between exact)
    prune_on_equality, trace   as for :func:`gamelib.alphabeta`

    Move ordering (AIMA 4th ed. §5.2.4; Zell's slides: "Best moves are called killer moves"): alpha-beta
    tries ``game.actions`` in order; these reorder the moves, or (the table) skip a state whose value is
    already proven, and none changes alpha-beta's value.

    table        a :class:`~gamelib.transposition.TranspositionTable` to read and fill (shared with
                 later searches), True (a fresh one per call), or None/False (off).  A state the table
                 decides is not searched again (its value came from the table), and a stored bound
                 narrows the window.  Never used to cut at the searched state itself, so the root
                 always has an action, chosen as alphabeta chooses it.  Caveat: an entry searched
                 *deeper* than now asked stands in for the shallower search (module docstring)
    killers      True (a fresh :class:`~gamelib.ordering.KillerMoves`), an instance to share, or
                 False/None: the moves that cut at the same ply elsewhere are tried early
    history      True (a fresh :class:`~gamelib.ordering.HistoryTable`), an instance to share, or
                 False/None: moves are tried by the credit their cutoffs earned (Schaeffer 1989)
    first_moves  a line of play from the searched state (a list of actions) whose moves are tried first
                 along its path, or a mapping {state: action}, or None
    order        ``order(state, actions)`` -> the same actions in the order to try them, applied first
                 (the heuristics above then move their favourites to the front), as for
                 :func:`gamelib.alphabeta`; None: ``game.actions`` order

    Move order, highest priority first: the ``first_moves`` move, the table's move, ``order``'s first
    choice (only when ``order`` is given: a domain heuristic's favourite outranks the learned ones;
    with ``beam`` it is the beam's best), the killers, then moves by history credit, then ``order``
    (else ``game.actions``) order (:func:`_move_order`).

    Pruning (AIMA 4th ed. §5.3.2 "Cutting off search", §5.3.3 "Forward pruning"; Zell's slides §5.7):
    where the search departs from alpha-beta's value to spend its budget better; each can change it.

    quiescent         state -> bool, True if the state is quiet, or None (every state is quiet).  At the
                      depth limit a state that is not quiet is searched on (all its moves) for up to
                      ``quiescence_depth`` more plies (a whole number >= 0, default 4) before it is
                      evaluated.  It fights the horizon effect (§5.3.2)
    beam              n, or None: only the n best moves at each node are searched, ranked by
                      ``evaluate`` of the state they lead to (utility if terminal), best for the player
                      to move first (beam search, §5.3.3).  Dropped moves are listed as ``skipped`` in
                      the node's closing 'prune' event.  Can lose the best move
    null_move         ``null_move(state)`` -> the same position with the other player to move (a pass;
                      e.g. :func:`gamelib.games.connect4.null_move`), or None.  Null-move pruning (Beal
                      1989; Zell's slides §5.7, "the opponent moves twice"): at a node below the root with
                      more than ``null_reduction`` plies left (R, a whole number >= 0, default 2), not
                      reached by a pass, the player to move passes first and the pass is searched, with
                      the node's window, ``1 + null_reduction`` plies shallower.  If the opponent cannot
                      bring the value back into the window even with two moves in a row (MAX: value >=
                      beta, MIN: value <= alpha, on equality as ``prune_on_equality`` says), the node is
                      cut with that value, none of its moves searched.  The pass appears in the trace as
                      a child entered with action :data:`NULL_MOVE`.  Wrong in zugzwang, where passing
                      would be the best move
    futility          a margin m >= 0, or None.  Futility pruning (Heinz 1998): at a node 1 or 2 plies
                      above the horizon whose static value EVAL(s) is so bad for the player to move that
                      EVAL(s) + m <= alpha (MAX; MIN: EVAL(s) - m >= beta), moves to quiet states (by
                      ``quiescent``; every state if None) are skipped; wins and non-quiet moves are still
                      searched.  The skipped moves are listed in the node's closing 'prune' event and
                      count as worth EVAL(s) ± m (a fail-soft bound outside the window).  Can miss a
                      quiet saving move

    With ``trace=True`` the events are those of :func:`gamelib.alphabeta`; a state the table decides
    is closed by a 'prune' event that skips all its actions (its value came from the table; read it
    against the window of its 'enter' event, like any fail-soft value).
    """
    if depth is None:
        raise ArgumentError("depth must be a whole number of plies >= 0, got None: "
                            "gamelib.limits.search always stops at a depth (gamelib.alphabeta searches "
                            "to the end of the game)")
    options = dict(table=table, killers=killers, history=history, first_moves=first_moves, order=order,
                   quiescent=quiescent, quiescence_depth=quiescence_depth, beam=beam, null_move=null_move,
                   null_reduction=null_reduction, futility=futility)
    state, evaluate, options = _check_options(
        game, state, depth=depth, evaluate=evaluate, options=options, prune_on_equality=prune_on_equality,
        alpha=alpha, beta=beta, trace=trace, name="search")
    depth = int(depth)                                     # numpy integers too
    with recursion_guard(game, "search", depth, frames_per_ply=2):
        return _search(game, state, depth=depth, evaluate=evaluate, **_fresh(options),
                       prune_on_equality=prune_on_equality, alpha=alpha, beta=beta, trace=trace)


@renamed(**_OLD_GROUPS)
def iterative_deepening(game, state=None, *, evaluate: Callable, time_limit: float | None = None,
                        max_depth: int | None = None, table: TranspositionTable | bool | None = True,
                        killers: KillerMoves | bool | None = True, history: HistoryTable | bool | None = True,
                        first_moves: None = None, order: Callable | None = None,
                        quiescent: Callable | None = None, quiescence_depth: int = 4, beam: int | None = None,
                        null_move: Callable | None = None, null_reduction: int = 2,
                        futility: float | None = None, prune_on_equality: bool = True,
                        progress: bool = False) -> DeepeningResult:
    """Iterative deepening (AIMA 4th ed. §5.3.2; the Purdue slides: "Use iterative deepening for an anytime
    algorithm"): :func:`search` to depth 1, 2, 3, ... until ``time_limit`` seconds have passed, depth
    ``max_depth`` is done, or a depth is *solved* (it never reached its depth limit, so deeper
    searches would find the same).  Returns a :class:`DeepeningResult` with the value, action and
    principal variation of the deepest *completed* depth, its depth, and per-depth reports.

    The time limit is checked between iterations and inside them (every 1024 nodes); an iteration
    the clock interrupts is thrown away.  Depth 1 always completes, so there is always a move.  Each
    iteration tries the previous one's principal variation first (so ``first_moves`` is not an option
    here), and the table, killers and history (all on by default: True makes one of each for all
    iterations) carry what earlier iterations learned into later ones.  The other options as for
    :func:`search`.  ``progress=True`` shows a progress bar over the depths.  With neither limit, a
    game with cycles may never be solved.
    """
    from .progress import tqdm

    if first_moves is not None:
        raise ArgumentError(f"iterative_deepening chooses its own first_moves (each iteration tries the last "
                            f"one's principal variation first), got first_moves={first_moves!r}")
    options = dict(table=table, killers=killers, history=history, first_moves=None, order=order,
                   quiescent=quiescent, quiescence_depth=quiescence_depth, beam=beam, null_move=null_move,
                   null_reduction=null_reduction, futility=futility)
    state, evaluate, options = _check_options(
        game, state, depth=1, evaluate=evaluate, options=options, prune_on_equality=prune_on_equality,
        alpha=-INF, beta=INF, trace=False, name="iterative_deepening")
    max_depth, time_limit = _check_budget(game, max_depth, time_limit, progress)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    options = _fresh(options)                              # one table, killers, history for all depths
    per_depth, nodes, best, stopped = [], 0, None, None
    iterations = _deepen(game, state, evaluate=evaluate, options=options, prune_on_equality=prune_on_equality,
                         deadline=deadline)
    with tqdm(total=max_depth, desc="iterative deepening", unit="depth", disable=not progress) as bar:
        while stopped is None:
            try:
                depth, best, seconds = next(iterations)
            except OutOfTime as out:                      # the iteration is thrown away, its work counted
                nodes += out.nodes
                stopped = "time"
                break
            nodes += best.nodes
            per_depth.append(DepthReport(depth, best.value, best.action, best.nodes, seconds))
            bar.update(1)
            bar.set_postfix(value=best.value, move=best.action, nodes=nodes)
            stopped = ("solved" if best.solved else "max_depth" if depth == max_depth
                       else "time" if deadline is not None and time.perf_counter() >= deadline else None)
    return DeepeningResult(best.value, best.action, nodes, best.trace, per_depth[-1].depth, best.pv, per_depth,
                           time.perf_counter() - start, stopped, options["table"])


def _deepen(game, state, *, evaluate, options: dict, prune_on_equality: bool, deadline: float | None):
    """Iterative deepening as a generator, as Sunfish writes it: :func:`_search` to depth 1, 2, 3, ...,
    each iteration trying the last one's principal variation first and sharing the table, killers and
    history of ``options``, yielding ``(depth, LimitedResult, seconds)`` per completed depth; the caller
    decides when to stop.  Depth 1 runs without the deadline (there is always a move); a later
    iteration the deadline interrupts raises :class:`OutOfTime` out of ``next``."""
    best = None
    for depth in itertools.count(1):
        t0 = time.perf_counter()
        with recursion_guard(game, "iterative_deepening", depth, frames_per_ply=2):
            best = _search(game, state, depth=depth, evaluate=evaluate,
                           **{**options, "first_moves": best.pv if best is not None else None},
                           prune_on_equality=prune_on_equality, deadline=deadline if best is not None else None)
        yield depth, best, time.perf_counter() - t0


# --- checking the options, once, before anything changes ------------------------------------------

def _check_options(game, state, *, depth, evaluate, options: dict, prune_on_equality, alpha, beta, trace, name):
    """Everything :func:`search` and :func:`iterative_deepening` check before they start (nothing is
    changed before all of it has passed).  Returns ``(state, evaluate, options)``: the state to search,
    ``evaluate`` wrapped so that what it returns is checked, and the options checked (``order`` wrapped
    the same way, ``null_reduction`` an int)."""
    state, evaluate, _ = search_entry(game, state, depth, evaluate, None, trace, name)
    for option, kind in (("table", TranspositionTable), ("killers", KillerMoves), ("history", HistoryTable)):
        value = options[option]
        if not (value is None or isinstance(value, (bool, kind))):
            raise ArgumentError(f"{option} must be True (a fresh {kind.__name__}), False or None (off), or a "
                                f"{kind.__name__} to share, got {value!r}")
    first_moves = options["first_moves"]
    if not (first_moves is None or isinstance(first_moves, (list, tuple, Mapping))):
        raise ArgumentError(f"first_moves must be a line of play (a list of actions), a mapping "
                            f"{{state: action}} or None, got {first_moves!r}")
    flag("prune_on_equality", prune_on_equality)
    number("alpha", alpha, finite=False)
    number("beta", beta, finite=False)
    if not alpha <= beta:
        raise ArgumentError(f"the window needs alpha <= beta, got alpha={alpha!r}, beta={beta!r}")
    if options["quiescent"] is not None:
        function("quiescent", options["quiescent"], "a function state -> bool (True if the state is quiet), "
                 "or None")
    whole("quiescence_depth", options["quiescence_depth"], 0, unit="plies")
    whole("beam", options["beam"], 1, none=True, unit="moves")
    if options["null_move"] is not None:
        function("null_move", options["null_move"], "a function state -> the same position with the other "
                 "player to move (a pass), or None")
    whole("null_reduction", options["null_reduction"], 0, unit="plies")
    number("futility", options["futility"], least=0, none=True, what="a margin, a finite number")
    order = options["order"]
    return state, evaluate, {**options, "order": None if order is None else checked_order(order),
                             "null_reduction": int(options["null_reduction"])}


def _check_budget(game, max_depth, time_limit, progress) -> tuple[int | None, float | None]:
    """The checks of :func:`iterative_deepening`'s budget: ``(max_depth, time_limit)``, both None or
    checked; a game with cycles needs one of them."""
    max_depth = whole("max_depth", max_depth, 1, none=True)
    time_limit = number("time_limit", time_limit, least=0, finite=False, none=True,
                        what="a number of seconds")
    flag("progress", progress)
    if max_depth is None and time_limit in (None, INF) and getattr(game, "cyclic", False):
        raise SearchDepthError(f"iterative deepening on {game!r} needs time_limit= or max_depth=: its "
                               "positions can repeat (cycles), so no depth ever solves it and it would "
                               "deepen for ever")
    return max_depth, time_limit


def _fresh(options: dict) -> dict:
    """``options`` with the table, killers and history as the search uses them: True made a fresh
    instance, False/None made None, an instance kept (to read and fill)."""
    return {**options, "table": _option(options["table"], TranspositionTable),
            "killers": _option(options["killers"], KillerMoves), "history": _option(options["history"], HistoryTable)}


def _option(given, make):
    """An option given as True (make a fresh one), False/None (off) or an instance to use."""
    if given is True:
        return make()
    return None if given is None or given is False else given


# --- the engine -----------------------------------------------------------------------------------

def _search(game, state, *, depth: int, evaluate: Callable, table, killers, history, first_moves, order,  # noqa: C901 - Fig. 5.7's engine; its steps are closures, for speed
            quiescent, quiescence_depth, beam, null_move, null_reduction, futility,
            prune_on_equality: bool = True, alpha: float = -INF, beta: float = INF, trace: bool = False,
            deadline: float | None = None) -> LimitedResult:
    """:func:`search` on checked options (:func:`_check_options`), the table, killers and history
    instances or None (:func:`_fresh`), which it reads and fills; raises :class:`OutOfTime` once
    ``time.perf_counter()`` passes ``deadline``.

    It is ALPHA-BETA-SEARCH (AIMA Fig. 5.7) to a depth (H-MINIMAX's cutoff test, Eq. 5.2), with one hook
    for each option, each a named step, skipped when its option is off::

        value(s, α, β):                          (enter s)
            if IS-TERMINAL(s) then return UTILITY(s, MAX)
            if CUTOFF-TEST(s) then return EVAL(s)          (``quiescent``: only once s is quiet)
            (1)  the transposition table may decide s, or narrow (α, β) with a stored bound
            (2)  beam: :func:`_beam` keeps the best moves only
            (3)  :func:`_move_order` puts the moves in the order to try them
            (3a) null move: ``null_move_cut``, a pass searched shallower, may cut s at once
            (3b) futility: :func:`_futility_bound`: s is so far below its window that its quiet
                 moves (:func:`_quiet`) will be skipped
            return MAX-VALUE(s, α, β) or MIN-VALUE(s, α, β)

        max_value(s, α, β):                      (Fig. 5.7's MAX-VALUE; min_value is its mirror)
            v ← −∞                               (3b: or the futile node's bound)
            for each a in the moves do           (3b: a futile node skips its quiet moves)
                v2 ← value(RESULT(s, a), α, β)
                if v2 > v then v, move ← v2, a;  α ← MAX(α, v)
                if v ≥ β then (4) a teaches the killers and the history (:func:`_learn_from_cut`); stop
            (5)  the table stores what s is now known to be worth
            return v

    The trace closes each node with 'leaf', 'exit' or 'prune' (the moves a cut, beam, futility or the
    table skipped).  With every option off only Fig. 5.7's lines run, and the search visits exactly
    what :func:`gamelib.alphabeta` visits.

    Speed: the steps every node takes with the options on (1, the loops, 5) are written in place in
    closures over the search's state (the fastest variables CPython has): a call costs a few hundred
    instructions (counted with valgrind's cachegrind).  ``value`` calling a half is the one call a node
    adds to Fig. 5.7's recursion; keeping principal variations in tuples pays for it.
    """
    try_first = _as_map(game, state, first_moves)          # {state: move} along a line of play
    reorder = bool(try_first) or table is not None or killers is not None or history is not None
    learns = killers is not None or history is not None
    is_terminal, utility, to_move = game.is_terminal, checked_utility(game), game.to_move
    actions, result, clock = game.actions, game.result, time.perf_counter
    strict = not prune_on_equality
    nodes = horizon = 0    # horizon: uses of the depth limit (evaluations, beam drops, shallow entries)
    reduced = 0            # plies taken off the depth by the null moves above the node searched now
    line = {}              # line[ply]: the best line found below the node being searched at ply

    # The trace: one Event(kind, state, depth, alpha, beta, value, action, skipped) a step, its fields
    # given by position (keywords would make a traced search a sixth slower).
    def value(s, alpha, beta, ply, action):  # noqa: C901 - Fig. 5.7's engine; its steps are closures, for speed
        """The value of ``s`` for MAX in the window (alpha, beta), fail-soft; ``action`` led to it."""
        nonlocal nodes, horizon
        nodes += 1
        if deadline is not None and not nodes & 1023 and clock() > deadline:
            raise OutOfTime(nodes)
        if log is not None:
            log.append(Event("enter", s, ply, alpha, beta, None, action))
        line[ply] = ()
        remaining = depth - ply - reduced                  # plies left; below 0 in quiescence search
        if is_terminal(s):
            v = utility(s, MAX)
        elif remaining <= 0 and (quiescent is None or remaining <= -quiescence_depth or quiescent(s)):
            v, horizon = evaluate(s), horizon + 1          # H-MINIMAX's CUTOFF-TEST holds (Eq. 5.2)
        else:
            player = to_move(s)
            if player != MAX and player != MIN:
                raise GameError(f"search does not handle {player} states (at {s!r}); "
                                "use expectiminimax for games of chance")
            acts = actions(s) if order is None else order(s, actions(s))
            if not acts:
                raise no_moves(game, s)
            hint, dropped = None, ()
            entered = (alpha, beta, horizon) if table is not None else None   # for (5)
            if table is not None:                          # (1) the transposition table
                v, alpha, beta, hint, entry = table.probe_unchecked(s, remaining, alpha, beta) if ply \
                    else (None, alpha, beta, table.best_move(s), None)   # the root must choose a move
                if entry is not None and entry.depth != INF:
                    horizon += 1
                if v is not None:                          # the table decides: an exact value or a cut
                    line[ply] = tuple(table.line(game, s, remaining))
                    if log is not None:
                        log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(acts)))
                    return v
            if beam is not None:                           # (2) forward pruning: beam
                acts, dropped = _beam(game, utility, evaluate, s, acts, width=beam, player=player)
                horizon += bool(dropped)
            if reorder:                                    # (3) move ordering
                acts = _move_order(acts, player=player, ply=ply, first=try_first.get(s) if try_first else None,
                                   hint=hint, favourite=acts[0] if order is not None and acts else None,
                                   killers=killers, history=history)
            if null_move is not None and ply > 0 and action is not NULL_MOVE and remaining > null_reduction:
                v = null_move_cut(s, alpha, beta, ply, player, acts, dropped)   # (3a) null move
                if v is not None:
                    return v
            v, futile = -INF if player == MAX else INF, None
            if futility is not None and ply > 0 and 0 < remaining <= 2:
                v, futile = _futility_bound(evaluate(s), futility, alpha, beta, player, v)   # (3b) futility
            return (max_value if player == MAX else min_value)(                 # (4) and (5)
                s, acts, v, alpha, beta, ply, remaining, futile, dropped, entered)
        if log is not None:
            log.append(Event("leaf", s, ply, alpha, beta, v))
        return v

    def max_value(s, acts, v, alpha, beta, ply, remaining, futile, dropped, entered):
        """MAX-VALUE (Fig. 5.7) over ``acts``, from ``v``, then (5): the node's value.  A futile move
        (3b) is skipped into ``futile``; ``dropped``: the moves beam dropped, for the trace;
        ``entered``: the window ``s`` came with and the uses of the depth limit before it (with a table)."""
        nonlocal horizon
        best = after = None
        for i, a in enumerate(acts):
            child = result(s, a)
            if futile is not None and _quiet(is_terminal, quiescent, child):
                futile.append(a)
                continue
            v2 = value(child, alpha, beta, ply + 1, a)
            if v2 > v:
                v, best, after = v2, a, child
                line[ply] = (a,) + line[ply + 1]
                if v > alpha:
                    alpha = v
            if v > beta or v == beta and not strict:       # MIN above has a better choice: cut
                if learns:
                    _learn_from_cut(a, player=MAX, ply=ply, remaining=remaining, killers=killers, history=history)
                if log is not None:                        # the moves not searched, for the trace
                    dropped = tuple(acts[i + 1:]) + dropped
                break
        if futile:
            horizon += 1
            dropped += tuple(futile)
        if table is not None:                              # (5) remember what s is worth
            alpha0, beta0, seen = entered
            table.store_unchecked(s, remaining if horizon > seen else INF, v, alpha0, beta0, best, v <= alpha0, after)
        if log is not None:
            log.append(Event("prune", s, ply, alpha, beta, v, None, dropped) if dropped
                       else Event("exit", s, ply, alpha, beta, v))
        return v

    def min_value(s, acts, v, alpha, beta, ply, remaining, futile, dropped, entered):
        """MIN-VALUE, :func:`max_value`'s mirror."""
        nonlocal horizon
        best = after = None
        for i, a in enumerate(acts):
            child = result(s, a)
            if futile is not None and _quiet(is_terminal, quiescent, child):
                futile.append(a)
                continue
            v2 = value(child, alpha, beta, ply + 1, a)
            if v2 < v:
                v, best, after = v2, a, child
                line[ply] = (a,) + line[ply + 1]
                if v < beta:
                    beta = v
            if v < alpha or v == alpha and not strict:     # MAX above has a better choice: cut
                if learns:
                    _learn_from_cut(a, player=MIN, ply=ply, remaining=remaining, killers=killers, history=history)
                if log is not None:                        # the moves not searched, for the trace
                    dropped = tuple(acts[i + 1:]) + dropped
                break
        if futile:
            horizon += 1
            dropped += tuple(futile)
        if table is not None:                              # (5) remember what s is worth
            alpha0, beta0, seen = entered
            table.store_unchecked(s, remaining if horizon > seen else INF, v, alpha0, beta0, best, v >= beta0, after)
        if log is not None:
            log.append(Event("prune", s, ply, alpha, beta, v, None, dropped) if dropped
                       else Event("exit", s, ply, alpha, beta, v))
        return v

    def null_move_cut(s, alpha, beta, ply, player, acts, dropped):
        """(3a) Null-move pruning (Beal 1989): the player to move passes, and the pass is searched
        ``null_reduction`` plies shallower in the node's window.  Its value if that still cuts (the
        node is closed with it, every move skipped), else None."""
        nonlocal reduced, horizon
        reduced += null_reduction
        try:
            v = value(null_move(s), alpha, beta, ply + 1, NULL_MOVE)
        finally:
            reduced -= null_reduction
        if not ((v > beta or v == beta and not strict) if player == MAX else (v < alpha or v == alpha and not strict)):
            return None
        horizon += 1
        if log is not None:
            log.append(Event("prune", s, ply, alpha, beta, v, None, tuple(acts) + dropped))
        return v

    with recording(trace) as log, collector_paused():     # the table's entries have no cycles
        root_value = value(state, alpha, beta, 0, None)
    return LimitedResult(root_value, line[0][0] if line[0] else None, nodes, log, list(line[0]), horizon == 0)


def _futility_bound(static, margin, alpha, beta, player, v) -> tuple:
    """Futility pruning (Heinz 1998) at a node whose static value is ``static``: ``(static + margin, [])``
    if even that is <= alpha (MAX; MIN: ``(static - margin, [])`` if >= beta): the node's value starts
    there and its quiet moves will be skipped into the list; else ``(v, None)``."""
    if player == MAX and static + margin <= alpha:
        return static + margin, []
    if player == MIN and static - margin >= beta:
        return static - margin, []
    return v, None


def _quiet(is_terminal, quiescent, child) -> bool:
    """A move to ``child`` that futility pruning may skip: not to a terminal state, and quiet."""
    return not is_terminal(child) and (quiescent is None or quiescent(child))


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
