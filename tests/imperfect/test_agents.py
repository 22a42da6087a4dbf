"""Agents that play by their belief state (gamelib.imperfect.agents): an agent reads only its percept,
chooses a legal move (at random, or by averaging over clairvoyance), is the same every run for a seed, and
refuses bad arguments and a state where it is not to move."""
import pytest

from gamelib.core import ArgumentError, GameError, StateError
from gamelib.games import KuhnPoker, PhantomTicTacToe
from gamelib.imperfect.agents import BeliefAgent, phantom_value
from gamelib.players import play


@pytest.mark.parametrize("choose", ["random", "clairvoyance"])
def test_an_agent_plays_legal_moves_and_the_same_game_for_a_seed(choose):
    game = KuhnPoker()
    games = []
    for _ in range(2):
        agents = {"MAX": BeliefAgent(game, "MAX", choose, seed=3), "MIN": BeliefAgent(game, "MIN", "random", seed=4)}
        games.append(play(game, agents, seed=1))
    assert games[0] == games[1]


def test_clairvoyance_folds_a_jack_facing_a_bet():
    """Kuhn poker, MIN holds the jack facing MAX's bet: every card MAX may hold beats it, so calling loses
    2 and folding 1: averaging over clairvoyance folds."""
    game = KuhnPoker()
    agent = BeliefAgent(game, "MIN", "clairvoyance")
    s = game.initial_state
    s = game.result(s, next(o for o, _ in game.chance_outcomes(s) if o[1] == "J"))   # MIN is dealt the jack
    s = game.result(s, "bet")
    assert agent(s) == {"pass": 1.0} and agent.last_values["pass"] > agent.last_values["bet"]


def test_an_agent_refuses_to_move_for_another():
    game = PhantomTicTacToe()
    agent = BeliefAgent(game, "MIN", "random")
    with pytest.raises(StateError, match="who is not to move"):
        agent(game.initial_state)


@pytest.mark.parametrize("args, kwargs", [(("nobody",), {}), (("MAX", "psychic"), {}),
                                          (("MAX",), {"value": 3}), (("MAX", 5), {})])
def test_bad_arguments_are_refused(args, kwargs):
    with pytest.raises((ArgumentError, GameError, TypeError, ValueError)):
        BeliefAgent(KuhnPoker(), *args, **kwargs)


def test_phantom_value_is_tictactoes_value_of_the_true_board():
    value, game = phantom_value(), PhantomTicTacToe()
    assert value(game.initial_state) == 0
    with pytest.raises(StateError, match="not a phantom tic-tac-toe state"):
        value("X........")
