"""Raid (gamelib.games.raid), the three-player game of max^n (its searches are tests/test_maxn.py's): the rules
(grow +1, a raid -2 never below 0, a fixed number of moves, players in turn), a constant-sum utility whose
ties share the win, and clear errors for bad players, scores and states."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core import ArgumentError, StateError
from gamelib.games import Raid
from gamelib.games.raid import GROW, RaidState


def test_the_rules():
    game = Raid(moves=4)
    s = game.initial_state
    assert s == RaidState((0, 0, 0), 0, 4) and game.to_move(s) == "A"
    assert game.actions(s) == (GROW, "raid B", "raid C")
    s = game.result(s, GROW)                                     # A 1
    assert (s.scores, game.to_move(s)) == ((1, 0, 0), "B")
    s = game.result(s, "raid A")                                 # A 1 - 2, never below 0
    assert s.scores == (0, 0, 0) and game.to_move(s) == "C"
    s = game.result(game.result(s, GROW), GROW)
    assert game.is_terminal(s) and game.actions(s) == () and s.scores == (1, 0, 1)
    assert game.describe(s) == "A 1 · B 0 · C 1 · game over"
    with pytest.raises(Exception, match="raid"):
        game.result(game.initial_state, "raid A")                # A cannot raid itself


def test_the_highest_score_wins_and_ties_share():
    game = Raid()
    assert game.utilities(game.state((3, 1, 0), moves_left=0)) == (1.0, 0.0, 0.0)
    assert game.utilities(game.state((2, 2, 0), moves_left=0)) == (0.5, 0.5, 0.0)
    assert game.utility(game.state((1, 1, 1), moves_left=0), "B") == pytest.approx(1 / 3)
    assert game.margins(game.state((4, 1, 2))) == (2, -3, -2)


@given(st.lists(st.integers(0, 3), min_size=0, max_size=12), st.integers(2, 4))
def test_any_game_ends_on_time_with_utilities_summing_to_one(choices, players):
    game = Raid(players=tuple("ABCD"[:players]), moves=len(choices))
    s = game.initial_state
    for k in choices:
        acts = game.actions(s)
        s = game.result(s, acts[k % len(acts)])
        assert all(x >= 0 for x in s.scores)
    assert game.is_terminal(s)
    assert sum(game.utilities(s)) == pytest.approx(1.0)
    assert max(s.scores) <= len(choices)


@pytest.mark.parametrize("kwargs", [{"players": "ABC"}, {"players": ("A",)}, {"players": ("A", "A")},
                                    {"players": ("A", "CHANCE")}, {"moves": -1}, {"moves": True},
                                    {"scores": (1, 2)}, {"scores": (0, -1, 0)}])
def test_a_bad_game_is_refused_saying_why(kwargs):
    with pytest.raises(ArgumentError):
        Raid(**kwargs)


def test_a_bad_state_or_player_is_refused_saying_why():
    game = Raid()
    with pytest.raises(StateError, match="is not a state of"):
        game.actions((0, 0, 0))
    with pytest.raises(StateError):
        game.state((0, 0), "A")
    with pytest.raises(ArgumentError, match="to_move must be one of"):
        game.state((0, 0, 0), "Z")
    with pytest.raises(ArgumentError, match="not a player"):
        game.utility(game.initial_state, "Z")


def test_a_game_too_large_to_solve_says_so():
    assert Raid(moves=5).too_large_to_solve(Raid(moves=5).initial_state) is None
    assert "3^20" in Raid(moves=20).too_large_to_solve(Raid(moves=20).initial_state)
    assert repr(Raid(players=("X", "Y"), moves=3, scores=(1, 0))) == "Raid(players=('X', 'Y'), moves=3, scores=(1, 0))"
