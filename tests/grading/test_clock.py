"""gamelib.grading.clock: the grader's time limits count the time the graded code had, never the time it
queued for a CPU while the machine was busy (the same code gets the same grade on a busy machine), and
still stop code that only waits.

The busy machine is made for real, once for the whole file (:func:`busy`): a child process bound to one
CPU with twelve busy loops beside it on that CPU, so that it gets about a thirteenth of it, far less
than 1 / ``WALL_FACTOR``.  Every limit below is 0.1 s of CPU, and ``WALL_FACTOR`` × 0.1 s for waiting."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from gamelib.grading import clock
from gamelib.grading.guard import WALL_FACTOR
from gamelib.grading.isolation import isolation_status

pytestmark = pytest.mark.skipif(not clock.available() or not hasattr(os, "sched_setaffinity"),
                                reason="needs Linux's scheduler statistics and CPU affinity")

STUDENT = """
import math

def alphabeta(game, state):
    player = game.to_move(state)

    def value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        mine = game.to_move(s) == player
        best = -math.inf if mine else math.inf
        for a in game.actions(s):
            v = value(game.result(s, a), alpha, beta)
            best = max(best, v) if mine else min(best, v)
            alpha, beta = (max(alpha, best), beta) if mine else (alpha, min(beta, best))
            if alpha >= beta:
                break
        return best

    return value(state, -math.inf, math.inf)
"""


CROWDED = textwrap.dedent("""
    import json, multiprocessing, os, sys, time
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    ns = {}
    exec(sys.argv[1], ns)                       # setting up, on a CPU of its own

    def burn():
        while True:
            pass

    crowd = [multiprocessing.get_context("fork").Process(target=burn, daemon=True) for _ in range(12)]
    for p in crowd:
        p.start()
    time.sleep(0.3)
    try:
        exec(sys.argv[2], ns)                   # measured, with the crowd
        print(json.dumps(ns["result"]))
    finally:
        for p in crowd:
            p.kill()
        ns["cleanup"]()
""")

SETUP = """
import os, time
from pathlib import Path
from gamelib.games import TicTacToe
from gamelib.grading import clock, executor, guard, remote
from gamelib.grading.isolation import Limits, isolation_status
from gamelib.grading.tracing import TracedGame
from gamelib.grading.workflow import runtime_for

def compute(seconds):
    cpu = time.thread_time()
    while time.thread_time() - cpu < seconds:
        pass
    return 42

def sandboxed(work):
    # a worker process answering the grader after work(), as a sandbox does
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            work()
            remote._write(w, b"done")
        finally:
            os._exit(0)
    os.close(w)
    fair = clock.FairClock(clock.thread_stats(), clock.thread_stats(pid))
    wall = time.monotonic()
    try:
        answer = remote._read(r, fair() + WAIT, fair).decode()
    except remote.SandboxTimeout:
        answer = "timeout"
    wall, queued = time.monotonic() - wall, fair.queued()
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return [answer, wall, queued]

WAIT = guard.WALL_FACTOR * 0.1
session = None
if isolation_status().isolated:
    session = executor.Session(Path(runtime_for("02_alpha_beta", into=Path(RUNTIME))), Limits(), 300)
    session.exec(STUDENT)
    session.exec("import time\\ndef nap(seconds):\\n    time.sleep(seconds)")
    student, nap = session.get("alphabeta"), session.get("nap")

def search():
    game = TracedGame(TicTacToe(".X..O...."))
    run = guard.run(student, game, game.initial_state, time_limit=0.1)
    return [run.status, run.returned, run.seconds, len(game.visited)]

quiet = search() if session else None

def questions(n=1000):
    # a call that asks the grader n questions and computes little: its CPU limit is half what the
    # worker's CPU time for it came to, and QUESTION_CPU 0 in the sandbox (a student can set it; the
    # grader's own limits stand behind it), so only the channel's work could time it out
    game = TracedGame(TicTacToe(".X..O...."))
    before = clock.ran(session.worker_stats)
    guard.run(asker, game, game.initial_state, n, time_limit=10)
    used = clock.ran(session.worker_stats) - before
    run = guard.run(asker, game, game.initial_state, n, time_limit=used / 2)
    return [run.status, run.returned, used]

if session:
    session.exec(ASKER)
    asker = session.get("asker")
    questioned = questions()
    session.exec("clock.QUESTION_CPU = price")
cleanup = session.close if session else (lambda: None)
"""

ASKER = """
from gamelib.grading import clock
price, clock.QUESTION_CPU = getattr(clock, "QUESTION_CPU", 0), 0

