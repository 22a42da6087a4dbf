"""Leduc poker (issue 26): the rules, its information sets, OpenSpiel's published values (936 information
sets, the uniform policy's exploitability 2.373611, best responses worth 2.0875 and 2.659722), CFR, and
bad input.  (benchmarks/peer_leduc.py walks the tree in step with OpenSpiel's leduc_poker and finds
CFR's average policies identical after 1, 10 and 100 iterations.)"""
import pytest

from gamelib import CHANCE, MAX, MIN, GameError, IllegalMoveError, StateError, play, uniform
from gamelib.games import LeducPoker, LeducState
from gamelib.games.leduc import contributions, hand_rank
from gamelib.imperfect import CFR, best_response, exploitability, expected_value, extensive_form, uniform_policy
from gamelib.validate import start_state

GAME = LeducPoker()


def after(*steps, state=None):
    s = GAME.initial_state if state is None else state
    for step in steps:
        s = GAME.result(s, step)
    return s


# --- the rules ---------------------------------------------------------------------------------------
def test_the_deal_one_card_at_a_time():
    s = GAME.initial_state
    assert GAME.to_move(s) == CHANCE and GAME.actions(s) == ()
    first = GAME.chance_outcomes(s)
    assert [c for c, _ in first] == ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
    assert all(p == 1 / 6 for _, p in first)
    s = after("Qh")
    second = GAME.chance_outcomes(s)
    assert [c for c, _ in second] == ["Js", "Jh", "Qs", "Ks", "Kh"] and all(p == 1 / 5 for _, p in second)
    s = after("Qh", "Kh")
    assert GAME.to_move(s) == MAX and GAME.actions(s) == ("call", "raise")
    assert GAME.observation(s, MAX) == "Qh:" and GAME.observation(s, MIN) == "Kh:"
    assert GAME.observation(after("Qh"), MIN) == ""


def test_a_betting_round():
    s = after("Qh", "Kh", "raise")
    assert GAME.to_move(s) == MIN and GAME.actions(s) == ("fold", "call", "raise")
    s = after("raise", state=s)
    assert GAME.actions(s) == ("fold", "call"), "at most two raises a round"
    assert contributions(s) == [3, 5]
    s = after("call", state=s)
    assert GAME.to_move(s) == CHANCE and contributions(s) == [5, 5]
    assert [c for c, _ in GAME.chance_outcomes(s)] == ["Js", "Jh", "Qs", "Ks"]
    assert all(p == 1 / 4 for _, p in GAME.chance_outcomes(s))
    checked = after("Qh", "Kh", "call", "call")
    assert GAME.to_move(checked) == CHANCE, "check, check ends the round"
    assert GAME.to_move(after("Qh", "Kh", "call")) == MIN


def test_the_second_round_raises_four():
    s = after("Qh", "Kh", "call", "call", "Qs", "raise", "raise", "call")
    assert contributions(s) == [9, 9] and GAME.is_terminal(s)
    assert GAME.utility(s, MAX) == 9 and GAME.utility(s, MIN) == -9, "MAX's queen pairs the public queen"
    assert GAME.information_set(after("Qh", "Kh", "call", "call", "Qs", "raise"), MIN) == "Kh:cc/Qs:r"


def test_showdowns_and_folds():
    high = after("Kh", "Qh", "call", "call", "Js", "call", "call")
    assert GAME.utility(high, MAX) == 1
    tie = after("Kh", "Ks", "raise", "call", "Js", "call", "call")
    assert GAME.utility(tie, MAX) == 0 and GAME.utility(tie, MIN) == 0, "equal ranks split the pot"
    fold = after("Kh", "Qh", "raise", "fold")
    assert GAME.is_terminal(fold) and GAME.utility(fold, MAX) == 1, "MIN folds its ante"
    fold2 = after("Jh", "Qh", "call", "raise", "fold")
    assert GAME.utility(fold2, MAX) == -1
    late = after("Jh", "Qh", "raise", "call", "Ks", "raise", "raise", "fold")
    assert contributions(late) == [7, 11] and GAME.utility(late, MAX) == -7, "MAX folds what it put in"
    assert hand_rank("Js", "Jh") > hand_rank("Ks", "Qh") > hand_rank("Qs", "Jh")


def test_utilities_are_at_most_13_chips():
    form = extensive_form(GAME)
    utilities = [n.utility for n in form.nodes if n.utility is not None]
    assert max(utilities) == 13 and min(utilities) == -13
    out = play(GAME, {MAX: uniform(GAME), MIN: uniform(GAME)}, seed=3)
    assert GAME.is_terminal(out.states[-1])


# --- information sets and OpenSpiel's values ---------------------------------------------------------
def test_936_information_sets():
    form = extensive_form(GAME)
    assert len(form.infosets) == 936 and len(form.keys(MAX)) == len(form.keys(MIN)) == 468
    assert len(form) == 9457                     # OpenSpiel's leduc_poker has the same histories
    assert "Ks:rc/Qh:r" in form.infosets and "Js:" in form.infosets


def test_the_uniform_policy_exploitability_and_best_responses():
    u = uniform_policy(GAME)
    assert exploitability(GAME, u) == pytest.approx(2.373611, abs=5e-7)
    assert best_response(GAME, u, MAX).value == pytest.approx(2.0875, abs=1e-12)
    assert best_response(GAME, u, MIN).value == pytest.approx(2.659722, abs=5e-7)


def test_cfr_on_leduc():
    solver = CFR(GAME)
    assert exploitability(GAME, solver.run(1).average_policy()) == pytest.approx(2.373611, abs=5e-7)
    ten = solver.run(9).average_policy()
    assert exploitability(GAME, ten) == pytest.approx(0.888579, abs=5e-7)     # OpenSpiel's, too
    assert -1 < expected_value(GAME, ten) < 1


# --- bad input ---------------------------------------------------------------------------------------
def test_bad_moves():
    s = after("Qh")
    for card in ["Qh", "Ad", None, 3]:
        with pytest.raises(IllegalMoveError):
            GAME.result(s, card)
    s = after("Qh", "Kh")
    for action in ["fold", "bet", "r", None, ["call"]]:
        with pytest.raises(IllegalMoveError):
            GAME.result(s, action)
    with pytest.raises(IllegalMoveError):
        GAME.result(after("raise", "raise", state=s), "raise")
    end = after("raise", "fold", state=s)
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.result(end, "call")
    with pytest.raises(GameError, match="terminal"):
        GAME.utility(s, MAX)
    with pytest.raises(GameError, match="MAX or MIN"):
        GAME.utility(end, CHANCE)
    with pytest.raises(GameError):
        GAME.chance_outcomes(s)


@pytest.mark.parametrize("state, match", [
    (LeducState(("Qh", "Qh")), "not a legal"),
    (LeducState(("Qh", "Ad")), "not a legal"),
    (LeducState(("Qh", "Kh"), None, "rrr"), "not a legal"),
    (LeducState(("Qh", "Kh"), None, "cc", "r"), "before the public card"),
    (LeducState(("Qh", "Kh"), "Qh", "cc"), "not a legal"),
    (LeducState(("Qh", "Kh"), "Js", "c"), "not a legal"),
    (LeducState(("Qh", "Kh"), None, "x"), "not a legal"),
    (LeducState(["Qh", "Kh"]), "tuple"),
    (("Qh", "Kh"), "not a Leduc poker state"),
])
def test_bad_states(state, match):
    with pytest.raises(StateError, match=match):
        GAME.check_state(state)
    with pytest.raises(StateError):
        start_state(GAME, state)
