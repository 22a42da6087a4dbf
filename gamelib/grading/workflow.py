"""The instructor's workflow with nbgrader: one function (and one command) per step, no server.

=============  ==============================================================================
step           what it does
=============  ==============================================================================
generate       student versions of ``exercises/source/<assignment>/`` into ``exercises/release/``
validate       every source notebook passes its tests and every student version fails them
autograde      grades a folder of submissions in a course folder (its gradebook, its copies)
export         the grades as CSV: one row per student and assignment, and one per test cell
feedback       HTML feedback per student, hidden tests removed
selftest       autogrades the fake submissions of ``tests/submissions/<assignment>/`` and checks
               each grade exactly (what CI runs; :mod:`gamelib.grading.fakes`)
=============  ==============================================================================

``python -m gamelib.grading STEP ...`` runs a step (see :mod:`gamelib.grading.__main__`).

nbgrader's known traps, and what is done about them here:

* ``nbgrader validate`` exits 0 even when tests fail: :func:`validate` reads the validator's result
  instead (its ``failed`` cells) and says which notebook did what;
* run from the wrong folder nbgrader silently creates an empty ``gradebook.db``: every step here
  passes the course root and the database path explicitly, never relying on the working directory;
* a deleted test cell is not graded unless missing cells are restored (``add_missing_cells``), which
  crashes when a solution cell lost its metadata: :func:`repair` restores the metadata of cells a
  student's editor stripped (by matching them with the student version) and puts deleted cells back
  before nbgrader sees the notebook, and ``add_missing_cells`` stays on as a second net;
* ``generate_feedback`` shows hidden tests to students: feedback goes through
  :class:`gamelib.grading.feedback.HideHiddenTests`, and :func:`feedback` then scans every page for a
  line of hidden test code and refuses to leave one behind;
* the default cell time limit is 30 s: raised to :data:`CELL_TIMEOUT` (the checks' own per-case limits
  keep every test cell far below it), with an interrupt on time-out so the next cells still run;
* nbgrader calls ``alembic`` as a program: the virtual environment's ``bin`` is put on ``PATH``.
"""
from __future__ import annotations

import copy
import csv
import os
import re
import shutil
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id, is_answer

REPO = Path(__file__).resolve().parents[2]
"""The checkout gamelib runs from (an editable install): ``exercises/`` and ``tests/`` live here."""
EXERCISES_FOLDER = REPO / "exercises"
SOURCE = EXERCISES_FOLDER / "source"
RELEASE = EXERCISES_FOLDER / "release"
DEFAULT_COURSE = EXERCISES_FOLDER / "course"
CELL_TIMEOUT = 300
"""Seconds a cell may run during validation and autograding (nbgrader's default is 30)."""

HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"


class WorkflowError(RuntimeError):
    """A step could not be done; the message says why (nbgrader's log included)."""


# ---------------------------------------------------------------------------------------------------
# nbgrader, configured once, run in-process
# ---------------------------------------------------------------------------------------------------

def assignments(source: Path = SOURCE) -> list[str]:
    """The assignments: the folders of ``source``, in order."""
    return sorted(p.name for p in Path(source).iterdir() if p.is_dir() and not p.name.startswith("."))


def notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in Path(folder).glob("*.ipynb") if not p.name.startswith("."))


def alembic_head() -> str:
    """The gradebook schema's version, read in-process from nbgrader's migration scripts: what
    ``nbgrader.api.get_alembic_version`` finds by running ``alembic heads`` as a program (seconds of
    start-up for every new gradebook, and a FileNotFoundError when the venv is not on PATH)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR
    cfg = Config()
    cfg.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(cfg).get_current_head()


def _environment():
    """nbgrader runs ``alembic`` as a program: put this Python's scripts on PATH (for nbgrader run by
    hand) and answer its one question in-process instead."""
    scripts = str(Path(sys.executable).parent)
    if scripts not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = scripts + os.pathsep + os.environ.get("PATH", "")
    import warnings
    warnings.filterwarnings("ignore", message=".*not in session.*")   # nbgrader with SQLAlchemy 2
    import nbgrader.api
    global nbgrader_alembic_version
    if nbgrader.api.get_alembic_version is not alembic_head:
        nbgrader_alembic_version = nbgrader.api.get_alembic_version
        nbgrader.api.get_alembic_version = alembic_head


nbgrader_alembic_version = None
"""nbgrader's own ``get_alembic_version`` (the subprocess), kept once replaced: tests compare the two."""


