"""Why a search went wrong: the first node where the student's search and the reference part, and the
rule of the textbook that broke there, in its words.

A failed case says *that* a search went wrong ("value 5, expected 3"; "nodes visited: yours A B E F G C
H I J ...; expected A B E F G C H D ..."); a diagnosis says *where and why*, whatever the bug, modelled or
not (the bug models of :mod:`gamelib.grading.mutants` name the common ones):

* **a wrong value** (minimax, expectiminimax, expectimax, alpha-beta, alpha-beta cut off with an
  evaluation): the student's own function is asked again at the nodes below (the same case from a child
  of the root: its value there must be the child's value), down to the deepest node where its value is
  wrong while every child's is right.  The rule of that node's kind broke there, and the children's
  values say how: "at C, a MIN node, your value 5 is not the least of its children's values (3, 12, 8)";
  a terminal's value against its utility for MAX; a chance node's against the probability-weighted
  average; a node at the cut-off against EVAL.  Recognisable slips are named ("it is the largest: a
  chance node averages, it does not choose"; "it is −EVAL: below the cut-off your evaluation is from
  MIN's side");
* **a wrong decision**: the root's children's values (the reference's) and the rule that picks among
  them, ties included;
* **a wrong visit order** (alpha-beta): the reference's trace at the first arrival where the two part:
  the window (α, β) the reference had there and the pruning test it made, so the student sees which test
  their search got wrong: "at C, a MIN node, after its child H returned 2: α = 3, and 2 ≤ α, so
  alpha-beta prunes C's other children (c2, c3); yours went on to I".

Everything here reads the reference's trace (:func:`gamelib.grading.cases.reference`) and grades the
student's function on more cases with :func:`gamelib.grading.core.grade_case`: no second search is
written to explain the first.  A diagnosis is only ever made on cases the student may see (public ones,
and the kit's own small ones in place of a hidden case).
"""
from __future__ import annotations

import math

from ..core import CHANCE, MAX, MIN
from ..trace.fmt import fmt_value

MAX_CALLS = 40
"""How many more calls of the student's function one diagnosis may make (going down a tree)."""

VALUE_KINDS = ("minimax", "alphabeta", "h_alphabeta", "expectiminimax", "expectimax")
"""The kinds of search exercise whose value at a node is the same search from that node, so that the
student's function can be asked again below the root (``rounds`` counts its depth in rounds of all the
agents from the root's agent, so it cannot be restarted lower down)."""


def _num(v) -> str:
    if isinstance(v, float) and math.isfinite(v) and v == int(v) and abs(v) < 1e15:
        v = int(v)
    if isinstance(v, float) and math.isfinite(v):
        return f"{v:.4g}"
    return fmt_value(v)


def _values(vs) -> str:
    return ", ".join(_num(v) for v in vs)


def _same(a, b) -> bool:
    try:
        return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    except TypeError:
        return False


def _node(state) -> str:
    return str(state) if isinstance(state, str) else repr(state)


def _kind(game, state) -> str:
    if game.is_terminal(state):
        return "terminal"
    p = game.to_move(state)
    return {MAX: "MAX", MIN: "MIN", CHANCE: "chance"}.get(p, str(p))


def _children(game, state) -> list:
    """``[(label, weight, child)]``: a chance node's outcomes with their probabilities, a player's actions
    (weight None), in the game's order."""
    if game.to_move(state) == CHANCE:
        return [(o, p, game.result(state, o)) for o, p in game.chance_outcomes(state)]
    return [(a, None, game.result(state, a)) for a in game.actions(state)]


# ---------------------------------------------------------------------------------------------------
# A wrong value: down to the deepest node where it is wrong
# ---------------------------------------------------------------------------------------------------

def _sub(task, case, child):
    """``case`` from ``child`` (one ply lower: a cut-off one ply nearer)."""
    change = {"state": child, "name": f"{case.name} from {_node(child)}"}
    if task.kind == "h_alphabeta" and case.depth is not None:
        change["depth"] = case.depth - 1
    return case._replace(**change)


