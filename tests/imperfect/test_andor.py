"""AND-OR search over belief states (AIMA 4th ed. Fig. 4.11 applied to §5.6): a guaranteed win is
checked by playing it out against every reply; probabilistic and accidental wins."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (MAX, MIN, ArgumentError, GameError, IllegalMoveError, ProbabilityError, StateError,
                     TooLargeError, alphabeta, uniform)
from gamelib.games import Connect4, PhantomTicTacToe, TicTacToe
from gamelib.imperfect import (Belief, BeliefTracker, GameOver, accidental_wins, and_or_search,
                               likeliest_plan, percept, plan_outcomes, predict, update, win_probability,
                               wins_against_every_reply)

GAME = PhantomTicTacToe()


def x_belief_after(seed, min_x_marks=3):
    """X's belief state at its first decision with at least ``min_x_marks`` marks on the board, in a
    game of random play (or None if the game ends first), and the true state."""
    rng = random.Random(seed)
    tracker = BeliefTracker(GAME, MAX)
    s = GAME.initial_state
    while not GAME.is_terminal(s):
        if GAME.to_move(s) == MAX:
            tracker.observe(percept(GAME, s, MAX))
            if s.squares.count("X") >= min_x_marks:
                return tracker.belief, s
            a = rng.choice(GAME.actions(s))
            tracker.act(a)
        else:
            a = rng.choice(GAME.actions(s))
        s = GAME.result(s, a)
    return None, s


def every_outcome(state, plan):
    """Play ``plan`` out from ``state`` against every possible sequence of O's tries and moves,
    independently of gamelib.imperfect.andor: the list of X's utilities at the ends."""
    if GAME.is_terminal(state):
        return [GAME.utility(state, MAX)]
    if GAME.to_move(state) == MIN:
        return [u for a in GAME.actions(state) for u in every_outcome(GAME.result(state, a), plan)]
    assert plan.action in GAME.actions(state), "the plan prescribes an illegal action"
    after = GAME.result(state, plan.action)
    outcomes = []

    def until_x(s):
        if GAME.is_terminal(s) or GAME.to_move(s) == MAX:
            observed = GameOver(GAME.utility(s, MAX), s.x_view) if GAME.is_terminal(s) else s.x_view
            branch = dict(plan.branches)[observed]
            outcomes.extend(every_outcome(s, branch) if branch.action is not None
                            else [GAME.utility(s, MAX)])
        else:
            for a in GAME.actions(s):
                until_x(GAME.result(s, a))
    until_x(after)
    return outcomes


@settings(max_examples=30)
@given(st.integers(0, 100_000), st.sampled_from([2, 3, 4]))
def test_a_guaranteed_win_wins_against_every_reply_for_every_state_of_the_belief(seed, marks):
    belief, _ = x_belief_after(seed, marks)
    if belief is None:
        return
    result = and_or_search(GAME, belief)
    ttt = TicTacToe()
    if result.plan is not None:
        for s in belief:
            outcomes = every_outcome(s, result.plan)
            assert outcomes and all(u == 1 for u in outcomes)
            # A guaranteed win in the fog is a win with everything visible too.
            assert alphabeta(ttt, TicTacToe.parse(s.squares)).value == 1
            assert wins_against_every_reply(GAME, result.plan, s, MAX)
        # Played out against random O's, following the plan by X's percepts only: X always wins.
        for k in range(5):
            s, plan = random.Random(k).choice(list(belief)), result.plan
            rng = random.Random(seed + k)
            while not GAME.is_terminal(s):
                if GAME.to_move(s) == MAX:
                    s = GAME.result(s, plan.action)
                    while not GAME.is_terminal(s) and GAME.to_move(s) == MIN:
                        s = GAME.result(s, rng.choice(GAME.actions(s)))
                    plan = plan.then(percept(GAME, s, MAX))
            assert GAME.utility(s, MAX) == 1 and plan.action is None
        # Monotone: a plan for the whole belief is a plan for any part of it.
        assert all(and_or_search(GAME, [s]).found for s in list(belief)[:5])


@settings(max_examples=15)
@given(st.integers(0, 100_000))
def test_winning_with_probability_one_against_every_opponent_is_a_guaranteed_win(seed):
    belief, _ = x_belief_after(seed, 3)
    if belief is None:
        return
    p = win_probability(GAME, belief, uniform(GAME))
    vs_random = win_probability(GAME, belief, uniform(GAME), opponent=uniform(GAME))
    assert all(p.per_state[s] <= vs_random.per_state[s] + 1e-12 for s in belief)
    assert 0 <= p.worst <= p.mean + 1e-12 <= vs_random.mean + 2e-12 and vs_random.mean <= 1   # means of equal
    if p.worst == 1:                                                  # states may differ in the last bit
        assert and_or_search(GAME, belief).found


def test_x_with_one_mark_wins_for_sure_only_where_tictactoe_does():
    """X took the centre; O replied.  If X bumped into O on an edge, X knows the whole board and wins
    for sure (as in tic-tac-toe); in a corner it is a draw with everything visible, so no guarantee."""
    start = update(GAME, predict(GAME, Belief([GAME.initial_state]), (1, 1), MAX), "....X....", MAX)
    edge = update(GAME, predict(GAME, start, (0, 1), MAX), ".O..X....", MAX)
    corner = update(GAME, predict(GAME, start, (0, 0), MAX), "O...X....", MAX)
    won = and_or_search(GAME, edge, trace=True)
    assert won.found and not and_or_search(GAME, corner).found
    assert not and_or_search(GAME, start).found        # X does not know where O is: no guarantee
    assert won.plan.depth >= 2 and won.plan.size >= won.plan.depth and "play" in str(won.plan)
    enters = [e for e in won.trace if e.kind == "enter"]
    assert len(enters) == won.nodes
    assert len(won.trace) == 2 * won.nodes             # every enter closed by exactly one event


