"""gamelib.games as a whole: every game of imperfect information refuses a state of another game, a position
that cannot arise, a player not in the game and a bad setting, by name (issue 21)."""
import math
import re

import pytest

from gamelib import CHANCE, MAX, MIN, ArgumentError, StateError, expectiminimax
from gamelib.games import Connect4, HidingGame, KuhnPoker, PhantomTicTacToe, RoadGame
from gamelib.games.hiding import HidingState
from gamelib.games.kuhn import KuhnState, equilibrium
from gamelib.games.phantom_tictactoe import PhantomBoard
from gamelib.games.roads import RoadState


GAMES = {"kuhn": (KuhnPoker(), "pass"), "phantom": (PhantomTicTacToe(), (1, 1)), "roads": (RoadGame(), "A"),
         "hiding": (HidingGame(), "north")}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("method", ["to_move", "actions", "is_terminal", "result", "utility", "observation"])
@pytest.mark.parametrize("foreign", [Connect4().initial_state, None, (1, 2), "abc"])
def test_every_protocol_method_refuses_a_state_of_another_game(name, method, foreign):
    game, action = GAMES[name]
    args = {"result": (action,), "utility": (MAX,), "observation": (MAX,)}.get(method, ())
    with pytest.raises(StateError, match=f"{re.escape(repr(foreign))} is not a state of {re.escape(repr(game))}"):
        getattr(game, method)(foreign, *args)


@pytest.mark.parametrize("game, state", [
    (KuhnPoker(), KuhnState(("X", "Y"), "")), (KuhnPoker(), KuhnState(("J", "J"), "")),
    (KuhnPoker(), KuhnState(("J", "Q"), "ppp")), (KuhnPoker(), KuhnState(None, "p")),
    (PhantomTicTacToe(), PhantomBoard("XXX......")), (PhantomTicTacToe(), PhantomBoard(".........", MAX, "X........")),
    (PhantomTicTacToe(), PhantomBoard("XXXOO....", MIN, "XXX......", "OO.......", 0)),
    (RoadGame(), RoadState("middle")), (RoadGame(), RoadState("left", ("C",))), (RoadGame(day=1), RoadState("right")),
    (HidingGame(), HidingState("east")), (HidingGame(), HidingState(None, "north")),
])
def test_positions_that_cannot_arise_are_refused_at_a_searchs_entry(game, state):
    with pytest.raises(StateError, match="is not a state of"):
        expectiminimax(game, state)


@pytest.mark.parametrize("game, end", [
    (KuhnPoker(), KuhnState(("J", "Q"), "pp")), (PhantomTicTacToe(), PhantomTicTacToe("XXXOO....").initial_state),
    (RoadGame(), RoadState("left", ("A",))), (HidingGame(), HidingState("north", "north", "north"))])
@pytest.mark.parametrize("who", ["X", CHANCE, None])
def test_a_player_who_is_not_in_the_game_is_named(game, end, who):
    # Kuhn's utility for 'X' used to be MIN's, silently.
    with pytest.raises(ArgumentError, match=f"player must be MAX or MIN.*got {re.escape(repr(who))}"):
        game.utility(end, who)
    with pytest.raises(ArgumentError, match="player must be MAX or MIN"):
        game.observation(end, who)


@pytest.mark.parametrize("make, named", [
    (lambda: HidingGame(math.nan), "bonus must be a finite number .* got nan"),
    (lambda: HidingGame("1"), "bonus must be a finite number .* got '1'"),
    (lambda: RoadGame(heap="1"), "heap must be a finite number .* got '1'"),        # was accepted
    (lambda: RoadGame(bus=math.inf), "bus must be a finite number .* got inf"),
    (lambda: RoadGame(ask_cost=-1), "ask_cost must be a finite number .*>= 0.* got -1"),
    (lambda: RoadGame(day=True), "day must be a whole number .* got True"),
    (lambda: RoadGame(day=4), "day must be a whole number .* got 4"),
    (lambda: PhantomTicTacToe(x_view="X........"), "x_view must be 9 characters .* got 'X........'"),
    (lambda: PhantomTicTacToe("X........", o_view=5), "o_view must be 9 characters .* got 5"),
    (lambda: equilibrium(0.5), "alpha must be the Jack's bluffing probability.*<= 0.333.* got 0.5"),
])
def test_constructors_refuse_bad_settings_by_name(make, named):
    with pytest.raises(ArgumentError, match=named):
        make()
