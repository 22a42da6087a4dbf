"""Extra turns (CS221: "some actions allow you to take an extra turn?"): Dots and Boxes, searched by every
existing algorithm unchanged, depth still counted in plies."""
import pytest

from gamelib import (MAX, MIN, ArgumentError, GameTree, IllegalMoveError, StateError, TooLargeError,
                     TranspositionTable,
                     alphabeta, endgame_table, expectiminimax, iterative_deepening, maxn, minimax,
                     minimax_policy, opening_book, play, star1, star2)
from gamelib.experiments.tree_size import nodes_by_depth
from gamelib.games import DotsAndBoxes, DotsState
from gamelib.limits import search

BOARD = DotsAndBoxes()                                      # 1 × 2 boxes, 7 lines
# Three sides of the left box drawn: whoever draws v01 closes it (and the right box needs 3 more).
THREE_SIDES = BOARD.play_lines(["h00", "h10", "v00"])


def test_rules_a_closed_box_gives_another_turn():
    assert BOARD.lines == ("h00", "h01", "h10", "h11", "v00", "v01", "v02")
    assert THREE_SIDES.to_move == MIN and THREE_SIDES.boxes == (0, 0)
    s = BOARD.result(THREE_SIDES, "v01")                    # MIN closes the left box ...
    assert s.boxes == (0, 1) and s.to_move == MIN           # ... and moves again
    t = BOARD.result(s, "h01")                              # no box: the turn passes
    assert t.to_move == MAX and t.boxes == (0, 1)
    print(BOARD.render(s))
    assert BOARD.render(s).splitlines()[1] == "|##|   "


def test_one_line_can_close_two_boxes():
    s = BOARD.play_lines(["h00", "h01", "h10", "h11", "v00", "v02"])
    assert s.to_move == MAX
    end = BOARD.result(s, "v01")
    assert end.boxes == (2, 0) and BOARD.is_terminal(end) and BOARD.utility(end, MAX) == 2
    assert BOARD.utility(end, MIN) == -2


def test_every_search_solves_the_small_board_and_agrees():
    value = minimax(BOARD).value
    assert value == 0                                        # 1 × 2: a draw, one box each
    assert alphabeta(BOARD).value == alphabeta(BOARD, prune_on_equality=False).value == value
    assert expectiminimax(BOARD).value == value
    assert star1(BOARD, lower=-2, upper=2).value == star2(BOARD, lower=-2, upper=2).value == value
    assert search(BOARD, depth=7, evaluate=BOARD.margin, table=True, killers=True, history=True).value == value
    assert iterative_deepening(BOARD, evaluate=BOARD.margin, max_depth=7).value == value
    assert endgame_table(BOARD).value(BOARD.initial_state) == value
    assert minimax(GameTree.from_game(BOARD, max_nodes=20_000)).value == value
    assert maxn(BOARD).value == (value, -value)
    assert minimax(BOARD).nodes == 13_700                   # 7 + 7·6 + ... : one node per sequence of lines
    assert alphabeta(BOARD).nodes < minimax(BOARD).nodes


def test_values_agree_from_positions_where_extra_turns_matter():
    for s in (THREE_SIDES, BOARD.play_lines(["h00", "v00"]), BOARD.play_lines(["h00", "h10", "v00", "v01"])):
        v = minimax(BOARD, s).value
        assert alphabeta(BOARD, s).value == expectiminimax(BOARD, s).value == v
        assert search(BOARD, s, depth=7, evaluate=BOARD.margin, table=TranspositionTable()).value == v
        assert endgame_table(BOARD).value(s) == v


def test_the_2x2_board_is_a_first_player_win_by_two_boxes():
    board = DotsAndBoxes(2, 2)
    table = endgame_table(board)
    assert table.value(board.initial_state) == 2            # 3 boxes to 1
    r = search(board, depth=12, evaluate=board.margin, table=TranspositionTable())
    assert r.value == 2


