"""What a search reports: its events, in the order they happened, recorded on its hot path.

Every search of the kit (minimax, alpha-beta, Star1/Star2, max^n, the searches under resource
limits, MCTS, AND-OR search) called with ``trace=True`` returns the :class:`Event` list it recorded
as ``SearchResult.trace``: one trace format, read by the pictures, the widgets, the node counts, the
experiments and the graders alike.  This module holds the record (:class:`Event`), the list that
records it cheaply (:class:`Trace`) and the context a search records in (:func:`recording`); it
imports nothing else of gamelib, so every search can use it.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from functools import partial
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


_as_event = partial(tuple.__new__, Event)   # Event(*fields), without the keyword handling
_PADDING = (None, None, None, (None, None, None, None, ()), (None, None, None, ()), (None, None, ()),
            (None, ()), ((),), ())
"""_PADDING[n]: Event's defaults for the fields after the first n (kind, state and depth always given)."""


class Trace(list):
    """A search's trace: the list of its :class:`Event` objects, in the order they happened.

    Recording sits on a search's hot path, so a search appends each event as a plain tuple of the
    Event's fields, in their order, the trailing ones left out when they keep their defaults::

        log.append(("enter", s, ply, alpha, beta, None, action))     # Event("enter", s, ply, alpha,
        log.append(("leaf", s, ply, alpha, beta, v))                  #   beta, action=action), ...

    The first time anything reads the trace, every such tuple becomes an :class:`Event`, once, in
    place.  Readers never see the tuples: iterating, indexing, slicing, printing, copying and pickling
    a Trace all give Events, and a Trace compares equal to the list of the same Events.  Searches
    return it as ``SearchResult.trace``; it is a ``list``, and an Event appended to it is kept as is.
    """

    __slots__ = ("_recorded",)

    def __init__(self, *args):
        super().__init__(*args)
        self._recorded = True           # may hold tuples not yet made Events

    def _events(self) -> None:
        """Make every recorded tuple an Event, in place (once; :func:`collector_paused` meanwhile)."""
        if self._recorded:
            with collector_paused():
                list.__setitem__(self, slice(None), [_as_event(e + _PADDING[len(e)]) if type(e) is tuple
                                                     else e for e in list.__iter__(self)])
            self._recorded = False

    def __radd__(self, other):
        self._events()
        return list(other) + list(list.__iter__(self))

    def __reduce_ex__(self, protocol):
        self._events()
        return (Trace, (list(list.__iter__(self)),))

    __hash__ = None


def _reading(method):
    """``list.<method>`` for a Trace: the recorded tuples become Events first (the other operand's too,
    if it is a Trace: ``==`` and ``+`` read both)."""
    def reading(self, *args, **kwargs):
        self._events()
        if args and type(args[0]) is Trace:
            args[0]._events()
        return method(self, *args, **kwargs)
    reading.__name__ = reading.__qualname__ = method.__name__
    reading.__doc__ = method.__doc__
    return reading


# Every list method that reads elements (the rest only count, append or remove by position).
for _name in ("__iter__", "__reversed__", "__getitem__", "__contains__", "__repr__", "__eq__", "__ne__",
              "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__rmul__", "copy", "pop",
              "index", "count", "remove", "sort"):
    setattr(Trace, _name, _reading(getattr(list, _name)))
del _name


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
    """Yield a fresh :class:`Trace` if ``trace`` is true (else None), with the cyclic garbage
    collector paused meanwhile: a trace is a long list of small tuples without cycles, and letting the
    collector scan it over and over would triple the run time of a traced search.  The collector's
    previous state is restored afterwards."""
    if not trace:
        yield None
        return
    with collector_paused():
        yield Trace()
