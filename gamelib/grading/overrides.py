"""Changing a grade after autograding, with a record: :func:`override` (nbgrader's manual score, with the
reason, logged) and :func:`regrade` (the stored submission graded again: the same file and hidden cases,
so only a changed grader changes its grade; it keeps its time).
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from . import log
from .course import DEFAULT_COURSE, SOURCE, WorkflowError, course_lock, gradebook


FORM = "override ASSIGNMENT STUDENT GRADE_ID SCORE --why \"...\""


def _scores(course: Path, assignment: str, student: str) -> dict:
    """``{grade id: (score, max_score, auto_score, manual_score)}`` of ``student``'s ``assignment``."""
    from nbgrader.api import MissingEntry
    with gradebook(course) as gb:
        try:
            submission = gb.find_submission(assignment, student)
        except MissingEntry:
            ids = {c.name for nb in gb.find_assignment(assignment).notebooks for c in nb.grade_cells} \
                if assignment in {a.name for a in gb.assignments} else set()
            hint = f" ({student!r} is a grade id, not a student: {FORM})" if student in ids else ""
            raise WorkflowError(f"{student} has no graded submission of {assignment} in {course}{hint}") from None
        return {g.name: (float(g.score), float(g.max_score), g.auto_score, g.manual_score)
                for nb in submission.notebooks for g in nb.grades}


def _graded_question(course: Path, assignment: str, question: str, scores: dict) -> None:
    """Refuse a ``question`` that is not a grade id of ``assignment``, naming a student given in its place."""
    if question in scores:
        return
    with gradebook(course) as gb:
        student = question in {s.id for s in gb.students}
    what = f" ({question!r} is a student, not a grade id: {FORM})" if student else ""
    raise WorkflowError(f"{assignment} has no graded question {question!r}{what} (its grade ids, the cell column "
                        f"of grades_by_cell.csv: {', '.join(sorted(scores))})")


def _set_manual(course: Path, assignment: str, student: str, question: str, score: float | None) -> None:
    with gradebook(course) as gb:
        for nb in gb.find_submission(assignment, student).notebooks:
            for g in nb.grades:
                if g.name == question:
                    g.manual_score, g.needs_manual_grade = score, False
        gb.db.commit()


def override(assignment: str, student: str, question: str, score: float, why: str, *,
             course: Path = DEFAULT_COURSE) -> log.Entry:
    """Set ``student``'s score on ``question`` (a grade id) to ``score`` for the reason ``why``; the log entry."""
    course = Path(course).resolve()
    if not why or not why.strip():
        raise WorkflowError("an override needs its reason (--why \"...\"): the student's feedback shows it")
    with course_lock(course, f"override {assignment} {student}"):
        scores = _scores(course, assignment, student)
        _graded_question(course, assignment, question, scores)
        old, top, _, _ = scores[question]
        if not 0 <= score <= top:
            raise WorkflowError(f"{question} is worth 0 to {top:g} points, not {score:g}")
        _set_manual(course, assignment, student, question, float(score))
        return log.append(course, log.Entry("override", assignment, student, question, old, float(score),
                                            " ".join(why.split())))


def regrade(assignment: str, student: str, *, question: str | None = None, why: str = "",
            course: Path = DEFAULT_COURSE, source: Path = SOURCE) -> list[log.Entry]:
    """Grade ``student``'s stored submission again (with ``question``, its override ended first); the log
    entries written, one per question whose score changed, and one for ``question`` even if unchanged."""
    from . import workflow
    course = Path(course).resolve()
    stored = course / "submitted" / student / assignment
    if not stored.is_dir():
        raise WorkflowError(f"no stored submission of {assignment} by {student} in {course}/submitted")
    before = _scores(course, assignment, student)
    if question is not None:
        _graded_question(course, assignment, question, before)
    why = " ".join(why.split()) or "regrade"
    with tempfile.TemporaryDirectory() as tmp:
        inbox = Path(tmp) / student / assignment
        shutil.copytree(stored, inbox)
        report = workflow.autograde(assignment, Path(tmp), course=course, source=source, _stored=True)
    st = report.get(student)
    if st is None or st.status != "graded":
        raise WorkflowError(f"the regrade of {student} did not grade: {st.reason if st else 'no submission found'}")
    with course_lock(course, f"regrade {assignment} {student}"):
        if question is not None and before[question][3] is not None:     # ended once graded: the autograder's counts
            _set_manual(course, assignment, student, question, None)
        after = _scores(course, assignment, student)
        written = []
        for q in sorted(after):
            old, new = before.get(q, (None,))[0], after[q][0]
            if old != new or q == question:
                written.append(log.append(course, log.Entry("regrade", assignment, student, q, old, new, why)))
        if not written:
            written.append(log.append(course, log.Entry("regrade", assignment, student, "", None, None,
                                                        f"{why} (no score changed)")))
    return written
