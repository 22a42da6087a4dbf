"""gamelib.core: the game protocol's defaults."""


from gamelib import MAX, MIN
from gamelib.core import Game
from gamelib.games import TicTacToe


def test_the_default_observation_is_the_state_itself():
    game = TicTacToe()
    s = game.result(game.initial_state, (1, 1))
    assert game.observation(s, MAX) is s and game.observation(s, MIN) is s
    assert Game.observation(game, "anything", MAX) == "anything"
