"""The sandbox a submission runs in: bubblewrap, an unprivileged user, limits, no network.

Each submission gets a fresh sandbox (:func:`start`) made with `bubblewrap
<https://github.com/containers/bubblewrap>`_, the sandbox Flatpak is built on (Debian package
``bubblewrap``), around one Python process, :mod:`gamelib.grading.worker`:

* its own process tree (a PID namespace; bubblewrap's init is PID 1, so killing it ends every
  process the submission started, a detached one included), in a session of its own;
* an unprivileged user (``setpriv``: a uid of its own per grading job, no capabilities, no new
  privileges) and a private, empty working folder (a size-capped tmpfs), which vanishes with it;
* no network (a network namespace with nothing in it), no IPC or UTS shared with the grader;
* a file system of the system's ``/usr``, Python and its packages, and the student runtime
  (:mod:`gamelib.grading.runtime`), all read-only; nothing of the course is mounted: not the
  gradebook, not other submissions, not ``source/``, not feedback, not the course secret;
* limits (``prlimit``): address space, CPU seconds, processes, file size, open files.

The worker talks to the grader over two pipes (:mod:`gamelib.grading.remote`), the only way out.

Where bubblewrap cannot run (macOS, Windows, a container without user namespaces) grading still
runs, in a plain child process with the same limits where the system has them, and says loudly that
submissions are **not isolated** (:func:`isolation_status`); exercises/README.md tells instructors how
to get isolation.
"""
from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from .remote import ChannelError, GraderEnd, SandboxGone, SandboxTimeout


class Limits(NamedTuple):
    """What one sandbox may use.  ``memory_mb``: address space; ``cpu_seconds``: CPU time in all (a
    backstop: the grader's deadlines stop a submission long before); ``processes``: processes and
    threads of the sandbox's user; ``file_mb``: the largest file it may write; ``tmp_mb``: its working
    folder and /tmp; ``open_files``."""

    memory_mb: int = 3072
    cpu_seconds: int = 900
    processes: int = 64
    file_mb: int = 64
    tmp_mb: int = 128
    open_files: int = 256


STARTUP = 30.0
"""Seconds a sandbox may take to start and say it is ready."""
FIRST_UID = 61000
"""Sandboxes run as uid FIRST_UID + n, each with an n of its own (:func:`claim_slot`): their own user, so
the process limit counts only their own processes."""
SLOTS = 1000
SLOT_LOCKS = Path(tempfile.gettempdir()) / "gamelib-sandbox-slots"


def claim_slot():
    """``(n, handle)``: a number no other running sandbox on this machine holds (whatever process started
    it), held for as long as ``handle`` stays open."""
    import fcntl
    SLOT_LOCKS.mkdir(exist_ok=True)
    try:
        os.chmod(SLOT_LOCKS, 0o1777)
    except PermissionError:
        pass
    for n in range(SLOTS):
        handle = open(SLOT_LOCKS / f"{n}.lock", "a")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return n, handle
        except BlockingIOError:
            handle.close()
    raise RuntimeError(f"all {SLOTS} sandbox slots are taken")


class IsolationStatus(NamedTuple):
    isolated: bool
    how: str


def _bwrap() -> str | None:
    return shutil.which("bwrap")


def _parents(path: str) -> list[str]:
    """``/a/b/c`` -> ``['/a', '/a/b']``."""
    parts = Path(path).parts[1:-1]
    return ["/" + "/".join(parts[:k]) for k in range(1, len(parts) + 1)]


def _python_mounts() -> list[str]:
    """bubblewrap arguments mounting this Python (the virtual environment and the Python it was made
    from) read-only at the same paths, with world-readable parent folders."""
    args, made = [], set()
    for prefix in dict.fromkeys([sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable))]):
        prefix = os.path.realpath(prefix)
        if prefix.startswith("/usr/") or prefix == "/usr":
            continue
        for parent in _parents(prefix + "/x"):
            if parent not in made and parent != prefix:
                args += ["--perms", "0755", "--dir", parent]
                made.add(parent)
        args += ["--ro-bind", prefix, prefix]
    return args


