"""gamelib.grading.tournament: the evaluation tournament gives partial credit by rung."""


from gamelib.grading import checks, tournament

from .students import _burn


def test_the_evaluation_tournament_gives_partial_credit_by_rung():
    assert checks.connect4_evaluation(lambda s: 0, seed=1) == 2.0          # valid, beats random only
    assert checks.connect4_evaluation(lambda s: 1 / 0, seed=1) == 0.0
    assert checks.connect4_evaluation(lambda s: float("inf"), seed=1) == 0.0
    assert checks.connect4_evaluation("not a function") == 0.0
    rungs = tournament.grade_evaluation(lambda s: _burn(0.01) or 0, seed=1)
    assert len(rungs) == 1 and "ms a call" in rungs[0].needed
