"""Answers not written yet: what a blank exercise says, and how its checks carry on.

A student version's answer cell ends where the solution was with a stub of the kit's
(:mod:`gamelib.grading.stubs` writes it when the student version is generated), naming the question:

* in a function, ``raise checks.NotAnswered("question 3", "minimax_value")``: the function raises
  :class:`NotAnswered` (a ``NotImplementedError``) until the student writes its body;
* below by-hand answers (``two_ply_values = {"A": ..., ...}``), ``checks.unanswered("question 1")``
  (:func:`unanswered`): it notes which of the cell's names still hold the placeholder ``...`` as that
  question's, and says what to write; it says nothing once they are filled in.

**In a student's notebook** (an IPython kernel, JupyterLab's or JupyterLite's, and no grading going on)
a check that meets an answer not written yet (an argument holding ``...``, or a function of the student's
raising :class:`NotAnswered`) neither passes nor raises: it writes one line to stderr, "question 1 is not
answered yet: ...", and returns (:func:`speaking`, around every check).  Run All then goes on to every
cell, every public check says what is missing, and nbgrader, which counts a test cell that writes to
stderr as failed, still fails it (``validate`` of a student version).  **While a submission is graded**
(:mod:`gamelib.grading.context`), and anywhere outside a notebook (a script, the kit's tests), nothing
changes: a placeholder or a stub fails its check as any wrong answer does, for 0 points.
"""
from __future__ import annotations

import ast
import functools
import linecache
import re
import sys

STUB_CALL = "unanswered"
"""The name of :func:`unanswered` in the stub line of a by-hand answer cell (``checks.unanswered(...)``)."""


def placeholder(x, depth: int = 0) -> bool:
    """Whether ``x`` is, or holds, a placeholder of the student version (``...``, as in ``[...]``,
    ``{...}`` or ``(..., ...)``, or ``NotImplemented``)."""
    if x is Ellipsis or x is NotImplemented:
        return True
    if depth > 20 or isinstance(x, (str, bytes)):
        return False
    if isinstance(x, dict):
        return any(placeholder(k, depth + 1) or placeholder(v, depth + 1) for k, v in x.items())
    if isinstance(x, (list, tuple, set, frozenset)):
        return any(placeholder(i, depth + 1) for i in x)
    return False


class NotAnswered(NotImplementedError):
    """What a function of the student version raises until the student writes it; the stub line names
    the ``question`` and the function (``name``), so the message says what to write."""

    def __init__(self, question: str = "this question", name: str = "your answer"):
        self.question, self.name = str(question), str(name)
        super().__init__(f"{self.question} is not answered yet: write {self.name} "
                         f"(in place of the line `raise checks.NotAnswered(...)`)")


class Unanswered(BaseException):
    """A check in a student's notebook met an answer not written yet: ``notice`` is what it says, about
    ``question`` (None: a placeholder the kit cannot tie to a question).  Caught by :func:`speaking`; a
    BaseException, so that no ``except Exception`` of a check's on the way swallows it."""

    def __init__(self, notice: str, question: str | None = None):
        super().__init__(notice)
        self.notice, self.question = notice, question


# ---------------------------------------------------------------------------------------------------
# Where the checks speak instead of failing
# ---------------------------------------------------------------------------------------------------

def ipython_shell():
    """The IPython shell this runs in (a notebook's kernel), or None."""
    ipython = sys.modules.get("IPython")
    return ipython.get_ipython() if ipython is not None else None


def notebook_shell():
    """The IPython shell of a student's notebook the checks run in, or None: while a submission is graded,
    or outside IPython (a script, the kit's tests), an answer not written yet fails its check.  (Never
    called in the grader's sandbox, whose copy of gamelib has no grading context.)"""
    shell = ipython_shell()
    if shell is None:
        return None
    from .context import current
    return shell if current() is None else None


def check_unanswered(error) -> None:
    """Called with what a student's function raised: in a notebook, :class:`NotAnswered` becomes the
    check's notice (:class:`Unanswered`) rather than a failure."""
    if isinstance(error, NotAnswered) and notebook_shell() is not None:
        raise Unanswered(str(error), error.question)


