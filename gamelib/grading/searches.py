"""The search exercises: a student's search graded node for node against gamelib's own trace.

Each exercise of :data:`EXERCISES` is a :class:`~gamelib.grading.core.Task` of the search family
(:class:`SearchFamily`): the student's function runs on public cases (the textbook's trees, shown in
full when wrong) and, at grading, on hidden cases, handed a fresh
:class:`~gamelib.grading.tracing.TracedGame` around a copy of the game, with a time limit, a node
budget and its output captured.  It is compared with the traced reference search
(:func:`gamelib.grading.cases.reference`: gamelib's ``minimax``, ``alphabeta`` in either convention,
``expectiminimax``, ``expectimax``): the nodes it arrived at in order, its value, its decision.
"""
from __future__ import annotations

import math
from typing import Any

from ..core import CHANCE, MAX, MIN
from ..trees import FIG_5_2, GameTree
from . import cases as C
from .core import Attempt, Family, Task, one_of
from .games import TakeAway, agent_tree
from .guard import describe_returned, is_number
from .mutants import Outcome, outcome_of
from .tracing import TracedGame


def _tree_case(name, spec, **kw) -> C.Case:
    return C.Case(name, GameTree.from_nested(spec), **kw)


MIN_ROOT = [[3, 9], [7, 2], [8, 5]]
"""A tree with MIN to move at the root: MAX's values below are 9, 7, 8, so MIN's decision is a2 (value
7), where an argmax would pick a1."""
FOUR_PLY = [[[[7, 4], [2, 5]], [[4, 6], [9, 2]]], [[[6, 1], [5, 3]], [[9, 7], [0, 8]]]]
"""A full four-ply tree (MAX, MIN, MAX, MIN): a MAX node below the root must raise α for its MIN
children to be pruned (an alpha-beta whose MAX-VALUE never raises α visits more of it)."""


BEST_LAST = [[[2, 1], [0, 3]], [[5, 4], [6, 7], [3]], [[8, 9], [9, 8]]]
"""A tree whose best moves come last at every level (alpha-beta prunes little).  Not one of exercise 02's
by-hand trees: a public case shows its expected visit order in full, which must not give away a by-hand
answer."""
BEST_FIRST = [[[9, 8], [9, 7]], [[7, 2], [6]], [[3, 1], [2, 0], [1]]]
"""A tree whose best moves come first (alpha-beta prunes much); like :data:`BEST_LAST`, not a by-hand tree."""


def _plain_public():
    from ..games import Halving
    return [_tree_case("AIMA Fig. 5.2", FIG_5_2), _tree_case("the walk-through's four-layer tree", C.SLIDES_004),
            _tree_case("a tree with tied moves", [[5, 3], [3, 4], [6, 2]]),
            C.Case("a tree with MIN to move at the root", GameTree.from_nested(MIN_ROOT, root=MIN)),
            C.Case("the halving game from 5 (CS221)", Halving(5))]


def _plain_hidden(seed, n):
    from ..games import Halving
    rng = C.stable_random("plain", seed)
    out = [C.Case(f"hidden tree {i + 1}", GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4)),
                                                               root=MIN if i % 4 == 3 else MAX),
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
    return [_tree_case(f"AIMA Fig. 5.2 ({name})", FIG_5_2, **kw),
            _tree_case(f"a tree whose best moves come last ({name})", BEST_LAST, **kw),
            _tree_case(f"a tree whose best moves come first ({name})", BEST_FIRST, **kw),
            _tree_case(f"the root-children trap [[3], [3, 1]] ({name})", C.TRAP, **kw),
            _tree_case(f"a four-ply tree, MAX below the root ({name})", FOUR_PLY, **kw),
            _tree_case(f"a tree with ties ({name})", [[5, [4, 6]], [5, 7], [[5, 8], 3]], **kw),
            C.Case(f"a tree with MIN to move at the root ({name})", GameTree.from_nested(MIN_ROOT, root=MIN), **kw)]


