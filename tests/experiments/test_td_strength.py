"""Measuring a learned evaluation (gamelib.experiments.td_strength): agreement with tic-tac-toe's exact values
(an exact evaluation agrees fully, a constant one does not), a learning curve read from td_learn's history, and
a reproducible Connect Four match.  TD learning itself is tests/test_td.py's."""
from __future__ import annotations

import pytest

from gamelib import ArgumentError
from gamelib.experiments import td_strength as xt
from gamelib.games import TicTacToe
from gamelib.games import connect4 as c4
from gamelib.games import tictactoe as ttt
from gamelib.td import td_learn

ZERO = {"open_lines": 0, "threats": 0, "centre": 0}


def test_the_exact_values_agree_fully_and_a_constant_does_not():
    table, _ = xt._tictactoe_positions()
    exact = xt.tictactoe_agreement(table.value)
    assert exact.rmse == 0 and exact.optimal_moves == 1.0
    flat = xt.tictactoe_agreement(lambda s: 0.0)
    assert flat.rmse > 0 and flat.optimal_moves < 1.0
    assert str(exact) == "RMSE 0.000, optimal one-ply moves 100.0%"


def test_learning_curve_reads_the_history():
    start = ttt.evaluation(ZERO)
    result = td_learn(TicTacToe(), start, iterations=10, alpha=0.01, seed=0)
    curve = xt.learning_curve(result, lambda ev: ev.weights["threats"], [1, 5, 10])
    assert list(curve) == [1, 5, 10] and curve[10] == result.evaluation.weights["threats"]


def test_connect4_match_is_reproducible():
    a = xt.connect4_match(c4.evaluation({"centre": 0}), depth=1, games=2, seed=1)
    b = xt.connect4_match(c4.evaluation({"centre": 0}), depth=1, games=2, seed=1)
    assert a[:3] == b[:3] and a.games == 2


def test_learning_curve_wants_a_td_result():
    with pytest.raises(ArgumentError, match="result must be what gamelib.td.td_learn returns .* got 5"):
        xt.learning_curve(5, len, [1])
