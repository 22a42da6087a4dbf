"""Bad input (issue 8): the helpers every module's bad-input tests share.  Each test file holds its
module's cases, ``BAD_INPUT = [case(call, error, *patterns, id=...), ...]``, checked by
:func:`check_bad_input`: a clear error (a GameError subclass whose message names the problem), never a
hang, a silently wrong answer, or an object left half-changed; the fuzzed inputs get "a clear GameError or
a correct answer, never anything else".  (The widgets in gamelib/viz/ have their own bad-input tests.)

Every call is counted in ``TALLY`` by outcome; with ``GAMELIB_BAD_INPUT_TALLY=<file>`` in the environment
the counts are written to that file when the session finishes (tests/conftest.py).
"""
from __future__ import annotations

import math
import re
import signal
from collections import Counter
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from gamelib import (
    MAX,
    MIN,
    Game,
    GameError,
    GameTree,
    alphabeta,
    chance,
    endgame_table,
    expectiminimax,
    iterative_deepening,
    minimax,
    monte_carlo_value,
    star1,
    star2,
)
from gamelib.games import Connect4, Pig, TicTacToe
from gamelib.games import pig as pigmod
from gamelib.limits import search as limited
from gamelib.trees import ChanceSpec

from .strategies import FIG_5_2

TALLY: Counter = Counter()
"""Bad inputs tried, by outcome: 'raised clearly' or 'correct answer'."""


@contextmanager
def no_hang(seconds: int = 20):
    """Fail (instead of hanging the suite) if the block runs longer than ``seconds``."""
    def alarm(*_):
        raise TimeoutError(f"still running after {seconds} s: a hang")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def raised_clearly(error: BaseException) -> None:
    """An error the kit promises: a GameError (never a bare TypeError, KeyError, RecursionError...)
    with a message."""
    assert isinstance(error, GameError), f"{type(error).__name__}: {error}"
    assert str(error).strip(), f"{type(error).__name__} without a message"
    TALLY["raised clearly"] += 1


def correct(ok: bool, what="") -> None:
    assert ok, what
    TALLY["correct answer"] += 1


FIG52 = GameTree.from_nested(FIG_5_2)
TTT = TicTacToe()
C4 = Connect4()
PIG10 = Pig(10)
SOL10 = pigmod.solve(10)
ZERO = lambda s: 0  # noqa: E731


class Loop(Game):
    """Two positions that alternate for ever: a game whose state graph has a cycle it does not declare."""

    initial_state = 0

    def to_move(self, s):
        return MAX if s == 0 else MIN

    def actions(self, s):
        return ("go",)

    def result(self, s, a):
        return 1 - s

    def is_terminal(self, s):
        return False

    def utility(self, s, p):
        return 0

    def __repr__(self):
        return "Loop()"


class DeclaredLoop(Loop):
    cyclic = True


def nested(depth, leaf=5):
    spec = leaf
    for _ in range(depth):
        spec = [spec]
    return spec


SELF_REFERENTIAL = [1]
SELF_REFERENTIAL.append(SELF_REFERENTIAL)
nan, inf = math.nan, math.inf


# ---------------------------------------------------------------------------------------------------
# 1. Every case of the issue, and the rest of the public API's arguments: the error and its message
# ---------------------------------------------------------------------------------------------------

def case(call, error, *patterns, id):
    return pytest.param(call, error, patterns, id=id)


