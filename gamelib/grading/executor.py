"""Grade one submitted notebook: the student's cells in the sandbox, the test cells in the grader.

:func:`grade_notebook` goes through the submission's cells in the student's order, as nbgrader's
executor would, with one difference that decides everything: **no test cell runs in the student's
process, and no student code runs in the grader's.**

* a cell of the student's (an answer, or a cell they added) runs in the sandbox
  (:mod:`gamelib.grading.isolation`), in one namespace, as in a kernel;
* a locked cell of the assignment (the setup cell, a practice cell) runs in the sandbox too, but with
  the text of the course's source notebook, whatever the submission says;
* a **test cell** runs here, in the grader, with the text of the source notebook (hidden tests
  included) and the names of the source's ``setup`` cell; every other name it reads is fetched from
  the sandbox at that moment: data arrive as plain values, the student's functions as
  :class:`RemoteFunction` handles whose calls run in the sandbox
  (:func:`gamelib.grading.guard.run` hands them over).  The checks, the reference searches, the hidden
  cases (drawn from the course secret, :mod:`gamelib.grading.context`) and the comparison all stay
  here, out of the student's reach.

Every question is graded as if it were alone (:class:`Session`): a call of the student's that runs out of
time, over its budget or stops answering restarts the sandbox before the next cell (the student's cells
that ran before are replayed; their output is not kept), so a loop in one answer costs no other answer
its points, and the same file gets the same scores and messages every time, on a quiet machine or a
busy one: every deadline here is in fair time (:mod:`gamelib.grading.clock`), which does not count the
time this process or the sandbox's worker queued for a CPU.  Time is budgeted three ways: each student
cell (:data:`CELL_CPU`, :data:`CELL_WALL`), each test cell (:data:`QUESTION_WALL`), and the whole notebook
(``wall``, :data:`NOTEBOOK_WALL`): what is left when the notebook's budget runs out is not run, and its
test cells score 0, saying why.
"""
from __future__ import annotations

import ast
import builtins
import copy
import io
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple

from . import clock as _clock
from .cells import grade_id as _gid, is_locked_code, is_test
from .context import Context, HiddenCases, grading
from .guard import Run, TimeLimitExceeded
from .isolation import Limits, Sandbox
from .remote import ChannelError, SandboxGone, SandboxTimeout, remote_error

CELL_WALL = 20.0
"""Seconds of fair time (the wall clock less time queued for a CPU, :mod:`gamelib.grading.clock`) one of the
student's cells may take before its sandbox is killed."""
CELL_CPU = 10.0
"""Seconds of CPU time one of the student's cells may use (the worker stops it, and the next cell runs)."""
QUESTION_WALL = 30.0
"""Seconds of fair time one test cell (a question) may take: its cases that are left when it runs
out count as failed.  Each test cell has its own, so a question that hangs costs no other its time."""
NOTEBOOK_WALL = 300.0
"""Seconds of fair time a whole submission may take, whatever its cells do: the bound on what one
submission can cost the batch (an honest one takes 1-10 s; :data:`gamelib.grading.workflow.JOB_SLACK`
later, on the wall clock, its grading process is killed).  What is left when it runs out is not
run, and its test cells score 0, saying why."""
CPU_SLACK = 1.0
"""Seconds of CPU time the sandbox's worker may use past a call's (or cell's) CPU limit before the grader
stops it from outside (the sandbox stops it at the limit itself, unless its signals were blocked)."""
CALL_SLACK = 2.0
"""Seconds added to ``WALL_FACTOR`` × a call's CPU limit before the grader gives up on the sandbox (in
the grader's fair time, which discounts the worker's and its own time queued for a CPU)."""
RESTARTS = 30
"""How many times a submission's sandbox may be restarted (after a call or a cell that hung, broke the
channel or ran out of time; see :class:`Session`)."""
OUTPUT_KEPT = 4000


# ---------------------------------------------------------------------------------------------------
# The sandbox, restarted when it hangs
# ---------------------------------------------------------------------------------------------------