def value_rule(task, case, state, got, kids: list, want) -> str:
    """The rule of ``state``'s kind that the student's value ``got`` there breaks, given its children
    ``kids`` [(label, weight, child, value)] whose values the student has right (``want``: the
    reference's value at ``state``)."""
    game, here = case.game, _node(state)
    kind = _kind(game, state)
    if kind == "terminal" or (task.kind == "h_alphabeta" and case.depth is not None and case.depth <= 0):
        if kind == "terminal":
            text = f"at {here}, a terminal node, your value {_num(got)} is not its utility for MAX, {_num(want)}"
            what = "the utility"
        else:
            text = (f"at {here}, where the search is cut off (no depth left), your value {_num(got)} is not "
                    f"EVAL({here}) = {_num(want)}")
            what = "EVAL"
        if _same(got, -want) and want != 0:
            text += (f" (it is −{what}: below the cut-off your evaluation is from MIN's side; the value is "
                     f"MAX's at every node)" if what == "EVAL" else
                     " (it is minus that: a terminal's value is game.utility(state, MAX) whoever is to move)")
        return text
    values = [v for _, _, _, v in kids]
    listed = _values(values)
    if kind == "MAX" or kind == "MIN":
        if task.kind == "expectimax" and kind == "MIN":
            weights = [p for p, _ in _policy(case, state, kids)]
            terms = " + ".join(f"{_num(p)}·{_num(v)}" for p, v in zip(weights, values))
            text = (f"at {here}, the opponent's node, your value {_num(got)} is not the average of its "
                    f"children's values under the opponent's policy ({terms} = {_num(want)})")
            if _same(got, min(values)):
                text += " (it is the least: the opponent follows its known policy, it does not minimise)"
            return text
        best, word = (max, "largest") if kind == "MAX" else (min, "least")
        text = (f"at {here}, a {kind} node, your value {_num(got)} is not the {word} of its children's values "
                f"({listed})")
        other = min if best is max else max
        if _same(got, other(values)) and not _same(got, best(values)):
            text += f" (it is the {'least' if best is max else 'largest'}: a {kind} node takes the {word})"
        elif not any(_same(got, v) for v in values):
            text += " (it is none of them)"
        return text
    if kind == "chance":
        terms = " + ".join(f"{_num(p)}·{_num(v)}" for (_, p, _, v) in kids)
        text = (f"at {here}, a chance node, your value {_num(got)} is not the probability-weighted average of its "
                f"children's values ({terms} = {_num(want)})")
        if _same(got, max(values)) and not _same(want, max(values)):
            text += " (it is the largest: a chance node averages its outcomes, it does not choose one)"
        elif _same(got, min(values)) and not _same(want, min(values)):
            text += " (it is the least: a chance node averages its outcomes, it does not choose one)"
        elif _same(got, sum(values) / len(values)):
            text += " (it is their plain mean: weight each outcome by its probability)"
        return text
    return f"at {here}, {kind} to move, your value {_num(got)} is not the reference's {_num(want)} ({listed} below)"


def _policy(case, state, kids) -> list:
    dist = case.policy(state) if case.policy is not None else {}
    return [(dist.get(label, 0.0), child) for label, _, child, _ in kids]


_ROOT_KINDS: dict = {}


def root_kinds(task) -> frozenset:
    """The kinds of node ('MAX', 'MIN', 'chance') the task's cases start from: the student's function is
    asked again only at nodes of these kinds (an expectimax written for MAX at the root cannot be asked
    at the opponent's node)."""
    if task.name not in _ROOT_KINDS:
        cases = list(task.public()) + list(task.hidden(0, 12))
        _ROOT_KINDS[task.name] = frozenset(_kind(c.game, c.root) for c in cases)
    return _ROOT_KINDS[task.name]


RULES = {
    "MAX": [("the largest", max), ("the least", min)],
    "MIN": [("the least", min), ("the largest", max)],
}


