"""``python -m gamelib.grading STEP ...``: the instructor's workflow, one command per step.

    python -m gamelib.grading generate [ASSIGNMENT ...] [--check]
    python -m gamelib.grading validate [ASSIGNMENT ...]
    python -m gamelib.grading prepare [ASSIGNMENT ...] [--course DIR]
    python -m gamelib.grading autograde ASSIGNMENT SUBMISSIONS [--course DIR] [--jobs N] [--no-wait]
    python -m gamelib.grading export [--format long|canvas|moodle|blackboard] [--roster FILE] [--course DIR]
                                     [--out FILE]
    python -m gamelib.grading override ASSIGNMENT STUDENT GRADE_ID SCORE --why "..." [--course DIR]
    python -m gamelib.grading regrade ASSIGNMENT STUDENT [--question Q] [--why "..."] [--course DIR]
    python -m gamelib.grading feedback ASSIGNMENT [--course DIR]
    python -m gamelib.grading report ASSIGNMENT [--course DIR]
    python -m gamelib.grading similarity ASSIGNMENT [--threshold 0.6] [--course DIR]
    python -m gamelib.grading selftest [ASSIGNMENT ...]
    python -m gamelib.grading isolation
    python -m gamelib.grading gradescope ASSIGNMENT [--out DIR] [--course DIR]
    python -m gamelib.grading student-kit OUT.zip

Exit status: 0 when the step did what it should, 1 when it found a problem (a source that fails, a
student version that passes, a release that differs from a fresh generation, a submission that was not
graded, a feedback page withheld, a fake submission graded wrongly), 2 when it could not run.  Details
in exercises/README.md.
"""
from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
import time
from pathlib import Path

from . import fakes
from . import workflow as w
from .course import shown
from .course import DEFAULT_COURSE, RELEASE, REPO, WorkflowError, assignments, notebooks


