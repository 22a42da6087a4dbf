"""gamelib.grading.games, the graders' own small games: agent_tree's levels cycle through its agents and it
refuses chance nodes and a bad number of agents; TakeAway's moves, winner, utility and EVAL are the rules
its docstring gives, and every search of gamelib runs on it; SmallPoker deals without replacement and is
Kuhn poker with Kuhn's deck; a FoggyTree shows each player only a signal drawn from its seed."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import MAX, MIN, TreeSpecError, chance, minimax
from gamelib.games import KuhnPoker
from gamelib.grading.games import FoggyTree, SmallPoker, TakeAway, TakeAwayState, agent_tree
from gamelib.imperfect import clairvoyance_policy, exploitability

from ..strategies import nested_specs


# --- agent_tree -------------------------------------------------------------------------------------------
@given(nested_specs(), st.integers(1, 4))
def test_an_agent_trees_levels_cycle_max_then_its_min_agents(spec, agents):
    tree = agent_tree(spec, agents=agents, estimates={"A": 1})
    depth = {tree.initial_state: 0}
    for s in tree.states:                                      # breadth first: parents before children
        for a in tree.actions(s):
            depth[tree.result(s, a)] = depth[s] + 1
    assert all(tree.to_move(s) == (MAX if depth[s] % agents == 0 else MIN)
               for s in tree.states if not tree.is_terminal(s))
    assert tree.agents == agents and tree.estimates == {"A": 1}
    if isinstance(spec, list):
        assert sorted(tree.leaf_values.values()) == sorted(_leaves(spec))


def _leaves(spec) -> list:
    return [v for s in spec for v in _leaves(s)] if isinstance(spec, list) else [spec]


def test_an_agent_tree_refuses_chance_nodes_and_a_bad_number_of_agents():
    for bad in (0, -1, 2.0, "3", 1.5):
        with pytest.raises(TreeSpecError, match="agents must be a whole number >= 1"):
            agent_tree([[1, 2], [3]], agents=bad)
    with pytest.raises(TreeSpecError, match="no chance nodes"):
        agent_tree([chance((0.5, 1), (0.5, 2)), 3])
    with pytest.raises(TreeSpecError):
        agent_tree([[1, "x"], [3]])                             # from_nested's own check names the place


# --- TakeAway ---------------------------------------------------------------------------------------------
def test_takeaway_takes_one_or_two_and_whoever_takes_the_last_wins():
    game = TakeAway(4, agents=3)
    s = game.initial_state
    assert s == TakeAwayState(4) and game.actions(s) == (1, 2) and game.to_move(s) == MAX
    s = game.result(game.result(s, 2), 1)                      # MAX took 2, agent 1 took 1: agent 2 to move
    assert s == TakeAwayState(1, 2) and game.to_move(s) == MIN and game.actions(s) == (1,)
    end = game.result(s, 1)
    assert end == TakeAwayState(0, 0, winner=2) and game.is_terminal(end) and game.actions(end) == ()
    assert game.utility(end, MAX) == -10 and game.utility(end, MIN) == 10
    assert game.evaluate(end) == -5                            # a terminal's utility, halved
    assert game.evaluate(TakeAwayState(3, 0)) == -3 and game.evaluate(TakeAwayState(3, 1)) == 3
    assert game.evaluate(TakeAwayState(4, 0)) == 0
    assert repr(game) == "TakeAway(4, agents=3)"
    with pytest.raises(ValueError):
        game.result(TakeAwayState(1, 0), 2)                     # more counters than are left


def test_takeaway_against_one_opponent_is_lost_by_the_player_facing_a_multiple_of_three():
    for counters in range(1, 10):
        assert minimax(TakeAway(counters, agents=2)).value == (-10 if counters % 3 == 0 else 10)


def test_takeaway_refuses_a_bad_table():
    for counters in (0, -2, 2.5, "7"):
        with pytest.raises(ValueError, match="whole number of counters >= 1"):
            TakeAway(counters)
    for agents in (1, 0, 2.0):
        with pytest.raises(ValueError, match="at least 2 agents"):
            TakeAway(5, agents)


# --- SmallPoker and FoggyTree (moved from test_imperfect.py) ----------------------------------------------

def test_small_poker_with_kuhns_deck_is_kuhn_poker():
    kuhn, small = KuhnPoker(), SmallPoker()
    assert small.chance_outcomes(small.initial_state) == kuhn.chance_outcomes(kuhn.initial_state)
    ck, cs = clairvoyance_policy(kuhn), clairvoyance_policy(small)
    assert ck.table() == cs.table()
    assert math.isclose(exploitability(kuhn, ck), exploitability(small, cs))
    for deal, _ in kuhn.chance_outcomes(kuhn.initial_state):
        for history in ("pp", "bp", "bb", "pbp", "pbb"):
            s = kuhn.result(kuhn.initial_state, deal)
            for letter in history:
                s = kuhn.result(s, {"p": "pass", "b": "bet"}[letter])
            assert small.utility(s, MAX) == kuhn.utility(s, MAX)


@given(st.text("JQKA", min_size=2, max_size=6), st.integers(1, 3), st.integers(1, 3))
def test_small_poker_deals_are_drawn_without_replacement(deck, ante, bet):
    if len(set(deck)) < 2:
        with pytest.raises(ValueError, match="at least two ranks"):
            SmallPoker(deck)
        return
    game = SmallPoker(deck, ante=ante, bet=bet)
    deals = dict(game.chance_outcomes(game.initial_state))
    assert math.isclose(sum(deals.values()), 1)
    n = len(deck)
    for d, p in deals.items():
        assert math.isclose(p, deck.count(d[0]) / n * (deck.count(d[1]) - (d[0] == d[1])) / (n - 1))
    s = game.result(game.result(game.result(game.initial_state, max(deals, key=deals.get)), "bet"), "bet")
    assert abs(game.utility(s, MAX)) in (0, ante + bet)


def test_small_poker_refuses_bad_stakes_and_decks():
    for bad in ("J", "JX", "", 7):
        with pytest.raises(ValueError, match="deck"):
            SmallPoker(bad)
    with pytest.raises(ValueError, match="bet must be a positive number"):
        SmallPoker(bet=0)


def test_a_foggy_tree_shows_each_player_only_a_signal_drawn_from_its_seed():
    spec = [[1, [2, 3]], [4, 5], [6]]
    a, b, c = FoggyTree(spec, seed=1), FoggyTree(spec, seed=1), FoggyTree(spec, seed=2, signals=3)
    states = a.tree.states
    assert [a.observation(s, p) for s in states for p in (MAX, MIN)] == \
        [b.observation(s, p) for s in states for p in (MAX, MIN)]
    assert {a.observation(s, p) for s in states for p in (MAX, MIN)} <= {"signal 0", "signal 1"}
    assert [a.observation(s, MAX) for s in states] != [c.observation(s, MAX) for s in states]
    assert a.actions("A") == a.tree.actions("A") and a.utility("E", MIN) == -1


