"""A question built on another of the student's functions: one mistake is charged once.

Some functions a student writes call another they wrote: ``minimax_decision`` calls ``minimax_value``
(exercise 01), ``clairvoyance_decision`` calls ``clairvoyance_averages`` (exercise 05), and exercise 05's
policy table is built from ``clairvoyance_decision``.  A mistake in the function underneath already costs
the points of its own question; graded against the reference alone, every question built on it would
lose its points too, for the same mistake.  So a question built on another function is graded with that
function's own answers standing in for the reference's: a decision is right when it is the reference's,
**or** when it is what the student's own function underneath leads to on that case, asked there under
the same guards (a time limit, the sandbox) as any graded call.  What the question grades is then its
own rule (the first best action; MIN takes the least), not the numbers it was handed.  Values all
alike on a case show nothing of that rule (any first action "follows" them): a ``minimax_value`` that
returns 0 would carry a decision that always takes the first move.  So where the student's own values
tie on a case, they stand in only if the function underneath is seen to tell positions apart near it
(the root's grandchildren; the same history under the other deals); a constant never does, and the
reference alone decides there.

(The function underneath cannot simply be replaced by the reference while the one above runs: the
student's code runs in the sandbox, where a test cell cannot rebind its names.  So a function underneath
that raises, or times out, still fails what is built on it: there is nothing of the student's to stand
in for the reference.)

A test cell says what a function is built on: ``checks.search("minimax_decision", minimax_decision,
uses=minimax_value)``; :func:`built_on` wraps the task's family in :class:`BuiltOn`, whose
:meth:`~BuiltOn.accepts` (the grading core's hook, :meth:`gamelib.grading.core.Family.accepts`) asks the
function underneath on a case the decision failed.
"""
from __future__ import annotations

from typing import Callable

from ..core import MAX
from .core import Family, Task, grade_case
from .mutants import Outcome


class BuiltOn(Family):
    """``family``, with the student's function ``uses`` standing in for the reference underneath: a case
    whose answer differs from the reference's is right when ``follows(task, case, student, uses,
    time_limit)`` says it is what ``uses`` leads to there.  Everything else is ``family``'s."""

    def __init__(self, family: Family, uses, follows: Callable, name: str):
        self.family, self.uses, self.follows, self.name = family, uses, follows, name
        self.agrees = family.agrees

    def expected(self, task, case):
        return self.family.expected(task, case)

    def attempt(self, task, case, expected):
        return self.family.attempt(task, case, expected)

    def parse(self, task, returned, case):
        return self.family.parse(task, returned, case)

    def difference(self, task, got, want, case):
        return self.family.difference(task, got, want, case)

    def call(self, task, fn, attempt, time_limit):
        return self.family.call(task, fn, attempt, time_limit)

    def forbidden(self, task, call):
        return self.family.forbidden(task, call)

    def credit(self, task, student, expected):
        return self.family.credit(task, student, expected)

    def split(self, task):
        return self.family.split(task)

    def diagnose(self, task, fn, result, time_limit):
        return self.family.diagnose(task, fn, result, time_limit)

    def mutant_returns(self, task):
        return self.family.mutant_returns(task)

    def agreement(self, task) -> str:
        return (f"{self.family.agreement(task)} (or what your own {self.name} leads to: a mistake of "
                f"{self.name} is charged to its own question)")

    def accepts(self, task, case, student: Outcome, expected: Outcome, time_limit: float) -> bool:
        if student.error is not None:
            return False
        try:
            return bool(self.follows(task, case, student, self.uses, time_limit))
        except Exception:                              # noqa: BLE001 -- a stand-in is a help, never a failure
            return False


# ---------------------------------------------------------------------------------------------------
# What a decision built on the student's own function should be
# ---------------------------------------------------------------------------------------------------

def all_alike(values) -> bool:
    """Are ``values`` all equal, within gamelib's tie tolerance (10⁻⁹ of the largest)?  Then every
    action is a first best one, and a decision by them shows nothing of the rule that picks one."""
    from ..imperfect.clairvoyance import TIE_TOLERANCE
    values = list(values)
    return max(values) - min(values) <= TIE_TOLERANCE * max(1.0, *map(abs, values))


def tells_apart(alike, elsewhere) -> bool:
    """Does some value of ``elsewhere`` (asked lazily, one at a time) differ from the ``alike`` ones?
    Only numbers count: anything else is no evidence."""
    seen = list(alike)
    for v in elsewhere:
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            seen.append(v)
            if not all_alike(seen):
                return True
    return False