def config(course: Path):
    """The nbgrader configuration of a course folder, every path explicit."""
    from traitlets.config import Config
    course = Path(course).resolve()
    c = Config()
    c.CourseDirectory.root = str(course)
    c.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    c.Execute.timeout = CELL_TIMEOUT
    c.Execute.interrupt_on_timeout = True
    c.OverwriteCells.add_missing_cells = True
    c.GenerateFeedback.preprocessors = ["nbgrader.preprocessors.GetGrades",
                                        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
                                        "gamelib.grading.feedback.HideHiddenTests"]
    return c


CONFIG_FILE = '''\
# nbgrader configuration of this course folder, written by `python -m gamelib.grading`.
# Every path is absolute, so nbgrader run from any folder finds this course's gradebook.
c = get_config()  # noqa: F821
c.CourseDirectory.root = {root!r}
c.CourseDirectory.db_url = {db!r}
c.Execute.timeout = {timeout}
c.Execute.interrupt_on_timeout = True
c.OverwriteCells.add_missing_cells = True
c.GenerateFeedback.preprocessors = ["nbgrader.preprocessors.GetGrades",
                                    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
                                    "gamelib.grading.feedback.HideHiddenTests"]
'''


def prepare_course(course: Path, names=None, source: Path = SOURCE) -> Path:
    """Make ``course`` an nbgrader course folder holding the current sources of ``names``."""
    names = list(names or assignments(source))
    for name in names:                                       # before anything is written
        if not (Path(source) / name).is_dir():
            raise WorkflowError(f"no assignment {name!r} in {source} (there: {', '.join(assignments(source))})")
    course = Path(course).resolve()
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG_FILE.format(
        root=str(course), db=f"sqlite:///{course / 'gradebook.db'}", timeout=CELL_TIMEOUT))
    for name in names:
        src = Path(source) / name
        dst = course / "source" / name
        if dst.exists():
            shutil.rmtree(dst)
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return course


def run_nbgrader(converter, course: Path, assignment: str, student: str | None = None, **settings) -> str:
    """Run one of nbgrader's converters on ``course`` and return its log; raise WorkflowError if it
    failed."""
    _environment()
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.utils import capture_log
    cfg = config(course)
    coursedir = CourseDirectory(config=cfg)
    coursedir.assignment_id = assignment
    if student is not None:
        coursedir.student_id = student
    app = converter(coursedir=coursedir, config=cfg)
    for key, value in settings.items():
        setattr(app, key, value)
    result = capture_log(app)
    if not result["success"]:
        raise WorkflowError(f"nbgrader {converter.__name__} failed on {assignment}"
                            f"{' for ' + student if student else ''}:\n{result.get('log', '')}\n"
                            f"{result.get('error', '')}")
    return result.get("log", "")


# ---------------------------------------------------------------------------------------------------
# generate, validate
# ---------------------------------------------------------------------------------------------------

def generate(names=None, *, source: Path = SOURCE, release: Path = RELEASE) -> list[Path]:
    """Generate the student versions of ``names`` (default: every assignment) into ``release``,
    replacing what is there.  Works in a temporary course folder, so nothing else is written."""
    from nbgrader.converters import GenerateAssignment
    names = list(names or assignments(source))
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        course = prepare_course(Path(tmp), names, source)
        for name in names:
            run_nbgrader(GenerateAssignment, course, name, force=True)
            dst = Path(release) / name
            if dst.exists():
                shutil.rmtree(dst)
            shutil.copytree(course / "release" / name, dst)
            written += notebooks(dst)
    return written


class Validation(NamedTuple):
    """One notebook validated: ``expected`` 'pass' (a source) or 'fail' (a student version);
    ``failed`` the first line of each failing cell's error; ``ok`` whether it did as expected."""

    path: Path
    expected: str
    failed: list
    ok: bool
    problem: str = ""


def _validator():
    _environment()
    from nbgrader.validator import Validator
    from traitlets.config import Config
    c = Config()
    c.Execute.timeout = CELL_TIMEOUT
    c.Execute.interrupt_on_timeout = True
    return Validator(config=c)


def validate_notebook(path: Path, expected: str) -> Validation:
    """Run ``path`` as nbgrader's validator does and judge its result (never its exit code, which is
    0 even when tests fail)."""
    validator = _validator()
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


