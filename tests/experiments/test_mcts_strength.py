"""The MCTS matches of gamelib.experiments.mcts_strength (issue 14): small, seeded, reproducible."""
from __future__ import annotations

import pytest

from gamelib import ArgumentError
from gamelib.experiments import mcts_strength as xm
from gamelib.games import TicTacToe


def test_mcts_beats_random_play_and_more_simulations_do_not_hurt():
    records = xm.against_random(TicTacToe(), (10, 300), games=10, seed=0)
    assert all(r.losses == 0 and r.games == 10 for r in records.values())
    assert records[300].wins >= records[10].wins >= 5


def test_against_perfect_play_mcts_never_wins_and_draws_more_with_more_simulations():
    records = xm.against_perfect((10, 1000), games=10, seed=0)
    assert all(r.wins == 0 for r in records.values())
    assert records[1000].draws == 10 > records[10].draws


def test_matches_are_reproducible():
    a = xm.against_random(TicTacToe(), (30,), games=6, seed=4)[30]
    b = xm.against_random(TicTacToe(), (30,), games=6, seed=4)[30]
    assert a[:3] == b[:3]


def test_against_iterative_deepening_runs_and_records_times():
    r = xm.against_iterative_deepening(iterations=50, max_depth=1, games=2, seed=0)
    assert r.games == 2 and r.seconds_per_move > 0 and r.opponent_seconds_per_move > 0
    with pytest.raises(ArgumentError, match="time_limit"):
        xm.against_iterative_deepening(iterations=50)
    with pytest.raises(ArgumentError, match="time_limit"):
        xm.against_iterative_deepening(time_limit=-1)


def test_bad_agent_arguments():
    with pytest.raises(ArgumentError, match="iterations= or time_limit="):
        xm.mcts_agent(TicTacToe())


def test_records_are_what_they_were_before_the_matches_moved():
    """Pinned before versus, the agents and Record moved to gamelib.experiments.matches (issue 24)."""
    from gamelib.experiments import td_strength as xt
    from gamelib.games import connect4 as c4
    assert {n: r[:3] for n, r in xm.against_random(TicTacToe(), (10, 30), games=4, seed=3).items()} == \
        {10: (3, 0, 1), 30: (4, 0, 0)}
    assert xm.against_perfect((10,), games=4, seed=1)[10][:3] == (0, 0, 4)
    assert xt.connect4_match(c4.evaluation({"centre": 0}), depth=1, games=2, seed=1)[:3] == (1, 0, 1)


def test_agents_and_matches_check_their_arguments_when_they_are_made():
    from gamelib.games import Raid
    with pytest.raises(ArgumentError, match="iterations must be a whole number of playouts >= 1, got 0"):
        xm.mcts_agent(TicTacToe(), iterations=0)                 # used to fail only at the first move
    with pytest.raises(ArgumentError, match="two-player zero-sum games"):
        xm.mcts_agent(Raid(), iterations=5)
    with pytest.raises(ArgumentError, match="iterations must be a list of budgets .* got 5"):
        xm.against_random(TicTacToe(), iterations=5, games=2)
