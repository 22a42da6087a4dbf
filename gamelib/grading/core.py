"""The grading core: every function a student writes is graded by the same few steps.

A **task** is a function to write (:class:`Task`): its name, the cases it is tried on (public ones shown
in full, hidden ones drawn from a seed), the reference it is compared with, and its **family**
(:class:`Family`), which knows how to run it and what "the same" means: a search node for node
(:mod:`gamelib.grading.searches`), a belief state as a set of states, averages within rounding
(:mod:`gamelib.grading.imperfect`).  :func:`grade` then does what every check does:

1. draw the cases (hidden ones from the course secret while grading, :mod:`gamelib.grading.context`);
2. for each case, while the check has time (:func:`run_cases`): run the student's function under the
   guards (:func:`gamelib.grading.guard.run`, in the sandbox when a submission is graded), then say
   what went wrong, if anything: a time-out, a node budget overrun, a call into gamelib's own
   reference, an exception, an answer of the wrong form (the family's ``parse``), or an answer that
   differs from the reference (the family's ``difference``);
3. pass with one line, or fail with the feedback: the failing public cases and the known bugs
   (:mod:`gamelib.grading.mutants`) that do exactly what the student's function did.  Hidden cases are
   never described: feedback on them (:func:`hidden_feedback`) says how many failed and shows a small
   case of the kit's own on which the function goes wrong (:func:`small_cases`, drawn from a public seed
   and run after the student's code has forgotten the hidden cases: :func:`~.context.forget_hidden`),
   so nothing the student's code controls leaves a hidden case; while grading, a cell of hidden cases
   earns its share of points for the cases it passes.

The by-hand checks and the placeholder test (:func:`require_answer`) live here too, as do the
feedback's number formats, so that every check words things the same way.
"""
from __future__ import annotations

import copy
import functools
import math
import warnings
from typing import Any, Callable, NamedTuple

from .context import forget_hidden, hidden_seed, partial_credit, record
from .guard import cpu_clock, thread_time, describe_returned, is_number, run
from .mutants import Outcome, matching_mutants, relevant
from .tracing import QUESTIONS_PER_NODE, QuestionBudgetExceeded
from .unanswered import placeholder, speaking

TIME_LIMIT = 2.0
"""Seconds of CPU time a student's function may use on one case (CPU time, so that a busy grading
machine cannot time out a correct answer; see :mod:`gamelib.grading.guard`)."""
CHECK_TIME = 40.0
"""Seconds of CPU time one check may spend on all its cases; the cases left over count as failed."""
SHOWN = 3
"""How many failing cases feedback describes (the rest are counted)."""
MAX_TIMEOUTS = 2
"""After this many time-outs (or loops stopped by the game's question budget) in one check its remaining
cases are not run (an infinite loop rarely spares the next case, and each costs the full time limit)."""


class GradingError(AssertionError):
    """A check failed; the message is the feedback for the student."""


def fail(message: str):
    """Fail the check with ``message`` as the student's feedback."""
    __tracebackhide__ = True
    raise GradingError(message)


def quiet(check):
    """Run ``check`` with warnings silenced: nbgrader counts anything a test cell writes to stderr as a
    failed test, so a stray warning must never cost a student the points.  In a student's notebook, an
    answer not written yet is said on stderr instead of failing the check, so that Run All goes on
    (:func:`gamelib.grading.unanswered.speaking`)."""
    spoken = speaking(check)

    @functools.wraps(check)
    def wrapped(*args, **kwargs):
        __tracebackhide__ = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return spoken(*args, **kwargs)
    return wrapped


# ---------------------------------------------------------------------------------------------------
# Answers left as they were handed out
# ---------------------------------------------------------------------------------------------------

def require_answer(x, what: str) -> None:
    """Fail clearly when ``x`` still holds the student version's placeholder."""
    __tracebackhide__ = True
    if placeholder(x):
        fail(f"{what} still holds the placeholder `...` of the exercise: replace it with your answer")


# ---------------------------------------------------------------------------------------------------
# Tasks and their families
# ---------------------------------------------------------------------------------------------------