def _candidates(task, case, state, values, weights):
    """``[(words, value)]``: the value of ``state`` from its children's ``values`` by its own rule
    (first) and by the rules a slip puts in its place."""
    kind = _kind(case.game, state)
    if kind in ("MAX", "MIN") and not (task.kind == "expectimax" and kind == "MIN"):
        return [(w, f(values)) for w, f in RULES[kind]]
    average = sum(p * v for p, v in zip(weights, values))
    words = ("the average under the opponent's policy" if task.kind == "expectimax" and kind == "MIN"
             else "the probability-weighted average")
    return [(words, average), ("the least", min(values)), ("the largest", max(values)),
            ("the plain mean", sum(values) / len(values))]


def _weights(task, case, state, kids) -> list:
    if task.kind == "expectimax" and _kind(case.game, state) == "MIN":
        return [p for p, _ in _policy(case, state, [(lb, w, c, None) for lb, w, c in kids])]
    return [w for _, w, _ in kids]


def _grandchild_values(task, fn, case, state, time_limit, calls):
    """For each child of ``state``: None (a terminal or at the cut-off: nothing to ask below it) or the
    student's values at its children; or a diagnosis (str) when one of those is wrong already, or ''
    when one cannot be asked."""
    from .core import grade_case
    game, out = case.game, []
    for _, _, child in _children(game, state):
        below = _sub(task, case, child)
        if game.is_terminal(child) or _cut_off(task, below):
            out.append(None)
            continue
        grand = []
        for _, _, g in _children(game, child):
            if game.is_terminal(g):
                grand.append(game.utility(g, MAX))
                continue
            if _kind(game, g) not in root_kinds(task) or calls[0] >= MAX_CALLS:
                return ""
            calls[0] += 1
            lower = _sub(task, below, g)
            r = grade_case(task, fn, lower, time_limit)
            if r.student.error is not None or r.student.value is None:
                return ""
            if not _same(r.student.value, r.expected.value):
                return value_divergence(task, fn, lower, r.student.value, r.expected.value, time_limit, calls)
            grand.append(r.student.value)
        out.append(grand)
    return out


def _layer_below(task, fn, case, state, got, time_limit, calls):
    """The student's value at ``state`` is wrong, and its children cannot be asked (their kind is no
    root's): ask at the grandchildren, and if those are right, find which level's rule explains
    ``got``: ``state``'s own or its children's (each child by one slip of its kind's rule)."""
    game = case.game
    kids = _children(game, state)
    found = _grandchild_values(task, fn, case, state, time_limit, calls)
    if isinstance(found, str):
        return found
    per_child = []
    for (label, p, child), grand in zip(kids, found):
        if game.is_terminal(child):
            per_child.append([("", game.utility(child, MAX))])
        elif grand is None:                                # at the cut-off: EVAL, or EVAL from MIN's side
            e = case.evaluate(child)
            per_child.append([("EVAL", e), ("−EVAL", -e)])
        else:
            per_child.append(_candidates(task, case, child, grand, _weights(task, case, child, _children(game, child))))
    weights = _weights(task, case, state, kids)
    right = [c[0][1] for c in per_child]
    own = _candidates(task, case, state, right, weights)
    for words, value in own[1:]:
        if _same(value, got):
            return (f"at {_node(state)}, a {_kind(game, state)} node, your value {_num(got)} is {words} of its "
                    f"children's values ({_values(right)}), not {own[0][0]}")
    inner = [k for k, (_, _, c) in enumerate(kids) if not game.is_terminal(c)]
    names = ", ".join(_node(kids[k][2]) for k in inner)
    for slot in range(1, 4):
        if not inner or slot >= len(per_child[inner[0]]):
            break
        trial = [per_child[k][slot][1] if k in inner else right[k] for k in range(len(kids))]
        if not _same(_candidates(task, case, state, trial, weights)[0][1], got):
            continue
        if found[inner[0]] is None:
            return (f"below {_node(state)}, at the cut-off ({names}), your values are −EVAL: below the cut-off "
                    f"your evaluation is from MIN's side; EVAL gives MAX's estimate, used as it is at every node")
        kind_below = _kind(game, kids[inner[0]][2])
        who = ("the opponent's nodes" if task.kind == "expectimax" and kind_below == "MIN"
               else f"its {kind_below} children")
        return (f"below {_node(state)}, at {who} ({names}), your search takes {per_child[inner[0]][slot][0]} "
                f"of their children's values instead of {per_child[inner[0]][0][0]}")
    return ""


