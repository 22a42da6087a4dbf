"""Assignment 07's grading: MCTS's SELECT and BACK-PROPAGATE, and the TD(λ) weight update, against
gamelib.mcts and gamelib.td.

**MCTS** (AIMA 4th ed. Fig. 5.11).  The student writes two of the four steps, each graded on its own:
``select(tree, c)``, which returns the path (the moves from the root) to the node SELECT reaches, and
``backup(tree, path, utility)`` (BACK-PROPAGATE), which adds one playout to N and U of the nodes on the
path and returns the tree.  Both work on the tree as plain data, nested dicts (:func:`tree_view`), since
a submission runs in a sandbox and gets the tree by value.  The grader runs the search
(:func:`harness`): gamelib.mcts's own ``new_node``, ``expand`` and ``simulate`` with the seeded
generator :func:`gamelib.mcts.mcts` uses, gamelib's own ``select`` or ``backup`` for the step the
student does not write, and the student's function for the other, called once per iteration.  Each
iteration is compared with the trace of :func:`gamelib.mcts.mcts` itself on the same position, budget,
``c`` and seed (its ``'simulate'`` events, replayed by :func:`gamelib.mcts.tree_statistics`): the node
SELECT reaches, and after BACK-PROPAGATE every node's N and U.  The first iteration that differs ends
the case (:class:`Divergence`): the same tree and the same counts, or feedback saying where they part.
Positions have no chance nodes (SELECT would need the grader's random generator there).

The core calls a student's function once per case; here a case is a whole search, so the family's
``call`` hook (:meth:`MctsFamily.call`) runs the search in a :class:`StepDriver`, which calls the
student's function at every iteration under the guards (:func:`gamelib.grading.guard.run`: in the
sandbox when a submission is graded), all the calls of a case sharing its time limit.

**TD(λ)** (Sutton 1988; CS221; :mod:`gamelib.td`).  The student writes
``td_lambda(weights, episode, utility, alpha, lam)``: the weights after learning from one recorded
game, ``episode`` the feature vectors f(s_0), ..., f(s_T) of its states (s_T terminal) and ``utility``
UTILITY(s_T, MAX).  The reference is :func:`gamelib.td.td_learn` itself, run for one game of self-play
on :class:`RecordedGame`, the recording as a game with one move from each state, so that self-play
replays it exactly.

The bug models (:func:`buggy_select`, :func:`buggy_backup`, :func:`buggy_td`) are written as a student
writes the steps, equal to gamelib's with no bug switched on (property tests check it), and named in
feedback through :data:`gamelib.grading.mutants.MUTANTS`.  The by-hand answers (UCB1 values and the
child SELECT picks, one back-up, one TD(0) and one TD(λ) update) are checked by :func:`ucb_by_hand`,
:func:`backup_by_hand` and :func:`td_by_hand` against gamelib's own functions.
"""
from __future__ import annotations

import importlib
import math
import random
import types
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import MAX, MIN, Game
from ..evaluation import WeightedSum
from ..games import TicTacToe
from ..td import td_learn
from ..trees import GameTree
from . import cases as C
from .core import TIME_LIMIT, Attempt, Family, Task, fail, fmt, grade, quiet
from .guard import SEARCH_MODULES, Run, TimeLimitExceeded, cpu_clock, describe_returned, is_number, run
from .mutants import Near, Outcome

M = importlib.import_module("gamelib.mcts")
"""The module gamelib.mcts (the package's attribute ``gamelib.mcts`` is its search function)."""

WATCHED = SEARCH_MODULES + ("mcts.py", "td.py")
"""The parts of gamelib a student's function must not call in their own kernel (in the sandbox they
are withheld)."""


# ---------------------------------------------------------------------------------------------------
# MCTS: cases
# ---------------------------------------------------------------------------------------------------

class MctsCase(NamedTuple):
    """One test of a step of MCTS: the search :func:`gamelib.mcts.mcts` does from ``state`` of ``game``
    (None: the initial state) with ``iterations`` playouts, exploration constant ``c`` and ``seed``."""

    name: str
    game: Any
    state: Any = None
    iterations: int = 30
    c: float = M.C
    seed: int = 0
    hidden: bool = False

    @property
    def root(self):
        return self.game.initial_state if self.state is None else self.state


def _mcts_public():
    tree = GameTree.random(3, 3, seed=4, lower=-1, upper=1)
    block = TicTacToe("XX..O....")
    x_to_move = TicTacToe("O.X.X..O.")
    small = GameTree.from_nested([[[1, -1], [0, 1]], [[-1, -1], [1, 0]], [[0, 0]]], root=MIN)
    return [MctsCase("a random tree of three moves a side (utilities −1, 0, +1)", tree, iterations=30, seed=1),
            MctsCase("tic-tac-toe 'XX..O....', O to move (notebook 08, §2)", block, iterations=40, seed=1),
            MctsCase("tic-tac-toe 'O.X.X..O.', X to move, c = 1", x_to_move, iterations=30, c=1.0, seed=2),
            MctsCase("a small tree with MIN to move at the root, c = 2", small, iterations=25, c=2.0, seed=3)]


def _mcts_hidden(seed, n):
    rng = C.stable_random("mcts", seed)
    out = []
    for i in range(n):
        c = rng.choice((M.C, M.C, 1.0, 2.0, 0.5))
        iterations = rng.randint(20, 40)
        if i % 3 == 2:
            game, state = C.random_tictactoe(rng, rng.randint(4, 6))
            out.append(MctsCase(f"hidden position {i + 1}", game, state, iterations, c, rng.randrange(10**6), True))
            continue
        spec = C.random_spec(rng, rng.randint(3, 4), (2, 3), lower=-2, upper=2, stop=0.15)
        tree = GameTree.from_nested(spec, root=MIN if rng.random() < 0.4 else MAX)
        out.append(MctsCase(f"hidden tree {i + 1}", tree, None, iterations, c, rng.randrange(10**6), True))
    return out


@lru_cache(maxsize=64)
def reference_trace(case: MctsCase) -> tuple:
    """gamelib.mcts's trace on ``case``: one ``'simulate'`` event per iteration."""
    return tuple(M.mcts(case.game, case.root, iterations=case.iterations, c=case.c, seed=case.seed,
                        trace=True).trace)


# ---------------------------------------------------------------------------------------------------
# MCTS: the harness
# ---------------------------------------------------------------------------------------------------

def tree_view(node: M.Node) -> dict:
    """The search tree below ``node`` as plain data, what a student's step is handed: each node a dict
    with ``N`` and ``U`` (U for the player who moved into the node, ``player``), ``to_move``,
    ``terminal``, ``untried`` (the moves not expanded yet) and ``children`` ({move: node}, in the order
    they were expanded)."""
    return {"N": node.visits, "U": node.reward, "player": node.player, "to_move": node.to_move,
            "terminal": node.to_move is None, "untried": list(node.untried),
            "children": {a: tree_view(child) for a, child in node.children.items()}}


def path_to(node: M.Node) -> tuple:
    """The moves from the root of ``node``'s tree to ``node``."""
    moves = []
    while node.parent is not None:
        moves.append(node.action)
        node = node.parent
    return tuple(reversed(moves))


def _nodes(root: M.Node):
    """``(path, node)`` of every node below ``root`` (root included), parents before children."""
    stack = [((), root)]
    while stack:
        path, node = stack.pop(0)
        yield path, node
        stack.extend((path + (a,), child) for a, child in node.children.items())


class Divergence(NamedTuple):
    """The first iteration (from 1) at which a student's step did something else than gamelib.mcts's:
    ``step`` 'select' (``got`` and ``want`` the paths to the node reached; ``note`` says if the student's
    is no place for SELECT to stop) or 'backup' (``got`` and ``want`` the ``(path, N, U)`` of the nodes
    that differ; the root's U is not compared).  ``later``: the student's answers at the later iterations
    that differ too (BACK-PROPAGATE), so that two bugs that first part at the same place still tell
    apart."""

    iteration: int
    step: str
    got: Any
    want: Any
    note: str = ""
    later: tuple = ()


class Malformed(NamedTuple):
    """A step's answer of the wrong form, at ``iteration``: ``problem`` says what."""

    iteration: int
    problem: str


def _selected(trace, k: int) -> tuple:
    """The path to the node gamelib.mcts's SELECT reached in iteration ``k`` (from 0): the parent of
    the node it added, or, if it added none (a terminal node), that node."""
    child = trace[k].action
    return child if child in M.tree_statistics(trace, k) else child[:-1]


