"""``python -m gamelib.grading STEP ...``: the instructor's workflow, one command per step (:data:`STEPS`;
``--help`` lists them, exercises/README.md is the instructor's table).

Exit status: 0 when the step did what it should, 1 when it found a problem (a source that fails, a
student version that passes, a release that differs from a fresh generation, a submission that was not
graded, a feedback page withheld, a fake submission graded wrongly), 2 when it could not run.
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
from .course import DEFAULT_COURSE, RELEASE, REPO, WorkflowError, assignments, notebooks, shown


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _log(course) -> Path:
    return Path(course).resolve() / "grading" / "log.jsonl"


def _generate(args) -> int:
    names = args.assignments or assignments()
    if not args.check:
        for path in w.generate(names):
            print(f"wrote {path.relative_to(REPO) if path.is_relative_to(REPO) else path}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = w.generate(names, release=Path(tmp))
        differ = [RELEASE / p.relative_to(tmp) for p in fresh if not (RELEASE / p.relative_to(tmp)).exists()
                  or not filecmp.cmp(p, RELEASE / p.relative_to(tmp), shallow=False)]
        extra = [p for name in names for p in notebooks(RELEASE / name)
                 if not (Path(tmp) / p.relative_to(RELEASE)).exists()]
    print("".join(f"differs from a fresh generation: {p}\n" for p in differ)
          + "".join(f"not generated from any source: {p}\n" for p in extra), end="")
    if differ or extra:
        print("run `python -m gamelib.grading generate` and commit exercises/release/")
        return 1
    print(f"exercises/release/ matches a fresh generation ({len(fresh)} notebooks)")
    return 0


def _validate(args) -> int:
    results = w.validate(args.assignments or None)
    for v in results:
        where = v.path.relative_to(REPO) if v.path.is_relative_to(REPO) else v.path
        what = f"{len(v.failed)} test cells fail" if v.failed else "every test passes"
        problem = f"; {v.problem}" if v.problem else ""
        print(f"{'ok  ' if v.ok else 'FAIL'} {where}: {what} (should {v.expected}){problem}")
        for line in v.failed if not v.ok and v.expected == "pass" else ():
            print(f"       {line}")
    return int(not all(v.ok for v in results))


def _prepare(args) -> int:
    course = w.prepare(args.assignments or None, course=Path(args.course))
    print(f"{course} holds {', '.join(args.assignments or assignments())} (sources, student versions, gradebook): "
          f"nbgrader's Formgrader lists them when JupyterLab is started there (cd {course} && jupyter lab)")
    return 0


def _autograde(args) -> int:
    from . import late
    start, inbox, course = time.perf_counter(), Path(args.submissions), Path(args.course)
    report = w.autograde(args.assignment, inbox, course=course, jobs=args.jobs, wait=not args.no_wait, wall=args.wall)
    for status in report.values():
        print(status.line())
    for path, why in w.last_accounting.ignored:
        print(f"ignored: {shown(Path(path).relative_to(inbox) if Path(path).is_relative_to(inbox) else path)} "
              f"({shown(why, None)})")
    failed = [s for s in report.values() if s.status != "graded"]
    print(f"{w.last_accounting.line()}: graded {len(report) - len(failed)} of {len(report)} submissions of "
          f"{args.assignment} in {time.perf_counter() - start:.1f} s; gradebook: {course.resolve() / 'gradebook.db'}")
    warned = [(s, text) for s in report.values() for text in s.warnings]
    for status, text in warned:                               # last, where they are seen
        _err(f"WARNING: {status.who()}: {text}")
    if warned:
        _err(f"WARNING: {len(warned)} override(s) dropped by resubmissions (each logged in {_log(course)}): check each")
    if failed:
        _err(f"NOT GRADED: {len(failed)} ({', '.join(s.who() for s in failed)}); each line above says why")
    try:                                                      # an unknown time under a deadline: never silent
        for status in late.untimed(late.load(course), args.assignment, report.values()):
            _err(f"WARNING: {status.who()}: {late.untimed_warning(status.late)}")
    except WorkflowError as e:
        _err(f"WARNING: the late rule could not be read, so no submission's lateness was checked: {e}")
    return 1 if failed else 0


def _export(args) -> int:
    from .gradebook import export, rows, unmatched
    out, second = export(Path(args.course), Path(args.out) if args.out else None, format=args.format,
                         roster=Path(args.roster) if args.roster else None)
    print(f"wrote {out} and {second}")
    for (assignment, _), row in sorted(rows(Path(args.course))[1].items()):
        if row.late is not None and row.late.status == "unknown":
            _err(f"WARNING: {assignment}: {shown(row.student)}{f' ({shown(row.name)})' if row.name else ''}: "
                 f"{row.late.text}")
    left_out = unmatched(second) if args.format != "long" else []
    if left_out:
        _err(f"NOT IN THE EXPORT: {len(left_out)} students of the course are not on the roster, or answer to one "
             f"row of it with another student ({', '.join(left_out)}); {second.name} says why")
    return 1 if left_out else 0


def _override(args) -> int:
    from .overrides import override
    e = override(args.assignment, args.student, args.question, args.score, args.why, course=Path(args.course))
    print(f"{e.student}, {e.assignment}, {e.question}: {e.old:g} -> {e.new:g} ({e.why}); logged by {e.who} at "
          f"{e.when} in {_log(args.course)}")
    return 0


def _score(x) -> str:
    return "no score" if x is None else f"{x:g}"


def _regrade(args) -> int:
    from .overrides import regrade
    for e in regrade(args.assignment, args.student, question=args.question, why=args.why or "",
                     course=Path(args.course)):
        change = "no score changed" if e.old is None and e.new is None else f"{_score(e.old)} -> {_score(e.new)}"
        print(f"{e.student}, {e.assignment}, {e.question or 'every question'}: {change} ({e.why}); logged")
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
    print(f"{len(pairs)} pairs listed; wrote {page} (side by side) and {numbers}\n{HINT}")
    return 0


def _feedback(args) -> int:
    made = w.feedback(args.assignment, course=Path(args.course))
    for page in made.pages:
        print(f"wrote {page}")
    print(f"{len(made.pages)} feedback pages, hidden tests removed")
    for student, why in made.withheld.items():
        _err(f"WITHHELD for {student}: {why}")
    return 1 if made.withheld else 0


def _selftest(args) -> int:
    bad = 0
    for name in args.assignments or assignments():
        start, results = time.perf_counter(), fakes.selftest(name)
        for r in results:
            print(f"{'ok  ' if not r.problems else 'FAIL'} {name}/{r.fake.name}: {r.total:g} points")
            print("".join(f"       {p}\n" for p in r.problems), end="")
            bad += bool(r.problems)
        print(f"{name}: {len(results)} fake submissions graded in {time.perf_counter() - start:.1f} s")
    return 1 if bad else 0


def _isolation(args) -> int:
    from .isolation import NO_CPU_SHARE, NOT_ISOLATED, cpu_share_status, isolation_status
    status = isolation_status()
    print(f"isolated: {status.how}" if status.isolated else NOT_ISOLATED.format(why=status.how))
    shared, how = cpu_share_status()
    print(f"one CPU share per sandbox: {how}" if shared else NO_CPU_SHARE.format(why=how))
    return 0 if status.isolated else 1


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


EVERY = {"nargs": "*", "help": "default: every folder of exercises/source/"}
ONE = ("assignment", {})
COURSE = ("--course", {"default": str(DEFAULT_COURSE),
                       "help": "the course folder: gradebook, submissions, feedback (default: exercises/course)"})
STEPS = {
    "generate": (_generate, "write the student versions into exercises/release/", [
        ("assignments", EVERY),
        ("--check", {"action": "store_true", "help": "only check exercises/release/ matches a fresh generation"})]),
    "validate": (_validate, "every source notebook must pass, every student version fail", [("assignments", EVERY)]),
    "prepare": (_prepare, "make the course folder ready for nbgrader's Formgrader and exchange",
                [("assignments", EVERY), COURSE]),
    "autograde": (_autograde, "grade a folder of submissions, each in a sandbox", [
        ONE, ("submissions", {"help": "a folder of <student>.ipynb or <student>/<notebook>.ipynb"}), COURSE,
        ("--jobs", {"type": int, "default": 1, "help": "submissions graded at once (default 1)"}),
        ("--wall", {"type": float, "help": "seconds one submission may take in all (default: "
                                           "gamelib.grading.executor.NOTEBOOK_WALL)"}),
        ("--no-wait", {"action": "store_true",
                       "help": "stop at once if another run holds the course folder (default: wait for it)"})]),
    "export": (_export, "grades as CSV, as is or as a learning system imports them", [
        COURSE,
        ("--format", {"default": "long", "choices": ("long", "canvas", "moodle", "blackboard"),
                      "help": "long: a row per student and assignment (default); canvas, moodle, blackboard: the "
                              "system's gradebook import, a row per student of --roster"}),
        ("--roster", {"help": "the learning system's own gradebook export (CSV), read as it comes"}),
        ("--out", {"help": "default: <course>/grades.csv (long) or <course>/grades_<format>.csv"})]),
    "override": (_override, "set one question's score by hand, with the reason (logged)", [
        ONE, ("student", {}),
        ("question", {"metavar": "GRADE_ID", "help": "the test cell's grade id (grades_by_cell.csv's cell column: "
                                                     "q1_test)"}),
        ("score", {"type": float}),
        ("--why", {"required": True, "help": "the reason, shown to the student in their feedback"}), COURSE]),
    "regrade": (_regrade, "grade a student's stored submission again (logged)", [
        ONE, ("student", {}),
        ("--question", {"help": "end this question's override first, so the autograder's score counts"}),
        ("--why", {"help": "the reason (a regrade request, a fixed test)"}), COURSE]),
    "report": (_report, "what the class got wrong: one HTML page and its numbers as CSV", [ONE, COURSE]),
    "similarity": (_similarity, "pairs of submissions whose code is unusually alike: a hint, never a verdict", [
        ONE, ("--threshold", {"type": float, "default": 0.6, "help": "the share of both students' code that must be "
                                                                     "shared for a pair to be listed (default 0.6)"}),
        COURSE]),
    "feedback": (_feedback, "HTML feedback per student, hidden tests removed", [ONE, COURSE]),
    "selftest": (_selftest, "grade the fake submissions in tests/submissions/ and check every grade",
                 [("assignments", {"nargs": "*"})]),
    "isolation": (_isolation, "say whether submissions can be isolated on this machine, and how", []),
    "gradescope": (_gradescope, "build a Gradescope autograder bundle (zip) for an assignment", [
        ONE, ("--out", {"default": ".", "help": "the folder to write the zip into (default: here)"}), COURSE]),
    "student-kit": (_student_kit, "a zip of the kit for students: no solutions, no hidden tests",
                    [("out", {"help": "the zip file to write"})]),
    "gradescope-run": (_gradescope_run, argparse.SUPPRESS, [("--root", {"default": "/autograder"})]),
}
"""Each step: ``(what runs it, its help, its arguments as argparse's add_argument takes them)``."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamelib.grading",
                                     description="The instructor's workflow for gamelib's graded exercises "
                                                 "(nbgrader, no server). See exercises/README.md.")
    sub = parser.add_subparsers(dest="step", required=True)
    for step, (run, text, arguments) in STEPS.items():
        p = sub.add_parser(step, help=text)
        for name, options in arguments:
            p.add_argument(name, **options)
        p.set_defaults(run=run)
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):                   # a character the terminal cannot take: escaped
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        return args.run(args)
    except WorkflowError as e:
        _err(f"error: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
