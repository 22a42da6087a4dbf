"""Run a student's function so that nothing it does can stop the grading of the next test.

:func:`run` calls it and returns a :class:`Run`: what it returned, or the exception it raised.  A
function of a submission being graded lives in the sandbox (a
:class:`~gamelib.grading.executor.RemoteFunction`): :func:`run` hands the call to it, and the sandbox's
worker (:mod:`gamelib.grading.worker`) applies the guards below there, with the grader's own deadline
behind them.  A function in the student's own kernel (the public checks they run while working) is
called here, in-process, with four guards around the call:

* **time**: a per-call limit on the *CPU time* the call uses (SIGPROF in the main thread, a
  line-by-line clock check elsewhere), so a correct answer is never timed out because the grading
  machine is busy with other work (in the sandbox, each question to the grader's game counts a fixed
  price instead of the channel's work, :func:`student_time`); a call that waits without computing
  (``time.sleep``, ``input``) is stopped by a limit ``WALL_FACTOR`` times longer on the wall clock, less
  any time the call spent queued for a CPU (fair time, :mod:`gamelib.grading.clock`).  An infinite
  loop becomes status 'timeout' and the next test is graded.  The alarm keeps firing every 50 ms until the call
  returns, and from the second alarm on every line raises, so a bare ``except:`` inside the loop
  cannot swallow it;
* **output**: everything printed goes to a capped buffer: megabytes of prints cost a counter, never
  a notebook output (the count is reported);
* **gamelib's own searches**: a profile hook notes every call into gamelib's search modules (minimax,
  alpha-beta, ...); calling the reference instead of writing it is reported by name;
* **exceptions**: any exception, ``SystemExit`` included, is caught and located in the student's code.
"""
from __future__ import annotations

import contextlib
import io
import math
import numbers
import os
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import Any, NamedTuple

from . import clock
from .tracing import BudgetExceeded
from .unanswered import check_unanswered

_GAMELIB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

thread_time = getattr(time, "thread_time", time.perf_counter)
"""This thread's CPU seconds.  Pyodide (JupyterLite, the course in the browser) has no
``time.thread_time`` and its ``time.process_time()`` is always 0; there the wall clock stands in (in
a browser tab the student's code is all that runs), so the public checks import and stop a runaway
loop there too."""


def student_time() -> float:
    """The clock of every CPU-time limit: this thread's CPU seconds (:data:`thread_time`), less the
    channel's work in the sandbox, each question to the grader counting a fixed
    :data:`gamelib.grading.clock.QUESTION_CPU` instead (:func:`gamelib.grading.clock.channel_credit`;
    outside the sandbox there is no channel, and this is :data:`thread_time`)."""
    return thread_time() - clock.channel_credit()


def _process_student_time() -> float:
    """:func:`student_time` for the whole process (every thread), as ``ITIMER_PROF`` counts."""
    return time.process_time() - clock.channel_credit()

SEARCH_MODULES = ("minimax.py", "alphabeta.py", "limits.py", "star.py", "montecarlo.py", "lookup.py",
                  "players.py", "experiments")
"""gamelib's searches and experiments: what an exercise asks a student to write, so never to call."""

WALL_FACTOR = 5
"""A call is also stopped once ``WALL_FACTOR`` times its time limit has passed in fair time: on the wall
clock, less the time it was queued for a CPU (the limit itself counts CPU time, which a call that only
waits never uses; fair time never counts the machine's other work against it)."""

OUTPUT_KEPT = 2000
"""Characters of a student's printed output kept for feedback; the rest is only counted."""


class TimeLimitExceeded(BaseException):
    """The call ran past its time limit (a BaseException, so ``except Exception`` cannot catch it)."""


class Run(NamedTuple):
    """What happened when a student's function was called.

    status     'ok', 'error' (it raised), 'timeout' (past the time limit) or 'budget' (it arrived at
               more nodes than the budget: a loop, or a search far larger than asked)
    returned   what it returned (status 'ok')
    error      the exception it raised (status 'error')
    where      the line of the student's code that raised, as "line 7: v = min_value(...)"
    seconds    how long the call took
    printed    how many characters it printed; ``output`` holds the first :data:`OUTPUT_KEPT`
    forbidden  gamelib search functions it called, first called first, as "gamelib.minimax.minimax"
    """

    status: str
    returned: Any = None
    error: BaseException | None = None
    where: str = ""
    seconds: float = 0.0
    printed: int = 0
    output: str = ""
    forbidden: tuple = ()