def counts_wanted(root: M.Node, trace, k: int) -> tuple:
    """``(path, N, U)`` of every node of the harness's tree after ``k`` iterations of ``trace``, U for the
    player who moved into the node (None at the root)."""
    stats = M.tree_statistics(trace, k)
    out = []
    for path, node in _nodes(root):
        s = stats[path]
        out.append((path, s.visits, None if not path else -s.total if node.player == MIN else s.total))
    return tuple(out)


def shown_answer(x, hidden: bool) -> str:
    """What a student's answer is, for feedback: on a hidden case its type only (the tree it holds is the
    hidden case's)."""
    return type(x).__name__ if hidden and x is not None else describe_returned(x)


def counts_given(returned, root: M.Node, hidden: bool = False) -> tuple:
    """``((path, N, U), ...)`` read from the tree a student's BACK-PROPAGATE returned, or a problem."""
    if not isinstance(returned, dict):
        hint = " (did you forget to return it?)" if returned is None else ""
        return None, (f"BACK-PROPAGATE returned {shown_answer(returned, hidden)}{hint}; it should return the "
                      "tree it was given, with N and U updated")
    out = []
    for path, node in _nodes(root):
        theirs = returned
        for a in path:
            kids = theirs.get("children") if isinstance(theirs, dict) else None
            theirs = kids.get(a) if isinstance(kids, dict) else None
        where = "the root" if not path else "a node" if hidden else "the node at " + " → ".join(map(str, path))
        if not isinstance(theirs, dict):
            return None, f"the tree BACK-PROPAGATE returned lacks {where}; return the tree you were given"
        n, u = theirs.get("N"), theirs.get("U")
        if not is_number(n) or not is_number(u):
            return None, (f"in the tree BACK-PROPAGATE returned, N and U of {where} are "
                          f"{shown_answer(n, hidden)} and {shown_answer(u, hidden)}, not numbers")
        out.append((path, n, u if path else None))
    return tuple(out), ""


def as_path(returned):
    """A step's answer as a path, a tuple of moves, or None when it is not a list or tuple of hashable moves."""
    if isinstance(returned, (list, tuple)):
        try:
            hash(tuple(returned))
        except TypeError:
            return None
        return tuple(returned)
    return None


def harness(case: MctsCase, trace, *, select_step=None, backup_step=None, paths: list | None = None):
    """MONTE-CARLO-TREE-SEARCH (AIMA 4th ed. Fig. 5.11) as :func:`gamelib.mcts.mcts` runs it (its
    ``new_node``, ``select``, ``expand``, ``simulate`` and ``backup``, drawing from ``Random(seed)`` in
    the same order), with ``select_step(view, c) -> path`` or ``backup_step(view, path, utility) ->
    view`` in place of gamelib's step (``view``: :func:`tree_view`), checked against ``trace``
    (gamelib.mcts's) at every iteration.  Returns None when every iteration agrees, else the first
    :class:`Divergence`, or a :class:`Malformed` answer.

    A student's SELECT steers the search: after it first parts from gamelib's, the search goes on where
    it leads (until it reaches no place to stop), so that ``paths``, the path of the node each iteration
    played out from, is the student's whole search.  A student's BACK-PROPAGATE is checked at every
    iteration while the search follows gamelib's own counts.  A step's exception propagates."""
    game = case.game
    rng = random.Random(case.seed)
    root = M.new_node(game, case.root, rng=rng)
    paths = [] if paths is None else paths
    first, later = None, []
    for k in range(len(trace)):
        if select_step is None:
            leaf = M.select(root, case.c, rng)
        else:
            returned = select_step(tree_view(root), case.c)
            path = as_path(returned)
            if path is None:
                hint = " (a node? return the moves that lead to it)" if isinstance(returned, dict) else ""
                return Malformed(k + 1, f"SELECT returned {shown_answer(returned, case.hidden)}{hint}; it should "
                                        "return the path to the node it selects, the list of moves from the root")
            leaf = follow(root, path)
            note = ("not a node of the tree" if leaf is None else
                    "a node whose moves have all been tried" if leaf.to_move is not None and not leaf.untried
                    else "")
            if first is None and path != _selected(trace, k):
                first = Divergence(k + 1, "select", path, _selected(trace, k), note)
            if note:
                return first
        child = M.expand(game, leaf, rng)
        utility = game.utility(M.simulate(game, child.state, rng), MAX)
        paths.append(path_to(child))
        if backup_step is None:
            M.backup(child, utility)
            continue
        returned = backup_step(tree_view(root), list(path_to(child)), utility)
        M.backup(child, utility)
        got, problem = counts_given(returned, root, case.hidden)
        if problem:
            return Malformed(k + 1, problem)
        want = counts_wanted(root, trace, k + 1)
        if Near(got) != want:
            differ = [i for i, (g, w) in enumerate(zip(got, want)) if Near(g) != w]
            mine = Near(tuple(got[i] for i in differ))
            if first is None:
                first = Divergence(k + 1, "backup", mine, tuple(want[i] for i in differ))
            else:
                later.append((k + 1, mine))
    return first._replace(later=tuple(later)) if first is not None and later else first


def follow(root: M.Node, path):
    """The node at ``path`` below ``root``, or None."""
    node = root
    for a in path:
        try:
            node = node.children.get(a)
        except TypeError:
            return None
        if node is None:
            return None
    return node


# ---------------------------------------------------------------------------------------------------
# MCTS: the bug models
# ---------------------------------------------------------------------------------------------------

SELECT_BUGS = frozenset({"no_exploration", "child_log", "last_tied"})
BACKUP_BUGS = frozenset({"max_reward", "mover_reward", "root_visits_only", "root_not_counted"})


def buggy_select(tree: dict, c: float, *, bugs=()) -> list:
    """SELECT on a :func:`tree_view` as a student writes it: from the root, while the node is not
    terminal and has no untried moves, go to the child with the largest UCB1 (the first such); return
    the path.  Bugs: ``no_exploration`` (UCB1 without its exploration term), ``child_log`` (ln N of the
    child instead of its parent), ``last_tied`` (the last of equally good children)."""
    bugs = frozenset(bugs)
    if bugs - SELECT_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - SELECT_BUGS)}; known: {sorted(SELECT_BUGS)}")
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        best, best_ucb = None, -math.inf
        for move, child in node["children"].items():
            n = child["N"]
            if "no_exploration" in bugs:
                ucb = child["U"] / n
            else:
                ucb = child["U"] / n + c * math.sqrt(math.log(n if "child_log" in bugs else node["N"]) / n)
            if ucb > best_ucb or ("last_tied" in bugs and ucb == best_ucb):
                best, best_ucb = move, ucb
        path.append(best)
        node = node["children"][best]
    return path


def buggy_backup(tree: dict, path, utility: float, *, bugs=(), terminal: int = 1) -> dict:
    """BACK-PROPAGATE on a :func:`tree_view` as a student writes it: one more visit and the playout's
    reward for the player who moved into each node on ``path``, the root included; returns the tree.
    Bugs: ``max_reward`` (MAX's utility at every node), ``mover_reward`` (the reward of the player to
    move at the node, not of the one who moved into it; a terminal node, where nobody is to move, gets
    ``terminal`` times the utility: 1 as ``-u if to_move == MIN else u`` gives it, 0 as ``if to_move ==
    MAX: ... elif to_move == MIN: ...`` does, −1 as ``u if to_move == MAX else -u`` does),
    ``root_visits_only`` (N counted at the root only), ``root_not_counted`` (N counted everywhere but at
    the root)."""
    bugs = frozenset(bugs)
    if bugs - BACKUP_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - BACKUP_BUGS)}; known: {sorted(BACKUP_BUGS)}")
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for i, node in enumerate(nodes):
        if (i == 0 or "root_visits_only" not in bugs) and (i > 0 or "root_not_counted" not in bugs):
            node["N"] += 1
        if "max_reward" in bugs:
            node["U"] += utility
        elif "mover_reward" in bugs and node["to_move"] is None:
            node["U"] += terminal * utility
        else:
            who = node["to_move"] if "mover_reward" in bugs else node["player"]
            node["U"] += -utility if who == MIN else utility
    return tree


