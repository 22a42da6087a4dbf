"""Assignment 07's PUCT part: AlphaZero's SELECT rule and its value back-up, against gamelib.mcts run
with a policy-value function.

**PUCT** (AlphaGo Zero, Silver et al. 2017, *Nature* 550, Methods, "Search algorithm"; AlphaZero, Silver
et al. 2018, *Science* 362; :func:`gamelib.mcts.select_puct`).  The student writes the two steps a
policy-value function f(s) = (P, v) changes in AIMA's MONTE-CARLO-TREE-SEARCH (4th ed. Fig. 5.11), each
graded on its own:

* ``puct_select(tree, c)``: from the root, at every evaluated node s the move a with the largest
  Q(s, a) + c·P(s, a)·√N(s) / (1 + N(s, a)) (Q the child's mean value for the player to move at s, 0
  for a move not yet in the tree; the first such in the priors' order); the path, the list of moves, to
  the node to evaluate next: a move not yet in the tree ends it (EXPAND adds it), and so do a terminal
  node and the root before its first evaluation (``[]``);
* ``puct_backup(tree, path, value, player)``: the new node's ``value``, for ``player`` (the network's v
  for the player to move there; at a finished game its utility for MAX), added to U of every node on
  the path for the player who moved into it (``value`` where that is ``player``, ``-value`` where it is
  the opponent) and one visit to N of each; returns the tree.

Both work on the tree as plain data (:func:`tree_view`: gamelib.grading.learning's view, with each
node's priors ``"P"``).  The grader runs the search (:func:`harness`) as :func:`gamelib.mcts.mcts` does
with ``policy_value=``: its ``new_node``, ``select_puct``, ``expand``, ``evaluate`` and ``backup``, with
the student's step in place of one of them, and compares every iteration with gamelib.mcts's trace on
the same position, budget, ``c`` and policy-value function: the path SELECT returns, and after the
back-up every node's N and U (:class:`gamelib.grading.learning.Divergence`, as UCT's steps).  Nothing in
a PUCT search without Dirichlet noise is random.

The policy-value functions: the kit's tic-tac-toe network on tic-tac-toe positions
(:class:`NetworkPolicyValue`), and on random trees :class:`gamelib.grading.cases.RandomPolicyValue`.
The bug models (:func:`buggy_puct_select`, :func:`buggy_puct_backup`) are written as a student writes
the steps, equal to gamelib's with no bug switched on (property tests check it), and named in feedback
through :data:`gamelib.grading.mutants.MUTANTS`: √N of the child in place of the parent's, the prior
left out, the value not negated for the opponent.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import MAX, MIN
from ..games import TicTacToe
from ..trees import GameTree
from . import cases as C
from . import learning as L
from .core import TIME_LIMIT, Task, fail, fmt, grade
from .guard import describe_returned
from .mutants import Near, Outcome

M = L.M
"""The module gamelib.mcts."""

WATCHED = L.WATCHED + ("alphazero.py",)
"""The parts of gamelib a student's step must not call in their own kernel."""

REFERENCE = "gamelib.mcts with policy_value= (PUCT, Silver et al. 2017)"


# ---------------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------------

class NetworkPolicyValue:
    """The kit's trained tic-tac-toe network as a policy-value function (notebook 09):
    ``gamelib.alphazero.policy_value(tictactoe_network(), tictactoe_encoding())``, loaded once."""

    def __call__(self, state) -> tuple:
        return _network()(state)

    def __repr__(self):
        return "policy_value(tictactoe_network(), tictactoe_encoding())"


@lru_cache(maxsize=1)
def _network():
    from ..alphazero import policy_value, tictactoe_encoding, tictactoe_network
    return policy_value(tictactoe_network(), tictactoe_encoding(), cache=True)


NETWORK = NetworkPolicyValue()


class PuctCase(NamedTuple):
    """One test of a step of PUCT: :func:`gamelib.mcts.mcts` from ``state`` of ``game`` (None: the
    initial state) with ``iterations`` simulations, exploration constant ``c`` and ``policy_value``."""

    name: str
    game: Any
    state: Any = None
    iterations: int = 30
    c: float = M.C
    policy_value: Any = NETWORK
    hidden: bool = False

    @property
    def root(self):
        return self.game.initial_state if self.state is None else self.state

    @property
    def search_text(self) -> str:
        """How to run the same search, for feedback (:func:`gamelib.grading.core.case_text`)."""
        return (f"mcts(game, state, iterations={self.iterations}, c={self.c!r}, "
                f"policy_value={self.policy_value!r}, trace=True)")


