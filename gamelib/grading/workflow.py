"""The instructor's workflow with nbgrader, one function per step, no server: generate, validate, prepare,
autograde, feedback and student_kit (``python -m gamelib.grading`` runs them and the steps of the other
modules).  nbgrader's known traps, and what is done about each, are exercises/README.md's "What is
handled for you"; the names this module re-exported before the split warn, naming their home.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..validate import moved
from . import course as coursedir
from . import recording

if TYPE_CHECKING:
    from .submissions import Found

HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"

def generate(names=None, *, source: Path = coursedir.SOURCE, release: Path = coursedir.RELEASE) -> list[Path]:
    """Generate the student versions of ``names`` into ``release`` (in a temporary course folder)."""
    from nbgrader.converters import GenerateAssignment
    names = list(names or coursedir.assignments(source))
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        course = coursedir.prepare_course(Path(tmp), names, source)
        for name in names:
            coursedir.run_nbgrader(GenerateAssignment, course, name, force=True)
            dst = Path(release) / name
            if dst.exists():
                shutil.rmtree(dst)
            shutil.copytree(course / "release" / name, dst)
            written += coursedir.notebooks(dst)
    return written


class Validation(NamedTuple):
    """One notebook validated: ``failed`` the last line of each failing cell's error; ``ok`` as expected."""

    path: Path
    expected: str
    failed: list
    ok: bool
    problem: str = ""


def _validator(sockets: str):
    """nbgrader's validator, its kernels' sockets in ``sockets`` (not the notebook's folder, where a
    ``prepare`` copying it at the same moment failed on them)."""
    from nbgrader.validator import Validator
    from traitlets.config import Config
    c = Config()
    c.Execute.timeout = coursedir.CELL_TIMEOUT
    c.Execute.interrupt_on_timeout = True
    c.KernelManager.transport = coursedir.KERNEL_TRANSPORT
    if coursedir.KERNEL_TRANSPORT == "ipc":
        c.KernelManager.ip = os.path.join(sockets, "kernel")
    return Validator(config=c)


def validate_notebook(path: Path, expected: str) -> Validation:
    """Run ``path`` as nbgrader's validator does and judge its result (never its exit code, 0 on failures)."""
    with tempfile.TemporaryDirectory(prefix="gamelib-kernel-") as sockets:
        validator = _validator(sockets)
        validator.ignore_checksums = expected == "fail"
        results = validator.validate(str(path))
    failed = [item.get("raw_error", "").strip().splitlines()[-1:] for item in results.get("failed", [])]
    failed = [f[0] if f else "" for f in failed]
    problem = ""
    if results.get("type_changed"):
        problem = f"{len(results['type_changed'])} cells changed type"
    elif results.get("changed"):
        problem = f"{len(results['changed'])} locked cells differ from their checksums"
    ok = not problem and (bool(failed) if expected == "fail" else not failed)
    return Validation(Path(path), expected, failed, ok, problem)


def validate(names=None, *, source: Path = coursedir.SOURCE, release: Path = coursedir.RELEASE) -> list[Validation]:
    """Validate every source notebook (each must pass) and every student version (each must fail)."""
    out = []
    for name in coursedir.assignment_names(names, source):       # a name that is no assignment: said, not skipped
        out += [validate_notebook(p, "pass") for p in coursedir.notebooks(Path(source) / name)]
        out += [validate_notebook(p, "fail") for p in coursedir.notebooks(Path(release) / name)]
    return out


def prepare(names=None, *, course: Path = coursedir.DEFAULT_COURSE, source: Path = coursedir.SOURCE) -> Path:
    """Make ``course`` ready for nbgrader's own tools (Formgrader, ``release_assignment``): the sources of
    ``names``, their student versions and the gradebook; ``course.toml`` written when it has none."""
    from nbgrader.converters import GenerateAssignment

    names = coursedir.assignment_names(names, source)                  # before the course folder is made
    course = Path(course).resolve()
    with coursedir.course_lock(course, "prepare"):
        course = coursedir.prepare_course(course, names, source)
        for name in names:
            coursedir.run_nbgrader(GenerateAssignment, course, name, force=True)
        coursedir.course_secret(course)
        note = coursedir.write_course_toml(course)
        if note:
            print(note, file=sys.stderr, flush=True)
    return course