def command(runtime: Path, limits: Limits, slot: int, channel: tuple[int, int] | None) -> list[str]:
    """The command that starts the worker in a sandbox (bubblewrap run as root: the worker drops to
    an unprivileged uid with ``setpriv``; run as another user: in a user namespace of its own)."""
    python = sys.executable
    env = {"PATH": "/usr/bin:/bin", "HOME": "/work", "PYTHONPATH": "/kit", "MPLBACKEND": "Agg",
           "MPLCONFIGDIR": "/tmp/matplotlib", "IPYTHONDIR": "/tmp/ipython", "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "LANG": "C.UTF-8",
           "GAMELIB_SANDBOX": run_label()}
    if channel is not None:
        env["GAMELIB_CHANNEL"] = f"{channel[0]},{channel[1]}"
    args = [_bwrap(), "--die-with-parent", "--new-session", "--unshare-ipc", "--unshare-pid", "--unshare-net",
            "--unshare-uts", "--unshare-cgroup-try", "--hostname", "sandbox",
            "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
            "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin",
            "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
            "--ro-bind-try", "/etc/alternatives", "/etc/alternatives",
            "--proc", "/proc", "--dev", "/dev",
            "--size", str(limits.tmp_mb << 20), "--tmpfs", "/tmp",
            "--size", str(limits.tmp_mb << 20), "--perms", "0777", "--tmpfs", "/work",
            *_python_mounts(), "--ro-bind", str(runtime), "/kit", "--chdir", "/work", "--clearenv"]
    for key, value in env.items():
        args += ["--setenv", key, value]
    inner = [python, "-s", "-B", "-m", "gamelib.grading.worker"]
    rlimits = ["prlimit", f"--as={limits.memory_mb << 20}", f"--cpu={limits.cpu_seconds}",
               f"--nproc={limits.processes}", f"--fsize={limits.file_mb << 20}", f"--nofile={limits.open_files}",
               "--core=0", "--"]
    if os.geteuid() == 0:
        uid = str(FIRST_UID + slot)
        drop = ["setpriv", "--reuid", uid, "--regid", uid, "--clear-groups", "--no-new-privs",
                "--inh-caps=-all", "--bounding-set=-all", "--"]
        return args + ["--", *rlimits, *drop, *inner]
    return [args[0], "--unshare-user", "--cap-drop", "ALL", *args[1:], "--", *rlimits, *inner]


def _world_readable(path: str) -> bool:
    """Whether any user can reach and read ``path`` (every folder on the way searchable by others)."""
    p = Path(os.path.realpath(path))
    try:
        return bool(p.stat().st_mode & 0o004) and all(q.stat().st_mode & 0o001 for q in p.parents)
    except OSError:
        return False


def run_label() -> str:
    """A label every sandbox's environment carries (``GAMELIB_SANDBOX``): the grading run's
    ``GAMELIB_RUN`` if it has one, so a test can find any process of that run's sandboxes."""
    return os.environ.get("GAMELIB_RUN", "gamelib")


def _plain_command(limits: Limits, slot: int, runtime: Path) -> tuple[list[str], str]:
    """Without bubblewrap: the worker in a plain child process, with the limits prlimit can set and, run
    as root, dropped to an unprivileged uid when that uid can read Python and the runtime (so at least
    the course's files, readable by their owner only, stay out of reach).  Returns (command, what it
    isolates)."""
    inner = [sys.executable, "-s", "-B", "-m", "gamelib.grading.worker"]
    how = "none"
    if os.geteuid() == 0 and shutil.which("setpriv") and _world_readable(sys.executable) \
            and _world_readable(str(runtime / "gamelib" / "__init__.py")):
        uid = str(FIRST_UID + slot)
        inner = ["setpriv", "--reuid", uid, "--regid", uid, "--clear-groups", "--no-new-privs", "--inh-caps=-all",
                 "--bounding-set=-all", "--", *inner]
        how = f"an unprivileged uid ({uid}) only"
    if shutil.which("prlimit"):
        inner = ["prlimit", f"--as={limits.memory_mb << 20}", f"--cpu={limits.cpu_seconds}",
                 f"--nproc={limits.processes}", f"--fsize={limits.file_mb << 20}", "--core=0", "--", *inner]
    return inner, how


