"""The clock of the grader's time limits: the seconds the graded code had, never the seconds it queued.

A limit on the wall clock makes a student pay for the machine's other work: on two cores shared with
twenty busy processes, a search that needs 1 s of CPU takes 10 s, and an honest answer would be
stopped.  So every time limit of the grader is kept on one of two clocks, and neither counts the time a
process was ready to run but waiting for a CPU:

* **CPU time** (:data:`gamelib.grading.guard.thread_time`) for what computes: each call's limit, each
  question's budget of cases;
* **fair time** (:class:`FairClock`) for what may also wait, so that code that sleeps, waits on input or
  blocks in C is stopped too: the wall clock, less the time the watched threads spent *runnable and
  queued for a CPU* (Linux's scheduler statistics: the second field of
  ``/proc/<pid>/task/<tid>/schedstat``, in nanoseconds).  Code that computes uses fair time only as
  fast as it gets a CPU; code that sleeps uses it as fast as the wall clock.

Where the statistics cannot be read (not Linux, a kernel without ``CONFIG_SCHED_INFO``, Pyodide), fair
time is the wall clock, as before.  The grader watches its own thread and its sandbox's worker
(:class:`gamelib.grading.executor.Session`); the worker watches the thread that runs the student's call
(:func:`gamelib.grading.guard.time_limit_of`).

Two things are not the student's code's, and neither clock charges them to it:

* **the channel's work** (:func:`channel_work`): a search in the sandbox asks the grader's game
  every question (thousands of round trips of the channel, :mod:`gamelib.grading.remote`), and the
  sandbox's side of each, 60-190 µs of CPU time, cost three to six times what the student's own code
  did in the 616-node alpha-beta of tests/grading/test_clock.py (at load 3-8 that search used
  0.11-0.13 s of CPU against its 0.1 s limit, on a CPU of its own too, and timed out; CPU time itself
  is not the same on a busy machine: other processes share the caches, and a virtual machine's host).
  A call's CPU time counts the student's code and a fixed :data:`QUESTION_CPU` for each question it
  asked, so the same code is charged the same, on any machine at any load.  The grader's own backstop
  (:class:`CpuBudget`) allows the channel's real cost for each question it answered;
* **other work of the machine** (fair time, above).  But the work of a sandbox's own other processes
  (children, each in a session of its own if it likes) is the sandbox's, so time its worker queued
  behind them is no excuse (:meth:`FairClock.charge`): a submission cannot stretch its own time by
  crowding its own worker.
"""
from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager


def thread_stats(pid: int | str = "self", tid: int | None = None) -> str:
    """The schedstat file of thread ``tid`` of process ``pid`` (the calling thread by default)."""
    if tid is None and pid == "self":
        native = getattr(threading, "get_native_id", None)       # not in every Python (Pyodide)
        return f"/proc/self/task/{native()}/schedstat" if native else "/proc/thread-self/schedstat"
    return f"/proc/{pid}/task/{pid if tid is None else tid}/schedstat"


_open: dict[str, int] = {}
"""schedstat files kept open (a read is then one ``pread``, about a microsecond): path -> descriptor."""


def _stats(path: str) -> tuple[float, float] | None:
    """(seconds on a CPU, seconds queued for one) of the thread of schedstat file ``path``, or None."""
    fd = _open.get(path)
    try:
        if fd is None:
            if len(_open) > 64:                  # threads come and go: keep a few
                close_all()
            fd = _open[path] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        ran, waited = os.pread(fd, 128, 0).split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, IndexError, ValueError):
        close(path)
        return None


def queued(path: str) -> float | None:
    """Seconds the thread of schedstat file ``path`` has spent runnable but waiting for a CPU, or None
    when that cannot be read (no such thread any more, or no scheduler statistics)."""
    stats = _stats(path)
    return None if stats is None else stats[1]


def ran(path: str) -> float | None:
    """Seconds the thread of schedstat file ``path`` has spent on a CPU (its CPU time), or None."""
    stats = _stats(path)
    return None if stats is None else stats[0]


def close(path: str) -> None:
    """Close ``path``'s schedstat file, if it is open."""
    fd = _open.pop(path, None)
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def close_all() -> None:
    for path in list(_open):
        close(path)


_away = [0.0]
"""Seconds this process's threads spent waiting for another process's answer (:func:`waiting_elsewhere`)."""


@contextmanager
def waiting_elsewhere():
    """The calling thread waits for another process's answer: the sandbox's worker, for the grader's
    answer to a game's method (thousands of times in one search).  Fair time with ``away=True`` does not
    count that wait: the grader's work, and the grader's turn for a CPU, are not the student's time.

    Only the wall clock is read here (a fraction of a microsecond): the time the thread queued for a
    CPU on waking from such a wait is then subtracted twice, which can only make the sandbox's own
    limit later, never sooner, and the grader keeps its own deadline on its own clock behind it.  (Code
    in the sandbox can reach this count too; that trades the sandbox's own limit for the grader's.)"""
    start = time.monotonic()
    try:
        yield
    finally:
        _away[0] += time.monotonic() - start


