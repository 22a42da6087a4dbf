"""gamelib.trace.events: a trace is a plain list of Event objects, recorded as such by every search, and
every search records exactly the events it recorded before the speed-ups of issue 12 (pinned)."""
from __future__ import annotations

import gc
import warnings

import pytest

from gamelib import Event, GameTree, alphabeta, expectiminimax, maxn, mcts, minimax, star1, star2
from gamelib.games import TicTacToe
from gamelib.trace import collector_paused, recording

from ..pins import check_pins

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


def test_a_trace_is_a_plain_list_of_events():
    trace = alphabeta(GameTree.from_nested(FIG52), trace=True).trace
    assert type(trace) is list and trace == FIG52_ALPHABETA
    assert all(type(e) is Event for e in trace)


@pytest.mark.parametrize("search", [
    lambda t: minimax(t, trace=True), lambda t: alphabeta(t, trace=True),
    lambda t: alphabeta(t, prune_on_equality=False, trace=True), lambda t: expectiminimax(t, trace=True),
    lambda t: star1(t, lower=0, upper=20, trace=True), lambda t: star2(t, lower=0, upper=20, trace=True),
    lambda t: maxn(t, trace=True), lambda t: mcts(t, iterations=20, seed=0, trace=True),
    lambda t: __import__("gamelib.limits").limits.search(t, depth=2, evaluate=lambda s: 0, table=True,
                                                         trace=True)],
    ids=["minimax", "alphabeta", "alphabeta strict", "expectiminimax", "star1", "star2", "maxn", "mcts",
         "limits.search"])
def test_every_search_records_events_in_a_plain_list(search):
    trace = search(GameTree.from_nested(FIG52)).trace
    assert type(trace) is list and trace and all(type(e) is Event for e in trace)


def test_an_event_reads_by_name_and_as_the_tuple_of_its_fields():
    e = FIG52_ALPHABETA[12]
    assert (e.kind, e.state, e.value, e.skipped) == ("prune", "C", 2, ("c2", "c3"))
    assert tuple(e) == ("prune", "C", 1, 3, 2, 2, None, ("c2", "c3"))
    assert Event("leaf", "E", 2) == ("leaf", "E", 2, None, None, None, None, ())


@pytest.mark.parametrize("collector_on", [True, False])
def test_recording_gives_a_fresh_list_with_the_collector_paused_then_restores_it(collector_on):
    was = gc.isenabled()
    (gc.enable if collector_on else gc.disable)()
    try:
        with recording(True) as first:
            assert first == [] and type(first) is list and not gc.isenabled()
        with recording(True) as second:
            assert second is not first
        with recording(False) as none:
            assert none is None and gc.isenabled() == collector_on
        assert gc.isenabled() == collector_on
        with pytest.raises(ZeroDivisionError), collector_paused():
            1 / 0
        assert gc.isenabled() == collector_on
    finally:
        (gc.enable if was else gc.disable)()


def test_the_old_trace_class_is_a_deprecated_name_of_list():
    import gamelib.trace
    with pytest.warns(DeprecationWarning, match="gamelib.trace.Trace has moved: use builtins.list"):
        assert gamelib.trace.Trace is list
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from gamelib.trace import Event as still_there  # noqa: F401


def _searches():
    from gamelib.games.connect4 import Connect4, center_first, evaluation, is_quiet
    from gamelib.games.pig import Pig
    from gamelib.games.pig import evaluation as pig_evaluation
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


# Pinned before the speed-ups (commit cb0655e; then as SHA-256 digests of each trace, its value, action, node
# count, principal variation and `solved`): the same events, values and counts since.  Re-pinned in this
# form when the trace became a plain list of Events (issue 34), with the old digests still passing.
OUTCOMES = {  # value, action, nodes, principal variation, solved
    'ttt alphabeta': (0, (0, 0), 18297, None, None),
    'ttt alphabeta strict': (0, (0, 0), 146120, None, None),
    'ttt minimax X.O': (0, (2, 2), 933, None, None),
    'ttt search table': (0, (0, 0), 4762,
                         [(0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (2, 2)], True),
    'ttt search tkh': (0, (0, 0), 3257, [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1), (0, 2), (2, 2)], True),
    'ttt search d4 beam': (0, (0, 0), 37, [(0, 0), (0, 1), (0, 2), (1, 0)], False),
    'c4 ab d6': (0.0, 3, 1249, None, None),
    'c4 search tkh d6': (0.0, 3, 804, [3, 3, 3, 3, 3, 3], False),
    'c4 search tkh q d6': (0.0, 3, 5884, [3, 3, 3, 3, 3, 3], False),
    'c4 search tkh nocf d6': (0.0, 3, 1888, [3, 3, 3, 3, 3, 3], False),
    'pig emm d6': (0.12002314814814814, 'roll', 457, None, None),
    'pig star1 d6': (0.12002314814814814, 'roll', 452, None, None),
    'pig star2 d6': (0.12002314814814814, 'roll', 1171, None, None),
}