class Attempt(NamedTuple):
    """What a family prepares for one call: the ``args`` the student's function gets, ``visits()``
    (the nodes it arrived at, for searches; () otherwise), ``game`` (the copy it was handed, checked
    for changes afterwards), the node ``budget`` (or None), and the local watch on gamelib's own
    functions (``watch``, ``allowed``: see :func:`gamelib.grading.guard.run`)."""

    args: tuple
    visits: Callable[[], tuple]
    game: Any
    budget: int | None = None
    watch: Any = True
    allowed: tuple = ()


class Family:
    """How the tasks of one family are run and compared.  Subclasses give the hooks below."""

    agrees = "the same answer"
    """The end of the line a passing check prints ("... on 5 public cases: <agrees>")."""

    def expected(self, task: "Task", case) -> Outcome:
        raise NotImplementedError

    def attempt(self, task: "Task", case, expected: Outcome) -> Attempt:
        raise NotImplementedError

    def parse(self, task: "Task", returned, case) -> tuple:
        """``(value, action, problem)`` from what the student's function returned."""
        raise NotImplementedError

    def difference(self, task: "Task", got: Outcome, want: Outcome, case) -> str:
        raise NotImplementedError

    def call(self, task: "Task", fn, attempt: Attempt, time_limit: float):
        """Run the student's ``fn`` on one case: a :class:`~gamelib.grading.guard.Run`.  By default one
        guarded call with the attempt's arguments; a family whose case calls the student's function many
        times (a step of a search the grader drives) runs its loop here, within the case's time."""
        return run(fn, *attempt.args, time_limit=time_limit, watch=attempt.watch, allowed=attempt.allowed)

    def forbidden(self, task: "Task", call: str) -> str:
        return f"it calls {call}, gamelib's own; this exercise asks you to write {task.name} yourself"

    def agreement(self, task: "Task") -> str:
        return self.agrees

    def credit(self, task: "Task", student: Outcome, expected: Outcome) -> float | None:
        """The share of a failed case an answer still earns (None: none).  A careful grader's rule: a
        search whose result (value and decision) is right but whose nodes visited are not keeps the
        result's share (:class:`gamelib.grading.searches.SearchFamily`)."""
        return None

    def split(self, task: "Task") -> str:
        """How a case's credit is split, said in the partial-credit line ('' when it is not)."""
        return ""

    def accepts(self, task: "Task", case, student: Outcome, expected: Outcome, time_limit: float) -> bool:
        """Whether an answer that differs from the reference's is right all the same: a question built on
        another of the student's functions accepts what that function's own answers lead to, so that one
        mistake is charged once (:class:`gamelib.grading.builton.BuiltOn`)."""
        return False

    def diagnose(self, task: "Task", fn, result: "CaseResult", time_limit: float) -> str:
        """Why ``fn`` went wrong on the failed case ``result``, in the textbook's words: the first node
        where it parts from the reference and the rule broken there (:mod:`gamelib.grading.diagnosis`
        for searches); '' when the case's own line says it all.  Never called on a hidden case."""
        return ""

    def mutant_returns(self, task: "Task") -> str:
        return task.returns


class Task(NamedTuple):
    """A function to write.  ``name``: the student's function; ``kind``: what it computes (the
    reference and the bug models of :mod:`gamelib.grading.mutants` are chosen by it); ``returns``:
    'value', 'action', 'pair' (value, action) or what the family says; ``args(game, case)``: the
    arguments it is called with (``game`` what the family hands it); ``public()``: the cases of the
    student version; ``hidden(seed, n)``: n cases drawn from ``seed``; ``reference``: what it is
    compared with, for feedback; ``family``: how it is run and compared."""

    name: str
    kind: str
    returns: str
    args: Callable
    public: Callable
    hidden: Callable
    reference: str
    family: Family


class CaseResult(NamedTuple):
    """A graded case: the student's and the reference's outcomes, what went wrong (or ''), and the
    share of the case the answer earns (:attr:`credit`: 1 for a case passed, 0 for one failed, or the
    family's split: :meth:`Family.credit`)."""

    case: Any
    student: Outcome
    expected: Outcome
    problem: str
    printed: int = 0
    share: float | None = None

    @property
    def credit(self) -> float:
        if self.share is not None:
            return self.share
        return 0.0 if self.problem else 1.0


PLAIN = (dict, list, tuple, set, frozenset, str, int, float, bool, type(None))


