"""The worker, the sandbox's side of grading (gamelib.grading.worker), run here as a plain child process over
two pipes, without bubblewrap (tests/grading/test_isolation.py starts it in a real sandbox): its life (it says
it is ready, answers each request, survives a student's error and a cell past its time, stops on ``bye``,
and a crash is a clear SandboxGone to the grader), what it answers to each request, and the audit hook that
stands in for the sandbox where there is none."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from gamelib.grading.remote import ChannelError, GraderEnd, SandboxGone

WAIT = 60.0
"""Seconds any one answer may take here (a loaded machine starts IPython slowly); no test waits for it."""


class Worker:
    """A worker process and the grader's end of its channel."""

    def __init__(self, tmp, env=None):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp), "IPYTHONDIR": str(tmp / "ipython"),
               "MPLBACKEND": "Agg", "GAMELIB_CHANNEL": f"{to_r},{from_w}", **(env or {})}
        self.process = subprocess.Popen([sys.executable, "-m", "gamelib.grading.worker"], pass_fds=(to_r, from_w),
                                        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        os.close(to_r)
        os.close(from_w)
        self.end = GraderEnd(from_r, to_w)
        self.ready = self.end.receive(self.deadline())

    @staticmethod
    def deadline():
        return time.monotonic() + WAIT

    def ask(self, *message):
        """``(kind, fields, decode)`` of the worker's answer (``decode`` reads a field sent as data, a
        student's function as a handle ``("fn", k, name)``)."""
        return self.end.request(message, self.deadline(), lambda k, name: ("fn", k, name))

    def get(self, name):
        """``(kind, [value])`` of the worker's answer to 'get', its data read back."""
        kind, fields, decode = self.ask("get", name)
        return kind, [decode(f) for f in fields] if kind == "value" else fields

    def exec(self, source, cpu_limit=None) -> dict:
        kind, [info], _ = self.ask("exec", source, cpu_limit)
        assert kind == "done"
        return info

    def call(self, k, *args, time_limit=5.0):
        """The worker's answer to a call of the student's function ``k``, what it returned read back."""
        kind, [answer], decode = self.ask("call", k, list(args), {}, time_limit)
        assert kind == "ret"
        return {**answer, "returned": decode(answer["returned"])}

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=WAIT)
        self.process.stderr.close()
        for fd in (self.end.rfd, self.end.wfd):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture(scope="module")
def worker(tmp_path_factory):
    w = Worker(tmp_path_factory.mktemp("worker"))
    yield w
    w.close()


@pytest.fixture
def fresh(tmp_path):
    """A worker of its own, for a test that ends it."""
    w = Worker(tmp_path)
    yield w
    w.close()


def test_a_started_worker_says_it_is_ready_and_who_it_is(worker):
    kind, fields, decode = worker.ready
    info = fields[0]
    assert kind == "ready"
    assert info["pid"] == worker.process.pid and info["uid"] == os.getuid()
    assert info["python"] == sys.version.split()[0]


def test_a_cell_runs_in_one_namespace_and_reports_what_it_printed(worker):
    assert worker.exec("x = 20\nprint('hello')") == {"printed": 6, "output": "hello\n", "error": None}
    assert worker.exec("x += 1\nprint(x * 2)")["output"] == "42\n"
    info = worker.exec("%time y = x")                            # an IPython cell: magics work
    assert info["error"] is None and worker.get("y") == ("value", [21])


def test_what_a_cell_prints_is_kept_short_and_counted(worker):
    info = worker.exec("print('x' * 100_000)")
    assert info["printed"] == 100_001 and len(info["output"]) <= 4000


def test_a_cells_error_is_reported_and_the_worker_goes_on(worker):
    info = worker.exec("raise ValueError('no ' * 1000)")
    assert info["error"]["type"] == "ValueError" and len(info["error"]["message"]) <= 500
    assert worker.exec("def broken(:")["error"]["type"] == "SyntaxError"
    assert worker.exec("print('still here')")["output"] == "still here\n"


def test_a_cell_past_its_cpu_limit_is_stopped_and_the_worker_goes_on(worker):
    info = worker.exec("while True:\n    pass", cpu_limit=0.2)
    assert info["error"]["type"] == "TimeLimitExceeded"
    assert worker.exec("print('next')")["output"] == "next\n"


