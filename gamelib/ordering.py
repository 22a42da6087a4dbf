"""Move-ordering heuristics that learn during a search: killer moves and the history heuristic.

Alpha-beta prunes most when the best move comes first (O(b^{m/2}) nodes instead of O(b^m); Zell's slides).
Nobody knows the best move before searching, but a search can remember what worked elsewhere:

* **Killer moves** (AIMA 4th ed. §5.2.4, 3rd ed. §5.3.1; Zell's slides: "Best moves are called killer
  moves"): a move that caused a cutoff at some ply is likely to cause one again at the same ply in a
  sibling subtree (a winning threat usually stays a winning threat after an unrelated move).  Keep,
  per ply, the last two such moves and try them early.
* **The history heuristic** (Schaeffer 1989, "The history heuristic and alpha-beta search
  enhancements in practice", IEEE PAMI 11(11)): every cutoff adds a credit to its (player, move),
  larger the deeper the cutoff (depth² or 2^depth: a cut high in the tree saves more); moves are tried
  in order of credit.

Both only change the order moves are tried in, never which moves are searched, so alpha-beta's value
is unchanged; only the node count moves.  :func:`gamelib.limits.search` uses them.

    >>> killers = KillerMoves()
    >>> killers.record(2, "c3"); killers.record(2, "a1"); killers.record(2, "b2")
    >>> killers.moves(2)          # newest first, two slots
    ('b2', 'a1')
    >>> history = HistoryTable()
    >>> history.record("MAX", "a1", depth=3); history.record("MAX", "b2", depth=1)
    >>> history.order("MAX", ["c3", "b2", "a1"])
    ['a1', 'b2', 'c3']
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, ClassVar

from .core import MAX, MIN, ArgumentError
from .validate import choice, number, whole


class KillerMoves:
    """Per ply, the last ``slots`` distinct moves that caused a cutoff there, newest first."""

    def __init__(self, slots: int = 2):
        self.slots = whole("slots", slots, 1)
        self._by_ply: dict[int, tuple] = {}

    def record(self, ply: int, move: Any) -> None:
        """Remember that ``move`` caused a cutoff at ``ply``: it takes the first slot, the others
        shift down and the oldest falls out.  Returns nothing."""
        if ply.__class__ is not int or ply < 0:
            ply = whole("ply", ply, 0)
        old = self._by_ply.get(ply, ())
        if old and old[0] == move:
            return
        if move in old:
            old = tuple(m for m in old if m != move)
        self._by_ply[ply] = ((move,) + old)[:self.slots]

    def moves(self, ply: int) -> tuple:
        """The killer moves at ``ply``, newest first (possibly none)."""
        return self._by_ply.get(ply, ())

    def clear(self) -> None:
        """Forget every killer move."""
        self._by_ply.clear()

    def __repr__(self) -> str:
        return f"KillerMoves({dict(sorted(self._by_ply.items()))})"


class _Credits(dict):
    """{move: credit} for one player; a move never credited has credit 0 (and is not added)."""

    __slots__ = ()

    def __missing__(self, move) -> float:
        return 0.0


class HistoryTable:
    """A credit per (player, move), raised on every cutoff that move causes; orders moves by credit.

    ``weight`` is how much a cutoff ``depth`` plies above the search horizon adds: ``'square'``
    (depth², the default) or ``'power'`` (2^depth).  Depths below 1 (quiescence plies beyond the
    horizon) count as 1.
    """

    WEIGHTS: ClassVar[dict] = {"square": lambda d: d * d, "power": lambda d: 2 ** d}

    def __init__(self, weight: str = "square"):
        self.weight = choice("weight", weight, sorted(self.WEIGHTS))
        self._credit = self.WEIGHTS[weight]
        self._credits = {MAX: _Credits(), MIN: _Credits()}    # per player: {move: credit}

    def record(self, player: str, move: Hashable, depth: float) -> None:
        """Credit ``player``'s ``move`` for a cutoff with ``depth`` plies left to search.  Returns
        nothing."""
        if depth.__class__ is not int:
            number("depth", depth, what="a number of plies")
        if player != MAX and player != MIN:
            raise ArgumentError(f"player must be MAX or MIN, got {player!r}")
        credits = self._credits[player]
        credits[move] += self._credit(max(int(depth), 1))

    def score(self, player: str, move: Hashable) -> float:
        """The credit of ``player``'s ``move`` so far (0 if it never caused a cutoff)."""
        credits = self._credits.get(player)
        return 0.0 if credits is None else credits[move]

    def order(self, player: str, actions: Iterable) -> list:
        """``actions`` sorted by credit, highest first; equal credits keep their given order."""
        credits = self._credits.get(player)
        if not credits:
            return list(actions)
        return sorted(actions, key=credits.__getitem__, reverse=True)   # reverse=True is stable too

    def clear(self) -> None:
        """Forget every credit."""
        for credits in self._credits.values():
            credits.clear()

    def __len__(self) -> int:
        return sum(len(credits) for credits in self._credits.values())

    def __repr__(self) -> str:
        scores = [((p, m), c) for p, credits in self._credits.items() for m, c in credits.items()]
        top = sorted(scores, key=lambda kv: -kv[1])[:5]
        return f"HistoryTable(weight={self.weight!r}, top={top})"


def move_to_front(actions: Sequence, preferred: Iterable) -> list:
    """``actions`` (distinct moves, as a game's actions are) with the legal ones among ``preferred``
    first, in ``preferred``'s order (None and repeats ignored); the rest keep their order.

    >>> move_to_front(["a", "b", "c", "d"], ["c", None, "x", "a", "c"])
    ['c', 'a', 'b', 'd']
    """
    front = []
    for m in preferred:
        if m is not None and m not in front and m in actions:
            front.append(m)
    rest = list(actions)
    for m in front:
        rest.remove(m)          # actions are distinct moves: each preferred one is there once
    return front + rest
