"""What each speed-up of issue 12 could break, pinned against a plain reference.

Every optimization lives in data representation or a helper; the searches' values, node counts and
traces must be exactly what they were.  Each section compares the fast path with a slow, obvious
version of the same thing (written here, textbook style) or with numbers measured before the change.
"""
from __future__ import annotations

import pytest

from gamelib import MAX, MIN, IllegalMoveError, alphabeta, minimax
from gamelib.games import TicTacToe
from gamelib.games import tictactoe as ttt
from gamelib.games.tictactoe import LINES, SQUARES


# --- tic-tac-toe on bitboards ----------------------------------------------------------------------
def _reference_result(squares: str, to_move: str, square) -> tuple[str, str, int]:
    """RESULT on a 9-character string, the obvious way: (squares, to move, winner utility)."""
    i = 3 * square[0] + square[1]
    mark = "X" if to_move == MAX else "O"
    after = squares[:i] + mark + squares[i + 1:]
    won = any(all(after[j] == mark for j in line) for line in LINES)
    return after, (MIN if to_move == MAX else MAX), (0 if not won else 1 if mark == "X" else -1)


def test_tictactoe_bitboards_agree_with_the_string_board_at_every_reachable_position():
    """All 5,478 positions: squares, moves, whose turn, winner, ACTIONS, RESULT of every square,
    printing, parsing and the illegal-move errors are those of the plain string board."""
    game = TicTacToe()
    seen, frontier = {}, [(game.initial_state, "." * 9, MAX, 0)]
    while frontier:
        state, squares, to_move, won = frontier.pop()
        if squares in seen:
            assert seen[squares] == state and hash(seen[squares]) == hash(state)
            continue
        seen[squares] = state
        empty = tuple(sq for sq in SQUARES if squares[3 * sq[0] + sq[1]] == ".")
        assert "".join(state.squares) == squares and state.moves == empty
        assert game.to_move(state) == to_move and state.winner_utility == won
        assert repr(state) == f"Board('{squares}', to_move={to_move})"
        assert str(state) == "\n".join(squares[3 * r:3 * r + 3] for r in range(3))
        assert TicTacToe.parse(squares) == state
        game.check_state(state)
        assert game.is_terminal(state) == (won != 0 or not empty)
        assert game.actions(state) == (() if won else empty)
        if game.is_terminal(state):
            assert game.utility(state, MAX) == won == -game.utility(state, MIN)
        for sq in SQUARES:
            if sq in game.actions(state):
                child = game.result(state, sq)
                assert game.result(state, sq) is child     # one Board object per position
                ref = _reference_result(squares, to_move, sq)
                assert ("".join(child.squares), child.to_move, child.winner_utility) == ref
                frontier.append((child, *ref))
            else:
                with pytest.raises(IllegalMoveError, match="illegal move"):
                    game.result(state, sq)
    assert len(seen) == 5478
    assert len(ttt._BOARDS) == 5478                        # the cache holds positions, nothing else


@pytest.mark.parametrize("action", [(3, 3), (-1, 0), [0, 0], "a1", None, (0,), (0, 0, 0)])
def test_tictactoe_result_refuses_what_is_not_a_square(action):
    game = TicTacToe()
    with pytest.raises(IllegalMoveError, match=r"illegal move .*legal: \[\(0, 0\)"):
        game.result(game.initial_state, action)


def test_tictactoe_numbers_of_the_notes_are_unchanged():
    """Node counts and values the notebooks print (minimax, alpha-beta both conventions)."""
    game = TicTacToe()
    assert minimax(game)[:3] == (0, (0, 0), 549_946)
    assert alphabeta(game)[:3] == (0, (0, 0), 18_297)
    assert alphabeta(game, prune_on_equality=False).nodes == 146_120


# --- traces: recorded as tuples, read as Events -------------------------------------------------------
import hashlib  # noqa: E402
import pickle  # noqa: E402
import copy  # noqa: E402

from gamelib import Event, GameTree, expectiminimax, star1, star2  # noqa: E402
from gamelib.trace import Trace  # noqa: E402

FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
FIG52_ALPHABETA = [
    Event("enter", "A", 0, -float("inf"), float("inf")),
    Event("enter", "B", 1, -float("inf"), float("inf"), action="a1"),
    Event("enter", "E", 2, -float("inf"), float("inf"), action="b1"),
    Event("leaf", "E", 2, -float("inf"), float("inf"), 3),
    Event("enter", "F", 2, -float("inf"), 3, action="b2"),
    Event("leaf", "F", 2, -float("inf"), 3, 12),
    Event("enter", "G", 2, -float("inf"), 3, action="b3"),
    Event("leaf", "G", 2, -float("inf"), 3, 8),
    Event("exit", "B", 1, -float("inf"), 3, 3),
    Event("enter", "C", 1, 3, float("inf"), action="a2"),
    Event("enter", "H", 2, 3, float("inf"), action="c1"),
    Event("leaf", "H", 2, 3, float("inf"), 2),
    Event("prune", "C", 1, 3, 2, 2, skipped=("c2", "c3")),
    Event("enter", "D", 1, 3, float("inf"), action="a3"),
    Event("enter", "K", 2, 3, float("inf"), action="d1"),
    Event("leaf", "K", 2, 3, float("inf"), 14),
    Event("enter", "L", 2, 3, 14, action="d2"),
    Event("leaf", "L", 2, 3, 14, 5),
    Event("enter", "M", 2, 3, 5, action="d3"),
    Event("leaf", "M", 2, 3, 5, 2),
    Event("exit", "D", 1, 3, 2, 2),
    Event("exit", "A", 0, 3, float("inf"), 3),
]


def _fig52_trace():
    return alphabeta(GameTree.from_nested(FIG52), trace=True).trace


READS = {
    "iter": lambda t: list(t),
    "index": lambda t: [t[i] for i in range(len(t))],
    "negative index": lambda t: [t[i - len(t)] for i in range(len(t))],
    "slice": lambda t: t[:],
    "reversed": lambda t: list(reversed(t))[::-1],
    "copy": lambda t: t.copy(),
    "copy.copy": lambda t: list(copy.copy(t)),
    "deepcopy": lambda t: list(copy.deepcopy(t)),
    "pickle": lambda t: list(pickle.loads(pickle.dumps(t))),
    "add": lambda t: t + [],
    "radd": lambda t: [] + t,
    "mul": lambda t: t * 1,
    "pop": lambda t: [t.pop(0) for _ in range(len(t))],
    "unpack": lambda t: [*t],
    "tuple": lambda t: list(tuple(t)),
    "sorted by position": lambda t: [e for _, e in sorted(enumerate(t))],
}


@pytest.mark.parametrize("read", READS, ids=list(READS))
def test_a_trace_reads_as_events_whichever_way_it_is_read(read):
    """A fresh trace (recorded as tuples) gives Event objects, the right ones, by every way in."""
    events = READS[read](_fig52_trace())
    assert events == FIG52_ALPHABETA
    assert all(type(e) is Event for e in events)
    assert [e.kind for e in events][:4] == ["enter", "enter", "enter", "leaf"]


def test_a_trace_compares_counts_and_prints_as_its_events():
    trace = _fig52_trace()
    assert isinstance(trace, list) and isinstance(trace, Trace) and len(trace) == 22
    assert trace == FIG52_ALPHABETA and not trace != FIG52_ALPHABETA
    assert _fig52_trace() == _fig52_trace()                  # two fresh traces
    assert FIG52_ALPHABETA[12] in _fig52_trace()
    assert _fig52_trace().index(FIG52_ALPHABETA[12]) == 12
    assert _fig52_trace().count(FIG52_ALPHABETA[0]) == 1
    assert repr(_fig52_trace()) == repr(FIG52_ALPHABETA) and str(_fig52_trace()) == str(FIG52_ALPHABETA)
    t = _fig52_trace()
    t.remove(FIG52_ALPHABETA[0])
    assert t == FIG52_ALPHABETA[1:]
    t = _fig52_trace()
    t.append(Event("leaf", "Z", 9))                         # what is appended is kept as given
    assert t[-1] == Event("leaf", "Z", 9) and t[:-1] == FIG52_ALPHABETA
    with pytest.raises(TypeError):
        hash(_fig52_trace())


def _digest(result) -> str:
    """A fingerprint of a search: every event's fields, then value, action, nodes (and pv, solved)."""
    h = hashlib.sha256()
    for e in result.trace or ():
        h.update(repr(tuple(e)).encode())
    h.update(repr((result.value, result.action, result.nodes, getattr(result, "pv", None),
                   getattr(result, "solved", None))).encode())
    return h.hexdigest()[:16]


