"""The executor (gamelib.grading.executor): the student's cells in the sandbox, the test cells here.  Most of
it runs against a fake sandbox (:class:`FakeSandbox`, scripted answers): the session's life (started lazily,
killed and replaced when it breaks the channel, times out or is left troubled, its cells replayed, at most
RESTARTS times), a student's function called across the channel (each way a call can end), a test cell's
names fetched from the sandbox, and the outputs written.  Then one real sandbox, killed on a call's
time-out and replaced with its namespace replayed."""
from __future__ import annotations

import itertools
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import executor
from gamelib.grading.context import Context
from gamelib.grading.executor import (RESTARTS, Forgetting, RemoteFunction, Session, StudentNames, _cell_outputs,
                                      _kit_outputs, _split_last_expression, most_time, run_test, setup_names)
from gamelib.grading.isolation import IsolationStatus, Limits
from gamelib.grading.remote import ChannelError, RemoteError, SandboxGone, SandboxTimeout

from .conftest import require_isolation

DONE = ("done", [{"printed": 0, "output": "", "error": None}])


class FakeEnd:
    """The grader's end of a fake sandbox: each request gets the next scripted answer (``(kind, fields)``,
    or an exception to raise); the data of an answer decode as themselves."""

    def __init__(self, answers):
        self.answers, self.sent = list(answers), []
        self.aborted, self.requests, self.clock, self.deadline = None, 0, None, None

    def request(self, message, deadline, remote_fn, clock=None):
        self.sent.append(message)
        answer = self.answers.pop(0) if self.answers else DONE
        if isinstance(answer, BaseException):
            raise answer
        kind, fields = answer
        return kind, fields, lambda d: remote_fn(*d[1:]) if isinstance(d, tuple) and d[:1] == ("fn",) else d

    def send(self, *message):
        self.sent.append(message)


class FakeSandbox:
    _uids = itertools.count(61000)

    def __init__(self, answers=()):
        self.end = FakeEnd(answers)
        self.killed, self.out_of_memory, self.peak_mb = False, False, None
        self.status, self.uid = IsolationStatus(True, "fake"), next(self._uids)
        self.process = type("Process", (), {"pid": 2 ** 22 + 1})()      # no such process: nothing to watch

    def alive(self):
        return not self.killed

    def kill(self):
        self.killed = True

    def besides(self, worker):
        return None

    def cpu_clock(self, worker):
        return (lambda: None), 1.0


@pytest.fixture
def sandboxes(monkeypatch):
    """``script(*answers_per_sandbox)``: the sandboxes the session starts, in order, each with its answers;
    returns the list they are appended to as they start."""
    started = []

    def script(*answers):
        queue = [list(a) for a in answers]
        monkeypatch.setattr(executor, "Sandbox", lambda runtime, limits: started.append(
            FakeSandbox(queue.pop(0) if queue else ())) or started[-1])
        return started
    return script


def _session(seconds=300.0):
    return Session(Path("/nowhere"), Limits(), seconds)


def _execs(sandbox):
    return [m[1] for m in sandbox.end.sent if m[0] == "exec"]


# -- the session's life -------------------------------------------------------------------------------------

def test_a_sandbox_is_started_only_when_asked_and_cells_run_in_order(sandboxes):
    started = sandboxes([DONE, DONE])
    session = _session()
    assert started == [] and session.sandbox is None
    session.exec("a = 1")
    session.exec("b = a")
    assert len(started) == 1 and _execs(started[0]) == ["a = 1", "b = a"] and session.restarts == 0


def test_a_sandbox_that_breaks_the_channel_is_killed_and_replaced_with_its_cells_replayed(sandboxes):
    started = sandboxes([DONE, SandboxGone("the other end closed the channel")], [DONE, DONE])
    session = _session()
    session.exec("a = 1")
    with pytest.raises(SandboxGone):
        session.exec("import os; os._exit(1)")
    assert started[0].killed and session.sandbox is None
    assert session.dead_reason == "it broke the channel (the other end closed the channel)"
    session.exec("print(a)")
    assert _execs(started[1]) == ["a = 1", "print(a)"] and session.restarts == 1


def test_a_cell_that_ran_out_of_time_is_not_replayed(sandboxes):
    timed_out = ("done", [{"printed": 0, "output": "", "error": {"type": "TimeLimitExceeded", "message": ""}}])
    started = sandboxes([DONE, timed_out, SandboxGone("gone")], [])
    session = _session()
    session.exec("a = 1")
    session.exec("while True: pass")
    with pytest.raises(SandboxGone):
        session.exec("b = 2")
    session.exec("c = 3")
    assert _execs(started[1]) == ["a = 1", "c = 3"]


