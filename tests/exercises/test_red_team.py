"""The red teams: hostile and odd submissions graded through the real command line, in the sandbox, beside
honest ones, as an instructor runs it; then every grade is checked, the hostile one's and everyone else's.

**The first red team** (issue #20): tests/submissions/02_alpha_beta/hostile_*.py try every way to unearned
marks found then, and some of our own: removing the profile hook that noticed calls into gamelib, calling
gamelib in a thread, copying its source, patching the checks and the builtins, walking the stack to the
reference, an IPython input transformer, a detached process waiting for the gradebook, reading and
overwriting other students' files, objects that say they equal anything, forging messages on the grader's
channel, ignoring and blocking signals, exhausting memory, processes and disk, answers too large to send.

**The second red team and an instructor's first semester** (issue #29; item numbers are the issue's;
the notebooks are built by tests/exercises/term.py):

 1  a blank submission whose markdown, raw cell, outputs, tags and metadata carry scripts: stored and
    shown as data (the browser half, Formgrader in Chromium, is tests/browser/test_formgrader.py);
 2  half a message on the grader's channel, then SIGSTOP;   3  a flood of requests never read;
 4  nbgrader metadata lied about (points "lots", 100 points, a duplicated grade id, a changed type);
 5  four children of 1.5 GB each (one memory limit for the whole sandbox);
 6  a symbolic link to another student's file;
 8  a second download ("alpha_beta (1).ipynb"), Colab's "Copy of", two notebooks for one student,
    files that are no submission;
 9  four copies of one buggy answer differing in a comment;
12  names in any script, two names of one student, Canvas's bulk-download names with LATE.

All of these are graded together in one course folder, so each hostile one sits beside the others and the
honest students: none earns anything it did not earn honestly, every other grade is exactly what it
should be, nothing written in a sandbox reaches the course folder, no process of a sandbox survives, and no
feedback page names another student or shows hidden test code.  Items 7, 10 and 11 need gradings of their
own (tests/exercises/test_red_team_alone.py), 13 is tests/kit/test_instructor_docs.py, 14-17
tests/exercises/test_shared_server.py.

Without bubblewrap these tests cannot show anything, so they are skipped, and the run's summary says so
in capitals (with ``CI`` set they fail instead), as the browser tests are.
"""
from __future__ import annotations

import csv
import html.parser
import json
import os
import subprocess
import sqlite3
import sys
import time
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.isolation import FIRST_UID, ControlGroup, Limits, isolation_status

from . import term
from gamelib.grading.course import SOURCE, notebooks, statuses
from gamelib.grading.submissions import student_id

ASSIGNMENT = term.ASSIGNMENT
HONEST = ("reference", "blank", "last_tied")
"""The first red team's honest company (tests/submissions/02_alpha_beta/)."""
FIRST = ("hostile_timers",)
"""Graded first, with the student "0halfway": each spends a minute or more on the kit's deadlines (every hung
call stopped at its limit and the sandbox restarted, then a cell that blocks every signal; a channel stalled
on every hidden case), so it runs beside the others' gradings instead of after them, alone.  autograde
starts the submissions in the order of their ids: these begin with "0"."""


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


