"""The course folder (an ordinary nbgrader course folder): nbgrader's configuration of it, its secret, its
lock, and what happened to each submission.  It is private (it holds the solutions and every student's
work); the kit's settings are ``gamelib_config.py``, which the instructor's own ``nbgrader_config.py``
loads first (:func:`write_config`); nbgrader runs in-process with every path explicit (:func:`run_nbgrader`),
so that no step depends on the folder it was started from.
"""
from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]                 # an editable install's checkout: exercises/, tests/
EXERCISES_FOLDER = REPO / "exercises"
SOURCE = EXERCISES_FOLDER / "source"
RELEASE = EXERCISES_FOLDER / "release"
DEFAULT_COURSE = EXERCISES_FOLDER / "course"
CELL_TIMEOUT = 300
"""Seconds a cell may run during validation (nbgrader's default is 30)."""
KERNEL_TRANSPORT = "tcp" if sys.platform == "win32" else "ipc"
"""Validation's kernels talk over IPC sockets, files only their owner can open, where there are any (over
TCP, ipykernel warns for every kernel that its traffic is not encrypted)."""


class WorkflowError(RuntimeError):
    """A step could not be done; the message says why (nbgrader's log included)."""


def assignments(source: Path = SOURCE) -> list[str]:
    """The assignments: the folders of ``source``, in order (a missing ``source`` said, :func:`no_sources`)."""
    if not Path(source).is_dir():
        raise WorkflowError(no_sources(Path(source)))
    return sorted(p.name for p in Path(source).iterdir() if p.is_dir() and not p.name.startswith("."))


def shown(text, limit: int | None = 100) -> str:
    """``text`` (a file name, or text that holds one) printable on one line: bytes that are not UTF-8 as
    ``\\xff``, characters that do not print (``\\n``, ``\\x1b``, ``\\u202e``) escaped, at most ``limit``
    characters (``…`` where cut).  Nothing a student names a file can end a line or move the cursor."""
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
    """Why there is no ``source`` folder: an installed gamelib has none by design (a hub's students get
    the student kit, so that their ``prepare`` has no solutions to copy)."""
    package = Path(__file__).resolve().parents[1]
    if not (REPO / "pyproject.toml").is_file():
        return (f"no exercises' sources here: this gamelib ({package}) is installed as a package, which holds "
                "no exercise sources, solutions or hidden tests; the instructor's steps run from the "
                "instructor's own checkout of the kit's repository, with its .venv (exercises/README.md)")
    return f"no exercises' sources at {source} (the assignments are the folders of exercises/source/)"


def assignment_names(names, source: Path = SOURCE) -> list[str]:
    """``names`` (default: every assignment), each checked to be a folder of ``source``."""
    names = list(names or assignments(source))
    for name in names:
        if not (Path(source) / name).is_dir():
            raise WorkflowError(f"no assignment {name!r} in {source} (there: {', '.join(assignments(source))})")
    return names


def notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in Path(folder).glob("*.ipynb") if not p.name.startswith("."))


def alembic_head() -> str:
    """The gradebook schema's version, read in-process (nbgrader runs ``alembic heads`` as a program)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR
    cfg = Config()
    cfg.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(cfg).get_current_head()


def gradebook(course: Path):
    """nbgrader's gradebook of ``course``, a new one made here as nbgrader makes it (:func:`alembic_head`),
    so that nbgrader never runs ``alembic`` as a program."""
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


FEEDBACK_PREPROCESSORS = ["nbgrader.preprocessors.GetGrades",
                          "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
                          "gamelib.grading.feedback.HideHiddenTests"]


def generate_preprocessors() -> list[str]:
    """nbgrader's ``generate_assignment`` preprocessors, ``ClearSolutions`` replaced by the kit's named stubs."""
    from nbgrader.converters import GenerateAssignment
    from nbgrader.preprocessors import ClearSolutions
    default = GenerateAssignment.class_traits()["preprocessors"].default()
    return ["gamelib.grading.stubs.NamedStubs" if p is ClearSolutions else f"{p.__module__}.{p.__qualname__}"
            for p in default]


def config(course: Path):
    """The kit's nbgrader configuration of a course folder, every path explicit (``gamelib_config.py`` too)."""
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
    c.ExchangeFactory.collect = "gamelib.grading.exchange.OwnedCollect"   # takes a folder from its student only
    c.AssignLatePenalties.plugin_class = "gamelib.grading.late.LatePenalty"   # course.toml's rule
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
    """Write ``gamelib_config.py`` and make the instructor's ``nbgrader_config.py``, every line of it kept,
    load it first; returns what was done to the instructor's file."""
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