def snapshot(game):
    """The game's public data (dicts, lists, numbers, ...), copied: what a function must not change."""
    return copy.deepcopy({k: v for k, v in vars(game).items()
                          if not k.startswith("_") and isinstance(v, PLAIN)})


def short(error: BaseException) -> str:
    text = str(error)
    return text if len(text) <= 200 else text[:197] + "..."


def fmt(v) -> str:
    """A number as feedback shows it: ±∞ spelled out, floats in 4 significant digits."""
    if isinstance(v, float) and math.isinf(v):
        return "+∞" if v > 0 else "−∞"
    return f"{v:.4g}" if isinstance(v, float) else repr(v) if isinstance(v, str) else str(v)


# ---------------------------------------------------------------------------------------------------
# Hidden cases: a random draw, and a case for every known bug the draw misses
# ---------------------------------------------------------------------------------------------------

TARGET_TRIES = 100
TARGET_BATCH = 6
""":func:`hidden_cases` looks for cases for the known bugs a random draw missed in at most
``TARGET_TRIES`` further draws of ``TARGET_BATCH`` cases (a batch holds every sort of case a task draws:
trees of three and four players, with and without chance nodes, ...)."""

_RELEVANT: dict = {}


def known_bugs(task: Task) -> list:
    """The known bugs (:data:`gamelib.grading.mutants.MUTANTS`) that can cost points in ``task``: those
    of its kind that fail at least one of its public cases (each is named on the public cases)."""
    key = (task.kind, task.public, task.family.mutant_returns(task))
    if key not in _RELEVANT:
        public = task.public()
        _RELEVANT[key] = relevant(task.kind, key[2], public, [task.family.expected(task, c) for c in public])
    return _RELEVANT[key]


def _numbered(case, cases: list):
    """``case`` renamed to follow ``cases`` ("hidden tree 31" after thirty hidden trees)."""
    prefix = case.name.rstrip("0123456789").rstrip()
    k = 1 + sum(1 for c in cases if c.name.rstrip("0123456789").rstrip() == prefix)
    return case._replace(name=f"{prefix} {k}")


def hidden_cases(task: Task, seed: int, n: int) -> list:
    """The hidden cases of ``task`` drawn from ``seed``: ``task.hidden(seed, n)``, then, for every known
    bug of the task (:func:`known_bugs`) that fails none of them, one more case that it fails, looked for
    among further draws of ``task.hidden`` from the same seed.  So every known bug
    costs points on the hidden cases however the draw falls (a tie rule's bug where the random trees
    happen to hold no tie once kept all its points), and the cases are still the same for every student:
    they depend on the seed alone."""
    cases = list(task.hidden(seed, n))
    bugs = known_bugs(task)
    if not bugs:
        return cases
    returns = task.family.mutant_returns(task)
    expected = [task.family.expected(task, c) for c in cases]
    missing = [m for m in bugs if not any(m.shows(task.kind, c, returns, e) for c, e in zip(cases, expected))]
    if not missing:
        return cases
    from .cases import stable_random
    rng = stable_random("targeted", task.name, task.kind, seed)
    for _ in range(TARGET_TRIES):
        if not missing:
            break
        for candidate in task.hidden(rng.randrange(2 ** 32), TARGET_BATCH):
            want = task.family.expected(task, candidate)
            caught = [m for m in missing if m.shows(task.kind, candidate, returns, want)]
            if caught:
                cases.append(_numbered(candidate, cases))
                missing = [m for m in missing if m not in caught]
            if not missing:
                break
    return cases


