"""The course folder (gamelib.grading.course): private when made, the instructor's configuration kept,
one step at a time with a holder that is named with its pid and age, stopped or not (issue #29, items 2,
15 and 16)."""
import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from gamelib.grading import course as c


def test_a_new_course_folder_is_private_and_an_open_one_is_named(tmp_path):
    made = tmp_path / "a" / "course"
    assert c.private_folder(made) == ""
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    warning = c.private_folder(shared)
    assert "can be read by other users of this machine (mode 755)" in warning and f"chmod 700 {shared}" in warning


def test_the_instructors_configuration_is_kept_and_loads_the_kits(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    mine = 'c = get_config()  # noqa\nc.CourseDirectory.course_id = "cs101"\nc.Exchange.root = "/srv/x"\n'
    (course / "nbgrader_config.py").write_text(mine)
    notes = c.write_config(course)
    text = (course / "nbgrader_config.py").read_text()
    assert 'c.CourseDirectory.course_id = "cs101"' in text and 'c.Exchange.root = "/srv/x"' in text
    assert text.index(c.LOAD_LINE) < text.index("course_id")          # the instructor's settings win
    assert notes and "your settings are kept" in notes[0]
    assert c.write_config(course) == [] and (course / "nbgrader_config.py").read_text() == text  # once only
    kit = (course / c.KIT_CONFIG).read_text()
    assert str(course.resolve()) in kit and "sanitize_html = True" in kit


def test_nbgrader_reads_the_instructors_settings_and_the_kits(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    (course / "nbgrader_config.py").write_text('c = get_config()  # noqa\nc.CourseDirectory.course_id = "cs101"\n')
    c.write_config(course)
    code = ("from traitlets.config.loader import PyFileConfigLoader as L; cfg = L('nbgrader_config.py', "
            "path='.').load_config(); print(cfg.CourseDirectory.course_id, cfg.CourseDirectory.root, "
            "cfg.HTMLExporter.sanitize_html)")
    out = subprocess.run([sys.executable, "-c", code], cwd=course, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["cs101", str(course.resolve()), "True"]


def test_a_waiting_step_names_the_holder_its_pid_and_age_and_a_stopped_holder(tmp_path):
    now = time.time()
    text = json.dumps({"step": "autograde 02_alpha_beta", "pid": os.getpid(), "since": now - 125})
    assert c.lock_holder(text, now) == f"'autograde 02_alpha_beta' (pid {os.getpid()}, for 2 min 5 s)"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        sleeper.send_signal(signal.SIGSTOP)
        time.sleep(0.2)
        said = c.lock_holder(json.dumps({"step": "autograde", "pid": sleeper.pid, "since": now}), now)
        assert "STOPPED" in said and f"kill -CONT {sleeper.pid}" in said
    finally:
        sleeper.kill()
        sleeper.wait()
    assert c.lock_holder("not json") == "another process"


def test_no_wait_stops_with_the_holder_named(tmp_path):
    course = tmp_path / "course"
    with c.course_lock(course, "autograde 02"):
        code = (f"from gamelib.grading.course import course_lock\nwith course_lock({str(course)!r}, 'x', wait=False):"
                "\n    pass")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0 and f"is being graded by 'autograde 02' (pid {os.getpid()}, for 0 min" in done.stderr


def test_statuses_round_trip_and_ignore_unknown_fields(tmp_path):
    st = c.Status("alice", "graded", "a note", ("a.ipynb",), 3.0, 4.0, 1.5, True, ("a note",), (61000,), "late", 12.5)
    c.save_statuses(tmp_path, "a1", {"alice": st})
    path = tmp_path / c.STATUS / "a1.json"
    data = json.loads(path.read_text())
    data["alice"]["from_a_newer_kit"] = 1
    path.write_text(json.dumps(data))
    assert c.statuses(tmp_path, "a1") == {"alice": st}


@pytest.mark.parametrize("bad", ["", "short"])
def test_a_broken_secret_is_said(tmp_path, bad):
    (tmp_path / c.SECRET).write_text(bad)
    with pytest.raises(c.WorkflowError, match="does not hold a course secret"):
        c.course_secret(tmp_path)


def test_a_missing_sources_folder_is_said_before_anything_is_made(tmp_path):
    """A ``prepare`` with no exercises' sources (a students' environment on a hub) says so, and makes no
    course folder: it raised a FileNotFoundError after making the folder."""
    from gamelib.grading import workflow as w
    course = tmp_path / "mine"
    with pytest.raises(c.WorkflowError, match="no exercises' sources at"):
        w.prepare(["02_alpha_beta"], course=course, source=tmp_path / "no-sources")
    assert not course.exists()
    with pytest.raises(c.WorkflowError, match="no exercises' sources at"):
        c.assignments(tmp_path / "no-sources")


def test_an_installed_gamelib_says_it_holds_no_sources(tmp_path, monkeypatch):
    """Installed as a package (no pyproject.toml above it: site-packages), gamelib says that its
    exercises' sources are the instructor's checkout's, not that a folder is missing."""
    monkeypatch.setattr(c, "REPO", tmp_path)
    with pytest.raises(c.WorkflowError, match="installed as a package, which holds no exercise sources"):
        c.assignment_names(["02_alpha_beta"], tmp_path / "exercises" / "source")


def test_prepare_writes_the_course_toml_the_docs_tell_the_instructor_to_edit(tmp_path):
    """Every setting commented out (no deadline, no penalty until edited), each as the docs describe it once
    uncommented; an instructor's own file is never touched."""
    import re

    from gamelib.grading import late
    assert "wrote" in c.write_course_toml(tmp_path)
    default = late.load(tmp_path)
    assert default.rule.settings() == late.LatePenalty().settings() and not default.deadlines and not default.extensions
    path = tmp_path / late.CONFIG
    path.write_text(re.sub(r"^# (?=\[|\w+ = )", "", path.read_text(), flags=re.M))
    policy = late.load(tmp_path)
    assert policy.rule.settings() == dict(per_day=10, cap=50, grace_minutes=15, of="score") and \
        str(policy.zone) == "Europe/Paris"
    assert set(policy.deadlines) == {"02_alpha_beta"} and set(policy.extensions) == {("02_alpha_beta", "alice")}
    path.write_text("# mine\n")
    assert c.write_course_toml(tmp_path) == "" and path.read_text() == "# mine\n"


def test_a_new_gradebook_is_made_in_process_with_nbgraders_schema_version(tmp_path, monkeypatch):
    """nbgrader runs ``alembic heads`` as a program to make a gradebook (seconds, and a FileNotFoundError
    where the venv's scripts are not on PATH): the kit made it work by replacing nbgrader's function and
    putting the venv on the process's PATH.  Now it makes a new gradebook as nbgrader does, in-process,
    with no program on PATH; nothing of nbgrader's is replaced."""
    import nbgrader.api
    from sqlalchemy import create_engine, text
    before = nbgrader.api.get_alembic_version
    monkeypatch.setenv("PATH", "/nonexistent")
    with c.gradebook(tmp_path) as gb:
        gb.add_assignment("a1")
    assert nbgrader.api.get_alembic_version is before and os.environ["PATH"] == "/nonexistent"
    engine = create_engine(f"sqlite:///{tmp_path / 'gradebook.db'}")
    with engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == c.alembic_head()
    engine.dispose()
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable))
    assert c.alembic_head() == before()                                   # nbgrader's way: `alembic heads`