COURSE_TOML = "course.toml"                         # deadlines, the late rule, extensions: the instructor's
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
    """Write :data:`COURSE_TOML`, every setting commented out, unless there is one; returns what was done."""
    path = Path(course) / COURSE_TOML
    if path.exists():
        return ""
    path.write_text(COURSE_TOML_TEXT, encoding="utf-8")
    return f"wrote {path}: the course's deadlines and late rule, every setting commented out until you edit it"


def private_folder(folder: Path) -> str:
    """Make ``folder`` readable by its owner only (0700); a warning if an existing one is readable by others."""
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
    """Make ``course`` an nbgrader course folder holding the current sources of ``names``."""
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
    """Run one of nbgrader's converters on ``course``; its log, or WorkflowError if it failed."""
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


SECRET = "secret.key"                 # the hidden cases are drawn from it: nothing in the repository gives them
LOCK, HOLDER = ".grading.lock", ".grading.holder"         # the lock, and its holder: step, pid, since when
STATUS = "grading"                    # <course>/grading/<assignment>.json: each student's last grading


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
    """Who holds the course lock (what its holder wrote): the step, its pid, for how long, and whether that
    process is stopped (a stopped process holds the lock for ever)."""
    try:
        info = json.loads(text)
        step, pid, since = str(info["step"]), int(info["pid"]), float(info["since"])
    except (ValueError, KeyError, TypeError):
        return "another process"
    age = max(0, int((time.time() if now is None else now) - since))
    words = f"'{step}' (pid {pid}, for {age // 60} min {age % 60} s"
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        state = "?" if _exists(pid) else None
    if state == "T":
        words += f"; that process is STOPPED: resume it with `kill -CONT {pid}` or end it with `kill {pid}`"
    elif state is None:
        words += "; no such process here (another machine sharing this folder?)"
    return words + ")"


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


@contextmanager
def course_lock(course: Path, step: str, wait: bool = True):
    """Hold the course folder for one step (``filelock``: a crashed run never leaves it behind); a second
    step waits, saying each minute who holds it (:func:`lock_holder`), or with ``wait=False`` stops."""
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
                lock.acquire(timeout=60.0)
                break
            except Timeout:
                pass
    try:
        (course / HOLDER).write_text(json.dumps({"step": step, "pid": os.getpid(), "since": time.time()}))
        yield
    finally:
        lock.release()


class Status(NamedTuple):
    """What happened to one student's submission: ``status`` 'graded', 'not graded' or 'no submission',
    ``reason`` (one line), ``late`` (what its download name says), ``peak_mb`` (a sandbox's most memory),
    ``name`` (a learning system's name of the student, for people), ``warnings`` (an override it ended),
    ``submitted_at`` ('' if unknown) and ``time_from``, who says so."""

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
        return shown(self.student) + (f" ({shown(self.name)})" if self.name else "")

    def line(self) -> str:
        if self.status == "graded":
            tail = f" ({shown(self.reason, None)})" if self.reason else ""
            return f"{self.who()}: {self.score:g} / {self.max_score:g}{tail}"
        return f"{self.who()}: NOT GRADED: {shown(self.reason, None)}"


def statuses(course: Path, assignment: str) -> dict:
    """``{student: Status}`` of the last gradings of ``assignment`` in ``course``."""
    path = Path(course) / STATUS / f"{assignment}.json"
    raw = json.loads(path.read_text()) if path.exists() else {}
    return {k: Status(**{f: tuple(x) if isinstance(x, list) else x for f, x in v.items() if f in Status._fields})
            for k, v in raw.items()}


def read_table(path: Path) -> list[list[str]]:
    """The rows of a CSV, tab- or semicolon-separated file in UTF-8 (with or without a byte-order mark) or
    UTF-16 (Blackboard's), blank rows left out: a learning system's roster, a submissions manifest."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise WorkflowError(f"cannot read {path}: {e.strerror}") from None
    try:
        text = data.decode("utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig")
    except UnicodeDecodeError as e:
        raise WorkflowError(f"{path} is not UTF-8 ({e.reason} at byte {e.start}): a spreadsheet saved it in "
                            "another encoding; save it as CSV UTF-8 and give it again") from None
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",\t;", key=first.count)                # a spreadsheet's: commas, tabs, or semicolons
    return [r for r in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in r)]


def write_json(path: Path, data, **options) -> None:
    """Write ``data`` to ``path`` at once (a temporary file renamed), in ASCII: a file name's bytes that are
    not UTF-8 (lone surrogates) are kept as ``\\udcxx`` escapes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=True, **options))
    os.replace(tmp, path)


def save_statuses(course: Path, assignment: str, table: dict) -> None:
    write_json(Path(course) / STATUS / f"{assignment}.json", {k: v._asdict() for k, v in sorted(table.items())})
