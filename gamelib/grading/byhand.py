"""By-hand answers: a student's numbers, node labels and windows against gamelib's traces.

The public part of a by-hand question checks the answer's form (:func:`answer_format`: never the
placeholder handed out, the right kind of thing) and says which of its parts hold, each by the rule that
makes it what it is, never what a part should be (:func:`values_sanity`, :func:`pruning_sanity`, ...:
see *Sanity checks* below); the hidden part compares it with what gamelib's own search did on the same
tree (:func:`values_by_hand`, :func:`alphabeta_by_hand`) or with the right options (:func:`choices`).
When graded, a wrong answer is told how many of its parts are right and, for each wrong one, the rule of
the textbook it breaks (judged with the student's own other parts, as the public check does), never the
right value, decision, set or order: a by-hand answer is worth its points only when worked out, and its
feedback is read by every student who resubmits.  ``tests/exercises/test_byhand_leaks.py`` keeps every
check, public and hidden, from printing an answer.
A by-hand question's tree is never one a notebook works or a public case holds (a public case's visit
order, value and decision are printed whenever a student's search goes wrong there): that test keeps it
so too.  What a search did is read from its trace with :mod:`gamelib.trace` (a
:class:`~gamelib.trace.TraceView`).
"""
from __future__ import annotations

import math

from ..minimax import minimax
from ..trace import TraceView, fmt_value
from ..trees import GameTree, chance
from ..core import CHANCE, MAX, MIN
from .core import fail, one_of, quiet, require_answer
from .guard import describe_returned, is_number

KIND_NAMES = {list: "list", set: "set", frozenset: "set", dict: "dict", str: "string", int: "whole number",
              tuple: "tuple", float: "number", object: "answer", bool: "True or False"}


@quiet
def answer_format(answer, nodes=None, *, what: str = "answer", numbers: bool = True, allow_inf=False,
                  kind: type | None = None, length: int | None = None):
    """A public check of an answer's *form* (never its correctness): a dict over exactly ``nodes``
    holding numbers, a ``kind`` of thing (``list``, ``set``, ``str``...; a set may be a frozenset;
    ``object``: anything; a ``tuple`` of ``length`` numbers) or (``nodes=None``) a number; never the
    exercise's placeholder (``...``, ``[...]``, ``{...}``)."""
    __tracebackhide__ = True
    require_answer(answer, what)
    if kind is not None:
        kinds = (set, frozenset) if kind in (set, frozenset) else kind
        if not isinstance(answer, kinds) or (kind is int and isinstance(answer, bool)):
            fail(f"{what} should be a {KIND_NAMES.get(kind, kind.__name__)}; it is {describe_returned(answer)}")
        if length is not None and (len(answer) != length or not all(is_number(x) for x in answer)):
            fail(f"{what} should be a {KIND_NAMES.get(kind, kind.__name__)} of {length} numbers; it is "
                 f"{describe_returned(answer)}")
        print(f"✓ {what} has the right form (whether it is right is checked when your work is graded)")
        return
    if nodes is None:
        if not is_number(answer):
            fail(f"{what} should be a number; it is {describe_returned(answer)}")
        print(f"✓ {what} has the right form (whether it is right is checked when your work is graded)")
        return
    if not isinstance(answer, dict):
        fail(f"{what} should be a dict {{node: ...}}; it is {describe_returned(answer)}")
    want = list(nodes)
    missing, extra = [n for n in want if n not in answer], [n for n in answer if n not in want]
    if missing or extra:
        fail(f"{what} should have exactly the nodes {', '.join(want)}"
              + (f"; missing {', '.join(map(str, missing))}" if missing else "")
              + (f"; not asked: {', '.join(map(str, extra))}" if extra else ""))
    if numbers:
        bad = [n for n in want if not is_number(answer[n]) or (not allow_inf and math.isinf(answer[n]))]
        if bad:
            fail(f"{what}: the value of {bad[0]} is {describe_returned(answer[bad[0]])}, not a number")
    print(f"✓ {what} has the right form (whether it is right is checked when your work is graded)")


@quiet
def values_by_hand(answer: dict, spec, *, decision=None, answer_decision=None, search: str = "minimax",
                   depth: int | None = None, evaluate=None, what: str = "values"):
    """Compare hand-computed node values (and the root decision) with gamelib's trace of ``search``
    ('minimax' or 'expectiminimax') on the tree ``spec``, cut off at ``depth`` with ``evaluate`` if
    given (H-MINIMAX).  A wrong answer is told how many values are right and, for each wrong one, the
    rule it breaks with the student's own values below it (or that it follows from a wrong one below),
    never what it should be (:func:`wrong_values`)."""
    __tracebackhide__ = True
    from ..minimax import expectiminimax
    tree = GameTree.from_nested(spec)
    cut = {} if depth is None else {"depth": depth, "evaluate": evaluate}
    result = (minimax if search == "minimax" else expectiminimax)(tree, trace=True, **cut)
    values = TraceView(result, tree=tree).value
    given = answer if isinstance(answer, dict) else {}
    frontier = None if depth is None else {n: _score(evaluate, n) for n in tree.players if _depth_of(tree, n) == depth}
    problems, judged = wrong_values(tree, given, values, depth, frontier, evaluate)
    head = [tally(judged, len(problems), "values", "right")] if problems else []
    if decision is not None and answer_decision != result.action:
        problems.append(_wrong_decision(tree, answer_decision, given, values, depth, frontier))
    if problems:
        fail(f"{what}: " + "; ".join(head + problems))
    print(f"✓ {what} agree with gamelib.{search}'s trace" + ("" if depth is None else f" at depth {depth}"))


def wrong_values(tree, given: dict, values: dict, depth=None, frontier=None, evaluate=None) -> tuple[list, int]:
    """([what is wrong with each wrong value of ``given``, by the rule it breaks], how many were judged),
    against the right ``values``.  A wrong value is judged with the student's own values below it (where
    they gave them): one that breaks its node's rule is named with the rule ("B's value 5 is not the least
    of its children's values", and the slip it is: the largest, the plain mean, EVAL where the search does
    not stop...); one that follows by its rule from a wrong value below is sent there.  No right value is
    said."""
    own = _Backup(tree, given, depth, frontier)
    problems, judged = [], 0
    for node in depth_first(tree):
        if node not in own.given or node not in values:
            continue
        judged += 1
        v = own.given[node]
        if _close(v, values[node]):
            continue
        problems.append(_value_rule(tree, node, v, own, given, values, evaluate))
    return problems, judged


