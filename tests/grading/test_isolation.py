"""The sandbox (gamelib.grading.isolation), piece by piece: the bubblewrap command as built (read-only kit,
private tmp, no network, an unprivileged uid, the per-process limits), the plan of limits with and without a
control group, the control group's settings (on a fake cgroup file system, so no root is needed; then once
on the real one), the slots, the isolation status, and one real sandbox looked at from inside."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamelib.grading import isolation
from gamelib.grading.remote import SandboxGone
from gamelib.grading.isolation import (FALLBACK_PROCESSES, FIRST_UID, MEMORY_SHARE, ControlGroup, Limits, Sandbox,
                                       claim_slot, command, memory_plan)

from .conftest import require_isolation

SMALL = Limits(memory_mb=512, cpu_seconds=60, processes=16, file_mb=8, tmp_mb=32, open_files=250, cpus=0.5)


# -- the bubblewrap command -----------------------------------------------------------------------------

def _built(monkeypatch, euid: int, runtime="/srv/runtime", channel=(3, 4)) -> list[str]:
    monkeypatch.setattr(isolation, "_bwrap", lambda: "/usr/bin/bwrap")
    monkeypatch.setattr(isolation.os, "geteuid", lambda: euid)
    return command(Path(runtime), SMALL, 7, channel)


def _options(args: list[str], flag: str) -> list[tuple[str, ...]]:
    """The operands of every ``flag`` in bubblewrap's arguments (those before the first ``--``)."""
    args = args[:args.index("--")]
    width = {"--ro-bind": 2, "--ro-bind-try": 2, "--bind": 2, "--setenv": 2, "--symlink": 2, "--tmpfs": 1,
             "--size": 1, "--perms": 1, "--dir": 1}[flag]
    return [tuple(args[i + 1:i + 1 + width]) for i, a in enumerate(args) if a == flag]


def test_the_sandbox_has_no_network_and_namespaces_of_its_own(monkeypatch):
    args = _built(monkeypatch, 0)
    for flag in ("--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
                 "--new-session", "--clearenv"):
        assert flag in args[:args.index("--")], flag
    assert "--share-net" not in args


def test_everything_mounted_is_read_only_but_a_private_size_capped_tmp(monkeypatch):
    from gamelib.grading.course import REPO
    args = _built(monkeypatch, 0)
    outer = args[:args.index("--")]
    assert not {a for a in outer if "bind" in a} - {"--ro-bind", "--ro-bind-try"}     # no writable mount
    assert ("/srv/runtime", "/kit") in _options(args, "--ro-bind")
    sources = [Path(src) for src, _ in _options(args, "--ro-bind") + _options(args, "--ro-bind-try")]
    assert not [s for s in sources if s in (REPO, *REPO.parents) and s != Path("/")], sources   # not the checkout
    for folder in ("/tmp", "/work"):                 # size-capped, and the worker's unprivileged uid may write
        i = outer.index(folder, outer.index("--tmpfs"))
        assert outer[i - 5:i] == ["--size", str(SMALL.tmp_mb << 20), "--perms", outer[i - 2], "--tmpfs"], folder
        assert int(outer[i - 2], 8) & 0o007 == 0o007, folder


def test_the_environment_is_the_sandboxs_own(monkeypatch):
    monkeypatch.setenv("GAMELIB_PRIVATE_PATHS", "/course")
    env = dict(_options(_built(monkeypatch, 0), "--setenv"))
    assert env["GAMELIB_CHANNEL"] == "3,4" and env["PYTHONPATH"] == "/kit" and env["HOME"] == "/work"
    assert "GAMELIB_PRIVATE_PATHS" not in env and env["PATH"] == "/usr/bin:/bin"
    assert "GAMELIB_CHANNEL" not in dict(_options(_built(monkeypatch, 0, channel=None), "--setenv"))


def test_run_as_root_the_worker_drops_to_a_uid_of_its_own_under_per_process_limits(monkeypatch):
    args = _built(monkeypatch, 0)
    inner = args[args.index("--") + 1:]
    assert inner[:inner.index("--") + 1] == [
        "prlimit", f"--as={512 << 20}", "--cpu=60", "--nproc=16", f"--fsize={8 << 20}", "--nofile=250", "--core=0",
        "--"]
    drop = inner[inner.index("setpriv"):]
    uid = str(FIRST_UID + 7)
    assert drop[:drop.index("--")] == ["setpriv", "--reuid", uid, "--regid", uid, "--clear-groups", "--no-new-privs",
                                       "--inh-caps=-all", "--bounding-set=-all"]
    assert drop[drop.index("--") + 1:][-2:] == ["-m", "gamelib.grading.worker"]


