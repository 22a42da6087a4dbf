"""The checks an exercise notebook calls: each runs a student's answer against gamelib's own traces.

A check passes quietly with one line saying what was checked, or raises :class:`GradingError` whose
message is the feedback: what differs (the first node where the student's search goes elsewhere, the
value, the decision) and, when a known bug explains it, the bug by name
(:mod:`gamelib.grading.mutants`).  In a notebook a test cell is just ``checks.alphabeta(alphabeta)``;
nbgrader counts a cell that raises as failed.

Search exercises (:data:`EXERCISES`) run the student's function on public cases (the textbook's trees,
shown in full when wrong) and, at grading, on ``hidden`` cases drawn from ``seed`` (never shown: the
feedback gives counts and positions only).  Each call gets a fresh :class:`~gamelib.grading.tracing.
TracedGame` around a copy of the game, a time limit, a node budget and captured output
(:mod:`gamelib.grading.guard`), so an infinite loop, an exception, megabytes of prints, a mutated
game, a wrong return type or a call to gamelib's own search fails that case with a message and the
other cases are still graded.

By-hand exercises compare a student's numbers with what the reference's trace says about each node.
"""
from __future__ import annotations

import copy
import functools
import math
import time
import warnings
from typing import Any, Callable, NamedTuple

from ..core import CHANCE, INF
from ..minimax import minimax
from ..trees import GameTree
from . import cases as C
from .games import TakeAway, agent_tree
from .mutants import Outcome, matching_mutants, outcome_of
from .guard import describe_returned, is_number, run
from .tracing import TracedGame

TIME_LIMIT = 2.0
"""Seconds of CPU time a student's function may use on one case (CPU time, so that a busy grading
machine cannot time out a correct answer; see :mod:`gamelib.grading.guard`)."""
CHECK_TIME = 40.0
"""Seconds of CPU time one check may spend on all its cases; the cases left over count as failed."""
SHOWN = 3
"""How many failing cases feedback describes (the rest are counted)."""
MAX_TIMEOUTS = 2
"""After this many time-outs in one check its remaining cases are not run (an infinite loop rarely
spares the next case, and each costs the full time limit)."""


class GradingError(AssertionError):
    """A check failed; the message is the feedback for the student."""


def _no_warnings(check):
    """Run ``check`` with warnings silenced: nbgrader counts anything a test cell writes to stderr as a
    failed test, so a stray warning must never cost a student the points."""
    @functools.wraps(check)
    def quiet(*args, **kwargs):
        __tracebackhide__ = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return check(*args, **kwargs)
    return quiet


def _fail(message: str):
    __tracebackhide__ = True
    raise GradingError(message)


# ---------------------------------------------------------------------------------------------------
# Search exercises
# ---------------------------------------------------------------------------------------------------

class Exercise(NamedTuple):
    """A search to write: the student's function ``name(...)``, graded as a ``kind`` of search
    (:data:`gamelib.grading.cases.KINDS`) that ``returns`` 'value', 'action' or 'pair'
    (value, action); ``args(game, node, case)`` the arguments it is called with; ``public()`` the
    cases in the student's copy; ``hidden(seed, n)`` n cases drawn from ``seed``; ``reference`` what
    it is compared with, for feedback."""

    name: str
    kind: str
    returns: str
    args: Callable
    public: Callable
    hidden: Callable
    reference: str


def _tree_case(name, spec, **kw) -> C.Case:
    return C.Case(name, GameTree.from_nested(spec), **kw)


def _plain_public():
    from ..games import Halving
    return [_tree_case("AIMA Fig. 5.2", C.FIG_5_2), _tree_case("seed 004's four-layer tree", C.SLIDES_004),
            _tree_case("a tree with tied moves", [[5, 3], [3, 4], [6, 2]]),
            C.Case("the halving game from 5 (CS221)", Halving(5))]


