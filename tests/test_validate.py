"""gamelib.validate: the one check at every public boundary.  Every search refuses a utility that is not
a real number, lifts its size guards on request, and accepts the valid edge values."""
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import (
    EvaluationError,
    GameTree,
    alphabeta,
    chance,
    endgame_table,
    expectiminimax,
    iterative_deepening,
    minimax,
    star1,
)
from gamelib.games import Halving
from gamelib.games import pig as pigmod
from gamelib.limits import search as limited

from .bad_input import (
    FIG52,
    SEARCHES,
    TTT,
    ZERO,
    Valued,
    attempt,
    case,
    check_bad_input,
    close,
    correct,
    eval_outputs,
    fuzz,
    inf,
    nan,
    reference_limited,
    valid_number,
    weird,
)

# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
# Issue 21: every search refuses a utility that is not a real number (minimax and alphabeta used to return
# 3 for NaN: only evaluate's values were checked).  One check, validate.checked_utility, at the entry.
BAD_INPUT = [case(lambda f=f, v=v: f(Valued(v)), EvaluationError, r"utility\(Board\(", "returned " + re.escape(repr(v)),
               id=f"{name} utility={v!r}")
          for name, f in SEARCHES.items() for v in (nan, None, "x", 1j, (1, 2))]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_guards_are_lifted_on_request():
    correct(len(endgame_table(Halving(30), max_positions=None)) == len(endgame_table(Halving(30))))
    correct(len(GameTree.random(3, 3, max_nodes=None)) == 40)
    correct(pigmod.solve(8, max_states=None).win_probability(0,
            0) == pytest.approx(pigmod.solve(8).win_probability(0, 0)))


def test_valid_edge_values_still_work():
    correct(limited(FIG52, depth=2, evaluate=ZERO, alpha=3, beta=3).value == 3)   # a null window
    correct(iterative_deepening(TTT, evaluate=ZERO, time_limit=inf, max_depth=1).depth == 1)
    correct(minimax(FIG52, depth=1, evaluate=lambda s: np.float64(2.5)).value == 2.5)
    correct(alphabeta(FIG52, depth=1, evaluate=lambda s: inf).value == inf)        # a won position
    from fractions import Fraction
    correct(minimax(FIG52, depth=1, evaluate=lambda s: Fraction(1, 3)).value == Fraction(1, 3))
    correct(minimax(Valued(np.float64(2.5))).value == 2.5)                     # numpy numbers are numbers
    correct(alphabeta(Valued(inf)).value == inf)                               # a won position, as evaluate's
    correct(expectiminimax(GameTree.from_nested([chance((1.0, 5), (0.0, inf)), [3]])).value == 5)


@fuzz
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=4).flatmap(
           lambda xs: st.just([[x, -x] for x in xs])),
       st.one_of(st.integers(0, 4), weird), eval_outputs, st.one_of(st.booleans(), weird),
       st.sampled_from(["minimax", "alphabeta", "limits", "star1", "deepening"]))
def test_fuzzed_search_arguments_give_a_clear_error_or_the_right_value(spec, depth, output, trace, which):
    tree = GameTree.from_nested(spec)
    evaluate = lambda s: output  # noqa: E731
    calls = {
        "minimax": lambda: minimax(tree, depth=depth, evaluate=evaluate, trace=trace),
        "alphabeta": lambda: alphabeta(tree, depth=depth, evaluate=evaluate, trace=trace),
        "limits": lambda: limited(tree, depth=depth, evaluate=evaluate, trace=trace, table=True,
                                  killers=True, history=True),
        "star1": lambda: star1(tree, lower=-10, upper=10, depth=depth, evaluate=evaluate, trace=trace),
        "deepening": lambda: iterative_deepening(tree, evaluate=evaluate, max_depth=depth, progress=trace),
    }
    ok, r = attempt(calls[which])
    depth_ok = (depth is None and which != "limits") or (
        isinstance(depth, (int, np.integer)) and not isinstance(depth, bool)
        and depth >= (1 if which == "deepening" else 0))
    if not ok:
        return
    assert depth_ok and isinstance(trace, bool), "a bad argument was accepted"
    depth = math.inf if depth is None else depth         # None: to the end of the game
    uses_eval = depth < 2                                # the spec's leaves are two plies down
    assert valid_number(output) or not uses_eval, "a bad evaluation was accepted"
    truth = reference_limited(tree, "A", depth, evaluate)
    correct(close(r.value, truth), (which, r.value, truth))
