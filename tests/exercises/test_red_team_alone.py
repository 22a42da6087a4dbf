"""The second red team's submissions that need a grading of their own (issue #29; the others are graded
together in tests/exercises/test_red_team.py): item 7, an answer that loops while calling the game,
graded twice; item 10, a resubmission under a manual score (and issue 40's: one that changes nothing but a
space and a comment keeps it, and a drop is a warning); item 11, the repository put on sys.path
without a sandbox; and ``--jobs`` that could exhaust the machine's memory.  Each goes through the command
line as an instructor runs it."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.course import REPO
from gamelib.grading.isolation import isolation_status

from . import term
from gamelib.grading.course import statuses
from gamelib.grading.recording import grades

ASSIGNMENT = term.ASSIGNMENT


def _require_isolation():
    status = isolation_status()
    if not status.isolated:
        if os.environ.get("CI"):
            pytest.fail(f"submissions cannot be isolated here: {status.how}")
        pytest.skip(f"SUBMISSIONS NOT ISOLATED HERE: {status.how}")


def _cli(*words, env=None, timeout=900):
    return subprocess.run([sys.executable, "-m", "gamelib.grading", *words], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def _write(path: Path, nb) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def test_jobs_that_could_exhaust_the_machine_are_refused(tmp_path):
    from gamelib.grading.isolation import MEMORY_SHARE, machine_memory_mb, memory_plan
    _, per_sandbox, _ = memory_plan()
    too_many = int(MEMORY_SHARE * machine_memory_mb() // per_sandbox) + 1
    done = _cli("autograde", ASSIGNMENT, str(tmp_path), "--course", str(tmp_path / "course"), "--jobs", str(too_many))
    assert done.returncode == 2
    assert f"use --jobs {too_many - 1} or fewer" in done.stderr



# -- 7: one question's failure never costs another's points; the same file, the same grade -----------

def test_a_looping_answer_costs_only_its_own_questions_and_grades_the_same_twice(tmp_path):
    _require_isolation()
    src = term.fake("reference", "01_minimax")
    looping = term.with_answer(src, "q3_answer", term.LOOPING_MINIMAX)
    inbox = tmp_path / "inbox"
    _write(inbox / "kim.ipynb", looping)
    course = tmp_path / "course"
    first = _cli("autograde", "01_minimax", str(inbox), "--course", str(course))
    assert first.returncode == 0, first.stdout + first.stderr
    cells1 = {g.cell: g.score for g in grades(course, "01_minimax")}
    said1 = fakes.cell_outputs(course, "01_minimax", "kim")
    second = _cli("autograde", "01_minimax", str(inbox), "--course", str(course))
    cells2 = {g.cell: g.score for g in grades(course, "01_minimax")}
    said2 = fakes.cell_outputs(course, "01_minimax", "kim")
    assert cells1 == cells2 and said1 == said2, (first.stdout, second.stdout)
    # q1, q2 (by hand, 4 points) and q4 (6 points) are right: a careful grader gives 10
    assert cells1["q1_test"] == 2 and cells1["q2_test"] == 2 and cells1["q4_test"] == 2 and cells1["q4_hidden"] == 4
    assert cells1["q3_value_test"] == 0 and cells1["q3_decision_test"] == 0
    assert "does it loop on a state that never changes" in said1["q3_value_test"]
    assert "SandboxError" not in "".join(said1.values())


# -- 10: a resubmission resets what it changed ----------------------------------------------------------

def _set_manual(course, student, cell, score):
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        grade = gb.find_grade(cell, "alpha_beta", ASSIGNMENT, student)
        grade.manual_score = score
        gb.db.commit()


def test_a_manual_score_goes_with_a_changed_answer_and_stays_on_an_unchanged_one(tmp_path):
    _require_isolation()
    course = tmp_path / "course"
    first = tmp_path / "first"
    blank_q6 = term.with_answer(term.fake("reference"), "q6_answer", term.cell_of(term.release(), "q6_answer").source)
    _write(first / "alice.ipynb", blank_q6)
    _write(first / "carol.ipynb", blank_q6)
    assert _cli("autograde", ASSIGNMENT, str(first), "--course", str(course)).returncode == 0
    _set_manual(course, "alice", "q6_aima_test", 2)            # the instructor's regrade, in the Formgrader
    _set_manual(course, "carol", "q6_aima_test", 2)
    second = tmp_path / "second"
    changed = "def alphabeta_search(g, s):\n    return 0, None\n"
    _write(second / "alice.ipynb", term.with_answer(blank_q6, "q6_answer", changed))
    q6 = term.cell_of(blank_q6, "q6_answer").source            # the same answers, but for a space and a comment
    _write(second / "carol.ipynb", term.with_answer(blank_q6, "q6_answer", f"# my answer\n{q6} \n"))
    done = _cli("autograde", ASSIGNMENT, str(second), "--course", str(course))
    said = ("the manual score 2 on q6_aima_test (given in the Formgrader) was dropped: its answer's code changed; "
            "the autograder's 0 counts")
    assert said in done.stdout and f"WARNING: alice: {said}" in done.stderr and "WARNING: carol" not in done.stderr
    table = statuses(course, ASSIGNMENT)
    assert "dropped" in table["alice"].reason and "dropped" not in table["carol"].reason
    cells = {(g.student, g.cell): g.score for g in grades(course, ASSIGNMENT)}
    assert cells["alice", "q6_aima_test"] == 0 and cells["carol", "q6_aima_test"] == 2
    assert table["carol"].score == term.BY_HAND + 2                 # the line, the export and feedback agree
    _cli("export", "--course", str(course))
    with open(course / "grades.csv") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    assert rows["alice"]["score"] == str(term.BY_HAND) and rows["carol"]["score"] == str(term.BY_HAND + 2)


# -- 11: without a sandbox, gamelib's searches are still withheld -------------------------------------

def test_without_a_sandbox_the_searches_are_still_not_importable(tmp_path):
    inbox = tmp_path / "inbox"
    cheat = term.CHEAT_BY_PATH.format(repo=str(REPO))
    _write(inbox / "cheat.ipynb", term.with_answer(term.fake("reference"), "q6_answer", cheat))
    done = _cli("autograde", ASSIGNMENT, str(inbox), "--course", str(tmp_path / "course"),
                env={"GAMELIB_NO_ISOLATION": "1"})
    assert "cheat: 10 / 22" in done.stdout, done.stdout + done.stderr
    assert "SUBMISSIONS ARE NOT ISOLATED" in done.stderr
    assert "It CAN still read every other file that user can read" in done.stderr
    assert "refuses to open the kit's checkout" in done.stderr


# -- processes in sessions of their own share their sandbox's one CPU ----------------------------------

SESSIONS = """
import os, time
for _ in range(3):
    if os.fork() == 0:
        os.setsid()                     # a session of its own: once, a scheduling group of its own
        time.sleep(60)
        os._exit(0)
