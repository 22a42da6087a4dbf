"""Overrides and regrades with a record (issue 32): who, when, old, new and why in the course log; the
student's page shows the final score and the reason; an override goes with a changed answer, and says so."""
from __future__ import annotations

import html
import re

import nbformat
import pytest

from gamelib.grading import gradebook as gb
from gamelib.grading import log
from gamelib.grading import workflow as w
from gamelib.grading.__main__ import main as cli
from gamelib.grading.course import WorkflowError, statuses
from gamelib.grading.overrides import override, regrade

from .gradebook_course import ASSIGNMENT, notebook

WHY = 'q6 asked for the strict rule in one place and AIMA\'s in another <script>alert("x")</script>'


def _score(course, student):
    return gb.rows(course)[1][ASSIGNMENT, student]


def test_an_override_is_logged_counted_and_shown_with_its_reason(course, capsys):
    before = _score(course, "erin")
    assert cli(["override", ASSIGNMENT, "erin", "q6_aima_test", "1.5", "--why", WHY, "--course", str(course)]) == 0
    assert "erin, 02_alpha_beta, q6_aima_test: 0 -> 1.5" in capsys.readouterr().out
    entry = log.entries(course, ASSIGNMENT, "erin")[-1]
    assert (entry.action, entry.question, entry.old, entry.new, entry.why) == ("override", "q6_aima_test", 0, 1.5, WHY)
    assert entry.who and entry.when
    after = _score(course, "erin")
    assert after.raw == before.raw + 1.5 and [e.why for e in after.overrides] == [WHY]
    made = w.feedback(ASSIGNMENT, course=course)
    page = (course / "feedback" / "erin" / ASSIGNMENT / "alpha_beta.html").read_text()
    assert not made.withheld
    assert "Your grade: 1.5 / 22" in page and html.escape(WHY) in page and "<script>alert" not in page
    assert "time unknown" not in page and "manifest.csv" not in page   # no time, no penalty: the instructor's to see
    bob = (course / "feedback" / "bob" / ASSIGNMENT / "alpha_beta.html").read_text()
    assert re.search(r"Late: submitted 2026-10-11T09:00\+02:00, 1 day 9 h 1 min after the deadline \S+: 2 days", bob)


def test_bad_overrides_are_refused_saying_why(course):
    with pytest.raises(WorkflowError, match="needs its reason"):
        override(ASSIGNMENT, "erin", "q1_test", 1, "  ", course=course)
    with pytest.raises(WorkflowError, match="worth 0 to 2 points, not 3"):
        override(ASSIGNMENT, "erin", "q1_test", 3, "why", course=course)
    with pytest.raises(WorkflowError, match="no graded question 'q9'"):
        override(ASSIGNMENT, "erin", "q9", 1, "why", course=course)
    with pytest.raises(WorkflowError, match="frank has no graded submission"):
        override(ASSIGNMENT, "frank", "q1_test", 1, "why", course=course)


def test_a_student_given_for_a_grade_id_is_named_as_such(course, capsys):
    """The command is ``override ASSIGNMENT STUDENT GRADE_ID SCORE``; a student name where the grade id goes
    (or a grade id where the student goes) said only "no graded question 'bob'"."""
    with pytest.raises(WorkflowError, match=r"'bob' is a student, not a grade id: override ASSIGNMENT STUDENT "
                                            r"GRADE_ID SCORE .*its grade ids.*q1_test"):
        override(ASSIGNMENT, "erin", "bob", 1, "why", course=course)
    assert cli(["override", ASSIGNMENT, "q1_test", "bob", "1", "--why", "x", "--course", str(course)]) != 0
    assert "'q1_test' is a grade id, not a student" in capsys.readouterr().err
    with pytest.raises(WorkflowError, match="'bob' is a student, not a grade id"):
        regrade(ASSIGNMENT, "erin", question="bob", course=course)


def test_a_regrade_keeps_overrides_on_the_same_answers_and_ends_the_one_asked_about(course):
    stored = course / "submitted" / "dave" / ASSIGNMENT
    carried = {name: (stored / name).read_bytes() for name in ("timestamp.txt", "submission_secret.txt")}
    override(ASSIGNMENT, "dave", "q1_test", 1, "shown the wrong figure", course=course)
    override(ASSIGNMENT, "dave", "q2_test", 1.5, "half a mark off for the notation", course=course)
    done = regrade(ASSIGNMENT, "dave", question="q1_test", why="the override was a mistake", course=course)
    assert [(e.action, e.question, e.old, e.new, e.why) for e in done] == \
        [("regrade", "q1_test", 1, 2, "the override was a mistake")]
    assert [e.why for e in _score(course, "dave").overrides] == ["half a mark off for the notation"]
    dave = statuses(course, ASSIGNMENT)["dave"]
    assert (dave.submitted_at, dave.time_from) == ("2026-10-12 10:00", "manifest.csv")   # when handed in, kept
    # the course's own copy keeps nbgrader's files: the exchange's feedback is named after its secret
    assert {name: (stored / name).read_bytes() for name in carried} == carried


def test_a_changed_answer_drops_the_override_logs_it_and_warns(course, tmp_path, capsys):
    override(ASSIGNMENT, "alice", "q6_aima_hidden", 3, "generous", course=course)
    inbox = tmp_path / "again"
    inbox.mkdir()
    nbformat.write(notebook("no_pruning"), str(inbox / "alice.ipynb"))
    assert cli(["autograde", ASSIGNMENT, str(inbox), "--course", str(course)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"WARNING: alice: the override 3 on q6_aima_hidden \('generous', by [^)]+\) was dropped: its "
                     r"answer's code changed; the autograder's [\d.]+ counts \(to give it again: override "
                     r"02_alpha_beta alice q6_aima_hidden 3 --why", err), err
    assert "WARNING: 1 override(s) dropped" in err
    dropped = log.entries(course, ASSIGNMENT, "alice")[-1]
    assert (dropped.action, dropped.question, dropped.old) == ("override dropped", "q6_aima_hidden", 3)
    assert "its answer's code changed" in dropped.why and _score(course, "alice").overrides == ()


def test_a_regrade_keeps_the_late_flag_of_the_download_it_came_from(course):
    """canvas-103 came as a Canvas _LATE_ file with no time: charged one day.  The regraded copy is named by
    her id, which says nothing of lateness; the regrade must not take her penalty away ("no score changed")."""
    before = _score(course, "canvas-103")
    assert before.late.days == 1
    regrade(ASSIGNMENT, "canvas-103", course=course)
    after = _score(course, "canvas-103")
    assert (after.late.days, after.score) == (1, before.score)
    assert statuses(course, ASSIGNMENT)["canvas-103"].late == "late (its Canvas download name says so)"


def test_a_regrade_that_does_not_grade_leaves_the_override_it_was_to_end(course, monkeypatch):
    """A regrade --question that fails (a grading that overran its time on a busy machine) changes nothing: the
    override still counts, as its log line and the export's note say (it was taken off before grading)."""
    from gamelib.grading.course import Status
    override(ASSIGNMENT, "bob", "q1_test", 0.5, "a penalty for the shared code", course=course)
    before = _score(course, "bob")
    monkeypatch.setattr(w, "autograde", lambda *a, **k: {"bob": Status("bob", "not graded", "it overran its time")})
    with pytest.raises(WorkflowError, match="the regrade of bob did not grade: it overran its time"):
        regrade(ASSIGNMENT, "bob", question="q1_test", course=course)
    after = _score(course, "bob")
    assert (after.raw, [e.why for e in after.overrides]) == (before.raw, ["a penalty for the shared code"])