def _cut_off(task, case) -> bool:
    return task.kind == "h_alphabeta" and case.depth is not None and case.depth <= 0


def value_divergence(task, fn, case, got, want, time_limit: float, calls=None, visits: tuple = ()) -> str:
    """Where the student's value goes wrong on ``case`` (``got`` against the reference's ``want`` at
    its root): the deepest node whose value is wrong while its children's are right, and the rule broken
    there ('' when the student's function cannot be asked below the root or stops answering).  A
    terminal child's value is its utility (the student's function reads it from the game); a child of a
    kind no case starts from is looked through (:func:`_layer_below`)."""
    from .core import grade_case
    if task.kind not in VALUE_KINDS:
        return ""
    calls = [0] if calls is None else calls
    game, state, sub = case.game, case.root, case
    while True:
        if game.is_terminal(state) or _cut_off(task, sub):
            return _with_late_cutoff(task, sub, state, got, want)
        kids, unknown = [], False
        for label, p, child in _children(game, state):
            below = _sub(task, sub, child)
            if game.is_terminal(child):
                value = game.utility(child, MAX)
                kids.append((label, p, child, value, value, below, ()))
                continue
            if _kind(game, child) not in root_kinds(task):
                unknown = True
                break
            if calls[0] >= MAX_CALLS:
                return ""
            calls[0] += 1
            r = grade_case(task, fn, below, time_limit)
            if r.student.error is not None or r.student.value is None:
                return ""
            kids.append((label, p, child, r.student.value, r.expected.value, below, r.student.visits))
        if unknown:
            return _layer_below(task, fn, sub, state, got, time_limit, calls)
        wrong = [k for k in kids if not _same(k[3], k[4])]
        if not wrong:
            return (_pruned_at_full_window(task, sub, state, kids, visits)
                    or value_rule(task, sub, state, got, [k[:4] for k in kids], want))
        _, _, state, got, want, sub, visits = wrong[0]


def _pruned_at_full_window(task, case, state, kids, visits: tuple) -> str:
    """An alpha-beta asked at ``state`` with the full window (−∞, +∞) must visit every child of it (nothing
    can be pruned at the root of a search); when the student's stopped early there, its pruning test used
    a bound the node should not have had."""
    if task.kind not in ("alphabeta", "h_alphabeta") or not visits:
        return ""
    children = [k[2] for k in kids]
    seen = [c for c in children if c in visits]
    if len(seen) == len(children) or not seen:
        return ""
    kind = _kind(case.game, state)
    name, own = ("β", "α") if kind == "MAX" else ("α", "β")
    last = seen[-1]
    value = next(k[3] for k in kids if k[2] == last)
    return (f"asked at {_node(state)}, a {kind} node, with the full window (α, β) = (−∞, +∞), yours stopped after "
            f"its child {_node(last)} (value {_num(value)}); nothing can be pruned there, since its {name} is "
            f"{'+∞' if name == 'β' else '−∞'}: does your {kind}-VALUE change {name} itself? A {kind} node narrows "
            f"{own}, never {name}")


def _with_late_cutoff(task, case, state, got, want) -> str:
    """The rule at a terminal or cut-off node, and, at a cut-off, whether ``got`` is the value one ply
    deeper (a cut-off that comes one ply late)."""
    text = value_rule(task, case, state, got, [], want)
    if task.kind == "h_alphabeta" and not case.game.is_terminal(state):
        from .cases import reference
        deeper = reference("h_alphabeta", case._replace(state=state, depth=1)).value
        if _same(got, deeper) and not _same(got, want):
            text += (" (it is the value one ply deeper: with no depth left the search must stop and return "
                     "EVAL; does yours cut off one ply late?)")
    return text


# ---------------------------------------------------------------------------------------------------
# A wrong decision
# ---------------------------------------------------------------------------------------------------

