"""Evaluation functions as weighted linear sums of named features (AIMA 4th ed. §5.3.1; 3rd ed. §5.4.1;
the Purdue slides, "EVALUATION FUNCTIONS"):

    EVAL(s) = w1 f1(s) + w2 f2(s) + ... + wn fn(s)

e.g. f1(s) = (number of white queens) − (number of black queens), w1 = 9.  The features and weights are
named so a notebook can print every term and change a weight.  An evaluation estimates MAX's utility:
it should order terminal states as the utility does, be fast, and correlate with the chance of winning.
"""
from __future__ import annotations

import numbers
from typing import Callable, Mapping, NamedTuple

from .core import ArgumentError, EvaluationError


class Term(NamedTuple):
    """One feature's contribution: its value f(s), its weight w, and w * f(s)."""

    feature: float
    weight: float
    contribution: float


class WeightedSum:
    """``EVAL(s) = sum_i w_i f_i(s)`` over named features: call it on a state to evaluate it.

    >>> material = WeightedSum({"queens": lambda s: s[0], "pawns": lambda s: s[1]},
    ...                        {"queens": 9, "pawns": 1})
    >>> material((1, -2))
    7
    >>> material.with_weights(pawns=2)((1, -2))
    5
    >>> WeightedSum({"a": lambda s: 5, "b": lambda s: -2}, {"a": 0.04, "b": -0.12})(None) == 0.44
    True
    """

    def __init__(self, features: Mapping[str, Callable], weights: Mapping[str, float]):
        for name, given in (("features", features), ("weights", weights)):
            if not isinstance(given, Mapping):
                raise ArgumentError(f"{name} must be a dict keyed by feature name, got {given!r}")
        missing = set(features) ^ set(weights)
        if missing:
            raise ArgumentError(f"every feature needs exactly one weight; unmatched: {sorted(missing, key=str)}")
        for name, f in features.items():
            if not callable(f):
                raise ArgumentError(f"feature {name!r} must be a function state -> number, got {f!r}")
        _check_weights(weights)
        self.features = dict(features)
        self.weights = dict(weights)
        self._pairs = [(self.features[name], self.weights[name]) for name in self.features]

    def __call__(self, state) -> float:
        # Rounded to 12 decimals so that sums equal in exact arithmetic compare equal: with weights
        # like 0.04 and 0.12, 0.04·5 and 0.12 + 0.04·2 differ in the last bit, and a search that moves
        # only on a strictly better value would otherwise break a true tie by rounding error.
        total = 0
        try:
            for f, w in self._pairs:
                total += w * f(state)
        except TypeError:          # a feature returned None, a string, ...: say which one
            raise self._bad_feature(state) from None
        return round(total, 12)

    def _bad_feature(self, state) -> Exception:
        for name, f in self.features.items():
            value = f(state)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                return EvaluationError(f"feature {name!r} returned {value!r} at {state!r}: features "
                                       "must return real numbers")
        return EvaluationError(f"the weighted sum {self!r} cannot be computed at {state!r}")

    def terms(self, state) -> dict[str, Term]:
        """Every feature's value, weight and contribution at ``state``, by name."""
        out = {}
        for name, f in self.features.items():
            value = f(state)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise EvaluationError(f"feature {name!r} returned {value!r} at {state!r}: features must "
                                      "return real numbers")
            out[name] = Term(value, self.weights[name], self.weights[name] * value)
        return out

    def with_weights(self, **changes: float) -> "WeightedSum":
        """A copy with some weights changed (the features stay the same)."""
        unknown = set(changes) - set(self.weights)
        if unknown:
            raise ArgumentError(f"no feature named {sorted(unknown)}; features: {sorted(self.features)}")
        return WeightedSum(self.features, {**self.weights, **changes})

    def __repr__(self):
        body = " + ".join(f"{w:g}·{name}" for name, w in self.weights.items())
        return f"WeightedSum({body})"


def changed_weights(defaults: Mapping[str, float], weights: Mapping[str, float] | None) -> dict:
    """``defaults`` with the weights a caller changed (``weights``: a dict {feature: weight} or None),
    each named feature one of ``defaults``': what a game's ``evaluation(weights)`` builds its sum from."""
    if weights is not None and not isinstance(weights, dict):
        raise ArgumentError(f"weights must be a dict {{feature: weight}}, got {weights!r}")
    unknown = set(weights or ()) - set(defaults)
    if unknown:
        raise ArgumentError(f"no feature named {sorted(unknown)}; features: {sorted(defaults)}")
    return dict(defaults, **(weights or {}))


def _check_weights(weights) -> None:
    for name, w in weights.items():
        if isinstance(w, bool) or not isinstance(w, numbers.Real) or not w == w or w in (
                float("inf"), float("-inf")):
            raise ArgumentError(f"the weight of {name!r} must be a finite number, got {w!r}")
