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

:func:`search` is alpha-beta (Fig. 5.7) to a depth plus these named departures from it, in two
groups, as OpenSpiel presents CFR's variants (one base, named flags, each departure said aloud): the
first five are the fields of :class:`Ordering`, the rest (with ``quiescence_depth`` and
``null_reduction``) those of :class:`Pruning`.  Give them as objects (``search(game, depth=6,
evaluate=e, ordering=Ordering.ALL, pruning=Pruning(null_move=pass_turn))``) or, as shorthand, as
keywords of the same names (``search(game, depth=6, evaluate=e, table=True, killers=True,
history=True, null_move=pass_turn)``); a keyword given overrides that field of the object.

The :class:`Ordering` options only reorder or skip work that cannot matter, so alpha-beta's value is
unchanged (move ordering never changes alpha-beta's value; a table entry is used only where its bound
decides the question).  One caveat: an entry searched *deeper* than now asked stands in for the
shallower search (it knows more), so a table shared with an earlier, deeper search can give a
different -- better informed -- value than plain alpha-beta at the shallower depth.  Searches that
only ever go deeper, like iterative deepening in a game where a state's ply is fixed (tic-tac-toe,
Connect Four), never meet such an entry.  :func:`iterative_deepening` searches depth 1, 2, 3, ...
until time runs out, an *anytime* algorithm: it always has the best move of the deepest completed
depth, and each iteration orders the next one.  With every option off (``Ordering.NONE``,
``Pruning.NONE``), :func:`search` is :func:`gamelib.alphabeta` to the same depth, node for node and
event for event.
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


# --- the two option groups ------------------------------------------------------------------------

class Ordering(NamedTuple):
    """How :func:`search` orders the moves it tries (AIMA 4th ed. §5.2.4 "Move ordering"; Zell's slides: "Best
    moves are called killer moves").  Alpha-beta (Fig. 5.7) tries ``game.actions`` in order; each field
    is a departure from that, off by default, and none changes alpha-beta's value: they reorder the
    moves, or (the table) skip a state whose value is already proven.

    table        a :class:`~gamelib.transposition.TranspositionTable` to read and fill (shared with
                 later searches), True (a fresh one per call), or None/False (off).  Departures: a state
                 the table decides is not searched again (its value came from the table), and a stored
                 bound narrows the window.  Never used to cut at the searched state itself, so the root
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

    Presets: ``Ordering.NONE`` (alpha-beta's own order, :func:`search`'s default) and ``Ordering.ALL``
    (a table, killers and history: :func:`iterative_deepening`'s default).
    """

    table: TranspositionTable | bool | None = None
    killers: KillerMoves | bool | None = False
    history: HistoryTable | bool | None = False
    first_moves: Sequence | Mapping | None = None
    order: Callable | None = None


Ordering.NONE = Ordering()
Ordering.ALL = Ordering(table=True, killers=True, history=True)