def mcts_model(step: str, bugs, **options):
    """A bug model for the student's ``step`` ('select' or 'backup'), an entry of
    :data:`gamelib.grading.mutants.MUTANTS`; ``options`` go to :func:`buggy_backup`."""
    def model(kind, case):
        paths: list = []
        if step == "select":
            steps = {"select_step": lambda view, c: buggy_select(view, c, bugs=bugs)}
        else:
            steps = {"backup_step": lambda view, path, u: buggy_backup(view, path, u, bugs=bugs, **options)}
        try:
            result = harness(case, reference_trace(case), paths=paths, **steps)
        except (ArithmeticError, KeyError, TypeError, ValueError) as e:
            return Outcome(tuple(paths), error=type(e).__name__)
        return Outcome(tuple(paths), result)
    return model


def mcts_variants(step: str, bugs, variants: list):
    """A bug model written in several ways (:class:`~gamelib.grading.mutants.Variants`): one
    :func:`mcts_model` per dict of ``options`` in ``variants``."""
    from .mutants import Variants
    models = [mcts_model(step, bugs, **options) for options in variants]
    return lambda kind, case: Variants(m(kind, case) for m in models)


# ---------------------------------------------------------------------------------------------------
# MCTS: the driver and the family
# ---------------------------------------------------------------------------------------------------

class _StepFailed(Exception):
    """A call of the student's step did not answer normally (it raised, timed out, or called gamelib's
    own search): ``run`` says how."""

    def __init__(self, result: Run):
        super().__init__(result.status)
        self.run = result


class StepDriver:
    """The student's SELECT or BACK-PROPAGATE (``fn``) plugged into :func:`harness` for one case
    (:meth:`MctsFamily.call`): :meth:`remote_run` gives one :class:`~gamelib.grading.guard.Run` for the
    case, the harness's verdict, or how the student's step stopped (an exception, the case's time
    limit, a call into gamelib.mcts).  Every call of ``fn`` runs under the guards
    (:func:`gamelib.grading.guard.run`, in the sandbox when a submission is graded), with what is left of
    the case's time limit.  ``search``: the harness that calls the step (default :func:`harness`; PUCT's
    is :func:`gamelib.grading.puct.harness`)."""

    def __init__(self, fn, step: str, search=None):
        self.fn, self.step = fn, step
        self.search = harness if search is None else search
        self.__name__ = getattr(fn, "__name__", step)

    def __call__(self, case, trace, paths):
        r = self.remote_run((case, trace, paths), {}, None)
        if r.status != "ok":
            raise r.error or RuntimeError(r.status)
        return r.returned

    def remote_run(self, args, kwargs, time_limit) -> Run:
        case, trace, paths = args
        clock = cpu_clock(self.fn)
        spent = {"cpu": 0.0, "seconds": 0.0, "printed": 0, "output": ""}

        def call(*step_args):
            left = None if time_limit is None else time_limit - spent["cpu"]
            if left is not None and left <= 0:
                raise _StepFailed(Run("timeout", error=TimeLimitExceeded(f"no answer within {time_limit:g} s of "
                                                                         "CPU time")))
            start = clock()
            r = run(self.fn, *step_args, time_limit=left, watch=WATCHED)
            spent["cpu"] += clock() - start
            spent["seconds"] += r.seconds
            spent["printed"] += r.printed
            if not spent["output"]:
                spent["output"] = r.output
            if r.status != "ok" or r.forbidden:
                raise _StepFailed(r)
            return r.returned

        try:
            result = self.search(case, trace, paths=paths, **{f"{self.step}_step": call})
        except _StepFailed as e:
            r = e.run
            return Run(r.status, r.returned, r.error, r.where, spent["seconds"], spent["printed"],
                       spent["output"], r.forbidden)
        return Run("ok", result, seconds=spent["seconds"], printed=spent["printed"], output=spent["output"])


def _show_path(path) -> str:
    return "the root" if not path else " → ".join(map(str, path))


def show_counts(rows) -> str:
    """``(path, N, U)`` rows as feedback shows them."""
    return ", ".join(f"{_show_path(p)}: N = {fmt(n)}" + ("" if u is None else f", U = {fmt(u + 0.0)}")
                     for p, n, u in rows)


class MctsFamily(Family):
    """A step of MCTS, run in the harness and compared with gamelib.mcts's trace iteration by
    iteration."""

    watched = WATCHED
    """The parts of gamelib a student's function must not call (:data:`WATCHED`; PUCT's adds its network)."""

    def trace(self, case) -> tuple:
        """The reference's trace of ``case``, gamelib.mcts's (a family of another tree search's steps,
        PUCT's, answers with its own)."""
        return reference_trace(case)

    def search(self, case, trace, **steps):
        """The harness that runs the search with the student's step in it (:func:`harness`)."""
        return harness(case, trace, **steps)

    def step(self, task) -> str:
        """Which step ``task``'s function is: ``'select'`` or ``'backup'``."""
        return task.name

    def selected(self, trace, k: int) -> tuple:
        """The path the reference's SELECT chose in iteration ``k`` (from 0) of ``trace``
        (:func:`_selected`)."""
        return _selected(trace, k)

    def why(self, step: str):
        """What says why a case went wrong at ``step``: :func:`select_why` or :func:`backup_why`."""
        return select_why if step == "select" else backup_why

    def expected(self, task, case) -> Outcome:
        return Outcome(tuple(e.action for e in self.trace(case)), None)

    def attempt(self, task, case, expected) -> Attempt:
        paths: list = []
        return Attempt((case, self.trace(case), paths), lambda: paths, case.game, None, self.watched)

    def call(self, task, fn, attempt, time_limit):
        """The harness's loop, calling the student's step at every iteration within the case's time."""
        return StepDriver(fn, self.step(task), self.search).remote_run(attempt.args, {}, time_limit)

    def parse(self, task, returned, case) -> tuple:
        if isinstance(returned, Malformed):
            return None, None, f"iteration {returned.iteration}: {returned.problem}"
        return returned, None, ""

    def difference(self, task, got, want, case) -> str:
        d = got.value
        if not isinstance(d, Divergence):
            return "the search went another way"
        if d.step == "select":
            note = f" ({d.note}: SELECT stops at a terminal node or one with untried moves)" if d.note else ""
            if case.hidden:
                return f"iteration {d.iteration} of {case.iterations}: SELECT reached another node{note}"
            return (f"iteration {d.iteration} of {case.iterations}: your SELECT reached {_show_path(d.got)}{note}, "
                    f"gamelib.mcts's {_show_path(d.want)}")
        if case.hidden:
            return (f"iteration {d.iteration} of {case.iterations}: after BACK-PROPAGATE, {len(d.want)} "
                    f"node{'s have' if len(d.want) > 1 else ' has'} other counts")
        rows = d.got.x if isinstance(d.got, Near) else d.got
        return (f"iteration {d.iteration} of {case.iterations}, after BACK-PROPAGATE of the playout from "
                f"{_show_path(got.visits[d.iteration - 1])}: yours {show_counts(rows)}; gamelib.mcts's "
                f"{show_counts(d.want)}")

    def forbidden(self, task, call: str) -> str:
        return f"it calls {call}, gamelib's own; this exercise asks you to write {task.name} yourself"

    def agreement(self, task) -> str:
        return ("the same node selected at every iteration" if task.kind == "mcts_select"
                else "the same N and U at every node after every iteration")

    def mutant_returns(self, task) -> str:
        return "value"

    def diagnose(self, task, fn, result, time_limit) -> str:
        """At the first iteration where the student's step parts from gamelib.mcts's, the rule of the step
        in AIMA's words: SELECT's UCB1 values at the node where the paths part (:func:`select_why`),
        BACK-PROPAGATE's N + 1 and U + the reward of the player who moved in at the nodes whose counts
        differ (:func:`backup_why`)."""
        d = result.student.value
        if result.student.error is not None or getattr(result.case, "hidden", False) or not isinstance(d, Divergence):
            return ""
        try:
            return self.why(d.step)(result.case, d, result.student.visits)
        except Exception:                                # noqa: BLE001 -- a diagnosis is a help, never a failure
            return ""


MCTS = MctsFamily()


# ---------------------------------------------------------------------------------------------------
# MCTS: why a case went wrong
# ---------------------------------------------------------------------------------------------------

class _Seen(Exception):
    """Raised by :func:`tree_before` once it has the view it wants."""


def tree_before(case: MctsCase, iteration: int, family: MctsFamily = MCTS) -> dict:
    """The tree (:func:`tree_view`) as a step is handed it at ``iteration`` (from 1) of gamelib.mcts's own
    search on ``case`` (``family``'s search: PUCT's for its steps): the harness run with the reference's
    SELECT, stopped there."""
    trace = family.trace(case)
    seen: list = []

    def step(view, c):
        seen.append(view)
        if len(seen) == iteration:
            raise _Seen
        return list(family.selected(trace, len(seen) - 1))

    try:
        family.search(case, trace, select_step=step)
    except _Seen:
        return seen[-1]
    raise ValueError(f"{case.name} has fewer than {iteration} iterations")


