"""Information sets, policies, best response, exploitability, CFR and averaging over clairvoyance: the
exact values of Kuhn poker and the lessons of the road and hiding games."""
import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (MAX, MIN, ArgumentError, EvaluationError, GameError, ProbabilityError, StateError,
                     TooLargeError, play)
from gamelib.core import Game
from gamelib.games import HidingGame, KuhnPoker, Raid, RoadGame
from gamelib.games.kuhn import equilibrium
from gamelib.imperfect import (CFR, InformationSetError, TabularPolicy, as_policy, best_response, cfr,
                               clairvoyance_policy, expected_value, exploitability, exploitability_curve,
                               extensive_form, nash_conv, regret_matching, uniform_policy)

KUHN = KuhnPoker()
KEYS_MAX = ["J", "Q", "K", "Jpb", "Qpb", "Kpb"]
KEYS_MIN = ["Jp", "Qp", "Kp", "Jb", "Qb", "Kb"]


# -- information sets ----------------------------------------------------------------------------------

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


# -- policies ------------------------------------------------------------------------------------------

def test_policies_are_tables_and_functions_of_the_state_and_always_fresh():
    policy = TabularPolicy(KUHN, equilibrium(1 / 6))
    assert policy["Qb"] == pytest.approx({"pass": 2 / 3, "bet": 1 / 3})
    s = KUHN.result(KUHN.result(KUHN.initial_state, "KQ"), "bet")
    assert policy(s) == policy["Qb"]                          # MIN holds Q and faces a bet
    policy["Qb"]["bet"] = 1.0                                  # a copy: the policy does not change
    assert policy["Qb"]["bet"] == 1 / 3
    assert len(policy) == 12 and set(policy) == set(KEYS_MAX + KEYS_MIN)
    out = play(KUHN, {MAX: policy, MIN: policy}, seed=3)
    assert KUHN.is_terminal(out.states[-1])
    assert policy.restricted(MAX).players() == {MAX} and not policy.restricted(MAX).covers(MIN)


