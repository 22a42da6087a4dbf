"""gamelib.games.halving: the halving game's rules and the notes' values."""
import pytest

from gamelib import MAX, ArgumentError, GameError, IllegalMoveError, StateError, minimax
from gamelib.games import Halving
from gamelib.games.halving import HalvingState

from ..bad_input import case, check_bad_input


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


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: Halving(-1), ArgumentError, "n >= 0", id="Halving(-1)"),
    case(lambda: Halving(2.5), ArgumentError, "2.5", id="Halving(2.5)"),
    case(lambda: Halving(True), ArgumentError, "True", id="Halving(True)"),
    case(lambda: minimax(Halving(5), HalvingState(-1, MAX)), StateError, "HalvingState", id="Halving negative state"),
    case(lambda: minimax(Halving(5), HalvingState(3, "BOB")), StateError, "to_move", id="Halving player BOB"),
    case(lambda: Halving(5).utility(HalvingState(0, MAX), "BOB"), GameError, "'BOB'", id="Halving utility BOB"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