def _where(path) -> str:
    return "the root" if not path else f"the node {_show_path(path)}"


def _ucb_terms(node: dict, c: float) -> dict:
    """``{move: (U, N, UCB1)}`` of ``node``'s children, in the tree's order."""
    log_n = math.log(node["N"])
    return {m: (k["U"], k["N"], k["U"] / k["N"] + c * math.sqrt(log_n / k["N"])) for m, k in node["children"].items()}


def _first_best(scores: dict):
    best = max(scores.values())
    return next(m for m, v in scores.items() if v == best)


def _select_slip(node: dict, c: float, root_n: int, got, want) -> str:
    """The slips in UCB1 that would make SELECT pick ``got`` at ``node``, where UCB1 picks ``want``, in
    words ('' when none does)."""
    kids, n = node["children"], node["N"]
    ucb = {m: k["U"] / k["N"] + c * math.sqrt(math.log(n) / k["N"]) for m, k in kids.items()}
    if ucb[got] == ucb[want]:
        return ("it ties with it for the largest: of equal values SELECT keeps the first in the tree's order "
                "(change the choice only on a strictly larger value)")
    slips = [
        ("U(n)/N(n) alone, with no exploration term", lambda u, k: u / k),
        ("U(n) negated at MIN's node, where U(n) is already the reward of MIN, who moves from here",
         (lambda u, k: -u / k + c * math.sqrt(math.log(n) / k)) if node["to_move"] == MIN else None),
        ("ln N(n), the child's own visits, in place of ln N(parent)",
         lambda u, k: u / k + c * math.sqrt(math.log(k) / k)),
        ("ln N(root) at every node in place of ln N(parent)",
         (lambda u, k: u / k + c * math.sqrt(math.log(root_n) / k)) if root_n != n else None),
        ("√(ln N(parent))/N(n) in place of √(ln N(parent)/N(n))", lambda u, k: u / k + c * math.sqrt(math.log(n)) / k),
        ("the total U(n) in place of the mean U(n)/N(n)", lambda u, k: u + c * math.sqrt(math.log(n) / k)),
        ("no square root", lambda u, k: u / k + c * math.log(n) / k),
        ("no logarithm", lambda u, k: u / k + c * math.sqrt(n / k)),
        ("the least UCB1 in place of the largest", lambda u, k: -(u / k + c * math.sqrt(math.log(n) / k))),
    ]
    found = [words for words, f in slips
             if f is not None and _first_best({m: f(k["U"], k["N"]) for m, k in kids.items()}) == got]
    if not found:
        return ""
    return "it is the child UCB1 ranks first with " + "; or with ".join(found[:3])


def select_why(case: MctsCase, d: Divergence, paths=()) -> str:
    """Why the student's SELECT reached another node than gamelib.mcts's at iteration ``d.iteration``: at
    the node where the two paths part, SELECT's rule there (AIMA 4th ed. Fig. 5.11): go on down while the
    node is fully expanded and not terminal, to the child with the largest UCB1(n) = U(n)/N(n) +
    c·√(ln N(parent)/N(n)), the first of equal values; stop at a terminal node or one with untried moves.
    The children's UCB1 values are given with their terms, and a slip that picks the student's child is
    named."""
    view = tree_before(case, d.iteration)
    got, want = tuple(d.got), tuple(d.want)
    k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    node = view
    for move in want[:k]:
        node = node["children"][move]
    here, c = _where(want[:k]), case.c
    who = f"{node['to_move']} to move" if node["to_move"] is not None else "terminal"
    if k == len(want):
        why = ("it is terminal" if node["terminal"] else
               f"it has untried moves ({', '.join(map(str, node['untried']))}) for EXPAND to add")
        text = f"at iteration {d.iteration}, SELECT stops at {here}: {why}; yours went on to {got[k]}"
        if got[k] in node["untried"]:
            text += ", one of those untried moves: SELECT returns the node, and EXPAND adds one of its children"
        return text
    terms = _ucb_terms(node, c)
    table = "; ".join(f"{m}: {fmt(u + 0.0)}/{n} + {fmt(c)}·√(ln {node['N']}/{n}) = {fmt(v)}"
                      for m, (u, n, v) in terms.items())
    best = max(v for _, _, v in terms.values())
    tied = [m for m, (_, _, v) in terms.items() if v == best]
    rule = (f"at iteration {d.iteration}, at {here} ({who}, N = {node['N']}), every move has been tried, so SELECT "
            f"goes on to the child with the largest UCB1(n) = U(n)/N(n) + c·√(ln N(parent)/N(n)), U(n) the reward "
            f"of the player who moved into n, c = {fmt(c)}: {table}")
    pick = f"{want[k]}" + (f", the first of the {len(tied)} equal values" if len(tied) > 1 else "")
    if k == len(got):
        return rule + f"; SELECT goes to {pick}; yours stopped at {here}"
    if got[k] not in node["children"]:
        return rule + f"; SELECT goes to {pick}; yours went to {got[k]}, which is not a child of {here} in the tree"
    slip = _select_slip(node, c, view["N"], got[k], want[k])
    return rule + f"; SELECT goes to {pick}; yours went to {got[k]}" + (f" ({slip})" if slip else "")


def movers(game, root, path) -> tuple:
    """``(player who moved into the node at path, player to move there or None)``."""
    state, mover = root, None
    for a in path:
        mover = game.to_move(state)
        state = game.result(state, a)
    return mover, None if game.is_terminal(state) else game.to_move(state)


def _backup_problems(case: MctsCase, iteration: int, rows, playout: tuple) -> list:
    """``[(kind, text)]`` for the rows ``(path, N, U)`` of a student's tree after BACK-PROPAGATE at
    ``iteration`` that differ from the rule: N + 1 on the playout's path, U + the reward of the player who
    moved into the node, nothing off the path."""
    trace = reference_trace(case)
    before = M.tree_statistics(trace, iteration - 1)
    u = trace[iteration - 1].value
    out = []
    for path, n, mine in rows:
        mover, to_move = movers(case.game, case.root, path)
        s = before.get(path)
        n0, total0 = (s.visits, s.total) if s is not None else (0, 0.0)
        sign = -1 if mover == MIN else 1
        u0 = sign * total0
        on = playout[:len(path)] == path
        reward = sign * u if on else 0
        node = _where(path)
        if not on:
            out.append(("off", f"{node} is not on the playout's path, yet yours changed it (N = {n0} and U = "
                               f"{fmt(u0 + 0.0)} before; yours N = {fmt(n)}, U = {fmt(mine + 0.0)}): "
                               f"BACK-PROPAGATE changes only the new node and its ancestors"))
            continue
        if n != n0 + 1:
            what = " (not counted)" if n == n0 else " (counted twice)" if n == n0 + 2 else ""
            out.append(("N root" if not path else "N", f"at {node}, N = {n0} + 1 = {n0 + 1}: every node on the "
                        f"path counts the playout, the root too; yours {fmt(n)}{what}"))
        if path and not math.isclose(mine, u0 + reward, abs_tol=1e-9):
            added = mine - u0
            other = MAX if mover == MIN else MIN
            head = (f"at {node} ({mover} moved into it; U = {fmt(u0 + 0.0)} before), U + {mover}'s reward "
                    f"{fmt(reward + 0.0)} = {fmt(u0 + reward + 0.0)}: U(n) is kept for the player who moved into n; "
                    f"yours added {fmt(added + 0.0)}")
            if math.isclose(added, -reward, abs_tol=1e-9):
                out.append(("U sign", head + f", {other}'s reward, but it was {mover} who moved into it"
                            + (f" ({other} is to move there)" if to_move == other else "")))
            elif math.isclose(added, 0, abs_tol=1e-9):
                why = (" (a terminal node too, where nobody is to move, gets the reward of the player who moved into "
                       "it)" if to_move is None else "")
                out.append(("U none", head + f", nothing{why}"))
            else:
                out.append(("U", head))
    return out