def asker(game, state, n):
    for _ in range(n):
        game.to_move(state)
    return n
"""

MEASURED = """
def timed(fn, fair=None):
    # [status, returned, wall seconds, error, seconds of them queued for a CPU (on the clock ``fair``)]
    fair = fair or clock.FairClock(clock.thread_stats())
    start, queued = time.monotonic(), fair.queued()
    run = fn()
    return [run.status, run.returned, time.monotonic() - start, str(run.error), fair.queued() - queued]

fair, wall, cpu = clock.this_thread(), time.monotonic(), time.thread_time()
started = fair()
compute(0.05)
result = {"clock": [fair() - started, time.monotonic() - wall],
          "computed": timed(lambda: guard.guarded(compute, (0.06,), {}, 0.1)),
          "slept": timed(lambda: guard.guarded(time.sleep, (60,), {}, 0.1)),
          "grader computed": sandboxed(lambda: compute(0.06)),
          "grader slept": sandboxed(lambda: time.sleep(60))}
if session:
    result.update({"quiet": quiet, "busy": search(), "questions": questioned,
                   "napped": timed(lambda: guard.run(nap, 60, time_limit=0.1), session.clock)})
"""


@pytest.fixture(scope="module")
def busy(tmp_path_factory):
    """What the measurements below found on the crowded CPU (one process for them all: it takes a few
    seconds, and minutes on a machine already busy: at load 20 it took 3-6 minutes)."""
    runtime = tmp_path_factory.mktemp("runtime") / "runtime"
    setup = f"STUDENT = {STUDENT!r}\nASKER = {ASKER!r}\nRUNTIME = {str(runtime)!r}\n{SETUP}"
    done = subprocess.run([sys.executable, "-c", CROWDED, setup, MEASURED], capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_clock_stands_still_while_its_thread_queues_for_a_cpu(busy):
    fair, wall = busy["clock"]
    assert wall > 0.3                           # the crowd was real: 0.05 s of CPU took over 0.3 s
    assert fair < 0.15                          # but fair time counted little more than the 0.05 s


def test_the_clock_is_the_wall_clock_where_no_statistics_can_be_read(tmp_path):
    fair = clock.FairClock(str(tmp_path / "no-such-thread"))
    a, b, c = fair(), time.monotonic(), fair()
    assert a <= b <= c and clock.queued(str(tmp_path / "no-such-thread")) is None


def test_the_sandboxs_fair_clock_counts_a_price_for_each_question_not_the_channels_work(tmp_path):
    stats = tmp_path / "schedstat"
    stats.write_text("0 0 0\n")
    fair = clock.FairClock(str(stats), away=True)
    clock.channel_work(clock.thread_cpu() - 1.0, questions=1000)    # a second of it, for 1,000 questions
    assert fair.queued() == pytest.approx(1.0 - 1000 * clock.QUESTION_CPU, abs=0.01)   # not counted
    clock.close(str(stats))


def test_queueing_behind_the_sandboxs_own_processes_is_no_excuse(tmp_path):
    """A sandbox whose children compute beside its worker makes the worker queue for a CPU by its own
    doing: what the children used is taken off what the worker queued, so a submission cannot stretch
    its own time limits by crowding its own worker."""
    stats = tmp_path / "schedstat"                     # a thread's statistics, as Linux writes them
    stats.write_text("0 0 0\n")
    used = [0.0]
    fair = clock.FairClock(str(stats))
    fair.charge("sandbox", lambda: used[0])
    stats.write_text("1000000000 3000000000 5\n")       # it queued 3 s, while its siblings used 2 s
    used[0] = 2.0
    assert fair.queued() == pytest.approx(1.0)
    fair.discharge("sandbox")
    used[0] = 10.0                                     # no longer read
    assert fair.queued() == pytest.approx(1.0)
    clock.close(str(stats))


def test_a_call_that_computes_on_a_busy_machine_is_not_stopped_one_that_sleeps_is(busy):
    """0.06 s of computing takes longer than WALL_FACTOR × 0.1 s on the crowded CPU: it used to be
    stopped.  One that sleeps is stopped at WALL_FACTOR × 0.1 s, and the wall clock's seconds past
    that are its turns for a CPU to notice (at load 30, over a second of them)."""
    status, returned, seconds, _, _ = busy["computed"]
    assert (status, returned) == ("ok", 42) and seconds > WALL_FACTOR * 0.1
    status, _, seconds, _, queued = busy["slept"]
    assert status == "timeout" and seconds - queued < WALL_FACTOR * 0.1 + 1


def test_the_grader_waits_for_a_sandbox_that_queues_not_for_one_that_sleeps(busy):
    """The grader's end of the channel keeps its deadline (here WALL_FACTOR × 0.1 s) on a fair clock
    that watches the worker's thread too: a worker that computes on the crowded CPU is waited for past
    the deadline's wall time, one that sleeps is given up on at the deadline (and the grader's turns
    for a CPU after it: at load 30, 1.9 s of the wall clock in all)."""
    answer, seconds, _ = busy["grader computed"]
    assert answer == "done" and seconds > WALL_FACTOR * 0.1
    answer, seconds, queued = busy["grader slept"]
    assert answer == "timeout" and seconds - queued < WALL_FACTOR * 0.1 + 1


@pytest.mark.skipif(not isolation_status().isolated, reason="needs the grader's sandbox (bubblewrap)")
def test_a_search_over_the_channel_keeps_its_grade_on_a_busy_machine(busy):
    """The case that cost an honest student a point in a red-team run at load 10-19: a search in the
    sandbox asks the grader's game thousands of questions, each a round trip through the channel, and
    on a crowded CPU each round trip waits for both processes' turns.  The call needs a few hundredths
    of a second of CPU; with the crowd it takes longer than WALL_FACTOR × its limit on the wall clock,
    and used to time out.  It is now graded as on a quiet machine.  A call that sleeps is still stopped,
    by the sandbox's own limit."""
    assert busy["quiet"][:2] == ["ok", 0] and busy["quiet"][3] == 616
    status, value, seconds, visited = busy["busy"]
    assert (status, value, visited) == ("ok", 0, 616)
    assert seconds > WALL_FACTOR * 0.1                  # the crowd was real: past the old wall-clock limit
    status, _, seconds, error, queued = busy["napped"]
    assert status == "timeout" and seconds - queued < WALL_FACTOR * 0.1 + 1 and "CPU time" in error


