"""gamelib.games.bins: CS221's bins game, its values from the notes, with and without the coin."""
import pytest

from gamelib import CHANCE, IllegalMoveError, expectiminimax, expectimax, minimax, uniform
from gamelib.games import Bins


# --- bins (CS221 games 1 and 2) -------------------------------------------------------------------
def test_bins_game_1_values_from_the_notes():
    game = Bins()
    assert minimax(game)[:2] == (1, "B")
    assert expectimax(game, opponent_policy=uniform(game))[:2] == (5, "C")


def test_bins_game_2_with_the_coin():
    game = Bins(coin=True)
    result = expectiminimax(game)
    assert (result.value, result.action) == (-2, "C")
    coin = game.result(game.initial_state, "A")
    assert game.to_move(coin) == CHANCE
    assert game.result(coin, "heads").bin == "C"  # one bin to the left, wrapping around
    with pytest.raises(IllegalMoveError, match=r"'edge'.*legal: \['heads', 'tails'\]"):
        game.result(coin, "edge")


def test_bins_illegal_choice():
    game = Bins()
    with pytest.raises(IllegalMoveError, match=r"'D'.*legal: \['A', 'B', 'C'\]"):
        game.result(game.initial_state, "D")
    b = game.result(game.initial_state, "B")
    with pytest.raises(IllegalMoveError, match=r"50.*legal: \[1, 3\]"):
        game.result(b, 50)
