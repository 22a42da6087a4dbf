"""The backgammon widget, driven headlessly, and its static picture (issue 26).  The browser side is
tests/browser/test_backgammon_board.py."""
import matplotlib.pyplot as plt  # the backend is Agg: tests/conftest.py
import pytest

from gamelib import MAX, MIN, ArgumentError, IllegalMoveError, expectiminimax
from gamelib.games import Backgammon
from gamelib.games.backgammon import evaluation
from gamelib.viz.backgammon_board import (LANDS, LEAVES, RING_CASING, BackgammonBoard, board_shapes, board_svg, fitted,
                                          draw_backgammon)
from gamelib.viz.drawing import COLUMN_WIDTH

GAME = Backgammon()


@pytest.fixture
def board():
    return BackgammonBoard(human="X", seed=1)


def test_a_new_game_throws_and_waits_for_the_human(board):
    s = board.state
    assert GAME.to_move(s) == MAX and s.dice is not None and board.to_move == "X"
    assert board.moves == GAME.actions(s) and list(board.move_list.options) == list(board.moves)
    assert board.move_list.value is None, "nothing is chosen for the human"
    if board.history:                       # the agent won the opening throw and moved first
        assert board.history[0][0] == "O" and board.last_search is not None
    assert "You rolled" in board.status and "choose your move" in board.status
    assert "<svg" in board.board.value and not board.over and board.points == 0


def test_a_move_and_the_agents_reply_with_its_values(board):
    before, faced = len(board.history), board.state
    move = board.moves[0]
    status = board.play(move)
    assert board.history[before][0] == "X" and board.history[before][2] == move
    mark, roll, reply = board.history[before + 1]
    assert mark == "O" and reply == board.last_search.action
    assert f"The agent rolled {roll[0]}-{roll[1]} and played {reply}" in status
    # The agent's position: after the human's move, its roll.  Its move is 1-ply expectiminimax's.
    agents = GAME.result(GAME.result(faced, move), roll)
    r = expectiminimax(GAME, agents, depth=1, evaluate=evaluation())
    assert r.action == reply and r.nodes == board.last_search.nodes == 1 + len(GAME.actions(agents))
    values = board.agent_values
    assert list(values)[0] == reply and list(values.values()) == sorted(values.values(), reverse=True)
    assert values[reply] == pytest.approx(-r.value), "values for the agent: O's are -MAX's"
    assert "1-ply expectiminimax" in board.agent_html.value and reply in board.agent_html.value
    assert GAME.to_move(board.state) == MAX or board.over


def test_illegal_moves_change_nothing(board):
    before = (board.state, list(board.history))
    for move in ["24/1", "pass", None, 42]:
        status = board.play(move)
        assert "is not one of your moves" in status
        assert (board.state, board.history) == before


def test_choosing_a_move_previews_it(board):
    move = board.moves[0]
    board.move_list.value = move                  # as the browser would
    assert board.previewed == move and LEAVES in board.board.value and LANDS in board.board.value
    board.move_list.value = None
    assert board.previewed is None and LEAVES not in board.board.value
    with pytest.raises(ArgumentError):
        board.preview("24/1")


def test_the_play_button(board):
    move = board.moves[-1]
    n = len(board.history)
    board.board_buttons[0].click()                 # nothing chosen: nothing played
    assert len(board.history) == n and "Choose a move" in board.status
    board.move_list.value = move
    board.board_buttons[0].click()
    assert board.history[n][2] == move


def test_the_same_seed_throws_the_same_dice():
    a, b = BackgammonBoard(seed=3), BackgammonBoard(seed=3)
    for _ in range(5):
        if a.over:
            break
        a.play(a.moves[0])
        b.play(b.moves[0])
    assert a.history == b.history and a.state == b.state
    assert BackgammonBoard(seed=4).history != a.history or BackgammonBoard(seed=4).state != a.state


