"""gamelib.grading.guard: a student's code runs under a CPU-time limit (in or outside the main thread), its
exceptions, exits and printing are caught and located, and a call to gamelib's own search is detected."""
import threading
import time

import pytest

from gamelib import GameTree, minimax
from gamelib.grading import guard as sandbox

from ..strategies import FIG_5_2
from .students import _burn, _loop


def _stubborn():
    while True:
        try:
            while True:
                pass
        except BaseException:                                  # noqa: BLE001 -- what a student might write
            pass


@pytest.mark.parametrize("fn", [_loop, _stubborn, lambda: time.sleep(60)], ids=["loop", "bare-except", "sleep"])
def test_an_infinite_loop_is_stopped_at_the_time_limit(fn):
    start = time.perf_counter()
    r = sandbox.run(fn, time_limit=0.2)
    assert r.status == "timeout" and time.perf_counter() - start < 2


@pytest.mark.parametrize("seconds", [0.05, 0.5])
def test_the_time_limit_counts_cpu_time_not_a_busy_machine(seconds):
    """A call that waits (as it would on a grading machine busy with other work) is not timed out
    before WALL_FACTOR times the limit; one that computes past the limit is."""
    waited = sandbox.run(lambda: time.sleep(0.5) or 42, time_limit=0.2)
    assert waited.status == "ok" and waited.returned == 42 and waited.seconds >= 0.5
    computed = sandbox.run(_burn, seconds, time_limit=0.2)
    assert computed.status == ("ok" if seconds < 0.2 else "timeout")
    assert sandbox.WALL_FACTOR * 0.2 > 0.5


def test_the_time_limit_works_outside_the_main_thread_too():
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("r", sandbox.run(_loop, time_limit=0.2)))
    thread.start()
    thread.join(5)
    assert not thread.is_alive() and out["r"].status == "timeout"


def test_exceptions_and_exits_are_caught_and_located():
    def student():
        values = {}
        return values["missing"]

    r = sandbox.run(student)
    assert r.status == "error" and isinstance(r.error, KeyError)
    assert "values[\"missing\"]" in r.where
    assert sandbox.run(lambda: exit(3)).status == "error"


def test_printing_is_counted_not_shown(capsys):
    r = sandbox.run(lambda: [print("x" * 1000) for _ in range(5000)] and 7)
    assert r.returned == 7 and r.printed > 5_000_000 and len(r.output) == sandbox.OUTPUT_KEPT
    assert capsys.readouterr().out == ""


def test_calling_gamelibs_own_search_is_detected_by_name():
    r = sandbox.run(lambda: minimax(GameTree.from_nested(FIG_5_2)).value)
    assert r.returned == 3 and r.forbidden[0] == "gamelib.minimax.minimax"
    assert sandbox.run(lambda: GameTree.from_nested(FIG_5_2).actions("A")).forbidden == ()



def test_the_grading_checks_work_on_a_platform_without_thread_time_or_timers():
    """Issue 33: Pyodide (JupyterLite) has no time.thread_time and no signal.setitimer, and
    ``from gamelib.grading import TracedGame, checks`` failed at import there.  In a Python made to
    look like it (a fresh process, so nothing else sees the change) every CPU-time limit reads
    guard.thread_time, the wall clock, and a runaway loop is still stopped."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import signal, time
        del time.thread_time, signal.setitimer
        from gamelib.grading import TracedGame, checks, guard
        assert guard.thread_time is time.perf_counter

        def forever():
            while True:
                pass
        run = guard.guarded(forever, (), {}, 0.2)
        print(run.status, round(run.seconds, 1))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    status, seconds = done.stdout.split()
    assert status == "timeout" and float(seconds) < 5
