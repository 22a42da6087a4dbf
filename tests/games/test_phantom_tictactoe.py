"""Games of imperfect information: phantom tic-tac-toe (OpenSpiel's phantom_ttt, classical version,
reveal-nothing), Kuhn poker, the road game and the hiding game; and the default observation."""
import math
import re

import pytest

from gamelib import (CHANCE, MAX, MIN, ArgumentError, IllegalMoveError, StateError, TooLargeError, alphabeta,
                     expectiminimax, minimax, play, uniform)
from gamelib.core import Game
from gamelib.games import Connect4, HidingGame, KuhnPoker, PhantomTicTacToe, RoadGame, TicTacToe
from gamelib.games.hiding import HidingState
from gamelib.games.kuhn import KuhnState, equilibrium
from gamelib.games.phantom_tictactoe import PhantomBoard
from gamelib.games.roads import RoadState


def test_the_default_observation_is_the_state_itself():
    game = TicTacToe()
    s = game.result(game.initial_state, (1, 1))
    assert game.observation(s, MAX) is s and game.observation(s, MIN) is s
    assert Game.observation(game, "anything", MAX) == "anything"


# -- phantom tic-tac-toe -------------------------------------------------------------------------------

def test_phantom_a_move_onto_the_opponents_square_is_refused_and_the_same_player_moves_again():
    game = PhantomTicTacToe()
    s = game.result(game.initial_state, (1, 1))          # X takes the centre
    assert game.to_move(s) == MIN and len(game.actions(s)) == 9  # O knows nothing yet
    t = game.result(s, (1, 1))                           # O tries the centre: "illegal"
    assert t.squares == s.squares and game.to_move(t) == MIN
    assert game.observation(t, MIN) == "....X...." and (1, 1) not in game.actions(t)
    assert game.announcement(s, t) == "illegal"
    u = game.result(t, (0, 0))
    assert game.announcement(t, u) == "moved" and game.to_move(u) == MAX
    assert game.observation(u, MAX) == "....X...."      # X learns nothing of O's move (reveal-nothing)
    assert game.observation(u, MIN) == "O...X...."
    with pytest.raises(IllegalMoveError):
        game.result(t, (1, 1))                           # a square O already knows is not an action


def test_phantom_actions_are_the_squares_empty_in_the_movers_view_row_major():
    game = PhantomTicTacToe()
    s = game.initial_state
    assert game.actions(s) == tuple((r, c) for r in range(3) for c in range(3))
    for move in [(0, 0), (0, 0), (2, 2)]:               # X at (0,0); O bumps into it, then plays (2,2)
        s = game.result(s, move)
    assert game.actions(s) == tuple(sq for sq in game.actions(game.initial_state) if sq != (0, 0))
    assert s.o_view == "X.......O" and s.x_view == "X........"


def test_phantom_lines_and_full_boards_end_the_game_as_in_tictactoe():
    game = PhantomTicTacToe()
    s = game.initial_state
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        s = game.result(s, move)
    assert game.is_terminal(s) and game.utility(s, MAX) == 1 and game.utility(s, MIN) == -1
    assert game.actions(s) == ()
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(s, (2, 2))


def test_phantom_played_with_full_knowledge_is_tictactoe():
    """A random playout's true boards are tic-tac-toe positions, and each legal move's result agrees."""
    game, ttt = PhantomTicTacToe(), TicTacToe()
    for seed in range(20):
        out = play(game, {MAX: uniform(game), MIN: uniform(game)}, seed=seed)
        for before, move, after in zip(out.states, out.actions, out.states[1:]):
            if after.squares != before.squares:
                board = ttt.result(TicTacToe.parse(before.squares), move)
                assert "".join(board.squares) == after.squares
        assert out.utility == TicTacToe.parse(out.states[-1].squares).winner_utility


def test_phantom_position_constructor_checks_views():
    game = PhantomTicTacToe("XO.......", x_view="XO.......")
    assert game.to_move(game.initial_state) == MAX and game.initial_state.o_view == ".O......."
    with pytest.raises(ValueError, match="view"):
        PhantomTicTacToe("XO.......", x_view="X.......O")
    with pytest.raises(ValueError, match="view"):
        PhantomTicTacToe("XO.......", o_view=".........")  # O's view must show O's own mark
    assert repr(PhantomTicTacToe()) == "PhantomTicTacToe()"
    assert isinstance(game.initial_state, PhantomBoard)