class Pruning(NamedTuple):
    """Where :func:`search` departs from alpha-beta's value to spend its budget better (AIMA 4th ed.
    §5.3.2 "Cutting off search", §5.3.3 "Forward pruning"; Zell's slides §5.7).  Each field is a named
    departure from H-MINIMAX's alpha-beta, off by default; each can change the value, said here:

    quiescent         state -> bool, True if the state is quiet, or None (every state is quiet).  At the
                      depth limit a state that is not quiet is searched on (all its moves) for up to
                      ``quiescence_depth`` more plies (a whole number >= 0) before it is evaluated.
                      Changes the value: it fights the horizon effect (§5.3.2)
    quiescence_depth  (default 4) the most plies quiescence search goes past the depth limit
    beam              n, or None: only the n best moves at each node are searched, ranked by
                      ``evaluate`` of the state they lead to (utility if terminal), best for the player
                      to move first (beam search, §5.3.3).  Dropped moves are listed as ``skipped`` in
                      the node's closing 'prune' event.  Can lose the best move
    null_move         ``null_move(state)`` -> the same position with the other player to move (a pass;
                      e.g. :func:`gamelib.games.connect4.null_move`), or None.  Null-move pruning (Beal
                      1989; Zell's slides §5.7, "the opponent moves twice"): at a node below the root with
                      more than ``null_reduction`` plies left, not reached by a pass, the player to move
                      passes first and the pass is searched, with the node's window, ``1 +
                      null_reduction`` plies shallower.  If the opponent cannot bring the value back into
                      the window even with two moves in a row (MAX: value >= beta, MIN: value <= alpha,
                      on equality as ``prune_on_equality`` says), the node is cut with that value, none
                      of its moves searched.  The pass appears in the trace as a child entered with
                      action :data:`NULL_MOVE`.  Wrong in zugzwang, where passing would be the best move
    null_reduction    R, the extra plies the pass's search is shortened by (a whole number >= 0)
    futility          a margin m >= 0, or None.  Futility pruning (Heinz 1998): at a node 1 or 2 plies
                      above the horizon whose static value EVAL(s) is so bad for the player to move that
                      EVAL(s) + m <= alpha (MAX; MIN: EVAL(s) - m >= beta), moves to quiet states (by
                      ``quiescent``; every state if None) are skipped; wins and non-quiet moves are still
                      searched.  The skipped moves are listed in the node's closing 'prune' event and
                      count as worth EVAL(s) ± m (a fail-soft bound outside the window).  Can miss a
                      quiet saving move

    Preset: ``Pruning.NONE`` (none of them: alpha-beta to the depth limit, :func:`search`'s default).
    """

    quiescent: Callable | None = None
    quiescence_depth: int = 4
    beam: int | None = None
    null_move: Callable | None = None
    null_reduction: int = 2
    futility: float | None = None


Pruning.NONE = Pruning()


# --- the searches ---------------------------------------------------------------------------------

def search(game, state=None, *, depth: int, evaluate: Callable, ordering: Ordering = Ordering.NONE,
           pruning: Pruning = Pruning.NONE, prune_on_equality: bool = True, alpha: float = -INF,
           beta: float = INF, trace: bool = False, **options) -> LimitedResult:
    """Depth-limited alpha-beta (AIMA Fig. 5.7 with the cutoff test of Eq. 5.2) with the departures
    of :class:`Ordering` and :class:`Pruning`.  Returns a :class:`LimitedResult` (value for MAX, best
    action at ``state``, nodes entered, trace, principal variation, solved).

    depth       plies to search before evaluating (a whole number >= 0)
    evaluate    state -> estimated utility for MAX, for the states where the search stops
    ordering    an :class:`Ordering` (e.g. ``Ordering.ALL``, ``Ordering(table=my_table)``); default
                ``Ordering.NONE``, alpha-beta's own order
    pruning     a :class:`Pruning` (e.g. ``Pruning(null_move=pass_turn, futility=0.05)``); default
                ``Pruning.NONE``
    options     the fields of both as keywords, shorthand for the objects: ``table``, ``killers``,
                ``history``, ``first_moves``, ``order``; ``quiescent``, ``quiescence_depth``, ``beam``,
                ``null_move``, ``null_reduction``, ``futility``.  A keyword given overrides the
                object's field
    alpha, beta the window to search ``state`` with (fail-soft: a value ≤ alpha is an upper bound, a
                value ≥ beta a lower bound, anything between exact)
    prune_on_equality, trace   as for :func:`gamelib.alphabeta`

    With ``trace=True`` the events are those of :func:`gamelib.alphabeta`; a state the table decides
    is closed by a 'prune' event that skips all its actions (its value came from the table; read it
    against the window of its 'enter' event, like any fail-soft value).
    """
    if depth is None:
        raise ArgumentError("depth must be a whole number of plies >= 0, got None: "
                            "gamelib.limits.search always stops at a depth (gamelib.alphabeta searches "
                            "to the end of the game)")
    ordering, pruning = _with_options(ordering, pruning, options, "search")
    state, evaluate, ordering, pruning = _check_options(
        game, state, depth=depth, evaluate=evaluate, ordering=ordering, pruning=pruning,
        prune_on_equality=prune_on_equality, alpha=alpha, beta=beta, trace=trace, name="search")
    depth = int(depth)                                     # numpy integers too
    with recursion_guard(game, "search", depth, frames_per_ply=2):
        return _search(game, state, depth=depth, evaluate=evaluate, ordering=_fresh(ordering),
                       pruning=pruning, prune_on_equality=prune_on_equality, alpha=alpha, beta=beta,
                       trace=trace)


