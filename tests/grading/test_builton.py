"""gamelib.grading.builton: a question built on another of the student's functions is graded with that
function's own answers in the reference's place, so one mistake is charged once (exercise 01's
minimax_decision on minimax_value, exercise 05's clairvoyance_decision on clairvoyance_averages and its
policy table on clairvoyance_decision)."""
import pytest

from gamelib import MAX, minimax
from gamelib.games import KuhnPoker
from gamelib.grading import checks, core, searches
from gamelib.grading import imperfect as I
from gamelib.grading.builton import BuiltOn, built_on
from gamelib.imperfect import exploitability


# ---------------------------------------------------------------------------------------------------
# Exercise 01: minimax_decision on minimax_value
# ---------------------------------------------------------------------------------------------------

def sign_slip(game, state):
    """A minimax_value that takes the least at MAX and the largest at MIN."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [sign_slip(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == MAX else max(values)


def decision_on(value):
    def minimax_decision(game, state):
        maximize = game.to_move(state) == MAX
        best, best_value = None, None
        for a in game.actions(state):
            v = value(game, game.result(state, a))
            if best is None or (v > best_value if maximize else v < best_value):
                best, best_value = a, v
        return best
    return minimax_decision


def argmax_decision_on(value):
    """A decision bug of its own: the largest value whoever is to move."""
    def minimax_decision(game, state):
        values = {a: value(game, game.result(state, a)) for a in game.actions(state)}
        return max(values, key=values.get)
    return minimax_decision


def test_a_decision_that_follows_a_wrong_minimax_value_is_charged_nothing_more():
    wrong = decision_on(sign_slip)
    with pytest.raises(checks.GradingError, match="minimax_decision disagrees"):
        checks.search("minimax_decision", wrong)                                # the reference alone
    checks.search("minimax_decision", wrong, uses=sign_slip)                    # charged to minimax_value alone
    with pytest.raises(checks.GradingError, match="minimax_value disagrees"):
        checks.search("minimax_value", sign_slip)


def test_a_decision_of_its_own_mistake_still_fails_on_its_own_values_and_the_reference():
    with pytest.raises(checks.GradingError, match="a tree with MIN to move at the root"):
        checks.search("minimax_decision", argmax_decision_on(minimax_value_right), uses=minimax_value_right)
    with pytest.raises(checks.GradingError, match="a tree with MIN to move at the root"):
        checks.search("minimax_decision", argmax_decision_on(sign_slip), uses=sign_slip)


def minimax_value_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def test_the_decision_must_also_visit_what_its_own_value_function_visits():
    """A decision that follows its values but looks at one more node than they do is not accepted: the
    nodes it visits are its own question's."""
    task = built_on(searches.EXERCISES["minimax_decision"], sign_slip)
    decide = decision_on(sign_slip)

    def peeks_first(game, state):
        for a in game.actions(state):
            child = game.result(state, a)
            if not game.is_terminal(child):
                game.actions(game.result(child, game.actions(child)[-1]))      # a look ahead, out of order
        return decide(game, state)
    case = task.public()[0]
    assert core.grade_case(searches.EXERCISES["minimax_decision"], decide, case).problem    # wrong, by the reference
    assert not core.grade_case(task, decide, case).problem
    assert core.grade_case(task, peeks_first, case).problem


def test_a_constant_value_function_does_not_carry_a_decision_that_takes_the_first_move():
    """Values all alike show nothing of the decision's rule: with a minimax_value that returns 0, a
    minimax_decision that always takes the first move (and visits what the constant visits, the root
    alone) "followed" its values on every case.  Now the reference alone decides there."""
    def zero(game, state):
        return 0

    def first_move(game, state):
        return game.actions(state)[0]
    with pytest.raises(checks.GradingError, match="minimax_decision disagrees"):
        checks.search("minimax_decision", first_move, uses=zero)
    checks.search("minimax_decision", decision_on(minimax_value_right), uses=zero)   # right by the reference


# ---------------------------------------------------------------------------------------------------
# Exercise 05: clairvoyance_decision on clairvoyance_averages, and the policy on clairvoyance_decision
# ---------------------------------------------------------------------------------------------------

def _after(game, deal, moves):
    s = game.result(game.initial_state, deal)
    for m in moves:
        s = game.result(s, m)
    return s


