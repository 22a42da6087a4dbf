"""gamelib.experiments.matches: matches between agents, shared by mcts_strength and td_strength (issue 24
moved them here, which ended the import cycle between the two)."""
import pytest

from gamelib import ArgumentError, alphabeta
from gamelib.experiments import matches
from gamelib.games import TicTacToe


def test_bad_match_arguments():
    game = TicTacToe()
    agent = matches.random_agent(game)
    with pytest.raises(ArgumentError, match="games"):
        matches.versus(game, agent, agent, games=0)
    with pytest.raises(ArgumentError, match="opponent"):
        matches.versus(game, agent, None, games=1)


def test_agents_check_their_arguments_when_they_are_made():
    with pytest.raises(ArgumentError, match="table must be an endgame table .* got 5"):
        matches.perfect_agent(TicTacToe(), 5)
    with pytest.raises(ArgumentError, match="evaluate must be a function .* got None"):
        matches.iterative_deepening_agent(TicTacToe(), None)
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        matches.random_agent(TicTacToe(), seed=float("nan"))


def test_perfect_play_never_loses_and_draws_itself():
    game, table = TicTacToe(), matches.tictactoe_table()
    assert matches.tictactoe_table() is table                # built once
    perfect = matches.perfect_agent(game, table, seed=1)
    assert matches.versus(game, perfect, matches.perfect_agent(game, table, seed=2), games=4)[:3] == (0, 4, 0)
    record = matches.versus(game, perfect, matches.random_agent(game, seed=3), games=6, seed=3)
    assert record.losses == 0 and record.games == 6 and record.score >= 0.5


def test_an_alphabeta_agent_plays_alphabetas_move():
    game = TicTacToe()
    agent = matches.alphabeta_agent(game, lambda s: 0, depth=2)
    s = game.result(game.initial_state, (1, 1))
    assert agent(s) == alphabeta(game, s, depth=2, evaluate=lambda s: 0).action


def test_the_old_names_in_mcts_strength_are_these():
    from gamelib.experiments import mcts_strength
    for name in ("Record", "versus", "random_agent", "perfect_agent", "iterative_deepening_agent"):
        assert getattr(mcts_strength, name) is getattr(matches, name)