class Session:
    """A submission's sandbox over the notebook's lifetime: started lazily, and restarted (the student's
    cells that had run replayed, so the namespace is as it was) whenever it may no longer be as the
    notebook left it:

    * at once, when it stops answering, breaks the channel or exits (the sandbox is killed);
    * before the next cell, when one of the student's calls ran out of time or over its budget during a
      test cell (:attr:`troubled`): the call was cut short somewhere in the student's code, which may
      have left their data half-changed.

    A call that stops answering altogether (it waits, or broke the channel) is given up on after its
    wall-clock limit, and the rest of that test cell calls the student's code no more (:attr:`stalled`:
    each such call would cost the same wait); the next cell starts afresh.
    So each question is graded as if the ones before it had gone well: a loop in one answer costs that
    answer's cases only, and the same file gives the same scores and messages every time."""

    def __init__(self, runtime: Path, limits: Limits, seconds: float):
        self.runtime, self.limits = runtime, limits
        self.clock = _clock.FairClock(_clock.thread_stats())   # this thread's, and the sandbox worker's
        self.deadline = self.clock() + seconds    # the notebook's, in fair time (as every deadline here)
        self.cell_deadline = self.deadline      # the deadline of the cell under way (see grade_notebook)
        self.worker_stats: str | None = None      # the schedstat file of the running sandbox's worker
        self.timed_out = ""                       # what the last request that timed out ran out of
        self.uids: set = set()
        self.sandbox: Sandbox | None = None
        self.generation = 0
        self.restarts = 0
        self.planned = False                      # the next start is a planned one (hidden cases forgotten)
        self.ran: list[str] = []                  # sources of the cells that ran, to replay
        self.dead_reason = ""
        self.troubled = ""                        # why the sandbox is to be restarted before the next cell
        self.stalled = ""                         # why the cell under way calls the student's code no more
        self.peak_mb: float | None = None         # the most memory one of its sandboxes held (control groups)

    # -- life ---------------------------------------------------------------------------------------
    def kill(self, reason: str) -> None:
        if self.sandbox is not None:
            self._unwatch()
            self.sandbox.kill()
            self._measured(self.sandbox)
            if self.sandbox.out_of_memory:
                reason = f"it went over its memory ({self.limits.memory_mb} MB for all its processes together)"
            self.sandbox = None
        self.dead_reason = reason

    def _measured(self, sandbox) -> None:
        if sandbox.peak_mb is not None:
            self.peak_mb = max(self.peak_mb or 0.0, sandbox.peak_mb)

    def start_cell(self, seconds: float) -> None:
        """A new cell begins, with ``seconds`` of its own (within the notebook's): a sandbox left
        troubled by the cell before is restarted first."""
        self.cell_deadline = min(self.clock() + seconds, self.deadline)
        self.stalled = ""
        if self.troubled:
            self.kill(self.troubled)
            self.troubled = ""

    def ensure(self) -> None:
        """A running sandbox, with the cells that ran before replayed; raises SandboxGone if none can
        be had (too many restarts, or no time left)."""
        if self.sandbox is not None and self.sandbox.alive():
            return
        if self.sandbox is not None:
            self.kill("the sandbox exited")
        if self.generation and self.restarts >= RESTARTS:
            raise SandboxGone(f"the sandbox was restarted {RESTARTS} times ({self.dead_reason})")
        if self.clock() >= self.cell_deadline:
            raise SandboxGone("the notebook's time is used up" if self.out_of_time()
                              else "this cell's time is used up")
        self.restarts += bool(self.generation) and not self.planned
        self.planned = False
        self.generation += 1
        self.sandbox = Sandbox(self.runtime, self.limits)
        self.worker_stats = _clock.thread_stats(_clock.last_descendant(self.sandbox.process.pid))
        self.clock.watch(self.worker_stats)
        besides = self.sandbox.besides(self.worker_stats)
        if besides is not None:                   # its other processes' CPU time is its own time
            self.clock.charge(self.sandbox, besides)
        self.sandbox.end.clock = self.clock
        self.uids.add(self.sandbox.uid)
        for source in self.ran:
            self._exec(source, replay=True)

    def forget(self, spent: float) -> None:
        """The student's code has seen hidden cases (:class:`Forgetting`): stop its sandbox (the next
        request starts a fresh one, the student's cells replayed, not counted as a restart), give the
        notebook back the ``spent`` seconds they took, and give the cell a fresh :data:`QUESTION_WALL`
        for what follows (the kit's own small case): so nothing that runs later, nor whether it runs,
        depends on what the student's code did with a hidden case."""
        if self.sandbox is not None:
            self._unwatch()
            self.sandbox.kill()
            self._measured(self.sandbox)
            self.sandbox = None
            self.planned = True
        self.dead_reason = self.troubled = self.stalled = ""
        self.deadline += max(0.0, spent)
        self.cell_deadline = min(self.clock() + QUESTION_WALL, self.deadline)

    def _unwatch(self) -> None:
        if self.sandbox is not None:
            self.clock.discharge(self.sandbox)
        if self.worker_stats is not None:
            self.clock.forget(self.worker_stats)
            self.worker_stats = None

    def out_of_time(self) -> bool:
        """Whether the notebook's time is used up."""
        return self.clock() >= self.deadline

    def close(self) -> None:
        if self.sandbox is not None:
            self._unwatch()
            self.sandbox.end.deadline = self.clock() + 1.0
            try:
                self.sandbox.end.send("bye")
            except ChannelError:
                pass
            self.sandbox.kill()
            self._measured(self.sandbox)
            self.sandbox = None

    def _deadline(self, seconds: float) -> float:
        return min(self.clock() + seconds, self.cell_deadline)

    def _request(self, message: tuple, seconds: float, cpu: float | None = None):
        """The sandbox's answer to ``message``, within ``seconds`` of fair time and, with ``cpu`` (the
        limit the sandbox itself keeps), within ``cpu`` + :data:`CPU_SLACK` seconds of the sandbox's CPU
        time (all its processes, where its control group counts them; with the channel's work for each
        question answered, :class:`~gamelib.grading.clock.CpuBudget`): a sandbox that blocked its own
        limit's signals is stopped once it has used that, not ``WALL_FACTOR`` times it
        (:attr:`timed_out` says which)."""
        clock = self.clock
        if cpu is not None and self.worker_stats is not None:
            used, cpus = self.sandbox.cpu_clock(self.worker_stats)
            end = self.sandbox.end
            clock = _clock.CpuBudget(self.clock, used, cpu + CPU_SLACK, lambda: end.requests, cpus)
        try:
            return self.sandbox.end.request(message, self._deadline(seconds), self._remote_fn, clock)
        except SandboxTimeout:
            spent = getattr(clock, "spent", False)
            self.timed_out = (f"no answer after {cpu + CPU_SLACK:g} s of CPU time" if spent
                              else f"no answer within {seconds:g} s")
            self.kill(f"it used {cpu + CPU_SLACK:g} s of CPU time without answering" if spent
                      else f"it did not answer within {seconds:g} s" if self.clock() < self.cell_deadline
                      else "the notebook's time ran out" if self.out_of_time()
                      else "the cell's time ran out")
            raise
        except ChannelError as e:
            self.kill(f"it broke the channel ({e})")
            raise

    def _remote_fn(self, k: int, name: str):
        return RemoteFunction(self, k, name, self.generation)

    # -- what the executor asks -------------------------------------------------------------------
    def _exec(self, source: str, replay: bool = False) -> dict:
        kind, fields, decode = self._request(("exec", source, CELL_CPU), CELL_WALL, CELL_CPU)
        if kind != "done":
            self.kill(f"it answered {kind!r} to a cell")
            raise ChannelError("unexpected answer")
        info = fields[0] if fields else {}
        if not isinstance(info, dict):
            raise ChannelError("malformed answer")
        return info

    def exec(self, source: str) -> dict:
        """Run one of the notebook's cells in the sandbox: ``{'printed', 'output', 'error'}``.  A cell
        that ran out of time is not replayed after a restart (it would only run out of time again)."""
        self.ensure()
        info = self._exec(source)
        error = info.get("error")
        if not (isinstance(error, dict) and error.get("type") == "TimeLimitExceeded"):
            self.ran.append(source)
        return info

    def get(self, name: str):
        """The value of ``name`` in the sandbox's namespace (KeyError if it has none)."""
        self.ensure()
        kind, fields, decode = self._request(("get", name), CELL_WALL)
        if kind == "missing":
            raise KeyError(name)
        if kind == "bad":
            raise ValueError(f"{name} cannot be graded: {str(fields[0])[:200] if fields else ''}")
        if kind != "value":
            raise ChannelError("unexpected answer")
        value = decode(fields[0])
        if isinstance(value, RemoteFunction):
            value.name_in_notebook = name
        return value


