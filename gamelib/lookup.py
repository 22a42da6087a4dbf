"""Search versus lookup: endgame tables by retrograde analysis, and opening books.

AIMA 4th ed. §5.3.4 "Search versus lookup" (3rd ed. §5.4.4); Zell's slides, "For (phases of) games with only
a limited number of states, a lookup table can be feasible":

* "Opening tables in chess are very successful": every game starts from the same position, so the
  positions near it can be searched once, deeply, and the chosen moves stored.  :func:`opening_book`.
* "In endgames, the lookup table can be made into a graph, where for each position the best move is
  already known" (KBNK has 462 x 62 x 61 x 2 = 3,494,568 positions).  :func:`endgame_table` builds such
  a table by *retrograde analysis*, as endgame tablebases are built: list the positions once, then work
  backwards from the ends of the game.  No minimax search is run from any position.

Both are free functions over the game protocol; the games know nothing of them.

>>> from gamelib.games import TicTacToe
>>> table = endgame_table(TicTacToe())
>>> len(table), table.value(TicTacToe().initial_state)
(5478, 0)
"""
from __future__ import annotations

import heapq
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any, NamedTuple

from .core import CHANCE, MAX, MIN, ArgumentError, GameError, check_distribution
from .validate import check_game, flag, function, guard_size, no_moves, start_state, whole

MAX_POSITIONS = 200_000
"""The size guard of :func:`endgame_table`: positions listed before it gives up (tic-tac-toe has 5,478,
Connect Four on 4 x 4 about 161,000, on 7 x 6 about 4.5 x 10^12).  ``max_positions=None`` lifts it."""


class NotInTableError(GameError):
    """A table or book was asked about a state it has no entry for; the message names the state."""


class EndgameEntry(NamedTuple):
    """What an endgame table knows about one position.

    value     MAX's utility under optimal play (the minimax value, AIMA Eq. 5.1).
    action    the best move for the player to move (None at a terminal position).
    distance  plies to the end of the game when both sides follow the table: the winner takes the
              fastest win, the loser the slowest loss (in chess tablebases: "depth to mate").
    """

    value: float
    action: Any
    distance: int


class _Quiet:
    """Stands in for a tqdm bar when no progress bar is wanted."""

    def update(self, n=1):
        pass

    def close(self):
        pass


def _bar(progress: bool, desc: str, total=None):
    if not progress:
        return _Quiet()
    from .progress import tqdm
    return tqdm(total=total, desc=desc, unit="position")


def _for_mover(player, value):
    """A value of MAX's as seen by ``player``: MIN's utility is minus MAX's (zero-sum)."""
    return value if player == MAX else -value


# ---------------------------------------------------------------------------------------------------
# Endgame tables
# ---------------------------------------------------------------------------------------------------

