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
* limits: **one memory limit for the whole sandbox**, a process count and **one CPU share for the
  whole sandbox**, in a control group of its own (:class:`ControlGroup`: cgroup v1's memory, pids and
  cpu controllers, or v2's, where the grader may create groups, as root usually can), so a
  submission's children share its memory and its CPU instead of each having their own (a child that
  starts a session of its own would otherwise be a scheduling group of its own, Linux's autogroup,
  with as large a share of the machine as a whole grading); and per process (``prlimit``): address
  space, CPU seconds, processes, file size, open files.  Where no control group can be made, the
  per-process limits are tightened so that processes × address space stays within the sandbox's share
  (:func:`memory_plan`), and
  ``--jobs`` is bounded so that all sandboxes together stay within :data:`MEMORY_SHARE` of the machine
  (:func:`check_jobs`).

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

from . import clock as _clock
from .remote import ChannelError, GraderEnd, SandboxGone, SandboxTimeout
from .worker import CHANNEL_FDS


class Limits(NamedTuple):
    """What one sandbox may use.  ``memory_mb``: memory of the whole sandbox, every process of it
    together (a control group's limit; without one, see :func:`memory_plan`); ``cpu_seconds``: CPU
    time in all (a backstop: the grader's deadlines stop a submission long before); ``processes``:
    processes and threads of the sandbox; ``file_mb``: the largest file it may write; ``tmp_mb``: its
    working folder and /tmp; ``open_files``; ``cpus``: the CPUs all its processes may use together (a
    control group's CPU limit, whatever sessions they start: see :func:`cpu_share_status`)."""

    memory_mb: int = 3072
    cpu_seconds: int = 900
    processes: int = 64
    file_mb: int = 64
    tmp_mb: int = 128
    open_files: int = 256
    cpus: float = 1.0

    def check(self) -> Limits:
        """These limits, if a sandbox can start under them; else ``ValueError`` naming the field."""
        for field in ("memory_mb", "cpu_seconds", "processes", "file_mb", "tmp_mb", "open_files"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Limits.{field} must be a whole number of at least 1, not {value!r}")
        if self.open_files <= max(CHANNEL_FDS):
            raise ValueError(f"Limits.open_files must be more than {max(CHANNEL_FDS)}, not {self.open_files}: the "
                             f"sandbox's worker talks to the grader on file descriptors {CHANNEL_FDS[0]} and "
                             f"{CHANNEL_FDS[1]}")
        if isinstance(self.cpus, bool) or not isinstance(self.cpus, (int, float)) or not 0 < self.cpus < float("inf"):
            raise ValueError(f"Limits.cpus must be a number of CPUs above 0, not {self.cpus!r}")
        return self


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
        path = SLOT_LOCKS / f"{n}.lock"
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CREAT, 0o666)      # flock needs no write access
        except PermissionError:
            continue                                               # a slot file this user may not read
        try:
            if os.fstat(fd).st_uid == os.geteuid():
                os.fchmod(fd, 0o666)                               # whatever the umask: any user may take it
        except OSError:
            pass
        handle = os.fdopen(fd, "rb")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return n, handle
        except BlockingIOError:
            handle.close()
    raise RuntimeError(f"all {SLOTS} sandbox slots are taken")


MEMORY_SHARE = 0.75
"""The share of the machine's memory that all sandboxes together may hold (``--jobs`` × a sandbox's
limit); :func:`check_jobs` refuses more jobs than fit."""
FALLBACK_PROCESSES = 4
"""Without a control group: processes (and threads) a sandbox may have, each limited to its share of
the sandbox's memory, so their product stays within it."""