def test_a_whole_game_and_a_new_one(board):
    while not board.over:
        board.play(board.moves[0])
    assert board.winner in ("X", "O") and board.points in (1, 2, 3)
    assert ("You win" if board.winner == "X" else "The agent wins") in board.status
    assert board.moves == () and list(board.move_list.options) == []
    assert "game over" in board.roll_html.value and "no roll" not in board.roll_html.value     # issue 31
    assert " 1 moves " not in board.agent_html.value
    assert [b.description for b in board.board_buttons] == ["game over"]          # not a bare ✓
    assert "game is over" in board.play("pass")
    board.new_game()
    assert not board.over and board.moves


def test_playing_as_o_turns_the_board(board):
    board.human_toggle.value = "O"
    assert board.human == "O" and board.agent == "X"
    assert GAME.to_move(board.state) == MIN, "a new game, the human (O) to move"
    assert all(mark == "X" for mark, _, _ in board.history), "at most the agent's opening move"
    svg_o = board_svg(board.state, perspective="O")
    assert board.board.value == fitted(svg_o) != fitted(board_svg(board.state, perspective="X"))


def test_a_failing_update_changes_nothing_and_says_why(board, monkeypatch):
    state, history, rng = board.state, list(board.history), board.rng.getstate()
    board.move_list.value = board.moves[0]

    def broken():
        raise RuntimeError("the agent fell over")
    monkeypatch.setattr(board, "agent_move", broken)
    board.board_buttons[0].click()
    assert board.state == state and board.history == history and board.rng.getstate() == rng
    assert "the agent fell over" in board.message_html.value


def test_the_text_form_says_to_run_the_cell(board):
    assert "Run this cell" in board._repr_mimebundle_()["text/plain"]


def test_bad_arguments():
    with pytest.raises(ArgumentError, match="human"):
        BackgammonBoard(human="white")
    with pytest.raises(ArgumentError, match="seed"):
        BackgammonBoard(seed=[1])
    with pytest.raises(ArgumentError, match="gammons"):
        BackgammonBoard(gammons=1)


# --- the pictures ---------------------------------------------------------------------------------------
def test_the_static_picture_and_the_svg_show_the_same_board():
    s = GAME.result(GAME.initial_state, (3, 1))
    shapes = board_shapes(s, move="8/5 6/5")
    checkers = [sh for sh in shapes if sh[0] == "circle" and sh[4] != "none"]
    assert len(checkers) == 30, "every checker drawn once"
    rings = [sh for sh in shapes if sh[0] == "circle" and sh[4] == "none"]
    # where the moved checkers stood (orange) and the one they made (sky blue), each over a black casing
    assert [sh[5] for sh in rings].count(LANDS) == 1 and [sh[5] for sh in rings].count(LEAVES) == 2
    assert all(rings[k][5] == RING_CASING and rings[k][1:4] == rings[k + 1][1:4] for k in range(0, len(rings), 2))
    ax = draw_backgammon(s, move="8/5 6/5", title="8/5 6/5")
    assert len(ax.patches) == sum(1 for sh in shapes if sh[0] != "text")
    assert ax.figure.get_figwidth() <= COLUMN_WIDTH
    plt.close(ax.figure)
    svg = board_svg(s, move="8/5 6/5")
    assert svg.count("<circle") == len(checkers) + len(rings) and svg.startswith("<svg")
    with pytest.raises(ArgumentError, match="perspective"):
        board_shapes(s, perspective="white")
    with pytest.raises(IllegalMoveError):
        board_shapes(s, move="24/1")


def test_the_picture_of_a_finished_game():
    b = BackgammonBoard(seed=2)
    while not b.over:
        b.play(b.moves[0])
    shapes = board_shapes(b.state)
    off = [sh for sh in shapes if sh[0] == "rect" and sh[3] == 1.0]
    assert len(off) == sum(b.state.off)
    plt.close(draw_backgammon(b.state, perspective="O").figure)
