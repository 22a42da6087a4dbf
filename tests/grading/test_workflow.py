"""The instructor's course folder: nothing lost, failures said aloud (issue #20, items 4 and 5).

One grading run at a time holds a course folder; colliding ids and unusable file names are per-student
problems naming the files; a bad resubmission leaves the earlier grade alone; every student who was not
graded has a one-line reason, a non-zero exit status and a status column in the CSV (never a plain 0);
a feedback page that would show hidden test code is withheld for that student alone.
"""
from __future__ import annotations

import copy
import csv
import os
import subprocess
import sys
import threading
import time

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.__main__ import main as cli
from gamelib.grading.cells import grade_id
from gamelib.grading.course import (RELEASE, REPO, SECRET, SOURCE, WorkflowError, course_secret, notebooks,
                                    prepare_course)
from gamelib.grading.gradebook import export
from gamelib.grading.sanitizer import repair
from gamelib.grading.submissions import student_id

from .students import _release

ASSIGNMENT = "04_chance"


def _notebook(name: str):
    release = nbformat.read(str(notebooks(RELEASE / ASSIGNMENT)[0]), as_version=4)
    source = nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)
    return fakes.build(fakes.read(fakes.SUBMISSIONS / ASSIGNMENT / f"{name}.py"), release, source)


def _inbox(tmp_path, files: dict, name="inbox"):
    inbox = tmp_path / name
    inbox.mkdir()
    for filename, content in files.items():
        path = inbox / filename
        if isinstance(content, str):
            path.write_text(content)
        else:
            nbformat.write(content, str(path))
    return inbox


def _rows(course):
    out, _ = export(course)
    with open(out) as f:
        return {(r["assignment"], r["student_id"]): r for r in csv.DictReader(f)}


@pytest.fixture(scope="module")
def reference():
    return _notebook("reference")


def test_student_ids_from_file_names():
    assert student_id("zoë") == "zoe"
    assert student_id("jo smith") == student_id("jo_smith") == "jo_smith"
    assert student_id("___") == ""
    assert student_id("José García") == student_id("jose_garcia") == student_id("JOSE GARCIA") == "jose_garcia"
    chinese = student_id("李雷")                          # no ASCII spelling: a short hash of the name, stable
    assert chinese.startswith("student-") and len(chinese) == len("student-") + 8
    assert chinese == student_id("李雷") != student_id("韩梅梅")
    assert student_id("Zoë 李").startswith("zoe-")


def test_colliding_ids_and_unusable_names_are_per_student_problems(tmp_path, reference, capsys):
    inbox = _inbox(tmp_path, {"jo smith.ipynb": reference, "jo_smith.ipynb": reference, "___.ipynb": reference,
                              "alice.ipynb": reference})
    course = tmp_path / "course"
    assert cli(["autograde", ASSIGNMENT, str(inbox), "--course", str(course)]) == 1
    out = capsys.readouterr()
    assert "alice: 19 / 19" in out.out
    assert "jo_smith: NOT GRADED: 'jo smith.ipynb' and 'jo_smith.ipynb' both give the student id 'jo_smith'" in out.out
    assert "NOT GRADED: '___.ipynb' gives no usable student id" in out.out
    assert "NOT GRADED: 2" in out.err
    rows = _rows(course)
    assert rows[ASSIGNMENT, "alice"]["status"] == "graded" and rows[ASSIGNMENT, "alice"]["score"] == "19"
    assert rows[ASSIGNMENT, "jo_smith"]["score"] == ""                 # never read as a zero
    assert rows[ASSIGNMENT, "jo_smith"]["status"].startswith("not graded: 'jo smith.ipynb' and 'jo_smith.ipynb'")


def test_a_bad_resubmission_keeps_the_earlier_copy_and_grade(tmp_path, reference):
    course = tmp_path / "course"
    first = _inbox(tmp_path, {"alice.ipynb": reference, "bob.ipynb": _notebook("blank")}, "first")
    report = w.autograde(ASSIGNMENT, first, course=course)
    assert report["alice"].score == 19
    kept = (course / "submitted" / "alice" / ASSIGNMENT / "chance.ipynb").read_bytes()
    second = _inbox(tmp_path, {"alice.ipynb": "{ truncated", "bob.ipynb": reference}, "second")
    report = w.autograde(ASSIGNMENT, second, course=course)
    assert report["alice"].status == "not graded"
    assert "not a readable notebook" in report["alice"].reason and "earlier submission's grade (19 / 19)" in \
        report["alice"].reason
    assert report["bob"].score == 19
    assert (course / "submitted" / "alice" / ASSIGNMENT / "chance.ipynb").read_bytes() == kept
    rows = _rows(course)
    assert rows[ASSIGNMENT, "alice"]["score"] == "19" and rows[ASSIGNMENT, "alice"]["status"] == "graded"
    assert "kept" in rows[ASSIGNMENT, "alice"]["note"]