def validate(names=None, *, source: Path = SOURCE, release: Path = RELEASE) -> list[Validation]:
    """Validate every source notebook (each must pass) and every student version (each must fail)."""
    out = []
    for name in names or assignments(source):
        out += [validate_notebook(p, "pass") for p in notebooks(Path(source) / name)]
        out += [validate_notebook(p, "fail") for p in notebooks(Path(release) / name)]
    return out


# ---------------------------------------------------------------------------------------------------
# Repairing what students hand in
# ---------------------------------------------------------------------------------------------------

class _Repair:
    """A submission's cells matched with its student version's, by grade id (:func:`repair`)."""

    def __init__(self, cells, release):
        self.cells = cells
        wanted = [c for c in release.cells if grade_id(c)]
        self.order = [grade_id(c) for c in wanted]
        self.by_id = dict(zip(self.order, wanted))
        self.present = {grade_id(c) for c in cells if grade_id(c) in self.by_id}

    def restore(self, cell, gid) -> None:
        """Give ``cell`` the nbgrader metadata of the student version's cell ``gid``."""
        model = self.by_id[gid]
        cell.setdefault("metadata", {})["nbgrader"] = copy.deepcopy(model.metadata["nbgrader"])
        for key in ("deletable", "editable"):
            if key in model.metadata:
                cell.metadata[key] = model.metadata[key]
        self.present.add(gid)

    def bounds(self, k: int) -> tuple[int, int]:
        """The positions of the nearest recognised cells before and after the student version's k-th."""
        where = {grade_id(c): i for i, c in enumerate(self.cells) if grade_id(c) in self.present}
        lo = max((where[g] for g in self.order[:k] if g in where), default=-1)
        hi = min((where[g] for g in self.order[k + 1:] if g in where), default=len(self.cells))
        return lo, hi

    def locked_by_text(self) -> list:
        """Locked cells (prompts, tests) whose metadata was stripped, recognised by their unchanged text."""
        restored = []
        for cell in self.cells:
            if grade_id(cell) is not None:
                continue
            for gid in self.order:
                ref = self.by_id[gid]
                if gid not in self.present and not is_answer(ref) and cell.cell_type == ref.cell_type \
                        and cell.source.strip() == ref.source.strip():
                    self.restore(cell, gid)
                    restored.append(gid)
                    break
        return restored

    def answers_by_position(self) -> list:
        """Answer cells whose metadata was stripped: the first unmarked cell of the same type between the
        neighbouring recognised cells."""
        restored = []
        for k, gid in enumerate(self.order):
            if gid in self.present or not is_answer(self.by_id[gid]):
                continue
            lo, hi = self.bounds(k)
            for i in range(lo + 1, max(hi, lo + 1)):
                if grade_id(self.cells[i]) is None and self.cells[i].cell_type == self.by_id[gid].cell_type:
                    self.restore(self.cells[i], gid)
                    restored.append(gid)
                    break
        return restored

    def put_back_deleted(self) -> list:
        """Cells the student deleted, put back from the student version after their neighbour."""
        ids, notes = {c.get("id") for c in self.cells}, []
        for k, gid in enumerate(self.order):
            if gid in self.present:
                continue
            lo, _ = self.bounds(k)
            cell = copy.deepcopy(self.by_id[gid])
            if cell.get("id") in ids:
                cell["id"] = uuid.uuid4().hex[:8]
            ids.add(cell.get("id"))
            self.cells.insert(lo + 1, cell)
            self.present.add(gid)
            notes.append(f"cell {gid} was missing: put back from the student version")
        return notes


def repair(submitted, release) -> tuple:
    """``(notebook, notes)``: a submission made whole against its student version ``release``.

    * cells whose nbgrader metadata was stripped get it back: locked cells (prompts, tests) by their
      unchanged text, answer cells by position, the first unmarked cell of the same type between the
      neighbouring recognised cells;
    * cells the student deleted (a test, an answer) are put back from the student version, after their
      neighbour, so they are graded (a deleted answer is blank, a deleted test runs);
    * an edited test cell needs nothing: the grader runs the course's own text of it.
    ``notes`` says what was done, for the instructor.
    """
    nb = copy.deepcopy(submitted)
    match = _Repair(nb.cells, release)
    restored = match.locked_by_text() + match.answers_by_position()
    notes = [f"nbgrader metadata restored on {len(restored)} cells ({', '.join(restored)})"] if restored else []
    return nb, notes + match.put_back_deleted()


# ---------------------------------------------------------------------------------------------------
# The course folder: its secret, its lock, what happened to each submission
# ---------------------------------------------------------------------------------------------------

