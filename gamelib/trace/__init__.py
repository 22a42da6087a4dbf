"""Traces, read without drawing them: the floor between the searches and their readers.

Every search called with ``trace=True`` records what it did as a list of :class:`Event` objects
(``enter``, ``leaf``, ``prune``, ``exit``; MCTS's ``simulate``), in the order it happened.  The
pictures and widgets of :mod:`gamelib.viz`, the node counts of :mod:`gamelib.experiments` and the
graders of :mod:`gamelib.grading` all read that one record, through this package:

=======================  ==========================================================================
module                   what it holds
=======================  ==========================================================================
``events``               :class:`Event` (what a trace holds: a plain list of them),
                         :func:`recording`, :func:`collector_paused`
``ranges``               :func:`proven_ranges` (what a trace proves about each node's value),
                         :func:`chance_intervals` and :func:`leaf_bounds` (chance nodes, Star1)
``view``                 :class:`TraceView` (visit order, values, windows, path, prunes after k
                         events), :class:`MaxnView` (its max^n counterpart), :func:`returned_move_values`
``words``                :func:`describe_event`, :func:`describe_maxn_event`, :func:`why_cut`,
                         :func:`why_chance_cut`, :func:`star1_window_text`
``fmt``                  numbers as the kit writes them: :func:`fmt_value` (``+∞``), :func:`tidy`,
                         :func:`interval_text`, :func:`fmt_number` (``1/3``), :func:`fmt_vector`,
                         :func:`counted` (``1 state``, ``2 states``)
=======================  ==========================================================================

It imports neither matplotlib nor ipywidgets: a grader explains a student's mistake with the very
sentences the explorer shows.
"""
from ..validate import moved
from .events import Event, collector_paused, recording
from .fmt import counted, fmt_number, fmt_value, fmt_vector, interval_text, tidy
from .ranges import chance_intervals, leaf_bounds, proven_ranges
from .view import MaxnView, TraceView, returned_move_values
from .words import describe_event, describe_maxn_event, star1_window_text, why_chance_cut, why_cut

__all__ = ["Event", "recording", "collector_paused", "proven_ranges", "chance_intervals",
           "leaf_bounds", "TraceView", "MaxnView", "returned_move_values", "describe_event",
           "describe_maxn_event", "why_cut", "why_chance_cut", "star1_window_text", "fmt_value", "tidy",
           "interval_text", "fmt_number", "fmt_vector", "counted"]

# A trace is a plain list of Events now (issue 34); the list class it used to be answers for one release.
__getattr__ = moved(__name__, {"Trace": "builtins:list"})