def test_run_as_another_user_the_sandbox_is_a_user_namespace_without_capabilities(monkeypatch):
    args = _built(monkeypatch, 1000)
    outer = args[:args.index("--")]
    assert "--unshare-user" in outer and outer[outer.index("--cap-drop") + 1] == "ALL"
    assert "setpriv" not in args and args[args.index("--") + 1] == "prlimit"


def test_parents_and_quota():
    assert isolation._parents("/a/b/c") == ["/a", "/a/b"]
    assert isolation._quota(1.0, 100_000) == 100_000 and isolation._quota(0.5, 100_000) == 50_000
    assert isolation._quota(0.0001, 100_000) == 1000                    # at least 1 ms a period


def test_without_bubblewrap_the_plain_command_keeps_the_limits_prlimit_sets(monkeypatch, tmp_path):
    monkeypatch.setattr(isolation.os, "geteuid", lambda: 1000)
    inner, how = isolation._plain_command(SMALL, 3, tmp_path)
    assert how == "none" and "setpriv" not in inner
    if shutil.which("prlimit"):
        assert inner[:2] == ["prlimit", f"--as={512 << 20}"]
    assert inner[-2:] == ["-m", "gamelib.grading.worker"]


# -- limits: with a control group, and without -------------------------------------------------------

def test_with_a_control_group_the_limits_are_the_sandboxs_as_a_whole(monkeypatch):
    monkeypatch.setattr(ControlGroup, "available", staticmethod(lambda: ""))
    per_process, mb, how = memory_plan(SMALL)
    assert per_process == SMALL and mb == 512 and "as a whole" in how


def test_without_a_control_group_processes_times_memory_stays_within_the_share(monkeypatch):
    monkeypatch.setattr(ControlGroup, "available", staticmethod(lambda: "no cgroup here"))
    per_process, mb, how = memory_plan(SMALL)
    assert per_process.processes == FALLBACK_PROCESSES
    assert per_process.memory_mb * per_process.processes == mb <= SMALL.memory_mb
    assert "no cgroup here" in how


def test_more_jobs_than_the_machines_memory_holds_are_refused(monkeypatch):
    from gamelib.grading.course import WorkflowError
    monkeypatch.setattr(ControlGroup, "available", staticmethod(lambda: ""))
    monkeypatch.setattr(isolation, "cpu_share_status", lambda: (True, "cgroup v1's cpu controller"))
    monkeypatch.setattr(isolation, "machine_memory_mb", lambda: 4 * 512)
    fit = int(MEMORY_SHARE * 4)
    isolation.check_jobs(fit, SMALL)
    with pytest.raises(WorkflowError, match=f"use --jobs {fit} or fewer"):
        isolation.check_jobs(fit + 1, SMALL)


# -- the control group, on a fake cgroup file system ----------------------------------------------------

KERNEL_FILES = {
    "memory": {"memory.limit_in_bytes": "max", "memory.max_usage_in_bytes": "0", "cgroup.procs": "",
               "memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n"},
    "pids": {"pids.max": "max", "cgroup.procs": ""},
    "cpu": {"cpu.cfs_period_us": "100000", "cpu.cfs_quota_us": "-1", "cpuacct.usage": "0", "cgroup.procs": ""},
    "unified": {"memory.max": "max", "memory.swap.max": "max", "pids.max": "max", "cpu.max": "max 100000",
                "cpu.stat": "usage_usec 0\nuser_usec 0\n", "memory.peak": "0", "memory.events": "oom 0\noom_kill 0\n",
                "cgroup.procs": ""},
}
"""The files the kernel puts in a new group of each hierarchy (v1's memory, pids, cpu+cpuacct; v2's)."""


@pytest.fixture
def cgroupfs(tmp_path, monkeypatch):
    """``mount(**roots)``: a fake cgroup file system under tmp_path whose hierarchies are ``roots``
    ({controller ('' for v2): folder name}); a group made in one gets the kernel's files, and is removed
    with them."""
    real_mkdir, real_rmdir = Path.mkdir, Path.rmdir

    def mkdir(self, *args, **kwargs):
        real_mkdir(self, *args, **kwargs)
        if tmp_path in self.parents:
            for name, text in KERNEL_FILES.get(self.parent.name, {}).items():
                (self / name).write_text(text)

    def rmdir(self):
        shutil.rmtree(self) if tmp_path in self.parents else real_rmdir(self)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    monkeypatch.setattr(Path, "rmdir", rmdir)

    def mount(**roots):
        folders = {c: tmp_path / name for c, name in roots.items()}
        for folder in folders.values():
            real_mkdir(folder, exist_ok=True)
        monkeypatch.setattr(isolation, "_own_cgroup", lambda controller: folders.get(controller))
        return folders
    return mount