def _alphabeta_hidden(seed, n, strict):
    rng = C.stable_random("alphabeta", strict, seed)
    kw = {"prune_on_equality": not strict, "hidden": True}
    out = [C.Case(f"hidden tree {i + 1}",
                  GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4), (1, 4), lower=0, upper=6)), **kw)
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
    trap = _estimated(C.TRAP, 0)
    return [C.Case("a depth-3 tree cut off at depth 1", tree, depth=1, evaluate=tree.estimates.__getitem__),
            C.Case("the same tree cut off at depth 2", tree, depth=2, evaluate=tree.estimates.__getitem__),
            C.Case("tic-tac-toe 'X.O.X.O..' at depth 2", game, depth=2, evaluate=ttt_evaluation()),
            C.Case("the root-children trap [[3], [3, 1]] at depth 2 (its leaves are terminal)", trap, depth=2,
                   evaluate=trap.estimates.__getitem__)]


def _h_alphabeta_hidden(seed, n):
    from ..games import Connect4
    from ..games.connect4 import evaluation as c4_evaluation
    rng = C.stable_random("h_alphabeta", seed)
    out = []
    for i in range(n):
        tree = _estimated(C.random_spec(rng, rng.randint(3, 4), (1, 3), lower=-5, upper=9), (seed, i))
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
"""CS221's game 2 (CS221's lecture notes) as a tree: a1, a2, a3 choose bin A, B, C, a fair coin moves the choice one
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
    fig = GameTree.from_nested(FIG_5_2)
    skewed = GameTree.from_nested(UNEQUAL[:1] + [[6, 1], [3, 4]])
    tied = GameTree.from_nested([[4, 6], [5, 5], [2, 8]])
    return [C.Case("Bins() against a uniform opponent (CS221)", bins, policy=C.RandomPolicy(bins, uniform=True)),
            C.Case("AIMA Fig. 5.2 against a uniform opponent", fig, policy=C.RandomPolicy(fig, uniform=True)),
            C.Case("AIMA Fig. 5.2 against a biased opponent", fig, policy=C.RandomPolicy(fig, seed=3)),
            C.Case("a tree with a chance node, biased opponent", skewed, policy=C.RandomPolicy(skewed, seed=5)),
            C.Case("a tree whose three moves tie against a uniform opponent", tied,
                   policy=C.RandomPolicy(tied, uniform=True))]


def _expectimax_hidden(seed, n):
    rng = C.stable_random("expectimax", seed)
    out = []
    for i in range(n):
        tree = GameTree.from_nested(C.random_spec(rng, rng.randint(2, 4), (1, 3), chance_nodes=0.25,
                                                  chance_root=False))
        out.append(C.Case(f"hidden tree {i + 1}", tree, hidden=True,
                          policy=C.RandomPolicy(tree, seed=rng.randrange(10**6), uniform=rng.random() < 0.2)))
    return out




class SearchFamily(Family):
    """Searches, compared node for node with the traced reference."""

    def expected(self, task, case) -> Outcome:
        return outcome_of(C.reference(task.kind, case), task.returns)

    def attempt(self, task, case, expected) -> Attempt:
        import copy
        budget = _budget(len(expected.visits))
        own = copy.deepcopy(case.game)
        traced = TracedGame(own, evaluate=case.evaluate, policy=case.policy, budget=budget)
        root = traced.node(case.root)
        return Attempt(task.args(traced, root, case), lambda: traced.visited, own, budget)

    def parse(self, task, returned, case) -> tuple:
        return _parse(returned, task.returns, case.game, case.root)

    def difference(self, task, got, want, case) -> str:
        return _difference(got, want, case, task)

    def forbidden(self, task, call: str) -> str:
        return f"it calls gamelib's own search ({call}); this exercise asks you to write {task.name} yourself"

    def credit(self, task, student, expected) -> float | None:
        """An alpha-beta's case is worth half for its result (the value, and the decision when asked)
        and half for its nodes visited (its pruning): one that searches right but never prunes keeps the
        first half.  The result counts only when it was searched for: the search arrived at every node
        the reference does (it may arrive at more), so an answer written in for a public tree, which
        arrives nowhere, earns nothing.  The other searches visit every node whatever they compute, so
        a case is theirs whole or not at all."""
        if task.kind not in ("alphabeta", "h_alphabeta") or student.error is not None:
            return None
        searched = set(expected.visits) <= set(student.visits)
        result = searched and (_same_number(student.value, expected.value)
                               and (task.returns == "value" or student.action == expected.action))
        return 0.5 * result + 0.5 * (student.visits == expected.visits)

    def split(self, task) -> str:
        return ("a case's value and decision are worth half of it, its nodes visited the other half"
                if task.kind in ("alphabeta", "h_alphabeta") else "")

    def diagnose(self, task, fn, result, time_limit) -> str:
        from .diagnosis import diagnose
        return diagnose(task, fn, result, time_limit)

    def agreement(self, task) -> str:
        asks = {"value": "value", "action": "decision", "pair": "value and decision"}[task.returns]
        return f"the same nodes in the same order, the same {asks}"


SEARCH = SearchFamily()


def _task(name, kind, returns, args, public, hidden, reference) -> Task:
    return Task(name, kind, returns, args, public, hidden, reference, SEARCH)


EXERCISES = {
    "minimax_value": _task(
        "minimax_value", "minimax", "value", lambda g, s, c: (g, s), _plain_public, _plain_hidden,
        "gamelib.minimax (AIMA 4th ed. Fig. 5.3)"),
    "minimax_decision": _task(
        "minimax_decision", "minimax", "action", lambda g, s, c: (g, s), _plain_public, _plain_hidden,
        "gamelib.minimax's decision (AIMA 4th ed. Fig. 5.3)"),
    "multiagent_value": _task(
        "multiagent_value", "rounds", "value", lambda g, s, c: (g, s, c.depth, g.evaluate),
        _rounds_public, _rounds_hidden,
        "gamelib.minimax cut off after depth × agents moves (CS188's depth in rounds)"),
    "alphabeta_search": _task(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(False) + _alphabeta_public(True),
        lambda seed, n: _alphabeta_hidden(seed, n, False) + _alphabeta_hidden(seed, n, True),
        "gamelib.alphabeta (AIMA 4th ed. Fig. 5.7) in the case's pruning convention"),
    "alphabeta_aima": _task(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(False), lambda seed, n: _alphabeta_hidden(seed, n, False),
        "gamelib.alphabeta (AIMA 4th ed. Fig. 5.7), pruning when v ≥ β"),
    "alphabeta_strict": _task(
        "alphabeta_search", "alphabeta", "pair", lambda g, s, c: (g, s, c.prune_on_equality),
        lambda: _alphabeta_public(True), lambda seed, n: _alphabeta_hidden(seed, n, True),
        "gamelib.alphabeta(prune_on_equality=False), pruning only when v > β (CS188)"),
    "h_alphabeta_search": _task(
        "h_alphabeta_search", "h_alphabeta", "pair", lambda g, s, c: (g, s, c.depth, g.evaluate),
        _h_alphabeta_public, _h_alphabeta_hidden,
        "gamelib.alphabeta(depth=d, evaluate=EVAL) (H-MINIMAX, AIMA 4th ed. Eq. 5.2, with Fig. 5.7)"),
    "expectiminimax_value": _task(
        "expectiminimax_value", "expectiminimax", "value", lambda g, s, c: (g, s),
        _chance_public, _chance_hidden, "gamelib.expectiminimax (AIMA §5.5)"),
    "expectimax_search": _task(
        "expectimax_search", "expectimax", "pair", lambda g, s, c: (g, s, g.policy),
        _expectimax_public, _expectimax_hidden, "gamelib.expectimax (CS221's V_expectimax)"),
}
"""The search exercises by name; :func:`gamelib.grading.checks.search` grades a student's function for
one of them."""


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
        if not one_of(returned, legal):
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
    if not (one_of(action, legal) or (action is None and not legal)):
        return None, None, (f"the action it returned, {describe_returned(action)}, is not one of the "
                            f"{len(legal)} legal actions at the root")
    return value, action, ""


def _same_number(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, abs_tol=1e-9)


def _names(states) -> str:
    return " ".join(str(s) for s in states) if all(isinstance(s, str) for s in states) \
        else f"{len(states)} states"


def _difference(got: Outcome, want: Outcome, case: C.Case, exercise: Task) -> str:
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
