"""gamelib.grading.mutants: every known bug is caught and named on the trees where it shows, each has a
student version, and the bug model without bugs is gamelib's own search, event for event."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GameTree, alphabeta, expectimax, expectiminimax, minimax
from gamelib.core import IllegalMoveError
from gamelib.grading import cases as C
from gamelib.grading import checks
from gamelib.grading.mutants import BY_NAME, MUTANTS, buggy_search, matching_mutants

from ..strategies import FIG_5_2, chance_specs, nested_specs
from . import students
from .bug_models import assert_caught_and_named
from .students import _evaluate, cases, estimates

# ---------------------------------------------------------------------------------------------------
# Random cases for every kind of exercise
# ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("exercise, bug", sorted(students.WRONG), ids=lambda x: x)
@settings(max_examples=60)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(exercise, bug, data):
    ex, mutant = checks.EXERCISES[exercise], BY_NAME[bug]
    case = data.draw(cases(exercise))
    result = checks.grade_case(ex, students.WRONG[exercise, bug], case)
    assert_caught_and_named(mutant, ex.kind, ex.returns, case, result)


def test_every_mutant_has_a_student_version_and_is_named_in_a_sentence():
    modelled = {bug for _, bug in students.WRONG} | {bug for _, bug in students.WRONG_IMPERFECT} | \
        {bug for _, bug in students.WRONG_MULTIPLAYER} | {bug for _, bug in students.WRONG_LEARNING} | \
        {bug for _, bug in students.WRONG_PUCT}
    assert modelled == {m.name for m in MUTANTS}
    for m in MUTANTS:
        assert m.says.startswith("your ") and m.kinds


# ---------------------------------------------------------------------------------------------------
# The bug models are gamelib's search plus one bug: with no bug they emit gamelib's trace exactly
# ---------------------------------------------------------------------------------------------------

@given(nested_specs(), st.sampled_from([None, "aima", "strict"]))
def test_the_bug_model_without_bugs_is_event_for_event_gamelibs_search(spec, window):
    tree = GameTree.from_nested(spec)
    mine = buggy_search(tree, window=window)
    ref = minimax(tree, trace=True) if window is None else alphabeta(tree, trace=True,
                                                                       prune_on_equality=window == "aima")
    assert mine == ref


@given(chance_specs(), st.integers(0, 50))
def test_the_bug_model_without_bugs_matches_expectiminimax_and_expectimax(spec, seed):
    tree = GameTree.from_nested(spec)
    assert buggy_search(tree) == expectiminimax(tree, trace=True)
    if isinstance(spec, list):
        policy = C.RandomPolicy(tree, seed)
        assert buggy_search(tree, policy=policy) == expectimax(tree, opponent_policy=policy, trace=True)


@given(nested_specs(), st.integers(0, 3), estimates)
def test_the_bug_model_without_bugs_matches_depth_limited_alphabeta(spec, depth, table):
    tree = GameTree.from_nested(spec)
    evaluate = _evaluate(tree, table)
    assert buggy_search(tree, window="aima", cutoff=lambda s, d: d >= depth, evaluate=evaluate) == \
        alphabeta(tree, depth=depth, evaluate=evaluate, trace=True)


def test_unknown_bugs_are_refused():
    with pytest.raises(ValueError, match="unknown bugs"):
        buggy_search(GameTree.from_nested(FIG_5_2), bugs={"typo"})


# ---------------------------------------------------------------------------------------------------
# The traced game: what a student's search is handed
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# The sandbox: what students hand in
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# Hidden cases: reproducible from their seed, never shown
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# By-hand answers, the sigma study, the evaluation tournament
# ---------------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------------
# The workflow's own pieces
# ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("task, bug, fn", students.TERM_BUGS, ids=[f"{t}-{b}" for t, b, _ in students.TERM_BUGS])
def test_twelve_student_bugs_of_06_and_07_are_named_on_the_public_and_the_hidden_cases(task, bug, fn):
    """Issue #31: of twelve bugs written as students write them, feedback once named six.  Each is named by
    what it does (its signature), on the public cases and on hidden ones, whoever wrote it how."""
    check = {"maxn_value": checks.maxn, "solve_zero_sum_2x2": checks.matrix, "td_lambda": checks.td}.get(
        task, lambda f, **kw: checks.mcts(task, f, **kw))
    for hidden in (0, 20):
        with pytest.raises(checks.GradingError) as e:
            check(fn, hidden=hidden, seed=7)
        named = [m.name for m in MUTANTS if f"[{m.name}]" in str(e.value)]
        assert bug in named, (hidden, str(e.value))


def test_the_illegal_move_of_an_overwritten_state_is_an_error_the_bug_model_shares():
    ex = checks.EXERCISES["alphabeta_aima"]
    case = C.Case("fig", GameTree.from_nested(FIG_5_2))
    result = checks.grade_case(ex, students.WRONG["alphabeta_aima", "overwrite_state"], case)
    assert result.student.error == IllegalMoveError.__name__
    assert "[overwrite_state]" not in result.problem                   # the bug is named by the check, not here
    assert BY_NAME["overwrite_state"] in matching_mutants("alphabeta", "pair", [case], [result.student],
                                                          [result.expected])
