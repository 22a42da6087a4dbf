"""What a check knows about the grading it is part of: where hidden cases come from, what a cell is worth.

In the student's own kernel there is no grading context: a check runs its public cases (and, if asked,
hidden cases from the ``seed`` it is given).  When a submission is graded
(:mod:`gamelib.grading.executor`), each test cell runs inside :func:`grading`, and then

* **hidden cases are drawn from the course secret**, never from a seed in the repository:
  :func:`hidden_seed` is an HMAC of the secret (made by the course setup, kept out of git), the
  assignment, the test cell and the check's name.  No one without the secret can predict the cases.
  They are **the same for every student and every resubmission**, so the same code gets the same grade
  (two copies of one answer differing in a comment once got different partial credit).  The instructor
  reproduces a grade by grading the same file with the same secret;
* **nothing of a hidden case reaches the student but the number passed.**  Feedback on hidden cases is
  written by the kit alone: how many passed, and, for a failure, a small case of the kit's own on which
  the student's function goes wrong (drawn from a public seed), never anything the student's code
  controls (an exception's type or message, a line of code, what it printed or how much, a time).  And
  the student's code forgets what it saw: once a check's hidden cases have run it calls
  :func:`forget_hidden`, and the executor replaces the sandbox by a fresh one (the student's cells
  replayed) before the student's code runs again, even for the kit's own small case; the time the
  hidden cases took is not taken from the notebook's budget, nor their restarts from its count
  (:mod:`gamelib.grading.executor`), so not even what runs later, or whether it runs, depends on a
  hidden case.  Without this, a search that wrote each hidden tree into its exception's class name, or
  into the number of characters it printed, taught the class the hidden cases in a few resubmissions;
* **a cell that tests many hidden cases gives partial credit** (:func:`partial_credit`): its share of
  the cell's points for the cases it passes;
* **what each check found is kept** (:func:`record`): its cases, those that failed and the known bugs it
  named, as data in the graded copy's cell (``metadata.gamelib.results``), for the instructor's class
  report; never in what a student sees.
"""
from __future__ import annotations

import contextvars
import hashlib
import hmac
from contextlib import contextmanager
from typing import NamedTuple


class Context(NamedTuple):
    """One test cell being graded: the course ``secret``, the ``assignment``, the test ``cell``'s id,
    its ``points``, ``results``, a list the cell's checks record what they found in (:func:`record`;
    None: not kept), and ``hidden``, what the executor does when hidden cases are drawn and when they
    are done (:class:`HiddenCases`; None: nothing, as in a tool's own grading)."""

    secret: bytes
    assignment: str
    cell: str
    points: float
    results: list | None = None
    hidden: "HiddenCases | None" = None


class HiddenCases:
    """The executor's side of a cell's hidden cases: :meth:`drawn` when a check draws them (before the
    student's code sees one), :meth:`forget` once they have run (the student's code, which has seen
    them, is to be replaced by a fresh copy before it runs again).  This base class does nothing."""

    def drawn(self) -> None:
        pass

    def forget(self) -> None:
        pass


_current: contextvars.ContextVar = contextvars.ContextVar("gamelib_grading_context", default=None)


@contextmanager
def grading(context: Context):
    """Run the block as the grading of one test cell."""
    token = _current.set(context)
    try:
        yield context
    finally:
        _current.reset(token)


def current() -> Context | None:
    """The test cell being graded, or None (the student's own kernel, or a tool)."""
    return _current.get()


def record(**fact) -> None:
    """While grading, keep ``fact`` (plain data: the check, its cases, the ones that failed, the known
    bugs named) in the cell's results, which the grader stores with the graded copy for the class report
    (:mod:`gamelib.grading.report`); outside grading, nothing."""
    ctx = current()
    if ctx is not None and ctx.results is not None:
        ctx.results.append(fact)


def hidden_seed(name: str, seed: int = 0) -> int:
    """The seed of a check's hidden cases: ``seed`` itself outside grading; while grading, a number
    drawn from the course secret (``seed`` only salts it)."""
    ctx = current()
    if ctx is None:
        return seed
    if ctx.hidden is not None:
        ctx.hidden.drawn()
    message = "\0".join([ctx.assignment, ctx.cell, str(name), str(seed)]).encode()
    return int.from_bytes(hmac.new(ctx.secret, message, hashlib.sha256).digest()[:8], "big")


def forget_hidden() -> None:
    """A check's hidden cases have run: while grading, the student's code that saw them is replaced by a
    fresh copy before it runs again (see the module's docstring); outside grading, nothing."""
    ctx = current()
    if ctx is not None and ctx.hidden is not None:
        ctx.hidden.forget()


def grading_hidden() -> bool:
    """Whether a check's hidden cases come from the course secret (a submission being graded): their
    feedback then says nothing the student's code controls."""
    return current() is not None


def partial_credit(passed: int, total: int) -> float | None:
    """While grading, the points a cell earns for ``passed`` of ``total`` hidden cases (rounded down to
    hundredths, so a failed case never rounds up to full marks); None outside grading."""
    ctx = current()
    if ctx is None or total <= 0:
        return None
    return int(100 * ctx.points * passed / total) / 100