def runtime_for(assignment: str, source: Path = coursedir.SOURCE, into: Path | None = None) -> Path:
    """The student runtime of ``assignment`` (:mod:`gamelib.grading.runtime`), built in ``into``."""
    import nbformat
    from .runtime import RuntimeSpecError, build
    allow = []
    for path in coursedir.notebooks(Path(source) / assignment):
        allow += nbformat.read(str(path), as_version=4).metadata.get("gamelib", {}).get("sandbox_allows", [])
    into = Path(into) if into is not None else Path(tempfile.mkdtemp(prefix=f"gamelib-runtime-{assignment}-"))
    try:
        return build(into, sorted(set(allow)))
    except RuntimeSpecError as e:
        raise coursedir.WorkflowError(f"{assignment}: {e}") from None


class _Job(NamedTuple):
    student: str
    notebooks: dict            # {name: (sanitized submission, source notebook)}


JOB_SLACK = 60.0
"""Seconds a grading process may run past its budget (kept by the executor, in fair time) before it is killed."""


def _most_time(folder: Path, names: list, wall: float) -> float:
    """The most fair time grading one submission of the notebooks ``names`` can take (at least ``wall`` each)."""
    import nbformat
    from .executor import most_time
    total = 0.0
    for name in names or [None]:
        try:
            total += most_time(nbformat.read(str(folder / f"{name}.ipynb"), as_version=4), wall)
        except (OSError, ValueError, TypeError):
            total += wall
    return total


def _in_child(conn, job, args):
    """A grading process: grade ``job``'s notebooks and send the result back."""
    from .executor import grade_notebook
    try:
        result = (job.student, {name: grade_notebook(nb, source_nb, **args)
                                for name, (nb, source_nb) in job.notebooks.items()}, "")
    except BaseException as e:                               # noqa: BLE001 -- said, never a stopped batch or a hang
        result = (job.student, None, f"the grader failed on it ({type(e).__name__}: {str(e)[:200]})")
    try:
        conn.send(result)
    except Exception as e:                                   # noqa: BLE001 -- an unpicklable result
        conn.send((job.student, None, f"the grader could not send its result ({type(e).__name__})"))
    conn.close()


def run_jobs(jobs_list: list, jobs: int, args: dict, limit: float):
    """Grade each of ``jobs_list`` in a process of its own, ``jobs`` at a time, yielding ``(student, graded
    or None, problem)``; one still running after ``limit`` seconds is killed and 'not graded', saying so."""
    import multiprocessing
    from multiprocessing.connection import wait
    ctx = multiprocessing.get_context("fork")
    waiting = list(jobs_list)
    running: dict = {}                       # connection -> (process, job, started)
    while waiting or running:
        while waiting and len(running) < jobs:
            job = waiting.pop(0)
            mine, theirs = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_in_child, args=(theirs, job, args), daemon=True)
            process.start()
            theirs.close()
            running[mine] = (process, job, time.monotonic())
        soonest = min(started + limit for _, _, started in running.values())
        for conn in wait(list(running), timeout=max(0.0, soonest - time.monotonic())):
            process, job, _ = running.pop(conn)
            try:
                result = conn.recv()
            except (EOFError, OSError):
                result = (job.student, None, f"its grading process ended without a result (exit code "
                                             f"{process.exitcode})")
            conn.close()
            process.join(10)
            yield result
        for conn, (process, job, started) in list(running.items()):
            if time.monotonic() >= started + limit:
                process.kill()
                process.join(10)
                running.pop(conn)
                conn.close()
                yield job.student, None, (f"its grading took more than {limit:g} s on the wall clock and was stopped "
                                          f"(on a machine that was very busy, grade it again: its own time limits "
                                          f"never count the time it waited for a CPU)")