def _value_rule(tree, node, v, own: "_Backup", given: dict, values: dict, evaluate) -> str:
    """Why ``v``, the student's wrong value at ``node``, is wrong: the rule of ``node``'s kind it breaks."""
    head = f"{node}'s value {v!r}"
    if tree.is_terminal(node):
        return f"{head} is not its utility (a finished game keeps its utility)"
    if own.stops(node):
        return f"{head} is not its score where the search stops, EVAL({node})"
    by_own = own.rule(node)
    if by_own is not None and _close(v, by_own):
        below = [c for _, c in tree.children[node] if c in own.given and c in values
                 and not _close(own.given[c], values[c])]
        if below:
            return (f"{head} follows by its rule from your value{'s' if len(below) > 1 else ''} of "
                    f"{', '.join(below)}, which {'are' if len(below) > 1 else 'is'} wrong")
    mover = tree.to_move(node)
    text = f"{head} is not {RULE[mover]}"
    kids = [own.own(c) for _, c in tree.children[node]]
    if any(k is None for k in kids):
        return text
    if mover == CHANCE:
        if _close(v, sum(kids) / len(kids)):
            return text + " (it is their plain mean: weight each outcome by its probability)"
        if _close(v, max(kids)) or _close(v, min(kids)):
            return text + " (it is one of them: a chance node averages its outcomes, it does not choose one)"
        return text
    other = min(kids) if mover == MAX else max(kids)
    if _close(v, other) and not _close(v, by_own if by_own is not None else other):
        return text + f" (it is the {'least' if mover == MAX else 'largest'}: a {mover} node takes the " \
            f"{'largest' if mover == MAX else 'least'})"
    if own.depth is not None and evaluate is not None:
        if _close(v, _score(evaluate, node)):
            return text + f" (it is EVAL({node}), but the search does not stop there: it stops {own.depth} " \
                f"pl{'y' if own.depth == 1 else 'ies'} below the root)"
        scored = _Backup(tree, given, own.depth, {**own.scores, **{n: _score(evaluate, n) for n in tree.players
                                                                   if own.depth == _depth_of(tree, n)}},
                         score_finished=True)
        if scored.rule(node) is not None and _close(v, scored.rule(node)):
            return text + " (it counts a finished game at the cut-off by its EVAL: a finished game keeps its utility)"
    return text


def _score(evaluate, node) -> float:
    """EVAL(``node``), or NaN where the evaluation has nothing to say (a node the question gives no features)."""
    try:
        return evaluate(node)
    except Exception:                                   # noqa: BLE001 -- a slip looked for, not a check
        return math.nan


def _wrong_decision(tree, decision, given: dict, values: dict, depth=None, frontier=None) -> str:
    """Why the root's ``decision`` is wrong: the rule (the first move to a child worth the root's value), and
    whether it follows from the student's own (wrong) values."""
    root = tree.initial_state
    moves = dict(tree.children[root])
    if not one_of(decision, list(moves)):
        return f"the decision {decision!r} is not one of {', '.join(map(repr, moves))}"
    text = (f"the decision {decision!r} is not right: the search plays the first move to a child worth {root}'s "
            f"value, the {'largest' if tree.to_move(root) == MAX else 'least'} of its children's values")
    mine = [c for c in moves.values() if c in given and c in values and not _close(given[c], values[c])]
    if mine and not _decision_problems(tree, decision, _Backup(tree, given, depth, frontier).own):
        text += f"; by your values it is, and your value{'s' if len(mine) > 1 else ''} of {', '.join(mine)} " \
            f"{'are' if len(mine) > 1 else 'is'} wrong"
    return text


COIN_BY_HAND = [chance((0.5, [-2, 20]), (0.5, [-60, 60])), chance((0.5, [-60, 60]), (0.5, [3, 5])),
                chance((0.5, [3, 5]), (0.5, [-2, 20]))]
"""Exercise 04's by-hand tree: CS221's coin game (:data:`gamelib.grading.searches.CS221_COIN`) with other
bins, A = (−60, 60), B = (3, 5), C = (−2, 20); the notebooks work CS221's own."""
ORDER_BY_HAND = [chance((0.7, 3), (0.3, 1)), chance((0.7, 2), (0.3, 4))]
"""Exercise 04's tree like AIMA 4th ed. Fig. 5.14 (:data:`gamelib.grading.cases.FIG_5_12`), with other
numbers: expectiminimax chooses a2 (2.6 against 2.4) ..."""
ORDER_BY_HAND_RELABELLED = [chance((0.7, 30), (0.3, 1)), chance((0.7, 2), (0.3, 40))]
"""... and a1 once 1, 2, 3, 4 become 1, 2, 30, 40 (21.3 against 13.4): the order kept, the decision not."""

CUTOFF_TREE = [[[1, -1], [0, 1], 0], [[-1, 0], [1, 1]]]
"""Exercise 03's by-hand tree: MAX at A, MIN at B and C, MAX at D, E, G, H (the tree goes on below them);
F is a finished game, a draw (utility 0)."""
CUTOFF_FEATURES = {"B": (2, 0, 1), "C": (1, 1, 0), "D": (3, 1, 1), "E": (1, 0, 1), "F": (2, 1, 0),
                   "G": (2, -1, 0), "H": (0, 1, -1)}
"""Its positions' features: (open lines, threats, centre), each X's count minus O's (notebook 03a §2)."""
CUTOFF_WEIGHTS = {"open_lines": 0.04, "threats": 0.12, "centre": 0.04}
"""Tic-tac-toe's weights (:func:`gamelib.games.tictactoe.evaluation`)."""


def cutoff_evaluation():
    """EVAL of exercise 03's by-hand tree: a :class:`gamelib.WeightedSum` of :data:`CUTOFF_FEATURES`.
    At depth 2 it scores D, E, G, H (0.28, 0.08, −0.04, 0.08); F is terminal, worth its utility 0 (its
    features would say 0.20); H-MINIMAX then gives B = 0, C = −0.04, A = 0 (a1), and at depth 1 B = 0.12,
    C = 0.16 (a2)."""
    from ..evaluation import WeightedSum
    features = {name: (lambda s, i=i: CUTOFF_FEATURES[s][i]) for i, name in enumerate(CUTOFF_WEIGHTS)}
    return WeightedSum(features, dict(CUTOFF_WEIGHTS))