def test_depth_is_counted_in_plies_not_turns():
    # MIN draws v01 and closes a box: the state one ply down has MIN to move again.  A depth-1 search
    # stops there and evaluates it, although MIN has not finished its turn.
    r = alphabeta(BOARD, THREE_SIDES, depth=1, evaluate=BOARD.margin, trace=True)
    assert nodes_by_depth(r) == [1, 4]
    closed = BOARD.result(THREE_SIDES, "v01")
    leaf = next(e for e in r.trace if e.kind == "leaf" and e.state == closed)
    assert leaf.depth == 1 and leaf.value == -1 and BOARD.to_move(closed) == MIN
    # Two plies: MIN's box and MIN's extra line are plies 1 and 2, both MIN's.
    r2 = minimax(BOARD, THREE_SIDES, depth=2, evaluate=BOARD.margin, trace=True)
    assert nodes_by_depth(r2) == [1, 4, 12]
    below = [e for e in r2.trace if e.kind == "enter" and e.depth == 2 and BOARD.to_move(
        THREE_SIDES) == MIN and e.action in BOARD.actions(closed)]
    assert below and all(e.depth == 2 for e in below)
    assert search(BOARD, THREE_SIDES, depth=1, evaluate=BOARD.margin).nodes == 5


def test_policies_and_books_work_unchanged():
    out = play(BOARD, {MAX: minimax_policy(BOARD, alphabeta), MIN: minimax_policy(BOARD, alphabeta)})
    assert out.utility == 0 and len(out.actions) == 7
    turns = [BOARD.to_move(s) for s in out.states[:-1]]
    assert any(a == b for a, b in zip(turns, turns[1:]))   # somebody moved twice in a row
    book = opening_book(BOARD, 2, lambda s: alphabeta(BOARD, s))
    assert book.lookup(BOARD.initial_state) == alphabeta(BOARD).action


def test_bad_input():
    with pytest.raises(ArgumentError, match="rows must be a whole number of boxes from 1 to 4"):
        DotsAndBoxes(0, 2)
    with pytest.raises(IllegalMoveError, match="illegal move 'h00'"):
        BOARD.result(THREE_SIDES, "h00")                    # already drawn
    with pytest.raises(IllegalMoveError, match="illegal move 'x9'"):
        BOARD.result(THREE_SIDES, "x9")
    with pytest.raises(StateError, match="boxes .* adding up to the boxes completed"):
        BOARD.check_state(DotsState(0, (1, 0), MAX))        # a box claimed that is not closed
    with pytest.raises(StateError):
        minimax(BOARD, DotsState(1 << 9, (0, 0), MAX))      # a line off the board
    with pytest.raises(StateError):
        alphabeta(BOARD, DotsState(0, (0, 0), "C"))


def test_boards_too_large_to_search_to_the_end_are_refused_with_what_lifts_the_guard():
    # alphabeta(DotsAndBoxes(3, 3)) used to run for ever: 24 lines, 24! orders of play.
    with pytest.raises(TooLargeError, match="24 lines are undrawn .*give depth= and evaluate="):
        alphabeta(DotsAndBoxes(3, 3))
    with pytest.raises(TooLargeError, match="12 lines are undrawn .*endgame_table"):
        minimax(DotsAndBoxes(2, 2))
    board = DotsAndBoxes(2, 2)
    assert alphabeta(board, depth=2, evaluate=board.margin).nodes > 1


def test_a_state_of_another_game_and_bad_lines_are_named():
    with pytest.raises(StateError, match=r"'abc' is not a position of DotsAndBoxes\(1, 2\)"):
        BOARD.result("abc", "h00")
    with pytest.raises(ArgumentError, match="lines must be a list of line names .* got 'h00'"):
        BOARD.play_lines("h00")
    with pytest.raises(ArgumentError, match="player must be MAX or MIN, got 'X'"):
        BOARD.utility(BOARD.play_lines(BOARD.lines), "X")
