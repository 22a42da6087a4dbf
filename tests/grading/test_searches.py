"""gamelib.grading.searches, the search exercises: the public trees hold what their docstrings claim;
hidden cases come from their seed; an answer of the wrong form is refused saying what it should be; a
difference is described in full on a public case and never on a hidden one; an alpha-beta keeps half a
case for a right result searched for.  (A right search passing and every known bug named:
test_checks.py and test_mutants.py.)"""
from __future__ import annotations

import pytest

from gamelib import GameTree, MIN, alphabeta, minimax
from gamelib.games import TicTacToe
from gamelib.grading import cases as C
from gamelib.grading import searches as S
from gamelib.grading.core import grade_case
from gamelib.grading.mutants import Outcome, outcome_of

from . import students
from .students import SEARCHES


def test_the_public_trees_are_what_their_docstrings_say():
    root_min = minimax(GameTree.from_nested(S.MIN_ROOT, root=MIN))
    assert (root_min.value, root_min.action) == (7, "a2")
    last, first = GameTree.from_nested(S.BEST_LAST), GameTree.from_nested(S.BEST_FIRST)
    assert alphabeta(first).nodes < alphabeta(last).nodes
    four = GameTree.from_nested(S.FOUR_PLY)
    assert four.depth() == 4 and alphabeta(four).nodes < minimax(four).nodes
    for name, task in S.EXERCISES.items():
        public = task.public()
        assert len({c.name for c in public}) == len(public), name       # feedback tells them apart
        assert not any(c.hidden for c in public)
        for case in public:
            assert task.family.expected(task, case).visits, (name, case.name)


@pytest.mark.parametrize("name", SEARCHES)
def test_hidden_cases_are_reproducible_from_their_seed(name):
    ex = S.EXERCISES[name]
    first, again, other = ex.hidden(7, 5), ex.hidden(7, 5), ex.hidden(8, 5)
    assert [repr(c.game) + repr(c.state) for c in first] == [repr(c.game) + repr(c.state) for c in again]
    assert [repr(c.game) for c in first] != [repr(c.game) for c in other]
    assert all(c.hidden for c in first)


def test_tictactoe_positions_grade_like_trees():
    game, state = C.random_tictactoe(C.stable_random("t"), 5)
    case = C.Case("position", game, state)
    assert grade_case(S.EXERCISES["alphabeta_aima"], students.alphabeta_search, case).problem == ""
    assert isinstance(game, TicTacToe)
    assert outcome_of(C.reference("alphabeta", case), "pair").visits[0] == state


def test_an_answer_of_the_wrong_form_is_refused_saying_what_it_should_be():
    fig = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    root = fig.initial_state
    assert S._parse(3, "value", fig, root) == (3, None, "")
    assert S._parse((3, "a1"), "pair", fig, root) == (3, "a1", "")
    assert S._parse((3, None), "pair", fig, "E") == (3, None, "")             # a terminal root: no action
    refused = [
        (None, "value", "(did you forget to return it?); it should return a number"),
        (None, "pair", "it returned NoneType None; it should return a pair (value, action)"),
        ("3", "value", "it should return a number"),
        ("a9", "action", "which is not one of the 3 legal actions at the root"),
        ([1], "action", "which is not one of the 3 legal actions at the root"),        # unhashable: no crash
        ((3, "a1", 0), "pair", "it should return a pair (value, action)"),
        (("3", "a1"), "pair", "the value it returned is"),
        ((3, "a4"), "pair", "is not one of the 3 legal actions at the root"),
    ]
    for returned, returns, said in refused:
        value, action, problem = S._parse(returned, returns, fig, root)
        assert (value, action) == (None, None) and said in problem, (returned, problem)


def test_a_difference_is_shown_in_full_on_a_public_case_and_never_on_a_hidden_one():
    task = S.EXERCISES["alphabeta_aima"]
    want = Outcome(tuple("ABEFGCHDKLM"), 3, "a1")
    got = Outcome(tuple("ABEFGCHIJDKLM"), 2, "a2")
    public = C.Case("Fig. 5.2", None)
    assert S._difference(got, want, public, task) == (
        "value 2, expected 3; decision 'a2', expected 'a1'; nodes visited: yours A B E F G C H I J D K L M; "
        "expected A B E F G C H D K L M (your arrival 8 is I, the reference's is D)")
    hidden = S._difference(got, want, public._replace(hidden=True), task)
    assert hidden == ("the value is wrong; the decision is wrong; it arrived at 13 nodes, the reference at 11; "
                      "they part at arrival 8")
    assert S._difference(Outcome(("A", "B"), 3, "a1"), Outcome(("A", "B", "E"), 3, "a1"), public, task) == \
        "nodes visited: yours A B; expected A B E (yours stops after 2, the reference's is E)"


def test_an_alphabeta_keeps_half_a_case_for_a_right_result_it_searched_for():
    ab, mm = S.EXERCISES["alphabeta_aima"], S.EXERCISES["minimax_value"]
    want = Outcome(tuple("ABC"), 3, "a1")
    credit = S.SEARCH.credit
    assert credit(ab, Outcome(tuple("ABCD"), 3, "a1"), want) == 0.5      # no pruning: the result's half
    assert credit(ab, Outcome(tuple("ABC"), 2, "a1"), want) == 0.5       # pruned right, value wrong
    assert credit(ab, Outcome(tuple("AB"), 3, "a1"), want) == 0.0        # written in, not searched for
    assert credit(ab, Outcome((), error="timeout"), want) is None
    assert credit(mm, Outcome(tuple("ABCD"), 3), want) is None          # minimax: whole or nothing
    assert "half" in S.SEARCH.split(ab) and S.SEARCH.split(mm) == ""
