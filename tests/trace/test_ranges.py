"""gamelib.trace.ranges: what a trace proves about each node's value (proven_ranges), and chance intervals."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelib.trace as T
from gamelib import ArgumentError, GameError, GameTree, alphabeta, chance, minimax, star1
from gamelib.trace import proven_ranges

from ..bad_input import FIG52, case, check_bad_input
from ..strategies import FIG_5_2, nested_specs


def test_proven_ranges_match_the_notes_walk_through():
    # The minimax/alpha-beta walk-through's end state for Fig. 5.2: A [3, 3], B [3, 3], C (−∞, 2], D [2, 2].
    from gamelib.trace import proven_ranges
    inf = float("inf")
    tree = GameTree.from_nested(FIG_5_2)
    ranges = proven_ranges(alphabeta(tree, trace=True).trace, tree.to_move)
    assert {s: ranges[s] for s in "ABCD"} == {"A": (3, 3), "B": (3, 3), "C": (-inf, 2), "D": (2, 2)}
    mirror = GameTree.from_nested([[[6, 5], [8, 7]], [[2, 1], [3, 4]]])
    ranges = proven_ranges(alphabeta(mirror, trace=True).trace, mirror.to_move)
    assert ranges["E"] == (8, inf) and ranges["F"] == (2, 2) and ranges["C"] == (-inf, 2)


@given(nested_specs(), st.booleans())
def test_proven_ranges_hold_the_true_value_and_the_returned_one(spec, on_equality):
    """The intervals pictures and graders show ('≤2', '[2, 2]') are sound: every closed node's true
    minimax value and the value alpha-beta returned there lie inside; the root's is exact."""
    tree = GameTree.from_nested(spec)
    result = alphabeta(tree, trace=True, prune_on_equality=on_equality)
    ranges = proven_ranges(result.trace, tree.to_move)
    assert set(ranges) == set(result.visited)
    returned = {e.state: e.value for e in result.trace if e.kind != "enter"}
    for state, (lo, hi) in ranges.items():
        assert lo <= minimax(tree, state).value <= hi
        assert lo <= returned[state] <= hi
    assert ranges["A"] == (result.value, result.value)
    plain = minimax(tree, trace=True)
    assert all(lo == hi for lo, hi in proven_ranges(plain.trace, tree.to_move).values())


def test_proven_ranges_is_one_function():
    """Issue 11: one name, one meaning.  gamelib.proven_ranges (from gamelib.core) reads every trace;
    a Star trace passes the game's chance outcomes and the bounds."""
    import gamelib.star
    import gamelib.trace
    assert gamelib.proven_ranges is gamelib.trace.proven_ranges
    assert not hasattr(gamelib.star, "proven_ranges")


def test_chance_intervals_and_returned_move_values():
    tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    r = star1(tree, lower=1, upper=4, trace=True)
    got = T.chance_intervals(tree, r.trace, **dict(zip(('lower', 'upper'), T.leaf_bounds(tree))))
    assert {s: tuple(round(x, 9) for x in v) for s, v in got.items()} == {"B": (2.1, 2.1), "C": (1.0, 1.3)}
    assert {a: round(v, 9) for a, v in T.returned_move_values(r).items()} == {"a1": 2.1, "a2": 1.3}


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: proven_ranges(5, FIG52.to_move), GameError, "trace", id="proven_ranges(5)"),
    case(lambda: proven_ranges([1, 2], FIG52.to_move), GameError, r"trace\[0\]", id="proven_ranges list of ints"),
    case(lambda: proven_ranges(alphabeta(FIG52, trace=True).trace[1:], FIG52.to_move), GameError,
         r"trace\[", id="proven_ranges trace without its first enter"),
    case(lambda: proven_ranges([], FIG52.to_move, lower=1, upper=0), ArgumentError, "lower <= upper",
         id="proven_ranges lower=1, upper=0"),
    case(lambda: proven_ranges([], 5), ArgumentError, "to_move", id="proven_ranges to_move=5"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