def test_students_with_no_submission_are_said_so(tmp_path, reference):
    course = tmp_path / "course"
    w.autograde(ASSIGNMENT, _inbox(tmp_path, {"alice.ipynb": reference}, "a"), course=course)
    w.autograde("01_minimax", _inbox(tmp_path, {"carol.ipynb": "not json"}, "b"), course=course)
    rows = _rows(course)
    assert rows["01_minimax", "alice"]["status"] == "no submission" and rows["01_minimax", "alice"]["score"] == ""
    assert rows[ASSIGNMENT, "carol"]["status"] == "no submission"
    assert rows["01_minimax", "carol"]["status"].startswith("not graded: carol.ipynb is not a readable notebook")


def test_one_grading_run_at_a_time(tmp_path, reference, capsys):
    course = tmp_path / "course"
    inbox = _inbox(tmp_path, {f"s{i}.ipynb": reference for i in range(3)})
    prepare_course(course, [ASSIGNMENT])
    holder = subprocess.Popen([sys.executable, "-c", (
        "import time; from gamelib.grading.course import course_lock\n"
        f"with course_lock({str(course)!r}, 'test'):\n    print('held', flush=True); time.sleep(4)")],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    assert cli(["autograde", ASSIGNMENT, str(inbox), "--course", str(course), "--no-wait"]) == 2
    assert "is being graded by 'test'" in capsys.readouterr().err
    results = {}
    runs = [threading.Thread(target=lambda k=k: results.setdefault(k, w.autograde(ASSIGNMENT, inbox, course=course)))
            for k in range(2)]
    start = time.monotonic()
    for t in runs:
        t.start()
    for t in runs:
        t.join()
    holder.wait()
    assert time.monotonic() - start > 1                       # they waited for the holder
    for report in results.values():
        assert all(s.status == "graded" and s.score == 19 for s in report.values())
    rows = _rows(course)
    assert all(rows[ASSIGNMENT, f"s{i}"]["score"] == "19" for i in range(3))


def test_feedback_that_would_show_hidden_code_is_withheld_for_that_student_alone(tmp_path, reference, capsys):
    leaky = _notebook("reference")
    line = sorted(w.hidden_lines(names=[ASSIGNMENT]))[0]
    leaky.cells.append(nbformat.v4.new_code_cell(f"print({line!r})"))
    course = tmp_path / "course"
    w.autograde(ASSIGNMENT, _inbox(tmp_path, {"alice.ipynb": reference, "mallory.ipynb": leaky}), course=course)
    assert cli(["feedback", ASSIGNMENT, "--course", str(course)]) == 1
    err = capsys.readouterr().err
    assert "WITHHELD for mallory: its page would show hidden test code" in err
    assert list((course / "feedback" / "alice" / ASSIGNMENT).glob("*.html"))
    assert not list((course / "feedback" / "mallory" / ASSIGNMENT).glob("*.html"))


def test_the_course_secret_is_private_and_kept(tmp_path):
    course = tmp_path / "course"
    first = course_secret(course)
    assert course_secret(course) == first and len(first) >= 32
    assert (course / SECRET).stat().st_mode & 0o077 == 0


def test_the_student_kit_is_never_written_inside_the_repository(tmp_path, capsys):
    """Issue #34: ``student-kit kit.zip`` at the top of the repository left the zip for ``git add -A``."""
    assert cli(["student-kit", str(REPO / "kit.zip")]) != 0
    assert "inside the kit's repository" in capsys.readouterr().err and not (REPO / "kit.zip").exists()
    assert cli(["student-kit", str(REPO / "exercises" / "kit.zip")]) != 0


def test_the_student_kit_holds_no_solution(tmp_path, capsys):
    import zipfile
    out = tmp_path / "kit.zip"
    assert cli(["student-kit", str(out)]) == 0
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        text = b"".join(z.read(n) for n in names if n.endswith(".ipynb"))
    assert "gamelib-kit/exercises/release/02_alpha_beta/alpha_beta.ipynb" in names
    assert "gamelib-kit/gamelib/grading/checks.py" in names and "gamelib-kit/STUDENT_COPY.md" in names
    assert not any(n.startswith(("gamelib-kit/exercises/source/", "gamelib-kit/tests/")) for n in names)
    assert b"### BEGIN SOLUTION" not in text and b"### BEGIN HIDDEN TESTS" not in text


def test_the_student_kit_says_why_git_cannot_list_the_files(tmp_path):
    """The student kit shows git's own error: "not a git repository", or, for a clone another user owns
    (a root-owned clone used by an instructor on a hub), "detected dubious ownership"; it said "is not a
    git checkout" for both."""
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(WorkflowError, match="not a git repository"):
        w.student_kit(tmp_path / "kit.zip", repo=plain)
    if os.geteuid() != 0:
        return
    theirs = tmp_path / "theirs"
    subprocess.run(["git", "init", "-q", str(theirs)], check=True)
    subprocess.run(["chown", "-R", "65534:65534", str(theirs)], check=True)
    with pytest.raises(WorkflowError, match="dubious ownership"):
        w.student_kit(tmp_path / "kit.zip", repo=theirs)


def _ids(nb):
    return [grade_id(c) for c in nb.cells]


def test_repair_restores_stripped_metadata_and_keeps_the_students_cells():
    release = _release()
    sub = copy.deepcopy(release)
    answer = next(c for c in sub.cells if grade_id(c) == "q6_answer")
    answer.source = "def alphabeta_search(game, state, prune_on_equality=True):\n    return 0, None"
    sub.cells.insert(sub.cells.index(answer) + 1, nbformat.v4.new_code_cell("helper = 1"))
    for c in sub.cells:
        c.metadata.pop("nbgrader", None)
    fixed, notes = repair(sub, release)
    assert [g for g in _ids(fixed) if g] == [g for g in _ids(release) if g]
    restored = next(c for c in fixed.cells if grade_id(c) == "q6_answer")
    assert "return 0, None" in restored.source
    assert any(c.source == "helper = 1" and grade_id(c) is None for c in fixed.cells)
    assert "metadata restored" in notes[0]


def test_repair_puts_deleted_cells_back_in_place():
    release = _release()
    sub = copy.deepcopy(release)
    sub.cells = [c for c in sub.cells if grade_id(c) not in ("q6_aima_test", "q2_answer")]
    fixed, notes = repair(sub, release)
    assert _ids(fixed) == _ids(release)
    assert len(notes) == 2 and all("was missing" in n for n in notes)
    assert len({c.id for c in fixed.cells}) == len(fixed.cells)


def test_every_hidden_line_of_the_sources_is_known_to_the_leak_check():
    lines = w.hidden_lines()
    assert any('checks.search("minimax_value", minimax_value, hidden=30)' in line for line in lines)
    assert not any(line.startswith("#") for line in lines)


def test_the_names_moved_out_of_workflow_warn_and_answer_from_their_home():
    """workflow re-exported about 40 names of course, recording, submissions ... silently; each now warns,
    naming its home, for one release."""
    from gamelib.grading import course, gradebook
    with pytest.warns(DeprecationWarning, match=r"workflow.SOURCE has moved: use gamelib.grading.course.SOURCE"):
        assert w.SOURCE is course.SOURCE
    with pytest.warns(DeprecationWarning, match="use gamelib.grading.gradebook.rows"):
        assert w.gradebook_rows is gradebook.rows
    with pytest.raises(AttributeError):
        w.no_such_name


def test_validation_kernels_talk_over_ipc_where_the_platform_has_it():
    """Issue 34: over TCP every kernel validate started printed "Kernel is running over TCP without
    encryption"; its kernels use IPC sockets instead (not on Windows, which lacks them)."""
    from gamelib.grading.course import KERNEL_TRANSPORT
    assert KERNEL_TRANSPORT == ("tcp" if sys.platform == "win32" else "ipc")
    config = w._validator("/tmp/sockets").config.KernelManager
    assert config.transport == KERNEL_TRANSPORT
    if KERNEL_TRANSPORT == "ipc":
        assert config.ip == "/tmp/sockets/kernel"                # not beside the notebook validated
