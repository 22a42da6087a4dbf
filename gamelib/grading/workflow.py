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
import uuid
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
"""The checkout gamelib runs from (an editable install): ``exercises/`` and ``tests/`` live here."""
EXERCISES = REPO / "exercises"
SOURCE = EXERCISES / "source"
RELEASE = EXERCISES / "release"
DEFAULT_COURSE = EXERCISES / "course"
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


def _nbgrader(converter, course: Path, assignment: str, student: str | None = None, **settings) -> str:
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
            _nbgrader(GenerateAssignment, course, name, force=True)
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

def _gid(cell):
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def _is_solution(cell) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


def repair(submitted, release) -> tuple:
    """``(notebook, notes)``: a submission made whole against its student version ``release``.

    * cells whose nbgrader metadata was stripped get it back: locked cells (prompts, tests) by their
      unchanged text, answer cells by position, the first unmarked cell of the same type between the
      neighbouring recognised cells;
    * cells the student deleted (a test, an answer) are put back from the student version, after their
      neighbour, so nbgrader grades them (a deleted answer is blank, a deleted test runs);
    * edited test cells are left to nbgrader, which restores them from its gradebook.
    ``notes`` says what was done, for the instructor.
    """
    nb = copy.deepcopy(submitted)
    cells = nb.cells
    wanted = [c for c in release.cells if _gid(c)]
    order = [_gid(c) for c in wanted]
    by_id = dict(zip(order, wanted))
    present = {_gid(c) for c in cells if _gid(c) in by_id}
    notes = []

    def restore(cell, gid):
        cell.setdefault("metadata", {})["nbgrader"] = copy.deepcopy(by_id[gid].metadata["nbgrader"])
        for key in ("deletable", "editable"):
            if key in by_id[gid].metadata:
                cell.metadata[key] = by_id[gid].metadata[key]
        present.add(gid)

    restored = []
    for cell in cells:                                      # locked cells, by their text
        if _gid(cell) is not None:
            continue
        for gid in order:
            ref = by_id[gid]
            if gid not in present and not _is_solution(ref) and cell.cell_type == ref.cell_type \
                    and cell.source.strip() == ref.source.strip():
                restore(cell, gid)
                restored.append(gid)
                break

    def index(gid):
        return next(i for i, c in enumerate(cells) if _gid(c) == gid)

    def bounds(k):
        lo = max((index(g) for g in order[:k] if g in present), default=-1)
        hi = min((index(g) for g in order[k + 1:] if g in present), default=len(cells))
        return lo, hi

    for k, gid in enumerate(order):                         # answer cells, by position
        if gid in present or not _is_solution(by_id[gid]):
            continue
        lo, hi = bounds(k)
        for i in range(lo + 1, max(hi, lo + 1)):
            if _gid(cells[i]) is None and cells[i].cell_type == by_id[gid].cell_type:
                restore(cells[i], gid)
                restored.append(gid)
                break
    if restored:
        notes.append(f"nbgrader metadata restored on {len(restored)} cells ({', '.join(restored)})")

    ids = {c.get("id") for c in cells}
    for k, gid in enumerate(order):                         # deleted cells, from the student version
        if gid in present:
            continue
        lo, _ = bounds(k)
        cell = copy.deepcopy(by_id[gid])
        if cell.get("id") in ids:
            cell["id"] = uuid.uuid4().hex[:8]
        ids.add(cell.get("id"))
        cells.insert(lo + 1, cell)
        present.add(gid)
        notes.append(f"cell {gid} was missing: put back from the student version")
    return nb, notes


# ---------------------------------------------------------------------------------------------------
# autograde, export, feedback
# ---------------------------------------------------------------------------------------------------

def _student_id(name: str) -> str:
    sid = re.sub(r"[^A-Za-z0-9_.@-]+", "_", name).strip("_.")
    if not sid:
        raise WorkflowError(f"cannot make a student id out of {name!r}")
    return sid


