"""The red team: hostile submissions graded through the real command line, in the sandbox.

tests/submissions/02_alpha_beta/hostile_*.py are submissions that try every way to unearned marks found
so far (issue #20), and some of our own: removing the profile hook that noticed calls into gamelib,
calling gamelib in a thread, copying its source, patching the checks and the builtins, walking the stack
to the reference, an IPython input transformer, a detached process waiting for the gradebook, reading
and overwriting other students' files, objects that say they equal anything, forging messages on the
grader's channel, ignoring and blocking signals, exhausting memory, processes and disk, answers too large
to send.  They are graded next to honest submissions in one course folder, by
``python -m gamelib.grading autograde`` as an instructor runs it, and then:

* none earns anything it did not earn honestly (each file says what it earns);
* every other student's grade is exactly what it should be;
* nothing written in the sandbox reached the course folder, and no process of a sandbox survives;
* the feedback pages name no other student and show no hidden test code.

Without bubblewrap these tests cannot show anything, so they are skipped, and the run's summary says so
in capitals (with ``CI`` set they fail instead), as the browser tests are.
"""
from __future__ import annotations

import csv
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.isolation import FIRST_UID, isolation_status

ASSIGNMENT = "02_alpha_beta"
HONEST = ("reference", "blank", "last_tied")


def _require_isolation():
    status = isolation_status()
    if not status.isolated:
        if os.environ.get("CI"):
            pytest.fail(f"submissions cannot be isolated here: {status.how}")
        pytest.skip(f"SUBMISSIONS NOT ISOLATED HERE: {status.how}")


def _sandbox_processes(label: str) -> list[str]:
    """Processes of the run's sandboxes still alive (there must be none once grading is over): every
    sandbox's environment carries the run's label (``GAMELIB_RUN``), which other tests' sandboxes,
    running meanwhile, do not."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"GAMELIB_SANDBOX={label}".encode() in (entry / "environ").read_bytes().split(b"\0"):
                found.append(f"{entry.name}: {(entry / 'cmdline').read_bytes()[:80]!r}")
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The hostile submissions and some honest ones, graded together through the command line."""
    _require_isolation()
    tmp = tmp_path_factory.mktemp("redteam")
    release = nbformat.read(str(w.notebooks(w.RELEASE / ASSIGNMENT)[0]), as_version=4)
    source = nbformat.read(str(w.notebooks(w.SOURCE / ASSIGNMENT)[0]), as_version=4)
    chosen = [f for f in fakes.fakes(ASSIGNMENT) if f.name.startswith("hostile_") or f.name in HONEST]
    inbox = tmp / "inbox"
    inbox.mkdir()
    ids = {fake.name: f"who{i:02d}" for i, fake in enumerate(chosen)}      # ids that no page says by chance
    for fake in chosen:
        nbformat.write(fakes.build(fake, release, source), str(inbox / f"{ids[fake.name]}.ipynb"))
    course = tmp / "course"
    label = f"redteam-{os.getpid()}-{time.time_ns()}"
    done = subprocess.run([sys.executable, "-m", "gamelib.grading", "autograde", ASSIGNMENT, str(inbox),
                           "--course", str(course), "--jobs", "2"], capture_output=True, text=True, timeout=1500,
                          env={**os.environ, "GAMELIB_RUN": label})
    leftover = _sandbox_processes(label)
    exported = subprocess.run([sys.executable, "-m", "gamelib.grading", "export", "--course", str(course)],
                              capture_output=True, text=True, timeout=300)
    feedback = subprocess.run([sys.executable, "-m", "gamelib.grading", "feedback", ASSIGNMENT, "--course",
                               str(course)], capture_output=True, text=True, timeout=600)
    with open(course / "grades.csv") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    uids = {u for st in w.statuses(course, ASSIGNMENT).values() for u in st.uids}
    return {"fakes": chosen, "ids": ids, "course": course, "autograde": done, "export": exported, "feedback": feedback,
            "rows": rows, "uids": uids, "leftover": leftover}


def test_every_submission_is_graded_and_the_run_says_so(graded):
    done = graded["autograde"]
    assert done.returncode == 0, done.stdout + done.stderr
    assert "NOT ISOLATED" not in done.stdout + done.stderr
    assert f"graded {len(graded['fakes'])} of {len(graded['fakes'])} submissions" in done.stdout


def test_no_hostile_submission_earns_more_than_its_honest_grade_and_no_one_else_is_touched(graded):
    rows = graded["rows"]
    for fake in graded["fakes"]:
        row = rows[graded["ids"][fake.name]]
        assert row["status"] == "graded", row
        if fake.name == "last_tied":
            assert 10 <= float(row["score"]) < 22                   # partial credit on the hidden trees
        else:
            assert float(row["score"]) == fake.total, (fake.name, row)


def test_nothing_written_in_a_sandbox_reaches_the_course(graded):
    course = graded["course"]
    for path in course.rglob("*"):
        if path.is_file() and path.suffix in (".ipynb", ".db", ".key", ".csv", ".json"):
            assert not path.read_bytes().startswith(b"pwned"), path     # what the hostile ones write
    with sqlite3.connect(course / "gradebook.db") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_no_process_of_a_sandbox_survives_the_grading(graded):
    assert graded["uids"] and all(u >= FIRST_UID for u in graded["uids"])
    assert graded["leftover"] == []


def test_feedback_names_no_other_student_and_shows_no_hidden_test(graded):
    done = graded["feedback"]
    assert done.returncode == 0, done.stdout + done.stderr
    course, names = graded["course"], list(graded["ids"].values())
    hidden = w.hidden_lines(names=[ASSIGNMENT])
    for name in names:
        pages = list((course / "feedback" / name / ASSIGNMENT).glob("*.html"))
        assert pages, name
        text = pages[0].read_text(encoding="utf-8")
        assert not any(other in text for other in names if other != name), name
        assert not any(line in text for line in hidden), name


def test_the_hostile_notebooks_cost_a_bounded_time(graded):
    """Each submission has a wall-clock budget (gamelib.grading.executor.NOTEBOOK_WALL, and each question
    QUESTION_WALL): the one that hangs its calls and blocks every signal is stopped within it."""
    from gamelib.grading.executor import NOTEBOOK_WALL
    table = w.statuses(graded["course"], ASSIGNMENT)
    assert max(s.seconds for s in table.values()) < NOTEBOOK_WALL + 15