SECRET = "secret.key"
"""The course secret (in the course folder, readable by its owner only): hidden cases are drawn from it
(:mod:`gamelib.grading.context`), so they cannot be computed from anything in the repository."""
LOCK = ".grading.lock"
STATUS = "grading"
"""``<course>/grading/<assignment>.json``: each student's last grading, graded or not and why."""


def course_secret(course: Path) -> bytes:
    """The course's secret, made (32 random bytes, mode 0600) the first time it is asked for."""
    path = Path(course) / SECRET
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(os.urandom(32).hex() + "\n")
    text = path.read_text().strip()
    if len(text) < 32:
        raise WorkflowError(f"{path} does not hold a course secret (delete it to make a new one; hidden cases "
                            "then change)")
    return text.encode()


@contextmanager
def course_lock(course: Path, step: str, wait: bool = True):
    """Hold the course folder for one step: a second grading run on the same course waits (saying
    for whom) or, with ``wait=False``, stops with a message.  The lock goes with the process, so a
    crashed run never leaves it behind."""
    import fcntl
    course = Path(course)
    course.mkdir(parents=True, exist_ok=True)
    f = open(course / LOCK, "a+")
    try:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            holder = f.read().strip() or "another process"
            if not wait:
                raise WorkflowError(f"{course} is being graded by {holder}; run this step again when it is done")
            print(f"waiting: {course} is being graded by {holder} ...", file=sys.stderr, flush=True)
            fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        f.truncate()
        f.write(f"'{step}' (pid {os.getpid()}, since {time.strftime('%H:%M:%S')})")
        f.flush()
        yield
    finally:
        f.close()


class Status(NamedTuple):
    """What happened to one student's submission of an assignment: ``status`` 'graded', 'not graded'
    or 'no submission', ``reason`` (one line: why it was not graded, or what the instructor should
    know), the ``files`` it came from, ``score`` and ``max_score``, ``seconds``, ``isolated``."""

    student: str
    status: str
    reason: str = ""
    files: tuple = ()
    score: float | None = None
    max_score: float | None = None
    seconds: float = 0.0
    isolated: bool | None = None
    notes: tuple = ()
    uids: tuple = ()

    def line(self) -> str:
        if self.status == "graded":
            tail = f" ({self.reason})" if self.reason else ""
            return f"{self.student}: {self.score:g} / {self.max_score:g}{tail}"
        return f"{self.student}: NOT GRADED: {self.reason}"


def _status_path(course: Path, assignment: str) -> Path:
    return Path(course) / STATUS / f"{assignment}.json"


def statuses(course: Path, assignment: str) -> dict:
    """``{student: Status}`` of the last gradings of ``assignment`` in ``course``."""
    import json
    path = _status_path(course, assignment)
    if not path.exists():
        return {}
    raw = json.loads(path.read_text())
    return {k: Status(**{**v, "files": tuple(v.get("files", ())), "notes": tuple(v.get("notes", ())),
                         "uids": tuple(v.get("uids", ()))}) for k, v in raw.items()}


def _save_statuses(course: Path, assignment: str, table: dict) -> None:
    import json
    path = _status_path(course, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({k: v._asdict() for k, v in sorted(table.items())}, indent=1, ensure_ascii=False))
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------------
# Finding the submissions
# ---------------------------------------------------------------------------------------------------

def student_id(name: str) -> str:
    """A student id from a file or folder name: accents dropped (``zoë`` -> ``zoe``), anything but
    letters, digits and ``_.@-`` made ``_``; '' when nothing usable is left."""
    import unicodedata
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9_.@-]+", "_", ascii_name).strip("_.")


class Submission(NamedTuple):
    """A student's files of one assignment (``{notebook name: path}``), or the ``problem`` that keeps
    them from being graded (an unusable name, an id two files share)."""

    student: str
    files: dict
    problem: str = ""


