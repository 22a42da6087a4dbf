"""The checks an exercise notebook calls: each runs a student's answer against gamelib's own results.

A check passes quietly with one line saying what was checked, or fails with :class:`GradingError`,
whose message is the feedback: what differs (the first node where the student's search goes
elsewhere, the value, the decision, the states a belief state lacks) and, when a known bug explains
it, the bug by name (:mod:`gamelib.grading.mutants`).  In a notebook a test cell is just
``checks.search("alphabeta_aima", alphabeta_search)``; nbgrader counts a cell that raises as failed.

Every function a student writes is graded by the one grading core (:mod:`gamelib.grading.core`), from a
table of tasks: the searches (:data:`EXERCISES`, :mod:`gamelib.grading.searches`) and the
partial-observability functions (:data:`IMPERFECT`, :mod:`gamelib.grading.imperfect`).  By-hand answers
are checked by :mod:`gamelib.grading.byhand` and :mod:`gamelib.grading.imperfect`.

When a submission is graded (:mod:`gamelib.grading.executor`), these checks run in the grader, the
student's functions in the sandbox; hidden cases come from the course secret, and a cell of hidden
cases earns its share of points for those it passes (:mod:`gamelib.grading.context`).
"""
from __future__ import annotations

import copy
import math

from . import cases as C
from . import imperfect, learning, multiplayer
from . import puct as puct_steps
from .builton import built_on
from .byhand import COIN_BY_HAND  # noqa: F401 -- test cells read the by-hand coin game here
from .byhand import (alphabeta_by_hand, alphabeta_values_sanity, answer_format, best_sanity,
                     choices, consistent, evaluation_by_hand, expectimax_by_hand, options_sanity, star1_by_hand,
                     star1_sanity, pruning_sanity, range_sanity, step_sanity, values_by_hand, values_sanity,
                     windows_sanity)
from .core import CHECK_TIME, MAX_TIMEOUTS, SHOWN, TIME_LIMIT, CaseResult, GradingError, fail, grade, quiet
from .context import forget_hidden, grading_hidden, hidden_seed, partial_credit
from .core import grade_case, hidden_cases, run_cases  # noqa: F401 -- for tools and tests
from .guard import describe_returned, is_number, run
from .imperfect import (belief_by_hand, boards_sanity, clairvoyance_by_hand, clairvoyant_policy, deals_sanity,
                        guaranteed_moves_by_hand, policy_sanity, wins_at_once_by_hand)
from .learning import backup_by_hand, backup_sanity, switch_by_hand, td_by_hand, td_sanity, ucb_by_hand, ucb_sanity
from .multiplayer import (equilibria_by_hand, maxn_by_hand, maxn_sanity, paranoid_by_hand, zero_sum_by_hand,
                          zero_sum_sanity)
from .searches import CS221_COIN, EXERCISES, UNEQUAL  # noqa: F401 -- test cells import CS221_COIN from here
from .unanswered import NotAnswered, unanswered  # noqa: F401 -- the stub lines of a student version call these

IMPERFECT = imperfect.TASKS
"""The partial-observability functions by name (assignment 05)."""


def short_tracebacks(shell=None) -> None:
    """In a notebook, show a failed check as its message alone (``GradingError: ...``), without the
    grader's own frames before it: the message is the feedback.  Done when the checks are imported in an
    IPython kernel; nbgrader still sees the cell's error."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return
        shell = get_ipython()
    if shell is None or getattr(shell, "gamelib_short_tracebacks", False):
        return

    def show(self, etype, value, tb, tb_offset=None):
        stb = self.InteractiveTB.get_exception_only(etype, value)
        self._showtraceback(etype, value, stb)
        return stb

    shell.set_custom_exc((GradingError,), show)
    shell.gamelib_short_tracebacks = True


short_tracebacks()


@quiet
def search(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
           quiet: bool = False, uses=None):
    """Grade the student's ``fn`` for the search exercise ``name`` (a key of :data:`EXERCISES`): on the
    public cases, or with ``hidden=n`` on n hidden cases.  Prints one line when it passes; raises
    :class:`GradingError` with the feedback when it does not (or, while a submission is graded,
    returns the points a cell of hidden cases earns for the cases it passes).  ``uses``: the student's
    function ``fn`` is built on (``minimax_decision`` on ``minimax_value``), whose own answers then stand
    in for the reference's (:mod:`gamelib.grading.builton`: a mistake is charged once)."""
    __tracebackhide__ = True
    return grade(built_on(EXERCISES[name], uses), fn, hidden=hidden, seed=seed, time_limit=time_limit,
                 quiet=quiet)