def _plain_hidden(seed, n):
    from ..games import Halving
    rng = C.stable_random("plain", seed)
    out = [C.Case(f"hidden tree {i + 1}", GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4))),
                  hidden=True) for i in range(n)]
    for k in range(max(1, n // 10)):
        out.append(C.Case(f"hidden game {k + 1}", Halving(rng.randint(3, 9)), hidden=True))
        game, state = C.random_tictactoe(rng, rng.randint(4, 5))
        out.append(C.Case(f"hidden position {k + 1}", game, state, hidden=True))
    return out


def _rounds_case(name, game, depth, hidden=False, evaluate=None):
    agents = getattr(game, "agents", 2)
    if evaluate is None:
        evaluate = game.estimates.__getitem__ if hasattr(game, "estimates") else game.evaluate
    return C.Case(name, game, depth=depth, evaluate=evaluate, agents=agents, hidden=hidden)


ROUNDS_TREE = [[[[4, 8], [2]], [[6], [3, 7]]], [[[1, 5], [9, 2]], 0], [[5, [[1, 3]]], [[7, 2]]]]
"""A three-agent tree for the public cases: MAX, MIN, MIN, then MAX again three moves down (the
depth-1 cut-off); the terminal 0 (H) sits above that cut-off and the terminal 5 (Q) on it."""


def _rounds_public():
    tree = agent_tree(ROUNDS_TREE, agents=3)
    tree.estimates = {s: (ord(s[-1]) * 7) % 11 - 5 for s in tree.states}
    return [_rounds_case("a three-agent tree, depth 1 (one round)", tree, 1),
            _rounds_case("the same tree, depth 2", tree, 2),
            _rounds_case("TakeAway(4) with 3 agents, depth 1", TakeAway(4, 3), 1),
            _rounds_case("TakeAway(7) with 3 agents, depth 2", TakeAway(7, 3), 2)]


def _rounds_hidden(seed, n):
    rng = C.stable_random("rounds", seed)
    out = []
    for i in range(n):
        agents = rng.choice((2, 3, 3, 4))
        tree = agent_tree(C.random_spec(rng, rng.randint(3, 6), (1, 3), stop=0.25), agents=agents)
        tree.estimates = C.random_estimates(rng, tree)
        out.append(_rounds_case(f"hidden tree {i + 1}", tree, rng.randint(1, 2), hidden=True))
    for k in range(max(1, n // 10)):
        game = TakeAway(rng.randint(4, 9), rng.choice((3, 4)))
        out.append(_rounds_case(f"hidden game {k + 1}", game, rng.randint(1, 2), hidden=True))
    return out


def _alphabeta_public(strict):
    name = "strict convention" if strict else "AIMA convention"
    kw = {"prune_on_equality": not strict}
    return [_tree_case(f"AIMA Fig. 5.2 ({name})", C.FIG_5_2, **kw),
            _tree_case(f"seed 004's example 3 ({name})", C.EXAMPLE_3, **kw),
            _tree_case(f"seed 004's mirror image ({name})", C.MIRROR_3, **kw),
            _tree_case(f"the root-children trap [[3], [3, 1]] ({name})", C.TRAP, **kw),
            _tree_case(f"a tree with ties ({name})", [[5, [4, 6]], [5, 7], [[5, 8], 3]], **kw)]


def _alphabeta_hidden(seed, n, strict):
    rng = C.stable_random("alphabeta", strict, seed)
    kw = {"prune_on_equality": not strict, "hidden": True}
    out = [C.Case(f"hidden tree {i + 1}",
                  GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4), (1, 4), low=0, high=6)), **kw)
           for i in range(n)]
    for k in range(max(1, n // 10)):
        game, state = C.random_tictactoe(rng, rng.randint(5, 6))
        out.append(C.Case(f"hidden position {k + 1}", game, state, **kw))
    return out


def _estimated(spec, seed):
    tree = GameTree.from_nested(spec)
    tree.estimates = C.random_estimates(C.stable_random("estimates", seed), tree)
    return tree


def _h_alphabeta_public():
    from ..games import TicTacToe
    from ..games.tictactoe import evaluation as ttt_evaluation
    tree = _estimated([[[3, 12], [8, 2]], [[4, 6], 1], [[14, 5], [2, 9]]], 0)
    # H is a terminal (utility 1) at the depth-2 cut-off: evaluating it (8) instead changes the value.
    tree.estimates.update({"B": 4, "C": 1, "D": 7, "E": 6, "F": 3, "G": 5, "H": 8, "I": 9, "J": 4})
    game = TicTacToe("X.O" ".X." "O..")
    return [C.Case("a depth-3 tree cut off at depth 1", tree, depth=1, evaluate=tree.estimates.__getitem__),
            C.Case("the same tree cut off at depth 2", tree, depth=2, evaluate=tree.estimates.__getitem__),
            C.Case("tic-tac-toe 'X.O.X.O..' at depth 2", game, depth=2, evaluate=ttt_evaluation())]


def _h_alphabeta_hidden(seed, n):
    from ..games import Connect4
    from ..games.connect4 import evaluation as c4_evaluation
    rng = C.stable_random("h_alphabeta", seed)
    out = []
    for i in range(n):
        tree = _estimated(C.random_spec(rng, rng.randint(3, 4), (1, 3), low=-5, high=9), (seed, i))
        out.append(C.Case(f"hidden tree {i + 1}", tree, depth=rng.randint(1, 3),
                          evaluate=tree.estimates.__getitem__, hidden=True))
    game = Connect4(rows=4, cols=5)
    for k in range(max(1, n // 10)):
        state = game.from_moves([rng.randrange(5) for _ in range(4)])
        out.append(C.Case(f"hidden position {k + 1}", game, state, depth=rng.randint(2, 3),
                          evaluate=c4_evaluation(), hidden=True))
    return out


CS221_COIN = [C.chance((0.5, [-5, 15]), (0.5, [-50, 50])), C.chance((0.5, [-50, 50]), (0.5, [1, 3])),
              C.chance((0.5, [1, 3]), (0.5, [-5, 15]))]
"""CS221's game 2 (seed 003) as a tree: a1, a2, a3 choose bin A, B, C, a fair coin moves the choice one
bin left on heads, MIN picks a number from the bin."""
UNEQUAL = [C.chance((0.25, [4, 8]), (0.75, [2, 9])), C.chance((0.6, 3), (0.3, [5, 1]), (0.1, 10))]
"""A chance tree whose probabilities are not 1/number-of-outcomes."""


def _chance_public():
    from ..games import Bins
    return [_tree_case("AIMA Fig. 5.12 (.9/.1)", C.FIG_5_12),
            _tree_case("CS221's coin game as a tree", CS221_COIN),
            _tree_case("a tree with unequal probabilities", UNEQUAL),
            C.Case("Bins(coin=True) (CS221)", Bins(coin=True))]


def _chance_hidden(seed, n):
    rng = C.stable_random("chance", seed)
    return [C.Case(f"hidden tree {i + 1}",
                   GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4), (1, 3), chance_nodes=0.5)),
                   hidden=True) for i in range(n)]


def _expectimax_public():
    from ..games import Bins
    bins = Bins()
    fig = GameTree.from_nested(C.FIG_5_2)
    skewed = GameTree.from_nested(UNEQUAL[:1] + [[6, 1], [3, 4]])
    return [C.Case("Bins() against a uniform opponent (CS221)", bins, policy=C.RandomPolicy(bins, uniform=True)),
            C.Case("AIMA Fig. 5.2 against a uniform opponent", fig, policy=C.RandomPolicy(fig, uniform=True)),
            C.Case("AIMA Fig. 5.2 against a biased opponent", fig, policy=C.RandomPolicy(fig, seed=3)),
            C.Case("a tree with a chance node, biased opponent", skewed, policy=C.RandomPolicy(skewed, seed=5))]


def _expectimax_hidden(seed, n):
    rng = C.stable_random("expectimax", seed)
    out = []
    for i in range(n):
        tree = GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4), (1, 3), chance_nodes=0.25,
                                                  chance_root=False))
        out.append(C.Case(f"hidden tree {i + 1}", tree, hidden=True,
                          policy=C.RandomPolicy(tree, seed=rng.randrange(10**6), uniform=rng.random() < 0.2)))
    return out