_ASKED: dict = {}
"""question → (the names of its by-hand answer cell that held placeholders, that cell's namespace)."""
_SAID: list = [None, set()]
"""[the notebook cell (its execution count) the notices below were written in, the notices]."""
_depth = 0


def unanswered(question: str) -> None:
    """The stub line of a by-hand answer cell (``checks.unanswered("question 1")``), below the names the
    student fills in: the cell's names that still hold the placeholder ``...`` become ``question``'s, so
    that a check meeting one names the question; while some do, this says so on stderr.  Once every
    ``...`` is replaced, it does nothing (the line may stay)."""
    frame = sys._getframe(1)
    namespace = frame.f_globals
    names = tuple(n for n in _cell_names(frame) if n in namespace and placeholder(namespace[n]))
    if not names:
        _ASKED.pop(str(question), None)
        return
    _ASKED[str(question)] = (names, namespace)
    _say(_by_hand_notice(str(question), names), str(question))


def _cell_names(frame) -> list:
    """The names the cell of ``frame`` uses, in order: from the cell's text where the kernel keeps it
    (IPython compiles each statement of a cell apart, so the frame's code is this line alone), else from
    the frame's code (a cell run as one piece, as in the grader's sandbox)."""
    names = list(frame.f_code.co_names)
    text = "".join(linecache.getlines(frame.f_code.co_filename))
    try:
        tree = ast.parse(text) if text else None
    except SyntaxError:
        tree = None
    if tree is not None:
        names += [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)]
    return list(dict.fromkeys(names))


def _by_hand_notice(question: str, names) -> str:
    listed = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"{question} is not answered yet: replace each `...` of {listed} with your answer"


def _placeholder_notice(what: str, given: list) -> Unanswered:
    """What a check says of the arguments ``given`` that hold a placeholder, described by the check's
    ``what``: the question (noted by :func:`unanswered`) whose by-hand names ``what`` mentions, else the
    one question whose unanswered names hold one of ``given``, and its names still unanswered."""
    words = set(re.findall(r"\w+", what))
    unanswered = {question: [n for n in names if placeholder(namespace.get(n))]
                  for question, (names, namespace) in _ASKED.items()}
    named = [q for q, left in unanswered.items() if left and words & set(_ASKED[q][0])]
    held = [q for q, left in unanswered.items()
            if any(_ASKED[q][1].get(n) is x for n in left for x in given)]
    for found in (named, held if len(held) == 1 else []):
        if found:
            return Unanswered(_by_hand_notice(found[0], unanswered[found[0]]), found[0])
    return Unanswered(f"not answered yet: {what} still holds the placeholder `...` of the exercise; "
                      "replace it with your answer")


def _say(notice: str, question: str | None) -> None:
    """Write ``notice`` on stderr, once per notebook cell; a notice tied to no question only when nothing
    was said in this cell yet (it repeats what the cell's first check said, in vaguer words)."""
    cell = getattr(ipython_shell(), "execution_count", None)
    if _SAID[0] != cell or cell is None:
        _SAID[:] = [cell, set()]
    if notice in _SAID[1] or (question is None and _SAID[1]):
        return
    _SAID[1].add(notice)
    print(notice, file=sys.stderr)


def speaking(check):
    """Wrap a check so that, in a student's notebook (:func:`notebook_shell`), an answer not written yet
    is said rather than failed: an argument holding a placeholder, or a function of the student's raising
    :class:`NotAnswered` (:func:`check_unanswered`), ends the check with one line on stderr and returns
    None.  Elsewhere the check runs as it is.  A check called by another is left to the outer one."""
    @functools.wraps(check)
    def wrapped(*args, **kwargs):
        __tracebackhide__ = True
        global _depth
        if _depth or notebook_shell() is None:
            return check(*args, **kwargs)
        _depth += 1
        try:
            given = [a for a in (*args, *kwargs.values()) if placeholder(a)]
            if given:
                raise _placeholder_notice(str(kwargs.get("what", "an answer")), given)
            return check(*args, **kwargs)
        except Unanswered as u:
            _say(u.notice, u.question)
            return None
        finally:
            _depth -= 1
    return wrapped
