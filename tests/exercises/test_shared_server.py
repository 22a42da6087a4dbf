"""A shared server with nbgrader's exchange, as on a JupyterHub (issue #29, items 14-17): two real system
users, an instructor who is not root and a student, and the term's round trip through nbgrader's own
exchange and the kit's steps, each run as exercises/README.md's "On a shared server" section writes it
(:data:`STEPS`; :func:`test_the_docs_give_these_commands` checks the section still does):

    instructor  python -m gamelib.grading prepare 02_alpha_beta --course ~/cs101
                (writes ~/cs101/nbgrader_config.py: course_id and Exchange.root, as nbgrader's docs show)
                cd ~/cs101 && nbgrader release_assignment 02_alpha_beta
    student     nbgrader fetch_assignment 02_alpha_beta; (answers); nbgrader submit 02_alpha_beta
    instructor  nbgrader collect 02_alpha_beta
                python -m gamelib.grading autograde 02_alpha_beta ~/cs101/submitted --course ~/cs101
                python -m gamelib.grading feedback 02_alpha_beta --course ~/cs101
                nbgrader release_feedback 02_alpha_beta
    student     nbgrader fetch_feedback 02_alpha_beta

and then:

14  sandbox slot locks left by an earlier run as root (root's, 0644) do not stop the instructor's grading;
15  the course folder is 0700: the student cannot list it or read its source/, autograded/, gradebook.db;
16  the instructor's course_id and Exchange.root stay in nbgrader_config.py after every step, the kit's
    settings being in gamelib_config.py;
17  release_feedback and fetch_feedback work: the student receives the feedback page.

The isolation is what a non-root instructor really gets: bubblewrap in a user namespace of their own, no
control group (they cannot make one), so the per-process memory plan applies
(gamelib.grading.isolation.memory_plan: 4 processes of 768 MB), and the submission is graded 22/22 under it.
(``prlimit --nproc`` inside the user namespace: on Linux 5.14 and later the kernel counts processes per
user namespace, so the instructor's own processes outside the sandbox do not use up its 4; on older
kernels they would, which costs only a submission's own forks: the worker itself starts none.)

It needs root (to make the two users with useradd and run commands as them with runuser); elsewhere it is
skipped, saying so, even with CI set (.ci/run also runs as a user with sudo, where this test cannot make
users). Run as root, a missing tool (useradd, runuser, bubblewrap) fails it under CI, as the red-team
tests do. Everything is in a temporary folder of its own, the users' TMPDIR included, so the slot locks
made here disturb no other test's sandboxes; the users are removed afterwards, even on failure.

Where this checkout's Python cannot be reached by other users (here the venv's base Python is under
/root, 0700), the users' commands run in a mount namespace that shows them that Python read-only at the
same path (bubblewrap, run as root: `--tmpfs` over the hidden folder, `--ro-bind` of the Python); nothing
else changes, and a shared server's Python is readable by every user anyway. The test's output says
which paths it had to show this way.
"""
from __future__ import annotations

import os
import pwd
import secrets
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading.course import REPO
from gamelib.grading.course import SOURCE, statuses
from gamelib.grading.recording import grades

ASSIGNMENT = "02_alpha_beta"
NOTEBOOK = "alpha_beta"
FULL = 22
VENV_BIN = Path(sys.executable).parent
COURSE = "~/cs101"
STEPS = {
    "prepare": ("instructor", "python -m gamelib.grading prepare 02_alpha_beta --course ~/cs101"),
    "release_assignment": ("instructor", "nbgrader release_assignment 02_alpha_beta"),
    "fetch_assignment": ("student", "nbgrader fetch_assignment 02_alpha_beta"),
    "submit": ("student", "nbgrader submit 02_alpha_beta"),
    "collect": ("instructor", "nbgrader collect 02_alpha_beta"),
    "autograde": ("instructor", "python -m gamelib.grading autograde 02_alpha_beta ~/cs101/submitted --course ~/cs101"),
    "feedback": ("instructor", "python -m gamelib.grading feedback 02_alpha_beta --course ~/cs101"),
    "release_feedback": ("instructor", "nbgrader release_feedback 02_alpha_beta"),
    "fetch_feedback": ("student", "nbgrader fetch_feedback 02_alpha_beta"),
}
"""The commands of exercises/README.md's "On a shared server", each run as written (``~/cs101`` is the
instructor's course folder; the instructor runs them in it, the student in their home), in this order."""
INSTRUCTOR_CONFIG = '''\
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "{course_id}"
c.Exchange.root = "{exchange}"
'''
"""The instructor's nbgrader_config.py, as nbgrader's documentation shows it (no line of the kit's)."""
STUDENT_CONFIG = '''\
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "{course_id}"
c.Exchange.root = "{exchange}"
'''
"""The student's settings (~/.jupyter/nbgrader_config.py; on a JupyterHub, /etc/jupyter/'s)."""


