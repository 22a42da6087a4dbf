"""The course folder (an ordinary nbgrader course folder): nbgrader's configuration of it, its secret, its
lock, and what happened to each submission.  It is private (it holds the solutions and every student's
work); the kit's settings are ``gamelib_config.py``, which the instructor's own ``nbgrader_config.py``
loads first (:func:`write_config`); nbgrader runs in-process with every path explicit (:func:`run_nbgrader`),
so that no step depends on the folder it was started from.
"""
from __future__ import annotations

import json
import os
import stat
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
"""The checkout gamelib runs from (an editable install): ``exercises/`` and ``tests/`` live here."""
EXERCISES_FOLDER = REPO / "exercises"
SOURCE = EXERCISES_FOLDER / "source"
RELEASE = EXERCISES_FOLDER / "release"
DEFAULT_COURSE = EXERCISES_FOLDER / "course"
CELL_TIMEOUT = 300
"""Seconds a cell may run during validation (nbgrader's default is 30)."""
KERNEL_TRANSPORT = "tcp" if sys.platform == "win32" else "ipc"
"""How the kernels the kit starts (validation's) talk to it: through IPC sockets, files only their owner
can open, where the platform has them (not Windows).  Over TCP, ipykernel warns for every kernel that
its traffic is not encrypted ("Kernel is running over TCP without encryption")."""


class WorkflowError(RuntimeError):
    """A step could not be done; the message says why (nbgrader's log included)."""


def assignments(source: Path = SOURCE) -> list[str]:
    """The assignments: the folders of ``source``, in order.  A ``source`` that does not exist is said
    plainly (:func:`no_sources`), not as a FileNotFoundError."""
    if not Path(source).is_dir():
        raise WorkflowError(no_sources(Path(source)))
    return sorted(p.name for p in Path(source).iterdir() if p.is_dir() and not p.name.startswith("."))


# ---------------------------------------------------------------------------------------------------
# Names as a person reads them
# ---------------------------------------------------------------------------------------------------

SHOWN = 100
"""The most characters of a student's text (a file name, a full name) a line for the instructor shows."""


def shown(text, limit: int | None = SHOWN) -> str:
    """``text`` (a file name, or any text that holds one) as it may be printed on one line of a terminal,
    a CSV cell or a JSON file: bytes that are not UTF-8 (a file name the file system gives as bytes, which
    Python reads as lone surrogates) as ``\\xff``, control characters, terminal escapes and other
    characters that do not print (``\\n``, ``\\x1b``, ``\\u202e``) escaped, and at most ``limit``
    characters (``…`` where it is cut).  Nothing a student names a file can then end a line, move the
    cursor, recolour the terminal or stop a batch that prints it."""
    text = name_bytes(str(text)).decode("utf-8", "backslashreplace")
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return out if limit is None or len(out) <= limit else out[:limit - 1] + "…"


