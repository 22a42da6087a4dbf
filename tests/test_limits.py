"""Search under resource limits: gamelib.limits.search and iterative_deepening (AIMA 4th ed. §5.3)."""
import math
import warnings

import pytest

from gamelib import GameError, GameTree, alphabeta
from gamelib.games import TicTacToe
from gamelib.games.tictactoe import LINES
from gamelib.limits import DepthReport, iterative_deepening, search
from gamelib.transposition import TranspositionTable

from .pins import check_pins
from .strategies import FIG_5_2, label_hash
import random
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from gamelib import MAX, MIN, Game
from gamelib.transposition import EXACT
from .strategies import nested_specs
from gamelib import ArgumentError
from gamelib.experiments import pruning as xp
from gamelib.games import Connect4
from gamelib.games.connect4 import center_first, evaluation, is_quiet, null_move
from gamelib.limits import NULL_MOVE
import hashlib
from gamelib.ordering import HistoryTable, KillerMoves
from gamelib import EvaluationError, SearchDepthError
from gamelib.games import Halving
from gamelib.games import connect4 as c4mod
from gamelib.limits import search as limited
from .bad_input import C4, PIG10, TTT, ZERO, case, check_bad_input, correct, nan, raised_clearly


def zero(state):
    return 0


def x_threats(board):
    """A naive tic-tac-toe evaluation: a tenth of a point per line where X has two and the third is
    empty.  It never looks at O's threats."""
    return sum(sorted(board.squares[i] for i in line) == [".", "X", "X"] for line in LINES) / 10


def no_win_in_one(game):
    """Quiet: the player to move cannot complete a line at once."""
    return lambda s: not any(game.result(s, a).winner_utility for a in game.actions(s))


# -- with every option off, search is alphabeta ----------------------------------------------------

@pytest.mark.parametrize("on_equality", [True, False])
def test_all_options_off_is_alphabeta_event_for_event(on_equality):
    cases = [(GameTree.from_nested(FIG_5_2), None, d) for d in range(4)]
    cases += [(GameTree.random(3, 5, seed=seed), None, d) for seed in range(3) for d in (2, 5)]
    cases += [(TicTacToe(), None, d) for d in (1, 2, 3)] + [(TicTacToe("X...O...."), None, 9)]
    for game, state, depth in cases:
        evaluate = label_hash if isinstance(game, GameTree) else x_threats
        plain = alphabeta(game, state, depth=depth, evaluate=evaluate, prune_on_equality=on_equality,
                          trace=True)
        ours = search(game, state, depth=depth, evaluate=evaluate, prune_on_equality=on_equality,
                      trace=True)
        assert ours.trace == plain.trace
        assert ours[:3] == plain[:3] and ours.visited == plain.visited


def test_a_fixed_order_is_alphabetas_order():
    def reverse(state, actions):
        return tuple(reversed(actions))
    for game, evaluate in [(GameTree.from_nested(FIG_5_2), label_hash), (TicTacToe("X...O...."), x_threats)]:
        plain = alphabeta(game, depth=4, evaluate=evaluate, order=reverse, trace=True)
        ours = search(game, depth=4, evaluate=evaluate, order=reverse, trace=True)
        assert ours.trace == plain.trace
    result = iterative_deepening(TicTacToe(), evaluate=x_threats, max_depth=3, order=reverse)
    assert result.value == alphabeta(TicTacToe(), depth=3, evaluate=x_threats).value


def test_the_result_reads_like_a_search_result():
    result = search(GameTree.from_nested(FIG_5_2), depth=2, evaluate=zero)
    assert result[:3] == (3, "a1", 11) and result.trace is None
    assert result.pv == ["a1", "b1"] and result.solved
    with pytest.raises(ValueError, match="trace=True"):
        _ = result.visited


def test_the_principal_variation_leads_to_the_leaf_that_gives_the_value():
    game = TicTacToe()
    for depth in range(1, 6):
        result = search(game, depth=depth, evaluate=x_threats)
        assert len(result.pv) == depth and result.pv[0] == result.action
        s = game.initial_state
        for a in result.pv:
            s = game.result(s, a)
        assert x_threats(s) == result.value
    tree = GameTree.random(3, 4, seed=1)
    result = search(tree, depth=4, evaluate=zero)
    s = "A"
    for a in result.pv:
        s = tree.result(s, a)
    assert tree.is_terminal(s) and tree.utility(s, "MAX") == result.value


def test_solved_means_the_depth_limit_was_never_used():
    assert search(TicTacToe(), depth=9, evaluate=zero).solved
    assert not search(TicTacToe(), depth=8, evaluate=zero).solved
    assert search(TicTacToe("XX.OO...."), depth=1, evaluate=zero).solved is False
    assert search(TicTacToe("XXXOO...."), depth=0, evaluate=zero)[:3] == (1, None, 1)


def test_bad_arguments_are_named():
    tree = GameTree.from_nested(FIG_5_2)
    with pytest.raises(GameError, match="needs evaluate="):
        search(tree, depth=2, evaluate=None)
    with pytest.raises(GameError, match="depth must be a whole number"):
        search(tree, depth=-1, evaluate=zero)
    with pytest.raises(GameError, match="beam must be a whole number of moves >= 1, got 0"):
        search(tree, depth=2, evaluate=zero, beam=0)
    with pytest.raises(GameError, match="quiescence_depth"):
        search(tree, depth=2, evaluate=zero, quiescence_depth=-1)
    with pytest.raises(GameError, match="expectiminimax"):
        from gamelib import chance
        search(GameTree.from_nested([chance((0.5, 1), (0.5, 2))]), depth=3, evaluate=zero)
    with pytest.raises(GameError, match="max_depth"):
        iterative_deepening(tree, evaluate=zero, max_depth=0)


# -- the transposition table -----------------------------------------------------------------------

def test_a_table_saves_nodes_on_tic_tac_toe_and_keeps_the_value():
    game = TicTacToe()
    plain = search(game, depth=9, evaluate=zero)
    table = TranspositionTable()
    with_table = search(game, depth=9, evaluate=zero, table=table)
    assert (with_table.value, plain.value) == (0, 0)
    assert with_table.nodes < plain.nodes / 3
    stats = table.stats()
    assert stats["cuts"] > 0 and stats["stores"] >= len(table) > 0
    # Searched again with the same table: the root is never cut (it keeps its action), its children are.
    again = search(game, depth=9, evaluate=zero, table=table)
    assert again.value == 0 and again.action is not None and again.nodes == 1 + 9


def test_a_table_hit_closes_the_node_with_a_prune_that_skips_every_action():
    game = TicTacToe()
    result = search(game, depth=4, evaluate=x_threats, table=True, trace=True)
    hits = [e for e in result.trace if e.kind == "prune" and len(e.skipped) == len(game.actions(e.state))]
    assert hits
    enters = sum(e.kind == "enter" for e in result.trace)
    assert enters == result.nodes == len(result.trace) - enters


