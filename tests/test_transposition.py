"""The transposition table: flags read off the window, the depth rule, bounds used only where they
decide, bounded memory, counts."""
import math

import pytest

from gamelib.transposition import EXACT, LOWER, UPPER, Entry, TranspositionTable
from gamelib.games import TicTacToe
from gamelib import ArgumentError, GameError, StateError
from .bad_input import case, check_bad_input, correct, inf, nan, raised_clearly

INF = math.inf


@pytest.mark.parametrize("value, alpha, beta, flag", [
    (3, 3, 8, UPPER),      # v ≤ α: fail-low, the true value is at most 3
    (2, 3, 8, UPPER),
    (8, 3, 8, LOWER),      # v ≥ β: fail-high, at least 8
    (9, 3, 8, LOWER),
    (5, 3, 8, EXACT),
    (5, -INF, INF, EXACT),
    (4, 4, 4, UPPER),      # an empty window: v ≤ α is read first, as classify reads it
    (-INF, -INF, INF, UPPER),
    (INF, -INF, INF, LOWER),
])
def test_the_flag_is_read_off_the_window(value, alpha, beta, flag):
    assert TranspositionTable.classify(value, alpha, beta) == flag
    table = TranspositionTable()
    table.store("s", 2, value, alpha, beta, "m")
    assert table.get("s") == Entry(2, value, flag, "m")


def test_a_value_found_in_a_narrow_window_is_never_stored_as_exact():
    table = TranspositionTable()
    table.store("cut", 4, 7, alpha=0, beta=5)
    assert table.get("cut").flag == LOWER
    assert (table.get("cut").lower, table.get("cut").upper) == (7, INF)
    table.store("fail-low", 4, -1, alpha=0, beta=5)
    assert (table.get("fail-low").lower, table.get("fail-low").upper) == (-INF, -1)


def test_probe_only_uses_entries_searched_at_least_as_deep():
    table = TranspositionTable()
    table.store("s", 3, 5, -INF, INF, "m")
    assert table.probe("s", 3, -INF, INF).value == 5
    assert table.probe("s", 2, -INF, INF).value == 5          # deeper than asked is fine
    shallow = table.probe("s", 4, -INF, INF)
    assert shallow.value is None and shallow.entry is None
    assert shallow.move == "m"                                 # but its move still orders moves
    assert (shallow.alpha, shallow.beta) == (-INF, INF)
    assert table.probe("unknown", 1, 0, 1) == (None, 0, 1, None, None)


def test_an_exact_entry_decides_whatever_the_window():
    table = TranspositionTable()
    table.store("s", 3, 5, 0, 10)
    for window in [(-INF, INF), (6, 9), (0, 2)]:
        assert table.probe("s", 3, *window).value == 5


def test_bounds_cut_only_when_they_decide_and_otherwise_narrow_the_window():
    table = TranspositionTable()
    table.store("low", 3, 6, alpha=0, beta=6, move="x")       # LOWER: value ≥ 6
    assert table.probe("low", 3, 0, 6).value == 6              # ≥ 6 ≥ β: MIN above avoids it
    assert table.probe("low", 3, 0, 5).value == 6
    p = table.probe("low", 3, 0, 10)                           # 6 inside: only α rises
    assert (p.value, p.alpha, p.beta, p.move) == (None, 6, 10, "x")
    p = table.probe("low", 3, 7, 10)                           # 6 below α: tells nothing new
    assert (p.value, p.alpha, p.beta) == (None, 7, 10)
    table.store("up", 3, 2, alpha=2, beta=9)                   # UPPER: value ≤ 2
    assert table.probe("up", 3, 2, 9).value == 2
    p = table.probe("up", 3, 0, 9)
    assert (p.value, p.alpha, p.beta) == (None, 0, 2)
    assert table.stats()["cuts"] == 3 and table.stats()["hits"] == 6


def test_a_deeper_entry_is_kept_and_a_shallower_one_replaced():
    table = TranspositionTable()
    table.store("s", 5, 1, -INF, INF, "deep")
    table.store("s", 3, 9, -INF, INF, "shallow")
    assert table.get("s") == Entry(5, 1, EXACT, "deep")
    table.store("s", 5, 2, 2, INF, "same depth")               # equal depth: the newer result wins
    assert table.get("s") == Entry(5, 2, UPPER, "same depth")
    table.store("s", 6, 4, -INF, INF)                          # no move given: keep the stored one
    assert table.get("s") == Entry(6, 4, EXACT, "same depth")
    table.store("s", 7, 0, 1, 5, "junk", keep_move=True)       # fail-low: its move is no best move
    assert table.get("s") == Entry(7, 0, UPPER, "same depth")
    table.store("solved", INF, 1, -INF, INF)                   # searched to the end: any depth
    assert table.probe("solved", 100, -INF, INF).value == 1


def test_memory_is_bounded_oldest_entry_out():
    table = TranspositionTable(max_entries=3)
    for i in range(5):
        table.store(i, 1, i, -INF, INF)
    assert len(table) == 3 and 0 not in table and 1 not in table and 4 in table
    table.store(2, 2, 0, -INF, INF)                            # re-stored: now the newest
    table.store(5, 1, 0, -INF, INF)
    assert sorted(s for s in range(6) if s in table) == [2, 4, 5]
    assert table.stats() == {"entries": 3, "probes": 0, "hits": 0, "cuts": 0, "stores": 7, "evictions": 3}
    assert "3 of 3 entries" in repr(table)
    table.clear()
    assert len(table) == 0 and table.stats()["stores"] == 0
    with pytest.raises(ValueError, match="max_entries"):
        TranspositionTable(max_entries=0)