EXERCISES = {
    "minimax_value": Exercise(
        "minimax_value", "minimax", "value", lambda g, s, c: (g, s), _plain_public, _plain_hidden,
        "gamelib.minimax (AIMA 4th ed. Fig. 5.3)"),
    "minimax_decision": Exercise(
        "minimax_decision", "minimax", "action", lambda g, s, c: (g, s), _plain_public, _plain_hidden,
        "gamelib.minimax's decision (AIMA 4th ed. Fig. 5.3)"),
    "multiagent_value": Exercise(
        "multiagent_value", "rounds", "value", lambda g, s, c: (g, s, c.depth, g.evaluate),
        _rounds_public, _rounds_hidden,
        "gamelib.minimax cut off after depth × agents moves (CS188's depth in rounds)"),
    "alphabeta_search": Exercise(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(False) + _alphabeta_public(True),
        lambda seed, n: _alphabeta_hidden(seed, n, False) + _alphabeta_hidden(seed, n, True),
        "gamelib.alphabeta (AIMA 4th ed. Fig. 5.7) in the case's pruning convention"),
    "alphabeta_aima": Exercise(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(False), lambda seed, n: _alphabeta_hidden(seed, n, False),
        "gamelib.alphabeta (AIMA 4th ed. Fig. 5.7), pruning when v ≥ β"),
    "alphabeta_strict": Exercise(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(True), lambda seed, n: _alphabeta_hidden(seed, n, True),
        "gamelib.alphabeta(prune_on_equality=False), pruning only when v > β (CS188)"),
    "h_alphabeta_search": Exercise(
        "h_alphabeta_search", "h_alphabeta", "pair", lambda g, s, c: (g, s, c.depth, g.evaluate),
        _h_alphabeta_public, _h_alphabeta_hidden,
        "gamelib.alphabeta(depth=d, evaluate=EVAL) (H-MINIMAX, AIMA 4th ed. Eq. 5.2, with Fig. 5.7)"),
    "expectiminimax_value": Exercise(
        "expectiminimax_value", "expectiminimax", "value", lambda g, s, c: (g, s),
        _chance_public, _chance_hidden, "gamelib.expectiminimax (AIMA §5.5)"),
    "expectimax_search": Exercise(
        "expectimax_search", "expectimax", "pair", lambda g, s, c: (g, s, g.policy),
        _expectimax_public, _expectimax_hidden, "gamelib.expectimax (CS221's V_expectimax)"),
}
"""The search exercises by name; :func:`search` grades a student's function for one of them."""