def test_a_name_is_sent_as_data_and_a_function_as_a_handle(worker):
    worker.exec("data = {'a': (1, 2.5), 'b': {3}}\ndef double(n):\n    return 2 * n\nclass Mine: pass\nmine = Mine()")
    assert worker.get("data") == ("value", [{"a": (1, 2.5), "b": {3}}])
    kind, [(tag, k, name)] = worker.get("double")
    assert (kind, tag, name) == ("value", "fn", "double")
    kind, [opaque] = worker.get("mine")
    assert kind == "value" and opaque.type_name == "Mine" and opaque != opaque
    assert worker.get("nowhere") == ("missing", [])
    assert worker.get(5) == ("missing", [])


def test_a_value_too_deep_to_grade_is_refused_not_sent(worker):
    worker.exec("deep = []\nfor _ in range(200):\n    deep = [deep]")
    kind, [why] = worker.get("deep")
    assert kind == "bad" and "nests too deeply" in why


def test_a_call_runs_the_students_function_and_reports_what_happened(worker):
    worker.exec("def double(n):\n    print('doubling')\n    return 2 * n\n"
                "def fails(n):\n    return 1 / n\n"
                "def sleeps():\n    while True:\n        pass")
    calls = {}
    for name in ("double", "fails", "sleeps"):
        calls[name] = worker.get(name)[1][0][1]
    answer = worker.call(calls["double"], 21)
    assert answer["status"] == "ok" and answer["returned"] == 42
    assert answer["output"] == "doubling\n" and answer["forbidden"] == []
    answer = worker.call(calls["fails"], 0)
    assert answer["status"] == "error" and answer["error"]["type"] == "ZeroDivisionError"
    assert "return 1 / n" in answer["error"]["where"]
    assert worker.call(calls["sleeps"], time_limit=0.2)["status"] == "timeout"
    assert worker.ask("call", 999, [], {}, 1.0)[:2] == ("bad", ["no such function"])


def test_an_unknown_request_is_answered_bad_and_a_stale_answer_skipped(worker):
    assert worker.ask("frobnicate", 1)[:2] == ("bad", ["unknown request 'frobnicate'"])
    worker.end.send("ok", 12345, ("value", "an answer the worker stopped waiting for"))
    assert worker.exec("print('in step')")["output"] == "in step\n"


def test_bye_ends_the_worker(fresh):
    fresh.end.send("bye")
    assert fresh.process.wait(timeout=WAIT) == 0


def test_a_worker_that_dies_is_sandbox_gone_to_the_grader_never_a_hang(fresh):
    with pytest.raises(SandboxGone):
        fresh.exec("import os\nos._exit(3)")
    assert fresh.process.wait(timeout=WAIT) == 3


def test_a_worker_that_writes_garbage_on_the_channel_is_a_channel_error(fresh):
    with pytest.raises(ChannelError, match="not JSON|at most"):
        fresh.exec("import os\nos.write(201, b'\\x00\\x00\\x00\\x05hello')\nimport time\ntime.sleep(60)")


HOOKED = """
import json, os, subprocess, sys
from gamelib.grading.worker import guard_without_sandbox
private, allowed = sys.argv[1:3]
guard_without_sandbox([private], [allowed])
def tried(f):
    try:
        f()
        return "allowed"
    except PermissionError as e:
        return "refused"
print(json.dumps({
    "secret": tried(lambda: open(os.path.join(private, "secret.txt")).read()),
    "listing": tried(lambda: os.listdir(private)),
    "allowed": tried(lambda: open(os.path.join(allowed, "ok.txt")).read()),
    "elsewhere": tried(lambda: open(sys.executable, "rb").close()),
    "program": tried(lambda: subprocess.run(["true"])),
    "system": tried(lambda: os.system("true")),
    "other process": tried(lambda: os.kill(1, 0)),
    "itself": tried(lambda: os.kill(os.getpid(), 0)),
    "its /proc": tried(lambda: open("/proc/self/status").read()),
    "another's /proc": tried(lambda: open("/proc/1/status").read()),
    "C code": tried(lambda: __import__("ctypes").CDLL(None)),
}))
"""


def test_without_a_sandbox_the_audit_hook_refuses_private_files_programs_and_signals(tmp_path):
    private, allowed = tmp_path / "course", tmp_path / "course" / "runtime"
    allowed.mkdir(parents=True)
    (private / "secret.txt").write_text("the course secret")
    (allowed / "ok.txt").write_text("fine")
    done = subprocess.run([sys.executable, "-c", HOOKED, str(private), str(allowed)], capture_output=True, text=True,
                          timeout=WAIT)
    assert json.loads(done.stdout) == {
        "secret": "refused", "listing": "refused", "allowed": "allowed", "elsewhere": "allowed",
        "program": "refused", "system": "refused", "other process": "refused", "itself": "allowed",
        "its /proc": "allowed", "another's /proc": "refused", "C code": "refused"}, done.stderr