def backup_why(case: MctsCase, d: Divergence, paths: tuple) -> str:
    """Why the student's BACK-PROPAGATE left other counts than gamelib.mcts's at iteration ``d.iteration``:
    the playout and its utility, and, at the first node whose N or U differs, the rule (AIMA 4th ed.
    Fig. 5.11): each node on the path from the new node up to the root gets N + 1 and U + the reward of
    the player who moved into it (the utility for MAX, minus it for MIN); other nodes are not changed.
    A different rule broken at another node, or at a later iteration, is told too (two bugs, two rules)."""
    rows = d.got.x if isinstance(d.got, Near) else d.got
    playout = tuple(paths[d.iteration - 1])
    u = reference_trace(case)[d.iteration - 1].value
    problems = _backup_problems(case, d.iteration, rows, playout)
    if not problems:
        return ""
    text = (f"at iteration {d.iteration} the playout from {_where(playout)} ended in utility {fmt(u + 0.0)} for MAX, "
            f"and BACK-PROPAGATE adds it to each node from there up to the root: {problems[0][1]}")
    kinds = {problems[0][0]}
    more = [p for p in problems[1:] if p[0] not in kinds]
    for k, later in d.later:
        if len(more) >= 2:
            break
        found = _backup_problems(case, k, later.x if isinstance(later, Near) else later, tuple(paths[k - 1]))
        more += [(kind, f"at iteration {k}, {words}") for kind, words in found
                 if kind not in kinds | {m[0] for m in more}]
    for kind, words in more[:2]:
        text += f"; also {words}"
    return text


def grade_step(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
               quiet: bool = False):
    """Grade the student's MCTS step ``name`` ('select' or 'backup') in the harness: on the public cases,
    or with ``hidden=n`` on n hidden cases (see :func:`gamelib.grading.core.grade`)."""
    __tracebackhide__ = True
    if name not in ("select", "backup"):
        raise ValueError(f"checks.mcts grades 'select' or 'backup', not {name!r}")
    task = TASKS[name]
    if not callable(fn):
        fail(f"{task.name} should be a function; it is {describe_returned(fn)}")
    return grade(task, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


# ---------------------------------------------------------------------------------------------------
# TD(λ): cases, the reference and the bug models
# ---------------------------------------------------------------------------------------------------

class TdCase(NamedTuple):
    """One test of ``td_lambda``: a recorded game (``episode``: the feature vectors of its states, the
    last terminal; ``utility``: MAX's utility at its end), the starting ``weights``, ``alpha`` and
    ``lam``.  ``game`` holds them (the core checks it for changes; the student gets copies as lists)."""

    name: str
    game: Any
    hidden: bool = False

    @property
    def weights(self) -> tuple:
        return self.game.weights

    @property
    def episode(self) -> tuple:
        return self.game.episode

    @property
    def utility(self) -> float:
        return self.game.utility

    @property
    def alpha(self) -> float:
        return self.game.alpha

    @property
    def lam(self) -> float:
        return self.game.lam


def td_case(name, weights, episode, utility, alpha, lam, hidden=False) -> TdCase:
    return TdCase(name, types.SimpleNamespace(weights=tuple(weights), episode=tuple(map(tuple, episode)),
                                              utility=utility, alpha=alpha, lam=lam), hidden)


class RecordedGame(Game):
    """A recorded game as a game of its own: states 0, 1, ..., ``length`` in a row, one move from each
    ('next'), the last terminal with MAX's utility ``final``.  Self-play on it replays the recording, so
    :func:`gamelib.td.td_learn` learns from exactly that game."""

    def __init__(self, length: int, final: float):
        self.length, self.final = length, final
        self.initial_state = 0

    def to_move(self, state):
        return MAX if state % 2 == 0 else MIN

    def actions(self, state):
        return ("next",) if state < self.length else ()

    def result(self, state, action):
        return state + 1

    def is_terminal(self, state):
        return state == self.length

    def utility(self, state, player):
        return self.final if player == MAX else -self.final

    def __repr__(self):
        return f"RecordedGame({self.length}, {self.final!r})"


def reference_td(weights, episode, utility, alpha, lam) -> tuple:
    """The weights :func:`gamelib.td.td_learn` learns from one recorded game: TD(λ) over ``episode``
    (the feature vectors f(s_0), ..., f(s_T)) ending in ``utility`` for MAX, from ``weights``."""
    names = [f"f{i + 1}" for i in range(len(weights))]
    features = {name: (lambda s, i=i: episode[s][i]) for i, name in enumerate(names)}
    start = WeightedSum(features, dict(zip(names, weights)))
    learned, _ = td_learn(RecordedGame(len(episode) - 1, utility), start, iterations=1, alpha=alpha, lam=lam,
                          epsilon=0.0, seed=0)
    return tuple(learned.weights[n] for n in names)


TD_BUGS = frozenset({"error_sign", "undecayed_trace", "terminal_bootstrap", "frozen_weights", "ignores_lambda",
                     "lambda_times_sum", "stale_weights"})


def buggy_td(weights, episode, utility, alpha, lam, *, bugs=()) -> list:
    """TD(λ) over one recorded game as a student writes it (:mod:`gamelib.td`'s rule: δ = target −
    V(s), target UTILITY(s') if s' is terminal else V(s'); e ← λe + f(s); w ← w + αδe), with the named
    ``bugs``: ``error_sign`` (δ = V(s) − target), ``undecayed_trace`` (e ← e + f(s): the trace never
    decays), ``terminal_bootstrap`` (the last target is V(s_T; w), the terminal state's estimate, instead
    of its utility), ``frozen_weights`` (the weights come back as they were given: the updates never
    reach the list returned), ``ignores_lambda`` (e ← f(s): TD(0) whatever λ), ``lambda_times_sum``
    (e ← λ(e + f(s))), ``stale_weights`` (every V, in δ and in its target, computed with the weights the
    game started with, not the weights as updated so far)."""
    bugs = frozenset(bugs)
    if bugs - TD_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - TD_BUGS)}; known: {sorted(TD_BUGS)}")
    w = [float(x) for x in weights]
    start = list(w)
    e = [0.0] * len(w)
    last = len(episode) - 1
    for t in range(last):
        x = episode[t]
        now = start if "stale_weights" in bugs else w
        target = utility if t + 1 == last and "terminal_bootstrap" not in bugs else _dot(now, episode[t + 1])
        delta = target - _dot(now, x)
        if "error_sign" in bugs:
            delta = -delta
        for i in range(len(w)):
            if "ignores_lambda" in bugs:
                e[i] = x[i]
            elif "lambda_times_sum" in bugs:
                e[i] = lam * (e[i] + x[i])
            else:
                e[i] = (e[i] if "undecayed_trace" in bugs else lam * e[i]) + x[i]
            w[i] += alpha * delta * e[i]
    return [float(x) for x in weights] if "frozen_weights" in bugs else w


def _dot(w, x) -> float:
    total = 0.0
    for wi, xi in zip(w, x):
        total += wi * xi
    return total


def td_model(bugs):
    """A bug model for ``td_lambda`` (an entry of :data:`gamelib.grading.mutants.MUTANTS`)."""
    def model(kind, case):
        return Outcome((), Near(tuple(buggy_td(case.weights, case.episode, case.utility, case.alpha, case.lam,
                                               bugs=bugs))))
    return model


def recorded_tictactoe(rng: random.Random, features: WeightedSum | None = None) -> tuple:
    """A game of tic-tac-toe played at random: ``(episode, utility)``, the feature vectors of its states
    under ``features`` (the kit's evaluation's three: open lines, threats, the centre)."""
    from ..games.tictactoe import evaluation
    features = features or evaluation()
    game = TicTacToe()
    s, states = game.initial_state, [game.initial_state]
    while not game.is_terminal(s):
        s = game.result(s, rng.choice(list(game.actions(s))))
        states.append(s)
    fs = list(features.features.values())
    return [tuple(f(x) for f in fs) for x in states], game.utility(s, MAX)


def _td_public():
    rng = C.stable_random("td public")
    ttt, u = recorded_tictactoe(rng)
    return [td_case("two features, three moves, TD(0)", (0.5, -0.25), [(1, 0), (1, 1), (0, 2), (2, 1)], 1,
                    0.1, 0.0),
            td_case("three features, five moves, TD(0.7)", (0.2, 0.0, -0.4),
                    [(1, 2, 0), (0, 1, 1), (2, 0, 1), (1, 1, 2), (0, 3, 1), (2, 2, 2)], -1, 0.05, 0.7),
            td_case("a game of tic-tac-toe with the kit's three features, TD(0.9)", (0.0, 0.0, 0.0), ttt, u,
                    0.01, 0.9),
            td_case("two features, TD(1): every estimate moves towards the result", (1.0, 0.5),
                    [(1, 1), (2, 0), (0, 2), (1, 3)], 0, 0.1, 1.0)]