class CaseResult(NamedTuple):
    """A graded case: the student's and the reference's outcomes, and what went wrong (or '').  Every
    check (searches here, belief states in :mod:`gamelib.grading.imperfect`) reports its cases so."""

    case: Any
    student: Outcome
    expected: Outcome
    problem: str
    printed: int = 0


def run_cases(cases, grade_one) -> list[CaseResult]:
    """``grade_one(case)`` for each case, in order, while the check has time: after ``MAX_TIMEOUTS``
    time-outs, or once the check's ``CHECK_TIME`` seconds are used up, the remaining cases are not run
    and count as failed (a slow or looping answer cannot hold the autograder for ever)."""
    results, start, timeouts = [], time.thread_time(), 0
    for case in cases:
        if timeouts >= MAX_TIMEOUTS or time.thread_time() - start > CHECK_TIME:
            why = (f"after {timeouts} time-outs" if timeouts >= MAX_TIMEOUTS
                   else f"the check's {CHECK_TIME:g} s of CPU time were used up")
            miss = Outcome((), error="not run")
            results.append(CaseResult(case, miss, miss, f"not run ({why}), counted as failed"))
            continue
        results.append(grade_one(case))
        timeouts += results[-1].student.error == "timeout"
    return results


def failed_cases_lines(name: str, reference: str, results: list[CaseResult], where: str) -> list[str]:
    """The start of every check's feedback: how many cases failed and the first ``SHOWN`` of them
    (a hidden case by its number only)."""
    failed = [r for r in results if r.problem]
    lines = [f"{name} disagrees with {reference} on {len(failed)} of {where}:"]
    lines += [f"  • {r.case.name}: {r.problem}" for r in failed[:SHOWN]]
    if len(failed) > SHOWN:
        lines.append(f"  • ... and {len(failed) - SHOWN} more")
    return lines


def _budget(reference_nodes: int) -> int:
    return 50 * reference_nodes + 500


def _legal(game, state) -> tuple:
    if game.is_terminal(state):
        return ()
    if game.to_move(state) == CHANCE:
        return tuple(o for o, _ in game.chance_outcomes(state))
    return tuple(game.actions(state))


def _parse(returned, returns: str, game, state) -> tuple[Any, Any, str]:
    """(value, action, problem) from what a student's function returned."""
    if returns == "value":
        if not is_number(returned):
            hint = " (did you forget to return it?)" if returned is None else ""
            return None, None, f"it returned {describe_returned(returned)}{hint}; it should return a number"
        return returned, None, ""
    if returns == "action":
        legal = _legal(game, state)
        try:
            ok = returned in legal
        except TypeError:
            ok = False
        if not ok:
            return None, None, (f"it returned {describe_returned(returned)}, which is not one of the "
                                f"{len(legal)} legal actions at the root")
        return None, returned, ""
    if not (isinstance(returned, (tuple, list)) and len(returned) == 2):
        return None, None, (f"it returned {describe_returned(returned)}; it should return a pair "
                            "(value, action)")
    value, action = returned
    if not is_number(value):
        return None, None, f"the value it returned is {describe_returned(value)}, not a number"
    legal = _legal(game, state)
    try:
        ok = action in legal or (action is None and not legal)
    except TypeError:
        ok = False
    if not ok:
        return None, None, (f"the action it returned, {describe_returned(action)}, is not one of the "
                            f"{len(legal)} legal actions at the root")
    return value, action, ""