def test_a_sandbox_that_does_not_answer_in_time_is_killed_saying_so(sandboxes):
    started = sandboxes([SandboxTimeout("no answer before the deadline")])
    session = _session()
    with pytest.raises(SandboxTimeout):
        session.exec("while True: pass")
    assert started[0].killed and session.timed_out == f"no answer within {executor.CELL_WALL:g} s"
    assert session.dead_reason == f"it did not answer within {executor.CELL_WALL:g} s"


def test_a_sandbox_is_restarted_at_most_restarts_times(sandboxes):
    sandboxes(*[[SandboxGone("gone")]] * (RESTARTS + 2))
    session = _session()
    for _ in range(RESTARTS + 1):
        with pytest.raises(SandboxGone, match="gone"):
            session.exec("x")
    with pytest.raises(SandboxGone, match=f"restarted {RESTARTS} times"):
        session.exec("x")


def test_no_sandbox_is_started_once_the_notebooks_time_is_used_up(sandboxes):
    started = sandboxes()
    session = _session(seconds=0.0)
    assert session.out_of_time()
    with pytest.raises(SandboxGone, match="the notebook's time is used up"):
        session.exec("x = 1")
    assert started == []


def test_a_troubled_sandbox_is_replaced_before_the_next_cell(sandboxes):
    started = sandboxes([DONE], [DONE])
    session = _session()
    session.exec("a = 1")
    session.troubled = "a call was cut short"
    session.start_cell(executor.CELL_WALL)
    assert started[0].killed and session.dead_reason == "a call was cut short" and not session.troubled
    session.exec("b = 2")
    assert _execs(started[1]) == ["a = 1", "b = 2"]


def test_forgetting_hidden_cases_replaces_the_sandbox_uncounted_and_gives_the_time_back(sandboxes):
    started = sandboxes([DONE], [DONE])
    session = _session()
    session.exec("a = 1")
    deadline = session.deadline
    hidden = Forgetting(session)
    hidden.drawn()
    hidden.forget()
    assert started[0].killed and session.sandbox is None and session.deadline >= deadline
    session.exec("b = 2")
    assert session.restarts == 0 and _execs(started[1]) == ["a = 1", "b = 2"]
    hidden.forget()                                      # nothing drawn since: nothing to forget
    assert not started[1].killed


def test_closing_says_bye_and_kills_the_sandbox(sandboxes):
    started = sandboxes([DONE])
    session = _session()
    session.exec("a = 1")
    session.close()
    assert started[0].end.sent[-1] == ("bye",) and started[0].killed and session.sandbox is None


# -- names and calls across the channel -------------------------------------------------------------

def test_a_name_is_read_from_the_sandbox(sandboxes):
    sandboxes([("value", [[1, 2]]), ("missing", []), ("bad", ["too deep"]), ("value", [("fn", 4, "f")]),
               ("ret", [])])
    session = _session()
    assert session.get("xs") == [1, 2]
    with pytest.raises(KeyError):
        session.get("nowhere")
    with pytest.raises(ValueError, match="deep cannot be graded: too deep"):
        session.get("deep")
    f = session.get("f")
    assert isinstance(f, RemoteFunction) and (f.k, f.name_in_notebook, repr(f)) == (4, "f", "<function f>")
    with pytest.raises(ChannelError, match="unexpected answer"):
        session.get("g")


def _function(sandboxes, *answers):
    started = sandboxes([("value", [("fn", 1, "search")]), *answers], [("value", [("fn", 2, "search")]), _ret()])
    session = _session()
    return session, session.get("search"), started


def _ret(status="ok", **answer):
    return ("ret", [{"status": status, "returned": None, "cpu": 0.01, "printed": 0, "output": "", **answer}])


def test_a_call_runs_in_the_sandbox_and_comes_back_as_a_run(sandboxes):
    session, search, started = _function(sandboxes, _ret(returned=7, printed=5, output="hello",
                                                           forbidden=[f"f{k}" for k in range(20)]))
    run = search.remote_run((1,), {"depth": 2}, 0.5)
    assert (run.status, run.returned, run.printed, run.output) == ("ok", 7, 5, "hello")
    assert len(run.forbidden) == 10
    assert started[0].end.sent[-1] == ("call", 1, [1], {"depth": 2}, 0.5)


