"""gamelib.games.matrix_games: a matrix game checks what it is given and keeps its payoffs exactly."""
import math
from fractions import Fraction

import pytest

from gamelib import ArgumentError
from gamelib.games import MatrixGame
from gamelib.games.matrix_games import PRISONERS_DILEMMA, zero_sum
from gamelib.normal_form import solve_zero_sum


@pytest.mark.parametrize("args, message", [
    ((5, "ab", "cd", [[1, 2], [3, 4]], [[1, 2], [3, 4]]), r"name must be a string \(the game's name\), got 5"),
    (("g", ("a",), ("c", "d"), [[1, 2], [3, 4]], [[1, 2], [3, 4]]),
     r"row_actions must be 2 distinct names \(strings\), one for each row action of the payoffs, got \('a',\)"),
    (("g", ("a", "a"), ("c", "d"), [[1, 2], [3, 4]], [[1, 2], [3, 4]]), r"row_actions must be 2 distinct names"),
    (("g", ("a", "b"), (1, 2), [[1, 2], [3, 4]], [[1, 2], [3, 4]]),
     r"col_actions must be 2 distinct names .*got \(1, 2\)"),
    (("g", ("a", "b"), None, [[1, 2], [3, 4]], [[1, 2], [3, 4]]), r"col_actions must be 2 distinct names"),
    (("g", ("a", "b"), ("c", "d"), [[1, 2], [3]], [[1, 2], [3, 4]]), r"row_payoffs is ragged"),
    (("g", ("a", "b"), ("c", "d"), [[1, 2], [3, 4]], [[1, 2]]), r"row_payoffs is 2×2 but col_payoffs is 1×2"),
    (("g", ("a", "b"), ("c", "d"), [[1, 2], [3, 4]], [[1, float("nan")], [3, 4]]), r"col_payoffs\[0\]\[1\] is nan"),
])
def test_a_matrix_game_checks_what_it_is_given(args, message):
    with pytest.raises(ArgumentError, match=message):
        MatrixGame(*args)


def test_matrix_games_keep_their_payoffs_exactly():
    g = PRISONERS_DILEMMA
    assert g.row_payoffs == ((-5, 0), (-10, -1)) and isinstance(g, tuple) and g[0] == "prisoner's dilemma"
    with pytest.raises(ArgumentError, match=r"row_payoffs\[0\]\[0\] is nan"):
        g._replace(row_payoffs=[[float("nan"), 0], [0, 0]])
    with pytest.raises(ArgumentError, match="col_actions must be 2 distinct names"):
        MatrixGame._make(["g", ("a", "b"), ("c",), [[1, 2], [3, 4]], [[1, 2], [3, 4]]])
    third = zero_sum("thirds", ("a", "b"), ("c", "d"), [[Fraction(1, 3), 0], [0, Fraction(2, 3)]])
    assert third.zero_sum and third.col_payoffs[0][0] == Fraction(-1, 3)
    assert "1/3, -1/3" in third.table() and "0, 0" in third.table()
    assert g._replace(name="pd").name == "pd"
    with pytest.raises(ArgumentError, match=r"payoffs\[0\]\[1\] is 'x'"):
        zero_sum("g", "ab", "cd", [[1, "x"], [3, 4]])
    assert math.isclose(solve_zero_sum(third.row_payoffs).value, 2 / 9)
