"""gamelib.games.bins: CS221's bins game, its values from the notes, with and without the coin."""
import pytest

from gamelib import (
    CHANCE,
    ArgumentError,
    GameError,
    IllegalMoveError,
    StateError,
    expectimax,
    expectiminimax,
    minimax,
    uniform,
)
from gamelib.games import Bins
from gamelib.games.bins import BinsState

from ..bad_input import case, check_bad_input, nan


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


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: minimax(Bins(bins={})), ArgumentError, "bins", id="Bins(bins={})"),
    case(lambda: minimax(Bins(bins={"A": ()})), ArgumentError, "bins['A']", id="Bins empty bin"),
    case(lambda: Bins(bins={"A": (1, "x")}), ArgumentError, "bins['A']", id="Bins non-number"),
    case(lambda: Bins(bins={"A": (nan,)}), ArgumentError, "bins['A']", id="Bins NaN"),
    case(lambda: Bins(bins=[1, 2]), ArgumentError, "dict", id="Bins list"),
    case(lambda: Bins(coin="yes"), ArgumentError, "coin", id="Bins coin='yes'"),
    case(lambda: Bins(bins={"heads": (1,)}), ArgumentError, "heads", id="Bins named heads"),
    case(lambda: expectiminimax(Bins(coin=True), "choose"), StateError, "BinsState",
         id="expectiminimax bad Bins state"),
    case(lambda: expectiminimax(Bins(), BinsState("fly")), StateError, "phase", id="Bins unknown phase"),
    case(lambda: expectiminimax(Bins(), BinsState("coin", "A")), StateError, "BinsState",
         id="Bins coin state in game 1"),
    case(lambda: Bins().utility(BinsState("end", "A", 50), CHANCE), GameError, "CHANCE", id="Bins utility CHANCE"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)