def _cli(*words, env=None, timeout=900):
    return subprocess.run([sys.executable, "-m", "gamelib.grading", *words], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def _write(path: Path, nb) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


@pytest.fixture(scope="module")
def term_graded(tmp_path_factory):
    _require_isolation()
    tmp = tmp_path_factory.mktemp("term")
    inbox = tmp / "inbox"
    reference, last_tied = term.fake("reference"), term.fake("last_tied")
    _write(inbox / "alice.ipynb", reference)
    _write(inbox / "bob.ipynb", last_tied)
    _write(inbox / "mallory.ipynb", term.script_submission())
    _write(inbox / "0halfway.ipynb", term.with_answer(reference, "q6_answer", term.HALF_MESSAGE))
    _write(inbox / "flooder.ipynb", term.with_answer(reference, "q6_answer", term.FLOOD))
    _write(inbox / "metadata.ipynb", term.bad_metadata_submission())
    hog = term.fake("reference")
    hog.cells.append(nbformat.v4.new_code_cell(term.MEMORY_HOG))
    _write(inbox / "hog.ipynb", hog)
    os.symlink("alice.ipynb", inbox / "eve.ipynb")
    _write(inbox / "kim" / "alpha_beta (1).ipynb", reference)
    _write(inbox / "ivy" / "Copy of alpha_beta.ipynb", reference)
    _write(inbox / "zed" / "alpha_beta.ipynb", reference)
    _write(inbox / "zed" / "alpha_beta (1).ipynb", reference)
    (inbox / "README.txt").write_text("the instructor's notes")
    _write(inbox / ".ipynb_checkpoints" / "alice-checkpoint.ipynb", reference)
    for k in range(4):
        _write(inbox / f"copy{k}.ipynb", term.with_comment(last_tied, f"my version {k}"))
    _write(inbox / "李雷.ipynb", reference)
    _write(inbox / "José García.ipynb", reference)
    _write(inbox / "jose_garcia.ipynb", reference)
    _write(inbox / "garciamaria_12345_67890_alpha_beta.ipynb", term.release())          # first try: blank
    _write(inbox / "garciamaria_LATE_12345_67891_alpha_beta-1.ipynb", reference)        # the late resubmission
    release, source = term.release(), term.source()
    chosen = [f for f in fakes.fakes(ASSIGNMENT) if f.name.startswith("hostile_") or f.name in HONEST]
    ids = {fake.name: f"{'0' if fake.name in FIRST else ''}who{i:02d}"     # ids that no page says by chance
           for i, fake in enumerate(chosen)}
    for fake in chosen:
        _write(inbox / f"{ids[fake.name]}.ipynb", fakes.build(fake, release, source))
    course = tmp / "course"
    label = f"redteam-{os.getpid()}-{time.time_ns()}"
    # Four sandboxes at once (check_jobs allows six on this machine): the stalled and flooding notebooks
    # spend their minute waiting on deadlines, not computing, so they overlap instead of queueing.
    done = _cli("autograde", ASSIGNMENT, str(inbox), "--course", str(course), "--jobs", "4",
                env={"GAMELIB_RUN": label})
    leftover = _sandbox_processes(label)
    exported = _cli("export", "--course", str(course))
    feedback = _cli("feedback", ASSIGNMENT, "--course", str(course))
    with open(course / "grades.csv") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    table = statuses(course, ASSIGNMENT)
    uids = {u for st in table.values() for u in st.uids}
    return {"inbox": inbox, "course": course, "autograde": done, "export": exported, "feedback": feedback,
            "rows": rows, "table": table, "out": done.stdout + done.stderr, "fakes": chosen, "ids": ids,
            "uids": uids, "leftover": leftover}


# -- the first red team -------------------------------------------------------------------------------

def test_every_hostile_submission_is_graded_isolated(term_graded):
    done = term_graded["autograde"]
    assert "NOT ISOLATED" not in done.stdout + done.stderr
    for fake in term_graded["fakes"]:
        assert term_graded["rows"][term_graded["ids"][fake.name]]["status"] == "graded", fake.name


def test_no_hostile_submission_earns_more_than_its_honest_grade_and_no_one_else_is_touched(term_graded):
    rows = term_graded["rows"]
    for fake in term_graded["fakes"]:
        row = rows[term_graded["ids"][fake.name]]
        assert row["status"] == "graded", row
        if fake.name == "last_tied":
            assert 10 <= float(row["score"]) < 22                   # partial credit on the hidden trees
        else:
            assert float(row["score"]) == fake.total, (fake.name, row)


def test_nothing_written_in_a_sandbox_reaches_the_course(term_graded):
    course = term_graded["course"]
    for path in course.rglob("*"):
        if path.is_file() and path.suffix in (".ipynb", ".db", ".key", ".csv", ".json"):
            assert not path.read_bytes().startswith(b"pwned"), path     # what the hostile ones write
    with sqlite3.connect(course / "gradebook.db") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_no_process_of_a_sandbox_survives_the_grading(term_graded):
    assert term_graded["uids"] and all(u >= FIRST_UID for u in term_graded["uids"])
    assert term_graded["leftover"] == []


def test_feedback_names_no_other_student_and_shows_no_hidden_test(term_graded):
    done = term_graded["feedback"]
    assert done.returncode == 0, done.stdout + done.stderr
    course, names = term_graded["course"], list(term_graded["ids"].values())
    hidden = w.hidden_lines(names=[ASSIGNMENT])
    for name in names:
        pages = list((course / "feedback" / name / ASSIGNMENT).glob("*.html"))
        assert pages, name
        text = pages[0].read_text(encoding="utf-8")
        assert not any(other in text for other in names if other != name), name
        assert not any(line in text for line in hidden), name


def test_the_hostile_notebooks_cost_a_bounded_time(term_graded):
    """Each submission has a budget (gamelib.grading.executor.most_time: NOTEBOOK_WALL, and each check of
    hidden cases its QUESTION_WALL twice, which is not taken from the notebook's): the one that hangs
    its calls and blocks every signal is stopped within it."""
    from gamelib.grading.executor import most_time
    source = nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)
    table = statuses(term_graded["course"], ASSIGNMENT)
    assert max(s.seconds for s in table.values()) < most_time(source) + 15


