"""Every instructor command in README.md, docs/instructors.md and exercises/README.md, run exactly as written
(issue #29, item 13: docs that sent the instructor to an empty Formgrader).

The commands are read from the three files (every inline `.venv/bin/python -m gamelib.grading ...`), checked
against the list below (a command added to the docs must be added here, and run), and run one after the
other through bash from the top of the repository, as an instructor types them: ``~`` is a temporary home
holding ``~/inbox/02`` (an honest submission and a blank one), and the default course folder,
``exercises/course/``, is a fresh one (an existing one is set aside and put back).  Starting nbgrader's
Formgrader in the course folder, the docs' other instructor command, is tests/browser/test_formgrader.py's.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading.isolation import isolation_status
from gamelib.grading.course import RELEASE, SOURCE, notebooks

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", ROOT / "docs" / "instructors.md", ROOT / "exercises" / "README.md")
COMMAND = re.compile(r"`(\.venv/bin/python -m gamelib\.grading [^`]+)`")

RUN_ORDER = [
    ".venv/bin/python -m gamelib.grading isolation",
    ".venv/bin/python -m gamelib.grading generate",
    ".venv/bin/python -m gamelib.grading generate --check",
    ".venv/bin/python -m gamelib.grading validate 02_alpha_beta",
    ".venv/bin/python -m gamelib.grading student-kit ~/kit.zip",
    ".venv/bin/python -m gamelib.grading prepare",
    ".venv/bin/python -m gamelib.grading autograde 02_alpha_beta ~/inbox/02 --jobs 2",
    '.venv/bin/python -m gamelib.grading override 02_alpha_beta bob q1_test 1 --why "a typo in the question"',
    ".venv/bin/python -m gamelib.grading export",
    ".venv/bin/python -m gamelib.grading export --format canvas --roster ~/canvas_gradebook.csv",
    ".venv/bin/python -m gamelib.grading feedback 02_alpha_beta",
    ".venv/bin/python -m gamelib.grading report 02_alpha_beta",
    ".venv/bin/python -m gamelib.grading similarity 02_alpha_beta",
    '.venv/bin/python -m gamelib.grading regrade 02_alpha_beta bob --question q1_test --why "a regrade request"',
    ".venv/bin/python -m gamelib.grading gradescope 02_alpha_beta --out ~/gradescope",
    ".venv/bin/python -m gamelib.grading selftest 04_chance",
]
"""The documented commands, in the order an instructor's term runs them."""


def documented() -> set:
    return {m.group(1) for doc in DOCS for m in COMMAND.finditer(doc.read_text())}


def test_the_docs_name_exactly_the_commands_run_here():
    assert documented() == set(RUN_ORDER)


def _set_aside(path: Path) -> Path | None:
    if not path.exists():
        return None
    aside = path.with_name(f"{path.name}.before-test-{os.getpid()}")
    path.rename(aside)
    return aside


def _put_back(path: Path, aside: Path | None) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    if aside is not None:
        aside.rename(path)


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    inbox = home / "inbox" / "02"
    inbox.mkdir(parents=True)
    release = nbformat.read(str(notebooks(RELEASE / "02_alpha_beta")[0]), as_version=4)
    source = nbformat.read(str(notebooks(SOURCE / "02_alpha_beta")[0]), as_version=4)
    for student, fake in (("alice", "reference"), ("bob", "blank")):
        nb = fakes.build(fakes.read(fakes.SUBMISSIONS / "02_alpha_beta" / f"{fake}.py"), release, source)
        nbformat.write(nb, str(inbox / f"{student}.ipynb"))
    shutil.copy(ROOT / "tests" / "grading" / "lms" / "canvas_gradebook_export.csv", home / "canvas_gradebook.csv")
    course = ROOT / "exercises" / "course"
    asides = {course: _set_aside(course)}
    env = {**os.environ, "HOME": str(home)}
    out = {}
    try:
        for command in RUN_ORDER:
            out[command] = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True,
                                          text=True, timeout=900)
        yield {"out": out, "home": home, "course": course, "kit": (home / "kit.zip").exists()}
    finally:
        for path, aside in asides.items():
            _put_back(path, aside)


def test_every_instructor_command_runs_as_written(ran):
    for command, done in ran["out"].items():
        if command.endswith("isolation") and not isolation_status().isolated:
            assert done.returncode == 1 and "NOT ISOLATED" in done.stdout
            continue
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_what_each_command_says_and_writes(ran):
    out = {command.split("gamelib.grading ")[1]: done.stdout for command, done in ran["out"].items()}
    assert "exercises/release/ matches a fresh generation" in out["generate --check"]
    assert "every test passes (should pass)" in out["validate 02_alpha_beta"]
    assert ran["kit"] and not (ROOT / "kit.zip").exists()
    assert "Formgrader lists them" in out["prepare"]
    assert (ran["course"] / "course.toml").read_text().startswith("# This course's deadlines")    # to edit
    assert "alice: 22 / 22" in out["autograde 02_alpha_beta ~/inbox/02 --jobs 2"]
    assert "bob: 0 / 22" in out["autograde 02_alpha_beta ~/inbox/02 --jobs 2"]
    assert "2 files, 2 graded, 0 not graded, 0 ignored" in out["autograde 02_alpha_beta ~/inbox/02 --jobs 2"]
    assert "grades.csv" in out["export"]
    said = {words.split()[0]: text for words, text in out.items()}
    assert "bob, 02_alpha_beta, q1_test: 0 -> 1" in said["override"]
    assert "grades_canvas.csv" in out["export --format canvas --roster ~/canvas_gradebook.csv"]
    assert "2 feedback pages" in out["feedback 02_alpha_beta"]
    page = (ran["course"] / "feedback" / "bob" / "02_alpha_beta" / "alpha_beta.html").read_text()
    assert "Your grade: 1 / 22" in page and "a typo in the question" in page
    assert "02_alpha_beta.html" in out["report 02_alpha_beta"]
    assert "never a verdict" in out["similarity 02_alpha_beta"]
    assert "q1_test: 1 -> 0 (a regrade request)" in said["regrade"]
    assert (ran["home"] / "gradescope" / "gamelib-02_alpha_beta-gradescope.zip").exists()
    assert "FAIL" not in out["selftest 04_chance"] and "04_chance:" in out["selftest 04_chance"]


def test_generate_leaves_the_committed_student_versions_as_they_are(ran):
    changed = subprocess.run(["git", "status", "--porcelain", "exercises/release"], cwd=ROOT, capture_output=True,
                             text=True).stdout
    assert changed == ""
