"""gamelib.grading.byhand: alpha-beta by hand, graded node by node."""
import math
import re

import pytest

from gamelib.grading import cases as C
from gamelib.grading import checks

from ..strategies import FIG_5_2


def test_by_hand_alpha_beta():
    checks.alphabeta_by_hand(FIG_5_2, leaves=list("EFGHKLM"), pruned={"I", "J"},
                             windows={"C": ((3, math.inf), (3, 2))}, values={"C": 2}, decision="a1")
    with pytest.raises(checks.GradingError, match=r"0 of 1 windows are right; C leaves with its β lowered to the "
                                                  r"least of its entering β and the leaves it reads"):
        checks.alphabeta_by_hand(FIG_5_2, windows={"C": ((3, math.inf), (3, math.inf))})
    checks.alphabeta_by_hand(C.TRAP, pruned=set(), prune_on_equality=False)
    with pytest.raises(checks.GradingError, match="the nodes never visited: .*at C your search goes on after E, but "
                                                  "by then C's value has reached α") as e:
        checks.alphabeta_by_hand(C.TRAP, pruned=set())
    assert " F" not in str(e.value)                                     # the node alpha-beta prunes is not said


def test_graded_alpha_beta_by_hand_names_the_first_node_where_the_rule_breaks_never_the_answer():
    for answer, says in [
            (dict(leaves=list("EFGHIJKLM")), "the leaves visited: 3 of 4 nodes searched are right; at C your search "
                                             "goes on after H"),
            (dict(pruned={"I"}), "at C your search skips a child and then reads a later one"),
            (dict(pruned={"K", "L", "M"}), "at C your search goes on after H"),
            (dict(values={"B": 3, "C": 3, "D": 2}), "2 of 3 values are right; C's value 3 is not what alpha-beta "
                                                    "returns there: a MIN node returns the least of the children it "
                                                    "reads, and stops once it is at most α"),
            (dict(decision="a2"), "the decision 'a2' is not right: Fig. 5.7 keeps the first move")]:
        with pytest.raises(checks.GradingError, match=re.escape(says)) as e:
            checks.alphabeta_by_hand(FIG_5_2, **answer)
        assert not re.search(r"\b(?:I J|I, J|J, I|D K L M|E F G H K L M)\b|'a1'", str(e.value))


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
    with pytest.raises(checks.GradingError, match="B's value 0.08 is not the least of its children's values "
                                                  r"\(it counts a finished game at the cut-off by its EVAL"):
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
    with pytest.raises(checks.GradingError,
                       match="the value: yours 3 is not right .*; the move: yours 'a1' is not right"):
        checks.expectimax_by_hand(3, "a1", FIG_5_2, (0.5, 0.25, 0.25))                 # minimax thinking


# ---------------------------------------------------------------------------------------------------
# Sanity checks: consistent or not, never right or wrong
# ---------------------------------------------------------------------------------------------------

def test_each_value_is_judged_by_its_rule_with_the_answers_own_values_for_its_children():
    checks.values_sanity({"A": 3, "B": 3, "C": 2, "D": 2}, FIG_5_2, decision="a1")
    checks.values_sanity({"C": 2}, FIG_5_2)                                # a part alone, against the leaves
    # max at MIN: the old check (one of the leaves below) let this through
    with pytest.raises(checks.GradingError, match="1 of 4 values is consistent; B's value 12 is not the least of its "
                                                  "children's values; C's value 6 .*; D's value 14") as e:
        checks.values_sanity({"A": 14, "B": 12, "C": 6, "D": 14}, FIG_5_2, decision="a3")
    assert "A's value" not in str(e.value)                               # A follows from the answer's own B, C, D
    with pytest.raises(checks.GradingError, match="3 of 4 values are consistent; C's value 4 is not the least"):
        checks.values_sanity({"A": 4, "B": 3, "C": 4, "D": 2}, FIG_5_2)     # A = max(3, 4, 2) by the answer's own C
    with pytest.raises(checks.GradingError, match="the decision 'a2' leads to C, which is not worth A's value"):
        checks.values_sanity({"A": 3, "C": 2}, FIG_5_2, decision="a2")
    with pytest.raises(checks.GradingError, match="'a3' is not the first move to a child worth A's value"):
        checks.values_sanity({"A": 5}, [[5, 6], [1, 9], [5, 7]], decision="a3")
    with pytest.raises(checks.GradingError, match="'a4' is not one of"):
        checks.values_sanity({}, FIG_5_2, decision="a4")
    checks.values_sanity({"B": 2.1, "C": 1.3}, C.FIG_5_12, chance=True)
    with pytest.raises(checks.GradingError, match="B's value 2.5 is not the average of its children's values weighted"):
        checks.values_sanity({"B": 2.5}, C.FIG_5_12, chance=True)