def iterative_deepening(game, state=None, *, evaluate: Callable, time_limit: float | None = None,
                        max_depth: int | None = None, ordering: Ordering = Ordering.ALL,
                        pruning: Pruning = Pruning.NONE, prune_on_equality: bool = True,
                        progress: bool = False, **options) -> DeepeningResult:
    """Iterative deepening (AIMA 4th ed. §5.3.2; the Purdue slides: "Use iterative deepening for an anytime
    algorithm"): :func:`search` to depth 1, 2, 3, ... until ``time_limit`` seconds have passed, depth
    ``max_depth`` is done, or a depth is *solved* (it never reached its depth limit, so deeper
    searches would find the same).  Returns a :class:`DeepeningResult` with the value, action and
    principal variation of the deepest *completed* depth, its depth, and per-depth reports.

    The time limit is checked between iterations and inside them (every 1024 nodes); an iteration
    the clock interrupts is thrown away.  Depth 1 always completes, so there is always a move.  Each
    iteration tries the previous one's principal variation first, and the ordering's table, killers
    and history (``Ordering.ALL`` by default: True makes one of each for all iterations) carry what
    earlier iterations learned into later ones.  ``ordering``, ``pruning`` and the keyword
    ``options`` as for :func:`search`, except ``first_moves`` (each iteration's are the last one's
    principal variation).  ``progress=True`` shows a progress bar over the depths.  With neither
    limit, a game with cycles may never be solved.
    """
    from .progress import tqdm

    ordering, pruning = _with_options(ordering, pruning, options, "iterative_deepening")
    if ordering.first_moves is not None:
        raise ArgumentError(f"iterative_deepening chooses its own first_moves (each iteration tries the last "
                            f"one's principal variation first), got first_moves={ordering.first_moves!r}")
    state, evaluate, ordering, pruning = _check_options(
        game, state, depth=1, evaluate=evaluate, ordering=ordering, pruning=pruning,
        prune_on_equality=prune_on_equality, alpha=-INF, beta=INF, trace=False, name="iterative_deepening")
    max_depth, time_limit = _check_budget(game, max_depth, time_limit, progress)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    ordering = _fresh(ordering)                            # one table, killers, history for all depths
    per_depth, nodes, best, stopped = [], 0, None, None
    iterations = _deepen(game, state, evaluate=evaluate, ordering=ordering, pruning=pruning,
                         prune_on_equality=prune_on_equality, deadline=deadline)
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
                           time.perf_counter() - start, stopped, ordering.table)


def _deepen(game, state, *, evaluate, ordering: Ordering, pruning: Pruning, prune_on_equality: bool,
            deadline: float | None):
    """Iterative deepening as a generator, as Sunfish writes it: :func:`_search` to depth 1, 2, 3, ...,
    each iteration trying the last one's principal variation first and sharing ``ordering``'s table,
    killers and history, yielding ``(depth, LimitedResult, seconds)`` per completed depth; the caller
    decides when to stop.  Depth 1 runs without the deadline (there is always a move); a later
    iteration the deadline interrupts raises :class:`OutOfTime` out of ``next``."""
    best = None
    for depth in itertools.count(1):
        t0 = time.perf_counter()
        with recursion_guard(game, "iterative_deepening", depth, frames_per_ply=2):
            best = _search(game, state, depth=depth, evaluate=evaluate,
                           ordering=ordering._replace(first_moves=best.pv if best is not None else None),
                           pruning=pruning, prune_on_equality=prune_on_equality,
                           deadline=deadline if best is not None else None)
        yield depth, best, time.perf_counter() - t0