class EndgameTable:
    """The exact value, best move and distance to the end of every position reachable from ``state``
    (the initial state by default), found by retrograde analysis (Zell's slides; AIMA 4th ed. §5.3.4):

    1. Forward, once: list every reachable position and its moves (the graph of the game, each
       position stored once however many move orders reach it).
    2. Backward: the terminal positions are resolved first (value = utility, distance 0).  Every
       resolved position is handed to its predecessors, nearest the end first (a priority queue by
       distance).  A predecessor is resolved

       * at once, if the move into the resolved position wins the game for the player to move with the
         best utility the game offers (the mover need look no further: a tablebase's "won"), or
       * when its count of unresolved successors drops to zero: its value is then the best of its
         successors' values for the player to move (a tablebase's "lost", and here also "drawn" and any
         other value).

    Among equally valued moves the table prefers the fastest win and the slowest loss; drawn positions
    take the first drawing move in ``game.actions`` order.  The values equal :func:`gamelib.minimax`'s,
    but each position is settled once, from its successors, instead of by a search from it.

    Scope: deterministic two-player zero-sum games (CHANCE states are refused: retrograde analysis
    here backs up max and min, not expectations).  In a game whose positions can repeat, the positions
    on cycles that neither side can force a win out of stay *unresolved*: they are listed in
    ``table.unresolved`` and looking them up raises :class:`NotInTableError`.  Draws by repetition
    (and the 50-move rule) are out of scope; none of tic-tac-toe, Halving or a GameTree has cycles.

    ``table[state]`` is an :class:`EndgameEntry`; :meth:`value` is usable as ``evaluate=`` of a depth-limited
    search; :meth:`policy` plays the table; ``len(table)`` counts the positions it covers and
    ``table.entries`` maps each of them to its :class:`EndgameEntry` (iterate over it to list them);
    ``seconds`` is the build time.  ``progress=True`` shows a tqdm bar for each pass.  A game with
    more than ``max_positions`` reachable positions raises :class:`~gamelib.core.TooLargeError` once
    the listing passes that many (``max_positions=None`` lifts the guard; pass ``progress=True`` too).
    """

    def __init__(self, game, state=None, *, progress: bool = False,
                 max_positions: int | None = MAX_POSITIONS):
        start = time.perf_counter()
        check_game(game)
        root = start_state(game, state)
        flag("progress", progress)
        self.max_positions = whole("max_positions", max_positions, 1, none=True)
        self.game = game
        self.root = root
        self.moves = self._enumerate(progress)
        self.entries = self._retrograde(progress)
        self.unresolved = [s for s in self.moves if s not in self.entries]
        self.seconds = time.perf_counter() - start

    # -- building ----------------------------------------------------------------------------------
    def _enumerate(self, progress) -> dict:
        """Pass 1, forward: ``{state: ((action, successor), ...)}`` for every reachable state."""
        game = self.game
        moves = {}
        frontier = [self.root]
        bar = _bar(progress, "positions listed")
        try:
            while frontier:
                s = frontier.pop()
                if s in moves:
                    continue
                if game.is_terminal(s):
                    moves[s] = ()
                elif game.to_move(s) == CHANCE:
                    raise GameError(f"{s!r} is a CHANCE state: retrograde analysis here is for "
                                    "deterministic games (it backs up max and min, not expectations); "
                                    "use expectiminimax")
                else:
                    moves[s] = tuple((a, game.result(s, a)) for a in game.actions(s))
                    if not moves[s]:                  # pass 2 would take s for a terminal position
                        raise no_moves(game, s)
                    frontier.extend(child for _, child in moves[s] if child not in moves)
                bar.update()
                if self.max_positions is not None and len(moves) > self.max_positions:
                    guard_size(len(moves), self.max_positions, argument="max_positions",
                               what=f"the number of positions reachable in {game!r} (listed so far)")
        finally:
            bar.close()
        return moves

    def _retrograde(self, progress) -> dict:
        """Pass 2, backward from the terminal positions: ``{state: EndgameEntry}`` for every resolved state."""
        game, moves = self.game, self.moves
        predecessors = defaultdict(list)          # successor -> [(position, action), ...]
        for s, pairs in moves.items():
            for a, child in pairs:
                predecessors[child].append((s, a))
        terminals = [s for s, pairs in moves.items() if not pairs]
        utilities = [game.utility(s, MAX) for s in terminals]
        # The outcome that wins outright for each player: the best utility the game offers, if it is a win.
        best_for_max = max(utilities, default=0)
        best_for_min = min(utilities, default=0)
        wins = {MAX: best_for_max if best_for_max > 0 else None,
                MIN: best_for_min if best_for_min < 0 else None}

        entries, queue, tie = {}, [], 0
        unresolved = {s: len(pairs) for s, pairs in moves.items()}   # count of unresolved successors
        bar = _bar(progress, "positions resolved", total=len(moves))

        def resolve(s, entry):
            nonlocal tie
            entries[s] = entry
            heapq.heappush(queue, (entry.distance, tie, s))           # nearest the end comes out first
            tie += 1
            bar.update()

        for s, u in zip(terminals, utilities):
            resolve(s, EndgameEntry(u, None, 0))
        while queue:
            distance, _, child = heapq.heappop(queue)
            value = entries[child].value
            for s, a in predecessors[child]:
                if s in entries:
                    continue
                player = game.to_move(s)
                if value == wins.get(player):
                    resolve(s, EndgameEntry(value, a, distance + 1))   # a winning move: the fastest, by the queue
                    continue
                unresolved[s] -= 1
                if unresolved[s] == 0:
                    resolve(s, self._best(player, [(a2, entries[c]) for a2, c in moves[s]]))
        bar.close()
        return entries

    @staticmethod
    def _best(player, options) -> EndgameEntry:
        """The entry of a position whose successors are all resolved: ``options`` are (action, EndgameEntry)."""
        best = max(_for_mover(player, e.value) for _, e in options)
        ties = [(a, e) for a, e in options if _for_mover(player, e.value) == best]
        if best > 0:        # a win for the mover: hurry
            a, e = min(ties, key=lambda t: t[1].distance)
        elif best < 0:      # a loss: hold out as long as possible
            a, e = max(ties, key=lambda t: t[1].distance)
        else:               # a draw: the first drawing move
            a, e = ties[0]
        return EndgameEntry(e.value, a, e.distance + 1)

    # -- looking up --------------------------------------------------------------------------------
    def __getitem__(self, state) -> EndgameEntry:
        try:
            return self.entries[state]
        except KeyError:
            pass
        except TypeError:   # unhashable: certainly not a state of this game
            raise NotInTableError(f"{state!r} is not a state of {self.game!r} (states are hashable)") from None
        if state in self.moves:
            raise NotInTableError(f"{state!r} lies on a cycle of positions that retrograde analysis could "
                                  "not resolve (draws by repetition are out of scope)")
        raise NotInTableError(f"{state!r} is not in this table: it is not reachable from {self.root!r} "
                              f"in {self.game!r} ({len(self)} positions are)")

    def __contains__(self, state) -> bool:
        return state in self.moves

    def __len__(self) -> int:
        return len(self.moves)

    def value(self, state) -> float:
        """MAX's utility of ``state`` under optimal play: use it as ``evaluate=`` of a search."""
        return self[state].value

    def best_move(self, state):
        """The table's move in ``state`` (None if ``state`` is terminal)."""
        return self[state].action

    def distance(self, state) -> int:
        """Plies from ``state`` to the end of the game when both sides follow the table."""
        return self[state].distance

    def line(self, state=None) -> list:
        """The moves from ``state`` (the table's root by default) to the end, both sides playing the table."""
        state = self.root if state is None else state
        line = []
        while (a := self[state].action) is not None:
            line.append(a)
            state = self.game.result(state, a)
        return line

    def policy(self) -> Callable[[Any], dict]:
        """The table as a policy: state -> {best move: 1.0} (see :func:`gamelib.play`)."""
        def endgame_table_policy(state):
            move = self.best_move(state)
            if move is None:
                raise GameError(f"{state!r} is terminal: there is no move to make")
            return {move: 1.0}
        return endgame_table_policy

    def outcomes(self, include_terminal: bool = True) -> Counter:
        """How many resolved positions are a 'win', 'draw' or 'loss' for the player to move."""
        flag("include_terminal", include_terminal)
        counts = Counter({"win": 0, "draw": 0, "loss": 0})
        for s, e in self.entries.items():
            if include_terminal or e.action is not None:
                v = _for_mover(self.game.to_move(s), e.value)
                counts["win" if v > 0 else "loss" if v < 0 else "draw"] += 1
        return counts

    def __repr__(self):
        return (f"<EndgameTable of {self.game!r}: {len(self)} positions, {len(self.unresolved)} unresolved, "
                f"built in {self.seconds:.2f} s>")