class CappedStream(io.TextIOBase):
    """A text stream that keeps the first ``limit`` characters written to it and counts the rest."""

    def __init__(self, limit: int = OUTPUT_KEPT):
        self.limit, self.count, self.parts = limit, 0, []

    def write(self, s):
        s = str(s)
        room = self.limit - min(self.count, self.limit)
        if room:
            self.parts.append(s[:room])
        self.count += len(s)
        return len(s)

    def writable(self):
        return True

    @property
    def text(self) -> str:
        return "".join(self.parts)


def _is_search_file(filename: str, watched=SEARCH_MODULES) -> bool:
    if not filename.startswith(_GAMELIB):
        return False
    rel = os.path.relpath(filename, _GAMELIB)
    return rel.split(os.sep)[0] in watched


@contextmanager
def _watch_calls(found: dict, on=True, allowed=()):
    """Note (in ``found``) every call into gamelib's search modules (``on=True``), or into the modules
    and subpackages of gamelib named in ``on`` (a tuple such as ``('imperfect',)``), while the block
    runs; functions named in ``allowed`` are not noted."""
    if not on:
        yield
        return
    watched = SEARCH_MODULES if on is True else tuple(on)
    previous = sys.getprofile()
    cache = {}

    def hook(frame, event, arg):
        if event == "call":
            code = frame.f_code
            hit = cache.get(code)
            if hit is None:
                hit = cache[code] = _is_search_file(code.co_filename, watched) and code.co_name not in allowed
            if hit:
                module = frame.f_globals.get("__name__", "gamelib")
                found.setdefault(f"{module}.{getattr(code, 'co_qualname', code.co_name)}", None)

    sys.setprofile(hook)
    try:
        yield
    finally:
        sys.setprofile(previous)


@contextmanager
def time_limit_of(seconds: float | None):
    """Raise TimeLimitExceeded in this thread once the block has used ``seconds`` of CPU time
    (:func:`student_time`), or ``WALL_FACTOR * seconds`` of fair time have passed (and every 50 ms
    after), until it ends.  The alarms of the process's CPU time and of the wall clock come first; when
    some of that CPU time was the channel's, or the thread spent some of that wall time queued for a
    CPU, the alarm is set again for what is left."""
    if seconds is None:
        yield
        return
    state = {"active": True, "alarms": 0}
    message = f"no answer within {seconds:g} s of CPU time"
    waited, fair = WALL_FACTOR * seconds, clock.this_thread()
    started = fair()
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        previous_trace = sys.gettrace()
        cpu_started, credit = _process_student_time(), clock.channel_credit()

        def on_alarm(signum, frame):
            if not state["active"]:
                return
            if signum == signal.SIGPROF and not state["alarms"] and clock.channel_credit() != credit:
                left = cpu_started + seconds - _process_student_time()
                if left > 0:
                    signal.setitimer(signal.ITIMER_PROF, max(left, 0.001), 0.05)   # the channel's: not its time
                    return
            left = started + waited - fair()
            if signum == signal.SIGALRM and left > 0 and not state["alarms"]:
                signal.setitimer(signal.ITIMER_REAL, left, 0.05)   # it queued for a CPU: not its time
                return
            state["alarms"] += 1
            if state["alarms"] > 1:       # the first alarm was swallowed: raise at every line from now on
                _raise_everywhere(frame, state, message)
            raise TimeLimitExceeded(message)

        old = {sig: signal.signal(sig, on_alarm) for sig in (signal.SIGPROF, signal.SIGALRM)}
        signal.setitimer(signal.ITIMER_PROF, seconds, 0.05)                 # CPU time of the process
        signal.setitimer(signal.ITIMER_REAL, waited, 0.05)                  # the wall clock, then fair time
        try:
            yield
        finally:
            state["active"] = False
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
            for sig, handler in old.items():
                signal.signal(sig, handler)
            if state["alarms"] > 1:
                sys.settrace(previous_trace)
        return
    # Not the main thread (no signals there): every line checks the clocks.  Slower, and a call that
    # blocks in C (time.sleep) is only stopped when it returns, but a loop never runs on.
    cpu_deadline = student_time() + seconds
    wall_deadline = time.monotonic() + waited
    previous_trace = sys.gettrace()

    def check(f, event, arg):
        nonlocal wall_deadline
        if state["active"] and (student_time() > cpu_deadline or time.monotonic() > wall_deadline) \
                and os.path.abspath(f.f_code.co_filename) not in _OURS:
            left = started + waited - fair()
            if student_time() <= cpu_deadline and left > 0:
                wall_deadline = time.monotonic() + left       # it queued for a CPU: not its time
                return check
            raise TimeLimitExceeded(message)
        return check

    sys.settrace(check)
    try:
        yield
    finally:
        state["active"] = False
        sys.settrace(previous_trace)


