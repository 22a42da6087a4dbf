"""Null-move and futility pruning in gamelib.limits.search (issue 14): off by default and then plain
alpha-beta event for event; with a margin no move can beat, futility pruning keeps alpha-beta's value;
on Connect Four both save nodes and keep the move from the empty board; the zugzwang position where
null-move pruning throws a win away; the effective branching factor; bad input."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import ArgumentError, GameTree, alphabeta
from gamelib.experiments import pruning as xp
from gamelib.games import Connect4
from gamelib.games.connect4 import center_first, evaluation, is_quiet, null_move
from gamelib.limits import NULL_MOVE, DepthReport, iterative_deepening, search

from ..strategies import nested_specs
from ..strategies import label_hash

GAME = Connect4()


@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans())
def test_with_both_off_search_is_alphabeta_event_for_event(spec, depth, on_equality):
    tree = GameTree.from_nested(spec)
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True,
                  null_move=None, futility=None, null_reduction=3)
    assert ours.trace == plain.trace and ours[:3] == plain[:3]


@given(spec=nested_specs(), depth=st.integers(1, 5), on_equality=st.booleans())
def test_futility_with_a_margin_no_move_can_beat_keeps_the_value(spec, depth, on_equality):
    """Leaves and evaluations lie in [-5, 5]: no move gains more than 10 over the static value, so a
    margin of 11 never skips a move that matters."""
    tree = GameTree.from_nested(spec)
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, futility=11)
    assert ours.value == plain.value


def test_null_move_saves_nodes_on_connect_four_and_keeps_the_opening_move():
    kw = dict(depth=7, evaluate=evaluation(), order=center_first, table=True, killers=True, history=True)
    plain = search(GAME, **kw)
    null = search(GAME, **kw, null_move=null_move, trace=True)
    assert null.nodes < 0.85 * plain.nodes                    # 19 % fewer (2,137 against 2,643)
    assert null.action == plain.action == 3
    passes = [e for e in null.trace if e.kind == "enter" and e.action is NULL_MOVE]
    assert passes and all(e.depth > 1 for e in passes)       # never at the root, never a pass at ply 1
    assert sum(e.kind == "enter" for e in null.trace) == null.nodes
    assert repr(NULL_MOVE) == "NULL_MOVE"
    assert not null.solved


def test_futility_skips_quiet_moves_and_lists_them():
    state = GAME.from_moves("3342252")
    kw = dict(depth=6, evaluate=evaluation(), order=center_first, table=True, killers=True, history=True)
    plain = search(GAME, state, **kw)
    fut = search(GAME, state, **kw, futility=0.02, quiescent=is_quiet, quiescence_depth=0, trace=True)
    assert fut.nodes < plain.nodes and fut.action == plain.action
    assert any(e.kind == "prune" and e.skipped for e in fut.trace)


def test_the_null_move_is_a_pass():
    s = GAME.from_moves("33")
    p = null_move(s)
    assert (p.x, p.o, p.to_move) == (s.x, s.o, "MIN") and null_move(p) == s


def test_zugzwang_null_move_pruning_throws_a_win_away():
    z = xp.zugzwang_example()
    assert z.plain.action == 5 and z.exact[5] == 1           # plain alpha-beta finds the win
    assert z.null.action == 4 and z.exact[4] == -1           # with null-move pruning: a lost move
    assert z.plain.value == 1 and z.null.value < 1


def test_effective_branching_factor_from_iterative_deepening():
    rows = [DepthReport(d, 0, None, n, 0) for d, n in ((1, 10), (2, 30), (3, 90), (4, 270))]
    b = xp.effective_branching_factor(rows)
    assert b.per_depth == [3, 3, 3] and b.overall == pytest.approx(3)
    assert math.isnan(xp.effective_branching_factor(rows[:1]).overall)
    r = iterative_deepening(GAME, evaluate=evaluation(), max_depth=6, order=center_first, null_move=null_move)
    assert r.depth == 6 and 1 < xp.effective_branching_factor(r.per_depth).overall < 7


def test_pruning_table_rows():
    rows = xp.pruning_table(max_depth=7)
    by = {r.option: r for r in rows}
    assert list(by) == list(xp.OPTIONS)
    assert by["null move"].nodes < by["alpha-beta"].nodes and by["both"].nodes < by["alpha-beta"].nodes
    assert by["null move"].ebf < by["alpha-beta"].ebf
    assert all(r.action == 3 for r in rows)


@pytest.mark.parametrize("kwargs, message", [
    ({"null_move": 3}, "null_move must be a function"),
    ({"null_reduction": -1}, "null_reduction"),
    ({"null_reduction": 1.5}, "null_reduction"),
    ({"futility": -0.1}, "futility must be a margin"),
    ({"futility": float("nan")}, "futility"),
    ({"futility": "big"}, "futility"),
])
def test_bad_pruning_options(kwargs, message):
    with pytest.raises(ArgumentError, match=message):
        search(GAME, depth=2, evaluate=evaluation(), **kwargs)
    with pytest.raises(ArgumentError, match=message):
        iterative_deepening(GAME, evaluate=evaluation(), max_depth=2, **kwargs)
