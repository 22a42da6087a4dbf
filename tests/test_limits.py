"""Search under resource limits: gamelib.limits.search and iterative_deepening (AIMA 4th ed. §5.3)."""
import math

import pytest

from gamelib import GameError, GameTree, alphabeta
from gamelib.games import TicTacToe
from gamelib.games.tictactoe import LINES
from gamelib.limits import DepthReport, iterative_deepening, search
from gamelib.transposition import TranspositionTable

from .conftest import FIG_5_2


def zero(state):
    return 0


def label_hash(state):
    """A deterministic, arbitrary evaluation of GameTree labels."""
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5


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
# numbered steps helper functions (issue 24): a refactor must leave every event where it was.

def _pinned_cases():
    """name -> (game, state, options) of a search to pin; every table is an instance, to read its counts."""
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet, null_move
    from gamelib.ordering import HistoryTable, KillerMoves
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


def _run_pinned(name) -> str:
    game, state, options = _pinned_cases()[name]
    return _pin(search(game, state, trace=True, **options), options.get("table"))


def _pin(result, table=None) -> str:
    """SHA-256 of every event (its fields by repr), then value, action, nodes, line, solved and the
    table's counts."""
    import hashlib
    h = hashlib.sha256()
    for e in result.trace or ():
        h.update(repr(tuple(e)).encode())
    h.update(repr((result.value, result.action, result.nodes, result.pv, result.solved)).encode())
    if table is not None:
        h.update(repr(sorted(table.stats().items())).encode())
    return h.hexdigest()[:16]


SEARCH_PINS = {
    "ttt d9 strict": "39a6cb68d1489ab3",
    "ttt d4 quiescent tkh": "a01e9f32100eae5b",
    "ttt d3 beam2 strict": "514db54f5547e986",
    "c4 d6 null": "76729e4797996b91",
    "c4 d6 null R1 tkh": "d1523134254b679c",
    "c4 mid d6 futility q0 tkh": "51ed83bced18e37f",
    "c4 mid d5 futility strict": "891077910d22f236",
    "c4 d5 everything": "9d9913bc94c34ee1",
    "c4 mid d5 window first": "61046d0d0d6f4441",
    "c4 d5 killers": "f8ac2ef5b875c50b",
    "c4 d5 history": "0e2f9832ae5cb390",
    "tree d4 table first map": "278c3fa733acd3aa",
    "tree d6 all strict": "2b2946102aca72ee",
}


@pytest.mark.parametrize("name", list(SEARCH_PINS))
def test_search_records_what_it_recorded_before(name):
    assert _run_pinned(name) == SEARCH_PINS[name]


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


# -- the option groups as objects: Ordering and Pruning ---------------------------------------------

def test_the_presets_say_what_they_are():
    from gamelib.limits import Ordering, Pruning
    assert Ordering.NONE == Ordering() and Pruning.NONE == Pruning()
    assert (Ordering.ALL.table, Ordering.ALL.killers, Ordering.ALL.history) == (True, True, True)
    assert Ordering.ALL.first_moves is None and Ordering.ALL.order is None
    assert Pruning.NONE == Pruning(quiescent=None, quiescence_depth=4, beam=None, null_move=None,
                                   null_reduction=2, futility=None)


def test_objects_and_keywords_are_the_same_search():
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet, null_move
    from gamelib.limits import Ordering, Pruning
    game = Connect4()
    common = dict(depth=5, evaluate=evaluation(), trace=True)
    by_keywords = search(game, table=True, killers=True, history=True, order=center_first, null_move=null_move,
                         futility=0.05, quiescent=is_quiet, **common)
    by_objects = search(game, ordering=Ordering(table=True, killers=True, history=True, order=center_first),
                        pruning=Pruning(null_move=null_move, futility=0.05, quiescent=is_quiet), **common)
    assert by_objects.trace == by_keywords.trace and by_objects[:3] == by_keywords[:3]
    assert by_objects.pv == by_keywords.pv
    # a keyword given overrides that field of the object (here: killers off)
    mixed = search(game, ordering=Ordering.ALL, killers=False, order=center_first, **common)
    plain = search(game, table=True, history=True, order=center_first, **common)
    assert mixed.trace == plain.trace
    # iterative deepening's default is Ordering.ALL; Ordering.NONE is every option off
    assert iterative_deepening(game, evaluate=evaluation(), max_depth=4, ordering=Ordering.NONE).per_depth[-1][:4] \
        == iterative_deepening(game, evaluate=evaluation(), max_depth=4, table=False, killers=False,
                               history=False).per_depth[-1][:4]


def test_iterative_deepening_takes_a_beam_as_search_does():
    """Each iteration with beam=2 finds what search with beam=2 finds at that depth (a beam keeps the
    same moves whatever the order: it ranks them by evaluation before the order is applied)."""
    game = TicTacToe()
    r = iterative_deepening(game, evaluate=x_threats, max_depth=5, beam=2)
    for report in r.per_depth:
        assert report.value == search(game, depth=report.depth, evaluate=x_threats, beam=2).value


@pytest.mark.parametrize("call, message", [
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, ordering=5), "ordering must be an Ordering"),
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, pruning={"beam": 2}), "pruning must be a Pruning"),
    (lambda: search(TicTacToe(), depth=2, evaluate=zero, tabel=True),
     "unexpected keyword argument tabel=True; its options are the fields of Ordering"),
    (lambda: iterative_deepening(TicTacToe(), evaluate=zero, max_depth=2, depth=3),
     "unexpected keyword argument depth"),
    (lambda: iterative_deepening(TicTacToe(), evaluate=zero, max_depth=2, first_moves=[(1, 1)]),
     "chooses its own first_moves"),
])
def test_bad_option_objects_are_named(call, message):
    from gamelib import ArgumentError
    with pytest.raises(ArgumentError, match=message):
        call()


def test_an_objects_fields_are_checked_as_the_keywords_are():
    from gamelib import ArgumentError
    from gamelib.limits import Ordering, Pruning
    from gamelib.ordering import KillerMoves
    table, killers = TranspositionTable(), KillerMoves()
    for ordering, pruning, message in [(Ordering(killers=5), Pruning(), "killers must be True"),
                                       (Ordering(first_moves="33"), Pruning(), "first_moves must be a line"),
                                       (Ordering(order=5), Pruning(), "order"),
                                       (Ordering(table=table), Pruning(beam=0), "beam"),
                                       (Ordering(table=table, killers=killers), Pruning(null_reduction=-1),
                                        "null_reduction"),
                                       (Ordering(table=table), Pruning(futility=math.nan), "futility")]:
        with pytest.raises(ArgumentError, match=message):
            search(TicTacToe(), depth=2, evaluate=zero, ordering=ordering, pruning=pruning)
    assert len(table) == 0 and table.probes == 0 and killers.moves(1) == ()   # nothing changed


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
