"""By-hand answers: a student's numbers, node labels and windows against gamelib's traces.

The public part of a by-hand question checks only the answer's form (:func:`answer_format`: never the
placeholder handed out, the right kind of thing); the hidden part compares it with what gamelib's own
search did on the same tree (:func:`values_by_hand`, :func:`alphabeta_by_hand`) or with the right
options (:func:`choices`).  What a search did is read from its trace with :mod:`gamelib.trace` (a
:class:`~gamelib.trace.TraceView`), and a wrong answer about a cut node is explained with the words the
explorer shows (:func:`~gamelib.trace.describe_event`).
"""
from __future__ import annotations

import math

from ..minimax import minimax
from ..trace import TraceView, describe_event, fmt_value
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
                   what: str = "values"):
    """Compare hand-computed node values (and the root decision) with gamelib's trace of ``search``
    ('minimax' or 'expectiminimax') on the tree ``spec``."""
    __tracebackhide__ = True
    from ..minimax import expectiminimax
    tree = GameTree.from_nested(spec)
    result = (minimax if search == "minimax" else expectiminimax)(tree, trace=True)
    values = TraceView(result, tree=tree).value
    wrong = [f"{n}: yours {answer.get(n)!r}, the {search} value is {fmt_value(values[n])}"
             for n in values if n in answer and not _close(answer[n], values[n])]
    if decision is not None and answer_decision != result.action:
        wrong.append(f"decision at A: yours {answer_decision!r}, {search} decides {result.action!r}")
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.{search}'s trace")


def _close(a, b) -> bool:
    return is_number(a) and (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6) or a == b)


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
    view = TraceView(result, tree=tree)
    rule = "AIMA's rule (prune when v ≥ β)" if prune_on_equality else "the strict rule (prune when v > β)"
    wrong = []
    if leaves is not None and list(leaves) != view.leaves:
        wrong.append(f"leaves visited: yours {' '.join(map(str, leaves))}, alpha-beta visits "
                     f"{' '.join(view.leaves)}")
    if pruned is not None:
        want = sorted(view.pruned)
        if sorted(pruned) != want:
            wrong.append(f"never visited: yours {', '.join(sorted(map(str, pruned))) or 'none'}, "
                         f"alpha-beta {', '.join(want) or 'none'}")
    if windows is not None:
        for node, (at_entry, at_exit) in windows.items():
            for when, got, want in (("entering", at_entry, view.entry_window.get(node)),
                                    ("leaving", at_exit, view.window.get(node) if node in view.closed else None)):
                if want is None:
                    wrong.append(f"{node} is never visited")
                    break
                if not (isinstance(got, (tuple, list)) and len(got) == 2 and all(map(_close, got, want))):
                    wrong.append(f"[α, β] {when} {node}: yours {_window(got)}, alpha-beta's {_window(want)}"
                                 + _why(view, tree, node, when == "leaving"))
    if values is not None:
        for node, v in values.items():
            if node not in view.value or not _close(v, view.value[node]):
                wrong.append(f"value alpha-beta returns for {node}: yours {v!r}, it returns "
                             f"{fmt_value(view.value[node]) if node in view.value else 'nothing (never visited)'}"
                             + _why(view, tree, node))
    if decision is not None and decision != result.action:
        wrong.append(f"decision: yours {decision!r}, alpha-beta decides {result.action!r}")
    if wrong:
        fail(f"{what} (under {rule}): " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.alphabeta's trace under {rule}")


def _why(view, tree, node, leaving: bool = True) -> str:
    """Where alpha-beta cut ``node``, the explorer's words for that cut, in brackets; else ''."""
    event = view.closing.get(node)
    if not leaving or event is None or event.kind != "prune":
        return ""
    return f" ({describe_event(event, tree.to_move(node))})"


def _window(w) -> str:
    try:
        return f"[{fmt_value(w[0])}, {fmt_value(w[1])}]"
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