class Forgetting(HiddenCases):
    """A test cell's hidden cases, as the executor keeps them from the student (:mod:`.context`): once a
    check has run them (:meth:`forget`, or at the end of the cell) the sandbox that saw them is replaced
    by a fresh one, the fair time since the cell began (or since the last forgetting) is given back to
    the notebook's budget, and the restarts they caused are not counted: the notebook's later cells run,
    or not, exactly as if the hidden cases had all passed at once."""

    def __init__(self, session: Session):
        self.session = session
        self.since, self.restarts = session.clock(), session.restarts
        self.pending = self.any = False

    def drawn(self) -> None:
        self.pending = self.any = True

    def forget(self) -> None:
        if not self.pending:
            return
        s = self.session
        s.restarts = self.restarts
        s.forget(s.clock() - self.since)
        self.since, self.pending = s.clock(), False

    def close(self) -> None:
        """The cell is over: forget what is pending, and give back the time since the last forgetting."""
        if self.pending:
            self.forget()
        elif self.any:
            s = self.session
            s.deadline += max(0.0, s.clock() - self.since)
            s.restarts = self.restarts


def most_time(source_nb, wall: float | None = None) -> float:
    """The most fair time grading one submission against ``source_nb`` can take: the notebook's budget
    ``wall``, and, for each check in a test cell that may draw hidden cases (a call with ``hidden=``, or
    the Connect Four ladder, whose games are always drawn from the secret while grading), twice a
    question's time: its hidden cases, whose time is given back to that budget (:class:`Forgetting`),
    then the kit's own small case."""
    wall = NOTEBOOK_WALL if wall is None else wall
    checks = 0
    for cell in source_nb.cells:
        if cell.get("cell_type") != "code" or not is_test(cell):
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                checks += any(k.arg == "hidden" for k in node.keywords) or name == "connect4_evaluation"
    return wall + 2 * QUESTION_WALL * checks