QUESTION_CPU = 1e-5
"""CPU seconds a question the sandbox asks the grader (a round trip of the channel: one of the grader's
game's methods called by the student's search) counts for in the student's CPU time, in place of what
the channel's work for it really cost (:func:`channel_work`).  That cost depends on the machine and
its load (60-190 µs of the worker's CPU a question on the two-core grading machine at load 3-30); this
does not, so the same search is charged the same everywhere.  It is a fraction of the real cost, and
more than a game's method costs in the student's own kernel (under a microsecond): a loop that only
asks questions still meets its CPU limit, if later than it did.  The 616-node alpha-beta of
tests/grading/test_clock.py (2,220 questions) is charged 0.035-0.05 s of its 0.1 s limit at load 3-30
(its worker used 0.11-0.13 s of CPU at load 3-8, and 0.3-0.4 s at load 15-25: it timed out)."""

_channel = [0.0, 0]
"""The channel's work in this process (:func:`channel_work`): CPU seconds, and questions asked."""

thread_cpu = getattr(time, "thread_time", lambda: 0.0)
"""The calling thread's CPU seconds (:func:`channel_work`'s ``since``)."""


def channel_work(since: float, questions: int = 0) -> None:
    """The calling thread has worked for the channel since ``since`` (its :func:`thread_cpu` then:
    the sandbox's side of a question to the grader, encoding it, the pipes' system calls, reading the
    answer), and asked ``questions`` questions: the student's CPU time (:func:`channel_credit`) does
    not count this work, only :data:`QUESTION_CPU` for each question.  (Code in the sandbox can reach
    this count too; that trades the sandbox's own limit for the grader's, :class:`CpuBudget`, behind
    it.)"""
    _channel[0] += thread_cpu() - since
    _channel[1] += questions


def channel_credit() -> float:
    """CPU seconds to take off this process's CPU time, or one of its threads', to get the student's:
    the channel's work so far, less :data:`QUESTION_CPU` for each question asked (it is the
    difference between two readings that counts)."""
    return _channel[0] - _channel[1] * QUESTION_CPU


class FairClock:
    """A monotonic clock that stands still while every thread it watches waits for a CPU.

    ``now()`` is ``time.monotonic()`` less the time the watched threads (:meth:`watch`) spent queued
    for a CPU since they were first watched; a thread that stops being watched (:meth:`forget`, or its
    end) keeps what it queued.  Two threads queued at the same moment would count that moment twice:
    the clock then stands still rather than going back.  CPU time charged to it (:meth:`charge`: a
    sandbox's processes besides its worker) is taken off what they queued: it never stands still for
    them."""

    def __init__(self, *paths: str, away: bool = False):
        self._start: dict[str, float] = {}        # path -> its queued seconds when first watched
        self._last: dict[str, float] = {}         # path -> its queued seconds when last read
        self._kept = 0.0                          # what forgotten threads queued while watched
        self._charged: dict = {}                  # key -> [used(), its reading when charged, since then]
        self._latest, self._wall = float("-inf"), float("-inf")   # the last exact reading, and when
        self._away = (_away[0], channel_credit()) if away else None   # waits elsewhere and the channel's
                                                                        # work, when they do not count
        for path in paths:
            self.watch(path)
        self.now()

    def charge(self, key, used) -> None:
        """From now on, the CPU seconds ``used()`` reports (None: unknown) are the watched code's own
        time: the watched threads' queueing is discounted only beyond them.  For a sandbox's processes
        besides its worker: the worker queued behind them by its own sandbox's doing.  (On two CPUs
        they may also run beside it, while it runs or waits for the grader: then the clock runs as the
        wall clock, never faster.)  :meth:`discharge` reads ``used`` a last time and keeps the total."""
        start = used()
        if start is not None and key not in self._charged:
            self._charged[key] = [used, start, 0.0]

    def discharge(self, key) -> None:
        entry = self._charged.get(key)
        if entry is not None:
            self._used(entry)
            entry[0] = None

    @staticmethod
    def _used(entry) -> float:
        if entry[0] is not None:
            now = entry[0]()
            if now is not None:
                entry[2] = max(entry[2], now - entry[1])
        return entry[2]

    def watch(self, path: str) -> None:
        """Count the time the thread of schedstat file ``path`` queues for a CPU from now on."""
        q = queued(path)
        if q is not None and path not in self._start:
            self._start[path] = self._last[path] = q

    def forget(self, path: str) -> None:
        """Stop watching ``path`` (read it one last time, if it is still there)."""
        if path in self._start:
            self._read(path)
            self._kept += self._last.pop(path) - self._start.pop(path)
            close(path)

    def _read(self, path: str) -> float:
        q = queued(path)
        if q is not None:
            self._last[path] = max(q, self._last[path])
        return self._last[path] - self._start[path]

    def queued(self) -> float:
        """Seconds the watched threads have queued for a CPU while watched, less the CPU time charged
        to the clock (never below 0), and, with ``away``, the time they waited for another process's
        answer and the channel's work (:func:`channel_credit`)."""
        away = 0.0 if self._away is None else _away[0] - self._away[0] + channel_credit() - self._away[1]
        queued = self._kept + sum(self._read(path) for path in list(self._start))
        if self._charged:
            queued = max(0.0, queued - sum(self._used(entry) for entry in self._charged.values()))
        return away + queued

    def now(self) -> float:
        wall = time.monotonic()
        self._latest, self._wall = max(self._latest, wall - self.queued()), wall
        return self._latest

    __call__ = now

    def left(self, deadline: float) -> float:
        """Fair seconds left until ``deadline``, or fewer: exact when it is near (or past), otherwise
        a bound read from the wall clock alone (fair time never runs faster than the wall clock), so
        that a deadline checked at every message of the channel costs a fraction of a microsecond."""
        bound = deadline - self._latest - (time.monotonic() - self._wall)
        return bound if bound > 0 else deadline - self.now()