# -- the second red team -------------------------------------------------------------------------------

def _score(graded, student):
    row = graded["rows"][student]
    assert row["status"] == "graded", row
    return float(row["score"])


def test_honest_students_keep_their_grades_whatever_the_others_did(term_graded):
    assert _score(term_graded, "alice") == term.FULL
    bob = _score(term_graded, "bob")
    assert term.BY_HAND < bob < term.FULL                        # last_tied: partial credit on hidden trees
    assert "alice: 22 / 22" in term_graded["out"]


# -- 1: a student's markdown never runs as the instructor ------------------------------------------

class _Tags(html.parser.HTMLParser):
    """Every element of a page with its attributes, and the text inside each <script>."""

    def __init__(self):
        super().__init__()
        self.elements, self.scripts, self._in_script = [], [], False

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def executable_traces(page: str) -> list[str]:
    """What in an HTML page would run the hostile submission's code: its marker inside a <script>, an
    event-handler attribute, a javascript: link, an iframe or embedded document."""
    tags = _Tags()
    tags.feed(page)
    found = [f"<script>{s[:60]}" for s in tags.scripts if term.MARKER in s or "__pwned" in s]
    for tag, attrs in tags.elements:
        for name, value in attrs.items():
            if name.startswith("on") and value and "__pwned" in value:
                found.append(f"<{tag} {name}=...>")
            if name in ("href", "src", "srcdoc") and value and ("javascript:" in value.lower() or "__pwned" in value):
                found.append(f"<{tag} {name}={value[:40]!r}>")
        if tag in ("iframe", "object", "embed"):
            found.append(f"<{tag}>")
    return found


def _render(path: Path, sanitize: bool) -> str:
    from nbconvert import HTMLExporter
    from traitlets.config import Config
    c = Config()
    c.HTMLExporter.sanitize_html = sanitize
    return HTMLExporter(config=c).from_filename(str(path))[0]


def test_a_submissions_scripts_are_stored_and_shown_as_data(term_graded):
    course = term_graded["course"]
    assert _score(term_graded, "mallory") == 0
    for folder in ("submitted", "autograded"):
        path = course / folder / "mallory" / ASSIGNMENT / "alpha_beta.ipynb"
        nb = nbformat.read(str(path), as_version=4)
        assert "title" not in nb.metadata
        assert nb.cells[0].source == term.release().cells[0].source         # the locked prompt: the course's text
        # rendered as nbgrader's Formgrader renders it (no sanitizing), nothing of it can run
        assert executable_traces(_render(path, sanitize=False)) == [], folder
        text = _render(path, sanitize=False)
        assert "window.__pwned" in text                                      # shown, as text
    pages = list((course / "feedback" / "mallory" / ASSIGNMENT).glob("*.html"))
    assert pages and executable_traces(pages[0].read_text()) == []
    assert "markdown or raw cell(s) of the student's shown as plain text" in term_graded["table"]["mallory"].reason
    assert not (course / f"{term.MARKER}.txt").exists()


def test_the_kits_nbgrader_settings_sanitize_html_too(term_graded):
    assert "c.HTMLExporter.sanitize_html = True" in (term_graded["course"] / "gamelib_config.py").read_text()


# -- 2, 3: a sandbox that stalls or floods loses its own cases, within the documented time ----------

@pytest.mark.parametrize("student", ["0halfway", "flooder"])
def test_a_stalled_or_flooding_channel_costs_its_own_cases_only(term_graded, student):
    from gamelib.grading.executor import CALL_SLACK, QUESTION_WALL
    from gamelib.grading.guard import WALL_FACTOR
    assert _score(term_graded, student) == term.BY_HAND               # the by-hand answers are all graded
    status = term_graded["table"][student]
    public, hidden = 2, 2 * 2                                        # q6's four test cells; a hidden one stalls
    #                                                                  twice: its hidden cases, the kit's small case
    assert status.seconds < (public + hidden) * min(QUESTION_WALL, WALL_FACTOR * 2 + CALL_SLACK) + 30
    assert term_graded["autograde"].returncode == 1                  # (others are not graded: see below)