class RemoteFunction:
    """One of the student's functions, living in the sandbox.  :func:`gamelib.grading.guard.run` calls
    it through :meth:`remote_run` (a :class:`~gamelib.grading.guard.Run`, as for a local call); called
    directly (by gamelib's own search, for an evaluation function) it returns the value or raises.

    A function read from the notebook's namespace by name (:attr:`name_in_notebook`) survives a restart
    of the sandbox: it is looked up again in the new one, so the next case runs as if alone."""

    def __init__(self, session: Session, k: int, name: str, generation: int):
        self.session, self.k, self.__name__, self.generation = session, k, name, generation
        self.name_in_notebook: str | None = None
        self.cpu = 0.0                  # CPU seconds its calls took in the sandbox, in all

    def __repr__(self):
        return f"<function {self.__name__}>"

    def _current(self) -> bool:
        """Whether this handle is good in the running sandbox (looked up again after a restart)."""
        s = self.session
        if s.stalled:
            return False
        if s.generation == self.generation and s.sandbox is not None:
            return True
        if self.name_in_notebook is None:
            return False
        try:
            fresh = s.get(self.name_in_notebook)
        except (KeyError, ValueError, ChannelError):
            return False
        if not isinstance(fresh, RemoteFunction):
            return False
        self.k, self.generation = fresh.k, fresh.generation
        return True

    def remote_run(self, args, kwargs, time_limit) -> Run:
        s = self.session
        if not self._current():
            why = s.stalled or s.dead_reason or "the sandbox was restarted"
            return Run("timeout", error=TimeLimitExceeded(f"not run: your code stopped answering earlier ({why})"))
        from .guard import WALL_FACTOR
        wall = (WALL_FACTOR * time_limit + CALL_SLACK) if time_limit is not None else CELL_WALL
        start = time.perf_counter()
        try:
            kind, fields, decode = s._request(("call", self.k, list(args), dict(kwargs), time_limit), wall, time_limit)
        except SandboxTimeout:
            s.stalled = s.timed_out
            return Run("timeout", error=TimeLimitExceeded(f"{s.timed_out}: your code was stopped"),
                       seconds=time.perf_counter() - start)
        except ChannelError as e:
            s.stalled = f"it broke the channel ({e})"
            return Run("error", error=remote_error("SandboxError", f"the sandbox stopped: {e}"),
                       seconds=time.perf_counter() - start)
        aborted, s.sandbox.end.aborted = s.sandbox.end.aborted, None
        if kind != "ret":
            s.kill(f"it answered {kind!r} to a call")
            return Run("error", error=remote_error("SandboxError", str(fields[0] if fields else kind)[:200]))
        try:
            answer = fields[0]
            status = answer["status"]
            returned = decode(answer.get("returned"))
            cpu, most = float(answer.get("cpu", 0.0)), (CELL_CPU if time_limit is None else time_limit) + CPU_SLACK
            self.cpu += cpu if 0.0 <= cpu <= most else most     # the sandbox's word: never past the call's limit
        except (ChannelError, KeyError, TypeError, ValueError, AttributeError) as e:
            s.kill("it sent an answer the grader cannot read")
            return Run("error", error=remote_error("SandboxError", f"an answer the grader cannot read ({e})"))
        printed, output = int(answer.get("printed", 0)), str(answer.get("output", ""))[:OUTPUT_KEPT]
        forbidden = tuple(str(f) for f in answer.get("forbidden", ()))[:10]
        seconds = time.perf_counter() - start
        if aborted is not None or status in ("timeout", "budget"):
            s.troubled = "a call was cut short"              # restarted before the next cell
        if aborted is not None:
            from .tracing import BudgetExceeded
            return Run("budget", error=aborted if isinstance(aborted, BudgetExceeded) else BudgetExceeded(str(aborted)),
                       seconds=seconds, printed=printed, output=output)
        if status == "ok":
            return Run("ok", returned, seconds=seconds, printed=printed, output=output, forbidden=forbidden)
        if status == "timeout":
            return Run("timeout", error=TimeLimitExceeded(f"no answer within {time_limit:g} s of CPU time"),
                       seconds=seconds, printed=printed, output=output, forbidden=forbidden)
        if status == "budget":
            from .tracing import BudgetExceeded
            return Run("budget", error=BudgetExceeded("the search arrived at more nodes than its budget allows"),
                       seconds=seconds, printed=printed, output=output, forbidden=forbidden)
        info = answer.get("error") or {}
        error = remote_error(info.get("type", "Exception"), info.get("message", ""), info.get("where", ""))
        return Run("error", error=error, where=error.where, seconds=seconds, printed=printed, output=output,
                   forbidden=forbidden)

    def __call__(self, *args, **kwargs):
        r = self.remote_run(args, kwargs, None)
        if r.status == "ok":
            return r.returned
        raise r.error if r.error is not None else remote_error("SandboxError", r.status)