def _public():
    tree = GameTree.random(3, 3, seed=7, lower=-1, upper=1)
    small = GameTree.from_nested([[[1, -1], [0, 1]], [[-1, -1], [1, 0]], [[0, 0]]], root=MIN)
    return [PuctCase("tic-tac-toe 'O......X.', X to move (notebook 09, §2), the kit's network",
                     TicTacToe("O......X."), iterations=30),
            PuctCase("tic-tac-toe 'XX..O....', O to move, the kit's network, c = 1", TicTacToe("XX..O...."),
                     iterations=25, c=1.0),
            PuctCase("a random tree of three moves a side, RandomPolicyValue(seed=1)", tree, iterations=30,
                     policy_value=C.RandomPolicyValue(tree, 1)),
            PuctCase("a small tree with MIN to move at the root, RandomPolicyValue(seed=2), c = 2", small,
                     iterations=20, c=2.0, policy_value=C.RandomPolicyValue(small, 2))]


def _hidden(seed, n):
    rng = C.stable_random("puct", seed)
    out = []
    for i in range(n):
        c = rng.choice((M.C, M.C, 1.0, 2.0, 0.5))
        iterations = rng.randint(15, 35)
        if i % 3 == 2:
            game, state = C.random_tictactoe(rng, rng.randint(4, 7))
            out.append(PuctCase(f"hidden position {i + 1}", game, state, iterations, c, NETWORK, True))
            continue
        spec = C.random_spec(rng, rng.randint(3, 4), (2, 3), lower=-2, upper=2, stop=0.15)
        tree = GameTree.from_nested(spec, root=MIN if rng.random() < 0.4 else MAX)
        pv = C.RandomPolicyValue(tree, rng.randrange(10**6))
        out.append(PuctCase(f"hidden tree {i + 1}", tree, None, iterations, c, pv, True))
    return out


@lru_cache(maxsize=64)
def reference_trace(case: PuctCase) -> tuple:
    """gamelib.mcts's trace of the PUCT search on ``case``: one ``'simulate'`` event per iteration, its
    path the node evaluated."""
    return tuple(M.mcts(case.game, case.root, iterations=case.iterations, c=case.c,
                        policy_value=case.policy_value, trace=True).trace)


# ---------------------------------------------------------------------------------------------------
# The harness
# ---------------------------------------------------------------------------------------------------

def tree_view(node: M.Node) -> dict:
    """:func:`gamelib.grading.learning.tree_view` with each node's priors: ``"P"``, {move: P(s, a)} over
    its legal moves in the game's order once the node is evaluated, None before (the root, at first)."""
    view = {"N": node.visits, "U": node.reward, "player": node.player, "to_move": node.to_move,
            "terminal": node.to_move is None, "untried": list(node.untried),
            "P": None if node.priors is None else dict(node.priors),
            "children": {a: tree_view(child) for a, child in node.children.items()}}
    return view


def _target(root: M.Node, path: tuple):
    """``(node, move, note)`` for a path a student's SELECT returned: the node to evaluate is ``node``
    itself (``move`` None) or its child by ``move``, not yet in the tree; ``note`` says why the path is no
    place for SELECT to stop ('' when it is one)."""
    leaf = L.follow(root, path)
    if leaf is not None:
        if leaf.to_move is None or leaf.priors is None:
            return leaf, None, ""
        return leaf, None, "a node already evaluated, whose priors SELECT goes on by"
    parent = L.follow(root, path[:-1]) if path else None
    if parent is None:
        return None, None, "not a node of the tree, nor a move from one"
    try:
        untried = path[-1] in parent.untried
    except TypeError:
        untried = False
    if not untried or parent.to_move is None or parent.priors is None:
        return None, None, "not a node of the tree, nor a move from one"
    return parent, path[-1], ""


def _for_player(child: M.Node, u: float) -> tuple:
    """``(value, player)`` handed to the student's back-up: the policy-value function's v for the player to
    move at ``child`` (gamelib turned it into MAX's ``u``), or a finished game's utility for MAX."""
    if child.to_move is None:
        return u, MAX
    return (0.0 - u if child.to_move == MIN else u), child.to_move