def test_an_entry_searched_deeper_stands_in_for_a_shallower_search():
    # The depth >= d rule: after a 4-ply search, a 2-ply search with the same table gets the 4-ply
    # value (better informed), not plain alpha-beta's 2-ply value.
    tree = GameTree.random(2, 4, seed=0)
    table = TranspositionTable()
    deep = search(tree, depth=4, evaluate=label_hash, table=table)
    assert deep.value == alphabeta(tree, depth=4, evaluate=label_hash).value == 49
    assert alphabeta(tree, depth=2, evaluate=label_hash).value == -1
    assert search(tree, depth=2, evaluate=label_hash, table=table).value == 49
    assert search(tree, depth=2, evaluate=label_hash, table=TranspositionTable()).value == -1


def test_a_tiny_table_still_gives_the_right_value():
    table = TranspositionTable(max_entries=10)
    assert search(TicTacToe(), depth=9, evaluate=zero, table=table).value == 0
    assert len(table) == 10 and table.evictions > 0


# -- move ordering ---------------------------------------------------------------------------------

def test_first_moves_are_tried_first_along_their_line():
    tree = GameTree.from_nested(FIG_5_2)
    result = search(tree, depth=2, evaluate=zero, first_moves=["a3", "d3"], trace=True)
    assert result.visited[:3] == ["A", "D", "M"]
    assert result.value == 3
    as_map = search(tree, depth=2, evaluate=zero, first_moves={"A": "a2", "C": "c3"}, trace=True)
    assert as_map.visited[:3] == ["A", "C", "J"]
    # Moves that are not legal (or a line that goes astray) are ignored.
    assert search(tree, depth=2, evaluate=zero, first_moves=["zz", "a1"], trace=True).visited[:2] == ["A", "B"]


def test_best_first_ordering_from_the_table_helps_the_next_search():
    game = TicTacToe("X...O....")
    table = TranspositionTable()
    first = search(game, depth=6, evaluate=x_threats, table=table)
    cold = search(game, depth=7, evaluate=x_threats)
    warm = search(game, depth=7, evaluate=x_threats, table=table, first_moves=first.pv)
    assert warm.value == cold.value
    assert warm.nodes < cold.nodes


# -- quiescence: the horizon effect ----------------------------------------------------------------

def test_quiescence_looks_past_the_horizon_on_a_small_tree():
    # At depth 1, B looks good (3) but MIN can take 10 from MAX at once; C is quiet.
    tree = GameTree.from_nested([[-10, 4], [1, 2]])
    looks = {"B": 3, "C": 1}.get
    noisy = {"B"}
    fooled = search(tree, depth=1, evaluate=looks)
    assert fooled[:2] == (3, "a1")                                     # the horizon effect
    careful = search(tree, depth=1, evaluate=looks, quiescent=lambda s: s not in noisy)
    assert careful[:2] == (1, "a2") and careful.pv == ["a2"]
    assert search(tree, depth=1, evaluate=looks, quiescent=lambda s: s not in noisy,
                  quiescence_depth=0)[:2] == (3, "a1")                 # no extra plies allowed


def test_quiescence_blocks_the_win_a_naive_evaluation_walks_into():
    # X has a fork at (2, 2), and an evaluation that counts only X's threats loves it; but O wins
    # first at (0, 0).  At depth 1 the loss is just over the horizon.
    game = TicTacToe("...OXXO..")
    fooled = search(game, depth=1, evaluate=x_threats)
    assert fooled.action == (2, 2)
    assert alphabeta(game, game.result(game.initial_state, (2, 2))).value == -1
    careful = search(game, depth=1, evaluate=x_threats, quiescent=no_win_in_one(game), trace=True)
    assert careful.action == (0, 0)
    assert alphabeta(game).action == (0, 0)
    assert max(e.depth for e in careful.trace) == 2                    # one ply past the horizon


def test_quiescence_depth_bounds_the_extension():
    game = TicTacToe()
    never_quiet = search(game, depth=2, evaluate=x_threats, quiescent=lambda s: False,
                         quiescence_depth=3, trace=True)
    assert max(e.depth for e in never_quiet.trace) == 5
    assert never_quiet.value == alphabeta(game, depth=5, evaluate=x_threats).value
    always_quiet = search(game, depth=2, evaluate=x_threats, quiescent=lambda s: True, trace=True)
    assert always_quiet.trace == alphabeta(game, depth=2, evaluate=x_threats, trace=True).trace


# -- beam search: forward pruning can lose the best move --------------------------------------------

def test_a_beam_of_one_loses_the_best_move():
    # B looks worse than C to the evaluation, but is really better.
    tree = GameTree.from_nested([[10, 12], [1, 9]])
    misleading = {"B": 0, "C": 5}.get
    plain = search(tree, depth=2, evaluate=misleading)
    assert plain[:2] == (10, "a1")
    narrow = search(tree, depth=2, evaluate=misleading, beam=1, trace=True)
    assert narrow[:2] == (1, "a2")
    assert narrow.visited == ["A", "C", "F"]
    assert ("A", ("a1",)) in [(e.state, e.skipped) for e in narrow.trace if e.kind == "prune"]
    assert not narrow.solved
    assert search(tree, depth=2, evaluate=misleading, beam=2)[:2] == (10, "a1")


def test_a_beam_orders_moves_best_first_for_the_player_to_move():
    tree = GameTree.from_nested([[5, 1, 3], [0]])      # B's children D, E, F; C's child G
    result = search(tree, depth=2, evaluate=zero, beam=3, trace=True)
    assert result.visited == ["A", "B", "E", "F", "D", "C", "G"]   # MIN at B: 1, 3, 5
    assert result.value == 1 and result.solved


# -- iterative deepening ---------------------------------------------------------------------------

def test_iterative_deepening_reports_every_depth():
    game = TicTacToe("X...O....")
    result = iterative_deepening(game, evaluate=x_threats, max_depth=5)
    assert result.depth == 5 and result.stopped == "max_depth"
    assert [r.depth for r in result.per_depth] == [1, 2, 3, 4, 5]
    assert all(isinstance(r, DepthReport) and r.seconds >= 0 for r in result.per_depth)
    for r in result.per_depth:
        assert r.value == alphabeta(game, depth=r.depth, evaluate=x_threats).value
    assert (result.value, result.action) == result.per_depth[-1][1:3]
    assert result.nodes == sum(r.nodes for r in result.per_depth)
    assert result.pv[0] == result.action and len(result.pv) == 5
    assert result.table is not None and result.table.stats()["stores"] > 0


def test_iterative_deepening_stops_when_the_game_is_solved():
    result = iterative_deepening(TicTacToe(), evaluate=zero)
    assert result.stopped == "solved" and result.depth == 9 and result.value == 0
    plain = iterative_deepening(TicTacToe(), evaluate=zero, table=False, killers=False, history=False)
    assert plain.value == 0 and plain.nodes > 2 * result.nodes