def decision_rule(task, case, got_action, want_action) -> str:
    """Why ``got_action`` is not the decision at the root: the children's values (the reference's) and
    the rule that picks among them."""
    from .cases import reference
    game, root = case.game, case.root
    kind = _kind(game, root)
    kids = []
    for label, _, child in _children(game, root):
        sub = _sub(task, case, child)
        kids.append((label, reference(task.kind if task.kind != "h_alphabeta" else "h_alphabeta", sub).value))
    listed = ", ".join(f"{a} {_num(v)}" for a, v in kids)
    values = dict(kids)
    if got_action not in values:
        return ""
    best = max if kind == "MAX" else min
    top = best(v for _, v in kids)
    word = "largest" if kind == "MAX" else "least"
    text = f"at the root, a {kind} node, its moves lead to these values: {listed}; "
    if _same(values[got_action], top):
        return text + (f"{got_action} ties with {want_action} for the {word}, and of equal values the first in the "
                       f"game's order is kept (move to a new best only on a strictly better value)")
    if kind == "MIN" and _same(values[got_action], max(v for _, v in kids)):
        return text + f"yours, {got_action}, has the largest, but MIN is to move here and takes the least"
    return text + f"{kind} takes the {word}, {want_action}; yours, {got_action}, leads to {_num(values[got_action])}"


# ---------------------------------------------------------------------------------------------------
# A wrong visit order (alpha-beta)
# ---------------------------------------------------------------------------------------------------

def _parents(game, root) -> dict:
    parent, stack = {}, [root]
    while stack:
        s = stack.pop()
        if game.is_terminal(s):
            continue
        for _, _, c in _children(game, s):
            if c not in parent and c != root:
                parent[c] = s
                stack.append(c)
    return parent


def _closing(trace) -> dict:
    """Each node's value as the reference's trace closed it (its 'leaf', 'exit' or 'prune' event)."""
    return {e.state: e for e in trace if e.kind in ("leaf", "exit", "prune")}


def visit_divergence(task, case, got_visits: tuple) -> str:
    """Why the student's alpha-beta arrives at nodes in another order than the reference on ``case``:
    at the first arrival where they part, the reference's window and the pruning test it made there."""
    from .cases import reference
    trace = reference(task.kind, case).trace
    want = tuple(e.state for e in trace if e.kind == "enter")
    k = next((i for i, (a, b) in enumerate(zip(got_visits, want)) if a != b), min(len(got_visits), len(want)))
    if k >= len(want) and k >= len(got_visits):
        return ""
    game, root = case.game, case.root
    parent = _parents(game, root)
    closed = _closing(trace)
    strict = not case.prune_on_equality
    if k < len(got_visits) and got_visits[k] not in want:
        # the student went where the reference had pruned: find the pruned ancestor's prune event
        node = got_visits[k]
        while node in parent and parent[node] not in want:
            node = parent[node]
        cut = closed.get(parent.get(node))
        if cut is None or cut.kind != "prune":
            return ""
        return _prune_text(game, cut, trace, node, strict) + f"; yours went on to {_node(got_visits[k])}"
    if k < len(want):
        missed = want[k]
        p = parent.get(missed)
        if p is None:
            return ""
        enter = next(e for e in trace if e.kind == "enter" and e.state == missed)
        later = k < len(got_visits) and got_visits[k] in want[k:] and missed in got_visits[k:]
        if later:
            return (f"at {_node(p)}, yours arrives at {_node(got_visits[k])} before {_node(missed)}: "
                    f"visit the children in the order game.actions lists them")
        done = [closed[c].value for c in want[:k] if parent.get(c) == p and c in closed]
        kind = _kind(game, p)
        so_far = (max(done) if kind == "MAX" else min(done)) if done else None
        bound, name = (enter.beta, "β") if kind == "MAX" else (enter.alpha, "α")
        sign = {("MAX", False): "≥", ("MAX", True): ">", ("MIN", False): "≤", ("MIN", True): "<"}[kind, strict]
        went = f"went to {_node(got_visits[k])} instead" if k < len(got_visits) else "stopped"
        head = (f"at {_node(p)}, a {kind} node with the window (α, β) = ({_num(enter.alpha)}, {_num(enter.beta)}) "
                f"when alpha-beta moves on to {_node(missed)}: ")
        if so_far is None:
            return head + f"no child has returned yet, so nothing can be pruned; yours {went}"
        test = f"{_num(so_far)} {sign} {name} = {_num(bound)}"
        if _same(so_far, bound) and strict:
            return (head + f"its value so far is {_num(so_far)}, and under this exercise's strict rule a tie "
                    f"({test} does not hold) does not prune; yours {went}")
        own, other = ("α", "β") if kind == "MAX" else ("β", "α")
        return (head + f"its value so far is {_num(so_far)} and {test} does not hold, so it goes on; yours {went}. "
                f"Only {name} prunes a {kind} node, and its {name} comes from above: does your "
                f"{kind}-VALUE change {name} itself? A {kind} node narrows {own} ({own} ← "
                f"{'MAX' if kind == 'MAX' else 'MIN'}({own}, v)), never {other}; and is the window passed down to "
                f"every child?")


