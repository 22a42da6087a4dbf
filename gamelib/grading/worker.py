"""What runs inside the sandbox: the student's cells, and calls of the student's functions.

``python -m gamelib.grading.worker`` is started by :mod:`gamelib.grading.isolation` inside the sandbox,
with the student runtime (:mod:`gamelib.grading.runtime`: the game protocol and the games, no searches
to copy) on its path and the channel's two pipes named in ``GAMELIB_CHANNEL``.  It obeys the grader:

* ``exec``: run one of the student's cells (an IPython cell, so magics work) in the notebook's
  namespace, under a limit on CPU time, and report what it printed (the start of it) and the error it
  raised, if any;
* ``get``: send the value of a name of that namespace, as data (a function goes as a handle);
* ``call``: call one of the student's functions with the grader's arguments, under
  :func:`gamelib.grading.guard.guarded` (a limit on CPU time, output captured), and send back what it
  returned or raised;
* ``bye``: stop.

Nothing here decides anything: the grader checks what comes back.  A student's code can change this
worker as it likes; it only changes what the student's own side says.
"""
from __future__ import annotations

import os
import sys

from .guard import TimeLimitExceeded, CappedStream, student_time, time_limit_of, guarded, where_raised
from .remote import ANSWERS, SandboxEnd, error_info

CHANNEL_FDS = (200, 201)
"""Where the worker keeps the channel (out of the way of the student's own files)."""


def _error_classes() -> dict:
    """The exception classes of the student runtime by name, so an error the grader's game raises
    (an illegal move, say) reaches the student's code as the class it would catch."""
    from .. import core
    return {name: obj for name, obj in vars(core).items()
            if isinstance(obj, type) and issubclass(obj, Exception)}


def _shell(namespace: dict):
    """An IPython shell over ``namespace`` (magics such as ``%time`` or ``!ls`` work in the student's
    cells), without history or colours."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config
    c = Config()
    c.HistoryManager.enabled = False
    c.InteractiveShell.colors = "NoColor"
    c.InteractiveShell.xmode = "Plain"
    shell = InteractiveShell.instance(config=c, user_ns=namespace)
    return shell


class Worker:
    def __init__(self, end: SandboxEnd):
        self.end = end
        self.namespace: dict = {"__name__": "__main__"}
        self.shell = _shell(self.namespace)
        end.serve = self.serve

    def serve(self, kind: str, fields) -> None:
        handler = getattr(self, f"do_{kind}", None)
        if handler is None:
            self.end.send("bad", f"unknown request {kind!r}")
            return
        handler(*fields)

    def do_exec(self, source: str, cpu_limit: float | None = None) -> None:
        stream = CappedStream(4000)
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = stream
        error = None
        try:
            with time_limit_of(cpu_limit):
                result = self.shell.run_cell(source, store_history=False, silent=False)
            failure = result.error_before_exec or result.error_in_exec
            if failure is not None:
                error = error_info(failure)
        except TimeLimitExceeded as e:
            error = error_info(e)
        finally:
            sys.stdout, sys.stderr = saved
        self.end.send("done", {"printed": stream.count, "output": stream.text, "error": error})

    def do_get(self, name: str) -> None:
        if not isinstance(name, str) or name not in self.namespace:
            self.end.send("missing")
            return
        try:
            data = self.end.data(self.namespace[name])
        except (ValueError, RecursionError) as e:
            self.end.send("bad", str(e))
            return
        self.end.send("value", data)

    def do_call(self, fn_ref: int, args, kwargs, time_limit) -> None:
        fn = self.end.functions.get(fn_ref)
        if fn is None:
            self.end.send("bad", "no such function")
            return
        forbidden = _forbidden_calls()
        del forbidden[:]
        cpu = student_time()
        r = guarded(fn, tuple(args), dict(kwargs), time_limit, watch=False)
        answer = {"status": r.status, "seconds": r.seconds, "cpu": student_time() - cpu, "printed": r.printed,
                  "output": r.output, "forbidden": list(dict.fromkeys(forbidden))}
        if r.status == "error":
            answer["error"] = {**error_info(r.error), "where": where_raised(r.error)}
        elif r.status == "budget":
            answer["error"] = error_info(r.error)
        try:
            answer["returned"] = self.end.data(r.returned) if r.status == "ok" else None
        except (ValueError, RecursionError) as e:
            answer.update(status="error", error={"type": "ValueError", "message": str(e), "where": ""})
            answer["returned"] = None
        self.end.send("ret", answer)

    def do_bye(self) -> None:
        sys.exit(0)


def _preload() -> None:
    """Import what a student's cells import before the audit hook is on (numpy loads C libraries)."""
    for name in ("numpy", "matplotlib", "matplotlib.pyplot", "scipy", "networkx"):
        try:
            __import__(name)
        except Exception:                                        # noqa: BLE001 -- not installed: not needed
            pass