class FakeClock:
    """A clock that advances one 'second' per evaluation, so time limits are exact in tests."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        return self.now

    def evaluate(self, board):
        self.now += 1
        return x_threats(board)


def test_the_time_limit_discards_the_interrupted_iteration(monkeypatch):
    from gamelib import limits
    clock = FakeClock()
    monkeypatch.setattr(limits, "time", clock)
    game = TicTacToe()
    # Plain alpha-beta from the empty board evaluates 9, 16, 71, 205, 756, 2394 states at depths
    # 1..6: depths 1-5 take 1057 'seconds', depth 6 would end at 3451.
    result = iterative_deepening(game, evaluate=clock.evaluate, time_limit=2000,
                                 table=False, killers=False, history=False)
    assert (result.stopped, result.depth) == ("time", 5)
    assert clock.now < 3451                                        # depth 6 was cut short ...
    assert result.nodes > sum(r.nodes for r in result.per_depth)   # ... and its work counted
    assert result.value == alphabeta(game, depth=5, evaluate=x_threats).value


def test_depth_one_always_completes():
    result = iterative_deepening(TicTacToe(), evaluate=x_threats, time_limit=0)
    assert result.depth == 1 and result.stopped == "time" and result.action is not None


def test_progress_bar_over_depths(capsys):
    result = iterative_deepening(TicTacToe(), evaluate=x_threats, max_depth=3, progress=True)
    assert result.depth == 3
    assert "iterative deepening" in capsys.readouterr().err


def test_a_terminal_root():
    game = TicTacToe("XXXOO....")
    result = iterative_deepening(game, evaluate=zero)
    assert (result.value, result.action, result.depth, result.stopped) == (1, None, 1, "solved")
    assert math.isfinite(result.seconds)


# -- pins: every option's trace, value, move, nodes, line and table counts, to the bit ---------------
# Measured on the search as it stood before its option groups became parameter objects and its
# numbered steps helper functions (issue 24): a refactor must leave every event where it was.  Re-pinned
# in this form (issue 34: a failure says what changed) from code that still matched the SHA-256 digests of
# the traces and outcomes they replaced.

def _pinned_cases():
    """name -> (game, state, options) of a search to pin; every table is an instance, to read its counts."""
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet, null_move
    ttt, c4 = TicTacToe(), Connect4()
    mid = c4.from_moves("3342252")
    tree = GameTree.random(3, 6, seed=7)
    tkh = lambda: dict(table=TranspositionTable(), killers=True, history=True)   # noqa: E731
    return {
        "ttt d9 strict": (TicTacToe("X...O...."), None, dict(depth=9, evaluate=zero, prune_on_equality=False)),
        "ttt d4 quiescent tkh": (ttt, None, dict(depth=4, evaluate=x_threats, quiescent=no_win_in_one(ttt),
                                                 quiescence_depth=2, **tkh())),
        "ttt d3 beam2 strict": (ttt, None, dict(depth=3, evaluate=x_threats, beam=2, prune_on_equality=False)),
        "c4 d6 null": (c4, None, dict(depth=6, evaluate=evaluation(), order=center_first, null_move=null_move)),
        "c4 d6 null R1 tkh": (c4, None, dict(depth=6, evaluate=evaluation(), order=center_first,
                                             null_move=null_move, null_reduction=1, **tkh())),
        "c4 mid d6 futility q0 tkh": (c4, mid, dict(depth=6, evaluate=evaluation(), order=center_first,
                                                    futility=0.02, quiescent=is_quiet, quiescence_depth=0,
                                                    **tkh())),
        "c4 mid d5 futility strict": (c4, mid, dict(depth=5, evaluate=evaluation(), futility=0.05,
                                                    prune_on_equality=False)),
        "c4 d5 everything": (c4, None, dict(depth=5, evaluate=evaluation(), order=center_first,
                                            null_move=null_move, futility=0.05, quiescent=is_quiet, beam=4,
                                            table=TranspositionTable(max_entries=64), killers=KillerMoves(3),
                                            history=HistoryTable("power"))),
        "c4 mid d5 window first": (c4, mid, dict(depth=5, evaluate=evaluation(), alpha=-0.05, beta=0.05,
                                                 first_moves=[0, 6, 1, 5], table=TranspositionTable())),
        "c4 d5 killers": (c4, None, dict(depth=5, evaluate=evaluation(), killers=True)),
        "c4 d5 history": (c4, None, dict(depth=5, evaluate=evaluation(), history=True)),
        "tree d4 table first map": (tree, None, dict(depth=4, evaluate=label_hash, table=TranspositionTable(),
                                                     first_moves={"A": "a3", "D": "d2"})),
        "tree d6 all strict": (tree, None, dict(depth=6, evaluate=label_hash, killers=True, history=True,
                                                beam=2, prune_on_equality=False, table=TranspositionTable())),
    }


def _run_pinned(name):
    """The search ``name`` of :func:`_pinned_cases`: (its trace, its value, action, nodes, line, solved and
    its table's counts)."""
    game, state, options = _pinned_cases()[name]
    r = search(game, state, trace=True, **options)
    table = options.get("table")
    return r.trace, (r.value, r.action, r.nodes, r.pv, r.solved, table and table.stats())


SEARCH_OUTCOMES = {   # value, action, nodes, line, solved, the table's counts
    'ttt d9 strict': (0, (0, 1), 2503, [(0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (2, 2)], True, None),
    'ttt d4 quiescent tkh': (0.0, (0, 0), 619, [(0, 0), (0, 1), (0, 2), (1, 0)], False,
        {'entries': 245, 'probes': 279, 'hits': 35, 'cuts': 34, 'stores': 245, 'evictions': 0}),
    'ttt d3 beam2 strict': (0.1, (0, 0), 15, [(0, 0), (0, 1), (1, 0)], False, None),
    'c4 d6 null': (0.0, 3, 659, [3, 3, 3, 3, 3, 3], False, None),
    'c4 d6 null R1 tkh': (0.0, 3, 1093, [3, 3, 3, 3, 3, 3], False,
        {'entries': 337, 'probes': 512, 'hits': 110, 'cuts': 110, 'stores': 337, 'evictions': 0}),
    'c4 mid d6 futility q0 tkh': (0.006, 3, 712, [3, 2, 2, 3, 3, 3], False,
        {'entries': 308, 'probes': 400, 'hits': 93, 'cuts': 92, 'stores': 309, 'evictions': 0}),
    'c4 mid d5 futility strict': (-0.004, 3, 4709, [3, 2, 2, 3, 3], False, None),
    'c4 d5 everything': (0.01, 3, 285, [3, 3, 3, 3, 3], False,
        {'entries': 64, 'probes': 135, 'hits': 13, 'cuts': 11, 'stores': 122, 'evictions': 56}),
    'c4 mid d5 window first': (-0.004, 3, 2733, [3, 2, 2, 3, 3], False,
        {'entries': 602, 'probes': 772, 'hits': 171, 'cuts': 126, 'stores': 647, 'evictions': 0}),
    'c4 d5 killers': (0.01, 3, 1252, [3, 3, 3, 3, 3], False, None),
    'c4 d5 history': (0.01, 3, 942, [3, 3, 3, 3, 3], False, None),
    'tree d4 table first map': (-3, 'a3', 47, ['a3', 'd2', 'l1', 'ai3'], False,
        {'entries': 20, 'probes': 19, 'hits': 0, 'cuts': 0, 'stores': 20, 'evictions': 0}),
    'tree d6 all strict': (20, 'a3', 96, ['a3', 'd1', 'k1', 'af1', 'cq1', 'jx3'], False,
        {'entries': 55, 'probes': 54, 'hits': 0, 'cuts': 0, 'stores': 55, 'evictions': 0}),
}

SEARCH_PINS = {
    'ttt d9 strict': ('5006 | enter 2503, exit 1010, leaf 1055, prune 438 | a7e 6ad 6b7 572 d70 df7 848 9a0 1bc f6c '
                      '51a 260 10f | 69fe2901bcf3ec3c'),
    'ttt d4 quiescent tkh': ('1238 | enter 619, exit 59, leaf 339, prune 221 | 996 4d7 1cb 1d4 6ec ef8 433 420 484 '
                             'bc5 7f8 | 2efa1e9357b2ac6d'),
    'ttt d3 beam2 strict': '30 | enter 15, leaf 8, prune 7 | 996 4d7 a4e 81b 4a3 | 0e85207aabf3f640',
    'c4 d6 null': ('1318 | enter 659, exit 63, leaf 406, prune 190 | 867 c21 12e 4c4 f78 387 758 f39 c06 a2b 79e | '
                   '13a555e9ff7eb355'),
    'c4 d6 null R1 tkh': ('2186 | enter 1093, exit 102, leaf 580, prune 411 | 867 c21 12e a61 9cb e5f d3f 3a6 df2 7a1 '
                          'a8f c72 | aa9c85a144236fe3'),
    'c4 mid d6 futility q0 tkh': ('1424 | enter 712, exit 56, leaf 311, prune 345 | 1b8 293 a32 8a4 be1 3b9 321 ec1 '
                                  '68a 672 d93 | f343a7c4b2ab87d5'),
    'c4 mid d5 futility strict': ('9418 | enter 4709, exit 448, leaf 3647, prune 614 | 1b8 c31 709 b29 530 3d6 19f '
                                  '74b f67 deb 9af e12 df8 794 | 253e466090299ab8'),
    'c4 d5 everything': ('570 | enter 285, leaf 149, prune 136 | 867 c21 12e 1a0 e66 549 df0 067 1d9 a6d | '
                         'd3fb9c013e34682a'),
    'c4 mid d5 window first': ('5466 | enter 2733, exit 235, leaf 1960, prune 538 | 3ef ec5 de7 424 039 3fb d1b 317 '
                               '35c a72 b03 ca3 c9a | 514fc28c5fd520a8'),
    'c4 d5 killers': ('2504 | enter 1252, exit 137, leaf 856, prune 259 | 867 814 475 46b 468 261 fdb cba 667 dd1 63f '
                      '4b6 | a320d6b82803c8c2'),
    'c4 d5 history': ('1884 | enter 942, exit 105, leaf 650, prune 187 | 867 814 475 46b 468 261 fdb cba 667 a44 7b4 '
                      '| f29a341b0a8a3186'),
    'tree d4 table first map': ('94 | enter 47, exit 13, leaf 27, prune 7 | 2ca 97a 470 506 2bd 055 0d7 | '
                                'e13af7efab768842'),
    'tree d6 all strict': '192 | enter 96, leaf 41, prune 55 | 2ca 97a 252 b69 13c 3f7 051 942 | 5e187f7ac8187c76',
}


@pytest.mark.parametrize("name", list(SEARCH_PINS))
def test_search_records_what_it_recorded_before(name):
    trace, outcome = _run_pinned(name)
    assert outcome == SEARCH_OUTCOMES[name]
    check_pins({name: trace}, SEARCH_PINS)


def _deepening_cases():
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet, null_move
    c4 = Connect4()
    return {
        "ttt quiescent": lambda: iterative_deepening(TicTacToe(), evaluate=x_threats, max_depth=9,
                                                     quiescent=no_win_in_one(TicTacToe())),
        "c4 null futility": lambda: iterative_deepening(c4, evaluate=evaluation(), max_depth=7, order=center_first,
                                                        null_move=null_move, futility=0.05, quiescent=is_quiet,
                                                        quiescence_depth=0),
        "c4 table only strict": lambda: iterative_deepening(c4, evaluate=evaluation(), max_depth=6, killers=False,
                                                            history=False, prune_on_equality=False),
        "c4 nothing": lambda: iterative_deepening(c4, evaluate=evaluation(), max_depth=5, table=False,
                                                  killers=False, history=False, order=center_first),
    }


def _deepening_pin(r) -> str:
    import hashlib
    per_depth = [tuple(d)[:4] for d in r.per_depth]          # depth, value, action, nodes (not seconds)
    stats = None if r.table is None else sorted(r.table.stats().items())
    return hashlib.sha256(repr((r.value, r.action, r.nodes, r.depth, r.pv, per_depth, r.stopped, stats))
                          .encode()).hexdigest()[:16]


DEEPENING_PINS = {
    "ttt quiescent": "c809fcee89c13a98",
    "c4 null futility": "098158f9ccb2fa1d",
    "c4 table only strict": "34bc4bd03aeb3314",
    "c4 nothing": "5c505a3c598cf36c",
}


@pytest.mark.parametrize("name", list(DEEPENING_PINS))
def test_iterative_deepening_finds_what_it_found_before(name):
    assert _deepening_pin(_deepening_cases()[name]()) == DEEPENING_PINS[name]


# -- one way to give the options: keywords; the option groups of issue 24, deprecated -------------------

def test_the_old_presets_say_what_they_are():
    from gamelib.limits import Ordering, Pruning
    assert Ordering.NONE == Ordering() and Pruning.NONE == Pruning()
    assert (Ordering.ALL.table, Ordering.ALL.killers, Ordering.ALL.history) == (True, True, True)
    assert Ordering.ALL.first_moves is None and Ordering.ALL.order is None
    assert Pruning.NONE == Pruning(quiescent=None, quiescence_depth=4, beam=None, null_move=None,
                                   null_reduction=2, futility=None)


def test_the_old_option_groups_are_the_keywords_they_hold_with_a_warning():
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet, null_move
    from gamelib.limits import Ordering, Pruning
    game = Connect4()
    common = dict(depth=5, evaluate=evaluation(), trace=True)
    by_keywords = search(game, table=True, killers=True, history=True, order=center_first, null_move=null_move,
                         futility=0.05, quiescent=is_quiet, **common)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        by_objects = search(game, ordering=Ordering(table=True, killers=True, history=True, order=center_first),
                            pruning=Pruning(null_move=null_move, futility=0.05, quiescent=is_quiet), **common)
    assert [(w.category, str(w.message)) for w in caught] == [
        (DeprecationWarning, "search: ordering= is deprecated, write table=, killers=, history=, first_moves=, order="),
        (DeprecationWarning, "search: pruning= is deprecated, write quiescent=, quiescence_depth=, beam=, null_move=, "
                             "null_reduction=, futility=")]
    assert by_objects.trace == by_keywords.trace and by_objects[:3] == by_keywords[:3]
    assert by_objects.pv == by_keywords.pv
    # an old group and one of its keywords at once: which one is meant?
    with pytest.raises(ArgumentError, match="ordering= is the old spelling of table=, .*; give killers= alone"):
        search(game, ordering=Ordering.ALL, killers=False, **common)
    # iterative deepening's old default was Ordering.ALL, as its keywords' defaults are now
    with pytest.warns(DeprecationWarning, match="iterative_deepening: ordering= is deprecated"):
        old = iterative_deepening(game, evaluate=evaluation(), max_depth=4, ordering=Ordering.NONE)
    assert old.per_depth[-1][:4] == iterative_deepening(game, evaluate=evaluation(), max_depth=4, table=False,
                                                        killers=False, history=False).per_depth[-1][:4]
    assert iterative_deepening(game, evaluate=evaluation(), max_depth=4).per_depth[-1][:4] == \
        iterative_deepening(game, evaluate=evaluation(), max_depth=4, table=True, killers=True,
                            history=True).per_depth[-1][:4]


def test_iterative_deepening_takes_a_beam_as_search_does():
    """Each iteration with beam=2 finds what search with beam=2 finds at that depth (a beam keeps the
    same moves whatever the order: it ranks them by evaluation before the order is applied)."""
    game = TicTacToe()
    r = iterative_deepening(game, evaluate=x_threats, max_depth=5, beam=2)
    for report in r.per_depth:
        assert report.value == search(game, depth=report.depth, evaluate=x_threats, beam=2).value


@pytest.mark.parametrize("call, error, message", [
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, ordering=5), ArgumentError,
     r"ordering must be a group of 5 \(table, killers, history, first_moves, order\), got 5"),
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, pruning={"beam": 2}), ArgumentError,
     "pruning must be a group of 6"),
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, tabel=True), TypeError,
     "unexpected keyword argument 'tabel'"),
    (lambda: iterative_deepening(TicTacToe(), evaluate=zero, max_depth=2, depth=3), TypeError,
     "unexpected keyword argument 'depth'"),
    (lambda: iterative_deepening(TicTacToe(), evaluate=zero, max_depth=2, first_moves=[(1, 1)]), ArgumentError,
     "chooses its own first_moves"),
])
def test_bad_options_are_named(call, error, message):
    with pytest.warns(DeprecationWarning) if "group" in message else warnings.catch_warnings():
        with pytest.raises(error, match=message):
            call()