class WallClock:
    """The wall clock, as a clock of the channel's deadlines (before a session's fair clock takes over)."""

    now = __call__ = staticmethod(time.monotonic)

    @staticmethod
    def left(deadline: float) -> float:
        return deadline - time.monotonic()


WALL = WallClock()


ROUND_TRIP_CPU = 1e-3
"""CPU seconds of the sandbox's that :class:`CpuBudget` allows for each question of the sandbox's the
grader answered, on top of the call's own limit: the channel's work in the sandbox, which the sandbox's
own limit does not count (:func:`channel_work`).  Measured at 60-190 µs a question on the two-core
grading machine at load 3-30; five times that leaves room for a slower one."""


class CpuBudget:
    """``clock`` for one request of the grader's, with a budget of CPU time: time is up at the deadline,
    or once ``used()`` (CPU seconds of the sandbox: all its processes, or its worker's thread, see
    :meth:`gamelib.grading.isolation.Sandbox.cpu_clock`) has grown by ``cpu`` seconds and
    :data:`ROUND_TRIP_CPU` for each question of the sandbox's that the grader answered meanwhile
    (``answered()``, the grader's own count), whichever comes first (:attr:`spent` then says it was the
    CPU).  The sandbox stops a call at its CPU limit itself; this stops, from outside, one that blocked
    that limit's signals and computes on.  ``cpus``: how many CPUs the sandbox can use at once (its
    control group's limit), so that ``used`` is read only when the budget could be near its end."""

    def __init__(self, clock, used, cpu: float, answered=lambda: 0, cpus: float = 1.0):
        self.clock, self.used, self.answered, self.cpus, self.spent = clock, used, answered, cpus, False
        self._start = used()
        self._ran, self._wall = self._start, time.monotonic()
        self._cpu, self._answered = cpu, answered()

    def now(self) -> float:
        return self.clock.now()

    __call__ = now

    def left(self, deadline: float) -> float:
        left = self.clock.left(deadline)
        if self._start is None:
            return left
        allowed = self._start + self._cpu + (self.answered() - self._answered) * ROUND_TRIP_CPU
        bound = allowed - self._ran - (time.monotonic() - self._wall) * self.cpus   # it cannot use more
        if bound <= 0:
            now = self.used()
            if now is not None:
                self._ran, self._wall = now, time.monotonic()
            bound = allowed - self._ran
            if bound <= 0:
                self.spent = True
                return 0.0
        return min(left, bound / self.cpus)


def this_thread() -> FairClock:
    """A fair clock of the calling thread (the wall clock where Linux's statistics are missing), which
    does not count the thread's waits for another process's answer either (:func:`waiting_elsewhere`),
    nor the channel's work, each question counting :data:`QUESTION_CPU` instead (:func:`channel_work`):
    in the sandbox, a call's limit of ``WALL_FACTOR`` times its CPU limit in fair time is for code that
    waits; it used to stop a search on a busy machine by the channel's work alone (616 nodes, all
    searched, with 0.5 s of fair time at load 30, where the channel's work took 0.3-0.4 s of CPU)."""
    return FairClock(thread_stats(), away=True)


def available() -> bool:
    """Whether this machine keeps the scheduler statistics fair time needs."""
    return queued(thread_stats()) is not None and os.name == "posix"


def last_descendant(pid: int) -> int:
    """The end of the chain of processes ``pid`` started (the newest child at each step; ``pid`` itself
    if it started none, or where ``/proc`` cannot tell): a sandbox's worker, below bubblewrap and the
    init process of its namespace."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return pid
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(name))
    seen = set()
    while children.get(pid) and pid not in seen:
        seen.add(pid)
        pid = max(children[pid])
    return pid
