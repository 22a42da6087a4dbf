"""gamelib.games.kuhn: Kuhn poker's deal, utilities, readable information sets and its family of equilibria."""

import pytest

from gamelib import CHANCE, MAX, MIN, IllegalMoveError, StateError, expectiminimax
from gamelib.games import Connect4, KuhnPoker
from gamelib.games.kuhn import equilibrium


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


def test_the_issues_example_a_connect_four_board_in_kuhn_poker():
    with pytest.raises(StateError, match=r"Board\('.......* is not a state of KuhnPoker\(\)"):
        KuhnPoker().result(Connect4().initial_state, "pass")        # was AttributeError