def _own_cgroup(controller: str) -> Path | None:
    """The folder of this process's cgroup for ``controller`` ('memory', 'pids'; '' for v2's unified
    hierarchy), or None if there is none this process can make groups in."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3 or controller not in (parts[1].split(",") if controller else [parts[1]]):
            continue
        if controller == "" and parts[0] != "0":
            continue
        for mount in mounts:
            fields = mount.split()
            if " - " not in mount:
                continue
            kind, _, options = mount.split(" - ", 1)[1].split(" ", 2)
            if (controller and kind == "cgroup" and controller in options.split(",")) or \
                    (not controller and kind == "cgroup2"):
                folder = Path(fields[4]) / parts[2].lstrip("/")
                if folder.is_dir() and os.access(folder, os.W_OK):
                    return folder
    return None


class ControlGroup:
    """One sandbox's control group: every process of the sandbox in it, and one memory limit, one
    process limit and one CPU limit for them all (``limits.memory_mb``, ``limits.processes``,
    ``limits.cpus``).  Made under this process's own cgroup (v1: the memory and pids controllers, and
    cpu and cpuacct where they can be had; v2: the unified hierarchy, where ``memory`` and ``pids``, and
    ``cpu`` if it can be had, are enabled for children); :meth:`available` says whether this machine
    lets the grader make one, :attr:`cpu_how` whether it has the CPU limit too, or why not
    (:func:`cpu_share_status`).  :meth:`enter_command` puts a command in it before it runs anything of
    the student's.

    The CPU limit is a hard one (``cpu.max``; v1's ``cpu.cfs_quota_us``), not only a weight: on a
    machine of two CPUs graded ``--jobs 2``, a sandbox that computes with all its processes then
    leaves the other CPU free for the grading beside it, whose thousands of round trips between the
    grader and its sandbox would otherwise each wait for a turn beside the busy one (measured by
    benchmarks/bench_neighbours.py)."""

    def __init__(self, name: str, limits: Limits):
        self.folders: list[Path] = []
        self.memory_file: Path | None = None
        self.usage_file: Path | None = None     # the CPU time of all the group's processes together
        self.cpu_how = "no control group"       # the CPU limit it keeps, or why it keeps none
        self.v2 = False
        try:
            self._make(name, limits)
        except OSError:
            self.remove()
            raise

    def _make(self, name: str, limits: Limits) -> None:
        memory, pids = _own_cgroup("memory"), _own_cgroup("pids")
        if memory is not None:
            group = memory / name
            group.mkdir()
            self.folders.append(group)
            (group / "memory.limit_in_bytes").write_text(str(limits.memory_mb << 20))
            if (group / "memory.memsw.limit_in_bytes").exists():
                try:
                    (group / "memory.memsw.limit_in_bytes").write_text(str(limits.memory_mb << 20))
                except OSError:
                    pass                                          # swap accounting off: no swap to limit
            self.memory_file = group
            if pids is not None:
                group = pids / name
                group.mkdir()
                self.folders.append(group)
                (group / "pids.max").write_text(str(limits.processes))
            self._cpu_v1(name, limits)
            return
        unified = _own_cgroup("")
        if unified is None:
            raise OSError("no cgroup this process can make groups in")
        group = unified / name
        group.mkdir()
        self.folders.append(group)
        self.v2 = True
        (group / "memory.max").write_text(str(limits.memory_mb << 20))
        (group / "memory.swap.max").write_text("0") if (group / "memory.swap.max").exists() else None
        (group / "pids.max").write_text(str(limits.processes))
        self.memory_file = group
        if (group / "cpu.stat").exists():                        # every v2 group has it, controller or not
            self.usage_file = group / "cpu.stat"
        if not (group / "cpu.max").exists():
            self.cpu_how = ("the cpu controller is not enabled for the grader's control group's children "
                            f"(cgroup v2: 'cpu' is not in {unified / 'cgroup.subtree_control'})")
            return
        period = 100_000
        (group / "cpu.max").write_text(f"{_quota(limits.cpus, period)} {period}")
        self.cpu_how = f"cgroup v2's cpu controller (cpu.max: {limits.cpus:g} CPU)"

    def _cpu_v1(self, name: str, limits: Limits) -> None:
        """cgroup v1: the CPU limit in a group of the cpu controller, the CPU time used in one of
        cpuacct (often the same hierarchy); where either cannot be had, the group keeps its memory and
        process limits and :attr:`cpu_how` says why."""
        cpu, acct = _own_cgroup("cpu"), _own_cgroup("cpuacct")
        if cpu is None:
            self.cpu_how = "no cgroup of the cpu controller that the grader can make groups in (cgroup v1)"
            return
        try:
            group = cpu / name
            group.mkdir()
            self.folders.append(group)
            period = int((group / "cpu.cfs_period_us").read_text())
            (group / "cpu.cfs_quota_us").write_text(str(_quota(limits.cpus, period)))
            self.cpu_how = f"cgroup v1's cpu controller (cpu.cfs_quota_us: {limits.cpus:g} CPU)"
            if acct is not None:
                if acct != cpu:
                    (acct / name).mkdir()
                    self.folders.append(acct / name)
                self.usage_file = acct / name / "cpuacct.usage"
        except (OSError, ValueError) as e:
            self.cpu_how = f"the cpu controller refused a group ({getattr(e, 'strerror', None) or e})"

    def cpu_seconds(self) -> float | None:
        """The CPU time all the group's processes have used together, in seconds (None if unknown)."""
        if self.usage_file is None:
            return None
        try:
            text = self.usage_file.read_text()
            if not self.v2:
                return int(text) / 1e9
            fields = dict(line.split()[:2] for line in text.splitlines() if len(line.split()) >= 2)
            return int(fields["usage_usec"]) / 1e6
        except (OSError, ValueError, KeyError):
            return None

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def available() -> str:
        """'' if the grader can make a sandbox's control group here, else why not."""
        return _probe()[0]

    def enter_command(self, command: list[str]) -> list[str]:
        """``command`` run from inside the group (its shell joins the group, then becomes the command)."""
        procs = [str(f / "cgroup.procs") for f in self.folders]
        script = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 97; shift; n=$((n-1)); done; exec "$@"'
        return ["/bin/sh", "-c", script, "sh", str(len(procs)), *procs, *command]

    def peak_mb(self) -> float | None:
        """The most memory the group's processes held together, in MB (None if unknown)."""
        if self.memory_file is None:
            return None
        name = "memory.peak" if self.v2 else "memory.max_usage_in_bytes"
        try:
            return int((self.memory_file / name).read_text()) / (1 << 20)
        except (OSError, ValueError):
            return None

    def out_of_memory(self) -> bool:
        """Whether the kernel killed a process of the group for going over its memory limit."""
        if self.memory_file is None:
            return False
        try:
            text = (self.memory_file / ("memory.events" if self.v2 else "memory.oom_control")).read_text()
        except OSError:
            return False
        counts = dict(line.split()[:2] for line in text.splitlines() if len(line.split()) >= 2)
        return counts.get("oom_kill", "0") not in ("0", "")

    def kill_all(self) -> None:
        """Kill every process in the group (a detached one included)."""
        for folder in self.folders:
            try:
                pids = [int(x) for x in (folder / "cgroup.procs").read_text().split()]
            except (OSError, ValueError):
                continue
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass

    def remove(self) -> None:
        """Remove the group (once its processes are gone: tried for a moment)."""
        for folder in reversed(self.folders):
            for _ in range(50):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


@functools.lru_cache(maxsize=None)
def _probe() -> tuple[str, str]:
    """(why no control group can be made here, or ''; the CPU limit one keeps, or why none)."""
    try:
        probe = ControlGroup(f"gamelib-probe-{os.getpid()}", Limits())
    except OSError as e:
        return f"no control group can be made here ({e.strerror or e})", "no control group"
    probe.remove()
    return "", probe.cpu_how


def cpu_share_status() -> tuple[bool, str]:
    """``(shared, how)``: whether all of a sandbox's processes share one CPU limit here (its control
    group's, :attr:`Limits.cpus`), and how, or why not.  Without it each process of a sandbox is
    scheduled on its own, and each that starts a session of its own as a group of its own (Linux's
    autogroups): a submission can then take as many shares of the machine as it starts sessions, and
    slow the others graded beside it (``--jobs``); their grades hold (every limit of theirs counts
    their own time), their wall time does not."""
    group, cpu = _probe()
    if group:
        return False, group
    shared = cpu.startswith("cgroup")
    return shared, cpu


NO_CPU_SHARE = ("NO CPU SHARE FOR EACH SANDBOX: {why}. A submission's processes are scheduled each on its own "
                "(each that starts a session of its own as a group of its own), so a hostile one can slow the "
                "others graded beside it with --jobs; their grades hold, their wall time does not. See "
                "exercises/README.md, 'Isolation'.")


def _quota(cpus: float, period: int) -> int:
    """The microseconds of CPU time per ``period`` that make ``cpus`` CPUs (at least 1 ms)."""
    return max(1000, round(cpus * period))


def memory_plan(limits: Limits = Limits()) -> tuple[Limits, int, str]:
    """``(limits per process, the most memory one sandbox can hold in MB, how)``.  With a control group
    the sandbox as a whole is limited to ``limits.memory_mb``; without one, each of at most
    :data:`FALLBACK_PROCESSES` processes gets its share of it, so that their product is the same."""
    if not ControlGroup.available():
        return limits, limits.memory_mb, f"a control group: {limits.memory_mb} MB and {limits.processes} processes " \
                                         "for the sandbox as a whole"
    share = limits.memory_mb // FALLBACK_PROCESSES
    per_process = limits._replace(memory_mb=share, processes=min(limits.processes, FALLBACK_PROCESSES))
    return per_process, share * FALLBACK_PROCESSES, (
        f"no control group ({ControlGroup.available()}): at most {FALLBACK_PROCESSES} processes of {share} MB "
        f"each, {share * FALLBACK_PROCESSES} MB in all")


def machine_memory_mb() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >> 20
    except (ValueError, OSError, AttributeError):
        return 0


def check_jobs(jobs: int, limits: Limits = Limits()) -> None:
    """Refuse ``jobs`` sandboxes at once when together they could hold more than :data:`MEMORY_SHARE` of
    the machine's memory (raises WorkflowError saying how many fit); with more than one, say on stderr
    when a sandbox's processes cannot be held to one CPU share here (:data:`NO_CPU_SHARE`)."""
    shared, why = cpu_share_status()
    if jobs > 1 and not shared and isolation_status().isolated:
        print(NO_CPU_SHARE.format(why=why), file=sys.stderr, flush=True)
    _, per_sandbox, how = memory_plan(limits)
    total = machine_memory_mb()
    if not total:
        return
    fit = max(1, int(MEMORY_SHARE * total // per_sandbox))
    if jobs > fit:
        from .course import WorkflowError
        raise WorkflowError(f"--jobs {jobs}: {jobs} sandboxes of up to {per_sandbox} MB ({how}) could hold more "
                            f"than {MEMORY_SHARE:.0%} of this machine's {total} MB; use --jobs {fit} or fewer")


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
            "--size", str(limits.tmp_mb << 20), "--perms", "1777", "--tmpfs", "/tmp",     # the worker's uid writes it
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
                "grader (as an unprivileged uid of its own when the grader runs as root, otherwise as your own "
                "user), under the same CPU, memory and process limits, with the same student runtime (gamelib's "
                "searches withheld) and a Python audit hook that refuses to open the kit's checkout (gamelib's "
                "searches, the solutions, the tests), the course folder and the submissions folder, to start "
                "programs or to load C libraries. It CAN still read every other file that user can read, use "
                "the network, and see other processes; a determined attacker with C code of their own can get "
                "past the audit hook. Grades cannot be trusted against a hostile submission; see "
                "exercises/README.md, 'Isolation'.")


def private_paths() -> list[str]:
    """What a submission's code may not read without a sandbox: the kit's checkout and the folders the
    grading run names in ``GAMELIB_PRIVATE_PATHS`` (the course folder, the submissions)."""
    from .course import REPO
    extra = os.environ.get("GAMELIB_PRIVATE_PATHS", "")
    return [str(REPO), *[p for p in extra.split(os.pathsep) if p]]


class Sandbox:
    """One running sandbox: the worker process and the grader's end of the channel (:attr:`end`)."""

    def __init__(self, runtime: Path, limits: Limits = Limits()):
        limits = limits.check()
        self.runtime = Path(runtime)
        slot, self._slot_lock = claim_slot()
        self.uid = FIRST_UID + slot
        self.status = isolation_status()
        self.plain = ""
        self.home: str | None = None              # without isolation: the worker's HOME, removed by kill()
        self.group: ControlGroup | None = None
        self.peak_mb: float | None = None
        self.out_of_memory = False
        if ControlGroup.available():
            limits = memory_plan(limits)[0]                      # per process: their product within the share
        else:
            self.group = ControlGroup(f"gamelib-{os.getpid()}-{slot}-{time.time_ns()}", limits)
        self.limits = limits
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        if self.status.isolated:
            cmd = command(self.runtime, limits, slot, (to_r, from_w))
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        else:
            cmd, self.plain = _plain_command(limits, slot, self.runtime)
            home = self.home = tempfile.mkdtemp(prefix="gamelib-sandbox-")
            os.chmod(home, 0o1777)
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "PYTHONPATH": str(self.runtime),
                   "MPLBACKEND": "Agg", "MPLCONFIGDIR": f"{home}/matplotlib", "IPYTHONDIR": f"{home}/ipython",
                   "PYTHONDONTWRITEBYTECODE": "1", "GAMELIB_CHANNEL": f"{to_r},{from_w}", "OPENBLAS_NUM_THREADS": "1",
                   "GAMELIB_SANDBOX": run_label(), "GAMELIB_PRIVATE_PATHS": os.pathsep.join(private_paths()),
                   "GAMELIB_ALLOWED_PATHS": os.pathsep.join([sys.prefix, sys.base_prefix, str(self.runtime), home])}
        self.stderr_path = Path(tempfile.gettempdir()) / f"gamelib-sandbox-{os.getpid()}-{slot}.err"
        self._stderr = open(self.stderr_path, "w+b")
        if self.group is not None:
            cmd = self.group.enter_command(cmd)
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
            if not isinstance(e, SandboxTimeout):
                try:
                    self.process.wait(timeout=1)                 # what it wrote before it went is why
                except subprocess.TimeoutExpired:
                    pass
            why = self.stderr_text()                              # read before kill() removes the file
            self.kill()
            raise SandboxGone(f"the sandbox did not start ({type(e).__name__}): {why}") from None
        self.info = fields[0] if fields else {}

    def stderr_text(self, limit: int = 2000) -> str:
        try:
            self._stderr.flush()
            return self.stderr_path.read_bytes()[-limit:].decode("utf-8", "replace").strip()
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def cpu_clock(self, worker: str | None) -> tuple:
        """``(used, cpus)`` for :class:`gamelib.grading.clock.CpuBudget`: a function giving the CPU
        seconds the sandbox has used, all its processes together (its control group's count) where that
        can be read, else its worker's thread's (schedstat file ``worker``); and how many CPUs that
        count can grow by at once."""
        group = self.group
        if group is not None and group.cpu_seconds() is not None:
            cpus = self.limits.cpus if group.cpu_how.startswith("cgroup") else float(os.cpu_count() or 1)
            return group.cpu_seconds, cpus
        return (lambda: _clock.ran(worker) if worker else None), 1.0

    def besides(self, worker: str | None):
        """A function giving the CPU seconds used by the sandbox's processes other than its worker's
        thread (schedstat file ``worker``), or None where its control group does not count them (then
        there is nothing to charge them to, :meth:`gamelib.grading.clock.FairClock.charge`)."""
        group = self.group
        if group is None or worker is None or group.cpu_seconds() is None:
            return None

        def used():
            total, own = group.cpu_seconds(), _clock.ran(worker)
            return None if total is None or own is None else max(0.0, total - own)
        return used

    def kill(self) -> None:
        """End the sandbox and every process in it."""
        if self.group is not None:
            self.group.kill_all()
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
        if self.home is not None:                 # what the student's code left there goes with it
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None
        if self.group is not None:
            self.peak_mb, self.out_of_memory = self.group.peak_mb(), self.group.out_of_memory()
            self.group.remove()
            self.group = None
        self._slot_lock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()