def test_an_old_groups_fields_are_checked_as_the_keywords_are():
    from gamelib.limits import Ordering, Pruning
    table, killers = TranspositionTable(), KillerMoves()
    for ordering, pruning, message in [(Ordering(killers=5), Pruning(), "killers must be True"),
                                       (Ordering(first_moves="33"), Pruning(), "first_moves must be a line"),
                                       (Ordering(order=5), Pruning(), "order"),
                                       (Ordering(table=table), Pruning(beam=0), "beam"),
                                       (Ordering(table=table, killers=killers), Pruning(null_reduction=-1),
                                        "null_reduction"),
                                       (Ordering(table=table), Pruning(futility=math.nan), "futility")]:
        with pytest.raises(ArgumentError, match=message), pytest.warns(DeprecationWarning):
            search(TicTacToe(), depth=2, evaluate=zero, ordering=ordering, pruning=pruning)
    assert len(table) == 0 and table.probes == 0 and killers.moves(1) == ()   # nothing changed


INF = math.inf


def random_line(game, state, rng, length=6):
    """A random line of play from ``state`` (to use as first_moves)."""
    line = []
    for _ in range(length):
        if game.is_terminal(state):
            break
        a = rng.choice(list(game.actions(state)))
        line.append(a)
        state = game.result(state, a)
    return line