def _prune_text(game, cut, trace, node, strict: bool) -> str:
    """The reference's pruning test at ``cut`` (a 'prune' event), in words."""
    p = cut.state
    kind = _kind(game, p)
    last = [e for e in trace if e.kind in ("leaf", "exit", "prune") and e.depth == cut.depth + 1]
    before = [e for e in last if trace.index(e) < trace.index(cut)]
    child = before[-1].state if before else None
    if kind == "MAX":
        rule = f"{_num(cut.value)} {'>' if strict else '≥'} β = {_num(cut.beta)}"
        why = "MIN, above, already has a better choice"
    else:
        rule = f"{_num(cut.value)} {'<' if strict else '≤'} α = {_num(cut.alpha)}"
        why = "MAX, above, already has a better choice"
    skipped = ", ".join(str(a) for a in cut.skipped)
    returned = f" after its child {_node(child)} returned" if child is not None else " with the value"
    return (f"at {_node(p)}, a {kind} node,{returned} {_num(cut.value)}: {rule} ({why}), so alpha-beta "
            f"prunes {_node(p)}'s other children ({skipped})")


# ---------------------------------------------------------------------------------------------------
# One case
# ---------------------------------------------------------------------------------------------------

def _depth_off(task, case, got) -> str:
    """For a search cut off at a depth: whether ``got`` is the value of a search one ply deeper or
    shallower."""
    from .cases import reference
    if task.kind != "h_alphabeta" or case.depth is None:
        return ""
    for change, words in ((1, "deeper"), (-1, "shallower")):
        depth = case.depth + change
        if depth >= 0 and _same(got, reference(task.kind, case._replace(depth=depth)).value):
            plies = "1 ply" if case.depth == 1 else f"{case.depth} plies"
            return (f"your value {_num(got)} is that of a search one ply {words} (depth {depth}): with depth "
                    f"{case.depth}, the search stops {plies} below the root and returns EVAL there "
                    f"(CUTOFF-TEST(s, d) is true once d = depth)")
    return ""


def diagnose(task, fn, result, time_limit: float) -> str:
    """The diagnosis of one failed search case (``result``, a :class:`~gamelib.grading.core.CaseResult`),
    or '' when there is nothing more to say than the case's own line (an error, a time-out, a wrong
    type)."""
    got, want, case = result.student, result.expected, result.case
    if got.error is not None or getattr(case, "hidden", False):
        return ""
    try:
        if got.value is not None and want.value is not None and not _same(got.value, want.value):
            return (value_divergence(task, fn, case, got.value, want.value, time_limit, visits=got.visits)
                    or _depth_off(task, case, got.value))
        if task.returns in ("action", "pair") and got.action != want.action and got.action is not None:
            return decision_rule(task, case, got.action, want.action)
        if got.visits != want.visits and task.kind in ("alphabeta", "h_alphabeta"):
            return visit_divergence(task, case, got.visits)
    except Exception:                                    # noqa: BLE001 -- a diagnosis is a help, never a failure
        return ""
    return ""