def grade_case(task: Task, fn, case, time_limit: float = TIME_LIMIT) -> CaseResult:
    """Run ``fn`` on one case and compare it with the reference."""
    family = task.family
    expected = family.expected(task, case)
    before = snapshot(case.game)
    attempt = family.attempt(task, case, expected)
    r = family.call(task, fn, attempt, time_limit)
    visits = tuple(attempt.visits())
    problem, value, action, error = "", None, None, None
    if r.status == "timeout":
        error, problem = "timeout", (f"no answer within {time_limit:g} s of CPU time (an infinite loop?); "
                                     "the other cases were still graded")
    elif r.status == "budget" and isinstance(r.error, QuestionBudgetExceeded):
        error, problem = "looped", (f"it asked the game more than {QUESTIONS_PER_NODE * (attempt.budget or 0):,} "
                                    "questions without finishing: does it loop on a state that never changes "
                                    "(as `while not game.is_terminal(state)` with no new `state`)?")
    elif r.status == "budget":
        error, problem = "budget", (f"it arrived at more than {attempt.budget} nodes where the reference "
                                    f"arrives at {len(expected.visits)}: does it loop, or search past the leaves?")
    elif r.forbidden:
        error, problem = "forbidden", family.forbidden(task, r.forbidden[0])
    elif r.status == "error":
        error = type(r.error).__name__
        detail = "" if case.hidden else f": {short(r.error)}"
        problem = f"it raised {error}{detail}" + (f" ({r.where})" if r.where else "")
    else:
        value, action, problem = family.parse(task, r.returned, case)
        if problem:
            error = "wrong type"
    if not problem and snapshot(attempt.game) != before:
        error, problem = "mutated", ("it changed the game it was given (a function must only read the game: "
                                     "RESULT returns a new state)")
    student = Outcome(visits, value, action, error)
    share = None
    if not problem and not student.same_as(expected) and not family.accepts(task, case, student, expected,
                                                                               time_limit):
        problem = family.difference(task, student, expected, case)
        share = family.credit(task, student, expected)
    return CaseResult(case, student, expected, problem, r.printed, share)


def run_cases(cases, grade_one, clock=thread_time, max_timeouts: int | None = None) -> list[CaseResult]:
    """``grade_one(case)`` for each case, in order, while the check has time: after ``max_timeouts``
    (default :data:`MAX_TIMEOUTS`) time-outs, or once the check's ``CHECK_TIME`` seconds of ``clock``
    are used up (CPU time: the grader's, and the sandbox's for a submission's function), the remaining
    cases are not run and count as failed (a slow or looping answer cannot hold the autograder for ever)."""
    max_timeouts = MAX_TIMEOUTS if max_timeouts is None else max_timeouts
    results, start, timeouts = [], clock(), 0
    for case in cases:
        if timeouts >= max_timeouts or clock() - start > CHECK_TIME:
            why = (f"after {timeouts} time-out{'s' * (timeouts != 1)}" if timeouts >= max_timeouts
                   else f"the check's {CHECK_TIME:g} s of CPU time were used up")
            miss = Outcome((), error="not run")
            results.append(CaseResult(case, miss, miss, f"not run ({why}), counted as failed"))
            continue
        results.append(grade_one(case))
        timeouts += results[-1].student.error in ("timeout", "looped")
    return results


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def failed_cases_lines(name: str, reference: str, results: list[CaseResult], where: str,
                       why=None) -> list[str]:
    """The start of every check's feedback: how many cases failed and the first ``SHOWN`` of them, each
    with ``why(result)``, its diagnosis, when there is one."""
    failed = [r for r in results if r.problem]
    lines = [f"{name} disagrees with {reference} on {len(failed)} of {where}:"]
    for r in failed[:SHOWN]:
        lines.append(f"  • {r.case.name}: {r.problem}")
        diagnosis = why(r) if why is not None else ""
        if diagnosis:
            lines.append(f"    Why: {_sentence(diagnosis)}")
    if len(failed) > SHOWN:
        lines.append(f"  • ... and {len(failed) - SHOWN} more")
    return lines


def named_bugs(task: Task, results: list[CaseResult]) -> list:
    """The known bugs that explain everything the student's function did on the cases it was run on."""
    graded = [r for r in results if r.student.error != "not run"]
    return matching_mutants(task.kind, task.family.mutant_returns(task), [r.case for r in graded],
                            [r.student for r in graded], [r.expected for r in graded])


def feedback(task: Task, results: list[CaseResult], where: str, bugs: list | None = None, fn=None,
             time_limit: float = TIME_LIMIT) -> str:
    """The feedback for a failed check: the failing cases, each with its diagnosis (with ``fn``, the
    student's function, asked again below the root where needed), and the known bugs (``bugs``, default
    :func:`named_bugs`) that explain everything the student's function did."""
    why = (lambda r: task.family.diagnose(task, fn, r, time_limit)) if fn is not None else None
    lines = failed_cases_lines(task.name, task.reference, results, where, why)
    for mutant in named_bugs(task, results) if bugs is None else bugs:
        lines.append(f"What your function does: {mutant.says}. [{mutant.name}]")
    printed = sum(r.printed for r in results)
    if printed > 10_000:
        lines.append(f"(Your function printed {printed:,} characters while being graded.)")
    return "\n".join(lines)


