"""gamelib.grading.imperfect_diagnosis: a failed case of assignment 05 says where the answer first parts
from the reference and which rule of the textbook broke there, for bugs no model of
gamelib.grading.mutants covers, written as students write them."""
import pytest

from gamelib import CHANCE, MAX, MIN, minimax
from gamelib.grading import checks, core
from gamelib.grading import imperfect as I
from gamelib.grading.imperfect_diagnosis import diagnose
from gamelib.imperfect import percept


def _carry_to_chance(game, state, player):
    """Carried through the opponent's moves, but stopped at chance as if it were the player's turn."""
    if game.is_terminal(state) or game.to_move(state) in (player, CHANCE):
        return {state}
    out = set()
    for m in game.actions(state):
        out |= _carry_to_chance(game, game.result(state, m), player)
    return out


def _predict_stops_at_chance(game, belief, action, player):
    return {t for s in belief for t in _carry_to_chance(game, game.result(s, action), player)}


def _predict_keeps_the_belief(game, belief, action, player):
    predicted = set(belief)                            # "the belief grows": the states before the action kept
    for s in belief:
        predicted |= _carry(game, game.result(s, action), player)
    return predicted


def _carry(game, state, player):
    if game.is_terminal(state) or game.to_move(state) == player:
        return {state}
    moves = [r for r, p in game.chance_outcomes(state) if p > 0] if game.to_move(state) == CHANCE \
        else game.actions(state)
    out = set()
    for m in moves:
        out |= _carry(game, game.result(state, m), player)
    return out


def _update_with_the_opponents_percept(game, predicted, observed, player):
    other = MIN if player == MAX else MAX
    return {s for s in predicted if percept(game, s, other) == observed}


def _track_without_the_opponent(game, player, states, actions):
    """A tracker whose PREDICT is RESULT alone: the opponent's hidden moves are forgotten."""
    out, belief = [], _carry(game, game.initial_state, player)
    for i, state in enumerate(states):
        if game.is_terminal(state) or game.to_move(state) == player:
            belief = {s for s in belief if percept(game, s, player) == percept(game, state, player)}
            out.append(belief)
            if not game.is_terminal(state):
                belief = {game.result(s, actions[i]) for s in belief}
    return out


def _after(game, deal, moves):
    s = game.result(game.initial_state, deal)
    for m in moves:
        s = game.result(s, m)
    return s


def _averages_of_the_true_deal(game, deal, moves):
    """'Clairvoyance' that solves the deal it was dealt: the opponent's card seen."""
    s = _after(game, deal, moves)
    sign = 1 if game.to_move(s) == MAX else -1
    return {a: sign * minimax(game, game.result(s, a)).value for a in game.actions(s)}


def _averages_for_the_next_player(game, deal, moves):
    """Each deal valued for the player to move *after* the action (MAX's values negated at MAX's decisions)."""
    s = _after(game, deal, moves)
    player = game.to_move(s)
    seen = game.observation(s, player)
    kept = [(_after(game, d, moves), p) for d, p in game.chance_outcomes(game.initial_state)
            if game.observation(_after(game, d, moves), player) == seen]
    total = sum(p for _, p in kept)
    return {a: sum(p * -minimax(game, game.result(t, a)).value for t, p in kept) / total for a in game.actions(s)}


def _decision_of_the_true_deal(game, deal, moves):
    """The best move of the deal it was dealt, as if the opponent's card were seen."""
    values = _averages_of_the_true_deal(game, deal, moves)
    return max(values, key=values.get)


@pytest.mark.parametrize("check, name, fn, says", [
    (checks.belief, "predict", _predict_stops_at_chance,
     "yours keeps 'D', where chance is still to move, not you: PREDICT(b, a) is every RESULT(s, a)"),
    (checks.belief, "predict", _predict_keeps_the_belief, "it is a state of b itself, before your action"),
    (checks.belief, "track", _track_without_the_opponent,
     "PREDICT went wrong: yours keeps PhantomBoard('....X....', to_move=MIN"),
    (checks.clairvoyance, "clairvoyance_averages", _averages_of_the_true_deal,
     "it is the value in the true deal alone: the player cannot see the opponent's card"),
    (checks.clairvoyance, "clairvoyance_averages", _averages_for_the_next_player,
     "it is minus the average: each deal is valued for the player to move at the decision, here MAX"),
    (checks.clairvoyance, "clairvoyance_decision", _decision_of_the_true_deal,
     "the averages over clairvoyance here, MIN's own values, are 'pass' -1, 'bet' 0; averaging over clairvoyance "
     "plays the first action with the largest, 'bet'; yours is 'pass'"),
])
def test_an_unmodelled_bug_is_told_the_rule_it_breaks_where_it_first_goes_wrong(check, name, fn, says):
    task = I.TASKS[name]
    results = [core.grade_case(task, fn, case) for case in task.public()]
    assert any(r.problem for r in results) and not core.named_bugs(task, results)      # no model names it
    with pytest.raises(checks.GradingError) as e:
        check(name, fn)
    assert "    Why: " in str(e.value) and says in str(e.value)


def test_an_update_that_filters_by_the_opponents_percept_is_told_so():
    task = I.TASKS["update"]
    results = [core.grade_case(task, _update_with_the_opponents_percept, case) for case in task.public()]
    assert not core.named_bugs(task, results)
    assert diagnose(task, None, results[4], 1.0) == (                    # the tree in a fog, after a1
        "'G' should not be there: your percept of it is 'signal 0', not 'signal 1', the one received (that is what "
        "the opponent perceives there: compare the player's own percept) (UPDATE(b̂, o) keeps exactly the states s "
        "of b̂ whose PERCEPT(s) is o, the percept received)")


def test_the_first_state_where_predict_parts_and_the_path_that_puts_a_missing_one_there():
    task = I.TASKS["predict"]
    case = task.public()[4]                                                    # the tree in a fog, from A
    r = core.grade_case(task, lambda g, b, a, p: {"E", "H"}, case)             # G, after chance, left out
    assert diagnose(task, None, r, 1.0) == (
        "'G' is missing: from 'A', your 'a1', then the opponent's 'b1', then chance's 'd1' lead to it, and only "
        "there are you to move again (PREDICT(b, a) is every RESULT(s, a), s in b, carried on through every move "
        "of the opponent and every outcome of chance until you are to move again or the game is over)")
    r = core.grade_case(task, lambda g, b, a, p: {"E", "G"}, case)             # H, a game over, left out
    assert "and the game is over there: a finished game is a state of the belief too" in diagnose(task, None, r, 1.0)


def test_no_diagnosis_of_a_hidden_case_nor_of_an_answer_that_stopped():
    task = I.TASKS["predict"]
    case = task.public()[4]._replace(hidden=True)
    r = core.grade_case(task, _predict_stops_at_chance, case)
    assert r.problem and diagnose(task, None, r, 1.0) == ""
    r = core.grade_case(task, lambda g, b, a, p: 1 / 0, task.public()[4])
    assert r.student.error and diagnose(task, None, r, 1.0) == ""
