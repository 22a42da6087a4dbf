"""The Connect Four widget, driven headlessly, and the static picture."""
import random

import matplotlib.pyplot as plt  # the backend is Agg: tests/conftest.py
import pytest
from matplotlib.figure import Figure

from gamelib.games.connect4 import Connect4
from gamelib.viz.connect4_board import Connect4Board, board_html, draw_connect4, winning_cells
import math
from gamelib.core import ArgumentError

GAME = Connect4()


@pytest.fixture
def board():
    return Connect4Board(human="X", depth=4)


def test_a_new_game_as_red_waits_for_the_human(board):
    assert board.state == GAME.initial_state and board.history == [] and board.last_search is None
    assert board.to_move == "X" == board.human and board.agent == "O"
    assert "You are red (X), to move" in board.status and board.search_text == ""
    assert len(board.buttons) == 7 and board.board.value.count("border-radius:50%") == 42
    assert not board.over and board.winner is None


def test_a_click_drops_a_piece_and_the_agent_replies_with_its_search_on_show(board):
    status = board.click(3)
    reply = board.last_search.action
    assert board.history == [("X", 3), ("O", reply)]
    assert board.state == GAME.from_moves([3, reply])
    r = board.last_search
    assert r.depth == 4 and r.nodes > 0 and r.pv[0] == reply and len(r.pv) <= 4
    assert -1 < r.value < 1
    assert f"The agent (yellow (O)) played column {reply}" in status
    text = board.search_text
    assert "searched to depth 4" in text and f"{r.nodes:,} nodes" in text
    assert "principal variation: " + " → ".join(map(str, r.pv)) in text
    assert f"value for X {r.value:+.3f}" in text
    assert "principal variation" in board.search_html.value
    assert board.board.value.count("(last move)") == 1


def test_the_column_buttons_play(board):
    board.buttons[2].click()
    assert board.history[0] == ("X", 2) and len(board.history) == 2


@pytest.mark.parametrize("col, message", [(7, "not a column"), (-1, "not a column"),
                                          ("3", "not a column"), (True, "not a column")])
def test_clicks_off_the_board_are_refused(board, col, message):
    before = board.state
    assert message in board.click(col)
    assert board.state == before and board.history == []


def test_a_full_column_is_refused_and_nothing_changes(board):
    board.state = GAME.from_moves([0] * 6)
    history = list(board.history)
    status = board.click(0)
    assert "Column 0 is full" in status and "1, 2, 3, 4, 5, 6" in status
    assert board.state == GAME.from_moves([0] * 6) and board.history == history
    assert board.buttons[0].button_style == "warning" and board.buttons[1].button_style == ""


def test_after_the_game_is_over_clicks_are_refused(board):
    won = GAME.from_moves([3, 4, 3, 4, 3, 4, 3])
    board.state = won
    assert "game is over" in board.click(2) and board.state == won
    assert board.over and board.winner == "X"


def test_the_agent_takes_a_win(board):
    board.state = GAME.from_moves([0, 3, 0, 3, 6, 3])     # O has three in column 3; X to move
    status = board.click(5)                                 # X ignores the threat
    assert board.history[-1] == ("O", 3) and board.winner == "O" and board.over
    assert "the agent wins" in status and board.last_search.value == -1
    assert "a forced win for O: the agent" in board.search_text
    assert board.board.value.count("four in a row") == 4


def test_the_agent_blocks_a_threat(board):
    board.state = GAME.from_moves([0, 6, 0, 6])
    board.click(0)                                          # X threatens four in column 0
    assert board.history[-1] == ("O", 0)


def test_as_yellow_the_agent_opens_in_the_centre():
    b = Connect4Board(human="O", depth=4)
    assert b.history == [("X", 3)] and b.to_move == "O" and "You are yellow (O)" in b.status
    b.new_game("X")
    assert b.history == [] and b.human_toggle.value == "X"
    b.human_toggle.value = "O"                              # the toggle starts a new game
    assert b.human == "O" and b.history == [("X", 3)]
    with pytest.raises(ValueError, match="human must be"):
        Connect4Board(human="red")


def test_time_budget_and_quiescence():
    b = Connect4Board(human="X", time_limit=0.2, quiescence=True)
    assert b.time_limit == 0.2 and b.mode.value == "time"
    b.click(3)
    r = b.last_search
    assert r.stopped in ("time", "solved") and r.depth >= 2 and b.search_seconds < 2
    assert "for 0.2 s" in b.search_text
    b.depth = 3
    assert b.time_limit is None and b.mode.value == "depth"
    b.click(3)
    assert b.last_search.depth == 3


def test_undo_takes_back_the_human_move_and_the_reply(board):
    assert board.undo() == "Nothing to take back."
    board.click(3)
    board.click(2)
    assert len(board.history) == 4
    assert board.undo().startswith("Taken back.")
    assert len(board.history) == 2 and board.state == GAME.from_moves([c for _, c in board.history])
    board.undo()
    assert board.history == [] and board.state == GAME.initial_state


def test_on_four_by_four_the_agent_searching_to_the_end_never_loses():
    rng = random.Random(0)
    b = Connect4Board(human="X", depth=16, rows=4, cols=4)
    for game in range(4):
        b.new_game("X" if game % 2 else "O")
        while not b.over:
            b.click(rng.choice(b.game.actions(b.state)))
        assert b.winner in (b.agent, None)
    assert b.last_search.stopped == "solved" and "searched to the end of the game" in b.search_text


