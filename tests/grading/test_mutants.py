"""gamelib.grading.mutants: every known bug is caught and named on the trees where it shows, each has a
student version, and the bug model without bugs is gamelib's own search, event for event."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GameTree, alphabeta, expectimax, expectiminimax, minimax
from gamelib.core import IllegalMoveError
from gamelib.grading import cases as C
from gamelib.grading import checks
from gamelib.grading.mutants import BY_NAME, MUTANTS, buggy_search, matching_mutants, mutant_outcome

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
    predicted = mutant_outcome(mutant, ex.kind, case, ex.returns) if mutant.applies(case) else result.expected
    assert_caught_and_named(mutant, ex.kind, ex.returns, case, result, predicted)


def test_every_mutant_has_a_student_version_and_is_named_in_a_sentence():
    modelled = {bug for _, bug in students.WRONG} | {bug for _, bug in students.WRONG_IMPERFECT} | \
        {bug for _, bug in students.WRONG_MULTIPLAYER} | {bug for _, bug in students.WRONG_LEARNING}
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


def test_the_illegal_move_of_an_overwritten_state_is_an_error_the_bug_model_shares():
    ex = checks.EXERCISES["alphabeta_aima"]
    case = C.Case("fig", GameTree.from_nested(FIG_5_2))
    result = checks.grade_case(ex, students.WRONG["alphabeta_aima", "overwrite_state"], case)
    assert result.student.error == IllegalMoveError.__name__
    assert "[overwrite_state]" not in result.problem                   # the bug is named by the check, not here
    assert BY_NAME["overwrite_state"] in matching_mutants("alphabeta", "pair", [case], [result.student],
                                                          [result.expected])