def first_best(actions, values: dict, *, least: bool = False) -> set:
    """The actions a decision by ``values`` may be: the first of the largest (``least``: the least),
    exactly, or within gamelib's tie tolerance (10⁻⁹ of the best): a student's own ``>`` and gamelib's
    tolerant comparison part only when two values differ by rounding."""
    from ..imperfect.clairvoyance import TIE_TOLERANCE
    sign = -1 if least else 1
    signed = {a: sign * values[a] for a in actions}
    top = max(signed.values())
    exact = next(a for a in actions if signed[a] == top)
    tolerant = next(a for a in actions if signed[a] >= top - TIE_TOLERANCE * max(1.0, abs(top)))
    return {exact, tolerant}


def follows_values(task, case, student: Outcome, uses, time_limit: float) -> bool:
    """A minimax decision built on the student's ``minimax_value``: its own value of each child of the
    root (asked there, the case from that child), the decision the first best of them for the player to
    move, and the nodes visited the root's and then those its ``minimax_value`` visits below each child,
    in order.  Where its values of the root's children are all alike, only if its values of the
    grandchildren are not (:func:`all_alike`: a constant function shows nothing of the rule)."""
    from .searches import EXERCISES
    below = EXERCISES["minimax_value"]
    game, root = case.game, case.root
    visits, values, actions = [root], {}, list(game.actions(root))
    for a in actions:
        child = game.result(root, a)
        r = grade_case(below, uses, case._replace(state=child, name=f"{case.name} after {a}"), time_limit)
        if r.student.error is not None or r.student.value is None:
            return False
        visits += list(r.student.visits)
        values[a] = r.student.value
    if len(actions) > 1 and all_alike(values.values()):
        grandchildren = [game.result(child, b) for child in (game.result(root, a) for a in actions)
                         if not game.is_terminal(child) for b in game.actions(child)]
        asked = (grade_case(below, uses, case._replace(state=s), time_limit).student for s in grandchildren)
        if not tells_apart(values.values(), (o.value for o in asked if o.error is None)):
            return False                                # alike everywhere it was asked: no evidence
    own = first_best(actions, values, least=game.to_move(root) != MAX)
    return student.action in own and tuple(student.visits) == tuple(visits)


def follows_averages(task, case, student: Outcome, uses, time_limit: float) -> bool:
    """A clairvoyant decision built on the student's ``clairvoyance_averages``: its own averages on the
    case, and the decision the first action with the best of them.  Where they are all alike, only if
    its averages for the same history under some other deal are not (:func:`all_alike`)."""
    from .imperfect import TASKS
    r = grade_case(TASKS["clairvoyance_averages"], uses, case, time_limit)
    if r.student.error is not None or not isinstance(r.student.value, dict):
        return False
    actions = list(case.game.actions(case.state))
    if len(actions) > 1 and all_alike(r.student.value[a] for a in actions):
        game = case.game

        def under_other_deals():
            for deal, _ in game.chance_outcomes(game.initial_state):
                if deal == case.deal:
                    continue
                try:
                    other = grade_case(TASKS["clairvoyance_averages"], uses, case._replace(deal=deal), time_limit)
                except Exception:                      # noqa: BLE001 -- a history this deal cannot have
                    continue
                if other.student.error is None and isinstance(other.student.value, dict):
                    yield from (other.student.value.get(a) for a in actions)
        if not tells_apart(r.student.value.values(), under_other_deals()):
            return False                                # alike under every deal: no evidence
    return student.action in first_best(actions, r.student.value)


BUILT_ON = {
    "minimax_decision": ("minimax_value", follows_values),
    "clairvoyance_decision": ("clairvoyance_averages", follows_averages),
}
"""The functions a student writes on top of another: {task name: (the function underneath, how a
decision follows from it)}."""


def built_on(task: Task, uses) -> Task:
    """``task`` graded with the student's ``uses`` standing in for the reference underneath (a
    :class:`BuiltOn` family); ``task`` itself when ``uses`` is None or not a function (a student who
    deleted it: the reference alone then)."""
    if uses is None:
        return task
    if task.name not in BUILT_ON:
        raise ValueError(f"{task.name} is built on none of the student's functions; uses= is for "
                         f"{', '.join(BUILT_ON)}")
    if not callable(uses):
        return task
    name, follows = BUILT_ON[task.name]
    return task._replace(family=BuiltOn(task.family, uses, follows, name))


__all__ = ["BuiltOn", "built_on", "all_alike", "tells_apart", "first_best", "follows_values", "follows_averages",
           "BUILT_ON"]
