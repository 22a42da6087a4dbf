"""Autograde the fake submissions of tests/submissions/<assignment>/ with nbgrader and check every
grade exactly: the reference solution (full marks), a blank one (0, no crash), one per known bug (the
bug named in the feedback), an infinite loop, one raising, deleted and edited test cells, stripped
metadata, and more (each file says what it is).  Then export the grades and produce feedback, which
must never show a hidden test.  Each assignment is graded in its own temporary course folder."""
import csv

import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.course import assignments
from gamelib.grading.gradebook import export


@pytest.mark.parametrize("assignment", assignments())
def test_fake_submissions_get_exactly_their_grades(assignment, tmp_path):
    course = tmp_path / "course"
    only = [f.name for f in fakes.fakes(assignment) if not f.name.startswith("hostile_")]  # the red team's own test
    results = fakes.selftest(assignment, course=course, only=only)
    report = "\n".join(f"{r.fake.name}: {r.total:g}" + "".join(f"\n    {p}" for p in r.problems) for r in results)
    print(report)
    assert all(not r.problems for r in results), report

    out, by_cell = export(course, tmp_path / "grades.csv")
    with open(out) as f:
        rows = list(csv.DictReader(f))
    scores = {r["student_id"]: float(r["score"]) for r in rows}
    assert scores == pytest.approx({r.fake.name: r.total for r in results}, abs=1e-3)
    assert {r["status"] for r in rows} == {"graded"}
    with open(by_cell) as f:
        assert sum(float(r["score"]) for r in csv.DictReader(f)) == pytest.approx(sum(r.total for r in results))

    made = w.feedback(assignment, course=course)
    assert made.withheld == {}
    assert len(made.pages) == len(results)
    assert all("(hidden tests ran here)" in p.read_text() for p in made.pages)
