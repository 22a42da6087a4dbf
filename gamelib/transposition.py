"""A transposition table: what earlier searches proved about a state, so the search need not prove it
again (AIMA 4th ed. §5.2.4, 3rd ed. §5.3.1; Zell's slides: "States may occur multiple times, so it is
possible to create a transposition table, storing game states that already have been evaluated").

The same state can be reached by different move orders (X in a corner then O in the centre, or the
other way round), so a search meets it more than once.  The table remembers, per state:

    depth   how many plies below the state the search went (its remaining depth); ``math.inf`` if it
            never stopped at a depth limit, so the value holds at any depth
    value   what the search returned, for MAX (the textbook's convention, never negated)
    flag    what that value *is*, read off the window (α, β) the state was searched with.  Alpha-beta
            is fail-soft: a returned value v with α < v < β is exact, v ≤ α only proves the true
            value is at most v, v ≥ β only that it is at least v:

                v ≤ α   ->  UPPER   (true value ≤ v)
                v ≥ β   ->  LOWER   (true value ≥ v)
                else    ->  EXACT

    move    the best move found there, tried first the next time (move ordering)

The flag is never the caller's to choose: :meth:`TranspositionTable.store` takes the window and
classifies the value itself, so the classic bug -- a value found in a narrow window stored as if it
were exact -- cannot be written.  :meth:`TranspositionTable.probe` uses an entry only if it was
searched at least as deep as now asked, and a bound only where it decides the question: an exact
value or a bound outside the window ends the search of the state, any other bound just narrows the
window.  Memory is bounded by ``max_entries``: when the table is full, the entry stored longest ago
is dropped.

    >>> table = TranspositionTable()
    >>> table.store("s", depth=3, value=5, alpha=-math.inf, beta=4)   # 5 ≥ β: a lower bound
    >>> table.get("s")
    Entry(depth=3, value=5, flag='LOWER', move=None)
    >>> table.probe("s", depth=3, alpha=0, beta=4).value              # ≥ 5 > β: decided, a cut
    5
    >>> table.probe("s", depth=3, alpha=0, beta=10)[:3]               # only narrows: α becomes 5
    (None, 5, 10)
    >>> table.probe("s", depth=4, alpha=0, beta=4).value is None      # searched too shallow
    True
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, NamedTuple

from .core import ArgumentError, StateError
from .validate import flag, number, whole

EXACT = "EXACT"
"""The stored value is the state's value (at the stored depth)."""
LOWER = "LOWER"
"""The state's value is at least the stored value (the search failed high: v ≥ β)."""
UPPER = "UPPER"
"""The state's value is at most the stored value (the search failed low: v ≤ α)."""


class Entry(NamedTuple):
    """What the table knows about one state: see the module docstring."""

    depth: float
    value: float
    flag: str
    move: Any = None

    @property
    def lower(self) -> float:
        """The least the state's value can be: ``value`` if EXACT or LOWER, else −∞."""
        return -math.inf if self.flag == UPPER else self.value

    @property
    def upper(self) -> float:
        """The most the state's value can be: ``value`` if EXACT or UPPER, else +∞."""
        return math.inf if self.flag == LOWER else self.value


_new_entry = tuple.__new__    # Entry(...) without the keyword handling: stores are on the hot path


class Probe(NamedTuple):
    """What :meth:`TranspositionTable.probe` answers.

    value   not None when the table decides the state: return this value without searching it
    alpha   the window to search the state with, narrowed by a stored bound
    beta
    move    the stored best move (from an entry of any depth), to try first; or None
    entry   the entry that was used (None if there was none deep enough)
    """

    value: float | None
    alpha: float
    beta: float
    move: Any = None
    entry: Entry | None = None