def harness(case: PuctCase, trace, *, select_step=None, backup_step=None, paths: list | None = None):
    """MONTE-CARLO-TREE-SEARCH with a policy-value function as :func:`gamelib.mcts.mcts` runs it (its
    ``new_node``, ``select_puct``, ``expand``, ``evaluate`` and ``backup``), with
    ``select_step(view, c) -> path`` or ``backup_step(view, path, value, player) -> view`` in place of
    gamelib's step (``view``: :func:`tree_view`), checked against ``trace`` (gamelib.mcts's) at every
    iteration.  Returns None when every iteration agrees, else the first
    :class:`~gamelib.grading.learning.Divergence` (its ``later``: a back-up's later iterations that differ
    too), or a :class:`~gamelib.grading.learning.Malformed` answer.  A student's SELECT steers the search
    (``paths``: the node evaluated at each iteration) until it returns no place to stop; a student's
    back-up is checked at every iteration while the search follows gamelib's counts."""
    game = case.game
    root = M.new_node(game, case.root)
    paths = [] if paths is None else paths
    first, later = None, []

    def utility_for_max(state):
        return game.utility(state, MAX)

    for k in range(len(trace)):
        want = tuple(trace[k].action)
        if select_step is None:
            leaf, action = M.select_puct(root, case.c)
        else:
            returned = select_step(tree_view(root), case.c)
            path = L.as_path(returned)
            if path is None:
                hint = " (a node? return the moves that lead to it)" if isinstance(returned, dict) else ""
                return L.Malformed(k + 1, f"SELECT returned {L.shown_answer(returned, case.hidden)}{hint}; it should "
                                          "return the path to the node to evaluate, the list of moves from the root")
            leaf, action, note = _target(root, path)
            if first is None and path != want:
                first = L.Divergence(k + 1, "select", path, want, note)
            if note:
                return first
        child = leaf if action is None else M.expand(game, leaf, None, action)
        u = M.evaluate(child, case.policy_value, utility_for_max)
        paths.append(L.path_to(child))
        if backup_step is None:
            M.backup(child, u)
            continue
        value, player = _for_player(child, u)
        returned = backup_step(tree_view(root), list(L.path_to(child)), value, player)
        M.backup(child, u)
        got, problem = L.counts_given(returned, root, case.hidden)
        if problem:
            return L.Malformed(k + 1, problem.replace("BACK-PROPAGATE", "your back-up"))
        wanted = L.counts_wanted(root, trace, k + 1)
        if Near(got) != wanted:
            differ = [i for i, (g, w) in enumerate(zip(got, wanted)) if Near(g) != w]
            mine = Near(tuple(got[i] for i in differ))
            if first is None:
                first = L.Divergence(k + 1, "backup", mine, tuple(wanted[i] for i in differ))
            else:
                later.append((k + 1, mine))
    return first._replace(later=tuple(later)) if first is not None and later else first


# ---------------------------------------------------------------------------------------------------
# The bug models
# ---------------------------------------------------------------------------------------------------

SELECT_BUGS = frozenset({"child_sqrt", "prior_ignored"})
BACKUP_BUGS = frozenset({"not_negated"})


def buggy_puct_select(tree: dict, c: float, *, bugs=()) -> list:
    """PUCT's SELECT on a :func:`tree_view` as a student writes it: from the root, while the node is
    evaluated and not terminal, the move with the largest Q + c·P·√N(s)/(1 + N(s, a)) (the first such);
    the path, ending at a move not yet in the tree.  Bugs: ``child_sqrt`` (√N(s, a), the child's visits,
    in place of √N(s)), ``prior_ignored`` (c·√N(s)/(1 + N(s, a)), no P)."""
    bugs = frozenset(bugs)
    if bugs - SELECT_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - SELECT_BUGS)}; known: {sorted(SELECT_BUGS)}")
    node, path = tree, []
    while not node["terminal"] and node["P"] is not None:
        best, best_score = None, -math.inf
        for move, p in node["P"].items():
            child = node["children"].get(move)
            n, q = (0, 0.0) if child is None else (child["N"], child["U"] / child["N"])
            prior = 1.0 if "prior_ignored" in bugs else p
            visits = n if "child_sqrt" in bugs else node["N"]
            score = q + c * prior * math.sqrt(visits) / (1 + n)
            if score > best_score:
                best, best_score = move, score
        path.append(best)
        if best not in node["children"]:
            break
        node = node["children"][best]
    return path