# -- Kuhn poker ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("deal, history, u", [
    ("KQ", "pp", 1), ("QK", "pp", -1), ("JQ", "bp", 1), ("KJ", "pbp", -1), ("QJ", "bb", 2),
    ("JK", "bb", -2), ("QK", "pbb", -2), ("KQ", "pbb", 2)])
def test_kuhn_utilities(deal, history, u):
    game = KuhnPoker()
    s = game.result(game.initial_state, deal)
    for ch in history:
        s = game.result(s, {"p": "pass", "b": "bet"}[ch])
    assert game.is_terminal(s) and game.utility(s, MAX) == u and game.utility(s, MIN) == -u


def test_kuhn_one_chance_deal_then_pass_bet_and_readable_information_sets():
    game = KuhnPoker()
    s0 = game.initial_state
    assert game.to_move(s0) == CHANCE
    deals = game.chance_outcomes(s0)
    assert [d for d, _ in deals] == ["JQ", "JK", "QJ", "QK", "KJ", "KQ"]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in deals)
    s = game.result(s0, "QK")
    assert game.actions(s) == ("pass", "bet") and game.information_set(s, MAX) == "Q"
    s = game.result(s, "bet")
    assert game.to_move(s) == MIN and game.information_set(s, MIN) == "Kb"
    with pytest.raises(IllegalMoveError):
        game.result(s0, "QQ")
    with pytest.raises(IllegalMoveError):
        game.result(s, "raise")


def test_kuhn_with_everything_visible_is_worth_zero():
    # Perfect information: nobody calls a bet it knows it loses, nobody bets into a sure fold for more,
    # so the better card wins the ante and nothing more: +1 in three deals, -1 in the other three.
    game = KuhnPoker()
    assert abs(expectiminimax(game).value) < 1e-12
    for deal in ("KQ", "KJ", "QJ"):
        assert expectiminimax(game, game.result(game.initial_state, deal)).value == 1


def test_kuhn_equilibrium_family_checks_alpha():
    assert equilibrium(0)["K"] == {"pass": 1.0, "bet": 0.0}
    with pytest.raises(ValueError, match="alpha"):
        equilibrium(0.5)


# -- the clairvoyance lessons ----------------------------------------------------------------------------

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


def test_hiding_game_rules():
    game = HidingGame()
    s = game.result(game.result(game.initial_state, "north"), "north")
    assert game.observation(s, MIN) == "MAX marched north" and game.observation(s, MAX) == "treasure north"
    end = game.result(s, "defend north")
    assert game.utility(end, MAX) == -0.5 and game.utility(end, MIN) == 0.5
    end = game.result(s, "defend south")
    assert game.utility(end, MAX) == 1.5
    with pytest.raises(IllegalMoveError):
        game.result(s, "north")


# -- bad input (issue 21): states of another game, players not in the game, bad settings --------------

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


def test_the_issues_example_a_connect_four_board_in_kuhn_poker():
    with pytest.raises(StateError, match=r"Board\('.......* is not a state of KuhnPoker\(\)"):
        KuhnPoker().result(Connect4().initial_state, "pass")        # was AttributeError


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


def test_hiding_game_with_nan_no_longer_fails_later_with_stop_iteration():
    with pytest.raises(ArgumentError, match="bonus"):
        expectiminimax(HidingGame(float("nan")))


def test_phantom_searches_to_the_end_have_a_size_guard():
    with pytest.raises(TooLargeError, match="9 squares are empty .*give depth= and evaluate="):
        minimax(PhantomTicTacToe())
    assert alphabeta(PhantomTicTacToe("XOXO.....")).value in (-1, 0, 1)         # five empty: searched
    with pytest.raises(IllegalMoveError, match=r"illegal move \[1, 1\]"):
        PhantomTicTacToe().result(PhantomTicTacToe().initial_state, [1, 1])