# ---------------------------------------------------------------------------------------------------
# Test cells, in the grader
# ---------------------------------------------------------------------------------------------------

class StudentNames(dict):
    """A test cell's globals: the source's ``setup`` names and what the cell assigns, then Python's
    builtins, then, for any other name, the student's value of it, fetched from the sandbox."""

    def __init__(self, base: dict, session: Session):
        super().__init__(base)
        self["__builtins__"] = builtins
        self.session = session

    def __missing__(self, name):
        if hasattr(builtins, name):
            return getattr(builtins, name)
        try:
            value = self.session.get(name)
        except KeyError:
            raise KeyError(name) from None
        except (SandboxGone, SandboxTimeout, ChannelError) as e:
            raise NameError(f"{name!r} could not be read: your code stopped answering ({e})") from None
        self[name] = value
        return value


class TestResult(NamedTuple):
    outputs: list
    printed: str
    error: tuple | None            # (name, message) when the cell raised
    checks_own: bool = False       # the error is a check's own failure (GradingError), with the kit's words


def _split_last_expression(source: str):
    tree = ast.parse(source)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    return compile(tree, "<test cell>", "exec"), (compile(last, "<test cell>", "eval") if last else None)


def run_test(source: str, base: dict, session: Session, context: Context) -> TestResult:
    """Run a test cell's ``source`` here with the student's names from ``session``; its outputs as
    nbformat outputs (what it printed, its last expression's value, or the error it raised)."""
    import nbformat
    names = StudentNames(base, session)
    out = io.StringIO()
    value, error, checks_own = None, None, False
    try:
        body, last = _split_last_expression(source)
        with redirect_stdout(out), redirect_stderr(out), grading(context):
            exec(body, names)                                    # noqa: S102 -- the course's own test code
            if last is not None:
                value = eval(last, names)                        # noqa: S307
    except KeyboardInterrupt:
        raise
    except Exception as e:                                       # noqa: BLE001 -- a failed test
        from .core import GradingError
        error, checks_own = (type(e).__name__, _describe(e)), isinstance(e, GradingError)
    except BaseException as e:                                   # noqa: BLE001 -- TimeLimitExceeded, budgets
        error = (type(e).__name__, _describe(e))
    text = out.getvalue()
    if len(text) > OUTPUT_KEPT:
        text = text[:OUTPUT_KEPT] + f"\n... ({len(text) - OUTPUT_KEPT:,} more characters)"
    outputs = []
    if text:
        outputs.append(nbformat.v4.new_output("stream", name="stdout", text=text))
    if error is not None:
        outputs.append(nbformat.v4.new_output("error", ename=error[0], evalue=error[1],
                                              traceback=[f"{error[0]}: {error[1]}"]))
    elif value is not None:
        outputs.append(nbformat.v4.new_output("execute_result", data={"text/plain": repr(value)},
                                              execution_count=None))
    return TestResult(outputs, text, error, checks_own)