def buggy_puct_backup(tree: dict, path, value: float, player, *, bugs=()) -> dict:
    """The value back-up on a :func:`tree_view` as a student writes it: N + 1 at every node on ``path``, the
    root included, and U + ``value`` where ``player`` moved into the node, U − ``value`` where the opponent
    did; returns the tree.  Bug: ``not_negated`` (U + ``value`` at every node)."""
    bugs = frozenset(bugs)
    if bugs - BACKUP_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - BACKUP_BUGS)}; known: {sorted(BACKUP_BUGS)}")
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        node["U"] += value if node["player"] == player or "not_negated" in bugs else -value
    return tree


def puct_model(step: str, bugs):
    """A bug model for the student's ``step`` ('puct_select' or 'puct_backup'), an entry of
    :data:`gamelib.grading.mutants.MUTANTS`."""
    def model(kind, case):
        paths: list = []
        if step == "puct_select":
            steps = {"select_step": lambda view, c: buggy_puct_select(view, c, bugs=bugs)}
        else:
            steps = {"backup_step": lambda view, path, v, who: buggy_puct_backup(view, path, v, who, bugs=bugs)}
        try:
            result = harness(case, reference_trace(case), paths=paths, **steps)
        except (ArithmeticError, KeyError, TypeError, ValueError) as e:
            return Outcome(tuple(paths), error=type(e).__name__)
        return Outcome(tuple(paths), result)
    return model


# ---------------------------------------------------------------------------------------------------
# The family
# ---------------------------------------------------------------------------------------------------

class PuctFamily(L.MctsFamily):
    """A step of PUCT, run in :func:`harness` and compared with gamelib.mcts's trace iteration by
    iteration."""

    watched = WATCHED

    def trace(self, case) -> tuple:
        return reference_trace(case)

    def search(self, case, trace, **steps):
        return harness(case, trace, **steps)

    def step(self, task) -> str:
        return "select" if task.kind == "puct_select" else "backup"

    def selected(self, trace, k: int) -> tuple:
        return trace[k].action

    def why(self, step: str):
        """PUCT's rule where the student's step first parts from gamelib.mcts's, in Silver et al.'s terms:
        the scores Q + c·P·√N(s)/(1 + N(s, a)) at the node where the paths part (:func:`select_why`), or
        the value's sign at the first node whose U differs (:func:`backup_why`)."""
        return select_why if step == "select" else backup_why

    def difference(self, task, got, want, case) -> str:
        d = got.value
        if not isinstance(d, L.Divergence):
            return "the search went another way"
        of = f"iteration {d.iteration} of {case.iterations}"
        if d.step == "select":
            note = (f" ({d.note}: SELECT stops at a move not yet in the tree, a terminal node, or the root before "
                    "its first evaluation)") if d.note else ""
            if case.hidden:
                return f"{of}: SELECT chose another path{note}"
            return f"{of}: your SELECT chose {_show(d.got)}{note}, gamelib.mcts's {_show(d.want)}"
        if case.hidden:
            return (f"{of}: after the back-up, {len(d.want)} node{'s have' if len(d.want) > 1 else ' has'} "
                    "other counts")
        rows = d.got.x if isinstance(d.got, Near) else d.got
        return (f"{of}, after the back-up of the value of {_show(got.visits[d.iteration - 1])}: yours "
                f"{L.show_counts(rows)}; gamelib.mcts's {L.show_counts(d.want)}")

    def agreement(self, task) -> str:
        return ("the same path chosen at every iteration" if task.kind == "puct_select"
                else "the same N and U at every node after every iteration")


PUCT = PuctFamily()

TASKS = {
    "puct_select": Task("puct_select", "puct_select", "value", None, _public, _hidden,
                        REFERENCE.replace("(PUCT", "(PUCT's SELECT"), PUCT),
    "puct_backup": Task("puct_backup", "puct_backup", "value", None, _public, _hidden,
                        REFERENCE.replace("(PUCT", "(PUCT's back-up"), PUCT),
}
"""The PUCT steps students write in assignment 07, by name."""


# ---------------------------------------------------------------------------------------------------
# Why a case went wrong
# ---------------------------------------------------------------------------------------------------

def _show(path) -> str:
    return "[] (the root)" if not path else "[" + ", ".join(map(repr, path)) + "]"


