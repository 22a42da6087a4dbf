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