def agrees_fail_soft(value, alpha, beta, true):
    """Fail-soft alpha-beta's promise for a search with window (alpha, beta)."""
    if value <= alpha:
        return true <= value
    if value >= beta:
        return true >= value
    return value == true


OPTIONS = {
    "table": {"table": True},
    "killers": {"killers": True},
    "history": {"history": True},
    "first_moves": {"first_moves": True},
    "all": {"table": True, "killers": True, "history": True, "first_moves": True},
    "quiet everywhere": {"quiescent": lambda s: True},
    "beam wider than any node": {"beam": 4},
    "random fixed order and all": {"order": True, "table": True, "killers": True, "history": True},
}


@pytest.mark.parametrize("name", list(OPTIONS))
@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_every_enhancement_returns_the_alphabeta_value(name, spec, depth, on_equality, rng):
    tree = GameTree.from_nested(spec)
    options = dict(OPTIONS[name])
    if options.get("first_moves"):
        options["first_moves"] = random_line(tree, "A", rng)
    if options.get("order"):
        options["order"] = lambda s, acts: rng.sample(list(acts), len(acts))
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, **options)
    assert ours.value == plain.value


@pytest.mark.parametrize("name", list(OPTIONS))
@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans(), seed=st.integers(0, 99))
def test_tracing_changes_nothing_but_the_trace(name, spec, depth, on_equality, seed):
    # The search skips work only a trace reads (the moves a cut leaves, collected for the 'prune'
    # event) when it is not tracing: value, move, nodes, line and solved must come out the same.
    tree = GameTree.from_nested(spec)
    results = []
    for trace in (False, True):
        rng = random.Random(seed)               # the same random choices for both searches
        options = dict(OPTIONS[name])
        if options.get("first_moves"):
            options["first_moves"] = random_line(tree, "A", rng)
        if options.get("order"):
            options["order"] = lambda s, acts: rng.sample(list(acts), len(acts))
        results.append(search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality,
                              trace=trace, **options))
    untraced, traced = results
    assert untraced.trace is None and traced.trace is not None
    assert untraced._replace(trace=None) == traced._replace(trace=None)