def autograde(assignment: str, submissions: Path, *, course: Path = coursedir.DEFAULT_COURSE,
              source: Path = coursedir.SOURCE, jobs: int = 1, wall: float | None = None, wait: bool = True,
              _generated: bool = False, _stored: bool = False) -> dict:
    """Grade every submission of ``assignment`` in ``submissions`` into ``course``; returns ``{student:
    Status}`` (:data:`last_accounting` then says what became of every file).  Each in a process of its
    own, its code in a sandbox; one that cannot be graded is 'not graded' saying why and leaves the
    student's earlier grade as it was: nothing of one submission changes another's grade."""
    from nbgrader.converters import GenerateAssignment

    from .executor import NOTEBOOK_WALL
    from .isolation import NOT_ISOLATED, check_jobs, isolation_status
    from .late import known_times, time_of
    from .submissions import find_submissions
    wall = NOTEBOOK_WALL if wall is None else wall
    if jobs < 1:
        raise coursedir.WorkflowError(f"--jobs must be at least 1, not {jobs}")
    if not 0 < wall < float("inf"):                  # nan too: no submission could be given any time
        raise coursedir.WorkflowError(f"--wall must be a positive number of seconds, not {wall:g}")
    coursedir.assignment_names([assignment], source)
    if not Path(submissions).is_dir():
        raise coursedir.WorkflowError(f"no folder of submissions at {submissions}")
    check_jobs(jobs)
    if not any(Path(submissions).iterdir()):        # refused before the course is made or locked
        raise coursedir.WorkflowError(f"no submissions in {submissions}: the folder is empty, nothing to grade")
    course = Path(course).resolve()
    with coursedir.course_lock(course, f"autograde {assignment}", wait):
        if not _generated:
            course = coursedir.prepare_course(course, [assignment], source)
            coursedir.run_nbgrader(GenerateAssignment, course, assignment, force=True)    # fills the gradebook
        secret = coursedir.course_secret(course)
        status = isolation_status()
        if not status.isolated:
            print(NOT_ISOLATED.format(why=status.how), file=sys.stderr, flush=True)
        names = [p.stem for p in coursedir.notebooks(course / "release" / assignment)]
        found = find_submissions(Path(submissions), assignment, names)
        stored = _stored or Path(submissions).resolve() == course / "submitted"     # collect's, or the kit's
        manifest = known_times(Path(submissions), course, assignment, stored)
        table = coursedir.statuses(course, assignment)
        again = {s for s in table if _graded_before(course, assignment, s)} if stored else set()
        report: dict = {}
        private = os.environ.get("GAMELIB_PRIVATE_PATHS")
        os.environ["GAMELIB_PRIVATE_PATHS"] = os.pathsep.join([str(course), str(Path(submissions).resolve())])
        try:
            jobs_list = _prepare_jobs(found, course, assignment, source, report, stored)
            runtime = runtime_for(assignment, source)
            try:
                args = dict(runtime=runtime, secret=secret, assignment=assignment, wall=wall)
                limit = _most_time(source / assignment, names, wall) + JOB_SLACK
                by_student = {job.student: (job, files, notes) for job, files, notes in jobs_list}
                for student, graded, problem in run_jobs([j for j, _, _ in jobs_list], jobs, args, limit):
                    _record_one(course, assignment, by_student[student], graded, problem, report)
            finally:
                shutil.rmtree(runtime, ignore_errors=True)
        finally:
            if private is None:
                os.environ.pop("GAMELIB_PRIVATE_PATHS", None)
            else:
                os.environ["GAMELIB_PRIVATE_PATHS"] = private
            for student, st in report.items():
                when = time_of(student, st.files, manifest, Path(submissions))
                st = report[student] = _printable(st)._replace(submitted_at=when.at, time_from=when.by)
                if not st.name and student in table:          # a regrade: the name the download gave
                    st = report[student] = st._replace(name=table[student].name)
                if student in again:            # the copy graded before, named by the id: its download's flag and time
                    old = table[student]
                    st = report[student] = st._replace(late=st.late or old.late, **(
                        {} if when.at else {"submitted_at": old.submitted_at, "time_from": old.time_from}))
                if st.status != "graded" and student in table and table[student].status == "graded":
                    old = table[student]
                    report[student] = st._replace(reason=f"{st.reason}; the earlier submission's grade "
                                                  f"({old.score:g} / {old.max_score:g}) is kept")
                    table[student] = old._replace(reason=f"kept: a later submission was not graded ({st.reason})")
                else:
                    table[student] = st
            coursedir.save_statuses(course, assignment, table)
            global last_accounting
            last_accounting = Accounting(found.files, report, found.ignored)
    return report


