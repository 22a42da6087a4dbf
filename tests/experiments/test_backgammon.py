"""The backgammon depth study (issue 26, gamelib.experiments.backgammon): its counts are the searches'
own, the three-ply estimate is checked against a count, and the formulas of the Game Playing slides and
Zell's slides."""
import pytest

from gamelib import MAX, ArgumentError, GameError, expectiminimax
from gamelib.experiments import backgammon as study
from gamelib.games import Backgammon
from gamelib.games.backgammon import evaluation

GAME = Backgammon()
RACE = GAME.position({3: 2, 2: 2, 1: 1}, {6: 3, 5: 2, 1: 1}, MAX, (4, 2))     # few moves: all searchable


def test_the_tree_size_formula():
    assert study.tree_nodes(0, 20) == 1
    assert study.tree_nodes(1, 20) == 21
    assert study.tree_nodes(2, 20) == 1 + 20 + 21 * 20 + 21 * 20 * 20
    rows = study.chance_cost(20, 21, (1, 2, 3))
    assert [m for m, *_ in rows] == [1, 2, 3]
    assert rows[2][1] == 8000 and rows[2][2] == 21 * (1 + 420 + 420 ** 2)
    assert rows[1][3] == pytest.approx(21 * 421 / 400), "chance multiplies by about n^(m-1)"


def test_sample_positions_are_seeded_decisions():
    a = study.sample_positions(5, seed=1)
    assert a == study.sample_positions(5, seed=1) != study.sample_positions(5, seed=2)
    assert len(a) == 5 and all(GAME.to_move(s) in ("MAX", "MIN") for s in a)
    assert all(s != GAME.initial_state for s in a)


def test_the_study_counts_what_the_searches_count():
    result = study.depth_study([RACE], exact_below=float("inf"), sample=50)
    (p,) = result.positions
    ev = evaluation()
    for plies in (1, 2, 3):
        assert p.nodes[plies - 1] == expectiminimax(GAME, RACE, depth=2 * plies - 1, evaluate=ev).nodes
    assert p.star2[1] <= p.nodes[1] and p.moves == len(GAME.actions(RACE))
    # (Star2 may visit more nodes than expectiminimax: a probe that does not cut is searched again.)
    assert sum(p.layers) == p.nodes[1] and p.layers[:2] == (1, p.moves)
    assert p.estimated == pytest.approx(p.nodes[2], rel=0.25), "the estimate is close to the count"
    assert [r.plies for r in result.rows] == [1, 2, 3] and [r.depth for r in result.rows] == [1, 3, 5]
    assert result.rows[2].measured is False and result.seconds_per_node > 0
    text = study.format_depth_study(result, seconds_per_node=1e-5)
    assert "three plies searched" in text and "Star2" in text and "(estimated)" in text
    assert text == study.format_depth_study(result, seconds_per_node=1e-5)


def test_budgets():
    result = study.depth_study([RACE], star=False, exact_below=0, sample=20)
    rows = study.budget_depths(result, (1, 60, 3600), seconds_per_node=1e-5)
    assert [r.plies for r in rows] == sorted(r.plies for r in rows)
    for r in rows:
        assert study.tree_nodes(r.plies, result.branching) * 1e-5 <= r.seconds < r.next_seconds
        assert r.deterministic >= r.plies, "without dice the same time goes deeper"


def test_bad_input():
    with pytest.raises(GameError, match="at least one position"):
        study.depth_study([])
    with pytest.raises(GameError, match="dice have been rolled"):
        study.depth_study([GAME.initial_state])
    with pytest.raises(ArgumentError, match="count"):
        study.sample_positions(0)
    result = study.depth_study([RACE], star=False, exact_below=0, sample=5)
    with pytest.raises(ArgumentError, match="budget"):
        study.budget_depths(result, (-1,))
    with pytest.raises(ArgumentError, match="seconds_per_node"):
        study.budget_depths(result, seconds_per_node=0)


def test_each_table_says_where_its_counts_come_from():
    """Issue 31 (E12): the searched means, the budgets and the chance comparison are three different
    counts; the last two use the same formula at the same mean b, so they agree with each other."""
    result = study.depth_study([RACE], star=False, exact_below=0, sample=20)
    text = study.format_depth_study(result, seconds_per_node=1e-5)
    searched, budgets, formula = text.split("\n(b) ")[0], text.split("\n(b) ")[1].split("\n(c) ")[0], \
        text.split("\n(c) ")[1]
    assert searched.startswith("(a) searched: 1 position,") and "(estimated: each position's" in searched
    assert budgets.startswith(f"what a budget buys, by the formula N(m) at the mean b = {result.branching:.1f}")
    assert formula.startswith(f"the formula at the mean b = {result.branching:.1f}")
    for m, _, nodes, _ in study.chance_cost(result.branching, study.OUTCOMES):
        assert f"{nodes:,.0f}" in formula