def test_best_move_and_counts():
    table = TranspositionTable()
    assert table.best_move("s") is None
    table.store("s", 1, 0, -INF, INF, "m")
    assert table.best_move("s") == "m"
    table.probe("s", 1, -INF, INF)
    table.probe("s", 2, -INF, INF)
    assert table.stats() == {"entries": 1, "probes": 2, "hits": 1, "cuts": 1, "stores": 1, "evictions": 0}


def test_items_lists_what_the_table_holds():
    table = TranspositionTable()
    table.store("A", 2, 5, 0, 10, "a1")
    table.store("B", 1, 12, 0, 10, "b1")
    assert [(s, e.flag) for s, e in table.items()] == [("A", EXACT), ("B", LOWER)]


def _replayed_line(game, table, state, plies):
    """The principal variation below ``state`` the obvious way: replay the table's best moves."""
    out = []
    while len(out) < plies:
        m = table.best_move(state)
        if m is None or game.is_terminal(state) or m not in game.actions(state):
            break
        out.append(m)
        state = game.result(state, m)
    return out


def test_the_tables_line_follows_stored_states_exactly_as_replaying_the_moves_would():
    from gamelib.games.connect4 import Connect4, center_first, evaluation
    from gamelib.limits import search
    for game, kwargs in ((TicTacToe(), dict(depth=9, evaluate=lambda s: 0)),
                         (Connect4(), dict(depth=6, evaluate=evaluation(), order=center_first))):
        table = TranspositionTable()
        search(game, table=table, killers=True, history=True, **kwargs)
        states = [s for s, _ in table.items()]
        assert len(states) > 100
        for s in states:
            assert table.line(game, s, 9) == _replayed_line(game, table, s, 9)
    # A move stored from outside a search has no known next state: it is replayed, if legal.
    game, table = TicTacToe(), TranspositionTable()
    s0 = game.initial_state
    table.store(s0, depth=2, value=0, alpha=-1, beta=1, move=(1, 1))
    table.store(game.result(s0, (1, 1)), depth=1, value=0, alpha=-1, beta=1, move=(1, 1))  # illegal there
    assert table.line(game, s0, 5) == [(1, 1)] == _replayed_line(game, table, s0, 5)


def test_probe_answers_as_the_entrys_bounds_say():
    table = TranspositionTable()
    for state, flag_value in (("x", (EXACT, 3)), ("lo", (LOWER, 3)), ("up", (UPPER, 3))):
        flag, v = flag_value
        alpha, beta = {EXACT: (0, 9), LOWER: (0, 3), UPPER: (3, 9)}[flag]
        table.store(state, depth=2, value=v, alpha=alpha, beta=beta, move="m")
        assert table.get(state) == Entry(2, v, flag, "m")
    for state, alpha, beta in [("x", 0, 9), ("lo", 0, 2), ("lo", 0, 9), ("lo", 4, 9), ("up", 4, 9),
                               ("up", 0, 2), ("up", 0, 9), ("missing", 0, 9)]:
        probe = table.probe(state, 2, alpha, beta)
        entry = table.get(state)
        lower = -float("inf") if entry is None or entry.flag == UPPER else entry.value
        upper = float("inf") if entry is None or entry.flag == LOWER else entry.value
        decides = entry is not None and (lower == upper or lower >= beta or upper <= alpha)
        assert probe.value == (entry.value if decides else None)
        if entry is not None and not decides:
            assert (probe.alpha, probe.beta) == (max(alpha, lower), min(beta, upper))
        assert table.probe_unchecked(state, 2, alpha, beta) == tuple(probe)
    assert table.probe("x", 3, 0, 9) == (None, 0, 9, "m", None)        # too shallow: only the move


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: TranspositionTable(0), ArgumentError, "max_entries", id="TranspositionTable(0)"),
    case(lambda: TranspositionTable(True), ArgumentError, "max_entries", id="TranspositionTable(True)"),
    case(lambda: TranspositionTable().store("s", 1, nan, -inf, inf), ArgumentError, "value", id="store NaN value"),
    case(lambda: TranspositionTable().store("s", -1, 0, -inf, inf), ArgumentError, "depth", id="store depth=-1"),
    case(lambda: TranspositionTable().store("s", 1, 0, 2, 1), ArgumentError, "alpha <= beta", id="store alpha > beta"),
    case(lambda: TranspositionTable().store(["s"], 1, 0, -inf, inf), StateError, "hashable",
         id="store unhashable state"),
    case(lambda: TranspositionTable().probe("s", 1, nan, inf), ArgumentError, "alpha", id="probe alpha=nan"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_a_failed_store_leaves_the_table_as_it_was():
    table = TranspositionTable(max_entries=2)
    table.store("s", 1, 5, -inf, inf, "m")
    table.store("t", 1, 6, -inf, inf, "n")
    before = (dict(table.items()), table.stats())
    for bad in (dict(value=None), dict(value=nan), dict(value="x"), dict(depth=nan), dict(alpha=5, beta=1)):
        args = dict(state="s", depth=2, value=1, alpha=-inf, beta=inf) | bad
        with pytest.raises(GameError) as caught:
            table.store(**args)
        raised_clearly(caught.value)
        with pytest.raises(GameError) as caught:                  # a new state at a full table
            table.store(**(args | {"state": "u"}))
        raised_clearly(caught.value)
        correct((dict(table.items()), table.stats()) == before)