@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans())
def test_with_every_option_off_search_is_alphabeta_event_for_event(spec, depth, on_equality):
    tree = GameTree.from_nested(spec)
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True)
    assert ours.trace == plain.trace and ours.visited == plain.visited
    assert ours[:3] == plain[:3]


@given(spec=nested_specs(), max_depth=st.integers(1, 5), table=st.booleans(), ordering=st.booleans())
def test_iterative_deepening_agrees_with_alphabeta_at_every_depth(spec, max_depth, table, ordering):
    tree = GameTree.from_nested(spec)
    result = iterative_deepening(tree, evaluate=label_hash, max_depth=max_depth, table=table,
                                 killers=ordering, history=ordering)
    for report in result.per_depth:
        assert report.value == alphabeta(tree, depth=report.depth, evaluate=label_hash).value
    assert result.value == alphabeta(tree, depth=max_depth, evaluate=label_hash).value
    assert result.stopped in ("max_depth", "solved")


@given(spec=nested_specs(), depth=st.integers(1, 5), ordering=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_the_principal_variation_ends_where_the_value_comes_from(spec, depth, ordering, rng):
    tree = GameTree.from_nested(spec)
    result = search(tree, depth=depth, evaluate=label_hash, killers=ordering, history=ordering,
                    first_moves=random_line(tree, "A", rng))
    s = "A"
    for a in result.pv:
        s = tree.result(s, a)
    assert tree.is_terminal(s) or len(result.pv) == depth
    assert (tree.utility(s, MAX) if tree.is_terminal(s) else label_hash(s)) == result.value
    assert result.action == (result.pv[0] if result.pv else None)


class LayeredDag(Game):
    """A small random game with transpositions: states are (layer, index); MAX moves on even layers;
    a node's actions are 0, 1, ... leading to nodes of the next layer, and different nodes share
    children, so the same state is reached along many paths (always at the same layer)."""

    def __init__(self, children, leaf_values):
        self.children, self.leaf_values = children, leaf_values
        self.initial_state = (0, 0)

    def to_move(self, state):
        return MAX if state[0] % 2 == 0 else MIN

    def actions(self, state):
        return tuple(range(len(self.children.get(state, ()))))

    def result(self, state, action):
        return self.children[state][action]

    def is_terminal(self, state):
        return not self.children.get(state)

    def utility(self, state, player):
        v = self.leaf_values[state]
        return v if player == MAX else -v

    def __repr__(self):
        return f"LayeredDag({self.children!r}, {self.leaf_values!r})"


@st.composite
def layered_dags(draw):
    layers = draw(st.integers(2, 6))
    widths = [1] + [draw(st.integers(1, 4)) for _ in range(layers)]
    children, leaf_values = {}, {}
    for k in range(layers + 1):
        for i in range(widths[k]):
            if k < layers and draw(st.integers(0, 9)) > 0:             # now and then a leaf early
                n = draw(st.integers(1, 3))
                children[k, i] = tuple((k + 1, draw(st.integers(0, widths[k + 1] - 1))) for _ in range(n))
            else:
                leaf_values[k, i] = draw(st.integers(-5, 5))
    evals = {s: draw(st.integers(-5, 5)) for s in children}
    return LayeredDag(children, leaf_values), evals.__getitem__, widths


windows = st.one_of(st.just((-INF, INF)),
                    st.tuples(st.integers(-6, 6), st.integers(1, 4)).map(lambda aw: (aw[0], aw[0] + aw[1])),
                    st.integers(-6, 6).map(lambda b: (-INF, b)),
                    st.integers(-6, 6).map(lambda a: (a, INF)))


def call_plans(max_calls=6):
    """(horizon step, root layer, root index, window) for each call; the horizon -- the layer (or ply)
    where every call stops -- starts at 2 to 4 and never decreases, so no entry from a deeper search stands in for a
    shallower one (which would be right in spirit, deeper is better, but not alpha-beta's value)."""
    return st.lists(st.tuples(st.integers(0, 2), st.integers(0, 6), st.integers(0, 3), windows),
                    min_size=1, max_size=max_calls).map(lambda calls: [(2 + calls[0][0], *calls[0][1:])] + calls[1:])


def shared_table_property(make_table):
    """The property, for tables made by ``make_table``: returns a hypothesis test."""

    @given(dag=layered_dags(), plan=call_plans(), on_equality=st.booleans(), ordering=st.booleans())
    def prop(dag, plan, on_equality, ordering):
        game, evaluate, widths = dag
        table, horizon = make_table(), 0
        last = len(widths) - 1
        killers = history = ordering
        for step, layer, index, (alpha, beta) in plan + [(0, 0, 0, (-INF, INF))]:
            horizon += step
            layer = layer % (min(horizon, last) + 1)
            root, depth = (layer, index % widths[layer]), horizon - layer
            true = alphabeta(game, root, depth=depth, evaluate=evaluate, prune_on_equality=on_equality).value
            got = search(game, root, depth=depth, evaluate=evaluate, table=table, killers=killers,
                         history=history, alpha=alpha, beta=beta, prune_on_equality=on_equality).value
            assert agrees_fail_soft(got, alpha, beta, true), (root, depth, (alpha, beta), got, true)

    return prop


test_one_table_shared_by_many_searches_of_a_game_with_transpositions = \
    shared_table_property(TranspositionTable)


@given(dag=layered_dags(), plan=call_plans(max_calls=3), on_equality=st.booleans())
def test_every_traced_value_keeps_the_fail_soft_promise_of_its_entry_window(dag, plan, on_equality):
    """Not just the root: every node a traced search closes -- searched, or decided by the table (a
    'prune' that skips all its actions) -- returns a value that is exact inside the window it was
    entered with and a bound outside it, as pictures and proven ranges read it."""
    game, evaluate, widths = dag
    table, horizon, last = TranspositionTable(), 0, len(widths) - 1
    truth = {}
    for step, layer, index, (alpha, beta) in plan:
        horizon += step
        layer = layer % (min(horizon, last) + 1)
        root, depth = (layer, index % widths[layer]), horizon - layer
        result = search(game, root, depth=depth, evaluate=evaluate, table=table, killers=True,
                        history=True, alpha=alpha, beta=beta, prune_on_equality=on_equality, trace=True)
        stack = []
        for e in result.trace:
            if e.kind == "enter":
                stack.append((e.state, e.alpha, e.beta))
                continue
            state, a, b = stack.pop()
            assert state == e.state
            remaining = depth - e.depth
            if (state, remaining) not in truth:
                truth[state, remaining] = alphabeta(game, state, depth=remaining, evaluate=evaluate).value
            assert agrees_fail_soft(e.value, a, b, truth[state, remaining]), (e, a, b)


class StoresEverythingExact(TranspositionTable):
    """The classic bug: a value found in a narrow window is stored as if it were exact."""

    @staticmethod
    def classify(value, alpha, beta):
        return EXACT


class IgnoresDepth(TranspositionTable):
    """Another bug: an entry searched shallower than now asked still stands in for the search."""

    @staticmethod
    def usable(entry, depth):
        return True


@pytest.mark.parametrize("broken", [StoresEverythingExact, IgnoresDepth])
def test_the_shared_table_property_catches_a_broken_table(broken):
    # Only generation: finding a counterexample is the point, shrinking it would take long.
    falsify = settings(max_examples=1000, database=None, derandomize=True, phases=[Phase.generate],
                       print_blob=False)(shared_table_property(broken))
    with pytest.raises(AssertionError):
        falsify()


def test_storing_a_windowed_value_as_exact_gives_a_wrong_value():
    # Fig. 5.2 searched with the window (5, 8): D = MIN(14, 5, 2) stops at 5 ≤ α, which proves only
    # "D ≤ 5".  A table that stores it as exact then answers 5 for the root, whose value is 3.
    tree = GameTree.from_nested(FIG_5_2)
    answers = {}
    for table_class in (TranspositionTable, StoresEverythingExact):
        table = table_class()
        windowed = search(tree, depth=2, evaluate=label_hash, table=table, alpha=5, beta=8)
        assert windowed.value == 5 and agrees_fail_soft(5, 5, 8, 3)     # ≤ α: an upper bound
        assert table.get("D").value == 5
        answers[table_class] = search(tree, depth=2, evaluate=label_hash, table=table).value
    assert answers == {TranspositionTable: 3, StoresEverythingExact: 5}


def random_position(rng, plies):
    game = TicTacToe()
    s = game.initial_state
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(s.moves))
    return TicTacToe("".join(s.squares))


