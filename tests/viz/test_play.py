"""gamelib.viz.play, what every play-against-the-agent board shares, on a bare board of its own (the agent
plays the first free square): who plays which mark, whose turn, the winner; a new game in either seat (the
agent opens as X) and a seat that is no mark refused; one move per click, a double-click's second click
dropped, the buttons disabled while an answer is on its way.  (The real boards: test_boards.py and the
boards' own files.)"""
from __future__ import annotations

import asyncio

import ipywidgets as widgets
import pytest

from gamelib import ArgumentError
from gamelib.games import TicTacToe
from gamelib.viz.boards import TicTacToeBoard
from gamelib.viz.live import LiveWidget
from gamelib.viz.play import SETTLE, HumanVsAgent


class Bare(HumanVsAgent, LiveWidget, widgets.VBox):
    """Nine buttons, square k each; the agent takes the first free square."""

    def __init__(self, human="X"):
        self._init_live()
        self.game, self.human, self.status, self.history = TicTacToe(), human, "", []
        self.state = self.game.initial_state
        self.human_toggle = widgets.ToggleButtons(options=["X", "O"], value=human)
        self._init_buttons(lambda k: widgets.Button(description=str(k)), 9, widgets.HBox())
        super().__init__([self.button_box])
        self.human_toggle.observe(self._on_human, "value")
        self.seen_disabled = []
        self.new_game()

    def _play(self, square):
        self.history.append((self.to_move, square))
        self.state = self.game.result(self.state, divmod(square, 3))

    def agent_move(self):
        self._play(next(3 * r + c for r, c in sorted(self.game.actions(self.state))))

    def _play_button(self, k):
        self.seen_disabled.append(all(b.disabled for b in self.board_buttons))
        self._play(k)
        if not self.over:
            self.agent_move()

    def _describe(self):
        return "over" if self.over else f"{self.to_move} to move"

    def _refresh(self):
        pass


def test_marks_turns_and_the_winner():
    board = Bare()
    assert (board.human, board.agent, board.to_move, board.over, board.winner) == ("X", "O", "X", False, None)
    for square in (4, 8, 2):              # the agent's O answers at 0, 1, 3
        board.board_buttons[square].click()
    assert board.history == [("X", 4), ("O", 0), ("X", 8), ("O", 1), ("X", 2), ("O", 3)]
    assert not board.over and board.winner is None
    board.board_buttons[6].click()        # 2, 4, 6: X wins
    assert board.over and board.winner == "X" and len(board.history) == 7
    board.new_game()
    assert (board.over, board.winner, board.history, board.status) == (False, None, [], "X to move")


def test_a_new_game_in_either_seat_and_a_seat_that_is_no_mark_refused():
    board = Bare(human="O")
    assert board.history == [("X", 0)] and board.to_move == "O"   # the agent opened as X
    board.new_game("X")
    assert board.history == [] and board.human_toggle.value == "X" and board.human == "X"
    board.human_toggle.value = "O"                                 # the toggle starts a new game too
    assert board.human == "O" and board.history == [("X", 0)]
    with pytest.raises(ArgumentError, match="human must be 'X' or 'O', not 'x'"):
        board.new_game("x")
    assert board.human == "O"


def test_one_move_per_click_with_the_buttons_disabled_while_it_is_answered():
    board = Bare()
    first = board.board_buttons
    first[4].click()
    assert board.seen_disabled == [True] and board.board_buttons is not first
    assert board.button_box.children == tuple(board.board_buttons)
    assert not any(b.disabled for b in board.board_buttons)        # no event loop here: enabled at once
    first[8].click()                                               # the set no longer shown: dropped
    assert len(board.history) == 2


def test_the_new_buttons_wait_settle_seconds_on_a_running_loop():
    async def click_and_wait():
        board = Bare()
        board.board_buttons[4].click()
        disabled_at_once = all(b.disabled for b in board.board_buttons)
        await asyncio.sleep(SETTLE + 0.1)
        return disabled_at_once, any(b.disabled for b in board.board_buttons)

    assert asyncio.run(click_and_wait()) == (True, False)


def test_a_second_click_sent_before_the_board_showed_the_move_is_dropped():
    """Regression (issue 7): a double-click played two moves.  The squares come in two sets shown in
    turn; the second click of a double-click arrives on the set no longer shown."""
    b = TicTacToeBoard()
    square = b.buttons[1][1]
    square.click()
    assert len(b.history) == 2 and b.buttons[1][1] is not square
    status = b.status
    square.click()                      # the double-click's second click: dropped, no "taken" note
    assert len(b.history) == 2 and b.status == status
    r, c = next(iter(b.state.moves))
    b.buttons[r][c].click()             # a click on the squares on show plays
    assert len(b.history) == 4