PINS = {
    'ttt alphabeta': ('36594 | enter 18297, exit 6730, leaf 7330, prune 4237 | 996 4d7 1cb de6 f05 1a2 21d c46 8e6 '
                      'e70 469 f89 c42 310 b89 cfe | 16ecd21ce19227eb'),
    'ttt alphabeta strict': ('292240 | enter 146120, exit 65814, leaf 62162, prune 18144 | 996 4d7 1cb de6 b79 63d '
                             '0a1 f0f e45 ff0 95a fbe 6a5 810 953 da4 9f5 6d5 1e5 | 5e61b69e2c2b806a'),
    'ttt minimax X.O': ('1866 | enter 933, exit 492, leaf 441 | 50b aba 4e9 12b b13 b24 227 472 a0c da9 d8e | '
                        '5c7dd310da08f79c'),
    'ttt search table': ('9524 | enter 4762, exit 1013, leaf 1049, prune 2700 | 996 4d7 1cb de6 f05 1a2 52d 325 29e '
                         'ebd 8fc 587 f65 f72 | a88473e05cfa1be6'),
    'ttt search tkh': ('6514 | enter 3257, exit 678, leaf 821, prune 1758 | 996 4d7 1cb de6 f05 1a2 821 04d 7ef 577 '
                       'b5e e71 f40 | e6d881ac489b6032'),
    'ttt search d4 beam': '74 | enter 37, leaf 17, prune 20 | 996 4d7 1cb ccb 01f 8f0 2ba | 8aabd832d3dd8fde',
    'c4 ab d6': ('2498 | enter 1249, exit 114, leaf 685, prune 450 | 867 c21 da7 bce cab 04e 6be 4cf b25 f9d acf 3ca '
                 '| c75f2f027eed2558'),
    'c4 search tkh d6': ('1608 | enter 804, exit 84, leaf 375, prune 345 | 867 c21 da7 bce cab 04e 6be 4cf c65 b60 '
                         'a1e | 1bbd6bbbac9782c9'),
    'c4 search tkh q d6': ('11768 | enter 5884, exit 479, leaf 3210, prune 2195 | 867 814 475 ba0 3cb d15 4eb 31a b25 '
                           'f73 13d df6 8ab f41 | 87cdf23321094760'),
    'c4 search tkh nocf d6': ('3776 | enter 1888, exit 212, leaf 1097, prune 579 | 867 814 475 ba0 3cb d15 4eb 31a '
                              'b25 14d beb 7d1 | 5a51b7a7efee9180'),
    'pig emm d6': '914 | enter 457, exit 156, leaf 301 | b09 ea0 c02 a47 520 a8a 91c 293 a34 039 | a39f3d92033cd921',
    'pig star1 d6': ('904 | enter 452, exit 151, leaf 296, prune 5 | 63e 9d1 f5b 20a 971 016 d4f b61 06e 68f | '
                     '937bb99dd3cc8d81'),
    'pig star2 d6': ('2342 | enter 1171, exit 275, leaf 810, prune 86 | 63e 9d1 f5b 20a 971 016 a63 7ed 4fd 909 007 '
                     '843 | bec378dfa281b81c'),
}


def test_searches_record_exactly_the_events_they_recorded_before():
    runs = {name: run() for name, run in _searches().items()}
    assert {name: (r.value, r.action, r.nodes, getattr(r, "pv", None), getattr(r, "solved", None))
            for name, r in runs.items()} == OUTCOMES
    check_pins({name: r.trace for name, r in runs.items()}, PINS)