def _searches():
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet
    from gamelib.games.pig import Pig, evaluation as pig_evaluation
    from gamelib.limits import search
    ttt, c4, pig = TicTacToe(), Connect4(), Pig(target=20)

    def zero(state):
        return 0
    return {
        "ttt alphabeta": lambda: alphabeta(ttt, trace=True),
        "ttt alphabeta strict": lambda: alphabeta(ttt, trace=True, prune_on_equality=False),
        "ttt minimax X.O": lambda: minimax(TicTacToe("X.O.X...."), trace=True),
        "ttt search table": lambda: search(ttt, depth=9, evaluate=zero, table=True, trace=True),
        "ttt search tkh": lambda: search(ttt, depth=9, evaluate=zero, table=True, killers=True, history=True,
                                         trace=True),
        "ttt search d4 beam": lambda: search(ttt, depth=4, evaluate=zero, beam=3, trace=True),
        "c4 ab d6": lambda: alphabeta(c4, depth=6, evaluate=evaluation(), order=center_first, trace=True),
        "c4 search tkh d6": lambda: search(c4, depth=6, evaluate=evaluation(), table=True, killers=True,
                                           history=True, order=center_first, trace=True),
        "c4 search tkh q d6": lambda: search(c4, depth=6, evaluate=evaluation(), table=True, killers=True,
                                             history=True, quiescent=is_quiet, trace=True),
        "c4 search tkh nocf d6": lambda: search(c4, depth=6, evaluate=evaluation(), table=True, killers=True,
                                                history=True, trace=True),
        "pig emm d6": lambda: expectiminimax(pig, depth=6, evaluate=pig_evaluation(20), trace=True),
        "pig star1 d6": lambda: star1(pig, depth=6, evaluate=pig_evaluation(20), lower=-1, upper=1,
                                      trace=True),
        "pig star2 d6": lambda: star2(pig, depth=6, evaluate=pig_evaluation(20), lower=-1, upper=1,
                                      trace=True),
    }


# Measured before the speed-ups (commit cb0655e): the same events, values, counts and lines since.
DIGESTS = {
    "ttt alphabeta": "3b4bee5d0c7fa021",
    "ttt alphabeta strict": "f19612e0411e6647",
    "ttt minimax X.O": "e811b606b513def7",
    "ttt search table": "b50848e2c9d3e918",
    "ttt search tkh": "0143aa9ce69f0e37",
    "ttt search d4 beam": "deddf1c3da11d852",
    "c4 ab d6": "ef54b2da7d238a41",
    "c4 search tkh d6": "543af3de1ef52b4b",
    "c4 search tkh q d6": "0c6f072b90019787",
    "c4 search tkh nocf d6": "55563ba1ee4af9ac",
    "pig emm d6": "635edaaa8580ddac",
    "pig star1 d6": "73c103b90e4f8cb1",
    "pig star2 d6": "b37369e50d03f5c6",
}


@pytest.mark.parametrize("name", DIGESTS)
def test_searches_record_exactly_the_events_they_recorded_before(name):
    assert _digest(_searches()[name]()) == DIGESTS[name]


def test_two_fresh_traces_compare_and_add_as_events():
    assert _fig52_trace() == _fig52_trace() and not _fig52_trace() != _fig52_trace()
    assert _fig52_trace() + _fig52_trace() == FIG52_ALPHABETA * 2
    assert not _fig52_trace() < _fig52_trace() and _fig52_trace() <= _fig52_trace()


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


# --- the transposition table's fast paths -------------------------------------------------------------
from gamelib.ordering import HistoryTable, KillerMoves  # noqa: E402
from gamelib.transposition import EXACT, LOWER, UPPER, Entry, TranspositionTable  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402


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


