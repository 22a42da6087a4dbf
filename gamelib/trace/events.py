"""What a search reports: its events, in the order they happened, recorded on its hot path.

Every search of the kit (minimax, alpha-beta, Star1/Star2, max^n, the searches under resource
limits, MCTS, AND-OR search) called with ``trace=True`` returns the :class:`Event` list it recorded
as ``SearchResult.trace``: one trace format, read by the pictures, the widgets, the node counts, the
experiments and the graders alike.  This module holds the record (:class:`Event`) and the context a
search records in (:func:`recording`): a plain list, to which the search appends one Event per step.
It imports nothing else of gamelib, so every search can use it.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Any, Hashable, NamedTuple


class Event(NamedTuple):
    """One step of a search, in the order it happened.

    kind    'enter'  the search arrives at ``state`` (``alpha``, ``beta``: its window; None if the
                     search keeps no window); ``action`` is the move that led here (None at the root).
            'leaf'   ``state`` is terminal and ``value`` is its utility for MAX, or the search was cut
                     off there (depth-limited search) and ``value`` is ``evaluate(state)``.
                     (:func:`gamelib.maxn`'s values, here and at 'exit', are utility vectors.)
            'prune'  the search stops at ``state`` with ``value``; ``skipped`` lists the actions of
                     ``state`` it never tried.
            'exit'   the search leaves ``state`` with ``value`` (and its window as it stood then).
    depth   plies below the searched state (the root is at depth 0).

    Every 'enter' is closed by exactly one 'leaf', 'prune' or 'exit' of the same state, in depth-first
    (stack) order, so the number of 'enter' events is the search's node count.
    """

    kind: str
    state: Hashable
    depth: int
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    action: Any = None
    skipped: tuple = ()


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector for the ``with`` block, then restore its previous state.

    A search builds many small objects without reference cycles (a trace's events, a transposition
    table's entries) and keeps them; the collector, triggered by their number, would scan them over and
    over for nothing, which can double or triple a search's run time.  Nothing is lost: garbage with
    cycles made meanwhile is collected after the block."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def recording(trace: bool):
    """Yield a fresh list for a search's events if ``trace`` is true (else None), with the cyclic
    garbage collector paused meanwhile: a trace is a long list of small Events without cycles, and
    letting the collector scan it over and over would triple the run time of a traced search.  The
    collector's previous state is restored afterwards."""
    if not trace:
        yield None
        return
    with collector_paused():
        yield []