# --- checking the options, once, before anything changes ------------------------------------------

def _with_options(ordering, pruning, options: dict, name: str) -> tuple[Ordering, Pruning]:
    """``ordering`` and ``pruning`` with the keyword ``options`` (their fields, as shorthand) put in:
    a keyword given overrides the object's field.  An object of the wrong kind or an unknown keyword
    raises :class:`~gamelib.core.ArgumentError`."""
    if not isinstance(ordering, Ordering):
        raise ArgumentError(f"ordering must be an Ordering (e.g. Ordering.ALL, Ordering(table=True)), got "
                            f"{ordering!r}")
    if not isinstance(pruning, Pruning):
        raise ArgumentError(f"pruning must be a Pruning (e.g. Pruning.NONE, Pruning(beam=3)), got {pruning!r}")
    unknown = [k for k in options if k not in Ordering._fields and k not in Pruning._fields]
    if unknown:
        raise ArgumentError(f"{name} got an unexpected keyword argument {unknown[0]}={options[unknown[0]]!r}; "
                            f"its options are the fields of Ordering ({', '.join(Ordering._fields)}) and "
                            f"of Pruning ({', '.join(Pruning._fields)})")
    if options:
        ordering = ordering._replace(**{k: v for k, v in options.items() if k in Ordering._fields})
        pruning = pruning._replace(**{k: v for k, v in options.items() if k in Pruning._fields})
    return ordering, pruning


def _check_options(game, state, *, depth, evaluate, ordering: Ordering, pruning: Pruning, prune_on_equality,
                   alpha, beta, trace, name):
    """Everything :func:`search` and :func:`iterative_deepening` check before they start (nothing is
    changed before all of it has passed).  Returns ``(state, evaluate, ordering, pruning)``: the state
    to search, ``evaluate`` wrapped so that what it returns is checked, and the options checked (with
    ``order`` wrapped the same way, ``null_reduction`` an int)."""
    state, evaluate, _ = search_entry(game, state, depth, evaluate, None, trace, name)
    ordering = _check_ordering(ordering)
    flag("prune_on_equality", prune_on_equality)
    number("alpha", alpha, finite=False)
    number("beta", beta, finite=False)
    if not alpha <= beta:
        raise ArgumentError(f"the window needs alpha <= beta, got alpha={alpha!r}, beta={beta!r}")
    return state, evaluate, ordering, _check_pruning(pruning)


def _check_ordering(ordering: Ordering) -> Ordering:
    """The checks of an :class:`Ordering`'s fields; ``order`` comes back wrapped by
    :func:`~gamelib.validate.checked_order`."""
    table, killers, history, first_moves, order = ordering
    for option, value, kind in (("table", table, TranspositionTable), ("killers", killers, KillerMoves),
                                ("history", history, HistoryTable)):
        if not (value is None or isinstance(value, (bool, kind))):
            raise ArgumentError(f"{option} must be True (a fresh {kind.__name__}), False or None (off), or a "
                                f"{kind.__name__} to share, got {value!r}")
    if not (first_moves is None or isinstance(first_moves, (list, tuple, Mapping))):
        raise ArgumentError(f"first_moves must be a line of play (a list of actions), a mapping "
                            f"{{state: action}} or None, got {first_moves!r}")
    return ordering if order is None else ordering._replace(order=checked_order(order))


def _check_pruning(pruning: Pruning) -> Pruning:
    """The checks of a :class:`Pruning`'s fields; ``null_reduction`` comes back an int."""
    quiescent, quiescence_depth, beam, null_move, null_reduction, futility = pruning
    if quiescent is not None:
        function("quiescent", quiescent, "a function state -> bool (True if the state is quiet), or None")
    whole("quiescence_depth", quiescence_depth, 0, unit="plies")
    whole("beam", beam, 1, none=True, unit="moves")
    if null_move is not None:
        function("null_move", null_move, "a function state -> the same position with the other player "
                 "to move (a pass), or None")
    whole("null_reduction", null_reduction, 0, unit="plies")
    number("futility", futility, least=0, none=True, what="a margin, a finite number")
    return pruning._replace(null_reduction=int(null_reduction))


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