def _td_hidden(seed, n):
    rng = C.stable_random("td", seed)
    out = []
    for i in range(n):
        alpha = rng.choice((0.1, 0.05, 0.2, 0.01))
        lam = rng.choice((0.0, 0.5, 0.8, 0.9, 1.0))
        if i % 3 == 2:
            episode, u = recorded_tictactoe(rng)
            weights = [rng.choice((-0.1, 0.0, 0.05, 0.1)) for _ in range(3)]
        else:
            k = rng.randint(2, 4)
            episode = [tuple(rng.randint(-2, 3) for _ in range(k)) for _ in range(rng.randint(3, 9))]
            u = rng.choice((-1, 0, 1))
            weights = [rng.choice((-0.5, -0.25, 0.0, 0.25, 0.5, 1.0)) for _ in range(k)]
        out.append(td_case(f"hidden game {i + 1}", weights, episode, u, alpha, lam, hidden=True))
    return out


class TdFamily(Family):
    """The weights after TD(λ) over one recorded game, within rounding."""

    agrees = "the same weights"

    def expected(self, task, case) -> Outcome:
        return Outcome((), Near(reference_td(case.weights, case.episode, case.utility, case.alpha, case.lam)))

    def attempt(self, task, case, expected) -> Attempt:
        args = (list(case.weights), [list(x) for x in case.episode], case.utility, case.alpha, case.lam)
        return Attempt(args, tuple, case.game, None, WATCHED)

    def parse(self, task, returned, case) -> tuple:
        k = len(case.weights)
        if not isinstance(returned, (list, tuple)):
            hint = " (did you forget to return it?)" if returned is None else ""
            return None, None, (f"it returned {describe_returned(returned)}{hint}; it should return the "
                                f"new weights, a list of {k} numbers")
        if len(returned) != k or not all(is_number(x) for x in returned):
            return None, None, (f"it returned {describe_returned(returned)}; it should return the new weights, "
                                f"a list of {k} numbers (one per feature)")
        return Near(tuple(float(x) for x in returned)), None, ""

    def difference(self, task, got, want, case) -> str:
        if case.hidden:
            return "the weights are wrong"
        show = lambda w: "(" + ", ".join(fmt(float(x)) for x in w.x) + ")"        # noqa: E731
        return (f"weights {show(got.value)}, expected {show(want.value)} (α = {fmt(case.alpha)}, "
                f"λ = {fmt(case.lam)}, {len(case.episode) - 1} moves, utility {fmt(case.utility)})")

    def forbidden(self, task, call: str) -> str:
        return f"it calls {call}, gamelib's own; this exercise asks you to write {task.name} yourself"

    def mutant_returns(self, task) -> str:
        return "value"

    def diagnose(self, task, fn, result, time_limit) -> str:
        """The first move of the recorded game at which the student's weights part from TD(λ)'s, with
        δ, the trace e and the update w ← w + α·δ·e there (:func:`td_why`)."""
        return td_why(task, fn, result, time_limit)


TD = TdFamily()

TASKS = {
    "select": Task("select", "mcts_select", "value", None, _mcts_public, _mcts_hidden,
                   "gamelib.mcts (AIMA 4th ed. Fig. 5.11, SELECT with UCB1)", MCTS),
    "backup": Task("backup", "mcts_backup", "value", None, _mcts_public, _mcts_hidden,
                   "gamelib.mcts (AIMA 4th ed. Fig. 5.11, BACK-PROPAGATE)", MCTS),
    "td_lambda": Task("td_lambda", "td", "value", None, _td_public, _td_hidden,
                      "gamelib.td.td_learn (TD(λ), Sutton 1988)", TD),
}
"""The functions students write in assignment 07, by name."""


# ---------------------------------------------------------------------------------------------------
# TD(λ): why a case went wrong
# ---------------------------------------------------------------------------------------------------

MAX_CALLS = 40
"""How many more calls of the student's ``td_lambda`` one diagnosis may make (one per move of a game)."""

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _s(t: int) -> str:
    """The state s_t, written s₀, s₁, ..."""
    return "s" + str(t).translate(_SUB)


def _vec(v) -> str:
    return "(" + ", ".join(fmt(float(x) + 0.0) for x in v) + ")"


def td_why(task, fn, result, time_limit: float) -> str:
    """Why the student's weights are wrong on the failed case ``result``: the first move of the game at
    which they part from TD(λ)'s (:func:`td_divergence`); '' when the case's own line says it all."""
    got, case = result.student, result.case
    if got.error is not None or getattr(case, "hidden", False) or got.value is None:
        return ""
    try:
        return td_divergence(task, fn, case, time_limit, result)
    except Exception:                                    # noqa: BLE001 -- a diagnosis is a help, never a failure
        return ""


def td_divergence(task, fn, case: TdCase, time_limit: float, result=None) -> str:
    """The first move t of ``case``'s game after which the student's weights differ from TD(λ)'s, found by
    asking the student's own function again on the game's first t moves, t = 1, 2, ... (the whole game is
    ``result``), in two ways that TD(λ) ends alike: (1) the t-th move's target handed over as the game's
    result (the estimate V(s_t; w) it has in the whole game, with TD(λ)'s weights so far), so that the
    t-th move is a last one; (2) one more move, from s_t to a terminal copy of it whose result is that
    same estimate, so that the t-th move is an inner one and the move after it changes nothing (δ = 0).  A
    move where both part is where the rule broke (a slip only a last move shows, or only an inner one,
    does not blame the moves before it).  There, the rule of the move in Sutton's and CS221's words: V(s)
    = w·f(s), the target (the next estimate, or the result at the last move), δ = target − V(s), e ← λ·e +
    f(s), w ← w + α·δ·e, with the numbers, and the slip that gives the student's weights, if one does."""
    from .core import grade_case
    episode, last = case.episode, len(case.episode) - 1
    w = tuple(float(x) for x in case.weights)
    e = (0.0,) * len(w)
    calls = 0

    def ask(steps, final):
        nonlocal calls
        calls += 1
        if calls > MAX_CALLS:
            return None
        r = grade_case(task, fn, td_case(f"{case.name}, its first {len(steps) - 1} moves", case.weights, steps, final,
                                         case.alpha, case.lam), time_limit)
        return None if r.student.error is not None or r.student.value is None else r

    for t in range(1, last + 1):
        x = episode[t - 1]
        target = case.utility if t == last else _dot(w, episode[t])
        r = result if t == last and result is not None else ask(episode[:t + 1], target)
        if r is None or r.student.error is not None or r.student.value is None:
            return ""
        mine, want = tuple(r.student.value.x), tuple(r.expected.value.x)
        e_before, e = e, tuple(case.lam * a + b for a, b in zip(e, x))
        if Near(mine) != want and t < last:
            inner = ask(episode[:t + 1] + (episode[t],), _dot(want, episode[t]))
            if inner is None:
                return ""
            if Near(inner.student.value.x) == tuple(inner.expected.value.x):
                w = want                                 # only as a last move: the real last move will tell
                continue
            return _td_step(case, t, w, target, e_before, e, mine, want, tuple(inner.student.value.x))
        if Near(mine) != want:
            return _td_step(case, t, w, target, e_before, e, mine, want)
        w = want
    return ""


def _td_step(case: TdCase, t: int, w: tuple, target, e_before: tuple, e: tuple, mine: tuple, want: tuple,
             inner: tuple | None = None) -> str:
    """The rule of TD(λ) at move ``t`` (from ``w``, TD(λ)'s weights before it), with its numbers and the
    student's weights after it (``mine``; ``inner``: after it and one more move that changes nothing, when
    move t is not the game's last), and the slip that gives them."""
    episode, lam = case.episode, case.lam
    last = len(episode) - 1
    x = episode[t - 1]
    now = _dot(w, x)
    delta = target - now
    s, s2 = _s(t - 1), _s(t)
    aimed = (f"the game's result, UTILITY({s2}, MAX) = {fmt(float(target))}" if t == last else
             f"the next position's estimate, V({s2}) = w·f({s2}) = {fmt(target)}")
    which = f"move {t} of {last} ({s} → {s2}{', the last' if t == last else ''})"
    text = (f"your weights first part from TD(λ)'s at {which}: "
            f"with w = {_vec(w)}, V({s}) = w·f({s}) = {fmt(now)} and its target is {aimed}, so δ = target − V({s}) "
            f"= {fmt(delta)}; the trace e ← λ·e + f({s}) = {fmt(lam)}·{_vec(e_before)} + {_vec(x)} = {_vec(e)}; and "
            f"w ← w + α·δ·e = {_vec(want)}; yours {_vec(mine)}")
    slip = _td_named(case, t, w, delta, e, mine)
    if not slip:
        slip = _td_other(case, t, w, delta, e, mine)
        named = _td_named(case, t, w, delta, e, inner) if inner is not None else ""
        if named:
            slip += (" Where" if slip.endswith("?") else "; and where") + f" it is not the last move, {named}"
    return text + f" ({slip})"