def _scores(node: dict, c: float, rule=None) -> dict:
    """``{move: score}`` of ``node``'s moves in the priors' order, by PUCT or by ``rule(q, p, n, N)``."""
    out = {}
    for move, p in node["P"].items():
        child = node["children"].get(move)
        n, q = (0, 0.0) if child is None else (child["N"], child["U"] / child["N"])
        out[move] = (q + c * p * math.sqrt(node["N"]) / (1 + n)) if rule is None else rule(q, p, n, node["N"])
    return out


def _first_best(scores: dict):
    best = max(scores.values())
    return next(m for m, v in scores.items() if v == best)


def _slip(node: dict, c: float, got, want) -> str:
    """The slips in PUCT's rule that would make SELECT choose ``got`` at ``node``, in words ('' if none)."""
    right = _scores(node, c)
    if got in right and right[got] == right[want]:
        return ("it ties with it for the largest: of equal scores SELECT keeps the first in the priors' order "
                "(change the choice only on a strictly larger score)")
    slips = [
        ("√N(s, a), the child's own visits, in place of √N(s), the parent's",
         lambda q, p, n, big: q + c * p * math.sqrt(n) / (1 + n)),
        ("no prior: c·√N(s)/(1 + N(s, a)) in place of c·P(s, a)·√N(s)/(1 + N(s, a))",
         lambda q, p, n, big: q + c * math.sqrt(big) / (1 + n)),
        ("Q negated, where Q is already the value for the player to move here",
         lambda q, p, n, big: -q + c * p * math.sqrt(big) / (1 + n)),
        ("N(s, a) in place of 1 + N(s, a) (a move not yet tried taken first)",
         lambda q, p, n, big: math.inf if n == 0 else q + c * p * math.sqrt(big) / n),
        ("UCB1's ln N(s) in place of √N(s)",
         lambda q, p, n, big: q + c * p * math.log(big) / (1 + n)),
        ("the prior alone, P(s, a)", lambda q, p, n, big: p),
        ("Q alone, with no exploration term", lambda q, p, n, big: q),
    ]
    found = [words for words, rule in slips if _first_best(_scores(node, c, rule)) == got]
    return "it is the move PUCT ranks first with " + "; or with ".join(found[:2]) if found else ""


def select_why(case: PuctCase, d, paths=()) -> str:
    """Why the student's SELECT chose another path than gamelib.mcts's at iteration ``d.iteration``: at the
    node where the two paths part, PUCT's rule there (Silver et al. 2017): from an evaluated node that is
    not terminal, the move a with the largest Q(s, a) + c·P(s, a)·√N(s)/(1 + N(s, a)), Q the child's mean
    value for the player to move at s (0 for a move not yet in the tree), the first of equal scores; a
    move not yet in the tree ends the path.  The scores are given with their terms, and a slip that ranks
    the student's move first is named."""
    view = L.tree_before(case, d.iteration, PUCT)
    got, want = tuple(d.got), tuple(d.want)
    k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    node = view
    for move in want[:k]:
        node = node["children"][move]
    here = "the root" if not want[:k] else f"the node {_show(want[:k])}"
    if k == len(want):                                   # gamelib stops here; the student's goes on
        why = ("it is terminal" if node["terminal"] else
               "it has not been evaluated yet: the first simulation evaluates the root itself")
        return f"at iteration {d.iteration}, SELECT stops at {here}: {why}; yours went on to {got[k]!r}"
    c, big = case.c, node["N"]
    scores = _scores(node, c)
    terms = []
    for move, p in node["P"].items():
        child = node["children"].get(move)
        n, q = (0, 0.0) if child is None else (child["N"], child["U"] / child["N"])
        terms.append(f"{move!r}: {fmt(q + 0.0)} + {fmt(c)}·{fmt(p)}·√{big}/(1 + {n}) = {fmt(scores[move])}")
    rule = (f"at iteration {d.iteration}, at {here} ({node['to_move']} to move, N(s) = {big}), SELECT takes the "
            f"move with the largest Q(s, a) + c·P(s, a)·√N(s)/(1 + N(s, a)), Q the mean value of the child for "
            f"{node['to_move']} (0 for a move not yet in the tree), c = {fmt(c)}: " + "; ".join(terms))
    pick = want[k]
    tail = "; it is not in the tree yet, so the path ends there and EXPAND adds it" if k == len(want) - 1 \
        and pick not in node["children"] else ""
    if k == len(got):
        return rule + f"; SELECT goes to {pick!r}{tail}; yours stopped at {here}"
    if got[k] not in node["P"]:
        return rule + f"; SELECT goes to {pick!r}{tail}; yours went to {got[k]!r}, not a move from {here}"
    slip = _slip(node, c, got[k], pick)
    return rule + f"; SELECT goes to {pick!r}{tail}; yours went to {got[k]!r}" + (f" ({slip})" if slip else "")