class Valued(TicTacToe):
    """Tic-tac-toe whose utility is ``value`` at every end: a user's game whose utility is not a number."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def utility(self, state, player):
        return self.value

    def __repr__(self):
        return f"Valued({self.value!r})"


SEARCHES = {"minimax": minimax, "alphabeta": alphabeta, "expectiminimax": expectiminimax,
            "star1": lambda g: star1(g, lower=-5, upper=5), "star2": lambda g: star2(g, lower=-5, upper=5),
            "limits.search": lambda g: limited(g, depth=9, evaluate=ZERO),
            "iterative_deepening": lambda g: iterative_deepening(g, evaluate=ZERO, max_depth=9),
            "monte_carlo_value": lambda g: monte_carlo_value(g, iterations=5, seed=0)}


# ---------------------------------------------------------------------------------------------------
# 2. Inputs that used to give an error or a wrong answer and now give the right answer
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# 3. Nothing left half-changed by a failed call
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# 4. Hypothesis: fuzzed specs and arguments get a clear GameError or a correct answer
# ---------------------------------------------------------------------------------------------------

fuzz = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much], deadline=None)

good_leaf = st.integers(-5, 5)
bad_leaf = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
                     st.text(max_size=2), st.just([]), st.complex_numbers(max_magnitude=4),
                     st.just(math.inf), st.just(-math.inf))
leaves = st.one_of(good_leaf, good_leaf, good_leaf, bad_leaf)


def _normalized(pairs):
    total = sum(w for w, _ in pairs)
    return chance(*((w / total, sub) for w, sub in pairs))


def chance_nodes(kids):
    valid = st.lists(st.tuples(st.integers(0, 4), kids), min_size=1, max_size=3) \
        .filter(lambda ps: sum(w for w, _ in ps) > 0).map(_normalized)
    bad_p = st.one_of(st.floats(allow_nan=True), st.integers(-1, 2), st.none(), st.text(max_size=1))
    invalid = st.lists(st.tuples(bad_p, kids), max_size=3).map(lambda ps: chance(*ps))
    not_pairs = st.lists(kids, max_size=2).map(lambda ks: chance(*ks))
    return st.one_of(valid, valid, valid, invalid, not_pairs)


specs = st.recursive(leaves, lambda kids: st.one_of(st.lists(kids, max_size=3),
                                                    st.lists(kids, min_size=1, max_size=3).map(tuple),
                                                    chance_nodes(kids)), max_leaves=12)


def reference(spec, player=MAX):
    """The expectiminimax value of a valid spec, computed straight from the nested lists (AIMA Eq. 5.1
    and §5.5): None where an expectation is undefined (+inf and -inf both with positive probability)."""
    if isinstance(spec, ChanceSpec):
        terms = []
        for p, sub in spec.branches:
            v = reference(sub, player)
            if v is None:
                return None
            if p:
                terms.append(p * v)
        if inf in terms and -inf in terms:
            return None
        return sum(terms)
    if isinstance(spec, (list, tuple)):
        values = [reference(sub, MIN if player == MAX else MAX) for sub in spec]
        if None in values:
            return None
        return max(values) if player == MAX else min(values)
    return spec


def has_chance(spec) -> bool:
    if isinstance(spec, ChanceSpec):
        return True
    return isinstance(spec, (list, tuple)) and any(has_chance(s) for s in spec)


def close(a, b) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def attempt(call):
    """Run ``call``: returns (True, result) or (False, the GameError it raised, checked)."""
    try:
        return True, call()
    except GameError as e:
        raised_clearly(e)
        return False, e
    except Exception as e:  # noqa: BLE001 -- anything else is the failure this test looks for
        raise AssertionError(f"{type(e).__name__} escaped: {e}") from e


weird = st.one_of(st.none(), st.booleans(), st.integers(-3, 6), st.floats(allow_nan=True),
                  st.text(max_size=2), st.lists(st.integers(0, 2), max_size=2),
                  st.complex_numbers(max_magnitude=3), st.just(np.float64(nan)), st.just(np.int64(2)))
eval_outputs = st.one_of(st.integers(-9, 9), st.floats(-9, 9), weird)


def reference_limited(tree, state, depth, evaluate, ply=0):
    """H-MINIMAX (AIMA Eq. 5.2) on a GameTree, straight from its dictionaries."""
    if tree.is_terminal(state):
        return tree.leaf_values[state]
    if ply >= depth:
        return evaluate(state)
    values = [reference_limited(tree, c, depth, evaluate, ply + 1) for _, c in tree.children[state]]
    return max(values) if tree.players[state] == MAX else min(values)


def valid_number(v) -> bool:
    return (isinstance(v, (int, float, np.floating, np.integer)) and not isinstance(v, (bool, np.bool_))
            and v == v)


orderings = st.sampled_from([
    ("identity", lambda s, a: a, True), ("reversed", lambda s, a: tuple(reversed(a)), True),
    ("list", lambda s, a: list(a), True), ("generator", lambda s, a: (x for x in a), True),
    ("sorted", lambda s, a: sorted(a, reverse=True), True), ("drops", lambda s, a: a[1:], False),
    ("repeats", lambda s, a: tuple(a) + tuple(a[:1]), False), ("None", lambda s, a: None, False),
    ("number", lambda s, a: 5, False), ("swap in a stranger", lambda s, a: ("zz",) + tuple(a[1:]), False),
])


pig_fields = st.one_of(st.integers(-2, 12), weird)


TTT_REACHABLE = {"".join(s.squares): s for s in endgame_table(TTT).moves}   # the 5,478 positions


C4_SMALL = Connect4(rows=3, cols=4)
C4_SMALL_REACHABLE = {"".join(s.grid()): s for s in endgame_table(C4_SMALL).moves}


def check_bad_input(call, error, patterns):
    """The call raises ``error`` (a GameError) within 30 s, with a message matching every pattern."""
    with no_hang(30), pytest.raises(error) as caught:
        call()
    raised_clearly(caught.value)
    message = str(caught.value)
    for pattern in patterns:
        assert pattern in message or re.search(pattern, message), (pattern, message)


class NoMoves(Game):
    """A game whose only state is not terminal yet offers no move (searches must say so)."""

    initial_state = "start"

    def to_move(self, s):
        return MAX

    def actions(self, s):
        return ()

    def is_terminal(self, s):
        return False


class NoMovesBelow(NoMoves):
    """MAX's one move at the start leads to MIN's state 'stuck', which is not terminal yet offers no move:
    a search finds it below the state it starts from, not at its entry."""

    def to_move(self, s):
        return MAX if s == "start" else MIN

    def actions(self, s):
        return ("a",) if s == "start" else ()

    def result(self, s, a):
        return "stuck"

    def utility(self, s, p):
        return 0
