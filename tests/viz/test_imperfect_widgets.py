"""The phantom tic-tac-toe and Kuhn poker widgets, driven headlessly, and the information-set pictures."""
import html
import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import MAX, MIN, ArgumentError  # noqa: E402
from gamelib.games import KuhnPoker, PhantomTicTacToe  # noqa: E402
from gamelib.imperfect import BeliefTracker, percept  # noqa: E402
from gamelib.viz import (KuhnPokerTable, PhantomTicTacToeBoard, draw_phantom_belief)
from gamelib.viz.imperfect_widgets import NBSP  # noqa: E402
from .widgets import all_buttons  # noqa: E402


# -- phantom tic-tac-toe -------------------------------------------------------------------------------

def test_phantom_board_shows_only_your_view_and_tracks_your_belief():
    b = PhantomTicTacToeBoard(human="X", seed=1)
    assert b.status.startswith("You are X") and b.sizes == [(1, 1)]
    b.click(1, 1)
    assert b.announcements[:2] == ["You moved to (1, 1).", "O (the agent) has moved."]
    assert b.sizes[-1] == (16, 8) and len(b.boards()) == 8
    assert b.view == "....X...." != b.state.squares              # O's mark is not shown to you
    assert b.buttons[1][1].description == "X" and b.buttons[1][1].disabled
    shown = [btn.description for row in b.buttons for btn in row]
    assert shown.count("O") == 0 and shown.count(NBSP) == 8
    assert "16 states (8 distinct boards" in b.belief_html.value
    assert b.boards_html.value.count("<table") == 6               # a sample of the boards


def test_phantom_illegal_proposal_keeps_your_turn_and_shows_the_square():
    b = PhantomTicTacToeBoard(human="X", seed=1)
    b.click(1, 1)
    o_square = next(divmod(i, 3) for i, ch in enumerate(b.state.squares) if ch == "O")
    before = b.state
    b.click(*o_square)
    assert b.state.squares == before.squares and "illegal" in b.announcements[-1]
    assert b.view[3 * o_square[0] + o_square[1]] == "O" and b.sizes[-1][1] == 1   # now X knows the board
    assert b.buttons[o_square[0]][o_square[1]].description == "O"
    status = b.click(*o_square)                                   # known now: refused, nothing changes
    assert "already know" in status and b.state.squares == before.squares


def test_phantom_game_runs_to_the_end_and_reveals_the_board():
    b = PhantomTicTacToeBoard(human="O", agent="random", seed=3)
    assert b.announcements == ["X (the agent) has moved."]
    for _ in range(40):
        if b.over:
            break
        r, c = divmod(b.view.index("."), 3)
        b.click(r, c)
    assert b.over and "true board" in b.boards_html.value
    assert all(btn.disabled for row in b.buttons for btn in row)
    assert "".join(btn.description.replace(NBSP, ".") for row in b.buttons for btn in row) == b.state.squares
    assert "game is over" in b.click(0, 0)
    b.new_game()
    assert not b.over and b.games_played == 2


def test_phantom_new_game_switches_sides_and_agents():
    b = PhantomTicTacToeBoard()
    b.human_toggle.value = "O"
    assert b.human == "O" and b.announcements == ["X (the agent) has moved."]
    b.agent_menu.value = "random"
    assert b.agent.choose == "random"
    with pytest.raises(ValueError):
        PhantomTicTacToeBoard(human="Z")


def test_phantom_failed_update_keeps_the_previous_state_and_shows_the_error():
    b = PhantomTicTacToeBoard(seed=2)
    b.click(1, 1)
    saved = (b.state, list(b.announcements), list(b.sizes), b.tracker.belief)

    def broken(state):
        raise RuntimeError("the agent crashed")
    b.agent.__class__ = type("Broken", (b.agent.__class__,), {"__call__": lambda self, s: broken(s)})
    square = next(divmod(i, 3) for i, ch in enumerate(b.state.squares) if ch == ".")
    b.click(*square)
    assert "the agent crashed" in b.error_html.value and "nothing was changed" in b.error_html.value
    assert (b.state, b.announcements, b.sizes, b.tracker.belief) == saved


def test_buttons_never_have_an_empty_description_and_the_text_repr_says_run_the_cell():
    b = PhantomTicTacToeBoard()
    t = KuhnPokerTable(iterations=200)
    for w in (b, t):
        assert all(btn.description != "" for btn in all_buttons(w))
        text = w._repr_mimebundle_()["text/plain"]
        assert "run this cell" in text.lower() and "(children=" not in text
    for _ in range(3):
        b.click(*divmod(b.view.index("."), 3))
        assert all(btn.description != "" for btn in all_buttons(b))


