"""gamelib.imperfect.infosets: information sets checked against what players observe, the extensive form of
Kuhn poker, and the tabular tools' checks of the game they are given."""
import math

import pytest

from gamelib import MAX, MIN, ArgumentError, EvaluationError, GameError, ProbabilityError, StateError, TooLargeError
from gamelib.core import Game
from gamelib.games import HidingGame, KuhnPoker, Raid
from gamelib.imperfect import InformationSetError, best_response, cfr, extensive_form, uniform_policy

from ..strategies import KEYS_MAX, KEYS_MIN
from ..bad_input import NoMoves

KUHN = KuhnPoker()


def test_kuhn_has_55_nodes_and_six_information_sets_per_player_of_two_states_each():
    form = extensive_form(KUHN)
    assert len(form) == 55
    assert sorted(form.keys(MAX)) == sorted(KEYS_MAX) and sorted(form.keys(MIN)) == sorted(KEYS_MIN)
    assert all(len(I.nodes) == 2 for I in form.infosets.values())
    assert sorted("".join(s.cards) for s in form.states("Qb")) == ["JQ", "KQ"]
    assert extensive_form(KUHN).nodes is form.nodes           # unfolded once per game object
    with pytest.raises(InformationSetError, match="'Xb' is not an information set.*'J'"):
        form.infoset("Xb")
    with pytest.raises(InformationSetError, match="no information set"):
        form.infoset_of(KUHN.initial_state)                   # a chance node


class _Recall(Game):
    """A tiny game: CHANCE flips a coin MAX sees; MAX moves; MAX moves again.  ``forget`` makes
    ``information_set`` drop the coin at MAX's second move (imperfect recall); ``leak`` makes it show
    MIN a coin MIN's observation hides."""

    def __init__(self, forget=False, leak=False, ragged=False):
        self.forget, self.leak, self.ragged = forget, leak, ragged
        self.initial_state = ()

    def to_move(self, s):
        return "CHANCE" if not s else MAX if len(s) < 3 else MIN

    def chance_outcomes(self, s):
        return [("h", 0.5), ("t", 0.5)]

    def actions(self, s):
        if self.ragged and len(s) == 3 and s[0] == "t":
            return ("x",)
        return ("x", "y")

    def result(self, s, a):
        return s + (a,)

    def is_terminal(self, s):
        return len(s) == 4

    def utility(self, s, p):
        u = 1 if s[1] == s[2] else -1
        return u if p == MAX else -u

    def observation(self, s, p):
        if p == MAX:
            return s[:1] + s[1:]                             # MAX sees the coin and its moves
        return s[1:]                                         # MIN sees MAX's moves, not the coin

    def information_set(self, s, p):
        if p == MAX:
            return ("MAX",) + (s[1:] if self.forget else s)
        return ("MIN",) + (s if self.leak else s[1:])


def test_information_set_keys_are_checked_against_what_players_observe():
    assert len(extensive_form(_Recall()).keys(MIN)) == 4
    with pytest.raises(InformationSetError, match="imperfect recall"):
        extensive_form(_Recall(forget=True))
    with pytest.raises(InformationSetError, match="tells apart states the player's observations do not"):
        extensive_form(_Recall(leak=True))
    with pytest.raises(InformationSetError, match="different actions"):
        extensive_form(_Recall(ragged=True))


def test_a_game_without_observation_has_no_information_sets():
    class Bare:
        initial_state = 0

        def to_move(self, s):
            return MAX

        def actions(self, s):
            return (1,)

        def result(self, s, a):
            return 1

        def is_terminal(self, s):
            return s == 1

        def utility(self, s, p):
            return 0

    with pytest.raises(InformationSetError, match="no observation"):
        extensive_form(Bare())


def test_the_tabular_tools_refuse_games_too_big_to_unfold_or_without_history_in_the_state():
    with pytest.raises(GameError, match="more than 10 nodes"):
        extensive_form(HidingGame(bonus=0.25), max_nodes=10)
    from gamelib.games import PhantomTicTacToe
    # Phantom states keep the views, not the order of the moves: perfect-recall information sets
    # cannot be read off them, and the walk says so instead of merging histories silently.
    with pytest.raises(InformationSetError, match="two histories its players can tell apart"):
        extensive_form(PhantomTicTacToe())


def test_a_fully_observable_game_has_one_state_per_information_set():
    from gamelib import GameTree
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    form = extensive_form(tree)
    assert all(len(I.nodes) == 1 for I in form.infosets.values()) and len(form.keys(MIN)) == 3
    br = best_response(tree, uniform_policy(tree), MAX)
    assert br.actions[form.infoset_of("A")] == "a1"       # against a random MIN: 23/3 beats 4 and 7


class _BadDeal(KuhnPoker):
    def __init__(self, pairs):
        super().__init__()
        self.pairs = pairs

    def chance_outcomes(self, state):
        return self.pairs if state.cards is None else super().chance_outcomes(state)


class _NanKuhn(KuhnPoker):
    def utility(self, state, player):
        return math.nan


def test_the_tabular_tools_check_the_game_they_are_given():
    with pytest.raises(ArgumentError, match=r"pass an instance, KuhnPoker\(\), not the class"):
        cfr(KuhnPoker, 10)
    with pytest.raises(ArgumentError, match="max_nodes must be a whole number .* got 2.5"):
        extensive_form(KUHN, max_nodes=2.5)
    assert len(extensive_form(KuhnPoker(), max_nodes=None)) == 55           # None lifts the guard
    with pytest.raises(TooLargeError, match="more than 10 nodes .*max_nodes=None"):
        extensive_form(KuhnPoker(), max_nodes=10)
    with pytest.raises(ArgumentError, match="two-player zero-sum games .* 'A', 'B', 'C'"):
        cfr(Raid(), 1)
    with pytest.raises(ProbabilityError, match="chance outcomes .* sum to 1.1"):
        extensive_form(_BadDeal([("JQ", 0.5), ("QK", 0.6)]))
    with pytest.raises(ProbabilityError, match="probability of 'JQ' is -1"):
        cfr(_BadDeal([("JQ", -1), ("QK", 2)]), 1)
    with pytest.raises(EvaluationError, match="utility.* returned nan"):
        cfr(_NanKuhn(), 1)
    with pytest.raises(StateError, match="'start' is not terminal but has no actions"):
        cfr(NoMoves(), 1)                                            # was ZeroDivisionError
