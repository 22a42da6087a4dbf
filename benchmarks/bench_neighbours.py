"""An honest student graded beside a hostile one: her wall time against grading her alone (goal: within 2×).

The hostile submission is a right notebook of ``02_alpha_beta`` whose first cell of its own starts
``--children`` processes, each in a session of its own (``os.setsid``), that compute for ever.  Each
session used to be a scheduling group of its own (Linux's autogroups), so the children took that many
shares of the machine against the honest student's one, and her grading, beside it under ``--jobs 2``,
took 9-54× as long as alone.  All of a sandbox's processes now share one CPU share, its control group's
(:class:`gamelib.grading.isolation.ControlGroup`: at most one CPU, whatever sessions they start).

Both are graded by the instructor's command, ``python -m gamelib.grading autograde 02_alpha_beta INBOX
--course COURSE --jobs 2``, in a new course folder, in the sandbox: first the honest one alone, then the
two together.  Printed: the honest student's grading time each way (the grader's own measure of it) and
their ratio, both grades, and the hostile one's time.

    .venv/bin/python benchmarks/bench_neighbours.py [--children 30] [--repeat 1]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from gamelib.grading import fakes
from gamelib.grading import course as coursedir
from gamelib.grading.isolation import cpu_share_status, isolation_status

ASSIGNMENT = "02_alpha_beta"
GOAL = 2.0

HOSTILE = '''import os

for _ in range({children}):
    if os.fork() == 0:
        os.setsid()                     # a session of its own: an autogroup of its own, once
        while True:
            pass
'''


def notebooks(children: int) -> tuple:
    """(honest, hostile): the reference solution, and the same with the hostile cell after the setup."""
    source = nbformat.read(str(coursedir.notebooks(coursedir.SOURCE / ASSIGNMENT)[0]), as_version=4)
    release = nbformat.read(str(coursedir.notebooks(coursedir.RELEASE / ASSIGNMENT)[0]), as_version=4)
    reference = {f.name: f for f in fakes.fakes(ASSIGNMENT)}["reference"]
    honest = fakes.build(reference, release, source)
    hostile = fakes.build(reference, release, source)
    hostile.cells.insert(2, nbformat.v4.new_code_cell(HOSTILE.format(children=children)))
    return honest, hostile


def grade(inbox: dict) -> dict:
    """Autograde ``inbox`` ({student: notebook}) with --jobs 2: {student: (status, score, seconds)}."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "inbox"
        folder.mkdir()
        for sid, nb in inbox.items():
            nbformat.write(nb, str(folder / f"{sid}.ipynb"))
        course = Path(tmp) / "course"
        done = subprocess.run([sys.executable, "-m", "gamelib.grading", "autograde", ASSIGNMENT, str(folder),
                               "--course", str(course), "--jobs", "2"], capture_output=True, text=True)
        if done.returncode != 0:
            print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
        table = coursedir.statuses(course, ASSIGNMENT)
    return {sid: (st.status, st.score, st.seconds) for sid, st in table.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    status = isolation_status()
    print(f"isolation: {status.how if status.isolated else 'NONE (' + status.how + ')'}")
    shared, how = cpu_share_status()
    print(f"CPU share of a sandbox: {how}" if shared else f"NO CPU SHARE PER SANDBOX: {how}")
    honest, hostile = notebooks(args.children)
    alone, beside = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        one = grade({"honest": honest})
        print(f"alone:  honest {one['honest']} ({time.perf_counter() - start:.0f} s in all)", flush=True)
        alone.append(one["honest"][2])
        start = time.perf_counter()
        two = grade({"honest": honest, "hostile": hostile})
        print(f"beside: honest {two['honest']}, hostile {two['hostile']} ({time.perf_counter() - start:.0f} s "
              "in all)", flush=True)
        beside.append(two["honest"][2])
        if two["honest"][:2] != one["honest"][:2]:
            print(f"THE HONEST GRADE CHANGED beside the hostile one: {one['honest']} -> {two['honest']}")
            return 1
    ratio = statistics.median(beside) / statistics.median(alone)
    print(f"honest student: {statistics.median(alone):.1f} s alone, {statistics.median(beside):.1f} s beside "
          f"{args.children} children in sessions of their own: {ratio:.1f}× ({'within' if ratio <= GOAL else 'OVER'} "
          f"the {GOAL:g}× goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
