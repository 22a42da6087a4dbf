"""gamelib.games.halving: the halving game's rules and the notes' values."""
import pytest

from gamelib import IllegalMoveError, minimax
from gamelib.games import Halving


# --- halving (CS221) -----------------------------------------------------------------------------
@pytest.mark.parametrize("n, value", [(1, -1), (2, 1), (3, 1), (4, -1), (5, 1)])
def test_halving_values(n, value):
    # n=1: both moves leave the opponent with 0, who wins.  n=4: '-' -> 3 and '/' -> 2, both wins for
    # the opponent (3: '/' leaves 1; 2: '-' leaves 1).
    assert minimax(Halving(n)).value == value


def test_halving_rules():
    game = Halving(5)
    s = game.initial_state
    assert game.actions(s) == ("-", "/")
    assert game.result(s, "-").n == 4 and game.result(s, "/").n == 2
    with pytest.raises(IllegalMoveError, match=r"'\*'.*legal: \['-', '/'\]"):
        game.result(s, "*")
    with pytest.raises(ValueError, match="whole number"):
        Halving(-1)
