"""Fixtures of the grading tests: the gradebook's small graded course (tests/grading/gradebook_course.py)."""
from __future__ import annotations

import pytest

from .gradebook_course import copy_of, graded_course


@pytest.fixture(scope="session")
def graded(tmp_path_factory):
    """A graded course of fake submissions, made once per test process: read it, never change it."""
    return graded_course(tmp_path_factory.mktemp("gradebook"))


@pytest.fixture(scope="module")
def course(graded, tmp_path_factory):
    """A copy of the graded course for one test module to change."""
    return copy_of(graded, tmp_path_factory.mktemp("course") / "course")


@pytest.fixture(scope="session")
def student_runtime(tmp_path_factory):
    """The student runtime with nothing extra allowed (gamelib.grading.runtime), built once per test process
    (about 2 s) for the tests that start a sandbox: read it, never change it."""
    from gamelib.grading import runtime
    return runtime.build(tmp_path_factory.mktemp("runtime") / "runtime")


def require_isolation():
    """Skip a test that needs a real sandbox where bubblewrap cannot make one (with CI set, fail: the CI
    machine has bubblewrap and runs as root)."""
    import os

    from gamelib.grading.isolation import isolation_status
    status = isolation_status()
    if not status.isolated:
        if os.environ.get("CI"):
            pytest.fail(f"submissions cannot be isolated here: {status.how}")
        pytest.skip(f"a real sandbox is needed and bubblewrap cannot make one here: {status.how}")