def test_draw_phantom_belief():
    game = PhantomTicTacToe()
    tracker = BeliefTracker(game, MAX)
    s = game.initial_state
    tracker.observe(percept(game, s, MAX))
    tracker.act((1, 1))
    s = game.result(game.result(s, (1, 1)), (0, 0))
    tracker.observe(percept(game, s, MAX))
    fig = draw_phantom_belief(game, s, MAX, tracker.belief, k=4)
    assert len(fig.axes) == 6 and "16 states, 8 boards" in fig._suptitle.get_text()
    plt.close(fig)


# -- Kuhn poker ----------------------------------------------------------------------------------------

def test_kuhn_table_plays_hands_alternating_seats_and_keeps_the_score():
    t = KuhnPokerTable(seed=5, iterations=300)
    seats, total = [], 0
    for _ in range(6):
        seats.append(t.human)
        assert "?" in t.table_html.value                          # the agent's card is hidden
        while not t.over:
            t.act("bet")
        total += t.last_gain
        assert t.agent_card in t.table_html.value                 # and revealed at the end
        assert "information set" in t.result_html.value or t.agent_moves == []
        for key, dist, action in t.agent_moves:
            assert key[0] == t.agent_card and abs(sum(dist.values()) - 1) < 1e-9
        t.next_hand()
    assert seats == [MAX, MIN] * 3 and t.winnings == total and t.hands == 6
    assert f"{total:+d} over 6 hands" in t.score_html.value


def test_kuhn_table_refuses_moves_that_do_not_exist_and_after_the_hand():
    t = KuhnPokerTable(seed=1, iterations=100)
    before = (t.state, t.winnings)
    assert "not an action" in t.act("raise") and (t.state, t.winnings) == before
    while not t.over:
        t.act("pass")
    assert "hand is over" in t.act("bet")
    t.set_agent("clairvoyance")
    assert t.agent_name == "clairvoyance" and t.agent_menu.value == "clairvoyance"
    t.set_agent("oracle")
    assert "no agent 'oracle'" in t.error and "oracle" in t.error_html.value and t.agent_name == "clairvoyance"
    with pytest.raises(ValueError):
        KuhnPokerTable(agent="oracle")


def test_kuhn_table_failed_update_keeps_the_previous_state():
    t = KuhnPokerTable(seed=2, iterations=100)
    saved = (t.state, t.winnings, t.hands)
    t.policies[t.agent_name] = {}                                   # a broken agent: no information sets
    if t.human == MAX:
        t.act("bet")
    else:
        t.next_hand()
    assert "nothing was changed" in t.error_html.value
    assert (t.state, t.winnings, t.hands) == saved


def test_the_clairvoyant_agent_never_bluffs():
    t = KuhnPokerTable(agent="clairvoyance", seed=7, iterations=50)
    for _ in range(40):
        while not t.over:
            t.act("pass" if t.human == MAX else "bet")
        for key, dist, action in t.agent_moves:
            if key.startswith("J"):
                assert action == "pass"
        t.next_hand()


# -- information-set pictures --------------------------------------------------------------------------


def test_phantom_new_game_that_fails_keeps_the_game_under_way(monkeypatch):
    import gamelib.viz.imperfect_widgets as module
    b = PhantomTicTacToeBoard(human="O", seed=4)
    b.click(*divmod(b.view.index("."), 3))
    saved = (b.state, list(b.announcements), b.games_played)

    class Crashing(module.BeliefAgent):
        def __call__(self, state):
            raise RuntimeError("no move")
    monkeypatch.setattr(module, "BeliefAgent", Crashing)
    b.new_game()
    assert "no move" in b.error_html.value
    assert (b.state, b.announcements, b.games_played) == saved


# -- bad input (issue 21): refused by name, and the widget left exactly as it was ----------------------

def phantom_settings(b):
    return (b.state, b.human, b.agent_kind, b.agent_menu.value, b.human_toggle.value, b.games_played,
            list(b.announcements), len(b.tracker.history))


@pytest.mark.parametrize("kwargs, named", [
    ({"agent": "bogus"}, r"agent must be one of \['random', 'clairvoyance'\], got 'bogus'"),   # was a TraitError
    ({"human": "Z"}, "human must be 'X' or 'O', not 'Z'"),
    ({"seed": float("nan")}, "seed must be None, a whole number or a string .* got nan"),
    ({"sample": -1}, "sample must be a whole number .* got -1"),
])
def test_phantom_board_refuses_bad_arguments_by_name(kwargs, named):
    with pytest.raises(ArgumentError, match=named):
        PhantomTicTacToeBoard(**kwargs)