def endgame_table(game, state=None, *, progress: bool = False,
                  max_positions: int | None = MAX_POSITIONS) -> EndgameTable:
    """Build the :class:`EndgameTable` of every position reachable from ``state`` by retrograde analysis
    (Zell's slides: "the lookup table can be made into a graph, where for each position the best move is
    already known"; AIMA 4th ed. §5.3.4, 3rd ed. §5.4.4).

    >>> from gamelib import GameTree
    >>> table = endgame_table(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))  # Fig. 5.2
    >>> table["A"], table.line()
    (EndgameEntry(value=3, action='a1', distance=2), ['a1', 'b1'])

    More than ``max_positions`` positions (default 200,000) raise :class:`~gamelib.core.TooLargeError`;
    ``max_positions=None`` builds the table whatever its size.
    """
    return EndgameTable(game, state, progress=progress, max_positions=max_positions)


# ---------------------------------------------------------------------------------------------------
# Opening books
# ---------------------------------------------------------------------------------------------------

class BookEntry(NamedTuple):
    """One opening-book position: the searched move, the search's value for MAX, and the ply (moves
    from the start) at which the position is first reached."""

    action: Any
    value: float
    ply: int


class OpeningBook:
    """Moves chosen once by a deep search for the positions near the start (built by :func:`opening_book`).

    ``book.lookup(state)`` is the stored move or None; ``book[state]`` the :class:`BookEntry`;
    ``len(book)`` the number of positions with a move; ``seconds`` the build time.
    """

    def __init__(self, game, entries: dict, search: Callable, root, plies: int, seconds: float):
        self.game, self.entries, self.search = game, entries, search
        self.root, self.plies, self.seconds = root, plies, seconds

    def lookup(self, state):
        """The book move in ``state``, or None if the book has no move there."""
        try:
            entry = self.entries.get(state)
        except TypeError:   # unhashable
            return None
        return None if entry is None else entry.action

    def __getitem__(self, state) -> BookEntry:
        try:
            return self.entries[state]
        except (KeyError, TypeError):
            raise NotInTableError(f"{state!r} is not in this opening book ({len(self)} positions within "
                                  f"{self.plies} plies of {self.root!r})") from None

    def __contains__(self, state) -> bool:
        return self.lookup(state) is not None

    def __len__(self) -> int:
        return len(self.entries)

    def policy(self, fallback: Callable | None = None) -> Callable[[Any], dict]:
        """Play from the book; outside it, ask ``fallback`` (default: the book's own search).

        ``fallback(state)`` may return a search result (its ``.action`` is played) or a policy's
        ``{move: probability}``.  The returned policy counts where its moves came from in
        ``policy.counts`` (``{'book': n, 'fallback': m}``).
        """
        fallback = self.search if fallback is None else function(
            "fallback", fallback, "a function state -> search result or {move: probability}, or None")
        counts = Counter({"book": 0, "fallback": 0})

        def opening_book_policy(state):
            move = self.lookup(state)
            if move is not None:
                counts["book"] += 1
                return {move: 1.0}
            out = fallback(state)
            if not isinstance(out, dict) and not hasattr(out, "action"):
                raise ArgumentError(f"the fallback returned {out!r} at {state!r}: it must return a search "
                                    "result (with .action) or a policy's {move: probability}")
            counts["fallback"] += 1              # counted once it has answered
            return dict(out) if isinstance(out, dict) else {out.action: 1.0}
        opening_book_policy.counts = counts
        return opening_book_policy

    def __repr__(self):
        return (f"<OpeningBook of {self.game!r}: {len(self)} positions within {self.plies} plies, "
                f"built in {self.seconds:.2f} s>")