@quiet
def evaluation_by_hand(answer: dict, evaluate, *, what: str = "your EVAL values"):
    """Hand-computed evaluations ``{node: value}`` against ``evaluate(node)``."""
    __tracebackhide__ = True
    if not isinstance(answer, dict):
        fail(f"{what} should be a dict {{node: value}}; it is {describe_returned(answer)}")
    wrong = [f"{n}: yours {v!r} is not right" for n, v in answer.items() if not _close(v, evaluate(n))]
    if wrong:
        fail(f"{what}: " + "; ".join([tally(len(answer), len(wrong), "values", "right")] + wrong)
             + " (EVAL is the sum of each feature times its weight)")
    print(f"✓ {what} agree with the weighted sum")


@quiet
def star1_by_hand(interval, read, largest_upper, spec, lower, upper, *, what: str = "Star1"):
    """Star1 (:func:`gamelib.star1`) on ``spec``, MAX at the root choosing between chance nodes: after the
    first outcome of the root's second child (C) is read, C's ``interval`` (its value lies in it whatever
    its other outcomes hold, each in [``lower``, ``upper``]), whether its next outcome is ``read``, and
    the ``largest_upper`` bound (with ``lower``) for which Star1 would not read it."""
    __tracebackhide__ = True
    from ..minimax import expectiminimax
    from ..star import star1
    tree = GameTree.from_nested(spec)
    (_, b), (_, c) = tree.children[tree.initial_state][:2]
    (_, first), (_, second) = tree.children[c][:2]
    p = tree.probabilities[c][0]
    seen = p * expectiminimax(tree, first).value
    alpha = expectiminimax(tree, b).value
    want_interval = (seen + lower * (1 - p), seen + upper * (1 - p))
    want_read = second in star1(tree, lower=lower, upper=upper, trace=True).visited
    want_largest = (alpha - seen) / (1 - p)
    wrong = []
    if not (isinstance(interval, (tuple, list)) and len(interval) == 2 and all(map(_close, interval, want_interval))):
        wrong.append(f"{c}'s interval after {first}: yours {interval!r} is not right (what is read counts with its "
                     "probability, what is not read as L or as U, with its probability)")
    if read is not want_read:
        wrong.append(f"whether Star1 reads {second}: yours {read!r} is not right (Star1 reads on while the "
                     "interval's top is above what MAX already has)")
    if not _close(largest_upper, want_largest):
        wrong.append(f"the largest U: yours {largest_upper!r} is not right (the U at which the interval's top is "
                     "what MAX already has)")
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.star1")


@quiet
def expectimax_by_hand(value, move, spec, weights, *, what: str = "your prediction"):
    """Expectimax (:func:`gamelib.expectimax`) on ``spec`` against an opponent who plays its moves with the
    probabilities ``weights``, in order, at every node: its value and MAX's move."""
    __tracebackhide__ = True
    from ..minimax import expectimax
    tree = GameTree.from_nested(spec)
    result = expectimax(tree, opponent_policy=lambda s: dict(zip(tree.actions(s), weights)))
    wrong = []
    if not _close(value, result.value):
        wrong.append(f"the value: yours {value!r} is not right (an opponent's node is worth the average of its "
                     "children under its policy, a MAX node the largest of its children's)")
    if move != result.action:
        wrong.append(f"the move: yours {move!r} is not right (the first move to a child worth the root's value)")
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.expectimax")


def _close(a, b) -> bool:
    return is_number(a) and (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6) or a == b)