def test_bad_policies_get_clear_errors():
    table = equilibrium(0)
    with pytest.raises(ProbabilityError, match="'Qb' is not a distribution: its probabilities sum to 1.5"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": 1.0, "bet": 0.5}})
    with pytest.raises(ProbabilityError, match="probability nan"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": math.nan, "bet": 1.0}})
    with pytest.raises(ProbabilityError, match="-0.5"):
        TabularPolicy(KUHN, {**table, "Qb": {"pass": 1.5, "bet": -0.5}})
    with pytest.raises(InformationSetError, match="'Qbb' is not an information set"):
        TabularPolicy(KUHN, {**table, "Qbb": {"pass": 1.0}})
    with pytest.raises(GameError, match="'raise'.*not actions"):
        TabularPolicy(KUHN, {**table, "Qb": {"raise": 1.0}})
    partial = {k: v for k, v in table.items() if k != "Kpb"}
    with pytest.raises(InformationSetError, match="no distribution at MAX's information set 'Kpb'"):
        exploitability(KUHN, partial)
    with pytest.raises(GameError, match="not a function of the information set"):
        as_policy(KUHN, lambda s: {"bet": 1.0} if s.cards[1] == "K" else {"pass": 1.0})
    with pytest.raises(InformationSetError, match="no entry for information set 'Kpb'"):
        TabularPolicy(KUHN, partial)["Kpb"]


def test_a_policy_may_be_a_function_of_what_the_player_sees():
    always_bet = as_policy(KUHN, lambda s: {"bet": 1.0})
    assert all(d == {"pass": 0.0, "bet": 1.0} for d in always_bet.values())
    assert expected_value(KUHN, {MAX: always_bet, MIN: always_bet}) == 0     # showdown for 2, even


# -- exact values --------------------------------------------------------------------------------------

@pytest.mark.parametrize("alpha", [0, 1 / 12, 1 / 6, 1 / 4, 1 / 3])
def test_kuhn_equilibria_are_worth_minus_one_eighteenth_and_unexploitable(alpha):
    eq = equilibrium(alpha)
    assert abs(expected_value(KUHN, eq) + 1 / 18) < 1e-12
    assert abs(exploitability(KUHN, eq)) < 1e-12
    br = best_response(KUHN, eq, MIN)
    assert abs(br.value - 1 / 18) < 1e-12 and abs(br.gain) < 1e-12


def test_uniform_random_kuhn_is_exploitable_by_eleven_twelfths_in_nash_conv():
    u = uniform_policy(KUHN)
    assert abs(nash_conv(KUHN, u) - 11 / 12) < 1e-12          # OpenSpiel's figure: 0.916666...
    assert abs(exploitability(KUHN, u) - 11 / 24) < 1e-12


def pure_strategies(player):
    keys = KEYS_MAX if player == MAX else KEYS_MIN
    for choice in itertools.product(("pass", "bet"), repeat=len(keys)):
        yield {k: {a: 1.0} for k, a in zip(keys, choice)}


distributions = st.floats(0, 1).map(lambda p: {"pass": 1 - p, "bet": p})
kuhn_policies = st.fixed_dictionaries({k: distributions for k in KEYS_MAX + KEYS_MIN})


@settings(max_examples=30)
@given(kuhn_policies, st.sampled_from([MAX, MIN]))
def test_best_response_is_the_best_of_all_64_pure_strategies(table, player):
    opp = MIN if player == MAX else MAX
    br = best_response(KUHN, table, player)
    sign = 1 if player == MAX else -1
    brute = max(sign * expected_value(KUHN, {player: pure, opp: table}) for pure in pure_strategies(player))
    assert abs(br.value - brute) < 1e-9
    assert abs(sign * expected_value(KUHN, {player: br.policy, opp: table}) - br.value) < 1e-9


def is_kuhn_equilibrium(table, tol=1e-9):
    """Kuhn's characterization: MAX's family with alpha in [0, 1/3], MIN's unique strategy."""
    alpha = table["J"]["bet"]
    if alpha > 1 / 3 + tol:
        return False
    expected = equilibrium(min(alpha, 1 / 3))
    for k in KEYS_MAX + KEYS_MIN:
        if k == "Kpb" and abs(alpha - 1 / 3) < tol:       # never reached by MAX's own strategy then
            continue
        if abs(table[k]["bet"] - expected[k]["bet"]) > tol:
            return False
    return True


@settings(max_examples=60)
@given(st.one_of(kuhn_policies,
                 st.floats(0, 1 / 3).map(equilibrium),
                 st.tuples(st.floats(0, 1 / 3), st.sampled_from(KEYS_MAX + KEYS_MIN), st.floats(0, 1))
                 .map(lambda t: {**equilibrium(t[0]), t[1]: {"pass": 1 - t[2], "bet": t[2]}})))
def test_exploitability_is_never_negative_and_zero_only_at_an_equilibrium(table):
    e = exploitability(KUHN, table)
    assert e >= -1e-12
    if is_kuhn_equilibrium(table):
        assert e < 1e-9
    if e < 1e-12:                                   # unexploitable: then it is one of Kuhn's equilibria
        assert is_kuhn_equilibrium(table, tol=1e-4)


# -- CFR -----------------------------------------------------------------------------------------------

def test_regret_matching():
    assert regret_matching([2.0, -1.0, 2.0]) == [0.5, 0.0, 0.5]
    assert regret_matching([-1.0, 0.0]) == [0.5, 0.5]


def test_cfr_converges_on_kuhn_to_the_known_equilibrium():
    policy = cfr(KUHN, 2000)
    assert exploitability(KUHN, policy) < 1e-3
    assert abs(expected_value(KUHN, policy) + 1 / 18) < 2e-3
    alpha = policy["J"]["bet"]
    assert -1e-3 <= alpha <= 1 / 3 + 1e-3                  # the bluff, with alpha in [0, 1/3]
    assert abs(policy["K"]["bet"] - 3 * alpha) < 0.02      # the King bets three times as often
    assert abs(policy["Qb"]["bet"] - 1 / 3) < 0.02 and policy["Jb"]["bet"] < 0.01


def test_cfr_exploitability_falls_with_iterations_both_ways():
    for alternating in (True, False):
        curve = exploitability_curve(KUHN, [10, 100, 1000], alternating=alternating)
        values = [p.exploitability for p in curve]
        assert values == sorted(values, reverse=True) and values[-1] < values[0] / 5


def test_cfr_returns_fresh_policies_never_its_tables():
    solver = CFR(KUHN)
    early = solver.run(5).average_policy()
    snapshot = early.table()
    solver.run(200)
    assert early.table() == snapshot                       # OpenSpiel's aliasing trap, avoided
    assert solver.average_policy() is not solver.average_policy()
    assert solver.iterations == 205 and "205" in repr(solver)
    with pytest.raises(GameError, match="whole number"):
        solver.run(-1)


def test_cfr_solves_the_hiding_and_road_games():
    hide = HidingGame()
    eq = cfr(hide, 3000)
    assert abs(expected_value(hide, eq) - 0.25) < 5e-3 and exploitability(hide, eq) < 5e-3
    assert abs(eq["treasure north"]["north"] - 0.5) < 0.02      # the march tells MIN nothing
    road = RoadGame(ask_cost=0.1)
    assert abs(expected_value(road, cfr(road, 3000)) - 1.9) < 0.01  # ask the way, then take road B


# -- averaging over clairvoyance -----------------------------------------------------------------------

def test_clairvoyance_on_kuhn_never_bets_or_calls_with_the_jack():
    c = clairvoyance_policy(KUHN)
    for key in ("J", "Jp", "Jb", "Jpb"):
        assert c[key] == {"pass": 1.0, "bet": 0.0}
    assert c["Qb"]["bet"] == 1.0 and c["Qpb"]["bet"] == 1.0       # and always calls with the Queen
    assert c.estimates["J"]["pass"].mean == -1 and c.estimates["J"]["bet"].mean == -2
    assert c.estimates["Qb"]["bet"].mean == 0 and c.estimates["Qb"]["pass"].mean == -1


@pytest.mark.parametrize("tie", ["first", "last", "uniform"])
def test_clairvoyance_tie_breaking_changes_the_strategy_but_not_its_exploitability(tie):
    c = clairvoyance_policy(KUHN, tie=tie)
    king = {"first": 0.0, "last": 1.0, "uniform": 0.5}[tie]
    assert c["K"]["bet"] == king and c["Kp"]["bet"] == king       # the King's tie: bet or check
    assert abs(exploitability(KUHN, c) - 1 / 6) < 1e-12
    # As MAX against the equilibrium it loses nothing: every action it takes is in the support.
    assert abs(expected_value(KUHN, {MAX: c, MIN: equilibrium(0)}) + 1 / 18) < 1e-12


def test_clairvoyance_as_min_against_the_equilibrium_depends_on_the_tie_rule():
    first, last = clairvoyance_policy(KUHN, tie="first"), clairvoyance_policy(KUHN, tie="last")
    for alpha in (0, 1 / 6, 1 / 3):
        eq = equilibrium(alpha)
        assert abs(expected_value(KUHN, {MAX: eq, MIN: first}) - alpha / 6) < 1e-12   # slow-plays the King
        assert abs(expected_value(KUHN, {MAX: eq, MIN: last}) + 1 / 18) < 1e-12


@settings(max_examples=25)
@given(st.integers(0, 10**6), st.sampled_from([50, 200, 800]))
def test_monte_carlo_clairvoyance_converges_to_the_exact_one_within_its_standard_error(seed, n):
    exact = clairvoyance_policy(KUHN).estimates
    mc = clairvoyance_policy(KUHN, samples=n, seed=seed).estimates
    for key, actions in exact.items():
        for a, e in actions.items():
            m = mc[key][a]
            assert m.samples == n and e.samples is None and e.stderr == 0
            assert abs(m.mean - e.mean) <= 5 * m.stderr + 1e-12


def test_monte_carlo_error_shrinks_like_one_over_root_n():
    errs = {n: clairvoyance_policy(KUHN, samples=n, seed=1).estimates["Q"]["pass"].stderr
            for n in (100, 10_000)}
    assert 5 < errs[100] / errs[10_000] < 20


def test_clairvoyance_goes_wrong_on_the_road_game():
    road = RoadGame()
    c = clairvoyance_policy(road)
    assert c["start"] == {"A": 0.0, "B": 1.0}
    assert c.estimates["start"]["B"].mean == 2                 # rated at the big heap's value ...
    assert expected_value(road, c) == -4                       # ... worth a coin toss with the bus
    asking = RoadGame(ask_cost=0.1)
    c = clairvoyance_policy(asking)
    assert c["start"]["ask"] == 0.0 and abs(c.estimates["start"]["ask"].mean - 1.9) < 1e-12
    assert expected_value(asking, c) == -4                      # never asks: 1.9 was there to take


def test_clairvoyance_gives_the_secret_away_in_the_hiding_game():
    hide = HidingGame()
    c = clairvoyance_policy(hide)
    assert c["treasure north"]["north"] == 1.0 and c["treasure south"]["south"] == 1.0
    assert best_response(hide, c, MIN).value == 0.5            # MIN reads the march: MAX gets -0.5


def test_clairvoyance_rejects_bad_arguments():
    with pytest.raises(GameError, match="tie"):
        clairvoyance_policy(KUHN, tie="random")
    with pytest.raises(GameError, match="samples"):
        clairvoyance_policy(KUHN, samples=1)


def test_best_responses_play_and_policies_may_be_given_per_seat():
    c = clairvoyance_policy(KUHN)
    br = best_response(KUHN, c, MIN)
    assert abs(expected_value(KUHN, {MAX: c, MIN: br}) + 1 / 6) < 1e-12
    out = play(KUHN, {MAX: c, MIN: br}, seed=4)
    assert KUHN.is_terminal(out.states[-1])
    mixed = {MAX: c, MIN: equilibrium(0)}
    assert abs(exploitability(KUHN, mixed) - (best_response(KUHN, mixed, MIN).gain
                                              + best_response(KUHN, mixed, MAX).gain) / 2) < 1e-12
    with pytest.raises(InformationSetError, match="needs both seats"):
        exploitability(KUHN, {MAX: c})


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


# -- bad input (issue 21) ---------------------------------------------------------------------------------

class _BadDeal(KuhnPoker):
    def __init__(self, pairs):
        super().__init__()
        self.pairs = pairs

    def chance_outcomes(self, state):
        return self.pairs if state.cards is None else super().chance_outcomes(state)


class _NanKuhn(KuhnPoker):
    def utility(self, state, player):
        return math.nan


class _Selfish(HidingGame):
    """The hiding game, but both players get MAX's payoff: not zero-sum."""

    def utility(self, state, player):
        return super().utility(state, MAX)


class _NoMoves(Game):
    initial_state = "start"

    def to_move(self, s):
        return MAX

    def actions(self, s):
        return ()

    def is_terminal(self, s):
        return False


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
        cfr(_NoMoves(), 1)                                            # was ZeroDivisionError


@pytest.mark.parametrize("call", [lambda g: best_response(g, uniform_policy(g), MAX),
                                  lambda g: exploitability(g, uniform_policy(g)), lambda g: cfr(g, 5),
                                  lambda g: clairvoyance_policy(g)])
def test_tools_of_zero_sum_games_refuse_a_game_that_is_not(call):
    # best_response used to return a value that assumed MIN's payoff is minus MAX's.
    with pytest.raises(ArgumentError, match=r"for zero-sum games .* MAX's utility .* is .* and MIN's"):
        call(_Selfish())
    assert expected_value(_Selfish(), uniform_policy(_Selfish())) == pytest.approx(0.25)   # MAX's: fine


@pytest.mark.parametrize("table, error, named", [
    (None, ArgumentError, "table must be a dict .* got None"),
    ({"J": {"pass": -0.5, "bet": 1.5}}, ProbabilityError, "'J' gives 'pass' probability -0.5"),
    ({"J": {"pass": math.nan, "bet": 1}}, ProbabilityError, "'J' gives 'pass' probability nan"),
    ({"J": {"pass": True}}, ProbabilityError, "'J' gives 'pass' probability True"),
    ({"J": {"fold": 1}}, ArgumentError, r"'J' names \['fold'\], which are not actions"),
])
def test_policy_tables_are_checked_by_name(table, error, named):
    with pytest.raises(error, match=named):
        TabularPolicy(KUHN, table)


def test_policies_accept_numpy_probabilities_and_check_players_and_seats():
    import numpy as np
    assert TabularPolicy(KUHN, {"J": {"pass": np.float32(1)}})["J"] == {"pass": 1.0, "bet": 0.0}
    uni = uniform_policy(KUHN)
    with pytest.raises(ArgumentError, match="players must be one of the players .* got 'X'"):
        as_policy(KUHN, uni, players="X")
    with pytest.raises(ArgumentError, match="player must be MAX or MIN, got 'X'"):
        uni.restricted("X")
    with pytest.raises(ArgumentError, match="other must be a TabularPolicy of the same game"):
        uni.merged(uniform_policy(HidingGame()))
    with pytest.raises(InformationSetError, match=r"\[1\] is not a state of KuhnPoker\(\)'s tree"):
        uni([1])
    with pytest.raises(ArgumentError, match="player must be MAX or MIN, got 'X'"):
        best_response(KUHN, uni, "X")


@pytest.mark.parametrize("regrets", [[], None, "ab", [1, "x"], [math.nan, 1], [math.inf, 1], [True]])
def test_regret_matching_wants_finite_regrets(regrets):
    with pytest.raises(ArgumentError, match="regrets must be a non-empty list of finite numbers"):
        regret_matching(regrets)            # [] used to raise ZeroDivisionError, NaN to count as 0


def test_cfr_and_its_curve_check_their_arguments():
    with pytest.raises(ArgumentError, match="alternating must be True or False, got 'no'"):
        CFR(KUHN, alternating="no")
    with pytest.raises(ArgumentError, match="iterations must be a whole number .* got 2.5"):
        CFR(KUHN).run(2.5)
    with pytest.raises(ArgumentError, match=r"checkpoints must be .* in increasing order, got \[10, 5\]"):
        exploitability_curve(KUHN, [10, 5])
    assert CFR(KUHN, alternating=np_false()).alternating is False


def np_false():
    import numpy as np
    return np.bool_(False)


def test_clairvoyance_checks_samples_seed_tie_and_players():
    with pytest.raises(ArgumentError, match="samples must be a whole number .*>= 2.* got 1"):
        clairvoyance_policy(KUHN, samples=1)
    with pytest.raises(ArgumentError, match="seed must be None, a whole number or a string .* got nan"):
        clairvoyance_policy(KUHN, samples=4, seed=math.nan)
    with pytest.raises(ArgumentError, match=r"tie must be one of \['first', 'last', 'uniform'\], got 'random'"):
        clairvoyance_policy(KUHN, tie="random")
    with pytest.raises(ArgumentError, match="players must be one of the players .* got 'X'"):
        clairvoyance_policy(KUHN, players="X")
    assert len(clairvoyance_policy(KUHN, players=MAX)) == 6