def _generate(args) -> int:
    names = args.assignments or assignments()
    if not args.check:
        for path in w.generate(names):
            print(f"wrote {path.relative_to(REPO) if path.is_relative_to(REPO) else path}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = w.generate(names, release=Path(tmp))
        differ = []
        for path in fresh:
            committed = RELEASE / path.relative_to(tmp)
            if not committed.exists() or not filecmp.cmp(path, committed, shallow=False):
                differ.append(committed)
        extra = [p for name in names for p in notebooks(RELEASE / name)
                 if not (Path(tmp) / p.relative_to(RELEASE)).exists()]
    for path in differ:
        print(f"differs from a fresh generation: {path}")
    for path in extra:
        print(f"not generated from any source: {path}")
    if differ or extra:
        print("run `python -m gamelib.grading generate` and commit exercises/release/")
        return 1
    print(f"exercises/release/ matches a fresh generation ({len(fresh)} notebooks)")
    return 0


def _validate(args) -> int:
    bad = 0
    for v in w.validate(args.assignments or None):
        where = v.path.relative_to(REPO) if v.path.is_relative_to(REPO) else v.path
        verdict = "ok  " if v.ok else "FAIL"
        what = (f"{len(v.failed)} test cells fail" if v.failed else "every test passes")
        print(f"{verdict} {where}: {what} (should {v.expected}){'; ' + v.problem if v.problem else ''}")
        if not v.ok and v.expected == "pass":
            for line in v.failed:
                print(f"       {line}")
        bad += not v.ok
    return 1 if bad else 0


def _prepare(args) -> int:
    course = w.prepare(args.assignments or None, course=Path(args.course))
    names = args.assignments or assignments()
    print(f"{course} holds {', '.join(names)} (sources, student versions, gradebook): nbgrader's Formgrader "
          f"lists them when JupyterLab is started there (cd {course} && jupyter lab)")
    return 0


def _autograde(args) -> int:
    start = time.perf_counter()
    report = w.autograde(args.assignment, Path(args.submissions), course=Path(args.course), jobs=args.jobs,
                         wait=not args.no_wait, wall=args.wall)
    for status in report.values():
        print(status.line())
    accounting = w.last_accounting
    inbox = Path(args.submissions)
    for path, why in accounting.ignored:
        where = Path(path).relative_to(inbox) if Path(path).is_relative_to(inbox) else path
        print(f"ignored: {shown(where)} ({shown(why, None)})")
    failed = [s for s in report.values() if s.status != "graded"]
    graded = len(report) - len(failed)
    print(f"{accounting.line()}: graded {graded} of {len(report)} submissions of {args.assignment} in "
          f"{time.perf_counter() - start:.1f} s; gradebook: {Path(args.course).resolve() / 'gradebook.db'}")
    warned = [(s, text) for s in report.values() for text in s.warnings]
    for status, text in warned:                               # last, where they are seen
        print(f"WARNING: {status.who()}: {text}", file=sys.stderr)
    if warned:
        print(f"WARNING: {len(warned)} override(s) dropped by resubmissions (each logged in "
              f"{Path(args.course).resolve() / 'grading' / 'log.jsonl'}): check each", file=sys.stderr)
    if failed:
        print(f"NOT GRADED: {len(failed)} ({', '.join(s.who() for s in failed)}); each line above says why",
              file=sys.stderr)
    _untimed(Path(args.course), args.assignment, report)
    return 1 if failed else 0


def _untimed(course: Path, assignment: str, report: dict) -> None:
    """A warning for each graded submission whose time is unknown under a deadline (the course's
    ``course.toml``): never silently on time."""
    from . import late
    try:
        policy = late.load(course)
    except WorkflowError as e:
        print(f"WARNING: the late rule could not be read, so no submission's lateness was checked: {e}",
              file=sys.stderr)
        return
    for status in late.untimed(policy, assignment, report.values()):
        print(f"WARNING: {status.who()}: {late.untimed_warning(status.late)}", file=sys.stderr)


def _export(args) -> int:
    from .gradebook import export, rows, unmatched
    out, second = export(Path(args.course), Path(args.out) if args.out else None, format=args.format,
                           roster=Path(args.roster) if args.roster else None)
    print(f"wrote {out} and {second}")
    for (assignment, _), row in sorted(rows(Path(args.course))[1].items()):
        if row.late is not None and row.late.status == "unknown":
            print(f"WARNING: {assignment}: {shown(row.student)}{f' ({shown(row.name)})' if row.name else ''}: "
                  f"{row.late.text}", file=sys.stderr)
    left_out = unmatched(second) if args.format != "long" else []
    if left_out:
        print(f"NOT IN THE EXPORT: {len(left_out)} students of the course are not on the roster, or answer to "
              f"one row of it with another student ({', '.join(left_out)}); {second.name} says why", file=sys.stderr)
    return 1 if left_out else 0


def _override(args) -> int:
    from .overrides import override
    e = override(args.assignment, args.student, args.question, args.score, args.why, course=Path(args.course))
    print(f"{e.student}, {e.assignment}, {e.question}: {e.old:g} -> {e.new:g} ({e.why}); logged by {e.who} at "
          f"{e.when} in {Path(args.course).resolve() / 'grading' / 'log.jsonl'}")
    return 0


def _report(args) -> int:
    from .report import report
    page, numbers = report(args.assignment, course=Path(args.course))
    print(f"wrote {page} (what the class got wrong, one page) and {numbers} (its numbers)")
    return 0


def _similarity(args) -> int:
    from .similarity import HINT, similarity
    page, numbers, pairs = similarity(args.assignment, course=Path(args.course), threshold=args.threshold)
    for p in pairs:
        print(f"{p.first} and {p.second}: {100 * p.share_first:.0f} % and {100 * p.share_second:.0f} % of their "
              "code shared")
    print(f"{len(pairs)} pairs listed; wrote {page} (side by side) and {numbers}")
    print(HINT)
    return 0


def _regrade(args) -> int:
    from .overrides import regrade
    for e in regrade(args.assignment, args.student, question=args.question, why=args.why or "",
                     course=Path(args.course)):
        change = "no score changed" if e.old is None and e.new is None else f"{e.old:g} -> {e.new:g}"
        print(f"{e.student}, {e.assignment}, {e.question or 'every question'}: {change} ({e.why}); logged")
    return 0


def _feedback(args) -> int:
    made = w.feedback(args.assignment, course=Path(args.course))
    for page in made.pages:
        print(f"wrote {page}")
    print(f"{len(made.pages)} feedback pages, hidden tests removed")
    for student, why in made.withheld.items():
        print(f"WITHHELD for {student}: {why}", file=sys.stderr)
    return 1 if made.withheld else 0


def _gradescope(args) -> int:
    from .gradescope import bundle
    path = bundle(args.assignment, Path(args.out), course=Path(args.course))
    print(f"wrote {path}: upload it as the autograder of a Gradescope programming assignment "
          "(its hidden tests and the course secret are inside: keep it from students)")
    return 0


def _gradescope_run(args) -> int:
    from .gradescope import run
    results = run(Path(args.root))
    print(f"score {results.get('score', 0):g}: {len(results['tests'])} tests; results in "
          f"{Path(args.root) / 'results' / 'results.json'}")
    return 0


def _student_kit(args) -> int:
    path = w.student_kit(Path(args.out))
    print(f"wrote {path}: the kit without the exercises' solutions and hidden tests (exercises/source/), "
          "the fake submissions and the test suite; give this to students")
    return 0


def _isolation(args) -> int:
    from .isolation import NO_CPU_SHARE, NOT_ISOLATED, cpu_share_status, isolation_status
    status = isolation_status()
    print(f"isolated: {status.how}" if status.isolated else NOT_ISOLATED.format(why=status.how))
    shared, how = cpu_share_status()
    print(f"one CPU share per sandbox: {how}" if shared else NO_CPU_SHARE.format(why=how))
    return 0 if status.isolated else 1


def _selftest(args) -> int:
    bad = 0
    for name in args.assignments or assignments():
        start = time.perf_counter()
        results = fakes.selftest(name)
        for r in results:
            print(f"{'ok  ' if not r.problems else 'FAIL'} {name}/{r.fake.name}: {r.total:g} points")
            for p in r.problems:
                print(f"       {p}")
            bad += bool(r.problems)
        print(f"{name}: {len(results)} fake submissions graded in {time.perf_counter() - start:.1f} s")
    return 1 if bad else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamelib.grading",
                                     description="The instructor's workflow for gamelib's graded exercises "
                                                 "(nbgrader, no server). See exercises/README.md.")
    sub = parser.add_subparsers(dest="step", required=True)
    course = {"default": str(DEFAULT_COURSE),
              "help": "the course folder: gradebook, submissions, feedback (default: exercises/course)"}

    p = sub.add_parser("generate", help="write the student versions into exercises/release/")
    p.add_argument("assignments", nargs="*", help="default: every folder of exercises/source/")
    p.add_argument("--check", action="store_true", help="only check exercises/release/ matches a fresh generation")
    p.set_defaults(run=_generate)

    p = sub.add_parser("validate", help="every source notebook must pass, every student version fail")
    p.add_argument("assignments", nargs="*")
    p.set_defaults(run=_validate)

    p = sub.add_parser("prepare", help="make the course folder ready for nbgrader's Formgrader and exchange")
    p.add_argument("assignments", nargs="*", help="default: every folder of exercises/source/")
    p.add_argument("--course", **course)
    p.set_defaults(run=_prepare)

    p = sub.add_parser("autograde", help="grade a folder of submissions, each in a sandbox")
    p.add_argument("assignment")
    p.add_argument("submissions", help="a folder of <student>.ipynb or <student>/<notebook>.ipynb")
    p.add_argument("--course", **course)
    p.add_argument("--jobs", type=int, default=1, help="submissions graded at once (default 1)")
    p.add_argument("--wall", type=float, default=None,
                   help="seconds one submission may take in all (default: gamelib.grading.executor.NOTEBOOK_WALL)")
    p.add_argument("--no-wait", action="store_true",
                   help="stop at once if another run holds the course folder (default: wait for it)")
    p.set_defaults(run=_autograde)

    p = sub.add_parser("export", help="grades as CSV, as is or as a learning system imports them")
    p.add_argument("--course", **course)
    p.add_argument("--format", default="long", choices=("long", "canvas", "moodle", "blackboard"),
                   help="long: a row per student and assignment (default); canvas, moodle, blackboard: the "
                        "system's gradebook import, a row per student of --roster")
    p.add_argument("--roster", help="the learning system's own gradebook export (CSV), read as it comes")
    p.add_argument("--out", help="default: <course>/grades.csv (long) or <course>/grades_<format>.csv")
    p.set_defaults(run=_export)

    p = sub.add_parser("override", help="set one question's score by hand, with the reason (logged)")
    p.add_argument("assignment")
    p.add_argument("student")
    p.add_argument("question", metavar="GRADE_ID",
                   help="the test cell's grade id (grades_by_cell.csv's cell column: q1_test)")
    p.add_argument("score", type=float)
    p.add_argument("--why", required=True, help="the reason, shown to the student in their feedback")
    p.add_argument("--course", **course)
    p.set_defaults(run=_override)

    p = sub.add_parser("regrade", help="grade a student's stored submission again (logged)")
    p.add_argument("assignment")
    p.add_argument("student")
    p.add_argument("--question", help="end this question's override first, so the autograder's score counts")
    p.add_argument("--why", help="the reason (a regrade request, a fixed test)")
    p.add_argument("--course", **course)
    p.set_defaults(run=_regrade)

    p = sub.add_parser("report", help="what the class got wrong: one HTML page and its numbers as CSV")
    p.add_argument("assignment")
    p.add_argument("--course", **course)
    p.set_defaults(run=_report)

    p = sub.add_parser("similarity", help="pairs of submissions whose code is unusually alike: a hint, never a verdict")
    p.add_argument("assignment")
    p.add_argument("--threshold", type=float, default=0.6,
                   help="the share of both students' code that must be shared for a pair to be listed (default 0.6)")
    p.add_argument("--course", **course)
    p.set_defaults(run=_similarity)

    p = sub.add_parser("feedback", help="HTML feedback per student, hidden tests removed")
    p.add_argument("assignment")
    p.add_argument("--course", **course)
    p.set_defaults(run=_feedback)

    p = sub.add_parser("selftest", help="grade the fake submissions in tests/submissions/ and check every grade")
    p.add_argument("assignments", nargs="*")
    p.set_defaults(run=_selftest)

    p = sub.add_parser("isolation", help="say whether submissions can be isolated on this machine, and how")
    p.set_defaults(run=_isolation)

    p = sub.add_parser("gradescope", help="build a Gradescope autograder bundle (zip) for an assignment")
    p.add_argument("assignment")
    p.add_argument("--out", default=".", help="the folder to write the zip into (default: here)")
    p.add_argument("--course", **course)
    p.set_defaults(run=_gradescope)

    p = sub.add_parser("student-kit", help="a zip of the kit for students: no solutions, no hidden tests")
    p.add_argument("out", help="the zip file to write")
    p.set_defaults(run=_student_kit)

    p = sub.add_parser("gradescope-run", help=argparse.SUPPRESS)
    p.add_argument("--root", default="/autograder")
    p.set_defaults(run=_gradescope_run)

    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):                   # a character the terminal cannot take: escaped
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        return args.run(args)
    except WorkflowError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