"""


def _session_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return int(f.read().rsplit(b")", 1)[1].split()[3])
    except (OSError, ValueError, IndexError):
        return None


def test_a_sandboxs_processes_share_one_cpu_whatever_sessions_they_start(tmp_path):
    """A hostile submission whose 30 children each started a session of its own made 30 of Linux's
    autogroups, each with a whole grading's share of the machine: a classmate graded beside it (--jobs 2)
    took 90 s instead of 1.6 s (benchmarks/bench_neighbours.py).  Every process of a sandbox, whatever
    session it starts, is now in its control group's cpu controller, limited to one CPU."""
    _require_isolation()
    from gamelib.grading.executor import Session
    from gamelib.grading.isolation import Limits, cpu_share_status
    shared, how = cpu_share_status()
    if not shared:
        pytest.skip(f"no CPU share per sandbox here: {how}")
    session = Session(w.runtime_for(ASSIGNMENT, into=tmp_path / "runtime"), Limits(), 60)
    try:
        session.exec(SESSIONS)
        group = session.sandbox.group
        cpu = [f for f in group.folders if (f / "cpu.max").exists() or (f / "cpu.cfs_quota_us").exists()]
        assert len(cpu) == 1, group.folders
        if (cpu[0] / "cpu.max").exists():
            quota, period = (cpu[0] / "cpu.max").read_text().split()
        else:
            quota, period = ((cpu[0] / name).read_text() for name in ("cpu.cfs_quota_us", "cpu.cfs_period_us"))
        assert int(quota) == int(period) * Limits().cpus
        worker = int(session.worker_stats.split("/")[2])
        # The cell returns once it has forked; each child starts its session when it is next scheduled
        # (one had not yet, on a busy machine): wait for all three, each in the group.
        deadline = time.monotonic() + 30
        while True:
            pids = [int(p) for p in (cpu[0] / "cgroup.procs").read_text().split()]
            children = {_session_of(p) for p in pids} - {_session_of(worker), None}
            if len(children) >= 3 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert worker in pids
        assert len(children) >= 3, pids                                  # the children, sessions of their own
    finally:
        session.close()


def test_without_a_cpu_share_per_sandbox_grading_beside_others_says_so(monkeypatch, capsys):
    """Where the cpu controller cannot be had, sandboxes graded beside each other (--jobs) can slow
    each other down: the instructor is told so, in capitals, and why."""
    from gamelib.grading import isolation
    why = "no cgroup of the cpu controller that the grader can make groups in (cgroup v1)"
    monkeypatch.setattr(isolation, "_probe", lambda: ("", why))
    monkeypatch.setattr(isolation, "isolation_status", lambda: isolation.IsolationStatus(True, "bubblewrap"))
    isolation.check_jobs(1)
    assert capsys.readouterr().err == ""
    isolation.check_jobs(2)
    said = capsys.readouterr().err
    assert "NO CPU SHARE FOR EACH SANDBOX" in said and why in said