SMALL_CASES = 24
"""How many of the kit's own cases of a task's hidden kind :func:`small_cases` draws."""
SMALL_SEED = 20261202
"""Their seed: public, and the same for everyone (they are examples, not tests)."""


def small_cases(task: Task, n: int = SMALL_CASES) -> list:
    """``n`` cases of the kind ``task`` hides, drawn from the public :data:`SMALL_SEED` (never the course
    secret), smallest first (by the nodes of its game tree, then by those the reference visits) and
    named as public cases ("the kit's tree 3"): what feedback shows in place of a hidden case that
    failed."""
    drawn = list(task.hidden(SMALL_SEED, n))
    size = [(_tree_size(c), len(task.family.expected(task, c).visits)) for c in drawn]
    out = []
    for k, i in enumerate(sorted(range(len(drawn)), key=size.__getitem__)):
        kind = drawn[i].name.rstrip("0123456789").strip().removeprefix("hidden ").strip() or "case"
        out.append(drawn[i]._replace(name=f"the kit's {kind} {k + 1}", hidden=False))
    return out


def _tree_size(case, cap: int = 2000) -> int:
    """The number of nodes of ``case``'s game tree (from its state), counted up to ``cap``; ``cap`` for a
    case that is not a game and a state."""
    game = getattr(case, "game", None)
    try:
        state = getattr(case, "state", None)
        stack, count = [game.initial_state if state is None else state], 0
        while stack and count < cap:
            s = stack.pop()
            count += 1
            if not game.is_terminal(s):
                stack.extend(game.result(s, a) for a in game.actions(s))
        return count
    except Exception:                                            # noqa: BLE001 -- not a game: no size
        return cap


def case_text(case, limit: int = 600) -> str:
    """One of the kit's own cases as a student can rebuild it: its game (a tree's ``from_nested`` form),
    the state it starts from and its depth, if any, and how it is searched where the case says
    (``search_text``: a PUCT case's call of gamelib.mcts)."""
    parts = [repr(getattr(case, "game", case))]
    if getattr(case, "state", None) is not None:
        parts.append(f"from the state {case.state!r}")
    if getattr(case, "depth", None) is not None:
        parts.append(f"to depth {case.depth}")
    if getattr(case, "search_text", None):
        parts.append(f"searched by {case.search_text}")
    text = ", ".join(parts)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def hidden_feedback(task: Task, fn, failed: int, total: int, time_limit: float = TIME_LIMIT) -> str:
    """What a student reads when ``failed`` of ``total`` hidden cases failed: that count, and the smallest
    of the kit's own cases (:func:`small_cases`) on which ``fn`` disagrees with the reference, described
    as a public case is, with the known bugs that explain what ``fn`` did on them.  Every word is the
    kit's or comes from ``fn`` run on those public cases, after the hidden ones were forgotten: nothing
    of a hidden case, and nothing ``fn`` did on one, is in it."""
    lines = [f"{task.name} disagrees with {task.reference} on {failed} of {total} hidden cases "
             "(hidden cases are never described)."]
    cases = small_cases(task)
    # One time-out is enough to show: the small cases are examples, and a looping function would
    # otherwise spend MAX_TIMEOUTS × time_limit of CPU here on every hidden cell it fails.
    results = run_cases(cases, lambda case: grade_case(task, fn, case, time_limit), cpu_clock(fn),
                        max_timeouts=1)
    ran = [r for r in results if r.student.error != "not run"]
    wrong = [r for r in ran if r.problem]
    if not wrong:
        lines.append(f"On {len(cases)} small cases of the same kind, of the kit's own, it agrees with "
                     f"{task.reference}: the hidden cases it fails are larger ones.")
        return "\n".join(lines)
    first = wrong[0]
    of = f"{len(wrong)} of {len(cases)} such cases" if len(ran) == len(cases) else \
        f"{len(wrong)} of the {len(ran)} such cases run before it timed out"
    lines.append(f"A small case of the same kind, of the kit's own, on which it goes wrong ({of}):")
    lines.append(f"  • {first.case.name}: {first.problem}")
    diagnosis = task.family.diagnose(task, fn, first, time_limit)
    if diagnosis:
        lines.append(f"    Why: {_sentence(diagnosis)}")
    lines.append(f"    To try it yourself: {case_text(first.case)}")
    for mutant in named_bugs(task, ran):
        lines.append(f"What your function does: {mutant.says}. [{mutant.name}]")
    return "\n".join(lines)


