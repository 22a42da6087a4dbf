"""gamelib.games.roads: the road game, where days one and two are known and day three is a coin."""

import pytest

from gamelib import MAX, expectiminimax
from gamelib.games import RoadGame


def test_road_game_days_one_and_two_are_known_and_day_three_is_a_coin():
    for day, safe in ((1, "left"), (2, "right")):
        game = RoadGame(day)
        assert game.chance_outcomes(game.initial_state) == [(safe, 1.0)]
        assert expectiminimax(game).value == 2                      # take road B, then the safe fork
    game = RoadGame()
    assert [p for _, p in game.chance_outcomes(game.initial_state)] == [0.5, 0.5]
    assert expectiminimax(game).value == 2      # what a clairvoyant believes: it "sees" the safe fork
    s = game.result(game.result(game.initial_state, "right"), "B")
    assert game.observation(s, MAX) == "fork" and game.actions(s) == ("left", "right")
    asking = RoadGame(ask_cost=0.1)
    s = game.result(asking.initial_state, "left")
    assert asking.actions(s) == ("ask", "A", "B")
    s = asking.result(s, "ask")
    assert asking.observation(s, MAX) == "asked, left is safe" and asking.actions(s) == ("A", "B")
    s = asking.result(asking.result(s, "B"), "left")
    assert asking.is_terminal(s) and abs(asking.utility(s, MAX) - 1.9) < 1e-12
    with pytest.raises(ValueError, match="day"):
        RoadGame(4)