def _plus(a: float, b: float) -> str:
    """``a + b`` written as a sum, ``0.5 − 0.25`` rather than ``0.5 + -0.25``."""
    return f"{fmt(a + 0.0)} − {fmt(-b + 0.0)}" if b < 0 else f"{fmt(a + 0.0)} + {fmt(b + 0.0)}"


def backup_why(case: PuctCase, d, paths: tuple) -> str:
    """Why the student's back-up left other counts than gamelib.mcts's at iteration ``d.iteration``: the value
    evaluated, for whom, and at the first node whose N or U differs the rule (Silver et al. 2017, "Backup"):
    every node on the path gets N + 1 and U + the value for the player who moved into it, v where that is
    the player v is for, −v where it is the opponent (zero-sum)."""
    trace = reference_trace(case)
    rows = d.got.x if isinstance(d.got, Near) else d.got
    playout = tuple(paths[d.iteration - 1])
    u = trace[d.iteration - 1].value
    before = M.tree_statistics(trace, d.iteration - 1)
    mover, to_move = L.movers(case.game, case.root, playout)
    value, player = (u, MAX) if to_move is None else ((0.0 - u if to_move == MIN else u), to_move)
    whose = (f"the finished game's utility {fmt(value + 0.0)} for MAX" if to_move is None else
             f"the policy-value function's value v = {fmt(value + 0.0)} for {player}, the player to move there")
    head = f"at iteration {d.iteration} the node evaluated was {_show(playout)}, with {whose}, and the back-up adds it"
    for path, n, mine in rows:
        who, _ = L.movers(case.game, case.root, path)
        s = before.get(path)
        n0, total0 = (s.visits, s.total) if s is not None else (0, 0.0)
        sign = -1 if who == MIN else 1
        u0 = sign * total0
        node = "the root" if not path else f"the node {_show(path)}"
        if playout[:len(path)] != path:
            return head + (f" to the nodes from there up to the root; {node} is not on that path, yet yours changed it "
                           f"(N = {n0}, U = {fmt(u0 + 0.0)} before; yours N = {fmt(n)}, U = {fmt(mine + 0.0)})")
        if n != n0 + 1:
            return head + (f": every node on the path, the root too, gets N + 1; at {node}, N = {n0} + 1 = {n0 + 1}; "
                           f"yours {fmt(n)}")
        if path:
            right = value if who == player else -value
            added = mine - u0
            text = head + (f": at {node}, {who} moved in, so U gains the value for {who}: "
                           + (f"v = {fmt(right + 0.0)}" if who == player else
                              f"−v = {fmt(right + 0.0)}, since v is {player}'s and the game is zero-sum")
                           + f"; U = {_plus(u0, right)} = {fmt(u0 + right + 0.0)}; "
                           f"yours added {fmt(added + 0.0)}")
            if math.isclose(added, value, abs_tol=1e-9) and who != player:
                text += f", v itself: not negated for {who}, the opponent of {player}"
            elif math.isclose(added, -value, abs_tol=1e-9) and who == player:
                text += f", −v: negated where {player} moved in, the player v is for"
            return text
    return ""


def grade_step(name: str, fn, *, hidden: int = 0, seed: int = 0, time_limit: float = TIME_LIMIT,
               quiet: bool = False):
    """Grade the student's PUCT step ``name`` ('puct_select' or 'puct_backup') in the harness: on the
    public cases, or with ``hidden=n`` on n hidden cases (see :func:`gamelib.grading.core.grade`)."""
    __tracebackhide__ = True
    if name not in TASKS:
        raise ValueError(f"checks.puct grades 'puct_select' or 'puct_backup', not {name!r}")
    task = TASKS[name]
    if not callable(fn):
        fail(f"{task.name} should be a function; it is {describe_returned(fn)}")
    return grade(task, fn, hidden=hidden, seed=seed, time_limit=time_limit, quiet=quiet)


__all__ = ["TASKS", "PuctFamily", "PuctCase", "NetworkPolicyValue", "harness", "tree_view", "buggy_puct_select",
           "buggy_puct_backup", "puct_model", "reference_trace", "select_why", "backup_why", "grade_step"]
