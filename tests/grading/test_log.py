"""The course log (issue 32): append-only, who, when, old, new, why; the overrides in force read from it."""
from __future__ import annotations

from gamelib.grading import log


def test_entries_are_appended_never_rewritten(tmp_path):
    first = log.append(tmp_path, log.Entry("override", "a", "s", "q1", 2.0, 5.0, "a typo in the test"))
    assert first.who and first.when.endswith("+00:00")
    before = (tmp_path / log.LOG).read_bytes()
    log.append(tmp_path, log.Entry("override", "a", "t", "q1", 0.0, 1.0, "émigré <b>"))
    after = (tmp_path / log.LOG).read_bytes()
    assert after.startswith(before) and after.count(b"\n") == 2
    assert [e.student for e in log.entries(tmp_path)] == ["s", "t"]
    assert log.entries(tmp_path, student="t")[0].why == "émigré <b>"
    assert oct((tmp_path / log.LOG).stat().st_mode & 0o777) == "0o600"


def test_a_line_cut_short_is_skipped(tmp_path):
    log.append(tmp_path, log.Entry("override", "a", "s", "q1", 2.0, 5.0, "why"))
    with open(tmp_path / log.LOG, "a") as f:
        f.write('{"action": "override", "assig')
    assert len(log.entries(tmp_path)) == 1
    log.append(tmp_path, log.Entry("override", "a", "s", "q2", 0.0, 1.0, "after the crash"))
    assert [e.why for e in log.entries(tmp_path)] == ["why", "after the crash"]      # never glued to the cut line


def test_the_override_in_force(tmp_path):
    add = lambda *e: log.append(tmp_path, log.Entry(*e))  # noqa: E731
    add("override", "a", "s", "q1", 2.0, 5.0, "first")
    add("override", "a", "s", "q1", 5.0, 4.0, "second thoughts")
    add("override", "a", "s", "q2", 0.0, 1.0, "q2")
    add("regrade", "a", "s", "", None, None, "whole (no score changed)")     # keeps overrides
    assert {q: e.why for q, e in log.standing_overrides(tmp_path, "a", "s").items()} == \
        {"q1": "second thoughts", "q2": "q2"}
    # the student's page says "the autograder gave 2": the score before the first override, not the first's 5
    assert log.standing_overrides(tmp_path, "a", "s")["q1"][4:6] == (2.0, 4.0)
    add("override dropped", "a", "s", "q2", 1.0, 0.0, "its answer changed")
    add("regrade", "a", "s", "q1", 4.0, 2.0, "regrade request")
    assert log.standing_overrides(tmp_path, "a", "s") == {}
    assert log.standing_overrides(tmp_path, "a", "other") == {}
