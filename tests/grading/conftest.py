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