def _missing(tool: str):
    package = "bubblewrap" if tool == "bwrap" else "passwd util-linux"
    why = f"{tool} is not installed (Debian: apt-get install {package})"
    if os.environ.get("CI"):
        pytest.fail(f"the shared-server test cannot run in CI: {why}")
    pytest.skip(f"SHARED-SERVER TEST NOT RUN: {why}")


def _require_root_and_tools():
    if not sys.platform.startswith("linux"):
        pytest.skip(f"SHARED-SERVER TEST NOT RUN: it needs Linux system users (this is {sys.platform})")
    if os.geteuid() != 0:
        pytest.skip(f"SHARED-SERVER TEST NOT RUN: it creates two system users and runs commands as them (useradd, "
                    f"runuser), which needs root; this runs as uid {os.geteuid()}")
    for tool in ("useradd", "userdel", "runuser", "bwrap"):
        if shutil.which(tool) is None:
            _missing(tool)


def _reachable(path: Path) -> bool:
    """Whether any user can reach ``path`` (every folder on the way searchable by others) and read it."""
    path = Path(os.path.realpath(path))
    try:
        return bool(path.stat().st_mode & stat.S_IROTH) and all(p.stat().st_mode & stat.S_IXOTH for p in path.parents)
    except OSError:
        return False


def exposing(paths) -> tuple[list, list]:
    """``(command prefix, paths shown)``: bubblewrap arguments (run as root) under which every user sees each
    of ``paths`` that they could not reach, read-only, at its own path (a tmpfs of mode 0755 over the
    topmost folder others cannot enter, folders of mode 0755 down to it); ``([], [])`` when every path can
    be reached as it is."""
    hidden = sorted({Path(os.path.realpath(p)) for p in paths if not _reachable(p)})
    hidden = [p for p in hidden if not any(p != q and p.is_relative_to(q) for q in hidden)]
    if not hidden:
        return [], []
    args, covered, made = ["bwrap", "--dev-bind", "/", "/", "--die-with-parent"], set(), set()
    for path in hidden:
        closed = next((p for p in reversed(path.parents) if not p.stat().st_mode & stat.S_IXOTH), None)
        if closed is None:
            pytest.skip(f"SHARED-SERVER TEST NOT RUN: {path} cannot be read by other users (mode "
                        f"{stat.S_IMODE(path.stat().st_mode):o}); the instructor and the student need this Python")
        if closed not in covered:
            args += ["--perms", "0755", "--tmpfs", str(closed)]
            covered.add(closed)
        for folder in reversed(path.parents):
            if folder.is_relative_to(closed) and folder != closed and folder not in made:
                args += ["--perms", "0755", "--dir", str(folder)]
                made.add(folder)
        args += ["--ro-bind", str(path), str(path)]
    return args + ["--"], hidden