@pytest.mark.parametrize("kwargs", [{"agent": "bogus"}, {"human": "Z"}, {"agent": 5}, {"human": "O", "agent": "x"}])
def test_phantom_new_game_with_a_bad_setting_changes_nothing(kwargs):
    # new_game(agent='bogus') used to raise but leave agent_kind='bogus' with the menu on the old agent.
    b = PhantomTicTacToeBoard(agent="random", seed=1)
    b.click(1, 1)
    before = phantom_settings(b)
    with pytest.raises(ArgumentError, match="agent must be one of|human must be"):
        b.new_game(**kwargs)
    assert phantom_settings(b) == before


def test_phantom_new_game_applies_both_settings_and_the_controls_follow():
    b = PhantomTicTacToeBoard(agent="random", seed=1)
    b.new_game(human="O", agent="clairvoyance")
    assert (b.human, b.agent_kind, b.human_toggle.value, b.agent_menu.value) == ("O", "clairvoyance", "O",
                                                                                 "clairvoyance")
    assert b.agent.choose == "clairvoyance" and b.announcements == ["X (the agent) has moved."]


@pytest.mark.parametrize("square", [(True, 0), (0.0, 0), (1, 1.5), ("0", 0), (None, None), (0, False), (3, 0)])
def test_phantom_click_on_what_is_not_a_square_changes_nothing(square):
    # click(True, 0) used to play (1, 0): True == 1.
    b = PhantomTicTacToeBoard(agent="random", seed=1)
    before = phantom_settings(b)
    assert "is not a square" in b.click(*square)
    assert phantom_settings(b) == before


def test_kuhn_table_refuses_a_bad_agent_before_running_cfr():
    with pytest.raises(ArgumentError, match=r"agent must be one of \['cfr', 'clairvoyance'\], got 'bogus'"):
        KuhnPokerTable("bogus", iterations=10**9)         # refused at once: no CFR run first
    with pytest.raises(ArgumentError, match="iterations must be a whole number .* got 2.5"):
        KuhnPokerTable(iterations=2.5)
    t = KuhnPokerTable(iterations=20)
    before = (t.state, t.agent_name, t.agent_menu.value, t.hands)
    assert "no agent 5" in t.set_agent(5) or "no agent 5" in t.error
    assert (t.state, t.agent_name, t.agent_menu.value, t.hands) == before


def test_draw_phantom_belief_checks_its_arguments():
    game = PhantomTicTacToe()
    belief = BeliefTracker(game, MAX).belief
    with pytest.raises(ArgumentError, match="game must be a PhantomTicTacToe .* got KuhnPoker"):
        draw_phantom_belief(KuhnPoker(), game.initial_state, MAX, belief)
    with pytest.raises(ArgumentError, match="player must be one of the players .* got 'X'"):
        draw_phantom_belief(game, game.initial_state, "X", belief)
    with pytest.raises(ArgumentError, match="k must be a whole number .* got -1"):
        draw_phantom_belief(game, game.initial_state, MAX, belief, k=-1)


def test_counts_are_written_in_the_singular_when_they_are_one():
    """Issue 23: "1 states", "+2 over 1 hands"."""
    t = KuhnPokerTable(agent="clairvoyance", seed=0, iterations=100)
    t.act("bet")
    assert "over 1 hand (" in t.score_html.value
    b = PhantomTicTacToeBoard(seed=0)
    while not b.over:
        row, col = next((r, c) for r in range(3) for c in range(3) if b.view[3 * r + c] == ".")
        b.click(row, col)
        states, boards = b.sizes[-1]
        assert ("> 1 state (" in b.belief_html.value) == (states == 1)
        assert not re.search(r"(?<![\d,])1 (states|distinct boards)", b.belief_html.value)


def test_changing_the_kuhn_agent_mid_hand_keeps_the_hand_and_says_when_it_takes_effect():
    """Issue 23: switching the agent mid-hand erased "The agent bet. Your move."; the hand is finished
    by the agent it started with, as set_agent's docstring says."""
    for seed in range(20):
        t = KuhnPokerTable(agent="cfr", seed=seed, iterations=100)
        if not t.over and t.state.history:          # the agent has acted: the status says so
            break
    status = t.status
    assert "Your move" in status
    assert t.set_agent("clairvoyance") == status and t.status == status
    assert t.playing == "cfr" and t.agent_name == "clairvoyance"
    assert html.escape(status) in t.status_line.value          # the live region
    assert "this one is finished by the agent it started with" in t.status_line.value
    t.act("pass")
    t.next_hand()
    assert t.playing == "clairvoyance" and "finished by" not in t.status_line.value