class Accounting(NamedTuple):
    """What became of every file of a submissions folder in the last :func:`autograde`."""

    files: int
    report: dict
    ignored: list

    def counts(self) -> tuple[int, int, int]:
        """(files graded, files not graded, files ignored)."""
        graded = sum(len(st.files) for st in self.report.values() if st.status == "graded")
        not_graded = sum(max(len(st.files), 1) for st in self.report.values() if st.status != "graded")
        return graded, not_graded, len(self.ignored)

    def line(self) -> str:
        return "{} files, {} graded, {} not graded, {} ignored".format(self.files, *self.counts())


last_accounting: Accounting | None = None


def _prepare_jobs(found: Found, course: Path, assignment: str, source: Path, report: dict, stored: bool) -> list:
    """``[(job, files, notes)]`` for every submission that can be read; the others go into ``report``.
    nbgrader's files beside a submission are kept only from the course's own folder (``stored``);
    anywhere else they are the student's, and made anew."""
    import nbformat

    from .sanitizer import read_submission
    jobs_list = []
    for sub in found.submissions:
        files = tuple(str(p) for p in sub.files.values())
        if sub.problem:
            report[sub.student] = coursedir.Status(sub.student, "not graded", sub.problem, files, late=sub.late,
                                                   name=sub.name)
            continue
        books, notes = {}, list(sub.notes)
        try:
            for name, path in sub.files.items():
                release = nbformat.read(str(course / "release" / assignment / f"{name}.ipynb"), as_version=4)
                nb, done = read_submission(path, release)
                notes += [f"{name}: {n}" for n in done]
                src = nbformat.read(str(Path(source) / assignment / f"{name}.ipynb"), as_version=4)
                carried = recording.carried_files(Path(path).parent if stored else None, _submitted_at(path))
                books[name] = (nb, src, carried)
        except coursedir.WorkflowError as e:
            report[sub.student] = coursedir.Status(sub.student, "not graded", str(e), files, late=sub.late,
                                                   name=sub.name)
            continue
        jobs_list.append((_Job(sub.student, {k: v[:2] for k, v in books.items()}), files,
                          (notes, sub.late, {k: v[2] for k, v in books.items()}, sub.name)))
    return jobs_list


def _graded_before(course: Path, assignment: str, student: str) -> bool:
    """Whether the course's stored copy of ``student``'s submission is the one last graded: the secret beside
    it is the graded copy's (a collect, or zip_collect, replaces the folder and the secret with it)."""
    secret = Path(student, assignment, "submission_secret.txt")
    stored, graded = course / "submitted" / secret, course / "autograded" / secret
    return stored.is_file() and graded.is_file() and stored.read_bytes() == graded.read_bytes()


def _printable(st: coursedir.Status) -> coursedir.Status:
    """``st`` with every text a person reads printable (its ``files`` stay the file system's names)."""
    shown = coursedir.shown
    return st._replace(reason=shown(st.reason, None), notes=tuple(shown(n, None) for n in st.notes),
                       warnings=tuple(shown(w, None) for w in st.warnings), name=shown(st.name))


def _submitted_at(path):
    from datetime import datetime, timezone
    try:
        return datetime.fromtimestamp(Path(path).stat().st_mtime, timezone.utc)
    except OSError:
        return None