def threats(board):
    """An arbitrary tic-tac-toe evaluation, X's open two-in-a-rows minus O's (in tenths), so that
    depth matters."""
    score = 0
    for line in LINES:
        marks = [board.squares[i] for i in line]
        if marks.count(".") == 1:
            score += marks.count("X") == 2
            score -= marks.count("O") == 2
    return score / 10


tenths = windows.map(lambda w: (w[0] / 10, w[1] / 10))    # the scale of threats() and the utilities


def tic_tac_toe_shared_table_property(make_table):
    """The same property on tic-tac-toe positions (many transpositions): returns a hypothesis test."""

    @given(rng=st.randoms(use_true_random=False),
           plan=st.lists(st.tuples(st.integers(0, 2), st.integers(2, 6), tenths), min_size=1, max_size=4),
           ordering=st.booleans())
    def prop(rng, plan, ordering):
        table, horizon = make_table(), 5
        for step, plies, (alpha, beta) in plan:
            horizon = min(horizon + step, 9)
            game = random_position(rng, min(plies, horizon))
            depth = horizon - (9 - len(game.initial_state.moves))     # the same horizon for all
            true = alphabeta(game, depth=depth, evaluate=threats).value
            got = search(game, depth=depth, evaluate=threats, table=table, killers=ordering,
                         history=ordering, alpha=alpha, beta=beta).value
            assert agrees_fail_soft(got, alpha, beta, true), (game, depth, (alpha, beta), got, true)
        final = search(TicTacToe(), depth=horizon, evaluate=threats, table=table)
        assert final.value == alphabeta(TicTacToe(), depth=horizon, evaluate=threats).value

    return prop


test_one_table_shared_by_many_tic_tac_toe_searches = \
    settings(max_examples=20)(tic_tac_toe_shared_table_property(TranspositionTable))


def connect4_position(rng, plies):
    """A Connect Four game starting from a random position ``plies`` pieces in (or fewer, if won)."""
    from gamelib.games.connect4 import Connect4
    game = Connect4()
    s = game.initial_state
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(game.actions(s)))
    return game, s


@settings(max_examples=10)
@given(rng=st.randoms(use_true_random=False), plies=st.integers(0, 14), depth=st.integers(3, 4))
def test_every_enhancement_returns_the_alphabeta_value_on_connect_four(rng, plies, depth):
    connect4 = pytest.importorskip("gamelib.games.connect4")
    game, s = connect4_position(rng, plies)
    evaluate = connect4.evaluation()
    plain = alphabeta(game, s, depth=depth, evaluate=evaluate).value
    for options in [{"table": True}, {"killers": True, "history": True},
                    {"table": True, "killers": True, "history": True, "order": connect4.center_first,
                     "first_moves": random_line(game, s, rng)}]:
        assert search(game, s, depth=depth, evaluate=evaluate, **options).value == plain
    deepening = iterative_deepening(game, s, evaluate=evaluate, max_depth=depth)
    assert deepening.value == plain


@settings(max_examples=10)
@given(rng=st.randoms(use_true_random=False),
       plan=st.lists(st.tuples(st.integers(0, 1), st.integers(3, 4), windows.map(
           lambda w: (w[0] / 100, w[1] / 100))), min_size=1, max_size=4))
def test_one_table_shared_by_many_connect_four_searches(rng, plan):
    connect4 = pytest.importorskip("gamelib.games.connect4")
    evaluate, table, horizon = connect4.evaluation(), TranspositionTable(), 10
    game, _ = connect4_position(rng, 0)
    line = random_line(game, game.initial_state, rng, length=12)   # positions along one game share subtrees
    for step, depth, (alpha, beta) in plan:
        horizon += step
        s = game.from_moves(line[:max(horizon - depth, 0)])
        depth = horizon - s.plies                      # every search stops at the same ply
        true = alphabeta(game, s, depth=depth, evaluate=evaluate).value
        got = search(game, s, depth=depth, evaluate=evaluate, table=table, killers=True, history=True,
                     order=connect4.center_first, alpha=alpha, beta=beta).value
        assert agrees_fail_soft(got, alpha, beta, true), (s, depth, (alpha, beta), got, true)


@given(nested_specs(), st.integers(1, 4))
def test_proven_ranges_stay_sound_with_a_transposition_table(spec, depth):
    """Table hits close a node without searching a child; what proven_ranges reads from them must
    still contain the node's true depth-limited value (fail-soft against the entry window)."""
    from gamelib.trace import proven_ranges
    from gamelib.limits import search
    from gamelib.transposition import TranspositionTable
    tree = GameTree.from_nested(spec)
    table = TranspositionTable()
    for _ in range(2):  # the second search meets the first one's entries
        result = search(tree, depth=depth, evaluate=_eval_for_ranges, table=table, trace=True)
        for state, (lo, hi) in proven_ranges(result.trace, tree.to_move).items():
            true = alphabeta(tree, state, depth=depth - _ply(tree, state), evaluate=_eval_for_ranges).value
            assert lo <= true <= hi, (state, lo, hi, true)


def _eval_for_ranges(state):
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5


def _ply(tree, state):
    n = 0
    while (state := tree.parent(state)) is not None:
        n += 1
    return n


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