def _describe(e: BaseException) -> str:
    if isinstance(e, NameError) and getattr(e, "name", None):
        return f"name {e.name!r} is not defined (did the cell that defines it run without an error?)"
    return str(e)[:OUTPUT_KEPT]


# ---------------------------------------------------------------------------------------------------
# One notebook
# ---------------------------------------------------------------------------------------------------

class Graded(NamedTuple):
    """A graded notebook: ``notebook`` (the submission with the course's test cells and every cell's
    output, as nbgrader's autograded copy), ``scores`` {test cell: (score, max)}, ``notes`` (what
    happened that the instructor should know), ``seconds`` it took, whether it was ``isolated``, and the
    ``uids`` its sandboxes ran as."""

    notebook: object
    scores: dict
    notes: list
    seconds: float
    isolated: bool
    uids: tuple = ()
    peak_mb: float | None = None


def setup_names(source_nb) -> dict:
    """The names the source notebook's ``setup`` cell defines, in the grader (the course's own code)."""
    names: dict = {"__builtins__": builtins, "__name__": "__grader__"}
    for cell in source_nb.cells:
        if _gid(cell) == "setup" and cell.get("cell_type") == "code":
            exec(compile(cell.source, "<setup cell>", "exec"), names)   # noqa: S102 -- the course's code
    return names