_OURS = (os.path.abspath(__file__), os.path.abspath(contextlib.__file__))


def _raise_everywhere(frame, state, message):
    """Make every line the student's code runs raise TimeLimitExceeded (a loop that swallows the alarm
    with a bare ``except`` then raises again in its own handler, and so escapes it)."""
    def killer(f, event, arg):
        if state["active"] and event in ("line", "call") and os.path.abspath(f.f_code.co_filename) not in _OURS:
            raise TimeLimitExceeded(message)
        return killer

    sys.settrace(killer)
    while frame is not None:
        frame.f_trace, frame.f_trace_lines = killer, True
        frame = frame.f_back


def where_raised(error: BaseException) -> str:
    """The innermost line of the traceback outside gamelib (the student's code), as 'line N: code'."""
    frames = traceback.extract_tb(error.__traceback__)
    for frame in reversed(frames):
        if not frame.filename.startswith(_GAMELIB):
            code = (frame.line or "").strip()
            return f"line {frame.lineno} of your code: {code}" if code else f"line {frame.lineno}"
    return ""


def run(fn, *args, time_limit: float | None = 2.0, watch=True, allowed=(), **kwargs) -> Run:
    """Call ``fn(*args, **kwargs)`` under the guards above and report what happened.  ``watch=False``
    leaves out the watch on gamelib's searches (for a student's evaluation function, which gamelib's
    own search calls); ``watch=('imperfect',)`` watches those parts of gamelib instead, and
    ``allowed`` names functions there a student may call (``('percept',)``).  A function of a
    submission in the sandbox runs there, under the same guards."""
    remote = getattr(fn, "remote_run", None)
    if remote is not None:
        return remote(args, kwargs, time_limit)
    r = guarded(fn, args, kwargs, time_limit, watch, allowed)
    check_unanswered(r.error)       # in a notebook, a function not written yet is said, not failed
    return r


def guarded(fn, args, kwargs, time_limit, watch=True, allowed=()) -> Run:
    """:func:`run`'s guards around a call in this process (the student's kernel, or the sandbox's
    worker)."""
    stream, found = CappedStream(), {}
    fair = clock.this_thread()
    start, cpu_start, fair_start = time.perf_counter(), student_time(), fair()
    status, returned, error = "ok", None, None
    try:
        with redirect_stdout(stream), redirect_stderr(stream), _watch_calls(found, watch, allowed), \
                time_limit_of(time_limit):
            returned = fn(*args, **kwargs)
    except TimeLimitExceeded as e:
        status, error = "timeout", e
    except BudgetExceeded as e:
        status, error = "budget", e
    except KeyboardInterrupt:
        raise
    except BaseException as e:                               # noqa: BLE001 -- anything a student raises
        status, error = "error", e
    seconds, cpu, fair_seconds = time.perf_counter() - start, student_time() - cpu_start, fair() - fair_start
    if status == "ok" and time_limit is not None and (cpu > time_limit or fair_seconds > WALL_FACTOR * time_limit):
        status = "timeout"                                   # it caught the alarm and carried on
    return Run(status, returned, error, where_raised(error) if status == "error" else "",
               seconds, stream.count, stream.text, tuple(found))


def cpu_clock(*fns):
    """A clock of the CPU seconds spent on a student's functions ``fns``: this thread's CPU time, plus,
    for a function of a submission in the sandbox, the CPU time its calls took there."""
    remote = [f for f in fns if getattr(f, "remote_run", None) is not None]
    return lambda: thread_time() + sum(f.cpu for f in remote)


def describe_returned(x) -> str:
    """A short, safe description of a returned value for feedback: its type and a truncated repr."""
    text = repr(x)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(x).__name__} {text}"


def is_number(x) -> bool:
    """A real number that is not a bool and not NaN (numpy numbers count)."""
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and not math.isnan(x)