def _record_one(course, assignment, entry, graded, problem, report) -> None:
    """Record one graded submission (or why not) in the gradebook and ``report``; a failure is that student's."""
    job, files, (notes, late, carried, display) = entry
    student = job.student
    if graded is None:
        report[student] = coursedir.Status(student, "not graded", problem, files, late=late, name=display)
        return
    try:
        score, top, dropped = 0.0, 0.0, []
        for name in graded:
            s, t, d = recording.record(course, assignment, student, {name: job.notebooks[name]}, {name: graded[name]},
                             carried[name])
            score, top, dropped = score + s, top + t, dropped + d
    except Exception as e:                                       # noqa: BLE001 -- that student's alone
        report[student] = coursedir.Status(student, "not graded", f"it could not be recorded ({type(e).__name__}: "
                                 f"{str(e)[:200]})", files, late=late, name=display)
        return
    extra = [n for g in graded.values() for n in g.notes]
    isolated = all(g.isolated for g in graded.values())
    said = list(notes) + extra + dropped + ([late] if late else [])
    reason = "; ".join(said + ([] if isolated else ["NOT ISOLATED"]))
    peaks = [g.peak_mb for g in graded.values() if g.peak_mb is not None]
    report[student] = coursedir.Status(student, "graded", reason, files, round(score, 4), top,
                             round(sum(g.seconds for g in graded.values()), 2), isolated, tuple(said),
                             tuple(sorted({u for g in graded.values() for u in g.uids})), late,
                             round(max(peaks), 1) if peaks else None, name=display, warnings=tuple(dropped))


def hidden_lines(source: Path = coursedir.SOURCE, names=None) -> set:
    """Every line of hidden test code in the source notebooks (what feedback must never show)."""
    import nbformat
    lines = set()
    for name in names or coursedir.assignments(source):
        for path in coursedir.notebooks(Path(source) / name):
            for cell in nbformat.read(str(path), as_version=4).cells:
                inside = False
                for line in cell.source.splitlines():
                    if HIDDEN_BEGIN in line:
                        inside = True
                    elif HIDDEN_END in line:
                        inside = False
                    elif inside and line.strip() and not line.strip().startswith("#"):
                        lines.add(line.strip())
    return lines


class Feedback(NamedTuple):
    """Feedback made: the ``pages`` written, and ``withheld`` {student: why}."""

    pages: list
    withheld: dict


def feedback(assignment: str, *, course: Path = coursedir.DEFAULT_COURSE, source: Path = coursedir.SOURCE) -> Feedback:
    """HTML feedback for every graded submission of ``assignment``, hidden tests removed; a page that still
    shows a line of hidden test code (a student's output can) is deleted, that student's alone withheld."""
    import html
    from nbgrader.converters import GenerateFeedback

    from .feedback import accessible_page, grade_summary
    from .gradebook import rows
    course = Path(course).resolve()
    if not (course / "autograded").is_dir():
        raise coursedir.WorkflowError(f"nothing autograded in {course}: run autograde first")
    with coursedir.course_lock(course, f"feedback {assignment}"):
        table = coursedir.statuses(course, assignment)
        students = sorted(p.parent.name for p in (course / "autograded").glob(f"*/{assignment}"))
        students = [s for s in students if table.get(s) is None or table[s].status == "graded"
                    or table[s].reason.startswith("kept")]
        try:
            coursedir.run_nbgrader(GenerateFeedback, course, assignment, "*", force=True)
        except coursedir.WorkflowError:
            for student in students:                        # one at a time: a page that fails stops only itself
                try:
                    coursedir.run_nbgrader(GenerateFeedback, course, assignment, student, force=True)
                except coursedir.WorkflowError:
                    pass
        secret = hidden_lines(source, [assignment])
        final = rows(course)[1]
        pages, withheld = [], {}
        for student in students:
            made = sorted((course / "feedback" / student / assignment).glob("*.html"))
            if not made:
                withheld[student] = "nbgrader could not make its page"
            for page in made:
                raw = page.read_text(encoding="utf-8")
                text = html.unescape(re.sub(r"<[^>]+>", "", raw))
                leaked = [line for line in secret if line in text] + ([HIDDEN_BEGIN] if HIDDEN_BEGIN in text else [])
                if leaked:
                    page.unlink()
                    withheld[student] = f"its page would show hidden test code ({leaked[0][:60]!r}); withheld"
                else:
                    row = final.get((assignment, student))
                    score, summary = "graded", ""
                    if row is not None and row.score is not None:
                        score = f"{row.score:g} / {row.max_score:g}"
                        said = row.late.text if row.late and row.late.status != "unknown" else ""   # no penalty
                        summary = grade_summary(score, said,
                                                [(e.question, e.old, e.new, e.why) for e in row.overrides])
                    page.write_text(accessible_page(raw, student, assignment, score, summary), encoding="utf-8")
                    pages.append(page)
    return Feedback(pages, withheld)