class TranspositionTable:
    """A bounded table of :class:`Entry` per state, counting its probes, hits, cuts and stores.

    ``max_entries`` caps its size; when a new state arrives at a full table, the entry stored longest
    ago is dropped (first in, first out).  A state already in the table keeps its entry if that was
    searched deeper than the new one (the deeper search knows more), and is overwritten otherwise.

    One table belongs to one evaluation function and one cut-off rule: its values are the values that
    search computes, so sharing it between searches that score the horizon differently mixes them.

    :meth:`store` and :meth:`probe` check their arguments (a NaN value or a crossed window raises
    ArgumentError and changes nothing); :func:`gamelib.limits.search`, whose values are checked where
    they enter the search, calls :meth:`store_unchecked` and :meth:`probe_unchecked`, the same without
    the checks.  A subclass changes the rules through :meth:`classify` and :meth:`usable`, which both paths use.
    """

    def __init__(self, max_entries: int = 1_000_000):
        self.max_entries = whole("max_entries", max_entries, 1)
        self._entries: dict[Hashable, Entry] = {}
        self._after: dict[Hashable, Hashable] = {}    # the state an entry's move leads to, if known
        self._usable_as_given = type(self).usable is TranspositionTable.usable   # then inlined in probe_unchecked
        self._classify_as_given = type(self).classify is TranspositionTable.classify   # and in store_unchecked
        self.probes = self.hits = self.cuts = self.stores = self.evictions = 0

    # -- the two rules: what a value is, and when an entry may be used -----------------------------
    @staticmethod
    def classify(value: float, alpha: float, beta: float) -> str:
        """The flag of a fail-soft alpha-beta value returned from the window (α, β): UPPER if
        v ≤ α, LOWER if v ≥ β, else EXACT."""
        if value <= alpha:
            return UPPER
        if value >= beta:
            return LOWER
        return EXACT

    @staticmethod
    def usable(entry: Entry, depth: float) -> bool:
        """May ``entry`` stand in for a search ``depth`` plies deep?  Only if it went at least as deep."""
        return entry.depth >= depth

    # -- the table ---------------------------------------------------------------------------------
    def store(self, state: Hashable, depth: float, value: float, alpha: float, beta: float,
              move: Any = None, *, keep_move: bool = False) -> None:
        """Record that searching ``state`` ``depth`` plies deep with window (``alpha``, ``beta``)
        returned ``value`` (for MAX) and found ``move`` best.  Returns nothing.

        The flag is :meth:`classify` (value, alpha, beta), never the caller's choice.  ``keep_move``
        keeps the move already stored for the state when ``move`` is not worth storing (a node where
        every move failed low has no best move, only a least bad bound).  Bad arguments (a NaN value,
        a negative depth, alpha > beta, an unhashable state) raise ArgumentError and change nothing.
        """
        _check_lookup(state, depth, alpha, beta)
        number("value", value, finite=False)
        self.store_unchecked(state, depth, value, alpha, beta, move, flag("keep_move", keep_move))

    def store_unchecked(self, state, depth, value, alpha, beta, move, keep_move, after=None) -> None:
        """:meth:`store` without the argument checks: the way in of :func:`gamelib.limits.search`,
        whose values are checked where they enter the search.  ``after``, if given, is the state
        ``move`` leads to, so that :meth:`line` can follow the move without replaying it."""
        if self._classify_as_given:                   # classify, inlined (first: if it fails, nothing has changed)
            kind = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        else:
            kind = self.classify(value, alpha, beta)
        entries = self._entries
        old = entries.get(state)
        if old is not None:
            if old.depth > depth:
                return
            if keep_move or move is None:
                move, after = old.move, self._after.get(state)
            del entries[state]                     # re-inserted below as the newest entry
        elif len(entries) >= self.max_entries:
            oldest = next(iter(entries))           # the entry stored longest ago
            del entries[oldest]
            self._after.pop(oldest, None)
            self.evictions += 1
        entries[state] = _new_entry(Entry, (depth, value, kind, move))
        if after is not None:
            self._after[state] = after
        elif state in self._after:
            del self._after[state]
        self.stores += 1

    def probe(self, state: Hashable, depth: float, alpha: float, beta: float) -> Probe:
        """Look ``state`` up for a search ``depth`` plies deep with window (``alpha``, ``beta``).

        Returns a :class:`Probe`.  Its ``value`` is not None only if an entry at least ``depth``
        deep decides the state: an EXACT value, a LOWER bound ≥ β or an UPPER bound ≤ α.  Otherwise
        ``alpha``/``beta`` come back narrowed by the entry's bound (or unchanged), and ``move`` is the
        stored best move, if any, for move ordering.
        """
        _check_lookup(state, depth, alpha, beta)
        return Probe(*self.probe_unchecked(state, depth, alpha, beta))

    def probe_unchecked(self, state, depth, alpha, beta) -> tuple:
        """:meth:`probe` without the argument checks (the search's way in, as :meth:`store_unchecked`),
        as a plain tuple ``(value, alpha, beta, move, entry)``."""
        self.probes += 1
        entry = self._entries.get(state)
        if entry is None:
            return None, alpha, beta, None, None
        if not (entry.depth >= depth if self._usable_as_given else self.usable(entry, depth)):
            return None, alpha, beta, entry.move, None
        self.hits += 1
        _, value, kind, move = entry
        lower = -math.inf if kind == UPPER else value    # Entry.lower and Entry.upper
        upper = math.inf if kind == LOWER else value
        if lower == upper or lower >= beta or upper <= alpha:
            self.cuts += 1
            return value, alpha, beta, move, entry
        return None, max(alpha, lower), min(beta, upper), move, entry

    def line(self, game, state: Hashable, plies: float) -> list:
        """The line of the table's best moves from ``state``, at most ``plies`` long, while they are
        legal: the principal variation below a state the table decided.  A move stored by a search
        is followed to the state it led to; one stored from outside is replayed with ``game.result``."""
        out, entries, after = [], self._entries, self._after
        while len(out) < plies:
            entry = entries.get(state)
            move = None if entry is None else entry.move
            if move is None:
                break
            following = after.get(state)
            if following is None:
                if game.is_terminal(state) or move not in game.actions(state):
                    break
                following = game.result(state, move)
            out.append(move)
            state = following
        return out

    def get(self, state: Hashable) -> Entry | None:
        """The entry stored for ``state`` (of any depth), or None.  Not counted as a probe."""
        return self._entries.get(_hashable(state))

    def best_move(self, state: Hashable) -> Any:
        """The stored best move at ``state``, or None."""
        entry = self._entries.get(_hashable(state))
        return None if entry is None else entry.move

    def stats(self) -> dict:
        """Counts so far: entries held, probes, hits (an entry deep enough was found), cuts (it
        decided the state), stores and evictions."""
        return {"entries": len(self._entries), "probes": self.probes, "hits": self.hits,
                "cuts": self.cuts, "stores": self.stores, "evictions": self.evictions}

    def clear(self) -> None:
        """Forget every entry and reset the counts."""
        self._entries.clear()
        self._after.clear()
        self.probes = self.hits = self.cuts = self.stores = self.evictions = 0

    def items(self):
        """The ``(state, Entry)`` pairs held, oldest first (to inspect flags and depths)."""
        return self._entries.items()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, state) -> bool:
        return _hashable(state) in self._entries

    def __repr__(self) -> str:
        s = self.stats()
        return (f"TranspositionTable({s['entries']:,} of {self.max_entries:,} entries; "
                f"{s['probes']:,} probes, {s['hits']:,} hits, {s['cuts']:,} cuts, {s['stores']:,} stores)")


def _hashable(state):
    try:
        hash(state)
    except TypeError:
        raise StateError(f"{state!r} is not a state: states are hashable") from None
    return state


def _check_lookup(state, depth, alpha, beta) -> None:
    """The checks of :meth:`TranspositionTable.store` and :meth:`~TranspositionTable.probe`."""
    _hashable(state)
    number("depth", depth, least=0, finite=False, what="a number of plies (math.inf: to the end)")
    number("alpha", alpha, finite=False)
    number("beta", beta, finite=False)
    if not alpha <= beta:
        raise ArgumentError(f"the window needs alpha <= beta, got alpha={alpha!r}, beta={beta!r}")