def _forbidden_calls() -> list:
    """The runtime's list of calls into gamelib's withheld functions (filled by their stubs)."""
    import gamelib
    return getattr(gamelib, "_forbidden_calls", [])


PRIVATE_ENV = "GAMELIB_PRIVATE_PATHS"
"""Without a sandbox (no bubblewrap), the folders the worker's code may not read: the kit's checkout
(gamelib's searches, the solutions, the tests), the course folder, the submissions (os.pathsep-separated,
set by the grader); ``GAMELIB_ALLOWED_PATHS``: folders inside them it may read (Python's own, the
student runtime)."""
REFUSED_EVENTS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "pty.spawn",
                  "ctypes.dlopen", "ctypes.dlsym", "ctypes.cdata", "sys._current_frames", "os.fork")
"""Without a sandbox: what the worker's code may not do (start programs that would read what Python
may not, load C code that would do the same, reach into the grader's frames)."""


def guard_without_sandbox(private: list[str], allowed: list[str]) -> None:
    """Without a sandbox, refuse the student's code the files of ``private`` (except ``allowed``) and
    the events of :data:`REFUSED_EVENTS`, with a Python audit hook (PEP 578): it cannot be removed from
    Python, and it sees every file Python opens, imports included.  A determined attacker with a C
    extension of their own could still get past it; only the sandbox isolates (the grader says so)."""
    private = [os.path.realpath(p) for p in private if p]
    allowed = [os.path.realpath(p) for p in allowed if p]

    def under(path: str, roots: list[str]) -> bool:
        return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)

    def hook(event, args):
        if event in ("open", "os.listdir", "os.scandir", "glob.glob", "shutil.copyfile", "os.chdir") and args:
            target = args[0]
            if isinstance(target, bytes):
                target = os.fsdecode(target)
            if not isinstance(target, str):
                return
            path = os.path.realpath(target)
            if (under(path, private) and not under(path, allowed)) or \
                    (path.startswith("/proc/") and not path.startswith(("/proc/self/", f"/proc/{os.getpid()}/"))):
                raise PermissionError(f"{target}: not readable while your work is graded")
        elif event in ("os.kill", "os.killpg") and args and args[0] not in (0, os.getpid()):
            raise PermissionError("signalling another process is not allowed while your work is graded")
        elif event.startswith(REFUSED_EVENTS):
            raise PermissionError(f"{event} is not allowed while your work is graded")

    sys.addaudithook(hook)


def main() -> None:
    r, w = (int(x) for x in os.environ["GAMELIB_CHANNEL"].split(","))
    r2, w2 = CHANNEL_FDS
    os.dup2(r, r2)
    os.dup2(w, w2)
    os.close(r)
    os.close(w)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(devnull, fd)
    end = SandboxEnd(r2, w2, _error_classes())
    worker = Worker(end)
    if os.environ.get(PRIVATE_ENV):
        _preload()
        guard_without_sandbox(os.environ[PRIVATE_ENV].split(os.pathsep),
                              os.environ.get("GAMELIB_ALLOWED_PATHS", "").split(os.pathsep))
    end.send("ready", {"python": sys.version.split()[0], "pid": os.getpid(), "uid": os.getuid()})
    while True:
        message = end.receive()
        if message[0] in ANSWERS:
            continue                    # a stale answer to a request whose wait the time limit cut short
        worker.serve(message[0], message[1:])


if __name__ == "__main__":
    main()
