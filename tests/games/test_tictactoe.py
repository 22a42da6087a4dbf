"""gamelib.games.tictactoe: rules, illegal moves, the exact values the lecture notes give, and the
bitboards agreeing with the string board (issue 12)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import MAX, MIN, ArgumentError, GameError, IllegalMoveError, StateError, alphabeta, endgame_table, minimax
from gamelib.games import TicTacToe
from gamelib.games import tictactoe as ttt
from gamelib.games.tictactoe import LINES, SQUARES

from ..bad_input import TTT, TTT_REACHABLE, attempt, case, check_bad_input, correct, fuzz


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


# --- tic-tac-toe on bitboards ----------------------------------------------------------------------
def _reference_result(squares: str, to_move: str, square) -> tuple[str, str, int]:
    """RESULT on a 9-character string, the obvious way: (squares, to move, winner utility)."""
    i = 3 * square[0] + square[1]
    mark = "X" if to_move == MAX else "O"
    after = squares[:i] + mark + squares[i + 1:]
    won = any(all(after[j] == mark for j in line) for line in LINES)
    return after, (MIN if to_move == MAX else MAX), (0 if not won else 1 if mark == "X" else -1)


def test_tictactoe_bitboards_agree_with_the_string_board_at_every_reachable_position():
    """All 5,478 positions: squares, moves, whose turn, winner, ACTIONS, RESULT of every square,
    printing, parsing and the illegal-move errors are those of the plain string board."""
    game = TicTacToe()
    seen, frontier = {}, [(game.initial_state, "." * 9, MAX, 0)]
    while frontier:
        state, squares, to_move, won = frontier.pop()
        if squares in seen:
            assert seen[squares] == state and hash(seen[squares]) == hash(state)
            continue
        seen[squares] = state
        empty = tuple(sq for sq in SQUARES if squares[3 * sq[0] + sq[1]] == ".")
        assert "".join(state.squares) == squares and state.moves == empty
        assert game.to_move(state) == to_move and state.winner_utility == won
        assert repr(state) == f"Board('{squares}', to_move={to_move})"
        assert str(state) == "\n".join(squares[3 * r:3 * r + 3] for r in range(3))
        assert TicTacToe.parse(squares) == state
        game.check_state(state)
        assert game.is_terminal(state) == (won != 0 or not empty)
        assert game.actions(state) == (() if won else empty)
        if game.is_terminal(state):
            assert game.utility(state, MAX) == won == -game.utility(state, MIN)
        for sq in SQUARES:
            if sq in game.actions(state):
                child = game.result(state, sq)
                assert game.result(state, sq) is child     # one Board object per position
                ref = _reference_result(squares, to_move, sq)
                assert ("".join(child.squares), child.to_move, child.winner_utility) == ref
                frontier.append((child, *ref))
            else:
                with pytest.raises(IllegalMoveError, match="illegal move"):
                    game.result(state, sq)
    assert len(seen) == 5478
    assert len(ttt._BOARDS) == 5478                        # the cache holds positions, nothing else


@pytest.mark.parametrize("action", [(3, 3), (-1, 0), [0, 0], "a1", None, (0,), (0, 0, 0)])
def test_tictactoe_result_refuses_what_is_not_a_square(action):
    game = TicTacToe()
    with pytest.raises(IllegalMoveError, match=r"illegal move .*legal: \[\(0, 0\)"):
        game.result(game.initial_state, action)


def test_tictactoe_numbers_of_the_notes_are_unchanged():
    """Node counts and values the notebooks print (minimax, alpha-beta both conventions)."""
    game = TicTacToe()
    assert minimax(game)[:3] == (0, (0, 0), 549_946)
    assert alphabeta(game)[:3] == (0, (0, 0), 18_297)
    assert alphabeta(game, prune_on_equality=False).nodes == 146_120


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: TicTacToe("XXXOOO..."), StateError, "both players", id="TicTacToe both lines"),
    case(lambda: TicTacToe("XXX.OO.O."), StateError, "moved last", id="TicTacToe X line, X did not move last"),
    case(lambda: TicTacToe("OOO.XX.XX"), StateError, "moved last", id="TicTacToe O line, O did not move last"),
    case(lambda: TicTacToe(123), ArgumentError, "123", id="TicTacToe(123)"),
    case(lambda: TicTacToe("XX"), StateError, "9 characters", id="TicTacToe short"),
    case(lambda: TicTacToe("XXXXX...."), StateError, "X moves first", id="TicTacToe counts"),
    case(lambda: TicTacToe("abc......"), StateError, "9 characters", id="TicTacToe letters"),
    case(lambda: minimax(TTT, TTT.initial_state._replace(to_move=MIN)), StateError, "tic-tac-toe",
         id="TicTacToe state with the wrong player"),
    case(lambda: minimax(TTT, (".",) * 9), StateError, "tic-tac-toe", id="TicTacToe plain tuple state"),
    case(lambda: TTT.utility(TTT.initial_state, "BOB"), GameError, "'BOB'", id="TicTacToe utility BOB"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


@fuzz
@given(st.text(alphabet="XO.", min_size=9, max_size=9))
def test_tic_tac_toe_accepts_exactly_the_positions_that_arise_in_play(board):
    ok, game = attempt(lambda: TicTacToe(board))
    correct(ok == (board in TTT_REACHABLE), board)
    if ok:
        s = game.initial_state
        correct(s == TTT_REACHABLE[board])
        correct(alphabeta(game).value == minimax(game).value == endgame_table(game).value(s))