@pytest.mark.skipif(not isolation_status().isolated, reason="needs the grader's sandbox (bubblewrap)")
def test_a_calls_cpu_time_is_its_own_code_not_the_channels_work(busy):
    """The sandbox's side of each question to the grader (encoding it, the pipes, reading the answer)
    cost about three times the student's own code in the 616-node search above, more on a busy machine,
    and was counted as the student's CPU time: that search used 0.11-0.13 s of its 0.1 s at load 5 and
    timed out.  A call asking 1,000 questions is now within half the CPU time its worker used, once the
    fixed price of a question (QUESTION_CPU) is set to 0."""
    status, returned, used = busy["questions"]
    assert (status, returned) == ("ok", 1000), used


def test_a_cpu_budget_stops_a_worker_that_computes_on_and_spares_one_that_waits():
    """The grader's backstop for a sandbox that blocked its own time limit's signals: a request is
    given up on once the worker has used its CPU budget, long before the fair-time deadline; a worker
    that waits uses none of it (that is the deadline's to stop)."""
    def waiting(seconds_of_cpu):
        child = subprocess.Popen([sys.executable, "-c", f"import time\nt = time.thread_time()\n"
                                  f"while time.thread_time() - t < {seconds_of_cpu}: pass\ntime.sleep(60)"])
        try:
            worker = clock.thread_stats(child.pid)
            budget = clock.CpuBudget(clock.FairClock(worker), lambda: clock.ran(worker), 0.3)
            deadline, start = budget() + 1.0, time.monotonic()
            while (left := budget.left(deadline)) > 0:
                time.sleep(min(left, 0.05))
            return budget.spent, time.monotonic() - start
        finally:
            child.kill()
            child.wait()

    assert waiting(60)[0]
    spent, seconds = waiting(0)
    assert not spent and seconds >= 1.0


def test_the_last_descendant_is_the_end_of_a_chain_of_processes():
    chain = subprocess.Popen(["sh", "-c", "sh -c 'sleep 30; true'; true"])
    try:
        def leaf():
            with open(f"/proc/{clock.last_descendant(chain.pid)}/cmdline", "rb") as f:
                return f.read().split(b"\0")[0]

        deadline = time.monotonic() + 10                # the chain takes a moment to grow on a busy machine
        while leaf() != b"sleep" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert leaf() == b"sleep"
    finally:
        subprocess.run(["pkill", "-P", str(chain.pid)])
        chain.kill()
        chain.wait()
