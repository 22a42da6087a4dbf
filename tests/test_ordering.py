"""Killer moves and the history heuristic: the bookkeeping, and that they cut nodes without changing
values."""
import pytest

from gamelib import alphabeta
from gamelib.games import TicTacToe
from gamelib.limits import search
from gamelib.ordering import HistoryTable, KillerMoves, move_to_front


def test_killers_keep_the_newest_distinct_moves_per_ply():
    k = KillerMoves()
    assert k.moves(3) == ()
    for m in ["a", "b", "a", "c"]:
        k.record(3, m)
    assert k.moves(3) == ("c", "a")
    k.record(3, "c")                       # already first: nothing moves
    assert k.moves(3) == ("c", "a")
    k.record(4, "z")
    assert k.moves(4) == ("z",) and k.moves(3) == ("c", "a")
    three = KillerMoves(slots=3)
    for m in "abcd":
        three.record(0, m)
    assert three.moves(0) == ("d", "c", "b")
    k.clear()
    assert k.moves(3) == ()
    with pytest.raises(ValueError, match="slots"):
        KillerMoves(slots=0)


def test_history_credits_deep_cutoffs_more():
    h = HistoryTable()
    h.record("MAX", "a", 3)                # 9
    h.record("MAX", "b", 2)                # 4
    h.record("MAX", "b", 2)                # 8
    h.record("MIN", "c", 5)                # another player's credit
    h.record("MAX", "d", -2)               # a quiescence ply counts as depth 1
    assert [h.score("MAX", m) for m in "abcd"] == [9, 8, 0, 1]
    assert h.order("MAX", ["c", "d", "b", "a", "e"]) == ["a", "b", "d", "c", "e"]   # ties keep order
    assert h.order("MIN", ["a", "c"]) == ["c", "a"]
    power = HistoryTable(weight="power")
    power.record("MAX", "a", 3)
    assert power.score("MAX", "a") == 8
    assert len(h) == 4
    h.clear()
    assert len(h) == 0
    with pytest.raises(ValueError, match="weight"):
        HistoryTable(weight="cube")


def test_move_to_front_keeps_only_legal_preferred_moves():
    assert move_to_front(("a", "b", "c"), []) == ["a", "b", "c"]
    assert move_to_front(("a", "b", "c"), ["c", "b"]) == ["c", "b", "a"]
    assert move_to_front(("a", "b", "c"), [None, "z"]) == ["a", "b", "c"]


def test_killers_and_history_fill_up_during_a_search():
    game = TicTacToe()
    killers, history = KillerMoves(), HistoryTable()
    result = search(game, depth=9, evaluate=lambda s: 0, killers=killers, history=history)
    assert result.value == 0
    assert all(len(killers.moves(ply)) == 2 for ply in range(1, 8))
    assert len(history) > 0


def test_ordering_heuristics_cut_nodes_on_tic_tac_toe_but_not_the_value():
    game = TicTacToe("X...O....")
    plain = alphabeta(game, depth=7, evaluate=lambda s: 0)
    both = search(game, depth=7, evaluate=lambda s: 0, killers=True, history=True)
    assert both.value == plain.value
    assert both.nodes < plain.nodes