@quiet
def alphabeta_by_hand(spec, *, leaves=None, pruned=None, windows=None, values=None, decision=None,
                      prune_on_equality: bool = True, what: str = "answer"):
    """Compare a hand-traced alpha-beta with gamelib's trace on ``spec``: ``leaves`` (the leaves
    visited, in order), ``pruned`` (the nodes never visited, any order), ``windows`` ({node: ((α, β)
    on entry, (α, β) on leaving)}), ``values`` ({node: the value alpha-beta returns for it}),
    ``decision`` (the root's move).  A wrong part is told by the rule of alpha-beta it breaks, judged
    with the student's own answer before it (the node where the search should have stopped reading, or
    gone on; the rule a window or a returned value breaks), never what it should be: no visit order, set,
    window or value of alpha-beta's is said."""
    __tracebackhide__ = True
    from ..alphabeta import alphabeta
    tree = GameTree.from_nested(spec)
    result = alphabeta(tree, prune_on_equality=prune_on_equality, trace=True)
    view = TraceView(result, tree=tree)
    rule = "AIMA's rule (prune when v ≥ β)" if prune_on_equality else "the strict rule (prune when v > β)"
    wrong = []
    if leaves is not None and list(leaves) != view.leaves:
        order = [n for n in depth_first(tree) if tree.is_terminal(n)]
        listed = [n for n in leaves if one_of(n, order)]
        gone = {n for n in tree.players if not any(x in listed for x in leaves_below(tree, n))}
        wrong.append("the leaves visited: " + _search_problems(tree, leaves, None, gone, prune_on_equality))
    if pruned is not None and set(pruned) != set(view.pruned):
        gone = {n for n in pruned if one_of(n, tree.players)}
        wrong.append("the nodes never visited: " + _search_problems(tree, None, pruned, gone, prune_on_equality))
    if windows is not None:
        wrong += _wrong_windows(tree, view, windows, prune_on_equality)
    if values is not None:
        wrong += _wrong_returned(tree, view, values, prune_on_equality)
    if decision is not None and decision != result.action:
        maximize = tree.to_move(tree.initial_state) == MAX
        text = (f"the decision {decision!r} is not right: Fig. 5.7 keeps the first move whose child returns the "
                f"{'largest' if maximize else 'least'} value, changing its move only on a strictly better one")
        wrong.append(text)
    if wrong:
        fail(f"{what} (under {rule}): " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.alphabeta's trace under {rule}")


def _search_problems(tree, leaves, never, gone: set, on_equality: bool) -> str:
    """What breaks alpha-beta in a hand-traced search (its ``leaves`` in order, or the nodes it ``never``
    visits; ``gone``: the nodes it does not visit): its order of search, then the first node where it
    stops reading a node's children where alpha-beta goes on, or goes on where alpha-beta stops, by the
    leaves it visits before (:func:`_cut_problems`: the node and the rule, never a value)."""
    problems = _order_problems(tree, leaves, never, None)
    if not problems:
        cuts, judged = _cut_problems(tree, gone, on_equality)
        problems = ([tally(judged, len(cuts), "nodes searched", "right")] if judged else []) + cuts[:1]
    return "; ".join(problems) or "they are not what alpha-beta does"


def _wrong_windows(tree, view, windows, on_equality: bool) -> list:
    """For each node whose hand-traced window ((α, β) entering, (α, β) leaving) is not alpha-beta's: the rule
    of alpha-beta it breaks, judged with the student's own windows around it (:func:`_window_problems`), or
    that it follows from a wrong window before it."""
    pairs, out, judged = {}, [], 0
    for node, pair in (windows.items() if isinstance(windows, dict) else ()):
        try:
            (a0, b0), (a1, b1) = pair
        except (TypeError, ValueError):
            continue
        if one_of(node, tree.players) and all(_number(x) for x in (a0, b0, a1, b1)):
            pairs[node] = ((a0, b0), (a1, b1))
    for node, pair in (windows.items() if isinstance(windows, dict) else ()):
        judged += 1
        want = (view.entry_window.get(node), view.window.get(node) if node in view.closed else None)
        if want[0] is None or want[1] is None:
            out.append(f"alpha-beta never enters {node}, so it has no window there")
            continue
        if node not in pairs:
            out.append(f"{node}: give ((α, β) entering, (α, β) leaving), four numbers")
            continue
        if all(map(_close, pairs[node][0] + pairs[node][1], want[0] + want[1])):
            continue
        here = _window_problems(tree, node, pairs, on_equality)
        out.append("; ".join(here) if here else f"{node}'s window follows by alpha-beta's rules from your windows "
                   "before it, and one of those is wrong")
    return ([tally(judged, len(out), "windows", "right")] if out else []) + out


def _wrong_returned(tree, view, values, on_equality: bool) -> list:
    """For each node whose hand-traced returned value is not alpha-beta's: the rule it breaks (a MIN node
    returns the least of the children it reads, and stops reading once it is at most α; the window from the
    student's own values before it), or that it follows from a wrong value before it."""
    given = {n: v for n, v in values.items() if one_of(n, tree.players) and _number(v)} if isinstance(values, dict) \
        else {}
    problems, _ = _returned_problems(tree, given, on_equality)
    out, judged = [], 0
    for node, v in (values.items() if isinstance(values, dict) else ()):
        judged += 1
        if node not in view.value:
            out.append(f"alpha-beta never visits {node}, so it returns nothing there")
        elif not _close(v, view.value[node]):
            out.append(problems.get(node) or f"{node}'s value {v!r} follows by alpha-beta's rule from your values "
                                              "before it, and one of those is wrong")
    return ([tally(judged, len(out), "values", "right")] if out else []) + out


def _returned_problems(tree, given: dict, on_equality: bool) -> tuple[dict, dict]:
    """Alpha-beta (Fig. 5.7, fail-soft) run with the student's ``given`` values standing for the nodes they
    give: ({node: the rule its given value breaks}, {node: the value each node returns})."""
    problems, returned = {}, {}

    def search(node, alpha, beta):
        if tree.is_terminal(node):
            return tree.leaf_values[node]
        maximize = tree.to_move(node) == MAX
        v = -math.inf if maximize else math.inf
        for _, child in tree.children[node]:
            v2 = search(child, alpha, beta)
            returned[child] = v2
            if (v2 > v) if maximize else (v2 < v):
                v = v2
                alpha, beta = (max(alpha, v), beta) if maximize else (alpha, min(beta, v))
            if _cuts(v, alpha, beta, maximize, on_equality):
                break
        if node in given:
            if not _close(given[node], v):
                problems[node] = (f"{node}'s value {given[node]!r} is not what alpha-beta returns there: "
                                  + ("a MAX node returns the largest of the children it reads, and stops once it is "
                                     "at least β" if maximize else "a MIN node returns the least of the children it "
                                     "reads, and stops once it is at most α")
                                  + (" (AIMA's rule)" if on_equality else " (below α, under the strict rule)"
                                     if not maximize else " (above β, under the strict rule)"))
            return given[node]
        return v

    search(tree.initial_state, -math.inf, math.inf)
    return problems, returned


@quiet
def choices(answer, correct: set, options: dict, *, what: str = "answer"):
    """A multiple-choice answer: the set of option keys the student ticked, against ``correct``;
    ``options`` maps each key to its text (for the feedback)."""
    __tracebackhide__ = True
    if not isinstance(answer, (set, frozenset, list, tuple)):
        fail(f"{what} should be a set of option letters such as {{'a', 'c'}}; it is "
              f"{describe_returned(answer)}")
    got = set(answer)
    unknown = got - set(options)
    if unknown:
        fail(f"{what}: {sorted(map(str, unknown))} are not options (options: {', '.join(options)})")
    if got != set(correct):
        missed = sorted(set(correct) - got)
        wrong = sorted(got - set(correct))
        right = len(options) - len(missed) - len(wrong)
        parts = [f"{right} of {len(options)} options are ticked or left as they should be"]
        if wrong:                              # how many, never which: naming a tick says the option's answer
            parts.append(f"{len(wrong)} option{'s' if len(wrong) > 1 else ''} you ticked "
                         f"{'are' if len(wrong) > 1 else 'is'} not right")
        if missed:                             # how many, never which: that would be the answer
            parts.append(f"you left out {len(missed)} option{'s' if len(missed) > 1 else ''} that "
                         f"{'are' if len(missed) > 1 else 'is'} right")
        fail(f"{what}: " + "; ".join(parts))
    print(f"✓ {what} is right")


# ---------------------------------------------------------------------------------------------------
# Sanity checks: which parts of a by-hand answer hold, without ever saying what the right answer is
# ---------------------------------------------------------------------------------------------------
#
# A by-hand answer's public check says which of its parts are *consistent*: with what the question gives
# (the leaves, the probabilities, the bounds) and with the student's own other parts, by the rule that
# makes each part what it is (a MIN node's value is the least of its children's; alpha-beta stops reading
# a MIN node's children once its value is at most α).  Each part is judged by its own rule, with the
# student's own values for the parts it depends on: so a wrong part is named with the rule it breaks
# ("C's value 7 is not the least of its children's values"), a part that follows from a wrong one is
# still consistent, and no message holds a value, an order or a window the student did not write.  An
# inconsistent answer fails the cell with the count of parts that hold; a consistent one says so.

@quiet
def consistent(what: str, against: str, problems: list, *, tally: str = "") -> None:
    """Pass with one line saying ``what`` is consistent with ``against``, or fail listing the ``problems``
    (after ``tally``, how many parts hold: "2 of 4 values are consistent")."""
    __tracebackhide__ = True
    if problems:
        fail(f"{what} is not consistent with {against}: " + "; ".join(([tally] if tally else []) + problems))
    print(f"✓ {what} is consistent with {against} (whether it is right is checked when your work is graded)")


def tally(judged: int, bad: int, parts: str, word: str = "consistent") -> str:
    """"2 of 4 values are consistent" (``word``: "right", for a graded answer; '' when nothing was judged)."""
    if not judged:
        return ""
    ok = judged - bad
    return f"{ok} of {judged} {parts} {'is' if ok == 1 else 'are'} {word}"


def depth_first(tree, node=None):
    """The nodes of ``tree`` depth first, left to right (the order a search arrives at them)."""
    node = tree.initial_state if node is None else node
    yield node
    for _, child in tree.children[node]:
        yield from depth_first(tree, child)


def leaves_below(tree, node, depth=None, at=0) -> list:
    """The leaves below ``node`` in ``tree``, left to right; with ``depth``, the frontier of a search cut off
    there instead: the nodes ``depth`` plies below the root and the leaves above them (``at``: ``node``'s
    own depth)."""
    if tree.is_terminal(node) or (depth is not None and at == depth):
        return [node]
    return [f for _, c in tree.children[node] for f in leaves_below(tree, c, depth, at + 1)]


def _depth_of(tree, node) -> int:
    d = 0
    while tree.parent(node) is not None:
        node, d = tree.parent(node), d + 1
    return d


def _number(x) -> bool:
    return is_number(x) and not isinstance(x, bool)


RULE = {MAX: "the largest of its children's values", MIN: "the least of its children's values",
        CHANCE: "the average of its children's values weighted by their probabilities"}
"""What a node's value is, by who moves there (minimax and expectiminimax)."""


@quiet
def values_sanity(answer, spec, *, decision=None, chance: bool = False, depth: int | None = None,
                  frontier: dict | None = None, what: str = "values"):
    """A by-hand dict ``{node: value}`` of minimax (``chance``: expectiminimax) on the tree ``spec``, and
    the root's ``decision``, part by part: each value is the largest (MAX), least (MIN) or
    probability-weighted average (a chance node) of its children's values, taken from the answer where
    it gives them (the leaves' utilities below, and the values a node not asked about backs up from
    them), and the decision is the first move to a child worth the root's value.  With ``depth`` the
    search stops there and ``frontier`` scores the nodes it stops at (the student's own EVAL values; a
    terminal keeps its utility).  ``chance`` is accepted for the exercises' sake: the tree says where the
    chance nodes are."""
    __tracebackhide__ = True
    tree = GameTree.from_nested(spec)
    values = _Backup(tree, answer, depth, frontier)
    problems, judged = [], 0
    for node in depth_first(tree):
        want = values.rule(node) if node in values.given and not tree.is_terminal(node) else None
        if want is None:
            continue
        judged += 1
        if not _close(values.given[node], want):
            rule = "its score where the search stops (your EVAL value)" if values.stops(node) else \
                RULE[tree.to_move(node)]
            problems.append(f"{node}'s value {values.given[node]!r} is not {rule}")
    bad = len(problems)
    if decision is not None:
        problems += _decision_problems(tree, decision, values.own)
    against = ("the tree: each value is " + ("its children's values weighted by their probabilities at a chance "
               "node, " if chance or CHANCE in tree.players.values() else "")
               + "the largest of its children's at MAX and the least at MIN (yours where you gave them), and "
               "the decision is the first move to a child worth the root's value")
    if depth is not None:
        against = (f"the tree cut off at depth {depth}: " + against.removeprefix("the tree: ")
                   + "; a node where the search stops is worth its score (a finished game its utility)")
    consistent(what, against, problems, tally=tally(judged, bad, "values") if bad else "")


@quiet
def alphabeta_values_sanity(answer, spec, *, decision=None, prune_on_equality: bool = True,
                            what: str = "values"):
    """A by-hand dict ``{node: the value alpha-beta returns for it}`` on ``spec`` (AIMA Fig. 5.7, fail-soft)
    and the root's ``decision``, part by part: a MIN node returns the least of the children it reads, and
    reads them in order until one is at most α (MAX mirrors it), where α and β come from the values the
    answer gives for the nodes searched before it; the decision is the first move to a child with the
    largest returned value (Fig. 5.7 changes its move only on a strictly better one)."""
    __tracebackhide__ = True
    tree = GameTree.from_nested(spec)
    given = {n: v for n, v in answer.items() if n in tree.players and _number(v)} if isinstance(answer, dict) else {}
    found, returned = _returned_problems(tree, given, prune_on_equality)
    judged = [sum(1 for n in depth_first(tree) if n in given and (n in returned or n == tree.initial_state))]
    problems = list(found.values())                   # in the order the search closes the nodes
    bad = len(problems)
    if decision is not None:
        moves = dict(tree.children[tree.initial_state])
        if not one_of(decision, list(moves)):
            problems.append(f"the decision {decision!r} is not one of {', '.join(map(repr, moves))}")
        else:
            maximize = tree.to_move(tree.initial_state) == MAX
            worth = {a: given.get(c, returned.get(c)) for a, c in moves.items()}
            known = {a: v for a, v in worth.items() if v is not None}
            best = None
            for a, v in known.items():
                if best is None or ((v > known[best]) if maximize else (v < known[best])):
                    best = a
            if best is not None and decision != best:
                problems.append(f"the decision {decision!r} is not the first move whose child returns the "
                                f"{'largest' if maximize else 'least'} value (by your values): Fig. 5.7 changes "
                                "its move only on a strictly better value")
    consistent(what, "alpha-beta's rule (a node returns the best of the children it reads, and stops reading "
                     "once its value passes the window; the window comes from your values above and before it)",
               problems, tally=tally(judged[0], bad, "values") if bad else "")


class _Backup:
    """The values a by-hand answer's parts are judged with: the student's own where the answer gives them
    (``given``), else the tree's (a leaf's utility, the ``frontier``'s score where a search cut off at
    ``depth`` stops, or what a node not asked about backs up from those)."""

    def __init__(self, tree, answer, depth=None, frontier=None, *, score_finished: bool = False):
        self.tree, self.depth, self.scores = tree, depth, frontier or {}
        self.score_finished = score_finished     # a slip's: a finished game at the cut-off scored too
        self.given = {n: v for n, v in answer.items() if one_of(n, tree.players) and _number(v)} \
            if isinstance(answer, dict) else {}

    def stops(self, node) -> bool:
        """Whether a search cut off at ``depth`` stops at ``node`` (a node there that is not terminal)."""
        return self.depth is not None and _depth_of(self.tree, node) == self.depth and \
            (self.score_finished or not self.tree.is_terminal(node))

    def own(self, node):
        """The value a parent of ``node`` is judged with (None when it cannot be known)."""
        if node in self.given:
            return self.given[node]
        if self.tree.is_terminal(node) and not self.stops(node):
            return self.tree.leaf_values[node]
        return self.rule(node)

    def rule(self, node):
        """``node``'s value by its rule from its children's (:meth:`own`); None when one is unknown."""
        if self.stops(node):
            return self.scores.get(node) if _number(self.scores.get(node)) else None
        values = [self.own(c) for _, c in self.tree.children[node]]
        if any(v is None for v in values):
            return None
        mover = self.tree.to_move(node)
        if mover == CHANCE:
            return sum(p * v for p, v in zip(self.tree.probabilities[node], values))
        return max(values) if mover == MAX else min(values)


def _decision_problems(tree, decision, worth) -> list:
    """The root's ``decision`` against the values ``worth(node)`` (the student's where given): a move of the
    root, to a child worth the root's value, the first such (MINIMAX-SEARCH keeps the first best)."""
    root = tree.initial_state
    moves = dict(tree.children[root])
    if not one_of(decision, list(moves)):
        return [f"the decision {decision!r} is not one of {', '.join(map(repr, moves))}"]
    root_value = worth(root)
    if root_value is None:
        return []
    first = next((a for a, c in moves.items() if worth(c) is not None and _close(worth(c), root_value)), None)
    if worth(moves[decision]) is None or not _close(worth(moves[decision]), root_value):
        return [f"the decision {decision!r} leads to {moves[decision]}, which is not worth {root}'s value (by "
                "your values)"]
    if first is not None and first != decision:
        return [f"the decision {decision!r} is not the first move to a child worth {root}'s value (the search "
                "keeps the first of equally good moves)"]
    return []


def _cuts(v, alpha, beta, maximize: bool, on_equality: bool) -> bool:
    """Fig. 5.7's test after a child: v ≥ β at MAX, v ≤ α at MIN (strictly, without ``on_equality``)."""
    if maximize:
        return v >= beta if on_equality else v > beta
    return v <= alpha if on_equality else v < alpha


@quiet
def pruning_sanity(spec, *, leaves=None, never=None, within=None, prune_on_equality: bool = True,
                   what: str = "answer"):
    """A hand-traced alpha-beta on ``spec``: ``leaves`` (visited, in order), ``never`` (the nodes never
    visited) and, if given, ``within`` (a set ``never`` must be part of: the strict rule never prunes more
    than AIMA's).  First the order of search: every node is a node of the tree, the leaves come in the
    left-to-right order of a depth-first search without repeats, the first path from the root is
    visited, a node never visited has no visited child, each leaf is either visited or never visited.
    Then, node by node, the cuts (with ``never``): the children a node skips are its last ones, and
    alpha-beta (AIMA's rule, or the strict one without ``prune_on_equality``) stops at that node exactly
    where the answer stops, by the values of the leaves the answer visits before it."""
    __tracebackhide__ = True
    tree = GameTree.from_nested(spec)
    problems = _order_problems(tree, leaves, never, within)
    against = ("alpha-beta's order (depth first, left to right; the first path always visited; nothing below a "
               "node it never visits)")
    if problems or never is None:
        consistent(what, against, problems)
        return
    if CHANCE in tree.players.values():                       # alpha-beta has no chance nodes
        consistent(what, against, problems)
        return
    rule = "AIMA's rule" if prune_on_equality else "the strict rule"
    cuts, judged = _cut_problems(tree, set(never), prune_on_equality)
    consistent(what, f"{against} and with {rule}, node by node (where the leaves you visit before a node "
                     "put its window)", cuts, tally=tally(judged, len(cuts), "nodes searched") if cuts else "")


def _order_problems(tree, leaves, never, within) -> list:
    """What breaks alpha-beta's order of search in a hand-traced ``leaves`` (in order) and ``never`` (the
    nodes never visited; ``within``: a set it must be part of)."""
    order = [n for n in depth_first(tree) if tree.is_terminal(n)]
    problems = []
    if leaves is not None:
        listed = list(leaves)
        strangers = [n for n in listed if not one_of(n, order)]
        if strangers:
            problems.append(f"{', '.join(map(str, strangers))} "
                            + ("is not a leaf" if len(strangers) == 1 else "are not leaves"))
        elif len(set(listed)) < len(listed):
            problems.append("a leaf is listed twice")
        elif listed != sorted(listed, key=order.index):
            problems.append("the leaves are not in the left-to-right order a depth-first search visits them")
    strangers = []
    if never is not None:
        gone = set(never)
        strangers = sorted(str(n) for n in gone if not one_of(n, tree.players))
        if strangers:
            problems.append(f"{', '.join(strangers)} {'is not a node' if len(strangers) == 1 else 'are not nodes'} "
                            "of the tree")
        first = [tree.initial_state]
        while not tree.is_terminal(first[-1]):
            first.append(tree.children[first[-1]][0][1])
        if gone & set(first):
            problems.append(f"alpha-beta always visits the first path from the root, {' '.join(first)}")
        open_children = sorted(c for n in gone if one_of(n, tree.players) for _, c in tree.children[n]
                               if c not in gone)
        if open_children:
            problems.append(f"a node never visited has no visited child, but {', '.join(open_children)} "
                            f"{'is' if len(open_children) == 1 else 'are'} not in the set")
        if leaves is not None and not strangers:
            both = sorted(set(leaves) & gone)
            neither = [n for n in order if n not in set(leaves) and n not in gone]
            if both:
                problems.append(f"{', '.join(map(str, both))} cannot be both visited and never visited")
            if neither:
                problems.append(f"{', '.join(neither)} {'is' if len(neither) == 1 else 'are'} neither visited nor "
                                "never visited")
        if within is not None and not gone <= set(within):
            more = sorted(map(str, gone - set(within)))
            problems.append(f"the strict rule never prunes more than AIMA's, but {', '.join(more)} "
                            f"{'is' if len(more) == 1 else 'are'} not in AIMA's set")
    return problems


def _cut_problems(tree, gone: set, on_equality: bool) -> tuple[list, int]:
    """Alpha-beta run over the nodes an answer visits (all but ``gone``), judging at each node it searches
    whether the answer stops there where the rule stops: ([problems], how many nodes were judged).  The
    values are the leaves' own, the windows those the answer's visits give: so a node is judged by the
    answer's own search before it, and a message names the node and the rule, never a value."""
    problems, judged = [], [0]

    def search(node, alpha, beta):
        if tree.is_terminal(node):
            return tree.leaf_values[node]
        judged[0] += 1
        kids = [c for _, c in tree.children[node]]
        read = [c not in gone for c in kids]
        maximize = tree.to_move(node) == MAX
        if any(read[i + 1] and not read[i] for i in range(len(kids) - 1)):
            problems.append(f"at {node} your search skips a child and then reads a later one: a cut skips a "
                            "node's last children, all of them")
            read = [all(read[:i + 1]) for i in range(len(kids))]
        if not read[0]:
            problems.append(f"at {node} your search reads none of its children: alpha-beta reads at least the "
                            "first child of every node it visits")
            return None
        v = -math.inf if maximize else math.inf
        bound, reach = ("β", "at least β") if maximize else ("α", "at most α")
        strict = "" if on_equality else " (strictly, under the strict rule)"
        for i, c in enumerate(kids):
            v2 = search(c, alpha, beta)
            if v2 is None:                                  # nothing below was read: nothing more to judge
                return None
            if (v2 > v) if maximize else (v2 < v):
                v = v2
                alpha, beta = (max(alpha, v), beta) if maximize else (alpha, min(beta, v))
            if i + 1 == len(kids):
                break
            cut = _cuts(v, alpha, beta, maximize, on_equality)
            if cut and read[i + 1]:
                problems.append(f"at {node} your search goes on after {c}, but by then {node}'s value has reached "
                                f"{bound}: alpha-beta stops reading a node's children once its value is "
                                f"{reach}{strict}")
                return v
            if not cut and not read[i + 1]:
                problems.append(f"at {node} your search stops after {c}, but by then {node}'s value has not "
                                f"reached {bound}: a {'MAX' if maximize else 'MIN'} node stops only once its value "
                                f"is {reach}{strict}")
                return v
            if cut:
                return v
        return v

    search(tree.initial_state, -math.inf, math.inf)
    return problems, judged[0]


@quiet
def windows_sanity(windows, spec, *, prune_on_equality: bool = True, what: str = "windows"):
    """Hand-traced windows ``{node: ((α, β) entering, (α, β) leaving)}`` of alpha-beta on ``spec``, node by
    node: each bound is ±∞ or a leaf's value; a window is open on entering (α < β); a node moves only its
    own bound (a MIN node lowers β, a MAX node raises α); the root's first child enters with the root's
    window [−∞, +∞], a parent's first child with the parent's, and a later child with the window its
    parent has after the child before it (under a MAX node: the same β, and α raised to the value that
    child returned, its β on leaving); and a node whose children are leaves leaves with its entering
    bound lowered (MIN) to the least of the leaves it reads, reading them in order until one is at most α
    (MAX mirrors it; AIMA's rule, or the strict one without ``prune_on_equality``)."""
    __tracebackhide__ = True
    tree = GameTree.from_nested(spec)
    problems, pairs = [], {}
    for node, pair in (windows.items() if isinstance(windows, dict) else ()):
        try:
            (a0, b0), (a1, b1) = pair
        except (TypeError, ValueError):
            problems.append(f"{node}: give ((α, β) entering, (α, β) leaving)")
            continue
        if one_of(node, tree.players) and all(_number(x) for x in (a0, b0, a1, b1)):
            pairs[node] = ((a0, b0), (a1, b1))
    judged = [n for n in depth_first(tree) if n in pairs]
    wrong = 0
    for node in judged:
        here = _window_problems(tree, node, pairs, prune_on_equality)
        wrong += bool(here)
        problems += here
    consistent(what, "how alpha-beta moves a window (every bound ±∞ or a leaf's value; a MIN node only lowers β, "
                     "a MAX node only raises α; a child enters with its parent's window as it stands, and a node "
                     "above leaves reads them until its value passes the window)", problems,
               tally=tally(len(judged), wrong, "windows") if problems else "")


def _same(x, y) -> bool:
    return x == y or _close(x, y)


def _window_problems(tree, node, pairs: dict, on_equality: bool) -> list:
    """What breaks alpha-beta's rules in the student's window at ``node`` (``pairs``: every window given)."""
    (a0, b0), (a1, b1) = pairs[node]
    mover = tree.to_move(node)
    bounds = {math.inf, -math.inf, *tree.leaf_values.values()}
    here = []
    if any(not any(_same(x, v) for v in bounds) for x in (a0, b0, a1, b1)):
        here.append(f"{node}: each bound is −∞, +∞ or the value of a leaf")
    if not a0 < b0:
        here.append(f"{node}: entering, α < β (a node whose window is closed is never entered)")
    if mover == MIN and not (a1 == a0 and b1 <= b0):
        here.append(f"{node} is a MIN node: it keeps α and can only lower β")
    if mover == MAX and not (b1 == b0 and a1 >= a0):
        here.append(f"{node} is a MAX node: it keeps β and can only raise α")
    if here:
        return here
    parent = tree.parent(node)
    if parent is not None and tree.to_move(parent) in (MAX, MIN):
        kids = [c for _, c in tree.children[parent]]
        before = kids[kids.index(node) - 1] if kids.index(node) else None
        if before is None and parent == tree.initial_state and (a0, b0) != (-math.inf, math.inf):
            return [f"{node} is the root's first child: it enters with the root's window [−∞, +∞]"]
        if before is None and parent in pairs and (a0, b0) != pairs[parent][0]:
            return [f"{node} is {parent}'s first child: it enters with the window {parent} entered with"]
        if before in pairs:
            (pa0, pb0), (pa1, pb1) = pairs[before]
            want = (max(pa0, pb1), pb0) if tree.to_move(parent) == MAX else (pa0, min(pb0, pa1))
            if not (_same(a0, want[0]) and _same(b0, want[1])):
                return [f"{node} enters with the window {parent} has after {before}: "
                        + ("the same β, and α the larger of α before and the value "
                           f"{before} returned (its β on leaving)" if tree.to_move(parent) == MAX else
                           f"the same α, and β the smaller of β before and the value {before} returned "
                           "(its α on leaving)")]
    kids = [c for _, c in tree.children[node]]
    if kids and all(tree.is_terminal(c) for c in kids) and mover in (MAX, MIN):
        bound = b0 if mover == MIN else a0
        for c in kids:
            x = tree.leaf_values[c]
            bound = min(bound, x) if mover == MIN else max(bound, x)
            if _cuts(x, a0, b0, mover == MAX, on_equality):
                break
        if not _same(b1 if mover == MIN else a1, bound):
            return [f"{node} leaves with its " + ("β lowered to the least of its entering β and the leaves it "
                                                  "reads (in order, until one is at most α)" if mover == MIN else
                                                  "α raised to the largest of its entering α and the leaves it reads "
                                                  "(in order, until one is at least β)")]
    return []


@quiet
def range_sanity(answer, low, high, *, what: str = "answer", against: str = "", strict: bool = False):
    """A number (or every number of a dict, tuple or list) within [``low``, ``high``] (``strict``:
    strictly inside; ``high`` None: no upper bound); ``against`` says why, for the student."""
    __tracebackhide__ = True
    items = answer.items() if isinstance(answer, dict) else enumerate(answer) \
        if isinstance(answer, (tuple, list)) else [(None, answer)]
    top = math.inf if high is None else high
    problems = []
    for key, x in items:
        if not _number(x):
            continue
        inside = low < x < top if strict else low - 1e-9 <= x <= top + 1e-9
        if not inside:
            where = "" if key is None else f"{key}: " if isinstance(answer, dict) else f"item {key + 1}: "
            problems.append(f"{where}{x!r} is not " + (f"at least {fmt_value(low)}" if high is None else
                            f"{'strictly ' if strict else ''}between {fmt_value(low)} and {fmt_value(high)}"))
    consistent(what, against or f"the range [{fmt_value(low)}, {fmt_value(top)}]", problems)


@quiet
def options_sanity(answer, options, *, what: str = "answer", against: str = ""):
    """A choice, or a set of choices, among ``options`` (option letters, moves, squares)."""
    __tracebackhide__ = True
    allowed = list(options)
    chosen = list(answer) if isinstance(answer, (set, frozenset, list, tuple)) and not \
        (isinstance(answer, tuple) and answer in allowed) else [answer]
    strangers = [x for x in chosen if not one_of(x, allowed)]
    problems = [f"{', '.join(map(repr, strangers))} {'is' if len(strangers) == 1 else 'are'} not among them"] \
        if strangers else []
    consistent(what, against or "the options " + ", ".join(map(repr, allowed)), problems)


@quiet
def step_sanity(values, step: float, *, what: str = "values", against: str = ""):
    """Every number of ``values`` (a dict) a whole multiple of ``step`` (within rounding)."""
    __tracebackhide__ = True
    bad = [k for k, x in values.items() if _number(x) and abs(x / step - round(x / step)) > 1e-6]
    consistent(what, against or f"multiples of {step:g}",
               [f"{k}: {values[k]!r} is not a multiple of {step:g}" for k in bad])


@quiet
def star1_sanity(interval, read, kept, lower, upper, *, what: str = "the interval and the read"):
    """A chance node's ``interval`` after some of its outcomes (``(low, high)`` within the bounds
    [``lower``, ``upper``], low <= high) and whether Star1 reads its next outcome (``read``),
    for MAX above that already has ``kept`` (the value of a sibling the question gives): the outcome is
    read exactly when the top of the student's own interval is above ``kept``."""
    __tracebackhide__ = True
    problems = []
    if isinstance(interval, (tuple, list)) and len(interval) == 2 and all(map(_number, interval)):
        low, high = interval
        if not lower - 1e-9 <= low <= high <= upper + 1e-9:
            problems.append(f"{tuple(interval)!r} is not an interval (low, high) within [{lower:g}, {upper:g}]")
        elif isinstance(read, bool) and read != (high > kept + 1e-9):
            problems.append(f"reading it is {read!r}, but the top of your interval, {high:g}, is "
                            + (f"above {kept:g}: the node could still be worth more than MAX's {kept:g}" if high > kept
                               else f"not above {kept:g}: the node can no longer be worth more than MAX's {kept:g}"))
    consistent(what, f"the bounds [{lower:g}, {upper:g}] and your own interval (an outcome is read only while "
               f"the interval's top is above the {kept:g} MAX already has)", problems)


@quiet
def best_sanity(values: dict, pick, *, what: str = "the choice", least: bool = False):
    """``pick`` is the key of the largest (``least``: smallest) of the student's own ``values``."""
    __tracebackhide__ = True
    numbers = {k: v for k, v in values.items() if _number(v)} if isinstance(values, dict) else {}
    problems = []
    if numbers and one_of(pick, list(numbers)):
        best = (min if least else max)(numbers.values())
        if not _close(numbers[pick], best):
            problems.append(f"{pick!r} has {numbers[pick]!r} in your values, not the "
                            f"{'least' if least else 'largest'}, {best!r}")
    elif numbers:
        problems.append(f"{pick!r} is not one of {', '.join(map(repr, numbers))}")
    consistent(what, "your own values (it should be the one with the " + ("least" if least else "largest")
               + " value)", problems)