STUDENT_KIT_LEAVES_OUT = ("exercises/source/", "exercises/course/", "tests/", "benchmarks/", ".ci/")
"""The solutions and hidden tests, the fake submissions (solutions too), the tests and benchmarks that need
them, and any course folder."""

STUDENT_NOTE = """# The student's copy of the kit

This copy was made by your instructor with `python -m gamelib.grading student-kit`. It holds the
notebooks, the library, and the exercises as you answer them (`exercises/release/`). It leaves out the
exercises' solutions and hidden tests, and the kit's own test suite, which needs them: the README's
test command is for the kit's developers. Everything else in the README applies: start with its first
command.
"""


def student_kit(out: Path, repo: Path = coursedir.REPO) -> Path:
    """Write ``out`` (a .zip): the files git tracks minus :data:`STUDENT_KIT_LEAVES_OUT`, plus STUDENT_COPY.md.
    ``out`` must be outside the repository, where ``git add -A`` would commit it."""
    import subprocess
    import zipfile
    out = Path(out).expanduser()
    if out.resolve().is_relative_to(Path(repo).resolve()):
        raise coursedir.WorkflowError(f"{out} is inside the kit's repository ({repo}), where `git add -A` would commit "
                            f"it: write the student kit outside it, e.g. ~/kit.zip")
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=repo, capture_output=True, check=True).stdout
        files = [f for f in listed.decode().split("\0") if f]
    except OSError as e:
        raise coursedir.WorkflowError(f"git could not be run ({e}): the student kit is made of the files git "
                                      "tracks") from None
    except subprocess.CalledProcessError as e:                # git's own words: "not a git repository",
        said = e.stderr.decode(errors="replace").strip()      # "detected dubious ownership" (another's clone)...
        raise coursedir.WorkflowError(f"git cannot list the files of {repo}, of which the student kit is made: "
                                      f"{said}") from None
    keep = [f for f in files if not f.startswith(STUDENT_KIT_LEAVES_OUT) and (Path(repo) / f).is_file()]
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for f in keep:
            z.write(Path(repo) / f, f"gamelib-kit/{f}")
        z.writestr("gamelib-kit/STUDENT_COPY.md", STUDENT_NOTE)
    return out


_MOVED = {
    "gamelib.grading.course": "CELL_TIMEOUT DEFAULT_COURSE EXERCISES_FOLDER KERNEL_TRANSPORT LOCK RELEASE REPO SECRET "
                              "SOURCE STATUS Status WorkflowError alembic_head assignment_names assignments config "
                              "course_lock course_secret nbgrader_environment notebooks prepare_course private_folder "
                              "run_nbgrader save_statuses statuses",
    "gamelib.grading.recording": "Grade carried_files grades num record",
    "gamelib.grading.gradebook": "EXPORT_FIELDS export",
    "gamelib.grading.submissions": "Found Submission download_name find_submissions student_id",
    "gamelib.grading.sanitizer": "read_submission repair sanitize",
    "gamelib.grading.feedback": "accessible_page grade_summary",
    "gamelib.grading.late": "known_times read_manifest submission_time time_of",
    "gamelib.grading.cells": "grade_id is_answer",
}
__getattr__ = moved(__name__, {name: where for where, names in _MOVED.items() for name in names.split()}
                    | {"gradebook_rows": "gamelib.grading.gradebook:rows"})       # for one release