def grade_notebook(submission, source_nb, *, runtime: Path, secret: bytes, assignment: str,
                   limits: Limits = Limits(), wall: float = NOTEBOOK_WALL) -> Graded:
    """Grade ``submission`` (a notebook, repaired against the student version) against the course's
    ``source_nb``; nothing is written anywhere (see :mod:`gamelib.grading.workflow`)."""
    from nbgrader.utils import determine_grade
    start = time.monotonic()
    trusted = {_gid(c): c for c in source_nb.cells if _gid(c) and (is_test(c) or is_locked_code(c))}
    nb = copy.deepcopy(submission)
    base = setup_names(source_nb)
    session = Session(Path(runtime), limits, wall)
    notes, scores, count = [], {}, 0
    isolated = None
    try:
        for cell in nb.cells:
            if cell.get("cell_type") != "code":
                continue
            gid = _gid(cell)
            model = trusted.get(gid)
            count += 1
            cell.execution_count = count
            if model is not None:
                cell.source = model.source
            if model is not None and is_test(model):
                cell.metadata["nbgrader"] = copy.deepcopy(model.metadata["nbgrader"])
                points = float(model.metadata["nbgrader"].get("points", 0))
                if session.out_of_time():
                    cell.outputs = [_stopped(f"not run: the notebook used up its {wall:g} s")]
                else:
                    session.start_cell(QUESTION_WALL)
                    found: list = []
                    hidden = Forgetting(session)
                    try:
                        result = run_test(model.source, base, session,
                                          Context(secret, assignment, gid, points, found, hidden))
                    finally:
                        hidden.close()
                    cell.outputs = _kit_outputs(result) if hidden.any else result.outputs
                    cell.metadata["gamelib"] = {"results": found}     # the grader's own record, for the report
                    if hidden.any and result.error is not None and not result.checks_own:
                        cell.metadata["gamelib"]["error"] = list(result.error)     # the instructor's, not shown
                scores[gid] = determine_grade(cell)
                continue
            if not cell.source.strip():
                cell.outputs = []
                continue
            if session.out_of_time():
                cell.outputs = [_stopped(f"not run: the notebook used up its {wall:g} s")]
                continue
            try:
                session.start_cell(CELL_WALL)
                info = session.exec(cell.source)
                isolated = session.sandbox.status.isolated if session.sandbox else isolated
            except (SandboxGone, SandboxTimeout, ChannelError) as e:
                cell.outputs = [_stopped(f"this cell was stopped: {session.dead_reason or e}")]
                notes.append(f"cell {count}: stopped ({session.dead_reason or e})")
                continue
            cell.outputs = _cell_outputs(info)
    finally:
        session.close()
    if session.restarts:
        notes.append(f"its sandbox was restarted {session.restarts} time(s)")
    if session.out_of_time():
        notes.append(f"it used up its {wall:g} s; the cells after that were not run")
    from .isolation import isolation_status
    return Graded(nb, scores, notes, time.monotonic() - start,
                  isolation_status().isolated if isolated is None else isolated, tuple(sorted(session.uids)),
                  session.peak_mb)


def _kit_outputs(result: TestResult) -> list:
    """A test cell that ran hidden cases shows what the kit's checks wrote (they never describe a hidden
    case) and their verdict; an error that is not a check's own failure (:class:`~.core.GradingError`)
    could carry text of the student's code's choosing from a hidden case, so it is shown as the kit's
    sentence, never as it was raised."""
    if result.error is None or result.checks_own:
        return result.outputs
    import nbformat
    text = "the check stopped before it could finish (the instructor's copy says why)"
    return [o for o in result.outputs if o.get("output_type") != "error"] + [
        nbformat.v4.new_output("error", ename="GradingError", evalue=text, traceback=[f"GradingError: {text}"])]


def _stopped(text: str):
    import nbformat
    return nbformat.v4.new_output("error", ename="NotRun", evalue=text, traceback=[f"NotRun: {text}"])


def _cell_outputs(info: dict) -> list:
    import nbformat
    outputs = []
    text = str(info.get("output", ""))
    printed = max(int(info.get("printed", 0) or 0), len(text))
    text = text[:OUTPUT_KEPT]                     # the worker keeps less; the sandbox's answer is the student's
    if printed > len(text):
        text += f"\n... ({printed - len(text):,} more characters)"
    if text:
        outputs.append(nbformat.v4.new_output("stream", name="stdout", text=text))
    error = info.get("error")
    if isinstance(error, dict):
        name, message = str(error.get("type", "Exception"))[:60], str(error.get("message", ""))[:500]
        outputs.append(nbformat.v4.new_output("error", ename=name, evalue=message, traceback=[f"{name}: {message}"]))
    return outputs
