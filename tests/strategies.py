"""Trees, hypothesis strategies and trace checks shared by the test files (import them: ``from ..strategies import
nested_specs``)."""
from __future__ import annotations

from hypothesis import strategies as st

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

# AIMA 4th ed. Fig. 5.4: three players A, B, C and their utility vectors.
ABC = ("A", "B", "C")
FIG_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]

# Kuhn poker's information sets, as gamelib.games.KuhnPoker keys them (the card, then the history).
KEYS_MAX = ["J", "Q", "K", "Jpb", "Qpb", "Kpb"]
KEYS_MIN = ["Jp", "Qp", "Kp", "Jb", "Qb", "Kb"]

# Small integer leaves on purpose: ties are where the two pruning conventions differ.
leaf = st.integers(min_value=-5, max_value=5)


def nested_specs(max_leaves: int = 40):
    """Random game trees as nested lists: ragged branching (1 to 4), depth up to about 5."""
    return st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4),
                        max_leaves=max_leaves)


def chance_specs(max_leaves: int = 30):
    """Random trees mixing decision nodes and chance nodes with random probabilities."""
    from gamelib import chance

    def chance_node(kids):
        def build(pairs):
            weights = [w for w, _ in pairs]
            total = sum(weights)
            return chance(*((w / total, sub) for w, sub in pairs))
        return st.lists(st.tuples(st.integers(1, 5), kids), min_size=1, max_size=3).map(build)

    return st.recursive(leaf, lambda kids: st.one_of(st.lists(kids, min_size=1, max_size=3),
                                                     chance_node(kids)),
                        max_leaves=max_leaves)


def closing_events_are_balanced(trace):
    """Every 'enter' is closed by exactly one leaf/prune/exit of the same state, depth first."""
    stack = []
    for e in trace:
        if e.kind == "enter":
            stack.append(e.state)
        else:
            assert stack and stack.pop() == e.state, e
    return not stack


def label_hash(state):
    """A deterministic, arbitrary evaluation of GameTree labels, in [-5, 5]: the same number for a label in
    every run."""
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5