def find_submissions(folder: Path, assignment: str, names: list[str]) -> list[Submission]:
    """The submissions in ``folder``, laid out as ``<student>.ipynb`` (a one-notebook assignment),
    ``<student>/<notebook>.ipynb`` or nbgrader's ``<student>/<assignment>/<notebook>.ipynb``.  A name
    that gives no usable id, or two names that give the same id (``jo smith`` and ``jo_smith``), are
    per-student problems naming the files, never a silent merge or a stopped batch."""
    folder = Path(folder)
    if not folder.is_dir():
        raise WorkflowError(f"no folder of submissions at {folder}")
    found: dict = {}
    unusable = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        books = {}
        if entry.is_file() and entry.suffix == ".ipynb":
            if len(names) != 1:
                raise WorkflowError(f"{entry}: {assignment} has several notebooks ({', '.join(names)}); "
                                    "put each student's notebooks in a folder named after the student")
            books, stem = {names[0]: entry}, entry.stem
        elif entry.is_dir():
            inner = entry / assignment if (entry / assignment).is_dir() else entry
            books, stem = {p.stem: p for p in notebooks(inner) if p.stem in names}, entry.name
        if not books:
            continue
        sid = student_id(stem)
        if not sid:
            unusable.append(Submission(f"?{entry.name}", books, f"{entry.name!r} gives no usable student id "
                                       "(it needs a letter or digit): rename it"))
            continue
        found.setdefault(sid, []).append((entry, books))
    out = []
    for sid, entries in found.items():
        if len(entries) > 1:
            files = " and ".join(repr(e.name) for e, _ in entries)
            out.append(Submission(sid, {}, f"{files} both give the student id {sid!r}: rename one (neither "
                                  "was graded)"))
        else:
            out.append(Submission(sid, entries[0][1]))
    if not out and not unusable:
        raise WorkflowError(f"no submissions of {assignment} in {folder} (expected <student>.ipynb or "
                            f"<student>/{'|'.join(n + '.ipynb' for n in names)})")
    return sorted(out + unusable)


# ---------------------------------------------------------------------------------------------------
# autograde
# ---------------------------------------------------------------------------------------------------

class Grade(NamedTuple):
    student: str
    assignment: str
    notebook: str
    cell: str
    score: float
    max_score: float


def runtime_for(assignment: str, source: Path = SOURCE, into: Path | None = None) -> Path:
    """The student runtime of ``assignment`` (:mod:`gamelib.grading.runtime`), built in ``into``."""
    import nbformat
    from .runtime import RuntimeSpecError, build
    allow = []
    for path in notebooks(Path(source) / assignment):
        allow += nbformat.read(str(path), as_version=4).metadata.get("gamelib", {}).get("sandbox_allows", [])
    into = Path(into) if into is not None else Path(tempfile.mkdtemp(prefix=f"gamelib-runtime-{assignment}-"))
    try:
        return build(into, sorted(set(allow)))
    except RuntimeSpecError as e:
        raise WorkflowError(f"{assignment}: {e}") from None


class _Job(NamedTuple):
    student: str
    notebooks: dict            # {name: (repaired submission, source notebook)}


def _grade_job(job: _Job, runtime: Path, secret: bytes, assignment: str, wall: float):
    """Grade one student's notebooks (in a grading process of the pool, or in this one)."""
    from .executor import grade_notebook
    out = {}
    try:
        for name, (nb, source_nb) in job.notebooks.items():
            out[name] = grade_notebook(nb, source_nb, runtime=runtime, secret=secret, assignment=assignment,
                                       wall=wall)
    except Exception as e:                                   # noqa: BLE001 -- reported, never a stopped batch
        return job.student, None, f"the grader failed on it ({type(e).__name__}: {str(e)[:200]})"
    return job.student, out, ""


def _read_submission(sub: Submission, course: Path, assignment: str, source: Path):
    """``(notebooks {name: (repaired, source)}, notes)`` or raises WorkflowError saying why not."""
    import nbformat
    books, notes = {}, []
    for name, path in sub.files.items():
        try:
            nb = nbformat.read(str(path), as_version=4)
        except Exception as e:                               # noqa: BLE001 -- whatever the file is
            raise WorkflowError(f"{Path(path).name} is not a readable notebook ({type(e).__name__})") from None
        release = nbformat.read(str(course / "release" / assignment / f"{name}.ipynb"), as_version=4)
        try:
            fixed, done = repair(nb, release)
        except Exception as e:                               # noqa: BLE001
            raise WorkflowError(f"{Path(path).name} could not be matched with the student version "
                                f"({type(e).__name__})") from None
        notes += [f"{name}: {n}" for n in done]
        books[name] = (fixed, nbformat.read(str(Path(source) / assignment / f"{name}.ipynb"), as_version=4))
    return books, notes


def _write_atomic(path: Path, nb) -> None:
    import nbformat
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    nbformat.write(nb, str(tmp))
    os.replace(tmp, path)


