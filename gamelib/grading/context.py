"""What a check knows about the grading it is part of: where hidden cases come from, what a cell is worth.

In the student's own kernel there is no grading context: a check runs its public cases (and, if asked,
hidden cases from the ``seed`` it is given).  When a submission is graded
(:mod:`gamelib.grading.executor`), each test cell runs inside :func:`grading`, and then

* **hidden cases are drawn from the course secret**, never from a seed in the repository:
  :func:`hidden_seed` is an HMAC of the secret (made by the course setup, kept out of git), the
  assignment, the test cell and the check's name.  No one without the secret can predict the cases.
  They are **the same for every student and every resubmission**, so the same code gets the same grade
  (two copies of one answer differing in a comment once got different partial credit); nothing of a
  hidden case reaches the student (feedback counts hidden cases and never describes them, and the
  student's own output and error messages during them are not shown), so knowing one's own grade
  tells nothing that helps the next submission.  The instructor reproduces a grade by grading the same
  file with the same secret;
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
    its ``points``, and ``results``, a list the cell's checks record what they found in (:func:`record`;
    None: not kept)."""

    secret: bytes
    assignment: str
    cell: str
    points: float
    results: list | None = None


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
    message = "\0".join([ctx.assignment, ctx.cell, str(name), str(seed)]).encode()
    return int.from_bytes(hmac.new(ctx.secret, message, hashlib.sha256).digest()[:8], "big")


def partial_credit(passed: int, total: int) -> float | None:
    """While grading, the points a cell earns for ``passed`` of ``total`` hidden cases (rounded down to
    hundredths, so a failed case never rounds up to full marks); None outside grading."""
    ctx = current()
    if ctx is None or total <= 0:
        return None
    return int(100 * ctx.points * passed / total) / 100