@functools.lru_cache(maxsize=None)
def isolation_status() -> IsolationStatus:
    """Whether submissions can be isolated here, and how (or why not), found by starting bubblewrap
    once."""
    if os.environ.get("GAMELIB_NO_ISOLATION"):
        return IsolationStatus(False, "GAMELIB_NO_ISOLATION is set")
    if not sys.platform.startswith("linux"):
        return IsolationStatus(False, f"bubblewrap runs on Linux only (this is {sys.platform})")
    if _bwrap() is None:
        return IsolationStatus(False, "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)")
    for tool in ("prlimit", "setpriv") if os.geteuid() == 0 else ("prlimit",):
        if shutil.which(tool) is None:
            return IsolationStatus(False, f"{tool} (util-linux) is not installed")
    probe = command(Path("/"), Limits(), 0, None)
    probe = probe[:probe.index("-m")] + ["-c", "import os; os.getuid()"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=STARTUP, text=True)
    except (OSError, subprocess.TimeoutExpired) as e:
        return IsolationStatus(False, f"bubblewrap could not start ({type(e).__name__}: {e})")
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return IsolationStatus(False, f"bubblewrap could not make a sandbox here ({why})")
    who = f"a uid of its own from {FIRST_UID}" if os.geteuid() == 0 else "a user namespace"
    return IsolationStatus(True, f"bubblewrap {_version()}: own PID, network, IPC and UTS namespaces, {who}, "
                                 "read-only kit, private tmpfs, prlimit")


def _version() -> str:
    try:
        return subprocess.run([_bwrap(), "--version"], capture_output=True, text=True, timeout=10).stdout.split()[-1]
    except (OSError, subprocess.TimeoutExpired, IndexError):
        return "?"


NOT_ISOLATED = ("SUBMISSIONS ARE NOT ISOLATED: {why}. Their code runs in a plain child process of the "
                "grader, which can read the course folder, other submissions and the course secret. Grades "
                "cannot be trusted against a hostile submission; see exercises/README.md, 'Isolation'.")


class Sandbox:
    """One running sandbox: the worker process and the grader's end of the channel (:attr:`end`)."""

    def __init__(self, runtime: Path, limits: Limits = Limits()):
        self.runtime, self.limits = Path(runtime), limits
        slot, self._slot_lock = claim_slot()
        self.uid = FIRST_UID + slot
        self.status = isolation_status()
        self.plain = ""
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        if self.status.isolated:
            cmd = command(self.runtime, limits, slot, (to_r, from_w))
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        else:
            cmd, self.plain = _plain_command(limits, slot, self.runtime)
            home = tempfile.mkdtemp(prefix="gamelib-sandbox-")
            os.chmod(home, 0o1777)
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "PYTHONPATH": str(self.runtime),
                   "MPLBACKEND": "Agg", "MPLCONFIGDIR": f"{home}/matplotlib", "IPYTHONDIR": f"{home}/ipython",
                   "PYTHONDONTWRITEBYTECODE": "1", "GAMELIB_CHANNEL": f"{to_r},{from_w}", "OPENBLAS_NUM_THREADS": "1",
                   "GAMELIB_SANDBOX": run_label()}
        self.stderr_path = Path(tempfile.gettempdir()) / f"gamelib-sandbox-{os.getpid()}-{slot}.err"
        self._stderr = open(self.stderr_path, "w+b")
        self.process = subprocess.Popen(cmd, pass_fds=(to_r, from_w), env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=self._stderr,
                                        start_new_session=True, cwd="/" if self.status.isolated else home)
        os.close(to_r)
        os.close(from_w)
        self.end = GraderEnd(from_r, to_w)
        self.started = time.monotonic()
        try:
            kind, fields, _ = self.end.receive(time.monotonic() + STARTUP)
            if kind != "ready":
                raise SandboxGone(f"the worker said {kind!r} first")
        except (SandboxTimeout, SandboxGone, ChannelError) as e:
            self.kill()
            raise SandboxGone(f"the sandbox did not start ({type(e).__name__}): {self.stderr_text()}") from None
        self.info = fields[0] if fields else {}

    def stderr_text(self, limit: int = 2000) -> str:
        try:
            self._stderr.flush()
            return self.stderr_path.read_bytes()[-limit:].decode("utf-8", "replace").strip()
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """End the sandbox and every process in it."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                self.process.kill()
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.end.rfd, self.end.wfd):
            try:
                os.close(fd)
            except OSError:
                pass
        self._stderr.close()
        try:
            self.stderr_path.unlink()
        except OSError:
            pass
        self._slot_lock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()
