"""Weighted linear evaluation functions: EVAL(s) = sum_i w_i f_i(s)."""
import pytest

from gamelib.evaluation import Term, WeightedSum

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