def test_values_cut_off_at_a_depth_are_judged_with_the_answers_own_scores():
    from gamelib.grading.byhand import CUTOFF_TREE
    scores = {"D": 0.28, "E": 0.08, "F": 0, "G": -0.04, "H": 0.08}
    checks.values_sanity({"A": 0, "B": 0, "C": -0.04}, CUTOFF_TREE, decision="a1", depth=2, frontier=scores)
    checks.values_sanity({"C": 0.08}, CUTOFF_TREE, depth=2, frontier={**scores, "G": 0.12})     # its own G
    with pytest.raises(checks.GradingError, match="cut off at depth 2: .*2 of 3 values are consistent; B's value 0.08"):
        checks.values_sanity({"A": 0.08, "B": 0.08, "C": -0.04}, CUTOFF_TREE, depth=2, frontier=scores)


def test_a_traced_alpha_beta_is_judged_node_by_node_by_its_own_windows():
    checks.pruning_sanity(FIG_5_2, leaves=list("EFGHKLM"), never={"I", "J"})
    for leaves, never, says in [(list("EFHG"), set(), "left-to-right order"),
                                (list("EFGHKLM"), {"C", "I", "J"}, "first path"),
                                (list("EFGH"), {"D"}, "has no visited child"),
                                (list("EFGHKLM"), {"I"}, "J is neither visited nor never visited"),
                                (list("EFGHZ"), set(), "Z is not a leaf")]:
        with pytest.raises(checks.GradingError, match=says):
            checks.pruning_sanity(FIG_5_2, leaves=leaves, never=never)
    # no pruning, consistent with the order of search (the old check's last word), breaks the rule at C
    with pytest.raises(checks.GradingError, match="3 of 4 nodes searched are consistent; at C your search goes on "
                                                  "after H, but by then C's value has reached α"):
        checks.pruning_sanity(FIG_5_2, leaves=list("EFGHIJKLM"), never=set())
    with pytest.raises(checks.GradingError, match="at D your search stops after K, but by then D's value has not "
                                                  "reached α: a MIN node stops only once its value is at most α"):
        checks.pruning_sanity(FIG_5_2, leaves=list("EFGHK"), never={"I", "J", "L", "M"})
    with pytest.raises(checks.GradingError, match="at C your search skips a child and then reads a later one"):
        checks.pruning_sanity(FIG_5_2, never={"I"})
    ties = [[3, 5], [3, 9], [2, 7]]
    checks.pruning_sanity(ties, never={"H", "J"})
    checks.pruning_sanity(ties, never={"J"}, within={"H", "J"}, prune_on_equality=False)
    with pytest.raises(checks.GradingError, match=r"at C your search stops after G, .* at most α \(strictly, under "
                                                  r"the strict rule\)"):
        checks.pruning_sanity(ties, never={"H", "J"}, within={"H", "J"}, prune_on_equality=False)
    with pytest.raises(checks.GradingError, match="the strict rule never prunes more than AIMA's"):
        checks.pruning_sanity(ties, never={"H", "J"}, within={"J"})
    checks.pruning_sanity([[[2, 5], [1, 6]], [[7, 3], [9, 8]]], never={"O"})
    checks.pruning_sanity([[[8, 9], [3, 7]], [[6, 1], [5, 2]]], never={"G", "N", "O"})
    with pytest.raises(checks.GradingError, match="at E your search goes on after J, but by then E's value has "
                                                  "reached β: .* at least β"):
        checks.pruning_sanity([[[8, 9], [10, 7]], [[6, 1], [5, 2]]], never={"G", "N", "O"})


