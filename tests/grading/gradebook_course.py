"""A small graded course of fake submissions, shared by the gradebook's tests (issue 32): graded once per
test process (:func:`graded_course`, about 5 s), copied for each test module that changes it.

Students of 02_alpha_beta: alice (right, on time by the manifest), bob (no pruning, two days late by the
manifest), canvas-103 (colecarol, Canvas's user 103: a download name flagged ``_LATE_``; AIMA's convention
on ties), dave (the last of tied moves, an extension), erin (blank), frank (not a notebook: not graded),
and a file whose name is made to break a CSV or a page (not a notebook either).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import nbformat

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.course import RELEASE, SOURCE, notebooks

ASSIGNMENT = "02_alpha_beta"
LMS = Path(__file__).parent / "lms"
HOSTILE_FILE = '=1+2,"x"\n<img src=x onerror=alert(1)>.ipynb'
POLICY = """\
timezone = "Europe/Paris"

[late]
per_day = 10
cap = 30
grace_minutes = 15

[deadlines]
02_alpha_beta = "2026-10-09 23:59"

[extensions.02_alpha_beta]
dave = "2026-10-20 23:59"
"""
MANIFEST = "student,submitted_at\nalice,2026-10-09 23:30\nbob,2026-10-11 09:00\ndave,2026-10-12 10:00\n"
FAKES = {"alice.ipynb": "reference", "bob.ipynb": "no_pruning",
         "colecarol_LATE_103_9001_alpha_beta.ipynb": "always_aima", "dave.ipynb": "last_tied", "erin.ipynb": "blank"}


def notebook(fake: str, assignment: str = ASSIGNMENT):
    release = nbformat.read(str(notebooks(RELEASE / assignment)[0]), as_version=4)
    source = nbformat.read(str(notebooks(SOURCE / assignment)[0]), as_version=4)
    return fakes.build(fakes.read(fakes.SUBMISSIONS / assignment / f"{fake}.py"), release, source)


_made: dict = {}


def graded_course(root: Path) -> Path:
    """The graded course (made once per process under ``root``); copy it before changing it."""
    if "course" not in _made:
        inbox = root / "inbox"
        inbox.mkdir(parents=True)
        for name, fake in FAKES.items():
            nbformat.write(notebook(fake), str(inbox / name))
        (inbox / "frank.ipynb").write_text("not a notebook")
        (inbox / HOSTILE_FILE).write_text("{")
        (inbox / "manifest.csv").write_text(MANIFEST)
        course = root / "course"
        w.autograde(ASSIGNMENT, inbox, course=course, jobs=2)
        (course / "course.toml").write_text(POLICY)
        _made["course"] = course
    return _made["course"]


def copy_of(course: Path, where: Path) -> Path:
    shutil.copytree(course, where, symlinks=True, ignore=shutil.ignore_patterns(".grading.lock"))
    return where
