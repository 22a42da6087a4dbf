"""What a player perceives (gamelib.imperfect.percepts): the observation while the game goes on, GameOver
(the player's utility and its last observation) once it is over, and a clear error for a bad game, state or
player before the game is asked anything."""
import pytest

from gamelib.games import KuhnPoker, PhantomTicTacToe
from gamelib.imperfect.percepts import GameOver, percept


def test_while_the_game_goes_on_a_player_perceives_its_observation():
    game = PhantomTicTacToe()
    state = game.initial_state
    for player in ("MAX", "MIN"):
        assert percept(game, state, player) == game.observation(state, player)


def test_once_the_game_is_over_a_player_learns_the_result():
    game = KuhnPoker()
    state = game.initial_state
    while not game.is_terminal(state):
        if game.to_move(state) == "CHANCE":
            state = game.result(state, game.chance_outcomes(state)[0][0])
        else:
            state = game.result(state, game.actions(state)[0])
    for player in ("MAX", "MIN"):
        seen = percept(game, state, player)
        assert seen == GameOver(game.utility(state, player), game.observation(state, player))
    assert percept(game, state, "MAX").utility == -percept(game, state, "MIN").utility


@pytest.mark.parametrize("game, state, player", [
    ("not a game", None, "MAX"),
    (PhantomTicTacToe(), "not a state", "MAX"),
    (PhantomTicTacToe(), None, "nobody"),
])
def test_a_bad_game_state_or_player_is_a_clear_error(game, state, player):
    from gamelib.core import GameError
    state = PhantomTicTacToe().initial_state if state is None else state
    with pytest.raises((GameError, TypeError, ValueError)):
        percept(game, state, player)