def test_windows_are_judged_by_the_rules_that_move_them():
    inf = math.inf
    windows = {"B": ((-inf, inf), (-inf, 3)), "C": ((3, inf), (3, 2)), "D": ((3, inf), (3, 2))}
    checks.windows_sanity(windows, FIG_5_2)
    for change, says in [({"B": ((-inf, inf), (3, inf))}, "B is a MIN node: it keeps α"),
                         ({"C": ((3, inf), (3, 2.5))}, r"each bound is −∞, \+∞ or the value of a leaf"),
                         ({"C": ((3, 2), (3, 2))}, "entering, α < β"),
                         ({"B": ((3, inf), (3, 3))}, "B is the root's first child: it enters with the root's window"),
                         ({"D": ((2, inf), (2, 2))}, "2 of 3 windows are consistent; D enters with the window A has "
                                                     "after C: the same β, and α the larger"),
                         ({"C": ((3, inf), (3, 4))}, "C leaves with its β lowered to the least of its entering β and "
                                                     r"the leaves it reads \(in order, until one is at most α\)")]:
        with pytest.raises(checks.GradingError, match=says) as e:
            checks.windows_sanity({**windows, **change}, FIG_5_2)
        assert "(3, 2)" not in str(e.value) and "[3, 2]" not in str(e.value)        # never the window it should be


def test_the_values_alpha_beta_returns_are_judged_by_fig_5_7():
    trap = [[3], [3, 1]]
    checks.alphabeta_values_sanity({"B": 3, "C": 3}, trap, decision="a1")
    with pytest.raises(checks.GradingError, match="1 of 2 values is consistent; C's value 1 is not what alpha-beta "
                                                  "returns there: a MIN node returns the least of the children it "
                                                  "reads, and stops once it is at most α"):
        checks.alphabeta_values_sanity({"B": 3, "C": 1}, trap, decision="a1")       # the true value, not the bound
    with pytest.raises(checks.GradingError, match="'a2' is not the first move whose child returns the largest value"):
        checks.alphabeta_values_sanity({"B": 3, "C": 3}, trap, decision="a2")
    checks.alphabeta_values_sanity({"B": 3, "C": 1}, trap, decision="a1", prune_on_equality=False)
    checks.alphabeta_values_sanity({"C": 2}, FIG_5_2)


def test_no_sanity_message_gives_a_value_the_answer_does_not_hold():
    """Wrong answers to each check: every number in the message is one of the answer's own, the tree's
    leaves or a count of parts, never what a part should be."""
    import re
    cases = [(checks.values_sanity, ({"A": 9, "B": 8, "C": 7, "D": 13}, FIG_5_2), {"decision": "a2"}),
             (checks.alphabeta_values_sanity, ({"B": 12, "C": 6}, FIG_5_2), {"decision": "a3"}),
             (checks.windows_sanity, ({"B": ((-math.inf, math.inf), (-math.inf, 8)), "C": ((8, math.inf), (8, 4))},
                                      FIG_5_2), {})]
    for check, args, kw in cases:
        with pytest.raises(checks.GradingError) as e:
            check(*args, **kw)
        said = {float(x) for x in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?", str(e.value).replace("Fig. 5.7", ""))}
        own = {float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", repr(args[0]))} | {3.0, 12.0, 8.0, 2.0, 4.0, 6.0,
                                                                                     14.0, 5.0}
        counts = {float(n) for n in range(10)}
        assert said <= own | counts, (check.__name__, said - own - counts)


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
    checks.values_sanity({"A": 3}, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], what="two_ply_values")
    out = capsys.readouterr().out
    assert out.startswith("✓ two_ply_values is consistent with the tree") and "checked when your work is graded" in out


def test_an_answer_of_the_right_form_can_be_asked_for_with_its_length():
    checks.answer_format((1, 2), what="pair", kind=tuple, length=2)
    checks.answer_format(True, what="flag", kind=bool)
    with pytest.raises(checks.GradingError, match="pair should be a tuple of 2 numbers"):
        checks.answer_format((1, 2, 3), what="pair", kind=tuple, length=2)
    with pytest.raises(checks.GradingError, match="flag should be a True or False"):
        checks.answer_format(1, what="flag", kind=bool)