_PLAIN = (dict, list, tuple, set, frozenset, str, int, float, bool, type(None))


def _snapshot(game):
    """The game's public data (dicts, lists, numbers, ...), copied: what a search must not change."""
    return copy.deepcopy({k: v for k, v in vars(game).items()
                          if not k.startswith("_") and isinstance(v, _PLAIN)})


def grade_case(exercise: Exercise, fn, case: C.Case, time_limit: float = TIME_LIMIT) -> CaseResult:
    """Run ``fn`` on one case and compare it with the reference, node for node."""
    ref = C.reference(exercise.kind, case)
    expected = outcome_of(ref, exercise.returns)
    before = _snapshot(case.game)
    own = copy.deepcopy(case.game)
    traced = TracedGame(own, evaluate=case.evaluate, policy=case.policy, budget=_budget(ref.nodes))
    root = traced.node(case.root)
    r = run(fn, *exercise.args(traced, root, case), time_limit=time_limit)
    visits = tuple(traced.visited)
    problem, value, action, error = "", None, None, None
    if r.status == "timeout":
        error, problem = "timeout", (f"no answer within {time_limit:g} s of CPU time (an infinite loop?); "
                                     "the other cases were still graded")
    elif r.status == "budget":
        error, problem = "budget", (f"it arrived at more than {_budget(ref.nodes)} nodes where the reference "
                                    f"arrives at {ref.nodes}: does it loop, or search past the leaves?")
    elif r.forbidden:
        error, problem = "forbidden", (f"it calls gamelib's own search ({r.forbidden[0]}); "
                                       f"this exercise asks you to write {exercise.name} yourself")
    elif r.status == "error":
        error = type(r.error).__name__
        detail = "" if case.hidden else f": {_short(r.error)}"
        problem = f"it raised {error}{detail}" + (f" ({r.where})" if r.where else "")
    else:
        value, action, problem = _parse(r.returned, exercise.returns, case.game, case.root)
        if problem:
            error = "wrong type"
    if not problem and _snapshot(own) != before:
        error, problem = "mutated", ("it changed the game it was given (a search must only read the "
                                     "game: RESULT returns a new state)")
    student = Outcome(visits, value, action, error)
    if not problem and not student.same_as(expected):
        problem = _difference(student, expected, case, exercise)
    return CaseResult(case, student, expected, problem, r.printed)


def _short(error: BaseException) -> str:
    text = str(error)
    return text if len(text) <= 200 else text[:197] + "..."


def _names(states) -> str:
    return " ".join(str(s) for s in states) if all(isinstance(s, str) for s in states) \
        else f"{len(states)} states"


def _difference(got: Outcome, want: Outcome, case: C.Case, exercise: Exercise) -> str:
    parts = []
    if got.value is not None and want.value is not None and not math.isclose(got.value, want.value,
                                                                              abs_tol=1e-9):
        parts.append("the value is wrong" if case.hidden else f"value {got.value!r}, expected {want.value!r}")
    if exercise.returns in ("action", "pair") and got.action != want.action:
        parts.append("the decision is wrong" if case.hidden
                     else f"decision {got.action!r}, expected {want.action!r}")
    if got.visits != want.visits:
        first = next((i for i, (a, b) in enumerate(zip(got.visits, want.visits)) if a != b),
                     min(len(got.visits), len(want.visits)))
        if case.hidden:
            parts.append(f"it arrived at {len(got.visits)} nodes, the reference at {len(want.visits)}; "
                         f"they part at arrival {first + 1}")
        elif all(isinstance(s, str) for s in got.visits + want.visits) and len(want.visits) <= 40:
            where = (f"your arrival {first + 1} is {got.visits[first]}" if first < len(got.visits)
                     else f"yours stops after {len(got.visits)}")
            theirs = (f"the reference's is {want.visits[first]}" if first < len(want.visits)
                      else f"the reference stops after {len(want.visits)}")
            parts.append(f"nodes visited: yours {_names(got.visits)}; expected {_names(want.visits)} "
                         f"({where}, {theirs})")
        else:
            parts.append(f"it visited {len(got.visits)} nodes, the reference {len(want.visits)}; "
                         f"they part at visit {first + 1}")
    return "; ".join(parts)


