"""gamelib.grading.byhand: alpha-beta by hand, graded node by node."""
import math

import pytest

from gamelib.grading import cases as C
from gamelib.grading import checks

from ..strategies import FIG_5_2


def test_by_hand_alpha_beta():
    checks.alphabeta_by_hand(FIG_5_2, leaves=list("EFGHKLM"), pruned={"I", "J"},
                             windows={"C": ((3, math.inf), (3, 2))}, values={"C": 2}, decision="a1")
    with pytest.raises(checks.GradingError, match=r"\[α, β\] leaving C: yours \[3, ∞\]|leaving C: yours"):
        checks.alphabeta_by_hand(FIG_5_2, windows={"C": ((3, math.inf), (3, math.inf))})
    checks.alphabeta_by_hand(C.TRAP, pruned=set(), prune_on_equality=False)
    with pytest.raises(checks.GradingError, match="never visited: yours none, alpha-beta F"):
        checks.alphabeta_by_hand(C.TRAP, pruned=set())


# ---------------------------------------------------------------------------------------------------
# By hand with a cut-off, a chance node's bounds and a known opponent (exercises 03 and 04)
# ---------------------------------------------------------------------------------------------------

def test_an_evaluation_and_h_minimax_by_hand():
    from gamelib.grading.byhand import CUTOFF_TREE, cutoff_evaluation
    ev = cutoff_evaluation()
    checks.evaluation_by_hand({"D": 0.28, "E": 0.08, "G": -0.04, "H": 0.08}, ev)
    with pytest.raises(checks.GradingError, match="G: yours 0.2 is not right"):          # threats' sign lost
        checks.evaluation_by_hand({"G": 0.2}, ev)
    checks.values_by_hand({"A": 0, "B": 0, "C": -0.04}, CUTOFF_TREE, decision=True, answer_decision="a1", depth=2,
                          evaluate=ev)
    checks.values_by_hand({}, CUTOFF_TREE, decision=True, answer_decision="a2", depth=1, evaluate=ev)
    with pytest.raises(checks.GradingError, match="B: yours 0.08, H-MINIMAX at depth 2 gives 0"):
        checks.values_by_hand({"B": 0.08}, CUTOFF_TREE, depth=2, evaluate=ev)      # F's EVAL, not its utility


def test_star1_and_expectimax_by_hand():
    spec = [C.chance((0.5, 6), (0.5, 4)), C.chance((0.6, 2), (0.4, 3))]
    checks.star1_by_hand((1.2, 5.2), True, 9.5, spec, 0, 10)
    with pytest.raises(checks.GradingError, match="whether Star1 reads G: yours False"):
        checks.star1_by_hand((1.2, 5.2), False, 9.5, spec, 0, 10)
    with pytest.raises(checks.GradingError, match="C's interval after F"):
        checks.star1_by_hand((1.2, 4.0), True, 9.5, spec, 0, 10)
    checks.star1_sanity((1.2, 5.2), True, 5, 0, 10)
    checks.star1_sanity((1.2, 4.0), False, 5, 0, 10)                                  # wrong, but consistent
    checks.star1_sanity((1.2, 5.0), False, 5, 0, 10)                                  # at U = 9.5: C ties B, G skipped
    for interval, read, says in [((1.2, 5.2), False, "the top of your interval, 5.2, is above 5"),
                                 ((1.2, 4.0), True, "the top of your interval, 4, is not above 5"),
                                 ((5.2, 1.2), True, r"\(5.2, 1.2\) is not an interval"),
                                 ((1.2, 11), True, r"not an interval \(low, high\) within \[0, 10\]")]:
        with pytest.raises(checks.GradingError, match="not consistent with the bounds .*" + says):
            checks.star1_sanity(interval, read, 5, 0, 10)
    checks.expectimax_by_hand(8.75, "a3", FIG_5_2, (0.5, 0.25, 0.25))
    with pytest.raises(checks.GradingError, match="the value: yours 3 is not right; the move: yours 'a1'"):
        checks.expectimax_by_hand(3, "a1", FIG_5_2, (0.5, 0.25, 0.25))                 # minimax thinking


# ---------------------------------------------------------------------------------------------------
# Sanity checks: consistent or not, never right or wrong
# ---------------------------------------------------------------------------------------------------

