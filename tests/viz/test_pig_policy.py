"""gamelib.viz.pig_policy: each kind of picture draws the solution's own numbers (the lines and the map
its hold thresholds, the region its roll/hold table, cells past the target left blank), says them in its
text alternative, and refuses a kind or an opponent score it cannot draw, naming it.  A small target
(30): the pictures do not depend on it, and solving 100 costs a second."""
from __future__ import annotations

import re

import matplotlib.pyplot as plt
import numpy as np
import pytest

from gamelib import ArgumentError
from gamelib.games.pig import solve
from gamelib.viz.pig_policy import _threshold_runs, draw_policy


@pytest.fixture(scope="module")
def sol30():
    return solve(30)


def test_the_lines_are_the_hold_thresholds_one_per_opponent_score(sol30):
    h = sol30.hold_threshold()
    ax = draw_policy(sol30, opponent_scores=(0, 10, 20))
    lines = ax.get_lines()
    assert len(lines) == 4                                      # one per opponent score and "hold at 20"
    for line, j in zip(lines, (0, 10, 20)):
        assert list(line.get_ydata()) == list(h[:, j]) and line.get_label() == f"opponent has {j}"
    assert list(lines[3].get_ydata()) == [20, 20] and lines[3].get_label() == "hold at 20"
    assert "hold" in ax.get_ylabel() and "my score" in ax.get_xlabel()
    alt = ax.gamelib_alt
    assert f"opponent has 0: {int(h[0, 0])} at i = 0" in alt.alt and "hold at 20" in alt.alt
    assert alt.details[0] == f"Opponent has 0, hold threshold by my score: {_threshold_runs(h[:, 0])}."
    assert len(draw_policy(sol30, opponent_scores=(5,), hold_at=None).get_lines()) == 1


def test_the_map_is_the_threshold_table_and_the_region_the_policy_itself(sol30):
    _, (a1, a2) = plt.subplots(1, 2)
    assert draw_policy(sol30, a1, kind="map") is a1
    assert np.array_equal(a1.images[0].get_array(), sol30.hold_threshold().T)   # rows: the opponent's score
    assert draw_policy(sol30, a2, kind="region", opponent_scores=12) is a2
    region = a2.images[0].get_array()                             # rows: turn total k, columns: my score i
    k, i = np.indices((30, 30))
    assert np.array_equal(region.mask, k + i >= 30)
    assert np.array_equal(region.filled(-1), np.where(k + i >= 30, -1, sol30.rolls[:, 12, :].T))
    assert {t.get_text() for t in a2.texts} == {"ROLL", "HOLD"}
    # WCAG 1.4.11: the map's thresholds also as labelled lines, the regions' edges drawn
    assert a1.texts and all(t.get_text().isdigit() for t in a1.texts)
    edges = [c for c in a2.collections if c.get_gid() == "region edges"]
    assert len(edges) == 1 and len(edges[0].get_segments()) > 30
    exceptions = int(sum(bool(sol30.rolls[m, 12, t]) != (t < sol30.hold_threshold()[m, 12])
                         for m in range(30) for t in range(30 - m)))
    assert f"{exceptions} cells break that pattern" in a2.gamelib_alt.alt


def test_a_kind_or_an_opponent_score_it_cannot_draw_is_refused_by_name(sol30):
    with pytest.raises(ArgumentError, match="kind must be one of .*'lines'.*got '3d'"):
        draw_policy(sol30, kind="3d")
    for bad in (30, -1, 2.5, (0, 30)):
        with pytest.raises(ArgumentError, match=re.escape(f"one opponent score: an int in [0, 30), got {bad!r}")):
            draw_policy(sol30, kind="region", opponent_scores=bad)


def test_threshold_runs_run_equal_neighbours_together():
    assert _threshold_runs(np.array([21, 21, 21, 20, 19, 19])) == "i 0–2: 21, i 3: 20, i 4–5: 19"
    assert _threshold_runs(np.array([5])) == "i 0: 5"
