"""What every grader's bug-model test checks, written once (tests of searches, imperfect, multiplayer
and learning tasks each draw their own cases and call it)."""
from gamelib.grading.mutants import explains, matching_mutants


def assert_caught_and_named(mutant, kind: str, returns: str, case, result) -> None:
    """A buggy submission written as a student writes it (not the bug model's own code) was graded on
    ``case`` (``result``: the grader's verdict).  It has the bug's signature there (what the model, or
    one of its ways of writing the bug, does), so wherever the bug shows, the submission fails and the
    bug is named; where it does not, nothing is said."""
    fits, differs = explains(mutant, kind, returns, case, result.student, result.expected)
    assert fits, (result.student, mutant.predictions(kind, case, returns) if mutant.applies(case) else None)
    if differs:
        assert result.problem
        assert mutant in matching_mutants(kind, returns, [case], [result.student], [result.expected])
    else:
        assert result.problem == ""