# --- Star1 and Star2: the same windows, cuts and values, to the last bit ---------------------------
def _star_family_digest(search) -> str:
    """Every event of ``search`` on 96 random chance trees (4 shapes, both probability kinds, both
    orders, 3 seeds, tight and loose bounds), then each value, action and node count."""
    from gamelib.experiments.chance_trees import random_chance_tree
    h = hashlib.sha256()
    for b, n, m in ((2, 2, 2), (3, 3, 2), (5, 6, 2), (3, 2, 3)):
        for probs in ("uniform", "random"):
            for order in ("random", "best"):
                for seed in range(3):
                    tree = random_chance_tree(b, n, m, seed=seed, probabilities=probs, order=order)
                    for slack in (0, 1.5):
                        r = search(tree, lower=-5 - slack, upper=5 + slack, trace=True)
                        for e in r.trace:
                            h.update(repr(tuple(e)).encode())
                        h.update(repr((r.value, r.action, r.nodes)).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("search, digest", [(star1, "e0f6153b7e094be0"), (star2, "148e395d1143796b")],
                         ids=["star1", "star2"])
def test_star_searches_cut_where_they_cut_before(search, digest):
    """Ballard's windows are sums over the other outcomes; they are still added left to right, so
    every window in every trace, every cut and every count is what it was before (commit cb0655e)."""
    assert _star_family_digest(search) == digest


def test_a_chance_nodes_window_is_the_left_to_right_sum_over_the_other_outcomes():
    from fractions import Fraction
    from gamelib.star import _Outcomes
    pairs = [("a", 0.1), ("b", 0.2), ("c", 0.3), ("d", 0.4)]
    node = _Outcomes(None, "s", pairs, -5, 5)
    node.bound(0, 1.5, 1.5)
    node.bound(2, -2, 3)
    for i in range(4):
        A, B = node.window(i, 0.25, 0.75)
        others = [j for j in range(4) if j != i]
        assert A == (0.25 - sum(pairs[j][1] * node.hi[j] for j in others)) / pairs[i][1]
        assert B == (0.75 - sum(pairs[j][1] * node.lo[j] for j in others)) / pairs[i][1]
        exact = (Fraction(0.25) - sum(Fraction(pairs[j][1]) * Fraction(node.hi[j]) for j in others)) \
            / Fraction(pairs[i][1])
        assert abs(A - float(exact)) < 1e-12


def test_proven_ranges_is_one_function():
    """Issue 11: one name, one meaning.  gamelib.proven_ranges (from gamelib.core) reads every trace;
    a Star trace passes the game's chance outcomes and the bounds."""
    import gamelib
    import gamelib.star
    import gamelib.trace
    assert gamelib.proven_ranges is gamelib.trace.proven_ranges
    assert not hasattr(gamelib.star, "proven_ranges")


# --- imports: scipy only when the sigma study needs it ---------------------------------------------
def test_importing_gamelib_and_its_pictures_does_not_import_scipy():
    import subprocess
    import sys
    code = ("import sys, gamelib, gamelib.games, gamelib.viz, gamelib.experiments.sigma; "
            "assert 'scipy' not in sys.modules, sorted(m for m in sys.modules if m.startswith('scipy'))[:5]; "
            "from gamelib.experiments.sigma import ndtr; assert abs(ndtr(0.0) - 0.5) < 1e-15; "
            "assert 'scipy.special' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- Pig's solution without copies ---------------------------------------------------------------
@pytest.mark.parametrize("target, die", [(10, 6), (39, 6), (30, 2), (25, 4)])
def test_pig_solution_tables_are_the_whole_table_bellman_backups(target, die):
    """PigSolution computes the residual and the decisions a turn total at a time, and roll and hold
    only when asked, from a view of the solver's table: the same numbers, to the bit, as the whole
    table backup (gamelib.games.pig._bellman) they used to be copied from."""
    import numpy as np
    from gamelib.games.pig import _backup, _bellman, solve
    sol = solve(target, die)
    P_kij = sol._P_kij
    roll, hold, live = _bellman(P_kij, die)
    assert np.shares_memory(sol.P, P_kij) and sol.P.shape == (target,) * 3
    assert np.array_equal(sol.P, P_kij[:target].transpose(1, 2, 0))
    assert sol.residual == float(np.abs(_backup(roll, hold) - P_kij[:target])[live].max())
    ijk = (1, 2, 0)
    assert np.array_equal(sol.roll, np.where(live, roll, np.nan).transpose(ijk), equal_nan=True)
    assert np.array_equal(sol.hold, np.where(live, hold, np.nan).transpose(ijk), equal_nan=True)
    rolls = ((sol.roll >= sol.hold) | (np.arange(target) == 0)) & (sol.roll == sol.roll)
    assert np.array_equal(sol.rolls, rolls) and not sol.rolls.flags.writeable