def test_cgroup_v1_holds_the_sandbox_to_one_memory_limit_process_limit_and_cpu_share(cgroupfs):
    roots = cgroupfs(memory="memory", pids="pids", cpu="cpu", cpuacct="cpu")
    group = ControlGroup("g", SMALL)
    memory, pids, cpu = (roots[c] / "g" for c in ("memory", "pids", "cpu"))
    assert group.folders == [memory, pids, cpu]
    assert (memory / "memory.limit_in_bytes").read_text() == str(512 << 20)
    assert (pids / "pids.max").read_text() == "16"
    assert (cpu / "cpu.cfs_quota_us").read_text() == "50000"             # half a CPU, of a 100 ms period
    assert group.cpu_how.startswith("cgroup v1's cpu controller")
    (cpu / "cpuacct.usage").write_text("2500000000")
    (memory / "memory.max_usage_in_bytes").write_text(str(300 << 20))
    assert group.cpu_seconds() == 2.5 and group.peak_mb() == 300 and not group.out_of_memory()
    (memory / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 1\n")
    assert group.out_of_memory()
    group.remove()
    assert not any(f.exists() for f in (memory, pids, cpu))


def test_cgroup_v1_without_the_cpu_controller_keeps_its_memory_limit_and_says_why(cgroupfs):
    roots = cgroupfs(memory="memory", pids="pids")
    group = ControlGroup("g", SMALL)
    assert (roots["memory"] / "g" / "memory.limit_in_bytes").read_text() == str(512 << 20)
    assert "no cgroup of the cpu controller" in group.cpu_how and group.cpu_seconds() is None


def test_cgroup_v2_holds_the_sandbox_to_one_memory_limit_no_swap_and_a_cpu_share(cgroupfs):
    roots = cgroupfs(**{"": "unified"})
    group = ControlGroup("g", SMALL)
    folder = roots[""] / "g"
    assert group.v2 and group.folders == [folder]
    assert {name: (folder / name).read_text() for name in ("memory.max", "memory.swap.max", "pids.max", "cpu.max")} \
        == {"memory.max": str(512 << 20), "memory.swap.max": "0", "pids.max": "16", "cpu.max": "50000 100000"}
    assert group.cpu_how.startswith("cgroup v2's cpu controller")
    (folder / "cpu.stat").write_text("usage_usec 1500000\nuser_usec 1000000\n")
    (folder / "memory.events").write_text("oom 1\noom_kill 1\n")
    assert group.cpu_seconds() == 1.5 and group.out_of_memory()


def test_cgroup_v2_without_the_cpu_controller_says_where_to_enable_it(cgroupfs, monkeypatch):
    roots = cgroupfs(**{"": "unified"})
    monkeypatch.setitem(KERNEL_FILES, "unified", {k: v for k, v in KERNEL_FILES["unified"].items() if k != "cpu.max"})
    group = ControlGroup("g", SMALL)
    assert "cgroup.subtree_control" in group.cpu_how and str(roots[""]) in group.cpu_how


def test_no_cgroup_to_make_groups_in_is_an_os_error(cgroupfs):
    cgroupfs()
    with pytest.raises(OSError, match="no cgroup"):
        ControlGroup("g", SMALL)


def test_the_graders_own_cgroup_is_read_from_proc(tmp_path, monkeypatch):
    (tmp_path / "memory" / "grader").mkdir(parents=True)
    (tmp_path / "unified" / "user.slice").mkdir(parents=True)
    fake = {"/proc/self/cgroup": "4:memory:/grader\n1:cpu,cpuacct:/nowhere\n0::/user.slice\n",
            "/proc/self/mountinfo": f"36 25 0:31 / {tmp_path}/memory rw,nosuid - cgroup cgroup rw,memory\n"
                                    f"37 25 0:32 / {tmp_path}/unified rw - cgroup2 cgroup2 rw\n"}
    real = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: fake[str(self)] if str(self) in fake else real(self))
    assert isolation._own_cgroup("memory") == tmp_path / "memory" / "grader"
    assert isolation._own_cgroup("") == tmp_path / "unified" / "user.slice"
    assert isolation._own_cgroup("cpu") is None                         # no such hierarchy mounted
    assert isolation._own_cgroup("pids") is None


