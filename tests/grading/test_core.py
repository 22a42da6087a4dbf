"""gamelib.grading.core, the one grading core: a placeholder left in is found and named; a case graded
says what went wrong in one line (wrong form, exception, changed game, gamelib's own search called); the
check stops running cases after its time-outs or its CPU time and counts the rest as failed; feedback
shows the first failing cases and counts the rest; numbers are worded one way.  (Every grader's tests
reach grade() end to end: test_checks.py, test_imperfect.py, test_multiplayer.py, test_learning.py.)"""
from __future__ import annotations

import math
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import GameTree, minimax
from gamelib.grading import cases as C
from gamelib.grading import core
from gamelib.grading.core import CaseResult, GradingError
from gamelib.grading.mutants import Outcome
from gamelib.grading.searches import EXERCISES

from ..strategies import FIG_5_2


def test_a_placeholder_is_found_however_deep_it_is_held():
    for held in (..., NotImplemented, [1, ...], {"A": ...}, {...: 1}, (1, (2, {3, ...})), frozenset([...])):
        assert core.placeholder(held), held
    for answer in (0, "...", b"...", [1, [2]], {"A": 3}, None):
        assert not core.placeholder(answer), answer
    deep = ...
    for _ in range(100):
        deep = [deep]
    assert not core.placeholder(deep)                          # beyond depth 20: not looked for, no recursion error
    core.require_answer({"A": 3}, "values")
    with pytest.raises(GradingError, match="^values still holds the placeholder `...` of the exercise"):
        core.require_answer({"A": ...}, "values")


def test_robustness_failures_each_fail_their_case_with_a_message():
    ex = EXERCISES["minimax_value"]
    case = C.Case("AIMA Fig. 5.2", GameTree.from_nested(FIG_5_2))

    def mutating(game, state):
        game._game.leaf_values["E"] = 99
        return 3

    def cheating(game, state):
        return minimax(game, state).value

    def grabbing(game, state):          # reaches past the traced game: no visits, and detected anyway
        return minimax(game._game, state._state).value

    expect = {
        (lambda g, s: (3, "a1")): "should return a number",
        (lambda g, s: None): "forget to return",
        (lambda g, s: float("nan")): "should return a number",
        mutating: "changed the game",
        cheating: "calls gamelib's own search (gamelib.minimax.minimax)",
        grabbing: "calls gamelib's own search",
        (lambda g, s: g.leaf_values): "it raised AttributeError",
    }
    for fn, phrase in expect.items():
        result = core.grade_case(ex, fn, case)
        assert phrase in result.problem
    assert case.game.leaf_values["E"] == 3                     # each run gets its own copy of the tree


def test_an_exception_on_a_hidden_case_is_named_without_its_message():
    ex = EXERCISES["minimax_value"]
    case = C.Case("hidden tree 1", GameTree.from_nested(FIG_5_2), hidden=True)

    def leaking(game, state):
        raise KeyError(f"root {state}{state}{state}")        # what a hidden case holds, in the message

    result = core.grade_case(ex, leaking, case)
    assert result.problem.startswith("it raised KeyError (line") and "AAA" not in result.problem
    assert result.credit == 0.0


def _results(case_names, problems) -> list:
    none = Outcome(())
    return [CaseResult(C.Case(n, None), none, none, p) for n, p in zip(case_names, problems)]


def test_a_check_stops_after_its_time_outs_or_its_cpu_time_and_counts_the_rest_as_failed():
    timeout = CaseResult(C.Case("t", None), Outcome((), error="timeout"), Outcome(()), "no answer")
    ran = []
    results = core.run_cases(range(5), lambda c: ran.append(c) or timeout, clock=lambda: 0.0)
    assert ran == [0, 1] and [r.problem for r in results[2:]] == \
        ["not run (after 2 time-outs), counted as failed"] * 3
    assert all(r.student.error == "not run" for r in results[2:])
    ticks = iter([0.0, 0.0, core.CHECK_TIME / 2, core.CHECK_TIME + 1, 99.0, 99.0])
    passed = _results(["p"], [""])[0]
    results = core.run_cases(range(4), lambda c: passed, clock=lambda: next(ticks))
    assert [r.problem for r in results] == ["", "", f"not run (the check's {core.CHECK_TIME:g} s of CPU time were "
                                                     "used up), counted as failed", results[2].problem]
    assert core.run_cases(range(3), lambda c: timeout, clock=lambda: 0.0, max_timeouts=1)[1].problem == \
        "not run (after 1 time-out), counted as failed"


