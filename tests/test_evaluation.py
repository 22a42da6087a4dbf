"""Weighted linear evaluation functions: EVAL(s) = sum_i w_i f_i(s)."""
import pytest

from gamelib.evaluation import Term, WeightedSum
from gamelib import ArgumentError, EvaluationError
from .bad_input import ZERO, case, check_bad_input, inf, nan

MATERIAL = WeightedSum({"queens": lambda s: s[0], "pawns": lambda s: s[1]}, {"queens": 9, "pawns": 1})


def test_value_is_the_weighted_sum_and_terms_explain_it():
    assert MATERIAL((1, -2)) == 7
    assert MATERIAL.terms((1, -2)) == {"queens": Term(1, 9, 9), "pawns": Term(-2, 1, -2)}
    assert sum(t.contribution for t in MATERIAL.terms((3, 4)).values()) == MATERIAL((3, 4))


def test_changing_a_weight_makes_a_copy():
    heavier = MATERIAL.with_weights(pawns=2)
    assert heavier((1, -2)) == 5 and MATERIAL((1, -2)) == 7
    assert repr(heavier) == "WeightedSum(9·queens + 2·pawns)"


def test_mismatched_features_and_weights_are_named():
    with pytest.raises(ValueError, match=r"unmatched: \['kings'\]"):
        WeightedSum({"queens": len}, {"queens": 1, "kings": 2})
    with pytest.raises(ValueError, match=r"no feature named \['rooks'\]"):
        MATERIAL.with_weights(rooks=5)


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: WeightedSum(5, {}), ArgumentError, "features", id="WeightedSum(5, {})"),
    case(lambda: WeightedSum({"a": ZERO}, {"b": 1}), ArgumentError, "unmatched", id="WeightedSum unmatched"),
    case(lambda: WeightedSum({"a": 5}, {"a": 1}), ArgumentError, "feature 'a'", id="WeightedSum feature not callable"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": nan}), ArgumentError, "weight of 'a'", id="WeightedSum weight nan"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": "x"}), ArgumentError, "weight of 'a'", id="WeightedSum weight str"),
    case(lambda: WeightedSum({"a": lambda s: None}, {"a": 1})(0), EvaluationError, "feature 'a'", "None",
         id="WeightedSum feature returns None"),
    case(lambda: WeightedSum({"a": lambda s: "x"}, {"a": 1}).terms(0), EvaluationError, "feature 'a'",
         id="WeightedSum.terms feature returns a string"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": 1}).with_weights(b=1), ArgumentError, "no feature",
         id="with_weights unknown"),
    case(lambda: WeightedSum({"a": ZERO}, {"a": 1}).with_weights(a=inf), ArgumentError, "weight of 'a'",
         id="with_weights inf"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