def test_a_command_enters_its_groups_before_it_runs_or_does_not_run(tmp_path):
    group = ControlGroup.__new__(ControlGroup)
    group.folders = [tmp_path / "a", tmp_path / "b"]
    for f in group.folders:
        f.mkdir()
    done = subprocess.run(group.enter_command(["/bin/sh", "-c", "echo $$"]), capture_output=True, text=True, timeout=30)
    pid = done.stdout.strip()
    assert [(f / "cgroup.procs").read_text().strip() for f in group.folders] == [pid, pid]
    group.folders.append(tmp_path / "missing" / "group")                 # a group it cannot enter
    done = subprocess.run(group.enter_command(["/bin/sh", "-c", "echo ran"]), capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 97 and "ran" not in done.stdout


# -- slots and status ---------------------------------------------------------------------------------

def test_each_running_sandbox_holds_a_slot_of_its_own():
    (a, ha), (b, hb) = claim_slot(), claim_slot()
    try:
        assert a != b
        hb.close()
        c, hc = claim_slot()
        assert c == b                                                   # freed when its handle closes
        hc.close()
    finally:
        ha.close()
        hb.close()


@pytest.mark.parametrize("limits, says", [
    (Limits(open_files=100), "open_files must be more than 201"),      # the worker's channel is on fds 200, 201
    (Limits(open_files=201), "open_files must be more than 201"),
    (Limits(memory_mb=0), "memory_mb"),
    (Limits(processes=True), "processes"),
    (Limits(cpu_seconds=2.5), "cpu_seconds"),
    (Limits(cpus=float("nan")), "cpus"),
    (Limits(cpus=0), "cpus"),
])
def test_limits_a_sandbox_cannot_start_under_are_refused_by_name_before_a_slot_is_taken(limits, says, monkeypatch):
    taken = []
    monkeypatch.setattr(isolation, "claim_slot", lambda: taken.append(1) or (0, None))
    with pytest.raises(ValueError, match=says):
        Sandbox(Path("/nonexistent"), limits)
    assert not taken
    assert Limits(open_files=202).check() == Limits(open_files=202)


def test_the_status_says_why_submissions_cannot_be_isolated(monkeypatch):
    status = isolation.isolation_status.__wrapped__
    monkeypatch.setenv("GAMELIB_NO_ISOLATION", "1")
    assert status() == (False, "GAMELIB_NO_ISOLATION is set")
    monkeypatch.delenv("GAMELIB_NO_ISOLATION")
    monkeypatch.setattr(isolation, "_bwrap", lambda: None)
    if isolation.sys.platform.startswith("linux"):
        assert not status().isolated and "apt-get install bubblewrap" in status().how


# -- the real thing: once on this machine's cgroups, once a real sandbox ---------------------------------

def test_a_real_control_group_holds_the_limits_and_kills_every_process_in_it():
    why = ControlGroup.available()
    if why:
        pytest.skip(f"no control group can be made here (root and a writable cgroup are needed): {why}")
    group = ControlGroup(f"gamelib-test-{os.getpid()}-{time.time_ns()}", SMALL)
    sleeper = None
    try:
        limit = "memory.max" if group.v2 else "memory.limit_in_bytes"
        assert int((group.memory_file / limit).read_text()) == 512 << 20
        sleeper = subprocess.Popen(group.enter_command(["sleep", "60"]))
        deadline = time.monotonic() + 30
        while str(sleeper.pid) not in (group.folders[0] / "cgroup.procs").read_text().split():
            assert time.monotonic() < deadline, "the command never entered its group"
            time.sleep(0.01)
        group.kill_all()
        assert sleeper.wait(timeout=30) == -9
    finally:
        if sleeper is not None and sleeper.poll() is None:
            sleeper.kill()
            sleeper.wait()
        group.remove()
    assert not any(f.exists() for f in group.folders)


INSIDE = r"""
import json, os, resource, socket
def fails(f):
    try:
        f()
        return False
    except OSError:
        return True
def connect():
    socket.create_connection(("1.1.1.1", 53), timeout=2).close()
open("/tmp/mine", "w").write("x")
print(json.dumps({
    "uid": os.getuid(), "pid": os.getpid(), "cwd": os.getcwd(),
    "interfaces": sorted(line.split(":")[0].strip() for line in open("/proc/net/dev").readlines()[2:]),
    "network": fails(connect),
    "kit read-only": fails(lambda: open("/kit/gamelib/core.py", "a")),
    "usr read-only": fails(lambda: open("/usr/evil", "w")),
    "tmp": sorted(os.listdir("/tmp")),
    "checkout": sorted(os.listdir(REPO)) if os.path.isdir(REPO) else [],
    "minimax": open("/kit/gamelib/minimax.py").read().count("def minimax"),
    "as": resource.getrlimit(resource.RLIMIT_AS)[0], "nproc": resource.getrlimit(resource.RLIMIT_NPROC)[0],
    "processes": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()),
    "environment": sorted(os.environ),
}))
"""


def test_a_real_sandbox_from_inside(student_runtime, monkeypatch):
    """One real sandbox (about 1 s): the worker's own uid, no network, the kit read-only, an empty private
    /tmp, none of the checkout, its limits, a process tree of its own; killed, it leaves nothing behind."""
    import json

    from gamelib.grading.course import REPO
    require_isolation()
    sandbox = Sandbox(student_runtime, SMALL)
    try:
        source = f"REPO = {str(REPO)!r}\n" + INSIDE
        kind, [info], _ = sandbox.end.request(("exec", source, None), time.monotonic() + 60, None)
        seen = json.loads(info["output"])
        group, slot_lock = sandbox.group, sandbox._slot_lock
    finally:
        sandbox.kill()
    if os.geteuid() == 0:
        assert seen["uid"] == sandbox.uid >= FIRST_UID
    assert seen["interfaces"] == ["lo"] and seen["network"]
    assert seen["kit read-only"] and seen["usr read-only"]
    # its own, writable; a checkout under /tmp (a CI clone) shows the top folder its Python is bound under
    bound = {Path(p).relative_to("/tmp").parts[0] for p in (sys.prefix, REPO) if Path(p).is_relative_to("/tmp")}
    assert "mine" in seen["tmp"] and set(seen["tmp"]) <= {"mine", "ipython", "matplotlib"} | bound
    assert seen["cwd"] == "/work" and seen["minimax"] == 0
    assert set(seen["checkout"]) <= {".venv"}        # of the kit's checkout, at most the Python it may hold
    assert seen["as"] <= SMALL.memory_mb << 20 and seen["nproc"] <= SMALL.processes
    assert max(seen["processes"]) < 10                                   # its own PID namespace
    assert "GAMELIB_PRIVATE_PATHS" not in seen["environment"] and "PYTHONPATH" in seen["environment"]
    assert sandbox.process.poll() is not None and slot_lock.closed
    if group is not None:
        assert not any(f.exists() for f in group.folders)


def test_without_isolation_the_workers_home_goes_with_the_sandbox(student_runtime, monkeypatch, tmp_path):
    """Not isolated (no bubblewrap: the instructor was told), the worker gets a HOME of its own under the
    temporary folder; killing the sandbox removes it and what the student's code wrote there (it was left
    behind: a folder each time a sandbox started, about six a grading)."""
    monkeypatch.setattr(isolation, "isolation_status", lambda: isolation.IsolationStatus(False, "a test"))
    monkeypatch.setattr(isolation.tempfile, "tempdir", str(tmp_path))
    sandbox = Sandbox(student_runtime, SMALL)
    try:
        kind, _, _ = sandbox.end.request(("exec", "import os\nopen(os.path.expanduser('~/left.txt'), 'w').write('x')",
                                          None), time.monotonic() + 60, None)
        homes = list(tmp_path.glob("gamelib-sandbox-*/left.txt"))
        assert kind == "done" and len(homes) == 1
    finally:
        sandbox.kill()
    assert not list(tmp_path.iterdir())
    sandbox.kill()                                  # twice is harmless


def test_a_sandbox_that_cannot_start_says_why(student_runtime, monkeypatch):
    """Its worker cannot keep the channel at file descriptors 200 and 201 under a limit of 64 open files: the
    grader says so, with the worker's own last words (it said "ValueError: flush of closed file", the
    worker's stderr read after it was closed).  (``Limits.check`` refuses such a limit first; it is
    switched off here to reach a worker that dies.)"""
    require_isolation()
    monkeypatch.setattr(Limits, "check", lambda self: self)
    with pytest.raises(SandboxGone, match="(?s)did not start.*Bad file descriptor"):
        Sandbox(student_runtime, SMALL._replace(open_files=64))