def test_a_call_that_raised_keeps_the_students_error_name_and_line(sandboxes):
    session, search, _ = _function(sandboxes, _ret("error", error={"type": "IndexError", "message": "out",
                                                                    "where": "line 3: xs[9]"}))
    run = search.remote_run((), {}, 0.5)
    assert run.status == "error" and type(run.error).__name__ == "IndexError" and isinstance(run.error, RemoteError)
    assert run.where == "line 3: xs[9]"
    with pytest.raises(RemoteError, match="out"):             # called directly (by gamelib's own search)
        search()


def test_a_call_that_never_answers_stalls_the_cell_and_the_next_is_not_run(sandboxes):
    session, search, started = _function(sandboxes, SandboxTimeout("no answer"))
    run = search.remote_run((), {}, 0.5)
    assert run.status == "timeout" and started[0].killed and session.stalled.startswith("no answer within")
    again = search.remote_run((), {}, 0.5)
    assert again.status == "timeout" and "not run: your code stopped answering earlier" in str(again.error)
    assert len(started) == 1                             # no sandbox started for it
    session.start_cell(executor.QUESTION_WALL)           # the next cell: the function is looked up again
    assert search.remote_run((), {}, 0.5).status == "ok" and search.k == 2 and len(started) == 2


@pytest.mark.parametrize("answer, why", [
    (("done", [{}]), "it answered 'done' to a call"),
    (("ret", ["not a dict"]), "it sent an answer the grader cannot read"),
    (("ret", [{"returned": 1}]), "it sent an answer the grader cannot read"),
])
def test_a_call_answered_wrongly_kills_the_sandbox(sandboxes, answer, why):
    session, search, started = _function(sandboxes, answer)
    run = search.remote_run((), {}, 0.5)
    assert run.status == "error" and type(run.error).__name__ == "SandboxError"
    assert started[0].killed and session.dead_reason == why


@pytest.mark.parametrize("told", [float("nan"), float("inf"), -1e300, 1e300, "nan", 2.0 ** 70])
def test_a_calls_cpu_time_as_the_sandbox_tells_it_is_kept_within_the_calls_limit(sandboxes, told):
    """The CPU seconds a call took are the sandbox's word, and a check's clock (``cpu_clock``) adds them
    up in the grader, past the forgetting of hidden cases: a NaN, an infinity or a huge number told on a
    hidden case once stopped that clock for good, so the kit's small cases run for the feedback after it
    ("k of the n such cases run before it timed out") said which hidden case the student's code had seen.
    A call's time is taken as at most its limit (and slack), a time that is no number as all of it."""
    from gamelib.grading.guard import cpu_clock
    session, search, _ = _function(sandboxes, _ret(cpu=told), _ret(cpu=0.5))
    clock = cpu_clock(search)
    search.remote_run((), {}, 0.5)
    assert 0.0 <= search.cpu <= 0.5 + executor.CPU_SLACK
    before = clock()
    search.remote_run((), {}, 0.5)
    assert clock() - before == pytest.approx(0.5, abs=0.05)


@pytest.mark.parametrize("status", ["timeout", "budget"])
def test_a_call_cut_short_leaves_the_sandbox_troubled(sandboxes, status):
    session, search, _ = _function(sandboxes, _ret(status))
    assert search.remote_run((), {}, 0.5).status == status
    assert session.troubled == "a call was cut short"


# -- test cells, here ----------------------------------------------------------------------------------

class Names:
    """A fake session for a test cell's names: ``get`` from a dict, counting what is asked."""

    def __init__(self, values):
        self.values, self.asked = values, []

    def get(self, name):
        self.asked.append(name)
        if name == "broken":
            raise SandboxGone("gone")
        return self.values[name]


def _context():
    return Context(b"secret", "02_alpha_beta", "test_1", 2.0)


def test_a_test_cells_names_are_its_own_then_builtins_then_the_students():
    session = Names({"answer": 42, "len": "the student's len"})
    names = StudentNames({"given": 1}, session)
    assert names["given"] == 1 and names["len"] is len and names["answer"] == 42 and names["answer"] == 42
    assert session.asked == ["answer"]                   # fetched once
    with pytest.raises(KeyError):
        names["nowhere"]
    with pytest.raises(NameError, match="'broken' could not be read: your code stopped answering"):
        names["broken"]


def test_a_test_cell_shows_what_it_printed_and_its_last_value():
    result = run_test("print('checking')\nanswer + 1", {}, Names({"answer": 41}), _context())
    assert result.error is None and result.printed == "checking\n"
    assert [o.output_type for o in result.outputs] == ["stream", "execute_result"]
    assert result.outputs[1].data["text/plain"] == "42"


