"""gamelib.experiments.pruning: the effective branching factor and the table of null-move and futility
pruning on Connect Four (the pruning itself, in gamelib.limits.search, is tested in tests/test_limits.py)."""
from __future__ import annotations

import math

import pytest

from gamelib.experiments import pruning as xp
from gamelib.games import Connect4
from gamelib.games.connect4 import center_first, evaluation, null_move
from gamelib.limits import DepthReport, iterative_deepening

GAME = Connect4()


def test_effective_branching_factor_from_iterative_deepening():
    rows = [DepthReport(d, 0, None, n, 0) for d, n in ((1, 10), (2, 30), (3, 90), (4, 270))]
    b = xp.effective_branching_factor(rows)
    assert b.per_depth == [3, 3, 3] and b.overall == pytest.approx(3)
    assert math.isnan(xp.effective_branching_factor(rows[:1]).overall)
    r = iterative_deepening(GAME, evaluate=evaluation(), max_depth=6, order=center_first, null_move=null_move)
    assert r.depth == 6 and 1 < xp.effective_branching_factor(r.per_depth).overall < 7


def test_pruning_table_rows():
    rows = xp.pruning_table(max_depth=7)
    by = {r.option: r for r in rows}
    assert list(by) == list(xp.OPTIONS)
    assert by["null move"].nodes < by["alpha-beta"].nodes and by["both"].nodes < by["alpha-beta"].nodes
    assert by["null move"].ebf < by["alpha-beta"].ebf
    assert all(r.action == 3 for r in rows)
