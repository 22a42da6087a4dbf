"""The test cell being graded (gamelib.grading.context): outside grading every function here is the plain
one (the seed given, nothing recorded, no partial credit); while grading, the hidden cases' seeds come from
the course secret (different per assignment, cell and check, the same every run) and the executor hears
when they are drawn and done."""
from hypothesis import given
from hypothesis import strategies as st

from gamelib.grading.context import (Context, HiddenCases, current, forget_hidden, grading, grading_hidden,
                                     hidden_seed, partial_credit, record)


class Heard(HiddenCases):
    def __init__(self):
        self.heard = []

    def drawn(self):
        self.heard.append("drawn")

    def forget(self):
        self.heard.append("forget")


def _context(**change):
    return Context(b"course secret", "02_alpha_beta", "test_alphabeta", 3.0)._replace(**change)


def test_outside_grading_nothing_is_hidden_or_kept():
    assert current() is None and not grading_hidden()
    assert hidden_seed("check", 7) == 7
    assert partial_credit(1, 2) is None
    record(check="x")
    forget_hidden()                                      # nothing to tell


def test_while_grading_the_seed_comes_from_the_secret_and_the_executor_hears_of_it():
    heard, results = Heard(), []
    with grading(_context(results=results, hidden=heard)) as ctx:
        assert current() is ctx and grading_hidden()
        seed = hidden_seed("check", 7)
        assert seed != 7 and seed == hidden_seed("check", 7)
        assert len({seed, hidden_seed("check", 8), hidden_seed("other", 7)}) == 3
        record(check="alphabeta", failed=1)
        forget_hidden()
    assert current() is None
    assert results == [{"check": "alphabeta", "failed": 1}] and heard.heard == ["drawn"] * 4 + ["forget"]
    with grading(_context(assignment="03_other")):
        assert hidden_seed("check", 7) != seed           # each assignment's own
    with grading(_context(secret=b"another course")):
        assert hidden_seed("check", 7) != seed           # each course's own


@given(st.integers(0, 50), st.integers(1, 50), st.floats(0, 20, allow_nan=False))
def test_partial_credit_never_rounds_up_to_more_than_earned(passed, total, points):
    passed = min(passed, total)
    with grading(Context(b"s", "a", "c", points)):
        credit = partial_credit(passed, total)
    assert 0 <= credit <= points * passed / total + 1e-9
    assert points * passed / total - credit < 0.01 + 1e-9
    if passed < total:
        assert credit < points or points == 0