def _traces(case: TdCase, t: int) -> list:
    """``[(trace, words)]``: the trace move ``t`` would use under each slip in the rule e ← λ·e + f(s),
    each kept up from the game's start as the slip keeps it."""
    episode, lam = case.episode, case.lam
    k = len(case.weights)
    s, s2 = _s(t - 1), _s(t)
    rules = [
        (lambda e, i: episode[i], f"it moved along f({s}) alone: the trace e ← λ·e + f({s}) carries the earlier "
                                  f"positions' features, decayed by λ"),
        (lambda e, i: tuple(a + b for a, b in zip(e, episode[i])), f"your trace does not decay: e ← λ·e + f({s}), "
                                                                    f"not e + f({s})"),
        (lambda e, i: tuple(lam * (a + b) for a, b in zip(e, episode[i])), f"your trace is λ·(e + f({s})): e ← λ·e + "
                                                                           f"f({s}), only the earlier features decay"),
        (lambda e, i: tuple(lam * a + b for a, b in zip(e, episode[i + 1])), f"your trace took f({s2}), the features "
                                                                             f"of the position moved to, where e ← "
                                                                             f"λ·e + f({s})"),
    ]
    out = []
    for rule, words in rules:
        e = (0.0,) * k
        for i in range(t):
            e = rule(e, i)
        out.append((e, words))
    right = (0.0,) * k
    for i in range(t - 1):
        right = tuple(lam * a + b for a, b in zip(right, episode[i]))
    out.append((right, f"f({s}) joins your trace after the update: first e ← λ·e + f({s}), then w ← w + α·δ·e"))
    return out


def _td_named(case: TdCase, t: int, w: tuple, delta: float, e: tuple, mine: tuple) -> str:
    """The slip in TD(λ)'s rule at move ``t`` that gives the student's weights ``mine`` from ``w`` (TD(λ)'s
    before it), in words, or ''."""
    episode, alpha = case.episode, case.alpha
    last = len(episode) - 1
    x = episode[t - 1]
    step = tuple(m - a for m, a in zip(mine, w))
    if Near(step) == (0.0,) * len(w):
        return ""

    def moves(d, trace) -> bool:
        return Near(step) == tuple(alpha * d * v for v in trace)

    s, s2 = _s(t - 1), _s(t)
    if moves(-delta, e):
        return f"it is w − α·δ·e: δ = target − V({s}), the estimate one move later minus the estimate now"
    if Near(step) == tuple(delta * v for v in e):
        return "it is w + δ·e, without the learning rate α"
    for trace, words in _traces(case, t):
        if Near(trace) != e and moves(delta, trace):
            return words
    if t > 1 and moves(delta + _dot(w, x) - _dot(case.weights, x), e):
        return (f"your δ is computed with the weights the game started with: V({s}) and its target use the weights "
                f"as updated by the moves before")
    if t == last and moves(_dot(w, episode[t]) - _dot(w, x), e):
        return (f"your last target is V({s2}), the terminal position's estimate; the last move's target is the game's "
                f"result, UTILITY({s2}, MAX)")
    return ""


def _td_other(case: TdCase, t: int, w: tuple, delta: float, e: tuple, mine: tuple) -> str:
    """How the student's weights ``mine`` moved at move ``t`` against α·δ·e, when no slip names it."""
    alpha, last = case.alpha, len(case.episode) - 1
    step = tuple(m - a for m, a in zip(mine, w))
    s = _s(t - 1)
    right = _vec(tuple(alpha * delta * v for v in e))
    if Near(step) == (0.0,) * len(w):
        return (f"your weights did not change at this move, where α·δ·e = {right}: is your δ 0, or your trace "
                f"(e ← λ·e + f({s}) = {_vec(e)} here), or does the update not reach the weights you return?"
                + (" Or does your loop stop one move early? The move to the terminal position is learned from too, "
                   "its target the game's result" if t == last else ""))
    norm = sum(v * v for v in e)
    if norm:
        d = sum(a * b for a, b in zip(step, e)) / (alpha * norm)
        if Near(step) == tuple(alpha * d * v for v in e):
            return f"your update is along e, but as if δ were {fmt(d)}: δ = target − V({s})"
    d = f"({fmt(delta)})" if delta < 0 else fmt(delta)
    return f"yours moved the weights by {_vec(step)}, where α·δ·e = {fmt(alpha)}·{d}·{_vec(e)} = {right}"


# ---------------------------------------------------------------------------------------------------
# By-hand answers
# ---------------------------------------------------------------------------------------------------

def _close(a, b) -> bool:
    return is_number(a) and math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6)


@quiet
def ucb_by_hand(values: dict, pick, parent_visits: int, children: dict, c: float, *, player=MAX,
                what: str = "UCB1"):
    """Hand-computed UCB1 values ``{move: value}`` of the children of a node (``children``: ``{move:
    (N, U)}``, U for ``player``, the player to move at the node) visited ``parent_visits`` times, and the
    child SELECT picks (``pick``), against :func:`gamelib.mcts.root_ucb` (the value SELECT compares)."""
    __tracebackhide__ = True
    sign = -1 if player == MIN else 1
    stats = {(): M.Stats(parent_visits, 0.0)}
    stats.update({(m,): M.Stats(n, sign * u) for m, (n, u) in children.items()})
    ucb = {m: v[0] for m, v in M.root_ucb(stats, player, c).items()}
    if not isinstance(values, dict) or set(values) != set(ucb):
        fail(f"{what} (c = {fmt(c)}) should be a dict with the moves {', '.join(map(str, ucb))}; it is "
             f"{describe_returned(values)}")
    wrong = [f"{m}: yours {values[m]!r} is not right" for m in ucb
             if not (is_number(values[m]) and abs(values[m] - ucb[m]) <= 5e-4)]            # 3 decimals
    if wrong:
        ok = len(ucb) - len(wrong)
        wrong = [f"{ok} of {len(ucb)} values {'is' if ok == 1 else 'are'} right"] + wrong
        wrong[-1] += " (UCB1 = U/N + c·√(ln N(parent) / N), U for the player to move at the node)"
    best = max(ucb, key=ucb.get)
    if pick != best:
        mine = {m: v for m, v in values.items() if is_number(v)}
        follows = len(wrong) > 0 and len(mine) == len(ucb) and pick == max(mine, key=mine.get)
        wrong.append(f"the child SELECT picks: yours {pick!r} is not right"
                     + (" (it has the largest of your values, which are wrong)" if follows else
                        " (SELECT picks the child with the largest UCB1)"))
    if wrong:
        fail(f"{what} (c = {fmt(c)}): " + "; ".join(wrong))
    print(f"✓ {what} (c = {fmt(c)}) agree with gamelib.mcts")


@quiet
def backup_by_hand(answer: dict, chain, utility: float, *, what: str = "the back-up"):
    """Hand-computed ``{node: (N, U)}`` after one playout of ``utility`` (for MAX) from the last node of
    ``chain``, against :func:`gamelib.mcts.backup`.  ``chain``: ``(name, player who moved in, to move,
    N, U)`` from the root down (the root's player None; its U is not asked)."""
    __tracebackhide__ = True
    nodes, parent = {}, None
    for name, player, to_move, n, u in chain:
        node = M.Node(name, parent, name, player, to_move, [])
        node.visits, node.reward = n, float(u)
        nodes[name] = parent = node
    M.backup(parent, utility)
    want = {name: (node.visits, node.reward) for name, node in nodes.items()}
    root = chain[0][0]
    if not isinstance(answer, dict) or set(answer) != set(want):
        fail(f"{what} should be a dict {{node: (N, U)}} with the nodes {', '.join(want)}; it is "
             f"{describe_returned(answer)}")
    wrong = []
    for name, (n, u) in want.items():
        got = answer[name]
        if not (isinstance(got, (tuple, list)) and len(got) == 2):
            wrong.append(f"{name}: {got!r} is not a pair (N, U)")
        elif not _close(got[0], n) or (name != root and not _close(got[1], u)):
            wrong.append(f"{name}: yours {tuple(got)} is not right")
    if wrong:
        ok = len(want) - len(wrong)
        fail(f"{what}: " + "; ".join([f"{ok} of {len(want)} nodes {'is' if ok == 1 else 'are'} right"] + wrong)
             + " (each node on the path gains one visit; U is kept for the player who moved into the node)")
    print(f"✓ {what} agrees with gamelib.mcts.backup")


