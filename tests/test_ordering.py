"""Killer moves and the history heuristic: the bookkeeping, and that they cut nodes without changing
values."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import alphabeta
from gamelib.games import TicTacToe
from gamelib.limits import search
from gamelib.ordering import HistoryTable, KillerMoves, move_to_front
from hypothesis import settings
from gamelib import MAX, MIN, ArgumentError, GameError
from .bad_input import case, check_bad_input, correct, nan, raised_clearly


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


@given(st.permutations(range(7)), st.lists(st.one_of(st.none(), st.integers(-1, 8)), max_size=6))
def test_move_to_front_is_the_preferred_legal_moves_then_the_rest_in_order(actions, preferred):
    # The definition, written plainly: move_to_front's speed (list.remove) must not change it.
    front = []
    for m in preferred:
        if m is not None and m in actions and m not in front:
            front.append(m)
    expected = front + [a for a in actions if a not in front]
    assert move_to_front(tuple(actions), preferred) == expected
    assert move_to_front(list(actions), tuple(preferred)) == expected


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


def test_a_given_order_keeps_its_first_choice_ahead_of_killers_and_history():
    """The rule of gamelib.limits._move_order: the table's move, then ``order``'s favourite, then the
    killers, then history; without ``order`` (the game's own listing is no heuristic) the killers come
    right after the table's move."""
    from gamelib.limits import _move_order
    killers, history = KillerMoves(), HistoryTable()
    killers.record(2, "k")
    history.record("MAX", "h", depth=3)
    acts = ["f", "a", "h", "k", "t"]
    common = dict(player="MAX", ply=2, first=None, hint="t", killers=killers, history=history)
    assert _move_order(acts, favourite="f", **common) == ["t", "f", "k", "h", "a"]
    assert _move_order(acts, favourite=None, **common) == ["t", "k", "h", "f", "a"]


@given(st.permutations(range(6)), st.one_of(st.none(), st.integers(-1, 6)),
       st.one_of(st.none(), st.integers(-1, 6)), st.booleans())
def test_move_order_without_killers_or_history_is_move_to_front(actions, first, hint, ordered):
    """limits._move_order hands ``acts`` back untouched when nothing would move (its fast path, taken at
    most nodes of a search with only a table): the order must still be move_to_front's."""
    from gamelib.limits import _move_order
    acts = tuple(actions)
    favourite = acts[0] if ordered else None
    got = _move_order(acts, player="MAX", ply=1, first=first, hint=hint, favourite=favourite, killers=None,
                      history=None)
    assert list(got) == move_to_front(acts, (first, hint, favourite))


@pytest.mark.parametrize("depth, at_most", [(8, 1221), (10, 7484)])
def test_killers_and_history_evaluate_fewer_connect_four_positions_than_centre_first(depth, at_most):
    """Killers and history used to push the centre aside: at depth 10 search with table + killers +
    history evaluated 10,277 distinct positions, against 7,484 for centre-first alpha-beta (and the
    evaluations are most of the time).  With ``order``'s favourite kept ahead of them, it evaluates
    4,957 (1,213 at depth 8, against 1,221), with the same value."""
    from gamelib.games.connect4 import Connect4, center_first, evaluation
    game = Connect4()
    plain_eval, ours_eval = evaluation(), evaluation()
    plain = alphabeta(game, depth=depth, evaluate=plain_eval, order=center_first)
    ours = search(game, depth=depth, evaluate=ours_eval, table=True, killers=True, history=True,
                  order=center_first)
    assert ours.value == plain.value
    assert len(plain_eval.memo) == at_most
    assert len(ours_eval.memo) <= at_most and ours.nodes < plain.nodes


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["MAX", "MIN"]), st.integers(0, 8), st.integers(-2, 6)),
                max_size=40),
       st.sampled_from(["square", "power"]))
def test_history_orders_as_sorting_by_minus_credit_would(records, weight):
    history, credit = HistoryTable(weight), {}
    for player, move, depth in records:
        history.record(player, move, depth)
        add = max(depth, 1) ** 2 if weight == "square" else 2 ** max(depth, 1)
        credit[player, move] = credit.get((player, move), 0.0) + add
    assert len(history) == len(credit)
    for player in ("MAX", "MIN"):
        moves = [3, 1, 4, 0, 5, 2, 6, 8, 7]
        assert history.order(player, moves) == sorted(moves, key=lambda m: -credit.get((player, m), 0.0))
        assert all(history.score(player, m) == credit.get((player, m), 0.0) for m in moves)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5)), max_size=40), st.integers(1, 3))
def test_killers_keep_what_the_plain_rule_keeps(records, slots):
    killers, plain = KillerMoves(slots), {}
    for ply, move in records:
        killers.record(ply, move)
        old = plain.get(ply, ())
        plain[ply] = old if old and old[0] == move else ((move,) + tuple(m for m in old if m != move))[:slots]
    assert all(killers.moves(ply) == plain.get(ply, ()) for ply in range(4))


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: KillerMoves(0), ArgumentError, "slots", id="KillerMoves(0)"),
    case(lambda: KillerMoves().record(-1, "a"), ArgumentError, "ply", id="KillerMoves.record ply=-1"),
    case(lambda: KillerMoves().record(1.5, "a"), ArgumentError, "ply", id="KillerMoves.record ply=1.5"),
    case(lambda: HistoryTable("cube"), ArgumentError, "weight", id="HistoryTable('cube')"),
    case(lambda: HistoryTable().record("BOB", "a", 2), ArgumentError, "player", id="HistoryTable.record player BOB"),
    case(lambda: HistoryTable().record(MAX, "a", nan), ArgumentError, "depth", id="HistoryTable.record depth=nan"),
    case(lambda: HistoryTable().record(MAX, "a", "2"), ArgumentError, "depth", id="HistoryTable.record depth='2'"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_failed_heuristic_updates_change_nothing():
    killers, history = KillerMoves(), HistoryTable()
    killers.record(2, "a")
    history.record(MAX, "a", 3)
    for call in (lambda: killers.record(-1, "b"), lambda: history.record("BOB", "b", 2),
                 lambda: history.record(MIN, "b", nan)):
        with pytest.raises(GameError) as caught:
            call()
        raised_clearly(caught.value)
    correct(killers.moves(2) == ("a",) and len(history) == 1 and history.score(MAX, "a") == 9)