@quiet
def belief(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
           quiet: bool = False):
    """Grade the student's ``predict``, ``update`` or ``track`` (``name``) against gamelib.imperfect's,
    comparing belief states as sets of states, on the public cases or ``hidden`` cases."""
    __tracebackhide__ = True
    if name not in ("predict", "update", "track"):
        raise ValueError(f"checks.belief grades predict, update or track, not {name!r}")
    return grade(IMPERFECT[name], fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


@quiet
def clairvoyance(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
                 quiet: bool = False, uses=None):
    """Grade the student's ``clairvoyance_averages`` or ``clairvoyance_decision`` (``name``) against
    :func:`gamelib.imperfect.clairvoyance_policy` (exact), on the public cases or ``hidden`` cases.
    ``uses``: for the decision, the student's ``clairvoyance_averages`` it is built on: a decision that is
    the first best of those averages is right too (:mod:`gamelib.grading.builton`)."""
    __tracebackhide__ = True
    if name not in ("clairvoyance_averages", "clairvoyance_decision"):
        raise ValueError(f"checks.clairvoyance grades clairvoyance_averages or clairvoyance_decision, "
                         f"not {name!r}")
    return grade(built_on(IMPERFECT[name], uses), fn, hidden=hidden, seed=seed, time_limit=time_limit,
                 quiet=quiet)


@quiet
def maxn(fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT, quiet: bool = False):
    """Grade the student's ``maxn_value(game, state, tie)`` node for node against gamelib.maxn's trace
    (assignment 06, :mod:`gamelib.grading.multiplayer`), on the public cases or ``hidden`` cases."""
    __tracebackhide__ = True
    return grade(multiplayer.TASKS["maxn_value"], fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


@quiet
def matrix(fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT, quiet: bool = False):
    """Grade the student's ``solve_zero_sum_2x2(payoffs)`` against gamelib.normal_form.solve_zero_sum
    (assignment 06): the value within rounding and an optimal mix, on the public or ``hidden`` games."""
    __tracebackhide__ = True
    return grade(multiplayer.TASKS["solve_zero_sum_2x2"], fn, hidden=hidden, seed=seed, time_limit=time_limit,
                 quiet=quiet)


@quiet
def mcts(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT, quiet: bool = False):
    """Grade the student's MCTS step ``name``, 'select' or 'backup' (assignment 07,
    :mod:`gamelib.grading.learning`), in gamelib.mcts's search, iteration by iteration against its trace."""
    __tracebackhide__ = True
    return learning.grade_step(name, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


@quiet
def puct(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT, quiet: bool = False):
    """Grade the student's PUCT step ``name``, 'puct_select' or 'puct_backup' (assignment 07,
    :mod:`gamelib.grading.puct`), in gamelib.mcts's search with a policy-value function, iteration by
    iteration against its trace."""
    __tracebackhide__ = True
    return puct_steps.grade_step(name, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


@quiet
def td(fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT, quiet: bool = False):
    """Grade the student's ``td_lambda(weights, episode, utility, alpha, lam)`` against
    gamelib.td.td_learn on recorded games (assignment 07), public or ``hidden`` ones."""
    __tracebackhide__ = True
    return grade(learning.TASKS["td_lambda"], fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


def grade_search(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
                 quiet: bool = True) -> list[CaseResult]:
    """Every :class:`CaseResult` of :func:`search` (for tools and tests); raises as it does."""
    task = EXERCISES[name]
    cases = hidden_cases(task, seed, hidden) if hidden else task.public()
    results = run_cases(cases, lambda case: grade_case(task, fn, case, time_limit))
    if any(r.problem for r in results):
        grade(task, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)
    return results


# ---------------------------------------------------------------------------------------------------
# The sigma study (AIMA 3rd ed. §5.8): a Monte Carlo estimate against the exact integral
# ---------------------------------------------------------------------------------------------------

SIGMA_PUBLIC = [("the textbook's tree", [[99, 1000, 1000, 1000], [100, 101, 102, 100]], 5.0),
                ("a new tree", [[10, 14, 20], [11, 12, 13]], 2.0)]


@quiet
def sigma_probability(fn, *, hidden: int = 0, seed: int = 0, trials: int = 40_000):
    """Grade ``fn(spec, sigma, trials, seed)``, the student's Monte Carlo estimate of P(the first root
    move is truly best) under independent N(0, σ²) errors, against gamelib's exact integration
    (:func:`gamelib.experiments.sigma.exact_branch_probabilities`), within 5 standard errors."""
    __tracebackhide__ = True
    from ..experiments.sigma import exact_branch_probabilities
    if hidden:
        rng = C.stable_random("sigma", hidden_seed("sigma_probability", seed))
        cases = []
        for i in range(hidden):
            spec = [[rng.randint(40, 60) for _ in range(rng.randint(2, 4))] for _ in range(2)]
            cases.append((f"hidden tree {i + 1}", spec, float(rng.choice((1, 2, 3, 5)))))
    else:
        cases = SIGMA_PUBLIC
    problems = []
    for k, (name, spec, sigma) in enumerate(cases):
        exact = exact_branch_probabilities(spec, sigma)["a1"]
        r = run(fn, copy.deepcopy(spec), sigma, trials, 1000 + k, time_limit=10.0)
        shown = "" if hidden else f" (tree {spec}, σ = {sigma:g})"
        if r.forbidden:
            problems.append(f"{name}: it calls gamelib's own sigma study ({r.forbidden[0]}); "
                            "write the Monte Carlo estimate yourself")
        elif r.status != "ok":
            problems.append(f"{name}{shown}: " + (f"it raised {type(r.error).__name__}" if r.status == "error"
                                                  else "no answer within 10 s of CPU time"))
        elif not is_number(r.returned) or not 0 <= r.returned <= 1:
            problems.append(f"{name}: it returned {describe_returned(r.returned)}, not a probability")
        else:
            se = math.sqrt(max(exact * (1 - exact), 0.01) / trials)
            if abs(r.returned - exact) > 5 * se + 1e-3:
                detail = "" if hidden else f" ({r.returned:.4f} against the exact {exact:.4f})"
                problems.append(f"{name}{shown}: more than 5 standard errors from the exact probability{detail}")
    where = f"{len(cases)} hidden trees" if hidden else f"{len(cases)} public trees"
    if hidden:
        forget_hidden()
        return _sigma_hidden(len(problems), len(cases))
    if problems:
        fail(f"your estimate is off on {len(problems)} of {where}:\n  • " + "\n  • ".join(problems))
    print(f"✓ your estimate is within 5 standard errors of the exact probability on {where}")


def _sigma_hidden(failed: int, total: int):
    """The sigma study's verdict on hidden trees, in the kit's words only (how many were off, never which
    or how), with the share of the cell's points for those that pass while grading."""
    __tracebackhide__ = True
    where = f"{total} hidden trees"
    if not failed:
        print(f"✓ your estimate is within 5 standard errors of the exact probability on {where}")
        return None
    text = (f"your estimate is off on {failed} of {where} (more than 5 standard errors from the exact "
            f"probability, or no probability at all; hidden trees are never described): try the public "
            f"trees and the notebook's own with other σ, and compare with the exact integration")
    credit = partial_credit(total - failed, total)
    if credit:
        print(f"✗ {text}\nPartial credit: {total - failed} of {total} hidden trees pass.")
        return credit
    fail(text)


# ---------------------------------------------------------------------------------------------------
# An evaluation function judged by results (CS188's evaluation question)
# ---------------------------------------------------------------------------------------------------

@quiet
def connect4_evaluation(evaluate, *, seed: int = 0, points: int = 4, what: str = "the evaluation") -> float:
    """Play ``evaluate`` (named ``what`` in feedback) inside gamelib's depth-2 alpha-beta against fixed
    opponents (:mod:`gamelib.grading.tournament`) and return the points earned, one per rung of
    ``points``: the last expression of a test cell, which nbgrader reads as partial credit."""
    from .tournament import grade_evaluation, report
    if not callable(evaluate):
        print(f"✗ {what} should be a function of a state; it is {describe_returned(evaluate)}")
        return 0.0
    secret = grading_hidden()
    rungs = grade_evaluation(evaluate, seed=hidden_seed("connect4_evaluation", seed), hidden=secret)
    if secret:
        forget_hidden()
    print(report(rungs))
    earned = sum(r.passed for r in rungs) * points / 4
    print(f"{earned:g} of {points} points")
    return float(earned)

__all__ = ["GradingError", "EXERCISES", "IMPERFECT", "search", "belief", "clairvoyance", "grade_search",
           "answer_format", "values_by_hand", "alphabeta_by_hand", "choices", "sigma_probability",
           "connect4_evaluation", "belief_by_hand", "guaranteed_moves_by_hand", "wins_at_once_by_hand",
           "clairvoyance_by_hand", "clairvoyant_policy", "fail", "CHECK_TIME", "MAX_TIMEOUTS", "SHOWN",
           "maxn", "matrix", "mcts", "puct", "td", "maxn_by_hand", "paranoid_by_hand", "zero_sum_by_hand",
           "equilibria_by_hand", "ucb_by_hand", "backup_by_hand", "td_by_hand", "switch_by_hand",
           "evaluation_by_hand", "star1_by_hand", "expectimax_by_hand",
           # the public sanity checks of by-hand answers: which parts are consistent, never the right answer
           "consistent", "values_sanity", "alphabeta_values_sanity", "pruning_sanity", "windows_sanity",
           "range_sanity", "options_sanity", "step_sanity", "best_sanity", "star1_sanity", "boards_sanity",
           "deals_sanity", "policy_sanity",
           "maxn_sanity", "zero_sum_sanity", "ucb_sanity", "backup_sanity", "td_sanity"]
