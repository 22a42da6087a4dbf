"""Seconds to autograde one submission of each assignment, nbgrader's start-up included (goal: < 30 s).

Each run is the instructor's command, timed from the outside in a fresh process:
``python -m gamelib.grading autograde ASSIGNMENT INBOX --course COURSE`` on a folder holding one
submission, the reference solution (tests/submissions/<assignment>/reference.py), in a new course
folder.  That covers Python and nbgrader start-up, filling the gradebook (generate_assignment), the
submission's repair, one kernel, every public and hidden check, and writing the grades.

    .venv/bin/python benchmarks/bench_grading.py [ASSIGNMENT ...]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.course import SOURCE, assignments, notebooks

GOAL = 30.0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignments", nargs="*")
    args = parser.parse_args(argv)
    names = args.assignments or assignments()
    print(f"autograding one submission (the reference solution), nbgrader start-up included; goal < {GOAL:g} s")
    width = max(16, *map(len, names))
    print(f"{'assignment':<{width}} {'seconds':>8} {'score':>8}")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        releases = w.generate(names, release=Path(tmp) / "release")
        for name in names:
            source = nbformat.read(str(notebooks(SOURCE / name)[0]), as_version=4)
            release = nbformat.read(str(next(p for p in releases if p.parent.name == name)), as_version=4)
            fake = fakes.read(fakes.SUBMISSIONS / name / "reference.py")
            inbox = Path(tmp) / name / "inbox"
            inbox.mkdir(parents=True)
            nbformat.write(fakes.build(fake, release, source), str(inbox / "reference.ipynb"))
            course = Path(tmp) / name / "course"
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "gamelib.grading", "autograde", name, str(inbox),
                                   "--course", str(course)], capture_output=True, text=True)
            seconds = time.perf_counter() - start
            if done.returncode:
                print(done.stdout, done.stderr, file=sys.stderr)
                raise SystemExit(f"autograding {name} failed")
            score = next(line.split(":", 1)[1].strip() for line in done.stdout.splitlines()
                         if line.startswith("reference:"))
            worst = max(worst, seconds)
            print(f"{name:<{width}} {seconds:8.1f} {score:>8}")
    print(f"slowest: {worst:.1f} s ({'within' if worst < GOAL else 'OVER'} the {GOAL:g} s goal)")


if __name__ == "__main__":
    main()