@_no_warnings
def search(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
           quiet: bool = False) -> None:
    """Grade the student's ``fn`` for the search exercise ``name`` (a key of :data:`EXERCISES`): on
    the public cases, or with ``hidden=n`` on the cases drawn from ``seed``.  Prints one line when it
    passes; raises :class:`GradingError` with the feedback when it does not.  Returns nothing (a test
    cell's last value would be shown, and read by nbgrader as a score)."""
    __tracebackhide__ = True
    grade_search(name, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


def grade_search(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
                 quiet: bool = False) -> list[CaseResult]:
    """:func:`search`, returning every :class:`CaseResult` when it passes (for tests and tools)."""
    __tracebackhide__ = True
    exercise = EXERCISES[name]
    if not callable(fn):
        _fail(f"{exercise.name} should be a function; it is {describe_returned(fn)}")
    cases = exercise.hidden(seed, hidden) if hidden else exercise.public()
    results = run_cases(cases, lambda case: grade_case(exercise, fn, case, time_limit))
    failed = [r for r in results if r.problem]
    where = f"{len(cases)} hidden cases" if hidden else f"{len(cases)} public cases"
    printed = sum(r.printed for r in results)
    if not failed:
        if not quiet:
            note = f" (it printed {printed:,} characters: printing slows a search down)" if printed > 10_000 else ""
            print(f"✓ {exercise.name} agrees with {exercise.reference} on {where}: the same nodes in the "
                  f"same order, the same {_asks(exercise)}{note}")
        return results
    _fail(feedback(exercise, results, where))


def _asks(exercise) -> str:
    return {"value": "value", "action": "decision", "pair": "value and decision"}[exercise.returns]


def feedback(exercise: Exercise, results: list[CaseResult], where: str) -> str:
    """The feedback for a failed search check: failing cases (hidden ones by number only) and the
    known bugs that explain everything the student's search did."""
    lines = failed_cases_lines(exercise.name, exercise.reference, results, where)
    graded = [r for r in results if r.student.error != "not run"]
    bugs = matching_mutants(exercise.kind, exercise.returns, [r.case for r in graded],
                            [r.student for r in graded], [r.expected for r in graded])
    for mutant in bugs:
        lines.append(f"What your search does: {mutant.says}. [{mutant.name}]")
    printed = sum(r.printed for r in results)
    if printed > 10_000:
        lines.append(f"(Your function printed {printed:,} characters while being graded.)")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# By-hand answers
# ---------------------------------------------------------------------------------------------------

@_no_warnings
def answer_format(answer, nodes=None, *, what: str = "answer", numbers: bool = True, allow_inf=False):
    """A public check of an answer's *form* (never its correctness): a dict over exactly ``nodes``
    holding numbers, or (``nodes=None``) a number."""
    __tracebackhide__ = True
    if nodes is None:
        if not is_number(answer):
            _fail(f"{what} should be a number; it is {describe_returned(answer)}")
        return
    if not isinstance(answer, dict):
        _fail(f"{what} should be a dict {{node: ...}}; it is {describe_returned(answer)}")
    want = list(nodes)
    missing, extra = [n for n in want if n not in answer], [n for n in answer if n not in want]
    if missing or extra:
        _fail(f"{what} should have exactly the nodes {', '.join(want)}"
              + (f"; missing {', '.join(map(str, missing))}" if missing else "")
              + (f"; not asked: {', '.join(map(str, extra))}" if extra else ""))
    if numbers:
        bad = [n for n in want if not is_number(answer[n]) or (not allow_inf and math.isinf(answer[n]))]
        if bad:
            _fail(f"{what}: the value of {bad[0]} is {describe_returned(answer[bad[0]])}, not a number")
    print(f"✓ {what} has the right form (whether it is right is checked when your work is graded)")


def _node_values(result) -> dict:
    """Each node's value as the trace closed it (leaf, exit or prune)."""
    return {e.state: e.value for e in result.trace if e.kind != "enter"}


@_no_warnings
def values_by_hand(answer: dict, spec, *, decision=None, answer_decision=None, search: str = "minimax",
                   what: str = "values"):
    """Compare hand-computed node values (and the root decision) with gamelib's trace of ``search``
    ('minimax' or 'expectiminimax') on the tree ``spec``."""
    __tracebackhide__ = True
    from ..minimax import expectiminimax
    tree = GameTree.from_nested(spec)
    result = (minimax if search == "minimax" else expectiminimax)(tree, trace=True)
    values = _node_values(result)
    wrong = [f"{n}: yours {answer.get(n)!r}, the {search} value is {_fmt(values[n])}"
             for n in values if n in answer and not _close(answer[n], values[n])]
    if decision is not None and answer_decision != result.action:
        wrong.append(f"decision at A: yours {answer_decision!r}, {search} decides {result.action!r}")
    if wrong:
        _fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.{search}'s trace")


def _close(a, b) -> bool:
    return is_number(a) and (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6) or a == b)


