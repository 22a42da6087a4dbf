"""gamelib.games.hiding: the hiding game's rules and settings."""

import pytest

from gamelib import MAX, MIN, ArgumentError, IllegalMoveError, expectiminimax
from gamelib.games import HidingGame


def test_hiding_game_rules():
    game = HidingGame()
    s = game.result(game.result(game.initial_state, "north"), "north")
    assert game.observation(s, MIN) == "MAX marched north" and game.observation(s, MAX) == "treasure north"
    end = game.result(s, "defend north")
    assert game.utility(end, MAX) == -0.5 and game.utility(end, MIN) == 0.5
    end = game.result(s, "defend south")
    assert game.utility(end, MAX) == 1.5
    with pytest.raises(IllegalMoveError):
        game.result(s, "north")


def test_hiding_game_with_nan_no_longer_fails_later_with_stop_iteration():
    with pytest.raises(ArgumentError, match="bonus"):
        expectiminimax(HidingGame(float("nan")))