def _record(course: Path, assignment: str, student: str, books: dict, graded: dict) -> tuple[float, float]:
    """Write a graded submission: its copy in ``submitted/``, the graded copy in ``autograded/`` (with
    the course's test cells and every output, as nbgrader's), and its grades in the gradebook (as
    nbgrader's SaveAutoGrades: auto scores, "No response." on untouched answers).  Returns (score,
    max score)."""
    from nbgrader.api import Gradebook
    from nbgrader.utils import compute_checksum, is_grade, is_solution, is_task
    score = top = 0.0
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        gb.update_or_create_student(student)
        gb.update_or_create_submission(assignment, student)
        for name, g in graded.items():
            _write_atomic(course / "submitted" / student / assignment / f"{name}.ipynb", books[name][0])
            _write_atomic(course / "autograded" / student / assignment / f"{name}.ipynb", g.notebook)
            for cell in g.notebook.cells:
                gid = grade_id(cell)
                if gid is None:
                    continue
                if is_grade(cell) and gid in g.scores:
                    grade = gb.find_grade(gid, name, assignment, student)
                    grade.auto_score = g.scores[gid][0]
                    grade.needs_manual_grade = grade.manual_score is not None or grade.auto_score is None
                    score += g.scores[gid][0]
                    top += g.scores[gid][1]
                if (is_solution(cell) or is_task(cell)):
                    try:
                        comment = gb.find_comment(gid, name, assignment, student)
                    except Exception:                        # noqa: BLE001 -- a cell nbgrader does not know
                        continue
                    unchanged = cell.metadata.get("nbgrader", {}).get("checksum") == compute_checksum(cell)
                    comment.auto_comment = "No response." if unchanged and not is_task(cell) else None
        gb.db.commit()
    return score, top


def autograde(assignment: str, submissions: Path, *, course: Path = DEFAULT_COURSE, source: Path = SOURCE,
              jobs: int = 1, wall: float | None = None, wait: bool = True, _generated: bool = False) -> dict:
    """Grade every submission of ``assignment`` in ``submissions`` inside the course folder ``course``
    (made if needed; its gradebook keeps the grades).  Returns ``{student: Status}``.

    Each submission runs in a sandbox of its own (:mod:`gamelib.grading.isolation`), ``jobs`` at a
    time; its test cells run here (:mod:`gamelib.grading.executor`), on hidden cases drawn from the
    course secret.  One run at a time holds the course folder.  A submission that cannot be graded
    (an unreadable file, a name that gives no id, two files giving one id, a grader failure) is a
    'not graded' status saying why, and leaves an earlier submission of the same student, and its
    grade, as they were."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from nbgrader.converters import GenerateAssignment
    from .executor import NOTEBOOK_WALL
    from .isolation import NOT_ISOLATED, isolation_status
    wall = NOTEBOOK_WALL if wall is None else wall
    if jobs < 1:
        raise WorkflowError(f"--jobs must be at least 1, not {jobs}")
    if not (Path(source) / assignment).is_dir():
        raise WorkflowError(f"no assignment {assignment!r} in {source} (there: {', '.join(assignments(source))})")
    if not Path(submissions).is_dir():
        raise WorkflowError(f"no folder of submissions at {submissions}")
    course = Path(course).resolve()
    with course_lock(course, f"autograde {assignment}", wait):
        if not _generated:
            course = prepare_course(course, [assignment], source)
            run_nbgrader(GenerateAssignment, course, assignment, force=True)    # fills the gradebook
        secret = course_secret(course)
        status = isolation_status()
        if not status.isolated:
            print(NOT_ISOLATED.format(why=status.how), file=sys.stderr, flush=True)
        names = [p.stem for p in notebooks(course / "release" / assignment)]
        found = find_submissions(Path(submissions), assignment, names)
        table = statuses(course, assignment)
        report, jobs_list = {}, []
        for sub in found:
            files = tuple(str(p) for p in sub.files.values())
            if sub.problem:
                report[sub.student] = Status(sub.student, "not graded", sub.problem, files)
                continue
            try:
                books, notes = _read_submission(sub, course, assignment, source)
            except WorkflowError as e:
                report[sub.student] = Status(sub.student, "not graded", str(e), files)
                continue
            jobs_list.append((_Job(sub.student, books), files, notes))
        runtime = runtime_for(assignment, source)
        try:
            args = dict(runtime=runtime, secret=secret, assignment=assignment, wall=wall)
            if jobs == 1 or len(jobs_list) <= 1:
                results = (_grade_job(job, **args) for job, _, _ in jobs_list)
                results = _record_all(course, assignment, jobs_list, results, report, status)
            else:
                with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
                    futures = [pool.submit(_grade_job, job, **args) for job, _, _ in jobs_list]
                    results = _record_all(course, assignment, jobs_list, (f.result() for f in futures), report,
                                          status)
        finally:
            shutil.rmtree(runtime, ignore_errors=True)
        for student, st in report.items():
            if st.status != "graded" and student in table and table[student].status == "graded":
                old = table[student]
                report[student] = st._replace(reason=f"{st.reason}; the earlier submission's grade "
                                              f"({old.score:g} / {old.max_score:g}) is kept")
                table[student] = old._replace(reason=f"kept: a later submission was not graded ({st.reason})")
            else:
                table[student] = st
        _save_statuses(course, assignment, table)
    return report


def _record_all(course, assignment, jobs_list, results, report, status):
    by_student = {job.student: (job, files, notes) for job, files, notes in jobs_list}
    for student, graded, problem in results:
        job, files, notes = by_student[student]
        if graded is None:
            report[student] = Status(student, "not graded", problem, files)
            continue
        score, top = _record(course, assignment, student, job.notebooks, graded)
        extra = [n for g in graded.values() for n in g.notes]
        isolated = all(g.isolated for g in graded.values())
        reason = "; ".join(notes + extra + ([] if isolated else ["NOT ISOLATED"]))
        report[student] = Status(student, "graded", reason, files, score, top,
                                 round(sum(g.seconds for g in graded.values()), 2), isolated,
                                 tuple(notes + extra), tuple(sorted({u for g in graded.values() for u in g.uids})))
    return report


def grades(course: Path = DEFAULT_COURSE, assignment: str | None = None) -> list[Grade]:
    """Every graded cell of every autograded submission in ``course``'s gradebook."""
    _environment()
    from nbgrader.api import Gradebook
    course = Path(course).resolve()
    db = course / "gradebook.db"
    if not db.exists():
        raise WorkflowError(f"{course} has no gradebook.db: autograde there first")
    out = []
    with Gradebook(f"sqlite:///{db}") as gb:
        for a in gb.assignments:
            if assignment is not None and a.name != assignment:
                continue
            for submission in gb.assignment_submissions(a.name):
                for nb in submission.notebooks:
                    for g in nb.grades:
                        out.append(Grade(submission.student.id, a.name, nb.name, g.name,
                                         float(g.score), float(g.max_score)))
    return out