def test_values_are_consistent_with_the_leaves_below_them_and_the_decision():
    checks.values_sanity({"A": 3, "B": 3, "C": 2, "D": 2}, FIG_5_2, decision="a1")
    checks.values_sanity({"A": 14, "B": 12, "C": 6, "D": 14}, FIG_5_2, decision="a3")   # max at MIN: consistent
    with pytest.raises(checks.GradingError, match="C's value 7 is not one of the values below C"):
        checks.values_sanity({"C": 7}, FIG_5_2)
    with pytest.raises(checks.GradingError, match="the decision 'a2' leads to C, worth 2 in your answer"):
        checks.values_sanity({"A": 3, "C": 2}, FIG_5_2, decision="a2")
    with pytest.raises(checks.GradingError, match="'a4' is not one of"):
        checks.values_sanity({}, FIG_5_2, decision="a4")
    checks.values_sanity({"B": 2.1, "C": 1.3}, C.FIG_5_12, chance=True)
    with pytest.raises(checks.GradingError, match="not between the least and the largest"):
        checks.values_sanity({"B": 3.5}, C.FIG_5_12, chance=True)


def test_a_traced_alpha_beta_is_consistent_with_its_order_of_search():
    checks.pruning_sanity(FIG_5_2, leaves=list("EFGHKLM"), never={"I", "J"})
    checks.pruning_sanity(FIG_5_2, leaves=list("EFGHIJKLM"), never=set())                # no pruning: consistent
    for leaves, never, says in [(list("EFHG"), set(), "left-to-right order"),
                                (list("EFGHKLM"), {"C", "I", "J"}, "first path"),
                                (list("EFGH"), {"D"}, "has no visited child"),
                                (list("EFGHKLM"), {"I"}, "J is neither visited nor never visited"),
                                (list("EFGHZ"), set(), "Z is not a leaf")]:
        with pytest.raises(checks.GradingError, match=says):
            checks.pruning_sanity(FIG_5_2, leaves=leaves, never=never)
    with pytest.raises(checks.GradingError, match="the strict rule never prunes more than AIMA's"):
        checks.pruning_sanity([[3, 5], [3, 9], [2, 7]], never={"H", "J"}, within={"J"})


def test_windows_move_only_the_nodes_own_bound():
    windows = {"B": ((-math.inf, math.inf), (-math.inf, 3)), "C": ((3, math.inf), (3, 2)), "D": ((3, math.inf), (3, 2))}
    checks.windows_sanity(windows, FIG_5_2)
    with pytest.raises(checks.GradingError, match="B is a MIN node: it keeps α"):
        checks.windows_sanity({**windows, "B": ((-math.inf, math.inf), (3, math.inf))}, FIG_5_2)
    with pytest.raises(checks.GradingError, match="each bound is −∞, \\+∞ or the value of a leaf"):
        checks.windows_sanity({"C": ((3, math.inf), (3, 2.5))}, FIG_5_2)
    with pytest.raises(checks.GradingError, match="entering, α < β"):
        checks.windows_sanity({"C": ((3, 2), (3, 2))}, FIG_5_2)


def test_ranges_options_steps_and_the_best_of_ones_own_values():
    checks.range_sanity(0.5, 0, 1, what="p")
    checks.range_sanity((0.2, 0.9), 0, 1, strict=True, what="mix")
    checks.range_sanity(7, 6, None, what="U")
    with pytest.raises(checks.GradingError, match="item 2: 1 is not strictly between 0 and 1"):
        checks.range_sanity((0.2, 1), 0, 1, strict=True, what="mix")
    with pytest.raises(checks.GradingError, match="5 is not at least 6"):
        checks.range_sanity(5, 6, None, what="U")
    checks.options_sanity({"a", "c"}, "abcde")
    checks.options_sanity((2, 0), [(2, 0), (2, 2)])                                   # one square, a tuple
    with pytest.raises(checks.GradingError, match="'g' is not among them"):
        checks.options_sanity({"a", "g"}, "abcdef")
    checks.step_sanity({"D": 0.28, "G": -0.04}, 0.04)
    with pytest.raises(checks.GradingError, match="0.3 is not a multiple of 0.04"):
        checks.step_sanity({"D": 0.3}, 0.04)
    checks.best_sanity({"pass": -1, "bet": -2}, "pass")
    with pytest.raises(checks.GradingError, match="'bet' has -2 in your values"):
        checks.best_sanity({"pass": -1, "bet": -2}, "bet")


def test_a_consistent_answer_says_so_and_never_whether_it_is_right(capsys):
    checks.values_sanity({"A": 14, "B": 12, "C": 6, "D": 14}, FIG_5_2, decision="a3", what="fig_5_2_values")
    out = capsys.readouterr().out
    assert out.startswith("✓ fig_5_2_values is consistent with the tree") and "checked when your work is graded" in out


def test_an_answer_of_the_right_form_can_be_asked_for_with_its_length():
    checks.answer_format((1, 2), what="pair", kind=tuple, length=2)
    checks.answer_format(True, what="flag", kind=bool)
    with pytest.raises(checks.GradingError, match="pair should be a tuple of 2 numbers"):
        checks.answer_format((1, 2, 3), what="pair", kind=tuple, length=2)
    with pytest.raises(checks.GradingError, match="flag should be a True or False"):
        checks.answer_format(1, what="flag", kind=bool)