def test_a_failing_test_cell_says_why_and_whether_a_check_failed():
    undefined = run_test("missing_answer", {}, Names({}), _context())
    assert undefined.error[0] == "NameError" and "did the cell that defines it run" in undefined.error[1]
    from gamelib.grading.core import GradingError
    failed = run_test("raise GradingError('wrong value')", {"GradingError": GradingError}, Names({}), _context())
    assert failed.error == ("GradingError", "wrong value") and failed.checks_own
    assert _kit_outputs(failed) == failed.outputs
    other = run_test("raise ValueError('text of the student's choosing')", {}, Names({}), _context())
    assert not other.checks_own and "student" not in str(_kit_outputs(other))


def test_a_test_cells_output_is_cut_short():
    result = run_test("print('x' * 10_000)", {}, Names({}), _context())
    assert len(result.printed) < 4100 and "more characters" in result.printed


def test_the_last_expression_is_split_off():
    body, last = _split_last_expression("a = 1\na + 1")
    names = {}
    exec(body, names)
    assert eval(last, names) == 2
    assert _split_last_expression("a = 1")[1] is None


def test_a_students_cell_outputs_are_what_it_printed_and_its_error():
    outputs = _cell_outputs({"printed": 10, "output": "hi", "error": {"type": "KeyError", "message": "k"}})
    assert outputs[0].text == "hi\n... (8 more characters)"
    assert (outputs[1].ename, outputs[1].evalue) == ("KeyError", "k")
    assert _cell_outputs({"output": "", "error": None}) == []


def test_a_students_cell_output_is_kept_as_short_whatever_the_sandbox_says():
    """The worker keeps 4,000 characters of what a cell printed, but the sandbox's answer is the student's
    code's to write: a cell that answered with 10 MB of output (200 such cells fit in a notebook's time)
    put them all in the graded copy, its feedback and the Formgrader."""
    outputs = _cell_outputs({"printed": 1, "output": "x" * 10_000_000, "error": None})
    assert len(outputs[0].text) < executor.OUTPUT_KEPT + 100
    assert outputs[0].text.endswith(f"... ({10_000_000 - executor.OUTPUT_KEPT:,} more characters)")


def test_the_most_time_counts_each_check_that_draws_hidden_cases():
    nb = nbformat.v4.new_notebook()
    test = nbformat.v4.new_code_cell("check_alphabeta(alphabeta, hidden=3)\ncheck_minimax(minimax)")
    test.metadata["nbgrader"] = {"grade": True, "grade_id": "t", "points": 1, "solution": False, "locked": True}
    nb.cells = [nbformat.v4.new_code_cell("x = 1"), test]
    assert most_time(nb, 100.0) == 100.0 + 2 * executor.QUESTION_WALL


def test_the_setup_cells_names_are_the_courses():
    nb = nbformat.v4.new_notebook()
    setup = nbformat.v4.new_code_cell("LIMIT = 3")
    setup.metadata["nbgrader"] = {"grade_id": "setup", "locked": True, "solution": False, "grade": False}
    nb.cells = [setup, nbformat.v4.new_code_cell("OTHER = 4")]
    names = setup_names(nb)
    assert names["LIMIT"] == 3 and "OTHER" not in names and names["__name__"] == "__grader__"


# -- one real sandbox: killed on a call's time-out, and replaced -------------------------------------------

def test_a_real_sandbox_killed_on_a_calls_time_out_is_replaced_with_its_names(student_runtime, monkeypatch):
    """Two real sandboxes (about 2 s, and the call's 0.6 s wait): a call that blocks its time limit's signals
    and waits cannot be stopped by the sandbox, so the grader gives up on it at its wall-clock limit, kills
    the sandbox, and the next cell gets a new one in which the student's cells ran again."""
    require_isolation()
    monkeypatch.setattr(executor, "CALL_SLACK", 0.1)           # the call's wall-clock limit: 5 x 0.1 + 0.1 s
    session = Session(student_runtime, Limits(), 120)
    try:
        session.start_cell(executor.CELL_WALL)
        session.exec("import signal, time\nkept = 'mine'\ndef nap():\n"
                     "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGPROF})\n"
                     "    time.sleep(60)")
        first = session.sandbox
        nap = session.get("nap")
        run = nap.remote_run((), {}, 0.1)
        assert run.status == "timeout" and session.sandbox is None and first.process.poll() is not None
        session.start_cell(executor.QUESTION_WALL)
        assert session.get("kept") == "mine" and session.generation == 2 and session.restarts == 1
        assert len(session.uids) >= 1
    finally:
        session.close()