def opening_book(game, plies: int, search: Callable, state=None, *, progress: bool = False,
                 max_positions: int | None = 10_000) -> OpeningBook:
    """An opening book (Zell's slides: "Opening tables in chess are very successful"; AIMA 4th ed. §5.3.4,
    3rd ed. §5.4.4): for every position reachable within ``plies`` moves of ``state`` (the initial state
    by default), the move chosen by ``search``, a callable state -> search result, e.g.
    ``lambda s: gamelib.alphabeta(game, s, depth=8, evaluate=...)``.

    Each position is searched once however many move orders reach it.  Terminal positions have no move;
    at CHANCE positions every outcome is followed (and nothing is stored: nobody chooses there).
    ``progress=True`` shows a tqdm bar over the searches.  More than ``max_positions`` positions
    within ``plies`` raise :class:`~gamelib.core.TooLargeError` before any search (each position costs
    a deep search); ``max_positions=None`` lifts the guard.

    >>> from gamelib import GameTree, minimax
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA Fig. 5.2
    >>> book = opening_book(tree, 1, lambda s: minimax(tree, s))
    >>> len(book), book.lookup("A"), book.lookup("D"), book.lookup("E")
    (4, 'a1', 'd3', None)
    """
    check_game(game)
    if not isinstance(plies, int) or isinstance(plies, bool) or plies < 0:
        raise ArgumentError(f"plies must be a whole number >= 0, got {plies!r}")
    function("search", search, "a function state -> search result, e.g. lambda s: alphabeta(game, s, "
                               "depth=8, evaluate=...)")
    flag("progress", progress)
    whole("max_positions", max_positions, 1, none=True)
    root = start_state(game, state)
    start = time.perf_counter()
    ply_of = {root: 0}                      # breadth first, so each position gets its smallest ply
    layer = [root]
    for ply in range(plies):
        following = []
        for s in layer:
            if game.is_terminal(s):
                continue
            if game.to_move(s) == CHANCE:
                outcomes = [o for o, _ in check_distribution(game.chance_outcomes(s),
                                                             f"chance outcomes of {s!r}")]
            else:
                outcomes = game.actions(s)
            for a in outcomes:
                child = game.result(s, a)
                if child not in ply_of:
                    ply_of[child] = ply + 1
                    following.append(child)
            guard_size(len(ply_of), max_positions, argument="max_positions",
                       what=f"the number of positions within {plies} plies (listed so far)")
        layer = following

    positions = [s for s in ply_of if not game.is_terminal(s) and game.to_move(s) != CHANCE]
    entries = {}
    bar = _bar(progress, "book positions searched", total=len(positions))
    try:
        for s in positions:
            found = search(s)
            if not (hasattr(found, "action") and hasattr(found, "value")):
                raise ArgumentError(f"search({s!r}) returned {found!r}: it must return a search result "
                                    "(with .action and .value), e.g. from gamelib.alphabeta")
            if found.action is None:
                raise GameError(f"the search returned no move for {s!r}; an opening book needs a search "
                                "that chooses a move (minimax, alphabeta, ...)")
            entries[s] = BookEntry(found.action, found.value, ply_of[s])
            bar.update()
    finally:
        bar.close()
    return OpeningBook(game, entries, search, root, plies, time.perf_counter() - start)
