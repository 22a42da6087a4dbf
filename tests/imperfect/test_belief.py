"""Belief states (AIMA 4th ed. §4.4): PREDICT / UPDATE for any game on the protocol, the true state
always in the tracked belief, and clear errors for percepts and games that make no sense."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import (CHANCE, MAX, MIN, ArgumentError, GameError, IllegalMoveError, ProbabilityError, StateError,
                     TooLargeError, play, uniform)
from gamelib.games import Connect4, HidingGame, KuhnPoker, PhantomTicTacToe, Pig, RoadGame, TicTacToe
from gamelib.games.kuhn import equilibrium
from gamelib.imperfect import (Belief, BeliefTracker, GameOver, ImpossiblePerceptError, TabularPolicy,
                               beliefs_by_percept, initial_belief, percept, possible_percepts, predict,
                               split, track, update)

GAMES = {"phantom": PhantomTicTacToe(), "kuhn": KuhnPoker(), "hiding": HidingGame(),
         "road": RoadGame(ask_cost=0.1), "tictactoe": TicTacToe()}


@given(st.sampled_from(sorted(GAMES)), st.sampled_from([MAX, MIN]), st.integers(0, 10_000))
def test_the_true_state_is_always_in_the_tracked_belief(name, player, seed):
    game = GAMES[name]
    out = play(game, {MAX: uniform(game), MIN: uniform(game)}, seed=seed)
    beliefs = track(game, player, out.states, out.actions)
    decisions = [s for s in out.states if game.is_terminal(s) or game.to_move(s) == player]
    assert len(beliefs) == len(decisions)
    for state, belief in zip(decisions, beliefs):
        assert state in belief
        assert abs(sum(belief.values()) - 1) < 1e-9
        # Everything in the belief looks the same to the player: that is what a belief state is.
        assert {percept(game, s, player) for s in belief} == {percept(game, state, player)}
    if name == "tictactoe":                     # fully observable: the belief is the state itself
        assert all(len(b) == 1 for b in beliefs)


def test_phantom_belief_sizes_at_the_start():
    game = PhantomTicTacToe()
    tracker = BeliefTracker(game, MAX)
    assert len(tracker.belief) == 1
    tracker.observe("." * 9)
    tracker.act((1, 1))
    # O's reply: any of 8 squares, after bumping into the centre first or not: 16 states, 8 boards.
    assert len(tracker.belief) == 16 and len({s.squares for s in tracker.belief}) == 8
    assert set(possible_percepts(game, tracker.belief, MAX)) == {"....X...."}
    tracker.observe("....X....")
    tracker.act((0, 0))
    groups = split(game, tracker.belief, MAX)
    assert set(groups) == {"X...X....", "O...X...."}          # (0, 0) was free, or O was there
    assert len({s.squares for s in groups["O...X...."]}) == 1  # O's only mark is known: one board
    tracker.observe("O...X....")
    assert tracker.sizes == [1, 16, 2] and {s.squares for s in tracker.belief} == {"O...X...."}


def test_kuhn_beliefs_weigh_deals_by_chance_and_the_opponent_by_a_model():
    game = KuhnPoker()
    first = initial_belief(game, MAX)
    assert len(first) == 6
    b = update(game, first, "Q", MAX)
    assert sorted("".join(s.cards) for s in b) == ["QJ", "QK"] and set(b.values()) == {0.5}
    # MIN holding the King faces a bet.  Against a uniformly random MAX, J and Q are equally likely;
    # against the equilibrium with alpha = 1/6, only the Jack bets (a bluff): MIN knows it faces J.
    tracker = BeliefTracker(game, MIN)
    tracker.observe("Kb")
    assert sorted(s.cards[0] for s in tracker.belief) == ["J", "Q"]
    eq = TabularPolicy(game, equilibrium(1 / 6))
    modelled = BeliefTracker(game, MIN, opponent=eq)
    modelled.observe("Kb")
    assert [s.cards[0] for s in modelled.belief] == ["J"]


def test_an_impossible_percept_is_refused_and_named():
    game = KuhnPoker()
    b = initial_belief(game, MAX)
    with pytest.raises(ImpossiblePerceptError, match="cannot perceive 'Xb'.*possible percepts: 'J'"):
        update(game, b, "Xb", MAX)
    tracker = BeliefTracker(game, MAX)
    tracker.observe("K")
    before = (tracker.belief, list(tracker.history))
    with pytest.raises(ImpossiblePerceptError):
        tracker.step("bet", "Jbb")                       # a failed step changes nothing
    assert (tracker.belief, tracker.history) == before
    with pytest.raises(GameError, match="must perceive before it acts"):
        BeliefTracker(game, MAX).act("bet")
    with pytest.raises(GameError, match="must act before it perceives"):
        tracker.observe("K")


def test_predicting_an_illegal_action_or_for_the_wrong_player_fails():
    game = PhantomTicTacToe()
    b = Belief([game.result(game.initial_state, (1, 1))])
    with pytest.raises(GameError, match="MAX is not to move"):
        predict(game, b, (0, 0), MAX)
    with pytest.raises(IllegalMoveError):
        predict(game, Belief([game.initial_state]), (3, 3), MAX)
    with pytest.raises(ArgumentError, match="player must be one of the players of PhantomTicTacToe.*'CHANCE'"):
        BeliefTracker(game, "CHANCE")
    with pytest.raises(GameError, match="at least one state"):
        Belief({})


class NoObservation:
    """A game on the protocol that never says what a player perceives (not a gamelib.core.Game)."""

    initial_state = 0

    def to_move(self, s):
        return MAX

    def actions(self, s):
        return (1,)

    def result(self, s, a):
        return s + a

    def is_terminal(self, s):
        return s >= 2

    def utility(self, s, p):
        return 0


def test_a_game_without_observation_is_refused_by_every_belief_tool():
    game = NoObservation()
    for call in (lambda: BeliefTracker(game, MAX), lambda: initial_belief(game, MAX),
                 lambda: predict(game, Belief([0]), 1, MAX), lambda: update(game, Belief([0]), 0, MAX),
                 lambda: split(game, Belief([0]), MAX)):
        with pytest.raises(GameError, match="no observation"):
            call()


def test_game_over_is_a_percept_with_the_result():
    game = RoadGame()
    s = game.result(game.result(game.initial_state, "left"), "A")
    assert percept(game, s, MAX) == GameOver(1, "end")


def test_a_game_looping_without_the_player_is_stopped(monkeypatch):
    import gamelib.imperfect.belief as belief_module
    monkeypatch.setattr(belief_module, "MAX_EXPANSION", 50)
    game = Pig(target=30)                       # MIN can roll 1s for ever without MAX moving
    s = game.result(game.result(game.initial_state, "roll"), 1)   # MAX rolled a 1: MIN's turn
    with pytest.raises(GameError, match="visited more than 50"):
        belief_module._Carry(game, MAX, None)(s)


def test_beliefs_by_percept_in_kuhn_and_a_late_phantom_position():
    game = KuhnPoker()
    mins = beliefs_by_percept(game, MIN)
    assert sorted(mins) == sorted(["Jb", "Jp", "Qb", "Qp", "Kb", "Kp"])
    assert all(len(b) == 2 for b in mins.values())
    phantom = PhantomTicTacToe()
    start = Belief([phantom.initial_state])
    b = update(phantom, predict(phantom, start, (1, 1), MAX), "....X....", MAX)
    found = beliefs_by_percept(phantom, MAX, update(phantom, predict(phantom, b, (0, 0), MAX), "O...X....", MAX))
    assert "O...X...." in found and all(v[4] == "X" for v in found)


# -- bad input (issue 21): every belief tool checks its game, player, belief and opponent model --------

@pytest.mark.parametrize("call", [
    lambda g: initial_belief(g, None), lambda g: BeliefTracker(g, None), lambda g: beliefs_by_percept(g, None),
    lambda g: predict(g, [g.initial_state], (1, 1), "X"), lambda g: split(g, [g.initial_state], 0),
    lambda g: update(g, [g.initial_state], ".........", CHANCE), lambda g: percept(g, g.initial_state, [MAX]),
])
def test_a_player_who_is_not_in_the_game_is_named_instead_of_a_hang(call):
    # initial_belief(PhantomTicTacToe(), None) used to carry the belief through the whole game: a hang.
    with pytest.raises(ArgumentError, match=r"player must be one of the players of PhantomTicTacToe\(\)"):
        call(PhantomTicTacToe())


@pytest.mark.parametrize("weights, named", [
    ({"a": 2, "b": -1}, r"weight of state 'b' .* is -1"),     # dropped after counting it: b weighed 2.0
    ({"a": float("nan")}, "weight of state 'a' .* is nan"), ({"a": "x"}, "weight of state 'a' .* is 'x'"),
    ({"a": True}, "weight of state 'a' .* is True"), ({"a": 0}, "at least one state of positive weight"),
])
def test_a_belief_refuses_weights_that_are_not_probabilities(weights, named):
    with pytest.raises(ProbabilityError, match=named):
        Belief(weights)


@pytest.mark.parametrize("weights", [None, 5, "ab", [[1]]])
def test_a_belief_is_a_dict_or_a_collection_of_states(weights):
    with pytest.raises(ArgumentError, match="weights must be a dict"):
        Belief(weights)


def test_states_of_another_game_and_bad_beliefs_are_refused_by_name():
    game = PhantomTicTacToe()
    with pytest.raises(StateError, match=r"Board\('.......* is not a state of PhantomTicTacToe\(\)"):
        predict(game, [Connect4().initial_state], (1, 1), MAX)
    with pytest.raises(ArgumentError, match="belief must be a Belief, a dict .* got None"):
        split(game, None, MAX)
    with pytest.raises(StateError, match="is not a state of PhantomTicTacToe"):
        percept(game, Connect4().initial_state, MAX)
    with pytest.raises(StateError, match="MAX is not to move in PhantomBoard"):
        predict(game, initial_belief(game, MIN), (1, 1), MAX)


def test_an_opponent_model_must_give_distributions():
    kuhn = KuhnPoker()
    with pytest.raises(ProbabilityError, match="opponent model .* sum to 1.1"):
        initial_belief(kuhn, MIN, opponent=lambda s: {"pass": 0.5, "bet": 0.6})
    with pytest.raises(ProbabilityError, match="opponent model .*probability of 'pass' is -1"):
        initial_belief(kuhn, MIN, opponent=lambda s: {"pass": -1, "bet": 2})
    with pytest.raises(ArgumentError, match="opponent must be an opponent model.*, got 5"):
        BeliefTracker(kuhn, MIN, opponent=5)


def test_track_checks_that_states_and_actions_are_one_games_record():
    game = PhantomTicTacToe()
    centre = game.result(game.initial_state, (1, 1))
    with pytest.raises(ArgumentError, match=r"actions\[0\] = \(0, 0\) does not lead from states\[0\] to states\[1\]"):
        track(game, MAX, [game.initial_state, centre], [(0, 0)])
    with pytest.raises(ArgumentError, match="actions must hold the action taken at each state but the last"):
        track(game, MAX, [game.initial_state, centre], [])
    with pytest.raises(ArgumentError, match="states must be a list .* got None"):
        track(game, MAX, None, None)
    assert len(track(game, MAX, [game.initial_state], [])) == 1        # the record may stop at a decision


def test_beliefs_by_percept_has_a_size_guard_and_checks_its_start():
    with pytest.raises(TooLargeError, match="more than max_beliefs=3 belief states.*max_beliefs=None"):
        beliefs_by_percept(PhantomTicTacToe(), MAX, max_beliefs=3)
    assert len(beliefs_by_percept(KuhnPoker(), MAX, max_beliefs=None)) == 6
    with pytest.raises(ArgumentError, match="max_beliefs must be a whole number .* got 2.5"):
        beliefs_by_percept(KuhnPoker(), MAX, max_beliefs=2.5)
    with pytest.raises(ArgumentError, match="start must be a Belief, a list of Beliefs, or None .* got 5"):
        beliefs_by_percept(KuhnPoker(), MAX, 5)


def test_sampling_a_belief_checks_k_and_the_seed():
    b = initial_belief(PhantomTicTacToe(), MIN)
    with pytest.raises(ArgumentError, match="k must be a whole number .* got -1"):
        b.most_likely(-1)
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        b.sample(3, seed=float("nan"))
    assert b.sample(3, seed=1) == b.sample(3, seed=1) and b.most_likely(0) == []


def test_a_refused_step_leaves_the_tracker_as_it_was():
    t = BeliefTracker(PhantomTicTacToe(), MAX)
    t.observe(".........")
    before = (t.belief, t.expecting, list(t.history), list(t.sizes))
    with pytest.raises(IllegalMoveError, match=r"illegal move \(9, 9\)"):
        t.step((9, 9), "....X....")
    with pytest.raises(ImpossiblePerceptError, match="cannot perceive 'nonsense'"):
        t.step((1, 1), "nonsense")
    assert (t.belief, t.expecting, list(t.history), list(t.sizes)) == before