def test_nobody_has_a_guaranteed_win_from_the_start():
    assert not and_or_search(GAME, [GAME.initial_state]).found


def test_accidental_wins_and_the_likeliest_plan():
    start, _ = x_belief_after(6, 3)                     # X: OX.X.X... (72 states, 9 boards)
    assert not and_or_search(GAME, start).found
    plan, assumed = likeliest_plan(GAME, start)
    assert plan is not None and assumed
    acc = accidental_wins(GAME, start, plan)
    assert set(acc.wins) | set(acc.fails) == set(start) and not set(acc.wins) & set(acc.fails)
    assert set(assumed) <= set(acc.wins)               # it wins where it assumed, by construction
    assert acc.fails                                    # and not everywhere (no guaranteed win here)
    assert abs(acc.probability - sum(start[s] for s in acc.wins)) < 1e-12
    for s in acc.wins:
        assert all(u == 1 for u in every_outcome(s, plan))


def test_and_or_refuses_beliefs_that_are_not_a_decision():
    s = GAME.result(GAME.initial_state, (1, 1))
    with pytest.raises(GameError, match="MAX or MIN to move"):
        and_or_search(GAME, [GAME.initial_state, s])


def test_guaranteed_win_census_after_the_centre_opening():
    """The numbers notebook 06 quotes: X's 1,973 information states after opening in the centre."""
    from gamelib.experiments.partial_observability import guaranteed_win_census
    start = update(GAME, predict(GAME, Belief([GAME.initial_state]), (1, 1), MAX), "....X....", MAX)
    rows = guaranteed_win_census(GAME, MAX, start)
    assert [(r.marks, r.information_states, r.guaranteed_wins) for r in rows] == [
        (1, 9, 4), (2, 232, 168), (3, 972, 636), (4, 760, 312)]


# -- bad input (issue 21) ---------------------------------------------------------------------------------

WON = PhantomTicTacToe("XX.OO....").initial_state            # X to move completes the top row


def test_and_or_search_checks_its_arguments_and_has_a_size_guard():
    b = [GAME.initial_state]
    with pytest.raises(ArgumentError, match="trace must be True or False, got 'yes'"):
        and_or_search(GAME, b, trace="yes")
    with pytest.raises(ArgumentError, match="memo must be a dict .* got 5"):
        and_or_search(GAME, b, memo=5)
    with pytest.raises(TooLargeError, match="more than max_nodes=10 belief states.*max_nodes=None"):
        and_or_search(GAME, b, max_nodes=10)
    with pytest.raises(TooLargeError, match="max_nodes=100,000"):     # Connect Four: a full game search
        and_or_search(Connect4(), [Connect4().initial_state])
    with pytest.raises(ArgumentError, match="player must be one of the players .* got 'X'"):
        and_or_search(GAME, b, "X")
    with pytest.raises(StateError, match="MIN is not to move in every unfinished state of the belief"):
        and_or_search(GAME, b, MIN)
    with pytest.raises(StateError, match="MAX or MIN to move in every unfinished state"):
        and_or_search(GAME, [GAME.initial_state, GAME.result(GAME.initial_state, (1, 1))])


def test_plans_policies_and_opponents_are_checked():
    plan = and_or_search(GAME, [WON]).plan
    assert plan.action == (0, 2) and plan_outcomes(GAME, plan, WON, MAX) == {1}
    with pytest.raises(ArgumentError, match="plan must be a Plan .* got 5"):
        plan_outcomes(GAME, 5, WON, MAX)
    elsewhere = GAME.result(GAME.initial_state, (0, 2))                # (0, 2) is taken there: issue #34
    with pytest.raises(IllegalMoveError, match=r"the plan's first action \(0, 2\) is not legal"):
        plan_outcomes(GAME, plan, GAME.result(elsewhere, (1, 1)), MAX)
    with pytest.raises(StateError, match="the plan is MAX's, but MIN is to move"):
        wins_against_every_reply(GAME, plan, elsewhere, MAX)
    with pytest.raises(StateError, match="is not a state of PhantomTicTacToe"):
        wins_against_every_reply(GAME, plan, Connect4().initial_state, MAX)
    with pytest.raises(ArgumentError, match="describe must be a function .* got 5"):
        plan.lines(describe=5)
    late = PhantomTicTacToe("XO.XO....").initial_state
    with pytest.raises(ProbabilityError, match="policy at .*probability of .* is -1"):
        win_probability(GAME, [late], lambda s: {a: -1 for a in GAME.actions(s)})
    with pytest.raises(ProbabilityError, match="opponent at .*sum to"):
        win_probability(GAME, [late], uniform(GAME), opponent=lambda s: {a: 2 for a in GAME.actions(s)})
    with pytest.raises(ArgumentError, match="policy must be a policy.* got 5"):
        win_probability(GAME, [late], 5)


def test_the_partial_observability_experiments_check_their_arguments():
    from gamelib.experiments.partial_observability import belief_sizes, guaranteed_win_census
    with pytest.raises(ArgumentError, match="policies must be a dict .* got 5"):
        belief_sizes(GAME, 5, [0])
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        belief_sizes(GAME, {MAX: uniform(GAME), MIN: uniform(GAME)}, [float("nan")])
    with pytest.raises(ArgumentError, match="marks must be a function .* got 5"):
        guaranteed_win_census(GAME, MAX, marks=5)
    with pytest.raises(ArgumentError, match="player must be one of the players .* got 'X'"):
        guaranteed_win_census(GAME, "X")