def test_a_case_earns_one_none_or_its_familys_share():
    none = Outcome(())
    assert CaseResult(None, none, none, "").credit == 1.0
    assert CaseResult(None, none, none, "wrong").credit == 0.0
    assert CaseResult(None, none, none, "wrong", share=0.5).credit == 0.5


def test_feedback_shows_the_first_failing_cases_and_counts_the_rest():
    results = _results([f"tree {k}" for k in range(6)], ["", "value 2, expected 3", "bad", "bad", "worse", "bad"])
    lines = core.failed_cases_lines("minimax_value", "gamelib.minimax", results, "6 public cases",
                                    why=lambda r: "it took the max at a MIN node" if r.case.name == "tree 1" else "")
    assert lines == ["minimax_value disagrees with gamelib.minimax on 5 of 6 public cases:",
                     "  • tree 1: value 2, expected 3",
                     "    Why: it took the max at a MIN node.",
                     "  • tree 2: bad", "  • tree 3: bad", "  • ... and 2 more"]


def test_a_case_added_to_the_hidden_ones_is_numbered_after_them():
    cases = [C.Case(f"hidden tree {k}", None) for k in (1, 2, 3)] + [C.Case("hidden game 1", None)]
    assert core._numbered(C.Case("hidden tree 17", None), cases).name == "hidden tree 4"
    assert core._numbered(C.Case("hidden game 5", None), cases).name == "hidden game 2"


def test_numbers_and_texts_are_worded_one_way():
    assert [core.fmt(v) for v in (math.inf, -math.inf, 2 / 3, 1234567.0, 3, "a1")] == \
        ["+∞", "−∞", "0.6667", "1.235e+06", "3", "'a1'"]
    assert core.short(ValueError("x" * 300)) == "x" * 197 + "..." and core.short(ValueError("ok")) == "ok"
    text = core.case_text(C.Case("t", GameTree.from_nested([[1, 2], [3, 4]]), state="B", depth=2))
    assert text == "GameTree.from_nested([[1, 2], [3, 4]]), from the state 'B', to depth 2"
    assert len(core.case_text(C.Case("t", GameTree.from_nested([list(range(400))])))) == 600


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6))
def test_a_number_equals_itself_within_rounding_and_nothing_else_does(x):
    assert core.close(x, x) and core.close(x + 1e-12, x)
    assert not core.close(str(x), x) and not core.close(None, x) and not core.close(True, 1)
    assert not core.close(x + 1, x)


def test_a_choice_that_cannot_even_be_compared_is_not_one_of_the_legal_ones():
    assert core.one_of("a1", ("a1", "a2")) and not core.one_of("a3", ("a1",))
    assert not core.one_of([1], {"a1"}) and not core.one_of({}, frozenset({1}))


def test_a_game_snapshot_is_its_public_plain_data_copied():
    game = GameTree.from_nested([[1, 2], [3]])
    game._secret, game.note, game.fn = [1], ["n"], len
    snap = core.snapshot(game)
    assert "_secret" not in snap and "fn" not in snap and snap["note"] == ["n"]
    game.note.append("changed")
    assert snap != core.snapshot(game)


def test_a_check_is_quiet_and_a_non_function_is_refused_by_name():
    @core.quiet
    def noisy():
        warnings.warn("deprecated", DeprecationWarning)
        return 7

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert noisy() == 7 and noisy.__name__ == "noisy"
    with pytest.raises(GradingError, match="minimax_value should be a function; it is"):
        core.grade(EXERCISES["minimax_value"], 42)
