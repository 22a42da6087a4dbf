"""The autograder of assignment 05 (gamelib.grading.imperfect): right belief-state and clairvoyance
functions get full marks on any game, every known bug is caught and named where it shows, the bug
models are gamelib.imperfect's functions plus one bug (the card game and the foggy trees: test_games.py),
hidden cases come from their seed and are never shown, and the sandbox's guards hold."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN
from gamelib.games import KuhnPoker, PhantomTicTacToe
from gamelib.grading import cases as C
from gamelib.grading import checks
from gamelib.grading import imperfect as I
from gamelib.grading.core import grade_case
from gamelib.grading.games import SmallPoker
from gamelib.grading.mutants import (
    BY_NAME,
    IMPERFECT_BUGS,
    MUTANTS,
    buggy_clairvoyance,
    buggy_clairvoyant_decision,
    buggy_predict,
    buggy_track,
    buggy_update,
)
from gamelib.imperfect import Belief, GameOver, clairvoyance_policy, exploitability, predict, track, update

from . import students
from .bug_models import assert_caught_and_named

KIND = {name: task.kind for name, task in I.TASKS.items()}


# ---------------------------------------------------------------------------------------------------
# Random cases for every task
# ---------------------------------------------------------------------------------------------------

@st.composite
def belief_cases(draw, kind):
    """A predict or update case from a random game of phantom tic-tac-toe, Kuhn poker, a random
    SmallPoker or a random foggy tree."""
    seed = draw(st.integers(0, 10**6))
    rng = C.stable_random("test", seed)
    game = draw(st.sampled_from(["phantom", "kuhn", "poker", "tree"]))
    if game == "tree":
        pair = C.random_tree_belief_cases(rng, seed)
    else:
        g = {"phantom": PhantomTicTacToe, "kuhn": KuhnPoker}.get(game, lambda: C.random_poker(rng))()
        pair = C.random_belief_cases(rng, g, draw(st.sampled_from([MAX, MIN])), decisions=3, max_states=200)
    return pair[0] if kind == "predict" else pair[1]


@st.composite
def track_cases(draw):
    seed = draw(st.integers(0, 10**6))
    rng = C.stable_random("test track", seed)
    game = draw(st.sampled_from([PhantomTicTacToe(), KuhnPoker(), None])) or C.random_poker(rng)
    player = draw(st.sampled_from([MAX, MIN]))
    states, actions = C.random_game_record(rng, game, player)
    return C.BeliefCase("random game", game, player, states=states, actions=actions)


@st.composite
def deal_cases(draw):
    rng = C.stable_random("test deal", draw(st.integers(0, 10**6)))
    game = draw(st.sampled_from([KuhnPoker(), None])) or C.random_poker(rng)
    return C.random_deal_case(rng, game, name="random")


def cases(name):
    kind = KIND[name]
    if kind in ("predict", "update"):
        return belief_cases(kind)
    return track_cases() if kind == "track" else deal_cases()


@pytest.mark.parametrize("name", sorted(I.TASKS))
@settings(max_examples=40)
@given(data=st.data())
def test_a_right_function_gets_full_marks_on_any_game(name, data):
    case = data.draw(cases(name))
    assert grade_case(I.TASKS[name], students.RIGHT_IMPERFECT[name], case).problem == ""


@pytest.mark.parametrize("name, bug", sorted(students.WRONG_IMPERFECT), ids=lambda x: x)
@settings(max_examples=40)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(name, bug, data):
    task, mutant = I.TASKS[name], BY_NAME[bug]
    case = data.draw(cases(name))
    result = grade_case(task, students.WRONG_IMPERFECT[name, bug], case)
    returns = "action" if task.kind == "decision" else "value"
    assert_caught_and_named(mutant, task.kind, returns, case, result)


def test_every_bug_model_of_assignment_05_has_a_student_version():
    modelled = {bug for _, bug in students.WRONG_IMPERFECT}
    kinds = set(KIND.values())
    assert modelled == {m.name for m in MUTANTS if m.kinds & kinds}
    assert modelled == IMPERFECT_BUGS


# ---------------------------------------------------------------------------------------------------
# The bug models with no bug are gamelib.imperfect's functions
# ---------------------------------------------------------------------------------------------------

@settings(max_examples=60)
@given(belief_cases("predict"))
def test_the_bug_model_of_predict_without_bugs_is_gamelibs(case):
    assert buggy_predict(case.game, case.belief, case.action, case.player) == \
        predict(case.game, case.belief, case.action, case.player).states


@settings(max_examples=60)
@given(belief_cases("update"))
def test_the_bug_model_of_update_without_bugs_is_gamelibs(case):
    assert buggy_update(case.game, case.belief, case.observed, case.player) == \
        update(case.game, Belief(case.belief), case.observed, case.player).states


@settings(max_examples=30)
@given(track_cases())
def test_the_bug_model_of_track_without_bugs_is_gamelibs(case):
    assert buggy_track(case.game, case.player, case.states, case.actions) == \
        [b.states for b in track(case.game, case.player, case.states, case.actions)]


@settings(max_examples=60)
@given(deal_cases())
def test_the_bug_model_of_clairvoyance_without_bugs_is_gamelibs(case):
    policy = clairvoyance_policy(case.game)
    key = policy.form.infoset_of(case.state)
    averages = buggy_clairvoyance(case.game, case.deal, case.moves)
    assert averages == {a: e.mean for a, e in policy.estimates[key].items()}       # exactly, not nearly
    assert policy[key][buggy_clairvoyant_decision(case.game, case.deal, case.moves)] == 1


def test_unknown_bugs_are_refused():
    with pytest.raises(ValueError, match="unknown bugs"):
        buggy_predict(KuhnPoker(), [], "pass", MAX, bugs={"typo"})


# ---------------------------------------------------------------------------------------------------
# Public and hidden cases
# ---------------------------------------------------------------------------------------------------

def test_the_public_cases_are_the_notebooks_positions():
    predict_cases = I.TASKS["predict"].public()
    assert len(C.reference_imperfect("predict", predict_cases[0])) == 16            # notebook 06, §2
    assert len(C.reference_imperfect("predict", predict_cases[1])) == 86            # 84 + 2 states
    updated = [C.reference_imperfect("update", c) for c in I.TASKS["update"].public()]
    assert [len(b) for b in updated[:2]] == [2, 84]
    assert len(updated[3]) == 1 and next(iter(updated[3])).cards == ("Q", "K")     # the showdown lost
    tracked = [C.reference_imperfect("track", c) for c in I.TASKS["track"].public()]
    assert [len(b) for b in tracked[3]] == [1, 16, 2, 24, 72, 40]                    # X's side
    assert I.PHANTOM_GAME and PhantomTicTacToe().is_terminal(I.TASKS["track"].public()[3].states[-1])


@pytest.mark.parametrize("name", sorted(I.TASKS))
def test_hidden_cases_are_reproducible_from_their_seed(name):
    task = I.TASKS[name]
    first, again, other = task.hidden(7, 6), task.hidden(7, 6), task.hidden(8, 6)

    def key(c):
        return repr(c.game) + repr(getattr(c, "belief", "")) + repr(getattr(c, "deal", "")) + \
            repr(getattr(c, "moves", "")) + repr(getattr(c, "states", ""))
    assert [key(c) for c in first] == [key(c) for c in again]
    assert [key(c) for c in first] != [key(c) for c in other]
    assert all(c.hidden for c in first)


def test_feedback_on_hidden_cases_never_shows_a_state_or_a_deal():
    with pytest.raises(checks.GradingError) as e:
        checks.belief("predict", students.WRONG_IMPERFECT["predict", "one_opponent_move"], hidden=8, seed=3)
    message = str(e.value)
    assert "[one_opponent_move]" in message and "of 8 hidden cases" in message and "hidden case " not in message
    assert "the kit's case" in message                      # a public case of the kit's own in its place
    with pytest.raises(checks.GradingError) as e:
        checks.clairvoyance("clairvoyance_averages", students.WRONG_IMPERFECT["clairvoyance_averages", "max_values"],
                            hidden=8, seed=3)
    message = str(e.value)
    assert "[max_values]" in message and "of 8 hidden cases" in message and "hidden case " not in message


def test_public_feedback_shows_what_differs():
    with pytest.raises(checks.GradingError) as e:
        checks.belief("update", students.WRONG_IMPERFECT["update", "no_filter"])
    assert "Kuhn poker: MAX passed with the queen, MIN bets: 4 states where the reference has 2; 2 that " \
           "should not be there (KuhnState('QJ', 'pp'), KuhnState('QK', 'pp'))" in str(e.value)
    with pytest.raises(checks.GradingError) as e:
        checks.clairvoyance("clairvoyance_decision", students.WRONG_IMPERFECT["clairvoyance_decision", "last_tied"])
    assert "Kuhn poker 'K': MAX holds the king: decision 'bet', expected 'pass'" in str(e.value)


# ---------------------------------------------------------------------------------------------------
# What students hand in
# ---------------------------------------------------------------------------------------------------

def test_robustness_failures_each_fail_their_case_with_a_message():
    task = I.TASKS["predict"]
    case = task.public()[3]                                        # Kuhn poker

    def cheating(game, belief, action, player):
        return set(predict(game, belief, action, player).states)

    def mutating(game, belief, action, player):
        game.initial_state = None
        return students.predict(game, belief, action, player)

    def with_percept(game, belief, action, player):
        from gamelib.imperfect import percept
        assert percept(game, next(iter(belief)), player)
        return students.predict(game, belief, action, player)

    expect = {
        cheating: "it calls gamelib.imperfect.belief.predict, gamelib's own",
        mutating: "it changed the game it was given",
        (lambda g, b, a, p: None): "did you forget to return it?",
        (lambda g, b, a, p: "QJ"): "it should be a set of states",
        (lambda g, b, a, p: [[1]]): "not a state (unhashable",
        (lambda g, b, a, p: 1 / 0): "it raised ZeroDivisionError",
    }
    for fn, phrase in expect.items():
        assert phrase in grade_case(task, fn, case).problem
    assert grade_case(task, with_percept, case).problem == ""               # percept is handed out
    assert case.game.initial_state is not None
    deal = I.TASKS["clairvoyance_averages"].public()[0]
    for fn, phrase in {(lambda g, d, m: [0, 0]): "should return a dict",
                       (lambda g, d, m: {"pass": 0}): "the actions there are ['pass', 'bet']",
                       (lambda g, d, m: {"pass": 0, "bet": "x"}): "not a number"}.items():
        assert phrase in grade_case(I.TASKS["clairvoyance_averages"], fn, deal).problem
    assert "not one of the actions" in grade_case(I.TASKS["clairvoyance_decision"], lambda g, d, m: "fold",
                                                    deal).problem
    assert "should return a list" in grade_case(I.TASKS["track"], lambda g, p, s, a: None,
                                                  I.TASKS["track"].public()[0]).problem


def test_a_check_gives_up_after_two_time_outs_and_reports_the_rest():
    def loop(game, deal, moves):
        while True:
            pass

    with pytest.raises(checks.GradingError) as e:
        checks.clairvoyance("clairvoyance_averages", loop, time_limit=0.1)
    message = str(e.value)
    assert "no answer within 0.1 s" in message and "not run (after 2 time-outs)" in message
    with pytest.raises(checks.GradingError, match="should be a function"):
        checks.belief("track", "not a function")
    with pytest.raises(ValueError, match="grades predict, update or track"):
        checks.belief("clairvoyance_averages", students.clairvoyance_averages)


# ---------------------------------------------------------------------------------------------------
# By-hand answers
# ---------------------------------------------------------------------------------------------------

X_HISTORY = [".........", (1, 1), "....X....", (0, 0), "O...X....", (2, 2), "O...X...X"]
BOARDS = {"O...X..OX", "O...X.O.X", "O...XO..X", "O..OX...X", "O.O.X...X", "OO..X...X"}


def test_belief_states_by_hand():
    game = PhantomTicTacToe()
    checks.belief_by_hand(BOARDS, game, MAX, X_HISTORY, key=lambda s: s.squares)
    checks.belief_by_hand(24, game, MAX, X_HISTORY)
    with pytest.raises(checks.GradingError, match="1 missing; 1 that cannot be$"):        # never which ones
        checks.belief_by_hand(BOARDS - {"OO..X...X"} | {"O...X...X"}, game, MAX, X_HISTORY, key=lambda s: s.squares)
    with pytest.raises(checks.GradingError, match="you counted 6 states"):
        checks.belief_by_hand(6, game, MAX, X_HISTORY)
    with pytest.raises(checks.GradingError, match="give an answer"):
        checks.belief_by_hand(..., game, MAX, X_HISTORY)
    cards = SmallPoker("JQQK")
    checks.belief_by_hand({"JK": 1 / 3, "QK": 2 / 3}, cards, MIN, ["Kb"], key=lambda s: "".join(s.cards))
    with pytest.raises(checks.GradingError, match="probabilities are not right: 0 of 2 are.*yours are all equal, "
                                                  "but the deals are not equally likely"):
        checks.belief_by_hand({"JK": 0.5, "QK": 0.5}, cards, MIN, ["Kb"], key=lambda s: "".join(s.cards))
    with pytest.raises(checks.GradingError, match="your belief state: 1 missing$"):      # never which one
        checks.belief_by_hand({"JK": 1 / 3}, cards, MIN, ["Kb"], key=lambda s: "".join(s.cards))
    with pytest.raises(checks.GradingError, match="your belief state: 1 cannot be there$"):
        checks.belief_by_hand({"JK": 0.5, "QK": 0.5, "QQ": 0}, cards, MIN, ["Kb"], key=lambda s: "".join(s.cards))


def test_a_by_hand_set_of_every_candidate_is_told_how_many_are_wrong_never_which():
    """A board, a deal or a move is in the answer or not: naming the ones that should not be there says
    their answer, so an answer holding every candidate (every legal move, every deal) had its graded
    feedback name every wrong one, and the right set was the rest.  How many is said, never which."""
    game = PhantomTicTacToe()
    bumped = [".........", (1, 1), "....X....", (0, 0), "X...X....", (2, 1), "X...X..O."]
    every = set(game.actions(next(iter(I._after(game, MAX, bumped)))))
    with pytest.raises(checks.GradingError) as failed:
        checks.guaranteed_moves_by_hand(every, game, MAX, bumped)
    assert not any(str(a) in str(failed.value) for a in every - {(2, 0), (2, 2)}), str(failed.value)
    deals = {a + b: 1 / 12 for a in "JQK" for b in "JQK"}
    with pytest.raises(checks.GradingError) as failed:
        checks.belief_by_hand(deals, SmallPoker("JQQK"), MIN, ["Kb"], key=lambda s: "".join(s.cards))
    assert not any(d in str(failed.value) for d in deals), str(failed.value)


def test_guaranteed_and_accidental_wins_by_hand():
    game = PhantomTicTacToe()
    two = [".........", (1, 1), "....X....", (0, 0), "X...X...."]
    checks.wins_at_once_by_hand(15, game, MAX, two, (2, 2), key=lambda s: s.squares)
    with pytest.raises(checks.GradingError, match="21 is not right"):
        checks.wins_at_once_by_hand(21, game, MAX, two, (2, 2), key=lambda s: s.squares)
    bumped = two + [(2, 1), "X...X..O."]
    checks.guaranteed_moves_by_hand({(2, 0), (2, 2)}, game, MAX, bumped)
    with pytest.raises(checks.GradingError,
                       match=r"moves: 1 of yours does not win for sure \(some board.*; you left out 1 move$"):
        checks.guaranteed_moves_by_hand({(0, 2), (2, 2)}, game, MAX, bumped)
    # the notebook's example: after bumping into O on an edge, X knows the board and wins for sure
    edge = [".........", (1, 1), "....X....", (0, 1), ".O..X...."]
    from gamelib.imperfect import and_or_search
    first = and_or_search(game, I._after(game, MAX, edge)).plan.action
    assert first in {a for a in game.actions(next(iter(I._after(game, MAX, edge))))
                     if all(I._wins(game, I._after(game, MAX, edge), a, MAX).values())}


def test_clairvoyance_by_hand_and_the_clairvoyant_policy():
    kuhn = KuhnPoker()
    checks.clairvoyance_by_hand({"pass": -1, "bet": -2}, "pass", kuhn, "QJ", ["pass"])
    # exercise 05's: a jack after a pass, dealt from J, J, Q, K, K (a jack against a jack splits the pot)
    checks.clairvoyance_by_hand({"pass": -0.75, "bet": -1.5}, "pass", SmallPoker("JJQKK"), "QJ", ["pass"])
    with pytest.raises(checks.GradingError, match="0 of 2 averages are right; the average of 'pass': yours 1 .*"
                                                  "it is MAX's average, not MIN's.*the decision 'bet' is the first "
                                                  "best of your averages, which are wrong") as e:
        checks.clairvoyance_by_hand({"pass": 1, "bet": 2}, "bet", kuhn, "QJ", ["pass"])
    assert "-1" not in str(e.value).replace("−", "-") and "'pass' is" not in str(e.value)   # never the right ones
    with pytest.raises(checks.GradingError, match="the decision 'bet' is not right: .*first action with the largest "
                                                  "average of MIN's own values \\(it has the least average"):
        checks.clairvoyance_by_hand({"pass": -0.75, "bet": -1.5}, "bet", SmallPoker("JJQKK"), "QJ", ["pass"])
    table = clairvoyance_policy(kuhn).table()
    checks.clairvoyant_policy(table, 1 / 6, kuhn)
    with pytest.raises(checks.GradingError, match="its exploitability: yours 0.5 is not that of your policy") as e:
        checks.clairvoyant_policy(table, 0.5, kuhn)
    assert "0.1667" not in str(e.value) and "1/6" not in str(e.value)
    last = clairvoyance_policy(kuhn, tie="last").table()
    with pytest.raises(checks.GradingError, match="10 of 12 information sets play what averaging over clairvoyance "
                                                  "plays; at 'Kp' \\(MIN to move\\) yours plays 'bet'.*it ties "
                                                  "with the best, and of equal averages the first in the game's"):
        checks.clairvoyant_policy(last, exploitability(kuhn, last), kuhn)
    with pytest.raises(checks.GradingError, match="is not a policy"):
        checks.clairvoyant_policy(..., 0, kuhn)
    with pytest.raises(checks.GradingError, match="is not a policy for both players"):
        checks.clairvoyant_policy({"J": {"pass": 1}}, 0, kuhn)


def test_the_end_of_a_game_is_a_percept_of_its_own():
    case = I.TASKS["update"].public()[3]
    assert isinstance(case.observed, GameOver)
    assert buggy_update(case.game, case.belief, case.observed, case.player, bugs={"observation_not_percept"}) == set()


def test_sanity_checks_of_the_by_hand_answers():
    boards = {"O...X..OX", "O...X.O.X", "O...XO..X", "O..OX...X", "O.O.X...X", "OO..X...X"}
    checks.boards_sanity(boards, "O...X...X")
    checks.boards_sanity(boards - {"OO..X...X"}, "O...X...X")                       # one missing: consistent
    for bad, says in [("O...X..X.", "lacks a mark X sees"), ("O...XX..X", "X's marks that X does not have"),
                      ("O...X...XO", "not a board"), ("O.O.XO..X", "3 O's for 2 X's")]:
        with pytest.raises(checks.GradingError, match=says):
            checks.boards_sanity(boards | {bad}, "O...X...X")
    checks.deals_sanity({"JK": 1 / 3, "QK": 2 / 3}, "JQQK", "K")
    checks.deals_sanity({"JK": 0.5, "QK": 0.5}, "JQQK", "K")                        # equally likely: consistent
    with pytest.raises(checks.GradingError, match="in 'KQ' MIN does not hold K"):
        checks.deals_sanity({"JK": 0.5, "KQ": 0.5}, "JQQK", "K")
    with pytest.raises(checks.GradingError, match="add up to 0.8333, not 1"):
        checks.deals_sanity({"JK": 1 / 3, "QK": 1 / 2}, "JQQK", "K")


def test_the_sanity_check_of_a_policy_accepts_a_pure_one_for_both_players_and_nothing_else():
    kuhn = KuhnPoker()
    right = clairvoyance_policy(kuhn).table()
    checks.policy_sanity(right, kuhn)
    checks.policy_sanity(clairvoyance_policy(kuhn, tie="last").table(), kuhn)     # pure but wrong: consistent
    checks.policy_sanity({MAX: clairvoyance_policy(kuhn).restricted(MAX), MIN: right}, kuhn)  # one per seat
    for bad, says in [({**right, "J": {"pass": 0.5, "bet": 0.5}}, "at 'J' no action has probability 1"),
                      ({k: {a: 0.5 for a in d} for k, d in right.items()}, r"at '\w+' no action .* \(and at 11 more\)"),
                      ({"J": {"pass": 1}}, "5 of MAX's information sets missing"),
                      ({**right, "Zz": {"pass": 1}}, "'Zz' is not an information set"),
                      ({**right, "J": {"pass": 0.5}}, "probabilities sum to 0.5, not 1"),
                      ({**right, "J": {"fold": 1}}, r"names \['fold'\], which are not actions there"),
                      ({**right, "J": "pass"}, r"is .pass., not a mapping {action: probability}"),
                      ([1, 2], "must be a table")]:
        with pytest.raises(checks.GradingError, match="is not consistent with a policy for both players .*" + says):
            checks.policy_sanity(bad, kuhn)