def _fmt(v) -> str:
    if v == INF:
        return "+∞"
    if v == -INF:
        return "−∞"
    return f"{v:g}" if isinstance(v, float) else str(v)


@_no_warnings
def alphabeta_by_hand(spec, *, leaves=None, pruned=None, windows=None, values=None, decision=None,
                      prune_on_equality: bool = True, what: str = "answer"):
    """Compare a hand-traced alpha-beta with gamelib's trace on ``spec``: ``leaves`` (the leaves
    visited, in order), ``pruned`` (the nodes never visited, any order), ``windows`` ({node: ((α, β)
    on entry, (α, β) on leaving)}), ``values`` ({node: the value alpha-beta returns for it}),
    ``decision`` (the root's move)."""
    __tracebackhide__ = True
    from ..alphabeta import alphabeta
    tree = GameTree.from_nested(spec)
    result = alphabeta(tree, prune_on_equality=prune_on_equality, trace=True)
    rule = "AIMA's rule (prune when v ≥ β)" if prune_on_equality else "the strict rule (prune when v > β)"
    wrong = []
    if leaves is not None:
        want = [e.state for e in result.trace if e.kind == "leaf"]
        if list(leaves) != want:
            wrong.append(f"leaves visited: yours {' '.join(map(str, leaves))}, alpha-beta visits "
                         f"{' '.join(want)}")
    if pruned is not None:
        want = sorted(set(tree.states) - set(result.visited))
        if sorted(pruned) != want:
            wrong.append(f"never visited: yours {', '.join(sorted(map(str, pruned))) or 'none'}, "
                         f"alpha-beta {', '.join(want) or 'none'}")
    if windows is not None:
        entry = {e.state: (e.alpha, e.beta) for e in result.trace if e.kind == "enter"}
        leave = {e.state: (e.alpha, e.beta) for e in result.trace if e.kind != "enter"}
        for node, (at_entry, at_exit) in windows.items():
            for when, got, want in (("entering", at_entry, entry.get(node)), ("leaving", at_exit, leave.get(node))):
                if want is None:
                    wrong.append(f"{node} is never visited")
                    break
                if not (isinstance(got, (tuple, list)) and len(got) == 2 and all(map(_close, got, want))):
                    wrong.append(f"[α, β] {when} {node}: yours {_window(got)}, alpha-beta's {_window(want)}")
    if values is not None:
        closed = _node_values(result)
        for node, v in values.items():
            if node not in closed or not _close(v, closed[node]):
                wrong.append(f"value alpha-beta returns for {node}: yours {v!r}, it returns "
                             f"{_fmt(closed[node]) if node in closed else 'nothing (never visited)'}")
    if decision is not None and decision != result.action:
        wrong.append(f"decision: yours {decision!r}, alpha-beta decides {result.action!r}")
    if wrong:
        _fail(f"{what} (under {rule}): " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.alphabeta's trace under {rule}")


def _window(w) -> str:
    try:
        return f"[{_fmt(w[0])}, {_fmt(w[1])}]"
    except (TypeError, IndexError, KeyError):
        return repr(w)


@_no_warnings
def choices(answer, correct: set, options: dict, *, what: str = "answer"):
    """A multiple-choice answer: the set of option keys the student ticked, against ``correct``;
    ``options`` maps each key to its text (for the feedback)."""
    __tracebackhide__ = True
    if not isinstance(answer, (set, frozenset, list, tuple)):
        _fail(f"{what} should be a set of option letters such as {{'a', 'c'}}; it is "
              f"{describe_returned(answer)}")
    got = set(answer)
    unknown = got - set(options)
    if unknown:
        _fail(f"{what}: {sorted(map(str, unknown))} are not options (options: {', '.join(options)})")
    if got != set(correct):
        missed = sorted(set(correct) - got)
        wrong = sorted(got - set(correct))
        parts = [f"you left out {k} ({options[k]})" for k in missed]
        parts += [f"{k} ({options[k]}) is not right" for k in wrong]
        _fail(f"{what}: " + "; ".join(parts))
    print(f"✓ {what} is right")


# ---------------------------------------------------------------------------------------------------
# The sigma study (AIMA 3rd ed. §5.8): a Monte Carlo estimate against the exact integral
# ---------------------------------------------------------------------------------------------------

SIGMA_PUBLIC = [("the textbook's tree", [[99, 1000, 1000, 1000], [100, 101, 102, 100]], 5.0),
                ("a new tree", [[10, 14, 20], [11, 12, 13]], 2.0)]


@_no_warnings
def sigma_probability(fn, *, hidden: int = 0, seed: int = 0, trials: int = 40_000):
    """Grade ``fn(spec, sigma, trials, seed)``, the student's Monte Carlo estimate of P(the first root
    move is truly best) under independent N(0, σ²) errors, against gamelib's exact integration
    (:func:`gamelib.experiments.sigma.exact_branch_probabilities`), within 5 standard errors."""
    __tracebackhide__ = True
    from ..experiments.sigma import exact_branch_probabilities
    if hidden:
        rng = C.stable_random("sigma", seed)
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
    if problems:
        _fail(f"your estimate is off on {len(problems)} of {where}:\n  • " + "\n  • ".join(problems))
    print(f"✓ your estimate is within 5 standard errors of the exact probability on {where}")


# ---------------------------------------------------------------------------------------------------
# An evaluation function judged by results (CS188's evaluation question)
# ---------------------------------------------------------------------------------------------------

@_no_warnings
def connect4_evaluation(evaluate, *, seed: int = 0, points: int = 4) -> float:
    """Play ``evaluate`` inside gamelib's depth-2 alpha-beta against fixed opponents
    (:mod:`gamelib.grading.tournament`) and return the points earned, one per rung of ``points``:
    the last expression of a test cell, which nbgrader reads as partial credit."""
    from .tournament import grade_evaluation, report
    if not callable(evaluate):
        print(f"✗ the evaluation should be a function of a state; it is {describe_returned(evaluate)}")
        return 0.0
    rungs = grade_evaluation(evaluate, seed=seed)
    print(report(rungs))
    earned = sum(r.passed for r in rungs) * points / 4
    print(f"{earned:g} of {points} points")
    return float(earned)


__all__ = ["GradingError", "EXERCISES", "search", "grade_search", "answer_format", "values_by_hand",
           "alphabeta_by_hand", "choices", "sigma_probability", "connect4_evaluation"]


# ---------------------------------------------------------------------------------------------------
# Partial observability (assignment 05): gamelib.grading.imperfect holds the cases and the grading
# ---------------------------------------------------------------------------------------------------

@_no_warnings
def belief(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
           quiet: bool = False) -> None:
    """Grade the student's ``predict``, ``update`` or ``track`` (``name``) against gamelib.imperfect's,
    comparing belief states as sets of states, on the public cases or ``hidden`` cases from ``seed``."""
    __tracebackhide__ = True
    if name not in ("predict", "update", "track"):
        raise ValueError(f"checks.belief grades predict, update or track, not {name!r}")
    imperfect.grade(name, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


@_no_warnings
def clairvoyance(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
                 quiet: bool = False) -> None:
    """Grade the student's ``clairvoyance_averages`` or ``clairvoyance_decision`` (``name``) against
    :func:`gamelib.imperfect.clairvoyance_policy` (exact), on the public cases or ``hidden`` cases from
    ``seed``."""
    __tracebackhide__ = True
    if name not in ("clairvoyance_averages", "clairvoyance_decision"):
        raise ValueError(f"checks.clairvoyance grades clairvoyance_averages or clairvoyance_decision, "
                         f"not {name!r}")
    imperfect.grade(name, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


# The by-hand checks of assignment 05 live beside its grading, in gamelib.grading.imperfect, which
# imports the constants above: imported last, so either module may be imported first.
from . import imperfect  # noqa: E402
from .imperfect import (belief_by_hand, clairvoyance_by_hand, clairvoyant_policy,  # noqa: E402
                        guaranteed_moves_by_hand, wins_at_once_by_hand)

__all__ += ["belief", "clairvoyance", "belief_by_hand", "guaranteed_moves_by_hand", "wins_at_once_by_hand",
            "clairvoyance_by_hand", "clairvoyant_policy"]