def grade(task: Task, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
          quiet: bool = False):
    """Grade the student's ``fn`` for ``task`` on the public cases, or with ``hidden=n`` on n hidden
    cases (drawn from ``seed`` in the student's kernel, from the course secret while grading).  Prints
    one line and returns None when every case passes.  Otherwise the feedback is the failure: raised as
    :class:`GradingError`, except that while grading a cell of hidden cases that passes some of them
    prints it and returns the points earned (nbgrader's partial credit)."""
    __tracebackhide__ = True
    if not callable(fn):
        fail(f"{task.name} should be a function; it is {describe_returned(fn)}")
    if hidden:
        return _grade_hidden(task, fn, hidden, seed, time_limit, quiet)
    cases = task.public()
    results = run_cases(cases, lambda case: grade_case(task, fn, case, time_limit), cpu_clock(fn))
    where = f"{len(cases)} public cases"
    failed = [r for r in results if r.problem]
    printed = sum(r.printed for r in results)
    bugs = named_bugs(task, results) if failed else []
    record(check=task.name, hidden=False, cases=len(results), failed=[str(r.case.name) for r in failed],
           bugs=[m.name for m in bugs])
    if not failed:
        if not quiet:
            note = f" (it printed {printed:,} characters: printing slows it down)" if printed > 10_000 else ""
            print(f"✓ {task.name} agrees with {task.reference} on {where}: {task.family.agreement(task)}{note}")
        return None
    return _verdict(task, feedback(task, results, where, bugs, fn, time_limit), results, "public")


def _grade_hidden(task: Task, fn, n: int, seed: int, time_limit: float, quiet: bool):
    """:func:`grade` on ``n`` hidden cases: run them, have the student's code forget them, then say how
    many passed and, for a failure, :func:`hidden_feedback`."""
    __tracebackhide__ = True
    cases = hidden_cases(task, hidden_seed(task.name, seed), n)
    results = run_cases(cases, lambda case: grade_case(task, fn, case, time_limit), cpu_clock(fn))
    forget_hidden()
    failed = [r for r in results if r.problem]
    record(check=task.name, hidden=True, cases=len(results), failed=[str(r.case.name) for r in failed],
           bugs=[m.name for m in named_bugs(task, results)] if failed else [])   # for the instructor only
    where = f"{len(cases)} hidden cases"
    if not failed:
        if not quiet:
            print(f"✓ {task.name} agrees with {task.reference} on {where}: {task.family.agreement(task)}")
        return None
    return _verdict(task, hidden_feedback(task, fn, len(failed), len(results), time_limit), results, "hidden")


def _verdict(task: Task, text: str, results: list[CaseResult], which: str):
    """A check that failed some cases: while grading, the share of the cell's points its cases earn
    (each case's :attr:`CaseResult.credit`), printed with ``text`` and returned (nbgrader's partial
    credit); with no share (or outside grading), ``text`` raised as the failure."""
    __tracebackhide__ = True
    earned = sum(r.credit for r in results)
    credit = partial_credit(earned, len(results))
    if credit:
        full = sum(1 for r in results if not r.problem)
        part = [r for r in results if r.problem and r.credit > 0]
        line = f"Partial credit: {full} of {len(results)} {which} cases pass"
        if part:
            line += f", and {len(part)} more earn part of theirs ({task.family.split(task)})"
        print(f"✗ {text}\n{line}.")
        return credit
    fail(text)


def one_of(x, legal) -> bool:
    """Whether a student's ``x`` is one of ``legal`` (False, not an error, when ``x`` cannot even be
    compared: an unhashable or odd object)."""
    try:
        return x in legal
    except TypeError:
        return False


def close(a, b) -> bool:
    """A student's number ``a`` equals ``b`` within rounding."""
    return is_number(a) and (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6) or a == b)