def _deepening_digest(r) -> str:
    per_depth = [tuple(d)[:4] for d in r.per_depth]          # depth, value, action, nodes (not seconds)
    return hashlib.sha256(repr((r.value, r.action, r.nodes, r.depth, r.pv, per_depth, r.stopped))
                          .encode()).hexdigest()[:16]


# "c4 centre first" re-measured when order='s first choice went ahead of the killers and history
# (limits._move_order; before: 35a6916da75b13e6): ordering only, the values per depth are the same.
@pytest.mark.parametrize("name, digest", [("ttt", "a50591cc5e1dd684"), ("c4", "60785e9a6f0fc91a"),
                                          ("c4 centre first", "a8dc26f41f8c2817")])
def test_iterative_deepening_finds_exactly_what_it_found_before(name, digest):
    """Each iteration's value, move and nodes, and the principal variation handed to the next one
    (read from the table below a table hit: TranspositionTable.line) are those measured before."""
    from gamelib import iterative_deepening
    from gamelib.games.connect4 import Connect4, center_first, evaluation
    if name == "ttt":
        r = iterative_deepening(TicTacToe(), evaluate=lambda s: 0, max_depth=9)
    else:
        r = iterative_deepening(Connect4(), evaluate=evaluation(), max_depth=7,
                                order=center_first if "centre" in name else None)
    assert _deepening_digest(r) == digest


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: iterative_deepening(C4, evaluate=c4mod.evaluation(), time_limit=nan), ArgumentError,
         "time_limit", "nan", id="iterative_deepening time_limit=nan"),
    case(lambda: limited(TTT, depth=1, evaluate=lambda s: nan), EvaluationError, "nan",
         id="limits.search NaN evaluation"),
    case(lambda: iterative_deepening(TTT, evaluate=lambda s: nan, max_depth=2), EvaluationError, "nan",
         id="iterative_deepening NaN evaluation"),
    case(lambda: limited(C4, depth=2, evaluate=ZERO, order=lambda s, a: list(a)[1:]), ArgumentError,
         "order", id="limits.search order drops moves"),
    case(lambda: iterative_deepening(PIG10, evaluate=ZERO), SearchDepthError, "time_limit",
         id="iterative_deepening on Pig without limits"),
    case(lambda: limited(Halving(1200), depth=1100, evaluate=ZERO), SearchDepthError, "smaller depth",
         id="limits.search Halving(1200) depth=1100"),
    case(lambda: limited(TTT, depth=None, evaluate=ZERO), ArgumentError, "depth", "None",
         id="limits.search depth=None"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, table="yes"), ArgumentError, "table", "'yes'",
         id="limits.search table='yes'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, killers=5), ArgumentError, "killers", "5",
         id="limits.search killers=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, history="x"), ArgumentError, "history",
         id="limits.search history='x'"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, time_limit="1"), ArgumentError, "time_limit", "'1'",
         id="iterative_deepening time_limit='1'"),
    case(lambda: limited(TTT, depth=-1, evaluate=ZERO), GameError, "depth", id="limits.search depth=-1"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, first_moves=5), ArgumentError, "first_moves",
         id="limits.search first_moves=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, first_moves="33"), ArgumentError, "first_moves",
         id="limits.search first_moves='33'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, quiescent=5), ArgumentError, "quiescent",
         id="limits.search quiescent=5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, quiescence_depth=1.5), ArgumentError,
         "quiescence_depth", id="limits.search quiescence_depth=1.5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, beam=1.5), ArgumentError, "beam", id="limits.search beam=1.5"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, prune_on_equality=None), ArgumentError,
         "prune_on_equality", id="limits.search prune_on_equality=None"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, alpha=nan), ArgumentError, "alpha", id="limits.search alpha=nan"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, alpha=1, beta=0), ArgumentError, "alpha <= beta",
         id="limits.search alpha > beta"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, beta="x"), ArgumentError, "beta", id="limits.search beta='x'"),
    case(lambda: limited(TTT, depth=2, evaluate=ZERO, trace=None), ArgumentError, "trace",
         id="limits.search trace=None"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, max_depth=1.5), ArgumentError, "max_depth",
         id="iterative_deepening max_depth=1.5"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, time_limit=-1), ArgumentError, "time_limit",
         id="iterative_deepening time_limit=-1"),
    case(lambda: iterative_deepening(TTT, evaluate=ZERO, max_depth=2, progress="yes"), ArgumentError,
         "progress", id="iterative_deepening progress='yes'"),
    case(lambda: iterative_deepening(TTT, evaluate=None), GameError, "evaluate=",
         id="iterative_deepening evaluate=None"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_a_refused_search_touches_none_of_the_tables_it_was_given():
    table, killers, history = TranspositionTable(), KillerMoves(), HistoryTable()
    bad_options = [dict(beam=0), dict(alpha=nan), dict(order=5), dict(quiescence_depth=-1), dict(trace="x"),
                   dict(first_moves=5), dict(evaluate=None), dict(prune_on_equality=1)]
    for bad in bad_options:
        with pytest.raises(GameError) as caught:
            limited(TTT, **(dict(depth=3, evaluate=ZERO, table=table, killers=killers, history=history) | bad))
        raised_clearly(caught.value)
        correct(len(table) == 0 and table.probes == 0 and repr(killers) == "KillerMoves({})" and len(history) == 0)
    for bad in [dict(time_limit=nan), dict(max_depth=0), dict(order=5), dict(progress=None),
                dict(evaluate=None), dict(quiescence_depth=1.5)]:
        with pytest.raises(GameError) as caught:
            iterative_deepening(TTT, **(dict(evaluate=ZERO, max_depth=3, table=table, killers=killers,
                                             history=history) | bad))
        raised_clearly(caught.value)
        correct(len(table) == 0 and table.probes == 0 and repr(killers) == "KillerMoves({})" and len(history) == 0)


def test_too_deep_says_the_depth_search_really_reaches():
    """Each ply of limits.search is two Python calls (value, then a half), so Python's recursion limit
    allows half as many plies as for alphabeta: the message says so (it once said the full limit)."""
    import re
    import sys

    from gamelib import MAX, MIN, Game
    from gamelib.core import SearchDepthError

    class Chain(Game):
        initial_state = 0

        def to_move(self, s):
            return MAX if s % 2 == 0 else MIN

        def actions(self, s):
            return [1]

        def result(self, s, a):
            return s + 1

        def is_terminal(self, s):
            return s >= 10_000

        def utility(self, s, p):
            return 0

    with pytest.raises(SearchDepthError) as info:
        search(Chain(), depth=5_000, evaluate=lambda s: 0)
    said = int(re.search(r"about (\d+) plies", str(info.value)).group(1))
    assert said == sys.getrecursionlimit() // 2
    search(Chain(), depth=said - 50, evaluate=lambda s: 0)        # what it says is within reach