class User:
    """A system user made for this test (``useradd --system``), its home in the test's folder."""

    def __init__(self, role: str, homes: Path):
        for _ in range(20):
            name = f"gl_{role}_{secrets.token_hex(3)}"           # gl_inst_3fa2c1: no clash with a real user
            try:
                pwd.getpwnam(name)
            except KeyError:
                break
        self.name, self.home = name, homes / name
        subprocess.run(["useradd", "--system", "--create-home", "--home-dir", str(self.home), "--shell", "/bin/sh",
                        name], check=True, capture_output=True, text=True, timeout=60)
        entry = pwd.getpwnam(name)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid

    def remove(self):
        done = subprocess.run(["userdel", self.name], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:                                  # a process of it left behind: force
            subprocess.run(["userdel", "--force", self.name], capture_output=True, text=True, timeout=60)


class Server:
    """The shared machine: the two users, the exchange, the users' TMPDIR, and how to run a command as one."""

    def __init__(self, base: Path):
        self.base = base
        self.homes = base / "home"
        self.exchange = base / "exchange"
        self.tmp = base / "tmp"
        for folder, mode in ((self.homes, 0o755), (self.exchange, 0o1777), (self.tmp, 0o1777)):
            folder.mkdir()
            os.chmod(folder, mode)              # the exchange: writable by every user, sticky (exercises/README.md)
        self.expose, self.exposed = exposing([REPO, sys.prefix, sys.base_prefix, os.path.realpath(sys.executable)])
        self.users: list[User] = []
        self.log: list[str] = []

    def user(self, role: str) -> User:
        u = User(role, self.homes)
        self.users.append(u)
        return u

    def run(self, user: User, *argv, cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
        """``argv`` run as ``user`` in a clean environment (the kit's venv first on PATH, as after
        ``source .venv/bin/activate``), in ``cwd`` (default: their home)."""
        env = ["env", "-i", "-C", str(cwd or user.home), f"HOME={user.home}", f"USER={user.name}",
               f"LOGNAME={user.name}", f"PATH={VENV_BIN}:/usr/bin:/bin", f"TMPDIR={self.tmp}", "LANG=C.UTF-8"]
        command = [*self.expose, "runuser", "-u", user.name, "--", *env, *argv]
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True, cwd="/")
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            raise AssertionError(f"{' '.join(map(str, argv))} as {user.name} took more than {timeout} s:\n{out}\n{err}")
        self.log.append(f"{user.name}$ {' '.join(map(str, argv))}  ({time.perf_counter() - start:.1f} s, "
                        f"exit {process.returncode})")
        return subprocess.CompletedProcess(argv, process.returncode, out, err)

    def must(self, user: User, *argv, **kw) -> subprocess.CompletedProcess:
        done = self.run(user, *argv, **kw)
        assert done.returncode == 0, f"{' '.join(map(str, argv))} as {user.name}: exit {done.returncode}\n" \
                                     f"{done.stdout}\n{done.stderr}"
        return done

    def close(self):
        for u in self.users:
            u.remove()
        shutil.rmtree(self.base, ignore_errors=True)


def _readable_by(server: Server, user: User, paths) -> dict:
    """``{path: True if user can list (a folder) or read (a file) it}``, asked in one shell."""
    script = 'for p in "$@"; do if [ -d "$p" ]; then ls "$p" >/dev/null 2>&1; else head -c1 "$p" >/dev/null 2>&1; ' \
             'fi; echo "$?"; done'
    done = server.run(user, "/bin/sh", "-c", script, "sh", *map(str, paths))
    return {p: code == "0" for p, code in zip(paths, done.stdout.split())}


def _root_slot_locks(server: Server, count: int = 3) -> Path:
    """Slot locks as an earlier grading run as root left them: root's, 0644, in the users' TMPDIR."""
    from gamelib.grading.isolation import SLOT_LOCKS
    folder = server.tmp / SLOT_LOCKS.name
    folder.mkdir()
    os.chmod(folder, 0o1777)
    for n in range(count):
        lock = folder / f"{n}.lock"
        lock.touch()
        os.chmod(lock, 0o644)
    return folder


@pytest.fixture(scope="module")
def term(tmp_path_factory):
    """The round trip, once; every step's output and what the test looked at between steps."""
    _require_root_and_tools()
    base = Path(tempfile.mkdtemp(prefix="gamelib-shared-server-"))
    os.chmod(base, 0o755)                                   # pytest's own tmp folders are root's only
    server = Server(base)
    try:
        inst, stud = server.user("inst"), server.user("stud")
        os.chmod(inst.home, 0o755)                              # Debian's default: others may enter a home
        course = inst.home / "cs101"
        course_id = f"gl{secrets.token_hex(3)}"
        (server.exchange / course_id).mkdir()                     # the course's folder, the instructor's
        os.chown(server.exchange / course_id, inst.uid, inst.gid)
        os.chmod(server.exchange / course_id, 0o755)
        seen = {"config": {}, "server": server, "inst": inst, "stud": stud, "course": course, "course_id": course_id}

        def step(name: str, check: bool = True) -> subprocess.CompletedProcess:
            role, words = STEPS[name]
            who = inst if role == "instructor" else stud
            argv = shlex.split(words.replace(COURSE, str(course)))
            cwd = course if who is inst and course.exists() else who.home
            seen[name] = (server.must if check else server.run)(who, *argv, cwd=cwd)
            if (course / "nbgrader_config.py").exists():
                seen["config"][name] = (course / "nbgrader_config.py").read_text()
            return seen[name]

        step("prepare")
        seen["mode"] = stat.S_IMODE(course.stat().st_mode)
        config = INSTRUCTOR_CONFIG.format(course_id=course_id, exchange=server.exchange)
        server.must(inst, "/bin/sh", "-c", f'cat > nbgrader_config.py <<"EOF"\n{config}EOF', cwd=course)
        (stud.home / ".jupyter").mkdir()
        (stud.home / ".jupyter" / "nbgrader_config.py").write_text(
            STUDENT_CONFIG.format(course_id=course_id, exchange=server.exchange))
        os.chown(stud.home / ".jupyter", stud.uid, stud.gid)
        os.chown(stud.home / ".jupyter" / "nbgrader_config.py", stud.uid, stud.gid)

        step("release_assignment")
        step("fetch_assignment")
        fetched = stud.home / ASSIGNMENT / f"{NOTEBOOK}.ipynb"
        release = nbformat.read(str(fetched), as_version=4)
        source = nbformat.read(str(SOURCE / ASSIGNMENT / f"{NOTEBOOK}.ipynb"), as_version=4)
        answered = fakes.build(fakes.read(fakes.SUBMISSIONS / ASSIGNMENT / "reference.py"), release, source)
        nbformat.write(answered, str(fetched))                  # the student's answers, in the student's file
        assert fetched.stat().st_uid == stud.uid
        step("submit")
        step("collect")
        seen["slots"] = _root_slot_locks(server)
        step("autograde", check=False)
        seen["status"] = statuses(course, ASSIGNMENT).get(stud.name)
        if seen["status"] is not None and seen["status"].status == "graded":
            step("feedback")
            step("release_feedback", check=False)
            step("fetch_feedback", check=False)
        seen["grades"] = {g.cell: g.score for g in grades(course, ASSIGNMENT) if g.student == stud.name}
        seen["readable"] = _readable_by(server, stud, [inst.home, course, course / "source", course / "source" /
                                                       ASSIGNMENT / f"{NOTEBOOK}.ipynb", course / "autograded",
                                                       course / "gradebook.db", course / "secret.key"])
        yield seen
    finally:
        print("\n".join(server.log + [f"shown to the users read-only: {p}" for p in server.exposed]))
        server.close()


def _out(done) -> str:
    return f"{done.stdout}\n{done.stderr}"


def test_a_non_root_instructor_grades_through_the_exchange_in_the_sandbox(term):
    done = term["autograde"]
    if "SUBMISSIONS ARE NOT ISOLATED" in done.stderr:
        why = done.stderr.split("SUBMISSIONS ARE NOT ISOLATED: ", 1)[1].split(". ", 1)[0]
        if os.environ.get("CI"):
            pytest.fail(f"a non-root instructor's submissions cannot be isolated here: {why}")
        pytest.skip(f"SUBMISSIONS NOT ISOLATED HERE for a non-root user: {why}")
    stud = term["stud"]
    assert done.returncode == 0, _out(done)
    assert f"{stud.name}: {FULL} / {FULL}" in done.stdout, _out(done)
    status = term["status"]
    assert status.isolated and status.score == FULL
    assert status.peak_mb is None                  # no control group: the per-process memory plan was used
    assert sum(term["grades"].values()) == FULL                  # the gradebook agrees


def test_root_s_slot_locks_do_not_stop_a_non_root_instructor(term):
    """Item 14: locks an earlier run as root left (root's, 0644) are taken read-only, as flock allows: the
    sandbox had slot 0, root's lock, not a slot past them."""
    from gamelib.grading.isolation import FIRST_UID
    locks = sorted(term["slots"].iterdir())
    assert [p.name for p in locks] == ["0.lock", "1.lock", "2.lock"]          # none made by the instructor
    assert all(p.stat().st_uid == 0 and stat.S_IMODE(p.stat().st_mode) == 0o644 for p in locks)
    assert term["status"].uids == (FIRST_UID,)
    assert "PermissionError" not in _out(term["autograde"])
    assert "NOT GRADED" not in _out(term["autograde"])


def test_the_course_folder_is_private_to_the_instructor(term):
    """Item 15: 0700, made so by the kit; the student can enter the instructor's home, not the course."""
    assert term["mode"] == 0o700
    assert stat.S_IMODE(term["course"].stat().st_mode) == 0o700
    assert "can be read by other users" not in _out(term["prepare"])
    readable = term["readable"]
    home, *course_paths = readable
    assert readable[home], "the student must be able to enter the instructor's home, or the course's mode is not tested"
    assert not any(readable[p] for p in course_paths), {str(p): r for p, r in readable.items()}


def test_the_instructors_nbgrader_config_is_kept(term):
    """Item 16: course_id and Exchange.root survive every step; the kit's settings are in gamelib_config.py,
    loaded by the instructor's file."""
    course, course_id, exchange = term["course"], term["course_id"], term["server"].exchange
    mine = [f'c.CourseDirectory.course_id = "{course_id}"', f'c.Exchange.root = "{exchange}"']
    after = [name for name in STEPS if name in term["config"] and name != "prepare"]
    assert after == ["release_assignment", "fetch_assignment", "submit", "collect", "autograde", "feedback",
                     "release_feedback", "fetch_feedback"]
    for step in after:
        assert all(line in term["config"][step].splitlines() for line in mine), (step, term["config"][step])
    final = term["config"]["feedback"]
    assert 'load_subconfig("gamelib_config.py")' in final
    assert final.index("load_subconfig") < final.index("course_id")         # the instructor's settings win
    assert "added the line that loads the kit's settings" in _out(term["autograde"])
    kit = (course / "gamelib_config.py").read_text()
    assert f"c.CourseDirectory.root = {str(course)!r}" in kit and "c.HTMLExporter.sanitize_html = True" in kit


def test_release_feedback_and_fetch_feedback_bring_the_student_their_page(term):
    """Item 17: nbgrader's exchange finds the kit's feedback (timestamp.txt and submission_secret.txt kept
    byte for byte from the submission), and the student receives it."""
    course, stud = term["course"], term["stud"]
    released, fetched = term["release_feedback"], term["fetch_feedback"]
    assert released.returncode == 0, _out(released)
    assert fetched.returncode == 0 and "Could not find feedback" not in _out(fetched), _out(fetched)
    pages = list((stud.home / ASSIGNMENT / "feedback").glob(f"*/{NOTEBOOK}.html"))
    assert len(pages) == 1, _out(fetched)
    page = pages[0]
    assert page.stat().st_uid == stud.uid
    mine = course / "feedback" / stud.name / ASSIGNMENT / f"{NOTEBOOK}.html"
    assert page.read_bytes() == mine.read_bytes()
    assert f"{FULL} / {FULL}" in page.read_text(encoding="utf-8")
    inbound = term["server"].exchange / term["course_id"] / "inbound"
    [submitted] = list(inbound.iterdir())
    for name in ("timestamp.txt", "submission_secret.txt"):
        for folder in ("submitted", "autograded", "feedback"):
            assert (course / folder / stud.name / ASSIGNMENT / name).read_bytes() == (submitted / name).read_bytes(), \
                (folder, name)


def test_the_docs_give_these_commands():
    """exercises/README.md's "On a shared server" says what this test runs, as it runs it."""
    docs = (REPO / "exercises" / "README.md").read_text()
    section = docs.split("\n## On a shared server (JupyterHub with nbgrader's exchange)\n", 1)[1].split("\n## ", 1)[0]
    for role, words in STEPS.values():
        assert words in section, words
    assert INSTRUCTOR_CONFIG.splitlines()[1].split(" = ")[0] in section          # the two settings, shown
    assert "c.Exchange.root = " in section