TD_RULES = {"delta_1": "δ = the target − V(s₀; w), the target V(s₁; w), or the utility at the end",
            "w_after_1": "w + α·δ·f(s₀)",
            "w_td0": "w ← w + α·δ·f(s) at each move, δ with the weights as updated so far",
            "w_tdlambda": "w ← w + α·δ·e at each move, e ← λ·e + f(s) the eligibility trace"}
"""The rule each of :func:`td_by_hand`'s answers is made by, said when it is wrong."""


@quiet
def td_by_hand(answers: dict, weights, episode, utility, alpha, lam, *, what: str = "your TD updates"):
    """A recorded game learned from by hand: ``answers`` holds any of ``delta_1`` (the first temporal
    difference), ``w_after_1`` (the weights after the first update), ``w_td0`` and ``w_tdlambda`` (after
    the whole game with TD(0) and with TD(``lam``)), checked against :func:`gamelib.td.td_learn` (and
    the evaluation, :class:`gamelib.WeightedSum`, for the temporal difference)."""
    __tracebackhide__ = True
    names = [f"f{i + 1}" for i in range(len(weights))]
    value = WeightedSum({n: (lambda s, i=i: s[i]) for i, n in enumerate(names)}, dict(zip(names, weights)))
    bootstrapped = value(episode[1]) if len(episode) > 2 else utility
    want = {"delta_1": lambda: bootstrapped - value(episode[0]),
            "w_after_1": lambda: reference_td(weights, episode[:2], bootstrapped, alpha, lam),
            "w_td0": lambda: reference_td(weights, episode, utility, alpha, 0.0),
            "w_tdlambda": lambda: reference_td(weights, episode, utility, alpha, lam)}
    unknown = set(answers) - set(want)
    if unknown:
        raise ValueError(f"td_by_hand checks {sorted(want)}, not {sorted(unknown)}")
    wrong = []
    for name, mine in answers.items():
        w = want[name]()
        if isinstance(w, tuple):
            ok = isinstance(mine, (tuple, list)) and len(mine) == len(w) and all(map(_close, mine, w))
        else:
            ok = _close(mine, w)
        if not ok:
            wrong.append(f"{name}: yours {mine!r} is not right ({TD_RULES[name]})")
    if wrong:
        right = len(answers) - len(wrong)
        fail(f"{what}: " + "; ".join([f"{right} of {len(answers)} {'is' if right == 1 else 'are'} right"] + wrong))
    print(f"✓ {what} agree with gamelib.td.td_learn")


# ---------------------------------------------------------------------------------------------------
# Sanity checks of the by-hand answers (public: consistent or not, never right or wrong)
# ---------------------------------------------------------------------------------------------------

@quiet
def ucb_sanity(values, pick, children: dict, *, what: str = "UCB1"):
    """Hand-computed UCB1 values ``{move: value}`` of ``children`` (``{move: (N, U)}``) and the pick: each
    value at least the child's mean U/N (the exploration term is never negative), and the pick the child
    with the largest of the student's values."""
    __tracebackhide__ = True
    from .byhand import consistent
    problems = []
    for m, (n, u) in children.items():
        v = values.get(m) if isinstance(values, dict) else None
        if is_number(v) and v < u / n - 5e-4:
            problems.append(f"{m}: {v!r} is less than its mean reward U/N = {u}/{n}")
    numbers = {m: v for m, v in (values.items() if isinstance(values, dict) else ()) if is_number(v)}
    if numbers and pick in numbers and numbers[pick] < max(numbers.values()) - 1e-12:
        problems.append(f"SELECT picks the child with the largest UCB1 of yours, not {pick!r}")
    consistent(what, "UCB1 = U/N + an exploration term that is never negative, and SELECT picking the largest",
               problems)


@quiet
def backup_sanity(answer, chain, utility: float, *, what: str = "the back-up"):
    """Hand-computed ``{node: (N, U)}`` after one playout (``chain`` as :func:`backup_by_hand`'s): one playout
    adds at most one visit to a node and changes its U by at most the utility's size."""
    __tracebackhide__ = True
    from .byhand import consistent
    problems = []
    for name, _, _, n, u in chain:
        got = answer.get(name) if isinstance(answer, dict) else None
        if not (isinstance(got, (tuple, list)) and len(got) == 2):
            continue
        if is_number(got[0]) and got[0] - n not in (0, 1):
            problems.append(f"{name}: one playout adds 0 or 1 to N ({n} before)")
        if name != chain[0][0] and is_number(got[1]) and abs(got[1] - u) > abs(utility) + 1e-9:
            problems.append(f"{name}: one playout changes U by at most {fmt(abs(utility))} ({fmt(u)} before)")
    consistent(what, f"one playout of utility {fmt(utility)} (N + 0 or 1 at each node, U changed by at most "
                     f"{fmt(abs(utility))})", problems)


@quiet
def td_sanity(answers: dict, weights, episode, alpha, lam, *, what: str = "your TD updates"):
    """Hand-computed TD updates (:func:`td_by_hand`'s names) checked for consistency with each other and
    with the rule w ← w + α·δ·e: the first update moves the weights by α·δ₁·f(s₀), and each later one moves
    them along its e (TD(0): f(s₁); TD(λ): λ·f(s₀) + f(s₁)), without saying how far."""
    __tracebackhide__ = True
    from .byhand import consistent

    def vector(x):
        return tuple(x) if isinstance(x, (tuple, list)) and len(x) == len(weights) and all(map(is_number, x)) \
            else None

    def along(d, e) -> bool:                     # d is a multiple of e (two features: a zero cross product)
        return abs(d[0] * e[1] - d[1] * e[0]) <= 1e-6 * max(1.0, *map(abs, d + e))

    problems = []
    first = vector(answers.get("w_after_1"))
    delta = answers.get("delta_1")
    if first is not None and is_number(delta):
        step = tuple(w + alpha * delta * f for w, f in zip(weights, episode[0]))
        if not all(_close(a, b) for a, b in zip(first, step)):
            problems.append("w_after_1 is not w + α·delta_1·f(s₀)")
    if first is not None and len(weights) == 2 and len(episode) == 3:
        for name, e in (("w_td0", episode[1]), ("w_tdlambda", tuple(lam * a + b for a, b in zip(*episode[:2])))):
            w = vector(answers.get(name))
            if w is not None and not along(tuple(a - b for a, b in zip(w, first)), e):
                problems.append(f"{name} − w_after_1 is not a multiple of e = {tuple(round(x, 6) for x in e)}, the "
                                "second update's direction")
    consistent(what, "the rule w ← w + α·δ·e (each update moves the weights along e) and with each other", problems)


@quiet
def switch_by_hand(c, parent_visits: int, children: dict, before, after, *, what: str = "the switch"):
    """The exploration constant ``c`` at which SELECT's pick among ``children`` (``{move: (N, U)}``) of a
    node visited ``parent_visits`` times turns from ``before`` to ``after`` (UCB1 of the two equal), within
    1e-3, against :func:`gamelib.mcts.root_ucb`'s terms."""
    __tracebackhide__ = True
    stats = {(): M.Stats(parent_visits, 0.0), **{(m,): M.Stats(n, u) for m, (n, u) in children.items()}}
    mean = {m: v[0] for m, v in M.root_ucb(stats, MAX, 0.0).items()}             # UCB1 is mean + c · explore
    explore = {m: v[0] - mean[m] for m, v in M.root_ucb(stats, MAX, 1.0).items()}
    want = (mean[before] - mean[after]) / (explore[after] - explore[before])
    if not (is_number(c) and abs(c - want) <= 1e-3):
        fail(f"{what}: {c!r} is not right (at that c, UCB1 of {before} and of {after} are equal)")
    print(f"✓ {what} agrees with gamelib.mcts's UCB1")


__all__ = ["TASKS", "MctsFamily", "TdFamily", "StepDriver", "MctsCase", "TdCase", "RecordedGame", "harness",
           "tree_view", "buggy_select", "buggy_backup", "buggy_td", "reference_td", "reference_trace",
           "grade_step", "ucb_by_hand", "backup_by_hand", "td_by_hand", "ucb_sanity", "backup_sanity", "td_sanity",
           "switch_by_hand"]