def test_board_html_and_winning_cells():
    s = GAME.from_moves([3, 4, 3, 4, 3, 4, 3])
    assert winning_cells(s) == {(0, 3), (1, 3), (2, 3), (3, 3)}
    assert winning_cells(GAME.from_moves([3, 4])) == set()
    html = board_html(GAME.from_moves([3]), last=3, pv=[4, 3])
    assert html.count("(last move)") == 1 and "move 1 of the principal variation (O)" in html
    assert "move 2 of the principal variation (X)" in html


def test_draw_connect4_static_picture():
    s = GAME.from_moves("3342")
    ax = draw_connect4(s, pv=[2, 2, 4], last=2, title="after 3342")
    texts = [t.get_text() for t in ax.texts]
    assert texts[:3] == ["1", "2", "3"] and [str(c) for c in range(7)] == texts[3:10]
    assert len(ax.patches) == 1 + 2 * 42 + 3 and ax.get_title() == "after 3342"
    plt.close(ax.figure)
    fig = Figure()
    ax = draw_connect4(Connect4(rows=4, cols=4).from_moves("0101010"), ax=fig.add_subplot())
    assert ax.figure is fig and plt.get_fignums() == []


def test_a_double_click_plays_one_move():
    """Regression (issue 7): the second click of a double-click, sent before the browser showed the
    first move, was played as a second move (and the agent replied twice)."""
    board = Connect4Board(human="X", depth=2)
    button = board.buttons[3]
    button.click()
    assert len(board.history) == 2 and board.buttons[3] is not button
    button.click()                      # stale: the column buttons on show are the other set
    assert len(board.history) == 2
    board.buttons[3].click()
    assert len(board.history) == 4


def test_two_clicks_handled_at_once_in_two_threads_play_one_move(monkeypatch):
    """Regression (issue 7, CI): JupyterLab 4 with ipykernel 7 may hand a widget message to a kernel
    subshell, a second thread, so the two clicks of a double-click were answered at the same time and
    both found the column buttons still on show.  Updates now take the widget's lock in turn."""
    import threading
    import time
    board = Connect4Board(human="X", depth=2)
    play = board._play_button

    def slow_play(col):
        time.sleep(0.3)                 # the first click is still being answered when the second comes
        play(col)
    monkeypatch.setattr(board, "_play_button", slow_play)
    button = board.buttons[3]
    clicks = [threading.Thread(target=button.click) for _ in range(2)]
    for t in clicks:
        t.start()
        time.sleep(0.05)
    for t in clicks:
        t.join(10)
    assert len(board.history) == 2 and board.message == ""


def test_the_columns_are_disabled_while_the_agent_thinks():
    """Regression (issue 7): nothing showed that a move was being processed."""
    board = Connect4Board(human="X", depth=2)
    seen = []
    search = board.agent_move

    def spy():
        seen.append([b.disabled for b in board.buttons])
        search()
    board.agent_move = spy
    board.buttons[3].click()
    assert seen == [[True] * 7]
    assert not any(b.disabled for b in board.buttons)


def test_only_the_setting_in_use_is_live():
    """Regression (issue 7): the depth and seconds sliders both looked active in either mode."""
    board = Connect4Board(human="X", depth=3)
    assert not board.depth_slider.disabled and board.time_slider.disabled
    board.time_limit = 0.5
    assert board.depth_slider.disabled and not board.time_slider.disabled
    board.depth = 4
    assert not board.depth_slider.disabled and board.time_slider.disabled


def test_a_failing_move_leaves_the_board_whole_and_says_why():
    board = Connect4Board(human="X", depth=2)
    board.buttons[3].click()
    state, history, shown = board.state, list(board.history), board.board.value

    def broken():
        raise RuntimeError("the search broke")
    board.agent_move = broken
    board.buttons[2].click()
    assert board.state == state and board.history == history and board.board.value == shown
    assert "the search broke" in board.message and "the search broke" in board.message_html.value
    assert board.message_html.layout.display != "none"
    del board.agent_move
    board.buttons[2].click()
    assert len(board.history) == 4 and board.message == ""


@pytest.mark.parametrize("kwargs, named", [
    ({"depth": -1}, "depth"), ({"depth": 0}, "depth"), ({"depth": 100}, "depth"), ({"depth": 2.5}, "depth"),
    ({"depth": True}, "depth"), ({"time_limit": math.nan}, "time_limit"), ({"time_limit": 0}, "time_limit"),
    ({"time_limit": -1}, "time_limit"), ({"time_limit": math.inf}, "time_limit"),
    ({"time_limit": 60}, "time_limit"), ({"human": "red"}, "human"), ({"quiescence": "yes"}, "quiescence"),
])
def test_connect4_board_refuses_bad_arguments_instead_of_clamping(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        Connect4Board(**kwargs)


def test_connect4_board_setters_refuse_and_keep_the_settings():
    board = Connect4Board(depth=4)
    for attribute, value in (("depth", 15), ("depth", 3.0), ("time_limit", math.nan), ("time_limit", 0.0)):
        with pytest.raises(ArgumentError, match=attribute):
            setattr(board, attribute, value)
        assert (board.depth, board.time_limit) == (4, None)
