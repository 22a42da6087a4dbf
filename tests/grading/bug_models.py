"""What every grader's bug-model test checks, written once (tests of searches, imperfect, multiplayer
and learning tasks each draw their own cases and call it)."""
from gamelib.grading.mutants import matching_mutants


def assert_caught_and_named(mutant, kind: str, returns: str, case, result, predicted) -> None:
    """The bug model ``mutant`` predicted ``predicted`` for the buggy submission's answer on ``case``
    (``result``: the grader's verdict).  The model does exactly what the buggy code does, so wherever
    the bug shows, the submission fails and the bug is named; where it does not, nothing is said."""
    assert result.student.same_as(predicted), (result.student, predicted)
    if predicted.same_as(result.expected):
        assert result.problem == ""
    else:
        assert result.problem
        assert mutant in matching_mutants(kind, returns, [case], [result.student], [result.expected])