def _fresh(ordering: Ordering) -> Ordering:
    """``ordering`` with its table, killers and history as the search uses them: True made a fresh
    instance, False/None made None, an instance kept (to read and fill)."""
    return ordering._replace(table=_option(ordering.table, TranspositionTable),
                             killers=_option(ordering.killers, KillerMoves),
                             history=_option(ordering.history, HistoryTable))


def _option(given, make):
    """An option given as True (make a fresh one), False/None (off) or an instance to use."""
    if given is True:
        return make()
    return None if given is None or given is False else given


# --- the engine -----------------------------------------------------------------------------------

def _search(game, state, *, depth: int, evaluate: Callable, ordering: Ordering, pruning: Pruning,  # noqa: C901 - Fig. 5.7's engine; its steps are closures, for speed
            prune_on_equality: bool = True, alpha: float = -INF, beta: float = INF, trace: bool = False,
            deadline: float | None = None) -> LimitedResult:
    """:func:`search` on checked arguments (:func:`_check_options`), with the table, killers and history
    of ``ordering`` (instances or None: :func:`_fresh`), which it reads and fills; raises
    :class:`OutOfTime` once ``time.perf_counter()`` passes ``deadline``.

    ``value`` is H-MINIMAX (Eq. 5.2) by alpha-beta (Fig. 5.7).  A node that is neither terminal nor at
    the depth limit takes its steps in turn:

    (1)  the transposition table may decide the node or narrow its window;
    (2)  :func:`_beam`: forward pruning drops moves;
    (3)  :func:`_move_order`: the moves are put in the order to try them;
    (3a) ``null_move_cut``: a pass searched shallower may cut the node at once;
    (3b) :func:`_futility_bound`: a node too far below its window skips its quiet moves (:func:`_quiet`);
    (4)  ``max_value`` / ``min_value``: Fig. 5.7's MAX-VALUE and MIN-VALUE over the children; a cut
         teaches the killers and the history (:func:`_learn_from_cut`);
    (5)  and, at the end of each of the two, the table stores what the node is now known to be worth.

    Speed: the steps every node takes with the options on (1, the loops, 5) are written in place in
    closures over the search's state (the fastest variables CPython has): a call costs a few hundred
    instructions (``benchmarks/instructions.py``).  ``value`` calling a half is the one call a node
    adds to Fig. 5.7's recursion; keeping principal variations in tuples pays for it.
    """
    table, killers, history, first_moves, order = ordering
    quiescent, quiescence_depth, beam, null_move, null_reduction, futility = pruning
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
            acts = actions(s) if order is None else order(s, actions(s))
            if player != MAX and player != MIN:
                raise GameError(f"search does not handle {player} states (at {s!r}); "
                                "use expectiminimax for games of chance")
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
            if beam is not None:                           # (2) forward pruning
                acts, dropped = _beam(game, utility, evaluate, s, acts, width=beam, player=player)
                horizon += bool(dropped)
            if reorder:                                    # (3) move ordering
                acts = _move_order(acts, player=player, ply=ply, first=try_first.get(s) if try_first else None,
                                   hint=hint, favourite=acts[0] if order is not None and acts else None,
                                   killers=killers, history=history)
            if null_move is not None and ply > 0 and action is not NULL_MOVE and remaining > null_reduction:
                v = null_move_cut(s, alpha, beta, ply, player, acts, dropped)   # (3a)
                if v is not None:
                    return v
            v, futile = -INF if player == MAX else INF, None
            if futility is not None and ply > 0 and 0 < remaining <= 2:
                v, futile = _futility_bound(evaluate(s), futility, alpha, beta, player, v)   # (3b)
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