def find_submissions(folder: Path, assignment: str, names: list[str]) -> dict:
    """``{student: {notebook name: path}}`` from a folder laid out as ``<student>.ipynb`` (a one-notebook
    assignment), ``<student>/<notebook>.ipynb`` or nbgrader's ``<student>/<assignment>/<notebook>.ipynb``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise WorkflowError(f"no folder of submissions at {folder}")
    found = {}
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_file() and entry.suffix == ".ipynb":
            if len(names) != 1:
                raise WorkflowError(f"{entry}: {assignment} has several notebooks ({', '.join(names)}); "
                                    "put each student's notebooks in a folder named after the student")
            found[_student_id(entry.stem)] = {names[0]: entry}
        elif entry.is_dir():
            inner = entry / assignment if (entry / assignment).is_dir() else entry
            books = {p.stem: p for p in notebooks(inner) if p.stem in names}
            if books:
                found[_student_id(entry.name)] = books
    if not found:
        raise WorkflowError(f"no submissions of {assignment} in {folder} (expected <student>.ipynb or "
                            f"<student>/{'|'.join(n + '.ipynb' for n in names)})")
    return found


class Grade(NamedTuple):
    student: str
    assignment: str
    notebook: str
    cell: str
    score: float
    max_score: float


def autograde(assignment: str, submissions: Path, *, course: Path = DEFAULT_COURSE,
              source: Path = SOURCE, _generated: bool = False) -> dict:
    """Grade every submission of ``assignment`` in ``submissions`` inside the course folder ``course``
    (made if needed; its gradebook keeps the grades).  Returns ``{student: notes}``: what
    :func:`repair` did to each submission, and "NOT GRADED: ..." for one nbgrader could not grade (the
    others are still graded)."""
    import nbformat
    from nbgrader.converters import Autograde, GenerateAssignment
    if not _generated:
        course = prepare_course(Path(course), [assignment], source)
        _nbgrader(GenerateAssignment, course, assignment, force=True)    # fills the gradebook
    course = Path(course).resolve()
    names = [p.stem for p in notebooks(course / "release" / assignment)]
    found = find_submissions(Path(submissions), assignment, names)
    report, gradable = {}, []
    for student, books in found.items():
        target = course / "submitted" / student / assignment
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        notes = report[student] = []
        for name, path in books.items():
            try:
                nb = nbformat.read(str(path), as_version=4)
            except Exception as e:                               # noqa: BLE001 -- whatever the file is
                notes.append(f"NOT GRADED: {path.name} is not a readable notebook ({type(e).__name__})")
                break
            release = nbformat.read(str(course / "release" / assignment / f"{name}.ipynb"), as_version=4)
            fixed, done = repair(nb, release)
            notes += [f"{name}: {n}" for n in done]
            nbformat.write(fixed, str(target / f"{name}.ipynb"))
        else:
            gradable.append(student)
    for student in gradable:                # one at a time: a submission nbgrader cannot grade stops only itself
        try:
            _nbgrader(Autograde, course, assignment, student, force=True, create_student=True)
        except WorkflowError as e:
            report[student].append(f"NOT GRADED: {str(e).splitlines()[0]} (see the log: run again with "
                                   f"nbgrader autograde in {course})")
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


def export(course: Path = DEFAULT_COURSE, out: Path | None = None) -> tuple[Path, Path]:
    """Write the grades as CSV: nbgrader's table (one row per student and assignment) to ``out``
    (default ``<course>/grades.csv``) and one row per test cell next to it (``grades_by_cell.csv``)."""
    _environment()
    from nbgrader.api import Gradebook
    from nbgrader.plugins import CsvExportPlugin
    course = Path(course).resolve()
    out = Path(out) if out is not None else course / "grades.csv"
    rows = grades(course)                                     # also checks the gradebook exists
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        CsvExportPlugin(to=str(out)).export(gb)
    by_cell = out.with_name(out.stem + "_by_cell.csv")
    with open(by_cell, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(Grade._fields)
        w.writerows(rows)
    return out, by_cell


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


def feedback(assignment: str, *, course: Path = DEFAULT_COURSE, source: Path = SOURCE) -> list[Path]:
    """HTML feedback for every autograded submission of ``assignment`` in ``course``, in
    ``<course>/feedback/<student>/<assignment>/``; hidden tests removed, and checked to be gone."""
    import html
    from nbgrader.converters import GenerateFeedback
    course = Path(course).resolve()
    if not (course / "autograded").is_dir():
        raise WorkflowError(f"nothing autograded in {course}: run autograde first")
    _nbgrader(GenerateFeedback, course, assignment, "*", force=True)
    pages = sorted((course / "feedback").glob(f"*/{assignment}/*.html"))
    secret = hidden_lines(source, [assignment])
    for page in pages:
        text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
        leaked = [line for line in secret if line in text] + ([HIDDEN_BEGIN] if HIDDEN_BEGIN in text else [])
        if leaked:
            raise WorkflowError(f"{page} would show hidden test code ({leaked[0]!r}); not released")
    return pages