def name_bytes(text: str) -> bytes:
    """``text`` as bytes: a file name's own bytes where the file system gave bytes that are not UTF-8."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:                                   # a lone surrogate no file name makes
        return text.encode("utf-8", "surrogatepass")


def no_sources(source: Path) -> str:
    """Why there is no ``source`` folder to read.  Where gamelib is installed as a package (not in editable
    mode from the instructor's checkout), there are no exercises' sources beside it, by design: a hub's
    students' environment is installed from the student kit (docs/jupyterhub.md), so that a student's
    ``prepare`` has no solutions or hidden tests to copy."""
    package = Path(__file__).resolve().parents[1]
    if not (REPO / "pyproject.toml").is_file():
        return (f"no exercises' sources here: this gamelib ({package}) is installed as a package, which holds "
                "no exercise sources, solutions or hidden tests; the instructor's steps run from the "
                "instructor's own checkout of the kit's repository, with its .venv (exercises/README.md)")
    return f"no exercises' sources at {source} (the assignments are the folders of exercises/source/)"


def assignment_names(names, source: Path = SOURCE) -> list[str]:
    """``names`` (default: every assignment of ``source``), each checked to be a folder of ``source``
    before anything is written."""
    names = list(names or assignments(source))
    for name in names:
        if not (Path(source) / name).is_dir():
            raise WorkflowError(f"no assignment {name!r} in {source} (there: {', '.join(assignments(source))})")
    return names


def notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in Path(folder).glob("*.ipynb") if not p.name.startswith("."))


# ---------------------------------------------------------------------------------------------------
# nbgrader, configured once, run in-process
# ---------------------------------------------------------------------------------------------------

def alembic_head() -> str:
    """The gradebook schema's version, read in-process from nbgrader's migration scripts: what
    ``nbgrader.api.get_alembic_version`` finds by running ``alembic heads`` as a program (seconds of
    start-up, and a FileNotFoundError when the venv's scripts are not on PATH)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR
    cfg = Config()
    cfg.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(cfg).get_current_head()


def gradebook(course: Path):
    """nbgrader's gradebook of ``course`` (``with gradebook(course) as gb: ...``).  A new one is made
    here as nbgrader makes it (its tables, and its schema's version, :func:`alembic_head`), so that
    nbgrader, finding it made, never runs ``alembic`` as a program: no PATH to set, nothing replaced."""
    import warnings
    warnings.filterwarnings("ignore", message=".*not in session.*")   # nbgrader with SQLAlchemy 2
    from nbgrader.api import Base, Gradebook
    from sqlalchemy import create_engine, text
    path = Path(course).resolve() / "gradebook.db"
    if not path.exists():
        engine = create_engine(f"sqlite:///{path}")
        Base.metadata.create_all(bind=engine)
        with engine.begin() as db:
            db.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)"))
            db.execute(text("INSERT INTO alembic_version (version_num) VALUES (:v)"), {"v": alembic_head()})
        engine.dispose()
    return Gradebook(f"sqlite:///{path}")


def nbgrader_environment():
    """Deprecated: nothing to do, since :func:`gradebook` makes a new gradebook in-process."""
    from ..validate import deprecated
    deprecated("gamelib.grading.course.nbgrader_environment is deprecated and does nothing: open the gradebook "
               "with gamelib.grading.course.gradebook(course), which makes a new one in-process")


COLLECT_PLUGIN = "gamelib.grading.exchange.OwnedCollect"
"""nbgrader's collect, which takes a submission only from the student it names (:mod:`gamelib.grading.exchange`)."""
LATE_PLUGIN = "gamelib.grading.late.LatePenalty"
"""nbgrader's late-submission plugin: the penalty rule of the course's ``course.toml`` (:mod:`gamelib.grading.late`)."""
FEEDBACK_PREPROCESSORS = ["nbgrader.preprocessors.GetGrades",
                          "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
                          "gamelib.grading.feedback.HideHiddenTests"]


STUBS = "gamelib.grading.stubs.NamedStubs"
"""nbgrader's ``ClearSolutions`` as the kit generates student versions: each stub names its question and
what to write (:mod:`gamelib.grading.stubs`)."""


def generate_preprocessors() -> list[str]:
    """nbgrader's preprocessors of ``generate_assignment``, in its order, ``ClearSolutions`` replaced by
    :data:`STUBS`."""
    from nbgrader.converters import GenerateAssignment
    from nbgrader.preprocessors import ClearSolutions
    default = GenerateAssignment.class_traits()["preprocessors"].default()
    return [STUBS if p is ClearSolutions else f"{p.__module__}.{p.__qualname__}" for p in default]


def config(course: Path):
    """The kit's nbgrader configuration of a course folder, every path explicit: what the steps run
    in-process use, and what ``gamelib_config.py`` says to nbgrader run by hand (:func:`write_config`)."""
    from traitlets.config import Config
    course = Path(course).resolve()
    c = Config()
    c.CourseDirectory.root = str(course)
    c.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    c.Execute.timeout = CELL_TIMEOUT
    c.Execute.interrupt_on_timeout = True
    c.OverwriteCells.add_missing_cells = True
    c.GenerateFeedback.preprocessors = list(FEEDBACK_PREPROCESSORS)
    c.GenerateAssignment.preprocessors = generate_preprocessors()
    # A submission is data: outputs shown to the instructor (Formgrader) or in feedback are sanitized.
    # Markdown is not (nbgrader's templates render it unsanitized, whatever this says): the kit stores
    # each submission with the student's markdown and raw cells as plain text (submissions.py).
    c.HTMLExporter.sanitize_html = True
    c.ExchangeFactory.collect = COLLECT_PLUGIN
    c.AssignLatePenalties.plugin_class = LATE_PLUGIN
    return c


KIT_CONFIG = "gamelib_config.py"
KIT_CONFIG_HEAD = """\
# The kit's nbgrader settings for this course folder, rewritten by every `python -m gamelib.grading` step
# (gamelib/grading/course.py, config, says why each is there): put yours in nbgrader_config.py, which
# loads this file first.  Every path is absolute, so nbgrader run from any folder finds this course's
# gradebook.
c = get_config()  # noqa: F821
"""
LOAD_LINE = f'load_subconfig("{KIT_CONFIG}")  # noqa: F821 -- the kit\'s settings (gamelib.grading); keep this line'
INSTRUCTOR_CONFIG_TEXT = f'''\
# nbgrader configuration of this course folder.  The kit's settings are in {KIT_CONFIG} (rewritten by
# `python -m gamelib.grading`); this file is yours: settings below are kept, and override the kit's.
c = get_config()  # noqa: F821
{LOAD_LINE}
# c.CourseDirectory.course_id = "cs101"
# c.Exchange.root = "/srv/nbgrader/exchange"
'''


def write_config(course: Path) -> list[str]:
    """Write the kit's settings (``gamelib_config.py``, :func:`config`) and make sure the instructor's
    ``nbgrader_config.py`` loads them, keeping every line of it.  Returns what was done to the
    instructor's file, for the step to say."""
    course = Path(course).resolve()
    settings = [f"c.{section}.{key} = {value!r}" for section, table in config(course).items()
                for key, value in table.items()]
    (course / KIT_CONFIG).write_text(KIT_CONFIG_HEAD + "\n".join(settings) + "\n")
    mine = course / "nbgrader_config.py"
    if not mine.exists():
        mine.write_text(INSTRUCTOR_CONFIG_TEXT)
        return []
    text = mine.read_text()
    if KIT_CONFIG in text:
        return []
    lines = text.splitlines()
    at = next((i + 1 for i, line in enumerate(lines) if line.replace(" ", "").startswith("c=get_config()")), 0)
    lines[at:at] = [LOAD_LINE] if at else ["c = get_config()  # noqa: F821", LOAD_LINE]
    mine.write_text("\n".join(lines) + "\n")
    return [f"{mine}: added the line that loads the kit's settings ({KIT_CONFIG}); your settings are kept"]


COURSE_TOML = "course.toml"
"""The course's own settings for the gradebook (deadlines, the late rule, extensions: read by
:func:`gamelib.grading.late.load`), the instructor's to edit."""
COURSE_TOML_TEXT = """\
# This course's deadlines and late-work rule, yours to edit (python -m gamelib.grading prepare wrote it once
# and never changes it).  Every setting below is commented out: no deadline, no penalty.  Remove the "# "
# before a setting to use it.  The exports and feedback pages apply it (exercises/README.md, "Late work").

# timezone = "Europe/Paris"         # for times written without an offset (default UTC)

# [late]
# per_day = 10                      # percent off for each day late, a started day counting whole
# cap = 50                          # never more than this percent off
# grace_minutes = 15                # this late is on time (an upload that crossed the deadline)
# of = "score"                      # the percent is of the score earned ("score") or of the maximum ("max")

# [deadlines]                       # one line per assignment
# 02_alpha_beta = "2026-10-09 23:59"

# [extensions.02_alpha_beta]        # one table per assignment, one line per student
# alice = "2026-10-12 23:59"        # alice's own deadline for 02_alpha_beta
"""


def write_course_toml(course: Path) -> str:
    """Write the course's :data:`COURSE_TOML`, every setting commented out, unless it has one (it is the
    instructor's); returns what was done, for the step to say."""
    path = Path(course) / COURSE_TOML
    if path.exists():
        return ""
    path.write_text(COURSE_TOML_TEXT, encoding="utf-8")
    return f"wrote {path}: the course's deadlines and late rule, every setting commented out until you edit it"


def private_folder(folder: Path) -> str:
    """Make ``folder`` (and its parents that do not exist yet) as a folder only its owner can read
    (0700); returns a warning when an existing folder can be read or entered by others, '' otherwise."""
    folder = Path(folder)
    if not folder.exists():
        folder.mkdir(parents=True, mode=0o700)
        os.chmod(folder, 0o700)                     # whatever the umask
        return ""
    mode = stat.S_IMODE(folder.stat().st_mode)
    if mode & 0o077:
        return (f"{folder} can be read by other users of this machine (mode {mode:o}); it holds the solutions "
                f"and every student's work: chmod 700 {folder}")
    return ""


def prepare_course(course: Path, names=None, source: Path = SOURCE) -> Path:
    """Make ``course`` an nbgrader course folder holding the current sources of ``names`` (made private
    if it is new; see :func:`private_folder`)."""
    import shutil
    names = assignment_names(names, source)                  # before anything is written
    course = Path(course).resolve()
    new = not course.exists()
    warning = private_folder(course)
    if warning:
        print(f"warning: {warning}", file=sys.stderr, flush=True)
    elif new:
        print(f"made {course}, readable by you only (0700): it will hold the solutions, every student's work "
              "and the gradebook", file=sys.stderr, flush=True)
    for note in write_config(course):
        print(note, file=sys.stderr, flush=True)
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
    gradebook(course).close()                       # made here if new (see gradebook)
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
# The secret and the lock
# ---------------------------------------------------------------------------------------------------

SECRET = "secret.key"
"""The course secret (in the course folder, readable by its owner only): hidden cases are drawn from it
(:mod:`gamelib.grading.context`), so they cannot be computed from anything in the repository."""
LOCK = ".grading.lock"
HOLDER = ".grading.holder"
"""Who holds the course lock (:data:`LOCK`): the step, its pid and since when, as its holder wrote them."""
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


def lock_holder(text: str, now: float | None = None) -> str:
    """Who holds the course lock, from what its holder wrote in the lock file: the step, its pid, for
    how long, and whether that process is stopped (a stopped process holds the lock for ever)."""
    try:
        info = json.loads(text)
        step, pid, since = str(info["step"]), int(info["pid"]), float(info["since"])
    except (ValueError, KeyError, TypeError):
        return "another process"
    age = max(0, int((time.time() if now is None else now) - since))
    words = f"'{step}' (pid {pid}, for {age // 60} min {age % 60} s"
    state = _process_state(pid)
    if state == "T":
        words += f"; that process is STOPPED: resume it with `kill -CONT {pid}` or end it with `kill {pid}`"
    elif state is None:
        words += "; no such process here (another machine sharing this folder?)"
    return words + ")"


def _process_state(pid: int) -> str | None:
    """The state letter of process ``pid`` (R, S, T ...), or None if there is no such process."""
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            return "?"
        return "?"
    return stat_line.rsplit(")", 1)[-1].split()[0]


WAIT_NOTICE = 60.0
"""Seconds between the lines a waiting step prints about who holds the course folder."""


@contextmanager
def course_lock(course: Path, step: str, wait: bool = True):
    """Hold the course folder for one step, with ``filelock`` (the operating system's lock, so a crashed
    run never leaves it behind): a second step waits, saying every :data:`WAIT_NOTICE` seconds who holds
    it and since when (:data:`HOLDER`, :func:`lock_holder`), or, with ``wait=False``, stops with that
    message.  A submission cannot hold it, since every submission's grading has a deadline."""
    from filelock import FileLock, Timeout
    course = Path(course)
    if not course.exists():
        private_folder(course)
    lock = FileLock(course / LOCK)

    def holder() -> str:
        try:
            return lock_holder((course / HOLDER).read_text())
        except OSError:
            return "another process"
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if not wait:
            raise WorkflowError(f"{course} is being graded by {holder()}; run this step again when it is "
                                "done") from None
        while True:
            print(f"waiting: {course} is being graded by {holder()} ...", file=sys.stderr, flush=True)
            try:
                lock.acquire(timeout=WAIT_NOTICE)
                break
            except Timeout:
                pass
    try:
        (course / HOLDER).write_text(json.dumps({"step": step, "pid": os.getpid(), "since": time.time()}))
        yield
    finally:
        lock.release()


# ---------------------------------------------------------------------------------------------------
# What happened to each submission
# ---------------------------------------------------------------------------------------------------

class Status(NamedTuple):
    """What happened to one student's submission of an assignment: ``status`` 'graded', 'not graded'
    or 'no submission', ``reason`` (one line: why it was not graded, or what the instructor should
    know), the ``files`` it came from, ``score`` and ``max_score``, ``seconds``, ``isolated``, the
    ``notes`` that make the reason, the ``uids`` its sandboxes ran as, ``late`` (what the file's name
    says of its lateness, '' if nothing), ``peak_mb``, the most memory one of its sandboxes held
    (where control groups measure it), ``name``, the student's name as a learning system's download
    gives it (for people: the id is ``student``), ``warnings``, what the instructor must see (an
    override this submission ended), and ``submitted_at``, when it was handed in ('' if unknown), with
    ``time_from``, who says so (:func:`gamelib.grading.late.time_of`)."""

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
    late: str = ""
    peak_mb: float | None = None
    submitted_at: str = ""
    name: str = ""
    warnings: tuple = ()
    time_from: str = ""

    def who(self) -> str:
        """The student as a line names them: the id, and the learning system's name of them if any."""
        return shown(self.student) + (f" ({shown(self.name)})" if self.name else "")

    def line(self) -> str:
        """One line for the instructor, printable whatever the names in it (:func:`shown`)."""
        if self.status == "graded":
            tail = f" ({shown(self.reason, None)})" if self.reason else ""
            return f"{self.who()}: {self.score:g} / {self.max_score:g}{tail}"
        return f"{self.who()}: NOT GRADED: {shown(self.reason, None)}"


def _status_path(course: Path, assignment: str) -> Path:
    return Path(course) / STATUS / f"{assignment}.json"


def statuses(course: Path, assignment: str) -> dict:
    """``{student: Status}`` of the last gradings of ``assignment`` in ``course``."""
    path = _status_path(course, assignment)
    if not path.exists():
        return {}
    raw = json.loads(path.read_text())
    fields = set(Status._fields)
    return {k: Status(**{**{f: v for f, v in v.items() if f in fields}, "files": tuple(v.get("files", ())),
                         "notes": tuple(v.get("notes", ())), "uids": tuple(v.get("uids", ())),
                         "warnings": tuple(v.get("warnings", ()))})
            for k, v in raw.items()}


def save_statuses(course: Path, assignment: str, table: dict) -> None:
    path = _status_path(course, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    # ASCII: a file name's bytes that are not UTF-8 (read as lone surrogates) are kept as \udcxx escapes
    tmp.write_text(json.dumps({k: v._asdict() for k, v in sorted(table.items())}, indent=1, ensure_ascii=True))
    os.replace(tmp, path)
