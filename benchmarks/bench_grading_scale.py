"""A class graded in one sitting: 300 submissions of 02_alpha_beta, end to end (goal: under 20 minutes).

The submissions are built from the fake submissions of tests/submissions/02_alpha_beta/: 40 % right,
30 % with a known bug (each bug model in turn), 20 % blank, 5 % with an infinite loop in the search and
5 % hostile (the red team's files in turn).  Each copy gets a comment line of its own, so every
submission is a different notebook and draws its own hidden cases from the course secret.  They are
graded by the instructor's command, ``python -m gamelib.grading autograde 02_alpha_beta INBOX --course
COURSE --jobs N``, in a new course folder, in the sandbox; then every grade is checked against what its
fake expects (a cell marked 'partial' must earn more than 0 and less than full marks).

Printed: submissions per minute, the slowest student, the peak memory of any one process, and whether
every grade is the expected one.

    .venv/bin/python benchmarks/bench_grading_scale.py [--count 300] [--jobs 2]
"""
from __future__ import annotations

import argparse
import csv
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from gamelib.grading import fakes
from gamelib.grading.isolation import isolation_status
from gamelib.grading.cells import grade_id
from gamelib.grading.course import RELEASE, SOURCE, notebooks, statuses

ASSIGNMENT = "02_alpha_beta"
GOAL_MINUTES = 20
MIX = (("right", 0.40), ("bug", 0.30), ("blank", 0.20), ("loop", 0.05), ("hostile", 0.05))

LOOP = '''# An alpha-beta that never returns on any tree with more than one move at the root.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    while len(game.actions(state)) > 1:
        pass
    return 0, None
'''


def plan(count: int) -> list[tuple[str, fakes.Fake]]:
    """``count`` (kind, fake) pairs in the proportions of :data:`MIX`, each kind cycling through its files."""
    listed = {f.name: f for f in fakes.fakes(ASSIGNMENT)}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(LOOP)
    pools = {
        "right": [listed["reference"]],
        "bug": [listed[n] for n in sorted(listed) if n not in ("reference", "blank") and not n.startswith("hostile_")],
        "blank": [listed["blank"]],
        "loop": [fakes.read(Path(f.name))],
        "hostile": [listed[n] for n in sorted(listed) if n.startswith("hostile_")],
    }
    out = []
    for kind, share in MIX:
        n = round(count * share)
        out += [(kind, pools[kind][i % len(pools[kind])]) for i in range(n)]
    return out[:count] + [("right", pools["right"][0])] * (count - len(out))


def expected(fake: fakes.Fake, score: float, points: dict) -> bool:
    """Whether ``score`` (a submission's total) is what ``fake`` expects."""
    lo = hi = 0.0
    for cell, full in points.items():
        want = fake.expected(cell, full)
        if want == fakes.PARTIAL:
            hi += full
        else:
            lo += want
            hi += want
    partial = any(fake.expected(c, p) == fakes.PARTIAL for c, p in points.items())
    return (lo < score < hi) if partial else abs(score - lo) < 1e-9


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    status = isolation_status()
    print(f"grading {args.count} submissions of {ASSIGNMENT}, --jobs {args.jobs}; isolation: "
          f"{status.how if status.isolated else 'NONE (' + status.how + ')'}")
    source = nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)
    release = nbformat.read(str(notebooks(RELEASE / ASSIGNMENT)[0]), as_version=4)
    points = {grade_id(c): float(c.metadata.nbgrader["points"]) for c in source.cells
              if c.metadata.get("nbgrader", {}).get("grade")}
    chosen = plan(args.count)
    with tempfile.TemporaryDirectory() as tmp:
        inbox = Path(tmp) / "inbox"
        inbox.mkdir()
        who, kinds = {}, {}
        for i, (kind, fake) in enumerate(chosen):
            nb = fakes.build(fake, release, source)
            nb.cells.append(nbformat.v4.new_code_cell(f"# submission {i}"))
            sid = f"s{i:03d}"
            who[sid], kinds[sid] = fake, kind
            nbformat.write(nb, str(inbox / f"{sid}.ipynb"))
        course = Path(tmp) / "course"
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "gamelib.grading", "autograde", ASSIGNMENT, str(inbox),
                               "--course", str(course), "--jobs", str(args.jobs)], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, 0) / 1024
        subprocess.run([sys.executable, "-m", "gamelib.grading", "export", "--course", str(course)],
                       capture_output=True, text=True, check=True)
        with open(course / "grades.csv") as f:
            rows = {r["student_id"]: r for r in csv.DictReader(f) if r["assignment"] == ASSIGNMENT}
        table = statuses(course, ASSIGNMENT)
    wrong = [sid for sid, fake in who.items()
             if rows.get(sid, {}).get("status") != "graded" or not expected(fake, float(rows[sid]["score"]), points)]
    slowest = max(table.values(), key=lambda s: s.seconds)
    by_kind: dict = {}
    for sid, kind in kinds.items():
        by_kind.setdefault(kind, []).append(table[sid].seconds)
    print(f"{args.count} submissions in {seconds / 60:.1f} min: {args.count / (seconds / 60):.1f} a minute "
          f"({'within' if seconds < GOAL_MINUTES * 60 else 'OVER'} the {GOAL_MINUTES} min goal; exit status "
          f"{done.returncode})")
    for kind, times in sorted(by_kind.items()):
        print(f"  {kind:<9} {len(times):>4} submissions, {sum(times) / len(times):5.1f} s each on average, "
              f"{max(times):5.1f} s at most")
    print(f"slowest student: {slowest.student} ({who[slowest.student].name}), {slowest.seconds:.1f} s")
    print(f"peak memory of one process: {peak:.0f} MiB")
    if wrong:
        print(f"{len(wrong)} grades differ from what their submissions expect, e.g. "
              + ", ".join(f"{sid} ({who[sid].name}: {rows.get(sid, {}).get('score')!r}, "
                          f"{rows.get(sid, {}).get('status')!r})" for sid in wrong[:5]))
        return 1
    print(f"every grade is the expected one ({len(who)} of {len(who)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
