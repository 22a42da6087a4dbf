"""Phantom tic-tac-toe experiments (gamelib.experiments.partial_observability): belief-state sizes along played
games (X starts knowing the board, O not knowing X's first move; the same seeds, the same games), and the
census of information states that admit a guaranteed win."""
import pytest

from gamelib import ArgumentError
from gamelib.experiments.partial_observability import belief_sizes, guaranteed_win_census
from gamelib.games import PhantomTicTacToe
from gamelib.imperfect.agents import BeliefAgent


def _agents(game):
    return {"MAX": BeliefAgent(game, "MAX", "random", seed=1), "MIN": BeliefAgent(game, "MIN", "random", seed=2)}


def test_belief_sizes_follow_each_players_percepts_and_repeat_for_a_seed():
    game = PhantomTicTacToe()
    rows = belief_sizes(game, _agents(game), [0, 1], key=lambda s: s.squares)
    assert [r.player for r in rows] == ["MAX", "MIN", "MAX", "MIN"]
    for r in rows:
        assert len(r.states) == len(r.boards) and all(b <= s for s, b in zip(r.states, r.boards))
    assert rows[0].states[0] == 1 and rows[1].states[0] == 9      # O does not see X's first move
    assert belief_sizes(game, _agents(game), [0, 1], key=lambda s: s.squares) == rows


def test_the_census_finds_a_win_one_move_away():
    """X to move on X O . / X O . / . . .: the bottom-left square completes X's column."""
    game = PhantomTicTacToe("XO.XO....", x_view="XO.XO....", o_view="XO.XO....")
    rows = guaranteed_win_census(game, "MAX", [[game.initial_state]])
    assert rows[0][:3] == (2, 1, 1)
    assert [r.marks for r in rows] == sorted(r.marks for r in rows)
    assert all(r.guaranteed_wins <= r.information_states and r.mean_boards >= 1 for r in rows)


@pytest.mark.parametrize("policies, seeds, why", [("MAX", [0], "policies must be a dict"),
                                                  (None, "0", "seeds must be a list")])
def test_bad_arguments_say_what_is_wanted(policies, seeds, why):
    game = PhantomTicTacToe()
    with pytest.raises(ArgumentError, match=why):
        belief_sizes(game, _agents(game) if policies is None else policies, seeds)