def test_a_stopped_sandbox_leaves_no_process_behind(term_graded):
    stopped = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"gamelib.grading.worker" in (entry / "cmdline").read_bytes() and \
                        (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "T":
                    stopped.append(entry.name)
            except OSError:
                pass
    assert stopped == []


# -- 4, 6: student-supplied metadata is data; maxima are the course's -------------------------------

def test_lying_metadata_is_repaired_from_the_courses_copy_and_said(term_graded):
    assert _score(term_graded, "metadata") == term.FULL
    assert term_graded["rows"]["metadata"]["max_score"] == str(term.FULL)
    status = term_graded["table"]["metadata"]
    assert status.max_score == term.FULL
    assert "differed from the course's: the course's used" in status.reason
    assert "cell type changed back: q6_answer (raw -> code)" in status.reason
    assert "made plain cells: 'q6_aima_test'" in status.reason
    assert f"metadata: {term.FULL:g} / {term.FULL:g}" in term_graded["out"]


def test_every_printed_maximum_is_the_courses(term_graded):
    for line in term_graded["autograde"].stdout.splitlines():
        if " / " in line and "NOT GRADED" not in line:
            assert line.split(" / ")[1].split()[0] == str(term.FULL), line


def test_a_symbolic_link_is_refused_and_its_target_untouched(term_graded):
    assert "eve: NOT GRADED: 'eve.ipynb' is a symbolic link: refused" in term_graded["out"]
    assert term_graded["rows"]["eve"]["score"] == ""
    assert _score(term_graded, "alice") == term.FULL


# -- 5: one memory limit per sandbox ------------------------------------------------------------------

def test_one_memory_limit_for_the_whole_sandbox(term_graded):
    status = term_graded["table"]["hog"]
    assert _score(term_graded, "hog") == term.FULL                   # its answers are still graded
    if ControlGroup.available():
        pytest.skip(f"no control group here ({ControlGroup.available()}): per-process limits only")
    assert status.peak_mb is not None and status.peak_mb <= Limits().memory_mb + 1, status


# -- 8, 12: every file accounted for; ids ---------------------------------------------------------------

def test_every_file_of_the_folder_is_accounted_for(term_graded):
    out = term_graded["out"]
    assert "kim: 22 / 22 (graded 'alpha_beta (1).ipynb' as alpha_beta.ipynb)" in out
    assert "ivy: 22 / 22 (graded 'Copy of alpha_beta.ipynb' as alpha_beta.ipynb)" in out
    assert "zed: NOT GRADED: 'alpha_beta (1).ipynb' and 'alpha_beta.ipynb': two notebooks" in out
    assert "ignored: README.txt (not a notebook)" in out
    assert "ignored: .ipynb_checkpoints/alice-checkpoint.ipynb (a hidden file or an editor's checkpoint)" in out
    inbox = term_graded["inbox"]
    files = sum(1 for p in inbox.rglob("*") if p.is_file() or p.is_symlink())
    accounting = [line for line in out.splitlines() if line.startswith(f"{files} files, ")]
    assert accounting, out
    graded, not_graded, ignored = (int(accounting[0].split(", ")[k].split()[0]) for k in (1, 2, 3))
    assert graded + not_graded + ignored == files
    assert term_graded["autograde"].returncode == 1                  # some were not graded


def test_ids_for_any_name(term_graded):
    rows, out = term_graded["rows"], term_graded["out"]
    chinese = student_id("李雷")
    assert _score(term_graded, chinese) == term.FULL
    assert "jose_garcia: NOT GRADED: 'José García.ipynb' and 'jose_garcia.ipynb' both give the student id" in out
    assert rows["jose_garcia"]["score"] == ""


def test_a_canvas_resubmission_is_one_student_with_its_late_flag(term_graded):
    assert _score(term_graded, "canvas-12345") == term.FULL         # the later (late) one is graded
    status = term_graded["table"]["canvas-12345"]                   # Canvas's user id, never the name
    assert status.late.startswith("late (its Canvas download name says so)") and status.name == "garciamaria"
    assert "ignored: garciamaria_12345_67890_alpha_beta.ipynb (an earlier submission of canvas-12345" in \
        term_graded["out"]


# -- 9: the same code gets the same grade ------------------------------------------------------------

def test_the_same_code_gets_the_same_grade(term_graded):
    scores = {_score(term_graded, f"copy{k}") for k in range(4)}
    assert scores == {_score(term_graded, "bob")}


def test_the_status_file_is_written_even_when_the_run_fails_midway(term_graded):
    data = json.loads((term_graded["course"] / "grading" / f"{ASSIGNMENT}.json").read_text())
    assert {"alice", "mallory", "0halfway", "flooder", "metadata", "hog", "eve", "zed"} <= set(data)
