"""By-hand answers: a student's numbers, node labels and windows against gamelib's traces.

The public part of a by-hand question checks only the answer's form (:func:`answer_format`: never the
placeholder handed out, the right kind of thing); the hidden part compares it with what gamelib's own
search did on the same tree (:func:`values_by_hand`, :func:`alphabeta_by_hand`) or with the right
options (:func:`choices`).
"""
from __future__ import annotations

import math

from ..core import INF
from ..minimax import minimax
from ..trees import GameTree
from .core import fail, quiet, require_answer
from .guard import describe_returned, is_number

KIND_NAMES = {list: "list", set: "set", frozenset: "set", dict: "dict", str: "string", int: "whole number",
              tuple: "tuple", float: "number", object: "answer"}


@quiet
def answer_format(answer, nodes=None, *, what: str = "answer", numbers: bool = True, allow_inf=False,
                  kind: type | None = None):
    """A public check of an answer's *form* (never its correctness): a dict over exactly ``nodes``
    holding numbers, a ``kind`` of thing (``list``, ``set``, ``str``...; a set may be a frozenset;
    ``object``: anything) or (``nodes=None``) a number; never the exercise's placeholder (``...``,
    ``[...]``, ``{...}``)."""
    __tracebackhide__ = True
    require_answer(answer, what)
    if kind is not None:
        kinds = (set, frozenset) if kind in (set, frozenset) else kind
        if not isinstance(answer, kinds) or (kind is int and isinstance(answer, bool)):
            fail(f"{what} should be a {KIND_NAMES.get(kind, kind.__name__)}; it is {describe_returned(answer)}")
        print(f"✓ {what} has the right form (whether it is right is checked when your work is graded)")
        return
    if nodes is None:
        if not is_number(answer):
            fail(f"{what} should be a number; it is {describe_returned(answer)}")
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


def _node_values(result) -> dict:
    """Each node's value as the trace closed it (leaf, exit or prune)."""
    return {e.state: e.value for e in result.trace if e.kind != "enter"}


@quiet
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
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.{search}'s trace")


def _close(a, b) -> bool:
    return is_number(a) and (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6) or a == b)


def _fmt(v) -> str:
    if v == INF:
        return "+∞"
    if v == -INF:
        return "−∞"
    return f"{v:g}" if isinstance(v, float) else str(v)


@quiet
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
        fail(f"{what} (under {rule}): " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.alphabeta's trace under {rule}")


def _window(w) -> str:
    try:
        return f"[{_fmt(w[0])}, {_fmt(w[1])}]"
    except (TypeError, IndexError, KeyError):
        return repr(w)


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
        parts = [f"you left out {k} ({options[k]})" for k in missed]
        parts += [f"{k} ({options[k]}) is not right" for k in wrong]
        fail(f"{what}: " + "; ".join(parts))
    print(f"✓ {what} is right")
