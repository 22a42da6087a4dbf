"""gamelib.trace.events: a Trace reads, compares, counts and adds as the list of Events it holds, and every
search records exactly the events it recorded before the speed-ups of issue 12 (SHA-256 pins)."""
from __future__ import annotations

import copy  # noqa: E402

# --- traces: recorded as tuples, read as Events -------------------------------------------------------
import hashlib  # noqa: E402
import pickle  # noqa: E402

import pytest

from gamelib import Event, GameTree, alphabeta, expectiminimax, minimax, star1, star2  # noqa: E402
from gamelib.games import TicTacToe
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