EXPORT_FIELDS = ("assignment", "student_id", "score", "max_score", "status", "note")


def export(course: Path = DEFAULT_COURSE, out: Path | None = None) -> tuple[Path, Path]:
    """Write the grades as CSV: one row per student and assignment to ``out`` (default
    ``<course>/grades.csv``) and one per test cell next to it (``grades_by_cell.csv``).  Every row has a
    ``status``: 'graded', 'not graded: <why>' or 'no submission', and a student who was not graded has
    no score (an empty cell, never 0), so a learning system importing the file cannot read a failure as
    a zero."""
    _environment()
    from nbgrader.api import Gradebook
    course = Path(course).resolve()
    out = Path(out) if out is not None else course / "grades.csv"
    rows = grades(course)                                     # also checks the gradebook exists
    with course_lock(course, "export"):
        with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
            names = [a.name for a in gb.assignments]
            max_scores = {a.name: float(a.max_score) for a in gb.assignments}
            students = sorted(s.id for s in gb.students)
        totals: dict = {}
        for g in rows:
            t = totals.setdefault((g.assignment, g.student), [0.0, 0.0])
            t[0] += g.score
            t[1] += g.max_score
        table = {a: statuses(course, a) for a in names}
        everyone = sorted(set(students) | {s for a in names for s in table[a] if not s.startswith("?")})
        lines, by_cell = [], []
        for a in names:
            for student in everyone:
                st = table[a].get(student)
                if st is not None and st.status != "graded":
                    lines.append((a, student, "", max_scores[a], f"not graded: {st.reason}", ""))
                elif (a, student) in totals:
                    note = st.reason if st is not None else ""
                    lines.append((a, student, _num(totals[a, student][0]), _num(totals[a, student][1]), "graded",
                                  note))
                else:
                    lines.append((a, student, "", max_scores[a], "no submission", ""))
        graded_now = {(a, s) for a, s, *_ , status, _ in lines if status == "graded"}
        for g in rows:
            if (g.assignment, g.student) in graded_now:
                by_cell.append((g.student, g.assignment, g.notebook, g.cell, _num(g.score), _num(g.max_score),
                                "graded"))
        with open(out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(EXPORT_FIELDS)
            w.writerows(lines)
        by_cell_path = out.with_name(out.stem + "_by_cell.csv")
        with open(by_cell_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(Grade._fields + ("status",))
            w.writerows(by_cell)
    return out, by_cell_path


def _num(x: float):
    return int(x) if float(x).is_integer() else round(float(x), 4)


def hidden_lines(source: Path = SOURCE, names=None) -> set:
    """Every line of hidden test code in the source notebooks (what feedback must never show)."""
    import nbformat
    lines = set()
    for name in names or assignments(source):
        for path in notebooks(Path(source) / name):
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
    """Feedback made: the ``pages`` written, and ``withheld`` {student: why} (a page that would have
    shown hidden test code, deleted for that student alone)."""

    pages: list
    withheld: dict


def feedback(assignment: str, *, course: Path = DEFAULT_COURSE, source: Path = SOURCE) -> Feedback:
    """HTML feedback for every graded submission of ``assignment`` in ``course``, in
    ``<course>/feedback/<student>/<assignment>/``, hidden tests removed.  Every page is then read for a
    line of hidden test code: a page that shows one (a student's output can) is deleted, and only that
    student's feedback is withheld."""
    import html
    from nbgrader.converters import GenerateFeedback
    course = Path(course).resolve()
    if not (course / "autograded").is_dir():
        raise WorkflowError(f"nothing autograded in {course}: run autograde first")
    with course_lock(course, f"feedback {assignment}"):
        table = statuses(course, assignment)
        students = sorted(p.parent.name for p in (course / "autograded").glob(f"*/{assignment}"))
        students = [s for s in students if table.get(s) is None or table[s].status == "graded"
                    or table[s].reason.startswith("kept")]
        try:
            run_nbgrader(GenerateFeedback, course, assignment, "*", force=True)
        except WorkflowError:
            for student in students:                        # one at a time: a page that fails stops only itself
                try:
                    run_nbgrader(GenerateFeedback, course, assignment, student, force=True)
                except WorkflowError:
                    pass
        secret = hidden_lines(source, [assignment])
        pages, withheld = [], {}
        for student in students:
            made = sorted((course / "feedback" / student / assignment).glob("*.html"))
            if not made:
                withheld[student] = "nbgrader could not make its page"
            for page in made:
                text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
                leaked = [line for line in secret if line in text] + ([HIDDEN_BEGIN] if HIDDEN_BEGIN in text else [])
                if leaked:
                    page.unlink()
                    withheld[student] = f"its page would show hidden test code ({leaked[0][:60]!r}); withheld"
                else:
                    pages.append(page)
    return Feedback(pages, withheld)


# ---------------------------------------------------------------------------------------------------
# What to give students
# ---------------------------------------------------------------------------------------------------

STUDENT_KIT_LEAVES_OUT = ("exercises/source/", "exercises/course/", "tests/", "benchmarks/", ".ci/")
"""What a student's copy of the kit leaves out: the exercises' solutions and hidden tests
(``exercises/source/``), the fake submissions (``tests/submissions/``, which hold solutions too), the rest
of the test suite and the benchmarks (they need the sources), and any course folder."""

STUDENT_NOTE = """# The student's copy of the kit

This copy was made by your instructor with `python -m gamelib.grading student-kit`. It holds the
notebooks, the library, and the exercises as you answer them (`exercises/release/`). It leaves out the
exercises' solutions and hidden tests, and the kit's own test suite, which needs them: the README's
test command is for the kit's developers. Everything else in the README applies: start with its first
command.
"""


def student_kit(out: Path, repo: Path = REPO) -> Path:
    """Write ``out`` (a .zip): the kit as students get it, the files git tracks minus
    :data:`STUDENT_KIT_LEAVES_OUT`, plus STUDENT_COPY.md.  Returns its path."""
    import subprocess
    import zipfile
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=repo, capture_output=True, check=True).stdout
        files = [f for f in listed.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        raise WorkflowError(f"{repo} is not a git checkout: the student kit is made of the files git tracks") from None
    keep = [f for f in files if not f.startswith(STUDENT_KIT_LEAVES_OUT) and (Path(repo) / f).is_file()]
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for f in keep:
            z.write(Path(repo) / f, f"gamelib-kit/{f}")
        z.writestr("gamelib-kit/STUDENT_COPY.md", STUDENT_NOTE)
    return out

