"""The games: rules, illegal moves, and the exact values the lecture notes give."""
import pytest

import gamelib
from gamelib import CHANCE, MAX, MIN, IllegalMoveError, expectiminimax, expectimax, minimax, uniform
from gamelib.games import Bins, Halving, TicTacToe


# --- tic-tac-toe ---------------------------------------------------------------------------------
def test_tictactoe_actions_are_row_major_and_x_moves_first():
    game = TicTacToe()
    s = game.initial_state
    assert game.to_move(s) == MAX
    assert list(game.actions(s)) == [(r, c) for r in range(3) for c in range(3)]
    s2 = game.result(s, (1, 1))
    assert s2.squares[4] == "X" and game.to_move(s2) == MIN
    assert (1, 1) not in game.actions(s2)
    assert s.squares == (".",) * 9, "RESULT must not change the state it was given"
    assert hash(s2) == hash(game.result(s, (1, 1)))


def test_tictactoe_illegal_move_names_the_move_and_the_legal_ones():
    game = TicTacToe("XO.......")
    with pytest.raises(IllegalMoveError, match=r"illegal move \(0, 1\).*legal: \[\(0, 2\), \(1, 0\)"):
        game.result(game.initial_state, (0, 1))
    with pytest.raises(IllegalMoveError, match=r"\(3, 3\)"):
        game.result(game.initial_state, (3, 3))
    won = TicTacToe("XXXOO....").initial_state
    assert game.is_terminal(won) and game.utility(won, MAX) == 1 and game.utility(won, MIN) == -1
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result(won, (2, 2))


def test_tictactoe_parse_rejects_impossible_boards():
    with pytest.raises(ValueError, match="X moves first"):
        TicTacToe("OO.......")
    with pytest.raises(ValueError, match="9 characters"):
        TicTacToe("XO")


def test_tictactoe_full_tree_is_a_draw_with_549946_nodes():
    result = minimax(TicTacToe())
    assert result.value == 0
    assert result.nodes == 549_946
    assert result.action == (0, 0)  # every first move draws; the first one listed is kept


def test_tictactoe_finds_the_win_and_the_block():
    game = TicTacToe("XX.OO....")        # X to move: (0, 2) wins at once
    assert minimax(game).value == 1 and minimax(game).action == (0, 2)
    game = TicTacToe("XX.O.....")        # O to move must block at (0, 2)
    assert minimax(game).action == (0, 2)


# --- halving (CS221) -----------------------------------------------------------------------------
@pytest.mark.parametrize("n, value", [(1, -1), (2, 1), (3, 1), (4, -1), (5, 1)])
def test_halving_values(n, value):
    # n=1: both moves leave the opponent with 0, who wins.  n=4: '-' -> 3 and '/' -> 2, both wins for
    # the opponent (3: '/' leaves 1; 2: '-' leaves 1).
    assert minimax(Halving(n)).value == value


def test_halving_rules():
    game = Halving(5)
    s = game.initial_state
    assert game.actions(s) == ("-", "/")
    assert game.result(s, "-").n == 4 and game.result(s, "/").n == 2
    with pytest.raises(IllegalMoveError, match=r"'\*'.*legal: \['-', '/'\]"):
        game.result(s, "*")
    with pytest.raises(ValueError, match="whole number"):
        Halving(-1)


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


def test_minimax_refuses_chance_states():
    with pytest.raises(gamelib.GameError, match="use expectiminimax"):
        minimax(Bins(coin=True))


def test_tictactoe_evaluation_stays_between_loss_and_win():
    from gamelib.games.tictactoe import evaluation
    game, ev = TicTacToe(), evaluation()
    seen, stack = set(), [game.initial_state]
    while stack:
        s = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        stack.extend(game.result(s, a) for a in game.actions(s))
    assert len(seen) == 5478
    assert max(abs(ev(s)) for s in seen if not game.is_terminal(s)) == pytest.approx(0.44)
    # Swapping X and O negates it (each feature is X's count minus O's).
    swapped = TicTacToe("O...X....").initial_state  # same shape as "X...O....", colours swapped
    assert ev(swapped) == pytest.approx(-ev(TicTacToe("X...O....").initial_state))