def averages_of_the_true_deal(game, deal, moves):
    s = _after(game, deal, moves)
    sign = 1 if game.to_move(s) == MAX else -1
    return {a: sign * minimax(game, game.result(s, a)).value for a in game.actions(s)}


def first_best_of(averages):
    def clairvoyance_decision(game, deal, moves):
        values = averages(game, deal, moves)
        best = None
        for a, v in values.items():
            if best is None or v > values[best] + 1e-9:
                best = a
        return best
    return clairvoyance_decision


def test_a_clairvoyant_decision_on_wrong_averages_is_charged_nothing_more():
    decide = first_best_of(averages_of_the_true_deal)
    with pytest.raises(checks.GradingError, match="clairvoyance_decision disagrees"):
        checks.clairvoyance("clairvoyance_decision", decide)
    checks.clairvoyance("clairvoyance_decision", decide, uses=averages_of_the_true_deal)
    checks.clairvoyance("clairvoyance_decision", decide, uses=averages_of_the_true_deal, hidden=6)

    def last_of(game, deal, moves):                                   # a tie rule of its own: still charged
        values = averages_of_the_true_deal(game, deal, moves)
        return [a for a, v in values.items() if v >= max(values.values()) - 1e-9][-1]
    with pytest.raises(checks.GradingError, match="of equal averages the first in the game's order is played"):
        checks.clairvoyance("clairvoyance_decision", last_of, uses=averages_of_the_true_deal)


def test_constant_averages_do_not_carry_a_decision_that_takes_the_first_action():
    """The same for clairvoyance: averages of 0 for every action, whatever the deal, show nothing of the
    decision's rule; averages that tie on one deal but not under others (the student's function tells
    deals apart) still stand in there."""
    def zeros(game, deal, moves):
        return {a: 0.0 for a in game.actions(_after(game, deal, moves))}

    def first_action(game, deal, moves):
        return game.actions(_after(game, deal, moves))[0]
    with pytest.raises(checks.GradingError, match="clairvoyance_decision disagrees"):
        checks.clairvoyance("clairvoyance_decision", first_action, uses=zeros)

    def zeros_for_the_jack_only(game, deal, moves):                  # alike on some deals, not on others
        averages = averages_of_the_true_deal(game, deal, moves)
        return {a: 0.0 for a in averages} if "J" in deal else averages
    decide = first_best_of(zeros_for_the_jack_only)
    with pytest.raises(checks.GradingError, match="clairvoyance_decision disagrees"):
        checks.clairvoyance("clairvoyance_decision", decide)                  # wrong, by the reference
    checks.clairvoyance("clairvoyance_decision", decide, uses=zeros_for_the_jack_only)


def _table(game, decide):
    out = {}
    for deal, _ in game.chance_outcomes(game.initial_state):
        for moves in ([], ["pass"], ["bet"], ["pass", "bet"]):
            s = _after(game, deal, moves)
            choice = decide(game, deal, moves)
            out[game.information_set(s, game.to_move(s))] = {a: float(a == choice) for a in game.actions(s)}
    return out


def test_a_policy_built_on_a_wrong_decision_is_charged_nothing_more():
    kuhn = KuhnPoker()
    decide = first_best_of(averages_of_the_true_deal)
    table = _table(kuhn, decide)
    with pytest.raises(checks.GradingError, match="information sets play what averaging over clairvoyance plays"):
        checks.clairvoyant_policy(table, exploitability(kuhn, table), kuhn)
    checks.clairvoyant_policy(table, exploitability(kuhn, table), kuhn, uses=decide)
    with pytest.raises(checks.GradingError, match="its exploitability"):                  # still its own number
        checks.clairvoyant_policy(table, 0.0, kuhn, uses=decide)


def test_what_a_task_may_be_built_on():
    task = I.TASKS["clairvoyance_decision"]
    assert isinstance(built_on(task, averages_of_the_true_deal).family, BuiltOn)
    assert built_on(task, None) is task and built_on(task, ...) is task            # no function: the reference alone
    with pytest.raises(ValueError, match="predict is built on none of the student's functions"):
        built_on(I.TASKS["predict"], averages_of_the_true_deal)
